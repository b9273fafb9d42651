"""Trémaux's method: mark every passage you walk; never walk one a third time.

The rules (C. P. Trémaux, 19th century, as told by É. Lucas, *Récréations
mathématiques*, 1882): walk, marking each passage each time you go along it.
Arriving at a position you have seen before through a passage you had not
walked before, turn round and go back. Otherwise leave by a passage with no
marks if there is one, else by the one with a single mark (the way you
first came). A passage walked twice is closed for good. This finds the goal
in *any* maze — loops included — or proves it unreachable after walking every
passage at most twice; it never needs to see the whole maze, only the marks
where it stands, which is why it is the method for a person inside a maze.

The path returned follows, from the goal back, the passage through which each
position was first entered — the passages marked once. On a perfect maze it
is the only path; with loops it need not be the shortest.

On the other grid kinds (:mod:`meiro.kinds`) the marks are one byte per
neighbouring pair of the geometry, and a fresh passage is drawn at random
among a cell's unmarked ones, as on the square grid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.graph import (CODE_MASK, NTH_WAY, SOURCE, WAY_COUNT, _node_offsets, _open_ways,
                             _set_code)
from ..kernels.index import Int, U
from ..kernels.rng import _below, mix_seed
from .cell_forms import Form, _degree, _near, _slot_near
from .graph_search import GraphSearch, run_graph
from .result import SearchGraph, SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


@njit(inline="always")
def _passage(p: Int, q: Int, d: Int) -> tuple[Int, int]:
    """Where the marks of the passage from node ``p`` to ``q`` (direction ``d``) live.

    Returns ``(node, shift)``: a passage belongs to its west or north end, and
    a node's byte of ``marks`` counts its east passage in bits 0-1 and its
    south passage in bits 2-3.
    """
    return min(p, q), 0 if d & 1 else 2


@njit(cache=True)
def _tremaux_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int, rng: np.uint64,
                    order: NDArray[np.int64]) -> tuple[Int, int, int]:
    """Trémaux's walk on the search graph; arguments as for :func:`meiro.solvers.dfs._dfs_kernel`.

    Returns ``found, expanded, max_frontier``, where the frontier is the
    number of passages marked once (the walker's thread back).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)
    >>> r = SearchGraph(m.grid, 2).run(_tremaux_kernel, 1 * 9 + 1, 7 * 9 + 7, False, mix_seed(0, 4))
    >>> r.found, r.expanded, len(r.path)
    (70, 16, 21)
    """
    record = order.size > 0
    off = _node_offsets(width)
    marks = np.zeros(graph.size, np.uint8)
    way_count = WAY_COUNT
    nth_way = NTH_WAY
    _set_code(graph, source, SOURCE)
    if record:
        order[0] = source
    expanded = 1
    p = source
    came = -1  # direction of the last move
    turn_back = False
    thread = 0
    max_thread = 0
    found = source if source == target else -1
    # every index below is >= 0 (nodes inside the padded graph): U() lets numba
    # skip its negative-index check
    while found < 0:
        if turn_back:
            d = (came + 2) & 3
        else:
            ways = _open_ways(graph, p, width)
            # the marks of the four passages, two bits each (north, east, south, west)
            counts = (((marks[U(p - width)] >> 2) & 3) | ((marks[U(p)] & 15) << 2)
                      | ((marks[U(p - 1)] & 3) << 6))
            fresh = 0
            back = -1
            for k in range(4):
                c = (counts >> (2 * k)) & 3
                usable = (ways >> k) & 1
                fresh |= (usable & (c == 0)) << k
                if usable and c == 1:
                    back = k
            if fresh:
                j, rng = _below(rng, way_count[U(fresh)])
                d = nth_way[U(4 * fresh + j)]
            elif back >= 0:
                d = back
            else:
                break  # every passage here walked twice: the goal is unreachable
        q = p + off[U(d)]
        owner, shift = _passage(p, q, d)
        marks[U(owner)] += np.uint8(1 << shift)
        new_passage = (marks[U(owner)] >> shift) & 3 == 1
        if new_passage:
            thread += 1
            if thread > max_thread:
                max_thread = thread
        else:
            thread -= 1
        if not graph[U(q)] & CODE_MASK:
            _set_code(graph, q, d + 1)
            if record:
                order[U(expanded)] = q
            expanded += 1
            turn_back = False
        else:
            turn_back = new_passage  # a known position reached by a new passage: a loop
        p = q
        came = d
        if p == target:
            found = p
    return found, expanded, max_thread


def tremaux(grid: np.ndarray, source: int, target: int, step: int, seed: int,
            record: bool) -> SearchResult:
    """Find a path with Trémaux's marking method.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(12, 12, seed=2, braid=1.0)
    >>> sol = meiro.solve(m, "tremaux")
    >>> tuple(sol.path[0]) == m.start and tuple(sol.path[-1]) == m.goal
    True
    """
    return SearchGraph(grid, step).run(_tremaux_kernel, source, target, record,
                                       mix_seed(seed, stream=6))


@njit(cache=True)
def _tremaux_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                          open_: NDArray[np.uint8], source: Int, target: Int, rng: np.uint64,
                          parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """Trémaux's walk on a grid kind's graph, marks one byte per edge.

    Arguments and result as for :func:`meiro.solvers.dfs._dfs_graph_kernel`; the
    frontier is the number of passages marked once (the walker's thread back).
    """
    record = order.size > 0
    marks = np.zeros(open_.size, np.uint8)
    parent[source] = source
    if record:
        order[0] = source
    expanded = 1
    p = source
    came: Int = -1        # the edge of the last move
    came_from: Int = -1   # the cell it left
    turn_back = False
    thread = 0
    max_thread = 0
    found = source if source == target else -1
    while found < 0:
        if turn_back:
            e = came
            q = came_from
        else:
            lo, hi = offsets[U(p)], offsets[U(p) + 1]
            fresh = 0
            back = -1
            for s in range(lo, hi):
                edge = slot_edges[U(s)]
                if not open_[U(edge)]:
                    continue
                if marks[U(edge)] == 0:
                    fresh += 1
                elif marks[U(edge)] == 1:
                    back = s
            if fresh:
                j, rng = _below(rng, fresh)
                pick = -1
                for s in range(lo, hi):
                    edge = slot_edges[U(s)]
                    if open_[U(edge)] and marks[U(edge)] == 0:
                        if j == 0:
                            pick = s
                            break
                        j -= 1
            elif back >= 0:
                pick = back
            else:
                break  # every passage here walked twice: the goal is unreachable
            e = slot_edges[U(pick)]
            q = targets[U(pick)]
        marks[U(e)] += 1
        new_passage = marks[U(e)] == 1
        if new_passage:
            thread += 1
            if thread > max_thread:
                max_thread = thread
        else:
            thread -= 1
        if parent[U(q)] < 0:
            parent[U(q)] = p
            if record:
                order[U(expanded)] = q
            expanded += 1
            turn_back = False
        else:
            turn_back = new_passage  # a known cell reached by a new passage: a loop
        came, came_from = e, p
        p = q
        if p == target:
            found = p
    return found, expanded, max_thread


@njit(cache=True)
def _tremaux_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int, rng: np.uint64,
                         parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """:func:`_tremaux_graph_kernel` on a compact form (:mod:`meiro.solvers.cell_forms`): the same
    walk and draws. A passage's marks are kept at both its ends, as two bits per slot of each
    cell (``once``, ``twice``), instead of a byte per edge."""
    pattern, table, rings = form
    record = order.size > 0
    n = slots.shape[0]
    once = np.zeros(n, np.uint8)
    twice = np.zeros(n, np.uint8)
    back = np.empty(8, np.int64)
    parent[source] = source
    if record:
        order[0] = source
    expanded = 1
    p = source
    came_from: Int = -1  # the cell the last move left, by its slot `left_by`, into p's slot `came_by`
    left_by = 0
    came_by = 0
    turn_back = False
    thread = 0
    max_thread = 0
    found = source if source == target else -1
    while found < 0:
        bits = slots[U(p)]
        if turn_back:
            a = came_by
            q = came_from
            b = left_by
        else:
            degree = _degree(pattern, table, rings, p)
            fresh = 0
            last_once = -1
            for s in range(degree):
                if (bits >> s) & 1:
                    if not ((once[U(p)] | twice[U(p)]) >> s) & 1:
                        fresh += 1
                    elif (once[U(p)] >> s) & 1:
                        last_once = s
            if fresh:
                j, rng = _below(rng, fresh)
                a = -1
                for s in range(degree):
                    if (bits >> s) & 1 and not ((once[U(p)] | twice[U(p)]) >> s) & 1:
                        if j == 0:
                            a = s
                            break
                        j -= 1
            elif last_once >= 0:
                a = last_once
            else:
                break  # every passage here walked twice: the goal is unreachable
            q = _slot_near(pattern, table, rings, p, a)
            _near(pattern, table, rings, q, back)
            b = 0
            while back[U(b)] != p:
                b += 1
        new_passage = not (once[U(p)] >> a) & 1
        if new_passage:  # marked once, at both ends
            once[U(p)] |= np.uint8(1 << a)
            once[U(q)] |= np.uint8(1 << b)
            thread += 1
            if thread > max_thread:
                max_thread = thread
        else:  # twice
            once[U(p)] &= ~np.uint8(1 << a)
            once[U(q)] &= ~np.uint8(1 << b)
            twice[U(p)] |= np.uint8(1 << a)
            twice[U(q)] |= np.uint8(1 << b)
            thread -= 1
        if parent[U(q)] < 0:
            parent[U(q)] = p
            if record:
                order[U(expanded)] = q
            expanded += 1
            turn_back = False
        else:
            turn_back = new_passage  # a known cell reached by a new passage: a loop
        came_from, left_by, came_by = p, a, b
        p = q
        if p == target:
            found = p
    return found, expanded, max_thread


def tremaux_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
                  record: bool) -> GraphSearch:
    """Find a path on a grid kind's graph with Trémaux's marking method.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, grid="theta", seed=2)
    >>> sol = meiro.solve(m, "tremaux")
    >>> int(sol.path[0]) == m.start and int(sol.path[-1]) == m.goal
    True
    """
    return run_graph(_tremaux_graph_kernel, geometry, passages, source, target, record,
                     mix_seed(seed, stream=6), form_kernel=_tremaux_form_kernel)

"""Depth-first search: follow one corridor to its end before trying another.

From each position the search takes the first way it has not tried yet and
goes on from there; at a dead end it backs up to the last position with an
untried way. Which way is "first" is a random rotation of north, east,
south, west per position, drawn from the maze's seed, so a maze always gets
the same search. On a perfect maze the path found is the only one, hence
shortest; on a maze with loops it is *a* path, often far from shortest.

On the other grid kinds (:mod:`meiro.kinds`) the ways out of a cell are its
neighbours in the kind's cyclic order, tried from a random one of them onwards.

Reference: C. P. Trémaux's method (19th century) in its modern form; R. E.
Tarjan, *Depth-first search and linear graph algorithms*, SIAM J. Comput. 1 (1972).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.buffers import _grow
from ..kernels.graph import CODE_MASK, NTH_WAY, SOURCE, _node_offsets, _open_ways, _set_code
from ..kernels.index import Int, U
from ..kernels.rng import _below, mix_seed
from .cell_forms import Form, _degree, _slot_near
from .graph_search import GraphSearch, run_graph
from .result import SearchGraph, SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


@njit(inline="always")
def _untried(ways: Int, rot: Int) -> np.uint8:
    """``rot << 4`` and the open ways in try order: bit ``k`` is direction ``(rot + k) % 4``."""
    return np.uint8((rot << 4) | (((ways >> rot) | (ways << (4 - rot))) & 15))


@njit(cache=True)
def _dfs_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int, rng: np.uint64,
                order: NDArray[np.int64]) -> tuple[Int, int, int]:
    """Depth-first search on the search graph.

    Arguments as for :func:`meiro.solvers.bfs._bfs_kernel`, plus ``rng`` (the
    PRNG state that draws each position's direction order). The frontier is
    the stack's depth. Each stack entry keeps its rotation and the open ways
    it has not tried yet, so walls cost no tries.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)
    >>> r = SearchGraph(m.grid, 2).run(_dfs_kernel, 1 * 9 + 1, 7 * 9 + 7, False, mix_seed(0, 4))
    >>> r.found, r.expanded, r.max_frontier, len(r.path)
    (70, 16, 10, 21)
    """
    record = order.size > 0
    off = _node_offsets(width)
    nth_way = NTH_WAY
    stack = np.empty(1024, np.int64)
    untried = np.empty(1024, np.uint8)
    _set_code(graph, source, SOURCE)
    stack[0] = source
    rot, rng = _below(rng, 4)
    untried[0] = _untried(_open_ways(graph, source, width), rot)
    depth = 1
    max_depth = 1
    expanded = 1
    if record:
        order[0] = source
    found = source if source == target else -1
    while depth > 0 and found < 0:
        if depth == stack.size:
            stack = _grow(stack)
            untried = _grow(untried)
        # Until the stack needs to _grow, the loop below never replaces its arrays,
        # which keeps numba's reference counting of them out of the loop. Every
        # index in it is >= 0 (stack slots, nodes inside the padded graph): U()
        # lets numba skip its negative-index check.
        while depth > 0 and depth < stack.size:
            t = untried[U(depth - 1)]
            ways = t & 15
            if ways == 0:
                depth -= 1
                continue
            untried[U(depth - 1)] = t & (t - 1)  # the lowest way is tried now
            d = ((t >> 4) + nth_way[U(4 * ways)]) & 3  # the lowest untried way
            q = stack[U(depth - 1)] + off[U(d)]
            if graph[U(q)] & CODE_MASK:
                continue
            _set_code(graph, q, d + 1)
            if record:
                order[U(expanded)] = q
            expanded += 1
            if q == target:
                found = q
                break
            stack[U(depth)] = q
            rot, rng = _below(rng, 4)
            # the way back leads to a reached node: leave it out
            untried[U(depth)] = _untried(_open_ways(graph, q, width) & (15 ^ (1 << ((d + 2) & 3))), rot)
            depth += 1
            if depth > max_depth:
                max_depth = depth
    return found, expanded, max_depth


def dfs(grid: np.ndarray, source: int, target: int, step: int, seed: int,
        record: bool) -> SearchResult:
    """Find a path with depth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(8, 8, seed=3)
    >>> meiro.solve(m, "dfs").length == meiro.solve(m, "bfs").length   # a tree: one path
    True
    """
    return SearchGraph(grid, step).run(_dfs_kernel, source, target, record, mix_seed(seed, stream=4))


@njit(cache=True)
def _dfs_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                      open_: NDArray[np.uint8], source: Int, target: Int, rng: np.uint64,
                      parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """Depth-first search on a grid kind's graph: an explicit stack of (cell, ways tried, first way).

    Each cell tries its neighbours in cyclic order from a random one; a cell is
    reached (and logged) when it is pushed. Arguments and result as for
    :func:`meiro.solvers.bfs._bfs_graph_kernel`, plus ``rng``; the frontier is the
    stack's depth.
    """
    record = order.size > 0
    n = offsets.size - 1
    stack = np.empty(n, np.int32)
    tried = np.empty(n, np.int32)
    first = np.empty(n, np.int32)
    parent[source] = source
    stack[0] = source
    tried[0] = 0
    rot, rng = _below(rng, max(1, offsets[source + 1] - offsets[source]))
    first[0] = rot
    depth = 1
    max_depth = 1
    expanded = 1
    if record:
        order[0] = source
    found = source if source == target else -1
    while depth > 0 and found < 0:
        p = stack[U(depth - 1)]
        lo = offsets[U(p)]
        degree = offsets[U(p) + 1] - lo
        k = tried[U(depth - 1)]
        if k >= degree:
            depth -= 1
            continue
        tried[U(depth - 1)] = k + 1
        s = lo + (first[U(depth - 1)] + k) % degree
        q = targets[U(s)]
        if not open_[U(slot_edges[U(s)])] or parent[U(q)] >= 0:
            continue
        parent[U(q)] = p
        if record:
            order[U(expanded)] = q
        expanded += 1
        if q == target:
            found = q
            break
        stack[U(depth)] = q
        tried[U(depth)] = 0
        rot, rng = _below(rng, max(1, offsets[U(q) + 1] - offsets[U(q)]))
        first[U(depth)] = rot
        depth += 1
        if depth > max_depth:
            max_depth = depth
    return found, expanded, max_depth


@njit(cache=True)
def _dfs_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int, rng: np.uint64,
                     parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """:func:`_dfs_graph_kernel` on a compact form (:mod:`meiro.solvers.cell_forms`): the same
    draws, steps and path, reading a byte of open slots per cell and finding a slot's neighbour
    by the form's arithmetic."""
    pattern, table, rings = form
    record = order.size > 0
    n = slots.shape[0]
    stack = np.empty(n, np.int32)
    tried = np.empty(n, np.int32)
    first = np.empty(n, np.int32)
    degrees = np.empty(n, np.int32)  # of the cells on the stack
    parent[source] = source
    stack[0] = source
    tried[0] = 0
    degree = _degree(pattern, table, rings, source)
    degrees[0] = degree
    rot, rng = _below(rng, max(1, degree))
    first[0] = rot
    depth = 1
    max_depth = 1
    expanded = 1
    if record:
        order[0] = source
    found = source if source == target else -1
    while depth > 0 and found < 0:
        p = stack[U(depth - 1)]
        degree = degrees[U(depth - 1)]
        k = tried[U(depth - 1)]
        if k >= degree:
            depth -= 1
            continue
        tried[U(depth - 1)] = k + 1
        s = first[U(depth - 1)] + k
        s = s - degree if s >= degree else s
        if not (slots[U(p)] >> s) & 1:
            continue
        q = _slot_near(pattern, table, rings, p, s)
        if parent[U(q)] >= 0:
            continue
        parent[U(q)] = p
        if record:
            order[U(expanded)] = q
        expanded += 1
        if q == target:
            found = q
            break
        stack[U(depth)] = q
        tried[U(depth)] = 0
        degree = _degree(pattern, table, rings, q)
        degrees[U(depth)] = degree
        rot, rng = _below(rng, max(1, degree))
        first[U(depth)] = rot
        depth += 1
        if depth > max_depth:
            max_depth = depth
    return found, expanded, max_depth


def dfs_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
              record: bool) -> GraphSearch:
    """Find a path on a grid kind's graph with depth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(8, 8, grid="hex", seed=3)
    >>> meiro.solve(m, "dfs").length == meiro.solve(m, "bfs").length   # a tree: one path
    True
    """
    return run_graph(_dfs_graph_kernel, geometry, passages, source, target, record, mix_seed(seed, stream=4),
                     form_kernel=_dfs_form_kernel)

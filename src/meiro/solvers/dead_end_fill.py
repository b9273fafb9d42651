"""Dead-end filling: wall up every dead end until only the way through is left.

Every position with a single way out (other than the start and the goal) is
a dead end: fill it, which may turn its neighbour into a dead end, and so on
(a queue, so each position is filled at most once). Positions with no way out
at all are filled too. No simple route from start to goal ever passes through
a dead end, so what remains holds every such route: on a perfect maze, just
the solution; on a maze with loops, the solution plus the loops around it.
A breadth-first search over what remains then picks a shortest path, so the
method is exact.

It looks at the whole maze at once (you fill dead ends on a printed maze,
not from inside it), and it costs a pass over every position whatever the
goal. ``explored`` lists the start, then the filled positions in the order
they were filled, then the positions the final search expanded.

The filling works on the search graph itself (:mod:`meiro.kernels.graph`):
a filled node loses its passages, so the final breadth-first search runs on
the same graph, the maze's own grid untouched.

On the other grid kinds (:mod:`meiro.kinds`) the filling counts each cell's
open passages and closes the filled cells' passages in a copy of the maze's,
over the geometry's graph; the final search is the graph's breadth-first one.
Where the geometry has a compact form (:mod:`meiro.solvers.cell_forms`: every
kind but weave), the filling and the search work on its byte of open slots per
cell instead, in the same order (the same cells filled, the same search), on
about a tenth of the memory a cell.

Reference: W. D. Pullen, *Think Labyrinth!* (maze solving algorithms:
"dead end filler").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.graph import EAST, OPEN, SOUTH, _node_offsets, _open_ways
from ..kernels.index import Int, U
from ..errors import flag
from .bfs import _bfs_form_kernel, _bfs_graph_kernel, _bfs_kernel
from .cell_forms import Form, _near, _open_near, _open_slots, cell_form
from ..generators.graph_carving import _COUNT
from .graph_search import GraphSearch, _package, check_search
from .result import SearchGraph, SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


@njit(inline="always")
def _dead_end(graph: NDArray[np.uint8], n: Int, width: int) -> bool:
    ways = _open_ways(graph, n, width)
    dead: bool = ways & (ways - 1) == 0  # at most one way out
    return dead


@njit(cache=True)
def _fill_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int, queue: NDArray[np.int64]) -> int:
    """Fill the dead ends of the search graph in place; returns how many it filled.

    A node is queued by clearing its open bit (so it is queued once) and
    filled by clearing its passages, which makes it a wall to every later
    search. ``queue`` (as long as the graph) ends up holding the filled
    nodes in the order they were filled.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)       # 16 cells, 7 of them on the route
    >>> g = SearchGraph(m.grid, 2)
    >>> queue = np.empty(g.graph.size, np.int64)
    >>> _fill_kernel(g.graph, g.width, g._node(1 * 9 + 1), g._node(7 * 9 + 7), queue)
    5
    """
    off = _node_offsets(width)
    tail = 0
    # The first dead ends, row by row: the test runs over row slices (their
    # indices are known to be non-negative, so it vectorises), then the row's
    # dead ends are queued in order. The padding is never open, so it never passes.
    dead = np.zeros(width, np.uint8)
    for y in range(1, graph.size // width - 1):
        row = graph[y * width:][:width]
        above = graph[(y - 1) * width:][:width]
        for x in range(1, width):
            ways = (((above[x] & SOUTH) >> 1) | ((row[x] & (EAST | SOUTH)) << 1)
                    | ((row[x - 1] & EAST) << 3))  # as open_ways gives them
            dead[x] = ((row[x] & OPEN) >> 2) & (ways & (ways - 1) == 0)
        for x in range(1, width):
            n = y * width + x
            if dead[x] and n != source and n != target:
                row[x] &= ~np.uint8(OPEN)
                queue[U(tail)] = n
                tail += 1
    # every index below is >= 0 (nodes inside the padded graph, queue slots): U()
    # lets numba skip its negative-index check
    head = 0
    while head < tail:
        p = queue[U(head)]
        head += 1
        ways = _open_ways(graph, p, width)
        graph[U(p)] &= ~np.uint8(EAST | SOUTH)
        graph[U(p - 1)] &= ~np.uint8(EAST)
        graph[U(p - width)] &= ~np.uint8(SOUTH)
        for d in range(4):
            q = p + off[U(d)]
            if not (ways >> d) & 1 or not graph[U(q)] & OPEN or q == source or q == target:
                continue
            if _dead_end(graph, q, width):
                graph[U(q)] &= ~np.uint8(OPEN)
                queue[U(tail)] = q
                tail += 1
    return tail


def dead_end_fill(grid: np.ndarray, source: int, target: int, step: int, seed: int,
                  record: bool) -> SearchResult:
    """Find a shortest path by dead-end filling.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(10, 10, seed=1, braid=0.5)
    >>> meiro.solve(m, "dead-end-fill").length == meiro.solve(m, "bfs").length
    True
    """
    g = SearchGraph(grid, step)
    source, target = g.open_node(source, "source"), g.open_node(target, "target")
    record = flag(record, "record")
    # the filling queue, which is also the log: only the part it uses is ever touched
    queue = g._order_buffer(True)
    n_filled = _fill_kernel(g.graph, g.width, source, target, queue)
    # the final search over what is left records after the filled nodes
    found, expanded, frontier = _bfs_kernel(g.graph, g.width, source, target,
                                            queue[n_filled:] if record else queue[:0])
    explored = None
    if record:  # the start, the filled nodes, then the rest of the final search
        searched = queue[n_filled:n_filled + expanded]
        explored = np.concatenate([searched[:1], queue[:n_filled], searched[1:]])
    return g._result(found, expanded + n_filled, frontier, explored)


@njit(cache=True)
def _fill_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                       open_: NDArray[np.uint8], source: Int, target: Int, queue: NDArray[np.int32]) -> int:
    """Fill the dead ends of a grid kind's maze: close their passages in ``open_`` (a copy).

    Returns how many cells it filled; ``queue`` (one entry per cell) ends up holding
    them in the order they were filled: first the dead ends in cell order, then
    those the filling made.
    """
    n = offsets.size - 1
    ways = np.zeros(n, np.int32)
    queued = np.zeros(n, np.uint8)
    tail = 0
    for i in range(n):
        for s in range(offsets[i], offsets[i + 1]):
            if open_[U(slot_edges[U(s)])]:
                ways[i] += 1
        if ways[i] <= 1 and i != source and i != target:
            queued[i] = 1
            queue[U(tail)] = i
            tail += 1
    head = 0
    while head < tail:
        p = queue[U(head)]
        head += 1
        for s in range(offsets[U(p)], offsets[U(p) + 1]):
            e = slot_edges[U(s)]
            if not open_[U(e)]:
                continue
            open_[U(e)] = 0
            q = targets[U(s)]
            ways[U(q)] -= 1
            if ways[U(q)] <= 1 and not queued[U(q)] and q != source and q != target:
                queued[U(q)] = 1
                queue[U(tail)] = q
                tail += 1
    return tail


@njit(cache=True)
def _fill_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int,
                      queue: NDArray[np.int32]) -> int:
    """:func:`_fill_graph_kernel` on a compact form: clears the filled cells' bits in ``slots``
    (both ends of each passage); the same cells, filled in the same order."""
    pattern, table, rings = form
    n = slots.shape[0]
    near = np.empty(8, np.int64)
    back = np.empty(8, np.int64)
    queued = np.zeros(n, np.uint8)
    tail = 0
    for i in range(n):
        if _COUNT[U(slots[U(i)])] <= 1 and i != source and i != target:
            queued[U(i)] = 1
            queue[U(tail)] = i
            tail += 1
    head = 0
    while head < tail:
        p = queue[U(head)]
        head += 1
        bits = slots[U(p)]
        if not bits:
            continue
        slots[U(p)] = 0
        for c in range(_open_near(pattern, table, rings, p, bits, near)):
            q = near[U(c)]
            for s in range(_near(pattern, table, rings, q, back)):  # q's slot back to p
                if back[U(s)] == p:
                    slots[U(q)] &= ~np.uint8(1 << s)
                    break
            if _COUNT[U(slots[U(q)])] <= 1 and not queued[U(q)] and q != source and q != target:
                queued[U(q)] = 1
                queue[U(tail)] = q
                tail += 1
    return tail


def dead_end_fill_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
                        record: bool) -> GraphSearch:
    """Find a shortest path on a grid kind's graph by dead-end filling.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(5, grid="theta", seed=1)
    >>> sol = meiro.solve(m, "dead-end-fill")
    >>> sol.length == meiro.solve(m, "bfs").length, sol.expanded == m.cells   # filled + the route
    (True, True)
    """
    open_, source, target = check_search(geometry, passages, source, target)
    record = flag(record, "record")
    queue = np.empty(geometry.cells, np.int32)
    parent = np.full(geometry.cells, -1, np.int32)
    order = np.empty(geometry.cells if record else 0, np.int32)
    form = cell_form(geometry)
    if form is not None:
        slots = np.empty(geometry.cells, np.uint8)
        _open_slots(geometry.offsets, geometry.slot_edges, open_, slots)
        n_filled = _fill_form_kernel(form, slots, source, target, queue)
        found, expanded, frontier = _bfs_form_kernel(form, slots, source, target, parent, order)
    else:
        open_ = open_.copy()
        n_filled = _fill_graph_kernel(geometry.offsets, geometry.targets, geometry.slot_edges, open_, source,
                                      target, queue)
        found, expanded, frontier = _bfs_graph_kernel(geometry.offsets, geometry.targets, geometry.slot_edges,
                                                      open_, source, target, parent, order)
    explored = None
    if record:  # the start, the filled cells, then the rest of the final search
        explored = np.concatenate([order[:1], queue[:n_filled], order[1:int(expanded)]])
    return _package(int(found), int(expanded) + n_filled, int(frontier), parent, explored)

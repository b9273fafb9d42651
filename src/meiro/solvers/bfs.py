"""Breadth-first search: the shortest path, exploring in rings around the start.

BFS (E. F. Moore, 1959) expands nodes in order of their distance from the
start, so the first time it reaches the goal it has a shortest path. It is
also how meiro places the ``farthest`` and ``diameter`` goals: a BFS over the
whole maze ends at a node at maximal distance.

It runs on the one-byte-per-node graph of :mod:`meiro.kernels.graph`. The
queue is a growable power-of-two ring: a maze's BFS frontier is small (a few
hundred cells on a 10,000 x 10,000 maze), so it costs almost no memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.graph import CODE_MASK, CODE_SHIFT, EAST, SOURCE, SOUTH, _set_code
from ..kernels.buffers import _grow_ring
from ..kernels.index import Int, U
from .cell_forms import Form, _open_near
from .graph_search import GraphSearch, run_graph
from .result import SearchGraph, SearchResult, block_index

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


@njit(cache=True)
def _bfs_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int,
                order: NDArray[np.int64]) -> tuple[Int, int, int]:
    """Breadth-first search on a one-byte-per-node graph.

    Parameters
    ----------
    graph : uint8[:]
        Padded passages and search codes (see :mod:`meiro.kernels.graph`);
        the search writes its codes into it.
    width : int
        Nodes per row.
    source, target : int
        Node indices; ``target = -1`` searches the whole component.
    order : int64[:]
        Receives the expanded nodes in order when non-empty.

    Returns
    -------
    last : int
        The target if reached; with ``target = -1`` the last node expanded,
        which is at maximal distance from the source; -1 if the target is
        unreachable.
    expanded, max_frontier : int

    Examples
    --------
    >>> import meiro
    >>> from meiro.solvers.result import SearchGraph
    >>> m = meiro.generate(4, 1, seed=0)       # one corridor of four cells
    >>> g = SearchGraph(m.grid, 2)
    >>> source, target = g._node(1 * 9 + 1), g._node(1 * 9 + 7)
    >>> source, target
    (7, 10)
    >>> _bfs_kernel(g.graph, g.width, source, target, np.empty(0, np.int64))
    (10, 4, 1)
    """
    record = order.size > 0
    ring = np.empty(1024, np.int64)
    _set_code(graph, source, SOURCE)
    ring[0] = source
    head = 0
    tail = 1
    max_frontier = 1
    last = -1
    hit = False
    while head < tail and not hit:
        if tail - head + 4 > ring.size:
            ring = _grow_ring(ring, head, tail)
        mask = ring.size - 1
        # Until the ring fills up, the loop below never replaces it, which keeps
        # numba's reference counting of it out of the loop. Every index in it is
        # >= 0 (the padding keeps neighbours inside the graph): U() lets numba
        # skip its negative-index check.
        while head < tail and tail - head + 4 <= mask + 1:
            i = ring[U(head & mask)]
            if record:
                order[U(head)] = i
            head += 1
            last = i
            if i == target:
                hit = True
                break
            bits = graph[U(i)]
            j = i - width
            if graph[U(j)] & SOUTH and not graph[U(j)] & CODE_MASK:
                graph[U(j)] |= 1 << CODE_SHIFT
                ring[U(tail & mask)] = j
                tail += 1
            if bits & EAST:
                j = i + 1
                if not graph[U(j)] & CODE_MASK:
                    graph[U(j)] |= 2 << CODE_SHIFT
                    ring[U(tail & mask)] = j
                    tail += 1
            if bits & SOUTH:
                j = i + width
                if not graph[U(j)] & CODE_MASK:
                    graph[U(j)] |= 3 << CODE_SHIFT
                    ring[U(tail & mask)] = j
                    tail += 1
            j = i - 1
            if graph[U(j)] & EAST and not graph[U(j)] & CODE_MASK:
                graph[U(j)] |= 4 << CODE_SHIFT
                ring[U(tail & mask)] = j
                tail += 1
            if tail - head > max_frontier:
                max_frontier = tail - head
    if target >= 0 and last != target:
        last = -1
    return last, head, max_frontier


def bfs(grid: np.ndarray, source: int, target: int, step: int, seed: int,
        record: bool) -> SearchResult:
    """Find a shortest path with breadth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 4, seed=2)
    >>> meiro.solve(m, "bfs").length == meiro.solve(m, "astar").length
    True
    """
    return SearchGraph(grid, step).run(_bfs_kernel, source, target, record)


@njit(cache=True)
def _bfs_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                      open_: NDArray[np.uint8], source: Int, target: Int, parent: NDArray[np.int32],
                      order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """Breadth-first search on a grid kind's graph (:mod:`meiro.solvers.graph_search`).

    ``target = -1`` searches the whole component: ``found`` is then the last cell
    expanded, one at maximal distance from the source.

    Examples
    --------
    >>> offsets = np.array([0, 1, 3, 4]); targets = np.array([1, 0, 2, 1], np.int32)
    >>> slot_edges = np.array([0, 0, 1, 1], np.int32); parent = np.full(3, -1, np.int32)
    >>> _bfs_graph_kernel(offsets, targets, slot_edges, np.ones(2, np.uint8), 0, 2, parent,
    ...                   np.empty(0, np.int32))
    (2, 3, 1)
    >>> parent.tolist()
    [0, 0, 1]
    """
    record = order.size > 0
    queue = np.empty(offsets.size - 1, np.int32)
    parent[source] = source
    queue[0] = source
    head = 0
    tail = 1
    max_frontier = 1
    last = -1
    while head < tail:
        i = queue[U(head)]
        if record:
            order[U(head)] = i
        head += 1
        last = i
        if i == target:
            break
        for s in range(offsets[U(i)], offsets[U(i) + 1]):
            j = targets[U(s)]
            if open_[U(slot_edges[U(s)])] and parent[U(j)] < 0:
                parent[U(j)] = i
                queue[U(tail)] = j
                tail += 1
        if tail - head > max_frontier:
            max_frontier = tail - head
    if target >= 0 and last != target:
        last = -1
    return last, head, max_frontier


@njit(cache=True)
def _bfs_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int, parent: NDArray[np.int32],
                     order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """:func:`_bfs_graph_kernel` on a compact form (:mod:`meiro.solvers.cell_forms`): the same search.

    The queue is a growable ring, as the square kernel's: a maze's frontier is small,
    so it stays in the cache.
    """
    pattern, table, rings = form
    record = order.size > 0
    ring = np.empty(1024, np.int32)
    near = np.empty(8, np.int64)
    parent[source] = source
    ring[0] = source
    head = 0
    tail = 1
    max_frontier = 1
    last = -1
    hit = False
    while head < tail and not hit:
        if tail - head + 8 > ring.size:
            ring = _grow_ring(ring, head, tail)
        mask = ring.size - 1
        # the ring is never replaced inside this loop (see _bfs_kernel)
        while head < tail and tail - head + 8 <= mask + 1:
            i = ring[U(head & mask)]
            if record:
                order[U(head)] = i
            head += 1
            last = i
            if i == target:
                hit = True
                break
            bits = slots[U(i)]
            if bits:
                for c in range(_open_near(pattern, table, rings, i, bits, near)):
                    j = near[U(c)]
                    if parent[U(j)] < 0:
                        parent[U(j)] = i
                        ring[U(tail & mask)] = j
                        tail += 1
            if tail - head > max_frontier:
                max_frontier = tail - head
    if target >= 0 and last != target:
        last = -1
    return last, head, max_frontier


def bfs_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
              record: bool) -> GraphSearch:
    """Find a shortest path on a grid kind's graph with breadth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, grid="theta", seed=2)
    >>> meiro.solve(m, "bfs").length == meiro.solve(m, "astar").length
    True
    """
    return run_graph(_bfs_graph_kernel, geometry, passages, source, target, record,
                     form_kernel=_bfs_form_kernel)


def flood(grid: NDArray[np.bool_], origin: tuple[int, int], step: int = 1) -> NDArray[np.int64]:
    """Flat block indices of everything reachable from block ``origin``, in breadth-first order.

    ``step`` 1 floods every open block; 2 (on a lattice maze) only the cells.

    Raises
    ------
    MazeError
        If ``grid`` is not a maze's grid, ``origin`` is not an open block of it (with
        ``step`` 2: an open cell) or ``step`` is not 1 or 2.

    Examples
    --------
    >>> import numpy as np
    >>> g = np.ones((3, 5), bool); g[1, 1:4] = False
    >>> flood(g, (1, 1)).tolist()
    [6, 7, 8]
    >>> flood(g, (10**7, 3))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: origin (10000000, 3) is outside the 3x5-block grid
    """
    g = SearchGraph(grid, step)
    source = g.open_node(block_index(origin, g.rows, g.cols, "origin"), "origin")
    order = g._order_buffer(True)
    _, reached, _ = _bfs_kernel(g.graph, g.width, source, -1, order)
    return g._flat_blocks(order[:reached])

"""Bidirectional breadth-first search: two searches, from the start and from the goal.

Two BFS frontiers grow level by level, always the smaller one next, until
they touch: an edge from the level being expanded leads into the other
side's searched region. That level is finished, and the first touching edge
closes the path. It is a shortest one, and so is every other touching edge
of that level: the other side's end of such an edge lies on its outermost
level, for a node it had reached before that would have been seen touching
one level earlier. On open ground each search covers a disc of half the
radius, about half the positions of one BFS; in a perfect maze the saving is
smaller, since the two searches still fill the side branches near their ends.

Both searches run on the search graph: the one from the start keeps its
codes in the graph, the one from the goal in a byte array of its own, and
the path is joined by turning the second half's codes round.

``explored`` interleaves the two searches in the order they expanded
positions: it starts with the start, and it need not end with the goal.
It holds the goal unless the search from the start touched it before the
other had expanded anything (the goal a step away, or at the end of the
start's corridor).

On the other grid kinds (:mod:`meiro.kinds`) the same search runs on the
geometry's graph, each side keeping the cell each cell was reached from; it
stops at the first touching passage, which the argument above shows to be on a
shortest path.

Reference: I. Pohl, *Bi-directional search*, Machine Intelligence 6 (1971).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.buffers import _grow_ring
from ..kernels.graph import CODE_MASK, SOURCE, _node_offsets, _open_ways, _set_code
from ..kernels.index import Int, U
from .cell_forms import Form, _open_near
from .graph_search import GraphSearch, run_graph
from .result import SearchGraph, SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


@njit(cache=True)
def _bidirectional_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int,
                          order: NDArray[np.int64]) -> tuple[Int, int, int]:
    """Arguments and result as for :func:`meiro.solvers.bfs._bfs_kernel`; ``target`` must be a node.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)
    >>> r = SearchGraph(m.grid, 2).run(_bidirectional_kernel, 1 * 9 + 1, 7 * 9 + 7, False)
    >>> r.found, r.expanded, len(r.path)       # breadth-first search expands 9 cells
    (70, 11, 21)
    """
    record = order.size > 0
    off = _node_offsets(width)
    from_target = np.zeros(graph.size, np.uint8)  # the second search's codes (as in the graph)
    ring0 = np.empty(1024, np.int64)
    ring1 = np.empty(1024, np.int64)
    ring0[0] = source
    ring1[0] = target
    head0 = head1 = 0
    tail0 = tail1 = 1
    _set_code(graph, source, SOURCE)
    from_target[target] = SOURCE
    if source == target:
        if record:
            order[0] = source
        return source, 1, 1
    expanded = 0
    max_frontier = 2
    meet_p = -1
    meet_d = -1
    meet_side = -1
    # every index below is >= 0 (nodes inside the padded graph): U() lets numba
    # skip its negative-index check
    while meet_p < 0 and head0 < tail0 and head1 < tail1:
        # one level of the side with the smaller frontier, on plain local counters
        side = 0 if tail0 - head0 <= tail1 - head1 else 1
        if side == 0:
            ring, head, tail, other_frontier = ring0, head0, tail0, tail1 - head1
        else:
            ring, head, tail, other_frontier = ring1, head1, tail1, tail0 - head0
        level_end = tail
        while head < level_end:
            if tail - head + 4 > ring.size:
                ring = _grow_ring(ring, head, tail)
            mask = ring.size - 1
            # Until the ring fills up, the loop below never replaces it, which keeps
            # numba's reference counting of it out of the loop.
            while head < level_end and tail - head + 4 <= mask + 1:
                p = ring[U(head & mask)]
                head += 1
                if record:
                    order[U(expanded)] = p
                expanded += 1
                ways = _open_ways(graph, p, width)
                for d in range(4):
                    if not (ways >> d) & 1:
                        continue
                    q = p + off[U(d)]
                    reached_here = graph[U(q)] & CODE_MASK if side == 0 else from_target[U(q)]
                    reached_there = from_target[U(q)] if side == 0 else graph[U(q)] & CODE_MASK
                    if reached_there and meet_p < 0:
                        meet_p, meet_d, meet_side = p, d, side
                    if reached_here:
                        continue
                    if side == 0:
                        _set_code(graph, q, d + 1)
                    else:
                        from_target[U(q)] = d + 1
                    ring[U(tail & mask)] = q
                    tail += 1
                if tail - head + other_frontier > max_frontier:
                    max_frontier = tail - head + other_frontier
        if side == 0:
            ring0, head0, tail0 = ring, head, tail
        else:
            ring1, head1, tail1 = ring, head, tail
    if meet_p < 0:
        return -1, expanded, max_frontier
    # join the halves: the codes from the target's side, turned round, go into the graph
    if meet_side == 0:
        x = meet_p + off[meet_d]
        _set_code(graph, x, meet_d + 1)
    else:
        x = meet_p
        _set_code(graph, x, ((meet_d + 2) & 3) + 1)
    while x != target:
        d = from_target[x] - 1
        y = x - off[d]
        _set_code(graph, y, ((d + 2) & 3) + 1)
        x = y
    return target, expanded, max_frontier


def bidirectional(grid: np.ndarray, source: int, target: int, step: int, seed: int,
                  record: bool) -> SearchResult:
    """Find a shortest path with bidirectional breadth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(20, 20, seed=6, braid=1.0)
    >>> meiro.solve(m, "bidirectional").length == meiro.solve(m, "bfs").length
    True
    """
    return SearchGraph(grid, step).run(_bidirectional_kernel, source, target, record)


@njit(cache=True)
def _bidirectional_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                                slot_edges: NDArray[np.int32], open_: NDArray[np.uint8], source: Int,
                                target: Int, parent: NDArray[np.int32],
                                order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """Bidirectional breadth-first search on a grid kind's graph.

    Arguments and result as for :func:`meiro.solvers.bfs._bfs_graph_kernel`;
    ``target`` must be a cell. On return ``parent`` leads from the target back to
    the source along the path (the goal's half turned round).
    """
    record = order.size > 0
    n = offsets.size - 1
    back = np.full(n, -1, np.int32)  # the search from the target: the cell each was reached from
    queue0 = np.empty(n, np.int32)
    queue1 = np.empty(n, np.int32)
    queue0[0] = source
    queue1[0] = target
    head0 = head1 = 0
    tail0 = tail1 = 1
    parent[source] = source
    back[target] = target
    if source == target:
        if record:
            order[0] = source
        return source, 1, 1
    expanded = 0
    max_frontier = 2
    meet_p = -1
    meet_q = -1
    meet_side = -1
    while meet_p < 0 and head0 < tail0 and head1 < tail1:
        side = 0 if tail0 - head0 <= tail1 - head1 else 1
        if side == 0:
            queue, mine, theirs, head, tail, other = queue0, parent, back, head0, tail0, tail1 - head1
        else:
            queue, mine, theirs, head, tail, other = queue1, back, parent, head1, tail1, tail0 - head0
        level_end = tail
        while head < level_end and meet_p < 0:
            p = queue[U(head)]
            head += 1
            if record:
                order[U(expanded)] = p
            expanded += 1
            for s in range(offsets[U(p)], offsets[U(p) + 1]):
                q = targets[U(s)]
                if not open_[U(slot_edges[U(s)])]:
                    continue
                if theirs[U(q)] >= 0:
                    meet_p, meet_q, meet_side = p, q, side
                    break
                if mine[U(q)] < 0:
                    mine[U(q)] = p
                    queue[U(tail)] = q
                    tail += 1
            if tail - head + other > max_frontier:
                max_frontier = tail - head + other
        if side == 0:
            head0, tail0 = head, tail
        else:
            head1, tail1 = head, tail
    if meet_p < 0:
        return -1, expanded, max_frontier
    # join the halves: parent leads back from the target through the meeting passage
    near, far = (meet_p, meet_q) if meet_side == 0 else (meet_q, meet_p)
    x = far
    prev = near
    while True:
        nxt = back[U(x)]
        parent[U(x)] = prev
        if x == target:
            break
        prev = x
        x = nxt
    return target, expanded, max_frontier


@njit(cache=True)
def _bidirectional_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int,
                               parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """:func:`_bidirectional_graph_kernel` on a compact form (:mod:`meiro.solvers.cell_forms`):
    the same search, the neighbours found by arithmetic from one byte of open slots a cell."""
    pattern, table, rings = form
    record = order.size > 0
    n = slots.shape[0]
    back = np.full(n, -1, np.int32)  # the search from the target: the cell each was reached from
    queue0 = np.empty(n, np.int32)
    queue1 = np.empty(n, np.int32)
    near = np.empty(8, np.int64)
    queue0[0] = source
    queue1[0] = target
    head0 = head1 = 0
    tail0 = tail1 = 1
    parent[source] = source
    back[target] = target
    if source == target:
        if record:
            order[0] = source
        return source, 1, 1
    expanded = 0
    max_frontier = 2
    meet_p = -1
    meet_q = -1
    meet_side = -1
    while meet_p < 0 and head0 < tail0 and head1 < tail1:
        side = 0 if tail0 - head0 <= tail1 - head1 else 1
        if side == 0:
            queue, mine, theirs, head, tail, other = queue0, parent, back, head0, tail0, tail1 - head1
        else:
            queue, mine, theirs, head, tail, other = queue1, back, parent, head1, tail1, tail0 - head0
        level_end = tail
        while head < level_end and meet_p < 0:
            p = queue[U(head)]
            head += 1
            if record:
                order[U(expanded)] = p
            expanded += 1
            bits = slots[U(p)]
            if bits:
                for c in range(_open_near(pattern, table, rings, p, bits, near)):
                    q = near[U(c)]
                    if theirs[U(q)] >= 0:
                        meet_p, meet_q, meet_side = p, q, side
                        break
                    if mine[U(q)] < 0:
                        mine[U(q)] = p
                        queue[U(tail)] = q
                        tail += 1
            if tail - head + other > max_frontier:
                max_frontier = tail - head + other
        if side == 0:
            head0, tail0 = head, tail
        else:
            head1, tail1 = head, tail
    if meet_p < 0:
        return -1, expanded, max_frontier
    # join the halves: parent leads back from the target through the meeting passage
    near_end, far = (meet_p, meet_q) if meet_side == 0 else (meet_q, meet_p)
    x = far
    prev = near_end
    while True:
        nxt = back[U(x)]
        parent[U(x)] = prev
        if x == target:
            break
        prev = x
        x = nxt
    return target, expanded, max_frontier


def bidirectional_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
                        record: bool) -> GraphSearch:
    """Find a shortest path on a grid kind's graph with bidirectional breadth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(10, 10, grid="triangle", seed=6)
    >>> meiro.solve(m, "bidirectional").length == meiro.solve(m, "bfs").length
    True
    """
    return run_graph(_bidirectional_graph_kernel, geometry, passages, source, target, record,
                     form_kernel=_bidirectional_form_kernel)

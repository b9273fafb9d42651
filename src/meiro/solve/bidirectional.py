"""Bidirectional breadth-first search: two searches, from the start and from the goal.

Two BFS frontiers grow level by level, always the smaller one next, until
they touch. Every edge from the level being expanded into the other side's
searched region is a candidate route; the level is finished and the
shortest candidate kept, which makes the result a shortest path (finishing
the level matters: the first touch is not always on a shortest route). On
open ground each search covers a disc of half the radius, about half the
positions of one BFS; in a perfect maze the saving is smaller, since the
two searches still fill the side branches near their ends.

``explored`` interleaves the two searches in the order they expanded
positions: it starts with the start and contains the goal, but need not end
with it.

Reference: I. Pohl, *Bi-directional search*, Machine Intelligence 6 (1971).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.search import SOURCE, grow_ring, offsets
from ..registry import SOLVERS
from .result import SearchResult, search_setup


@njit(cache=True)
def bidirectional_kernel(grid, cols, source, target, step, order):
    """Arguments as for :func:`meiro.solve.bfs.bfs_kernel`; ``target`` must be a position."""
    record = order.size > 0
    off = offsets(cols)
    n = grid.size
    state = np.zeros((2, n), np.uint8)  # side 0 from the source, side 1 from the target
    dist = np.zeros((2, n), np.int32)
    ring0 = np.empty(1024, np.int64)
    ring1 = np.empty(1024, np.int64)
    head = np.zeros(2, np.int64)
    tail = np.ones(2, np.int64)
    ring0[0] = source
    ring1[0] = target
    state[0, source] = SOURCE
    state[1, target] = SOURCE
    expanded = 0
    max_frontier = 2
    if source == target:
        if record:
            order[0] = source
        return state[0].copy(), source, 1, 1
    best = -1
    meet_p = -1
    meet_d = -1
    meet_side = -1
    while best < 0 and head[0] < tail[0] and head[1] < tail[1]:
        side = 0 if tail[0] - head[0] <= tail[1] - head[1] else 1
        other = 1 - side
        ring = ring0 if side == 0 else ring1
        level_end = tail[side]
        while head[side] < level_end:
            p = ring[head[side] & (ring.size - 1)]
            head[side] += 1
            if record:
                order[expanded] = p
            expanded += 1
            for d in range(4):
                o = off[d]
                q = p + step * o
                if grid[p + o] or grid[q]:
                    continue
                if state[other, q] != 0:
                    route = dist[side, p] + 1 + dist[other, q]
                    if best < 0 or route < best:
                        best = route
                        meet_p = p
                        meet_d = d
                        meet_side = side
                if state[side, q] == 0:
                    state[side, q] = d + 1
                    dist[side, q] = dist[side, p] + 1
                    if tail[side] - head[side] == ring.size:
                        ring = grow_ring(ring, head[side], tail[side])
                        if side == 0:
                            ring0 = ring
                        else:
                            ring1 = ring
                    ring[tail[side] & (ring.size - 1)] = q
                    tail[side] += 1
            frontier = tail[0] - head[0] + tail[1] - head[1]
            if frontier > max_frontier:
                max_frontier = frontier
    if best < 0:
        return state[0].copy(), -1, expanded, max_frontier
    # join the two halves: parents from the source's side, then the target's side reversed
    joined = state[0].copy()
    if meet_side == 0:
        x = meet_p + step * off[meet_d]
        joined[x] = meet_d + 1
    else:
        x = meet_p
        joined[x] = ((meet_d + 2) & 3) + 1
    while state[1, x] != SOURCE:
        d = state[1, x] - 1
        y = x - step * off[d]
        joined[y] = ((d + 2) & 3) + 1
        x = y
    return joined, target, expanded, max_frontier


@SOLVERS.register(
    "bidirectional", aliases=("bidirectional-bfs", "bibfs"),
    summary="bidirectional BFS: from both ends, level by level; shortest path",
    reference="I. Pohl, Bi-directional search (1971)",
)
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
    flat, order = search_setup(grid, record)
    state, found, expanded, frontier = bidirectional_kernel(flat, grid.shape[1], source, target,
                                                            step, order)
    return SearchResult(state, found, expanded, frontier, order[:expanded] if record else None)

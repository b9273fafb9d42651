"""Breadth-first search: the shortest path, exploring in rings around the start.

BFS (E. F. Moore, 1959) expands blocks in order of their distance from the
start, so the first time it reaches the goal it has a shortest path. It is
also how meiro places the ``farthest`` and ``diameter`` goals: a BFS over the
whole maze ends at a block at maximal distance.

The queue is a growable power-of-two ring: a maze's BFS frontier is small
(thousands of cells on a 10,000 x 10,000 maze), so the queue costs almost no
memory, and the per-block state (one byte) is the only large array.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.search import SOURCE, grow_ring, offsets
from ..registry import SOLVERS
from .result import SearchResult, search_setup


@njit(cache=True)
def bfs_kernel(grid, cols, source, target, step, order):
    """Breadth-first search on a flat block grid.

    Parameters
    ----------
    grid : bool[:]
        Flat block grid, True = wall; the border must be closed.
    cols : int
        Blocks per row.
    source, target : int
        Flat block indices; ``target = -1`` searches the whole component.
    step : int
        2 on lattice mazes (cell to cell), 1 otherwise.
    order : int[:]
        Receives the expanded blocks in order when non-empty.

    Returns
    -------
    state : uint8[:]
        Parent direction per block (see :mod:`meiro.kernels.search`).
    last : int
        The target if reached, else (``target = -1``) the last block expanded,
        which is at maximal distance from the source; -1 if the target is
        unreachable.
    expanded, max_frontier : int
    """
    record = order.size > 0
    off = offsets(cols)
    state = np.zeros(grid.size, np.uint8)
    ring = np.empty(1024, np.int64)
    mask = ring.size - 1
    head = 0
    tail = 1
    ring[0] = source
    state[source] = SOURCE
    max_frontier = 1
    last = -1
    while head < tail:
        p = ring[head & mask]
        if record:
            order[head] = p
        head += 1
        last = p
        if p == target:
            break
        for d in range(4):
            o = off[d]
            q = p + step * o
            if not grid[p + o] and not grid[q] and state[q] == 0:
                state[q] = d + 1
                if tail - head == ring.size:
                    ring = grow_ring(ring, head, tail)
                    mask = ring.size - 1
                ring[tail & mask] = q
                tail += 1
        if tail - head > max_frontier:
            max_frontier = tail - head
    if target >= 0 and last != target:
        last = -1
    return state, last, head, max_frontier


@SOLVERS.register(
    "bfs", aliases=("breadth-first",),
    summary="breadth-first search: shortest path, explores evenly around the start",
    reference="E. F. Moore, The shortest path through a maze (1959)",
)
def bfs(grid: np.ndarray, source: int, target: int, step: int, seed: int,
        record: bool) -> SearchResult:
    """Find a shortest path with breadth-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 4, seed=2)
    >>> len(meiro.solve(m, "bfs").path) - 1 == meiro.solve(m, "astar").length
    True
    """
    flat, order = search_setup(grid, record)
    state, last, expanded, frontier = bfs_kernel(flat, grid.shape[1], source, target, step, order)
    return SearchResult(state, last, expanded, frontier, order[:expanded] if record else None)

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

Reference: W. D. Pullen, *Think Labyrinth!* (maze solving algorithms:
"dead end filler").
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.search import offsets
from ..registry import SOLVERS
from .bfs import bfs_kernel
from .result import SearchGraph, SearchResult


@njit(inline="always")
def _ways(grid, p, step, off):
    k = 0
    for d in range(4):
        if not grid[p + off[d]] and not grid[p + step * off[d]]:
            k += 1
    return k


@njit(cache=True)
def fill_kernel(grid, cols, source, target, step, filled_order):
    """Fill the dead ends of ``grid`` (a flat copy, changed in place). Returns how many."""
    off = offsets(cols)
    rows = grid.size // cols
    first = 1 if step == 2 else 0
    queued = np.zeros(grid.size, np.bool_)
    n = 0
    for r in range(first, rows, step):
        for c in range(first, cols, step):
            p = r * cols + c
            if not grid[p] and p != source and p != target and _ways(grid, p, step, off) <= 1:
                filled_order[n] = p
                queued[p] = True
                n += 1
    head = 0
    while head < n:
        p = filled_order[head]
        head += 1
        grid[p] = True
        for d in range(4):
            o = off[d]
            q = p + step * o
            if grid[p + o] or grid[q] or queued[q] or q == source or q == target:
                continue
            if _ways(grid, q, step, off) <= 1:
                filled_order[n] = q
                queued[q] = True
                n += 1
    return n


@SOLVERS.register(
    "dead-end-fill", aliases=("dead-end-filling", "fill"),
    summary="dead-end filling: wall up dead ends until the route is left, then BFS; shortest path",
    reference="W. D. Pullen, Think Labyrinth!",
)
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
    work = grid.ravel().copy()
    filled = np.empty(grid.size, np.int64)
    n_filled = fill_kernel(work, grid.shape[1], source, target, step, filled)
    g = SearchGraph(work.reshape(grid.shape), step)
    order = g.order_buffer(record)
    found, expanded, frontier = bfs_kernel(g.graph, g.width, g.node(source), g.node(target), order)
    result = g.result(found, expanded, frontier, order[:expanded] if record else None)
    explored = None
    if record:
        explored = np.concatenate([result.explored[:1], filled[:n_filled], result.explored[1:]])
    return result._replace(expanded=expanded + n_filled, explored=explored)

"""A* search, as the Tk seed article explains it.

The next block to expand is the open one with the lowest ``f = g + h``
(``g``: steps from the start, ``h``: Manhattan distance to the goal); ties go to
the larger ``g`` (the block that is further along), and remaining ties are
broken at random by the maze's PRNG, so a seed always gives the same search.
Manhattan distance never overestimates on a grid, so the path is a shortest
one (P. E. Hart, N. J. Nilsson, B. Raphael, 1968).

The open set is a binary heap of ``(f, -g, random)`` keys with lazy deletion:
a block may be pushed more than once on a maze with loops, and stale entries
are skipped when popped. That keeps the per-block state at one byte, with no
``g`` array.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.rng import mix_seed, next_u64
from ..kernels.search import SOURCE, offsets
from ..registry import SOLVERS
from .result import SearchResult, search_setup

_G_LIMIT = 1 << 38  # (limit - g) << 24 must stay below 2**63: g < 2**38, 24 bits of tie-break
_TIE_SHIFT = np.uint64(40)


@njit(inline="always")
def _before(primary, secondary, i, j):
    return primary[i] < primary[j] or (primary[i] == primary[j] and secondary[i] < secondary[j])


@njit(inline="always")
def _swap(primary, secondary, item, i, j):
    primary[i], primary[j] = primary[j], primary[i]
    secondary[i], secondary[j] = secondary[j], secondary[i]
    item[i], item[j] = item[j], item[i]


@njit(cache=True)
def _grow(array):
    bigger = np.empty(array.size * 2, array.dtype)
    bigger[:array.size] = array
    return bigger


@njit(cache=True)
def astar_kernel(grid, cols, source, target, step, state_rng, order, g_weight=1):
    """A* on a flat block grid; see :func:`meiro.solve.bfs.bfs_kernel` for the arguments.

    ``f = g_weight * g + h``: 1 is A*, 0 is greedy best-first search
    (:mod:`meiro.solve.greedy`).

    Returns ``state, found, expanded, max_frontier``.
    """
    record = order.size > 0
    off = offsets(cols)
    state = np.zeros(grid.size, np.uint8)
    goal_r = target // cols
    goal_c = target - goal_r * cols
    primary = np.empty(256, np.int64)
    secondary = np.empty(256, np.int64)
    item = np.empty(256, np.int64)
    # the heap holds (f, (G_LIMIT - g) << 24 | tie, block * 8 + parent code)
    r0 = source // cols
    primary[0] = abs(r0 - goal_r) + abs(source - r0 * cols - goal_c)
    secondary[0] = _G_LIMIT << 24
    item[0] = source * 8 + SOURCE
    size = 1
    max_frontier = 1
    expanded = 0
    found = -1
    while size > 0:
        # pop the minimum
        g = _G_LIMIT - (secondary[0] >> 24)
        p = item[0] >> 3
        code = item[0] & 7
        size -= 1
        if size > 0:
            primary[0] = primary[size]
            secondary[0] = secondary[size]
            item[0] = item[size]
            i = 0
            while True:
                left = 2 * i + 1
                if left >= size:
                    break
                child = left
                if left + 1 < size and _before(primary, secondary, left + 1, left):
                    child = left + 1
                if not _before(primary, secondary, child, i):
                    break
                _swap(primary, secondary, item, i, child)
                i = child
        if state[p] != 0:
            continue  # stale entry: already expanded by a better or equal path
        state[p] = code
        if record:
            order[expanded] = p
        expanded += 1
        if p == target:
            found = p
            break
        for d in range(4):
            o = off[d]
            q = p + step * o
            if grid[p + o] or grid[q] or state[q] != 0:
                continue
            if size == primary.size:
                primary = _grow(primary)
                secondary = _grow(secondary)
                item = _grow(item)
            gq = g + step
            qr = q // cols
            tie, state_rng = next_u64(state_rng)
            primary[size] = g_weight * gq + abs(qr - goal_r) + abs(q - qr * cols - goal_c)
            secondary[size] = ((_G_LIMIT - gq) << 24) | np.int64(tie >> _TIE_SHIFT)
            item[size] = q * 8 + d + 1
            i = size
            size += 1
            while i > 0:
                parent = (i - 1) >> 1
                if not _before(primary, secondary, i, parent):
                    break
                _swap(primary, secondary, item, i, parent)
                i = parent
        if size > max_frontier:
            max_frontier = size
    return state, found, expanded, max_frontier


@SOLVERS.register(
    "astar", aliases=("a*", "a-star"),
    summary="A*: Manhattan heuristic, ties to larger g then seeded random; shortest path",
    reference="Hart, Nilsson, Raphael (1968); the Tk seed article",
)
def astar(grid: np.ndarray, source: int, target: int, step: int, seed: int,
          record: bool) -> SearchResult:
    """Find a shortest path with A*.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(8, 8, seed=5)
    >>> a, b = meiro.solve(m, "astar"), meiro.solve(m, "bfs")
    >>> a.length == b.length
    True
    """
    flat, order = search_setup(grid, record)
    state, found, expanded, frontier = astar_kernel(
        flat, grid.shape[1], source, target, step, mix_seed(seed, stream=1), order)
    return SearchResult(state, found, expanded, frontier, order[:expanded] if record else None)

"""Greedy best-first search: always expand the open position nearest the goal.

Like A* but ranking positions only by their Manhattan distance to the goal,
ignoring how far they are from the start (J. Doran and D. Michie's
"heuristic path algorithm", 1966; Pearl, *Heuristics*, 1984). It heads
straight for the goal and expands few positions when the way is open, but
it is easily lured into corridors that point at the goal and end nowhere,
and on a maze with loops the path it returns need not be shortest. Ties are
broken at random by the maze's seed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.rng import mix_seed, next_u64
from ..kernels.search import SOURCE, offsets
from ..registry import SOLVERS
from .astar import _before, _grow, _swap
from .result import SearchResult, search_setup

_TIE_SHIFT = np.uint64(1)


@njit(cache=True)
def greedy_kernel(grid, cols, source, target, step, rng, order):
    """Greedy best-first search; arguments as for :func:`meiro.solve.astar.astar_kernel`."""
    record = order.size > 0
    off = offsets(cols)
    state = np.zeros(grid.size, np.uint8)
    goal_r = target // cols
    goal_c = target - goal_r * cols
    primary = np.empty(256, np.int64)  # Manhattan distance to the goal
    secondary = np.empty(256, np.int64)  # random tie-break
    item = np.empty(256, np.int64)
    primary[0] = 0
    secondary[0] = 0
    item[0] = source
    state[source] = SOURCE  # positions are marked when first seen, so each enters once
    size = 1
    max_frontier = 1
    expanded = 0
    found = -1
    while size > 0:
        p = item[0]
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
            state[q] = d + 1
            if size == primary.size:
                primary = _grow(primary)
                secondary = _grow(secondary)
                item = _grow(item)
            qr = q // cols
            tie, rng = next_u64(rng)
            primary[size] = abs(qr - goal_r) + abs(q - qr * cols - goal_c)
            secondary[size] = np.int64(tie >> _TIE_SHIFT)
            item[size] = q
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
    "greedy", aliases=("best-first", "greedy-best-first"), exact=False,
    summary="greedy best-first: nearest-to-goal first (Manhattan); fast on open ground, not shortest",
    reference="Doran and Michie (1966); J. Pearl, Heuristics (1984)",
)
def greedy(grid: np.ndarray, source: int, target: int, step: int, seed: int,
           record: bool) -> SearchResult:
    """Find a path with greedy best-first search.

    Examples
    --------
    >>> import meiro
    >>> room = meiro.parse_text("#######\\n#S    #\\n#     #\\n#    G#\\n#######")
    >>> meiro.solve(room, "greedy").expanded   # straight for the goal
    7
    """
    flat, order = search_setup(grid, record)
    state, found, expanded, frontier = greedy_kernel(flat, grid.shape[1], source, target, step,
                                                     mix_seed(seed, stream=5), order)
    return SearchResult(state, found, expanded, frontier, order[:expanded] if record else None)

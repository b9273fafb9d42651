"""Where the goal goes: the bottom-right corner, the farthest cell, or the diameter.

``farthest`` follows seed 004 — the goal is the open cell farthest from the
start by path length — but finds it with one breadth-first search instead of
one search per cell (seed 004's loop is O(N^2)). ``diameter`` moves the start
too: two BFS sweeps find both ends of the longest path, which is exact on a
perfect maze (a tree).
"""

from __future__ import annotations

import numpy as np

from .errors import MazeError
from .solve.bfs import bfs_kernel

GOALS = ("corner", "farthest", "diameter")

_NO_RECORD = np.empty(0, np.int64)


def farthest_from(grid: np.ndarray, origin: tuple[int, int], step: int = 2) -> tuple[int, int]:
    """The open block at maximal path distance from ``origin`` (ties: the last one BFS reaches).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 6, seed=1)
    >>> r, c = farthest_from(m.grid, (1, 1))
    >>> r % 2 == 1 and c % 2 == 1
    True
    """
    cols = grid.shape[1]
    _, last, _, _ = bfs_kernel(grid.ravel(), cols, origin[0] * cols + origin[1], -1, step, _NO_RECORD)
    return int(last // cols), int(last % cols)


def place_goal(grid: np.ndarray, start: tuple[int, int], goal: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """Return ``(start, goal)`` for the goal rule ``goal``.

    Examples
    --------
    >>> import numpy as np
    >>> g = np.ones((3, 5), bool); g[1, 1:4] = False
    >>> place_goal(g, (1, 1), "corner")
    ((1, 1), (1, 3))
    """
    if goal == "corner":
        return start, (grid.shape[0] - 2, grid.shape[1] - 2)
    if goal == "farthest":
        return start, farthest_from(grid, start)
    if goal == "diameter":
        one_end = farthest_from(grid, start)
        return one_end, farthest_from(grid, one_end)
    raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")

"""Where the goal goes: the bottom-right corner, the farthest cell, or the diameter.

``farthest`` follows the NumPy article — the goal is the open cell farthest from the
start by path length — but finds it with one breadth-first search instead of
one search per cell (the NumPy article's loop is O(N^2)). ``diameter`` moves the start
too: two BFS sweeps find both ends of the longest path, which is exact on a
perfect maze (a tree).
"""

from __future__ import annotations

import numpy as np

from .errors import MazeError
from .solve.bfs import bfs_kernel
from .solve.result import SearchGraph

GOALS = ("corner", "farthest", "diameter")

_NO_RECORD = np.empty(0, np.int64)


def farthest_from(grid: np.ndarray, origin: tuple[int, int], step: int = 2, *,
                  graph: SearchGraph | None = None) -> tuple[int, int]:
    """The open cell (``step`` 1: block) at maximal path distance from ``origin``.

    Ties go to the last one a breadth-first search reaches. ``step`` 2 searches
    cell to cell on a lattice maze, 1 block by block on any grid. ``graph`` may
    pass in the maze's search graph to save building it.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 6, seed=1)
    >>> r, c = farthest_from(m.grid, (1, 1))
    >>> r % 2 == 1 and c % 2 == 1
    True
    """
    g = graph if graph is not None else SearchGraph(grid, step)
    g.reset()
    source = g.node(origin[0] * g.cols + origin[1])
    last, _, _ = bfs_kernel(g.graph, g.width, source, -1, _NO_RECORD)
    r, c = (int(v) for v in divmod(int(g.flat_blocks(np.array([last]))[0]), g.cols))
    return r, c


def place_goal(grid: np.ndarray, start: tuple[int, int], goal: str,
               cells: np.ndarray | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    """Return ``(start, goal)`` for the goal rule ``goal``.

    ``cells`` may hand over a generator's compact cells (they are reused as the
    search graph, and their search codes are overwritten).

    Examples
    --------
    >>> import numpy as np
    >>> g = np.ones((3, 5), bool); g[1, 1:4] = False
    >>> place_goal(g, (1, 1), "corner")
    ((1, 1), (1, 3))
    """
    if goal == "corner":
        return start, (grid.shape[0] - 2, grid.shape[1] - 2)
    if goal not in GOALS:
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    graph = SearchGraph(grid, 2, cells)
    one_end = farthest_from(grid, start, graph=graph)
    if goal == "farthest":
        return start, one_end
    return one_end, farthest_from(grid, one_end, graph=graph)

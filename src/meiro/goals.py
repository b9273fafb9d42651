"""Where the goal goes: the bottom-right corner, the farthest cell, or the diameter.

``farthest`` follows the NumPy article — the goal is the open cell farthest from the
start by path length — but finds it with one breadth-first search instead of
one search per cell (the NumPy article's loop is O(N^2)). ``diameter`` moves the start
too: two BFS sweeps find both ends of the longest path, which is exact on a
perfect maze (a tree).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .errors import MazeError
from .goal_rules import GOALS as GOALS, goal_title as goal_title  # their home, without NumPy
from .maze import check_grid

if TYPE_CHECKING:
    from .solvers.result import SearchGraph


_NO_RECORD = np.empty(0, np.int64)


def farthest_from(grid: np.ndarray, origin: tuple[int, int], step: int = 2) -> tuple[int, int]:
    """The open cell (``step`` 1: block) at maximal path distance from ``origin``.

    Ties go to the last one a breadth-first search reaches. ``step`` 2 searches
    cell to cell on a lattice maze, 1 block by block on any grid.

    Raises
    ------
    MazeError
        If ``grid`` is not a maze's grid, ``origin`` is not one of its open blocks
        (with ``step`` 2: open cells), or ``step`` is not 1 or 2.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 6, seed=1)
    >>> r, c = farthest_from(m.grid, (1, 1))
    >>> r % 2 == 1 and c % 2 == 1
    True
    >>> farthest_from(m.grid, (10**6 + 1, 1))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: origin (1000001, 1) is outside the 13x13-block grid
    """
    from .solvers.result import SearchGraph, block_index  # (the kernels load when first needed)

    g = SearchGraph(grid, step)
    return _farthest(g, block_index(origin, g.rows, g.cols, "origin"))


def _farthest(g: SearchGraph, origin: int) -> tuple[int, int]:
    """:func:`farthest_from` on a graph, from flat block ``origin`` (checked here)."""
    from .solvers.bfs import _bfs_kernel

    g.reset()
    source = g.open_node(origin, "origin")
    last, _, _ = _bfs_kernel(g.graph, g.width, source, -1, _NO_RECORD)
    r, c = (int(v) for v in divmod(int(g._flat_blocks(np.array([last]))[0]), g.cols))
    return r, c


def place_goal(grid: np.ndarray, start: tuple[int, int], goal: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """Return ``(start, goal)`` for the goal rule ``goal`` on a maze's ``grid``.

    On a lattice maze with the start on a cell the ends are cells; on any other
    grid the search goes block by block.

    Raises
    ------
    MazeError
        If ``goal`` is not one of :data:`GOALS`, ``grid`` is not a maze's grid or
        ``start`` is not one of its open blocks.

    Examples
    --------
    >>> import numpy as np
    >>> g = np.ones((3, 5), bool); g[1, 1:4] = False
    >>> place_goal(g, (1, 1), "corner")
    ((1, 1), (1, 3))
    >>> place_goal(g, (1, 2), "diameter")            # not a cell: block by block
    ((1, 1), (1, 3))
    """
    from .solvers.result import SearchGraph, block_index

    if goal not in GOALS:
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    grid = check_grid(grid)
    rows, cols = grid.shape
    flat = block_index(start, rows, cols, "start")
    r, c = divmod(flat, cols)
    if grid[r, c]:
        raise MazeError(f"start ({r}, {c}) is on a wall block; it must be an open block")
    if goal == "corner":
        return (r, c), (rows - 2, cols - 2)
    lattice = r % 2 == 1 and c % 2 == 1 and bool(grid[::2, ::2].all())
    return _place_goal(SearchGraph(grid, 2 if lattice else 1), (r, c), goal)


def _place_goal(graph: SearchGraph, start: tuple[int, int],
                goal: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """:func:`place_goal` on a maze's search graph (whose codes it overwrites), for a
    checked ``start``; ``goal`` "farthest" or "diameter"."""
    one_end = _farthest(graph, start[0] * graph.cols + start[1])
    if goal == "farthest":
        return start, one_end
    return one_end, _farthest(graph, one_end[0] * graph.cols + one_end[1])

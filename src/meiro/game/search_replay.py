"""Replaying how a solver explored a maze, as the seed article's figures explain A*.

Each expanded block becomes the *current* block (yellow), the open blocks it
discovers join the *frontier* (blue), and expanded blocks are *closed* (grey).
``g`` is the distance from the start along the search, ``f = g + h`` with
``h`` the Manhattan distance to the goal — the two numbers the article writes
in each block. UI-free: a front end paints :attr:`SearchReplay.paint`.

Examples
--------
>>> import meiro
>>> replay = SearchReplay(meiro.generate(4, 4, seed=2), "astar")
>>> replay.advance(replay.total)
True
>>> int(replay.g[replay.maze.goal]) == meiro.solve(replay.maze).length
True
"""

from __future__ import annotations

import numpy as np

from ..maze import Maze
from .model import GOAL, PATH, START, WALL

CURRENT, FRONTIER, CLOSED = 6, 7, 8
_DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class SearchReplay:
    """Step through ``method``'s expansions of ``maze`` (``advance`` to any step)."""

    def __init__(self, maze: Maze, method: str = "astar"):
        from ..solve import search_stride, solve

        solution = solve(maze, method)
        self.maze = maze
        self.method = solution.method
        self.expanded = solution.expanded
        self.explored = solution.explored
        self.total = len(self.explored)
        self.stride = search_stride(maze)
        grid = maze.grid
        self.paint = np.where(grid, WALL, PATH).astype(np.uint8)
        self.paint[maze.start] = START
        self.paint[maze.goal] = GOAL
        self.g = np.full(grid.shape, -1, np.int32)
        self.g[maze.start] = 0
        self._closed = np.zeros(grid.shape, bool)
        self._via: dict[tuple[int, int], tuple[int, int]] = {}
        self.done = 0
        self.current: tuple[int, int] | None = None
        self._dirty: list[int] = []

    def h(self, pos) -> int:
        """Manhattan distance from ``pos`` to the goal, in blocks."""
        return abs(pos[0] - self.maze.goal[0]) + abs(pos[1] - self.maze.goal[1])

    def f(self, pos) -> int:
        return int(self.g[pos]) + self.h(pos)

    @property
    def frontier(self) -> np.ndarray:
        """Blocks discovered but not yet expanded, as a bool grid."""
        return (self.g >= 0) & ~self._closed & ~self.maze.grid

    def _set(self, pos, colour) -> None:
        if pos not in (self.maze.start, self.maze.goal):
            self.paint[pos] = colour
        self._dirty.append(pos[0] * self.maze.shape[1] + pos[1])

    def advance(self, k: int) -> bool:
        """Replay expansions up to step ``k``; True if anything changed."""
        k = min(k, self.total)
        if k <= self.done:
            return False
        grid, stride, g = self.maze.grid, self.stride, self.g
        for i in range(self.done, k):
            if self.current is not None:
                self._close(self.current)
            r, c = int(self.explored[i, 0]), int(self.explored[i, 1])
            self.current = (r, c)
            self._set(self.current, CURRENT)
            via = self._via.pop(self.current, None)
            if via is not None:  # the passage the search came through is done with
                self._closed[via] = True
                self._set(via, CLOSED)
            for dr, dc in _DIRS:
                if grid[r + dr, c + dc]:
                    continue
                far = (r + stride * dr, c + stride * dc)
                if g[far] < 0:
                    g[far] = g[r, c] + stride
                    g[r + dr, c + dc] = g[r, c] + 1
                    self._via[far] = (r + dr, c + dc)
                    for pos in {(r + dr, c + dc), far}:
                        self._set(pos, FRONTIER)
        if k == self.total and self.current is not None:
            self._close(self.current)
            self.current = None
        self.done = k
        return True

    def _close(self, pos) -> None:
        self._closed[pos] = True
        self._set(pos, CLOSED)

    def take_dirty(self) -> np.ndarray:
        out = np.array(self._dirty, np.int64)
        self._dirty.clear()
        return out

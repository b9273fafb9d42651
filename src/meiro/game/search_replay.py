"""Replaying how a solver explored a maze, as the seed article's figures explain A*.

Each expanded block becomes the *current* block (yellow), the open blocks it
discovers join the *frontier* (blue), and expanded blocks are *closed* (grey).
``g`` is the distance from the start along the search, ``f = g + h`` with
``h`` the Manhattan distance to the goal — the two numbers the article writes
in each block. UI-free: a front end paints :attr:`SearchReplay.paint` and
repaints the blocks :meth:`SearchReplay.take_dirty` reports.

All changes are computed once, in a compiled pass over the expansion order
(:mod:`meiro.solvers.replay_events`); advancing is then one slice of events, so a
frame costs the same whether it replays one expansion or a hundred thousand.
:class:`SearchWatch` paces several replays on one clock, as the game paces the
digging.

Examples
--------
>>> import meiro
>>> replay = SearchReplay(meiro.generate(4, 4, seed=2), "astar")
>>> replay.advance(replay.total)
True
>>> int(replay.g[replay.maze.goal]) == meiro.solve(replay.maze).length
True
>>> replay.found, replay.steps == meiro.solve(replay.maze).length   # the route traced back
(True, True)

When the search reaches the goal, the article's step ⑤: the route is traced back from
the goal through the parents and drawn in the answer colour (palevioletred), and
:attr:`SearchReplay.found` says so with its length, :attr:`SearchReplay.steps`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from ..maze import Maze
from ..paint import ANSWER, CLOSED, CURRENT, FRONTIER, GOAL, PATH, START, WALL
from ..solvers.replay_events import apply_events, search_events

__all__ = ["CLOSED", "CURRENT", "FRONTIER", "SearchReplay", "SearchWatch", "search_duration"]


class SearchReplay:
    """Step through ``method``'s expansions of ``maze`` (``advance`` to any step).

    Attributes
    ----------
    paint : uint8 array
        One palette index per block (the game's, plus CURRENT, FRONTIER, CLOSED);
        the start and goal keep their colours.
    state : uint8 array
        0 for blocks the search has not reached, else CURRENT, FRONTIER or CLOSED.
    g : integer array
        The search's ``g`` of every reached block (-1 elsewhere).
    done, total : int
        Expansions replayed so far, and in all.
    """

    def __init__(self, maze: Maze, method: str = "astar") -> None:
        from ..solvers import search_stride, solve

        solution = solve(maze, method)
        self.maze = maze
        #: the route the parents give back from the goal (blocks, start to goal; empty if none)
        self.route = solution.path
        self.steps = solution.length
        self.method = solution.method
        self.expanded = solution.expanded
        self.explored = solution.explored
        self.total = len(self.explored)
        self.stride = search_stride(maze)
        grid, cols = maze.grid, maze.shape[1]
        order = self.explored[:, 0].astype(np.int64) * cols + self.explored[:, 1]
        self.events = search_events(grid.ravel(), cols, order, self.stride)
        self.paint = np.where(grid, WALL, PATH).astype(np.uint8)
        self.paint[maze.start] = START
        self.paint[maze.goal] = GOAL
        self.state = np.zeros(grid.shape, np.uint8)
        self.g = np.full(grid.shape, -1, self.events.g.dtype)
        self.g[maze.start] = 0
        self.done = 0
        self._flat_ends = (maze.start[0] * cols + maze.start[1], maze.goal[0] * cols + maze.goal[1])
        self._taken = 0  # events already reported by take_dirty
        self._route_dirty: NDArray[np.int64] | None = None  # the route's blocks, once drawn

    def h(self, pos: tuple[int, int]) -> int:
        """Manhattan distance from ``pos`` to the goal, in blocks."""
        return abs(pos[0] - self.maze.goal[0]) + abs(pos[1] - self.maze.goal[1])

    def f(self, pos: tuple[int, int]) -> int:
        return int(self.g[pos]) + self.h(pos)

    @property
    def found(self) -> bool:
        """Whether the replay has reached its end with the goal found (the route is drawn)."""
        return self.done >= self.total and len(self.route) > 0

    @property
    def current(self) -> tuple[int, int] | None:
        """The block being expanded (None before the first step and after the last)."""
        if 0 < self.done < self.total:
            row, col = self.explored[self.done - 1]
            return int(row), int(col)
        return None

    @property
    def frontier(self) -> NDArray[np.bool_]:
        """Blocks discovered but not yet expanded, as a bool grid."""
        return np.equal(self.state, FRONTIER)

    @property
    def closed(self) -> NDArray[np.bool_]:
        """Blocks the search is done with, as a bool grid."""
        return np.equal(self.state, CLOSED)

    def advance(self, k: int) -> bool:
        """Replay expansions up to step ``k``; True if anything changed."""
        k = min(whole(k, "advance()'s k", what="a whole number of steps"), self.total)
        if k <= self.done:
            return False
        ev = self.events
        apply_events(ev.blocks, ev.colours, ev.g, ev.starts[self.done + 1], ev.starts[k + 1],
                     self.state.ravel(), self.paint.ravel(), self.g.ravel(), *self._flat_ends)
        self.done = k
        if k >= self.total and len(self.route):  # the goal found: trace the parents back
            rows, cols = np.asarray(self.route)[1:-1].T
            self.paint[rows, cols] = ANSWER
            self._route_dirty = rows.astype(np.int64) * self.maze.shape[1] + cols
        return True

    def take_dirty(self) -> np.ndarray:
        """Flat indices of the blocks changed since the last call (may repeat)."""
        end = self.events.starts[self.done + 1] if self.done else 0
        out = self.events.blocks[self._taken:end]
        self._taken = end
        if self._route_dirty is not None:
            out = np.concatenate((out, self._route_dirty))
            self._route_dirty = None
        return out


def search_duration(steps: int) -> float:
    """Seconds a replay of ``steps`` expansions takes: slow enough to follow on small mazes.

    At most 5 expansions a second on tiny searches, 4 s for a hundred, 7 s for a
    million (a 1000x1000 maze), never more than 8 s.

    Examples
    --------
    >>> search_duration(10), search_duration(100), search_duration(1_000_000)
    (2.0, 4.0, 7.0)
    """
    return max(0.5, min(steps / 5, 8.0, 4.0 + 0.75 * math.log10(max(steps, 100) / 100)))


class SearchWatch:
    """Several searches of one maze replayed at the same pace, so their counts compare.

    The replays share one step count, driven by the clock; :meth:`pause`
    freezes it, :meth:`step` moves every search on by exactly one expansion
    (to follow A* block by block, g and f in hand), :meth:`resume` carries on
    from there at the same pace.

    Examples
    --------
    >>> import meiro
    >>> now = [0.0]
    >>> watch = SearchWatch(meiro.generate(6, 6, seed=4), clock=lambda: now[0])
    >>> now[0] = watch.duration / 2
    >>> watch.tick(), watch.done
    ([True, True], False)
    >>> halfway = watch.steps
    >>> watch.step(), watch.paused, watch.steps == halfway + 1
    ([True, True], True, True)
    >>> now[0] = watch.duration  # time passes, the paused searches wait
    >>> watch.tick(), watch.steps == halfway + 1
    ([False, False], True)
    >>> watch.skip(), watch.done
    ([True, True], True)
    """

    def __init__(self, maze: Maze, methods: Sequence[str] = ("astar", "bfs"),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        if isinstance(methods, str):
            raise TypeError("methods must be a sequence of solver names, e.g. ('astar', 'bfs'), not one str")
        self.replays = [SearchReplay(maze, method) for method in methods]
        if not self.replays:
            raise MazeError("SearchWatch needs at least one solver to replay")
        self.longest = max(replay.total for replay in self.replays)
        self.duration = search_duration(self.longest)
        self.steps = 0  # expansions replayed, the same for every search (capped by its own total)
        self.paused = False
        self.begin()

    def begin(self) -> None:
        """Start the clock (a front end calls this once its window is drawn)."""
        self._t0 = self.clock() - self.duration * self.steps / max(self.longest, 1)

    @property
    def done(self) -> bool:
        return all(replay.done >= replay.total for replay in self.replays)

    def tick(self) -> list[bool]:
        """Advance every replay to the clock's time; which of them changed."""
        if self.paused:
            return [False] * len(self.replays)
        progress = min(1.0, max(0.0, (self.clock() - self._t0) / self.duration))
        # (less a hair: resuming at step k must not round up to k + 1)
        return self._advance(max(self.steps, math.ceil(self.longest * progress - 1e-9)))

    def skip(self) -> list[bool]:
        """Space: jump to the end of every search."""
        return self._advance(self.longest)

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        """Carry on from the step reached, at the usual pace."""
        self.paused = False
        self.begin()

    def toggle(self) -> None:
        """Pause, or resume when paused."""
        if self.paused:
            self.resume()
        else:
            self.pause()

    def step(self) -> list[bool]:
        """Pause, then replay one more expansion of every search that is not finished."""
        self.pause()
        return self._advance(min(self.steps + 1, self.longest))

    def _advance(self, steps: int) -> list[bool]:
        self.steps = steps
        return [replay.advance(steps) for replay in self.replays]

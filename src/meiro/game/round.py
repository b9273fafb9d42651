"""One round of the game: a maze from its digging to its end, free of any UI.

A :class:`Round` holds what exists only while a maze is on the board — the
maze, the paint grid (one palette index per block, :mod:`meiro.paint`), the
player, the trail, the counters, the stopwatch, the digging replay and the
answer — and the blocks that changed since a front end last asked. The size
entry that starts a round is :class:`meiro.game.entry.EntryForm`;
:class:`meiro.game.model.GameModel` puts the two together.

A round moves through the phases digging → playing → cleared (or → answer);
Enter during a round stops it (:data:`Phase.ENTRY`: the maze stays on the board,
the clock stops).

Examples
--------
>>> import meiro
>>> now = [0.0]
>>> r = Round(meiro.generate(3, 3, seed=1), "corner", clock=lambda: now[0])
>>> r.phase, r.dig_done < r.dig_total
(<Phase.DIGGING: 'digging'>, True)
>>> r.skip()
True
>>> r.phase, r.player, r.min_moves
(<Phase.PLAYING: 'playing'>, (1, 1), 12)
"""

from __future__ import annotations

import math
import time
from enum import Enum
from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..maze import Maze
from ..paint import ANSWER, GOAL, PATH, START, TRAIL, WALL
from .clock import Stopwatch
from .commands import Direction


class Phase(Enum):
    """Where the game is: the size entry, digging, playing, showing the answer, cleared."""

    ENTRY = "entry"
    DIGGING = "digging"
    PLAYING = "playing"
    ANSWER = "answer"
    CLEARED = "cleared"


def dig_duration(blocks: int) -> float:
    """Seconds the digging replay takes: ~2.5 s for 15x15 cells, ~6 s at 1000x1000.

    Examples
    --------
    >>> round(dig_duration(449), 1), round(dig_duration(2_000_000), 1)
    (2.5, 6.1)
    """
    return min(6.5, 2.5 + math.log10(max(blocks, 450) / 450))


def answer_duration(blocks: int) -> float:
    """Seconds the answer animation takes (about 10 ms a block, 0.3 s to 3 s)."""
    return min(3.0, max(0.3, blocks * 0.01))


class Round:
    """The state and rules of one maze on the board.

    Parameters
    ----------
    maze : Maze
    goal : str
        The goal rule the maze was made with (the records name a maze by it).
    clock : callable returning seconds
        The time source of the stopwatch and the animations.
    on_clear : callable, optional
        Called with the round when the player reaches the goal (the round's end).
    """

    def __init__(self, maze: Maze, goal: str, clock: Callable[[], float] = time.monotonic,
                 on_clear: Callable[[Round], object] | None = None) -> None:
        from ..solvers import solve

        self.maze = maze
        self.on_clear = on_clear
        self.goal = goal
        self.clock = clock
        self.stopwatch = Stopwatch(clock)
        self.paint: NDArray[np.uint8] = np.full(maze.shape, WALL, np.uint8)
        self.visited: NDArray[np.bool_] = np.zeros(maze.shape, bool)
        self.visited[maze.start] = True
        self.player: tuple[int, int] = maze.start
        self.moves = self.steps = 0
        self.answer_path: np.ndarray = solve(maze, "astar").path
        self.min_moves = len(self.answer_path) - 1
        self.answer_shown = 0
        self.answer_used = False
        self.search_watched = False  # the searches were watched while the maze was being played
        self.cleared = False
        self.dig_paused = False  # the digging waits for → (one block) or Enter (go on)
        self._order = maze.carve_order
        self.dig_total = len(self._order)
        self.dig_done = 0
        self.phase = Phase.DIGGING
        self._anim_t0 = 0.0
        self._anim_len = 1.0
        self._begin_animation(dig_duration(self.dig_total))
        self._dirty: list[NDArray[np.int64]] = []

    # -- commands --------------------------------------------------------------------------
    def move(self, direction: Direction, run: bool = False) -> bool:
        """An arrow: one block (walls block), or with ``run`` on to the next choice; while
        digging, → digs one more block (for watching the method block by block)."""
        if self.phase is Phase.DIGGING:
            return direction is Direction.E and self._step_digging()
        if run:
            return self._run(direction.value)
        return self._move(direction.value)

    def skip(self) -> bool:
        """Space: finish the running animation (digging or answer) at once."""
        if self.phase is Phase.DIGGING:
            self._dig_to(self.dig_total)
            return True
        if self.phase is Phase.ANSWER and not self.answer_done:
            self._answer_to(self.answer_blocks)
            return True
        return False

    def show_answer(self) -> bool:
        """i: give up and reveal the A* answer block by block."""
        if self.phase is not Phase.PLAYING:
            return False
        self.stopwatch.stop()
        self.answer_used = True
        self.phase = Phase.ANSWER
        self._begin_animation(answer_duration(self.answer_blocks))
        return True

    def stop(self) -> None:
        """Enter during the round: stop the clock; the maze stays on the board."""
        self.stopwatch.stop()
        self.phase = Phase.ENTRY

    def resume_digging(self) -> None:
        """Enter while the digging waits: go on from the block reached, at the usual pace."""
        self.dig_paused = False
        self._anim_t0 = self.clock() - self._anim_len * self.dig_done / max(self.dig_total, 1)

    def watch_search(self) -> bool:
        """f: whether the searches can be shown now (the maze is dug). Watching them while
        playing shows the way, so a clear after that is not a record (:attr:`clear_counts`)."""
        if not self.dug:
            return False
        if self.phase is Phase.PLAYING:
            self.search_watched = True
        return True

    def tick(self) -> bool:
        """Advance the running animation to the clock's time; True if blocks changed."""
        if self.phase is Phase.DIGGING:
            if self.dig_paused:
                return False
            return self._dig_to(int(self.dig_total * self._progress()))
        if self.phase is Phase.ANSWER and not self.answer_done:
            return self._answer_to(int(self.answer_blocks * self._progress()))
        return False

    # -- state out ---------------------------------------------------------------------------
    @property
    def dug(self) -> bool:
        """The digging replay is over: start, goal and player are on the board."""
        return self.dig_done >= self.dig_total

    @property
    def animating(self) -> bool:
        """Whether :meth:`tick` still has work."""
        digging = self.phase is Phase.DIGGING and not self.dig_paused
        return digging or (self.phase is Phase.ANSWER and not self.answer_done)

    @property
    def clear_counts(self) -> bool:
        """The maze was cleared without help: the clear goes into the records."""
        return self.cleared and not self.search_watched

    @property
    def answer_blocks(self) -> int:
        """Blocks the answer paints: between start and goal, so both stay visible (the seed)."""
        return max(0, len(self.answer_path) - 2)

    @property
    def answer_done(self) -> bool:
        return self.answer_shown >= self.answer_blocks

    @property
    def digging_at(self) -> tuple[int, int] | None:
        """The block dug last while the maze is being dug — the article's yellow square —
        else None."""
        if self.phase is not Phase.DIGGING or self.dig_done == 0:
            return None
        r, c = divmod(int(self._order[self.dig_done - 1]), self.maze.shape[1])
        return r, c

    def take_dirty(self) -> NDArray[np.int64]:
        """The flat indices of the blocks changed since the last call."""
        if not self._dirty:
            blocks = np.empty(0, np.int64)
        elif len(self._dirty) == 1:
            blocks = self._dirty[0]
        else:
            blocks = np.concatenate(self._dirty)
        self._dirty.clear()
        return blocks

    # -- internals ---------------------------------------------------------------------------
    def _begin_animation(self, seconds: float) -> None:
        self._anim_t0 = self.clock()
        self._anim_len = seconds

    def _progress(self) -> float:
        return min(1.0, max(0.0, (self.clock() - self._anim_t0) / self._anim_len))

    def _touch(self, flat: ArrayLike) -> None:
        self._dirty.append(np.asarray(flat, np.int64).ravel())

    def _flat(self, pos: tuple[int, int]) -> int:
        return pos[0] * self.maze.shape[1] + pos[1]

    def _dig_to(self, k: int) -> bool:
        k = min(k, self.dig_total)
        if k <= self.dig_done:
            return False
        maze, paint, order = self.maze, self.paint, self._order
        fresh = order[self.dig_done:k]
        paint.ravel()[fresh] = PATH
        self._touch(fresh)
        if self.dig_done:  # the yellow square moves on: its old block is drawn again
            self._touch([order[self.dig_done - 1]])
        self.dig_done = k
        if k == self.dig_total:
            paint[maze.start] = START
            paint[maze.goal] = GOAL
            self._touch([self._flat(maze.start), self._flat(maze.goal)])
            self.phase = Phase.PLAYING
            self.stopwatch.start()
            if self.player == maze.goal:  # a 1x1 maze: the start is the goal
                self._clear()
        return True

    def _step_digging(self) -> bool:
        """Pause the digging and open the next block of its log."""
        self.dig_paused = True
        self._dig_to(self.dig_done + 1)
        return True

    def _answer_to(self, k: int) -> bool:
        k = min(k, self.answer_blocks)
        if k <= self.answer_shown:
            return False
        rows, cols = self.answer_path[1 + self.answer_shown:1 + k].T
        self.paint[rows, cols] = ANSWER
        self._touch(rows.astype(np.int64) * self.maze.shape[1] + cols)
        self.answer_shown = k
        return True

    def _run(self, delta: tuple[int, int]) -> bool:
        """One step, then along the corridor until a junction, a dead end or the goal: the
        player only decides where the maze offers a choice (Shift with a move)."""
        came = self.player
        if not self._move(delta):
            return False
        grid = self.maze.grid
        while self.phase is Phase.PLAYING:
            r, c = self.player
            ways = [d.value for d in Direction if not grid[r + d.value[0], c + d.value[1]]]
            if len(ways) != 2:
                break
            onward = next(w for w in ways if (r + w[0], c + w[1]) != came)
            came = (r, c)
            self._move(onward)
        return True

    def _move(self, delta: tuple[int, int]) -> bool:
        if self.phase is not Phase.PLAYING:
            return False
        maze, old = self.maze, self.player
        r, c = old[0] + delta[0], old[1] + delta[1]
        if maze.grid[r, c]:  # the border is closed, so r, c stay on the grid
            return False
        self.player = (r, c)
        self.steps += 1
        if not self.visited[r, c]:
            # the seed counts a move only the first time a block is entered
            self.visited[r, c] = True
            self.moves += 1
            if self.paint[r, c] == PATH:
                self.paint[r, c] = TRAIL
        self._touch([self._flat(old), self._flat(self.player)])
        if self.player == maze.goal:
            self._clear()
        return True

    def _clear(self) -> None:
        self.cleared = True
        self.stopwatch.stop()
        self.phase = Phase.CLEARED
        if self.on_clear is not None:
            self.on_clear(self)

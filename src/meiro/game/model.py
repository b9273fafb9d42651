"""The game's rules, without any window: commands in, state and changed blocks out.

:class:`GameModel` holds the maze, the player, the trail, the counters, the
stopwatch and the two animations (the digging replay and the answer), and
keeps a *paint* grid — one palette index per block — that a front end turns
into pixels. After each command or :meth:`GameModel.tick` the front end asks
:meth:`GameModel.take_changes` which blocks changed and repaints only those.

The phases follow the seed game::

    ENTRY --Enter--> DIGGING --done/Space--> PLAYING --goal--> CLEARED
      ^                 |                       |--i--> ANSWER (animated, then over)
      +------Enter------+-----------------------+

Enter while a maze runs stops it (back to the size entry); Enter when the
game is over (cleared, answer shown, stopped) starts a new maze from the entry.

Examples
--------
>>> import meiro
>>> now = [0.0]
>>> game = GameModel(clock=lambda: now[0])
>>> game.start_maze(meiro.generate(3, 3, seed=1))
>>> game.phase
<Phase.DIGGING: 'digging'>
>>> game.handle(Skip())
True
>>> game.phase, game.player, game.min_moves
(<Phase.PLAYING: 'playing'>, (1, 1), 8)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from enum import Enum
from typing import Callable, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError
from ..maze import Maze
from .clock import Stopwatch, format_elapsed
from .commands import Command, Direction, Move, ShowAnswer, Skip, StartStop
from .entry import EntryError, allowed, format_entry, parse_entry
from ..text.messages import text

# the paint grid's block classes (colours: meiro.paint)
from ..paint import ANSWER, GOAL, PATH, START, TRAIL, WALL  # noqa: E402


_T = TypeVar("_T")


def _started(value: _T | None) -> _T:
    """``value``, which :meth:`GameModel.start_maze` sets: the rules that use it only run
    once a maze has started (digging, playing, the answer)."""
    if value is None:
        raise RuntimeError("no maze has been started")
    return value


class Phase(Enum):
    """Where the game is: the size entry, digging, playing, showing the answer, cleared."""

    ENTRY = "entry"
    DIGGING = "digging"
    PLAYING = "playing"
    ANSWER = "answer"
    CLEARED = "cleared"


@dataclass
class Changes:
    """What to repaint: everything (``full``) or the flat block indices in ``blocks``."""

    full: bool
    blocks: NDArray[np.int64]
    status: bool


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


class GameModel:
    """State and rules of one game window.

    Parameters
    ----------
    clock : callable returning seconds
        The time source for the stopwatch and the animations (inject a fake one in tests).
    lang : {"ja", "en"}
    algorithm, goal : str
        The generator and goal rule for mazes started from the entry.
    unit : {"blocks", "cells"}
        What the size entry expects: the seed's odd block side, or cells.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, lang: str = "ja",
                 algorithm: str = "dig", goal: str = "corner", unit: str = "blocks") -> None:
        self.clock = clock
        self.lang = lang
        self.algorithm = algorithm
        self.goal = goal
        self.entry_unit = unit
        self.entry_text = ""
        self.seed_text = ""
        self.message_key = "prompt_" + unit
        self.stopwatch = Stopwatch(clock)
        self.phase = Phase.ENTRY
        self.maze: Maze | None = None
        self.maze_goal = goal
        self.paint: NDArray[np.uint8] | None = None
        self.visited: NDArray[np.bool_] | None = None
        self.player: tuple[int, int] | None = None
        self.moves = 0
        self.steps = 0
        self.min_moves: int | None = None
        self.answer_path: np.ndarray | None = None
        self.answer_shown = 0
        self.answer_used = False
        self.search_watched = False  # the searches were watched while the maze was being played
        self.cleared = False
        self.dig_paused = False  # the digging waits for → (one block) or Enter (go on)
        self.dig_done = 0
        self.dig_total = 0
        self._order: np.ndarray | None = None
        self._anim_t0 = 0.0
        self._anim_len = 1.0
        self._dirty: list[NDArray[np.int64]] = []
        self._full = False
        self._status = True

    # -- the entry -----------------------------------------------------------
    @property
    def entry_enabled(self) -> bool:
        """Whether the size entry (and the choosers) may be edited: no maze is running."""
        return self.phase in (Phase.ENTRY, Phase.CLEARED) or (
            self.phase is Phase.ANSWER and self.answer_done)

    def set_entry(self, value: str) -> bool:
        """Type into the size entry; refused (False) unless digits (and one ``x``)."""
        if not allowed(value):
            return False
        self.entry_text = value
        return True

    def set_unit(self, unit: str) -> None:
        """Switch what the entry expects (``"blocks"`` or ``"cells"``), converting its text."""
        if unit == self.entry_unit or unit not in ("blocks", "cells"):
            return
        try:
            size = parse_entry(self.entry_text, self.entry_unit)
        except EntryError:
            size = None
        self.entry_unit = unit
        if size:
            self.entry_text = format_entry(*size, unit)
        self.message_key = "prompt_" + unit
        self._status = True

    @property
    def message(self) -> str:
        """The text beside the entry: the prompt, or why the entry was refused."""
        return text(self.lang, self.message_key)

    # -- starting and stopping -------------------------------------------------
    @property
    def asked_size(self) -> tuple[int, int] | None:
        """The ``(width, height)`` in cells Enter would start now, or None (nothing valid
        asked, or Enter would not start a maze)."""
        if not self.entry_enabled:
            return None
        try:
            return parse_entry(self.entry_text, self.entry_unit)
        except EntryError:
            return None

    def new_game(self) -> bool:
        """Start a maze from the entry (size, seed, algorithm, goal); False if refused."""
        from ..generators import generate

        try:
            width, height = parse_entry(self.entry_text, self.entry_unit)
        except EntryError as exc:
            self.message_key = exc.key
            self._status = True
            return False
        seed = None
        if self.seed_text.strip():
            try:
                seed = int(self.seed_text.strip())
            except ValueError:
                seed = -1
        try:
            maze = generate(width, height, algorithm=self.algorithm, seed=seed, goal=self.goal)
        except MazeError:
            self.message_key = "seed_invalid" if seed is not None else "entry_invalid"
            self._status = True
            return False
        self.start_maze(maze)
        return True

    def start_maze(self, maze: Maze) -> None:
        """Begin the digging replay of ``maze`` (the game proper starts when it is dug)."""
        from ..solvers import solve

        self.maze = maze
        self.maze_goal = self.goal  # the goal rule this maze was made with (choosers may change)
        self.paint = np.full(maze.shape, WALL, np.uint8)
        self.visited = np.zeros(maze.shape, bool)
        self.visited[maze.start] = True
        self.player = maze.start
        self.moves = self.steps = 0
        self.answer_path = solve(maze, "astar").path
        self.min_moves = len(self.answer_path) - 1
        self.answer_shown = 0
        self.answer_used = False
        self.search_watched = False
        self.cleared = False
        self.dig_paused = False
        self._order = maze.carve_order
        self.dig_total = len(self._order)
        self.dig_done = 0
        self.stopwatch.reset()
        self.message_key = "prompt_" + self.entry_unit
        self.phase = Phase.DIGGING
        self._begin_animation(dig_duration(self.dig_total))
        self._full = True
        self._dirty.clear()
        self._status = True

    def watch_search(self) -> bool:
        """f: whether the searches can be shown now (a maze is dug). Watching them while
        playing shows the way, so a clear after that is not a record (:attr:`clear_counts`)."""
        if self.maze is None or self.dig_done < self.dig_total:
            return False
        if self.phase is Phase.PLAYING:
            self.search_watched = True
        return True

    @property
    def clear_counts(self) -> bool:
        """The maze was cleared without help: the clear goes into the records."""
        return self.cleared and not self.search_watched

    def stop(self) -> None:
        """Enter during a running maze: stop the clock and go back to the size entry."""
        self.stopwatch.stop()
        self.phase = Phase.ENTRY
        self._status = True

    # -- commands ----------------------------------------------------------------
    def handle(self, command: Command) -> bool:
        """Apply one command; True if anything changed. Commands for the front end are ignored."""
        self.tick()
        if isinstance(command, Move):
            if self.phase is Phase.DIGGING:
                # → digs one more block, for watching the method block by block
                return command.direction is Direction.E and self._step_digging()
            if command.run:
                return self._run(command.direction.value)
            return self._move(command.direction.value)
        if isinstance(command, StartStop):
            if self.entry_enabled:
                return self.new_game() or True
            if self.phase is Phase.DIGGING and self.dig_paused:
                self._resume_digging()
                return True
            self.stop()
            return True
        if isinstance(command, Skip):
            if self.phase is Phase.DIGGING:
                self._dig_to(self.dig_total)
                return True
            if self.phase is Phase.ANSWER and not self.answer_done:
                self._answer_to(self._answer_blocks)
                return True
            return False
        if isinstance(command, ShowAnswer):
            if self.phase is not Phase.PLAYING:
                return False
            self.stopwatch.stop()
            self.answer_used = True
            self.phase = Phase.ANSWER
            self._begin_animation(answer_duration(self._answer_blocks))
            self._status = True
            return True
        return False

    def tick(self) -> bool:
        """Advance the running animation to the clock's time; True if blocks changed."""
        if self.phase is Phase.DIGGING:
            if self.dig_paused:
                return False
            return self._dig_to(int(self.dig_total * self._progress()))
        if self.phase is Phase.ANSWER and not self.answer_done:
            return self._answer_to(int(self._answer_blocks * self._progress()))
        return False

    @property
    def animating(self) -> bool:
        """Whether :meth:`tick` still has work (a front end keeps its timer running)."""
        digging = self.phase is Phase.DIGGING and not self.dig_paused
        return digging or (self.phase is Phase.ANSWER and not self.answer_done)

    # -- state out -------------------------------------------------------------------
    @property
    def elapsed(self) -> float:
        return self.stopwatch.elapsed

    @property
    def clock_text(self) -> str:
        """The stopwatch as the seed shows it (``12.3秒``, ``1分 2.0秒``, ...)."""
        return format_elapsed(self.elapsed, self.lang)

    @property
    def digging_at(self) -> tuple[int, int] | None:
        """The block dug last while the maze is being dug — the article's yellow square —
        else None."""
        if self.phase is not Phase.DIGGING or self.dig_done == 0:
            return None
        order, maze = _started(self._order), _started(self.maze)
        r, c = divmod(int(order[self.dig_done - 1]), maze.shape[1])
        return r, c

    @property
    def answer_done(self) -> bool:
        return self.answer_path is not None and self.answer_shown >= self._answer_blocks

    def take_changes(self) -> Changes:
        """The blocks changed since the last call (and whether the texts changed)."""
        if self._full or not self._dirty:
            blocks = np.empty(0, np.int64)
        elif len(self._dirty) == 1:
            blocks = self._dirty[0]
        else:
            blocks = np.concatenate(self._dirty)
        changes = Changes(self._full, blocks, self._status)
        self._dirty.clear()
        self._full = self._status = False
        return changes

    # -- internals ----------------------------------------------------------------------
    @property
    def _answer_blocks(self) -> int:
        # the seed paints the answer between start and goal, so both stay visible
        return max(0, len(self.answer_path) - 2) if self.answer_path is not None else 0

    def _begin_animation(self, seconds: float) -> None:
        self._anim_t0 = self.clock()
        self._anim_len = seconds

    def _progress(self) -> float:
        return min(1.0, max(0.0, (self.clock() - self._anim_t0) / self._anim_len))

    def _touch(self, flat: ArrayLike) -> None:
        self._dirty.append(np.asarray(flat, np.int64).ravel())

    def _flat(self, pos: tuple[int, int]) -> int:
        return pos[0] * _started(self.maze).shape[1] + pos[1]

    def _dig_to(self, k: int) -> bool:
        k = min(k, self.dig_total)
        if k <= self.dig_done:
            return False
        maze, paint, order = _started(self.maze), _started(self.paint), _started(self._order)
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
            self._status = True
            if self.player == maze.goal:  # a 1x1 maze: the start is the goal
                self._clear()
        return True

    def _step_digging(self) -> bool:
        """Pause the digging and open the next block of its log."""
        self.dig_paused = True
        self._status = True
        self._dig_to(self.dig_done + 1)
        return True

    def _resume_digging(self) -> None:
        """Go on digging from the block reached, at the usual pace."""
        self.dig_paused = False
        self._anim_t0 = self.clock() - self._anim_len * self.dig_done / max(self.dig_total, 1)
        self._status = True

    def _answer_to(self, k: int) -> bool:
        k = min(k, self._answer_blocks)
        if k <= self.answer_shown:
            return False
        rows, cols = _started(self.answer_path)[1 + self.answer_shown:1 + k].T
        _started(self.paint)[rows, cols] = ANSWER
        self._touch(rows.astype(np.int64) * _started(self.maze).shape[1] + cols)
        self.answer_shown = k
        if self.answer_done:
            self._status = True
        return True

    def _run(self, delta: tuple[int, int]) -> bool:
        """One step, then along the corridor until a junction, a dead end or the goal: the
        player only decides where the maze offers a choice (Shift with a move)."""
        came = self.player
        if not self._move(delta):
            return False
        grid = _started(self.maze).grid
        while self.phase is Phase.PLAYING:
            r, c = _started(self.player)
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
        maze, old = _started(self.maze), _started(self.player)
        r, c = old[0] + delta[0], old[1] + delta[1]
        if maze.grid[r, c]:  # the border is closed, so r, c stay on the grid
            return False
        self.player = (r, c)
        self.steps += 1
        visited, paint = _started(self.visited), _started(self.paint)
        if not visited[r, c]:
            # the seed counts a move only the first time a block is entered
            visited[r, c] = True
            self.moves += 1
            if paint[r, c] == PATH:
                paint[r, c] = TRAIL
        self._touch([self._flat(old), self._flat(self.player)])
        self._status = True
        if self.player == maze.goal:
            self._clear()
        return True

    def _clear(self) -> None:
        self.cleared = True
        self.stopwatch.stop()
        self.phase = Phase.CLEARED

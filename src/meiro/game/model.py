"""The game's rules, without any window: commands in, state and changed blocks out.

:class:`GameModel` puts together the size entry (:class:`~meiro.game.entry.EntryForm`:
size, seed, algorithm, goal and their validation) and the round being played
(:class:`~meiro.game.round.Round`: the maze, the player, the counters, the
stopwatch, the two animations and the *paint* grid — one palette index per
block — that a front end turns into pixels). After each command or
:meth:`GameModel.tick` the front end asks :meth:`GameModel.take_changes` which
blocks changed and repaints only those. Front ends drive the model through a
:class:`~meiro.game.session.GameSession`.

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
(<Phase.PLAYING: 'playing'>, (1, 1), 12)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Generic, TypeVar, overload
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..maze import Maze
from ..text.messages import text
from .clock import Stopwatch, format_elapsed
from .commands import Command, Move, ShowAnswer, Skip, StartStop
from .entry import EntryError, EntryForm
from .round import Phase, Round, answer_duration, dig_duration

# the paint grid's block classes (colours: meiro.paint), for the tests' sake
from ..paint import ANSWER, GOAL, PATH, START, TRAIL, WALL  # noqa: F401

__all__ = ["Changes", "GameModel", "Phase", "answer_duration", "dig_duration"]

_T = TypeVar("_T")


@dataclass
class Changes:
    """What to repaint: everything (``full``) or the flat block indices in ``blocks``."""

    full: bool
    blocks: NDArray[np.int64]
    status: bool


class _OfRound(Generic[_T]):
    """A :class:`GameModel` attribute that is the round's (``default`` before the first)."""

    def __init__(self, default: _T) -> None:
        self.default = default
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, model: None, owner: type) -> _OfRound[_T]: ...

    @overload
    def __get__(self, model: GameModel, owner: type) -> _T: ...

    def __get__(self, model: GameModel | None, owner: type) -> _OfRound[_T] | _T:
        if model is None:
            return self
        game = model.round
        return self.default if game is None else getattr(game, self.name)

    def __set__(self, model: GameModel, value: _T) -> None:
        setattr(model.started, self.name, value)


class _OfForm:
    """A :class:`GameModel` attribute that is the entry form's ``name``."""

    def __init__(self, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, model: None, owner: type) -> _OfForm: ...

    @overload
    def __get__(self, model: GameModel, owner: type) -> str: ...

    def __get__(self, model: GameModel | None, owner: type) -> _OfForm | str:
        if model is None:
            return self
        value: str = getattr(model.form, self.name)
        return value

    def __set__(self, model: GameModel, value: str) -> None:
        setattr(model.form, self.name, value)


class GameModel:
    """The size entry and the round of one game window.

    Parameters
    ----------
    clock : callable returning seconds
        The time source for the stopwatch and the animations (inject a fake one in tests).
    lang : {"ja", "en"}
    algorithm, goal : str
        The generator and goal rule for mazes started from the entry.
    unit : {"blocks", "cells"}
        What the size entry expects: the seed's odd block side, or cells.

    The round's state (``maze``, ``paint``, ``player``, ``moves``, ...) reads as the
    model's own; before the first maze it has its empty values.
    """

    # the entry form's inputs
    entry_text = _OfForm("text")
    seed_text = _OfForm("seed_text")
    algorithm = _OfForm("algorithm")
    goal = _OfForm("goal")
    entry_unit = _OfForm("unit")
    message_key = _OfForm("message_key")
    # the round's state
    maze: _OfRound[Maze | None] = _OfRound(None)
    paint: _OfRound[NDArray[np.uint8] | None] = _OfRound(None)
    visited: _OfRound[NDArray[np.bool_] | None] = _OfRound(None)
    player: _OfRound[tuple[int, int] | None] = _OfRound(None)
    moves: _OfRound[int] = _OfRound(0)
    steps: _OfRound[int] = _OfRound(0)
    min_moves: _OfRound[int | None] = _OfRound(None)
    answer_path: _OfRound[np.ndarray | None] = _OfRound(None)
    answer_shown: _OfRound[int] = _OfRound(0)
    answer_used: _OfRound[bool] = _OfRound(False)
    search_watched: _OfRound[bool] = _OfRound(False)
    cleared: _OfRound[bool] = _OfRound(False)
    dig_paused: _OfRound[bool] = _OfRound(False)
    dig_done: _OfRound[int] = _OfRound(0)
    dig_total: _OfRound[int] = _OfRound(0)
    digging_at: _OfRound[tuple[int, int] | None] = _OfRound(None)
    answer_done: _OfRound[bool] = _OfRound(False)
    clear_counts: _OfRound[bool] = _OfRound(False)

    def __init__(self, clock: Callable[[], float] = time.monotonic, lang: str = "ja",
                 algorithm: str = "dig", goal: str = "corner", unit: str = "blocks") -> None:
        self.clock = clock
        self.lang = lang
        self.form = EntryForm(algorithm, goal, unit)
        self.round: Round | None = None
        #: called with the round when a maze is cleared (the records listen)
        self.on_clear: list[Callable[[Round], object]] = []
        self._idle = Stopwatch(clock)  # the clock shown before the first maze
        self._full = False
        self._status = True

    @property
    def started(self) -> Round:
        """The round being played; RuntimeError before the first maze."""
        if self.round is None:
            raise RuntimeError("no maze has been started")
        return self.round

    @property
    def phase(self) -> Phase:
        return Phase.ENTRY if self.round is None else self.round.phase

    @property
    def maze_goal(self) -> str:
        """The goal rule the maze on the board was made with (the choosers may have changed)."""
        return self.form.goal if self.round is None else self.round.goal

    @property
    def stopwatch(self) -> Stopwatch:
        return self._idle if self.round is None else self.round.stopwatch

    # -- the entry -----------------------------------------------------------
    @property
    def entry_enabled(self) -> bool:
        """Whether the size entry (and the choosers) may be edited: no maze is running."""
        return self.phase in (Phase.ENTRY, Phase.CLEARED) or (
            self.phase is Phase.ANSWER and self.answer_done)

    def set_entry(self, value: str) -> bool:
        """Type into the size entry; refused (False) unless digits (and one ``x``)."""
        return self.form.type(value)

    def set_unit(self, unit: str) -> None:
        """Switch what the entry expects (``"blocks"`` or ``"cells"``), converting its text."""
        if self.form.set_unit(unit):
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
            return self.form.size()
        except EntryError:
            return None

    def new_game(self) -> bool:
        """Start a maze from the entry (size, seed, algorithm, goal); False if refused."""
        from ..generators import generate

        form = self.form
        try:
            width, height = form.size()
            seed = form.seed()
            maze = generate(width, height, algorithm=form.algorithm, seed=seed, goal=form.goal)
        except EntryError as exc:
            form.refuse(exc.key)
            self._status = True
            return False
        except MazeError:
            form.refuse("seed_invalid" if form.seed_text.strip() else "entry_invalid")
            self._status = True
            return False
        assert isinstance(maze, Maze)  # (the entry makes square mazes)
        self.start_maze(maze)
        return True

    def start_maze(self, maze: Maze) -> None:
        """Begin the digging replay of ``maze`` (the game proper starts when it is dug)."""
        self.round = Round(maze, self.form.goal, self.clock, on_clear=self._cleared)
        self.form.prompt()
        self._full = True
        self._status = True

    def watch_search(self) -> bool:
        """f: whether the searches can be shown now (a maze is dug). Watching them while
        playing shows the way, so a clear after that is not a record (:attr:`clear_counts`)."""
        return self.round is not None and self.round.watch_search()

    def stop(self) -> None:
        """Enter during a running maze: stop the clock and go back to the size entry."""
        if self.round is not None:
            self.round.stop()
        self._status = True

    def _cleared(self, game: Round) -> None:
        for listener in self.on_clear:
            listener(game)

    # -- commands ----------------------------------------------------------------
    def handle(self, command: Command) -> bool:
        """Apply one command; True if anything changed. Commands for the front end are ignored."""
        self.tick()
        game = self.round
        if isinstance(command, StartStop):
            if self.entry_enabled:
                return self.new_game() or True
            if game is not None and game.phase is Phase.DIGGING and game.dig_paused:
                game.resume_digging()
            else:
                self.stop()
            self._status = True
            return True
        if game is None:
            return False
        if isinstance(command, Move):
            changed = game.move(command.direction, command.run)
        elif isinstance(command, Skip):
            changed = game.skip()
        elif isinstance(command, ShowAnswer):
            changed = game.show_answer()
        else:
            return False
        self._status = self._status or changed
        return changed

    def tick(self) -> bool:
        """Advance the running animation to the clock's time; True if blocks changed."""
        game = self.round
        if game is None:
            return False
        before = (game.phase, game.answer_done)
        changed = game.tick()
        if (game.phase, game.answer_done) != before:
            self._status = True  # digging over, answer shown: the texts change
        return changed

    @property
    def animating(self) -> bool:
        """Whether :meth:`tick` still has work (a front end keeps its timer running)."""
        return self.round is not None and self.round.animating

    # -- state out -------------------------------------------------------------------
    @property
    def elapsed(self) -> float:
        return self.stopwatch.elapsed

    @property
    def clock_text(self) -> str:
        """The stopwatch as the seed shows it (``12.3秒``, ``1分 2.0秒``, ...)."""
        return format_elapsed(self.elapsed, self.lang)

    def take_changes(self) -> Changes:
        """The blocks changed since the last call (and whether the texts changed)."""
        blocks = self.round.take_dirty() if self.round is not None else np.empty(0, np.int64)
        if self._full:
            blocks = np.empty(0, np.int64)
        changes = Changes(self._full, blocks, self._status)
        self._full = self._status = False
        return changes


"""A game as a front end runs it: the model, the records, the viewport and the effects of
every command, free of any UI.

A front end (the Tk window, the terminal) is an adapter around one
:class:`GameSession`: it turns its input into :mod:`meiro.game.commands` and
entry edits, hands them to the session, and draws what the session holds.
What needs the screen or the system — a save dialog, the file manager, a
second window, a question — the session asks of the front end's
:class:`Host`; what a zoom level means in pixels or characters is the host's
:class:`~meiro.game.viewport.Lens`.

A cleared maze goes into the records the moment the round ends (not when
it is drawn), once, and only if it was cleared without help.

Examples
--------
>>> from meiro.game import Skip
>>> now = [0.0]
>>> session = GameSession(GameModel(clock=lambda: now[0], lang="en"))
>>> session.type_size("7")
True
>>> session.command(StartStop()), session.model.phase
(True, <Phase.DIGGING: 'digging'>)
>>> session.command(Skip()), session.model.phase
(True, <Phase.PLAYING: 'playing'>)
>>> session.command(SaveImage()), session.info     # no front end to save it: nothing to say
(True, '')
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..errors import MazeError
from ..maze import Maze
from ..text.messages import text
from .clock import format_elapsed
from .commands import Command, OpenFolder, Quit, SaveImage, StartStop, WatchSearch, Zoom
from .model import GameModel, Phase
from .records import NOTE_KEYS, Best, Records, record_key
from .round import Round
from .viewport import Viewport

if TYPE_CHECKING:
    from .prepare import KernelWarmup

#: A maze of more cells than this takes long to make and dig: Enter asks first.
LARGE_CELLS = 1000 * 1000
#: A maze whose fewest moves reach this gets a hint: Shift with an arrow runs to the next junction.
LONG_MOVES = 1000


class Host(Protocol):
    """What a front end does for its session."""

    @property
    def pictures(self) -> Path:
        """The folder pictures are saved into, as a player reads it."""
        ...

    def show(self, viewport: Viewport) -> None:
        """A new maze is on the board: give its ``viewport`` the front end's lens."""
        ...

    def confirm_large(self, width: int, height: int) -> bool:
        """Whether to make a maze of ``width x height`` cells (it takes a while)."""
        ...

    def save_picture(self, maze: Maze) -> str | None:
        """Save ``maze`` as a picture; where (as a player reads it), or None if the player
        cancelled. Raises :class:`~meiro.MazeError` saying why it could not."""
        ...

    def open_pictures(self) -> None:
        """Show the picture folder (OSError if it cannot)."""
        ...

    def watch_search(self, maze: Maze) -> None:
        """Show how the searches explore ``maze``."""
        ...

    def quit(self) -> None:
        ...


class GameSession:
    """One game in a front end: the :class:`GameModel` (entry form and round), the
    :class:`Records`, the :class:`Viewport` of the maze on the board and the line of news
    (:attr:`info`) under it.

    Parameters
    ----------
    model : GameModel
    records : Records, optional
        Where best times go; None keeps none.
    host : Host, optional
        The front end; without one, the commands that need it say nothing and do nothing.
    dig_overview : bool
        Show the whole maze while it is dug, then the default zoom around the player
        (the window); else follow the player from the start (the terminal).
    cells : bool
        The viewport counts whole character cells (the terminal).
    """

    def __init__(self, model: GameModel, records: Records | None = None, host: Host | None = None,
                 *, dig_overview: bool = False, cells: bool = False) -> None:
        self.model = model
        self.records = records
        self.host = host
        self.dig_overview = dig_overview
        self.cells = cells
        self.viewport: Viewport | None = None
        self.info = ""
        self.info_ok = False  # the news is good (saved, ...), not a problem
        #: what goes on behind the game (the compiled kernels being made), shown where there is
        #: room, after the news; it goes by itself
        self.notice = ""
        self.hint = ""  # a hint for the maze on the board (thousands of moves), shown like the notice
        self._shown: Round | None = None  # the round the viewport was made for
        self._overview = False
        self._moved = False  # the viewport zoomed or resized since the view was last drawn
        self.warmup: KernelWarmup | None = None
        self.waiting = False  # a big maze asked for before the compiled kernels were ready
        model.on_clear.append(self._round_cleared)

    def t(self, key: str, **values: object) -> str:
        """Message ``key`` in the game's language."""
        return text(self.model.lang, key, **values)

    def say(self, message: str, ok: bool = False) -> None:
        """Put ``message`` on the news line (``ok``: good news)."""
        self.info, self.info_ok = message, ok

    def prepare(self, start: bool = False) -> None:
        """Get the compiled kernels ready in the background (:class:`~meiro.game.prepare.KernelWarmup`);
        returns at once. Small mazes play meanwhile on the Python kernels; ``start``: begin the
        maze of the entry (a big one) as soon as it can be made."""
        from .prepare import KernelWarmup

        self.warmup = KernelWarmup(self.model.algorithm, self.model.goal)
        self.warmup.start()
        if not self.warmup.ready:
            self.notice = self.t("preparing")
        if start:
            self.command(StartStop())

    def poll(self) -> bool:
        """For the front end, between frames: switch kernels when ready, start a maze that waited,
        clear the notice; True if the board or the texts changed."""
        warmup = self.warmup
        if warmup is None or not warmup.started:
            return False
        if not (warmup.poll() or warmup.failed):
            return False
        self.warmup = None
        changed = bool(self.notice) or self.info == self.t("preparing_big")
        self.notice = ""
        if self.info == self.t("preparing_big"):
            self.say("")
        if self.waiting:
            self.waiting = False
            return self.command(StartStop()) or True
        return changed

    def stop(self) -> None:
        """The front end closes: end the background work, and let go of the model (which
        keeps no hold on this session, or on the front end through it, after this)."""
        if self.warmup is not None:
            self.warmup.stop()
        if self._round_cleared in self.model.on_clear:
            self.model.on_clear.remove(self._round_cleared)

    # -- the entry form --------------------------------------------------------------------
    def type_size(self, value: str) -> bool:
        """The size entry now holds ``value``; refused (False) unless digits and one ``x``,
        or while a maze runs (the form is locked)."""
        return self.model.entry_enabled and self.model.set_entry(value)

    def switch_unit(self, unit: str | None = None) -> None:
        """The size entry counts ``unit`` (default: the other one), its text converted
        (not while a maze runs)."""
        model = self.model
        if model.entry_enabled:
            model.set_unit(unit or ("cells" if model.entry_unit == "blocks" else "blocks"))

    def set_seed(self, value: str) -> None:
        """The seed entry holds ``value`` (empty: a fresh seed)."""
        self.model.seed_text = value

    def choose(self, algorithm: str | None = None, goal: str | None = None) -> None:
        """The next maze's generator and goal rule (registered names)."""
        if algorithm is not None:
            self.model.algorithm = algorithm
        if goal is not None:
            self.model.goal = goal

    # -- commands --------------------------------------------------------------------------
    def command(self, command: Command) -> bool:
        """Carry out ``command``; True if the board or the texts changed (redraw)."""
        model, host = self.model, self.host
        if isinstance(command, Quit):
            if host is not None:
                host.quit()
            return False
        if isinstance(command, SaveImage):
            self.save_picture()
            return True
        if isinstance(command, OpenFolder):
            self.open_pictures()
            return True
        if isinstance(command, Zoom):
            return self.zoom(command.step)
        if isinstance(command, WatchSearch):
            self.watch_search()
            return True
        size = model.asked_size if isinstance(command, StartStop) else None
        if size is not None and self._must_wait(size[0] * size[1]):
            self.waiting = True
            self.say(self.t("preparing_big"), ok=True)
            return True
        if (size is not None and size[0] * size[1] > LARGE_CELLS and host is not None
                and not host.confirm_large(*size)):
            return False
        before = model.maze
        changed = model.handle(command)
        if model.maze is not before:
            self.say("")  # a new maze: the news of the last one is old
            fewest = model.min_moves  # a hint before thousands of moves (shown where there is room)
            self.hint = self.t("long_maze", n=fewest) if fewest is not None and fewest >= LONG_MOVES else ""
        return changed

    def _must_wait(self, cells: int) -> bool:
        """Whether a maze of ``cells`` waits for the compiled kernels (too big for Python ones)."""
        from .prepare import needs_compiled

        warmup = self.warmup
        return (warmup is not None and warmup.started and not warmup.ready and not warmup.failed
                and needs_compiled(cells))

    def tick(self) -> bool:
        """Advance the animations to the clock; True if blocks changed."""
        return self.model.tick()

    @property
    def animating(self) -> bool:
        return self.model.animating

    def zoom(self, step: int) -> bool:
        """+ / - / z: larger blocks, smaller ones, the whole maze; True if the view changed."""
        self.update_view()
        view = self.viewport
        if view is None or view.lens is None:
            self.say(self.t("no_maze"))
            return False
        self._overview = False  # the player's choice now
        changed = view.set_zoom(step, self.model.player)
        self._moved = self._moved or changed
        return changed

    def save_picture(self) -> None:
        """p: save the maze as a picture (the host asks where, or picks the folder)."""
        model = self.model
        if model.maze is None or model.dig_done < model.dig_total:
            self.say(self.t("no_maze"))
            return
        if self.host is None:
            return
        try:
            where = self.host.save_picture(model.maze)
        except MazeError as exc:
            self.say(self.t("save_failed", reason=str(exc)))
            return
        if where:
            self.say(self.t("saved", path=where), ok=True)

    def open_pictures(self) -> None:
        """o: show the picture folder, and say where it is."""
        if self.host is None:
            return
        folder = self.host.pictures
        try:
            self.host.open_pictures()
        except OSError as exc:
            self.say(self.t("open_failed", reason=exc.strerror or str(exc), path=folder))
            return
        self.say(self.t("pictures_in", path=folder), ok=True)

    def watch_search(self) -> None:
        """f: replay how A* and BFS explore the maze (once it is dug)."""
        maze = self.model.maze
        if maze is None or not self.model.watch_search():
            self.say(self.t("no_maze"))
            return
        if self.host is not None:
            self.host.watch_search(maze)

    # -- the view ----------------------------------------------------------------------------
    def update_view(self) -> bool:
        """Bring the viewport up to the board: a new one for a new maze, the default zoom once
        digging ends (after the overview), the player kept in sight. True if the whole view
        must be drawn again."""
        model = self.model
        game = model.round
        if game is None:
            return False
        redraw, self._moved = self._moved, False
        if game is not self._shown:
            self._shown = game
            self.viewport = Viewport(*game.maze.shape, cells=self.cells)
            if self.host is not None:
                self.host.show(self.viewport)
            self._overview = self.dig_overview and game.phase is Phase.DIGGING
            if self.viewport.lens is not None:
                if self._overview:
                    self.viewport.set_zoom(0)
                else:
                    self.viewport.refit(game.player)
            redraw = True
        view = self.viewport
        if view is None or view.lens is None:
            return redraw
        if self._overview and game.phase is not Phase.DIGGING:
            self._overview = False
            view.zoom = 0
            view.refit(game.player)
            redraw = True
        if not self._overview and view.follow(game.player):
            redraw = True
        return redraw

    def resized(self) -> None:
        """The window changed size: the same zoom, around the player."""
        if self.viewport is not None:
            self.viewport.refit(self.model.player)
            self._moved = True

    # -- records -------------------------------------------------------------------------------
    def record_key(self) -> str | None:
        """The records' name of the maze on the board; None for a maze not named by how it
        was made (no seed or no algorithm)."""
        maze = self.model.maze
        recipe = None if maze is None else maze.recipe
        if recipe is None or recipe.seed is None:
            return None
        return record_key(recipe.replace(goal=self.model.maze_goal))

    def best(self) -> Best | None:
        key = self.record_key()
        return self.records.best(key) if self.records is not None and key is not None else None

    def best_text(self) -> str:
        """The maze's records as a line (「最高記録 ...」), or ''."""
        best = self.best()
        if not best:
            return ""
        return self.t("best", time=format_elapsed(best["time"], self.model.lang),
                      moves=self.t("count", n=best["moves"]))

    def _round_cleared(self, game: Round) -> None:
        """The round ended at the goal: note it in the records, once, and say what came of it."""
        key = self.record_key()
        if self.records is None or key is None or game is not self.model.round:
            return
        note = self.records.note_clear(key, game.stopwatch.elapsed, game.moves,
                                       helped=not game.clear_counts)
        if note:  # a new best is good news (shown in the front end's festive colour)
            self.say(self.t(note) if note in NOTE_KEYS else note, ok=note == "new_best")

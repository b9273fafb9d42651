"""Watching the search in the terminal game (key f): A* and BFS replayed over the maze.

The replays are the window's (:class:`~meiro.game.search_replay.SearchWatch`,
UI-free): the same pace for both searches, Enter to pause and resume, the
right arrow for one expansion at a time, Space to jump to the end. The two
searches stand side by side when the maze fits twice across the terminal;
otherwise A* fills the screen and BFS's count is still shown. Each panel
follows the block its search is expanding, so big mazes work too.
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import TYPE_CHECKING, Protocol
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..game import Direction, Move, Quit, Skip, StartStop, WatchSearch, Zoom
from ..game.commands import Command
from ..game.search_replay import SearchWatch
from .terminal_layout import HEADER, Viewport, cell_viewport
from .terminal_style import Scale

if TYPE_CHECKING:
    import curses

    from ..maze import Maze

METHODS = ("astar", "bfs")


class Host(Protocol):
    """What the search view borrows from the game it opens in (a
    :class:`~meiro.ui.terminal_app.TerminalGame`)."""

    @property
    def screen(self) -> curses.window: ...

    @property
    def curses(self) -> ModuleType: ...

    @property
    def scale(self) -> Scale: ...

    def zoom(self, step: int) -> None: ...

    def draw_grid(self, paint: NDArray[np.uint8], view: Viewport,
                  blocks: NDArray[np.int64] | None = None, left: int = 0,
                  overlay: dict[tuple[int, int], int] | None = None) -> None: ...

    def _line(self, y: int, s: str, columns: int, attr: int = 0) -> None: ...

    def _t(self, key: str, **values: object) -> str: ...


class TerminalSearch:
    """The search view of a :class:`~meiro.ui.terminal_app.TerminalGame`, while it is open.

    ``game`` lends its screen helpers (``draw_grid``, ``_line``, ``_t``) and
    its curses module; the view draws nothing of its own beyond them.
    """

    def __init__(self, game: Host, maze: Maze,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.watch = SearchWatch(maze, METHODS, clock)
        self._views: list[Viewport] = []
        self._layout: tuple[int, int] | None = None  # (lines, columns) the panels were laid out for

    @property
    def animating(self) -> bool:
        """Whether the replay is running (the game then draws at the frame rate)."""
        return not self.watch.done and not self.watch.paused

    def on_command(self, command: Command | None) -> bool:
        """Carry out a key's command; False when the view closes (Esc, q or f again)."""
        if isinstance(command, (Quit, WatchSearch)):
            return False
        if isinstance(command, StartStop):
            self.watch.toggle()
        elif isinstance(command, Move) and command.direction is Direction.E:
            self.watch.step()
        elif isinstance(command, Skip):
            self.watch.skip()
        elif isinstance(command, Zoom):
            self.game.zoom(command.step)
        return True

    def relayout(self) -> None:
        """Lay the panels out again on the next frame (the zoom changed)."""
        self._layout = None

    def draw(self, lines: int, columns: int, full: bool) -> None:
        """Advance the replay to the clock and draw what changed (everything when ``full``)."""
        game, watch = self.game, self.watch
        watch.tick()
        replays = watch.replays
        shape = replays[0].maze.shape
        scale = game.scale
        rows, across = scale.view_size(lines - HEADER, columns)  # blocks that fit
        both = 2 * shape[1] + 1 <= across  # side by side, one block apart
        shown = replays if both else replays[:1]
        if self._layout != (lines, columns) or len(self._views) != len(shown):
            width = across if not both else (across - 1) // 2
            self._views = [cell_viewport(*shape, rows, width) for _ in shown]
            self._layout = (lines, columns)
            full = True
        for view, replay in zip(self._views, shown):
            if replay.current is not None and view.follow(replay.current):
                full = True
        if full:
            game.screen.erase()
        for k, (view, replay) in enumerate(zip(self._views, shown)):
            changed = replay.take_dirty()
            game.draw_grid(replay.paint, view, None if full else changed,
                           left=k * scale.columns * (view.size[1] + 1))
        for replay in replays[len(shown):]:
            replay.take_dirty()  # not drawn: keep its list of changes short
        t = game._t
        counts = "   ".join(t("search_found_short" if r.found else "expanded",
                                name="A*" if r.method == "astar" else r.method.upper(), n=r.done,
                                steps=r.steps) for r in replays)
        game._line(0, counts, columns, game.curses.A_BOLD)
        keys = t("term_search_keys")
        game._line(1, f"{t('paused')}  {keys}" if watch.paused else keys, columns)

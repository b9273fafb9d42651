"""``meiro play --terminal``: the maze game in a text terminal, with curses.

Like the Tk window (:mod:`meiro.ui.tk_app`), this front end is an adapter around a
:class:`~meiro.game.session.GameSession`: keys become session commands and entry
edits, and the session's state is drawn; the rules, counters, clock, animations,
records and the viewport all live in :mod:`meiro.game`. Each block
takes two columns so the maze looks square; + and - zoom out to a column per
block and to a map of two blocks per character, z fits the whole maze
(:mod:`meiro.ui.terminal_style`). Mazes larger than the terminal
are shown through the session's :class:`~meiro.game.viewport.Viewport`, which jumps to keep
the player in view;
after a command or an animation frame only the blocks the model reports as
changed are rewritten (curses then sends only what differs), so a move costs
the same on a 15x15 maze as on a 1000x1000 one, and works over SSH.

Around it: the keys and line fitting in :mod:`meiro.ui.terminal_keys`, the locale and the
terminal's encoding in :mod:`meiro.ui.terminal_system`, the styles in
:mod:`meiro.ui.terminal_style`, the viewport in :mod:`meiro.ui.terminal_layout` and the
search view in :mod:`meiro.ui.terminal_search`.

Layout: line 0 holds the counters (経過時間, 移動回数, 総歩数, 最少回数), line 1
the message (prompt, digging, help, CLEAR!!), and the rest the maze.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..registry import GENERATORS
from ..text.maze_text import display_width
from ..game import GameModel, Phase, Zoom
from ..game.commands import Command
from ..game.records import Records
from ..game.session import GameSession
from ..game.viewport import Viewport
from ..text.messages import text
from ..paint import CURRENT, GOAL, PLAYER
from .pictures import IMAGE_DIR, save_into
from .terminal_layout import HEADER, CellLens, cell_viewport
from .terminal_keys import BACKSPACE_KEYS, TAB, clip, command_for, curses_keys, fit_help, fit_news
from .terminal_search import TerminalSearch
from .terminal_system import can_show, use_user_locale, wait_for_key
from .terminal_style import BLANK, Scale, cell_keys, make_style, overview, runs

if TYPE_CHECKING:
    import curses

    from ..maze import Maze

#: The edge marker pointing to a goal out of sight, by (row, column) direction.
GOAL_ARROWS = {(-1, -1): "↖", (-1, 0): "↑", (-1, 1): "↗", (0, -1): "←", (0, 1): "→",
               (1, -1): "↙", (1, 0): "↓", (1, 1): "↘"}
ASCII_ARROWS = {(-1, -1): "^<", (-1, 0): "^", (-1, 1): "^>", (0, -1): "<", (0, 1): ">",
                (1, -1): "v<", (1, 0): "v", (1, 1): "v>"}
#: Smallest terminal that can show the header and one maze line.
MIN_COLUMNS, MIN_LINES = 20, HEADER + 1
#: Milliseconds between frames while something animates / while the clock runs / idle.
FRAME_MS, CLOCK_MS, IDLE_MS = 16, 100, 500


class TerminalGame:
    """The game on a curses screen around a :class:`~meiro.game.GameModel` (through its
    :class:`~meiro.game.session.GameSession`, to which it is the host; the zoom levels are a
    :class:`~meiro.ui.terminal_layout.CellLens`)."""

    def __init__(self, screen: curses.window, model: GameModel, *, records: Records | None = None,
                 color: bool = True, utf8: bool = True) -> None:
        import curses

        self.curses = curses
        self.screen = screen
        self.model = model
        self.session = GameSession(model, records, self, cells=True)
        self.style = make_style(color, utf8)
        self.utf8 = utf8
        self._zoom = 0  # the zoom asked for, kept from one maze to the next
        self._marker: tuple[int, int, str] | None = None  # the goal's edge arrow, where drawn
        self._overview: Viewport | None = None  # z's shrunk grid, while shown
        self.keys = curses_keys()
        self._full = True
        self.running = True
        self.search: TerminalSearch | None = None  # the search view (f), while it is open

    def _t(self, key: str, **values: object) -> str:
        return text(self.model.lang, key, **values)

    @property
    def records(self) -> Records | None:
        return self.session.records

    # -- input ---------------------------------------------------------------------------------
    def on_key(self, code: int) -> None:
        """Carry out one key: resize, typing into the size entry, or a game command."""
        model, session = self.model, self.session
        if code == self.curses.KEY_RESIZE:
            self._full = True
            return
        if self.search is not None:
            if not self.search.on_command(command_for(code, self.keys)):
                self.search = None
                self._full = True
            return
        if model.entry_enabled:
            if code in (*BACKSPACE_KEYS, self.curses.KEY_BACKSPACE):
                session.type_size(model.entry_text[:-1])
                return
            if code == TAB:
                session.switch_unit()
                return
            if 0 <= code < 256 and chr(code) in "0123456789xX":
                session.type_size(model.entry_text + chr(code))
                return
        command = command_for(code, self.keys)
        if command is not None:
            self.dispatch(command)

    def dispatch(self, command: Command) -> None:
        """Hand one command to the session (a zoom also changes what the screen shows)."""
        if isinstance(command, Zoom):
            self.zoom(command.step)
            return
        phase_before = self.model.phase
        self.session.command(command)
        if phase_before is Phase.ENTRY and self.model.phase is not Phase.ENTRY:
            self._full = True  # the form gives way to the maze

    def zoom(self, step: int) -> None:
        """+ / - / z: larger blocks, smaller blocks, or the largest that show the whole maze."""
        before = (self.scale, self.shrink)
        self.session.zoom(step)
        view = self.session.viewport
        if view is None:
            return  # (the session said there is no maze)
        self._zoom = view.zoom
        self.session.say(self._t("zoom_overview" if self.shrink > 1 else "zoom_" + self.scale.name))
        if (self.scale, self.shrink) != before:
            self._full = True
            # every cell changes: have curses repaint the terminal whole rather than patch it
            self.screen.clear()
            if self.search is not None:
                self.search.relayout()

    # -- the session's host -------------------------------------------------------------
    @property
    def pictures(self) -> Path:
        return IMAGE_DIR.resolve()

    def show(self, viewport: Viewport) -> None:
        viewport.lens = lens = CellLens(viewport.shape, self._room, self.utf8)
        viewport.zoom = max(lens.zooms()[0], self._zoom)  # z's overview was for the last maze

    def confirm_large(self, width: int, height: int) -> bool:
        return True

    def save_picture(self, maze: Maze) -> str | None:
        """p: into the picture folder, under the window's default name."""
        return str(save_into(maze, IMAGE_DIR))

    def open_pictures(self) -> None:
        """o: no file manager to open from a terminal (often a remote one): the session says
        where the pictures are."""

    def watch_search(self, maze: Maze) -> None:
        self.search = TerminalSearch(self, maze)

    def quit(self) -> None:
        self.running = False

    def _room(self) -> tuple[int, int]:
        lines, columns = self.screen.getmaxyx()
        return lines - HEADER, columns

    @property
    def lens(self) -> CellLens:
        """The zoom levels of the maze on the board (of an empty board, before one)."""
        view = self.session.viewport
        if view is not None and isinstance(view.lens, CellLens):
            return view.lens
        return CellLens((1, 1), self._room, self.utf8)

    @property
    def zoom_level(self) -> int:
        view = self.session.viewport
        return view.zoom if view is not None else self._zoom

    @property
    def scale(self) -> Scale:
        """The scale the maze is drawn at."""
        return self.lens.scale_at(self.zoom_level)

    @scale.setter
    def scale(self, scale: Scale) -> None:
        self._zoom = self.lens.zoom_of(scale)
        if self.session.viewport is not None:
            self.session.viewport.zoom = self._zoom
            self.session.resized()
        self._full = True

    @property
    def shrink(self) -> int:
        """> 1: z's overview of a maze too big for the smallest zoom."""
        return self.lens.shrink_at(self.zoom_level)

    @property
    def view(self) -> Viewport | None:
        """What the maze view shows: the session's viewport, or z's overview of it."""
        if self.shrink > 1:
            return self._overview
        return self.session.viewport

    # -- drawing -------------------------------------------------------------------------------
    def _put(self, y: int, x: int, s: str, attr: int = 0) -> None:
        try:
            self.screen.addstr(y, x, s, attr)
        except self.curses.error:
            pass  # the bottom-right cell: curses draws it, then complains about the cursor

    def draw(self) -> None:
        """Bring the screen up to date with the model and refresh it."""
        lines, columns = self.screen.getmaxyx()
        model, session = self.model, self.session
        changes = model.take_changes()
        if lines < MIN_LINES or columns < MIN_COLUMNS:
            self.screen.erase()
            for y, part in enumerate(self._too_small(lines, columns)):
                self._put(y, 0, clip(part, columns))
            self._full = True  # repaint everything once the terminal is big enough again
            self.screen.refresh()
            return
        if self.search is not None:
            self.search.draw(lines, columns, self._full)
            self._full = False
            self.screen.refresh()
            return
        # the size form is a few short lines: redraw it whole on every key
        full = self._full or changes.full or model.phase is Phase.ENTRY
        view = session.viewport
        if view is not None and view.lens is not None:
            wanted = view.lens.span(view.zoom)
            if view.size != (int(wanted[0]), int(wanted[1])):  # the terminal was resized
                session.resized()
        full = session.update_view() or full
        if self.shrink > 1:  # the overview is small and changes as a whole: redraw it whole
            full = full or bool(changes.blocks.size) or changes.status
            shape = self._shown_shape()
            size = self.lens.scales[0].view_size(lines - HEADER, columns)
            if self._overview is None or (self._overview.shape, self._overview.size) != (shape, size):
                self._overview = cell_viewport(*shape, *size)
                full = True
        else:
            self._overview = None
        if full:
            self.screen.erase()
            self._marker = None
        if model.phase is Phase.ENTRY or model.maze is None:
            if full:
                self._draw_entry(lines, columns)
        elif full:
            self._draw_blocks(None)
        else:
            self._draw_blocks(changes.blocks)
        self._full = False
        if self._ready() and not model.cleared:
            self._draw_goal_marker(changes.blocks if not full else None)
        self._draw_header(columns)
        self._draw_clear(lines, columns)
        self.screen.refresh()

    def _draw_goal_marker(self, blocks: NDArray[np.int64] | None) -> None:
        """An arrow at the maze's edge, in the goal's colour, pointing to the goal while it is
        out of sight (as the window's blue arrow does). Written again only when the view was
        drawn whole, or the block under it was redrawn (``blocks``: the blocks redrawn)."""
        view, maze = self.view, self.model.maze
        if view is None or maze is None or self.shrink > 1:
            return
        goal = maze.goal
        if view.visible(*goal):
            return
        (r0, c0), (vr, vc) = view.origin, view.size
        rows, cols = view.shape
        last_r, last_c = min(r0 + vr, rows) - 1, min(c0 + vc, cols) - 1
        r, c = min(max(goal[0], r0), last_r), min(max(goal[1], c0), last_c)
        dr, dc = (goal[0] > r) - (goal[0] < r), (goal[1] > c) - (goal[1] < c)
        arrow = (GOAL_ARROWS if self.utf8 else ASCII_ARROWS)[(dr, dc)]
        scale = self.scale
        (oy, ox) = view.offset
        y = HEADER + oy + (r - r0) // scale.stacked
        x = scale.columns * (ox + c - c0)
        under = r * maze.shape[1] + c
        marker = (y, x, arrow)
        if marker == self._marker and (blocks is not None and under not in blocks):
            return  # drawn already, and nothing drew over it
        self._marker = marker
        _, attr = self.style.look(GOAL, scale)
        self._put(y, x, arrow.ljust(scale.columns)[:scale.columns], attr | self.curses.A_BOLD)

    def _too_small(self, lines: int, columns: int) -> list[str]:
        return [self._t("term_small"), f"{columns}x{lines} < {MIN_COLUMNS}x{MIN_LINES}",
                self._t("term_quit")][:max(1, lines)]

    def _ready(self) -> bool:
        return self.model.maze is not None and self.model.dig_done == self.model.dig_total

    def _draw_blocks(self, blocks: NDArray[np.int64] | None) -> None:
        """Draw ``blocks`` (flat indices; None = the whole view) that are in view, and the player."""
        paint, view = self.model.paint, self.view
        if paint is None or view is None:  # draw() makes the view once a maze has started
            raise RuntimeError("no maze to draw")
        overlay: dict[tuple[int, int], int] = {}
        # the player once the maze is ready; while digging, the block being dug (yellow)
        marked = self.model.player if self._ready() else self.model.digging_at
        if marked is not None:
            overlay[self._shown(marked)] = PLAYER if self._ready() else CURRENT
            if blocks is not None:  # the marked block is redrawn whether or not it changed
                r, c = marked
                blocks = np.append(blocks, r * paint.shape[1] + c)
        if self.shrink > 1:
            self.draw_grid(overview(paint, self.shrink), view, None, overlay=overlay)
            return
        self.draw_grid(paint, view, blocks, overlay=overlay)

    def _shown(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Where block ``pos`` is drawn: itself, or its square of the overview."""
        return (pos[0] // self.shrink, pos[1] // self.shrink)

    def _shown_shape(self) -> tuple[int, int]:
        if self.model.maze is None:
            raise RuntimeError("no maze to show")
        rows, cols = self.model.maze.shape
        return (-(-rows // self.shrink), -(-cols // self.shrink))

    def draw_grid(self, paint: NDArray[np.uint8], view: Viewport,
                  blocks: NDArray[np.int64] | None = None, left: int = 0,
                  overlay: dict[tuple[int, int], int] | None = None) -> None:
        """Draw the block classes of ``paint`` that ``view`` shows, ``left`` columns to the right,
        at the current zoom.

        ``blocks``: flat indices of the blocks to draw (None: the whole view, one
        ``addstr`` per run of equal character cells, which keeps a full repaint
        cheap); ``overlay``: ``{(row, col): class}`` drawn instead of ``paint``
        (the player).
        """
        scale, style, overlay = self.scale, self.style, overlay or {}
        (r0, c0), (vr, vc), (oy, ox) = view.origin, view.size, view.offset
        y0, x0 = HEADER + oy, left + scale.columns * ox
        if blocks is None:
            shown = paint[r0:r0 + vr, c0:c0 + vc]
            if overlay:
                shown = shown.copy()
                for (r, c), cls in overlay.items():
                    if view.visible(r, c):
                        shown[r - r0, c - c0] = cls
            for i, line in enumerate(cell_keys(shown, scale).tolist()):
                for start, length, key in runs(line):
                    chars, attr = style.look(key, scale)
                    self._put(y0 + i, x0 + scale.columns * start, chars * length, attr)
            return
        if not blocks.size:
            return
        rows, cols = np.divmod(np.unique(blocks), paint.shape[1])
        keep = view.visible(rows, cols)
        stacked = scale.stacked
        # each changed block redraws its character cell (with the block sharing it on a map)
        cells = {((r - r0) // stacked, c) for r, c in zip(rows[keep].tolist(), cols[keep].tolist())}
        for line, c in sorted(cells):
            top = r0 + line * stacked
            key = 0
            for r in range(top, top + stacked):
                cls = overlay.get((r, c), paint[r, c]) if r < paint.shape[0] else BLANK
                key = key * 256 + int(cls)
            chars, attr = style.look(key, scale)
            self._put(y0 + line, x0 + scale.columns * (c - c0), chars, attr)

    def _draw_entry(self, lines: int, columns: int) -> None:
        model = self.model
        unit = self._t("unit_" + model.entry_unit)
        # the title is on the message line above already (or, after a game, what happened)
        rows = ["", model.message, f"> {model.entry_text}_   ({unit})", "", self._t("term_entry_keys")]
        for i, row in enumerate(rows[:lines - HEADER]):
            self._put(HEADER + i, 1, clip(row, columns - 1))

    def _draw_header(self, columns: int) -> None:
        """Line 0: the counters, then the maze's name and seed; line 1: the news, the message.

        What does not fit goes by priority (an 80-column terminal): the maze's name and seed
        move down to line 1 when the counters leave no room, where the news (a saved file's
        name, the picture folder) comes first and the key help is what gets cut."""
        model, t = self.model, self._t
        parts = [f"{t('time')} {model.clock_text}"]
        recipe = ""
        if model.maze is not None and model.phase is not Phase.ENTRY:
            parts.append(f"{t('moves')} {t('count', n=model.moves)}")
            parts.append(f"{t('steps')} {t('step_count', n=model.steps)}")
            if self._ready():
                parts.append(f"{t('fewest')} {t('count', n=model.min_moves)}")
            maze = model.maze
            name = GENERATORS.get(maze.algorithm).title(model.lang) if maze.algorithm else "-"
            recipe = f"{name} {maze.width}x{maze.height} {t('seed')} {maze.seed}"
        counters = "  ".join(parts)
        if recipe and display_width(counters) + 2 + display_width(recipe) <= columns:
            counters, recipe = f"{counters}  {recipe}", ""
        self._line(0, counters, columns, self.curses.A_BOLD)
        self._line(1, self._message(columns, recipe), columns)

    def _line(self, y: int, s: str, columns: int, attr: int = 0) -> None:
        self.screen.move(y, 0)
        self.screen.clrtoeol()
        self._put(y, 0, clip(s, columns), attr)

    def _message(self, columns: int = 0, recipe: str = "") -> str:
        """Line 1 for ``columns`` (0: unlimited): the news first, then ``recipe`` (the maze's
        name and seed, when line 0 had no room), then the phase's message or key help."""
        model, t = self.model, self._t
        phase = model.phase
        columns = columns or 10**6
        info = fit_news(self.session.info, columns)
        head = "  ".join(p for p in (info, recipe) if p)
        room = columns - 1 - (display_width(head) + 2 if head else 0)
        if phase is Phase.ENTRY:
            message = t("stopped") if model.maze is not None else t("title")
        elif phase is Phase.DIGGING:
            message = t("dig_paused" if model.dig_paused else "digging")
        elif phase is Phase.PLAYING:
            message = fit_help(t("term_play_keys"), room)
        elif phase is Phase.ANSWER and not model.answer_done:
            message = t("answer")
        else:
            done = "CLEAR!!" if model.cleared else t("gave_up")
            # after a refused Enter, say why (empty or invalid size) instead of the best record
            why = "" if model.message_key.startswith("prompt_") else model.message
            again = t("term_again", size=model.entry_text or "?")
            message = "  ".join(p for p in (done, why or self.session.best_text(), again) if p)
        # the news and the seed are what a narrow terminal must keep: the message goes after
        # them; what goes on behind the game (the compiled parts being made) last, if it fits
        line = "  ".join(p for p in (head, message) if p)
        notice = self.session.notice or self.session.hint
        if notice and display_width(line) + 2 + display_width(notice) <= columns:
            line = f"{line}  {notice}" if line else notice
        return line

    def _draw_clear(self, lines: int, columns: int) -> None:
        """CLEAR!! as the window shows it: large and bright, in the middle of the maze."""
        if not self.model.cleared or self.model.phase is not Phase.CLEARED:
            return
        y_mid, x_mid = HEADER + (lines - HEADER) // 2, columns // 2
        if self.view is not None:  # the middle of the maze as drawn, not of the screen
            (vr, vc), (oy, ox) = self.view.size, self.view.offset
            shown_rows = min(vr, self.view.shape[0]) // self.scale.stacked
            shown_cols = min(vc, self.view.shape[1]) * self.scale.columns
            y_mid = HEADER + oy + max(1, shown_rows) // 2
            x_mid = self.scale.columns * ox + shown_cols // 2
        width = min(columns, 19)
        banner = ["", "CLEAR!!", ""]
        top = max(HEADER, min(y_mid - 1, lines - len(banner)))
        left = max(0, min(x_mid - width // 2, columns - width))
        for i, words in enumerate(banner):
            if top + i < lines:
                line = words.center(width)
                self._put(top + i, left, clip(line, columns - left), self.style.attrs["clear"])

    # -- the loop ------------------------------------------------------------------------------
    def _timeout(self) -> int:
        if self.session.warmup is not None:  # look again soon: the compiled kernels may be ready
            return CLOCK_MS if not self.model.animating else FRAME_MS
        if self.model.animating or (self.search is not None and self.search.animating):
            return FRAME_MS
        return CLOCK_MS if self.model.stopwatch.running else IDLE_MS

    def run(self) -> None:
        """Read keys and draw until the player quits.

        Every key waiting in the input is handled before the next frame is
        drawn, so a fast typist's keys are never dropped or delayed by drawing.
        """
        screen = self.screen
        while self.running:
            self.session.poll()
            self.session.tick()
            self.draw()
            code = wait_for_key(screen, self._timeout())
            if code is None:  # the terminal is gone: nobody is playing
                break
            while code != -1 and self.running:
                self.on_key(code)
                screen.timeout(0)
                code = screen.getch()


def run_terminal_game(model: GameModel, records: Records | None = None, start: bool = False) -> None:
    """Play in the current terminal until the player quits; the terminal is restored on any exit.

    The compiled kernels are made ready in the background (small mazes play at once on the
    Python ones); ``start``: begin the entry's (big) maze as soon as they are."""
    try:
        import curses
    except ImportError as exc:  # Windows without the windows-curses package
        raise MazeError(f"the terminal game needs curses ({exc}); on Windows: "
                        "pip install windows-curses") from None
    use_user_locale()
    os.environ.setdefault("ESCDELAY", "25")  # Esc quits at once, not after curses' 1 s wait
    utf8 = can_show("█")
    if not can_show(text(model.lang, "time") + text(model.lang, "title")):
        model.lang = "en"  # say, --lang ja on a C locale: English beats blanks

    def main(screen: curses.window) -> None:
        try:
            curses.curs_set(0)
        except curses.error:
            pass
        color = curses.has_colors() and not os.environ.get("NO_COLOR")
        if color:
            curses.start_color()
            try:
                curses.use_default_colors()
            except curses.error:
                pass
        screen.keypad(True)
        game = TerminalGame(screen, model, records=records, color=color, utf8=utf8)
        game.session.prepare(start)
        try:
            game.run()
        finally:
            game.session.stop()

    try:
        curses.wrapper(main)
    except curses.error as exc:
        raise MazeError(f"cannot use this terminal ({exc})") from None

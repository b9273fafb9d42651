"""``meiro play --terminal --grid weave``: a weave maze played in a text terminal, with curses.

The maze is :mod:`meiro.text.weave_text`'s drawing (the square block grid, two
columns a block, each crossing a bridge ``═`` or ``║`` that the other passage
runs under); the rules are :class:`meiro.game.kind_play.KindRound`'s. Arrows,
WASD or hjkl move (straight on under a bridge), i shows the answer, r starts
again, q or Esc quits. A maze larger than the terminal scrolls to keep the
player in view. The terminal plays square mazes (:mod:`meiro.ui.terminal_app`)
and weave ones; the other kinds have no text form.

Layout: line 0 the counters, line 1 the message (CLEAR!!, the answer) and the
keys, the rest the maze.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..errors import MazeError
from ..game.clock import format_elapsed
from ..game.kind_play import KindRound
from ..game.records import NOTE_KEYS, Records
from ..game.round import Phase
from ..kinds import KINDS
from ..kinds.maze import GraphMaze
from ..text.messages import text
from ..text.weave_text import block_of, between, weave_lines
from .terminal_keys import clip
from .terminal_system import can_show, use_user_locale, wait_for_key

if TYPE_CHECKING:
    import curses

#: the lines above the maze
HEADER = 2
#: curses' key codes that are not characters, by the web names the kinds' keys use
_ARROWS = {"KEY_UP": "ArrowUp", "KEY_DOWN": "ArrowDown", "KEY_LEFT": "ArrowLeft", "KEY_RIGHT": "ArrowRight"}
#: the bridges where a terminal's encoding has no box drawing
ASCII_BRIDGES = str.maketrans({"═": "=", "║": "|"})
#: the player, the trail and the answer on the maze
PLAYER, TRAIL, ANSWER = "@", "+", "."


class TerminalWeave:
    """The game on a curses ``screen``: keys in, the maze drawn as text."""

    def __init__(self, screen: curses.window, maze: GraphMaze, lang: str = "ja", *,
                 clock: Callable[[], float] = time.monotonic, color: bool = False,
                 utf8: bool = True, records: Records | None = None) -> None:
        import curses

        self.records = records
        self.news = ""  # what the last clear came to (a new record, ...)
        self.curses = curses
        self.screen = screen
        self.lang = lang
        self.game = KindRound(maze, clock=clock)
        self.lines = list(weave_lines(maze, "hash"))
        if not utf8:  # a terminal that cannot show the bridges gets ASCII ones
            self.lines = [line.translate(ASCII_BRIDGES) for line in self.lines]
        self.running = True
        self.attrs = {PLAYER: curses.A_BOLD, TRAIL: 0, ANSWER: 0}
        if color:
            curses.init_pair(1, curses.COLOR_GREEN, -1)
            curses.init_pair(2, curses.COLOR_YELLOW, -1)
            curses.init_pair(3, curses.COLOR_MAGENTA, -1)
            self.attrs = {PLAYER: curses.color_pair(1) | curses.A_BOLD, TRAIL: curses.color_pair(2),
                          ANSWER: curses.color_pair(3)}
        self.keys = {getattr(curses, name): web for name, web in _ARROWS.items()}

    def key_name(self, code: int) -> str:
        """A curses key code as the kinds' keys name it (``"ArrowUp"``, ``"w"``...), or ''."""
        if code in self.keys:
            return self.keys[code]
        if code == 27:
            return "Escape"
        return chr(code).lower() if 32 < code < 127 else ""

    def on_key(self, code: int) -> None:
        """One key: a move, i, r, q / Esc; any other key does nothing."""
        key = self.key_name(code)
        if key in ("q", "Escape"):
            self.running = False
        elif key == "i":
            self.game.show_answer()
        elif key == "r":
            self.game.reset()
            self.news = ""
        elif key and self.game.press(key) and self.game.cleared:
            note = self.game.note_clear(self.records)
            self.news = text(self.lang, note) if note in NOTE_KEYS else note

    # -- drawing ---------------------------------------------------------------------------------
    def marks(self) -> dict[tuple[int, int], str]:
        """Blocks drawn over the maze: the answer, the trail, the player."""
        game, maze = self.game, self.game.maze
        marks: dict[tuple[int, int], str] = {}
        if game.phase is Phase.ANSWER:
            path = game.answer_path.tolist()
            for a, b in zip(path[:-1], path[1:], strict=False):
                for block in (block_of(maze, b), *between(maze, a, b)):
                    marks[block] = ANSWER
        for cell in np.flatnonzero(game.visited).tolist():
            if cell not in (maze.start, maze.goal):
                marks[block_of(maze, cell)] = TRAIL
        marks[block_of(maze, game.player)] = PLAYER
        return marks

    def status(self) -> tuple[str, str]:
        game, lang = self.game, self.lang
        maze = game.maze
        name = KINDS[maze.kind].title if lang == "ja" else maze.kind
        counters = "  ".join([
            f"{text(lang, 'time')} {format_elapsed(game.stopwatch.elapsed, lang)}",
            f"{text(lang, 'moves')} {text(lang, 'count', n=game.moves)}",
            f"{text(lang, 'steps')} {text(lang, 'step_count', n=game.steps)}",
            f"{text(lang, 'fewest')} {text(lang, 'count', n=game.min_moves)}",
            f"{name} {'x'.join(map(str, maze.size))}",
        ])
        state = f"CLEAR!! {self.news}".rstrip() if game.cleared else text(lang, "gave_up") if game.phase is Phase.ANSWER else ""
        keys = ("←↑→↓ / WASD / hjkl: 移動  i: 解答  r: やり直し  q: 終了" if lang == "ja" else
                "arrows / WASD / hjkl: move  i: answer  r: again  q: quit")
        return counters, f"{state}  {keys}" if state else keys

    def draw(self) -> None:
        screen = self.screen
        rows, columns = screen.getmaxyx()
        screen.erase()
        counters, message = self.status()
        self._put(0, 0, clip(counters, columns - 1))
        self._put(1, 0, clip(message, columns - 1), self.curses.A_BOLD if self.game.cleared else 0)
        room_rows, room_cols = max(1, rows - HEADER), max(2, (columns - 1) // 2)
        pr, pc = block_of(self.game.maze, self.game.player)
        top = _scroll(len(self.lines), room_rows, pr)
        left = _scroll((len(self.lines[0]) + 1) // 2, room_cols, pc)
        for i, line in enumerate(self.lines[top:top + room_rows]):
            self._put(HEADER + i, 0, line[2 * left:2 * (left + room_cols)].rstrip())
        for (r, c), mark in self.marks().items():
            if top <= r < top + room_rows and left <= c < left + room_cols:
                self._put(HEADER + r - top, 2 * (c - left), mark, self.attrs[mark])
        screen.refresh()

    def _put(self, y: int, x: int, s: str, attr: int = 0) -> None:
        try:
            self.screen.addstr(y, x, s, attr)
        except self.curses.error:  # the last cell of the screen, or a terminal just shrunk
            pass

    def run(self) -> None:
        """Read keys and draw until the player quits."""
        screen = self.screen
        while self.running:
            self.draw()
            code = wait_for_key(screen, 100 if self.game.stopwatch.running else 500)
            if code is None:  # the terminal is gone: nobody is playing
                break
            while code != -1 and self.running:
                self.on_key(code)
                screen.timeout(0)
                code = screen.getch()


def _scroll(size: int, room: int, at: int) -> int:
    """The first row (or block column) shown so that ``at`` is in view, ``size`` in all."""
    if size <= room:
        return 0
    return min(max(0, at - room // 2), size - room)


def run_terminal_weave(maze: GraphMaze, lang: str = "ja", records: Records | None = None) -> None:
    """Play a weave ``maze`` in the current terminal until the player quits."""
    if maze.kind != "weave":
        raise MazeError(f"the terminal game plays square and weave mazes, not {maze.kind} ones")
    try:
        import curses
    except ImportError as exc:  # Windows without the windows-curses package
        raise MazeError(f"the terminal game needs curses ({exc}); on Windows: "
                        "pip install windows-curses") from None
    use_user_locale()
    os.environ.setdefault("ESCDELAY", "25")
    utf8 = can_show("═║")
    if not can_show(text(lang, "time") + text(lang, "moves")):
        lang = "en"

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
        TerminalWeave(screen, maze, lang, color=color, utf8=utf8, records=records).run()

    try:
        curses.wrapper(main)
    except curses.error as exc:
        raise MazeError(f"cannot use this terminal ({exc})") from None

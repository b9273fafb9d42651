"""The game window for a theta, hex, triangle or weave maze (``meiro play --grid KIND``).

The rules are :class:`meiro.game.kind_play.KindRound`'s; this window draws the
maze from its geometry on a Tk canvas (segments, and arcs around the hub for
theta), the player as a dot on its cell, the trail and the answer as smaller
dots, and takes the kind's keys (shown under the maze), a click on a
neighbouring cell, i (the answer), r (again) and Escape (quit). The maze is
fitted to the window and drawn again when the window changes size.
"""

from __future__ import annotations

import math
import time
import tkinter as tk
from collections.abc import Callable

import numpy as np

from ..errors import MazeError
from ..game.clock import format_elapsed
from ..game.kind_play import KindRound
from ..game.records import NOTE_KEYS, Records
from ..game.round import Phase
from ..kinds import KINDS
from ..kinds.maze import GraphMaze
from ..paint import ANSWER, GOAL, PATH, PLAYER, START, TRAIL, WALL, rgb
from ..text.messages import text
from .tk_system import apply_tk_scaling, enable_dpi_awareness, japanese_font_available

BG = "gray80"
FONT = ("Yu Gothic", 10)
#: Tk's names of the keys whose web names differ (the kinds' keys are named as a web page names them)
TK_KEYS = {"Up": "ArrowUp", "Down": "ArrowDown", "Left": "ArrowLeft", "Right": "ArrowRight"}


def _hex(index: int) -> str:
    r, g, b = rgb(index)
    return f"#{r:02x}{g:02x}{b:02x}"


class KindWindow:
    """The window's contents for one maze: a canvas, the counters and the keys' help.

    Parameters
    ----------
    root : tk.Misc
        The window (or a frame) to build in.
    maze : GraphMaze
    lang : {"ja", "en"}
    clock : callable returning seconds
    has_japanese_font : callable
        Whether Japanese can be shown (else the texts are English); tests replace it.
    """

    def __init__(self, root: tk.Misc, maze: GraphMaze, lang: str = "ja", *,
                 clock: Callable[[], float] = time.monotonic, size: int = 560,
                 records: Records | None = None,
                 has_japanese_font: Callable[[tk.Misc], bool] = japanese_font_available) -> None:
        self.root = root
        self.records = records
        self.news = ""  # what the last clear came to (a new record, ...)
        if lang == "ja" and not has_japanese_font(root):
            lang = "en"
        self.lang = lang
        self.game = KindRound(maze, clock=clock)
        self.answer_shown = False
        self.counters = tk.StringVar(root)
        self.message = tk.StringVar(root)
        tk.Label(root, textvariable=self.counters, bg=BG, font=FONT, anchor="w").pack(fill="x")
        tk.Label(root, textvariable=self.message, bg=BG, font=FONT, anchor="w").pack(fill="x")
        self.canvas = tk.Canvas(root, width=size, height=size, bg=_hex(PATH), highlightthickness=0)
        self.canvas.pack(fill="both", expand=True)
        helptext = f"{self.game.controls.help[lang]}  " + (
            "i: 解答  r: やり直し  Esc: 終了" if lang == "ja" else "i: answer  r: again  Esc: quit")
        tk.Label(root, text=helptext, bg=BG, font=FONT, anchor="w", justify="left",
                 wraplength=size).pack(fill="x")
        self.scale, self.left, self.top = 1.0, 0.0, 0.0
        self.canvas.bind("<Configure>", lambda _e: self.redraw())
        self.canvas.bind("<Button-1>", self.on_click)
        root.bind("<KeyPress>", self.on_key)
        self.canvas.focus_set()
        self._tick()

    # -- drawing -----------------------------------------------------------------------------
    def _fit(self) -> None:
        g = self.game.maze.geometry
        drawn = np.concatenate([g.walls[np.isfinite(g.walls).all(axis=1)], g.border])
        if g.kind == "theta":
            r = float(g.border[:, 4].max())
            x0, y0, x1, y1 = g.hub[0] - r, g.hub[1] - r, g.hub[0] + r, g.hub[1] + r
        else:
            x0, x1 = float(drawn[:, [0, 2]].min()), float(drawn[:, [0, 2]].max())
            y0, y1 = float(drawn[:, [1, 3]].min()), float(drawn[:, [1, 3]].max())
        width = max(self.canvas.winfo_width(), 50)
        height = max(self.canvas.winfo_height(), 50)
        margin = 0.6
        self.scale = min(width / (x1 - x0 + 2 * margin), height / (y1 - y0 + 2 * margin))
        self.left = (width - (x1 - x0) * self.scale) / 2 - x0 * self.scale
        self.top = (height - (y1 - y0) * self.scale) / 2 - y0 * self.scale

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Canvas pixels of the drawing's point ``(x, y)``."""
        return self.left + x * self.scale, self.top + y * self.scale

    def redraw(self) -> None:
        """Draw the whole maze again (a new size, a new start)."""
        c = self.canvas
        c.delete("all")
        self._fit()
        g, maze = self.game.maze.geometry, self.game.maze
        colour, width = _hex(WALL), max(1.0, min(6.0, self.scale / 8))
        hx, hy = self.point(*g.hub)
        for cell, over in np.asarray(g.extra.get("crossings", np.zeros((0, 2))), dtype=np.int64).tolist():
            x, y = g.centres[cell, :2]
            a, b = self.point(x - 0.5, y - 0.5)
            d, e = self.point(x + 0.5, y + 0.5)
            c.create_rectangle(a, b, d, e, fill="gray88", width=0)
            rails = ((a, b, d, b), (a, e, d, e)) if over == 0 else ((a, b, a, e), (d, b, d, e))
            for rail in rails:  # the sides of the passage over the crossing; the tunnel runs under
                c.create_line(*rail, fill=colour, width=max(1.0, width / 2))
        walls = g.walls[~maze.passages]
        for x0, y0, x1, y1, r in np.concatenate([walls[np.isfinite(walls).all(axis=1)], g.border]).tolist():
            if r > 0:  # clockwise on the page around the hub: a negative extent in Tk's angles
                t0 = math.degrees(math.atan2(-(y0 - g.hub[1]), x0 - g.hub[0]))
                t1 = math.degrees(math.atan2(-(y1 - g.hub[1]), x1 - g.hub[0]))
                extent = -((t0 - t1) % 360.0 or 360.0)
                s = r * self.scale
                c.create_arc(hx - s, hy - s, hx + s, hy + s, start=t0, extent=extent, style="arc",
                             outline=colour, width=width)
            else:
                c.create_line(*self.point(x0, y0), *self.point(x1, y1), fill=colour, width=width,
                              capstyle="round")
        for cell in np.flatnonzero(self.game.visited).tolist():
            if cell != maze.start:
                self._dot(cell, 0.2, _hex(TRAIL), "trail")
        if self.answer_shown:
            for cell in self.game.answer_path[1:-1].tolist():
                self._dot(cell, 0.25, _hex(ANSWER), "answer")
        self._dot(maze.start, 0.33, _hex(START), "start")
        self._dot(maze.goal, 0.33, _hex(GOAL), "goal")
        self._dot(self.game.player, 0.3, _hex(PLAYER), "player", outline="black")
        self._status()

    def _dot(self, cell: int, radius: float, fill: str, tag: str, outline: str = "") -> None:
        x, y = self.point(*self.game.maze.geometry.centres[cell, :2])
        s = max(radius * self.scale, 2.5)
        self.canvas.create_oval(x - s, y - s, x + s, y + s, fill=fill, outline=outline, tags=(tag,))

    def _status(self) -> None:
        game, lang = self.game, self.lang
        maze = game.maze
        name = KINDS[maze.kind].title if lang == "ja" else maze.kind
        self.counters.set("   ".join([
            f"{text(lang, 'time')} {format_elapsed(game.stopwatch.elapsed, lang)}",
            f"{text(lang, 'moves')} {text(lang, 'count', n=game.moves)}",
            f"{text(lang, 'steps')} {text(lang, 'step_count', n=game.steps)}",
            f"{text(lang, 'fewest')} {text(lang, 'count', n=game.min_moves)}",
            f"{name} {'x'.join(map(str, maze.size))} {text(lang, 'seed')} {maze.seed if maze.seed is not None else '-'}",
        ]))
        self.message.set(f"CLEAR!!  {self.news}".rstrip() if game.cleared else text(lang, "gave_up")
                         if game.phase is Phase.ANSWER else self.best_text())
        self.canvas.delete("clear")
        if game.cleared:
            w, h = self.canvas.winfo_width(), self.canvas.winfo_height()
            size = int(max(24, min(w, h) / 8))
            self.canvas.create_text(w / 2 + 2, h / 2 + 2, text="CLEAR!!", fill="black",
                                    font=("Helvetica", size, "bold"), tags=("clear",))
            self.canvas.create_text(w / 2, h / 2, text="CLEAR!!", fill="yellow",
                                    font=("Helvetica", size, "bold"), tags=("clear",))

    def best_text(self) -> str:
        """The maze's records as a line (「記録 ...」), or ''."""
        key = self.game.record_key()
        best = self.records.best(key) if self.records is not None and key is not None else None
        if not best:
            return ""
        return text(self.lang, "best", time=format_elapsed(best["time"], self.lang),
                    moves=text(self.lang, "count", n=best["moves"]))

    def _moved(self, left: int) -> None:
        """The player stepped from ``left``: the trail and the player's dot."""
        if self.game.cleared:
            note = self.game.note_clear(self.records)
            self.news = text(self.lang, note) if note in NOTE_KEYS else note
        self.canvas.delete("player")
        if left != self.game.maze.start:
            self._dot(left, 0.2, _hex(TRAIL), "trail")
        self._dot(self.game.player, 0.3, _hex(PLAYER), "player", outline="black")
        self._status()

    # -- input -------------------------------------------------------------------------------------
    def on_key(self, event: tk.Event[tk.Misc]) -> str | None:
        """A key: the kind's moves, i, r, Escape; every other key does nothing."""
        keysym = str(getattr(event, "keysym", "") or "")
        key = TK_KEYS.get(keysym, keysym.lower() if len(keysym) == 1 else keysym)
        return self.press(key)

    def press(self, key: str) -> str | None:
        """A key by its web name (``"ArrowUp"``, ``"q"``, ``"i"``...)."""
        game = self.game
        if key == "Escape":
            self.root.winfo_toplevel().destroy()
            return "break"
        if key == "i":
            if game.show_answer():
                self.answer_shown = True
                self.redraw()
        elif key == "r":
            game.reset()
            self.answer_shown = False
            self.news = ""
            self.redraw()
        else:
            left = game.player
            if game.press(key):
                self._moved(left)
        return "break"

    def on_click(self, event: tk.Event[tk.Canvas]) -> None:
        """A click on a neighbouring cell steps there."""
        x, y = (event.x - self.left) / self.scale, (event.y - self.top) / self.scale
        game = self.game
        g = game.maze.geometry
        near = g.neighbours(game.player)
        if not len(near):
            return
        d = np.hypot(g.centres[near, 0] - x, g.centres[near, 1] - y)
        k = int(np.argmin(d))
        left = game.player
        if d[k] <= 1.0 and game.move_to(int(near[k])):
            self._moved(left)

    def _tick(self) -> None:
        if self.game.stopwatch.running:
            self._status()
        self.root.after(100, self._tick)


def run_kind_window(maze: GraphMaze, lang: str = "ja", records: Records | None = None) -> None:
    """Open the window on ``maze`` and run until it is closed."""
    enable_dpi_awareness()
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        raise MazeError(f"cannot open a window ({exc}); play in a web browser with "
                        "'meiro play -b --grid KIND'") from None
    apply_tk_scaling(root)
    root.configure(bg=BG)
    root.title(f"meiro {maze.kind} {'x'.join(map(str, maze.size))}")
    KindWindow(root, maze, lang, records=records).canvas.focus_force()
    root.mainloop()

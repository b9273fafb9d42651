"""The "watch the search" window: A* and BFS exploring the same maze, side by side."""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Sequence
from typing import TYPE_CHECKING
from collections.abc import Callable

from ..text.messages import text
from ..game.search_replay import SearchReplay, SearchWatch
from .raster import Rect, View

if TYPE_CHECKING:
    from ..maze import Maze

FRAME_MS = 16
#: Blocks at least this many pixels wide get their g and f written in them.
LABEL_PX = 22
#: The count's colour once the route is found (the answer's palevioletred, darker to be read).
FOUND_FG = "mediumvioletred"


class SearchWindow:
    """A Toplevel replaying ``methods`` at the same pace, so the expanded counts compare.

    The replays are paced by :class:`~meiro.game.search_replay.SearchWatch`;
    each frame repaints only the rectangle around the blocks that changed.
    """

    def __init__(self, master: tk.Misc, maze: Maze, lang: str = "ja",
                 methods: Sequence[str] = ("astar", "bfs"), size: int = 420,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lang = lang
        self.top = tk.Toplevel(master, bg="gray80")
        self.top.title(text(lang, "search_title"))
        self.watch = SearchWatch(maze, methods, clock)
        self.replays = self.watch.replays
        self.panels: list[tuple[SearchReplay, tk.Canvas, tk.PhotoImage, View]] = []
        self.counts: list[tk.Label] = []
        tk.Label(self.top, text=text(lang, "search_title"), bg="gray80").grid(
            row=0, column=0, columnspan=len(methods), pady=4)
        for column, replay in enumerate(self.replays):
            count = tk.Label(self.top, bg="gray80", font=("TkDefaultFont", 11, "bold"))
            count.grid(row=1, column=column)
            self.counts.append(count)
            canvas = tk.Canvas(self.top, width=size, height=size, bg="gray80", highlightthickness=0)
            canvas.grid(row=2, column=column, padx=6, pady=6)
            photo = tk.PhotoImage(master=self.top, width=size, height=size)
            canvas.create_image(0, 0, image=photo, anchor="nw")
            view = View(*maze.shape, size, size)
            view.show_all()  # the whole search at a glance, however big the maze
            self.panels.append((replay, canvas, photo, view))
            self._paint(replay, photo, view, (0, 0, size, size))
            self._count(column)
        tk.Label(self.top, text=text(lang, "search_keys"), bg="gray80").grid(
            row=3, column=0, columnspan=len(methods), pady=(0, 6))
        self.top.bind("<KeyPress-space>", lambda e: self.finish())
        self.top.bind("<KeyPress-Return>", lambda e: self.watch.toggle())
        self.top.bind("<KeyPress-Right>", lambda e: self.step())
        self.top.bind("<KeyPress-Escape>", lambda e: self.close())
        self.top.protocol("WM_DELETE_WINDOW", self.close)
        self.top.focus_set()
        self.watch.begin()
        self._job: str | None = self.top.after(FRAME_MS, self._frame)

    @property
    def done(self) -> bool:
        return self.watch.done

    def finish(self) -> None:
        """Space: jump to the end of both searches."""
        self._show(self.watch.skip())

    def step(self) -> None:
        """Right arrow: pause, and show one more expansion of each search."""
        self._show(self.watch.step())

    def close(self) -> None:
        if self._job is not None:
            self.top.after_cancel(self._job)
            self._job = None
        self.top.destroy()

    def _frame(self) -> None:
        self._job = None
        self._show(self.watch.tick())
        if not self.done:
            self._job = self.top.after(FRAME_MS, self._frame)

    def _show(self, changed: Sequence[bool]) -> None:
        """Repaint what the replays that ``changed`` report, and their live counts."""
        for column, ((replay, canvas, photo, view), moved) in enumerate(zip(self.panels, changed)):
            if not moved:
                continue
            dirty = replay.take_dirty()
            # more changes than pixels (Space on a big maze): repaint all, skip the bounds
            whole = dirty.size > view.width * view.height
            rect = (0, 0, view.width, view.height) if whole else view.dirty_rect(dirty)
            if rect is not None:
                self._paint(replay, photo, view, rect)
            self._label(replay, canvas, view)
            self._count(column)

    def _count(self, column: int) -> None:
        replay = self.replays[column]
        name = "A*" if replay.method == "astar" else replay.method.upper()
        if replay.found:  # the route traced back from the goal is drawn: say so, with its length
            self.counts[column].configure(text=text(self.lang, "search_found", name=name, n=replay.done,
                                                    steps=replay.steps), fg=FOUND_FG)
        else:
            self.counts[column].configure(text=text(self.lang, "expanded", name=name, n=replay.done))

    @staticmethod
    def _paint(replay: SearchReplay, photo: tk.PhotoImage, view: View, rect: Rect) -> None:
        # start and goal stay visible (at least MARKER_MIN pixels, the goal ringed) on
        # scaled-down mazes
        goal = replay.maze.goal
        pixels = view.render(replay.paint, rect, markers=(replay.maze.start, goal), goal=goal)
        height, width = pixels.shape[:2]
        photo.put(b"P6 %d %d 255\n" % (width, height) + pixels.tobytes(), to=rect[:2])

    @staticmethod
    def _label(replay: SearchReplay, canvas: tk.Canvas, view: View) -> None:
        """Write g and f in every discovered cell (small mazes only), as the article's figures do."""
        if view.px < LABEL_PX:
            return
        canvas.delete("gf")
        font = ("TkDefaultFont", -max(7, int(view.px / 3)))
        rows, cols = (replay.g[1::replay.stride, 1::replay.stride] >= 0).nonzero()
        for r, c in zip(rows * replay.stride + 1, cols * replay.stride + 1):
            x0, y0, x1, y1 = view.block_rect(int(r), int(c))
            canvas.create_text((x0 + x1) / 2, (y0 + y1) / 2, font=font, tags="gf",
                               text=f"{replay.g[r, c]} {replay.f((int(r), int(c)))}")

"""The Tk window of ``meiro play``: the seed game, drawn as one image (its layout, keys and
drawing; the system around it, DPI, fonts, file manager and dialogs, is :mod:`meiro.ui.tk_system`).

The window is an adapter around a :class:`~meiro.game.session.GameSession`: keys,
buttons and the entries become session commands and entry edits, and the
session's state (the model, its viewport, the records, the news line) is drawn.
The panel beside the maze is laid out from a table (:data:`LAYOUT`). The maze is one ``PhotoImage`` the size of the canvas; after every
command or animation frame only the pixel rectangle of the blocks that
changed is rendered (:class:`meiro.ui.raster.View`) and copied in, so a move
costs the same on a 15x15 maze as on a 1000x1000 one. Animations run on
``after()`` timers; nothing sleeps and no thread touches a widget.
"""

from __future__ import annotations

import gc
import subprocess
import tkinter as tk
from pathlib import Path
from tkinter import messagebox, ttk
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast
from collections.abc import Callable

from ..errors import MazeError
from ..game import KEYMAP, GameModel, OpenFolder, Phase, SaveImage, WatchSearch, Zoom
from ..game.commands import Command
from ..game.records import Records
from ..game.session import GameSession
from ..game.viewport import Viewport
from ..goals import GOALS, goal_title
from ..registry import GENERATORS
from ..text.messages import text
from .pictures import IMAGE_DIR, image_name, save_picture
from .raster import Rect, View, goal_arrow
from . import tk_system
from .tk_catalogue import speak
from .tk_system import (JAPANESE_FAMILIES, apply_tk_scaling,  # noqa: F401
                        enable_dpi_awareness, japanese_font_available, open_in_file_manager,
                        shown_path)

if TYPE_CHECKING:
    from ..maze import Maze
    from .search_window import SearchWindow

BG = "gray80"
FONT = ("Yu Gothic", 10)
FRAME_MS = 16
#: How often (ms) to look whether the compiled kernels are ready.
POLL_MS = 100

#: Colours of the message under the buttons (a new best: festive orange, not the error red).
ERROR_FG, OK_FG, RECORD_FG = "firebrick", "dark green", "darkorange2"
#: How often (ms), and how long, to watch the file manager's opener for a failure.
OPENER_POLL_MS, OPENER_WAIT_MS = 250, 10_000


class Cell(NamedTuple):
    """One widget of the panel: its ``kind``, the message or variable ``key`` it shows, and
    options (``span``: both columns)."""

    kind: Literal["text", "value", "button", "size", "units", "choice", "seed"]
    key: str
    options: dict[str, Any] = {}


#: The panel beside the maze, row by row (one or two cells a row; a lone cell spans both
#: columns). ``text``: a fixed message; ``value``: a text the game updates; ``button``: a
#: command (its text fixed, or updated when ``var`` is set); ``size``/``seed``: the entries;
#: ``units``: blocks or cells; ``choice``: the generator or goal chooser.
LAYOUT: tuple[tuple[Cell, ...], ...] = (
    (Cell("text", "time"), Cell("value", "time")),
    (Cell("text", "moves"), Cell("value", "moves")),
    (Cell("text", "steps"), Cell("value", "steps")),
    (Cell("text", "fewest"), Cell("value", "fewest")),
    (Cell("value", "best", {"width": 44}),),
    (Cell("button", "answer", {"var": True}), Cell("button", "startstop", {"var": True})),
    (Cell("button", "save", {"var": True}), Cell("button", "open")),
    (Cell("value", "message", {"width": 44, "wraplength": 360}),),
    (Cell("units", "unit"), Cell("size", "entry")),
    (Cell("text", "algorithm"), Cell("choice", "algorithm")),
    (Cell("text", "goal"), Cell("choice", "goal")),
    (Cell("text", "seed", {"hint": "seed_hint"}), Cell("seed", "seed")),
    (Cell("value", "seed_now", {"width": 44}),),
    (Cell("button", "search"), Cell("text", "zoom_keys")),
    (Cell("value", "info", {"width": 44, "wraplength": 360, "fg": ERROR_FG}),),
)

#: What each button asks for.
BUTTONS: dict[str, Command] = {"answer": KEYMAP["i"], "startstop": KEYMAP["Return"],
                               "save": SaveImage(), "open": OpenFolder(), "search": WatchSearch()}


class MazeApp:
    """The game window around a :class:`~meiro.game.GameModel` (through its
    :class:`~meiro.game.session.GameSession`, to which it is the host).

    ``ask_save_path(initialdir, initialfile) -> str``, ``open_folder(path)`` and
    ``has_japanese_font(root)`` default to the save dialog, the file manager and
    :func:`japanese_font_available`; tests replace them. Japanese texts on a
    system that cannot draw them give way to English, with a note saying why;
    Tk's own dialogs speak the game's language (:mod:`meiro.ui.tk_catalogue`).

    Until the first maze the window is the panel alone (a small window, as the
    article's game opened); the maze's canvas, ``canvas_size`` pixels or as
    large as the screen allows, joins it when a maze starts.
    """

    def __init__(self, root: tk.Tk, model: GameModel, *, records: Records | None = None,
                 image_dir: Path = IMAGE_DIR,
                 ask_save_path: Callable[[Path, str], str] | None = None,
                 open_folder: Callable[[Path], object] = open_in_file_manager,
                 canvas_size: int | None = None,
                 has_japanese_font: Callable[[tk.Misc], bool] = japanese_font_available,
                 confirm: Callable[[str, str], bool] | None = None) -> None:
        self.root = root
        self.model = model
        no_font = model.lang == "ja" and not has_japanese_font(root)
        if no_font:
            model.lang = "en"  # English rather than a window of empty boxes
        self.session = GameSession(model, records, self, dig_overview=True)
        self.image_dir = Path(image_dir)
        self.ask_save_path = ask_save_path or (
            lambda folder, name: tk_system.ask_save_path(folder, name, parent=root))
        self.open_folder = open_folder
        self.confirm = confirm or (lambda title, message: messagebox.askyesno(title, message,
                                                                              parent=root))
        self.view: View | None = None
        self._anim_job: str | None = None
        self._resize_job: str | None = None
        self._clock_job: str | None = None
        self._poll_job: str | None = None
        self._search_window: SearchWindow | None = None
        self._info_shown: tuple[str, bool] | None = None
        speak(root, model.lang)  # Tk's own dialogs (save, yes/no) in the game's language
        self._build(canvas_size)
        if no_font:
            self._set_info(self._t("no_japanese_font"))
        root.bind("<KeyPress>", self.on_key)
        root.protocol("WM_DELETE_WINDOW", self.close)
        self._tick_clock()
        self.refresh(full=True)
        if model.animating:
            self._schedule()

    @property
    def records(self) -> Records | None:
        return self.session.records

    def prepare(self, start: bool = False) -> None:
        """Get the compiled kernels ready in the background (the window answers meanwhile: small
        mazes play on the Python kernels); ``start``: begin the entry's (big) maze once they are."""
        self.session.prepare(start)
        self.refresh()
        self._poll_job = self.root.after(POLL_MS, self._poll_kernels)

    def _poll_kernels(self) -> None:
        self._poll_job = None
        if self.session.poll():
            self.refresh()
            if self.model.animating:
                self._schedule()
        if self.session.warmup is not None:
            self._poll_job = self.root.after(POLL_MS, self._poll_kernels)

    # -- widgets ------------------------------------------------------------------------------
    def _t(self, key: str, **values: object) -> str:
        return text(self.model.lang, key, **values)

    def _build(self, size: int | None) -> None:
        root = self.root
        root.title(self._t("title"))
        root.configure(bg=BG)
        root.columnconfigure(2, weight=1)
        root.rowconfigure(0, weight=1)
        panel = tk.Frame(root, bg=BG)
        panel.grid(row=0, column=0, columnspan=2, sticky="n", padx=6, pady=6)
        self.vars: dict[str, tk.StringVar] = {}
        self.widgets: dict[str, tk.Widget] = {}
        for row, cells in enumerate(LAYOUT):
            for column, cell in enumerate(cells):
                widget = self._make(panel, cell)
                span = 2 if len(cells) == 1 else 1
                widget.grid(row=row, column=column, columnspan=span)
                if cell.kind != "units":
                    widget.grid_configure(padx=6, pady=4)
                self.widgets[cell.key if cell.kind != "text" else "text:" + cell.key] = widget
        self.time_label = self.widgets["time"]
        self.answer_button = self.widgets["answer"]
        self.start_button = self.widgets["startstop"]
        self.save_button = self.widgets["save"]
        self.info_label = cast(tk.Label, self.widgets["info"])
        self.entry.bind("<Control-a>", self._select_all_entry)

        if size is None:  # as large as the seed's 1000 px canvas, if the screen has room
            root.update_idletasks()
            room_x = root.winfo_screenwidth() - panel.winfo_reqwidth() - 40
            size = max(300, min(1000, root.winfo_screenheight() - 160, room_x))
            root.geometry("+0+0")
        self.canvas = tk.Canvas(root, width=size, height=size, bg=BG, highlightthickness=0, bd=0)
        self._canvas_shown = self.model.maze is not None  # else the panel alone, for now
        if self._canvas_shown:
            self.canvas.grid(row=0, column=2, sticky="nsew")
        self.photo = tk.PhotoImage(master=root, width=size, height=size)
        self.canvas.create_image(0, 0, image=self.photo, anchor="nw", tags="maze")
        self.canvas.bind("<Configure>", self._on_configure)
        self.canvas.bind("<MouseWheel>", lambda e: self.dispatch(Zoom(1 if e.delta > 0 else -1)))
        self.canvas.bind("<Button-4>", lambda e: self.dispatch(Zoom(1)))
        self.canvas.bind("<Button-5>", lambda e: self.dispatch(Zoom(-1)))
        self.canvas_size = (size, size)

    def _show_canvas(self) -> None:
        """The first maze: put its canvas beside the panel (the window grows to hold it)."""
        if self._canvas_shown:
            return
        self._canvas_shown = True
        self.canvas.grid(row=0, column=2, sticky="nsew")
        # a size the player gave the panel-only window would leave the maze no room
        self.root.geometry("")

    def _var(self, key: str, value: str = "") -> tk.StringVar:
        self.vars[key] = tk.StringVar(self.root, value=value)
        return self.vars[key]

    def _make(self, panel: tk.Frame, cell: Cell) -> tk.Widget:
        """The widget of one cell of :data:`LAYOUT`."""
        root, kind, key, options = self.root, cell.kind, cell.key, dict(cell.options)
        lang = self.model.lang
        if kind in ("text", "value"):
            if kind == "text":
                hint = options.pop("hint", None)
                options["text"] = self._t(key) + (f" ({self._t(hint)})" if hint else "")
            else:
                options["textvariable"] = self._var(key)
            options.setdefault("width", 22)
            return tk.Label(panel, bg=BG, font=FONT, **options)
        if kind == "button":
            words = {"textvariable": self._var(key)} if options.pop("var", False) else {"text": self._t(key)}
            command = BUTTONS[key]
            return tk.Button(panel, width=22, height=2, font=FONT, takefocus=0,
                             command=lambda: self.dispatch(command), **words)
        if kind == "size":
            self.entry_var = self._var(key, self.model.entry_text)
            check = root.register(self.session.type_size)
            self.entry = tk.Entry(panel, textvariable=self.entry_var, width=22, font=FONT,
                                  validate="key", validatecommand=(check, "%P"))
            return self.entry
        if kind == "seed":
            self.seed_var = self._var(key, self.model.seed_text)
            seed_check = root.register(lambda value: value.isdigit() or value == "")
            self.seed_entry = tk.Entry(panel, textvariable=self.seed_var, width=22, font=FONT,
                                       validate="key", validatecommand=(seed_check, "%P"))
            return self.seed_entry
        if kind == "units":
            units = tk.Frame(panel, bg=BG)
            self.unit_var = self._var(key, self.model.entry_unit)
            self.unit_buttons = [
                tk.Radiobutton(units, text=self._t("unit_" + unit), value=unit, variable=self.unit_var,
                               bg=BG, font=FONT, takefocus=0, command=self._unit_changed)
                for unit in ("blocks", "cells")]
            for button in self.unit_buttons:
                button.pack(side="left")
            return units
        # the choosers show the names in the game's language (穴掘り法); the session takes
        # the registered names, found again by the chosen entry's place
        if key == "algorithm":
            self._algorithms = GENERATORS.names()
            shown = [a.title(lang) for a in GENERATORS]
            now = GENERATORS.get(self.model.algorithm).title(lang)
        else:
            self._goals = list(GOALS)
            shown = [goal_title(g, lang) for g in GOALS]
            now = goal_title(self.model.goal, lang)
        var = self._var(key + "_choice", now)
        box = ttk.Combobox(panel, textvariable=var, state="readonly", values=shown, width=20,
                           takefocus=0)
        box.bind("<<ComboboxSelected>>", self._choice_changed)
        if key == "algorithm":
            self.algorithm_var, self.algorithm_box = var, box
        else:
            self.goal_var, self.goal_box = var, box
        return box

    # -- input ---------------------------------------------------------------------------------
    def _unit_changed(self) -> None:
        self.session.switch_unit(self.unit_var.get())
        self.entry_var.set(self.model.entry_text)
        self.refresh()

    def _choice_changed(self, _event: object = None) -> None:
        self.session.choose(self._algorithms[self.algorithm_box.current()],
                            self._goals[self.goal_box.current()])
        self.entry.focus_set()  # keep keys away from the chooser (arrows would change it)

    def on_key(self, event: tk.Event[tk.Misc]) -> str | None:
        # Shift (state bit 1, not Caps Lock's bit 2) with an arrow runs along the corridor
        # (a key event's state is the modifier mask, an int; Tk gives a str only to other events)
        shift = isinstance(event.state, int) and event.state & 0x1
        shifted = KEYMAP.get(f"Shift-{event.keysym}") if shift else None
        command = shifted or KEYMAP.get(event.keysym)
        if command is None:
            return None
        self.dispatch(command)
        return None

    def dispatch(self, command: Command) -> None:
        """Hand one command to the session, then redraw what it changed."""
        self.session.set_seed(self.seed_var.get())
        if self.session.command(command):
            self.refresh()
            if self.model.animating:
                self._schedule()

    def close(self) -> None:
        for job in (self._anim_job, self._resize_job, self._clock_job, self._poll_job):
            if job is not None:
                self.root.after_cancel(job)
        self._anim_job = self._resize_job = self._clock_job = self._poll_job = None
        self.session.stop()
        self.root.destroy()

    # -- the session's host ---------------------------------------------------------------------
    @property
    def pictures(self) -> Path:
        return self.image_dir.resolve()

    def show(self, viewport: Viewport) -> None:
        self._show_canvas()
        self.view = View(*viewport.shape, *self.canvas_size, frame=viewport)

    def confirm_large(self, width: int, height: int) -> bool:
        return self.confirm(self._t("large_title"), self._t("large_ask", size=f"{width}x{height}"))

    def save_picture(self, maze: Maze) -> str | None:
        """p: the save dialog, in the picture folder under a dated name."""
        folder = self.image_dir
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise MazeError(f"{folder}: {exc.strerror or exc}") from None
        speak(self.root, self.model.lang)
        path = self.ask_save_path(folder, image_name(maze))
        if not path:
            return None
        save_picture(maze, path)
        return shown_path(path)

    def open_pictures(self) -> None:
        """o: the file manager on the picture folder (its failure comes later, if at all)."""
        folder = self.pictures
        self.image_dir.mkdir(parents=True, exist_ok=True)
        opener = self.open_folder(folder)
        if isinstance(opener, subprocess.Popen):
            self.root.after(OPENER_POLL_MS, self._check_opener, opener, folder, 0)

    def watch_search(self, maze: Maze) -> None:
        """f: replay how A* and BFS explore the maze, side by side, in a second window."""
        from .search_window import SearchWindow

        if self._search_window is not None:
            self._search_window.close()
            self._search_window = None  # freed before the next one is built
        self._search_window = SearchWindow(self.root, maze, self.model.lang)

    def quit(self) -> None:
        self.close()

    # -- animation and clock ----------------------------------------------------------------------
    def _schedule(self) -> None:
        if self._anim_job is None:
            self._anim_job = self.root.after(FRAME_MS, self._frame)

    def _frame(self) -> None:
        self._anim_job = None
        self.session.tick()
        self.refresh()
        if self.model.animating:
            self._schedule()

    def _tick_clock(self) -> None:
        self.vars["time"].set(self.model.clock_text)
        self._clock_job = self.root.after(50, self._tick_clock)

    # -- drawing -----------------------------------------------------------------------------------
    def _on_configure(self, event: tk.Event[tk.Canvas]) -> None:
        size = (max(1, event.width), max(1, event.height))
        if size == self.canvas_size:
            return
        self.canvas_size = size
        if self._resize_job is not None:
            self.root.after_cancel(self._resize_job)
        self._resize_job = self.root.after(60, self._resized)

    def _resized(self) -> None:
        self._resize_job = None
        width, height = self.canvas_size
        self.photo.configure(width=width, height=height)
        if self.view is not None:
            self.view.resize(width, height, self.model.player)
        self.refresh(full=True)

    def refresh(self, full: bool = False) -> None:
        """Repaint what changed since the last call and update the texts."""
        model = self.model
        changes = model.take_changes()
        full = self.session.update_view() or full
        if self.view is not None:
            if full or changes.full:
                self._paint((0, 0, self.view.width, self.view.height))
            else:
                rect = self.view.dirty_rect(changes.blocks)
                if rect is not None:
                    self._paint(rect)
            self._point_to_goal()
        elif full:
            self._blank()
        if changes.status or full:
            self._update_texts()
        else:
            self._show_info()  # news (saved, ...) comes without a change of the board

    def _point_to_goal(self) -> None:
        """A blue arrow at the window's edge pointing to the goal while it is out of sight."""
        self.canvas.delete("goal_arrow")
        model = self.model
        if (self.view is None or model.maze is None or model.dig_done < model.dig_total
                or model.cleared):
            return
        arrow = goal_arrow(self.view, model.maze.goal)
        if arrow is not None:
            self.canvas.create_polygon(*arrow, fill="blue", outline="white", width=2,
                                       tags="goal_arrow")

    def _blank(self) -> None:
        width, height = self.canvas_size
        self.photo.put(BG, to=(0, 0, width, height))

    def _paint(self, rect: Rect) -> None:
        model, view = self.model, self.view
        if model.maze is None or model.paint is None or view is None:  # refresh() checks
            raise RuntimeError("no maze to paint")
        ready = model.dig_done == model.dig_total
        markers = (model.maze.start, model.maze.goal) if ready else ()
        player = model.player if ready else None
        pixels = view.render(model.paint, rect, markers, player, model.digging_at,
                             goal=model.maze.goal if ready else None)
        height, width = pixels.shape[:2]
        self.photo.put(b"P6 %d %d 255\n" % (width, height) + pixels.tobytes(), to=rect[:2])

    def _update_texts(self) -> None:
        model, t = self.model, self._t
        self.vars["time"].set(model.clock_text)
        maze = model.maze
        has_maze = maze is not None
        self.vars["moves"].set(t("count", n=model.moves) if has_maze else t("count", n=0))
        self.vars["steps"].set(t("step_count", n=model.steps) if has_maze else "")
        ready = has_maze and model.dig_done == model.dig_total
        self.vars["fewest"].set(t("count", n=model.min_moves) if ready else "")
        self.vars["startstop"].set(t("start") if model.entry_enabled else t("stop"))
        self.vars["answer"].set(t("answer") if model.phase is Phase.PLAYING else t("unavailable"))
        self.vars["save"].set(t("save") if ready else t("unavailable"))
        state: Literal["normal", "disabled"] = "normal" if model.entry_enabled else "disabled"
        if str(self.entry.cget("state")) != state:
            # typing goes to the size entry between games, to the maze during one
            (self.entry if model.entry_enabled else self.canvas).focus_set()
        widgets: list[tk.Entry | tk.Radiobutton] = [self.entry, self.seed_entry, *self.unit_buttons]
        for widget in widgets:
            widget.configure(state=state)
        for box in (self.algorithm_box, self.goal_box):
            box.configure(state="readonly" if model.entry_enabled else "disabled")
        message = model.message
        if model.phase is Phase.DIGGING:
            message = t("dig_paused" if model.dig_paused else "digging")
        elif model.phase is Phase.ANSWER and model.answer_done:
            message = t("gave_up")
        self.vars["message"].set(message)
        self._show_info()
        if maze is not None:
            name = GENERATORS.get(maze.algorithm).title(model.lang) if maze.algorithm else "-"
            self.vars["seed_now"].set(f"{name}  {maze.width}x{maze.height}  "
                                      f"{t('seed')} {maze.seed}  "
                                      f"{goal_title(model.maze_goal, model.lang)}")
        self.vars["best"].set(self.session.best_text())
        self._draw_clear()

    def _draw_clear(self) -> None:
        self.canvas.delete("clear")
        if not self.model.cleared:
            return
        width, height = self.canvas_size
        size = max(16, min(width, height) // 7)  # the seed: 100 pt on a 1000 px canvas
        font = ("Yu Gothic", -size, "bold")
        shadow = max(2, size // 20)
        for dx, colour in ((shadow, "black"), (0, "yellow")):
            self.canvas.create_text(width / 2 + dx, height / 2 + dx, text="CLEAR!!", font=font,
                                    fill=colour, tags="clear")

    def _select_all_entry(self, _event: object = None) -> str:
        self.entry.select_range(0, "end")
        self.entry.icursor("end")
        return "break"

    def _check_opener(self, opener: subprocess.Popen[bytes], folder: Path, waited: int) -> None:
        """Reap the file manager's opener; if it failed (no file manager), say so."""
        code = opener.poll()
        if code is None:
            if waited < OPENER_WAIT_MS:  # still starting one; an opener that lives on is fine
                self.root.after(OPENER_POLL_MS, self._check_opener, opener, folder,
                                waited + OPENER_POLL_MS)
            return
        if code != 0:
            self._set_info(self._t("open_failed", reason=self._t("no_file_manager"), path=folder))

    def _set_info(self, message: str, ok: bool = False) -> None:
        """Show ``message`` under the buttons: dark green for a success, red for a problem."""
        self.session.say(message, ok)
        self._show_info()

    def _show_info(self) -> None:
        session = self.session
        # the news, else what goes on behind the game (the compiled parts being made)
        shown = (session.info, session.info_ok) if session.info else (session.notice or session.hint, True)
        if shown == self._info_shown:
            return  # (called on every frame: touch the label only when the news changes)
        self._info_shown = shown
        self.vars["info"].set(shown[0])
        festive = shown[1] and shown[0] == self._t("new_best")
        self.info_label.configure(fg=RECORD_FG if festive else OK_FG if shown[1] else ERROR_FG)


def run_game(model: GameModel, records: Records | None = None, start: bool = False) -> None:
    """Open the window and run until it is closed; ``start``: begin the entry's maze (a big one)
    as soon as the compiled kernels are ready."""
    enable_dpi_awareness()
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        raise MazeError(f"cannot open a window ({exc}); play in this terminal with 'meiro play -t' "
                        "or in a web browser with 'meiro play -b'") from None
    apply_tk_scaling(root)
    app = MazeApp(root, model, records=records)
    app.prepare(start)
    (app.entry if model.entry_enabled else app.canvas).focus_force()
    root.mainloop()
    # The window's objects hold one another (its callbacks), so they wait for a garbage
    # collection; one run on another thread (the kernels' warm-up) would delete the Tcl
    # interpreter there, and Tcl ends the process for that. Free them here, on this thread.
    app.session.stop()  # (however the loop ended: the model lets go of the window's objects)
    del app, root
    gc.collect()

"""The Tk window of ``meiro play``: the seed game, drawn as one image (its layout, keys and
drawing; the system around it, DPI, fonts, file manager and dialogs, is :mod:`meiro.ui.tk_system`).

The window only maps keys to :mod:`meiro.game` commands and draws the model's
state. The maze is one ``PhotoImage`` the size of the canvas; after every
command or animation frame only the pixel rectangle of the blocks that
changed is rendered (:class:`meiro.ui.raster.View`) and copied in, so a move
costs the same on a 15x15 maze as on a 1000x1000 one. Animations run on
``after()`` timers; nothing sleeps and no thread touches a widget.
"""

from __future__ import annotations

import subprocess
import tkinter as tk
from pathlib import Path
from tkinter import messagebox, ttk
from typing import TYPE_CHECKING, Any, Callable, Literal

from ..errors import MazeError
from ..game import (KEYMAP, GameModel, OpenFolder, Phase, Quit, SaveImage, StartStop, WatchSearch,
                    Zoom)
from ..game.commands import Command
from ..game.clock import format_elapsed
from ..text.messages import text
from ..game.records import NOTE_KEYS, Records, record_key
from ..game.prepare import prepare_kernels
from ..goals import GOALS, goal_title
from ..registry import GENERATORS
from .pictures import IMAGE_DIR, image_name, save_picture
from .raster import Rect, View, goal_arrow
from . import tk_system
from .tk_system import (JAPANESE_FAMILIES, apply_tk_scaling,  # noqa: F401
                        enable_dpi_awareness, japanese_font_available, open_in_file_manager,
                        shown_path)

if TYPE_CHECKING:
    from ..maze import Maze
    from .search_window import SearchWindow

BG = "gray80"
FONT = ("Yu Gothic", 10)
FRAME_MS = 16


#: A maze of more cells than this takes long to make and dig: Enter asks first.
LARGE_CELLS = 1000 * 1000

#: Colours of the message under the buttons.
ERROR_FG, OK_FG = "firebrick", "dark green"
#: How often (ms), and how long, to watch the file manager's opener for a failure.
OPENER_POLL_MS, OPENER_WAIT_MS = 250, 10_000

class MazeApp:
    """The game window around a :class:`~meiro.game.GameModel`.

    ``ask_save_path(initialdir, initialfile) -> str``, ``open_folder(path)`` and
    ``has_japanese_font(root)`` default to the save dialog, the file manager and
    :func:`japanese_font_available`; tests replace them. Japanese texts on a
    system that cannot draw them give way to English, with a note saying why.
    """

    def __init__(self, root: tk.Tk, model: GameModel, *, records: Records | None = None,
                 image_dir: Path = IMAGE_DIR,
                 ask_save_path: Callable[[Path, str], str] = tk_system.ask_save_path,
                 open_folder: Callable[[Path], object] = open_in_file_manager,
                 canvas_size: int | None = None,
                 has_japanese_font: Callable[[tk.Misc], bool] = japanese_font_available,
                 confirm: Callable[[str, str], bool] | None = None) -> None:
        self.root = root
        self.model = model
        no_font = model.lang == "ja" and not has_japanese_font(root)
        if no_font:
            model.lang = "en"  # English rather than a window of empty boxes
        self.records = records
        self.image_dir = Path(image_dir)
        self.ask_save_path = ask_save_path
        self.open_folder = open_folder
        self.confirm = confirm or (lambda title, message: messagebox.askyesno(title, message,
                                                                              parent=root))
        self.view: View | None = None
        self._maze_id: Maze | None = None
        self._anim_job: str | None = None
        self._resize_job: str | None = None
        self._clock_job: str | None = None
        self._info = ""
        self._recorded = False
        self._overview = False
        self._search_window: SearchWindow | None = None
        self._build(canvas_size)
        if no_font:
            self._set_info(self._t("no_japanese_font"))
        root.bind("<KeyPress>", self.on_key)
        root.protocol("WM_DELETE_WINDOW", self.close)
        self._tick_clock()
        self.refresh(full=True)
        if model.animating:
            self._schedule()

    def prepare(self) -> None:
        """Show 準備中… while the game's kernels compile (first run) or load, then clear it."""
        before = self._info
        self._set_info(self._t("preparing"))
        self.root.update()
        try:
            prepare_kernels(self.model.algorithm, self.model.goal)
        finally:
            self._set_info(before)

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
        self.vars = {name: tk.StringVar(root) for name in (
            "time", "moves", "steps", "fewest", "startstop", "answer", "save", "message", "info",
            "seed_now", "best")}

        def label(row: int, col: int, textvariable: tk.StringVar | None = None,
                  value: str | None = None, **kw: Any) -> tk.Label:
            if textvariable is not None:
                kw["textvariable"] = textvariable
            widget = tk.Label(panel, text=value or "", bg=BG, font=FONT, width=kw.pop("width", 22),
                              **kw)
            widget.grid(row=row, column=col, padx=6, pady=4)
            return widget

        label(0, 0, value=self._t("time"))
        self.time_label = label(0, 1, self.vars["time"])
        label(1, 0, value=self._t("moves"))
        label(1, 1, self.vars["moves"])
        label(2, 0, value=self._t("steps"))
        label(2, 1, self.vars["steps"])
        label(3, 0, value=self._t("fewest"))
        label(3, 1, self.vars["fewest"])
        label(4, 0, self.vars["best"], width=44).grid(columnspan=2)

        def button(row: int, col: int, var: tk.StringVar, command: Callable[[], object]) -> tk.Button:
            widget = tk.Button(panel, textvariable=var, width=22, height=2, font=FONT,
                               takefocus=0, command=command)
            widget.grid(row=row, column=col, padx=6, pady=4)
            return widget

        self.answer_button = button(5, 0, self.vars["answer"], lambda: self.dispatch(KEYMAP["i"]))
        self.start_button = button(5, 1, self.vars["startstop"], lambda: self.dispatch(KEYMAP["Return"]))
        self.save_button = button(6, 0, self.vars["save"], lambda: self.dispatch(SaveImage()))
        tk.Button(panel, text=self._t("open"), width=22, height=2, font=FONT, takefocus=0,
                  command=lambda: self.dispatch(OpenFolder())).grid(row=6, column=1, padx=6, pady=4)

        label(7, 0, self.vars["message"], width=44, wraplength=360).grid(columnspan=2)
        self.entry_var = tk.StringVar(root, value=self.model.entry_text)
        check = root.register(self._entry_allowed)
        self.entry = tk.Entry(panel, textvariable=self.entry_var, width=22, font=FONT,
                              validate="key", validatecommand=(check, "%P"))
        self.entry.grid(row=8, column=1, padx=6, pady=4)
        # Ctrl+A selects the whole size (Tk's default on X11 only moves to the line's start)
        self.entry.bind("<Control-a>", self._select_all_entry)
        units = tk.Frame(panel, bg=BG)
        units.grid(row=8, column=0)
        self.unit_var = tk.StringVar(root, value=self.model.entry_unit)
        self.unit_buttons = [
            tk.Radiobutton(units, text=self._t("unit_" + unit), value=unit, variable=self.unit_var,
                           bg=BG, font=FONT, takefocus=0, command=self._unit_changed)
            for unit in ("blocks", "cells")]
        for button_ in self.unit_buttons:
            button_.pack(side="left")

        label(9, 0, value=self._t("algorithm"))
        # the choosers show the names in the game's language (穴掘り法); the model keeps the
        # registered names, found again by the chosen entry's place
        lang = self.model.lang
        self._algorithms, self._goals = GENERATORS.names(), list(GOALS)
        self.algorithm_var = tk.StringVar(root, value=GENERATORS.get(self.model.algorithm).title(lang))
        self.algorithm_box = ttk.Combobox(panel, textvariable=self.algorithm_var, state="readonly",
                                          values=[a.title(lang) for a in GENERATORS], width=20,
                                          takefocus=0)
        self.algorithm_box.grid(row=9, column=1, padx=6, pady=4)
        self.algorithm_box.bind("<<ComboboxSelected>>", self._choice_changed)
        label(10, 0, value=self._t("goal"))
        self.goal_var = tk.StringVar(root, value=goal_title(self.model.goal, lang))
        self.goal_box = ttk.Combobox(panel, textvariable=self.goal_var, state="readonly",
                                     values=[goal_title(g, lang) for g in GOALS], width=20,
                                     takefocus=0)
        self.goal_box.grid(row=10, column=1, padx=6, pady=4)
        self.goal_box.bind("<<ComboboxSelected>>", self._choice_changed)
        label(11, 0, value=f"{self._t('seed')} ({self._t('seed_hint')})")
        self.seed_var = tk.StringVar(root, value=self.model.seed_text)
        seed_check = root.register(lambda value: value.isdigit() or value == "")
        self.seed_entry = tk.Entry(panel, textvariable=self.seed_var, width=22, font=FONT,
                                   validate="key", validatecommand=(seed_check, "%P"))
        self.seed_entry.grid(row=11, column=1, padx=6, pady=4)
        label(12, 0, self.vars["seed_now"], width=44).grid(columnspan=2)
        tk.Button(panel, text=self._t("search"), width=22, height=2, font=FONT, takefocus=0,
                  command=lambda: self.dispatch(WatchSearch())).grid(row=13, column=0, padx=6, pady=4)
        label(13, 1, value=self._t("zoom_keys"))
        self.info_label = label(14, 0, self.vars["info"], width=44, wraplength=360, fg=ERROR_FG)
        self.info_label.grid(columnspan=2)

        if size is None:  # as large as the seed's 1000 px canvas, if the screen has room
            root.update_idletasks()
            room_x = root.winfo_screenwidth() - panel.winfo_reqwidth() - 40
            size = max(300, min(1000, root.winfo_screenheight() - 160, room_x))
            root.geometry("+0+0")
        self.canvas = tk.Canvas(root, width=size, height=size, bg=BG, highlightthickness=0, bd=0)
        self.canvas.grid(row=0, column=2, sticky="nsew")
        self.photo = tk.PhotoImage(master=root, width=size, height=size)
        self.canvas.create_image(0, 0, image=self.photo, anchor="nw", tags="maze")
        self.canvas.bind("<Configure>", self._on_configure)
        self.canvas.bind("<MouseWheel>", lambda e: self.dispatch(Zoom(1 if e.delta > 0 else -1)))
        self.canvas.bind("<Button-4>", lambda e: self.dispatch(Zoom(1)))
        self.canvas.bind("<Button-5>", lambda e: self.dispatch(Zoom(-1)))
        self.canvas_size = (size, size)

    # -- input ---------------------------------------------------------------------------------
    def _entry_allowed(self, value: str) -> bool:
        return self.model.set_entry(value)

    def _unit_changed(self) -> None:
        self.model.set_unit(self.unit_var.get())
        self.entry_var.set(self.model.entry_text)
        self.refresh()

    def _choice_changed(self, _event: object = None) -> None:
        self.model.algorithm = self._algorithms[self.algorithm_box.current()]
        self.model.goal = self._goals[self.goal_box.current()]
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
        """Carry out one command: the model's, or the window's own (save, open, quit, zoom)."""
        if isinstance(command, Quit):
            self.close()
            return
        if isinstance(command, SaveImage):
            self.save_image()
            return
        if isinstance(command, OpenFolder):
            self.open_image_folder()
            return
        if isinstance(command, Zoom):
            if self.view is None:
                return
            if command.step == 0:  # z: the whole maze, as in the terminal game
                self.view.show_all()
                self.refresh(full=True)
            elif self.view.set_zoom(command.step, self.model.player):
                self.refresh(full=True)
            return
        if isinstance(command, WatchSearch):
            self.watch_search()
            return
        self.model.seed_text = self.seed_var.get()
        size = self.model.asked_size if isinstance(command, StartStop) else None
        if size is not None and size[0] * size[1] > LARGE_CELLS:
            if not self.confirm(self._t("large_title"), self._t("large_ask", size=f"{size[0]}x{size[1]}")):
                return
        maze_before = self.model.maze
        if self.model.handle(command):
            if self.model.maze is not maze_before:
                self._info = ""
            self.refresh()
            if self.model.animating:
                self._schedule()

    def close(self) -> None:
        for job in (self._anim_job, self._resize_job, self._clock_job):
            if job is not None:
                self.root.after_cancel(job)
        self._anim_job = self._resize_job = self._clock_job = None
        self.root.destroy()

    # -- animation and clock ----------------------------------------------------------------------
    def _schedule(self) -> None:
        if self._anim_job is None:
            self._anim_job = self.root.after(FRAME_MS, self._frame)

    def _frame(self) -> None:
        self._anim_job = None
        self.model.tick()
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
        if model.maze is not None and model.maze is not self._maze_id:
            self._maze_id = model.maze
            self._recorded = False
            self.view = View(*model.maze.shape, *self.canvas_size)
            # watch the whole maze being dug, then play at a readable scale
            self._overview = model.phase is Phase.DIGGING
            if self._overview:
                self.view.show_all()
            full = True
        if self.view is not None:
            if self._overview and model.phase is not Phase.DIGGING:
                self._overview = False
                self.view.set_zoom(0, model.player)
                full = True
            if (model.phase is not Phase.DIGGING and model.player is not None
                    and self.view.follow(model.player)):
                full = True
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
        pixels = view.render(model.paint, rect, markers, player, model.digging_at)
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
        self.vars["info"].set(self._info)
        if maze is not None:
            name = GENERATORS.get(maze.algorithm).title(model.lang) if maze.algorithm else "-"
            self.vars["seed_now"].set(f"{name}  {maze.width}x{maze.height}  "
                                      f"{t('seed')} {maze.seed}  "
                                      f"{goal_title(model.maze_goal, model.lang)}")
        self._show_best()
        self._draw_clear()

    def _record_key(self) -> str | None:
        maze = self.model.maze
        if maze is None or maze.seed is None or maze.algorithm is None:
            return None  # records name a maze by how it was made
        return record_key(maze.algorithm, maze.width, maze.height, maze.seed, self.model.maze_goal)

    def _show_best(self) -> None:
        key = self._record_key()
        if self.records is None or key is None:
            self.vars["best"].set("")
            return
        if self.model.cleared and not self._recorded:
            self._recorded = True
            note = self.records.note_clear(key, self.model.elapsed, self.model.moves,
                                           helped=not self.model.clear_counts)
            if note:
                self._info = self._t(note) if note in NOTE_KEYS else note
            self.vars["info"].set(self._info)
        best = self.records.best(key)
        self.vars["best"].set(self._t("best", time=format_elapsed(best["time"], self.model.lang),
                                      moves=self._t("count", n=best["moves"])) if best else "")

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

    # -- files -----------------------------------------------------------------------------------
    def save_image(self) -> None:
        """p: save the maze as a PNG rendered from its grid, through a save dialog."""
        model = self.model
        if model.maze is None or model.dig_done < model.dig_total:
            self._set_info(self._t("no_maze"))
            return
        folder = self.image_dir
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._set_info(self._t("save_failed", reason=f"{folder}: {exc.strerror or exc}"))
            return
        self._dialogs_speak(model.lang)
        path = self.ask_save_path(folder, image_name(model.maze))
        if not path:
            return
        try:
            save_picture(model.maze, path)
        except MazeError as exc:
            self._set_info(self._t("save_failed", reason=str(exc)))
            return
        self._set_info(self._t("saved", path=shown_path(path)), ok=True)

    def _select_all_entry(self, _event: object = None) -> str:
        self.entry.select_range(0, "end")
        self.entry.icursor("end")
        return "break"

    def _dialogs_speak(self, lang: str) -> None:
        """Tk's own dialogs (the save dialog) speak the language msgcat is set to: the game's."""
        try:
            self.root.tk.call("package", "require", "msgcat")
            self.root.tk.call("::msgcat::mclocale", lang)
        except tk.TclError:
            pass  # a Tk without msgcat: its dialogs stay in English

    def open_image_folder(self) -> None:
        """o: open the picture folder in the file manager, and say where it is."""
        folder = self.image_dir.resolve()
        try:
            self.image_dir.mkdir(parents=True, exist_ok=True)
            opener = self.open_folder(folder)
        except OSError as exc:
            self._set_info(self._t("open_failed", reason=exc.strerror or str(exc), path=folder))
            return
        self._set_info(self._t("pictures_in", path=folder), ok=True)
        if isinstance(opener, subprocess.Popen):
            self.root.after(OPENER_POLL_MS, self._check_opener, opener, folder, 0)

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
        self._info = message
        self.vars["info"].set(message)
        label = getattr(self, "info_label", None)
        if label is not None:
            label.configure(fg=OK_FG if ok else ERROR_FG)

    # -- watch the search ------------------------------------------------------------------------
    def watch_search(self) -> None:
        """f: replay how A* and BFS explore the current maze, side by side."""
        model = self.model
        if model.maze is None or not model.watch_search():
            self._set_info(self._t("no_maze"))
            return
        from .search_window import SearchWindow

        if self._search_window is not None:
            self._search_window.close()
            self._search_window = None  # freed before the next one is built
        self._search_window = SearchWindow(self.root, model.maze, model.lang)


def run_game(model: GameModel, records: Records | None = None) -> None:
    """Open the window and run until it is closed."""
    enable_dpi_awareness()
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        raise MazeError(f"cannot open a window ({exc}); play in this terminal with 'meiro play -t' "
                        "or in a web browser with 'meiro play -b'") from None
    apply_tk_scaling(root)
    app = MazeApp(root, model, records=records)
    app.prepare()
    (app.entry if model.entry_enabled else app.canvas).focus_force()
    root.mainloop()

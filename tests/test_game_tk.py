"""The game window for real, under a virtual X server: keys in, pixels out."""

import os
import shutil
import subprocess
import sys
import time

import numpy as np
import pytest

import meiro
from meiro.game import Direction, GameModel, Move, Phase, Skip, StartStop
from meiro.game.records import Records
from meiro.ui.raster import COLORS

tk = pytest.importorskip("tkinter")

STEP_KEYS = {(-1, 0): "Up", (0, 1): "Right", (1, 0): "Down", (0, -1): "Left"}


@pytest.fixture
def window(display, tmp_path):
    """A function making (root, app) for a model; windows are closed after the test."""
    from meiro.ui.tk_app import MazeApp

    roots = []
    opened = []
    errors = []

    def make(model, size=400, **kw):
        root = tk.Tk(screenName=display)
        root.report_callback_exception = lambda *exc: errors.append(exc)
        roots.append(root)
        kw.setdefault("records", Records(tmp_path / "data" / "records.json"))
        kw.setdefault("image_dir", tmp_path / "maze_image")
        kw.setdefault("open_folder", opened.append)
        kw.setdefault("has_japanese_font", lambda root: True)
        kw.setdefault("confirm", lambda title, message: pytest.fail(f"unexpected question: {message}"))
        app = MazeApp(root, model, canvas_size=size, **kw)
        # the keyboard's focus, as run_game gives it: without a window manager the X server
        # sends keys to the window under the pointer, which a panel-only window may not be
        (app.entry if model.entry_enabled else app.canvas).focus_force()
        root.update()
        return root, app

    make.opened = opened
    yield make
    for root in roots:
        try:
            root.destroy()
        except tk.TclError:
            pass
    assert not errors, f"exceptions in Tk callbacks: {errors}"


def press(root, *keys):
    """Press keys by their KEYMAP names ("Shift-Up" is Up with Shift held)."""
    for key in keys:
        shift, keysym = (True, key[6:]) if key.startswith("Shift-") else (False, key)
        root.event_generate("<KeyPress>", keysym=keysym, state=0x1 if shift else 0, when="tail")
    root.update()


def pixel(app, pos):
    """The colour drawn at the centre of block ``pos``."""
    x0, y0, x1, y1 = app.view.block_rect(*pos)
    return tuple(app.photo.get((x0 + x1) // 2, (y0 + y1) // 2))


def keys_for(path):
    return [STEP_KEYS[(int(b[0] - a[0]), int(b[1] - a[1]))] for a, b in zip(path[:-1], path[1:])]


def started(size=(8, 8), seed=7, **kw):
    model = GameModel(lang="en", **kw)
    model.start_maze(meiro.generate(*size, seed=seed))
    return model


def test_colours_are_what_tk_calls_the_seed_colour_names(display):
    # in a process of its own: a second Tk interpreter in a worker that has run other windows'
    # tests ended that worker on the CI machine
    script = ("import json, sys, tkinter as tk\n"
              "root = tk.Tk(screenName=sys.argv[1])\n"
              "print(json.dumps({n: [v // 257 for v in root.winfo_rgb(n)] for n in json.loads(sys.argv[2])}))\n"
              "root.destroy()\n")
    import json
    import sys

    done = subprocess.run([sys.executable, "-c", script, display, json.dumps(list(COLORS))],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    for name, rgb in COLORS.items():
        assert tuple(shown[name]) == tuple(rgb), name


def test_digging_shows_then_start_goal_and_the_player_moves(window):
    model = started()
    root, app = window(model)
    maze = model.maze
    assert model.phase is Phase.DIGGING
    press(root, "Right")  # ignored while digging
    press(root, "space")
    assert model.phase is Phase.PLAYING
    assert pixel(app, maze.start) == COLORS["springgreen"]  # the player stands on the start
    assert pixel(app, maze.goal) == COLORS["blue"]
    walls = np.argwhere(maze.grid)
    for r, c in walls[:: max(1, len(walls) // 50)]:
        assert pixel(app, (r, c)) == COLORS["gray25"]
    path = meiro.solve(maze).path
    press(root, *keys_for(path[:3]))
    assert model.player == tuple(path[2])
    assert pixel(app, tuple(path[2])) == COLORS["springgreen"]
    assert pixel(app, tuple(path[1])) == COLORS["tan1"]
    assert pixel(app, maze.start) == COLORS["red"]
    assert app.vars["moves"].get() == "2"


def test_keys_every_50_ms_all_arrive_and_clear_shows(window):
    model = started((6, 6), seed=3)
    root, app = window(model)
    press(root, "space")
    keys = keys_for(meiro.solve(model.maze).path)
    for i, key in enumerate(keys):
        root.after(50 * i, lambda k=key: root.event_generate("<KeyPress>", keysym=k))
    deadline = time.monotonic() + 50 * len(keys) / 1000 + 5
    while not model.cleared and time.monotonic() < deadline:
        root.update()
        time.sleep(0.005)
    assert model.cleared and model.player == model.maze.goal
    assert model.moves == model.steps == len(keys)
    texts = [app.canvas.itemcget(item, "text") for item in app.canvas.find_withtag("clear")]
    fills = {app.canvas.itemcget(item, "fill") for item in app.canvas.find_withtag("clear")}
    assert texts == ["CLEAR!!", "CLEAR!!"] and fills == {"yellow", "black"}
    frozen = model.elapsed
    root.after(150)
    root.update()
    assert model.elapsed == frozen and app.vars["time"].get() == model.clock_text
    assert "Best" in app.vars["best"].get()  # the record was written and read back
    assert Records(app.records.path).best(app.session.record_key())["moves"] == len(keys)


def test_a_clear_after_watching_the_search_is_not_recorded(window):
    model = started((6, 6), seed=3)
    root, app = window(model)
    press(root, "space", "f")
    app._search_window.close()
    root.focus_force()
    press(root, *keys_for(meiro.solve(model.maze).path))
    assert model.cleared and not model.clear_counts
    root.update()
    assert "not recorded" in app.vars["info"].get()
    assert Records(app.records.path).best(app.session.record_key()) is None


def test_without_a_japanese_font_the_window_speaks_english_and_says_why(window):
    model = GameModel(lang="ja")
    root, app = window(model, has_japanese_font=lambda root: False)
    assert model.lang == "en" and root.title() == "Maze (Esc to quit)"
    assert "No Japanese font" in app.vars["info"].get()
    model_ja = GameModel(lang="ja")
    root, app = window(model_ja)  # a system with the font keeps Japanese
    assert model_ja.lang == "ja" and "迷路" in root.title()


def test_the_font_check_asks_fontconfig(display):
    from meiro.ui.tk_app import japanese_font_available

    root = tk.Tk(screenName=display)
    try:
        if shutil.which("fc-list"):
            listed = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True)
            assert japanese_font_available(root) == bool(listed.stdout.strip())
    finally:
        root.destroy()


def test_the_right_arrow_steps_the_digging_block_by_block(window):
    model = GameModel(lang="en")
    maze = meiro.generate(8, 8, seed=7)
    model.start_maze(maze)
    root, app = window(model)
    press(root, "Right")
    done = model.dig_done
    press(root, "Right", "Right")
    assert model.dig_paused and model.dig_done == done + 2
    assert "Digging paused" in app.vars["message"].get()
    opened = np.unravel_index(maze.carve_order[done + 1], maze.shape)
    before = np.unravel_index(maze.carve_order[done], maze.shape)
    assert pixel(app, opened) == COLORS["yellow"]  # the block just dug is drawn at once,
    assert pixel(app, before) == COLORS["white"]  # marked as the one being dug
    time.sleep(0.2)
    root.update()
    assert model.dig_done == done + 2  # and the digging waits
    press(root, "Return")
    assert not model.dig_paused and model.phase is Phase.DIGGING
    press(root, "space")
    assert model.phase is Phase.PLAYING


def test_answer_is_drawn_in_pink_under_the_player(window):
    model = started((10, 10), seed=5)
    root, app = window(model)
    press(root, "space", "i", "space")
    path = meiro.solve(model.maze).path
    assert model.phase is Phase.ANSWER and model.answer_done
    for pos in path[1:-1]:
        assert pixel(app, tuple(pos)) == COLORS["palevioletred"]
    assert pixel(app, model.maze.start) == COLORS["springgreen"]
    assert pixel(app, model.maze.goal) == COLORS["blue"]


def test_saved_png_matches_the_maze_grid(window, tmp_path):
    from PIL import Image

    target = tmp_path / "out" / "maze.png"
    target.parent.mkdir()
    asked = []
    model = started((9, 6), seed=2)
    root, app = window(model, ask_save_path=lambda folder, name: asked.append((folder, name)) or str(target))
    press(root, "p")
    assert not target.exists() and "no maze" in app.vars["info"].get().lower()  # still digging
    press(root, "space", "Right", "Down", "p")
    folder, name = asked[0]
    assert folder == tmp_path / "maze_image" and folder.is_dir()
    assert name.endswith(f"_{model.maze.shape[1]}x{model.maze.shape[0]}.png") and len(name) == 15 + 10
    with Image.open(target) as im:
        png = np.asarray(im.convert("RGB"))
    from meiro.ui.pictures import picture_block

    scale = picture_block(model.maze.shape)
    assert png.shape == (model.maze.shape[0] * scale, model.maze.shape[1] * scale, 3)
    centres = png[scale // 2::scale, scale // 2::scale]
    expected = np.where(model.maze.grid[..., None], COLORS["gray25"], COLORS["white"])
    expected[model.maze.start] = COLORS["red"]
    expected[model.maze.goal] = COLORS["blue"]
    assert (centres == expected).all()
    assert not list(target.parent.glob("*.part"))  # written atomically
    press(root, "o")
    assert window.opened == [(tmp_path / "maze_image").resolve()]


def test_the_save_dialog_also_writes_a_playable_page(window, tmp_path):
    from support import page_data, walls_of

    target = tmp_path / "maze.html"
    model = started((7, 5), seed=4)
    root, app = window(model, ask_save_path=lambda folder, name: str(target))
    press(root, "space", "p")
    assert np.array_equal(walls_of(page_data(target.read_text(encoding="utf-8"))), model.maze.grid)
    assert str(target) in app.vars["info"].get()


def test_unwritable_folder_gives_a_message_not_a_crash(window, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    model = started((5, 5))
    root, app = window(model, image_dir=blocker / "maze_image",
                       ask_save_path=lambda folder, name: pytest.fail("no dialog expected"))
    press(root, "space", "p")
    assert "could not save" in app.vars["info"].get().lower()
    root2, app2 = window(started((5, 5)), ask_save_path=lambda folder, name: str(blocker / "x.png"))
    press(root2, "space", "p")
    assert "could not save" in app2.vars["info"].get().lower()
    press(root2, "o")
    assert app2.model.phase is Phase.PLAYING  # still playing


def test_size_entry_messages_and_start(window):
    model = GameModel(lang="ja")
    root, app = window(model)
    press(root, "Return")
    assert app.vars["message"].get() == "値を入力してください。" and model.maze is None
    app.entry.insert(0, "abc")  # only digits get in
    assert app.entry.get() == ""
    app.entry.insert(0, "30")
    press(root, "Return")
    assert app.vars["message"].get() == "無効な値です。"
    app.entry.delete(0, "end")
    app.entry.insert(0, "11")
    app.seed_var.set("42")
    press(root, "Return")
    assert model.phase is Phase.DIGGING and model.maze == meiro.generate(5, 5, seed=42)
    assert str(app.entry.cget("state")) == "disabled"
    press(root, "space", "Return")  # Enter during a game: back to the size entry
    assert model.phase is Phase.ENTRY and str(app.entry.cget("state")) == "normal"
    press(root, "Escape")
    with pytest.raises(tk.TclError):
        root.winfo_exists()


def test_window_resize_rescales_and_big_mazes_follow_the_player(window):
    model = started((150, 150), seed=1)
    root, app = window(model, size=300)
    press(root, "space")
    assert app.view.scrolls and app.view.px >= 2
    path = meiro.solve(model.maze).path
    press(root, *keys_for(path[:120]))
    assert model.player == tuple(path[119])
    assert pixel(app, model.player) == COLORS["springgreen"]
    press(root, "plus")
    assert pixel(app, model.player) == COLORS["springgreen"]
    before = app.view.px
    root.geometry("1100x900")
    for _ in range(20):
        root.update()
        time.sleep(0.02)
    assert app.view.width > 300 and app.view.height > 300 and app.view.px == pytest.approx(before, rel=0.05)
    assert pixel(app, model.player) == COLORS["springgreen"]
    press(root, "z", "minus", "minus", "minus")
    assert not app.view.scrolls or app.view.px <= 1
    assert pixel(app, model.maze.goal) == COLORS["blue"]  # markers stay visible when scaled down


def test_watch_the_search_window(window):
    model = started((6, 6), seed=4)
    root, app = window(model)
    press(root, "space", "f")
    search = app._search_window
    search.finish()
    root.update()
    route_colour = COLORS["palevioletred"]
    for column, (replay, canvas, photo, view) in enumerate(search.panels):
        assert replay.done == replay.total
        route = {tuple(p) for p in replay.route.tolist()}
        closed = [tuple(p) for p in replay.explored.tolist() if tuple(p) not in route]

        def colour(pos, photo=photo, view=view):
            x0, y0, x1, y1 = view.block_rect(*pos)
            return tuple(photo.get((x0 + x1) // 2, (y0 + y1) // 2))

        assert colour(closed[0]) == COLORS["gray60"]
        # the search's end: the route traced back from the goal, in the answer's colour
        inside = replay.route.tolist()[1:-1]
        assert inside and all(colour(p) == route_colour for p in inside)
        assert len(replay.route) - 1 == replay.steps == meiro.solve(model.maze).length
        assert search.counts[column].cget("text").endswith(f"found! the route is {replay.steps} steps")
        assert canvas.find_withtag("gf")  # g and f written on a small maze


def test_the_search_window_pauses_and_steps_one_expansion_at_a_time(window):
    model = started((6, 6), seed=4)
    root, app = window(model)
    press(root, "space", "f")
    search = app._search_window
    search.top.focus_force()
    press(search.top, "Return")
    assert search.watch.paused
    before = [replay.done for replay in search.replays]
    press(search.top, "Right", "Right")
    for column, (replay, _canvas, photo, view) in enumerate(search.panels):
        assert replay.done == before[column] + 2
        assert search.counts[column].cget("text").endswith(f"{replay.done} expanded")
        current = tuple(int(v) for v in replay.explored[replay.done - 1])
        if current != model.maze.goal:
            x0, y0, x1, y1 = view.block_rect(*current)
            assert tuple(photo.get((x0 + x1) // 2, (y0 + y1) // 2)) == COLORS["yellow"]
    time.sleep(0.1)
    root.update()
    assert [replay.done for replay in search.replays] == [b + 2 for b in before]  # still paused
    press(search.top, "Return")
    assert not search.watch.paused


def test_watch_the_search_on_a_big_maze_finishes_and_shows_it_all(window):
    model = started((400, 300), seed=2)
    root, app = window(model)
    press(root, "space", "f")
    search = app._search_window
    start = time.monotonic()
    search.watch.clock = lambda: start + 10 * (time.monotonic() - start)  # ten times faster
    search.watch.begin()
    counts = set()
    while not search.done and time.monotonic() - start < 30:
        root.update()
        counts.add(search.counts[1].cget("text"))
        time.sleep(0.005)
    assert search.done
    assert len(counts) > 3  # the expanded counts went up while the search ran
    for replay, canvas, photo, view in search.panels:
        assert replay.done == replay.total and view.px < 1  # the whole maze, scaled down
        assert not canvas.find_withtag("gf")  # no g and f on blocks this small
        full = view.render(replay.paint, markers=(model.maze.start, model.maze.goal),
                           goal=model.maze.goal)
        xs = np.linspace(0, view.width - 1, 24).astype(int)
        ys = np.linspace(0, view.height - 1, 24).astype(int)
        shown = np.array([[photo.get(int(x), int(y)) for x in xs] for y in ys])
        assert (shown == full[ys][:, xs]).all()  # the partial repaints add up to a full redraw
        assert (shown == COLORS["gray60"]).all(axis=2).sum() >= 20  # closed blocks, in grey
        x0, y0, x1, y1 = view.marker_rect(*model.maze.goal)
        assert photo.get((x0 + x1) // 2, (y0 + y1) // 2) == COLORS["blue"]  # the goal stays visible
    assert f"{search.replays[1].total} expanded" in search.counts[1].cget("text")


CLOSE_THEN_COLLECT_ELSEWHERE = r"""
import gc, sys, threading, tkinter as tk
from meiro.game import GameModel
from meiro.ui import tk_app

made = []
real_tk = tk.Tk


def closing_tk(*args, **kwargs):  # the player closes the window at once, as a window manager does
    root = real_tk(*args, **kwargs)
    root.after(300, lambda: root.tk.call(root.protocol("WM_DELETE_WINDOW")))
    made.append(1)
    return root


tk_app.tk.Tk = closing_tk
gc.disable()  # only the thread below collects
tk_app.run_game(GameModel(lang="en"))
worker = threading.Thread(target=gc.collect)  # as the kernels' warm-up thread may
worker.start()
worker.join()
print("closed cleanly", len(made))
"""


def test_closing_the_window_leaves_nothing_for_another_thread_to_collect(display, tmp_path):
    """The window's objects are freed on its own thread when it closes: collected on another
    thread they would delete the Tcl interpreter there, and Tcl aborts the process."""
    env = {**os.environ, "DISPLAY": display, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", CLOSE_THEN_COLLECT_ELSEWHERE], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "closed cleanly 1" in done.stdout, done.stderr[-2000:]
    assert "Tcl_AsyncDelete" not in done.stderr


def test_cli_play_builds_exactly_the_generated_maze():
    from meiro.cli import build_parser
    from meiro.cli.play_cmd import build_model

    args = build_parser().parse_args(["play", "--size", "20x20", "--seed", "7", "--algorithm", "dig",
                                      "--goal", "corner", "--lang", "en"])
    model = build_model(args)
    assert model.maze == meiro.generate(20, 20, algorithm="dig", seed=7, goal="corner")
    assert model.phase is Phase.DIGGING and model.lang == "en" and model.entry_text == "20"
    plain = build_model(build_parser().parse_args(["play"]))
    assert plain.maze is None and plain.phase is Phase.ENTRY


def test_cli_play_bad_size_is_one_line_exit_2(capsys):
    from meiro.cli import main

    assert main(["play", "--size", "0x3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_random_keys_at_any_moment_never_break_the_window(window):
    from meiro.game import KEYMAP

    rng = np.random.default_rng(11)
    keys = [k for k in KEYMAP if k != "Escape"]
    model = started((5, 5), seed=1)
    model.entry_text = "7"
    root, app = window(model, ask_save_path=lambda folder, name: "")
    for _ in range(300):
        press(root, keys[rng.integers(len(keys))])
        if rng.random() < 0.1:
            root.after(30)
            root.update()
        assert model.maze is not None and not model.maze.grid[model.player]
        if app.view is not None and model.phase is Phase.PLAYING:
            assert pixel(app, model.player) == COLORS["springgreen"]


def test_cli_play_blocks_fill_the_entry_in_blocks():
    from meiro.cli import build_parser
    from meiro.cli.play_cmd import build_model

    model = build_model(build_parser().parse_args(["play", "--blocks", "41x21", "--seed", "3"]))
    assert model.maze == meiro.generate(20, 10, seed=3)
    assert model.entry_unit == "blocks" and model.entry_text == "41x21" and model.seed_text == "3"


def test_shift_with_an_arrow_runs_to_the_next_junction(window):
    model = started((10, 8), seed=5)
    root, app = window(model)
    press(root, "space")
    twin = started((10, 8), seed=5)    # the same runs in a bare model
    twin.handle(Skip())
    for key, direction in [("Right", Direction.E), ("Down", Direction.S), ("Right", Direction.E),
                           ("Left", Direction.W), ("Up", Direction.N), ("Down", Direction.S)]:
        root.event_generate("<KeyPress>", keysym=key, state=0x1, when="tail")
        root.update()
        twin.handle(Move(direction, run=True))
        assert (model.player, model.steps) == (twin.player, twin.steps)
    assert model.steps > 6, "no run went past one step"
    # Caps Lock (state bit 2) is no Shift: one step
    steps = model.steps
    for key in ("Right", "Down", "Left", "Up"):
        root.event_generate("<KeyPress>", keysym=key, state=0x2, when="tail")
        root.update()
        assert model.steps - steps <= 1
        steps = model.steps


def test_without_a_display_the_error_says_where_else_to_play(monkeypatch, capsys):
    from meiro.cli import main

    def no_display(*args, **kw):
        raise tk.TclError("no display name and no $DISPLAY environment variable")

    monkeypatch.setattr(tk, "Tk", no_display)
    assert main(["play", "--size", "3x3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "meiro play -t" in err and "meiro play -b" in err


def test_the_japanese_window_names_generators_and_goals_in_japanese(window):
    model = GameModel(lang="ja")
    root, app = window(model)
    assert app.algorithm_var.get() == "穴掘り法" and app.goal_var.get() == "右下の角"
    assert "棒倒し法" in app.algorithm_box["values"] and "最長経路" in app.goal_box["values"]
    # choosing by the shown name sets the registered name the model and records use
    app.algorithm_box.current(list(app.algorithm_box["values"]).index("壁伸ばし法"))
    app.goal_box.current(1)
    app._choice_changed()
    assert (model.algorithm, model.goal) == ("wall", "farthest")
    model.start_maze(meiro.generate(5, 5, algorithm="wall", seed=3, goal="farthest"))
    app.refresh()
    root.update()
    assert app.vars["seed_now"].get().startswith("壁伸ばし法  5x5")
    assert app.vars["seed_now"].get().endswith("いちばん遠いマス")


def test_the_window_prepares_the_kernels_in_the_background_and_the_notice_goes(window, monkeypatch):
    import time

    from meiro.game import prepare

    class Warmup:  # finished by hand below
        started, failed, ready = False, "", False

        def __init__(self, algorithm, goal):
            self.asked = (algorithm, goal)

        def start(self):
            self.started = True

        def poll(self):
            return self.ready

        def stop(self):
            pass

    made = []
    monkeypatch.setattr(prepare, "KernelWarmup", lambda *args: made.append(Warmup(*args)) or made[-1])
    model = GameModel(lang="ja")
    root, app = window(model)
    app.prepare()  # returns at once: nothing waits for the kernels
    assert made[0].asked == ("dig", "corner") and made[0].started
    assert app.vars["info"].get().startswith("大きな迷路のための計算部分を裏で用意しています")
    made[0].ready = True
    end = time.monotonic() + 10
    while app.vars["info"].get() and time.monotonic() < end:
        root.update()
        time.sleep(0.02)
    assert app.vars["info"].get() == "" and app.session.warmup is None  # gone by itself


def test_a_big_maze_is_saved_readable_and_with_its_recipe(window, tmp_path):
    target = tmp_path / "big.png"
    model = GameModel(lang="en")
    model.start_maze(meiro.generate(300, 300, seed=5, algorithm="kruskal"))
    root, app = window(model, ask_save_path=lambda folder, name: str(target))
    press(root, "space", "p")
    back = meiro.load(target)
    assert back == model.maze and back.seed == 5 and back.algorithm == "kruskal"
    from PIL import Image

    with Image.open(target) as im:
        assert im.size == (601 * 4, 601 * 4)  # 4 pixels a block, not 1


def test_o_says_where_the_folder_is_and_when_no_file_manager_answers(window, tmp_path):
    import subprocess
    import sys

    failing = []

    def opener(folder):  # as xdg-open without a file manager: it ends with an error
        failing.append(subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"]))
        return failing[-1]

    root, app = window(GameModel(lang="ja"), open_folder=opener)
    press(root, "o")
    folder = str((tmp_path / "maze_image").resolve())
    assert app.vars["info"].get() == f"画像の保存先: {folder}"
    assert app.info_label.cget("fg") == "dark green"
    deadline = time.monotonic() + 30
    while "見つかりません" not in app.vars["info"].get() and time.monotonic() < deadline:
        root.update()
        time.sleep(0.05)
    assert app.vars["info"].get() == f"フォルダーを開けませんでした (ファイルマネージャーが見つかりません)。画像の保存先: {folder}"
    assert app.info_label.cget("fg") == "firebrick"
    assert failing[0].returncode == 3  # reaped: no zombie left

    def missing(folder):
        raise FileNotFoundError(2, "No such file or directory", "xdg-open")

    root2, app2 = window(GameModel(lang="en"), open_folder=missing)
    press(root2, "o")
    assert app2.vars["info"].get().startswith("Could not open the folder (No such file or directory)")
    assert folder in app2.vars["info"].get()


def test_the_save_dialog_speaks_the_game_s_language(window):
    model = started((5, 5))
    model.lang = "ja"
    locales = []
    root, app = window(model, ask_save_path=lambda folder, name: locales.append(
        root.tk.call("::msgcat::mclocale")) or "")
    press(root, "space", "p")
    assert locales == ["ja"]


def test_ctrl_a_selects_the_whole_size_entry(window):
    model = GameModel(lang="en")
    root, app = window(model)
    app.entry.focus_force()
    app.entry_var.set("31")
    root.update()
    app.entry.event_generate("<Control-a>", when="tail")
    root.update()
    assert app.entry.selection_present() and app.entry.selection_get() == "31"


def test_the_block_being_dug_is_yellow_in_the_window(window):
    model = GameModel(lang="en")
    maze = meiro.generate(8, 8, seed=7)
    model.start_maze(maze)
    root, app = window(model)
    press(root, "Right", "Right", "Right")
    at = model.digging_at
    assert at is not None and pixel(app, at) == COLORS["yellow"]
    before = at
    press(root, "Right")
    assert pixel(app, model.digging_at) == COLORS["yellow"]
    assert pixel(app, before) == COLORS["white"]  # the square moved on
    press(root, "space")
    assert pixel(app, model.digging_at or maze.goal) != COLORS["yellow"]


def test_a_300_by_300_maze_starts_at_a_zoom_that_shows_the_player_and_points_to_the_goal(window):
    model = started((300, 300), seed=6)
    root, app = window(model, size=500)
    press(root, "space")
    view = app.view
    assert view.px >= 10  # blocks a player can see
    x0, y0, x1, y1 = view.block_rect(*model.player)
    assert x1 - x0 >= 10 and pixel(app, model.player) == COLORS["springgreen"]
    arrow = app.canvas.find_withtag("goal_arrow")
    assert arrow and app.canvas.itemcget(arrow[0], "fill") == "blue"
    tip_x, tip_y = app.canvas.coords(arrow[0])[:2]
    assert tip_x > 250 and tip_y > 250  # the goal is down and to the right of the start
    press(root, "z")  # the whole maze: the goal is in sight, no arrow
    assert not app.canvas.find_withtag("goal_arrow")
    assert "+ - z" in " ".join(w.cget("text") for w in app.root.winfo_children()[0].winfo_children()
                               if isinstance(w, tk.Label))


def test_a_maze_over_a_million_cells_asks_before_it_starts(window):
    asked = []
    answer = [False]
    model = GameModel(lang="ja")
    root, app = window(model, confirm=lambda title, message: asked.append(message) or answer[0])
    model.entry_unit = "cells"
    model.set_entry("1001x1000")
    app.dispatch(StartStop())
    assert asked == ["1001x1000 マスの迷路は、作るのにしばらく時間がかかります。始めますか?"]
    assert model.maze is None and model.phase is Phase.ENTRY  # "no": nothing started
    model.set_entry("1000x1000")  # a million cells: no question
    app.dispatch(StartStop())
    assert len(asked) == 1 and model.maze is not None and model.maze.width == 1000


def test_a_maze_named_by_a_seed_alone_keeps_no_records(window):
    """A hand-made maze whose recipe holds a seed but no algorithm is not named by it: the
    window records nothing for it (not one "None ... seed 5" entry for all such mazes)."""
    maze = meiro.Maze(meiro.generate(5, 5, seed=2).grid, generation={"seed": 5})
    model = GameModel(lang="en")
    model.start_maze(maze)
    root, app = window(model)
    press(root, "space")
    press(root, *keys_for(meiro.solve(maze).path))
    assert model.cleared and app.session.record_key() is None
    assert not app.records.path.exists() and app.vars["best"].get() == ""


def test_the_panel_is_laid_out_from_its_table(window):
    from meiro.ui.tk_app import LAYOUT

    root, app = window(GameModel(lang="en"))
    for row, cells in enumerate(LAYOUT):
        for column, cell in enumerate(cells):
            key = cell.key if cell.kind != "text" else "text:" + cell.key
            info = app.widgets[key].grid_info()
            assert (int(info["row"]), int(info["column"])) == (row, column), cell
            assert int(info["columnspan"]) == (2 if len(cells) == 1 else 1)
    assert app.widgets["text:seed"].cget("text") == "Seed (empty = random)"


# -- the player's last mile: the halo, the ringed goal, the start window, the save dialog ----------
def on_screen(root, path, display):
    """The pixels of widget ``path`` as the X server shows them (a screenshot)."""
    from PIL import ImageGrab

    root.update()
    x, y = int(root.tk.call("winfo", "rootx", path)), int(root.tk.call("winfo", "rooty", path))
    w, h = int(root.tk.call("winfo", "width", path)), int(root.tk.call("winfo", "height", path))
    return np.asarray(ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=display).convert("RGB"))


def ring_around(shot, centre, radius):
    """Colours met going right from ``centre`` past ``radius``: the first pixel out of the circle
    and the first one past the dark ring's width (where a halo has its light ring)."""
    from meiro.ui.raster import RING_PX

    cx, cy = centre
    return (tuple(shot[int(cy), int(cx + radius + 1)]),
            tuple(shot[int(cy), int(cx + radius + RING_PX + 1.5)]))


def test_on_a_300_by_300_maze_the_player_has_a_halo_at_every_zoom(window, display):
    model = started((300, 300), seed=6)
    root, app = window(model, size=500)
    press(root, "space")
    path = meiro.solve(model.maze).path
    press(root, *keys_for(path[:40]))  # a trail behind the player
    for keys in ([], ["plus"], ["z"]):
        press(root, *keys)
        shot = on_screen(root, str(app.canvas), display)
        x0, y0, x1, y1 = app.view.marker_rect(*model.player)
        centre, radius = ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2
        assert tuple(shot[int(centre[1]), int(centre[0])]) == COLORS["springgreen"]
        assert ring_around(shot, centre, radius) == (COLORS["black"], COLORS["white"]), keys
    small = started((8, 8))
    root2, app2 = window(small)
    press(root2, "space")
    shot = on_screen(root2, str(app2.canvas), display)
    x0, y0, x1, y1 = app2.view.marker_rect(*small.player)
    assert COLORS["black"] not in ring_around(shot, ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2)


def test_the_whole_maze_view_shows_the_goal_as_a_ringed_square(window, display):
    from meiro.ui.raster import GOAL_MIN_PX, RING_PX

    model = started((300, 300), seed=6)
    root, app = window(model, size=500)
    press(root, "space", "z")
    assert app.view.px < 1  # 601 blocks in 500 pixels: the goal's block is under a pixel
    shot = on_screen(root, str(app.canvas), display)
    blue = (shot == COLORS["blue"]).all(axis=2)
    ys, xs = np.nonzero(blue)
    assert ys.max() - ys.min() + 1 >= GOAL_MIN_PX and xs.max() - xs.min() + 1 >= GOAL_MIN_PX
    assert blue[ys.min():ys.max() + 1, xs.min():xs.max() + 1].all()  # one solid square
    row = shot[(ys.min() + ys.max()) // 2]
    assert (row[xs.min() - RING_PX:xs.min()] == COLORS["black"]).all()   # a dark ring,
    assert (row[xs.min() - 2 * RING_PX:xs.min() - RING_PX] == COLORS["white"]).all()  # a light one
    gx0, gy0, gx1, gy1 = app.view.marker_rect(*model.maze.goal)
    gx, gy = (gx0 + gx1) // 2, (gy0 + gy1) // 2
    assert xs.min() <= gx <= xs.max() and ys.min() <= gy <= ys.max()  # on the goal's own block
    assert gx > shot.shape[1] * 0.9  # the corner goal at the window's edge, its square whole (above)


def test_the_window_opens_as_the_panel_and_grows_when_a_maze_starts(window, display):
    """Until a maze exists the window is the panel (the article's small window), not a
    1000-pixel grey field; the first maze brings the canvas, as large as the screen allows."""
    model = GameModel(lang="en")
    root, app = window(model, size=None)
    panel = root.winfo_children()[0]
    width, height = root.winfo_width(), root.winfo_height()
    assert not app.canvas.winfo_ismapped()
    assert width <= panel.winfo_reqwidth() + 12 and height <= panel.winfo_reqheight() + 12
    shot = on_screen(root, ".", display)
    grey = (shot == COLORS["gray80"]).all(axis=2)
    assert grey.mean() > 0.5  # the panel's grey, its widgets on it, nothing else
    app.entry.delete(0, "end")
    app.entry.insert(0, "41")  # blocks: a 20x20 maze
    press(root, "Return")
    for _ in range(20):
        root.update()
        time.sleep(0.02)
    assert model.maze is not None and app.canvas.winfo_ismapped()
    assert root.winfo_width() >= width + 300 and app.canvas.winfo_width() >= 300
    maze_px = on_screen(root, str(app.canvas), display)
    assert (maze_px == COLORS["gray25"]).all(axis=2).mean() > 0.2  # the maze being dug, on screen


DIALOG = ".__tk_filedialog"  # where Tk's own save dialog (X11) puts itself, over the main window


def widget_texts(root, path):
    """The texts of widget ``path`` and every widget inside it (labels, buttons, menubuttons)."""
    found = []
    try:
        found.append(str(root.tk.call(path, "cget", "-text")))
    except tk.TclError:
        pass  # a frame, an entry, ...: no text of its own
    for child in root.tk.splitlist(root.tk.call("winfo", "children", path)):
        found += widget_texts(root, str(child))
    return [t for t in found if t]


@pytest.mark.parametrize("lang, title, labels, png, question, answers", [
    ("ja", "名前を付けて保存", ["フォルダー(D):", "ファイル名(N):", "ファイルの種類(T):", "保存(S)", "キャンセル(C)"],
     "PNG 画像", "はすでにあります。\n上書きしますか?", ["はい(Y)", "いいえ(N)"]),
    ("en", "Save As", ["Directory:", "File name:", "Files of type:", "Save", "Cancel"],
     "PNG Image", "already exists.\nDo you want to overwrite it?", ["Yes", "No"]),
])
def test_tk_s_own_save_dialog_speaks_the_game_s_language(window, tmp_path, lang, title, labels, png,
                                                         question, answers):
    """p opens Tk's own save dialog (as on Linux): its title, labels, buttons, file types and the
    overwrite question read in the game's language."""
    folder = tmp_path / "maze_image"
    folder.mkdir()
    (folder / "taken.png").write_bytes(b"")
    model = started((5, 5))
    model.lang = lang
    root, app = window(model)  # the real dialog: no ask_save_path given
    call = root.tk.call
    seen = {}

    def shown(path):
        return int(call("winfo", "exists", path)) and int(call("winfo", "ismapped", path))

    def in_dialog(tries=0):
        if not shown(DIALOG):
            root.after(50, in_dialog, tries + 1) if tries < 200 else call(
                "set", "::tk::Priv(selectFilePath)", "")
            return
        seen["title"] = str(call("wm", "title", DIALOG))
        seen["texts"] = widget_texts(root, DIALOG)
        seen["type"] = str(call(f"{DIALOG}.contents.f2.menu", "cget", "-text"))
        call(f"{DIALOG}.contents.f2.ent", "delete", 0, "end")
        call(f"{DIALOG}.contents.f2.ent", "insert", 0, "taken.png")
        root.after(50, in_question)
        call(f"{DIALOG}.contents.f2.ok", "invoke")  # the file exists: the question, answered below
        call(f"{DIALOG}.contents.f2.cancel", "invoke")

    def in_question(tries=0):
        box = f"{DIALOG}.__tk__messagebox"
        if not shown(box):  # (given up after 10 s: answered blind, the test fails, not hangs)
            root.after(50, in_question, tries + 1) if tries < 200 else call(
                "set", "::tk::Priv(button)", "no")
            return
        seen["question"] = widget_texts(root, box)
        call(f"{box}.no", "invoke")

    root.after(50, in_dialog)
    press(root, "space", "p")
    assert seen["title"] == title
    for label in labels:
        assert label in seen["texts"], (label, seen["texts"])
    assert seen["type"].startswith(png)
    assert any(question in t and "taken.png" in t for t in seen["question"]), seen["question"]
    assert [a for a in answers if a in seen["question"]] == answers
    assert app.vars["info"].get() == "" and sorted(p.name for p in folder.iterdir()) == ["taken.png"]

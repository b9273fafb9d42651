"""The game window on a theta and a hex maze, under a virtual X server: keys and clicks in,
pixels out."""

import random

import numpy as np
import pytest

import meiro
from meiro.game.kind_play import CONTROLS, KindRound
from meiro.game.round import Phase

tk = pytest.importorskip("tkinter")

#: the web names of keys as Tk names them
TK_NAMES = {"ArrowUp": "Up", "ArrowDown": "Down", "ArrowLeft": "Left", "ArrowRight": "Right"}


@pytest.fixture
def window(display, tmp_path):
    from meiro.game.records import Records
    from meiro.ui.tk_kind import KindWindow

    roots, errors = [], []

    def make(maze, lang="en"):
        root = tk.Tk(screenName=display)
        root.report_callback_exception = lambda *exc: errors.append(exc)
        roots.append(root)
        app = KindWindow(root, maze, lang, size=500, has_japanese_font=lambda root: True,
                         records=Records(tmp_path / "records.json"))
        app.canvas.focus_force()  # (no window manager gives it the focus)
        root.update()
        return root, app

    yield make
    for root in roots:
        try:
            root.destroy()
        except tk.TclError:
            pass
    assert not errors, f"exceptions in Tk callbacks: {errors}"


def press(root, key):
    root.event_generate("<KeyPress>", keysym=TK_NAMES.get(key, key), when="tail")
    root.update()


def grab(root, display):
    """The window's pixels as the X server shows them."""
    from PIL import ImageGrab

    root.update()
    x, y = root.winfo_rootx(), root.winfo_rooty()
    try:
        shot = ImageGrab.grab(xdisplay=display)
    except OSError as exc:  # a Pillow built without X support
        pytest.skip(f"cannot read the screen: {exc}")
    return shot.crop((x, y, x + root.winfo_width(), y + root.winfo_height())).convert("RGB")


def colour_at(root, app, shot, cell):
    x, y = app.point(*app.game.maze.geometry.centres[cell, :2])
    cx, cy = app.canvas.winfo_rootx() - root.winfo_rootx(), app.canvas.winfo_rooty() - root.winfo_rooty()
    return shot.getpixel((int(cx + x), int(cy + y)))


@pytest.mark.parametrize("kind,size,seed", [("theta", (6,), 3), ("hex", (9, 7), 2)])
def test_a_theta_and_a_hex_maze_are_played_to_clear_in_the_window(window, display, kind, size, seed):
    maze = meiro.generate(*size, grid=kind, seed=seed)
    root, app = window(maze)
    shot = grab(root, display)
    assert colour_at(root, app, shot, maze.start) == (0, 255, 127)  # the player, springgreen
    assert colour_at(root, app, shot, maze.goal) == (0, 0, 255)
    # a closed wall between the start and a neighbour is drawn in the wall colour
    g = maze.geometry
    closed = np.flatnonzero(~maze.passages & np.isfinite(g.walls).all(axis=1))
    middle = g.wall_middles[closed[0]]
    x, y = app.point(*middle)
    cx, cy = app.canvas.winfo_rootx() - root.winfo_rootx(), app.canvas.winfo_rooty() - root.winfo_rooty()
    assert shot.getpixel((int(cx + x), int(cy + y))) == (64, 64, 64)
    model = KindRound(maze)
    for cell in model.answer_path[1:].tolist():
        key = model.key_to(cell)
        model.press(key)
        press(root, key)
        assert app.game.player == cell
    assert app.game.phase is Phase.CLEARED and app.message.get() == "CLEAR!!  New record!"
    assert app.records.best(f"dig {kind} {'x'.join(map(str, size))} seed {seed} corner")["moves"] == \
        model.min_moves
    assert f"Moves {model.min_moves} " in app.counters.get()
    shot = grab(root, display)
    middle_cell = model.answer_path[len(model.answer_path) // 2]
    assert colour_at(root, app, shot, middle_cell) == (255, 165, 79)  # the trail, tan1
    assert colour_at(root, app, shot, maze.goal) == (0, 255, 127)     # the player on the goal
    # again, then the answer: drawn in pink, and no key moves the player
    press(root, "r")
    assert app.game.steps == 0 and app.game.player == maze.start
    assert app.message.get().startswith("Best: ")
    press(root, "i")
    assert app.game.phase is Phase.ANSWER
    shot = grab(root, display)
    assert colour_at(root, app, shot, middle_cell) == (219, 112, 147)  # the answer colour, palevioletred
    press(root, model.key_to(model.answer_path[0]) or "ArrowUp")
    assert app.game.steps == 0


def test_clicks_on_neighbouring_cells_move_and_resizing_redraws(window):
    maze = meiro.generate(5, grid="theta", seed=4)
    root, app = window(maze, lang="ja")
    assert "移動回数" in app.counters.get()
    model = KindRound(maze)
    far = int(np.argmax(np.hypot(*(maze.geometry.centres - maze.geometry.centres[maze.start]).T)))
    app.canvas.event_generate("<Button-1>", x=int(app.point(*maze.geometry.centres[far])[0]),
                              y=int(app.point(*maze.geometry.centres[far])[1]))
    root.update()
    assert app.game.steps == 0
    root.geometry("700x800")
    root.update()
    for cell in model.answer_path[1:].tolist():
        x, y = app.point(*maze.geometry.centres[cell])
        app.canvas.event_generate("<Button-1>", x=int(x), y=int(y))
        root.update()
    assert app.game.cleared and app.game.moves == model.min_moves


def test_random_keys_never_break_the_window(window):
    maze = meiro.generate(7, 6, grid="hex", seed=9)
    root, app = window(maze)
    pairs = {tuple(sorted(p)) for p in maze.open_pairs().tolist()}
    keys = [*CONTROLS["hex"].keys, "i", "r", "x", "Return", "space", "Tab", "F1", "plus", "Right"]
    rng = random.Random(5)
    for _ in range(300):
        before = app.game.player
        press(root, rng.choice(keys))
        after = app.game.player
        assert after in (before, maze.start) or tuple(sorted((before, after))) in pairs
    assert app.game.steps > 0 or app.game.phase is not Phase.PLAYING

"""The web page of a theta, hex, triangle or weave maze: its rules under Node.js against
meiro.game.kind_play, and the page played to CLEAR!! in headless Chromium, by keys and by taps."""

import io
import json
import random
import shutil
import subprocess
from importlib import resources

import numpy as np
import pytest

import meiro
from meiro.game.kind_play import CONTROLS, KindRound
from meiro.render.html import render_html

from browser import CHROMIUM, Page
from support import page_data

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="the page's rules run under Node.js")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="the page is opened in Chromium")
KINDS = [("theta", (6,), 3), ("hex", (9, 7), 2), ("triangle", (10, 6), 5), ("weave", (10, 9), 4)]


def open_pairs(maze):
    return {tuple(sorted(p)) for p in maze.open_pairs().tolist()}


def open_page(tmp_path, maze, lang="en", width=800, height=700, dug=True) -> Page:
    """``maze``'s page in headless Chromium; with ``dug``, its digging replay skipped (Space)."""
    pytest.importorskip("websocket")
    target = tmp_path / f"{maze.kind}.html"
    target.write_text(render_html(maze, lang=lang), encoding="utf-8")
    try:
        page = Page(target.as_uri(), width=width, height=height)
    except RuntimeError as exc:  # the browser itself, not the page
        pytest.skip(f"headless Chromium did not start: {exc}")
    if dug:
        page.press(" ")
        page.wait_for("!meiro.digging()")
    return page


@pytest.mark.parametrize("kind,size,seed", KINDS)
def test_the_page_carries_the_maze_and_its_keys(kind, size, seed):
    maze = meiro.generate(*size, grid=kind, seed=seed)
    data = page_data(render_html(maze, lang="ja"))
    g = maze.geometry
    assert data["kind"] == kind and data["cells"] == maze.cells
    assert np.allclose(np.reshape(data["centres"], (-1, 2)), g.centres[:, :2], atol=1e-6, rtol=0)
    # the open slots, read back as pairs, are exactly the maze's passages
    pairs = set()
    offsets = np.concatenate([[0], np.cumsum([int(d) for d in data["degrees"]])])
    for a in range(maze.cells):
        for k in range(offsets[a], offsets[a + 1]):
            if data["open"][k] == "1":
                pairs.add(tuple(sorted((a, data["targets"][k]))))
    assert pairs == open_pairs(maze)
    assert data["answer"][0] == maze.start and data["answer"][-1] == maze.goal
    assert data["keys"] == {k: list(v) for k, v in CONTROLS[kind].keys.items()}
    assert data["texts"]["ja"]["page_keys"] == CONTROLS[kind].help["ja"]
    assert data["texts"]["en"]["page_keys"] == CONTROLS[kind].help["en"]


def test_render_file_writes_a_kinds_page():
    from meiro.render import render_file

    maze = meiro.generate(5, grid="theta", seed=1)
    page = render_file(maze, "m.html", lang="ja").decode("utf-8")
    data = page_data(page)
    assert data["kind"] == "theta" and data["lang"] == "ja" and "class KindGame" in page


def test_pages_the_game_cannot_show_are_refused():
    with pytest.raises(meiro.MazeError, match="cannot be played"):
        render_html(meiro.generate(3, 3, grid="3d", layers=2, seed=1))
    with pytest.raises(meiro.MazeError, match="lang"):
        render_html(meiro.generate(3, grid="theta", seed=1), lang="fr")
    with pytest.raises(meiro.MazeError, match="up to 100,000 cells"):
        render_html(meiro.generate(320, 320, grid="hex", seed=1))


def run_node(tmp_path, driver: str):
    game = "\n".join(resources.files("meiro.render").joinpath(name).read_text(encoding="utf-8")
                     for name in ("html_page_kit.js", "html_kind_game.js"))  # as the page has them
    script = tmp_path / "driver.js"
    script.write_text(game + "\n" + driver, encoding="utf-8")
    done = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@needs_node
@pytest.mark.parametrize("kind,size,seed", KINDS)
def test_the_pages_rules_are_the_models_key_for_key(tmp_path, kind, size, seed):
    maze = meiro.generate(*size, grid=kind, seed=seed)
    data = page_data(render_html(maze))
    keys = [*CONTROLS[kind].keys, "x", "Enter", "i"]
    rng = random.Random(kind)
    route = [rng.choice(keys) for _ in range(400)] + ["?"]
    model = KindRound(maze, clock=lambda: 0.0)
    answer_keys = []
    for cell in model.answer_path[1:].tolist():  # the model walks the answer to find its keys
        answer_keys.append(model.key_to(cell))
        assert answer_keys[-1] is not None and model.press(answer_keys[-1])
    route += answer_keys + ["ArrowUp"]
    model.reset()
    pairs = open_pairs(maze)
    expected = []
    for key in route:
        before = model.player
        if key == "?":
            model.reset()
        else:
            model.press(key)
            assert model.player == before or tuple(sorted((before, model.player))) in pairs
        expected.append([model.player, model.moves, model.steps, model.cleared])
    driver = f"""
const game = new KindGame({json.dumps(data)});
const out = [];
let now = 0;
for (const key of {json.dumps(route)}) {{
  now += 100;
  if (key === "?") game.reset(); else game.press(key, now);
  out.push([game.player, game.moves, game.steps, game.cleared]);
}}
process.stdout.write(JSON.stringify(out));
"""
    assert run_node(tmp_path, driver) == expected
    assert expected[-1][3], "the answer's keys did not clear the maze"


@needs_node
@pytest.mark.parametrize("name", ["html_page_kit.js", "html_kind_game.js", "html_kind_view.js"])
def test_the_pages_scripts_parse(tmp_path, name):
    script = tmp_path / name
    script.write_text(resources.files("meiro.render").joinpath(name).read_text(encoding="utf-8"),
                      encoding="utf-8")
    done = subprocess.run([NODE, "--check", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def pixel(shot, x, y):
    return shot.getpixel((int(round(x)), int(round(y))))[:3]


@needs_chromium
@pytest.mark.parametrize("kind,size,seed", [KINDS[0], KINDS[1]])
def test_a_theta_and_a_hex_maze_are_played_to_clear_by_keys(tmp_path, kind, size, seed):
    from PIL import Image

    maze = meiro.generate(*size, grid=kind, seed=seed)
    model = KindRound(maze)
    page = open_page(tmp_path, maze)
    try:
        counters = "document.getElementById('counters').textContent"
        assert f"Fewest moves {model.min_moves} " in page.evaluate(counters)
        keys_help = page.evaluate("document.getElementById('keys').textContent")
        assert keys_help.startswith(CONTROLS[kind].help["en"])
        # the player, start and goal drawn on their cells
        shot = Image.open(io.BytesIO(page.screenshot()))
        assert pixel(shot, *page.evaluate(f"meiro.at({maze.start})")) == (0, 255, 127)  # springgreen
        assert pixel(shot, *page.evaluate(f"meiro.at({maze.goal})")) == (0, 0, 255)
        # the solution's key presses, found by the model, clear the page's maze
        first_key = model.key_to(model.answer_path[1])
        walked = [maze.start]
        for cell in model.answer_path[1:].tolist():
            key = model.key_to(cell)
            assert key is not None
            page.press(key)
            model.press(key)
            walked.append(page.evaluate("meiro.game.player"))
        assert walked == model.answer_path.tolist()
        page.wait_for("meiro.game.cleared")
        n = model.min_moves
        text = page.evaluate(counters)
        assert f"Moves {n} " in text and f"Steps {n} " in text
        assert page.evaluate("document.getElementById('message').textContent").startswith("CLEAR!!")
        # a cell on the way shows the trail (tan1), and CLEAR!! is written on the maze
        shot = Image.open(io.BytesIO(page.screenshot()))
        middle = model.answer_path[len(model.answer_path) // 2]
        assert pixel(shot, *page.evaluate(f"meiro.at({middle})")) == (255, 165, 79)
        box = page.evaluate("(() => { const b = document.getElementById('maze').getBoundingClientRect();"
                            " return [b.left, b.top, b.width, b.height]; })()")
        centre = shot.crop((int(box[0] + box[2] / 2 - 120), int(box[1] + box[3] / 2 - 30),
                            int(box[0] + box[2] / 2 + 120), int(box[1] + box[3] / 2 + 30)))
        yellow = (np.asarray(centre.convert("RGB")) == (255, 255, 0)).all(axis=2)
        assert yellow.sum() > 50, "no yellow CLEAR!!"
        assert page.evaluate("meiro.errors") == []
        # again, then the answer ends the game: keys no longer move
        page.press("r")
        page.wait_for("meiro.game.steps === 0 && !meiro.game.cleared")
        page.press("i")
        page.wait_for(f"meiro.game.answered && meiro.answerShown() >= {len(model.answer_path)}")
        page.press(first_key)  # the answer's first step, refused now
        assert page.evaluate("meiro.game.steps") == 0
        page.evaluate("document.getElementById('language').click()")
        assert "移動回数" in page.evaluate(counters)
    finally:
        page.close()


@needs_chromium
@pytest.mark.parametrize("kind,size,seed", [KINDS[2], KINDS[3]])
def test_taps_on_neighbouring_cells_play_a_triangle_and_a_weave_maze(tmp_path, kind, size, seed):
    maze = meiro.generate(*size, grid=kind, seed=seed)
    model = KindRound(maze)
    page = open_page(tmp_path, maze, width=420, height=700)  # a phone's shape
    try:
        # a tap on a cell that is no open neighbour does nothing
        far = int(np.argmax(np.hypot(*(maze.geometry.centres - maze.geometry.centres[maze.start]).T)))
        page.tap(*page.evaluate(f"meiro.at({far})"))
        assert page.evaluate("meiro.game.steps") == 0
        for i, cell in enumerate(model.answer_path[1:].tolist()):
            # fingers, and a mouse now and then
            (page.click if i % 4 == 3 else page.tap)(*page.evaluate(f"meiro.at({cell})"))
        page.wait_for("meiro.game.cleared")
        assert page.evaluate("meiro.game.moves") == model.min_moves
        assert page.evaluate("meiro.errors") == []
    finally:
        page.close()


@needs_chromium
def test_any_keys_in_any_order_keep_a_kinds_page_sound(tmp_path):
    maze = meiro.generate(5, grid="theta", seed=8)
    pairs = open_pairs(maze)
    keys = [*CONTROLS["theta"].keys, "i", "r", "x", "Enter", " ", "Escape", "Tab", "f", "+"]
    page = open_page(tmp_path, maze)
    try:
        rng = random.Random(8)
        player = maze.start
        for _ in range(300):
            page.press(rng.choice(keys), shift=rng.random() < 0.2)
            now = page.evaluate("meiro.game.player")
            assert now == player or tuple(sorted((now, player))) in pairs or now == maze.start
            player = now
        assert page.evaluate("meiro.errors") == []
        assert page.evaluate("meiro.game.moves") > 0, "no key moved the player: nothing was tested"
    finally:
        page.close()


def test_small_pages_carry_the_generators_log():
    maze = meiro.generate(6, grid="theta", seed=2)
    data = page_data(render_html(maze))
    order = data["dig"]["order"]
    assert sorted(order) == sorted(set(order)) and set(order) == set(np.flatnonzero(maze.passages).tolist())
    assert len(data["dig"]["walls"]) == 5 * maze.geometry.edge_count
    assert page_data(render_html(maze, dig=False))["dig"] is None
    hand_made = maze.edited(maze.passages.copy())  # no recipe: no log to replay
    assert page_data(render_html(hand_made))["dig"] is None


@needs_chromium
def test_the_page_digs_the_maze_first(tmp_path):
    maze = meiro.generate(9, 8, grid="hex", seed=7)
    page = open_page(tmp_path, maze, dug=False)
    try:
        assert page.evaluate("meiro.digging()")["total"] == maze.cells - 1
        for key in ("ArrowDown", "s", "d", "i", "r"):  # no step, no answer while digging
            page.press(key)
        assert page.evaluate("meiro.game.steps") == 0 and not page.evaluate("meiro.game.answered")
        page.press("ArrowRight")
        state = page.evaluate("meiro.digging()")
        assert state["paused"]
        page.press("ArrowRight")
        assert page.evaluate("meiro.digging()")["done"] == state["done"] + 1
        page.press("Enter")
        page.wait_for("!meiro.digging()", timeout=30)
        model = KindRound(maze)
        for cell in model.answer_path[1:].tolist():
            key = model.key_to(cell)
            model.press(key)
            page.press(key)
        page.wait_for("meiro.game.cleared")
        assert page.evaluate("meiro.errors") == []
    finally:
        page.close()


@needs_chromium
def test_zoomed_in_the_view_follows_the_player(tmp_path):
    maze = meiro.generate(20, grid="theta", seed=6)
    model = KindRound(maze)
    page = open_page(tmp_path, maze, width=500, height=600)
    try:
        whole = page.evaluate("meiro.view().scale")
        for _ in range(4):
            page.press("+")
        assert page.evaluate("meiro.view().scale") == pytest.approx(4 * whole)
        box = page.evaluate("(() => { const b = document.getElementById('maze').getBoundingClientRect();"
                            " return [b.left, b.top, b.right, b.bottom]; })()")
        for cell in model.answer_path[1:].tolist():
            page.press(model.key_to(cell))
            model.press(model.key_to(cell))
            x, y = page.evaluate(f"meiro.at({cell})")
            assert box[0] <= x <= box[2] and box[1] <= y <= box[3], "the player left the view"
        page.wait_for("meiro.game.cleared")
        page.evaluate("document.querySelector('button[aria-label=\"zoom out\"]').click()")
        assert page.evaluate("meiro.view().level") == 3
        page.press("0")
        assert page.evaluate("meiro.view().scale") == pytest.approx(whole)
        assert page.evaluate("meiro.errors") == []
    finally:
        page.close()

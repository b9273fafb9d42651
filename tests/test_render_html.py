"""The playable web page (``meiro render -o maze.html``): its data, its rules under Node.js
against the Python game model, and the page itself in headless Chromium."""

import io
import json
import random
import re
import shutil
import subprocess
import sys
from importlib import resources

import numpy as np
import pytest

import meiro
from meiro.game import Direction, GameModel, Move, Skip
from meiro.game.clock import format_elapsed
from meiro.render.html import render_html

from browser import CHROMIUM, Page
from support import page_data, walls_of

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="the page's rules run under Node.js")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="the page is opened in Chromium")
STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
#: A key of each family for each direction, as the page reads them.
KEYS = {(-1, 0): ["ArrowUp", "w", "k"], (1, 0): ["ArrowDown", "s", "j"],
        (0, -1): ["ArrowLeft", "a", "h"], (0, 1): ["ArrowRight", "d", "l"]}


MAZES = [dict(width=9, height=7, seed=3), dict(width=12, height=5, seed=8, braid=1.0),
         dict(width=1, height=1, seed=2),
         dict(width=1, height=6, seed=1), dict(width=8, height=8, seed=5, algorithm="division",
                                               goal="farthest")]


@pytest.mark.parametrize("kw", MAZES)
def test_the_page_carries_the_maze(kw):
    maze = meiro.generate(**kw)
    page = render_html(maze, lang="ja", title="<迷路> & </script>")
    data = page_data(page)
    assert np.array_equal(walls_of(data), maze.grid)
    assert (data["start"], data["goal"]) == (list(maze.start), list(maze.goal))
    assert data["fewest"] == meiro.solve(maze, "bfs").length
    assert data["lang"] == "ja" and data["texts"]["ja"]["moves"] == "移動回数"
    assert "<title>&lt;迷路&gt; &amp; &lt;/script&gt;</title>" in page
    assert page.count("</script>") == 3, "the title or data closed a script early"


def test_bad_pages_are_refused_before_any_work():
    with pytest.raises(meiro.MazeError, match="lang"):
        render_html(meiro.generate(3, 3, seed=1), lang="fr")
    from meiro.render.html import check_page

    with pytest.raises(meiro.MazeError, match="2000x2000"):
        check_page((4003, 4003))
    with pytest.raises(meiro.MazeError, match="4000 a side"):
        check_page((3, 8003))
    check_page((4001, 4001))
    check_page((3, 8001))


def playing(maze) -> GameModel:
    """The Python game on ``maze``, the digging skipped."""
    model = GameModel(lang="en")
    model.start_maze(maze)
    model.handle(Skip())
    return model


def state_of(model, maze) -> list:
    """What the page's game and the model must agree on: where, moves, steps, cleared."""
    return [model.player[0] * maze.shape[1] + model.player[1], model.moves, model.steps, model.cleared]


def new_game(data: dict) -> str:
    """JavaScript that makes ``data`` (a page's) and ``game`` (its MazeGame)."""
    return f"""
const data = {json.dumps(data)};
const game = new MazeGame(decodeWalls(data.walls, data.rows * data.cols), data.rows, data.cols,
                          data.start[0] * data.cols + data.start[1], data.goal[0] * data.cols + data.goal[1]);
"""


def run_node(tmp_path, driver: str):
    script = tmp_path / "drive.js"
    game = "\n".join(resources.files("meiro.render").joinpath(name).read_text(encoding="utf-8")
                     for name in ("html_page_kit.js", "html_game.js"))  # as the page has them
    script.write_text(game + "\n" + driver, encoding="utf-8")
    done = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@needs_node
@pytest.mark.parametrize("kw", MAZES)
def test_the_pages_rules_are_the_game_models_move_for_move(tmp_path, kw):
    maze = meiro.generate(**kw)
    data = page_data(render_html(maze))
    rng = random.Random(repr(kw))
    path = meiro.solve(maze).path
    # wander (bumping into walls too), then walk the answer from the start to the goal
    steps = [rng.choice("NESW") for _ in range(300)]
    route = steps + ["?"]                   # "?": the page and the model start again
    for a, b in zip(path[:-1], path[1:]):
        route.append({v: k for k, v in STEPS.items()}[(int(b[0] - a[0]), int(b[1] - a[1]))])
    route += ["E", "S"]                     # after the clear, steps are refused
    model = playing(maze)
    expected = []
    for name in route:
        if name == "?":
            model.start_maze(maze)
            model.handle(Skip())
        else:
            model.handle(Move(Direction[name]))
        expected.append(state_of(model, maze))
    driver = new_game(data) + f"""
const steps = {json.dumps(STEPS)};
const out = [];
let now = 0;
for (const name of {json.dumps(route)}) {{
  now += 100;
  if (name === "?") game.reset(); else game.move(steps[name][0], steps[name][1], now);
  out.push([game.player, game.moves, game.steps, game.cleared]);
}}
process.stdout.write(JSON.stringify({{states: out, shortest: game.shortestPath().length - 1,
                                      elapsed: game.elapsed(now + 5000)}}));
"""
    result = run_node(tmp_path, driver)
    assert result["states"] == expected
    assert result["shortest"] == data["fewest"] == len(path) - 1
    assert expected[-1][3], "the answer's walk did not clear the maze"
    # the stopwatch ran from the first step after the restart to the clear (a 1x1 maze:
    # cleared before any step, in no time)
    first = len(steps) + 2
    expected_time = (len(route) - 2 - first) * 0.1 if len(path) > 1 else 0
    assert result["elapsed"] == pytest.approx(expected_time, abs=1e-9)


@needs_node
@pytest.mark.parametrize("kw", [dict(width=9, height=7, seed=3),
                                dict(width=150, height=120, seed=1, algorithm="wilson")])
def test_the_page_replays_the_generators_log(tmp_path, kw):
    from meiro.game.model import dig_duration

    maze = meiro.generate(**kw)
    data = page_data(render_html(maze))
    assert data["dig"]["bytes"] == (2 if maze.grid.size < 2**16 else 4)
    driver = f"""
const data = {json.dumps(data)};
const order = decodeOrder(data.dig.order, data.dig.bytes);
process.stdout.write(JSON.stringify({{order: Array.from(order),
                                      durations: [1, 449, 450, 5000, 2000000].map(digDuration)}}));
"""
    result = run_node(tmp_path, driver)
    assert result["order"] == maze.carve_order.tolist()
    assert result["durations"] == pytest.approx([dig_duration(n) for n in (1, 449, 450, 5000, 2000000)])
    # replaying the log opens exactly the maze's open blocks
    assert np.array_equal(meiro.replay_carving(maze.shape, np.array(result["order"])), maze.grid)


def test_big_pages_and_asked_for_ones_go_without_the_log():
    from meiro.render.html import DIG_REPLAY_BLOCKS

    big = meiro.generate(260, 250, seed=1)
    assert big.grid.size > DIG_REPLAY_BLOCKS
    assert page_data(render_html(big))["dig"] is None
    assert page_data(render_html(meiro.generate(5, 5, seed=1), dig=False))["dig"] is None


@needs_node
def test_the_pages_stopwatch_reads_like_the_games(tmp_path):
    seconds = [0, 0.04, 3.27, 59.99, 60, 125.0, 3599.96, 3725.5, 90061.2]
    driver = f"""
const texts = {json.dumps({lang: {k: meiro.text.messages.MESSAGES[lang][k]
                                  for k in ("hours", "minutes", "seconds")} for lang in ("ja", "en")})};
process.stdout.write(JSON.stringify(["ja", "en"].map(
  (lang) => {json.dumps(seconds)}.map((s) => formatElapsed(s, texts[lang])))));
"""
    assert run_node(tmp_path, driver) == [[format_elapsed(s, lang) for s in seconds]
                                           for lang in ("ja", "en")]


def open_page(tmp_path, maze, width=800, height=600, **options) -> Page:
    """``maze``'s page (in English) in headless Chromium."""
    pytest.importorskip("websocket")
    target = tmp_path / "maze.html"
    target.write_text(render_html(maze, lang="en", **options), encoding="utf-8")
    try:
        return Page(target.as_uri(), width=width, height=height)
    except RuntimeError as exc:  # the browser itself, not the page: a machine without a working one
        pytest.skip(f"headless Chromium did not start: {exc}")


def pixel(image, x: float, y: float):
    return image.getpixel((int(x), int(y)))[:3]


@needs_chromium
def test_the_page_plays_in_a_browser(tmp_path):
    from PIL import Image

    maze = meiro.generate(10, 7, seed=4, goal="farthest")
    page = open_page(tmp_path, maze)
    try:
        # the digging replay first, as in the window game: steps wait for it; Space skips it
        assert page.evaluate("meiro.digging()")
        page.press("d")
        page.press(" ")
        page.wait_for("!meiro.digging()")
        assert page.evaluate("meiro.game.steps") == 0, "a step was taken while digging"
        counters = "document.getElementById('counters').textContent"
        assert re.search(r"Moves 0 +Steps 0 +Fewest moves (\d+)", page.evaluate(counters)).group(1) \
            == str(meiro.solve(maze).length)
        # the maze on screen, block for block
        view = page.evaluate("meiro.view()")
        shot = Image.open(io.BytesIO(page.screenshot()))
        b, left, top = view["block"], view["left"], view["top"]
        assert b >= 6
        for r, c in np.ndindex(maze.shape):
            colour = pixel(shot, left + (c + 0.5) * b, top + (r + 0.5) * b)
            if (r, c) == tuple(maze.start):
                assert colour == (0, 255, 127)       # the player, springgreen
            elif (r, c) == tuple(maze.goal):
                assert colour == (0, 0, 255)
            else:
                assert colour == ((64, 64, 64) if maze.grid[r, c] else (255, 255, 255)), (r, c)
        # walk the answer with every key family; the trail shows, the counters count
        path = meiro.solve(maze).path
        for i, (a, b2) in enumerate(zip(path[:-1], path[1:])):
            page.press(KEYS[(int(b2[0] - a[0]), int(b2[1] - a[1]))][i % 3])
        page.wait_for("meiro.game.cleared")
        text = page.evaluate(counters)
        assert f"Moves {len(path) - 1} " in text and f"Steps {len(path) - 1} " in text
        assert page.evaluate("document.getElementById('message').textContent").startswith("CLEAR!!")
        view = page.evaluate("meiro.view()")
        shot = Image.open(io.BytesIO(page.screenshot()))
        b, left, top = view["block"], view["left"], view["top"]
        r, c = path[len(path) // 2]
        assert pixel(shot, left + (c + 0.5) * b, top + (r + 0.5) * b) == (255, 165, 79)  # tan1
        # again: a fresh start; the answer then paints the way and ends the game
        page.press("r")
        page.wait_for("meiro.game.steps === 0 && !meiro.game.cleared")
        page.press("i")
        page.wait_for("meiro.game.answered")
        page.press("d")
        page.press("s")
        assert page.evaluate("meiro.game.steps") == 0, "a step was taken after the answer"
        # the language button switches the page's texts
        page.evaluate("document.getElementById('language').click()")
        assert "移動回数" in page.evaluate(counters)
    finally:
        page.close()


@needs_chromium
def test_the_block_being_dug_is_a_yellow_square_in_the_page(tmp_path):
    from PIL import Image

    maze = meiro.generate(10, 7, seed=4)
    page = open_page(tmp_path, maze)
    try:
        page.press("ArrowRight")  # pauses the digging; each → then digs one block
        page.wait_for("meiro.digging() && meiro.digging().paused")
        for _ in range(3):
            page.press("ArrowRight")
        state = page.evaluate("meiro.digging()")
        assert state["at"] == int(maze.carve_order[state["done"] - 1])
        view = page.evaluate("meiro.view()")
        shot = Image.open(io.BytesIO(page.screenshot()))
        b, left, top = view["block"], view["left"], view["top"]
        r, c = divmod(state["at"], maze.shape[1])
        assert pixel(shot, left + (c + 0.5) * b, top + (r + 0.5) * b) == (255, 255, 0)
        r, c = divmod(int(maze.carve_order[state["done"] - 2]), maze.shape[1])
        assert pixel(shot, left + (c + 0.5) * b, top + (r + 0.5) * b) == (255, 255, 255)
    finally:
        page.close()


@needs_chromium
def test_a_big_maze_follows_the_player_and_zooms(tmp_path):
    maze = meiro.generate(300, 200, seed=2)
    page = open_page(tmp_path, maze, 640, 480)
    try:
        page.press(" ")   # skip the digging
        page.wait_for("!meiro.digging()")
        assert page.evaluate("meiro.view()")["block"] == 6   # too big to fit at 6: follow
        page.press("z")   # the whole maze: under a pixel a block
        whole = page.evaluate("meiro.view()")
        assert whole["block"] < 1
        assert whole["block"] * maze.shape[1] <= page.evaluate("document.getElementById('maze').clientWidth") + 1e-6
        page.press("+")
        assert page.evaluate("meiro.view()")["block"] == 1
        for _ in range(3):
            page.press("+")
        assert page.evaluate("meiro.view()")["block"] == 4
        path = meiro.solve(maze).path
        keys = [KEYS[(int(b[0] - a[0]), int(b[1] - a[1]))][0] for a, b in zip(path[:400], path[1:401])]
        for key in keys:
            page.press(key)
        page.wait_for(f"meiro.game.steps === {len(keys)}")
        # the player stays in view
        view = page.evaluate("meiro.view()")
        r, c = path[len(keys)]
        x, y = view["left"] + (c + 0.5) * view["block"], view["top"] + (r + 0.5) * view["block"]
        box = page.evaluate("(({left, top, right, bottom}) => [left, top, right, bottom])"
                            "(document.getElementById('maze').getBoundingClientRect())")
        assert box[0] <= x <= box[2] and box[1] <= y <= box[3]
    finally:
        page.close()


def test_the_command_line_writes_pages_and_refuses_huge_ones_first(tmp_path):
    from meiro.cli import main

    target = tmp_path / "maze.html"
    assert main(["generate", "--size", "6x5", "--seed", "2", "-q", "-o", str(target)]) == 0
    data = page_data(target.read_text(encoding="utf-8"))
    assert np.array_equal(walls_of(data), meiro.generate(6, 5, seed=2).grid)
    saved = tmp_path / "m.json"
    meiro.save(meiro.generate(4, 4, seed=9), saved)
    again = tmp_path / "again.html"
    assert main(["render", str(saved), "-o", str(again)]) == 0
    assert np.array_equal(walls_of(page_data(again.read_text(encoding="utf-8"))), meiro.load(saved).grid)
    huge = tmp_path / "huge.html"
    assert main(["generate", "--size", "4001x3", "-q", "-o", str(huge)]) == 2
    assert not huge.exists()


def test_play_browser_writes_the_page_and_opens_it(tmp_path, monkeypatch, capsys):
    import tempfile
    import webbrowser
    from urllib.parse import urlparse
    from urllib.request import url2pathname

    from meiro.cli import main

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":99")   # a screen, as far as the command can tell
    opened = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    assert main(["play", "--browser", "--size", "7x5", "--seed", "3", "--goal", "farthest",
                 "--lang", "ja"]) == 0
    (url,) = opened
    page = (tmp_path / url2pathname(urlparse(url).path)).read_text(encoding="utf-8")
    data = page_data(page)
    maze = meiro.generate(7, 5, seed=3, goal="farthest")
    assert np.array_equal(walls_of(data), maze.grid) and data["goal"] == list(maze.goal)
    assert data["lang"] == "ja"
    # no browser: one line that says where the page is, status 2
    monkeypatch.setattr(webbrowser, "open", lambda url: False)
    capsys.readouterr()
    assert main(["play", "-b"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meiro: error: no web browser") and "-20x20-" in err and err.count("\n") == 1
    assert main(["play", "-b", "-t"]) == 2   # one place to play at a time
    # a Linux machine with no screen: no text-mode browser is started, the page's place is said
    if sys.platform.startswith("linux"):
        monkeypatch.setattr(webbrowser, "open", lambda url: pytest.fail("a browser was started"))
        monkeypatch.delenv("DISPLAY")
        monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
        capsys.readouterr()
        assert main(["play", "-b", "--size", "3x3"]) == 2
        assert "the page is" in capsys.readouterr().err


@needs_node
@pytest.mark.parametrize("kw", MAZES)
def test_a_run_follows_the_corridor_to_the_next_junction(tmp_path, kw):
    maze = meiro.generate(**kw)
    data = page_data(render_html(maze))
    rng = random.Random(repr(kw) + "runs")
    runs = [rng.choice("NESW") for _ in range(400)]
    model = playing(maze)
    expected = []
    for name in runs:
        model.handle(Move(Direction[name], run=True))
        expected.append(state_of(model, maze))
    driver = new_game(data) + f"""
const steps = {json.dumps(STEPS)};
const out = [];
for (const name of {json.dumps(runs)}) {{
  game.run(steps[name][0], steps[name][1], 0);
  out.push([game.player, game.moves, game.steps, game.cleared]);
}}
process.stdout.write(JSON.stringify(out));
"""
    assert run_node(tmp_path, driver) == expected
    gains = [b[2] - a[2] for a, b in zip(expected, expected[1:])]
    if maze.width * maze.height > 1:
        assert max(gains) >= 2, "no run went further than one step: the corridors were not tested"


@needs_chromium
def test_shift_and_swipes_run_to_the_next_junction_in_the_browser(tmp_path):
    maze = meiro.generate(12, 9, seed=6)
    model = playing(maze)
    arrows = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}
    swipes = {"N": (0, -80), "E": (80, 0), "S": (0, 80), "W": (-80, 0)}
    page = open_page(tmp_path, maze, dig=False)
    try:
        rng = random.Random(6)
        for i in range(24):
            name = rng.choice("NESW")
            model.handle(Move(Direction[name], run=True))
            if i % 2:
                page.press(arrows[name], shift=True)
            else:
                page.swipe(400, 300, *swipes[name])
            page.wait_for(f"meiro.game.steps === {model.steps}")
            assert page.evaluate("meiro.game.player") == model.player[0] * maze.shape[1] + model.player[1]
        assert model.steps > 24, "no run went past one step"
    finally:
        page.close()


@needs_node
@pytest.mark.parametrize("kw", MAZES + [dict(width=10, height=8, seed=2, braid=0.5, algorithm="prim")])
def test_the_pages_search_replay_is_the_games(tmp_path, kw):
    from meiro.game.search_replay import search_duration
    from meiro.solvers.replay_events import search_events

    maze = meiro.generate(**kw)
    data = page_data(render_html(maze))
    driver = f"""
const data = {json.dumps(data)};
const wall = decodeWalls(data.walls, data.rows * data.cols);
const out = {{}};
for (const method of ["astar", "bfs"]) {{
  const order = decodeOrder(data.search[method], data.search.bytes);
  const ev = searchEvents(wall, data.cols, order, data.search.stride);
  out[method] = {{order: Array.from(order), blocks: Array.from(ev.blocks),
                  colours: Array.from(ev.colours), g: Array.from(ev.g), starts: Array.from(ev.starts)}};
}}
out.durations = [1, 10, 100, 5000, 1000000].map(searchDuration);
process.stdout.write(JSON.stringify(out));
"""
    result = run_node(tmp_path, driver)
    cols = maze.shape[1]
    for method in ("astar", "bfs"):
        explored = meiro.solve(maze, method).explored
        order = explored[:, 0] * cols + explored[:, 1]
        assert result[method]["order"] == order.tolist()
        expected = search_events(maze.grid.ravel(), cols, order, data["search"]["stride"])
        for name in ("blocks", "colours", "g", "starts"):
            assert result[method][name] == getattr(expected, name).tolist(), (method, name)
    assert result["durations"] == pytest.approx([search_duration(n) for n in (1, 10, 100, 5000, 1000000)])


@needs_node
def test_watching_the_search_while_playing_makes_a_clear_no_record(tmp_path):
    maze = meiro.generate(5, 4, seed=1)
    data = page_data(render_html(maze))
    path = meiro.solve(maze).path
    moves = [[int(b[0] - a[0]), int(b[1] - a[1])] for a, b in zip(path[:-1], path[1:])]
    results = []
    for watch_at in (None, 0, 2, len(moves)):   # never, before the first step, while playing, after
        model = playing(maze)
        for i in range(len(moves) + 1):
            if i == watch_at:
                model.watch_search()
            if i < len(moves):
                model.handle(Move(Direction(tuple(moves[i]))))
        results.append(model.clear_counts)
    driver = new_game(data) + f"""
const out = [];
for (const watchAt of {json.dumps([None, 0, 2, len(moves)])}) {{
  game.reset();
  const moves = {json.dumps(moves)};
  for (let i = 0; i <= moves.length; i++) {{
    if (i === watchAt) game.watchSearch();
    if (i < moves.length) game.move(moves[i][0], moves[i][1], i);
  }}
  out.push(game.clearCounts);
}}
process.stdout.write(JSON.stringify(out));
"""
    assert run_node(tmp_path, driver) == results == [True, False, False, True]


@needs_chromium
def test_the_search_replay_in_the_browser(tmp_path):
    from PIL import Image

    maze = meiro.generate(14, 10, seed=3)
    totals = [len(meiro.solve(maze, m).explored) for m in ("astar", "bfs")]
    counters = "document.getElementById('counters').textContent"

    def expanded():
        return [int(n) for n in re.findall(r"(?:A\*|BFS): (\d+) expanded", page.evaluate(counters))]

    page = open_page(tmp_path, maze, dig=False)
    try:
        page.press("d")                              # playing ...
        page.press("f")                              # ... then watching: no record after this
        page.wait_for("document.getElementById('counters').textContent.includes('BFS')")
        page.press("Enter")                          # pause
        paused = expanded()
        time_before = page.evaluate("performance.now()")
        page.wait_for(f"performance.now() > {time_before} + 300")
        assert expanded() == paused, "the replay went on while paused"
        page.press("ArrowRight")                     # one expansion more in each
        assert expanded() == [min(paused[0] + 1, totals[0]), min(paused[1] + 1, totals[1])]
        page.press(" ")                              # to the end
        assert expanded() == totals
        from meiro.game.search_replay import SearchReplay

        for shown, method in zip(page.evaluate("meiro.search()"), ("astar", "bfs")):
            replay = SearchReplay(maze, method)
            replay.advance(replay.total)
            assert shown["g"] == replay.g.ravel().tolist(), method   # the g the window shows
        # the replays painted closed blocks (gray60) and no frontier is left at the end (the
        # events themselves are checked against Python's under Node.js)
        pixels = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB"))
        assert (pixels == (153, 153, 153)).all(axis=2).sum() > 100
        assert not (pixels == (255, 255, 0)).all(axis=2).any(), "a current block is left"
        page.press("Escape")                         # back to the game, where it was
        assert page.evaluate("meiro.game.steps") in (0, 1) and "Moves" in page.evaluate(counters)
        path = meiro.solve(maze).path
        page.evaluate("document.getElementById('again').click()")
        page.press("f")
        page.press("Escape")
        for a, b in zip(path[:-1], path[1:]):
            page.press(KEYS[(int(b[0] - a[0]), int(b[1] - a[1]))][0])
        page.wait_for("meiro.game.cleared")
        assert "not recorded" in page.evaluate("document.getElementById('message').textContent")
    finally:
        page.close()


@needs_chromium
def test_small_mazes_get_g_and_f_written_in_the_search_replay(tmp_path):
    from PIL import Image

    def dark_pixels(maze):
        """Black pixels on the canvas (the labels and any g and f; walls are gray25)."""
        page = open_page(tmp_path, maze, dig=False)
        try:
            page.press("f")
            page.press(" ")
            top = int(page.evaluate("document.getElementById('maze').getBoundingClientRect().top")) + 1
            pixels = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB"))
        finally:
            page.close()
        return int((pixels[top:].max(axis=2) < 40).sum())

    written = dark_pixels(meiro.generate(4, 3, seed=1))     # big blocks: g and f in them
    plain = dark_pixels(meiro.generate(40, 30, seed=1))     # small blocks: the two labels only
    assert written > 3 * plain > 0


@needs_chromium
def test_any_keys_in_any_order_keep_the_page_sound(tmp_path):
    """Players press everything: no script error, the player always on an open block, the
    counters always the game's."""
    maze = meiro.generate(9, 6, seed=11)
    keys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "w", "a", "s", "d", "h", "j", "k", "l",
            "i", "r", "f", "q", "Escape", "Enter", " ", "+", "-", "=", "z", "x", "Tab", "0"]
    page = open_page(tmp_path, maze)
    try:
        page.evaluate("window.errors = []; window.addEventListener('error', (e) => errors.push(e.message))")
        rng = random.Random(11)
        for i in range(400):
            page.press(rng.choice(keys), shift=rng.random() < 0.2)
            if i % 20 == 0:
                player = page.evaluate("meiro.game.player")
                assert not maze.grid.ravel()[player]
        assert page.evaluate("errors") == []
        assert page.evaluate("meiro.game.steps") > 0, "no key moved the player: nothing was tested"
    finally:
        page.close()


@needs_chromium
def test_the_digging_pauses_and_digs_one_block_at_a_time_in_the_browser(tmp_path):
    maze = meiro.generate(20, 15, seed=2)
    page = open_page(tmp_path, maze)
    try:
        page.press("ArrowRight")                 # pause, and one block more
        state = page.evaluate("meiro.digging()")
        assert state["paused"] and 0 < state["done"] < state["total"] == len(maze.carve_order)
        for _ in range(5):
            page.press("ArrowRight")
        assert page.evaluate("meiro.digging()")["done"] == state["done"] + 5
        message = "document.getElementById('message').textContent"
        assert page.evaluate(message).startswith("Digging paused")
        now = page.evaluate("performance.now()")
        page.wait_for(f"performance.now() > {now} + 300")
        assert page.evaluate("meiro.digging()")["done"] == state["done"] + 5, "dug on while paused"
        page.press("Enter")                      # on, at the usual pace, to the end
        page.wait_for("!meiro.digging()", timeout=10)
        assert page.evaluate("meiro.game.steps") == 0   # → dug; it did not move the player
        page.press("ArrowRight")
        assert page.evaluate("meiro.game.steps") == (0 if maze.grid[1, 2] else 1)
    finally:
        page.close()


@needs_chromium
def test_touch_screens_get_an_arrow_pad(tmp_path):
    maze = meiro.generate(8, 6, seed=9)
    model = playing(maze)
    page = open_page(tmp_path, maze, dig=False)
    try:
        assert page.evaluate("document.getElementById('pad').hidden"), "a mouse-and-keyboard page shows no pad"
        page.swipe(300, 300, 2, 2)                       # a touch (a tap, not a swipe)
        assert not page.evaluate("document.getElementById('pad').hidden")
        assert page.evaluate("meiro.game.steps") == 0
        buttons = {Direction.N: "up", Direction.S: "down", Direction.W: "left", Direction.E: "right"}
        rng = random.Random(9)
        for _ in range(40):
            direction = rng.choice(list(buttons))
            model.handle(Move(direction))
            page.evaluate(f"document.querySelector('#pad button[aria-label={buttons[direction]}]').click()")
            player, moves, steps, _ = state_of(model, maze)
            assert page.evaluate("[meiro.game.player, meiro.game.steps]") == [player, steps]
    finally:
        page.close()


@pytest.mark.parametrize("lang", [None, "ja", "en"])
def test_the_command_line_can_fix_the_pages_language(tmp_path, lang):
    from meiro.cli import main

    target = tmp_path / "maze.html"
    extra = ["--lang", lang] if lang else []
    assert main(["generate", "--size", "4x4", "-q", "-o", str(target), *extra]) == 0
    assert page_data(target.read_text(encoding="utf-8"))["lang"] == lang
    assert main(["generate", "--size", "4x4", "-q", "-o", str(tmp_path / "fr.html"), "--lang", "fr"]) == 2
    assert not (tmp_path / "fr.html").exists()


@needs_node
@pytest.mark.parametrize("name", ["html_page_kit.js", "html_game.js", "html_view.js"])
def test_the_pages_scripts_parse(tmp_path, name):
    """A syntax error in the page's scripts shows even where no browser is installed."""
    script = tmp_path / name
    script.write_text(resources.files("meiro.render").joinpath(name).read_text(encoding="utf-8"),
                      encoding="utf-8")
    done = subprocess.run([NODE, "--check", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr

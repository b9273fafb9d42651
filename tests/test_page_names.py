"""Names carried into a web page's script data cannot be markup: a maze whose algorithm is named
``<!--<script>`` (once a dead page: the parser swallowed the page's own scripts) still plays."""

import json

import pytest

import meiro
from meiro.kinds.maze import GraphMaze
from meiro.render.html import render_html

from browser import CHROMIUM, Page
from support import page_data

HOSTILE = "<!--<script>"
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="the page is opened in Chromium")


def named(maze, name=HOSTILE):
    """``maze`` as its file would give it back with another algorithm's name."""
    if isinstance(maze, GraphMaze):
        return GraphMaze(maze.geometry, maze.passages, maze.start, maze.goal,
                         generation={**maze.generation, "algorithm": name}, order=maze.carve_order)
    doc = json.loads(meiro.io.to_json(maze))
    doc["algorithm"] = name
    return meiro.io.from_json(json.dumps(doc))


@pytest.mark.parametrize("maze", [meiro.generate(6, 5, seed=4), meiro.generate(5, 4, grid="hex", seed=2)],
                         ids=["square", "hex"])
def test_no_string_in_the_data_reads_as_markup(maze):
    page = render_html(named(maze, "</script><!--<script>&"), lang="en")
    block = page.split('<script id="meiro-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block and ">" not in block and "&" not in block
    assert page_data(page)["algorithm"] == "</script><!--<script>&"


@needs_chromium
@pytest.mark.parametrize("maze", [meiro.generate(6, 5, seed=4), meiro.generate(5, 4, grid="hex", seed=2)],
                         ids=["square", "hex"])
def test_a_page_of_a_maze_named_like_markup_still_plays(tmp_path, maze):
    pytest.importorskip("websocket")
    maze = named(maze)
    target = tmp_path / "maze.html"
    target.write_text(render_html(maze, lang="en", title=HOSTILE), encoding="utf-8")
    try:
        page = Page(target.as_uri())  # waits for the page's scripts to have run (window.meiro)
    except RuntimeError as exc:
        pytest.skip(f"headless Chromium did not start: {exc}")
    try:
        assert page.evaluate("document.title") == HOSTILE
        page.press(" ")  # skip the digging
        page.wait_for("!meiro.digging()")
        assert "Moves 0 " in page.evaluate("document.getElementById('counters').textContent")
        page.press("i")  # the answer is shown: the rules ran on the data
        page.wait_for("meiro.game.answered")
    finally:
        page.close()

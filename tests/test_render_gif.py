"""Animated GIFs: frame counts, the held last frame, and what the frames show."""

import io

import numpy as np
import pytest

import meiro
from meiro.render.gif import render_dig_gif, render_search_gif
from meiro.render.palette import Palette
from meiro.render.png import render_png
from meiro.render.replay import frame_counts

pytest.importorskip("PIL")
from PIL import Image, ImageSequence


def frames(data: bytes):
    gif = Image.open(io.BytesIO(data))
    return [(np.asarray(f.convert("RGB")), f.info.get("duration")) for f in ImageSequence.Iterator(gif)]


@pytest.mark.parametrize("width,height,cap", [(1, 1, 50), (3, 2, 100), (20, 20, 40), (60, 40, 120)])
def test_dig_gif_frame_count_is_capped_and_ends_on_the_maze(width, height, cap):
    m = meiro.generate(width, height, seed=4, goal="farthest")
    shots = frames(render_dig_gif(m, block=2, max_frames=cap, frame_ms=40, hold_ms=1500))
    assert len(shots) == min(cap, len(m.carve_order) + 1)
    assert [d for _, d in shots[:-1]] == [40] * (len(shots) - 1) and shots[-1][1] == 1500
    # the held last frame is exactly the PNG of the finished maze
    png = np.asarray(Image.open(io.BytesIO(render_png(m, block=2))).convert("RGB"))
    assert np.array_equal(shots[-1][0], png)


def test_dig_gif_opens_more_blocks_every_frame():
    m = meiro.generate(10, 10, seed=2)
    shots = frames(render_dig_gif(m, block=1, max_frames=30))
    walls = [int((img == (64, 64, 64)).all(axis=2).sum()) for img, _ in shots[:-1]]
    assert all(a > b for a, b in zip(walls, walls[1:]))
    assert walls[-1] == int(m.grid.sum())  # every block is open by the last digging frame


def test_search_gif_ends_with_the_path_and_grows_the_closed_set():
    m = meiro.generate(15, 15, seed=9, goal="farthest")
    solution = meiro.solve(m, "bfs")
    shots = frames(render_search_gif(m, solution, block=1, max_frames=25))
    assert len(shots) == 25
    last = shots[-1][0]
    inner = solution.path[1:-1]
    assert (last[inner[:, 0], inner[:, 1]] == (219, 112, 147)).all()
    assert tuple(last[m.start]) == (255, 0, 0) and tuple(last[m.goal]) == (0, 0, 255)
    closed = [int((img == Palette().closed).all(axis=2).sum()) for img, _ in shots[:-1]]
    assert all(a <= b for a, b in zip(closed, closed[1:])) and closed[-1] > closed[0]


def test_frame_counts_cover_the_log():
    for total in (1, 2, 7, 799, 10_000):
        for cap in (2, 3, 120):
            counts = frame_counts(total, cap)
            assert counts[-1] == total and len(counts) == max(1, min(total, cap - 1))
            assert (np.diff(counts) > 0).all()
    with pytest.raises(meiro.MazeError):
        frame_counts(10, 1)


def test_a_search_gif_has_the_colours_of_the_game_s_search_view():
    from meiro.game.search_replay import CLOSED, FRONTIER
    from meiro.ui.raster import PALETTE

    maze = meiro.generate(8, 8, seed=3)
    shots = frames(render_search_gif(maze, meiro.solve(maze, "bfs"), block=1, max_frames=10))
    seen = {tuple(int(v) for v in px) for img, _ in shots[1:-1] for px in img.reshape(-1, 3)}
    assert tuple(int(v) for v in PALETTE[FRONTIER]) in seen  # cornflowerblue, as in the f view
    assert tuple(int(v) for v in PALETTE[CLOSED]) in seen  # gray60


@pytest.mark.parametrize("wrong", ["path", None, [(1, 1)]])
def test_a_search_gif_of_something_that_is_not_a_solution_is_a_type_error(wrong):
    with pytest.raises(TypeError, match=r"needs a meiro\.Solution"):
        render_search_gif(meiro.generate(3, 3, seed=1), wrong)

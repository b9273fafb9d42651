"""A PNG's pixels are the maze: a meiro chunk that claims another block size gives way to the
block size the pixels show, and a picture that is a maze at neither says exactly why."""

import io
import json

import numpy as np
import pytest

import meiro
from meiro.render.png import CHUNK, read_png, render_png

PIL = pytest.importorskip("PIL")


def rechunked(data: bytes, **changes) -> bytes:
    """``data`` with its meiro chunk's fields changed (the pixels untouched)."""
    from PIL import Image, PngImagePlugin

    image = Image.open(io.BytesIO(data))
    meta = json.loads(image.text[CHUNK])
    meta.update(changes)
    info = PngImagePlugin.PngInfo()
    info.add_text(CHUNK, json.dumps(meta))
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info)
    return out.getvalue()


@pytest.mark.parametrize("claimed", [1, 2, 3, 5, 8, 12, 10**9, 0, -4, "4", True, None, [4]])
def test_the_pixels_win_over_a_claimed_block_size(claimed):
    maze = meiro.generate(7, 5, seed=3)
    data = rechunked(render_png(maze, block=4), block=claimed)
    read = read_png(data)
    assert np.array_equal(read.grid, maze.grid)
    assert (read.start, read.goal) == (maze.start, maze.goal)


def test_a_picture_that_is_no_maze_says_why_at_both_sizes():
    from PIL import Image

    maze = meiro.generate(3, 3, seed=1)
    image = Image.open(io.BytesIO(render_png(maze, block=4))).convert("RGB")
    image.putpixel((0, 0), (255, 255, 255))  # one corner pixel: no block size tiles it now
    out = io.BytesIO()
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text(CHUNK, json.dumps({"block": 4}))
    image.save(out, format="PNG", pnginfo=info)
    with pytest.raises(meiro.MazeError, match=r"its meiro chunk claims") as caught:
        read_png(out.getvalue())
    assert "\n" not in str(caught.value) and "4-pixel" in str(caught.value)


def test_text_chunks_past_pillows_cap_are_skipped_and_the_pixels_read():
    from PIL import Image, PngImagePlugin

    maze = meiro.generate(5, 5, seed=1)
    image = Image.open(io.BytesIO(render_png(maze, block=4)))
    info = PngImagePlugin.PngInfo()
    for i in range(70):  # 70 chunks of 1 MB: past the 64 MB Pillow keeps of text in all
        info.add_text(f"note{i}", "y" * (2**20 - 64))
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info)
    assert np.array_equal(read_png(out.getvalue()).grid, maze.grid)

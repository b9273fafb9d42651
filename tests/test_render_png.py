"""PNG pictures: exact geometry, read back into the same maze, clear errors for non-mazes."""

import io

import numpy as np
import pytest

import meiro
from meiro.render.palette import Palette
from meiro.render.png import read_png, render_png

PIL = pytest.importorskip("PIL")
from PIL import Image  # noqa: E402


def pixels(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@pytest.mark.parametrize("width,height,seed", [(1, 1, 0), (1, 6, 2), (7, 1, 3), (12, 9, 4), (40, 25, 5)])
@pytest.mark.parametrize("block", [1, 3, 16])
def test_png_has_exact_geometry_and_reads_back(width, height, seed, block):
    m = meiro.generate(width, height, seed=seed, goal="farthest")
    data = render_png(m, block=block)
    rgb = pixels(data)
    assert rgb.shape == (m.grid.shape[0] * block, m.grid.shape[1] * block, 3)
    # every wall block is gray25, every other open block white
    tiles = rgb[::block, ::block]
    assert (tiles[m.grid] == (64, 64, 64)).all()
    assert tuple(tiles[m.start]) in {(255, 0, 0), (0, 0, 255)}  # start == goal on a 1x1 maze
    back = read_png(data)
    assert back == m
    assert back.seed == seed and back.algorithm == "dig"


def test_solution_overlay_is_drawn_and_ignored_on_reading():
    m = meiro.generate(15, 10, seed=7, goal="farthest")
    path = meiro.solve(m).path
    rgb = pixels(render_png(m, path, block=2))[::2, ::2]
    inner = path[1:-1]
    assert (rgb[inner[:, 0], inner[:, 1]] == (219, 112, 147)).all()
    assert read_png(render_png(m, path, block=2)) == m


def test_custom_palette_is_used_and_still_reads_back():
    m = meiro.generate(6, 6, seed=1)
    palette = Palette.with_colors(wall="black", path="#ffffe0", start="green", goal="navy")
    data = render_png(m, block=4, palette=palette)
    assert tuple(pixels(data)[0, 0]) == (0, 0, 0)
    assert read_png(data) == m


def test_picture_without_metadata_is_read_from_its_pixels():
    m = meiro.generate(9, 5, seed=3, goal="farthest")
    plain = io.BytesIO()
    Image.open(io.BytesIO(render_png(m, meiro.solve(m).path, block=5))).convert("RGB").save(plain, "PNG")
    back = read_png(plain.getvalue())
    assert back == m and back.seed is None


def test_meiro_load_and_solve_accept_png(tmp_path):
    from meiro.cli import main

    m = meiro.generate(8, 8, seed=11)
    target = tmp_path / "maze.png"
    assert main(["generate", "--size", "8x8", "--seed", "11", "-q", "-o", str(target)]) == 0
    assert meiro.load(target) == m
    assert main(["solve", str(target), "-q"]) == 0


def _png(array: np.ndarray) -> bytes:
    out = io.BytesIO()
    Image.fromarray(array.astype(np.uint8)).save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("make,message", [
    (lambda: b"not an image at all", "not a PNG image"),
    (lambda: _gif_bytes(), "not a PNG image (it is GIF)"),
    (lambda: _png(np.full((4, 6, 3), 64)), "does not split into an odd number"),
    (lambda: _png(np.random.default_rng(0).integers(0, 255, (9, 9, 3))), "none of the maze colours"),
    (lambda: _png(np.kron(np.array([[1, 1, 1], [1, 0, 0], [1, 1, 1]]) * -191 + 255,
                          np.ones((2, 2)))[..., None].repeat(3, 2)), "border must be closed"),
    (lambda: _png(_two_starts()), "marks 2 blocks as the start"),
])
def test_images_that_are_not_mazes_are_rejected(make, message):
    with pytest.raises(meiro.MazeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_png(make())


def test_a_block_that_is_not_one_colour_is_reported():
    from PIL import PngImagePlugin

    original = Image.open(io.BytesIO(render_png(meiro.generate(3, 3, seed=1), block=4)))
    rgb = np.asarray(original.convert("RGB")).copy()
    rgb[5, 6] = (64, 64, 64)  # one pixel of block (1, 1), which is open, painted as wall
    info = PngImagePlugin.PngInfo()
    info.add_text("meiro", original.text["meiro"])  # keeps the saved block size of 4
    out = io.BytesIO()
    Image.fromarray(rgb).save(out, "PNG", pnginfo=info)
    with pytest.raises(meiro.MazeError, match=r"block \(row 1, col 1\) of the image is not one colour"):
        read_png(out.getvalue())


def _gif_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (3, 3)).save(out, "GIF")
    return out.getvalue()


def _two_starts() -> np.ndarray:
    grid = np.array([[1, 1, 1, 1, 1], [1, 2, 0, 2, 1], [1, 1, 1, 1, 1]])
    colors = np.array([(255, 255, 255), (64, 64, 64), (255, 0, 0)])
    return colors[grid]


def test_block_size_limits():
    m = meiro.generate(3, 3, seed=1)
    for bad in (0, 257, 2.5, True):
        with pytest.raises(meiro.MazeError, match="block size"):
            render_png(m, block=bad)
    with pytest.raises(meiro.MazeError, match="too large"):
        render_png(meiro.generate(500, 500, seed=1), block=16)

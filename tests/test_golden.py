"""Every text-like output of a small maze, compared byte for byte with tests/golden/."""

import meiro
from meiro.interop import from_csv, to_csv
from meiro.io import from_json, to_json
from meiro.render.svg import render_svg
from golden_files import check, small_maze


def test_hash_text():
    m = small_maze()
    check("maze-4x3-hash.txt", meiro.render_text(m) + "\n")
    check("maze-4x3-hash-solved.txt", meiro.render_text(m, path=meiro.solve(m).path) + "\n")


def test_block_text():
    check("maze-4x3-block.txt", meiro.render_text(small_maze(), style="block") + "\n")


def test_csv_int_grid():
    m = small_maze()
    check("maze-4x3.csv", to_csv(m))
    assert (from_csv(to_csv(m)).grid == m.grid).all()


def test_json():
    m = small_maze()
    text = to_json(m).replace(f'"meiro": "{meiro.__version__}"', '"meiro": "VERSION"')
    check("maze-4x3.json", text)
    assert from_json(to_json(m)) == m


def test_svg_thin_and_block():
    m = small_maze()
    path = meiro.solve(m).path
    check("maze-4x3-thin.svg", render_svg(m))
    check("maze-4x3-thin-solved.svg", render_svg(m, path))
    check("maze-4x3-block.svg", render_svg(m, path, style="block", cell=10))

"""Every text-like output of a small maze, compared byte for byte with tests/golden/."""

import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.io.interop import from_csv, to_csv
from meiro.io.codecs import from_json, to_json
from meiro.render.svg import render_svg
from golden_files import FOLDER, UPDATE, check, generator_record, small_maze, solver_record


def test_hash_text():
    m = small_maze()
    check("maze-4x3-hash.txt", meiro.render_text(m) + "\n")
    check("maze-4x3-hash-solved.txt", meiro.render_text(m, path=meiro.solve(m).path) + "\n")


def test_block_text():
    check("maze-4x3-block.txt", meiro.render_text(small_maze(), style="block") + "\n")


def test_plain_text_reads_back():
    m = small_maze()
    text = meiro.render_text(m, style="plain")
    check("maze-4x3-plain.txt", text + "\n")
    assert meiro.parse_text(text) == m
    assert meiro.parse_text(text.replace("S", " ").replace("G", " ")).grid.tolist() == m.grid.tolist()


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


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 25), st.integers(1, 25), st.integers(0, 2**64 - 1),
       st.sampled_from(["corner", "farthest", "diameter"]))
def test_every_format_reads_back_for_any_maze(width, height, seed, goal):
    from meiro.io.interop import from_npz, to_npz
    from meiro.render.png import read_png, render_png

    m = meiro.generate(width, height, seed=seed, goal=goal)
    for style in meiro.STYLES:
        assert meiro.parse_text(meiro.render_text(m, style=style)) == m
    assert from_json(to_json(m)) == m and from_npz(to_npz(m)) == m
    assert read_png(render_png(m, block=1)) == m
    assert from_csv(to_csv(m)).grid.tolist() == m.grid.tolist()


@pytest.mark.parametrize("name", meiro.GENERATORS.names())
def test_each_generator_makes_its_pinned_maze(name):
    check(f"generators/{name}.txt", generator_record(name))


@pytest.mark.parametrize("name", meiro.SOLVERS.names())
def test_each_solver_searches_in_its_pinned_order(name):
    check(f"solvers/{name}.txt", solver_record(name))


@pytest.mark.parametrize("kind, registry", [("generators", meiro.GENERATORS), ("solvers", meiro.SOLVERS)])
def test_a_golden_file_for_each_registered_algorithm_and_no_other(kind, registry):
    if UPDATE:
        pytest.skip("re-making the golden files")
    kept = sorted(path.stem for path in (FOLDER / kind).glob("*.txt"))
    assert kept == sorted(registry.names())

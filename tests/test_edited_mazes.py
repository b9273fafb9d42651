"""A maze cannot be edited once made, and every way of making one with new parts (a moved
end, another grid, a doctored file) is checked before any compiled kernel reads it: the
kernels trust a closed border and ends on open blocks, so a missed check would be a write
outside an array, not an exception."""

import json

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.generators import carve
from meiro.analysis.stats import maze_stats

USES = {
    "solve": lambda m: meiro.solve(m, "bfs"),
    "astar": lambda m: meiro.solve(m, "astar"),
    "stats": maze_stats,
    "carve_order": lambda m: m.carve_order,
}

positions = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@settings(max_examples=150, deadline=None)
@given(start=positions, goal=positions, use=st.sampled_from(sorted(USES)))
def test_moved_ends_are_checked(start, goal, use):
    m = meiro.generate(5, 4, seed=2)
    rows, cols = m.shape
    inside = all(0 <= r < rows and 0 <= c < cols and not m.grid[r, c] for r, c in (start, goal))
    if inside:
        USES[use](m.edited(start=start, goal=goal))  # a legal move of the ends works
    else:
        with pytest.raises(meiro.MazeError, match=r"start|goal"):
            m.edited(start=start, goal=goal)
    assert (m.start, m.goal) == ((1, 1), (7, 9))  # the maze itself never moves


@pytest.mark.parametrize("block", [(0, 3), (8, 1), (5, 0), (3, 10)])
def test_an_opened_border_is_refused(block):
    m = meiro.generate(5, 4, seed=2)
    with pytest.raises(ValueError, match="read-only"):
        m.grid[block] = False
    grid = m.grid.copy()
    grid[block] = False
    for make in (m.edited, lambda g: meiro.Maze(g, m.start, m.goal)):
        with pytest.raises(meiro.MazeError, match="border must be closed"):
            make(grid)


@pytest.mark.parametrize("use", sorted(USES))
def test_another_grid_is_checked_and_made_boolean(use):
    m = meiro.generate(5, 4, seed=2)
    as_ints = m.edited(m.grid.astype(np.int64))   # 0/1 integers are accepted and turned into booleans
    assert as_ints.grid.dtype == np.bool_ and as_ints == m
    USES[use](as_ints)
    with pytest.raises(meiro.MazeError, match="height must be odd"):
        m.edited(np.ones((4, 4), bool))


@pytest.mark.parametrize("origin", [[401, 3], [-5, 3], [2, 2], [1, 11], [9, 1], [1, 10]])
def test_a_file_with_a_doctored_origin_is_refused(origin):
    doc = json.loads(meiro.io.to_json(meiro.generate(5, 4, seed=1)))
    doc["origin"] = origin
    with pytest.raises(meiro.MazeError, match='"origin" must be a cell'):
        meiro.io.from_json(json.dumps(doc))


@pytest.mark.parametrize("recipe", [
    {"origin": [401, 3]}, {"origin": [-5, 3]}, {"origin": "x"}, {"width": 10**9, "height": 10**9},
    {"seed": -1}, {"seed": None}, {"algorithm": "nope"}, {"mask": ["#####"] * 4}, {"mask": ["."]},
    {"braid": 7},
])
def test_a_doctored_recipe_falls_back_to_the_flood_order(recipe):
    made = meiro.generate(5, 4, seed=1)
    generation = dict(made.generation, **recipe)
    m = meiro.Maze(made.grid, made.start, made.goal, generation=generation)
    order = m.carve_order
    assert np.array_equal(meiro.replay_carving(m.shape, order), m.grid)
    # a flood from the start; a doctored size is not used (the grid's shape is the size), so
    # there the recipe still makes the grid and the log is the digging's, from the goal
    first = m.goal if "width" in recipe else m.start
    assert order[0] == first[0] * m.shape[1] + first[1]


@pytest.mark.parametrize("origin", [(0, 0), (2, 1), (9, 1), (1, 11), (-1, 1)])
def test_carve_refuses_an_origin_outside_the_cells(origin):
    with pytest.raises(meiro.MazeError, match="origin must be a cell"):
        carve("dig", 5, 4, 1, origin)


def test_carve_refuses_a_region_of_another_shape():
    with pytest.raises(meiro.MazeError, match="region"):
        carve("dig", 5, 4, 1, (1, 1), region=np.ones((5, 4), bool))


def wide_byte_walls(grid):
    """The grid as a bool array whose wall bytes are 255: what ``uint8_array.view(bool)`` makes."""
    return (np.asarray(grid, np.uint8) * 255).view(bool)


@pytest.mark.parametrize("method", meiro.SOLVERS.names())
@pytest.mark.parametrize("lattice", [True, False])
def test_bool_grids_over_other_bytes_are_made_zero_one(tmp_path, method, lattice):
    made = meiro.generate(6, 5, seed=4)
    grid = made.grid.copy()
    if not lattice:
        grid[2, 2] = False  # an open even/even block: searched block by block
        grid[1:4, 1:4] = False
    odd = wide_byte_walls(grid)
    assert odd.view(np.uint8).max() == 255
    m = meiro.Maze(odd, made.start, made.goal)
    assert m.grid.view(np.uint8).max() == 1
    expected = meiro.solve(meiro.Maze(grid, made.start, made.goal), method)
    assert np.array_equal(meiro.solve(m, method).path, expected.path)
    # the same bytes in a file, and a maze whose grid is swapped for them afterwards
    np.savez(tmp_path / "m.npz", grid=odd, start=np.array(made.start), goal=np.array(made.goal))
    assert np.array_equal(meiro.solve(meiro.load(tmp_path / "m.npz"), method).path, expected.path)
    edited = meiro.Maze(grid, made.start, made.goal).edited(odd)
    assert np.array_equal(meiro.solve(edited, method).path, expected.path)


@pytest.mark.parametrize("name", meiro.GENERATORS.names())
@pytest.mark.parametrize("origin", [(99, 99), (-1, -1), (1, 7), (7, 1), (2, 1), (1, 0)])
def test_registered_generators_refuse_an_origin_off_the_cells(name, origin):
    from meiro.kernels.rng import mix_seed

    function = meiro.GENERATORS.get(name).function
    with pytest.raises(meiro.MazeError, match="origin must be a cell"):
        function(3, 3, mix_seed(0), origin, True)
    for width, height in ((0, 3), (3, -1)):
        with pytest.raises(meiro.MazeError, match="at least 1 cell"):
            function(width, height, mix_seed(0))
    for width, height in ((2.5, 3), (True, 3)):  # not a whole number: the wrong type
        with pytest.raises(TypeError, match="whole number of cells"):
            function(width, height, mix_seed(0))
    assert function(3, 3, mix_seed(0), (5, 5), True).grid.shape == (7, 7)


@pytest.mark.parametrize("name", meiro.SOLVERS.names())
def test_registered_solvers_refuse_ends_off_the_open_blocks(name):
    m = meiro.generate(4, 3, seed=2)
    function = meiro.SOLVERS.get(name).function
    cols = m.shape[1]
    source, target = m.start[0] * cols + m.start[1], m.goal[0] * cols + m.goal[1]
    for bad in (-5, 0, m.grid.size, 500, 1.0):
        with pytest.raises(meiro.MazeError, match="not an open block"):
            function(m.grid, bad, target, 2, 0, False)
        with pytest.raises(meiro.MazeError, match="not an open block"):
            function(m.grid, source, bad, 2, 0, False)
    with pytest.raises(meiro.MazeError, match="step must be"):
        function(m.grid, source, target, 3, 0, False)
    slot = next(r * cols + c for r, c in zip(*np.nonzero(~m.grid)) if (r + c) % 2)  # an open wall slot
    with pytest.raises(meiro.MazeError, match="lattice"):
        function(m.grid, source, int(slot), 2, 0, False)
    assert function(m.grid, source, int(slot), 1, 0, False).found >= 0  # block by block it is fine
    assert function(m.grid, source, target, 2, 0, False).found >= 0


def header_only(shape):
    from numpy.lib import format as npy_format

    out = __import__("io").BytesIO()
    npy_format.write_array_header_1_0(out, {"descr": "|b1", "fortran_order": False, "shape": shape})
    return out.getvalue() + b"\x01" * 50


@pytest.mark.parametrize("shape", [(2**40, 2**20), (200_001, 200_001)])
def test_a_small_file_claiming_a_vast_array_is_one_clear_error(tmp_path, shape):
    import zipfile

    (tmp_path / "big.npy").write_bytes(header_only(shape))
    with zipfile.ZipFile(tmp_path / "big.npz", "w") as archive:
        for name, part in (("grid", shape), ("start", (2,)), ("goal", (2,))):
            archive.writestr(f"{name}.npy", header_only(part))
    for name in ("big.npy", "big.npz"):
        with pytest.raises(meiro.MazeError):
            meiro.load(tmp_path / name)


@pytest.mark.parametrize("edit", [{"goal": (50, 50)}, {"goal": (-1, -1)}, {"start": (1, 1, 1)},
                                  {"start": (0, 1)}])
def test_ends_off_the_open_blocks_never_reach_pictures_text_or_the_environment(edit):
    from meiro.render.png import render_png

    m = meiro.generate(4, 4, seed=1)
    for key, value in edit.items():
        with pytest.raises(AttributeError, match="read-only"):
            setattr(m, key, value)
    with pytest.raises(meiro.MazeError, match=r"start|goal"):
        m.edited(**edit)
    with pytest.raises(meiro.MazeError, match=r"start|goal"):
        meiro.Maze(m.grid, **{"start": m.start, "goal": m.goal, **edit})
    assert meiro.render_text(m) and render_png(m)  # the maze is as it was
    gymnasium = pytest.importorskip("gymnasium")  # noqa: F841
    from meiro.rl.env import MazeEnv

    MazeEnv(width=4, height=4).reset(options={"maze": m})


@pytest.mark.parametrize("order", [[0], [-3], [10**6], [7], [16], [1.5]])
def test_search_events_refuse_an_order_off_the_open_blocks(order):
    from meiro.solvers.replay_events import search_events

    m = meiro.generate(3, 3, seed=1)
    with pytest.raises(meiro.MazeError, match="open blocks"):
        search_events(m.grid.ravel(), m.shape[1], np.array(order), 2)
    opened = m.grid.copy()
    opened[0, 1] = False
    with pytest.raises(meiro.MazeError, match="border"):
        search_events(opened.ravel(), m.shape[1], np.array([8]), 2)

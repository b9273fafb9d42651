"""A maze edited after it was made (or loaded from a doctored file) is refused before any
compiled kernel reads it: the kernels trust a closed border and ends on open blocks, so a
missed check would be a write outside an array, not an exception."""

import json

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.generate import carve
from meiro.stats import maze_stats

USES = {
    "solve": lambda m: meiro.solve(m, "bfs"),
    "astar": lambda m: meiro.solve(m, "astar"),
    "stats": maze_stats,
    "carve_order": lambda m: m.carve_order,
}

positions = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@settings(max_examples=150, deadline=None)
@given(start=positions, goal=positions, use=st.sampled_from(sorted(USES)))
def test_moved_ends_are_checked_again(start, goal, use):
    m = meiro.generate(5, 4, seed=2)
    m.start, m.goal = start, goal
    rows, cols = m.shape
    inside = all(0 <= r < rows and 0 <= c < cols and not m.grid[r, c] for r, c in (start, goal))
    if inside:
        USES[use](m)  # a legal move of the ends still works
    else:
        with pytest.raises(meiro.MazeError, match="start|goal"):
            USES[use](m)


@pytest.mark.parametrize("use", sorted(USES))
@pytest.mark.parametrize("block", [(0, 3), (8, 1), (5, 0), (3, 10)])
def test_an_opened_border_is_refused(use, block):
    m = meiro.generate(5, 4, seed=2)
    m.grid[block] = False
    with pytest.raises(meiro.MazeError, match="border must be closed"):
        USES[use](m)


@pytest.mark.parametrize("use", sorted(USES))
def test_a_replaced_grid_is_checked_and_made_boolean(use):
    m = meiro.generate(5, 4, seed=2)
    m.grid = m.grid.astype(np.int64)     # 0/1 integers are accepted and turned into booleans
    USES[use](m)
    assert m.grid.dtype == np.bool_
    m = meiro.generate(5, 4, seed=2)
    m.grid = np.ones((4, 4), bool)
    with pytest.raises(meiro.MazeError, match="height must be odd"):
        USES[use](m)


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
    assert order[0] == m.start[0] * m.shape[1] + m.start[1]   # a flood from the start


@pytest.mark.parametrize("origin", [(0, 0), (2, 1), (9, 1), (1, 11), (-1, 1)])
def test_carve_refuses_an_origin_outside_the_cells(origin):
    with pytest.raises(meiro.MazeError, match="start must be a cell"):
        carve("dig", 5, 4, 1, origin)


def test_carve_refuses_a_region_of_another_shape():
    with pytest.raises(meiro.MazeError, match="region"):
        carve("dig", 5, 4, 1, (1, 1), region=np.ones((5, 4), bool))

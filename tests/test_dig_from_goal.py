"""The dig method with the goal fixed in advance (the corner rule) digs from the goal, as the seed
article does: the first cell dug opens in one direction only, so the goal is a dead end, and every
digging replay (window, terminal, web page, GIF, library) begins there."""

import numpy as np
import pytest

import meiro
from meiro.io.codecs import from_json, to_json


def open_sides(maze, cell):
    r, c = cell
    return sum(not maze.grid[r + dr, c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))


@pytest.mark.parametrize("width, height, seed", [(20, 20, 0), (7, 3, 5), (1, 6, 2), (31, 17, 2**64 - 1)])
def test_a_corner_goal_dig_maze_is_dug_from_the_goal_which_is_a_dead_end(width, height, seed):
    m = meiro.generate(width, height, seed=seed)
    assert m.goal == (2 * height - 1, 2 * width - 1) and m.start == (1, 1)
    first = divmod(int(m.carve_order[0]), m.shape[1])
    assert first == m.goal
    if width * height > 1:
        assert open_sides(m, m.goal) == 1
    again = meiro.replay_carving(m.shape, m.carve_order)
    assert np.array_equal(again, m.grid)


def test_other_rules_and_algorithms_still_dig_from_the_origin():
    for m in (meiro.generate(9, 7, seed=3, goal="farthest"), meiro.generate(9, 7, seed=3, algorithm="prim")):
        assert divmod(int(m.carve_order[0]), m.shape[1]) == (1, 1)


def test_the_recipe_of_a_saved_corner_dig_maze_makes_it_again_and_its_replay():
    m = meiro.generate(8, 6, seed=11)
    assert m.generation["goal_rule"] == "corner"
    back = from_json(to_json(m))
    assert back.recipe == m.recipe and meiro.generate(back.recipe) == m
    assert np.array_equal(back.carve_order, m.carve_order)
    farthest = meiro.generate(8, 6, seed=11, goal="farthest")
    assert "goal_rule" not in farthest.generation  # its files are as before
    assert from_json(to_json(farthest)).recipe.goal == "farthest"


def test_a_file_of_a_corner_dig_maze_from_before_keeps_its_replay():
    # dug from the origin, as before: the file has no goal rule, the goal is in the corner
    old = meiro.generate(8, 6, seed=11, goal="farthest")
    corner = (old.shape[0] - 2, old.shape[1] - 2)
    edited = meiro.Maze(old.grid, old.start, corner, generation=old.generation)
    assert np.array_equal(meiro.replay_carving(edited.shape, edited.carve_order), edited.grid)


def test_batches_dig_from_the_goal_too():
    batch = meiro.generate_batch(5, 6, 4, seed=9, jobs=1)
    for k, seed in enumerate(batch.seeds):
        m = meiro.generate(6, 4, seed=int(seed))
        assert np.array_equal(batch.grids[k], m.grid)


def test_the_game_replays_the_digging_from_the_goal():
    from meiro.game import GameModel, Move
    from meiro.game.commands import Direction

    now = [0.0]
    model = GameModel(clock=lambda: now[0], lang="en")
    model.start_maze(meiro.generate(10, 10, seed=4))
    model.handle(Move(Direction.E))  # the right arrow digs one block (the yellow square)
    assert model.round.digging_at == model.maze.goal

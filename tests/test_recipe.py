"""The Recipe value: checked once, frozen, hashable, and the same maze whichever way it is given."""

import dataclasses
import json
import pickle

import numpy as np
import pytest

import meiro
from meiro.errors import whole
from meiro.recipe import Recipe


def test_a_recipe_is_frozen():
    assert meiro.Recipe is Recipe
    r = Recipe(5, 4, seed=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.seed = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.width = 9


def test_equal_recipes_hash_alike_and_aliases_and_defaults_are_resolved():
    a = Recipe(5, 4, "backtracker", 1)
    b = Recipe(np.int64(5), np.uint16(4), "dig", 1, "corner", (1, 1), braid=0, mask=None)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.algorithm == "dig" and a.start == (1, 1) and a.braid == 0.0 and type(a.width) is int
    assert a != a.replace(seed=2) and a != a.replace(goal="farthest") and a != a.replace(braid=0.5)


def test_a_mask_is_kept_as_its_picture_whatever_form_it_came_in(tmp_path):
    picture = "#....\n#.#..\n....."
    cells = np.array([[c == "." for c in row] for row in picture.split("\n")])
    path = tmp_path / "mask.txt"
    path.write_text(picture)
    forms = [picture, cells, cells.astype(np.uint8), path, str(path), tuple(picture.split("\n"))]
    recipes = {Recipe(5, 3, seed=1, mask=form) for form in forms}
    assert len(recipes) == 1
    (r,) = recipes
    assert r.mask == ("#....", "#.#..", ".....") and r.start == (1, 3)   # the first cell inside
    assert r.replace(mask=None).start == (1, 1)                          # the default start follows


@pytest.mark.parametrize("field, value, error, message", [
    ("width", True, meiro.MazeError, "width must be a whole number of cells, got True"),
    ("width", 4.0, meiro.MazeError, "width must be a whole number of cells, got 4.0"),
    ("height", "4", meiro.MazeError, "height must be a whole number of cells, got '4'"),
    ("width", 0, meiro.MazeError, "width must be at least 1 cell, got 0"),
    ("height", -3, meiro.MazeError, "height must be at least 1 cell, got -3"),
    ("seed", True, meiro.MazeError, "seed must be a whole number, got True"),
    ("seed", 1.5, meiro.MazeError, "seed must be a whole number, got 1.5"),
    ("seed", -1, meiro.MazeError, "seed must be between 0 and 2\\*\\*64-1, got -1"),
    ("seed", 2**64, meiro.MazeError, "seed must be between 0 and 2\\*\\*64-1"),
    ("algorithm", "nope", meiro.MazeError, "unknown algorithm 'nope'; choose one of: dig"),
    ("algorithm", 3, TypeError, "algorithm must be a name"),
    ("goal", "middle", meiro.MazeError, "unknown goal 'middle'; choose one of: corner, farthest, diameter"),
    ("goal", None, meiro.MazeError, "unknown goal None"),
    ("braid", 2, meiro.MazeError, "braid must be a number from 0 to 1, got 2"),
    ("braid", True, meiro.MazeError, "braid must be a number from 0 to 1, got True"),
    ("start", (2, 2), meiro.MazeError, "start must be a cell"),
    ("start", (True, 1), meiro.MazeError, "start must be a \\(row, col\\) pair of integers"),
    ("start", (1.0, 1), meiro.MazeError, "start must be a \\(row, col\\) pair of integers"),
    ("mask", "..\n..", meiro.MazeError, "the mask is 2x2 cells but the maze is 5x4"),
    ("mask", "#####\n" * 4, meiro.MazeError, "the mask has no cell inside"),
])
def test_a_recipe_refuses_what_generate_refuses_with_the_same_message(field, value, error, message):
    good = dict(width=5, height=4, algorithm="dig", seed=1, goal="corner", start=None, braid=0.0, mask=None)
    with pytest.raises(error, match=message):
        Recipe(**{**good, field: value})
    with pytest.raises(error, match=message):
        meiro.generate(**{**good, field: value})


def test_a_start_outside_the_mask_is_refused():
    with pytest.raises(meiro.MazeError, match=r"start \(1, 1\) is outside the mask"):
        Recipe(2, 1, mask="#.", start=(1, 1))


@pytest.mark.parametrize("kwargs", [
    dict(width=7, height=5, seed=3),
    dict(width=7, height=5, algorithm="wilson", seed=3, goal="farthest"),
    dict(width=6, height=6, algorithm="kruskal", seed=11, goal="diameter", braid=0.5),
    dict(width=5, height=3, seed=1, mask="#....\n#.#..\n.....", start=(3, 9)),
    dict(width=8, height=4, algorithm="wall", seed=2**64 - 1, start=(5, 7)),
])
def test_generate_of_a_recipe_is_generate_of_its_arguments(kwargs):
    expected = meiro.generate(**kwargs)
    recipe = Recipe(**kwargs)
    for maze in (meiro.generate(recipe), meiro.generate(recipe=recipe)):
        assert np.array_equal(maze.grid, expected.grid)
        assert (maze.start, maze.goal, maze.generation) == (expected.start, expected.goal, expected.generation)
    # the maze's own recipe makes it again, and is the recipe it was made from
    assert expected.recipe == recipe
    again = meiro.generate(expected.recipe)
    assert again == expected and np.array_equal(again.grid, expected.grid)


def test_a_recipe_without_a_seed_draws_one_and_the_maze_keeps_it():
    maze = meiro.generate(Recipe(6, 4, "prim", goal="farthest"))
    assert maze.recipe.seed == maze.seed is not None
    assert maze.recipe == Recipe(6, 4, "prim", maze.seed, "farthest")
    assert meiro.generate(maze.recipe) == maze


def test_generate_takes_a_recipe_or_the_arguments_not_both():
    r = Recipe(4, 4, seed=1)
    with pytest.raises(TypeError, match="not both"):
        meiro.generate(r, seed=2)
    with pytest.raises(TypeError, match="not both"):
        meiro.generate(4, 4, recipe=r)
    with pytest.raises(TypeError, match=r"recipe must be a meiro\.recipe\.Recipe"):
        meiro.generate(recipe={"width": 4})
    with pytest.raises(TypeError, match="needs a width and a height"):
        meiro.generate(4)


@pytest.mark.parametrize("recipe", [
    Recipe(5, 4, seed=1), Recipe(5, 4, "eller", 9, braid=0.25, start=(3, 5)),
    Recipe(5, 3, seed=1, mask="#....\n#.#..\n....."), Recipe(5, 4, "binary", 0, "farthest"),
])
def test_to_dict_is_the_files_generation_mapping_and_from_dict_reads_it_back(recipe):
    maze = meiro.generate(recipe)
    assert recipe.to_dict() == maze.generation
    assert list(recipe.to_dict()) == ["algorithm", "seed", "width", "height", "origin",
                                      *(["goal_rule"] if recipe.digs_from_goal() else []),
                                      *(["braid"] if recipe.braid else []), *(["mask"] if recipe.mask else [])]
    assert Recipe.from_dict(recipe.to_dict(), goal=recipe.goal) == recipe
    assert Recipe.from_dict(json.loads(json.dumps(recipe.to_dict())), goal=recipe.goal) == recipe
    assert Recipe.from_dict(dict(recipe.to_dict(), goal=recipe.goal)) == recipe


def test_a_saved_file_is_byte_for_byte_what_it_was(tmp_path):
    # the JSON text before the recipe existed: the same keys in the same order
    maze = meiro.generate(3, 2, seed=5, braid=0.5, goal="farthest")
    doc = json.loads(meiro.io.to_json(maze))
    assert list(doc) == ["format", "version", "meiro", "width", "height", "start", "goal", "algorithm",
                         "seed", "origin", "braid", "mask", "grid"]
    assert (doc["algorithm"], doc["seed"], doc["origin"], doc["braid"], doc["mask"]) == ("dig", 5, [1, 1], 0.5, None)
    data = np.load(__import__("io").BytesIO(meiro.io.encode(maze, "npz")))
    assert json.loads(str(data["meta"])) == {"format": "meiro-maze", "version": 1, **maze.generation}


@pytest.mark.parametrize("goal", ["corner", "farthest", "diameter"])
@pytest.mark.parametrize("kwargs", [dict(algorithm="dig"), dict(algorithm="prim", braid=0.3),
                                    dict(mask="#....\n#.#..\n....."), dict(start=(3, 5))])
def test_a_loaded_maze_has_the_recipe_that_makes_it_again(tmp_path, goal, kwargs):
    maze = meiro.generate(5, 3, seed=7, goal=goal, **kwargs)
    for fmt in ("json", "npz"):
        path = tmp_path / f"m.{fmt}"
        meiro.save(maze, path)
        back = meiro.load(path)
        again = meiro.generate(back.recipe)
        assert again == back == maze and again.generation == maze.generation


def test_a_maze_without_a_usable_recipe_has_none():
    m = meiro.generate(4, 3, seed=5)
    assert meiro.Maze(m.grid, m.start, m.goal).recipe is None
    assert meiro.Maze(m.grid, m.start, m.goal, generation={"seed": 5}).recipe is None
    gone = dict(m.generation, algorithm="not-in-this-version")
    assert meiro.Maze(m.grid, m.start, m.goal, generation=gone).recipe is None


def test_the_recipe_goes_with_the_maze_where_its_grid_does():
    m = meiro.generate(5, 5, seed=2, goal="farthest")
    assert m.copy().recipe == m.recipe
    assert pickle.loads(pickle.dumps(m)).recipe == m.recipe
    assert meiro.Maze(m.grid, m.start, m.goal, generation=m.recipe).recipe == m.recipe
    grid = m.grid.copy()
    grid[1, 2] = not grid[1, 2]
    assert m.edited(grid).recipe is None


def test_the_records_key_is_the_one_players_already_have():
    from meiro.game.records import record_key

    r = Recipe(20, 20, seed=7)
    assert r.key() == "dig 20x20 seed 7 corner" == record_key("dig", 20, 20, 7, "corner") == record_key(r)
    assert meiro.generate(15, 10, "wall", 3, "diameter").recipe.key() == "wall 15x10 seed 3 diameter"


@pytest.mark.parametrize("value", [3, np.int8(3), np.uint64(3), np.int64(3)])
def test_whole_takes_any_integer(value):
    assert whole(value, "n", 0, 9) == 3 and type(whole(value, "n")) is int


@pytest.mark.parametrize("value", [True, np.bool_(True), 3.0, np.float64(3), "3", None, [3], np.array([3])])
def test_whole_refuses_what_is_not_a_whole_number(value):
    with pytest.raises(TypeError, match="n must be a whole number"):
        whole(value, "n")
    with pytest.raises(meiro.MazeError, match="n must be a whole number from 0 to 9"):
        whole(value, "n", 0, 9, error=meiro.MazeError)


def test_whole_checks_the_bounds():
    with pytest.raises(meiro.MazeError, match="n must be at least 1, got 0"):
        whole(0, "n", 1)
    with pytest.raises(meiro.MazeError, match="n must be at most 5, got 6"):
        whole(6, "n", high=5)
    with pytest.raises(meiro.MazeError, match="n must be a whole number from 1 to 5, got 9"):
        whole(np.int64(9), "n", 1, 5)


def test_the_command_line_recipe_options_make_a_recipe():
    from meiro.cli.args import Parser, add_recipe_options, recipe_of_args

    parser = Parser(prog="meiro test")
    add_recipe_options(parser, with_mask=True)
    args = parser.parse_args(["--seed", "7", "-a", "backtracker", "--goal", "diameter", "--braid", "0.5"])
    assert recipe_of_args(args, 6, 4) == Recipe(6, 4, "dig", 7, "diameter", braid=0.5)
    assert recipe_of_args(parser.parse_args([]), 6, 4, seed=3) == Recipe(6, 4, seed=3)
    with pytest.raises(meiro.MazeError, match="the mask is 2x1 cells but the maze is 6x4"):
        recipe_of_args(args, 6, 4, mask="..")
    book = Parser(prog="meiro book")
    add_recipe_options(book, with_braid=False, defaults=False, seed="book seed")
    chosen = book.parse_args([])
    assert (chosen.algorithm, chosen.goal, hasattr(chosen, "braid")) == (None, None, False)

"""The easy-to-hard pictures: pixel for pixel what maze-dataset's RasterizedMazeDataset makes."""

import json
from pathlib import Path

import numpy as np
import pytest

import meiro
from meiro.dataset.pixels import GOAL, OPEN, PATH, START, picture, pixels
from meiro.errors import MazeError
from meiro.io.maze_dataset import from_connection_list, path_from_solution

FIXTURES = Path(__file__).parent / "fixtures" / "maze_dataset"
NAMES = json.loads((FIXTURES / "index.json").read_text())["mazes"]


@pytest.mark.parametrize("name", NAMES)
def test_pictures_equal_maze_datasets(name):
    record = json.loads((FIXTURES / f"{name}.json").read_text())
    expected = np.load(FIXTURES / f"{name}.rasterized.npy")
    maze = from_connection_list(np.load(FIXTURES / f"{name}.connection_list.npy"),
                                record["start_pos"], record["end_pos"])
    path = path_from_solution(record["solution"])
    mask = np.zeros(maze.grid.shape, bool)
    mask[path[:, 0], path[:, 1]] = True
    inputs, targets = pixels(maze.grid, np.array(maze.start), np.array(maze.goal), mask)
    assert (inputs == expected[0]).all() and (targets == expected[1]).all()


def test_a_stack_is_each_maze_alone_and_blocks_scale():
    batch = meiro.generate_batch(5, 6, 4, seed=3, solver="bfs")
    inputs, targets = pixels(batch.grids, batch.starts, batch.goals, batch.paths, block=3, border=2)
    assert inputs.shape == (5, 9 * 3 + 4, 13 * 3 + 4, 3)
    one, _ = pixels(batch.grids[2], batch.starts[2], batch.goals[2], batch.paths[2], block=3, border=2)
    assert (one == inputs[2]).all()
    # the target is white exactly on the path's blocks (but for the two coloured ends)
    white = (targets[2, 2:-2:3, 2:-2:3] == OPEN).all(axis=-1)
    ends = np.zeros_like(white)
    ends[tuple(batch.starts[2])] = ends[tuple(batch.goals[2])] = True
    assert (white == (batch.paths[2] & ~ends)).all()
    assert tuple(targets[2, 2 + 3 * batch.goals[2][0], 2 + 3 * batch.goals[2][1]]) == GOAL


def test_picture_shows_the_path_in_blue():
    m = meiro.generate(4, 4, seed=1)
    path = meiro.solve(m).path
    mask = np.zeros(m.grid.shape, bool)
    mask[path[:, 0], path[:, 1]] = True
    out = picture(m.grid, m.start, m.goal, mask, block=2)
    r, c = path[len(path) // 2]
    assert tuple(out[2 * r, 2 * c]) == PATH and tuple(out[2 * m.start[0], 2 * m.start[1]]) == START


@pytest.mark.parametrize("kwargs, words", [
    ({"block": 0}, "block must be"), ({"border": -1}, "border must be"), ({"block": 2.0}, "block must be"),
])
def test_bad_sizes_are_refused(kwargs, words):
    m = meiro.generate(3, 3, seed=1)
    with pytest.raises(MazeError, match=words):
        pixels(m.grid, m.start, m.goal, np.zeros(m.grid.shape, bool), **kwargs)
    with pytest.raises(MazeError, match="paths must be"):
        pixels(m.grid, m.start, m.goal, np.zeros((2, 2), bool))

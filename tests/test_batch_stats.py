"""batch_stats (compiled, stacked) against maze_stats (one maze, NumPy and the solvers)."""

import math

import numpy as np
import pytest

import meiro
from meiro.analysis.batch_stats import batch_stats
from meiro.analysis.difficulty import difficulty
from meiro.errors import MazeError
from meiro.registry import GENERATORS
from meiro.analysis.stats import maze_stats

FIGURES = ("cells", "dead_ends", "solution_length", "longest_path", "turns", "decision_points")


def _compare(batch):
    figures = batch_stats(batch.grids, batch.starts, batch.goals)
    for i in range(len(batch)):
        maze = batch.maze(i)
        one = maze_stats(maze)
        for name in FIGURES:
            assert int(getattr(figures, name)[i]) == getattr(one, name), (name, i)
        assert tuple(figures.degree_counts[i]) == one.degree_counts
        assert figures.average_corridor[i] == pytest.approx(one.average_corridor)
        assert figures.dead_end_share[i] == pytest.approx(one.dead_end_share)
        assert figures.solution_share[i] == pytest.approx(one.solution_share)
        assert figures.difficulty[i] == pytest.approx(difficulty(maze))


@pytest.mark.parametrize("algorithm", GENERATORS.names())
def test_every_generator_equals_maze_stats(algorithm):
    _compare(meiro.generate_batch(12, 7, 5, algorithm=algorithm, seed=11, goal="farthest"))


@pytest.mark.parametrize("braid", [0.3, 1.0])
@pytest.mark.parametrize("goal", ["corner", "diameter"])
def test_mazes_with_loops_equal_maze_stats(braid, goal):
    # with loops the longest path is the double-sweep estimate and the solution one of several:
    # equal only if both take the same breadth-first tie rules
    _compare(meiro.generate_batch(25, 9, 8, algorithm="kruskal", seed=4, braid=braid, goal=goal))


@pytest.mark.parametrize("width, height", [(1, 1), (1, 6), (6, 1), (2, 2)])
def test_thin_and_tiny_mazes(width, height):
    _compare(meiro.generate_batch(5, width, height, seed=2, goal="diameter"))


def test_decision_points_by_hand():
    # a T: the start (1,1) runs east to a junction at (1,3); the goal is south of it,
    # a dead end east of it. One decision: the junction. From the junction's side, none more.
    grid = np.ones((5, 7), bool)
    grid[1, 1:6] = False
    grid[2:4, 3] = False
    figures = batch_stats(grid[None], np.array([[1, 1]]), np.array([[3, 3]]))
    assert figures.solution_length.tolist() == [2]
    assert figures.decision_points.tolist() == [1]
    assert figures.turns.tolist() == [1]
    # starting at the junction itself, three ways leave it: the start is the decision
    figures = batch_stats(grid[None], np.array([[1, 3]]), np.array([[3, 3]]))
    assert figures.decision_points.tolist() == [1]
    # start at the dead end east: the walk passes the junction, a decision again
    figures = batch_stats(grid[None], np.array([[1, 5]]), np.array([[1, 1]]))
    assert figures.decision_points.tolist() == [1] and figures.turns.tolist() == [0]


def test_unreachable_goal_has_no_solution_figures():
    grid = np.ones((3, 7), bool)
    grid[1, 1] = grid[1, 5] = False  # two cells, no passage
    figures = batch_stats(grid[None], np.array([[1, 1]]), np.array([[1, 5]]))
    assert figures.solution_length.tolist() == [-1] and figures.decision_points.tolist() == [-1]
    assert math.isnan(figures.solution_share[0]) and math.isnan(figures.difficulty[0])


@pytest.mark.parametrize("grids, starts, goals, words", [
    (np.zeros((1, 3, 3), np.uint8), [[1, 1]], [[1, 1]], "bool array"),
    (np.ones((1, 4, 3), bool), [[1, 1]], [[1, 1]], "odd sides"),
    (np.zeros((1, 3, 3), bool), [[1, 1]], [[1, 1]], "lattice"),
    (np.ones((1, 3, 5), bool), [[1, 1]], [[1, 3]], "open cells"),
    (np.ones((1, 3, 5), bool), [[1, 2]], [[1, 3]], "cells (odd"),
    (np.ones((1, 3, 5), bool) & (np.arange(5) % 2 == 0), [[1, 1]], [[1, 3], [1, 1]], "shape (1, 2)"),
    (np.ones((1, 3, 5), bool), [[1.0, 1.0]], [[1, 3]], "whole-number"),
])
def test_bad_arrays_are_refused(grids, starts, goals, words):
    with pytest.raises(MazeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        batch_stats(grids, np.array(starts), np.array(goals))


def test_take_keeps_rows_together():
    batch = meiro.generate_batch(6, 5, 5, seed=9)
    figures = batch_stats(batch.grids, batch.starts, batch.goals)
    keep = figures.solution_length > np.median(figures.solution_length)
    part = figures.take(keep)
    assert len(part) == int(keep.sum())
    assert part.decision_points.tolist() == figures.decision_points[keep].tolist()

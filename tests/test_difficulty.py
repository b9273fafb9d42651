"""The difficulty measure: its properties, not its exact values."""

import math

import numpy as np
import pytest

import meiro
from meiro.analysis.batch_stats import batch_stats
from meiro.analysis.difficulty import GRADES, difficulty, difficulty_range, difficulty_score, grade
from meiro.errors import MazeError


def test_range_and_monotone_in_each_figure():
    cells = 400
    lengths = np.arange(0, 400)
    by_length = difficulty_score(cells, lengths, 0)
    assert (np.diff(by_length) >= 0).all() and by_length.min() >= 0 and by_length.max() <= 1
    by_choices = difficulty_score(cells, 100, np.arange(0, 101))
    assert (np.diff(by_choices) >= 0).all() and by_choices[-1] > by_choices[0]


def test_a_corridor_is_easy_and_a_branchy_winding_path_hard():
    assert difficulty_score(100, 9, 0) == 0.0  # straight across a 10 x 10 maze, no choice
    assert difficulty_score(100, 99, 60) == 1.0  # every cell, a choice at most of them


def test_the_same_generator_keeps_its_word_across_sizes():
    # the point of the measure: "hard" on a small maze is "hard" on a big one
    for algorithm, word in (("dig", "easy"), ("kruskal", "hard"), ("sidewinder", "medium")):
        words = set()
        for n in (10, 20, 45):
            batch = meiro.generate_batch(400, n, n, algorithm=algorithm, seed=1)
            words.add(grade(float(np.median(batch_stats(batch.grids, batch.starts, batch.goals).difficulty))))
        assert words == {word}, (algorithm, words)


def test_grade_cuts_in_thirds_and_speaks_japanese():
    assert [grade(v) for v in (0, 0.33, 1 / 3, 0.66, 2 / 3, 1)] == \
        ["easy", "easy", "medium", "medium", "hard", "hard"]
    assert [grade(v, "ja") for v in (0.1, 0.5, 0.9)] == ["かんたん", "ふつう", "むずかしい"]
    assert set(GRADES) == {"easy", "medium", "hard"}


@pytest.mark.parametrize("bad", [-0.1, 1.5, math.nan, "hard", None, True])
def test_grade_refuses_what_is_not_a_difficulty(bad):
    with pytest.raises(MazeError, match="from 0 to 1"):
        grade(bad)


def test_ranges_cover_zero_to_one_without_gaps():
    easy, medium, hard = (difficulty_range(w) for w in GRADES)
    assert easy[0] == 0 and easy[1] == medium[0] and medium[1] == hard[0] and hard[1] == 1
    assert difficulty_range("0.2") == (0.15, 0.25) and difficulty_range(0.0) == (0.0, 0.05)
    for bad in ("1.2", "-1", "nan", "", "hardest"):
        with pytest.raises(MazeError, match="easy, medium, hard or a number"):
            difficulty_range(bad)


def test_maze_difficulty_matches_its_figures_and_is_nan_without_a_path():
    m = meiro.generate(12, 9, seed=5, algorithm="wilson")
    s = meiro.analysis.stats.maze_stats(m)
    assert difficulty(m) == pytest.approx(float(difficulty_score(s.cells, s.solution_length, s.decision_points)))
    grid = np.ones((3, 7), bool)
    grid[1, 1] = grid[1, 5] = False
    assert math.isnan(difficulty(meiro.Maze(grid, start=(1, 1), goal=(1, 5))))


def test_meiro_stats_prints_each_mazes_difficulty():
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "meiro", "stats", "-n", "3", "--seed", "5", "--size", "9x7",
                          "-a", "kruskal", "--each", "--json"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    for row in data["mazes"]:
        maze = meiro.generate(9, 7, algorithm="kruskal", seed=row["seed"])
        assert row["difficulty"] == pytest.approx(difficulty(maze))
    assert data["difficulty"] == pytest.approx(sum(r["difficulty"] for r in data["mazes"]) / 3)
    table = subprocess.run([sys.executable, "-m", "meiro", "stats", "-n", "2", "--seed", "5", "--size", "9x7",
                            "-a", "kruskal", "--each"], capture_output=True, text=True, check=True).stdout
    lines = table.splitlines()
    assert lines[0].split()[-1] == "difficulty" and lines[1].split()[-1] in GRADES
    assert "difficulty (0 easy - 1 hard)" in table and "decision points on the solution" in table

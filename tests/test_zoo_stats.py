"""maze_stats against hand-counted mazes and independent checks."""

import numpy as np
import pytest

import meiro
from meiro.analysis.stats import degrees, maze_stats, turns_along
from support import block_distances

PLUS = "\n".join([
    "#######",
    "### ###",
    "###S###",
    "#     #",
    "### ###",
    "### #G#",
    "#######",
])


def test_hand_counted_cross():
    # a non-lattice text maze: nodes are open blocks
    m = meiro.parse_text(PLUS)
    s = maze_stats(m)
    assert s.cells == 10
    # four arm tips with one opening, four arm blocks with two, the centre with four,
    # and the walled-in goal with none
    assert s.degree_counts == (1, 4, 4, 0, 1)
    assert s.dead_ends == 4 and s.dead_end_share == 0.4
    assert s.solution_length is None and s.turns is None  # G is walled in
    assert s.longest_path == 4


def test_lattice_figures_agree_with_plain_counts():
    for name in ("dig", "kruskal", "division"):
        m = meiro.generate(30, 20, algorithm=name, seed=3, goal="farthest")
        s = maze_stats(m)
        deg = degrees(m)
        assert s.cells == 600 and s.degree_counts[0] == 0
        assert sum(s.degree_counts) == 600
        assert sum(k * c for k, c in enumerate(s.degree_counts)) == 2 * 599  # a tree's degree sum
        assert s.dead_ends == int((deg == 1).sum())
        assert s.solution_length * 2 == block_distances(m.grid, m.start)[m.goal]
        # farthest goal: the solution is at least half the diameter
        assert s.longest_path >= s.solution_length >= s.longest_path / 2
        assert s.solution_share == pytest.approx((s.solution_length + 1) / 600)


def test_longest_path_is_the_diameter_on_a_tree():
    m = meiro.generate(12, 9, seed=4)
    cells = [(r, c) for r in range(1, 18, 2) for c in range(1, 24, 2)]
    diameter = max(block_distances(m.grid, cell).max() for cell in cells) // 2
    assert maze_stats(m).longest_path == diameter


def test_corridor_and_turn_definitions():
    line = meiro.generate(6, 1, seed=0)
    s = maze_stats(line)
    assert s.average_corridor == 5.0 and s.turns == 0 and s.dead_ends == 2
    assert turns_along(np.array([[1, 1], [1, 2], [2, 2], [2, 3], [3, 3]])) == 3
    # a 2x2 ring (braided) has no junction and no dead end: one corridor of all passages
    ring = meiro.generate(2, 2, seed=0, braid=1.0)
    assert maze_stats(ring).degree_counts == (0, 0, 4, 0, 0)
    assert maze_stats(ring).average_corridor == 4.0


def test_braid_shows_in_the_figures():
    perfect = maze_stats(meiro.generate(40, 40, seed=1))
    braided = maze_stats(meiro.generate(40, 40, seed=1, braid=1.0))
    assert braided.dead_ends == 0 < perfect.dead_ends
    assert braided.solution_length <= perfect.solution_length

"""Searches whose queue, heap or stack outgrows its first buffer still search correctly.

The kernels start with small buffers (a 1024-slot ring for BFS and each side of
bidirectional BFS, a 256-entry heap for A*, a 1024-entry stack for DFS) and grow
them in an outer loop; these mazes are big enough to make every one of them grow.
"""

import numpy as np
import pytest

import meiro
from meiro.maze import Maze


def open_room(side: int, posts: bool = False) -> np.ndarray:
    """A square room with only its border closed, optionally with rows of posts."""
    grid = np.zeros((side, side), bool)
    grid[0] = grid[-1] = grid[:, 0] = grid[:, -1] = True
    if posts:
        grid[::7, 3::5] = True
        grid[1:-1:2, 2::9] = False
    return grid


def assert_walk(maze: Maze, path: np.ndarray) -> None:
    """``path`` goes from start to goal over open blocks, one block per step."""
    assert tuple(path[0]) == maze.start and tuple(path[-1]) == maze.goal
    assert (np.abs(np.diff(path, axis=0)).sum(axis=1) == 1).all()
    assert not maze.grid[path[:, 0], path[:, 1]].any()


def test_bfs_ring_growth_keeps_breadth_first_order():
    centre = (300, 300)
    maze = Maze(open_room(601), centre, (599, 599))
    sol = meiro.solve(maze, "bfs")
    assert sol.max_frontier > 1024  # the first ring was too small
    assert sol.length == 299 + 299
    assert_walk(maze, sol.path)
    # in an open room the path distance is the Manhattan distance
    dist = np.abs(sol.explored - np.array(centre)).sum(axis=1)
    assert (np.diff(dist) >= 0).all()
    flat = sol.explored[:, 0] * 601 + sol.explored[:, 1]
    assert len(np.unique(flat)) == len(flat)
    # the goal is a farthest corner: only the other corners may be left unexpanded
    assert len(flat) >= 599 * 599 - 3


def test_bidirectional_rings_both_grow():
    # symmetric ends: the two frontiers are alike, so more than 2048 in all is over 1024 each
    maze = Maze(open_room(1201), (1, 1), (1199, 1199))
    sol = meiro.solve(maze, "bidirectional")
    assert sol.max_frontier > 2048
    assert sol.length == 2 * 1198
    assert_walk(maze, sol.path)
    flat = sol.explored[:, 0] * 1201 + sol.explored[:, 1]
    assert len(np.unique(flat)) == len(flat)


@pytest.mark.parametrize("method", ["astar", "greedy"])
def test_best_first_heap_growth(method):
    maze = Maze(open_room(601, posts=True), (300, 300), (599, 599))
    sol = meiro.solve(maze, method)
    assert_walk(maze, sol.path)
    if method == "astar":
        assert sol.max_frontier > 256  # the first heap was too small
        assert sol.length == meiro.solve(maze, "bfs").length


def test_dfs_stack_growth_on_a_perfect_maze():
    maze = meiro.generate(60, 60, seed=1, goal="farthest")  # a long walk: the stack passes 1024
    sol = meiro.solve(maze, "dfs")
    assert sol.max_frontier > 1024  # the first stack was too small
    assert_walk(maze, sol.path)
    np.testing.assert_array_equal(sol.path, meiro.solve(maze, "bfs").path)  # a tree: one path

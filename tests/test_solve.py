import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from support import assert_valid_path, block_distances

METHODS = meiro.SOLVERS.names()


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("width,height", [(1, 1), (1, 10), (10, 1), (7, 8), (40, 25), (150, 150)])
@pytest.mark.parametrize("goal", ["corner", "farthest", "diameter"])
def test_paths_are_valid_and_shortest(method, width, height, goal):
    m = meiro.generate(width, height, seed=width * 31 + height, goal=goal)
    sol = meiro.solve(m, method)
    assert_valid_path(m.grid, sol.path, m.start, m.goal)
    assert sol.length == block_distances(m.grid, m.start)[m.goal]
    assert sol.method == method


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.integers(0, 2**32))
def test_astar_length_equals_bfs(width, height, seed):
    m = meiro.generate(width, height, seed=seed, goal="farthest")
    assert meiro.solve(m, "astar").length == meiro.solve(m, "bfs").length


def test_explored_replays_the_search():
    m = meiro.generate(30, 30, seed=8, goal="farthest")
    for method in METHODS:
        sol = meiro.solve(m, method)
        explored = sol.explored
        assert explored.shape == (sol.expanded, 2)
        assert tuple(explored[0]) == m.start
        # a two-ended search reaches the goal early; every other search ends there
        assert tuple(explored[-1]) == m.goal or (method == "bidirectional" and (explored == m.goal).all(1).any())
        assert len({tuple(p) for p in explored}) == len(explored)  # each position once
        assert not m.grid[explored[:, 0], explored[:, 1]].any()
    bfs = meiro.solve(m, "bfs").explored
    dist = block_distances(m.grid, m.start)
    assert (np.diff(dist[bfs[:, 0], bfs[:, 1]]) >= 0).all(), "BFS must expand in distance order"


def test_astar_prefers_low_f_then_high_g():
    # an open room (not a lattice maze): A* with ties to larger g walks straight to the goal
    text = "\n".join(["#######", "#S    #", "#     #", "#    G#", "#######"])
    m = meiro.parse_text(text)
    sol = meiro.solve(m, "astar")
    assert sol.length == 6
    assert sol.expanded == 7  # only the blocks on one shortest path
    assert meiro.solve(m, "bfs").expanded > sol.expanded


def test_astar_is_deterministic_per_seed():
    m = meiro.parse_text("\n".join(["#########", "#S      #", "#       #", "#       #", "#       #", "#      G#", "#########"]))
    runs = {tuple(map(tuple, meiro.solve(m, "astar").path)) for _ in range(5)}
    assert len(runs) == 1


@pytest.mark.parametrize("method", METHODS)
def test_unreachable_goal_raises(method):
    m = meiro.parse_text("#######\n#S# G #\n#######")
    with pytest.raises(meiro.NoPathError, match="cannot be reached"):
        meiro.solve(m, method)


@pytest.mark.parametrize("method", METHODS)
def test_mazes_with_loops_and_rooms(method):
    text = "\n".join([
        "###########",
        "#S  #     #",
        "# # # ### #",
        "#         #",
        "### # # ###",
        "#   #    G#",
        "###########",
    ])
    m = meiro.parse_text(text)
    sol = meiro.solve(m, method)
    assert_valid_path(m.grid, sol.path, m.start, m.goal)
    if meiro.SOLVERS.get(method).exact:  # the others only promise a path
        assert sol.length == block_distances(m.grid, m.start)[m.goal]


def test_start_equals_goal():
    m = meiro.generate(1, 1, seed=0)
    for method in METHODS:
        sol = meiro.solve(m, method)
        assert sol.length == 0 and tuple(sol.path[0]) == (1, 1)


def test_bad_solver_inputs():
    m = meiro.generate(3, 3, seed=1)
    with pytest.raises(meiro.MazeError, match="unknown method 'dfs2'; choose one of: astar, bfs"):
        meiro.solve(m, "dfs2")
    with pytest.raises(TypeError, match=r"needs a meiro\.Maze"):
        meiro.solve(np.ones((3, 3)), "bfs")


@pytest.fixture
def scratch_solvers(monkeypatch):
    """meiro.SOLVERS, on which a test may register solvers that vanish after it."""
    monkeypatch.setattr(meiro.SOLVERS, "_items", dict(meiro.SOLVERS._items))
    monkeypatch.setattr(meiro.SOLVERS, "_aliases", dict(meiro.SOLVERS._aliases))
    return meiro.SOLVERS


def test_a_solver_that_finds_the_goal_without_a_path_is_refused(scratch_solvers):
    from meiro.solvers.result import SearchResult

    @scratch_solvers.register("pathless", summary="reports the goal, returns no path")
    def pathless(grid, source, target, step, seed, record):
        return SearchResult(target, 1, 1, None, None)

    m = meiro.generate(4, 4, seed=1)
    with pytest.raises(meiro.MazeError, match="'pathless' found the goal but returned no path"):
        meiro.solve(m, "pathless")


def test_a_solver_that_records_nothing_is_refused(scratch_solvers):
    from meiro.solvers.bfs import bfs

    @scratch_solvers.register("forgetful", summary="bfs that never keeps its exploration")
    def forgetful(grid, source, target, step, seed, record):
        return bfs(grid, source, target, step, seed, False)

    sol = meiro.solve(meiro.generate(4, 4, seed=1), "forgetful")
    assert sol.length == meiro.solve(sol.maze, "bfs").length
    with pytest.raises(meiro.MazeError, match="'forgetful' returned no explored positions"):
        sol.explored

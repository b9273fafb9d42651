"""Every solver against BFS on perfect, braided and masked mazes; where wall followers fail."""

import numpy as np
import pytest

import meiro
from support import assert_valid_path, block_distances

METHODS = meiro.SOLVERS.names()
EXACT = [name for name in METHODS if meiro.SOLVERS.get(name).exact]
FOLLOWERS = ["wall-left", "wall-right"]
GENERATORS = ["dig", "kruskal", "division", "binary-tree", "wall", "eller"]


def shortest(m):
    return int(block_distances(m.grid, m.start)[m.goal])


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("algorithm", GENERATORS)
@pytest.mark.parametrize("width,height", [(1, 1), (1, 9), (9, 1), (12, 7), (45, 30)])
def test_every_solver_is_shortest_on_perfect_mazes(method, algorithm, width, height):
    for goal in ("corner", "diameter"):
        m = meiro.generate(width, height, algorithm=algorithm, seed=width + height, goal=goal)
        sol = meiro.solve(m, method)
        assert_valid_path(m.grid, sol.path, m.start, m.goal)
        assert sol.length == shortest(m)  # a tree has one path


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("braid", [0.3, 1.0])
@pytest.mark.parametrize("seed", range(4))
def test_braided_mazes(method, braid, seed):
    algorithm = GENERATORS[seed % len(GENERATORS)]
    for goal in ("corner", "farthest"):
        m = meiro.generate(35, 25, algorithm=algorithm, seed=seed, braid=braid, goal=goal)
        best = shortest(m)
        try:
            sol = meiro.solve(m, method)
        except meiro.NoPathError:
            assert method in FOLLOWERS  # only wall followers may give up on a reachable goal
            continue
        assert_valid_path(m.grid, sol.path, m.start, m.goal)
        if method in EXACT:
            assert sol.length == best
        else:
            assert sol.length >= best


def test_non_shortest_solvers_do_take_detours_on_braided_mazes():
    longer = dict.fromkeys(METHODS, 0)
    for seed in range(6):
        m = meiro.generate(40, 40, seed=seed, braid=1.0, goal="farthest")
        best = shortest(m)
        for method in METHODS:
            try:
                longer[method] += meiro.solve(m, method).length > best
            except meiro.NoPathError:
                pass
    assert all(longer[method] == 0 for method in EXACT)
    assert longer["dfs"] > 0 and longer["tremaux"] > 0


@pytest.mark.parametrize("method", METHODS)
def test_masked_maze(method):
    mask = np.ones((20, 30), bool)
    mask[5:15, 10:20] = False  # a hole in the middle
    m = meiro.generate(30, 20, seed=4, mask=mask, braid=0.5, goal="farthest")
    try:
        sol = meiro.solve(m, method)
    except meiro.NoPathError:
        assert method in FOLLOWERS
        return
    assert_valid_path(m.grid, sol.path, m.start, m.goal)
    if method in EXACT:
        assert sol.length == shortest(m)


ISLAND_ROOM = "\n".join([
    "#########",
    "#S      #",
    "#       #",
    "#  ###  #",
    "#  #G#  #",
    "#       #",
    "#       #",
    "#       #",
    "#########",
])


@pytest.mark.parametrize("method", FOLLOWERS)
def test_wall_followers_report_a_goal_beside_an_island(method):
    m = meiro.parse_text(ISLAND_ROOM)
    with pytest.raises(meiro.NoPathError, match=f"cannot be reached by {method}"):
        meiro.solve(m, method)


@pytest.mark.parametrize("method", [m for m in METHODS if m not in FOLLOWERS])
def test_other_solvers_reach_a_goal_beside_an_island(method):
    m = meiro.parse_text(ISLAND_ROOM)
    sol = meiro.solve(m, method)
    assert_valid_path(m.grid, sol.path, m.start, m.goal)


@pytest.mark.parametrize("method", METHODS)
def test_explored_and_counts(method):
    m = meiro.generate(25, 25, seed=9, braid=0.4, goal="farthest")
    try:
        sol = meiro.solve(m, method)
    except meiro.NoPathError:
        assert method in FOLLOWERS
        return
    explored = sol.explored
    assert explored.shape == (sol.expanded, 2)
    assert tuple(explored[0]) == m.start
    assert (explored == m.goal).all(axis=1).any()
    assert len({tuple(p) for p in explored}) == len(explored)
    assert not m.grid[explored[:, 0], explored[:, 1]].any()
    assert sol.max_frontier >= 1
    again = meiro.solve(m, method)
    assert np.array_equal(again.path, sol.path) and again.expanded == sol.expanded


def test_dead_end_fill_leaves_only_the_solution_of_a_perfect_maze():
    m = meiro.generate(30, 30, seed=2, goal="farthest")
    sol = meiro.solve(m, "dead-end-fill")
    on_path = {tuple(p) for p in sol.path[::2]}
    explored = [tuple(p) for p in sol.explored]
    n_filled = 30 * 30 - len(on_path)
    # the start, then every cell off the solution (filled), then the solution itself
    assert explored[0] == m.start
    assert not on_path & set(explored[1:1 + n_filled])
    assert set(explored[1 + n_filled:]) | {m.start} == on_path
    assert sol.expanded == 30 * 30


def test_bidirectional_expands_less_than_bfs_in_open_ground():
    rows = [list("#" * 41)] + [list("#" + " " * 39 + "#") for _ in range(39)] + [list("#" * 41)]
    rows[20][10], rows[20][30] = "S", "G"
    room = meiro.parse_text("\n".join("".join(row) for row in rows))
    bfs = meiro.solve(room, "bfs")
    bi = meiro.solve(room, "bidirectional")
    assert bi.length == bfs.length == 20
    # two discs of radius 10 instead of one of radius 20
    assert bi.expanded < 0.6 * bfs.expanded


def test_greedy_heads_for_the_goal():
    room = meiro.parse_text("\n".join(["#" * 13, "#S" + " " * 10 + "#", *["#" + " " * 11 + "#"] * 9,
                                       "#" + " " * 10 + "G#", "#" * 13]))
    assert meiro.solve(room, "greedy").expanded == meiro.solve(room, "greedy").length + 1
    assert meiro.solve(room, "greedy").expanded < meiro.solve(room, "bfs").expanded


def test_unreachable_goal_never_hangs():
    m = meiro.parse_text("#########\n#S  #  G#\n# # # # #\n#   #   #\n#########")
    for method in METHODS:
        with pytest.raises(meiro.NoPathError, match="cannot be reached"):
            meiro.solve(m, method)

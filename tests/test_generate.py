import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.maze import replay_carving
from support import assert_perfect, block_distances

SIZES = [(1, 1), (1, 7), (7, 1), (2, 2), (3, 5), (8, 8), (15, 15), (16, 9), (64, 33), (201, 150)]


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("seed", [0, 1, 4, 2**63 + 7])
def test_dig_makes_a_perfect_maze(width, height, seed):
    m = meiro.generate(width, height, seed=seed)
    assert_perfect(m.grid, width, height)
    assert m.start == (1, 1) and m.goal == (2 * height - 1, 2 * width - 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**64 - 1))
def test_perfect_for_any_size_and_seed(width, height, seed):
    assert_perfect(meiro.generate(width, height, seed=seed).grid, width, height)


def test_same_seed_same_grid_and_different_seeds_differ():
    a = meiro.generate(40, 30, seed=123)
    b = meiro.generate(40, 30, seed=123)
    c = meiro.generate(40, 30, seed=124)
    assert np.array_equal(a.grid, b.grid)
    assert not np.array_equal(a.grid, c.grid)


def test_known_grid_is_stable_across_versions():
    # Pins the PRNG and the kernel: if this changes, every shared seed breaks. (Re-made once, on
    # purpose: the dig method with the corner goal digs from the goal since the goal is fixed in
    # advance, as the seed article does; the farthest-goal maze below is the one pinned before.)
    m = meiro.generate(4, 3, seed=4)
    assert meiro.render_text(m).splitlines() == [
        "# # # # # # # # #",
        "# S #           #",
        "#   #   #   # # #",
        "#   #   #       #",
        "#   #   # # #   #",
        "#           # G #",
        "# # # # # # # # #",
    ]
    before = meiro.generate(4, 3, seed=4, goal="farthest")
    assert meiro.render_text(before.edited(goal=(5, 7))).splitlines() == [
        "# # # # # # # # #",
        "# S     #       #",
        "# # #   #   #   #",
        "#   #       #   #",
        "#   # # # # #   #",
        "#             G #",
        "# # # # # # # # #",
    ]


def test_same_seed_in_another_process():
    import subprocess
    import sys

    code = "import meiro, hashlib; print(hashlib.sha256(meiro.generate(50, 20, seed=99).grid.tobytes()).hexdigest())"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    import hashlib

    here = hashlib.sha256(meiro.generate(50, 20, seed=99).grid.tobytes()).hexdigest()
    assert other.stdout.strip() == here


def test_fresh_seed_is_recorded_and_reproduces():
    m = meiro.generate(12, 12)
    assert isinstance(m.seed, int)
    assert meiro.generate(12, 12, seed=m.seed) == m


@pytest.mark.parametrize("width,height", [(1, 1), (1, 9), (9, 1), (10, 7), (33, 33)])
@pytest.mark.parametrize("seed", [0, 5])
def test_replaying_the_log_rebuilds_the_grid(width, height, seed):
    m = meiro.generate(width, height, seed=seed)
    order = m.carve_order
    assert len(order) == 2 * width * height - 1
    assert len(np.unique(order)) == len(order)
    assert np.array_equal(replay_carving(m.shape, order), m.grid)
    # the log starts where the digging did (the goal: the corner rule digs from it) and every
    # later cell is entered through its wall slot
    assert order[0] == m.goal[0] * m.shape[1] + m.goal[1]


def test_log_is_in_digging_order():
    m = meiro.generate(20, 20, seed=3)
    cols = m.shape[1]
    opened = np.zeros(m.grid.size, bool)
    opened[m.carve_order[0]] = True
    for wall, cell in m.carve_order[1:].reshape(-1, 2):
        # each step opens a wall slot next to an already-open cell, then the cell beyond it
        assert abs(int(cell) - int(wall)) in (1, cols)
        assert opened[2 * wall - cell] and not opened[wall] and not opened[cell]
        opened[wall] = opened[cell] = True
    assert abs(int(m.carve_order[2]) - int(m.carve_order[1])) in (1, cols)


def test_edited_maze_gets_a_flood_log_that_still_replays():
    made = meiro.generate(10, 10, seed=1)
    grid = made.grid.copy()
    walls = [(r, c) for r, c in zip(*np.nonzero(grid)) if 0 < r < 20 and 0 < c < 20 and (r + c) % 2]
    for r, c in walls[:2]:
        grid[r, c] = False  # knock down a wall between two cells: no longer what the generator made
    m = made.edited(grid)
    assert m.seed is None and made.seed == 1  # the recipe does not make this grid
    assert np.array_equal(replay_carving(m.shape, m.carve_order), m.grid)
    assert m.carve_order[0] == 1 * m.shape[1] + 1  # a flood from the start


@pytest.mark.parametrize("width,height", [(1, 1), (1, 12), (12, 1), (9, 14), (60, 40)])
@pytest.mark.parametrize("seed", [2, 11])
def test_farthest_goal_is_at_maximal_distance(width, height, seed):
    m = meiro.generate(width, height, seed=seed, goal="farthest")
    dist = block_distances(m.grid, m.start)
    assert dist[m.goal] == dist.max()
    assert m.goal[0] % 2 == 1 and m.goal[1] % 2 == 1


@pytest.mark.parametrize("seed", range(5))
def test_diameter_goal_spans_the_longest_path(seed):
    m = meiro.generate(25, 18, seed=seed, goal="diameter")
    assert block_distances(m.grid, m.start)[m.goal] == max(
        block_distances(m.grid, (r, c)).max() for r in range(1, 37, 2) for c in range(1, 51, 2)
    )
    # the grid is the same as with any other goal: only the ends move
    assert np.array_equal(m.grid, meiro.generate(25, 18, seed=seed, goal="farthest").grid)


def test_start_option_moves_the_dig_origin():
    m = meiro.generate(9, 9, seed=1, start=(7, 5), goal="farthest")  # (corner: from the goal)
    assert m.start == (7, 5)
    assert m.carve_order[0] == 7 * m.shape[1] + 5
    assert_perfect(m.grid, 9, 9)


@pytest.mark.parametrize("kwargs,message", [
    (dict(width=0, height=3), "width must be at least 1"),
    (dict(width=3, height=-1), "height must be at least 1"),
    (dict(width=2.5, height=3), "width must be a whole number"),
    (dict(width=3, height=3, algorithm="nope"), "unknown algorithm 'nope'; choose one of: dig"),
    (dict(width=3, height=3, goal="middle"), "unknown goal 'middle'; choose one of: corner"),
    (dict(width=3, height=3, seed=-1), "seed must be between 0"),
    (dict(width=3, height=3, seed="x"), "seed must be a whole number"),
    (dict(width=3, height=3, start=(2, 2)), "start must be a cell"),
    (dict(width=10**7, height=10**7), "needs about"),
])
def test_bad_requests_raise_clear_errors(kwargs, message):
    with pytest.raises(meiro.MazeError, match=message.replace("(", r"\(")):
        meiro.generate(**kwargs)


def test_algorithm_aliases_resolve_to_the_same_maze():
    assert meiro.generate(8, 8, algorithm="backtracker", seed=2) == meiro.generate(8, 8, seed=2)
    assert meiro.generate(8, 8, algorithm="DIG", seed=2).algorithm == "dig"


def test_copy_is_independent_and_keeps_the_recipe():
    m = meiro.generate(6, 6, seed=2, goal="farthest")
    c = m.copy()
    assert c == m and c.seed == 2 and c.algorithm == "dig"
    grid = c.grid.copy()  # a maze's grid is read-only: edit a copy
    grid[1, 2] = not grid[1, 2]
    assert c.edited(grid) != m and m == meiro.generate(6, 6, seed=2, goal="farthest")


def test_the_memory_check_counts_each_generators_working_memory(monkeypatch):
    # 3000 x 3000 cells: about 81 MB for the dig method, about 200 MB for Kruskal's walls and union-find
    import meiro.sizes

    need_dig = meiro.sizes.bytes_needed(3000, 3000)
    need_kruskal = meiro.sizes.bytes_needed(3000, 3000, meiro.GENERATORS.get("kruskal").extra["memory"])
    assert need_dig > meiro.sizes.SMALL_ENOUGH and need_kruskal > 2 * need_dig
    monkeypatch.setattr(meiro.sizes, "available_memory", lambda: (need_dig + need_kruskal) // 2)
    assert meiro.generate(3000, 3000, algorithm="dig", seed=1).width == 3000
    with pytest.raises(meiro.MazeError, match=r"needs about .* choose a smaller size"):
        meiro.generate(3000, 3000, algorithm="kruskal", seed=1)


def test_small_mazes_do_not_ask_the_system_for_its_memory(monkeypatch):
    import meiro.sizes

    def refuse():
        raise AssertionError("asked for the available memory")

    monkeypatch.setattr(meiro.sizes, "available_memory", refuse)
    assert meiro.generate(500, 500, algorithm="kruskal", seed=1).width == 500

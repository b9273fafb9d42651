"""Registry-wide properties of every generator: perfect, deterministic, replayable."""

import math

import numpy as np
import pytest

import meiro
from meiro.generators.eller import eller, eller_rows
from meiro.generators.growing_tree import growing_tree
from meiro.generators.kruskal import wall_slots
from meiro.kernels.rng import mix_seed
from meiro.maze import replay_carving
from support import assert_perfect

NAMES = meiro.GENERATORS.names()
SIZES = [(1, 1), (1, 9), (9, 1), (2, 2), (2, 7), (5, 4), (8, 8), (13, 7), (40, 31), (150, 101)]
SEEDS = [0, 3, 2**63 + 5]


def origin_role(name: str):
    """'root' (the maze grows from the origin), 'log' (only the log starts there) or None."""
    return meiro.GENERATORS.get(name).extra.get("origin", "root")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("seed", SEEDS)
def test_perfect_deterministic_and_replayable(name, width, height, seed):
    m = meiro.generate(width, height, algorithm=name, seed=seed)
    assert_perfect(m.grid, width, height)
    assert meiro.generate(width, height, algorithm=name, seed=seed) == m
    order = m.carve_order
    assert len(order) == 2 * width * height - 1  # every open block exactly once
    assert len(np.unique(order)) == len(order)
    assert np.array_equal(replay_carving(m.shape, order), m.grid)
    # a replay stopped half-way never opens a block the finished maze keeps closed
    half = replay_carving(m.shape, order, len(order) // 2)
    assert not (~half & m.grid).any()


@pytest.mark.parametrize("name", NAMES)
def test_seeds_matter(name):
    grids = {meiro.generate(12, 12, algorithm=name, seed=s).grid.tobytes() for s in range(6)}
    assert len(grids) == 6


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width,height,start", [(9, 7, (7, 11)), (1, 6, (9, 1)), (6, 1, (1, 9))])
def test_origin(name, width, height, start):
    m = meiro.generate(width, height, algorithm=name, seed=8, start=start)
    assert_perfect(m.grid, width, height)
    assert m.start == start
    cols = m.shape[1]
    if origin_role(name) is not None:
        # the dig method with the corner goal digs from the goal, as the Tk article does
        origin = m.goal if m.recipe.digs_from_goal() else start
        assert m.carve_order[0] == origin[0] * cols + origin[1]
    if origin_role(name) != "root":
        # the shape does not depend on the origin
        assert np.array_equal(m.grid, meiro.generate(width, height, algorithm=name, seed=8).grid)


def test_tree_growers_log_a_connected_growth():
    # for the methods that grow one tree from the origin, every logged block
    # touches a block opened before it
    for name in NAMES:
        if origin_role(name) != "root":
            continue
        m = meiro.generate(25, 17, algorithm=name, seed=2)
        cols = m.shape[1]
        opened = np.zeros(m.grid.size, bool)
        opened[m.carve_order[0]] = True
        for p in m.carve_order[1:]:
            assert opened[[p - cols, p + 1, p + cols, p - 1]].any(), name
            opened[p] = True


def _tree_codes(name: str, n: int) -> np.ndarray:
    """Each sampled 3x3 maze as a 12-bit code of its open wall slots."""
    function = meiro.GENERATORS.get(name).function
    slots = wall_slots(7, 7)
    weights = 1 << np.arange(slots.size)
    codes = np.empty(n, np.int64)
    for i in range(n):
        grid = function(3, 3, mix_seed(i, stream=7), (1, 1), False).grid.ravel()
        codes[i] = weights[~grid[slots]].sum()
    return codes


def _chi_square_uniform(codes: np.ndarray, categories: int) -> float:
    _, counts = np.unique(codes, return_counts=True)
    expected = len(codes) / categories
    missing = categories - len(counts)
    return float(((counts - expected) ** 2 / expected).sum() + missing * expected)


def _critical(df: int, z: float = 4.753) -> float:
    """Wilson-Hilferty chi-square quantile; z = 4.753 is the one-sided 1e-6 point."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


SAMPLES = 100_000


@pytest.mark.parametrize("name", ["wilson", "aldous-broder", "origin-shift"])
def test_uniform_over_the_192_spanning_trees(name):
    codes = _tree_codes(name, SAMPLES)
    assert len(np.unique(codes)) == 192  # 3x3 grid graph: 192 spanning trees
    # fixed seeds: the statistic is the same on every run, so this cannot flake
    assert _chi_square_uniform(codes, 192) < _critical(191)


def test_the_uniformity_test_rejects_a_biased_generator():
    # Kruskal's maze is not uniform over spanning trees; the same test must see it
    codes = _tree_codes("kruskal", SAMPLES)
    assert len(np.unique(codes)) == 192
    assert _chi_square_uniform(codes, 192) > _critical(191)


def test_binary_tree_and_sidewinder_open_the_top_row():
    for name in ("binary-tree", "sidewinder"):
        m = meiro.generate(20, 10, algorithm=name, seed=1)
        assert not m.grid[1, 1:-1].any()
    assert not meiro.generate(20, 10, algorithm="binary-tree", seed=1).grid[1:-1, 1].any()


def test_eller_rows_stream_the_same_maze():
    rows = list(eller_rows(33, 20, mix_seed(5)))
    assert len(rows) == 41
    assert np.array_equal(np.array(rows), eller(33, 20, mix_seed(5)).grid)


def test_growing_tree_policies():
    from meiro.analysis.stats import maze_stats

    share = {}
    for policy in ("newest", "random", "oldest"):
        grid = growing_tree(40, 40, mix_seed(1), policy=policy).grid
        assert_perfect(grid, 40, 40)
        share[policy] = maze_stats(meiro.Maze(grid)).dead_end_share
    # depth-first growth leaves few dead ends, random growth many, and
    # breadth-first growth (long straight spokes) almost none
    assert share["oldest"] < share["newest"] < share["random"]
    with pytest.raises(meiro.MazeError, match="unknown growing-tree policy"):
        growing_tree(3, 3, mix_seed(1), policy="widest")
    with pytest.raises(meiro.MazeError, match="probability"):
        growing_tree(3, 3, mix_seed(1), newest=2)


@pytest.mark.parametrize("width,height", [(1, 1), (1, 9), (9, 1), (12, 7), (40, 40)])
@pytest.mark.parametrize("seed", [0, 3, 77])
def test_prim_log_grows_the_same_tree_kruskal_builds(width, height, seed):
    # plain generation runs Kruskal over the weights; the log runs Prim on them
    from meiro.generators.prim import prim
    from meiro.kernels.rng import mix_seed

    fast = prim(width, height, mix_seed(seed))
    grown = prim(width, height, mix_seed(seed), origin=(2 * height - 1, 1), record=True)
    assert np.array_equal(fast.grid, grown.grid)
    m = meiro.generate(width, height, algorithm="prim", seed=seed)
    assert np.array_equal(m.carve_order, prim(width, height, mix_seed(seed), record=True).order)

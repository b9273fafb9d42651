"""Kruskal's wall order: random buckets, walls set aside by the cycle property, same tree."""

import numpy as np
import pytest

import meiro
from meiro.generators.kruskal import _set_aside_square_maxima, shuffled_walls, spanning_tree, wall_codes
from meiro.generators.lattice import SET_ASIDE, _bucket_tags
from meiro.kernels.rng import mix_seed
from support import assert_perfect

# 2 * w * h - w - h walls: above 65,536 the walls are dealt into random buckets
LARGE = (190, 180)


def natural_codes(width: int, height: int) -> np.ndarray:
    """Every wall's code in reading order: east walls row by row, then south walls."""
    padded = width + 2
    east = [((y + 1) * padded + x + 1) * 2 for y in range(height) for x in range(width - 1)]
    south = [((y + 1) * padded + x + 1) * 2 + 1 for y in range(height - 1) for x in range(width)]
    return np.array(east + south, np.int64)


def reference_set_aside(tag: np.ndarray, width: int, height: int) -> np.ndarray:
    """Square by square, in plain Python: which walls are strictly the heaviest of a unit square."""
    index = {code: i for i, code in enumerate(natural_codes(width, height))}
    padded = width + 2
    aside = np.zeros(tag.size, bool)
    for y in range(height - 1):
        for x in range(width - 1):
            cell = (y + 1) * padded + x + 1
            walls = [index[2 * cell], index[2 * cell + 1], index[2 * (cell + padded)],
                     index[2 * (cell + 1) + 1]]
            top = max(tag[w] for w in walls)
            if sum(tag[w] == top for w in walls) == 1:
                aside[next(w for w in walls if tag[w] == top)] = True
    return aside


@pytest.mark.parametrize("width,height", [(1, 1), (1, 6), (6, 1), (2, 2), (3, 5), (9, 8), (31, 17)])
@pytest.mark.parametrize("levels", [2, 5, 256])
def test_square_maxima_match_a_square_by_square_reference(width, height, levels):
    rng = np.random.default_rng(width * 1000 + height + levels)
    tag = rng.integers(0, levels, (width - 1) * height + width * (height - 1)).astype(np.uint8)
    bucket = np.empty(tag.size, np.uint16)
    _set_aside_square_maxima(tag, width, height, bucket)
    expected = reference_set_aside(tag, width, height)
    assert np.array_equal(bucket == SET_ASIDE, expected)
    assert np.array_equal(bucket[~expected], tag[~expected])


@pytest.mark.parametrize("seed", [0, 1, 2**63 + 5])
def test_setting_walls_aside_keeps_the_minimum_spanning_tree(seed):
    # Put every set-aside wall back at a random place among the walls of its
    # bucket: that is an order of independent random weights over all walls,
    # and Kruskal over it must build the very same maze.
    width, height = LARGE
    state = mix_seed(seed)
    walls = wall_codes(width, height)
    count, _ = shuffled_walls(walls, width, height, state)
    assert 0.55 * walls.size < count < 0.75 * walls.size  # about a third is set aside
    tag = np.empty(walls.size, np.uint8)
    _bucket_tags(tag, state)
    bucket_of = dict(zip(natural_codes(width, height).tolist(), tag.tolist()))
    tried = walls[:count].tolist()
    assert [bucket_of[w] for w in tried] == sorted(bucket_of[w] for w in tried)
    rng = np.random.default_rng(seed % 2**32)
    full = {b: [] for b in range(256)}
    for w in tried:
        full[bucket_of[w]].append(w)
    for w in walls[count:].tolist():
        group = full[bucket_of[w]]
        group.insert(int(rng.integers(0, len(group) + 1)), w)
    every_wall = np.array([w for b in range(256) for w in full[b]], walls.dtype)
    assert sorted(every_wall.tolist()) == sorted(walls.tolist())
    fast = spanning_tree(walls[:count], width, height, record=False).grid
    assert np.array_equal(spanning_tree(every_wall, width, height, record=False).grid, fast)
    assert_perfect(fast, width, height)


@pytest.mark.parametrize("name", ["kruskal", "prim"])
def test_large_mazes_are_perfect_deterministic_and_replayable(name):
    width, height = LARGE
    m = meiro.generate(width, height, algorithm=name, seed=9)
    assert_perfect(m.grid, width, height)
    assert np.array_equal(m.grid, meiro.generate(width, height, algorithm=name, seed=9).grid)
    replayed = np.ones_like(m.grid)
    replayed.ravel()[m.carve_order] = False
    assert np.array_equal(replayed, m.grid)


def test_prim_grows_the_tree_kruskal_builds_on_large_mazes():
    # walls set aside get the heaviest weight in Prim's queue and are never opened
    from meiro.generators.prim import prim

    width, height = LARGE
    grown = prim(width, height, mix_seed(4), origin=(1, 1), record=True)
    assert np.array_equal(prim(width, height, mix_seed(4)).grid, grown.grid)

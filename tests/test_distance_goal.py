"""The goal at a chosen path distance, and the canonical form's kernel, on edge sizes and braids."""

import numpy as np
import pytest

import meiro
from meiro.analysis.symmetry import canonical_forms
from meiro.errors import MazeError
from meiro.generators.distance_goal import goals_at_distance
from support import block_distances


@pytest.mark.parametrize("size,algorithm,braid", [((1, 1), "dig", 0.0), ((1, 9), "kruskal", 0.0),
                                                  ((9, 1), "prim", 0.0), ((12, 7), "dig", 0.0),
                                                  ((10, 10), "wilson", 0.5)])
def test_every_goal_is_that_far_and_none_is_missed(size, algorithm, braid):
    w, h = size
    b = meiro.generate_batch(20, w, h, algorithm=algorithm, seed=3, braid=braid)
    cells = w * h
    for low, high in ((0, 0), (1, 3), (cells // 2, cells // 2 + 2), (cells - 1, cells + 5)):
        goals, found = goals_at_distance(b.grids, b.starts, b.seeds, low, high)
        for k in range(len(b)):
            steps = block_distances(b.grids[k], tuple(b.starts[k]))[1::2, 1::2] // 2
            if found[k]:
                r, c = goals[k]
                assert r % 2 == 1 and c % 2 == 1 and low <= steps[r // 2, c // 2] <= high
            else:
                assert not ((steps >= low) & (steps <= high)).any() and tuple(goals[k]) == (-1, -1)
    # the seed chooses among the cells that far: another seed, often another cell
    goals, _ = goals_at_distance(b.grids, b.starts, b.seeds, 1, cells)
    again, _ = goals_at_distance(b.grids, b.starts, b.seeds + np.uint64(1), 1, cells)
    assert (goals == goals_at_distance(b.grids, b.starts, b.seeds, 1, cells)[0]).all()
    if cells > 4:
        assert (goals != again).any()


def test_wrong_ranges_and_starts_are_refused():
    b = meiro.generate_batch(2, 4, 4, seed=1)
    with pytest.raises(MazeError, match="empty range"):
        goals_at_distance(b.grids, b.starts, b.seeds, 5, 4)
    with pytest.raises(MazeError, match="open cell"):
        goals_at_distance(b.grids, b.starts + 1, b.seeds, 1, 4)


def test_canonical_forms_on_edge_sizes():
    for w, h in ((1, 1), (1, 6), (6, 1), (3, 3), (30, 30)):
        b = meiro.generate_batch(5, w, h, seed=2, goal="diameter")
        prints, transforms = canonical_forms(b.grids, b.starts, b.goals)
        corner = np.array(b.grids.shape[1:]) - 1  # turned half round: a symmetry of every grid
        turned, _ = canonical_forms(b.grids[:, ::-1, ::-1].copy(), corner - b.starts, corner - b.goals)
        assert (prints == turned).all()
        assert transforms.min() >= 0 and transforms.max() < (8 if w == h else 4)

"""Masks and braids on every generator: perfect on the region, loops where asked, exact logs."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.generators.masking import load_mask
from meiro.maze import replay_carving
from meiro.analysis.stats import degrees
from support import block_distances

NAMES = meiro.GENERATORS.names()

RING = """
##########
#........#
#.######.#
#.#....#.#
#.#.##.#.#
#.#....#.#
#.######.#
#........#
##########
"""
# a one-cell bridge joins the left block to column 5; the right island is cut off
ISLANDS = """
....#.#...
......#...
....#.#...
....#.#...
"""
HEART = """
.##...##.
.........
.........
#.......#
##.....##
###...###
####.####
"""


def assert_perfect_on(grid, region):
    """The open cells are exactly ``region`` and their passages form a spanning tree."""
    height, width = region.shape
    assert grid.shape == (2 * height + 1, 2 * width + 1)
    assert grid[::2, ::2].all()
    assert np.array_equal(~grid[1::2, 1::2], region), "open cells differ from the region"
    east = ~grid[1::2, 2:-1:2]
    south = ~grid[2:-1:2, 1::2]
    assert not (east & ~(region[:, :-1] & region[:, 1:])).any(), "a passage leaves the region"
    assert not (south & ~(region[:-1] & region[1:])).any(), "a passage leaves the region"
    assert int(east.sum() + south.sum()) == int(region.sum()) - 1
    r, c = np.argwhere(region)[0]
    dist = block_distances(grid, (2 * r + 1, 2 * c + 1))
    assert (dist[1::2, 1::2][region] >= 0).all(), "the region is not connected"


def region_from(picture, start_cell):
    """The mask's cells 4-connected to ``start_cell`` (plain flood fill)."""
    mask = load_mask(picture)
    region = np.zeros_like(mask)
    stack = [start_cell]
    while stack:
        i, j = stack.pop()
        if 0 <= i < mask.shape[0] and 0 <= j < mask.shape[1] and mask[i, j] and not region[i, j]:
            region[i, j] = True
            stack += [(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)]
    return region


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("picture", [RING, ISLANDS, HEART], ids=["ring", "islands", "heart"])
@pytest.mark.parametrize("seed", [0, 7])
def test_masked_mazes_are_perfect_on_the_start_region(name, picture, seed):
    mask = load_mask(picture)
    height, width = mask.shape
    m = meiro.generate(width, height, algorithm=name, seed=seed, mask=picture)
    start_cell = (m.start[0] // 2, m.start[1] // 2)
    assert mask[start_cell] and mask[m.goal[0] // 2, m.goal[1] // 2]
    assert_perfect_on(m.grid, region_from(picture, start_cell))
    assert meiro.generate(width, height, algorithm=name, seed=seed, mask=picture) == m
    assert np.array_equal(replay_carving(m.shape, m.carve_order), m.grid)
    assert len(np.unique(m.carve_order)) == len(m.carve_order)


def test_mask_goal_and_start_defaults():
    m = meiro.generate(10, 4, seed=1, mask=ISLANDS)
    assert m.start == (1, 1)
    # the corner cell (3, 9) is on the unreachable island: the goal is the
    # reachable cell nearest to the bottom-right
    assert m.goal == (7, 11)
    heart = meiro.generate(9, 7, seed=1, mask=HEART)
    assert heart.start == (1, 1) and heart.goal == (13, 9)
    far = meiro.generate(9, 7, seed=1, mask=HEART, goal="farthest")
    dist = block_distances(far.grid, far.start)
    assert dist[far.goal] == dist.max()


def test_mask_forms_agree(tmp_path):
    Image = pytest.importorskip("PIL.Image")

    mask = load_mask(HEART)
    image = Image.fromarray(np.where(mask, 255, 0).astype(np.uint8))
    png = tmp_path / "heart.png"
    image.save(png)
    text = tmp_path / "heart.txt"
    text.write_text(HEART.strip("\n") + "\n")
    mazes = [meiro.generate(9, 7, seed=3, algorithm="wilson", mask=form)
             for form in (HEART, mask, mask.astype(int), str(png), png, text)]
    assert all(m == mazes[0] for m in mazes)


@pytest.mark.parametrize("kwargs,message", [
    (dict(mask="..\n.."), "the mask is 2x2 cells but the maze is 9x7"),
    (dict(mask=HEART.replace(".", "x", 1)), "unknown character 'x'"),
    (dict(mask="#########\n" * 7), "no cell inside"),
    (dict(mask=HEART, start=(1, 3)), r"start \(1, 3\) is outside the mask"),
    (dict(mask="no-such-file.png"), "does not exist"),
    (dict(mask=np.zeros((7, 9, 2))), "two-dimensional"),
    (dict(braid=1.5), "braid must be a number from 0 to 1"),
    (dict(braid="lots"), "braid must be a number from 0 to 1"),
])
def test_bad_masks_and_braids(kwargs, message):
    with pytest.raises(meiro.MazeError, match=message):
        meiro.generate(9, 7, seed=1, **kwargs)


def test_png_that_is_not_an_image(tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a png")
    with pytest.raises(meiro.MazeError, match="cannot read the mask image"):
        meiro.generate(9, 7, mask=bad)


def dead_ends(m):
    return int(((degrees(m) == 1) & ~m.grid[1::2, 1::2]).sum())


@pytest.mark.parametrize("name", NAMES)
def test_braid_removes_dead_ends_and_adds_loops(name):
    perfect = meiro.generate(30, 20, algorithm=name, seed=5)
    half = meiro.generate(30, 20, algorithm=name, seed=5, braid=0.5)
    full = meiro.generate(30, 20, algorithm=name, seed=5, braid=1)
    assert meiro.generate(30, 20, algorithm=name, seed=5, braid=0) == perfect
    assert dead_ends(full) == 0
    assert dead_ends(full) < dead_ends(half) < dead_ends(perfect)
    for m in (half, full):
        assert m.grid[::2, ::2].all() and not m.grid[1::2, 1::2].any()
        passages = int((~m.grid[1::2, 2:-1:2]).sum() + (~m.grid[2:-1:2, 1::2]).sum())
        assert passages > 30 * 20 - 1  # loops
        # braiding only opens: the perfect maze's passages are all still there
        assert not (m.grid & ~perfect.grid).any()
        assert np.array_equal(replay_carving(m.shape, m.carve_order), m.grid)
        assert m.generation["braid"] in (0.5, 1.0)


def test_braid_share_is_roughly_the_share_of_dead_ends_removed():
    before = sum(dead_ends(meiro.generate(60, 60, algorithm="kruskal", seed=s)) for s in range(4))
    after = sum(dead_ends(meiro.generate(60, 60, algorithm="kruskal", seed=s, braid=0.3))
                for s in range(4))
    removed = 1 - after / before
    assert 0.3 <= removed <= 0.5  # one opening can cure two dead ends


def test_braid_inside_a_mask_stays_inside():
    region = region_from(RING, (1, 1))
    m = meiro.generate(10, 9, seed=2, mask=RING, braid=1.0)
    assert np.array_equal(~m.grid[1::2, 1::2], region)
    east = ~m.grid[1::2, 2:-1:2]
    assert not (east & ~(region[:, :-1] & region[:, 1:])).any()
    assert np.array_equal(replay_carving(m.shape, m.carve_order), m.grid)


def test_braid_cannot_open_a_one_cell_wide_corridor():
    m = meiro.generate(1, 8, seed=0, braid=1)
    assert dead_ends(m) == 2
    assert_perfect_on(m.grid, np.ones((8, 1), bool))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(NAMES), st.integers(1, 14), st.integers(1, 14), st.integers(0, 2**64 - 1),
       st.floats(0.0, 1.0), st.data())
def test_random_masks_and_braids(name, width, height, seed, braid, data):
    rng = np.random.default_rng(seed % 2**32)
    mask = rng.random((height, width)) < 0.7
    if not mask.any():
        mask[0, 0] = True
    m = meiro.generate(width, height, algorithm=name, seed=seed, mask=mask, braid=braid,
                       goal=data.draw(st.sampled_from(meiro.GOALS)))
    region = region_from(mask, (m.start[0] // 2, m.start[1] // 2))
    assert region[m.start[0] // 2, m.start[1] // 2] and region[m.goal[0] // 2, m.goal[1] // 2]
    assert np.array_equal(~m.grid[1::2, 1::2], region)
    assert np.array_equal(replay_carving(m.shape, m.carve_order), m.grid)
    if braid == 0:
        assert_perfect_on(m.grid, region)
    for method in meiro.SOLVERS.names():
        if meiro.SOLVERS.get(method).exact:
            assert meiro.solve(m, method).length == block_distances(m.grid, m.start)[m.goal]

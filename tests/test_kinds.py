"""The grid kinds' geometries, judged by plain NumPy and Python written here, not by meiro's kernels."""

from __future__ import annotations

import math
import pickle
from collections import Counter

import numpy as np
import pytest

import meiro
from meiro.kinds import KINDS, check_size, geometry_of
from meiro.recipe import Recipe

FLAT = [("theta", (4,)), ("hex", (5, 4)), ("triangle", (6, 4))]
ALL = [*FLAT, ("weave", (7, 6)), ("3d", (3, 4, 3))]


def ring_counts(rings: int) -> list[int]:
    # the polar grid's rule, written out: a ring splits its cells when they would be over 1.5 deep wide
    counts = [1]
    for k in range(1, rings + 1):
        counts.append(counts[-1] * max(1, round(2 * math.pi * k / counts[-1])))
    return counts


@pytest.mark.parametrize("kind, size", ALL)
def test_the_graph_is_simple_symmetric_and_its_csr_matches_its_edges(kind, size):
    g = geometry_of(kind, size, seed=3)
    pairs = [tuple(p) for p in g.edges.tolist()]
    assert all(a < b for a, b in pairs) and pairs == sorted(set(pairs))
    seen = Counter()
    for cell in range(g.cells):
        for slot in range(g.offsets[cell], g.offsets[cell + 1]):
            other, edge = int(g.targets[slot]), int(g.slot_edges[slot])
            assert sorted((cell, other)) == list(pairs[edge])
            seen[edge] += 1
    assert set(seen.values()) == {2} and len(seen) == len(pairs)


def test_cell_counts_and_degrees_of_each_kind():
    assert geometry_of("theta", (6,)).cells == sum(ring_counts(6))
    hexes = geometry_of("hex", (6, 6))
    assert hexes.cells == 36 and max(hexes.degree()) == 6
    rows, cols = np.divmod(np.arange(36), 6)
    interior = (rows > 0) & (rows < 5) & (cols > 0) & (cols < 5)
    assert (hexes.degree()[interior] == 6).all()
    tri = geometry_of("triangle", (7, 5))
    rows, cols = np.divmod(np.arange(35), 7)
    assert (tri.degree()[(cols > 0) & (cols < 6) & (rows > 0) & (rows < 4)] == 3).all()
    cube = geometry_of("3d", (3, 3, 3))
    assert cube.cells == 27 and cube.degree()[13] == 6 and cube.dims == 3
    assert geometry_of("theta", (3,)).degree()[0] == ring_counts(3)[1]


@pytest.mark.parametrize("kind, size", [*FLAT, ("weave", (7, 6))])
def test_neighbours_go_round_each_cell_clockwise(kind, size):
    g = geometry_of(kind, size, seed=3)
    for cell in range(g.cells):
        around = g.centres[g.neighbours(cell)] - g.centres[cell]
        # clockwise on a page (y down) from north
        turn = np.mod(np.arctan2(around[:, 0], -around[:, 1]), 2 * math.pi)
        assert (np.diff(turn) > 0).all(), (cell, turn)


@pytest.mark.parametrize("kind, size", FLAT)
def test_every_cell_is_closed_by_its_walls_and_outline(kind, size):
    # each corner of a cell's outline is the end of exactly two of its walls
    g = geometry_of(kind, size)
    ends: dict[int, Counter] = {cell: Counter() for cell in range(g.cells)}

    def corner(x, y):
        return round(x, 6), round(y, 6)

    for (a, b), wall in zip(g.edges.tolist(), g.walls, strict=True):
        for cell in (a, b):
            ends[cell][corner(*wall[:2])] += 1
            ends[cell][corner(*wall[2:4])] += 1
    for cell, wall in zip(g.border_cells.tolist(), g.border, strict=True):
        ends[cell][corner(*wall[:2])] += 1
        ends[cell][corner(*wall[2:4])] += 1
    for cell, counts in ends.items():
        if kind == "theta" and cell == 0:
            continue  # the centre's outline is ring 1's inner arcs, which meet end to end
        assert counts and set(counts.values()) == {2}, (cell, counts)


@pytest.mark.parametrize("kind, size", FLAT)
def test_a_wall_middle_lies_on_its_wall_between_the_two_centres(kind, size):
    g = geometry_of(kind, size)
    hub = np.array(g.hub)
    for (a, b), wall, middle in zip(g.edges.tolist(), g.walls, g.wall_middles, strict=True):
        x0, y0, x1, y1, r = wall
        if r > 0:  # an arc around the hub: the middle is at radius r, between the ends' angles
            assert math.isclose(np.hypot(*(middle - hub)), r, rel_tol=1e-9)
        else:  # on the segment
            cross = (x1 - x0) * (middle[1] - y0) - (y1 - y0) * (middle[0] - x0)
            assert abs(cross) < 1e-9
        # the wall separates the two centres: the middle is closer to both than they are to each other
        ca, cb = g.centres[a], g.centres[b]
        gap = np.hypot(*(ca - cb))
        assert np.hypot(*(middle - ca)) < gap and np.hypot(*(middle - cb)) < gap


def test_weave_crossings_are_apart_and_open_in_every_maze():
    g = geometry_of("weave", (12, 10), seed=5)
    crossings = g.extra["crossings"]
    assert len(crossings) > 5
    cells = set(crossings[:, 0].tolist())
    for cell, over in crossings.tolist():
        x, y = cell % 12, cell // 12
        assert 0 < x < 11 and 0 < y < 9
        assert not cells & {cell - 1, cell + 1, cell - 12, cell + 12}
        along = {cell - 1, cell + 1} if over == 0 else {cell - 12, cell + 12}
        across = (cell - 12, cell + 12) if over == 0 else (cell - 1, cell + 1)
        assert set(g.neighbours(cell).tolist()) == along          # only the passage over
        assert across[1] in g.neighbours(across[0]).tolist()      # the tunnel under
    for seed in range(3):
        m = meiro.generate(12, 10, grid="weave", seed=5, algorithm="dig")
        assert m.passages[g.forced].all()
        del seed


def test_masks_cut_hex_and_triangle_mazes_to_the_cells_inside_that_join_the_start():
    picture = "#....#\n......\n..##..\n......\n#....#\n#####."   # the last row's cell joins nothing
    for kind in ("hex", "triangle"):
        m = meiro.generate(6, 6, grid=kind, seed=2, mask=picture)
        kept = m.geometry.extra["kept"]
        inside = {r * 6 + c for r, row in enumerate(picture.split("\n")) for c, ch in enumerate(row) if ch == "."}
        assert set(kept.tolist()) <= inside and 35 not in kept.tolist()
        assert m.cells == len(kept) and int(m.passages.sum()) == m.cells - 1
        assert m == meiro.generate(6, 6, grid=kind, seed=2, mask=picture)
    with pytest.raises(meiro.MazeError, match="not theta ones"):
        meiro.generate(5, grid="theta", mask="#")


@pytest.mark.parametrize("kind, size", ALL)
def test_recipes_and_pickles_make_the_same_maze_again(kind, size):
    width, height, *layers = size if len(size) > 1 else (size[0], size[0])
    m = meiro.generate(width, height, grid=kind, seed=11, goal="farthest", layers=layers[0] if layers else 1)
    assert pickle.loads(pickle.dumps(m)) == m
    again = meiro.generate(m.recipe)
    assert again == m and Recipe.from_dict(m.generation) == m.recipe


def test_sizes_a_kind_does_not_take_are_refused_with_one_line():
    assert check_size("theta", (5, 5)) == (5,)
    with pytest.raises(meiro.MazeError, match="one number, its rings"):
        check_size("theta", (3, 4))
    with pytest.raises(meiro.MazeError, match="three numbers"):
        check_size("3d", (5, 5))
    with pytest.raises(meiro.MazeError, match="unknown grid kind"):
        meiro.generate(5, 5, grid="round")
    with pytest.raises(meiro.MazeError, match="square mazes only"):
        meiro.generate(5, 5, grid="hex", algorithm="eller")
    with pytest.raises(meiro.MazeError, match="at most"):
        geometry_of("hex", (10**5, 10**5))
    with pytest.raises(meiro.MazeError, match="start must be a cell number"):
        meiro.generate(3, 3, grid="hex", start=9)
    assert list(KINDS) == ["square", "theta", "hex", "triangle", "weave", "3d"]

"""SVG drawings read back into the grid they were drawn from."""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import meiro
from meiro.render.svg import render_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def walls_path(svg: str) -> str:
    root = ET.fromstring(svg.encode())
    return root.find("svg:path[@class='walls']", NS).get("d")


def thin_segments(d: str, unit: float):
    """(horizontal, vertical) segments in block units, parsed from 'Mx yHx' / 'Mx yVy' commands."""
    horizontal, vertical = [], []
    for x, y, kind, end in re.findall(r"M([\d.]+) ([\d.]+)([HV])([\d.]+)", d):
        x, y, end = float(x) / unit, float(y) / unit, float(end) / unit
        (horizontal if kind == "H" else vertical).append((x, y, end))
    assert d == "".join(re.findall(r"M[\d.]+ [\d.]+[HV][\d.]+", d)), "unexpected commands"
    return horizontal, vertical


def grid_from_thin(svg: str, shape, cell: int) -> np.ndarray:
    unit = cell / 2
    grid = np.zeros(shape, bool)
    horizontal, vertical = thin_segments(walls_path(svg), unit)
    for x0, y, x1 in horizontal:
        grid[int(y), int(x0):int(x1) + 1] = True
    for x, y0, y1 in vertical:
        grid[int(y0):int(y1) + 1, int(x)] = True
    return grid


@pytest.mark.parametrize("width,height,seed", [(1, 1, 0), (1, 5, 1), (6, 1, 2), (9, 7, 3), (30, 20, 4)])
@pytest.mark.parametrize("cell", [4, 16, 25])
def test_thin_walls_read_back_to_the_grid(width, height, seed, cell):
    m = meiro.generate(width, height, seed=seed)
    svg = render_svg(m, style="thin", cell=cell)
    assert np.array_equal(grid_from_thin(svg, m.grid.shape, cell), m.grid)


def test_collinear_wall_pieces_are_merged_and_big_mazes_stay_small():
    m = meiro.generate(200, 200, seed=1)
    svg = render_svg(m)
    horizontal, vertical = thin_segments(walls_path(svg), 8)
    lines = ([(y, x0, x1) for x0, y, x1 in horizontal], vertical)  # (line, first, last)
    for segments in lines:
        by_line = {}
        for line, a, b in segments:
            by_line.setdefault(line, []).append((a, b))
        for pieces in by_line.values():
            pieces.sort()
            # maximal runs: the next piece starts after a gap of at least one open slot
            assert all(b0 + 2 <= a1 for (_, b0), (a1, _) in zip(pieces, pieces[1:]))
    wall_slots = int(m.grid[::2, 1::2].sum() + m.grid[1::2, ::2].sum())
    assert len(horizontal) + len(vertical) < wall_slots / 1.5
    assert len(svg) < 800_000


def test_block_style_reads_back_for_any_grid():
    grid = np.ones((7, 9), bool)
    grid[1, 1:8] = grid[1:6, 7] = grid[5, 2:8] = grid[3, 3:5] = False  # not a lattice
    m = meiro.Maze(grid, (1, 1), (5, 2))
    svg = render_svg(m, cell=10)  # auto picks the block style
    back = np.zeros(grid.shape, bool)
    for x, y, w in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)v5h-[\d.]+z", walls_path(svg)):
        r, c0, n = int(float(y) / 5), int(float(x) / 5), int(float(w) / 5)
        back[r, c0:c0 + n] = True
    assert np.array_equal(back, grid)
    with pytest.raises(meiro.MazeError, match="lattice"):
        render_svg(m, style="thin")


def test_solution_polyline_follows_the_path_through_its_corners():
    m = meiro.generate(12, 9, seed=5, goal="farthest")
    path = meiro.solve(m).path
    root = ET.fromstring(render_svg(m, path, cell=16).encode())
    points = [tuple(map(float, p.split(","))) for p in
              root.find("svg:polyline[@class='answer']", NS).get("points").split()]
    blocks = np.array([(y / 8, x / 8) for x, y in points])
    assert tuple(blocks[0]) == m.start and tuple(blocks[-1]) == m.goal
    # walking straight between consecutive corners visits exactly the path's blocks
    walked = [tuple(blocks[0])]
    for (r0, c0), (r1, c1) in zip(blocks, blocks[1:]):
        assert r0 == r1 or c0 == c1
        n = int(abs(r1 - r0) + abs(c1 - c0))
        walked += [(r0 + (r1 - r0) * k / n, c0 + (c1 - c0) * k / n) for k in range(1, n + 1)]
    assert walked == [tuple(map(float, p)) for p in path]


def test_bad_options_are_rejected():
    m = meiro.generate(3, 3, seed=1)
    with pytest.raises(meiro.MazeError, match="unknown SVG style"):
        render_svg(m, style="wavy")
    with pytest.raises(meiro.MazeError, match="cell size"):
        render_svg(m, cell=1)

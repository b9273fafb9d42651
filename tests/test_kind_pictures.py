"""Pictures of the other grid kinds: SVG (rasterized by a real browser), PNG and animated GIF.

The mazes are judged from the pixels, against the maze's own graph read here in
plain Python (a breadth-first search written in this file, not meiro's solvers):
a wall is drawn at a pair's wall middle exactly when the pair is not a passage.
"""

from __future__ import annotations

import collections
import io
import re
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

import meiro
from meiro.errors import MazeError
from meiro.kinds import geometry_of
from meiro.kinds.maze import GraphMaze
from meiro.paint import ANSWER, CLOSED, FRONTIER, GOAL, PATH, START, WALL
from meiro.render import picture_shape, render_file
from meiro.render.gif import render_dig_gif, render_search_gif
from meiro.render.kind_drawing import MARGIN, WEAVE_INSET, block_shape
from meiro.render.palette import Palette
from meiro.render.png import read_png, render_png
from meiro.render.svg import render_svg

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
                None)
FLAT = [("theta", (6,)), ("hex", (9, 7)), ("triangle", (11, 6))]
COLOURS = Palette().table().astype(int)


def maze_of(kind, size, seed=3):
    return meiro.generate(*size, grid=kind, seed=seed) if len(size) == 2 else \
        meiro.generate(size[0], size[0], grid=kind, seed=seed)


def bfs(maze):
    """(visit order, path start..goal) over the open pairs, in plain Python."""
    links = collections.defaultdict(list)
    for a, b in maze.geometry.edges[maze.passages].tolist():
        links[a].append(b)
        links[b].append(a)
    prev, order, queue = {maze.start: None}, [], collections.deque([maze.start])
    while queue:
        cell = queue.popleft()
        order.append(cell)
        for nxt in links[cell]:
            if nxt not in prev:
                prev[nxt] = cell
                queue.append(nxt)
    path = [maze.goal]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return order, path[::-1]


class Search:
    def __init__(self, maze):
        order, path = bfs(maze)
        self.explored, self.path = np.array(order), np.array(path)


def classes_of(png_bytes):
    """The palette classes of a picture meiro drew (its palette is the default one)."""
    image = Image.open(io.BytesIO(png_bytes))
    assert image.mode == "P"
    return np.asarray(image)


def near(values, x, y, radius=1):
    return values[max(0, y - radius):y + radius + 1, max(0, x - radius):x + radius + 1]


def check_walls_at_middles(maze, pixels, scale, is_wall):
    """Every pair's wall middle shows a wall exactly when the pair is closed: a closed pair's
    wall passes through the pixel of its middle or one next to it (a slanted line's pixels
    step), an open pair's middle pixel is clear (``is_wall`` judges an array of pixels)."""
    middles = maze.geometry.wall_middles[:, :2]
    wrong = []
    for edge, (mx, my) in enumerate(middles):
        x, y = int((mx + MARGIN) * scale), int((my + MARGIN) * scale)
        opened = bool(maze.passages[edge])
        if is_wall(near(pixels, x, y, 0 if opened else 1)) == opened:
            wrong.append((edge, opened))
    assert not wrong, f"{len(wrong)} of {len(middles)} wall middles wrong, e.g. {wrong[:5]}"
    assert 0 < int(maze.passages.sum()) < len(middles)  # both kinds of pair were judged


# -- SVG ----------------------------------------------------------------------------------------

def rasterize(svg: str, tmp_path, name: str) -> np.ndarray:
    """The SVG as Chromium draws it, grey levels (one pixel a CSS pixel)."""
    width, height = (int(float(v) + 0.999) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    source, shot = tmp_path / f"{name}.svg", tmp_path / f"{name}.png"
    source.write_text(svg)
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--hide-scrollbars", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
                    f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={width},{height}",
                    f"--screenshot={shot}", source.as_uri()],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=False)
    if not shot.exists():
        pytest.skip("Chromium drew no screenshot")
    return np.asarray(Image.open(shot).convert("L")).astype(int)


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium to rasterize the SVG")
@pytest.mark.parametrize(("kind", "size"), FLAT)
def test_svg_draws_a_wall_at_a_middle_exactly_when_the_pair_is_closed(kind, size, tmp_path):
    maze = maze_of(kind, size)
    scale = 24
    grey = rasterize(render_svg(maze, cell=scale), tmp_path, kind)
    assert grey.shape[1] >= (maze.geometry.extent[0] + 2 * MARGIN) * scale - 1
    # the wall colour (gray25) where a wall is, the path's (white) where none is
    check_walls_at_middles(maze, grey, scale, lambda around: bool(around.min() < 128))
    open_middles = maze.geometry.wall_middles[maze.passages]
    x, y = ((open_middles[0] + MARGIN) * scale).astype(int)
    assert grey[y, x] > 200


@pytest.mark.parametrize(("kind", "size"), FLAT + [("weave", (7, 6)), ("3d", (4, 3, 2))])
def test_svg_uses_the_cells_coordinates_as_its_user_units(kind, size):
    maze = meiro.generate(*size[:2], grid=kind, seed=5, **({"layers": size[2]} if kind == "3d" else {}))
    svg = render_svg(maze)
    g = maze.geometry
    w, h = (block_shape(g)[1] / 2 - 2 * MARGIN, block_shape(g)[0] / 2 - 2 * MARGIN)
    box = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
    assert box[:2] == [-MARGIN, -MARGIN] and box[2] >= w and box[3] >= h
    cx, cy = (float(v) for v in re.search(r'class="start" cx="([^"]+)" cy="([^"]+)"', svg).groups())
    assert (cx, cy) == pytest.approx(tuple(g.centres[maze.start, :2]), abs=1e-3) or kind == "3d"
    d = re.search(r'class="walls" d="([^"]+)"', svg).group(1)
    starts = np.array([[float(a), float(b)] for a, b in re.findall(r"M\s*(-?[\d.]+)\s+(-?[\d.]+)", d)])
    if kind in ("theta", "hex", "triangle"):
        # every wall starts where a wall of the geometry starts (its outline's included)
        known = np.concatenate([g.walls[:, :2], g.border[:, :2]])
        known = known[~np.isnan(known[:, 0])]
        gap = np.abs(starts[:, None, :] - known[None, :, :]).max(axis=2).min(axis=1)
        assert gap.max() < 2e-3
        closed = int((~maze.passages).sum()) + len(g.border)
        assert len(starts) == closed
    if kind == "theta":
        assert re.search(r"a(\s*[\d.]+)\s+\1 0 0 1 ", d)  # the walls between rings are arcs


def test_svg_refuses_the_block_style_and_a_maze_beyond_its_limit():
    maze = meiro.generate(4, 4, grid="hex", seed=1)
    with pytest.raises(MazeError, match="thin walls"):
        render_svg(maze, style="block")
    huge = GraphMaze(geometry_of("hex", (1100, 1000)), np.zeros(geometry_of("hex", (1100, 1000)).edge_count, bool),
                     0, 1)
    with pytest.raises(MazeError, match="SVG"):
        render_file(huge, "m.svg")
    assert picture_shape(huge, "svg")[0] * picture_shape(huge, "svg")[1] > 2001 * 2001


def test_svg_solution_is_a_polyline_through_cell_centres_and_a_jump_is_refused():
    maze = meiro.generate(5, 5, grid="hex", seed=2)
    _, path = bfs(maze)
    svg = render_svg(maze, path)
    points = re.search(r'class="answer" points="([^"]+)"', svg).group(1).split()
    first = tuple(float(v) for v in points[0].split(","))
    last = tuple(float(v) for v in points[-1].split(","))
    assert first == pytest.approx(tuple(maze.geometry.centres[maze.start]), abs=1e-3)
    assert last == pytest.approx(tuple(maze.geometry.centres[maze.goal]), abs=1e-3)
    with pytest.raises(MazeError, match="not neighbours"):
        render_svg(maze, [maze.start, maze.goal])


# -- PNG ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "size"), FLAT)
@pytest.mark.parametrize("block", [4, 7])
def test_png_draws_a_wall_at_a_middle_exactly_when_the_pair_is_closed(kind, size, block):
    maze = maze_of(kind, size, seed=block)
    data = render_png(maze, block=block)
    cls = classes_of(data)
    assert cls.shape == tuple(v * block for v in block_shape(maze.geometry))
    check_walls_at_middles(maze, cls, 2 * block, lambda around: bool((around == WALL).any()))


def test_png_solution_start_goal_and_the_file_says_its_kind():
    maze = meiro.generate(6, 6, grid="theta", seed=4)
    _, path = bfs(maze)
    data = render_file(maze, "m.png", Search(maze), block=8)
    cls = classes_of(data)
    ppu = 16
    at = ((maze.geometry.centres + MARGIN) * ppu).astype(int)
    assert cls[at[maze.start, 1], at[maze.start, 0]] == START
    assert cls[at[maze.goal, 1], at[maze.goal, 0]] == GOAL
    inner = path[1:-1]
    assert all(cls[at[c, 1], at[c, 0]] == ANSWER for c in inner)
    off_path = [c for c in range(maze.cells) if c not in set(path)]
    assert not any((near(cls, at[c, 0], at[c, 1], 0) == ANSWER).any() for c in off_path[:50] if
                   all(c not in maze.open_neighbours(p) for p in path))
    assert Image.open(io.BytesIO(data)).text["meiro"].startswith('{"grid": "theta"')
    with pytest.raises(MazeError, match="theta maze is not read back"):
        read_png(data)


@pytest.mark.parametrize(("kind", "size"), FLAT + [("weave", (9, 8))])
def test_the_smallest_blocks_keep_every_wall_inside_the_picture(kind, size):
    maze = maze_of(kind, size)
    cls = classes_of(render_png(maze, block=1))
    assert cls.shape == block_shape(maze.geometry)
    # the outline is drawn on every side, up to the picture's edge and not cut off by it
    wall = cls == WALL
    assert wall[:2].any() and wall[-2:].any() and wall[:, :2].any() and wall[:, -2:].any()
    assert len(frames_of(render_dig_gif(maze, block=1, max_frames=3))) == 3


@pytest.mark.parametrize(("kind", "size", "layers"), [
    ("theta", (1, 1), 1), ("hex", (1, 1), 1), ("triangle", (1, 1), 1), ("weave", (1, 1), 1), ("3d", (1, 1), 1),
    ("3d", (1, 1), 3)])
def test_the_smallest_mazes_draw(kind, size, layers):
    maze = meiro.generate(*size, grid=kind, seed=1, **({"layers": layers} if kind == "3d" else {}))
    assert render_file(maze, "m.svg").count(b"<svg") == 1
    cls = classes_of(render_file(maze, "m.png"))
    assert (cls == WALL).any() and ((cls == START).any() or maze.start == maze.goal)
    assert Image.open(io.BytesIO(render_file(maze, "m.gif"))).n_frames >= 2


def test_png_block_limits_hold_for_other_kinds():
    maze = meiro.generate(30, 30, grid="hex", seed=1)
    with pytest.raises(MazeError, match="block size"):
        render_png(maze, block=300)
    rows, cols = block_shape(maze.geometry)
    with pytest.raises(MazeError, match="too large"):
        render_png(maze, block=int(np.sqrt(64_000_000 / (rows * cols))) + 1)


@pytest.mark.parametrize("picture", ["png", pytest.param("svg", marks=pytest.mark.skipif(
    CHROMIUM is None, reason="needs Chromium to rasterize the SVG"))])
def test_weave_crossings_read_over_and_under(picture, tmp_path):
    maze = meiro.generate(12, 10, grid="weave", seed=7)
    crossings = maze.geometry.extra["crossings"]
    assert len(crossings)
    ppu = 20
    if picture == "png":
        cls = classes_of(render_png(maze, block=ppu // 2))
    else:  # Chromium's pixels, as classes: dark enough is the wall
        cls = np.where(rasterize(render_svg(maze, cell=ppu), tmp_path, "weave") < 128, WALL, PATH)
    width = maze.geometry.params["width"]

    def pixel(x, y):
        return cls[int((y + MARGIN) * ppu), int((x + MARGIN) * ppu)]

    for cell, over in crossings.tolist():
        y, x = divmod(cell, width)
        lo = WEAVE_INSET
        if over == 0:   # the passage over runs east-west: its walls run unbroken across the cell
            assert pixel(x + 0.5, y + lo) == WALL and pixel(x + 0.5, y + 1 - lo) == WALL
            assert pixel(x + lo, y + 0.5) != WALL and pixel(x + 1 - lo, y + 0.5) != WALL
            assert pixel(x + lo, y + 0.1) == WALL  # the corridor under it, up to the bridge
        else:
            assert pixel(x + lo, y + 0.5) == WALL and pixel(x + 1 - lo, y + 0.5) == WALL
            assert pixel(x + 0.5, y + lo) != WALL and pixel(x + 0.5, y + 1 - lo) != WALL
            assert pixel(x + 0.1, y + lo) == WALL


def test_3d_layers_side_by_side_with_the_stairs_marked():
    maze = meiro.generate(5, 4, grid="3d", layers=3, seed=2)
    g = maze.geometry
    block = 8
    cls = classes_of(render_png(maze, block=block))
    ppu = 2 * block
    assert cls.shape[1] == block_shape(g)[1] * block and block_shape(g)[1] == int(2 * (3 * 6 - 1 + 2 * MARGIN))
    per = 5 * 4
    stairs = g.edges[maze.passages & (g.edges[:, 1] - g.edges[:, 0] == per)]
    up, down = set(stairs[:, 0].tolist()), set(stairs[:, 1].tolist())
    x = g.centres[:, 0] + g.centres[:, 2] * 6
    y = g.centres[:, 1]
    for cell in range(g.cells):
        if cell in (maze.start, maze.goal) or (cell in up and cell in down):
            continue
        centre = cls[int((y[cell] + MARGIN) * ppu), int((x[cell] + MARGIN) * ppu)]
        assert (centre == WALL) == (cell in up or cell in down), cell
    assert up and down


# -- GIF ----------------------------------------------------------------------------------------

def frames_of(data):
    gif = Image.open(io.BytesIO(data))
    out = []
    for i in range(gif.n_frames):
        gif.seek(i)
        out.append(np.asarray(gif.convert("RGB")).astype(int))
    return out


def colour_at(frame, point, ppu):
    x, y = ((np.asarray(point[:2]) + MARGIN) * ppu).astype(int)
    rgb = frame[y, x]
    return int(np.abs(COLOURS - rgb).sum(axis=1).argmin())


@pytest.mark.parametrize(("kind", "size"), FLAT + [("weave", (6, 5))])
def test_dig_gif_grows_the_maze_from_its_origin_to_the_finished_one(kind, size):
    maze = maze_of(kind, size)
    block = 4
    frames = frames_of(render_dig_gif(maze, block=block, max_frames=8))
    assert len(frames) == 8
    centres = maze.geometry.centres
    seen = [[colour_at(f, c, 2 * block) for c in centres] for f in frames]
    reached = [sum(v != WALL for v in frame) for frame in seen]
    assert reached == sorted(reached) and reached[0] < maze.cells // 2
    assert FRONTIER in seen[0]
    if kind == "weave":  # the crossings are there from the start, not dug first
        assert sum(v == FRONTIER for v in seen[0]) < 12
    final = seen[-1]
    assert final[maze.start] == START and final[maze.goal] == GOAL
    assert all(v == PATH for c, v in enumerate(final) if c not in (maze.start, maze.goal))
    if kind != "weave":  # the finished maze's walls, as on its PNG
        last = np.abs(frames[-1][:, :, None, :] - COLOURS[None, None]).sum(axis=3).argmin(axis=2)
        check_walls_at_middles(maze, last, 2 * block, lambda around: bool((around == WALL).any()))


def test_search_gif_closes_cells_in_the_search_order_then_shows_the_path():
    maze = meiro.generate(8, 6, grid="hex", seed=9)
    search = Search(maze)
    block = 4
    frames = frames_of(render_search_gif(maze, search, block=block, max_frames=6))
    assert len(frames) == 6
    centres = maze.geometry.centres
    seen = [[colour_at(f, c, 2 * block) for c in centres] for f in frames]
    closed = [sum(v == CLOSED for v in frame) for frame in seen[:-1]]
    assert closed == sorted(closed) and closed[-1] >= maze.cells - 3
    first = set(search.explored[:len(search.explored) // 5].tolist()) - {maze.start, maze.goal}
    assert all(seen[0][c] == CLOSED for c in first)
    final = seen[-1]
    on_path = set(search.path.tolist()) - {maze.start, maze.goal}
    assert all(final[c] == ANSWER for c in on_path)
    assert all(final[c] != ANSWER for c in range(maze.cells) if c not in on_path)


def test_gif_replays_need_a_log_or_a_recipe_and_a_search_of_this_maze():
    maze = meiro.generate(4, 4, grid="triangle", seed=1)
    edited = maze.edited(maze.passages)
    assert edited.recipe is None
    with pytest.raises(MazeError, match="no recipe"):
        render_dig_gif(edited)

    class Elsewhere:
        explored = np.array([0, 99])
        path = np.array([0])

    with pytest.raises(MazeError, match="outside this maze"):
        render_search_gif(maze, Elsewhere())


# -- text ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["theta", "hex", "triangle", "3d"])
def test_text_output_says_it_draws_square_and_weave_mazes_only(kind):
    maze = meiro.generate(4, 4, grid=kind, seed=1)
    with pytest.raises(MazeError, match="square and weave mazes only"):
        meiro.render_text(maze)
    assert render_file(maze, "m.png")[:4] == b"\x89PNG"  # while its pictures draw

# -- the command ----------------------------------------------------------------------------------

def test_meiro_render_draws_a_maze_of_another_kind_into_every_picture(tmp_path, monkeypatch):
    """``meiro render`` costs each picture by the maze's own drawing and writes all of them
    (the maze is handed to the command as its file would be loaded)."""
    from meiro.cli import main, render_cmd

    maze = meiro.generate(5, 5, grid="theta", seed=8)
    monkeypatch.setattr(render_cmd, "load", lambda _path: maze)
    outputs = [tmp_path / name for name in ("m.svg", "m.png", "m.gif")]
    args = ["render", "m.json", "--block", "3", "--frames", "4"]
    for out in outputs:
        args += ["-o", str(out)]
    assert main(args) == 0
    assert outputs[0].read_text().startswith("<?xml") and 'viewBox="-0.25 -0.25 12.5 12.5"' in outputs[0].read_text()
    assert Image.open(outputs[1]).size == (75, 75)
    assert Image.open(outputs[2]).n_frames == 4
    huge = GraphMaze(geometry_of("hex", (1100, 1000)), np.zeros(geometry_of("hex", (1100, 1000)).edge_count, bool),
                     0, 1)
    monkeypatch.setattr(render_cmd, "load", lambda _path: huge)
    big = tmp_path / "big.svg"
    assert main(["render", "m.json", "-o", str(big)]) == 2 and not big.exists()


# -- which cell a point is in --------------------------------------------------------------------

def _oval(width, height):
    return ["".join("." if (c - (width - 1) / 2) ** 2 / (width / 2) ** 2 + (r - (height - 1) / 2) ** 2
                    / (height / 2) ** 2 <= 1 else "#" for c in range(width)) for r in range(height)]


@pytest.mark.parametrize(("kind", "size", "mask"), [
    ("theta", (5,), None), ("hex", (7, 6), None), ("triangle", (9, 5), None), ("weave", (6, 5), None),
    ("3d", (4, 3, 2), None), ("hex", (12, 10), _oval(12, 10)), ("triangle", (12, 10), _oval(12, 10))])
def test_cell_at_finds_each_cell_at_its_centre_and_next_to_its_walls(kind, size, mask):
    from meiro.render.kind_drawing import cell_at, placed_centres

    g = geometry_of(kind, size, 1) if mask is None else \
        geometry_of(kind, size, 1, tuple(mask), "".join(mask).index("."))
    at = placed_centres(g)
    assert cell_at(g, at[:, 0], at[:, 1]).tolist() == list(range(g.cells))
    if g.dims == 2 and kind != "weave":  # a weave's tunnels have no wall between their ends
        middles = g.wall_middles[:, :2]
        for end in (0, 1):
            cells = g.edges[:, end]
            near_wall = 0.85 * middles + 0.15 * at[cells]
            assert (cell_at(g, near_wall[:, 0], near_wall[:, 1]) == cells).all()
    far = np.array([-5.0, 1e4])
    assert (cell_at(g, far, far) == -1).all()


def test_arc_beziers_follow_theta_arcs():
    from meiro.render.kind_drawing import arc_beziers

    g = geometry_of("theta", (4,))
    arcs = np.concatenate([g.walls[g.walls[:, 4] > 0], g.border])
    curves = arc_beziers(arcs, g.hub)
    hub = np.array(g.hub)
    for t in (0.0, 0.3, 0.5, 1.0):
        c = curves.reshape(-1, 4, 2)
        point = ((1 - t) ** 3 * c[:, 0] + 3 * (1 - t) ** 2 * t * c[:, 1] + 3 * (1 - t) * t ** 2 * c[:, 2]
                 + t ** 3 * c[:, 3])
        radius = np.hypot(*(point - hub).T)
        expected = np.repeat(arcs[:, 4], len(curves) // len(arcs))
        assert np.abs(radius - expected).max() < 1e-3 * expected.max()
    # the curves start where their arcs start and end where they end, clockwise
    assert np.allclose(curves[0, :2], arcs[0, :2]) and np.allclose(curves[0, 6:], arcs[0, 2:4])

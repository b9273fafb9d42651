"""Pixels of the other grid kinds: the PNG writer and the GIF's frames, drawn with NumPy.

A picture is ``block`` pixels a half unit (so a cell, about one unit, is two
blocks, as on a square maze's picture) over the drawing's extent and margin
(:func:`~meiro.render.kind_drawing.block_shape`), in the palette's colours as a
palette image: the background is the path colour, walls the wall colour, the
solution a line in the answer colour, the start a red disc and the goal a blue
square. Every wall, arc and mark of a million-cell maze is drawn at once by
NumPy (no Python loop over walls): a line is sampled once a pixel along its
longer axis and given its width across it, an arc is cut into chords no more
than a quarter pixel from it.

A GIF's frames fill cells too (:func:`cell_map`): each pixel knows its cell
(and in a weave the corridor it is in), so a frame is one table look-up of the
cells' colours, then the walls of that moment.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..io.costs import check_output
from ..kinds.geometry import Geometry
from ..kinds.maze import GraphMaze
from ..paint import ANSWER, GOAL, PATH, START, WALL
from .kind_drawing import (ANSWER_WIDTH, MARGIN, MARK_RADIUS, WALL_WIDTH, Drawing, block_shape, cell_at,
                           check_graph_maze, drawing_of, stairs_marks, weave_regions)
from .palette import Palette

if TYPE_CHECKING:
    from PIL import Image

#: samples a wall-drawing step holds at most (the memory of one step: about 40 bytes each)
CHUNK_SAMPLES = 1 << 20


#: walls (or arcs) turned into pixels at a time
ARCS_AT_ONCE = 1 << 17
#: pictures of more pixels than this are compressed at zlib's level 1, not 6
FAST_PIXELS = 16_000_000


@dataclass(frozen=True)
class Canvas:
    """Where a drawing lands in pixels: ``ppu`` pixels a unit, ``width x height`` pixels."""

    ppu: float
    width: int
    height: int

    def to_pixels(self, xy: NDArray[np.float64]) -> NDArray[np.float64]:
        """Drawing units to pixel coordinates (the margin added)."""
        return (np.asarray(xy, dtype=np.float64) + MARGIN) * self.ppu

    def stroke(self, width: float) -> int:
        """A stroke ``width`` units wide, in whole pixels (at least one)."""
        return max(1, round(width * self.ppu))


def canvas_for(geometry: Geometry, block: int) -> Canvas:
    """The canvas of ``geometry`` at ``block`` pixels a half unit."""
    rows, cols = block_shape(geometry)
    return Canvas(2.0 * block, cols * block, rows * block)


# -- lines --------------------------------------------------------------------------------------

def arc_chords(arcs: NDArray[np.float64], hub: tuple[float, float], ppu: float) -> NDArray[np.float64]:
    """Arcs ``[x0, y0, x1, y1, r]`` (clockwise around ``hub``) as chords ``[x0, y0, x1, y1]``,
    each within a quarter pixel of its arc at ``ppu`` pixels a unit.

    >>> arc_chords(np.array([[1.0, 0.0, 0.0, 1.0, 1.0]]), (0.0, 0.0), 1.0).shape   # a quarter turn
    (2, 4)
    """
    return _arc_pieces(arcs, hub, ppu)[0]


def _arc_pieces(arcs: NDArray[np.float64], hub: tuple[float, float],
                ppu: float) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """:func:`arc_chords`, and how many chords each arc became."""
    if not len(arcs):
        return np.zeros((0, 4)), np.zeros(0, np.int64)
    hx, hy = hub
    a0 = np.arctan2(arcs[:, 1] - hy, arcs[:, 0] - hx)
    a1 = np.arctan2(arcs[:, 3] - hy, arcs[:, 2] - hx)
    sweep = (a1 - a0) % (2 * np.pi)  # clockwise on the page: the angle grows (y is down)
    r = arcs[:, 4]
    # a chord of angle t is r (1 - cos(t / 2)) ~ r t^2 / 8 from its arc
    pieces = np.maximum(1, np.ceil(sweep * np.sqrt(r * ppu / 2.0))).astype(np.int64)
    arc = np.repeat(np.arange(len(arcs)), pieces)
    first = np.repeat(np.cumsum(pieces) - pieces, pieces)
    k = np.arange(arc.size) - first
    t0 = a0[arc] + sweep[arc] * k / pieces[arc]
    t1 = a0[arc] + sweep[arc] * (k + 1) / pieces[arc]
    rr = r[arc]
    chords = np.stack([hx + rr * np.cos(t0), hy + rr * np.sin(t0), hx + rr * np.cos(t1), hy + rr * np.sin(t1)],
                      axis=1)
    return chords, pieces


def _chunks(segments: NDArray[np.float64], width: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` runs of segments of at most :data:`CHUNK_SAMPLES` samples (one segment at least)."""
    start = 0
    while start < len(segments):
        seg = segments[start:]
        major = np.maximum(np.abs(seg[:, 2] - seg[:, 0]), np.abs(seg[:, 3] - seg[:, 1])) + width + 1
        take = max(1, int(np.searchsorted(np.cumsum(major), CHUNK_SAMPLES)))
        yield start, start + take
        start += take


def stamp_segments(image: NDArray[np.uint8], segments: NDArray[np.float64], width: int, value: int) -> None:
    """Draw pixel-space ``segments`` ``[x0, y0, x1, y1]`` ``width`` pixels wide into ``image``
    (square ends, half the width beyond each end, so that walls meet at corners)."""
    height, image_width = image.shape
    flat = image.reshape(-1)
    for start, stop in _chunks(segments, width):
        for at, _owner in _pixels(segments[start:stop], width, image_width, height):
            flat[at] = value


def segment_pixels(segments: NDArray[np.float64], width: int, shape: tuple[int, int]) -> tuple[
        NDArray[np.int64], NDArray[np.int64]]:
    """The flat pixel numbers :func:`stamp_segments` would draw, and the segment each is of."""
    height, image_width = shape
    pixels, owners = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)]
    for start, stop in _chunks(segments, width):
        for at, owner in _pixels(segments[start:stop], width, image_width, height):
            pixels.append(at.copy())
            owners.append(owner + start)
    return np.concatenate(pixels), np.concatenate(owners)


def _pixels(seg: NDArray[np.float64], width: int, image_width: int,
            height: int) -> Iterator[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """The flat pixels of ``seg``, one step across the lines at a time, with each one's segment.

    A line is sampled once a pixel along its longer axis (x or y) and given its
    width across that axis: a slanted line of width ``w`` is ``w`` pixels wide
    measured along the axis, as most rasterizers draw one."""
    x0, y0, x1, y1 = seg[:, 0], seg[:, 1], seg[:, 2], seg[:, 3]
    dx, dy = x1 - x0, y1 - y0
    length = np.hypot(dx, dy)
    safe = np.where(length > 0, length, 1.0)
    ext = width / 2.0
    ux, uy = dx / safe * ext, dy / safe * ext
    x0, y0, x1, y1 = x0 - ux, y0 - uy, x1 + ux, y1 + uy
    dx, dy = x1 - x0, y1 - y0
    x_major = np.abs(dx) >= np.abs(dy)
    steps = np.ceil(np.where(x_major, np.abs(dx), np.abs(dy))).astype(np.int64) + 1
    seg_of = np.repeat(np.arange(len(seg)), steps)
    first = np.repeat(np.cumsum(steps) - steps, steps)
    t = (np.arange(seg_of.size) - first) / np.maximum(steps - 1, 1)[seg_of]
    xs = x0[seg_of] + t * dx[seg_of]
    ys = y0[seg_of] + t * dy[seg_of]
    along_x = x_major[seg_of]
    # across the line: `width` pixels around it; along it: the pixel each sample falls in
    lift = width / 2.0 - 0.5
    ix = np.floor(np.where(along_x, xs, xs - lift)).astype(np.int64)
    iy = np.floor(np.where(along_x, ys - lift, ys)).astype(np.int64)
    del xs, ys, t, first
    across = np.where(along_x, image_width, 1)  # one pixel across the line, as a flat step
    # a drawing's walls lie inside its margin; at the smallest blocks a wall's end may not
    if ix.min() < 0 or iy.min() < 0 or ix.max() + width > image_width or iy.max() + width > height:
        inside = (ix >= 0) & (iy >= 0) & (ix + np.where(along_x, 1, width) <= image_width) & \
            (iy + np.where(along_x, width, 1) <= height)
        ix, iy, across, seg_of = ix[inside], iy[inside], across[inside], seg_of[inside]
    at = iy * image_width + ix
    for _ in range(width):
        yield at, seg_of
        at += across


def stamp_polygons(image: NDArray[np.uint8], polygons: NDArray[np.float64], value: int) -> None:
    """Fill small convex pixel-space ``polygons`` ``(k, m, 2)`` of one shape and size (marks)."""
    if not len(polygons):
        return
    height, width = image.shape
    shape = polygons[0] - polygons[0].min(axis=0)
    box = np.ceil(shape.max(axis=0)).astype(np.int64) + 1
    gy, gx = np.mgrid[0:box[1], 0:box[0]]
    inside = _convex_contains(shape, gx + 0.5, gy + 0.5)
    corner = np.floor(polygons.min(axis=1)).astype(np.int64)
    for dy, dx in zip(gy[inside], gx[inside]):
        px, py = corner[:, 0] + dx, corner[:, 1] + dy
        ok = (px >= 0) & (px < width) & (py >= 0) & (py < height)
        image[py[ok], px[ok]] = value


def _convex_contains(polygon: NDArray[np.float64], x: NDArray[np.float64], y: NDArray[np.float64]) -> NDArray[np.bool_]:
    signs = []
    m = len(polygon)
    for i in range(m):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % m]
        signs.append((bx - ax) * (y - ay) - (by - ay) * (x - ax))
    s = np.stack(signs)
    return np.asarray((s >= -1e-9).all(axis=0) | (s <= 1e-9).all(axis=0))


def draw_disc(image: NDArray[np.uint8], centre: NDArray[np.float64], radius: float, value: int) -> None:
    """A filled disc at pixel ``centre``."""
    height, width = image.shape
    cx, cy = float(centre[0]), float(centre[1])
    x0, x1 = max(0, int(cx - radius)), min(width, int(np.ceil(cx + radius)) + 1)
    y0, y1 = max(0, int(cy - radius)), min(height, int(np.ceil(cy + radius)) + 1)
    gy, gx = np.mgrid[y0:y1, x0:x1]
    hit = (gx + 0.5 - cx) ** 2 + (gy + 0.5 - cy) ** 2 <= max(radius, 0.75) ** 2
    image[y0:y1, x0:x1][hit] = value


def draw_square(image: NDArray[np.uint8], centre: NDArray[np.float64], half: float, value: int) -> None:
    """A filled square of side ``2 * half`` at pixel ``centre``."""
    height, width = image.shape
    h = max(half, 0.5)
    x0, x1 = int(round(centre[0] - h)), int(round(centre[0] + h))
    y0, y1 = int(round(centre[1] - h)), int(round(centre[1] + h))
    image[max(0, y0):min(height, max(y1, y0 + 1)), max(0, x0):min(width, max(x1, x0 + 1))] = value


# -- a picture ------------------------------------------------------------------------------------

def draw_walls(image: NDArray[np.uint8], canvas: Canvas, segments: NDArray[np.float64],
               arcs: NDArray[np.float64], hub: tuple[float, float]) -> None:
    """The walls (drawing units) in the wall colour, :data:`~meiro.render.kind_drawing.WALL_WIDTH` wide."""
    width = canvas.stroke(WALL_WIDTH)
    # a few hundred thousand at a time: a million arcs' chords at once would double the peak
    for first in range(0, len(segments), ARCS_AT_ONCE):
        part = segments[first:first + ARCS_AT_ONCE]
        stamp_segments(image, canvas.to_pixels(part.reshape(-1, 2)).reshape(-1, 4), width, WALL)
    for first in range(0, len(arcs), ARCS_AT_ONCE):
        chords = arc_chords(arcs[first:first + ARCS_AT_ONCE], hub, canvas.ppu)
        stamp_segments(image, canvas.to_pixels(chords.reshape(-1, 2)).reshape(-1, 4), width, WALL)


class WallPixels:
    """Every wall's pixels on a canvas, found once; a frame then draws the walls of its closed
    pairs with one look-up (the GIF's frames: the walls change, the canvas does not).

    For the kinds whose walls belong to pairs (all but the weave, drawn inset).
    """

    def __init__(self, geometry: Geometry, canvas: Canvas) -> None:
        walls = geometry.walls
        drawn = ~np.isnan(walls[:, 0])
        owner = np.flatnonzero(drawn)
        walls = walls[drawn].copy()
        border = geometry.border.copy()
        if geometry.kind == "3d":
            from ..kinds.layers import layer_shift

            shift = layer_shift(geometry.params["width"])
            walls[:, [0, 2]] += (geometry.wall_middles[drawn, 2] * shift)[:, None]
            layers = geometry.params["layers"]
            border = np.tile(border, (layers, 1))
            border[:, [0, 2]] += (np.repeat(np.arange(layers), len(geometry.border)) * shift)[:, None]
        every = np.concatenate([walls, border])
        owners = np.concatenate([owner, np.full(len(border), geometry.edge_count)])  # the outline: never open
        straight = every[:, 4] == 0
        pieces, piece_owner = [every[straight, :4]], [owners[straight]]
        arcs, arc_owner = every[~straight], owners[~straight]
        if len(arcs):
            chords, count = _arc_pieces(arcs, geometry.hub, canvas.ppu)
            pieces.append(chords)
            piece_owner.append(np.repeat(arc_owner, count))  # each chord kept with its arc's pair
        segments = np.concatenate(pieces)
        px = canvas.to_pixels(segments.reshape(-1, 2)).reshape(-1, 4)
        self.pixels, of_segment = segment_pixels(px, canvas.stroke(WALL_WIDTH), (canvas.height, canvas.width))
        self.owner = np.concatenate(piece_owner)[of_segment]
        self.edges = geometry.edge_count

    def draw(self, image: NDArray[np.uint8], passages: NDArray[np.bool_]) -> None:
        """Draw the walls of the pairs that ``passages`` leaves closed (and the outline)."""
        closed = np.concatenate([~passages, [True]])
        image.reshape(-1)[self.pixels[closed[self.owner]]] = WALL


def draw_marks(image: NDArray[np.uint8], canvas: Canvas, drawing: Drawing, *, ends: bool = True) -> None:
    """The solution's line, the stairs and (with ``ends``) the start disc and goal square."""
    for line in drawing.paths:
        if len(line) > 1:
            px = canvas.to_pixels(line)
            stamp_segments(image, np.concatenate([px[:-1], px[1:]], axis=1), canvas.stroke(ANSWER_WIDTH), ANSWER)
    if ends:
        draw_disc(image, canvas.to_pixels(np.array(drawing.start)), MARK_RADIUS * canvas.ppu, START)
        draw_square(image, canvas.to_pixels(np.array(drawing.goal)), MARK_RADIUS * canvas.ppu, GOAL)
    for marks in stairs_marks(drawing):
        stamp_polygons(image, canvas.to_pixels(marks), WALL)


def picture(drawing: Drawing, canvas: Canvas) -> NDArray[np.uint8]:
    """The palette classes of a maze's picture: background, solution, marks, then the walls."""
    image = np.full((canvas.height, canvas.width), PATH, np.uint8)
    draw_marks(image, canvas, drawing)
    draw_walls(image, canvas, drawing.segments, drawing.arcs, drawing.hub)
    return image


def palette_image(classes: NDArray[np.uint8], palette: Palette) -> Image.Image:
    """A Pillow palette ('P') image of ``classes`` in ``palette``'s colours."""
    from PIL import Image

    # (frombuffer shares the array's memory rather than copying the picture)
    image = Image.frombuffer("P", (classes.shape[1], classes.shape[0]), np.ascontiguousarray(classes),
                             "raw", "P", 0, 1)
    image.putpalette(palette.table().ravel().tolist())
    return image


def render_graph_png(maze: GraphMaze, path: ArrayLike | None = None, *, block: int | None = None,
                     palette: Palette | None = None) -> bytes:
    """Draw a maze of a grid kind other than the square as a PNG and return its bytes.

    Parameters
    ----------
    maze : GraphMaze
    path : array_like of int, optional
        The solution's cells, start to goal, drawn as a line through their centres.
    block : int, optional
        Pixels a half unit (a cell is about two blocks; default 16, or fewer to keep
        the picture within :data:`meiro.render.png.MAX_PIXELS`).
    palette : Palette, optional

    Examples
    --------
    >>> import meiro
    >>> from PIL import Image
    >>> data = render_graph_png(meiro.generate(3, grid="theta", seed=2), block=4)
    >>> Image.open(io.BytesIO(data)).size        # 8 units and the margins, 8 pixels a unit
    (68, 68)
    """
    from PIL import PngImagePlugin

    maze = check_graph_maze(maze)
    palette = palette or Palette()
    # the block checked, or the largest up to 16 that fits the pixel limit (png.fitted_block)
    needs = check_output(".png", block_shape(maze.geometry), block=block)
    assert needs.block is not None  # a PNG's needs carry its block size
    canvas = canvas_for(maze.geometry, needs.block)
    image = palette_image(picture(drawing_of(maze, path), canvas), palette)
    info = PngImagePlugin.PngInfo()
    generation = maze.generation or {}
    meta = {"grid": maze.kind, "size": list(maze.size), "block": needs.block, "start": maze.start,
            "goal": maze.goal, "algorithm": generation.get("algorithm"), "seed": generation.get("seed")}
    info.add_text("meiro", json.dumps(meta))
    out = io.BytesIO()
    # a large picture compresses fast rather than small: a third larger, three times sooner
    level = 1 if canvas.width * canvas.height > FAST_PIXELS else 6
    image.save(out, format="PNG", pnginfo=info, optimize=False, compress_level=level)
    return out.getvalue()


# -- cells as pixels, for the GIF -----------------------------------------------------------------

@dataclass(frozen=True)
class CellMap:
    """Each pixel's cell (-1: none) and, in a weave, the corridor's edge (-1: none)."""

    cells: NDArray[np.int64]
    edges: NDArray[np.int64] | None


def cell_map(geometry: Geometry, canvas: Canvas) -> CellMap:
    """Which cell (and weave corridor) each pixel of ``canvas`` shows, by its centre."""
    ys, xs = np.mgrid[0:canvas.height, 0:canvas.width]
    ux = (xs + 0.5) / canvas.ppu - MARGIN
    uy = (ys + 0.5) / canvas.ppu - MARGIN
    if geometry.kind == "weave":
        cells, edges = weave_regions(geometry, ux, uy)
        return CellMap(cells, edges)
    return CellMap(cell_at(geometry, ux, uy), None)


def fill(cmap: CellMap, cell_classes: NDArray[np.uint8], geometry: Geometry,
         passages: NDArray[np.bool_]) -> NDArray[np.uint8]:
    """The frame's pixels: each cell in its class's colour, the background the path's.

    A weave's open corridor takes its cells' colour when they share one, else the
    frontier's if either end is on it, else the path's.
    """
    table = np.concatenate([cell_classes, [PATH]]).astype(np.uint8)
    image: NDArray[np.uint8] = table[cmap.cells]  # -1 is the table's last entry: the background
    if cmap.edges is not None:
        from ..paint import FRONTIER

        a, b = geometry.edges[:, 0], geometry.edges[:, 1]
        ca, cb = cell_classes[a], cell_classes[b]
        edge_class = np.where(ca == cb, ca, np.where((ca == FRONTIER) | (cb == FRONTIER), FRONTIER, PATH))
        edge_class = np.where(passages, edge_class, PATH).astype(np.uint8)
        edge_table = np.concatenate([edge_class, [PATH]]).astype(np.uint8)
        corridor = cmap.edges >= 0
        image[corridor] = edge_table[cmap.edges[corridor]]
    return image


__all__ = ["CHUNK_SAMPLES", "Canvas", "CellMap", "WallPixels", "arc_chords", "canvas_for", "cell_map", "draw_marks",
           "draw_walls", "fill", "palette_image", "picture", "render_graph_png", "segment_pixels", "stamp_segments"]

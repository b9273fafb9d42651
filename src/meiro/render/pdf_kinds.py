"""The grid kinds on paper: a :class:`~meiro.kinds.maze.GraphMaze` drawn on a PDF page with its
true geometry.

Straight walls are segments and a theta maze's walls between rings are circular arcs
(Bezier curves, :meth:`meiro.render.pdf.PdfCanvas.arc_to`), straight from
:attr:`~meiro.kinds.geometry.Geometry.walls`; a wall is drawn exactly where a
neighbouring pair is not a passage, and the outline always. A weave is drawn
as weave mazes are printed, every passage a corridor :data:`BRIDGE_INSET` in from
its cells' sides: at a crossing the passage over runs on between its two walls
(the bridge), the passage under shows only the stubs of its walls, and the answer
path is hidden under the bridge where it goes under. A 3D maze's layers stand side by side (:func:`meiro.kinds.layers.layer_shift`),
each named (1かい, 2かい, ...), and open stairs are marked in both cells they join:
an upward triangle where the stairs go up, a downward one where they go down. A theta
maze's rim is open at its goal when the goal is on the rim: the way out, as in a
round maze on paper.

The answer path runs through the cells' centres; along a theta ring it follows the
ring's arc. :func:`answer_path` finds it (breadth first over the open passages).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal, Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError
from ..kinds.maze import GraphMaze
from .kind_drawing import WEAVE_INSET, arc_beziers
from .palette import Palette
from .print_text import word

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


class PdfCanvas(Protocol):
    """What this module draws with: :class:`meiro.render.pdf.PdfCanvas` (named here by its
    methods, as the PDF writer imports this module)."""

    height: float

    def move(self, x: float, y: float) -> str: ...
    def to(self, x: float, y: float) -> str: ...
    def arc_to(self, cx: float, cy: float, x0: float, y0: float, x1: float, y1: float,
               clockwise: bool = True) -> str: ...
    def stroke(self, parts: Iterable[str]) -> None: ...
    def fill(self, parts: Iterable[str]) -> None: ...
    def stroke_style(self, color: Iterable[int], width: float, round_caps: bool = False) -> None: ...
    def fill_color(self, color: Iterable[int]) -> None: ...
    def disc(self, x: float, y: float, r: float) -> None: ...
    def triangle(self, x: float, y: float, r: float) -> None: ...
    def text_width(self, value: str, size: float) -> float: ...
    def text(self, x: float, y: float, value: str, size: float = 10,
             align: Literal["left", "center", "right"] = "left") -> None: ...

#: How far a weave's corridors (and so its bridges' walls) stand in from their cells' sides, in
#: cells: the pictures' (:data:`meiro.render.kind_drawing.WEAVE_INSET`), so every format looks alike.
BRIDGE_INSET = WEAVE_INSET
#: Room above a 3D maze's layers for their names, in points.
LAYER_LABEL = 13.0
#: Path pieces stroked as one PDF path (keeps the content stream's lines short).
CHUNK = 400
#: The colour of a 3D maze's stairs marks.
STAIRS = (70, 90, 140)


@dataclass(frozen=True)
class KindFrame:
    """Where a grid kind's drawing goes on the page: geometry point ``(x, y)`` of layer ``z`` is
    at ``(left + (x - x0 + z * shift) * unit, top + (y - y0) * unit)`` points, ``(x0, y0)``
    being the drawing's top-left corner (not the origin for a maze cut to a shape)."""

    left: float
    top: float
    unit: float
    #: a 3D maze's layer shift in units (:func:`meiro.kinds.layers.layer_shift`), else 0
    shift: float = 0.0
    x0: float = 0.0
    y0: float = 0.0

    def at(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        """The page point of geometry point ``(x, y)`` on layer ``z``."""
        return self.left + (x - self.x0 + z * self.shift) * self.unit, self.top + (y - self.y0) * self.unit


def layer_count(geometry: Geometry) -> int:
    """A 3D maze's layers; 1 for a flat kind."""
    return int(geometry.params.get("layers", 1)) if geometry.dims == 3 else 1


def drawing_size(geometry: Geometry) -> tuple[float, float]:
    """The drawing's ``(width, height)`` in the geometry's units: a 3D maze's layers side by side.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> drawing_size(geometry_of("theta", (4,)))
    (10.0, 10.0)
    >>> drawing_size(geometry_of("3d", (4, 3, 2)))
    (9.0, 3.0)
    """
    x0, y0 = drawing_corner(geometry)
    width, height = geometry.extent
    if geometry.kind == "theta":
        width = height = 2 * geometry.hub[0]  # (see drawing_corner)
    width, height = width - x0, height - y0
    layers = layer_count(geometry)
    if layers > 1:
        from ..kinds.layers import layer_shift

        width += (layers - 1) * layer_shift(int(geometry.params["width"]))
    return float(width), float(height)


def drawing_corner(geometry: Geometry) -> tuple[float, float]:
    """The drawing's top-left corner ``(x0, y0)``: the least x and y of the centres and outline
    (0 but for a maze cut to a shape)."""
    if geometry.kind == "theta":  # the rim's circle, whose ends of arcs may miss its left and top
        return 0.0, 0.0
    border = geometry.border
    xs = np.concatenate([geometry.centres[:, 0], border[:, 0], border[:, 2]])
    ys = np.concatenate([geometry.centres[:, 1], border[:, 1], border[:, 3]])
    return float(xs.min()), float(ys.min())


def kind_frame(geometry: Geometry, x: float, y: float, w: float, h: float) -> KindFrame:
    """The frame that fits the drawing in the box ``(x, y, w, h)`` (points), centred; a 3D maze
    keeps :data:`LAYER_LABEL` points above its layers for their names."""
    width, height = drawing_size(geometry)
    label = LAYER_LABEL if geometry.dims == 3 else 0.0
    unit = min(w / width, (h - 2 * label) / height)  # (3D: the stairs' legend below the layers)
    if not unit > 0:
        raise MazeError("no room on the page to draw the maze")
    shift = 0.0
    if geometry.dims == 3:
        from ..kinds.layers import layer_shift

        shift = layer_shift(int(geometry.params["width"]))
    return KindFrame(x + (w - unit * width) / 2, y + label + (h - 2 * label - unit * height) / 2, unit, shift,
                     *drawing_corner(geometry))


def narrowest(geometry: Geometry) -> float:
    """The shortest distance between the centres of two cells a wall may part, in units: how
    narrow the narrowest passage is (a theta maze's cells are narrower than deep in places).

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> round(narrowest(geometry_of("hex", (3, 3))), 3), round(narrowest(geometry_of("theta", (6,))), 3)
    (1.0, 0.85)
    """
    walled = np.isfinite(geometry.walls[:, 0])
    if not walled.any():
        return 1.0
    a, b = geometry.edges[walled, 0], geometry.edges[walled, 1]
    step = geometry.centres[a, :2] - geometry.centres[b, :2]
    return float(np.sqrt((step ** 2).sum(axis=1)).min())


def answer_path(maze: GraphMaze) -> NDArray[np.int32] | None:
    """The shortest path's cells from the start to the goal, or None when the goal cannot be
    reached: breadth first from the goal over the open passages, then downhill from the start.

    A printed maze is small (a few thousand cells), so plain Python does; this is the one
    place the print layer finds a path.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(5, 4, grid="hex", seed=3)
    >>> path = answer_path(m)
    >>> int(path[0]) == m.start, int(path[-1]) == m.goal
    (True, True)
    """
    g = maze.geometry
    offsets, targets = g.offsets.tolist(), g.targets.tolist()
    opened = maze.passages[g.slot_edges].tolist()
    dist = [-1] * g.cells
    dist[maze.goal] = 0
    queue = [maze.goal]
    for cell in queue:  # (the list grows as it is walked: a queue)
        for slot in range(offsets[cell], offsets[cell + 1]):
            nxt = targets[slot]
            if opened[slot] and dist[nxt] < 0:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    if dist[maze.start] < 0:
        return None
    path = [maze.start]
    cell = maze.start
    while cell != maze.goal:
        cell = next(targets[s] for s in range(offsets[cell], offsets[cell + 1])
                    if opened[s] and dist[targets[s]] == dist[cell] - 1)
        path.append(cell)
    return np.array(path, dtype=np.int32)


def _chunks(parts: list[str]) -> list[list[str]]:
    return [parts[i:i + CHUNK] for i in range(0, len(parts), CHUNK)]


def _walls(pdf: PdfCanvas, frame: KindFrame, rows: NDArray[np.float64], layers: NDArray[np.float64],
           hub: tuple[float, float]) -> list[str]:
    """Path pieces of wall ``rows`` ``[x0, y0, x1, y1, r]`` on layers ``layers``: a segment, or an
    arc as Bezier curves (:func:`meiro.render.kind_drawing.arc_beziers`, the pictures' own; only
    a flat kind, theta, has arcs). Computed for all rows at once: a booklet draws tens of
    thousands of walls."""
    u, top = frame.unit, pdf.height  # (the page's y grows upwards in PDF)
    left = frame.left + (layers * frame.shift - frame.x0) * u
    upper = frame.top - frame.y0 * u
    curved = rows[:, 4] > 0
    lines = np.stack([left + rows[:, 0] * u, top - (upper + rows[:, 1] * u),
                      left + rows[:, 2] * u, top - (upper + rows[:, 3] * u)], axis=1)[~curved]
    parts = ["{:.2f} {:.2f} m {:.2f} {:.2f} l".format(*row) for row in lines.tolist()]
    if curved.any():
        curves = arc_beziers(rows[curved], hub)
        curves[:, 0::2] = frame.left - frame.x0 * u + curves[:, 0::2] * u
        curves[:, 1::2] = top - (upper + curves[:, 1::2] * u)
        parts += ["{:.2f} {:.2f} m {:.2f} {:.2f} {:.2f} {:.2f} {:.2f} {:.2f} c".format(*row)
                  for row in curves.tolist()]
    return parts


def wall_width(unit: float) -> float:
    """The wall line's width in points for cells ``unit`` points apart (as the square booklet's)."""
    return max(0.6, min(1.6, unit * 0.125))


def draw_kind_maze(pdf: PdfCanvas, maze: GraphMaze, frame: KindFrame, palette: Palette,
                   path: ArrayLike | None = None, lang: str = "en") -> None:
    """One maze of a grid kind at ``frame``: the answer ``path`` (cell ids) under the walls, the
    walls, a weave's bridges, a 3D maze's layer names and stairs, the start (a disc) and the
    goal (a triangle)."""
    g = maze.geometry
    unit = frame.unit
    z = g.centres[:, 2] if g.dims == 3 else np.zeros(g.cells)
    crossings = np.asarray(g.extra.get("crossings", np.zeros((0, 2))), dtype=np.int64).reshape(-1, 2)
    cells = None if path is None else np.asarray(path, dtype=np.int64).ravel()
    if cells is not None and cells.size > 1:
        _draw_path(pdf, maze, frame, palette, cells, z, crossings)

    pdf.stroke_style((0, 0, 0), wall_width(unit), round_caps=True)
    if g.kind == "weave":  # the pictures' inset corridors (meiro.render.kind_drawing)
        from .kind_drawing import weave_walls

        segs = weave_walls(g, maze.passages, BRIDGE_INSET)
        parts = _walls(pdf, frame, np.concatenate([segs, np.zeros((len(segs), 1))], axis=1),
                       np.zeros(len(segs)), g.hub)
    else:
        closed = ~maze.passages & np.isfinite(g.walls[:, 0])
        wall_layers = g.wall_middles[closed, 2] if g.dims == 3 else np.zeros(int(closed.sum()))
        parts = _walls(pdf, frame, g.walls[closed], wall_layers, g.hub)
        border = g.border
        if g.kind == "theta":  # a round maze opens its rim where its goal is: the way out
            border = border[g.border_cells != maze.goal]
        for layer in range(layer_count(g)):
            parts += _walls(pdf, frame, border, np.full(len(border), float(layer)), g.hub)
    for chunk in _chunks(parts):
        pdf.stroke(chunk)
    if g.dims == 3:
        _layers(pdf, maze, frame, lang)

    x, y = g.centres[maze.start, :2]
    pdf.fill_color(palette.start)
    pdf.disc(*frame.at(x, y, z[maze.start]), max(2.5, unit * 0.3))
    x, y = g.centres[maze.goal, :2]
    pdf.fill_color(palette.goal)
    pdf.triangle(*frame.at(x, y, z[maze.goal]), max(3.0, unit * 0.36))


def _draw_path(pdf: PdfCanvas, maze: GraphMaze, frame: KindFrame, palette: Palette,
               cells: NDArray[np.int64], z: NDArray[np.float64], crossings: NDArray[np.int64]) -> None:
    """The answer path through the cells' centres (along a theta ring, on its arc); a weave's
    steps under a bridge are drawn first and covered by the bridge."""
    g = maze.geometry
    if cells.min() < 0 or cells.max() >= g.cells:
        raise MazeError(f"the answer path names a cell that does not exist (cells 0 to {g.cells - 1})")
    width = max(1.0, frame.unit * 0.38)
    hub = frame.at(*g.hub)
    radius = np.hypot(g.centres[:, 0] - g.hub[0], g.centres[:, 1] - g.hub[1])
    under: list[str] = []
    over: list[str] = []
    current: list[str] = over
    pen: tuple[float, float] | None = None
    for a, b in zip(cells[:-1].tolist(), cells[1:].tolist()):
        edge = g.edge_between(a, b)
        if edge < 0:
            raise MazeError(f"the answer path steps between cells {a} and {b}, which are not neighbours")
        p = frame.at(g.centres[a, 0], g.centres[a, 1], z[a])
        q = frame.at(g.centres[b, 0], g.centres[b, 1], z[b])
        if z[a] != z[b]:  # stairs: the path goes on in the other layer's drawing
            pen = None
            continue
        tunnel = g.kind == "weave" and not np.isfinite(g.walls[edge, 0])
        target = under if tunnel else over
        if target is not current or pen != p:
            target.append(pdf.move(*p))
            current = target
        if g.kind == "theta" and a and b:
            target.extend(_polar_step(pdf, hub, p, q, radius[a] < radius[b] - 1e-6,
                                      radius[a] > radius[b] + 1e-6))
        else:
            target.append(pdf.to(*q))
        pen = q
    pdf.stroke_style(palette.answer, width, round_caps=True)
    for chunk in _chunks(under):
        pdf.stroke(chunk)
    if len(crossings):
        _bridges(pdf, maze, frame, crossings)
        pdf.stroke_style(palette.answer, width, round_caps=True)
    for chunk in _chunks(over):
        pdf.stroke(chunk)


def _polar_step(pdf: PdfCanvas, hub: tuple[float, float], p: tuple[float, float], q: tuple[float, float],
                outward: bool, inward: bool) -> list[str]:
    """A theta path's step from ``p`` to ``q`` (page points): around its ring on the ring's arc;
    outward along the inner cell's arc to the outer cell's angle, then straight out; inward
    the other way round (so that the path keeps to the middle of the passages)."""
    (hx, hy), (px, py), (qx, qy) = hub, p, q
    if outward:  # turn at p's radius, then out
        scale = math.hypot(px - hx, py - hy) / math.hypot(qx - hx, qy - hy)
        bend = (hx + (qx - hx) * scale, hy + (qy - hy) * scale)
        start, end = p, bend
    elif inward:  # in to q's radius, then turn
        scale = math.hypot(qx - hx, qy - hy) / math.hypot(px - hx, py - hy)
        bend = (hx + (px - hx) * scale, hy + (py - hy) * scale)
        start, end = bend, q
    else:
        start, end = p, q
    turn = math.atan2(end[1] - hy, end[0] - hx) - math.atan2(start[1] - hy, start[0] - hx)
    arc = [] if abs(math.remainder(turn, 2 * math.pi)) < 1e-6 else \
        [pdf.arc_to(hx, hy, *start, *end, clockwise=(turn % (2 * math.pi)) < math.pi)]
    if outward:
        return [*arc, pdf.to(*q)]
    if inward:
        return [pdf.to(*start), *arc]
    return arc or [pdf.to(*q)]


def _bridges(pdf: PdfCanvas, maze: GraphMaze, frame: KindFrame, crossings: NDArray[np.int64]) -> None:
    """A weave's bridge decks in white, hiding the answer path where it goes under them."""
    g = maze.geometry
    i = BRIDGE_INSET
    parts: list[str] = []
    for cell, over in crossings.tolist():
        cx, cy = g.centres[cell, :2]
        du, dv = (0.5, 0.5 - i) if over == 0 else (0.5 - i, 0.5)  # half the deck's width and depth
        parts += [pdf.move(*frame.at(cx - du, cy - dv)), pdf.to(*frame.at(cx + du, cy - dv)),
                  pdf.to(*frame.at(cx + du, cy + dv)), pdf.to(*frame.at(cx - du, cy + dv)), "h"]
    pdf.fill_color((255, 255, 255))
    for chunk in _chunks(parts):
        pdf.fill(chunk)


def _layers(pdf: PdfCanvas, maze: GraphMaze, frame: KindFrame, lang: str) -> None:
    """A 3D maze's layer names above each layer, the stairs' marks explained below the last
    one, and its open stairs marked in both cells."""
    g = maze.geometry
    size = min(10.0, max(7.0, frame.unit * 0.8))
    for layer in range(layer_count(g)):
        x, y = frame.at(0, 0, layer)
        pdf.text(x, y - 4, word(lang, "layer", n=layer + 1), size=size)
    right, bottom = frame.at(float(g.params["width"]), float(g.params["height"]), layer_count(g) - 1)
    base = bottom + size + 2
    down, up = word(lang, "down"), word(lang, "up")
    mark = size * 0.45
    pdf.text(right, base, down, size=size, align="right")
    x = right - pdf.text_width(down, size) - mark - 2
    pdf.fill_color(STAIRS)
    _down(pdf, x, base - size * 0.35, mark)
    x -= mark + 6
    pdf.text(x, base, up, size=size, align="right")
    x -= pdf.text_width(up, size) + mark + 2
    pdf.fill_color(STAIRS)
    pdf.triangle(x, base - size * 0.3, mark)

    stairs = np.flatnonzero(maze.passages & ~np.isfinite(g.walls[:, 0]))
    r = frame.unit * 0.2
    for lower, upper in g.edges[stairs].tolist():
        pdf.fill_color(STAIRS)
        lx, ly, lz = g.centres[lower]
        pdf.triangle(*frame.at(lx - 0.22, ly, lz), r)
        ux, uy, uz = g.centres[upper]
        _down(pdf, *frame.at(ux + 0.22, uy, uz), r)


def _down(pdf: PdfCanvas, x: float, y: float, r: float) -> None:
    """A filled downward triangle centred on (x, y)."""
    h = r * math.sqrt(3) / 2
    pdf.fill([pdf.move(x, y + r), pdf.to(x - h, y - r / 2), pdf.to(x + h, y - r / 2), "h"])

"""A maze of any grid kind as drawing primitives: what the SVG, PNG and GIF writers (and a PDF) draw.

:func:`drawing_of` turns a :class:`~meiro.kinds.maze.GraphMaze` into a
:class:`Drawing`: straight wall segments, wall arcs around the hub, the stairs of
a 3D maze, the start and goal points and the solution's polylines, all in the
maze's own units, the coordinates its JSON file gives its cells (about one unit
between neighbouring centres, y down). A writer only scales them: an SVG uses
them as its user units, a PNG multiplies them by its pixels a unit.

What each kind looks like:

* theta, hex, triangle: the wall of every neighbouring pair that is not a
  passage, and the outline (:attr:`Geometry.border <meiro.kinds.geometry.Geometry.border>`);
  theta's walls between rings are arcs.
* weave: *inset* cells, as in *Mazes for Programmers*: each cell is a smaller
  square inside its square, and a passage is a corridor between two of them, so
  where a passage runs under a crossing cell its corridor's walls stop at the
  walls of the passage over it (:func:`weave_walls`).
* 3d: the layers side by side, layer ``z`` shifted right by
  :func:`meiro.kinds.layers.layer_shift`; a cell with open stairs gets a ▲ (up)
  or ▼ (down) mark, or both (:attr:`Drawing.stairs_up`, :attr:`Drawing.stairs_down`).

A PDF, which has no arcs, can draw theta's as Bézier curves (:func:`arc_beziers`).
:func:`cell_at` answers the other way round, which cell a point lies in (the
GIF fills cells with it; a tap on a page could use it too).

Examples
--------
>>> import meiro
>>> d = drawing_of(meiro.generate(4, 3, grid="hex", seed=1))
>>> d.segments.shape[1], len(d.arcs), d.width > 3
(4, 0, True)
>>> t = drawing_of(meiro.generate(3, grid="theta", seed=1))
>>> bool(len(t.arcs)), t.hub
(True, (4.0, 4.0))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError
from ..kinds.geometry import Geometry
from ..kinds.maze import GraphMaze

#: the blank around a drawing, in units (room for the outline's stroke and the marks)
MARGIN = 0.25
#: how far a weave cell's inner square is set in from its square's sides
WEAVE_INSET = 0.2
#: stroke widths and mark sizes, in units (one unit: about the distance between neighbouring centres)
WALL_WIDTH = 0.125
ANSWER_WIDTH = 0.25
MARK_RADIUS = 0.25
#: half the side of a stairs mark's triangle
STAIRS_SIZE = 0.22


@dataclass(frozen=True)
class Drawing:
    """A maze as primitives in its own units (see the module docs).

    ``segments`` rows are ``[x0, y0, x1, y1]``; ``arcs`` rows ``[x0, y0, x1, y1, r]``,
    each drawn clockwise around :attr:`hub` (an SVG ``A r r 0 0 1 x1 y1``); the
    picture spans ``[0, width] x [0, height]`` (a writer adds :data:`MARGIN`).
    """

    kind: str
    width: float
    height: float
    segments: NDArray[np.float64]
    arcs: NDArray[np.float64]
    hub: tuple[float, float]
    start: tuple[float, float]
    goal: tuple[float, float]
    #: the solution as polylines ``(k, 2)`` through cell centres (3D: one per stretch on one layer)
    paths: list[NDArray[np.float64]] = field(default_factory=list)
    #: centres of the cells whose stairs up (down) are open (3D)
    stairs_up: NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 2)))
    stairs_down: NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 2)))

    @property
    def walls(self) -> int:
        """How many wall pieces (segments and arcs) it draws."""
        return len(self.segments) + len(self.arcs)


def check_graph_maze(maze: object) -> GraphMaze:
    """``maze`` if it is a :class:`~meiro.kinds.maze.GraphMaze`, else a TypeError."""
    if not isinstance(maze, GraphMaze):
        raise TypeError(f"needs a meiro GraphMaze, got {type(maze).__name__}")
    return maze


def placed_centres(geometry: Geometry) -> NDArray[np.float64]:
    """Each cell's centre ``(n, 2)`` where a drawing puts it (3D: its layer shifted right)."""
    centres = geometry.centres
    if geometry.dims == 2:
        return centres
    from ..kinds.layers import layer_shift

    return np.stack([centres[:, 0] + centres[:, 2] * layer_shift(geometry.params["width"]),
                     centres[:, 1]], axis=1)


def extent(geometry: Geometry) -> tuple[float, float]:
    """The drawing's ``(width, height)`` in units (3D: every layer side by side).

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> extent(geometry_of("3d", (3, 2, 2))), extent(geometry_of("weave", (4, 3), 1))
    ((7.0, 2.0), (4.0, 3.0))
    """
    if geometry.kind == "3d":
        from ..kinds.layers import layer_shift

        p = geometry.params
        return layer_shift(p["width"]) * (p["layers"] - 1) + p["width"], float(p["height"])
    return geometry.extent


def block_shape(geometry: Geometry) -> tuple[int, int]:
    """The ``(rows, cols)`` of half-unit blocks a picture of ``geometry`` spans, margin included.

    This is the shape the picture formats' limits and costs are judged on
    (:func:`meiro.io.costs.check_output`): a PNG of ``block`` pixels a block is
    ``block`` pixels a half unit, as a square maze's cell (two blocks) is two.
    """
    w, h = extent(geometry)
    return int(np.ceil(2 * (h + 2 * MARGIN))), int(np.ceil(2 * (w + 2 * MARGIN)))


# -- walls ---------------------------------------------------------------------------------------

def wall_pieces(geometry: Geometry, passages: NDArray[np.bool_]) -> tuple[NDArray[np.float64],
                                                                           NDArray[np.float64]]:
    """The walls to draw for ``passages`` (one bit per edge): ``(segments (k, 4), arcs (k, 5))``.

    The outline is included. A weave is drawn inset (:func:`weave_walls`), a 3D
    maze's layers side by side.
    """
    if geometry.kind == "weave":
        return weave_walls(geometry, passages), np.zeros((0, 5))
    walls = geometry.walls[~passages]
    walls = walls[~np.isnan(walls[:, 0])]  # a 3D maze's stairs have no wall
    if geometry.kind == "3d":
        walls = _layered(geometry, walls, passages)
    else:
        walls = np.concatenate([walls, geometry.border])
    straight = walls[:, 4] == 0
    return np.ascontiguousarray(walls[straight, :4]), np.ascontiguousarray(walls[~straight])


def _layered(geometry: Geometry, closed: NDArray[np.float64], passages: NDArray[np.bool_]) -> NDArray[np.float64]:
    """A 3D maze's closed walls and every layer's outline, each layer shifted to its place."""
    from ..kinds.layers import layer_shift

    shift = layer_shift(geometry.params["width"])
    flat = ~np.isnan(geometry.walls[:, 0])
    layer = geometry.wall_middles[flat & ~passages, 2]
    walls = closed.copy()
    walls[:, [0, 2]] += (layer * shift)[:, None]
    layers = geometry.params["layers"]
    border = np.tile(geometry.border, (layers, 1))
    border[:, [0, 2]] += (np.repeat(np.arange(layers), len(geometry.border)) * shift)[:, None]
    return np.concatenate([walls, border])


def weave_directions(geometry: Geometry) -> NDArray[np.int64]:
    """For each weave cell, the edge that leaves it east, south, west and north (``(n, 4)``, -1: none).

    A tunnel's edge (the passage under a crossing) is the edge of both its ends'
    sides that face the crossing, and of the crossing cell's two sides it passes
    under.
    """
    width = geometry.params["width"]
    out = np.full((geometry.cells, 4), -1, np.int64)
    a, c = geometry.edges[:, 0].astype(np.int64), geometry.edges[:, 1].astype(np.int64)
    ids = np.arange(geometry.edge_count)
    tunnel = np.isnan(geometry.walls[:, 0])
    east = ~tunnel & (c - a == 1) & (width > 1)
    south = ~tunnel & ~east
    under_ns = tunnel & (c - a == 2 * width)
    under_ew = tunnel & ~under_ns
    for mask, ahead, back in ((east | under_ew, 0, 2), (south | under_ns, 1, 3)):
        out[a[mask], ahead] = ids[mask]
        out[c[mask], back] = ids[mask]
    mid = (a + c) // 2
    out[mid[under_ns], 1] = out[mid[under_ns], 3] = ids[under_ns]
    out[mid[under_ew], 0] = out[mid[under_ew], 2] = ids[under_ew]
    return out


def weave_walls(geometry: Geometry, passages: NDArray[np.bool_], inset: float = WEAVE_INSET) -> NDArray[np.float64]:
    """A weave's walls drawn with inset cells, segments ``(k, 4)``.

    Each cell is the square ``inset`` in from its own; a side with no passage is
    that square's side, a side with one is the corridor's two walls out to the
    cell's edge. At a crossing the passage over it has unbroken walls through
    the cell, and the passage under it only the corridor walls up to them.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> g = geometry_of("weave", (2, 1), 0)               # two cells side by side
    >>> len(weave_walls(g, np.array([False])))          # closed: two inner squares
    8
    >>> len(weave_walls(g, np.array([True])))           # open: six sides and the corridor's four walls
    10
    """
    width = geometry.params["width"]
    n = geometry.cells
    y, x = np.divmod(np.arange(n), width)
    x0, y0 = x.astype(np.float64), y.astype(np.float64)
    lo, hi = inset, 1 - inset
    dirs = weave_directions(geometry)
    is_open = np.concatenate([passages, [False]])[dirs]  # -1, no neighbour: the last entry, closed
    crossing = np.zeros(n, np.int8)  # 0: none, 1: over runs east-west, 2: over runs north-south
    cross = np.asarray(geometry.extra.get("crossings", np.zeros((0, 2))), np.int64).reshape(-1, 2)
    crossing[cross[:, 0]] = cross[:, 1] + 1
    plain = crossing == 0
    pieces = []
    # (side, its inner side as x0, y0, x1, y1 offsets, the two corridor walls out to the edge)
    sides = (
        (0, (hi, lo, hi, hi), ((hi, lo, 1, lo), (hi, hi, 1, hi))),
        (1, (lo, hi, hi, hi), ((lo, hi, lo, 1), (hi, hi, hi, 1))),
        (2, (lo, lo, lo, hi), ((0, lo, lo, lo), (0, hi, lo, hi))),
        (3, (lo, lo, hi, lo), ((lo, 0, lo, lo), (hi, 0, hi, lo))),
    )
    for side, inner, corridor in sides:
        closed = plain & ~is_open[:, side]
        pieces.append(_offsets(x0[closed], y0[closed], inner))
        opened = plain & is_open[:, side]
        # a crossing's passage under: its corridor walls on the sides it runs under
        under = (crossing == (1 if side in (1, 3) else 2))
        for piece in corridor:
            pieces.append(_offsets(x0[opened | under], y0[opened | under], piece))
    for over, lines in ((1, ((0, lo, 1, lo), (0, hi, 1, hi))), (2, ((lo, 0, lo, 1), (hi, 0, hi, 1)))):
        at = crossing == over  # the passage over: two unbroken walls through the cell
        for piece in lines:
            pieces.append(_offsets(x0[at], y0[at], piece))
    return np.ascontiguousarray(np.concatenate(pieces))


def _offsets(x: NDArray[np.float64], y: NDArray[np.float64],
             piece: tuple[float, float, float, float]) -> NDArray[np.float64]:
    dx0, dy0, dx1, dy1 = piece
    return np.stack([x + dx0, y + dy0, x + dx1, y + dy1], axis=1)


# -- stairs, solution, the whole drawing ------------------------------------------------------------

def stairs(geometry: Geometry, passages: NDArray[np.bool_]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The drawn centres of the cells whose stairs up, and down, are open (empty unless 3D)."""
    if geometry.kind != "3d":
        return np.zeros((0, 2)), np.zeros((0, 2))
    at = placed_centres(geometry)
    open_stairs = passages & np.isnan(geometry.walls[:, 0])
    lower, upper = geometry.edges[open_stairs, 0], geometry.edges[open_stairs, 1]
    return at[np.unique(lower)], at[np.unique(upper)]


def solution_cells(solution: object) -> Any:
    """The path of a solution of a maze of cells (its ``.path``), or None without one."""
    if solution is None:
        return None
    if not hasattr(solution, "path"):
        raise TypeError(f"needs a solution with a .path, got {type(solution).__name__}")
    return getattr(solution, "path")


def check_cells_path(geometry: Geometry, path: ArrayLike) -> NDArray[np.int64]:
    """``path`` as an array of cell numbers of ``geometry``, each a neighbour of the one before.

    Raises
    ------
    MazeError
        A path that is not a sequence of cells of this maze, or that jumps.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> check_cells_path(geometry_of("hex", (2, 2)), [0, 1, 3]).tolist()
    [0, 1, 3]
    >>> check_cells_path(geometry_of("hex", (2, 2)), [0, 3])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: the solution steps from cell 0 to cell 3, which are not neighbours
    """
    try:
        cells = np.asarray(path)
    except (TypeError, ValueError):
        raise MazeError("a solution is a sequence of cell numbers") from None
    if cells.ndim != 1 or not (cells.dtype.kind in "iu" or cells.size == 0):
        raise MazeError(f"a solution of a {geometry.kind} maze is a sequence of cell numbers, "
                        f"got an array of shape {cells.shape}")
    cells = cells.astype(np.int64)
    if cells.size and (cells.min() < 0 or cells.max() >= geometry.cells):
        raise MazeError(f"the solution names a cell that this maze does not have (cells 0 to {geometry.cells - 1})")
    if cells.size > 1:
        a, b = np.minimum(cells[:-1], cells[1:]), np.maximum(cells[:-1], cells[1:])
        keys = geometry.edges[:, 0].astype(np.int64) * geometry.cells + geometry.edges[:, 1]
        wanted = a * geometry.cells + b
        found = np.searchsorted(keys, wanted)
        ok = (found < len(keys)) & (keys[np.minimum(found, len(keys) - 1)] == wanted)
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            raise MazeError(f"the solution steps from cell {cells[i]} to cell {cells[i + 1]}, "
                            "which are not neighbours")
    return cells


def path_lines(geometry: Geometry, cells: NDArray[np.int64]) -> list[NDArray[np.float64]]:
    """The solution through ``cells`` as polylines of drawn centres, only its turns kept;
    in 3D one polyline for each stretch on one layer (the stairs are marked, not drawn)."""
    if not cells.size:
        return []
    at = placed_centres(geometry)[cells]
    if geometry.dims == 3:
        z = geometry.centres[cells, 2]
        cuts = np.flatnonzero(z[1:] != z[:-1]) + 1
    else:
        cuts = np.zeros(0, np.int64)
    return [_corners(part) for part in np.split(at, cuts)]


def _corners(points: NDArray[np.float64]) -> NDArray[np.float64]:
    """``points`` without those in the middle of a straight run."""
    if len(points) < 3:
        return points
    step = np.diff(points, axis=0)
    cross = step[1:, 0] * step[:-1, 1] - step[1:, 1] * step[:-1, 0]
    dot = (step[1:] * step[:-1]).sum(axis=1)
    keep = np.concatenate([[True], (np.abs(cross) > 1e-9) | (dot <= 0), [True]])
    kept: NDArray[np.float64] = points[keep]
    return kept


def drawing_of(maze: GraphMaze, path: ArrayLike | None = None) -> Drawing:
    """The primitives of ``maze``, with ``path`` (cell numbers, start to goal) as its solution.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, grid="triangle", seed=4)
    >>> d = drawing_of(m, [m.start, m.goal] if m.goal in m.open_neighbours(m.start) else None)
    >>> d.start == tuple(m.geometry.centres[m.start])
    True
    """
    maze = check_graph_maze(maze)
    g = maze.geometry
    segments, arcs = wall_pieces(g, maze.passages)
    at = placed_centres(g)
    up, down = stairs(g, maze.passages)
    lines = path_lines(g, check_cells_path(g, path)) if path is not None else []
    w, h = extent(g)
    return Drawing(g.kind, w, h, segments, arcs, g.hub, _point(at[maze.start]), _point(at[maze.goal]),
                   lines, up, down)


def arc_beziers(arcs: NDArray[np.float64], hub: tuple[float, float]) -> NDArray[np.float64]:
    """Arcs ``[x0, y0, x1, y1, r]`` (clockwise around ``hub``) as cubic Bézier curves
    ``[x0, y0, c1x, c1y, c2x, c2y, x1, y1]``, for a format with no arcs (PDF): one curve a
    quarter turn at most, within 0.03 % of the radius of the arc.

    Examples
    --------
    >>> quarter = arc_beziers(np.array([[1.0, 0.0, 0.0, 1.0, 1.0]]), (0.0, 0.0))
    >>> np.round(quarter, 4).tolist()
    [[1.0, 0.0, 1.0, 0.5523, 0.5523, 1.0, 0.0, 1.0]]
    """
    if not len(arcs):
        return np.zeros((0, 8))
    hx, hy = hub
    a0 = np.arctan2(arcs[:, 1] - hy, arcs[:, 0] - hx)
    sweep = (np.arctan2(arcs[:, 3] - hy, arcs[:, 2] - hx) - a0) % (2 * np.pi)
    pieces = np.maximum(1, np.ceil(sweep / (np.pi / 2) - 1e-9)).astype(np.int64)
    arc = np.repeat(np.arange(len(arcs)), pieces)
    k = np.arange(arc.size) - np.repeat(np.cumsum(pieces) - pieces, pieces)
    step = sweep[arc] / pieces[arc]
    t0 = a0[arc] + step * k
    t1 = t0 + step
    r = arcs[arc, 4]
    handle = 4.0 / 3.0 * np.tan(step / 4) * r  # the control points' distance along the tangents
    x0, y0 = hx + r * np.cos(t0), hy + r * np.sin(t0)
    x1, y1 = hx + r * np.cos(t1), hy + r * np.sin(t1)
    return np.stack([x0, y0, x0 - handle * np.sin(t0), y0 + handle * np.cos(t0),
                     x1 + handle * np.sin(t1), y1 - handle * np.cos(t1), x1, y1], axis=1)


def _point(values: Any) -> tuple[float, float]:
    return float(values[0]), float(values[1])


def stairs_triangles(centres: NDArray[np.float64], up: bool, both: NDArray[np.bool_] | None = None,
                     size: float = STAIRS_SIZE) -> NDArray[np.float64]:
    """Triangles ``(k, 3, 2)`` marking stairs at ``centres``: ▲ for up, ▼ for down; where
    ``both`` is set the mark moves aside (▲ left, ▼ right) to leave room for the other."""
    cx = centres[:, 0] + (0.0 if both is None else np.where(both, -size if up else size, 0.0))
    cy = centres[:, 1]
    tip = -size if up else size
    return np.stack([np.stack([cx, cy + tip], axis=1), np.stack([cx + size, cy - tip], axis=1),
                     np.stack([cx - size, cy - tip], axis=1)], axis=1)


def stairs_marks(drawing: Drawing) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The ▲ and ▼ triangles of a drawing's stairs, ``(k, 3, 2)`` each."""
    up, down = drawing.stairs_up, drawing.stairs_down
    key_up = up[:, 0] * 1e6 + up[:, 1]
    key_down = down[:, 0] * 1e6 + down[:, 1]
    return (stairs_triangles(up, True, np.isin(key_up, key_down)),
            stairs_triangles(down, False, np.isin(key_down, key_up)))


# -- from a point to its cell ------------------------------------------------------------------------

def cell_at(geometry: Geometry, x: ArrayLike, y: ArrayLike) -> NDArray[np.int64]:
    """The cell each drawn point ``(x, y)`` lies in, -1 outside every cell (vectorised).

    Points on a wall go to either side. A weave cell is its whole square here
    (:func:`weave_regions` tells its inner square from its corridors).

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> g = geometry_of("theta", (2,))
    >>> cell_at(g, [3.0, 3.0, 3.0, 0.0], [3.0, 1.5, 4.6, 0.0]).tolist()  # the centre, north, south, a corner
    [0, 1, 4, -1]
    """
    px = np.asarray(x, dtype=np.float64)
    py = np.asarray(y, dtype=np.float64)
    kind = geometry.kind
    p = geometry.params
    if kind in ("weave", "3d"):
        cell = _square_cell(px, py, p["width"], p["height"], p.get("layers", 1))
    elif kind == "hex":
        cell = _hex_cell(px, py, p["width"], p["height"])
    elif kind == "triangle":
        cell = _triangle_cell(px, py, p["width"], p["height"])
    elif kind == "theta":
        cell = _theta_cell(px, py, p["rings"], geometry.hub)
    else:
        raise MazeError(f"cannot tell the cells of a {kind} geometry apart")
    kept = geometry.extra.get("kept")
    if kept is None:
        return cell
    # a geometry cut to a shape: the full grid's cell numbers, renumbered as it keeps them
    number = np.full(int(np.prod(list(p.values()))) + 1, -1, np.int64)
    number[np.asarray(kept, dtype=np.int64)] = np.arange(len(kept))
    renumbered: NDArray[np.int64] = number[cell]  # -1 stays -1 (the table's last entry)
    return renumbered


def _square_cell(x: NDArray[np.float64], y: NDArray[np.float64], width: int, height: int,
                 layers: int) -> NDArray[np.int64]:
    from ..kinds.layers import layer_shift

    shift = layer_shift(width)
    layer = np.floor(x / shift).astype(np.int64)
    col = np.floor(x - layer * shift).astype(np.int64)
    row = np.floor(y).astype(np.int64)
    inside = (layer >= 0) & (layer < layers) & (col >= 0) & (col < width) & (row >= 0) & (row < height)
    return np.where(inside, (layer * height + row) * width + col, -1)


def _nearest(centres: NDArray[np.float64], x: NDArray[np.float64], y: NDArray[np.float64],
             candidates: list[NDArray[np.int64]], valid: list[NDArray[np.bool_]]) -> NDArray[np.int64]:
    """Of each point's candidate cells (the valid ones), the one whose centre is nearest."""
    best = np.full(x.shape, -1, np.int64)
    best_d = np.full(x.shape, np.inf)
    for cell, ok in zip(candidates, valid):
        safe = np.where(ok, cell, 0)
        d = (centres[safe, 0] - x) ** 2 + (centres[safe, 1] - y) ** 2
        better = ok & (d < best_d)
        best = np.where(better, cell, best)
        best_d = np.where(better, d, best_d)
    return best


def _hex_cell(x: NDArray[np.float64], y: NDArray[np.float64], width: int, height: int) -> NDArray[np.int64]:
    from ..kinds.hexagon import SIDE, centres

    c0 = np.floor((x - SIDE) / (1.5 * SIDE)).astype(np.int64)
    candidates, valid = [], []
    for c in (c0, c0 + 1):  # the nearest centre is in one of the two columns around x
        r = np.round(y - 0.5 - 0.5 * (c % 2)).astype(np.int64)  # and in its column, the nearest row
        valid.append((c >= 0) & (c < width) & (r >= 0) & (r < height))
        candidates.append(r * width + c)
    at = centres(width, height)
    cell = _nearest(at, x, y, candidates, valid)
    # inside its hexagon (a point beyond the outline is nearest to an edge cell, but not in it)
    safe = np.maximum(cell, 0)
    dx = np.abs(x - at[safe, 0])
    dy = np.abs(y - at[safe, 1])
    inside = (cell >= 0) & (dy <= 0.5 + 1e-9) & (np.sqrt(3) * dx + dy <= 1 + 1e-9)
    return np.where(inside, cell, -1)


def _triangle_cell(x: NDArray[np.float64], y: NDArray[np.float64], width: int, height: int) -> NDArray[np.int64]:
    from ..kinds.triangle import ROW, SIDE, centres

    r = np.floor(y / ROW).astype(np.int64)
    c0 = np.floor(2 * x / SIDE).astype(np.int64)
    candidates, valid = [], []
    for c in (c0 - 1, c0):
        valid.append((c >= 0) & (c < width) & (r >= 0) & (r < height))
        candidates.append(r * width + c)
    cell = _nearest(centres(width, height), x, y, candidates, valid)
    safe = np.maximum(cell, 0)
    row, col = np.divmod(safe, width)
    up = (row + col) % 2 == 0
    depth = np.where(up, y - row * ROW, (row + 1) * ROW - y) / ROW  # 0 at the tip, 1 at the base
    half = np.abs(x - (col * SIDE / 2 + SIDE / 2))
    inside = (cell >= 0) & (depth >= -1e-9) & (depth <= 1 + 1e-9) & (half <= depth * SIDE / 2 + 1e-9)
    return np.where(inside, cell, -1)


def _theta_cell(x: NDArray[np.float64], y: NDArray[np.float64], rings: int,
                hub: tuple[float, float]) -> NDArray[np.int64]:
    from ..kinds.theta import ring_sizes

    sizes = ring_sizes(rings)
    first = np.concatenate([[0], np.cumsum(sizes)])
    dx, dy = x - hub[0], y - hub[1]
    ring = np.floor(np.hypot(dx, dy)).astype(np.int64)
    turn = (np.arctan2(dx, -dy) / (2 * np.pi)) % 1.0  # clockwise from north
    inside = ring <= rings
    ring = np.minimum(ring, rings)
    index = np.minimum(np.floor(turn * sizes[ring]).astype(np.int64), sizes[ring] - 1)
    return np.where(inside, first[ring] + index, -1)


def weave_regions(geometry: Geometry, x: ArrayLike, y: ArrayLike,
                  inset: float = WEAVE_INSET) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """For a weave drawn inset: the cell whose inner square each point is in, and the edge
    whose corridor it is in (each -1 where none)."""
    px = np.asarray(x, dtype=np.float64)
    py = np.asarray(y, dtype=np.float64)
    cell = cell_at(geometry, px, py)
    fx, fy = px - np.floor(px), py - np.floor(py)
    lo, hi = inset, 1 - inset
    mid_x, mid_y = (fx >= lo) & (fx <= hi), (fy >= lo) & (fy <= hi)
    inner = mid_x & mid_y & (cell >= 0)
    side = np.where(mid_y & (fx > hi), 0, np.where(mid_x & (fy > hi), 1,
                    np.where(mid_y & (fx < lo), 2, np.where(mid_x & (fy < lo), 3, -1))))
    dirs = weave_directions(geometry)
    ok = (cell >= 0) & (side >= 0)
    edge = np.where(ok, dirs[np.maximum(cell, 0), np.maximum(side, 0)], -1)
    return np.where(inner, cell, -1), edge


__all__ = ["ANSWER_WIDTH", "MARGIN", "MARK_RADIUS", "WALL_WIDTH", "WEAVE_INSET", "Drawing", "arc_beziers", "block_shape",
           "cell_at", "check_cells_path", "check_graph_maze", "drawing_of", "extent", "path_lines",
           "placed_centres", "solution_cells", "stairs", "stairs_marks", "stairs_triangles", "wall_pieces", "weave_directions",
           "weave_regions", "weave_walls"]

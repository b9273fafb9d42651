"""SVG drawings of the other grid kinds (theta, hex, triangle, weave, 3D) from their primitives.

The drawing's user units are the maze's own (the coordinates of its cells in its
JSON file): a wall from ``(x0, y0)`` to ``(x1, y1)`` starts at exactly
those numbers, a theta wall between rings as an arc ``A r r 0 0 1 x1 y1`` around
the hub (its end relative, ``a r r 0 0 1 dx dy``), and the viewBox adds a margin of :data:`~meiro.render.kind_drawing.MARGIN`.
The SVG's ``width`` and ``height`` are ``cell`` pixels a unit.

Every closed wall is one subpath of one ``<path>`` (the border's too), its end
written relative to its start (``l dx dy``, ``a r r 0 0 1 dx dy``); the
numbers are written with NumPy as fixed-width decimals (three places, padded
with spaces, which SVG reads as separators), so a million-cell maze's text takes
well under a second where Python's number formatting took several.

The format's limit for these kinds: at most :data:`~meiro.render.svg.SVG_MAX_BLOCKS`
/ 4 cells (a million, as for a square maze of 1000x1000 cells), judged on
:func:`svg_shape`.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError, whole
from ..kinds.maze import GraphMaze
from .kind_drawing import (ANSWER_WIDTH, MARGIN, MARK_RADIUS, WALL_WIDTH, Drawing, check_graph_maze,
                           drawing_of, stairs_marks)
from .palette import Palette

#: decimal places of the coordinates written
DECIMALS = 3


def svg_shape(maze: GraphMaze) -> tuple[int, int]:
    """The block grid an SVG of ``maze`` is costed and limited as: a square maze of as many cells.

    An SVG's cost is its walls, about two a cell whatever the kind, so the
    limits of square mazes (:func:`meiro.render.svg.svg_needs`) apply cell for cell.

    >>> import meiro
    >>> svg_shape(meiro.generate(3, grid="theta", seed=1))     # 43 cells: as a 7x7 maze
    (15, 15)
    """
    side = math.isqrt(max(0, maze.cells - 1)) + 1
    return 2 * side + 1, 2 * side + 1


def fixed_decimals(values: ArrayLike, decimals: int = DECIMALS) -> NDArray[np.uint8]:
    """ASCII of each value right-aligned in one width, ``values.shape + (width,)``: with
    ``decimals`` places, or fewer when the values need fewer.

    Examples
    --------
    >>> fixed_decimals([1.5, -0.25, 12.0]).tobytes().decode()
    '  1.50 -0.25 12.00'
    >>> fixed_decimals([[1.0, 12.0]]).tobytes().decode()
    ' 112'
    """
    values = np.asarray(values, dtype=np.float64)
    for fewer in range(decimals):  # the fewest places that write every value exactly
        scaled = values * 10 ** fewer
        if np.all(np.abs(scaled - np.round(scaled)) < 1e-9):
            decimals = fewer
            break
    v = np.round(values * 10 ** decimals).astype(np.int64)
    a = np.abs(v)
    top = int(a.max()) // 10 ** decimals if a.size else 0
    digits = len(str(top))
    signed = bool((v < 0).any())
    point = 1 if decimals else 0
    width = signed + digits + point + decimals
    out = np.full((*v.shape, width), ord(" "), np.uint8)
    pos = width - 1
    for _ in range(decimals):
        out[..., pos] = 48 + a % 10
        a //= 10
        pos -= 1
    if point:
        out[..., pos] = ord(".")
        pos -= 1
    used = np.ones(v.shape, np.int64)  # integer digits shown: at least one
    for k in range(digits):
        show = (a > 0) | (k == 0)
        out[..., pos] = np.where(show, 48 + a % 10, ord(" "))
        used += (k > 0) & show
        a //= 10
        pos -= 1
    if signed:
        at = width - decimals - point - 1 - used  # just before the first digit
        there = np.take_along_axis(out, at[..., None], axis=-1)
        np.put_along_axis(out, at[..., None], np.where((v < 0)[..., None], ord("-"), there).astype(np.uint8),
                          axis=-1)
    return out


def _columns(*parts: NDArray[np.uint8] | bytes, rows: int) -> str:
    """Rows made of byte columns (fixed text or per-row ASCII arrays), as one string."""
    blocks = [np.broadcast_to(np.frombuffer(p, np.uint8), (rows, len(p))) if isinstance(p, bytes) else p
              for p in parts]
    return np.concatenate(blocks, axis=1).tobytes().decode("ascii") if rows else ""


def path_data(drawing: Drawing) -> str:
    """The ``d`` of the walls' path: ``M x0 y0l dx dy`` a segment, ``M x0 y0a r r 0 0 1 dx dy``
    an arc (its end relative to its start: shorter numbers, the same user units)."""
    out = []
    for rows, arc in ((drawing.segments, False), (drawing.arcs, True)):
        if not len(rows):
            continue
        # the end as written: the start as written plus the step as written, so both meet
        # the next wall's start exactly when the coordinates do
        start = np.round(rows[:, :2], DECIMALS)
        step = np.round(np.round(rows[:, 2:4], DECIMALS) - start, DECIMALS)
        at, by = fixed_decimals(start), fixed_decimals(step)
        if arc:
            r = fixed_decimals(rows[:, 4])
            out.append(_columns(b"M", at[:, 0], b" ", at[:, 1], b"a", r, b" ", r, b" 0 0 1 ", by[:, 0], b" ",
                                by[:, 1], rows=len(rows)))
        else:
            out.append(_columns(b"M", at[:, 0], b" ", at[:, 1], b"l", by[:, 0], b" ", by[:, 1], rows=len(rows)))
    return "".join(out)


def _points(points: NDArray[np.float64]) -> str:
    n = fixed_decimals(points)
    return _columns(n[:, 0], b",", n[:, 1], b" ", rows=len(points)).replace("  ", " ").strip()


def _num(value: float) -> str:
    return f"{round(value, DECIMALS) + 0:g}"


def render_graph_svg(maze: GraphMaze, path: ArrayLike | None = None, *, cell: int = 16,
                     palette: Palette | None = None, title: str | None = None) -> str:
    """Draw a maze of a grid kind other than the square as an SVG document (see the module docs).

    Parameters
    ----------
    maze : GraphMaze
    path : array_like of int, optional
        The solution's cells, start to goal, drawn as a polyline through their centres.
    cell : int
        Pixels a unit (about one cell) in the SVG's ``width`` and ``height``.
    palette : Palette, optional
    title : str, optional
        A ``<title>`` for screen readers (default: the kind, size and seed).

    Examples
    --------
    >>> import meiro
    >>> svg = render_graph_svg(meiro.generate(2, grid="theta", seed=3))
    >>> 'viewBox="-0.25 -0.25 6.5 6.5"' in svg, "a3 3 0 0 1 " in svg
    (True, True)
    """
    maze = check_graph_maze(maze)
    cell = whole(cell, "cell size", 2, 1000, what="a whole number of pixels", error=MazeError)
    palette = palette or Palette()
    drawing = drawing_of(maze, path)
    w, h = drawing.width + 2 * MARGIN, drawing.height + 2 * MARGIN
    if title is None:
        size = "x".join(str(v) for v in maze.size)
        title = f"{maze.kind} maze {size}" + (f", seed {maze.seed}" if maze.seed is not None else "")
    title = title.replace("&", "&amp;").replace("<", "&lt;")
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(w * cell)}" height="{_num(h * cell)}" '
           f'viewBox="{_num(-MARGIN)} {_num(-MARGIN)} {_num(w)} {_num(h)}">',
           f"<title>{title}</title>",
           f'<rect x="{_num(-MARGIN)}" y="{_num(-MARGIN)}" width="{_num(w)}" height="{_num(h)}" '
           f'fill="{palette.hex("path")}"/>']
    for line in drawing.paths:
        if len(line) > 1:
            out.append(f'<polyline class="answer" points="{_points(line)}" fill="none" '
                       f'stroke="{palette.hex("answer")}" stroke-width="{_num(ANSWER_WIDTH)}" '
                       'stroke-linecap="round" stroke-linejoin="round"/>')
    x, y = drawing.start
    out.append(f'<circle class="start" cx="{_num(x)}" cy="{_num(y)}" r="{_num(MARK_RADIUS)}" '
               f'fill="{palette.hex("start")}"/>')
    x, y = drawing.goal
    out.append(f'<rect class="goal" x="{_num(x - MARK_RADIUS)}" y="{_num(y - MARK_RADIUS)}" '
               f'width="{_num(2 * MARK_RADIUS)}" height="{_num(2 * MARK_RADIUS)}" fill="{palette.hex("goal")}"/>')
    up, down = stairs_marks(drawing)
    for name, marks in (("up", up), ("down", down)):
        if len(marks):
            n = fixed_decimals(marks.reshape(-1, 6))
            d = _columns(b"M", n[:, 0], b" ", n[:, 1], b"L", n[:, 2], b" ", n[:, 3], b"L", n[:, 4], b" ",
                         n[:, 5], b"Z", rows=len(marks))
            out.append(f'<path class="stairs-{name}" d="{d}" fill="{palette.hex("wall")}"/>')
    out.append(f'<path class="walls" d="{path_data(drawing)}" fill="none" stroke="{palette.hex("wall")}" '
               f'stroke-width="{_num(WALL_WIDTH)}" stroke-linecap="round" stroke-linejoin="round"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["DECIMALS", "fixed_decimals", "path_data", "render_graph_svg", "svg_shape"]

"""SVG drawings of mazes: thin walls (as puzzle books draw them) or blocks.

``thin``  — one line per straight wall between cells; collinear wall pieces are
            merged, so a 200x200 maze is a few thousand segments, not 80,000.
``block`` — the block grid, with wall blocks merged into runs along each row;
            works for any grid, also hand-made ones that are not lattices.
``auto``  — thin when the maze is a lattice (every generated maze), else block.

The start is a red disc, the goal a blue square, and a solution is one
polyline through the centres of its blocks (only its corners are written).
Numbers are whole or halves, so the text is short and stable.

The format's limit (:func:`svg_needs`): at most :data:`SVG_MAX_BLOCKS` blocks
(1000x1000 cells). An SVG is opened in a browser or a drawing program, which
draws every wall as a path: headless Chromium took 28 s to show a
1000x1000-cell SVG (8 MB) and 112 s for one of 2000x2000 cells (33 MB), as long
as the 3000x3000 PDF took to write. Larger mazes are pictures for PNG (up to 64
million pixels) or pages (HTML, 2000x2000 cells), which draw from a bitmap. Its
memory is measured in :mod:`meiro.io.costs`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from numpy.typing import ArrayLike

from ..errors import MazeError, whole
from ..io.costs import GRID_BYTES, Needs, cells, check_output
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .geometry import block_runs, corners, is_lattice, wall_segments
from .kind_drawing import solution_cells
from .palette import Palette

if TYPE_CHECKING:
    from ..solvers import Solution

#: The SVG drawing styles.
STYLES = SVG_STYLES = ("auto", "thin", "block")
#: Blocks in an SVG drawing: 1000x1000 cells (see the module docs).
SVG_MAX_BLOCKS = 2001 * 2001
#: An SVG's writer, bytes a block: the thin style's merged walls, the block style's runs;
#: and the file's bytes a block.
SVG_BYTES = {"thin": 28, "block": 60}
SVG_SIZE = {"thin": 2.5, "block": 5.0}


def svg_needs(fmt: str, shape: tuple[int, int], *, style: str, **_: object) -> Needs:
    """The SVG's cost and limit (:data:`~meiro.io.formats.Format.needs`); ``auto`` is costed
    as ``block``, the dearer style.

    >>> svg_needs("svg", (3, 5), style="thin")
    Needs(format='svg', memory=435, size=37, block=None, frames=None)
    """
    if style not in SVG_STYLES:
        raise MazeError(f"unknown SVG style {style!r}; choose one of: {', '.join(SVG_STYLES)}")
    blocks = shape[0] * shape[1]
    if blocks > SVG_MAX_BLOCKS:
        raise MazeError(f"a {cells(shape)} SVG would take minutes to open: an SVG holds up to "
                        f"1000x1000 cells ({SVG_MAX_BLOCKS:,} blocks); choose a smaller maze, "
                        f"a PNG or a web page (.html)")
    kind = "thin" if style == "thin" else "block"
    return Needs(fmt, blocks * (SVG_BYTES[kind] + GRID_BYTES), int(blocks * SVG_SIZE[kind]))


def svg_file(maze: Maze | GraphMaze, solution: Solution | None = None, *, style: str = "auto",
             palette: Palette | None = None, **_: object) -> bytes:
    """The ``.svg`` file of :func:`meiro.render.render_file`: ``solution``'s path drawn over
    the maze in ``style``, UTF-8 (a maze of another grid kind: :mod:`meiro.render.kind_svg`)."""
    if isinstance(maze, GraphMaze):
        from .kind_svg import svg_shape

        _graph_style(maze, style)
        check_output(".svg", svg_shape(maze), style="thin")
        return render_svg(maze, solution_cells(solution), palette=palette).encode("utf-8")
    if style == "auto":
        style = "thin" if is_lattice(maze.grid) else "block"  # what render_svg will draw
    check_output(".svg", maze.shape, style=style)
    path = solution.path if solution is not None else None
    return render_svg(maze, path, style=style, palette=palette).encode("utf-8")


def _graph_style(maze: GraphMaze, style: str) -> None:
    if style not in STYLES:
        raise MazeError(f"unknown SVG style {style!r}; choose one of: {', '.join(STYLES)}")
    if style == "block":
        raise MazeError(f"the block style draws a square maze's blocks; a {maze.kind} maze is drawn "
                        "with thin walls (style auto or thin)")


def _num(value: float) -> str:
    return f"{value + 0:g}"  # + 0 turns -0.0 into 0


def render_svg(maze: Maze | GraphMaze, path: ArrayLike | None = None, *, style: str = "auto",
               cell: int = 16, palette: Palette | None = None, title: str | None = None) -> str:
    """Draw ``maze`` as an SVG document and return its text.

    A maze of another grid kind (a :class:`~meiro.kinds.maze.GraphMaze`) is drawn by
    :func:`meiro.render.kind_svg.render_graph_svg`, in its own units, with thin walls.

    Parameters
    ----------
    maze : Maze or GraphMaze
    path : array_like of (row, col), optional
        A solution to draw as a polyline (of a GraphMaze: its cell numbers).
    style : {"auto", "thin", "block"}
    cell : int
        Size of one cell in pixels (a block is ``cell / 2`` wide in block style).
    palette : Palette, optional
    title : str, optional
        A ``<title>`` for screen readers (default: the maze's size and seed).

    Examples
    --------
    >>> import meiro
    >>> svg = render_svg(meiro.generate(2, 1, seed=0))
    >>> 'd="M0 0H32M0 16H32M0 0V16M32 0V16"' in svg
    True
    """
    if isinstance(maze, GraphMaze):
        from .kind_svg import render_graph_svg

        _graph_style(maze, style)
        return render_graph_svg(maze, path, cell=cell, palette=palette, title=title)
    if style not in STYLES:
        raise MazeError(f"unknown SVG style {style!r}; choose one of: {', '.join(STYLES)}")
    cell = whole(cell, "cell size", 2, 1000, what="a whole number of pixels", error=MazeError)
    palette = palette or Palette()
    grid = maze.grid
    if style == "auto":
        style = "thin" if is_lattice(grid) else "block"
    check_output(".svg", grid.shape, style=style)
    unit = cell / 2  # one block in block style; half a cell in thin style
    rows, cols = grid.shape
    if style == "thin":
        # thin walls: the drawing spans cells only, with a stroke-wide margin
        margin = max(1.0, cell / 8)
        width, height = (cols - 1) * unit, (rows - 1) * unit
        centre = 0.0  # block (r, c) sits at (c * unit, r * unit)
    else:
        margin = 0.0
        width, height = cols * unit, rows * unit
        centre = unit / 2  # block (r, c) covers [c*unit, (c+1)*unit)
    if title is None:
        seed = f", seed {maze.seed}" if maze.seed is not None else ""
        title = f"maze {maze.width}x{maze.height}{seed}"
    title = title.replace("&", "&amp;").replace("<", "&lt;")
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width + 2 * margin)}" '
           f'height="{_num(height + 2 * margin)}" viewBox="{_num(-margin)} {_num(-margin)} '
           f'{_num(width + 2 * margin)} {_num(height + 2 * margin)}">',
           f"<title>{title}</title>",
           f'<rect x="{_num(-margin)}" y="{_num(-margin)}" width="{_num(width + 2 * margin)}" '
           f'height="{_num(height + 2 * margin)}" fill="{palette.hex("path")}"/>']

    def at(r: int, c: int) -> tuple[str, str]:
        return _num(c * unit + centre), _num(r * unit + centre)

    turns = corners(path) if path is not None else None
    if turns is not None and len(turns):
        points = " ".join(",".join(at(int(r), int(c))) for r, c in turns)
        out.append(f'<polyline class="answer" points="{points}" fill="none" '
                   f'stroke="{palette.hex("answer")}" stroke-width="{_num(max(1.0, cell / 4))}" '
                   'stroke-linecap="round" stroke-linejoin="round"/>')
    radius = _num(cell / 4 if style == "thin" else unit / 2)
    x, y = at(*maze.start)
    out.append(f'<circle class="start" cx="{x}" cy="{y}" r="{radius}" fill="{palette.hex("start")}"/>')
    x, y = at(*maze.goal)
    side = cell / 2 if style == "thin" else unit
    out.append(f'<rect class="goal" x="{_num(float(x) - side / 2)}" y="{_num(float(y) - side / 2)}" '
               f'width="{_num(side)}" height="{_num(side)}" fill="{palette.hex("goal")}"/>')
    if style == "thin":
        horizontal, vertical = wall_segments(grid)
        d = "".join(f"M{_num(x0 * unit)} {_num(y * unit)}H{_num(x1 * unit)}" for y, x0, x1 in horizontal)
        d += "".join(f"M{_num(x * unit)} {_num(y0 * unit)}V{_num(y1 * unit)}" for x, y0, y1 in vertical)
        out.append(f'<path class="walls" d="{d}" fill="none" stroke="{palette.hex("wall")}" '
                   f'stroke-width="{_num(max(1.0, cell / 8))}" stroke-linecap="square"/>')
    else:
        d = "".join(f"M{_num(c0 * unit)} {_num(r * unit)}h{_num((c1 - c0 + 1) * unit)}"
                    f"v{_num(unit)}h{_num(-(c1 - c0 + 1) * unit)}z" for r, c0, c1 in block_runs(grid))
        out.append(f'<path class="walls" d="{d}" fill="{palette.hex("wall")}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"

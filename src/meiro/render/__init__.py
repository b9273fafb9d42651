"""Pictures and prints of mazes: pure functions of a maze that return bytes or text.

One module per format, none of them imported by ``import meiro`` (Pillow is
only needed for PNG and GIF):

============  ==========================================  =============
module        function                                    needs
============  ==========================================  =============
``png``       ``render_png(maze, path=None, ...) -> bytes``  Pillow
``svg``       ``render_svg(maze, path=None, ...) -> str``    -
``gif``       ``render_dig_gif`` / ``render_search_gif``     Pillow
``pdf``       ``render_sheet(mazes, ...) -> bytes``          -
``html``      ``render_html(maze, ...) -> str`` (a game)     -
``ansi``      terminal frames for ``meiro animate``          -
============  ==========================================  =============

A maze of another grid kind (:class:`~meiro.kinds.maze.GraphMaze`) goes through the
same PNG, SVG and GIF functions, which hand it to :mod:`~meiro.render.kind_raster`,
:mod:`~meiro.render.kind_svg` and :mod:`~meiro.render.kind_gif`; all three draw the
primitives of :mod:`~meiro.render.kind_drawing` (walls, arcs, stairs, the solution).

:func:`check_output` (in :mod:`meiro.io.costs`) says what any output, maze
data included, needs in memory and refuses, before any work, one that its format
cannot hold or this machine's memory could not write; each format's limits are in
its module, beside its writer, and every renderer calls it first.

Only the command line writes files (atomically, through
:mod:`meiro.io.writing`); :func:`render_file` picks the renderer for a
file name from the formats' table (:data:`meiro.io.formats.FORMATS`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import MazeError
from ..io.costs import check_output, output_needs
from ..io.formats import FORMATS
from ..maze import Maze

if TYPE_CHECKING:
    from ..kinds.maze import GraphMaze
    from ..solvers import Solution
    from .palette import Palette


def __getattr__(name: str) -> Any:
    if name == "IMAGE_SUFFIXES":  # the pictures' suffixes, read from the table each time
        return _picture_suffixes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _picture_suffixes() -> tuple[str, ...]:
    return tuple(suffix for fmt in FORMATS if fmt.kind == "picture" for suffix in fmt.suffixes)


def picture_shape(maze: Maze | GraphMaze, target: str | os.PathLike[str]) -> tuple[int, int]:
    """The block grid a picture of ``maze`` in ``target``'s format is costed and limited as
    (:func:`check_output`): a square maze's own; for another grid kind its drawing's
    half-unit blocks (:func:`meiro.render.kind_drawing.block_shape`), and for an SVG a
    square maze of as many cells (:func:`meiro.render.kind_svg.svg_shape`).

    Examples
    --------
    >>> import meiro
    >>> picture_shape(meiro.generate(3, 2, seed=1), "m.png")
    (5, 7)
    >>> picture_shape(meiro.generate(4, grid="theta", seed=1), "svg")
    (19, 19)
    """
    if isinstance(maze, Maze):
        return maze.shape
    from .kind_drawing import block_shape, check_graph_maze

    maze = check_graph_maze(maze)
    if str(target).lower().lstrip(".").endswith("svg"):
        from .kind_svg import svg_shape

        return svg_shape(maze)
    return block_shape(maze.geometry)


def render_file(maze: Maze | GraphMaze, target: str | os.PathLike[str], solution: Solution | None = None, *,
                block: int | None = None, palette: Palette | None = None, style: str = "auto",
                max_frames: int = 120, lang: str | None = None) -> bytes:
    """Render ``maze`` in the format named by ``target``'s extension and return the bytes.

    A maze of another grid kind (a :class:`~meiro.kinds.maze.GraphMaze`: theta, hex,
    triangle, weave, 3D) is drawn with its true geometry in PNG, SVG and GIF
    (:mod:`meiro.render.kind_drawing`); its solution's ``path`` (and for a GIF its
    ``explored``) are cell numbers.

    ``solution`` (a :class:`meiro.Solution`) is overlaid on PNG and SVG, turns a
    GIF from the digging replay into the search replay, and is ignored by PDF
    (one page for the maze, one for its answer, which solves the maze itself) and
    by HTML (a page to play the maze in a browser; its answer button finds the way). ``block`` is the PNG/GIF block
    size in pixels (PNG default: 16, or fewer to keep a large maze's picture within
    :data:`meiro.render.png.MAX_PIXELS`), ``style`` the SVG style, ``lang`` the
    language of an HTML page (default: the reader's browser decides).

    Each picture format's writer is the ``encode`` of its declaration in
    :data:`meiro.io.formats.FORMATS`, imported now if it was not.

    Raises :class:`MazeError`, before drawing anything, when the picture is too large
    for its format or for the memory available (:func:`check_output`).

    Examples
    --------
    >>> import meiro
    >>> render_file(meiro.generate(3, 2, seed=1), "maze.svg")[:5]
    b'<?xml'
    >>> render_file(meiro.generate(3, 2, seed=1), "maze.bmp")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot draw a '.bmp' file; choose one of: .png, .svg, .gif, .pdf, .html
    """
    suffix = Path(target).suffix.lower()
    fmt = FORMATS.by_suffix(suffix)
    if fmt is None or fmt.kind != "picture":
        raise MazeError(f"cannot draw a {suffix or 'nameless'!r} file; "
                        f"choose one of: {', '.join(_picture_suffixes())}")
    # each writer checks its format's limits and the memory (check_output) before it draws
    return fmt.encoder()(maze, solution, block=block, palette=palette, style=style,
                         max_frames=max_frames, lang=lang)


__all__ = ["IMAGE_SUFFIXES", "check_output", "output_needs", "picture_shape", "render_file"]

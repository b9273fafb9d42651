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

:func:`check_output` (in :mod:`meiro.render.limits`) says what any output, maze
data included, needs in memory and refuses, before any work, one that its format
cannot hold or this machine's memory could not write; :func:`render_file` and
every renderer call it first.

Only the command line writes files (atomically, through
:mod:`meiro.io.writing`); :func:`render_file` picks the renderer for a
file name.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import MazeError
from ..io.codecs import PICTURE_FORMATS
from ..maze import Maze
from .limits import check_output, output_needs

if TYPE_CHECKING:
    from ..solvers import Solution
    from .palette import Palette

#: File extensions that :func:`render_file` can draw.
IMAGE_SUFFIXES = tuple(f".{name}" for name in PICTURE_FORMATS)


def render_file(maze: Maze, target: str | os.PathLike[str], solution: Solution | None = None, *,
                block: int | None = None, palette: Palette | None = None, style: str = "auto",
                max_frames: int = 120, lang: str | None = None) -> bytes:
    """Render ``maze`` in the format named by ``target``'s extension and return the bytes.

    ``solution`` (a :class:`meiro.Solution`) is overlaid on PNG and SVG, turns a
    GIF from the digging replay into the search replay, and is ignored by PDF
    (one page for the maze, one for its answer, which solves the maze itself) and
    by HTML (a page to play the maze in a browser; its answer button finds the way). ``block`` is the PNG/GIF block
    size in pixels (PNG default: 16, or fewer to keep a large maze's picture within
    :data:`meiro.render.png.MAX_PIXELS`), ``style`` the SVG style, ``lang`` the
    language of an HTML page (default: the reader's browser decides).

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
    if suffix not in IMAGE_SUFFIXES:
        raise MazeError(f"cannot draw a {suffix or 'nameless'!r} file; "
                        f"choose one of: {', '.join(IMAGE_SUFFIXES)}")
    if suffix == ".svg" and style == "auto":
        from .geometry import is_lattice

        style = "thin" if is_lattice(maze.grid) else "block"  # what render_svg will draw
    check_output(suffix, maze.shape, block=block, frames=max_frames, solution=solution is not None,
                 style=style, answers=True)
    path = solution.path if solution is not None else None
    if suffix == ".png":
        from .limits import fitted_block
        from .png import render_png

        return render_png(maze, path, block=block or fitted_block(maze.grid.shape), palette=palette)
    if suffix == ".svg":
        from .svg import render_svg

        return render_svg(maze, path, style=style, palette=palette).encode("utf-8")
    if suffix == ".gif":
        from .gif import render_dig_gif, render_search_gif

        if solution is not None:
            return render_search_gif(maze, solution, block=block, palette=palette,
                                     max_frames=max_frames)
        return render_dig_gif(maze, block=block, palette=palette, max_frames=max_frames)
    if suffix == ".pdf":
        from .pdf import render_sheet

        return render_sheet([maze], per_page=1, title="Maze", palette=palette)
    if suffix == ".html":
        from .html import render_html

        return render_html(maze, palette=palette, lang=lang).encode("utf-8")
    raise AssertionError(suffix)  # unreachable: every suffix above is drawn


__all__ = ["IMAGE_SUFFIXES", "check_output", "output_needs", "render_file"]

"""What each output of a maze costs, and the limits: refused up front, before any work.

:func:`check_output` is the one place that knows, for every format ``meiro``
writes, the memory its writer needs at its peak and the size of what it writes
for a grid of ``shape`` blocks, and each format's own limits. The command line
calls it for every output before it makes the maze, :func:`~meiro.render.render_file`
and each renderer call it before they draw, so a maze that cannot be written is
refused in a moment with the figure, not after minutes or by the system running
out of memory.

Every writer builds the whole file in memory before it is written (atomically),
so the memory is the limit for all of them; the maze's own grid (one byte a
block) is counted too, so the check can be made before the maze exists. The
figures below are the peak memory each writer took beyond the maze it was
given (the process's peak resident size after ``/proc/self/clear_refs``, which
counts Pillow's own allocations too), measured with NumPy 2.4, Pillow 13 and
Python 3.11 on mazes of 100x100 to 3000x3000 cells, with the factors used here
(rounded up by about a tenth) beside them. ``b`` is the PNG or GIF block size in
pixels; a *pixel-frame* is one pixel of one GIF frame.

=========  ==================================  ====================================  ==========================
format     measured peak                       used here                             file size
=========  ==================================  ====================================  ==========================
``png``    ``3b² + b + 1`` bytes a block       ``3.3b² + b + 2`` a block             0.1-0.7 bytes a block
           (3.0-3.2 a pixel, 4.1 at ``b`` 1)
``png``    the game's RGB picture: 9.1 a       ``10b² + 1`` a block                  0.2-0.3 bytes a block
           pixel (``rgb=True``)
``gif``    1.05 a pixel-frame + 5-10 a block   1.1 a pixel-frame + 16 a block        0.01-0.05 a pixel-frame
``svg``    thin 24-27, block 51-55 a block     thin 28, block (and auto) 60          thin 2-2.5, block 4.8
``pdf``    40-50 a block of the page being     45 a block of a page + 6 a block of   1.7 a block drawn
           drawn, + 1.7 a block drawn          every maze and answer drawn
``html``   2 a block; 40 with the replays      2 a block; 40 with the replays        0.2 a block; 4.6 with the
           (small mazes)                       (``html.DIG_REPLAY_BLOCKS``)          replays
``json``   12.4-13.0 a block                   14 a block                            1 byte a block
``txt``    4.7-6.5 a block                     7 a block                             2 bytes a block
``csv``    9.6-9.7 a block                     11 a block                            2 bytes a block
``npy``    2.7-2.9 a block                     3 a block                             1 byte a block
``npz``    0.9-1.2 a block                     2 a block                             0.1 byte a block
=========  ==================================  ====================================  ==========================

(Measured by reading ``VmHWM`` around one call of each writer, e.g. a
1000x1000-cell GIF of 120 frames: 4.0 M pixels a frame, 528 MB, 3.7 s; a
3000x3000-cell JSON file: 36 M blocks, 469 MB, 1.9 s; a 2000x2000-cell SVG with
its answer: 16 M blocks, 426 MB, 15 s.) A maze whose file would need more memory than the
system has available (:func:`meiro.sizes.available_memory`) is refused; below
:data:`meiro.sizes.SMALL_ENOUGH` the system is not asked.

The text a command prints is never built whole: it is written line by line
(:func:`meiro.text.text_lines`), one line and one byte a block at a time, so it
has no limit beyond the maze's own.

Besides the memory, some formats have a limit of their own, where the file
would be unusable or take minutes to write for what the format is for:

* **PNG**: at most :data:`~meiro.render.png.MAX_PIXELS` (64 million) pixels,
  beneath Pillow's own safety limit for reading pictures back (about 89 million).
* **GIF**: each frame at most 64 million pixels, as a PNG, and at most 65535
  pixels a side (the format stores sides in 16 bits); and the frames together at
  most :data:`GIF_MAX_PIXELS` (2^31, about 2.1 billion) pixels. A GIF is an
  animation to watch on a screen, and its frames are held whole until it is
  written: at the limit (a 3000x3000-cell maze in 59 frames) it takes 18 s and
  2.7 GB; the default 120 frames of that maze, 4.3 billion pixels, took 36 s and
  8.8 GB (before the frames were made one at a time, which halved the memory).
  Fewer frames (``--frames``) or a smaller block fit.
* **SVG**: at most :data:`SVG_MAX_BLOCKS` blocks (1000x1000 cells). An SVG is
  opened in a browser or a drawing program, which draws every wall as a path:
  headless Chromium took 28 s to show a 1000x1000-cell SVG (8 MB) and 112 s for
  one of 2000x2000 cells (33 MB), as long as the 3000x3000 PDF took to write.
  Larger mazes are pictures for PNG (up to 64 million pixels) or pages (HTML,
  2000x2000 cells), which draw from a bitmap.
* **PDF**: at most :data:`PDF_MAX_SIDE` blocks a side (200 cells), as
  ``meiro sheet`` always refused: a PDF is printed, and at 200 cells a side a cell
  on A4 is 0.9 mm wide, about the narrowest a pencil line fits in (a
  3000x3000-cell page, whose cells are 0.06 mm, took 124 s to write); and at most
  :data:`PDF_MAX_BLOCKS` blocks drawn in one document, mazes and answers together:
  16 million is 49 mazes of 200x200 cells with their answers, 98 pages, 27 s to
  write, beyond which a sheet stops being a handout and takes minutes.
* **HTML**: :func:`meiro.render.html.check_page` (2000x2000 cells, 4000 a side;
  a browser's canvas).
* Maze data (``json``, ``txt``, ``npz``, ``npy``, ``csv``): memory only.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

import numpy as np

from ..errors import MazeError
from ..io.codecs import DATA_FORMATS, PICTURE_FORMATS
from ..sizes import SMALL_ENOUGH, _human, available_memory

if TYPE_CHECKING:
    from typing_extensions import Unpack  # in typing from Python 3.11; only read by type checkers

#: Formats that are drawn (by :mod:`meiro.render`) and that are maze data (by :mod:`meiro.io`):
#: the lists :mod:`meiro.io` keeps, so a new format is named in one place.
PICTURES, DATA = PICTURE_FORMATS, DATA_FORMATS

#: The longest side of a GIF, in pixels (16 bits in the file's header).
GIF_MAX_SIDE = 65535
#: Pixels of all a GIF's frames together (see the module docs).
GIF_MAX_PIXELS = 2**31
#: Blocks in an SVG drawing: 1000x1000 cells (see the module docs).
SVG_MAX_BLOCKS = 2001 * 2001
#: The longest side of a maze printed in a PDF, in blocks: 200 cells.
PDF_MAX_SIDE = 401
#: Blocks drawn in one PDF, every maze and every answer counted (see the module docs).
PDF_MAX_BLOCKS = 16_000_000

#: Bytes a block of the maze's grid, which every writer is given.
GRID_BYTES = 1
#: Peak bytes a block of each data writer (measured in the module docs, rounded up).
DATA_BYTES = {"json": 14, "txt": 7, "csv": 11, "npy": 3, "npz": 2}
#: Bytes a block each data file takes.
DATA_SIZE = {"json": 1.0, "txt": 2.0, "csv": 2.0, "npy": 1.0, "npz": 0.11}
#: A GIF's writer: bytes a pixel-frame (Pillow keeps every frame until the file is written).
GIF_BYTES_PER_PIXEL = 1.1
#: A GIF's writer: bytes a block making the frames (the log, the frame's classes, masks).
GIF_BYTES_PER_BLOCK = 16
#: An SVG's writer, bytes a block: the thin style's merged walls, the block style's runs.
SVG_BYTES = {"thin": 28, "block": 60}
SVG_SIZE = {"thin": 2.5, "block": 5.0}
#: A PDF's writer: bytes a block of the page being drawn (its text), and a block drawn
#: (its compressed page, kept until the file is put together, then twice while it is).
PDF_PAGE_BYTES, PDF_DRAWN_BYTES = 45, 6
#: A web page's writer: bytes a block, and with the replays of small mazes.
HTML_BYTES, HTML_REPLAY_BYTES = 2, 40


@dataclass(frozen=True)
class Needs:
    """What writing one output takes: the format, the peak memory and the file's size in
    bytes (a rough guide for the compressed formats), and for PNG and GIF the block size
    in pixels and for GIF the number of frames that will be used."""

    format: str
    memory: int
    size: int
    block: int | None = None
    frames: int | None = None




# -- each format's own size rules (here, so that the writers import this module and not the
# other way round)

#: Pictures larger than this many pixels are refused (Pillow's own safety limit is ~89M).
MAX_PIXELS = 64_000_000
def largest_block(shape: tuple[int, int]) -> int:
    """The largest block size, in pixels, that keeps a picture of ``shape`` blocks within
    ``MAX_PIXELS`` (0 if even one pixel per block is too many).

    Examples
    --------
    >>> largest_block((31, 31)), largest_block((4001, 4001)), largest_block((9001, 9001))
    (258, 1, 0)
    """
    return math.isqrt(MAX_PIXELS // (shape[0] * shape[1]))


def fitted_block(shape: tuple[int, int], preferred: int = 16) -> int:
    """``preferred`` pixels per block, or fewer if the picture would be too large (at least 1).

    Examples
    --------
    >>> fitted_block((31, 31)), fitted_block((2001, 2001)), fitted_block((4001, 4001))
    (16, 3, 1)
    """
    return max(1, min(preferred, largest_block(shape)))


def check_block(block: object, shape: tuple[int, int]) -> int:
    """Validate a block size in pixels for a grid of ``shape`` blocks.

    Examples
    --------
    >>> check_block(8, (31, 31))
    8
    >>> check_block(64, (201, 201))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 12864x12864-pixel picture is too large; use a block size of at most 39
    """
    if isinstance(block, bool) or not isinstance(block, (int, np.integer)) or not 1 <= block <= 256:
        raise MazeError(f"block size must be a whole number of pixels from 1 to 256, got {block!r}")
    side = int(block)
    pixels = shape[0] * shape[1] * side ** 2
    if pixels > MAX_PIXELS:
        fit = largest_block(shape)
        if fit == 0:
            raise MazeError(f"a {shape[1]}x{shape[0]}-block maze is too large for a picture of at most "
                            f"{MAX_PIXELS // 1_000_000} million pixels; choose a smaller size")
        raise MazeError(f"a {shape[1] * side}x{shape[0] * side}-pixel picture is too large; "
                        f"use a block size of at most {fit}")
    return side


#: Longest side of an animation, in pixels, when no block size is given.
AUTO_SIDE = 640


def auto_block(shape: tuple[int, int], side: int = AUTO_SIDE) -> int:
    """A block size (1..16 pixels) that keeps the picture's longest side near ``side``.

    Examples
    --------
    >>> auto_block((31, 31)), auto_block((41, 21)), auto_block((2001, 2001))
    (16, 15, 1)
    """
    return max(1, min(16, side // max(shape)))


#: The largest grid a page holds: 4001 x 4001 blocks (2000 x 2000 cells) in all, and 8001
#: blocks a side (a browser's canvas stops at 32767 pixels a side). Beyond that the page
#: and the browser's canvas grow past what browsers handle comfortably.
MAX_BLOCKS, MAX_SIDE = 4001 * 4001, 8001
#: Mazes of up to this many blocks carry their carving log, and the page replays the
#: digging before the game; they also carry A*'s and BFS's expansions, which the page
#: replays side by side (f), as the window game does. 2 or 4 bytes a block each: about
#: 2 MB at the most.
DIG_REPLAY_BLOCKS = 250_000
def check_page(shape: tuple[int, int]) -> None:
    """Refuse a grid too large for a page, before any work.

    Examples
    --------
    >>> check_page((8001, 8001))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a web page holds up to 2000x2000 cells (4000 a side); this maze is 4000x4000
    """
    if shape[0] * shape[1] > MAX_BLOCKS or max(shape) > MAX_SIDE:
        raise MazeError(f"a web page holds up to 2000x2000 cells (4000 a side); this maze is "
                        f"{(shape[1] - 1) // 2}x{(shape[0] - 1) // 2}")


#: The SVG drawing styles.
SVG_STYLES = ("auto", "thin", "block")


def output_format(target: object) -> str:
    """The format named by ``target``: a file name, a bare suffix or a format's name.

    Examples
    --------
    >>> output_format("out/maze.GIF"), output_format(".pdf"), output_format("json")
    ('gif', 'pdf', 'json')
    >>> output_format("maze.bmp")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot tell the format of 'maze.bmp': end it in .png, .svg, .gif, \
.pdf, .html, .json, .txt, .npz, .npy or .csv
    """
    if not isinstance(target, (str, os.PathLike)):
        raise TypeError(f"an output is a file name or a format, got {type(target).__name__}")
    text = os.fspath(target)
    name = text.lower().lstrip(".") if text.lower().lstrip(".") in PICTURES + DATA \
        else Path(text).suffix.lower().lstrip(".")
    if name not in PICTURES + DATA:
        known = [f".{f}" for f in PICTURES + DATA]
        raise MazeError(f"cannot tell the format of {text!r}: end it in "
                        f"{', '.join(known[:-1])} or {known[-1]}")
    return name


def _cells(shape: tuple[int, int]) -> str:
    return f"{(shape[1] - 1) // 2}x{(shape[0] - 1) // 2}-cell"


def _whole(value: object, name: str, low: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be a whole number, got {type(value).__name__}")
    if int(value) < low:
        raise MazeError(f"{name} must be a whole number of at least {low}, got {value!r}")
    return int(value)


def _shape(shape: Any) -> tuple[int, int]:  # unchecked input: checked here
    try:
        rows, cols = (int(v.__index__()) for v in shape)
    except (TypeError, ValueError, AttributeError):
        raise TypeError(f"shape must be a pair of whole numbers of blocks, got {shape!r}") from None
    if rows < 1 or cols < 1:
        raise MazeError(f"a maze has at least one block each way, got a shape of {rows}x{cols}")
    return rows, cols


def output_needs(target: str | os.PathLike[str], shape: tuple[int, int], *,
                 block: int | None = None, frames: int = 120, solution: bool = False,
                 style: str = "auto", count: int = 1, per_page: int | None = None,
                 answers: bool = True, rgb: bool = False) -> Needs:
    """What writing ``target`` (a file name, suffix or format) for ``shape`` blocks takes.

    Raises :class:`MazeError` when the format itself cannot hold it (see the module
    docs); the memory is checked by :func:`check_output`.

    Parameters
    ----------
    target : str or path
        ``"maze.gif"``, ``".gif"`` or ``"gif"``.
    shape : (rows, cols)
        The block grid (``2 * height + 1, 2 * width + 1`` for a maze of cells); for a
        PDF of several mazes, the largest.
    block : int, optional
        PNG and GIF: pixels a block (default: as :func:`~meiro.render.render_file` picks).
    frames : int
        GIF: at most this many frames (``max_frames``).
    solution : bool
        Whether a solution is drawn (a GIF of the search replay, not the digging).
    style : {"auto", "thin", "block"}
        SVG style; ``auto`` is costed as ``block``, the dearer of the two.
    count, per_page, answers
        PDF: how many mazes, how many on a page (default as
        :func:`mazes_per_page`), and whether answer pages follow.
    rgb : bool
        PNG: an RGB picture in the game's look (:func:`meiro.ui.raster.maze_image`)
        rather than meiro's palette picture.

    Examples
    --------
    >>> needs = output_needs("maze.gif", (6001, 6001))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 3000x3000-cell GIF of 120 frames is 4.3 billion pixels in all; a GIF \
holds at most 2.1 billion: use at most 59 frames (--frames) or a smaller maze
    >>> output_needs("maze.gif", (601, 601)).frames, output_needs("x.png", (41, 41)).block
    (120, 16)
    >>> output_needs("json", (6001, 6001)).memory // 2**20
    515
    """
    fmt = output_format(target)
    shape = _shape(shape)
    return _NEEDS[fmt](fmt, shape, block=block, frames=frames, solution=solution, style=style,
                       count=count, per_page=per_page, answers=answers, rgb=rgb)


class OutputOptions(TypedDict, total=False):
    """The options of :func:`output_needs` that :func:`check_output` passes on."""

    block: int | None
    frames: int
    solution: bool
    style: str
    count: int
    per_page: int | None
    answers: bool
    rgb: bool


class _Costing(Protocol):
    """One format's rule: its :class:`Needs` for a grid of ``shape`` blocks, given every
    option of :func:`output_needs` (each format reads the ones it has)."""

    def __call__(self, fmt: str, shape: tuple[int, int], *, block: int | None, frames: int,
                 solution: bool, style: str, count: int, per_page: int | None, answers: bool,
                 rgb: bool) -> Needs: ...


def _png(fmt: str, shape: tuple[int, int], *, block: int | None, rgb: bool, **_: object) -> Needs:
    block = check_block(block or fitted_block(shape), shape)
    blocks, pixels = shape[0] * shape[1], shape[0] * shape[1] * block ** 2
    per_block = 10 * block ** 2 + 1 if rgb else 3.3 * block ** 2 + block + 2
    return Needs(fmt, int(blocks * (per_block + GRID_BYTES)), pixels // 10, block=block)


def _gif(fmt: str, shape: tuple[int, int], *, block: int | None, frames: int, **_: object) -> Needs:
    side = check_block(block or auto_block(shape), shape)
    frames = _whole(frames, "max_frames", 2)
    # the log (digging or search) has at most one entry an inner block: fewer frames then
    frames = min(frames, max(1, (shape[0] - 2) * (shape[1] - 2)) + 1)
    height, width = shape[0] * side, shape[1] * side
    if max(height, width) > GIF_MAX_SIDE:
        raise MazeError(f"a {_cells(shape)} GIF would be {width}x{height} pixels; a GIF is at "
                        f"most {GIF_MAX_SIDE} pixels a side: draw it as a PNG or SVG")
    pixels = width * height * frames
    if pixels > GIF_MAX_PIXELS:
        fit = GIF_MAX_PIXELS // (width * height)
        advice = (f"use at most {fit} frames (--frames) or a smaller maze" if fit >= 2
                  else "use a smaller block size (--block) or a smaller maze")
        raise MazeError(f"a {_cells(shape)} GIF of {frames} frames is {pixels / 1e9:.1f} billion "
                        f"pixels in all; a GIF holds at most {GIF_MAX_PIXELS / 1e9:.1f} billion: "
                        f"{advice}")
    blocks = shape[0] * shape[1]
    memory = pixels * GIF_BYTES_PER_PIXEL + blocks * (GIF_BYTES_PER_BLOCK + GRID_BYTES)
    return Needs(fmt, int(memory), pixels // 30, block=side, frames=frames)


def _svg(fmt: str, shape: tuple[int, int], *, style: str, **_: object) -> Needs:
    if style not in SVG_STYLES:
        raise MazeError(f"unknown SVG style {style!r}; choose one of: {', '.join(SVG_STYLES)}")
    blocks = shape[0] * shape[1]
    if blocks > SVG_MAX_BLOCKS:
        raise MazeError(f"a {_cells(shape)} SVG would take minutes to open: an SVG holds up to "
                        f"1000x1000 cells ({SVG_MAX_BLOCKS:,} blocks); choose a smaller maze, "
                        f"a PNG or a web page (.html)")
    kind = "thin" if style == "thin" else "block"
    return Needs(fmt, blocks * (SVG_BYTES[kind] + GRID_BYTES), int(blocks * SVG_SIZE[kind]))


def _pdf(fmt: str, shape: tuple[int, int], *, count: int, per_page: int | None, answers: bool,
         **_: object) -> Needs:
    count = _whole(count, "the number of mazes", 1)
    if max(shape) > PDF_MAX_SIDE:
        raise MazeError(f"a {_cells(shape)} maze is too big to print legibly: a PDF page holds "
                        f"at most {(PDF_MAX_SIDE - 1) // 2} cells a side")
    blocks = shape[0] * shape[1]
    on_a_page = mazes_per_page((max(shape) - 1) // 2, per_page)
    drawn = blocks * count * (2 if answers else 1)
    if drawn > PDF_MAX_BLOCKS:
        fit = PDF_MAX_BLOCKS // (blocks * (2 if answers else 1))
        raise MazeError(f"{count} {_cells(shape)} mazes{' with their answers' if answers else ''} "
                        f"are {drawn:,} blocks to draw; a PDF holds at most {PDF_MAX_BLOCKS:,}: "
                        f"use at most {fit} mazes (--count) or smaller ones")
    memory = (blocks * min(on_a_page, count) * PDF_PAGE_BYTES + drawn * PDF_DRAWN_BYTES
              + blocks * count * GRID_BYTES)
    return Needs(fmt, memory, int(drawn * 1.8))


def _html(fmt: str, shape: tuple[int, int], **_: object) -> Needs:
    check_page(shape)
    blocks = shape[0] * shape[1]
    per_block = HTML_REPLAY_BYTES if blocks <= DIG_REPLAY_BLOCKS else HTML_BYTES
    size = 5.0 if blocks <= DIG_REPLAY_BLOCKS else 0.2
    return Needs(fmt, blocks * (per_block + GRID_BYTES), int(blocks * size))


def _data(fmt: str, shape: tuple[int, int], **_: object) -> Needs:
    blocks = shape[0] * shape[1]
    return Needs(fmt, blocks * (DATA_BYTES[fmt] + GRID_BYTES), int(blocks * DATA_SIZE[fmt]))


_NEEDS: dict[str, _Costing] = {"png": _png, "gif": _gif, "svg": _svg, "pdf": _pdf, "html": _html,
                               **{fmt: _data for fmt in DATA}}


def check_output(target: str | os.PathLike[str], shape: tuple[int, int], *,
                 available: int | None = None, **options: Unpack[OutputOptions]) -> Needs:
    """Refuse, before any work, an output of ``shape`` blocks that could not be written.

    Checks the format's own limits (:func:`output_needs`, whose options it takes) and
    that its writer's peak memory fits in ``available`` bytes (default: what the
    system has, :func:`meiro.sizes.available_memory`; not asked below
    :data:`meiro.sizes.SMALL_ENOUGH`). Returns the :class:`Needs`.

    Examples
    --------
    >>> check_output("maze.png", (41, 41)).block
    16
    >>> check_output("maze.json", (6001, 6001), available=2**29)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 3000x3000-cell JSON file needs about 515.2 MiB of memory; this \
machine has 512.0 MiB available: choose a smaller maze (.npz takes 3 bytes a block, not 15)
    >>> check_output("maze.pdf", (601, 601))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 300x300-cell maze is too big to print legibly: a PDF page holds at \
most 200 cells a side
    """
    needs = output_needs(target, shape, **options)
    if needs.memory < SMALL_ENOUGH:
        return needs  # not worth asking the system
    have = available_memory() if available is None else available
    if have is not None and needs.memory > have:
        raise MazeError(f"a {_cells(_shape(shape))} {_NAMES.get(needs.format, needs.format.upper())} "
                        f"needs about {_human(needs.memory)} of memory; this machine has "
                        f"{_human(have)} available: {_advice(needs, have, _shape(shape))}")
    return needs


_NAMES = {"html": "web page", "pdf": "PDF", **{fmt: f"{fmt.upper()} file" for fmt in DATA}}


def _advice(needs: Needs, have: int, shape: tuple[int, int]) -> str:
    """What would fit instead, for the memory message."""
    blocks = shape[0] * shape[1]
    block = needs.block or 1  # a PNG's and a GIF's needs carry their block size
    if needs.format == "gif":
        # the frames' pixels, beyond what making them takes whatever their number
        per_frame = blocks * block ** 2 * GIF_BYTES_PER_PIXEL
        fit = int((have - blocks * (GIF_BYTES_PER_BLOCK + GRID_BYTES)) // per_frame)
        if fit >= 2:
            return f"use at most {fit} frames (--frames), a smaller block size (--block) or a smaller maze"
    if needs.format in ("png", "gif") and block > 1:
        return "use a smaller block size (--block) or a smaller maze"
    if needs.format in DATA and needs.format != "npz":
        return (f"choose a smaller maze (.npz takes {DATA_BYTES['npz'] + GRID_BYTES} bytes a block, "
                f"not {needs.memory // blocks})")
    return "choose a smaller maze"


def mazes_per_page(side: int, per_page: int | None = None) -> int:
    """``per_page`` checked, or by default how many mazes of ``side`` cells (their longer
    side) fit a page: 6 up to 25 cells, fewer for bigger ones so that corridors stay
    wide enough to draw in with a pencil.

    Examples
    --------
    >>> mazes_per_page(20), mazes_per_page(50), mazes_per_page(200), mazes_per_page(200, 3)
    (6, 2, 1, 3)
    >>> mazes_per_page(20, 0)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: mazes per page must be a whole number from 1 to 30, got 0
    """
    if per_page is None:
        return 6 if side <= 25 else 4 if side <= 40 else 2 if side <= 70 else 1
    if isinstance(per_page, bool) or not isinstance(per_page, int) or not 1 <= per_page <= 30:
        raise MazeError(f"mazes per page must be a whole number from 1 to 30, got {per_page!r}")
    return per_page

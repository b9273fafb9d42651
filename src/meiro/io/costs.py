"""What each output of a maze costs, measured, and the check that refuses one up front.

:func:`check_output` says, for every format meiro writes (:data:`meiro.io.formats.FORMATS`),
the memory its writer needs at its peak and the size of what it writes for a grid
of ``shape`` blocks, and applies the format's own limits. The command line calls
it for every output before it makes the maze, :func:`meiro.save`,
:func:`~meiro.render.render_file` and each renderer call it before they write, so
a maze that cannot be written is refused in a moment with the figure, not after
minutes or by the system running out of memory. Each format brings its own rule
(:attr:`Format.needs <meiro.io.formats.Format.needs>`): maze data a figure a block,
declared with the format; a picture a function in its module of :mod:`meiro.render`,
beside its writer, with its limits (:mod:`meiro.render.png`, ``svg``, ``gif``,
``pdf``, ``html``), imported when that format is asked about.

Every writer builds the whole file in memory before it is written (atomically),
so the memory is the limit for all of them; the maze's own grid (one byte a
block) is counted too, so the check can be made before the maze exists. The
figures below are the peak memory each writer took beyond the maze it was
given (the process's peak resident size after ``/proc/self/clear_refs``, which
counts Pillow's own allocations too), measured with NumPy 2.4, Pillow 13 and
Python 3.11 on mazes of 100x100 to 3000x3000 cells, with the factors used
(rounded up by about a tenth) beside them. ``b`` is the PNG or GIF block size in
pixels; a *pixel-frame* is one pixel of one GIF frame.

=========  ==================================  ====================================  ==========================
format     measured peak                       used                                  file size
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
has no limit beyond the maze's own. Maze data has no limit but the memory.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from ..errors import MazeError
from ..sizes import SMALL_ENOUGH, _human, available_memory
from .formats import FORMATS, resolve

if TYPE_CHECKING:
    from typing_extensions import Unpack  # in typing from Python 3.11; only read by type checkers

#: Bytes a block of the maze's grid, which every writer is given.
GRID_BYTES = 1


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


class Costing(Protocol):
    """One format's rule (:attr:`Format.needs <meiro.io.formats.Format.needs>`): its
    :class:`Needs` for a grid of ``shape`` blocks, given every option of
    :func:`output_needs` (each format reads the ones it has, and takes ``**_`` for the rest)."""

    def __call__(self, fmt: str, shape: tuple[int, int], *, block: int | None, frames: int,
                 solution: bool, style: str, count: int, per_page: int | None, answers: bool,
                 rgb: bool) -> Needs: ...


def cells(shape: tuple[int, int]) -> str:
    """A grid's size in cells, for a message.

    >>> cells((41, 61))
    '30x20-cell'
    """
    return f"{(shape[1] - 1) // 2}x{(shape[0] - 1) // 2}-cell"


def whole(value: object, name: str, low: int) -> int:
    """``value`` as an int of at least ``low`` (``name`` says what it is in the message)."""
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
    bare = text.lower().lstrip(".")
    fmt = FORMATS.get(bare) if bare in FORMATS else FORMATS.by_suffix("." + bare) \
        or FORMATS.by_suffix(Path(text).suffix)
    if fmt is None:
        raise MazeError(f"cannot tell the format of {text!r}: end it in "
                        f"{FORMATS.suffix_list('picture', 'data')}")
    return fmt.name


def output_needs(target: str | os.PathLike[str], shape: tuple[int, int], *,
                 block: int | None = None, frames: int = 120, solution: bool = False,
                 style: str = "auto", count: int = 1, per_page: int | None = None,
                 answers: bool = True, rgb: bool = False) -> Needs:
    """What writing ``target`` (a file name, suffix or format) for ``shape`` blocks takes.

    Raises :class:`MazeError` when the format itself cannot hold it (its module's
    limits); the memory is checked by :func:`check_output`.

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
        :func:`meiro.render.page_layout.mazes_per_page`), and whether answer pages follow.
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
    costing: Costing = resolve(FORMATS.get(fmt).needs)
    return costing(fmt, shape, block=block, frames=frames, solution=solution, style=style,
                   count=count, per_page=per_page, answers=answers, rgb=rgb)


def per_block_needs(fmt: str, shape: tuple[int, int], **_: object) -> Needs:
    """The rule of maze data: the format's declared :attr:`~meiro.io.formats.Format.memory`
    and :attr:`~meiro.io.formats.Format.size`, bytes a block; no limit but the memory.

    >>> per_block_needs("npy", (3, 5))
    Needs(format='npy', memory=60, size=15, block=None, frames=None)
    """
    declared = FORMATS.get(fmt)
    blocks = shape[0] * shape[1]
    return Needs(fmt, int(blocks * (declared.memory + GRID_BYTES)), int(blocks * declared.size))


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
        declared, grid = FORMATS.get(needs.format), _shape(shape)
        raise MazeError(f"a {cells(grid)} {declared.label} needs about {_human(needs.memory)} of "
                        f"memory; this machine has {_human(have)} available: "
                        f"{resolve(declared.advice)(needs, have, grid)}")
    return needs


def smaller_maze(needs: Needs, have: int, shape: tuple[int, int]) -> str:
    """The advice of a format with no other: a smaller maze, or for maze data the
    data format that takes the least memory.

    >>> smaller_maze(Needs("json", 15 * 9, 9), 100, (3, 3))
    'choose a smaller maze (.npz takes 3 bytes a block, not 15)'
    >>> smaller_maze(Needs("svg", 1000, 9), 100, (3, 3))
    'choose a smaller maze'
    """
    declared = FORMATS.get(needs.format)
    data = [f for f in FORMATS if f.kind == "data" and f.memory > 0]
    if declared.kind == "data" and data:
        least = min(data, key=lambda f: f.memory)
        if least.name != declared.name:
            return (f"choose a smaller maze ({least.suffixes[0]} takes {int(least.memory) + GRID_BYTES} "
                    f"bytes a block, not {needs.memory // (shape[0] * shape[1])})")
    return "choose a smaller maze"


__all__ = [
    "GRID_BYTES",
    "Costing",
    "Needs",
    "OutputOptions",
    "cells",
    "check_output",
    "output_format",
    "output_needs",
    "per_block_needs",
    "smaller_maze",
    "whole",
]

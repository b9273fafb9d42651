"""Animated GIFs: the digging replay and the solver's search replay.

Both replay a log the core records on demand (``maze.carve_order``,
``solution.explored``); the animation never re-implements an algorithm. Long
logs are shown several blocks per frame so that any maze gives a short
animation of at most ``max_frames`` frames, the last (finished) one held.

Needs Pillow; ``import meiro`` does not import this module.

The format's limits (:func:`gif_needs`): each frame at most 64 million pixels, as
a PNG (:data:`meiro.render.png.MAX_PIXELS`), and at most :data:`GIF_MAX_SIDE`
pixels a side (the format stores sides in 16 bits); and the frames together at
most :data:`GIF_MAX_PIXELS` (2^31, about 2.1 billion) pixels. A GIF is an
animation to watch on a screen, and its frames are held whole until it is
written: at the limit (a 3000x3000-cell maze in 59 frames) it takes 18 s and
2.7 GB; the default 120 frames of that maze, 4.3 billion pixels, took 36 s and
8.8 GB (before the frames were made one at a time, which halved the memory).
Fewer frames (``--frames``) or a smaller block fit. Its memory is measured in
:mod:`meiro.io.costs`.
"""

from __future__ import annotations

import io  # noqa: F401  (the examples read the GIFs back with it)
import itertools
from typing import TYPE_CHECKING

from ..errors import MazeError
from ..io.costs import GRID_BYTES, Needs, cells, check_output, whole
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .animation import encode_gif as _encode
from .palette import Palette, classes
from .png import _pillow, check_block, indexed_image
from ..paint import CURRENT, rgb
from .replay import check_solution, dig_frames, frame_counts, search_frames

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
    from PIL import Image

    from ..solvers import Solution

#: The longest side of a GIF, in pixels (16 bits in the file's header).
GIF_MAX_SIDE = 65535
#: Pixels of all a GIF's frames together (see the module docs).
GIF_MAX_PIXELS = 2**31
#: A GIF's writer: bytes a pixel-frame (Pillow keeps every frame until the file is written).
GIF_BYTES_PER_PIXEL = 1.1
#: A GIF's writer: bytes a block making the frames (the log, the frame's classes, masks).
GIF_BYTES_PER_BLOCK = 16
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


def _frame(cls: NDArray[np.uint8], block: int, palette: Palette) -> Image.Image:
    """One frame: :func:`~meiro.render.png.indexed_image` with the yellow of the current block
    (the digging head, the block being expanded) after the picture palette's colours."""
    image = indexed_image(cls, block, palette)
    table = palette.table().ravel().tolist()
    table += [0, 0, 0] * (CURRENT - len(table) // 3) + list(rgb(CURRENT))
    image.putpalette(table)
    return image


def gif_needs(fmt: str, shape: tuple[int, int], *, block: int | None, frames: int,
              **_: object) -> Needs:
    """The GIF's cost and limits (:data:`~meiro.io.formats.Format.needs`; see the module docs):
    the block size (default :func:`auto_block`) and the frames that will be drawn.

    >>> gif_needs("gif", (3, 5), block=None, frames=120).frames  # a tiny maze's log is short
    4
    """
    side = check_block(block or auto_block(shape), shape)
    frames = whole(frames, "max_frames", 2)
    # the log (digging or search) has at most one entry an inner block: fewer frames then
    frames = min(frames, max(1, (shape[0] - 2) * (shape[1] - 2)) + 1)
    height, width = shape[0] * side, shape[1] * side
    if max(height, width) > GIF_MAX_SIDE:
        raise MazeError(f"a {cells(shape)} GIF would be {width}x{height} pixels; a GIF is at "
                        f"most {GIF_MAX_SIDE} pixels a side: draw it as a PNG or SVG")
    pixels = width * height * frames
    if pixels > GIF_MAX_PIXELS:
        fit = GIF_MAX_PIXELS // (width * height)
        advice = (f"use at most {fit} frames (--frames) or a smaller maze" if fit >= 2
                  else "use a smaller block size (--block) or a smaller maze")
        raise MazeError(f"a {cells(shape)} GIF of {frames} frames is {pixels / 1e9:.1f} billion "
                        f"pixels in all; a GIF holds at most {GIF_MAX_PIXELS / 1e9:.1f} billion: "
                        f"{advice}")
    blocks = shape[0] * shape[1]
    memory = pixels * GIF_BYTES_PER_PIXEL + blocks * (GIF_BYTES_PER_BLOCK + GRID_BYTES)
    return Needs(fmt, int(memory), pixels // 30, block=side, frames=frames)


def gif_advice(needs: Needs, have: int, shape: tuple[int, int]) -> str:
    """What would fit in the memory instead: fewer frames, smaller blocks or a smaller maze."""
    blocks = shape[0] * shape[1]
    block = needs.block or 1
    # the frames' pixels, beyond what making them takes whatever their number
    per_frame = blocks * block ** 2 * GIF_BYTES_PER_PIXEL
    fit = int((have - blocks * (GIF_BYTES_PER_BLOCK + GRID_BYTES)) // per_frame)
    if fit >= 2:
        return f"use at most {fit} frames (--frames), a smaller block size (--block) or a smaller maze"
    if block > 1:
        return "use a smaller block size (--block) or a smaller maze"
    return "choose a smaller maze"


def gif_file(maze: Maze | GraphMaze, solution: Solution | None = None, *, block: int | None = None,
             palette: Palette | None = None, max_frames: int = 120, **_: object) -> bytes:
    """The ``.gif`` file of :func:`meiro.render.render_file`: the search replay of
    ``solution``, or without one the digging replay, in at most ``max_frames`` frames."""
    if solution is not None:
        return render_search_gif(maze, solution, block=block, palette=palette, max_frames=max_frames)
    return render_dig_gif(maze, block=block, palette=palette, max_frames=max_frames)


def _gif_block(maze: Maze, block: int | None, max_frames: int, solution: bool = False) -> int:
    """The block size a GIF of ``maze`` is drawn at, once :func:`check_output` has passed it."""
    needs = check_output(".gif", maze.grid.shape, block=block, frames=max_frames, solution=solution)
    if needs.block is None:  # not reached: a GIF's needs always carry its block size
        raise AssertionError("check_output gave a GIF no block size")
    return needs.block


def render_dig_gif(maze: Maze | GraphMaze, *, block: int | None = None, palette: Palette | None = None,
                   max_frames: int = 120, frame_ms: int = 50, hold_ms: int = 2000) -> bytes:
    """Animate how the generator dug ``maze`` (from ``maze.carve_order``).

    A maze of another grid kind is animated by
    :func:`meiro.render.kind_gif.render_graph_dig_gif`, its cells filled.

    Each frame opens the next blocks of the log, the newest ones in the
    frontier colour; the last frame is the finished maze with start and goal,
    held for ``hold_ms``.

    Examples
    --------
    >>> import meiro
    >>> from PIL import Image
    >>> m = meiro.generate(4, 4, seed=1)
    >>> gif = Image.open(io.BytesIO(render_dig_gif(m, block=2, max_frames=10)))
    >>> gif.n_frames, gif.size
    (10, (18, 18))
    """
    if isinstance(maze, GraphMaze):
        from .kind_gif import render_graph_dig_gif

        return render_graph_dig_gif(maze, block=block, palette=palette, max_frames=max_frames,
                                    frame_ms=frame_ms, hold_ms=hold_ms)
    _pillow()
    palette = palette or Palette()
    pixels = _gif_block(maze, block, max_frames)
    counts = frame_counts(len(maze.carve_order), max_frames)
    frames = itertools.chain(dig_frames(maze, counts), [classes(maze)])
    return _encode((_frame(cls, pixels, palette) for cls in frames), len(counts) + 1,
                   frame_ms, hold_ms)


def render_search_gif(maze: Maze | GraphMaze, solution: Solution, *, block: int | None = None,
                      palette: Palette | None = None, max_frames: int = 120,
                      frame_ms: int = 50, hold_ms: int = 2000) -> bytes:
    """Animate a solver's search (from ``solution.explored``): closed, frontier, then the path.

    A maze of another grid kind is animated by
    :func:`meiro.render.kind_gif.render_graph_search_gif` (``solution.explored`` and
    ``.path`` are then cell numbers).

    Examples
    --------
    >>> import meiro
    >>> from PIL import Image
    >>> m = meiro.generate(5, 5, seed=2)
    >>> gif = Image.open(io.BytesIO(render_search_gif(m, meiro.solve(m), block=2, max_frames=8)))
    >>> gif.n_frames
    8
    """
    if isinstance(maze, GraphMaze):
        from .kind_gif import render_graph_search_gif

        return render_graph_search_gif(maze, solution, block=block, palette=palette, max_frames=max_frames,
                                       frame_ms=frame_ms, hold_ms=hold_ms)
    check_solution(solution)  # before its search is read
    _pillow()
    palette = palette or Palette()
    pixels = _gif_block(maze, block, max_frames, solution=True)
    counts = frame_counts(len(solution.explored), max_frames)
    images = (_frame(cls, pixels, palette) for cls in search_frames(maze, solution, counts))
    return _encode(images, len(counts) + 1, frame_ms, hold_ms)

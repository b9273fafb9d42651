"""Animated GIFs: the digging replay and the solver's search replay.

Both replay a log the core records on demand (``maze.carve_order``,
``solution.explored``); the animation never re-implements an algorithm. Long
logs are shown several blocks per frame so that any maze gives a short
animation of at most ``max_frames`` frames, the last (finished) one held.

Needs Pillow; ``import meiro`` does not import this module.
"""

from __future__ import annotations

import io
import itertools
from typing import TYPE_CHECKING, Iterator

from ..errors import MazeError
from ..maze import Maze
from .limits import AUTO_SIDE, auto_block, check_block, check_output  # noqa: F401
from .palette import Palette, classes
from .png import _pillow, indexed_image
from .replay import check_solution, dig_frames, frame_counts, search_frames

if TYPE_CHECKING:
    from PIL import Image

    from ..solvers import Solution


def _encode(images: Iterator[Image.Image], count: int, frame_ms: int, hold_ms: int) -> bytes:
    """The GIF of ``count`` frames from the iterator ``images``.

    Pillow keeps its own copy of every frame until the file is written, so the
    frames are made one at a time as it asks for them rather than listed first:
    that halves the peak memory (one byte per pixel and frame instead of two).
    """
    if not (isinstance(frame_ms, int) and isinstance(hold_ms, int) and frame_ms >= 10 and hold_ms >= 10):
        raise MazeError("frame and hold times must be whole milliseconds, at least 10")
    out = io.BytesIO()
    durations = [frame_ms] * (count - 1) + [hold_ms]
    first = next(images)
    first.save(out, format="GIF", save_all=True, append_images=images,
               duration=durations, loop=0, optimize=False)
    return out.getvalue()


def _gif_block(maze: Maze, block: int | None, max_frames: int, solution: bool = False) -> int:
    """The block size a GIF of ``maze`` is drawn at, once :func:`check_output` has passed it."""
    needs = check_output(".gif", maze.grid.shape, block=block, frames=max_frames, solution=solution)
    if needs.block is None:  # not reached: a GIF's needs always carry its block size
        raise AssertionError("check_output gave a GIF no block size")
    return needs.block


def render_dig_gif(maze: Maze, *, block: int | None = None, palette: Palette | None = None,
                   max_frames: int = 120, frame_ms: int = 50, hold_ms: int = 2000) -> bytes:
    """Animate how the generator dug ``maze`` (from ``maze.carve_order``).

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
    _pillow()
    palette = palette or Palette()
    pixels = _gif_block(maze, block, max_frames)
    counts = frame_counts(len(maze.carve_order), max_frames)
    frames = itertools.chain(dig_frames(maze, counts), [classes(maze)])
    return _encode((indexed_image(cls, pixels, palette) for cls in frames), len(counts) + 1,
                   frame_ms, hold_ms)


def render_search_gif(maze: Maze, solution: Solution, *, block: int | None = None,
                      palette: Palette | None = None, max_frames: int = 120,
                      frame_ms: int = 50, hold_ms: int = 2000) -> bytes:
    """Animate a solver's search (from ``solution.explored``): closed, frontier, then the path.

    Examples
    --------
    >>> import meiro
    >>> from PIL import Image
    >>> m = meiro.generate(5, 5, seed=2)
    >>> gif = Image.open(io.BytesIO(render_search_gif(m, meiro.solve(m), block=2, max_frames=8)))
    >>> gif.n_frames
    8
    """
    check_solution(solution)  # before its search is read
    _pillow()
    palette = palette or Palette()
    pixels = _gif_block(maze, block, max_frames, solution=True)
    counts = frame_counts(len(solution.explored), max_frames)
    images = (indexed_image(cls, pixels, palette) for cls in search_frames(maze, solution, counts))
    return _encode(images, len(counts) + 1, frame_ms, hold_ms)

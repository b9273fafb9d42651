"""Animated GIFs: the digging replay and the solver's search replay.

Both replay a log the core records on demand (``maze.carve_order``,
``solution.explored``); the animation never re-implements an algorithm. Long
logs are shown several blocks per frame so that any maze gives a short
animation of at most ``max_frames`` frames, the last (finished) one held.

Needs Pillow; ``import meiro`` does not import this module.
"""

from __future__ import annotations

import io

from ..errors import MazeError
from ..maze import Maze
from .palette import Palette, classes
from .png import _pillow, check_block, indexed_image
from .replay import dig_frames, frame_counts, search_frames

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


def _encode(images: list, frame_ms: int, hold_ms: int) -> bytes:
    if not (isinstance(frame_ms, int) and isinstance(hold_ms, int) and frame_ms >= 10 and hold_ms >= 10):
        raise MazeError("frame and hold times must be whole milliseconds, at least 10")
    out = io.BytesIO()
    durations = [frame_ms] * (len(images) - 1) + [hold_ms]
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:],
                   duration=durations, loop=0, optimize=False)
    return out.getvalue()


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
    block = check_block(block or auto_block(maze.grid.shape), maze.grid.shape)
    counts = frame_counts(len(maze.carve_order), max_frames)
    images = [indexed_image(cls, block, palette) for cls in dig_frames(maze, counts)]
    images.append(indexed_image(classes(maze), block, palette))
    return _encode(images, frame_ms, hold_ms)


def render_search_gif(maze: Maze, solution, *, block: int | None = None,
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
    _pillow()
    palette = palette or Palette()
    block = check_block(block or auto_block(maze.grid.shape), maze.grid.shape)
    counts = frame_counts(len(solution.explored), max_frames)
    images = [indexed_image(cls, block, palette) for cls in search_frames(maze, solution, counts)]
    return _encode(images, frame_ms, hold_ms)

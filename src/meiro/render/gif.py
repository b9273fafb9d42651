"""Animated GIFs: the digging replay and the solver's search replay.

Both replay a log the core records on demand (``maze.carve_order``,
``solution.explored``); the animation never re-implements an algorithm. Long
logs are shown several blocks per frame so that any maze gives a short
animation of at most ``max_frames`` frames, the last (finished) one held.

Needs Pillow; ``import meiro`` does not import this module.
"""

from __future__ import annotations

import io

import numpy as np

from ..errors import MazeError
from ..maze import Maze
from .palette import CLOSED, FRONTIER, GOAL, PATH, START, WALL, Palette, classes, mark_path
from .png import _pillow, check_block, indexed_image

#: Longest side of an animation, in pixels, when no block size is given.
AUTO_SIDE = 640


def auto_block(shape: tuple[int, int], side: int = AUTO_SIDE) -> int:
    """A block size (1..16 pixels) that keeps the picture's longest side near ``side``."""
    return max(1, min(16, side // max(shape)))


def frame_counts(total: int, max_frames: int) -> np.ndarray:
    """How many log entries each animation frame shows: strictly increasing, ending at ``total``.

    There are ``min(total, max_frames - 1)`` of them (at least one), leaving
    room for the held final frame.

    Examples
    --------
    >>> frame_counts(10, 6).tolist()
    [2, 4, 6, 8, 10]
    >>> frame_counts(3, 100).tolist()
    [1, 2, 3]
    """
    if isinstance(max_frames, bool) or not isinstance(max_frames, int) or max_frames < 2:
        raise MazeError(f"max_frames must be a whole number of at least 2, got {max_frames!r}")
    steps = max(1, min(total, max_frames - 1))
    i = np.arange(1, steps + 1, dtype=np.int64)
    return (total * i + steps // 2) // steps


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
    order = np.asarray(maze.carve_order, dtype=np.int64)
    cls = np.full(maze.grid.shape, WALL, np.uint8)
    flat = cls.ravel()
    images, shown = [], 0
    for count in frame_counts(len(order), max_frames):
        flat[order[:shown]] = PATH
        flat[order[shown:count]] = FRONTIER  # the digging head
        shown = int(count)
        images.append(indexed_image(cls, block, palette))
    images.append(indexed_image(classes(maze), block, palette))
    return _encode(images, frame_ms, hold_ms)


def _shift(mask: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """``out[r, c] = mask[r + dr, c + dc]`` (False outside)."""
    out = np.zeros_like(mask)
    rows, cols = mask.shape
    out[max(0, -dr):rows - max(0, dr), max(0, -dc):cols - max(0, dc)] = \
        mask[max(0, dr):rows + min(0, dr), max(0, dc):cols + min(0, dc)]
    return out


def _touching(mask: np.ndarray) -> np.ndarray:
    return _shift(mask, -1, 0) | _shift(mask, 1, 0) | _shift(mask, 0, -1) | _shift(mask, 0, 1)


def search_layers(grid: np.ndarray, expanded: np.ndarray, stride: int) -> tuple[np.ndarray, np.ndarray]:
    """``(closed, frontier)`` block masks after the positions in ``expanded`` were expanded.

    On a lattice (``stride`` 2) the solver steps cell to cell; the passage
    between two expanded cells is drawn closed, and a cell next to an expanded
    one, with the passage leading to it, is drawn on the frontier, which is
    exactly what the solver has discovered but not yet expanded.
    """
    closed = expanded
    open_ = ~grid
    if stride == 2:
        between = ((_shift(expanded, 0, -1) & _shift(expanded, 0, 1))
                   | (_shift(expanded, -1, 0) & _shift(expanded, 1, 0)))
        closed = expanded | (between & open_)
        passages = _touching(expanded) & open_ & ~closed
        cells = np.zeros_like(grid)
        cells[1::2, 1::2] = True
        frontier = passages | (_touching(passages) & cells & open_ & ~closed)
    else:
        frontier = _touching(expanded) & open_ & ~closed
    return closed, frontier


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
    from ..solve import search_stride

    _pillow()
    palette = palette or Palette()
    block = check_block(block or auto_block(maze.grid.shape), maze.grid.shape)
    explored = np.asarray(solution.explored, dtype=np.int64).reshape(-1, 2)
    stride = search_stride(maze)
    expanded = np.zeros(maze.grid.shape, bool)
    images, shown = [], 0
    closed = frontier = expanded
    for count in frame_counts(len(explored), max_frames):
        step = explored[shown:int(count)]
        expanded[step[:, 0], step[:, 1]] = True
        shown = int(count)
        closed, frontier = search_layers(maze.grid, expanded, stride)
        images.append(indexed_image(_search_classes(maze, closed, frontier), block, palette))
    final = _search_classes(maze, closed, frontier)
    mark_path(final, solution.path)
    final[maze.start], final[maze.goal] = START, GOAL
    images.append(indexed_image(final, block, palette))
    return _encode(images, frame_ms, hold_ms)


def _search_classes(maze: Maze, closed: np.ndarray, frontier: np.ndarray) -> np.ndarray:
    cls = maze.grid.astype(np.uint8)
    cls[closed] = CLOSED
    cls[frontier] = FRONTIER
    cls[maze.start], cls[maze.goal] = START, GOAL
    return cls


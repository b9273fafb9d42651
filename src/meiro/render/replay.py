"""Replays of the core's logs as sequences of block-class frames.

The GIF writer and the terminal animation both show the same thing: a
growing prefix of a log (``maze.carve_order`` or ``solution.explored``) drawn
as block classes (see :mod:`meiro.render.palette`). The frames are computed
here once, with NumPy, and each front end only turns them into pixels or
characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Iterator

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError
from ..maze import Maze
from ..paint import CLOSED, CURRENT, FRONTIER, GOAL, PATH, START, WALL
from .palette import mark_path

if TYPE_CHECKING:
    from ..solvers import Solution


def frame_counts(total: int, max_frames: int) -> NDArray[np.int64]:
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


def _maze(maze: object) -> Maze:
    if not isinstance(maze, Maze):
        raise TypeError(f"needs a meiro.Maze, got {type(maze).__name__}")
    return maze


def _counts(counts: ArrayLike, total: int) -> NDArray[np.int64]:
    """``counts`` as whole numbers from 0 to ``total`` (the log's length), or the error saying why."""
    try:
        array = np.asarray(counts)
    except (TypeError, ValueError):
        raise TypeError("frame counts must be a sequence of whole numbers") from None
    if array.ndim != 1 or not (array.dtype.kind in "iu" or array.size == 0):
        raise TypeError(f"frame counts must be a 1-D sequence of whole numbers, got {array.dtype} "
                        f"with {array.ndim} dimensions")
    if array.size and (array.min() < 0 or array.max() > total):
        raise MazeError(f"frame counts must be from 0 to {total} (the log's length)")
    return array.astype(np.int64)


def dig_frames(maze: Maze, counts: ArrayLike) -> Iterator[NDArray[np.uint8]]:
    """Block classes after each prefix ``order[:count]`` of the carving log.

    The blocks opened since the previous frame are blue (:data:`FRONTIER`), and
    the block dug last, the digging head, yellow (:data:`CURRENT`), as the
    article's figures and the game show it. The same array is updated and
    yielded each time: copy it to keep it. The finished maze (with start and
    goal) is not included; it is :func:`meiro.render.palette.classes`.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 1, seed=0, goal="farthest")
    >>> [(int((f == PATH).sum()), int((f == FRONTIER).sum()), int((f == CURRENT).sum()))
    ...  for f in dig_frames(m, frame_counts(len(m.carve_order), 3))]
    [(0, 2, 1), (3, 1, 1)]
    """
    order = np.asarray(_maze(maze).carve_order, dtype=np.int64)
    steps = _counts(counts, len(order))
    cls = np.full(maze.grid.shape, WALL, np.uint8)
    flat = cls.ravel()
    shown = 0
    for count in steps:
        flat[order[:shown]] = PATH
        flat[order[shown:count]] = FRONTIER
        shown = int(count)
        if shown:
            flat[order[shown - 1]] = CURRENT
        yield cls


def _shift(mask: NDArray[np.bool_], dr: int, dc: int) -> NDArray[np.bool_]:
    """``out[r, c] = mask[r + dr, c + dc]`` (False outside)."""
    out = np.zeros_like(mask)
    rows, cols = mask.shape
    out[max(0, -dr):rows - max(0, dr), max(0, -dc):cols - max(0, dc)] = \
        mask[max(0, dr):rows + min(0, dr), max(0, dc):cols + min(0, dc)]
    return out


def _touching(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    return _shift(mask, -1, 0) | _shift(mask, 1, 0) | _shift(mask, 0, -1) | _shift(mask, 0, 1)


def search_layers(grid: NDArray[np.bool_], expanded: NDArray[np.bool_],
                  stride: int) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """``(closed, frontier)`` block masks after the positions in ``expanded`` were expanded.

    On a lattice (``stride`` 2) the solver steps cell to cell; the passage
    between two expanded cells is drawn closed, and a cell next to an expanded
    one, with the passage leading to it, is drawn on the frontier, which is
    exactly what the solver has discovered but not yet expanded.

    Examples
    --------
    >>> import meiro
    >>> grid = meiro.generate(4, 1, seed=0).grid        # one corridor of four cells
    >>> expanded = np.zeros(grid.shape, bool)
    >>> expanded[1, [1, 3]] = True                      # the first two cells
    >>> closed, frontier = search_layers(grid, expanded, 2)
    >>> closed[1].astype(int).tolist(), frontier[1].astype(int).tolist()
    ([0, 1, 1, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 0, 0, 0])
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


def check_solution(solution: object) -> Solution:
    """``solution`` itself if it is a :class:`meiro.Solution`; a TypeError if not.

    Examples
    --------
    >>> check_solution("path")
    Traceback (most recent call last):
    ...
    TypeError: needs a meiro.Solution, got str
    """
    from ..solvers import Solution

    if not isinstance(solution, Solution):
        raise TypeError(f"needs a meiro.Solution, got {type(solution).__name__}")
    return solution


def search_frames(maze: Maze, solution: Solution, counts: ArrayLike) -> Iterator[NDArray[np.uint8]]:
    """Block classes after each prefix of ``solution.explored``: closed, frontier, the
    block expanded last (:data:`CURRENT`, yellow), start and goal; then one last frame
    with the path (:data:`ANSWER`) on top, traced back from the goal.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)
    >>> sol = meiro.solve(m)
    >>> frames = [f.copy() for f in search_frames(m, sol, frame_counts(sol.expanded, 4))]
    >>> len(frames), int((frames[-1] == 4).sum()) == len(sol.path) - 2
    (4, True)
    """
    from ..solvers import search_stride

    check_solution(solution)
    explored = np.asarray(solution.explored, dtype=np.int64).reshape(-1, 2)
    if explored.size and ((explored < 0).any() or (explored >= _maze(maze).grid.shape).any()):
        raise MazeError("the solution's search lies outside this maze: solve this maze, not another")
    steps = _counts(counts, len(explored))
    stride = search_stride(maze)
    expanded = np.zeros(maze.grid.shape, bool)
    shown = 0
    cls = maze.grid.astype(np.uint8)
    for count in steps:
        step = explored[shown:int(count)]
        expanded[step[:, 0], step[:, 1]] = True
        shown = int(count)
        closed, frontier = search_layers(maze.grid, expanded, stride)
        cls = maze.grid.astype(np.uint8)
        cls[closed] = CLOSED
        cls[frontier] = FRONTIER
        if shown:
            cls[explored[shown - 1, 0], explored[shown - 1, 1]] = CURRENT
        cls[maze.start], cls[maze.goal] = START, GOAL
        yield cls
    mark_path(cls, solution.path)
    cls[maze.start], cls[maze.goal] = START, GOAL
    yield cls


__all__ = ["check_solution", "dig_frames", "frame_counts", "search_frames", "search_layers"]

"""Mazes as pictures for vision models: the easy-to-hard input/target pair, as uint8 arrays.

The "easy-to-hard" maze data (Schwarzschild et al., *Can you learn an algorithm?*,
2021), which maze-dataset's ``RasterizedMazeDataset`` reproduces, shows a maze
as an RGB picture: walls black, open blocks white, the start green
``(0, 255, 0)`` and the goal red ``(255, 0, 0)``; the **target** is the same
size, black but for the solution, which is white, its two ends keeping their
colours. Every block is ``block`` x ``block`` pixels (2 there) and a frame of
``border`` wall pixels (1 there) goes round the picture. meiro's block grid is
maze-dataset's pixel grid, so the pictures match theirs pixel for pixel with
the defaults (maze-dataset's optional removal of isolated cells aside: a
generated maze has none).

Everything works on whole stacks (a batch's ``(count, rows, cols)`` arrays) at
once with NumPy, or on one maze's 2-D arrays.

Examples
--------
>>> import meiro
>>> batch = meiro.generate_batch(2, 3, 2, seed=1, solver="bfs")
>>> inputs, targets = pixels(batch.grids, batch.starts, batch.goals, batch.paths)
>>> inputs.shape, targets.shape, inputs.dtype
((2, 12, 16, 3), (2, 12, 16, 3), dtype('uint8'))
>>> inputs[0, 3, 3].tolist(), inputs[0, 0, 0].tolist()     # the start (block (1, 1)), the frame
([0, 255, 0], [0, 0, 0])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import MazeError, whole

WALL = (0, 0, 0)
OPEN = (255, 255, 255)
START = (0, 255, 0)
GOAL = (255, 0, 0)
#: The solution's colour where a picture shows it over the maze (:func:`picture`).
PATH = (0, 0, 255)
#: Largest side of a block in pixels.
MAX_BLOCK = 64


def pixels(grids: Any, starts: Any, goals: Any, paths: Any, *, block: int = 2,
           border: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The easy-to-hard (input, target) pictures of mazes (module docs).

    Parameters
    ----------
    grids : bool array (count, rows, cols) or (rows, cols)
        True = wall.
    starts, goals : int array (count, 2) or (2,)
        Block coordinates.
    paths : bool array like ``grids``
        The solution's blocks (``MazeBatch.paths``).
    block, border : int
        Pixels a block and pixels of frame.

    Returns
    -------
    inputs, targets : uint8 arrays (..., rows * block + 2 * border, cols * block + 2 * border, 3)
    """
    grids, starts, goals, stacked = _stack(grids, starts, goals)
    paths = np.asarray(paths)
    if not stacked:
        paths = paths[None]
    if paths.shape != grids.shape or paths.dtype != np.bool_:
        raise MazeError("paths must be a bool array of the grids' shape (MazeBatch.paths)")
    index = np.arange(len(grids))
    problem = _colour(~grids)
    solution = _colour(paths)
    for picture in (problem, solution):
        picture[index, starts[:, 0], starts[:, 1]] = START
        picture[index, goals[:, 0], goals[:, 1]] = GOAL
    inputs, targets = (_scaled(p, block, border) for p in (problem, solution))
    return (inputs, targets) if stacked else (inputs[0], targets[0])


def picture(grids: Any, starts: Any, goals: Any, paths: Any = None, *, block: int = 4,
            border: int = 0) -> np.ndarray:
    """RGB pictures of mazes at ``block`` pixels a block, the solution (if given) in blue.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 3, seed=2)
    >>> picture(m.grid, m.start, m.goal, block=5).shape
    (35, 35, 3)
    """
    grids, starts, goals, stacked = _stack(grids, starts, goals)
    out = _colour(~grids)
    if paths is not None:
        paths = np.asarray(paths)
        if not stacked:
            paths = paths[None]
        if paths.shape != grids.shape or paths.dtype != np.bool_:
            raise MazeError("paths must be a bool array of the grids' shape (MazeBatch.paths)")
        out[paths] = PATH
    index = np.arange(len(grids))
    out[index, starts[:, 0], starts[:, 1]] = START
    out[index, goals[:, 0], goals[:, 1]] = GOAL
    out = _scaled(out, block, border)
    return out if stacked else out[0]


def _stack(grids: Any, starts: Any, goals: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    grids = np.asarray(grids)
    stacked = grids.ndim == 3
    if grids.ndim not in (2, 3) or grids.dtype != np.bool_:
        raise MazeError("grids must be a bool array (rows, cols) or (count, rows, cols)")
    if not stacked:
        grids, starts, goals = grids[None], np.asarray(starts)[None], np.asarray(goals)[None]
    ends = []
    for name, value in (("starts", starts), ("goals", goals)):
        value = np.asarray(value)
        if value.shape != (len(grids), 2) or value.dtype.kind not in "iu":
            raise MazeError(f"{name} must be whole-number block coordinates, one pair a maze")
        if ((value < 0) | (value >= grids.shape[1:])).any():
            raise MazeError(f"{name} must lie inside the grids")
        ends.append(value)
    return grids, ends[0], ends[1], stacked


def _colour(mask: np.ndarray) -> np.ndarray:
    out = np.zeros((*mask.shape, 3), np.uint8)
    out[mask] = OPEN
    return out


def _scaled(pictures: np.ndarray, block: int, border: int) -> np.ndarray:
    for name, value, low in (("block", block, 1), ("border", border, 0)):
        whole(value, name, low, MAX_BLOCK, error=MazeError)
    if block > 1:
        pictures = pictures.repeat(block, axis=1).repeat(block, axis=2)
    if border:
        pictures = np.pad(pictures, ((0, 0), (border, border), (border, border), (0, 0)))
    return pictures

"""A maze's symmetries: its canonical form, and one symmetry applied to everything a row holds.

A rotation or reflection of a maze is the same puzzle: the grid, start and goal
are moved together. A maze of ``rows x cols`` blocks has 4 such images (itself,
flipped top to bottom, flipped left to right, turned half round), a square one 8
(those four, transposed). Symmetry ``t`` (0 to 7) is three bits: bit 0 flips the
rows, bit 1 flips the columns, bit 2 then swaps rows and columns (square mazes
only); 0 is the maze itself.

The *canonical form* of a maze is the smallest of its images, compared by start,
then goal, then the grid's blocks in reading order (False before True). Two mazes
have the same canonical form exactly when one is an image of the other, so its
128-bit fingerprint (:func:`canonical_forms`) tells puzzles apart up to symmetry:
what a dataset splits, de-duplicates and excludes by. One compiled pass over the
flat grids finds it, at about a quarter of the cost of making the maze
(``python benchmarks/bench_puzzles.py`` prints the ratio).

Examples
--------
>>> import meiro
>>> m = meiro.generate(6, 6, seed=3)
>>> turned = apply_symmetry(5, m.grid[None], m.start, m.goal)
>>> prints, _ = canonical_forms(m.grid[None], np.array([m.start]), np.array([m.goal]))
>>> again, _ = canonical_forms(turned["grid"], turned["start"][None], turned["goal"][None])
>>> bool((prints == again).all()), bool((turned["grid"][0] == m.grid).all())
(True, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from ..kernels.index import U
from ..kernels.jit import njit
from ..kernels.rng import _mix64

#: the two hash lanes' keys (those of :mod:`meiro.dataset.fingerprint`)
_KEY0 = np.uint64(0x9E3779B97F4A7C15)
_KEY1 = np.uint64(0xC2B2AE3D27D4EB4F)

#: the symmetries' names, by number (module docs)
SYMMETRIES = ("identity", "flip_rows", "flip_cols", "rotate_180", "transpose", "rotate_90",
              "rotate_270", "anti_transpose")


def symmetry_count(rows: int, cols: int) -> int:
    """How many symmetries a ``rows x cols`` grid has: 8 when square, else 4.

    >>> symmetry_count(11, 11), symmetry_count(11, 7)
    (8, 4)
    """
    rows, cols = (whole(v, name, 1, 2**31, error=MazeError) for v, name in ((rows, "rows"), (cols, "cols")))
    return 8 if rows == cols else 4


@njit(inline="always")
def _source(t: int, i: int, j: int, rows: int, cols: int) -> int:
    """The flat block of the maze that block ``(i, j)`` of its image ``t`` shows."""
    a, b = (j, i) if t >= 4 else (i, j)
    if t & 1:
        a = rows - 1 - a
    if t & 2:
        b = cols - 1 - b
    return a * cols + b


@njit(inline="always")
def _moved(t: int, r: int, c: int, rows: int, cols: int) -> tuple[int, int]:
    """Where block ``(r, c)`` goes in image ``t``."""
    x = rows - 1 - r if t & 1 else r
    y = cols - 1 - c if t & 2 else c
    return (y, x) if t >= 4 else (x, y)


@njit(inline="always")
def _image_less(flat: NDArray[np.uint8], ends: NDArray[np.int64], rows: int, cols: int, t: int, u: int) -> bool:
    """Whether image ``t`` of a maze is smaller than its image ``u`` (module docs' order)."""
    for e in range(2):
        pt = _moved(t, ends[2 * e], ends[2 * e + 1], rows, cols)
        pu = _moved(u, ends[2 * e], ends[2 * e + 1], rows, cols)
        for h in range(2):
            if pt[h] != pu[h]:
                return pt[h] < pu[h]
    for i in range(rows):
        for j in range(cols):
            a = flat[U(_source(t, i, j, rows, cols))]
            b = flat[U(_source(u, i, j, rows, cols))]
            if a != b:
                return bool(a < b)
    return False


@njit(cache=True, nogil=True)
def _canonical_kernel(flat: NDArray[np.uint8], ends: NDArray[np.int64], rows: int, cols: int,
                      transforms: NDArray[np.int8], prints: NDArray[np.uint64]) -> None:
    """Each maze's canonical symmetry into ``transforms`` and its image's fingerprint into ``prints``.

    ``flat`` is ``(count, rows * cols)`` (1 = wall), ``ends`` ``(count, 4)``: start row and
    column, goal row and column.
    """
    count = 8 if rows == cols else 4
    for k in range(flat.shape[0]):
        grid = flat[k]
        best = 0
        for t in range(1, count):
            if _image_less(grid, ends[k], rows, cols, t, best):
                best = t
        transforms[k] = best
        h0 = _KEY0 ^ np.uint64(rows * 65536 + cols)
        h1 = _KEY1 ^ np.uint64(rows * 65536 + cols)
        for e in range(2):
            p = _moved(best, ends[k, 2 * e], ends[k, 2 * e + 1], rows, cols)
            word = np.uint64(p[0] * 65536 + p[1])
            h0 = _mix64(h0 ^ (word + _KEY0))
            h1 = _mix64(h1 ^ (word + _KEY1))
        word = np.uint64(0)
        bits = 0
        for i in range(rows):
            for j in range(cols):
                word = (word << np.uint64(1)) | np.uint64(grid[U(_source(best, i, j, rows, cols))] != 0)
                bits += 1
                if bits == 64:
                    h0 = _mix64(h0 ^ (word + _KEY0))
                    h1 = _mix64(h1 ^ (word + _KEY1))
                    word = np.uint64(0)
                    bits = 0
        word = word ^ (np.uint64(bits) << np.uint64(58))
        prints[k, 0] = _mix64(h0 ^ (word + _KEY0))
        prints[k, 1] = _mix64(h1 ^ (word + _KEY1))


def canonical_forms(grids: np.ndarray, starts: np.ndarray,
                    goals: np.ndarray) -> tuple[NDArray[np.uint64], NDArray[np.int8]]:
    """The 128-bit fingerprint of each maze's canonical form, and the symmetry that gives it.

    ``grids`` is ``(count, rows, cols)`` bool (True = wall), ``starts`` and ``goals``
    ``(count, 2)`` blocks. Two mazes get the same fingerprint when one is a rotation or
    reflection of the other (grid, start and goal together), and different ones
    otherwise but with a chance of about ``2**-128`` a pair. Returns ``(prints, transforms)``:
    ``(count, 2)`` uint64 and ``(count,)`` int8, the symmetry (module docs) whose image
    is the canonical form.

    Raises
    ------
    MazeError
        If the arrays' shapes do not fit together or an end lies outside the grid.

    Examples
    --------
    >>> import meiro
    >>> b = meiro.generate_batch(4, 5, 5, seed=1)
    >>> prints, transforms = canonical_forms(b.grids, b.starts, b.goals)
    >>> prints.shape, transforms.dtype.name
    ((4, 2), 'int8')
    """
    grids = np.asarray(grids)
    if grids.ndim != 3 or grids.dtype != np.bool_:
        raise MazeError(f"grids must be a (count, rows, cols) bool array, got {grids.dtype} {grids.shape}")
    count, rows, cols = grids.shape
    starts, goals = _points(starts, "starts"), _points(goals, "goals")
    if starts.shape != (count, 2) or goals.shape != (count, 2):
        raise MazeError(f"{count} grids need ({count}, 2) starts and goals, got {starts.shape} and {goals.shape}")
    if count and (max(int(starts.max()), int(goals.max())) >= 2**31):
        raise MazeError(f"an end lies outside the {rows}x{cols}-block grid")
    ends = np.concatenate([starts.astype(np.int64), goals.astype(np.int64)], axis=1)
    if count and ((ends < 0).any() or (ends[:, ::2] >= rows).any() or (ends[:, 1::2] >= cols).any()):
        raise MazeError(f"an end lies outside the {rows}x{cols}-block grid")
    flat = (np.ascontiguousarray(grids).reshape(count, rows * cols).view(np.uint8) != 0).view(np.uint8)
    transforms = np.zeros(count, np.int8)
    prints = np.zeros((count, 2), np.uint64)
    with np.errstate(over="ignore"):  # (the hash wraps, as a compiled kernel's does)
        _canonical_kernel(flat, ends, rows, cols, transforms, prints)
    return prints, transforms


def _points(value: object, name: str) -> np.ndarray:
    """``value`` as an integer array of points (last axis 2), or a MazeError."""
    array = np.asarray(value) if isinstance(value, (np.ndarray, list, tuple)) else None
    if array is None or array.dtype.kind not in "iu" or array.ndim == 0 or array.shape[-1] != 2:
        raise MazeError(f"{name} must be whole-number (row, column) pairs")
    return array


def _image(t: int, array: np.ndarray) -> np.ndarray:
    """Image ``t`` of a stack of pictures: the last two axes (or, for a picture of shape
    ``(..., H, W, channels)``, the two before the channels) are the grid's."""
    if t & 1:
        array = array[..., ::-1, :]
    if t & 2:
        array = array[..., ::-1]
    if t >= 4:
        array = np.swapaxes(array, -1, -2)
    return np.ascontiguousarray(array)


def move_blocks(t: int, points: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Where blocks ``points`` (``(..., 2)``: row, column) go under symmetry ``t``.

    >>> move_blocks(1, np.array([[1, 1], [1, 3]]), 5, 7).tolist()
    [[3, 1], [3, 3]]
    """
    if symmetry_count(rows, cols) <= whole(t, "symmetry", 0, 7, error=MazeError):
        raise MazeError(f"symmetry {t} needs a square grid, not {rows}x{cols} blocks")
    points = _points(points, "points")
    if points.size and int(points.max()) >= 2**31:
        raise MazeError("points lie outside any grid")
    points = points.astype(np.int64)
    x = rows - 1 - points[..., 0] if t & 1 else points[..., 0]
    y = cols - 1 - points[..., 1] if t & 2 else points[..., 1]
    return np.stack([y, x] if t >= 4 else [x, y], axis=-1)


def apply_symmetry(t: int, grid: np.ndarray, start: Any, goal: Any, *, solution: Any = None,
                   solution_mask: np.ndarray | None = None, pixels: np.ndarray | None = None,
                   tokens: bool = False) -> dict[str, Any]:
    """Symmetry ``t`` (0-7, module docs) applied to a maze's row together: data augmentation.

    ``grid`` is a ``(rows, cols)`` grid or a ``(count, rows, cols)`` stack (True = wall);
    ``start`` and ``goal`` its blocks (``(2,)`` or ``(count, 2)``); ``solution`` the path's
    *cells* (``(n, 2)``, as the dataset's ``solution`` column: cell ``(i, j)`` is block
    ``(2i + 1, 2j + 1)``), ``solution_mask`` a grid-shaped bool array and ``pixels`` pictures
    of the grid with their channels last (``(H, W, 3)`` or ``(count, H, W, 3)``, whole blocks
    of pixels, as :mod:`meiro.dataset.pixels` draws them). With ``tokens`` (one maze only) the image's
    maze-dataset AOTP text is made from the moved maze and path. Returns a dict with the
    same keys moved (those given). Symmetries 4 to 7 need a square grid.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=2)
    >>> s = meiro.solve(m)
    >>> cells = [(r // 2, c // 2) for r, c in s.path[::2]]
    >>> out = apply_symmetry(2, m.grid, m.start, m.goal, solution=cells)
    >>> bool((out["grid"] == m.grid[:, ::-1]).all()), out["start"].tolist(), out["solution"][0].tolist()
    (True, [1, 7], [0, 3])
    """
    grid = np.asarray(grid)
    if grid.dtype != np.bool_ or grid.ndim not in (2, 3):
        raise MazeError(f"grid must be a (rows, cols) or (count, rows, cols) bool array, got {grid.dtype} {grid.shape}")
    rows, cols = grid.shape[-2:]
    if not isinstance(t, (int, np.integer)) or isinstance(t, (bool, np.bool_)) \
            or not 0 <= int(t) < symmetry_count(rows, cols):
        raise MazeError(f"symmetry must be a whole number from 0 to {symmetry_count(rows, cols) - 1} for a "
                        f"{rows}x{cols}-block grid, got {t!r}")
    t = int(t)
    out: dict[str, Any] = {"grid": _image(t, grid), "start": move_blocks(t, start, rows, cols),
                           "goal": move_blocks(t, goal, rows, cols)}
    if solution is not None:
        cells = _points(solution, "solution")
        if cells.size and int(cells.max()) >= 2**30:
            raise MazeError("the solution's cells lie outside the grid")
        cells = cells.astype(np.int64)
        out["solution"] = (move_blocks(t, 2 * cells + 1, rows, cols) - 1) // 2
    if solution_mask is not None:
        mask = np.asarray(solution_mask)
        if mask.shape != grid.shape:
            raise MazeError(f"solution_mask must have the grid's shape {grid.shape}, got {mask.shape}")
        out["solution_mask"] = _image(t, mask)
    if pixels is not None:
        picture = np.asarray(pixels)
        if picture.ndim < 3:
            raise MazeError(f"pixels must be pictures with their channels last, (H, W, C), got {picture.shape}")
        out["pixels"] = np.moveaxis(_image(t, np.moveaxis(picture, -1, 0)), 0, -1)
    if not isinstance(tokens, bool):
        raise MazeError(f"tokens must be True or False, got {type(tokens).__name__}")
    if tokens:
        from ..io.maze_dataset import to_tokens
        from ..maze import Maze

        if grid.ndim != 2 or solution is None:
            raise MazeError("tokens are made for one maze with its solution")
        maze = Maze(out["grid"], start=tuple(int(v) for v in out["start"]),
                    goal=tuple(int(v) for v in out["goal"]))
        out["tokens"] = to_tokens(maze, _blocks_of(2 * out["solution"] + 1))
    return out


def _blocks_of(cells: np.ndarray) -> np.ndarray:
    """A path of cell blocks with the wall blocks between them filled in (a block path)."""
    if len(cells) == 0:
        return cells.reshape(0, 2)
    out = [cells[0]]
    for a, b in zip(cells[:-1], cells[1:]):
        out += [(a + b) // 2, b]
    return np.array(out, np.int64)


__all__ = ["SYMMETRIES", "apply_symmetry", "canonical_forms", "move_blocks", "symmetry_count"]

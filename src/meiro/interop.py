"""Mazes in other programs' shapes: NPZ archives, int grids (.npy, .csv).

``.npz``  — NumPy archive with ``grid`` (bool), ``start``, ``goal`` (int64
            pairs) and ``meta`` (the JSON recipe: algorithm, seed, origin).
            Read with ``allow_pickle=False``: only plain arrays, never objects.
``.npy``  — the mazelib-style integer grid, 1 = wall, 0 = path (uint8).
``.csv``  — the same grid as comma-separated 0/1 rows.

An int grid carries no start or goal. On reading, up to two openings in the
border (mazelib's entrance and exit) are closed and the blocks just inside
them become the start and the goal; otherwise the start is ``(1, 1)`` and the
goal the bottom-right cell, or the first/last open block if those are walls.
"""

from __future__ import annotations

import io
import json
import zipfile

import numpy as np

from .errors import MazeError
from .recipe import recipe_from
from .maze import Maze


def to_npz(maze: Maze) -> bytes:
    """The bytes of an ``.npz`` archive holding ``maze``.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 5, seed=3, goal="farthest")
    >>> back = from_npz(to_npz(m))
    >>> back == m, back.seed
    (True, 3)
    """
    out = io.BytesIO()
    meta = json.dumps({"format": "meiro-maze", "version": 1, **(maze.generation or {})})
    np.savez_compressed(out, grid=maze.grid, start=np.array(maze.start, np.int64),
                        goal=np.array(maze.goal, np.int64), meta=np.array(meta))
    return out.getvalue()


def from_npz(data: bytes) -> Maze:
    """Read an ``.npz`` archive written by :func:`to_npz` (no pickles are ever loaded).

    Examples
    --------
    >>> from_npz(b"PK not really")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: not an NPZ archive (it does not start like a zip file)
    """
    if not data.startswith(b"PK\x03\x04"):
        raise MazeError("not an NPZ archive (it does not start like a zip file)")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            missing = [k for k in ("grid", "start", "goal") if k not in archive.files]
            if missing:
                raise MazeError(f"the archive has no {', '.join(missing)} array "
                                f"(it holds: {', '.join(archive.files) or 'nothing'})")
            grid, start, goal = archive["grid"], archive["start"], archive["goal"]
            meta = archive["meta"] if "meta" in archive.files else None
    except MazeError:
        raise
    except (zipfile.BadZipFile, EOFError) as exc:
        raise MazeError(f"not an NPZ archive ({exc})") from None
    except (ValueError, OSError) as exc:
        raise MazeError(f"cannot read the archive: {exc}") from None
    except MemoryError:  # a small file whose header claims a vast array
        raise MazeError("the archive's arrays are too large for this machine's memory") from None
    for name, pair in (("start", start), ("goal", goal)):
        if pair.shape != (2,) or pair.dtype.kind not in "iu":
            raise MazeError(f'"{name}" must be a pair of integers, got shape {pair.shape} {pair.dtype}')
    generation = None
    if meta is not None:
        try:
            recipe = json.loads(str(meta))
        except ValueError:
            raise MazeError('"meta" is not valid JSON') from None
        if not isinstance(recipe, dict):
            raise MazeError('"meta" must hold a JSON object')
        generation = recipe_from(recipe, grid.shape)
    return Maze(grid, tuple(int(v) for v in start), tuple(int(v) for v in goal),
                generation=generation)


def to_int_grid(maze: Maze) -> np.ndarray:
    """The mazelib-style grid: uint8, 1 = wall, 0 = path.

    Examples
    --------
    >>> import meiro
    >>> g = to_int_grid(meiro.generate(2, 1, seed=0))
    >>> g.dtype, g.tolist()
    (dtype('uint8'), [[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]])
    """
    return maze.grid.astype(np.uint8)


def from_int_grid(values) -> Maze:
    """A maze from a 1 = wall / 0 = path integer (or bool) grid, e.g. mazelib's ``m.grid``.

    Examples
    --------
    >>> g = np.array([[1, 0, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 0, 1]])
    >>> m = from_int_grid(g)
    >>> m.start, m.goal, bool(m.grid[0, 1])
    ((1, 1), (1, 3), True)
    """
    grid = np.array(values, copy=True)
    if grid.ndim != 2:
        raise MazeError(f"an int grid must be two-dimensional, got {grid.ndim} dimension(s)")
    if grid.dtype.kind not in "biu" or (grid.size and (grid.min() < 0 or grid.max() > 1)):
        raise MazeError("an int grid must hold only 0 (path) and 1 (wall)")
    grid = grid.astype(bool)
    rows, cols = grid.shape
    if rows < 3 or cols < 3:
        raise MazeError(f"grid must be at least 3x3 blocks, got {cols}x{rows}")
    edge = np.zeros_like(grid)
    edge[0], edge[-1], edge[:, 0], edge[:, -1] = True, True, True, True
    openings = np.argwhere(edge & ~grid)
    if len(openings) > 2:
        r, c = (int(v) for v in openings[2])
        raise MazeError(f"the border has {len(openings)} openings (the third at row {r}, col {c}); "
                        "at most two (entrance and exit) are allowed")
    inner = []
    for r, c in openings:
        grid[r, c] = True
        inner.append((min(max(int(r), 1), rows - 2), min(max(int(c), 1), cols - 2)))
    free = np.argwhere(~grid)
    if not len(free):
        raise MazeError("the grid has no open block")

    def fallback(default, index):
        return default if not grid[default] else tuple(int(v) for v in free[index])

    start = inner[0] if inner else fallback((1, 1), 0)
    goal = inner[1] if len(inner) > 1 else fallback((rows - 2, cols - 2), -1)
    return Maze(grid, start, goal)


def to_csv(maze: Maze) -> str:
    """The int grid as CSV text, one block row per line.

    Examples
    --------
    >>> import meiro
    >>> print(to_csv(meiro.generate(2, 1, seed=0)), end="")
    1,1,1,1,1
    1,0,0,0,1
    1,1,1,1,1
    """
    return "".join(",".join("1" if v else "0" for v in row) + "\n" for row in maze.grid.tolist())


def from_csv(text: str) -> Maze:
    """Read a 0/1 CSV grid (commas, semicolons or whitespace between values).

    Examples
    --------
    >>> from_csv("1,1,1\\n1,0,1\\n1,x,1\\n")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: line 3, value 2: 'x' is not 0 or 1
    """
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        cells = [v.strip() for v in line.replace(";", ",").replace("\t", ",").replace(" ", ",").split(",")]
        cells = [v for v in cells if v]
        if not cells:
            continue
        for position, value in enumerate(cells, 1):
            if value not in ("0", "1"):
                raise MazeError(f"line {number}, value {position}: {value!r} is not 0 or 1")
        if rows and len(cells) != len(rows[0]):
            raise MazeError(f"line {number} has {len(cells)} values but the first row has {len(rows[0])}")
        rows.append([v == "1" for v in cells])
    if not rows:
        raise MazeError("the CSV holds no grid (it is empty)")
    return from_int_grid(np.array(rows, dtype=np.uint8))


def to_npy(maze: Maze) -> bytes:
    """The bytes of a ``.npy`` file holding the uint8 int grid.

    Examples
    --------
    >>> import io, meiro
    >>> data = to_npy(meiro.generate(3, 2, seed=1))
    >>> data[:6]
    b'\\x93NUMPY'
    >>> np.load(io.BytesIO(data)).shape
    (5, 7)
    """
    out = io.BytesIO()
    np.save(out, to_int_grid(maze), allow_pickle=False)
    return out.getvalue()


def from_npy(data: bytes) -> Maze:
    """Read a ``.npy`` int grid (no pickles are ever loaded).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, seed=1)
    >>> back = from_npy(to_npy(m))
    >>> bool((back.grid == m.grid).all()), back.start, back.goal
    (True, (1, 1), (3, 5))
    >>> from_npy(b"not an array")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: not a NumPy .npy array (the file does not start with its magic bytes)
    """
    if not data.startswith(b"\x93NUMPY"):
        raise MazeError("not a NumPy .npy array (the file does not start with its magic bytes)")
    try:
        values = np.load(io.BytesIO(data), allow_pickle=False)
    except (ValueError, OSError, EOFError) as exc:
        raise MazeError(f"not a NumPy .npy array ({exc})") from None
    except MemoryError:  # a small file whose header claims a vast array
        raise MazeError("the array is too large for this machine's memory") from None
    if not isinstance(values, np.ndarray):
        raise MazeError("not a NumPy .npy array")
    return from_int_grid(values)

"""Mazes in other programs' shapes: NPZ archives, int grids (.npy, .csv).

``.npz``  — NumPy archive with ``grid`` (bool), ``start``, ``goal`` (int64
            pairs) and ``meta`` (the JSON recipe: algorithm, seed, origin).
            Read member by member, each header checked before it is inflated:
            only plain arrays, never objects, nothing larger than memory allows.
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
import math
import zipfile
import zlib

import numpy as np
from numpy.typing import ArrayLike

from ..errors import MazeError
from .files import parse_json, read_limit
from ..recipe import recipe_from, shown
from ..maze import Maze, Position


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


def from_npz(data: bytes, limit: int | None = None) -> Maze:
    """Read an ``.npz`` archive written by :func:`to_npz` (no pickles are ever loaded).

    Each array is inflated only after its declared size and its header's shape
    are checked against ``limit`` bytes (default :func:`meiro.io.files.read_limit`),
    and in bounded pieces, so a small archive that would inflate to gigabytes is
    refused first.

    Examples
    --------
    >>> from_npz(b"PK not really")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: not an NPZ archive (it does not start like a zip file)
    """
    if not data.startswith(b"PK\x03\x04"):
        raise MazeError("not an NPZ archive (it does not start like a zip file)")
    limit = read_limit() if limit is None else limit
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {info.filename: info for info in archive.infolist()}
            names = [name[:-4] for name in members if name.endswith(".npy")]
            missing = [k for k in ("grid", "start", "goal") if k not in names]
            if missing:
                raise MazeError(f"the archive has no {', '.join(missing)} array "
                                f"(it holds: {shown(names)[1:-1] or 'nothing'})")
            arrays = {key: _member(archive, members[key + ".npy"], limit)
                      for key in ("grid", "start", "goal", "meta") if key in names}
    except MazeError:
        raise
    except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
        raise MazeError(f"not an NPZ archive ({_reason(exc)})") from None
    except (ValueError, OSError, RuntimeError, NotImplementedError) as exc:
        # RuntimeError: an encrypted member; NotImplementedError: an unknown compression
        raise MazeError(f"cannot read the archive: {_reason(exc)}") from None
    grid, start, goal, meta = (arrays["grid"], arrays["start"], arrays["goal"], arrays.get("meta"))
    for name, pair in (("start", start), ("goal", goal)):
        if pair.shape != (2,) or pair.dtype.kind not in "iu":
            raise MazeError(f'"{name}" must be a pair of integers, got shape {pair.shape} {pair.dtype}')
    if grid.ndim != 2:
        raise MazeError(f'"grid" must be two-dimensional, got {grid.ndim} dimension(s)')
    generation = None
    if meta is not None:
        if meta.shape != () or meta.dtype.kind != "U":
            raise MazeError(f'"meta" must hold one JSON text, got shape {meta.shape} {meta.dtype}')
        try:
            recipe = parse_json(str(meta.item()))
        except MazeError as exc:
            raise MazeError(f'"meta": {exc}') from None
        if not isinstance(recipe, dict):
            raise MazeError('"meta" must hold a JSON object')
        generation = recipe_from(recipe, grid.shape)
    return Maze(grid, tuple(int(v) for v in start), tuple(int(v) for v in goal),
                generation=generation)


def _reason(exc: Exception) -> str:
    """An exception's message cut to a line: zipfile and numpy quote the damaged bytes."""
    return shown(str(exc))[1:-1] or type(exc).__name__


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> np.ndarray:
    try:
        # a copy: the array over the member's bytes is read-only, and a maze's grid is its own
        return _npy_array(_inflate(archive, info, limit), limit).copy()
    except MazeError as exc:
        raise MazeError(f'cannot read the archive\'s "{info.filename[:-4]}" array: {exc}') from None


def _inflate(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    """One member's bytes, refused before inflating if it declares more than ``limit``,
    and inflated in bounded pieces (the declared size bounds what zipfile returns)."""
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        # numpy writes only these; zipfile inflates bzip2 and LZMA a whole piece at a time,
        # unbounded, so a few bytes of them could take gigabytes before any check
        raise MazeError(f"it is compressed with method {info.compress_type}; NumPy archives "
                        "are stored or deflated")
    if info.file_size > limit:
        raise MazeError(f"it would inflate to {info.file_size / 2**20:.0f} MiB, more than the "
                        f"largest maze this machine could hold ({limit / 2**20:.0f} MiB)")
    pieces = []
    with archive.open(info) as member:
        while piece := member.read(2**22):
            pieces.append(piece)
    return b"".join(pieces)


def _npy_array(data: bytes, limit: int) -> np.ndarray:
    """The array of ``.npy`` bytes, its header checked before any memory is taken for it.

    The header names the dtype (never an object: nothing is unpickled) and the
    shape; the data must be as long as they say and no longer than ``limit``.
    """
    if not data.startswith(b"\x93NUMPY"):
        raise MazeError("not a NumPy .npy array (the file does not start with its magic bytes)")
    stream = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(stream)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(stream)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(stream)
        else:
            raise MazeError(f"not a NumPy .npy array meiro reads (format version "
                            f"{version[0]}.{version[1]}; numpy writes 1.0 for these arrays)")
    except MazeError:
        raise
    except Exception as exc:
        raise MazeError(f"not a NumPy .npy array ({_reason(exc)})") from None
    if dtype.hasobject:
        raise MazeError("not a NumPy .npy array of numbers (it holds Python objects, "
                        "which meiro never unpickles)")
    count = math.prod(shape)
    size, held = count * dtype.itemsize, len(data) - stream.tell()
    if size > limit:
        raise MazeError(f"the array's header claims {size / 2**20:.0f} MiB, more than the largest "
                        f"maze this machine could hold ({limit / 2**20:.0f} MiB)")
    if size != held:
        raise MazeError(f"not a NumPy .npy array (its header claims {size} bytes of data, "
                        f"the file holds {held})")
    values = np.frombuffer(data, dtype=dtype, count=count, offset=stream.tell())
    return values.reshape(shape, order="F" if fortran else "C")


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


def from_int_grid(values: ArrayLike) -> Maze:
    """A maze from a 1 = wall / 0 = path integer (or bool) grid, e.g. mazelib's ``m.grid``.

    Examples
    --------
    >>> g = np.array([[1, 0, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 0, 1]])
    >>> m = from_int_grid(g)
    >>> m.start, m.goal, bool(m.grid[0, 1])
    ((1, 1), (1, 3), True)
    """
    try:
        grid = np.asarray(values)
    except (ValueError, TypeError):  # ragged rows, objects numpy cannot hold
        raise MazeError("an int grid must be a two-dimensional array of 0 and 1") from None
    if grid.ndim != 2:
        raise MazeError(f"an int grid must be two-dimensional, got {grid.ndim} dimension(s)")
    if grid.dtype.kind not in "biu" or (grid.size and (grid.min() < 0 or grid.max() > 1)):
        raise MazeError("an int grid must hold only 0 (path) and 1 (wall)")
    grid = grid.astype(bool)  # a copy: the openings are closed in it below
    rows, cols = grid.shape
    if rows < 3 or cols < 3:
        raise MazeError(f"grid must be at least 3x3 blocks, got {cols}x{rows}")
    count, openings = _openings(grid)
    if count > 2:
        r, c = openings[2]
        raise MazeError(f"the border has {count} openings (the third at row {r}, col {c}); "
                        "at most two (entrance and exit) are allowed")
    inner: list[Position] = []
    for r, c in openings:
        grid[r, c] = True
        inner.append((min(max(r, 1), rows - 2), min(max(c, 1), cols - 2)))

    def fallback(default: Position, last: bool) -> Position:
        if not grid[default]:
            return default
        # the first (or last) open block, row by row, found without listing them all
        flat = grid.ravel()
        index = flat.size - 1 - int(np.argmin(flat[::-1])) if last else int(np.argmin(flat))
        return divmod(index, int(cols))

    if grid.all():
        raise MazeError("the grid has no open block")
    start = inner[0] if inner else fallback((1, 1), last=False)
    goal = inner[1] if len(inner) > 1 else fallback((rows - 2, cols - 2), last=True)
    return Maze(grid, start, goal)


def _openings(grid: np.ndarray) -> tuple[int, list[tuple[int, int]]]:
    """How many border blocks are open, and the first three, row by row.

    Only the border is looked at: no grid-sized temporary arrays.
    """
    rows, cols = grid.shape
    top, bottom = np.flatnonzero(~grid[0]), np.flatnonzero(~grid[-1])
    sides = np.argwhere(~grid[1:-1, [0, -1]])
    count = len(top) + len(sides) + len(bottom)
    first = [(0, int(c)) for c in top[:3]]
    first += [(int(r) + 1, 0 if k == 0 else cols - 1) for r, k in sides[:3]]
    first += [(rows - 1, int(c)) for c in bottom[:3]]
    return count, first[:3]


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
    rows: list[list[bool]] = []
    for number, line in enumerate(text.splitlines(), 1):
        cells = [v.strip() for v in line.replace(";", ",").replace("\t", ",").replace(" ", ",").split(",")]
        cells = [v for v in cells if v]
        if not cells:
            continue
        for position, value in enumerate(cells, 1):
            if value not in ("0", "1"):
                raise MazeError(f"line {number}, value {position}: {shown(value)} is not 0 or 1")
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


def from_npy(data: bytes, limit: int | None = None) -> Maze:
    """Read a ``.npy`` int grid (no pickles are ever loaded).

    The header's shape is checked against the data and ``limit`` bytes
    (default :func:`meiro.io.files.read_limit`) before any memory is taken.

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
    return from_int_grid(_npy_array(data, read_limit() if limit is None else limit))

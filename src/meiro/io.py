"""Saving and loading mazes.

The JSON format (``.json``, the default) is meant to be read by people and by
other programs::

    {
      "format": "meiro-maze",
      "version": 1,
      "meiro": "0.1.0",
      "width": 15, "height": 15,          # cells
      "start": [1, 1], "goal": [29, 29],  # (row, col) block coordinates
      "algorithm": "dig", "seed": 4,      # null for a hand-made maze
      "origin": [1, 1],                   # the cell the generator started from
      "braid": null, "mask": null,        # the share of dead ends removed; the mask picture
      "grid": ["###...#", "# S  #", ...]  # one string per block row: '#' wall, ' ' open
    }

``algorithm``, ``seed``, ``origin``, ``braid`` and ``mask`` (one ``.``/``#``
string per cell row) are what it takes to replay the digging.
Other formats, chosen by the file's extension: text (``.txt``, either style
of :mod:`meiro.text`, or plain ``#``/space), a NumPy archive (``.npz``), the
mazelib-style 1 = wall / 0 = path grid (``.npy``, ``.csv``; see
:mod:`meiro.interop`) and, for loading, a PNG drawn by ``meiro render``
(``.png``, needs Pillow).
Loading validates everything and raises :class:`~meiro.MazeError` saying what
is wrong and where; nothing is ever evaluated or unpickled, and no file is read
beyond what the largest maze this machine could load takes
(:func:`meiro.files.read_limit`), be it ``/dev/zero``, a FIFO or a zip bomb.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

from ._version import __version__
from .errors import MazeError
from .files import LOAD_COST, parse_json, read_bytes, read_limit, read_text
from .maze import Maze, check_grid
from .recipe import position_field, recipe_from, shown
from .text import parse_text
from .writing import check_target, write_atomic

FORMAT = "meiro-maze"
VERSION = 1


def to_json(maze: Maze) -> str:
    """The JSON text of ``maze`` (see the module docs for the format).

    Examples
    --------
    >>> import json, meiro
    >>> doc = json.loads(to_json(meiro.generate(2, 1, seed=0)))
    >>> doc["grid"]
    ['#####', '#   #', '#####']
    >>> doc["start"], doc["goal"], doc["algorithm"], doc["seed"]
    ([1, 1], [1, 3], 'dig', 0)
    """
    generation = maze.generation or {}
    rows = np.where(maze.grid, "#", " ").astype("<U1")
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "meiro": __version__,
        "width": maze.width,
        "height": maze.height,
        "start": list(maze.start),
        "goal": list(maze.goal),
        "algorithm": generation.get("algorithm"),
        "seed": generation.get("seed"),
        "origin": generation.get("origin"),
        "braid": generation.get("braid"),
        "mask": generation.get("mask"),
        "grid": ["".join(row) for row in rows.tolist()],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


#: Formats of maze data, which :func:`load` reads back (see the module docs).
DATA_FORMATS = ("json", "txt", "npz", "npy", "csv")
#: Pictures and pages, drawn by :mod:`meiro.render` (``png`` is also read back by :func:`load`).
PICTURE_FORMATS = ("png", "svg", "gif", "pdf", "html")


def format_of(path: str | os.PathLike, given: str | None = None, formats=None) -> str:
    """The format to write ``path`` in: ``given``, or else the one its extension names.

    ``formats``: the names that may be chosen (default: every data and picture format).

    Raises :class:`MazeError` when neither tells (``/dev/stdout``, ``maze``, ``x.bmp``) or
    when the two disagree.

    Examples
    --------
    >>> format_of("maze.JSON"), format_of("/dev/stdout", "svg")
    ('json', 'svg')
    >>> format_of("maze")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot tell the format of 'maze' from its name: end it in .json, .txt, \
.npz, .npy, .csv, .png, .svg, .gif, .pdf or .html, or give the format (--format)
    """
    known = tuple(formats) if formats is not None else (*DATA_FORMATS, *PICTURE_FORMATS)
    if given is not None:
        if given not in known:
            raise MazeError(f"unknown format {given!r}; choose one of: {', '.join(known)}")
    suffix = Path(os.fspath(path)).suffix.lower().lstrip(".")
    if suffix in known:
        if given is not None and given != suffix:
            raise MazeError(f"{os.fspath(path)!r} ends in .{suffix} but the format asked for is {given}")
        return suffix
    if given is not None:
        return given
    raise MazeError(f"cannot tell the format of {os.fspath(path)!r} from its name: end it in "
                    f"{', '.join('.' + name for name in known[:-1])} or .{known[-1]}, "
                    "or give the format (--format)")


def encode(maze: Maze, format: str) -> bytes:
    """The bytes of ``maze`` in a data format (see :data:`DATA_FORMATS`).

    Examples
    --------
    >>> import meiro
    >>> encode(meiro.generate(2, 1, seed=0), "txt").decode().splitlines()
    ['# # # # #', '# S   G #', '# # # # #']
    """
    if format == "json":
        return to_json(maze).encode("utf-8")
    if format == "txt":
        from .text import render_text

        return (render_text(maze) + "\n").encode("utf-8")
    if format in _WRITERS:
        from . import interop

        return getattr(interop, _WRITERS[format])(maze)
    raise MazeError(f"{format!r} is not a maze data format; choose one of: {', '.join(DATA_FORMATS)}")


def save(maze: Maze, path: str | os.PathLike, format: str | None = None) -> None:
    """Write ``maze`` to ``path`` atomically, in ``format`` or the one its extension names.

    Data (read back by :func:`load`): ``.json``, ``.txt``, ``.npz``, ``.npy``/``.csv``
    (int grid). Pictures, drawn with :func:`meiro.render.render_file`'s defaults:
    ``.png`` (also read back), ``.svg``, ``.gif``, ``.pdf``, ``.html``. Any other name
    needs ``format``; special files (``/dev/stdout``, a FIFO) are written to directly
    and symbolic links followed (see :mod:`meiro.writing`).

    Examples
    --------
    >>> import meiro, tempfile, os
    >>> m = meiro.generate(5, 4, seed=2, goal="farthest")
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.json")
    >>> meiro.save(m, path)
    >>> meiro.load(path) == m
    True
    >>> meiro.save(m, path[:-5])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot tell the format of '...maze' from its name: ...
    >>> os.remove(path); os.rmdir(os.path.dirname(path))
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"save() needs a meiro.Maze, got {type(maze).__name__}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"save() needs a file name (str or path), got {type(path).__name__}")
    if format is not None and not isinstance(format, str):
        raise TypeError(f"format must be a name such as 'json', got {type(format).__name__}")
    chosen = format_of(path, format)
    target = check_target(path)  # before the work, so a wrong name costs nothing
    # the format's size and memory limits (light: no Pillow), before the bytes are made
    from .render.limits import check_output

    check_output(f"maze.{chosen}", maze.shape)
    if chosen in DATA_FORMATS:
        data = encode(maze, chosen)
    else:
        # pictures belong to the render layer, loaded only when one is asked for
        from .render import render_file

        data = render_file(maze, f"maze.{chosen}")
    write_atomic(target.name, data)


#: format -> meiro.interop function, for the data formats beyond JSON and text
_WRITERS = {"npz": "to_npz", "npy": "to_npy", "csv": "to_csv"}
_READERS = {".npz": "from_npz", ".npy": "from_npy"}
#: extension -> bytes of memory loading takes per byte of the file, where above
#: :data:`meiro.files.LOAD_COST` (measured: text makes a 4-byte code per character, CSV Python lists)
_LOAD_COST = {".txt": 12, ".csv": 16}


def load(path: str | os.PathLike) -> Maze:
    """Read a maze file: JSON, or the format its extension names (see the module docs).

    Raises
    ------
    MazeError
        If the file is missing, unreadable, malformed or larger than the largest
        maze this machine could load; the message says what is wrong and where.

    Examples
    --------
    >>> import meiro, tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "maze.txt")
    >>> with open(path, "w") as out:
    ...     _ = out.write("#####\\n#S G#\\n#####\\n")
    >>> meiro.load(path)
    Maze(width=2, height=1, start=(1, 1), goal=(1, 3))
    >>> meiro.load(os.path.join(folder, "missing.json"))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read .../missing.json: no such file
    """
    suffix = Path(path).suffix.lower()
    if suffix in (".gif", ".svg", ".pdf"):
        raise MazeError(f"cannot load a {suffix} file: meiro reads mazes from "
                        ".json, .txt, .npz, .npy, .csv and .png files")
    binary = suffix in _READERS or suffix == ".png"
    limit = read_limit(_LOAD_COST.get(suffix, LOAD_COST))
    data = read_bytes(path, limit) if binary else read_text(path, limit)
    try:
        if suffix == ".png":
            from .render.png import read_png

            return read_png(data)
        if binary or suffix == ".csv":
            from . import interop

            return getattr(interop, _READERS.get(suffix, "from_csv"))(data)
        if suffix == ".txt":
            return parse_text(data)
        return from_json(data)
    except MazeError as exc:
        raise MazeError(f"{path}: {exc}") from None


def from_json(text: str) -> Maze:
    """Parse and validate the JSON text of a maze.

    Examples
    --------
    >>> from_json('{"format": "meiro-maze", "version": 1, "grid": ["###", "# #"]}')
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: grid height must be odd and at least 3 blocks, got 2
    """
    if not isinstance(text, str):
        raise TypeError(f"from_json() needs the JSON text as a str, got {type(text).__name__}")
    doc = parse_json(text)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MazeError(f'not a meiro maze file (expected "format": "{FORMAT}")')
    if doc.get("version") != VERSION:
        raise MazeError(f"unsupported maze file version {shown(doc.get('version'))}; "
                        f"this meiro reads version {VERSION}")
    rows = doc.get("grid")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise MazeError('"grid" must be a non-empty list of strings')
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            raise MazeError(f"grid row {number} has {len(row)} blocks but row 0 has {width}")
        bad = row.strip("# ")
        if bad:
            raise MazeError(f"grid row {number}, column {row.index(bad[0])}: unknown character "
                            f"{bad[0]!r} (only '#' for walls and ' ' for paths)")
    grid = np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8).reshape(len(rows), width)
    grid = check_grid(grid == ord("#"))
    start, goal = position_field(doc, "start"), position_field(doc, "goal")
    generation = recipe_from(doc, grid.shape)
    return Maze(grid, start, goal, generation=generation)

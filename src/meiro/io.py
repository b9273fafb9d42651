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
is wrong and where; nothing is ever evaluated or unpickled.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

from ._version import __version__
from .errors import MazeError
from .files import read_bytes, read_text, write_atomic
from .maze import Maze, check_grid
from .recipe import position_field, recipe_from
from .text import parse_text

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


def save(maze: Maze, path: str | os.PathLike) -> None:
    """Write ``maze`` to ``path`` atomically, in the format its extension names.

    ``.txt`` text, ``.npz`` NumPy archive, ``.npy``/``.csv`` int grid, anything
    else JSON.

    Examples
    --------
    >>> import meiro, tempfile, os
    >>> m = meiro.generate(5, 4, seed=2, goal="farthest")
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.json")
    >>> meiro.save(m, path)
    >>> meiro.load(path) == m
    True
    """
    if not isinstance(maze, Maze):
        raise MazeError(f"save() needs a meiro.Maze, got {type(maze).__name__}")
    suffix = Path(path).suffix.lower()
    if suffix == ".txt":
        from .text import render_text

        write_atomic(path, render_text(maze) + "\n")
    elif suffix in _WRITERS:
        from . import interop

        write_atomic(path, getattr(interop, _WRITERS[suffix])(maze))
    else:
        write_atomic(path, to_json(maze))


#: extension -> meiro.interop function, for the formats beyond JSON and text
_WRITERS = {".npz": "to_npz", ".npy": "to_npy", ".csv": "to_csv"}
_READERS = {".npz": "from_npz", ".npy": "from_npy"}


def load(path: str | os.PathLike) -> Maze:
    """Read a maze file: JSON, or the format its extension names (see the module docs).

    Raises
    ------
    MazeError
        If the file is missing, unreadable or malformed; the message says what
        is wrong and where.

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
    data = read_bytes(path) if binary else read_text(path)
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
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MazeError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MazeError(f'not a meiro maze file (expected "format": "{FORMAT}")')
    if doc.get("version") != VERSION:
        raise MazeError(f"unsupported maze file version {doc.get('version')!r}; "
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

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
:mod:`meiro.io.interop`) and, for loading, a PNG drawn by ``meiro render``
(``.png``). Writing and reading files of any format, pictures included, is
:mod:`meiro.io.saving` (:func:`meiro.save`, :func:`meiro.load`), a layer above.
Loading validates everything and raises :class:`~meiro.MazeError` saying what
is wrong and where; nothing is ever evaluated or unpickled, and no file is read
beyond what the largest maze this machine could load takes
(:func:`meiro.io.files.read_limit`), be it ``/dev/zero``, a FIFO or a zip bomb.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from collections.abc import Iterable

import numpy as np

from .._version import __version__
from ..errors import MazeError
from .files import parse_json
from .formats import FORMATS
from ..kinds.maze import GraphMaze
from . import graph_json
from .graph_json import VERSION as GRAPH_VERSION
from ..maze import Maze, check_grid
from ..recipe import position_field, recipe_from, shown

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
        **({"goal_rule": generation["goal_rule"]} if "goal_rule" in generation else {}),
        "grid": ["".join(row) for row in rows.tolist()],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def __getattr__(name: str) -> Any:
    # the format names, read from the registry each time, so that a format declared later counts
    if name == "DATA_FORMATS":  # maze data, which load() reads back
        return tuple(FORMATS.names("data"))
    if name == "PICTURE_FORMATS":  # pictures and pages, drawn by meiro.render
        return tuple(FORMATS.names("picture"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def format_of(path: str | os.PathLike[str], given: str | None = None,
              formats: Iterable[str] | None = None) -> str:
    """The format to write ``path`` in: ``given``, or else the one its extension names.

    ``formats``: the names that may be chosen (default: every format of
    :data:`meiro.io.formats.FORMATS`).

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
    known = list(formats) if formats is not None else FORMATS.names()
    if given is not None:
        if given not in known:
            raise MazeError(f"unknown format {given!r}; choose one of: {', '.join(known)}")
    suffix = Path(os.fspath(path)).suffix.lower()
    named = FORMATS.by_suffix(suffix)
    if named is not None and named.name in known:
        if given is not None and given != named.name:
            raise MazeError(f"{os.fspath(path)!r} ends in {suffix} but the format asked for is {given}")
        return named.name
    if given is not None:
        return given
    raise MazeError(f"cannot tell the format of {os.fspath(path)!r} from its name: end it in "
                    f"{FORMATS.suffix_list(names=known)}, or give the format (--format)")


def encode(maze: Maze, format: str) -> bytes:
    """The bytes of ``maze`` in a data format (see :data:`DATA_FORMATS`).

    Examples
    --------
    >>> import meiro
    >>> encode(meiro.generate(2, 1, seed=0), "txt").decode().splitlines()
    ['# # # # #', '# S   G #', '# # # # #']
    >>> encode(meiro.generate(2, 1, seed=0), "csv")
    b'1,1,1,1,1\\n1,0,0,0,1\\n1,1,1,1,1\\n'
    """
    declared = FORMATS.get(format) if format in FORMATS else None
    if declared is None or declared.kind != "data":
        raise MazeError(f"{format!r} is not a maze data format; choose one of: "
                        f"{', '.join(FORMATS.names('data'))}")
    if isinstance(maze, GraphMaze):
        check_graph_format(maze.kind, declared.name)
    return declared.encoder()(maze)


#: the data formats that hold a maze on any grid kind (the others hold the square block grid)
GRAPH_FORMATS = ("json",)


def check_graph_format(kind: str, format: str) -> None:
    """Refuse a data ``format`` that holds only the square block grid for a maze of grid ``kind``
    (other than the square).

    Examples
    --------
    >>> check_graph_format("theta", "json")
    >>> check_graph_format("theta", "csv")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a theta maze is saved as .json (its cells, neighbours and passages); .txt, .npz, .npy and .csv hold the square block grid only
    """
    if FORMATS.get(format).kind == "data" and format not in GRAPH_FORMATS:
        others = FORMATS.suffix_list("data", last="and", names=[
            name for name in FORMATS.names("data") if name not in GRAPH_FORMATS])
        raise MazeError(f"a {kind} maze is saved as {FORMATS.suffix_list(names=list(GRAPH_FORMATS))} "
                        f"(its cells, neighbours and passages); {others} hold the square block grid only")


def json_bytes(maze: Maze | GraphMaze, solution: Any = None) -> bytes:
    """The ``.json`` file of ``maze``: :func:`to_json`'s text in UTF-8; a grid kind's maze's
    is its graph (:mod:`meiro.io.graph_json`), with ``solution``'s cells when given."""
    if isinstance(maze, GraphMaze):
        return graph_json.json_bytes(maze, solution)
    return to_json(maze).encode("utf-8")


def text_bytes(maze: Maze) -> bytes:
    """The ``.txt`` file of ``maze``: its picture in text (:func:`meiro.render_text`), in UTF-8."""
    from ..text.maze_text import render_text

    return (render_text(maze) + "\n").encode("utf-8")


def csv_bytes(maze: Maze) -> bytes:
    """The ``.csv`` file of ``maze``: the 1 = wall / 0 = path grid (:func:`meiro.io.interop.to_csv`)."""
    from . import interop

    return interop.to_csv(maze).encode("ascii")


def from_json(text: str) -> Maze | GraphMaze:
    """Parse and validate the JSON text of a maze (version 1: the square block grid; version 2:
    a grid kind's graph, :mod:`meiro.io.graph_json`).

    Examples
    --------
    >>> from_json('{"format": "meiro-maze", "version": 1, "grid": ["###", "# #"]}')
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: grid height must be odd and at least 3 blocks, got 2
    """
    if not isinstance(text, str):
        raise TypeError(f"from_json() needs the JSON text as a str, got {type(text).__name__}")
    if '"neighbours"' in text:  # a grid kind's graph: its many small lists take more memory
        graph_json.check_memory(len(text) * graph_json.READ_COST,
                                f"reading a {len(text) / 2**20:,.0f} MiB maze file")
    doc = parse_json(text)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MazeError(f'not a meiro maze file (expected "format": "{FORMAT}")')
    if doc.get("version") == GRAPH_VERSION:  # a grid kind's graph
        return graph_json.from_doc(doc)
    if doc.get("version") != VERSION:
        raise MazeError(f"unsupported maze file version {shown(doc.get('version'))}; "
                        f"this meiro reads versions {VERSION} and {GRAPH_VERSION}")
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

"""Saving and loading maze files of every format: :func:`meiro.save` and :func:`meiro.load`.

Each format is found by its name or suffix in :data:`meiro.io.formats.FORMATS`,
which names the functions that write and read it: the data formats are
:mod:`meiro.io`'s (and :mod:`meiro.io.interop`'s); the pictures are drawn by
:mod:`meiro.render`, whose module is imported only when one is asked for, and a
PNG drawn by meiro reads back.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import MazeError
from .codecs import check_graph_format, format_of
from .graph_json import block_shape
from .costs import check_output
from .files import LOAD_COST, read_bytes, read_limit, read_text
from .formats import DEFAULT, FORMATS
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .writing import check_target, write_atomic


def save(maze: Maze | GraphMaze, path: str | os.PathLike[str], format: str | None = None) -> None:
    """Write ``maze`` to ``path`` atomically, in ``format`` or the one its extension names.

    Data (read back by :func:`load`): ``.json``, ``.txt``, ``.npz``, ``.npy``/``.csv``
    (int grid). Pictures, drawn with :func:`meiro.render.render_file`'s defaults:
    ``.png`` (also read back), ``.svg``, ``.gif``, ``.pdf``, ``.html``. (Each is a
    declaration of :data:`meiro.io.formats.FORMATS`.) Any other name
    needs ``format``; special files (``/dev/stdout``, a FIFO) are written to directly
    and symbolic links followed (see :mod:`meiro.io.writing`).

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
    if not isinstance(maze, (Maze, GraphMaze)):
        raise TypeError(f"save() needs a meiro.Maze or a GraphMaze, got {type(maze).__name__}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"save() needs a file name (str or path), got {type(path).__name__}")
    if format is not None and not isinstance(format, str):
        raise TypeError(f"format must be a name such as 'json', got {type(format).__name__}")
    chosen = FORMATS.get(format_of(path, format))
    if isinstance(maze, GraphMaze):
        check_graph_format(maze.kind, chosen.name)
    target = check_target(path)  # before the work, so a wrong name costs nothing
    # the format's size and memory limits (light: no Pillow), before the bytes are made
    check_output(chosen.name, block_shape(maze))
    # a picture's writer is in the render layer, imported only now that one is asked for;
    # it draws with render_file's defaults
    write_atomic(target.name, chosen.encoder()(maze))


def load(path: str | os.PathLike[str]) -> Maze | GraphMaze:
    """Read a maze file: JSON, or the format its extension names (see the module docs).

    A grid kind's JSON file (:mod:`meiro.io.graph_json`) reads back as a
    :class:`~meiro.kinds.maze.GraphMaze`; every other file as a :class:`~meiro.Maze`.

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
    fmt = FORMATS.by_suffix(suffix) or FORMATS.get(DEFAULT)  # a name that says nothing: JSON
    if not fmt.readable:
        raise MazeError(f"cannot load a {suffix} file: meiro reads mazes from "
                        f"{FORMATS.suffix_list(readable=True, last='and')} files")
    limit = read_limit(fmt.load_cost or LOAD_COST)
    data = read_bytes(path, limit) if fmt.binary else read_text(path, limit)
    try:
        maze: Maze | GraphMaze = fmt.decoder()(data)
        return maze
    except MazeError as exc:
        raise MazeError(f"{path}: {exc}") from None

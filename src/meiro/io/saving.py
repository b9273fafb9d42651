"""Saving and loading maze files of every format: :func:`meiro.save` and :func:`meiro.load`.

The data formats are :mod:`meiro.io`'s (and :mod:`meiro.io.interop`'s); the
pictures are drawn by :mod:`meiro.render`, and a PNG drawn by meiro reads back.
This module sits above both, so that the core never imports the render layer.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import MazeError
from .files import LOAD_COST, read_bytes, read_limit, read_text
from .codecs import DATA_FORMATS, encode, format_of, from_json
from ..maze import Maze
from ..text.maze_text import parse_text
from .writing import check_target, write_atomic


def save(maze: Maze, path: str | os.PathLike[str], format: str | None = None) -> None:
    """Write ``maze`` to ``path`` atomically, in ``format`` or the one its extension names.

    Data (read back by :func:`load`): ``.json``, ``.txt``, ``.npz``, ``.npy``/``.csv``
    (int grid). Pictures, drawn with :func:`meiro.render.render_file`'s defaults:
    ``.png`` (also read back), ``.svg``, ``.gif``, ``.pdf``, ``.html``. Any other name
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
    if not isinstance(maze, Maze):
        raise TypeError(f"save() needs a meiro.Maze, got {type(maze).__name__}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"save() needs a file name (str or path), got {type(path).__name__}")
    if format is not None and not isinstance(format, str):
        raise TypeError(f"format must be a name such as 'json', got {type(format).__name__}")
    chosen = format_of(path, format)
    target = check_target(path)  # before the work, so a wrong name costs nothing
    # the format's size and memory limits (light: no Pillow), before the bytes are made
    from ..render.limits import check_output

    check_output(f"maze.{chosen}", maze.shape)
    if chosen in DATA_FORMATS:
        data = encode(maze, chosen)
    else:
        # pictures belong to the render layer, loaded only when one is asked for
        from ..render import render_file

        data = render_file(maze, f"maze.{chosen}")
    write_atomic(target.name, data)


#: extensions whose files are read as bytes (the others are UTF-8 text)
_BINARY = (".npz", ".npy", ".png")
#: extension -> bytes of memory loading takes per byte of the file, where above
#: :data:`meiro.io.files.LOAD_COST` (measured: text makes a 4-byte code per character, CSV Python lists)
_LOAD_COST = {".txt": 12, ".csv": 16}


def load(path: str | os.PathLike[str]) -> Maze:
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
    limit = read_limit(_LOAD_COST.get(suffix, LOAD_COST))
    data = read_bytes(path, limit) if suffix in _BINARY else read_text(path, limit)
    try:
        if isinstance(data, bytes):
            if suffix == ".png":
                from ..render.png import read_png

                return read_png(data)
            from . import interop

            return interop.from_npz(data) if suffix == ".npz" else interop.from_npy(data)
        if suffix == ".csv":
            from . import interop

            return interop.from_csv(data)
        if suffix == ".txt":
            return parse_text(data)
        return from_json(data)
    except MazeError as exc:
        raise MazeError(f"{path}: {exc}") from None

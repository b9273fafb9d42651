"""Saving the game's maze as a picture: the folder, the file name, the writing.

Shared by the window (which asks where, through a save dialog) and the
terminal game (which saves straight into the folder). Imports no UI toolkit.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..io.writing import write_atomic
from .raster import block_scale

if TYPE_CHECKING:
    from ..maze import Maze

#: Where pictures go, relative to the folder the game was started in (as in the Tk article).
IMAGE_DIR = Path("maze_image")
#: The fewest pixels per block a saved picture gets: start and goal stay visible squares.
READABLE_BLOCK = 4


def picture_block(shape: tuple[int, int]) -> int:
    """Pixels per block of a saved picture: about 1000 pixels across, but never below
    :data:`READABLE_BLOCK` unless the picture would exceed the pixel budget of
    :func:`meiro.render.png.fitted_block`.

    Examples
    --------
    >>> picture_block((31, 31)), picture_block((601, 601)), picture_block((4001, 4001))
    (32, 4, 1)
    """
    from ..render.png import fitted_block

    return fitted_block(shape, preferred=max(READABLE_BLOCK, block_scale(*shape)))


def image_name(maze: Maze, now: datetime | None = None) -> str:
    """``YYYYmmdd_HHMMSS_WxH.png`` with the block sides, as the Tk article names its pictures.

    Examples
    --------
    >>> import meiro
    >>> image_name(meiro.generate(15, 10, seed=1), datetime(2024, 5, 1, 12, 0, 9))
    '20240501_120009_31x21.png'
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d_%H%M%S")
    return f"{stamp}_{maze.shape[1]}x{maze.shape[0]}.png"


def save_picture(maze: Maze, path: str | os.PathLike[str]) -> None:
    """Write ``maze`` (drawn from its grid, not a screenshot) to ``path``, atomically: a PNG
    in the game's look, or by the name's extension another picture (an SVG, a web page to
    play it in: .html; see :data:`meiro.io.formats.FORMATS`).

    Raises :class:`~meiro.errors.MazeError` with the reason when it cannot be written.

    Examples
    --------
    >>> import meiro, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     save_picture(meiro.generate(4, 3, seed=1), Path(tmp) / "maze.html")
    ...     (Path(tmp) / "maze.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    True
    """
    from ..io.formats import FORMATS

    fmt = FORMATS.of_path(path)
    if fmt is not None and fmt.kind == "picture" and fmt.name != "png":  # (the PNG is the game's)
        from ..render import render_file

        write_atomic(path, render_file(maze, path))
        return
    from ..render.png import render_png

    # the game's colours, and its recipe (seed, algorithm, ends) in the PNG's metadata, as
    # `meiro render` writes it: `meiro solve` and `meiro.load` read the picture back
    write_atomic(path, render_png(maze, block=picture_block(maze.shape)))


def save_into(maze: Maze, folder: Path = IMAGE_DIR) -> Path:
    """Save ``maze`` into ``folder`` (made if missing) under :func:`image_name`; return the path.

    Raises :class:`~meiro.errors.MazeError` when the folder or the file cannot be written.

    Examples
    --------
    >>> import meiro, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = save_into(meiro.generate(4, 3, seed=1), Path(tmp) / "pics")
    ...     path.parent.name, path.suffix, path.stat().st_size > 0
    ('pics', '.png', True)
    """
    from ..errors import MazeError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MazeError(f"{folder}: {exc.strerror or exc}") from None
    path = folder / image_name(maze)
    save_picture(maze, path)
    return path

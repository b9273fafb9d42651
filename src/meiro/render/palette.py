"""The colours of meiro: every picture format and every front end take them from here.

The block classes and default colours are :mod:`meiro.paint`'s, the Tk game's palette from
the seed article: walls ``gray25``,
paths white, start red, goal blue and the answer ``palevioletred``; a search
replay shows its frontier (the open list) ``cornflowerblue``, the blocks it
has closed ``gray60`` and the one it expands ``yellow``, as the game's f view
does, so a GIF of a search looks like the window that shows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError, whole
from ..maze import Maze, check_path

from ..paint import ANSWER, CLOSED, FRONTIER, GOAL, NAMES, PATH, RGB, START, WALL, rgb


def parse_color(text: object) -> RGB:
    """A colour from ``#rgb``, ``#rrggbb``, ``r,g,b`` or a name in :data:`NAMES`.

    Examples
    --------
    >>> parse_color("gray25"), parse_color("#f00"), parse_color("10, 20, 30")
    ((64, 64, 64), (255, 0, 0), (10, 20, 30))
    >>> parse_color("mauve-ish")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown colour 'mauve-ish'; use #rrggbb, r,g,b or a name such as gray25
    """
    value: tuple[int, ...] | None
    if isinstance(text, tuple) and len(text) == 3:
        value = tuple(int(v) for v in text)
    else:
        spec = str(text).strip().lower()
        value = NAMES.get(spec)
        if value is None and re.fullmatch(r"#[0-9a-f]{3}", spec):
            value = tuple(int(ch * 2, 16) for ch in spec[1:])
        elif value is None and re.fullmatch(r"#[0-9a-f]{6}", spec):
            value = tuple(int(spec[i:i + 2], 16) for i in (1, 3, 5))
        elif value is None and re.fullmatch(r"\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}", spec):
            value = tuple(int(v) for v in spec.split(","))
        if value is None:
            raise MazeError(f"unknown colour {text!r}; use #rrggbb, r,g,b or a name such as gray25")
    if not all(0 <= v <= 255 for v in value):
        raise MazeError(f"colour {text!r} has a channel outside 0..255")
    return value[0], value[1], value[2]


@dataclass(frozen=True)
class Palette:
    """The colour of each block class (see :func:`classes`).

    Examples
    --------
    >>> Palette().wall
    (64, 64, 64)
    >>> Palette.with_colors(wall="black").wall
    (0, 0, 0)
    """

    # in the order of the block classes PATH ... FRONTIER (meiro.paint), the pictures' palette
    path: RGB = rgb(PATH)
    wall: RGB = rgb(WALL)
    start: RGB = rgb(START)
    goal: RGB = rgb(GOAL)
    answer: RGB = rgb(ANSWER)
    closed: RGB = rgb(CLOSED)  # gray60, as the game's f view
    frontier: RGB = rgb(FRONTIER)  # cornflowerblue

    @classmethod
    def with_colors(cls, **colors: object) -> Palette:
        """The default palette with some colours replaced (values as :func:`parse_color` reads)."""
        known = {f.name for f in fields(cls)}
        for name in colors:
            if name not in known:
                raise MazeError(f"unknown palette entry {name!r}; choose from {', '.join(sorted(known))}")
        return replace(cls(), **{k: parse_color(v) for k, v in colors.items() if v is not None})

    def table(self) -> NDArray[np.uint8]:
        """A ``(7, 3)`` uint8 array: row ``k`` is the colour of block class ``k``."""
        return np.array([getattr(self, f.name) for f in fields(self)], dtype=np.uint8)

    def hex(self, name: str) -> str:
        """``#rrggbb`` of one entry, for SVG and PDF."""
        return "#{:02x}{:02x}{:02x}".format(*getattr(self, name))


def rgb_blocks(maze: Maze, block: int = 1, palette: Palette | None = None) -> NDArray[np.uint8]:
    """The maze as a ``(rows * block, cols * block, 3)`` uint8 RGB array in ``palette``'s
    colours (default: the game's), ``block`` pixels a side per block; no Pillow needed.

    Examples
    --------
    >>> import meiro
    >>> pixels = rgb_blocks(meiro.generate(3, 3, seed=1), block=2)
    >>> pixels.shape, pixels[0, 0].tolist(), pixels[2, 2].tolist()
    ((14, 14, 3), [64, 64, 64], [255, 0, 0])
    """
    block = whole(block, "block", 1, what="a whole number of pixels", unit=" pixel", error=MazeError)
    table = (palette if palette is not None else Palette()).table()
    return table[classes(maze)].repeat(block, axis=0).repeat(block, axis=1)


def classes(maze: Maze, path: ArrayLike | None = None) -> NDArray[np.uint8]:
    """A uint8 array of the block grid's shape holding each block's class.

    Walls are :data:`WALL`, open blocks :data:`PATH`, ``path`` blocks
    :data:`ANSWER`, and the start and goal on top.

    Examples
    --------
    >>> import meiro
    >>> classes(meiro.generate(2, 1, seed=0)).tolist()
    [[1, 1, 1, 1, 1], [1, 2, 0, 3, 1], [1, 1, 1, 1, 1]]
    """
    out = maze.check().grid.astype(np.uint8)  # True -> 1 = WALL, False -> 0 = PATH
    if path is not None:
        mark_path(out, path)
    out[maze.start] = START
    out[maze.goal] = GOAL
    return out


def mark_path(out: NDArray[np.uint8], path: ArrayLike) -> None:
    """Set the blocks of ``path`` (an ``(k, 2)`` array of (row, col)) to :data:`ANSWER`.

    Examples
    --------
    >>> import meiro
    >>> cls = meiro.generate(2, 1, seed=0).grid.astype(np.uint8)
    >>> mark_path(cls, [(1, 1), (1, 2), (1, 3)])
    >>> cls[1].tolist()                  # 4 = ANSWER
    [1, 4, 4, 4, 1]
    >>> mark_path(cls, [(1, 5)])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: path leaves the maze's grid
    """
    cells = check_path(path, out.shape)
    out[cells[:, 0], cells[:, 1]] = ANSWER

"""The text styles' characters and the drawing of block rows as text.

Below :mod:`meiro.maze` (it knows no :class:`~meiro.Maze`), so that ``str(maze)``
and :mod:`meiro.text` draw with the same table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from ..errors import MazeError

#: style -> (wall, open, start, goal, solution, separator)
STYLES: dict[str, tuple[str, str, str, str, str, str]] = {
    "hash": ("#", " ", "S", "G", ".", " "),
    "block": ("■", "\u3000", "◎", "△", "・", ""),
    "plain": ("#", " ", "S", "G", ".", ""),
}

#: Block kinds a row holds for :func:`style_lookup`.
OPEN, WALL, SOLUTION, GOAL, START = range(5)


def style_lookup(style: str) -> Callable[[np.ndarray], str]:
    """A function turning one row of block kinds (:data:`OPEN`, :data:`WALL`,
    :data:`SOLUTION`, :data:`GOAL`, :data:`START`) into the text line of ``style``.

    Examples
    --------
    >>> style_lookup("plain")(np.array([WALL, START, OPEN, GOAL, WALL], np.uint8))
    '#S G#'
    """
    try:
        wall, space, start, goal, mark, sep = STYLES[style]
    except (KeyError, TypeError):
        raise MazeError(f"unknown style {style!r}; choose one of: {', '.join(STYLES)}") from None
    lut = np.array([ord(space), ord(wall), ord(mark), ord(goal), ord(start)], dtype=np.uint32)

    def line_of(row: np.ndarray) -> str:
        line = np.full(2 * row.size - 1 if sep else row.size, ord(sep or " "), dtype=np.uint32)
        line[::2 if sep else 1] = lut[row]
        return line.tobytes().decode("utf-32-le")

    return line_of


def grid_lines(grid: np.ndarray, start: tuple[int, int], goal: tuple[int, int], style: str = "hash",
               solution: np.ndarray | None = None) -> Iterator[str]:
    """The text lines of a bool block ``grid`` (``True`` = wall) with its ends marked and,
    optionally, ``solution`` blocks (an ``(n, 2)`` array of rows and columns).

    Examples
    --------
    >>> grid = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], bool)
    >>> list(grid_lines(grid, (1, 1), (1, 3), "plain", np.array([[1, 2]])))
    ['#####', '#S.G#', '#####']
    """
    lookup = style_lookup(style)
    # one byte per block says what it is; a lookup turns a row into code points
    kind = grid.view(np.uint8).copy()  # 0 open, 1 wall
    if solution is not None:
        kind[solution[:, 0], solution[:, 1]] = SOLUTION
    kind[goal] = GOAL
    kind[start] = START
    return map(lookup, kind)

"""Text mazes: the ASCII-printer article's ``#`` look and the NumPy article's full-width ``■`` look.

``hash``  — ``#`` wall, space path, ``S`` start, ``G`` goal, ``.`` solution; blocks
            are separated by a space (the ASCII-printer article prints ``print(*row)``), so each
            block is two characters wide and the maze looks square in a terminal.
``block`` — ``■`` wall, full-width space path, ``◎`` start (the player), ``△`` goal,
            ``・`` solution: every character is full-width, as in the NumPy article.
``plain`` — one character per block (``#``, space, ``S``, ``G``, ``.``), the
            shape most other programs read and write.

One text line per block row and nothing else, so a 15x15-cell maze is 31 lines.
:func:`parse_text` reads both back, and also a plain one-character-per-block
``#``/space maze from anywhere else.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable, Iterator


import numpy as np

from .columns import display_width as display_width  # its home, without NumPy
from ..errors import MazeError
from ..kinds.maze import GraphMaze
from ..maze import Maze, _as_position, check_path
from .styles import GOAL, START, STYLES, grid_lines, style_lookup  # noqa: F401  (STYLES: meiro.STYLES)

_WALLS = {"#", "■"}
_OPEN = {" ", "\u3000", ".", "・"}
_STARTS = {"S", "◎"}
_GOALS = {"G", "E", "△"}  # E: the exit, as mazelib writes it


def render_text(maze: Maze | GraphMaze, style: str = "hash", path: Iterable[Any] | None = None) -> str:
    """Draw ``maze`` as text, optionally with a solution ``path`` overlaid.

    Parameters
    ----------
    maze : Maze or GraphMaze
        A square maze, or a weave one (its crossings drawn as bridges:
        :mod:`meiro.text.weave_text`); the other kinds have no text form.
    style : {"hash", "block"}
    path : array_like of (row, col), optional
        Blocks to mark as the solution (e.g. ``meiro.solve(m).path``); of a weave maze,
        cell ids.

    Returns
    -------
    str
        One line per block row, joined by newlines (no trailing newline).

    Examples
    --------
    >>> import meiro
    >>> print(meiro.render_text(meiro.generate(2, 1, seed=0)))
    # # # # #
    # S   G #
    # # # # #
    >>> print(meiro.render_text(meiro.generate(2, 1, seed=0), style="block"))
    ■■■■■
    ■◎　△■
    ■■■■■
    """
    return "\n".join(text_lines(maze, style, path))


def text_lines(maze: Maze | GraphMaze, style: str = "hash", path: Iterable[Any] | None = None) -> Iterator[str]:
    """The lines of :func:`render_text`, one at a time.

    Printing a huge maze line by line needs memory for one line, not the
    whole text.

    Examples
    --------
    >>> import meiro
    >>> for line in text_lines(meiro.generate(2, 1, seed=0), style="plain"):
    ...     print(repr(line))
    '#####'
    '#S G#'
    '#####'
    """
    if isinstance(maze, GraphMaze):
        _not_text(maze)
        from .weave_text import weave_lines

        return weave_lines(maze, style, path)
    if not isinstance(maze, Maze):
        _not_text(maze)
        raise TypeError(f"expected a meiro.Maze, got {type(maze).__name__}")
    cells = None if path is None else check_path(path, maze.shape)
    return grid_lines(maze.grid, maze.start, maze.goal, style, cells)


def _not_text(maze: object) -> None:
    """A :class:`~meiro.MazeError` for a maze of a grid kind that text cannot draw."""
    from ..kinds.maze import GraphMaze

    if isinstance(maze, GraphMaze) and maze.kind != "weave":
        raise MazeError(f"text output draws square and weave mazes only; draw a {maze.kind} maze "
                        "as a picture (.png, .svg or .gif)")


#: ``block`` glyphs that terminals draw one column wide when East Asian "ambiguous" width
#: is narrow (most Western settings) — the full-width space and ・ take two columns
#: everywhere — and what each becomes so that every block takes two columns again.
_NARROW_FIX = str.maketrans({"■": "■■", "◎": "◎ ", "△": "△ "})


def for_narrow_terminal(line: str) -> str:
    """A ``block`` line laid out for a terminal that draws ■ ◎ △ one column wide.

    ■ ◎ △ are East Asian *ambiguous*-width characters: two columns in CJK
    terminal settings (where the NumPy article's look lines up as it is), one in
    most others, where the rows would slip against the two-column full-width
    spaces. There a wall block is drawn ``■■`` and the start and goal get a space,
    so every block is two columns again. Files keep the article's characters.

    Examples
    --------
    >>> import meiro
    >>> [for_narrow_terminal(line) for line in meiro.render_text(meiro.generate(2, 1, seed=0), style="block").splitlines()]
    ['■■■■■■■■■■', '■■◎ 　△ ■■', '■■■■■■■■■■']
    """
    if not isinstance(line, str):
        raise TypeError(f"line must be a str, got {type(line).__name__}")
    return line.translate(_NARROW_FIX)


def row_lines(rows: Iterable[np.ndarray], start: tuple[int, int], goal: tuple[int, int],
              style: str = "hash") -> Iterator[str]:
    """Text lines of a maze that arrives one block row at a time (``True`` = wall), with
    ``start`` and ``goal`` marked: the whole maze is never in memory.

    Examples
    --------
    >>> rows = [np.array([1, 1, 1, 1, 1], bool), np.array([1, 0, 0, 0, 1], bool),
    ...         np.array([1, 1, 1, 1, 1], bool)]
    >>> list(row_lines(rows, (1, 1), (1, 3), style="plain"))
    ['#####', '#S G#', '#####']
    """
    line_of = style_lookup(style)
    marks = [(_as_position(goal, "goal"), GOAL), (_as_position(start, "start"), START)]
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"rows must be an iterable of bool arrays, got {type(rows).__name__}")
    return _marked_lines(rows, marks, line_of)


def _marked_lines(rows: Any, marks: Any, line_of: Any) -> Iterator[str]:
    for r, row in enumerate(rows):
        if not isinstance(row, np.ndarray) or row.dtype != np.bool_ or row.ndim != 1:
            raise TypeError(f"block row {r} must be a one-dimensional bool array")
        kind = row.view(np.uint8).copy()
        for (mr, mc), value in marks:
            if mr == r:
                if not 0 <= mc < kind.size:
                    raise MazeError(f"({mr}, {mc}) is outside block row {r} of {kind.size} blocks")
                kind[mc] = value
        yield line_of(kind)


def _split_blocks(lines: list[str]) -> list[str]:
    """Undo the ASCII-printer article's one-space separator when every line carries it."""
    if any(mark in line for line in lines for mark in "■\u3000◎△・"):  # searched in C, not char by char
        return lines
    spaced = all(len(line) % 2 == 1 and not line[1::2].strip(" ") for line in lines)
    if spaced and max(len(line) for line in lines) > 1:
        return [line[0::2] for line in lines]
    return lines


def parse_text(text: str) -> Maze:
    """Read a text maze in either style (or plain ``#``/space) back into a :class:`Maze`.

    Without an ``S``/``◎`` the start is ``(1, 1)``; without a ``G``/``E``/``△`` the
    goal is the bottom-right cell. Mazes from other tools often mark an
    entrance and an exit *in* the border: such a mark becomes a wall, and the
    start or goal moves onto the open block just inside it.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 4, seed=9)
    >>> parse_text(meiro.render_text(m, style="block")) == m
    True
    >>> parse_text("#S###\\n#   #\\n###E#").start
    (1, 1)
    >>> parse_text("###\\n# #\\n##")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: line 3 has 2 blocks but line 1 has 3; a maze must be a rectangle
    """
    if not isinstance(text, str):
        raise MazeError(f"text maze must be a string, got {type(text).__name__}")
    lines = [line.rstrip("\r") for line in text.split("\n")]
    # blank lines around the maze are dropped by one slice (popping from the front of a long
    # list, line by line, would take quadratic time on a file of blank lines)
    first = next((i for i, line in enumerate(lines) if line), len(lines))
    last = next((i for i in range(len(lines) - 1, first - 1, -1) if lines[i]), first - 1)
    lines = lines[first:last + 1]
    if not lines:
        raise MazeError("the text holds no maze (it is empty)")
    rows = _split_blocks(lines)
    width = len(rows[0])
    for number, row in enumerate(rows, 1):
        if len(row) != width:
            raise MazeError(f"line {number} has {len(row)} blocks but line 1 has {width}; "
                            "a maze must be a rectangle")
    codes = np.frombuffer("".join(rows).encode("utf-32-le"), dtype=np.uint32)
    codes = codes.reshape(len(rows), width)
    known = _codes(_WALLS | _OPEN | _STARTS | _GOALS)
    unknown = np.argwhere(~np.isin(codes, known))
    if len(unknown):
        r, c = (int(v) for v in unknown[0])
        raise MazeError(f"unknown character {rows[r][c]!r} at line {r + 1}, column {c + 1}; "
                        "use '#' or '■' for walls and space for paths")
    grid = np.isin(codes, _codes(_WALLS))
    start, goal = (_inside(grid, _single(codes, marks, name), name) for marks, name in
                   ((_STARTS, "start"), (_GOALS, "goal")))
    return Maze(grid, start, goal)


def _inside(grid: np.ndarray, mark: tuple[int, int] | None, name: str) -> tuple[int, int] | None:
    """Move a start or goal marked in the border onto the open block inside it.

    The border block itself becomes a wall, so the border stays closed.
    """
    if mark is None:
        return None
    r, c = mark
    rows, cols = grid.shape
    if 0 < r < rows - 1 and 0 < c < cols - 1:
        return mark
    inner = (min(max(r, 1), rows - 2), min(max(c, 1), cols - 2))
    if grid[inner] or (r in (0, rows - 1) and c in (0, cols - 1)):
        raise MazeError(f"the {name} at line {r + 1}, column {c + 1} is in the border "
                        "with no open block inside it")
    grid[r, c] = True
    return inner


def _codes(chars: set[str]) -> np.ndarray:
    return np.array(sorted(ord(ch) for ch in chars), dtype=np.uint32)


def _single(codes: np.ndarray, marks: set[str], name: str) -> tuple[int, int] | None:
    """The one position marked with ``marks``, None if unmarked; two marks are an error."""
    where = np.argwhere(np.isin(codes, _codes(marks)))
    if len(where) > 1:
        r, c = (int(v) for v in where[1])
        raise MazeError(f"a second {name} at line {r + 1}, column {c + 1}; a maze has one {name}")
    return (int(where[0][0]), int(where[0][1])) if len(where) else None

"""A weave maze as text: the square block grid with its crossings drawn as bridges.

A weave maze (:mod:`meiro.kinds.weave`) is a square grid whose passages may run
over and under each other. As text it is the square maze's block grid — cell
``(x, y)`` at block ``(2y + 1, 2x + 1)``, an open passage opening the block
between its cells — in any of the text styles, with each crossing cell drawn as
a bridge: ``═`` when the passage over it runs east-west, ``║`` when it runs
north-south (``＝`` and ``｜`` in the full-width ``block`` style). The other
passage runs under the bridge: the blocks on either side of it are open, and
its two ends are neighbours. The other kinds have no text form.

Examples
--------
>>> import meiro
>>> m = meiro.generate(5, 4, grid="weave", seed=1)
>>> print(weave_text(m, style="plain"))
###########
#S#     # #
# ### # # #
#   #  ═  #
### # # ###
# # # #   #
# # ##### #
#        G#
###########
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..kinds.maze import GraphMaze
from .styles import GOAL, OPEN, SOLUTION, START, WALL, style_lookup

#: style -> the crossing's glyph when the passage over it runs east-west, and north-south
BRIDGES = {"hash": ("═", "║"), "plain": ("═", "║"), "block": ("＝", "｜")}


def _check(maze: Any) -> GraphMaze:
    if not isinstance(maze, GraphMaze):
        raise TypeError(f"expected a meiro.kinds.maze.GraphMaze, got {type(maze).__name__}")
    if maze.kind != "weave":
        raise MazeError(f"text output draws square and weave mazes only; draw a {maze.kind} maze "
                        "as a picture (.png, .svg or .gif)")
    return maze


def block_of(maze: GraphMaze, cell: int) -> tuple[int, int]:
    """The block ``(row, col)`` of a weave ``cell``."""
    y, x = divmod(int(cell), maze.geometry.params["width"])
    return 2 * y + 1, 2 * x + 1


def between(maze: GraphMaze, a: int, b: int) -> list[tuple[int, int]]:
    """The blocks a step from cell ``a`` to neighbour ``b`` passes between them: one between
    side-by-side cells, the two on either side of the crossing for a step under it."""
    (ra, ca), (rb, cb) = block_of(maze, a), block_of(maze, b)
    if abs(ra - rb) + abs(ca - cb) == 2:
        return [((ra + rb) // 2, (ca + cb) // 2)]
    dr, dc = np.sign(rb - ra), np.sign(cb - ca)
    return [(ra + dr, ca + dc), (rb - dr, cb - dc)]


def weave_grid(maze: GraphMaze) -> NDArray[np.bool_]:
    """The block grid of a weave ``maze`` (``True`` = wall), its crossings open blocks.

    >>> import meiro
    >>> weave_grid(meiro.generate(3, 3, grid="weave", seed=1)).shape
    (7, 7)
    """
    maze = _check(maze)
    w, h = maze.geometry.params["width"], maze.geometry.params["height"]
    grid = np.ones((2 * h + 1, 2 * w + 1), bool)
    grid[1::2, 1::2] = False
    for a, b in maze.open_pairs().tolist():
        for r, c in between(maze, a, b):
            grid[r, c] = False
    return grid


def weave_lines(maze: GraphMaze, style: str = "hash", path: Iterable[Any] | None = None) -> Iterator[str]:
    """The text lines of a weave ``maze`` in a text ``style``, with a ``path`` of cell ids
    (e.g. its solution from start to goal) marked.

    Raises
    ------
    MazeError
        A kind other than weave, an unknown style, or a path that is not a walk along open
        passages.
    """
    maze = _check(maze)
    line_of = style_lookup(style)
    grid = weave_grid(maze)
    kinds = grid.view(np.uint8).copy()  # OPEN 0, WALL 1
    assert (OPEN, WALL) == (0, 1)
    if path is not None:
        cells = [int(v) for v in np.asarray(list(path)).ravel()] if path is not None else []
        if any(not 0 <= v < maze.cells for v in cells):
            raise MazeError(f"a path's cells must be numbers from 0 to {maze.cells - 1}")
        open_ = {tuple(p) for p in maze.open_pairs().tolist()}
        for a, b in zip(cells[:-1], cells[1:], strict=False):
            if (min(a, b), max(a, b)) not in open_:
                raise MazeError(f"the path steps from cell {a} to cell {b}, which no open passage joins")
            for block in [block_of(maze, a), *between(maze, a, b)]:
                kinds[block] = SOLUTION
        if cells:
            kinds[block_of(maze, cells[-1])] = SOLUTION
    kinds[block_of(maze, maze.goal)] = GOAL
    kinds[block_of(maze, maze.start)] = START
    step = 2 if style == "hash" else 1
    crossings = np.asarray(maze.geometry.extra.get("crossings", np.zeros((0, 2))), dtype=np.int64)
    bridges: dict[int, list[tuple[int, str]]] = {}
    glyphs = BRIDGES.get(style, BRIDGES["plain"])
    for cell, over in crossings.tolist():
        r, c = block_of(maze, cell)
        bridges.setdefault(r, []).append((c * step, glyphs[over]))
    for r, row in enumerate(kinds):
        line = line_of(row)
        if r in bridges:
            chars = list(line)
            for at, glyph in bridges[r]:
                chars[at] = glyph
            line = "".join(chars)
        yield line


def weave_text(maze: GraphMaze, style: str = "hash", path: Iterable[Any] | None = None) -> str:
    """:func:`weave_lines` joined by newlines (what :func:`meiro.render_text` gives for a weave maze)."""
    return "\n".join(weave_lines(maze, style, path))

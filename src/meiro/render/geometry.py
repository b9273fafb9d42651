"""Vector geometry shared by the SVG and PDF renderers.

Coordinates are in *half cells*: block ``(row, col)`` of a lattice maze sits at
``x = col, y = row`` on a grid where cell borders are the even lines, so one
cell is 2 units wide. Renderers scale by ``cell / 2``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError

#: A straight wall: ``(line, first, last)`` in half cells, along an even row or column.
Segment = tuple[int, int, int]
#: Merged walls, ``(horizontal, vertical)``, as :func:`wall_segments` gives them.
Segments = tuple[list[Segment], list[Segment]]


def is_lattice(grid: NDArray[np.bool_]) -> bool:
    """True when walls can be drawn as thin lines between cells.

    That needs every corner block (even row, even column) to be a wall and
    every cell (odd, odd) to be open: the layout every generator produces.

    Examples
    --------
    >>> import meiro
    >>> is_lattice(meiro.generate(4, 4, seed=1).grid)
    True
    """
    return bool(grid[::2, ::2].all()) and not bool(grid[1::2, 1::2].any())


def _runs(line: NDArray[np.bool_]) -> NDArray[np.intp]:
    """``(k, 2)`` array of [first, last] indices of each run of True in a 1-D bool array."""
    padded = np.concatenate(([False], line, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    runs: NDArray[np.intp] = edges.reshape(-1, 2) - np.array([0, 1])
    return runs


def wall_segments(grid: NDArray[np.bool_]) -> Segments:
    """Thin walls as merged segments, in half-cell units.

    Returns ``(horizontal, vertical)``: ``horizontal`` holds ``(y, x0, x1)``
    for every maximal run of wall along an even block row, ``vertical`` holds
    ``(x, y0, y1)`` for the even block columns. Collinear pieces are merged, so
    a straight wall of any length is one segment.

    Examples
    --------
    >>> import meiro
    >>> h, v = wall_segments(meiro.generate(2, 1, seed=0).grid)
    >>> h, v
    ([(0, 0, 4), (2, 0, 4)], [(0, 0, 2), (4, 0, 2)])
    """
    if not is_lattice(grid):
        raise MazeError("thin-wall drawing needs a lattice maze (walls only between cells); "
                        "use the block style")
    horizontal = [(y, int(a), int(b)) for y in range(0, grid.shape[0], 2)
                  for a, b in _runs(grid[y]) if b > a]
    vertical = [(x, int(a), int(b)) for x in range(0, grid.shape[1], 2)
                for a, b in _runs(grid[:, x]) if b > a]
    return horizontal, vertical


def block_runs(grid: NDArray[np.bool_]) -> list[Segment]:
    """Wall blocks merged along rows: ``(row, first_col, last_col)`` for each run.

    Examples
    --------
    >>> import meiro
    >>> block_runs(meiro.generate(2, 1, seed=0).grid)    # a 5 x 3-block corridor
    [(0, 0, 4), (1, 0, 0), (1, 4, 4), (2, 0, 4)]
    """
    return [(r, int(a), int(b)) for r in range(grid.shape[0]) for a, b in _runs(grid[r])]


def corners(path: ArrayLike) -> NDArray[np.int64]:
    """The points of a block path where it turns (plus both ends): a minimal polyline.

    Examples
    --------
    >>> corners([(1, 1), (1, 2), (1, 3), (2, 3), (3, 3)]).tolist()
    [[1, 1], [1, 3], [3, 3]]
    """
    points = np.asarray(path, dtype=np.int64).reshape(-1, 2)
    if len(points) < 3:
        return points
    step = np.diff(points, axis=0)
    turn = np.any(step[1:] != step[:-1], axis=1)
    keep = np.concatenate(([True], turn, [True]))
    return points[keep]

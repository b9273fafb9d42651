"""The ``hex`` kind: flat-topped hexagons in columns, six neighbours each.

Column ``c``, row ``r`` is cell ``r * width + c``; odd columns sit half a cell
lower, as in *Mazes for Programmers*' hex grid. Neighbouring centres are one
unit apart (a hexagon is one unit from flat side to flat side), so a wall is
``1/sqrt(3)`` long. The neighbours of a cell, clockwise from north: north,
north-east, south-east, south, south-west, north-west.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .geometry import Geometry, from_edges, segments

#: a hexagon's corner radius when neighbouring centres are one unit apart
SIDE = 1 / np.sqrt(3)
#: the six sides, clockwise from north, as corner pairs ``(dx0, dy0, dx1, dy1)`` in units of SIDE / 1
_SIDES = (
    (-0.5, -0.5, 0.5, -0.5),   # north
    (0.5, -0.5, 1.0, 0.0),     # north-east
    (1.0, 0.0, 0.5, 0.5),      # south-east
    (0.5, 0.5, -0.5, 0.5),     # south
    (-0.5, 0.5, -1.0, 0.0),    # south-west
    (-1.0, 0.0, -0.5, -0.5),   # north-west
)


def centres(width: int, height: int) -> NDArray[np.float64]:
    """Every cell's centre ``[x, y]``, row by row."""
    r, c = np.divmod(np.arange(width * height), width)
    return np.stack([SIDE + 1.5 * SIDE * c, 0.5 + r + 0.5 * (c % 2)], axis=1)


def _neighbour(r: NDArray[np.int64], c: NDArray[np.int64], side: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Row and column of each cell's neighbour across ``side`` (0 north ... 5 north-west)."""
    odd = c % 2
    steps: list[tuple[NDArray[np.int64] | int, int]] = [
        (-1, 0), (odd - 1, 1), (odd, 1), (1, 0), (odd, -1), (odd - 1, -1)]
    dr, dc = steps[side]
    return r + dr, c + dc


def _side_walls(at: NDArray[np.float64], side: int) -> NDArray[np.float64]:
    dx0, dy0, dx1, dy1 = _SIDES[side]
    x, y = at[:, 0], at[:, 1]
    return segments(x + dx0 * SIDE, y + dy0, x + dx1 * SIDE, y + dy1)


def build(width: int, height: int) -> Geometry:
    """The hex geometry of ``width x height`` cells.

    Examples
    --------
    >>> g = build(4, 4)
    >>> int(g.degree().max()), int((g.degree() == 6).sum())   # interior cells have six neighbours
    (6, 4)
    """
    n = width * height
    at = centres(width, height)
    r, c = np.divmod(np.arange(n), width)
    pairs = []
    for side in (1, 2, 3):  # each pair once: from its western/northern cell's eastern/southern sides
        nr, nc = _neighbour(r, c, side)
        inside = (nr >= 0) & (nr < height) & (nc >= 0) & (nc < width)
        pairs.append(np.stack([np.flatnonzero(inside), (nr * width + nc)[inside]], axis=1))

    def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]:
        walls, border, owners = [], [], []
        for side in range(6):
            nr, nc = _neighbour(r, c, side)
            inside = (nr >= 0) & (nr < height) & (nc >= 0) & (nc < width)
            w = _side_walls(at, side)
            if side in (1, 2, 3):
                walls.append(w[inside])
            border.append(w[~inside])
            owners.append(np.flatnonzero(~inside))
        drawn = np.concatenate(walls)
        return drawn, (drawn[:, :2] + drawn[:, 2:4]) / 2, np.concatenate(border), np.concatenate(owners)

    return from_edges("hex", {"width": width, "height": height}, at, np.concatenate(pairs), drawing,
                      hub=(float(at[:, 0].max() + SIDE) / 2, (height + 0.5) / 2), checked=False)

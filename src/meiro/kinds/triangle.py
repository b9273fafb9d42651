"""The ``triangle`` kind: rows of alternating upward and downward triangles, three neighbours each.

Row ``r``, column ``c`` is cell ``r * width + c``; it points up when ``r + c`` is
even. Sides are ``sqrt(3)`` units long, so neighbouring centres are one unit
apart. An upward triangle's neighbours are west, east and south (across its
base); a downward one's north (across its top), east and west.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .geometry import Geometry, from_edges, segments

#: a side's length, and a row's height
SIDE = float(np.sqrt(3))
ROW = 1.5


def centres(width: int, height: int) -> NDArray[np.float64]:
    """Every cell's centre (the triangle's centroid) ``[x, y]``, row by row."""
    r, c = np.divmod(np.arange(width * height), width)
    up = (r + c) % 2 == 0
    return np.stack([(c + 1) * SIDE / 2, r * ROW + np.where(up, 1.0, 0.5)], axis=1)


def build(width: int, height: int) -> Geometry:
    """The triangle geometry of ``width x height`` cells.

    Examples
    --------
    >>> g = build(5, 3)
    >>> sorted(set(g.degree().tolist()))     # corners have fewer, the rest three
    [1, 2, 3]
    """
    n = width * height
    ids = np.arange(n)
    r, c = np.divmod(ids, width)
    up = (r + c) % 2 == 0
    has_east = c < width - 1
    has_south = up & (r < height - 1)
    pairs = np.concatenate([np.stack([ids[has_east], ids[has_east] + 1], axis=1),
                            np.stack([ids[has_south], ids[has_south] + width], axis=1)])

    def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]:
        left, top, bottom = c * SIDE / 2, r * ROW, (r + 1) * ROW
        # the slanted side between a cell and its east neighbour, from its top end
        east = segments(left + np.where(up, SIDE / 2, SIDE), top, left + np.where(up, SIDE, SIDE / 2), bottom)
        west = segments(left + np.where(up, SIDE / 2, 0.0), top, left + np.where(up, 0.0, SIDE / 2), bottom)
        flat = segments(left, np.where(up, bottom, top), left + SIDE, np.where(up, bottom, top))
        walls = np.concatenate([east[has_east], flat[has_south]])
        flat_border = (up & (r == height - 1)) | (~up & (r == 0))
        border = np.concatenate([west[c == 0], east[c == width - 1], flat[flat_border]])
        owners = np.concatenate([ids[c == 0], ids[c == width - 1], ids[flat_border]])
        return walls, (walls[:, :2] + walls[:, 2:4]) / 2, border, owners

    return from_edges("triangle", {"width": width, "height": height}, centres(width, height), pairs,
                      drawing, hub=(float((width + 1) * SIDE / 4), height * ROW / 2), checked=False)

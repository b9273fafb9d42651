"""The ``3d`` kind (and the flat square grid under ``weave``): square cells in stacked layers.

Layer ``z`` (0 at the bottom), row ``y``, column ``x`` is cell
``(z * height + y) * width + x``; its centre is ``[x + 0.5, y + 0.5, z]``.
Cells next to each other in a layer are neighbours, and so are the cells
straight above and below: the stairs. A drawing puts the layers side by side,
layer ``z`` shifted right by ``z * (width + 1)`` (:func:`layer_shift`); the walls
and outline are given in each layer's own coordinates, with a wall's layer in
the third column of its middle.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .geometry import Geometry, from_edges, no_walls, segments


def square_pairs(width: int, height: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The east and south neighbour pairs of a ``width x height`` square grid, as two ``(k, 2)`` arrays."""
    ids = np.arange(width * height).reshape(height, width)
    east = np.stack([ids[:, :-1].ravel(), ids[:, 1:].ravel()], axis=1)
    south = np.stack([ids[:-1, :].ravel(), ids[1:, :].ravel()], axis=1)
    return east, south


def square_walls(width: int, height: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The walls of :func:`square_pairs`' east and south pairs (unit cells, corner at the origin)."""
    y, x = np.mgrid[0:height, 0:width - 1]
    east = segments(x.ravel() + 1.0, y.ravel(), x.ravel() + 1.0, y.ravel() + 1.0)
    y, x = np.mgrid[0:height - 1, 0:width]
    south = segments(x.ravel(), y.ravel() + 1.0, x.ravel() + 1.0, y.ravel() + 1.0)
    return east, south


def square_border(width: int, height: int) -> NDArray[np.float64]:
    """The outline of a ``width x height`` square grid as four walls."""
    w, h = float(width), float(height)
    return segments([0, w, w, 0], [0, 0, h, h], [w, w, 0, 0], [0, h, h, 0])


def layer_shift(width: int) -> float:
    """How far right a drawing puts each layer after the first (one cell of gap between layers)."""
    return float(width + 1)


def build(width: int, height: int, layers: int) -> Geometry:
    """The 3D geometry of ``layers`` layers of ``width x height`` cells.

    Examples
    --------
    >>> g = build(3, 3, 3)
    >>> int(g.degree().max()), g.neighbours(13).tolist()     # the middle cell: 4 around, then up, down
    (6, [10, 14, 16, 12, 22, 4])
    """
    per = width * height
    east, south = square_pairs(width, height)
    flat = np.concatenate([east, south])
    shifts = np.arange(layers)[:, None, None] * per
    pairs = (flat[None] + shifts).reshape(-1, 2)
    stairs = np.stack([np.arange(per * (layers - 1)), np.arange(per * (layers - 1)) + per], axis=1)
    z, y, x = np.divmod(np.arange(per * layers), per)[0], *np.divmod(np.arange(per * layers) % per, width)
    at = np.stack([x + 0.5, y + 0.5, z.astype(np.float64)], axis=1)

    def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        walls = np.concatenate(square_walls(width, height))
        middles = (walls[:, :2] + walls[:, 2:4]) / 2
        zs = np.repeat(np.arange(layers, dtype=np.float64), len(walls))
        flat_mid = np.concatenate([np.tile(middles, (layers, 1)), zs[:, None]], axis=1)
        up = at[:per * (layers - 1)] + [0.0, 0.0, 0.5]
        return (np.concatenate([np.tile(walls, (layers, 1)), no_walls(len(stairs))]),
                np.concatenate([flat_mid, up]), square_border(width, height))

    return from_edges("3d", {"width": width, "height": height, "layers": layers}, at,
                      np.concatenate([pairs, stairs]), drawing,
                      hub=(width / 2, height / 2), checked=False)

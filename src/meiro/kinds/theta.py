"""The ``theta`` kind: a round maze of rings around a centre cell.

Ring 0 is the centre cell, a disc of radius 1; ring ``k`` (1 to ``rings``) lies
between radius ``k`` and ``k + 1``. As in *Mazes for Programmers*' polar grid, a
ring has as many cells as the ring inside it, or a whole multiple of that many
when its cells would otherwise grow more than about one and a half units wide:
cells stay about as wide as they are deep, and every cell has one neighbour
inward and one or more outward. Cell numbers go ring by ring, clockwise from
north; the centre is cell 0 and the hub of the drawing is ``(rings + 1,
rings + 1)``, so every coordinate is between 0 and ``2 * (rings + 1)``.

The walls between rings are arcs around the hub, the walls inside a ring
radial segments. The kind's fixed goal is on the rim (:func:`rim_goal`): a
theta maze goes from the centre out.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .geometry import Geometry, from_edges, segments


def ring_sizes(rings: int) -> NDArray[np.int64]:
    """Cells in each ring, the centre first (``rings + 1`` numbers).

    Examples
    --------
    >>> ring_sizes(6).tolist()
    [1, 6, 12, 24, 24, 24, 48]
    """
    sizes = [1]
    for k in range(1, rings + 1):
        ratio = max(1, round(2 * np.pi * k / sizes[-1]))  # the width a cell would have, in depths
        sizes.append(sizes[-1] * ratio)
    return np.array(sizes, dtype=np.int64)


def _point(hub: float, radius: NDArray[np.float64], turn: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The page point at ``radius`` from the hub, ``turn`` of a full turn clockwise from north."""
    a = 2 * np.pi * turn
    return hub + radius * np.sin(a), hub - radius * np.cos(a)


def _arcs(hub: float, radius: NDArray[np.float64], t0: NDArray[np.float64], t1: NDArray[np.float64]) -> NDArray[np.float64]:
    x0, y0 = _point(hub, radius, t0)
    x1, y1 = _point(hub, radius, t1)
    return np.stack([x0, y0, x1, y1, np.broadcast_to(radius, x0.shape)], axis=1).astype(np.float64)


def build(rings: int) -> Geometry:
    """The theta geometry of ``rings`` rings around the centre cell.

    Examples
    --------
    >>> g = build(3)
    >>> g.cells, g.neighbours(0).tolist()        # the centre opens on the six cells of ring 1
    (43, [1, 2, 3, 4, 5, 6])
    """
    sizes = ring_sizes(rings)
    first = np.concatenate([[0], np.cumsum(sizes)])
    n = int(first[-1])
    hub = float(rings + 1)
    ring = np.repeat(np.arange(rings + 1), sizes)
    index = np.arange(n) - first[ring]
    count = sizes[ring]
    radius = np.where(ring == 0, 0.0, ring + 0.5)
    cx, cy = _point(hub, radius, (index + 0.5) / count)
    at = np.stack([cx, cy], axis=1)
    a = np.flatnonzero(ring >= 1)
    ra, ia, ca = ring[a], index[a], count[a]
    # around a ring: each cell and the next one clockwise; inward: each cell and its parent
    clockwise = first[ra] + (ia + 1) % ca
    parent = first[ra - 1] + ia // (ca // sizes[ra - 1])

    def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]:
        t = (ia + 1) / ca
        inner = ra.astype(np.float64)
        rx0, ry0 = _point(hub, inner, t)
        rx1, ry1 = _point(hub, inner + 1.0, t)
        radial = segments(rx0, ry0, rx1, ry1)        # a radial wall between ring neighbours
        arcs = _arcs(hub, inner, ia / ca, t)         # an arc at the cell's inner radius
        radial_mid = np.stack(_point(hub, inner + 0.5, t), axis=1)
        arc_mid = np.stack(_point(hub, inner, (ia + 0.5) / ca), axis=1)
        rim = ring == rings
        border = _arcs(hub, np.full(int(rim.sum()), hub), index[rim] / count[rim],
                       (index[rim] + 1) / count[rim])
        return (np.concatenate([radial, arcs]), np.concatenate([radial_mid, arc_mid]), border,
                np.flatnonzero(rim))

    return from_edges("theta", {"rings": rings}, at,
                      np.concatenate([np.stack([a, clockwise], axis=1), np.stack([a, parent], axis=1)]),
                      drawing, hub=(hub, hub), checked=False)


def rim_goal(rings: int) -> int:
    """The cell on the rim straight below the centre: where a theta maze's fixed goal is.

    Examples
    --------
    >>> rim_goal(3)      # ring 3 has 24 cells; the 13th from north is the one below
    31
    """
    sizes = ring_sizes(rings)
    return int(sizes[:-1].sum() + sizes[-1] // 2)

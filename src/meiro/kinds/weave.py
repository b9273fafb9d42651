"""The ``weave`` kind: a square grid whose passages may cross over and under each other.

A weave maze's crossings are chosen from its seed before it is carved, as in
*Mazes for Programmers*' "preconfigured" weave: at a crossing cell one passage
runs straight through the cell (over) and another straight under it, at right
angles. In the graph the crossing cell keeps only its two neighbours along the
passage over it, and the two cells on either side of it the other way become
neighbours of each other (the tunnel); those three pairs are the geometry's
``forced`` edges, open in every maze on it, so every generator carves around
them and the crossing is always a real crossing, never a dead end over a
tunnel.

Crossings never touch (no crossing cell is next to another), never sit on the
outline, and never close a loop of forced passages, so every generator can
still make a perfect maze. ``extra["crossings"]`` holds ``[cell, over]`` per
crossing, ``over`` 0 when the passage over runs east-west and 1 north-south,
for the renderers.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..kernels.jit import njit
from ..kernels.rng import _below, mix_seed
from .geometry import Geometry, from_edges, no_walls
from .layers import square_border, square_pairs, square_walls

#: the stream of a seed's PRNG that places a weave's crossings (the carving uses stream 0)
CROSSING_STREAM = 7
#: one interior cell in this many becomes a crossing, at most
SPARSENESS = 5


@njit(cache=True)
def _root(parent: NDArray[np.int64], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(cache=True)
def _crossings(width: int, height: int, state: np.uint64, wanted: int) -> NDArray[np.int64]:
    """Choose up to ``wanted`` crossings: rows ``[cell, over]``, in the order they were chosen."""
    n = width * height
    parent = np.arange(n)
    taken = np.zeros(n, np.uint8)
    inner = np.empty((width - 2) * (height - 2), np.int64)
    k = 0
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            inner[k] = y * width + x
            k += 1
    out = np.empty((min(wanted, k), 2), np.int64)
    found = 0
    # a shuffled walk over the inner cells (Fisher-Yates, drawn as it goes)
    for i in range(k):
        if found == out.shape[0]:
            break
        j, state = _below(state, k - i)
        j += i
        inner[i], inner[j] = inner[j], inner[i]
        b = inner[i]
        if taken[b - 1] or taken[b + 1] or taken[b - width] or taken[b + width] or taken[b]:
            continue
        over, state = _below(state, 2)
        a1, a2 = (b - 1, b + 1) if over == 0 else (b - width, b + width)
        u1, u2 = (b - width, b + width) if over == 0 else (b - 1, b + 1)
        ra1, rb, ra2, ru1, ru2 = _root(parent, a1), _root(parent, b), _root(parent, a2), \
            _root(parent, u1), _root(parent, u2)
        # the three forced passages must not close a loop, among themselves or with earlier ones
        if ra1 == rb or ra2 == rb or ra1 == ra2 or ru1 == ru2:
            continue
        over_set = {ra1, rb, ra2}
        if ru1 in over_set and ru2 in over_set:
            continue
        parent[ra1] = rb
        parent[ra2] = rb
        parent[_root(parent, u1)] = _root(parent, u2)
        taken[b] = 1
        out[found, 0] = b
        out[found, 1] = over
        found += 1
    return out[:found]


def build(width: int, height: int, seed: int) -> Geometry:
    """The weave geometry of ``width x height`` cells whose crossings ``seed`` chooses.

    Examples
    --------
    >>> g = build(8, 8, seed=3)
    >>> crossings = g.extra["crossings"]
    >>> len(crossings) > 0, len(g.forced) == 3 * len(crossings)
    (True, True)
    """
    n = width * height
    wanted = max(0, (width - 2) * (height - 2) // SPARSENESS)
    cross = _crossings(width, height, mix_seed(seed, CROSSING_STREAM), wanted) if wanted else \
        np.zeros((0, 2), np.int64)
    east, south = square_pairs(width, height)
    b, over = cross[:, 0], cross[:, 1]
    # drop the pairs between a crossing cell and the cells of its tunnel
    across = np.zeros(n, np.int8)  # 1: tunnel runs north-south (over east-west), 2: east-west
    across[b] = np.where(over == 0, 1, 2)
    keep_east = (across[east[:, 0]] != 2) & (across[east[:, 1]] != 2)
    keep_south = (across[south[:, 0]] != 1) & (across[south[:, 1]] != 1)
    tunnel = np.where(over[:, None] == 0, np.stack([b - width, b + width], axis=1),
                      np.stack([b - 1, b + 1], axis=1))
    through = np.where(over[:, None] == 0, np.stack([b - 1, b + 1], axis=1),
                       np.stack([b - width, b + width], axis=1))
    forced = np.concatenate([np.stack([through[:, 0], b], axis=1), np.stack([b, through[:, 1]], axis=1),
                             tunnel])
    y, x = np.divmod(np.arange(n), width)
    at = np.stack([x + 0.5, y + 0.5], axis=1)

    def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        east_walls, south_walls = square_walls(width, height)
        walls = np.concatenate([east_walls[keep_east], south_walls[keep_south], no_walls(len(b))])
        middles = (walls[:, :2] + walls[:, 2:4]) / 2
        middles[len(middles) - len(b):] = at[b]  # a tunnel's "wall" is the crossing itself
        return walls, middles, square_border(width, height)

    return from_edges("weave", {"width": width, "height": height}, at,
                      np.concatenate([east[keep_east], south[keep_south], tunnel]), drawing,
                      hub=(width / 2, height / 2), forced=forced, checked=False,
                      extra={"crossings": cross.astype(np.int32)})

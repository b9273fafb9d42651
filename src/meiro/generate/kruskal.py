"""Randomised Kruskal: open walls in random order unless they would close a loop.

Every interior wall slot is an edge between two cells. Shuffle them all, then
take them in that order, opening a wall when its two cells are still in
different trees of a union-find forest (union by size, path halving) and
merging the trees. This is Kruskal's minimum-spanning-tree algorithm with
random weights, so the maze is perfect.

What it looks like: many short dead ends (about 30 % of cells), short
corridors, no directional bias but a "bushy" texture; the solution is
relatively short and direct.

Origin: not used — the forest grows everywhere at once; the log opens cells
and walls in the order the edges were accepted.

Reference: J. B. Kruskal, *On the shortest spanning subtree of a graph*,
Proc. AMS 7 (1956); as a maze method: J. Buck, *Mazes for Programmers*, ch. 11.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, run_kernel, shuffle


@njit(inline="always")
def find(parent, i):
    """Root of ``i`` in a union-find forest, halving the path on the way."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(cache=True)
def wall_slots(rows, cols):
    """Flat indices of every interior wall slot (the blocks between two cells)."""
    width = (cols - 1) // 2
    height = (rows - 1) // 2
    out = np.empty(height * (width - 1) + width * (height - 1), np.int64)
    k = 0
    for r in range(1, rows - 1):
        start = 2 if r % 2 == 1 else 1
        for c in range(start, cols - 1, 2):
            out[k] = r * cols + c
            k += 1
    return out


@njit(inline="always")
def slot_cells(w, cols):
    """The two cells (block indices) on either side of wall slot ``w``."""
    if (w // cols) % 2 == 1:
        return w - 1, w + 1
    return w - cols, w + cols


@njit(inline="always")
def cell_of(p, cols, width):
    """Cell index of cell block ``p``."""
    r = p // cols
    return (r // 2) * width + (p - r * cols) // 2


@njit(cache=True)
def _kruskal_kernel(grid, rows, cols, origin_row, origin_col, state, order):
    width = (cols - 1) // 2
    height = (rows - 1) // 2
    n = 0
    if width * height == 1:
        return carve(grid, cols + 1, order, n)
    edges = wall_slots(rows, cols)
    state = shuffle(edges, state)
    parent = np.arange(width * height)
    size = np.ones(width * height, np.int64)
    joined = 0
    for w in edges:
        a, b = slot_cells(w, cols)
        ra = find(parent, cell_of(a, cols, width))
        rb = find(parent, cell_of(b, cols, width))
        if ra == rb:
            continue
        if size[ra] < size[rb]:
            ra, rb = rb, ra
        parent[rb] = ra
        size[ra] += size[rb]
        n = carve(grid, a, order, n)
        n = carve(grid, w, order, n)
        n = carve(grid, b, order, n)
        joined += 1
        if joined == width * height - 1:
            break
    return n


@GENERATORS.register(
    "kruskal", summary="randomised Kruskal (union-find): bushy, many short dead ends, no bias",
    reference="J. B. Kruskal (1956); J. Buck, Mazes for Programmers (2015), ch. 11",
    origin=None,
)
def kruskal(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
            record: bool = False) -> Carving:
    """Carve a perfect maze with randomised Kruskal.

    Parameters and result as for :func:`meiro.generate.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = kruskal(6, 4, mix_seed(3), record=True)
    >>> len(carving.order) == 2 * 6 * 4 - 1
    True
    """
    return run_kernel(_kruskal_kernel, width, height, state, origin, record)

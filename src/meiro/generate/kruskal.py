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
from .lattice import carve, find, run_kernel, shuffle


def wall_slots(rows: int, cols: int) -> np.ndarray:
    """Flat indices of every interior wall slot (the blocks between two cells).

    Examples
    --------
    >>> wall_slots(5, 5).tolist()   # a 2 x 2-cell maze has four wall slots
    [7, 11, 13, 17]
    """
    index = np.arange(rows * cols).reshape(rows, cols)
    slots = np.zeros((rows, cols), bool)
    slots[1:-1:2, 2:-1:2] = True
    slots[2:-1:2, 1:-1:2] = True
    return index[slots]


def cell_edges(width: int, height: int) -> np.ndarray:
    """Every pair of neighbouring cells as ``cell * 2 + (0 east | 1 south)``.

    int32 while the codes fit: Kruskal's random accesses then move half the memory.
    """
    dtype = np.int32 if 2 * width * height < 2**31 else np.int64
    cell = np.arange(width * height, dtype=dtype).reshape(height, width)
    return np.concatenate([(cell[:, :-1] * 2).ravel(), (cell[:-1] * 2 + 1).ravel()])


@njit(cache=True)
def _kruskal_kernel(grid, rows, cols, origin_row, origin_col, state, order, edges, parent):
    """``edges``: every pair of neighbouring cells (:func:`cell_edges`); ``parent``: one
    entry per cell, same dtype."""
    width = (cols - 1) // 2
    n_cells = width * ((rows - 1) // 2)
    n = 0
    if order is None:
        for r in range(1, rows - 1, 2):  # every cell ends up open; open them in one sweep
            for c in range(1, cols - 1, 2):
                grid[r * cols + c] = False
    if n_cells == 1:
        return carve(grid, cols + 1, order, n)
    state = shuffle(edges, state)
    size = np.ones(n_cells, np.int32)
    for i in range(n_cells):
        parent[i] = i
    joined = 0
    for e in edges:
        a = e >> 1
        south = e & 1
        b = a + width if south else a + 1
        ra = find(parent, a)
        rb = find(parent, b)
        if ra == rb:
            continue
        if size[ra] < size[rb]:
            ra, rb = rb, ra
        parent[rb] = ra
        size[ra] += size[rb]
        r = a // width
        pa = (2 * r + 1) * cols + 2 * (a - r * width) + 1
        step = cols if south else 1
        if order is None:
            grid[pa + step] = False  # the cells are already open
        else:
            n = carve(grid, pa, order, n)
            n = carve(grid, pa + step, order, n)
            n = carve(grid, pa + 2 * step, order, n)
        joined += 1
        if joined == n_cells - 1:
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
    edges = cell_edges(width, height)
    parent = np.empty(width * height, edges.dtype)
    return run_kernel(_kruskal_kernel, width, height, state, origin, record, edges, parent)

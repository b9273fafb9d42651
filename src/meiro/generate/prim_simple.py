"""Simplified Prim: grow the maze from a random frontier cell each step.

The *frontier* is the set of cells next to the maze but not in it. Each step
takes a uniformly random frontier cell, links it to a random neighbour that is
already in the maze, and adds its own new neighbours to the frontier. (Often
just called "Prim's algorithm"; it is not Prim's minimum spanning tree — see
``prim`` for that.)

What it looks like: radial texture around the origin, many short dead ends
(about 35 % of cells, the most of the classics) and short corridors; the
solution from the origin tends to be fairly direct.

Origin: the first cell of the maze; growth spreads out from it.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 11 ("simplified
Prim's"); W. D. Pullen, *Think Labyrinth!* (maze algorithms).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.rng import below
from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, neighbours, run_kernel


@njit(cache=True)
def _prim_simple_kernel(grid, rows, cols, origin_row, origin_col, state, order):
    n_cells = ((rows - 1) // 2) * ((cols - 1) // 2)
    frontier = np.empty(n_cells, np.int64)
    queued = np.zeros(rows * cols, np.bool_)
    near = np.empty(4, np.int64)
    inside = np.empty(4, np.int64)
    p = origin_row * cols + origin_col
    n = carve(grid, p, order, 0)
    size = 0
    while True:
        k = neighbours(p, rows, cols, near)
        for i in range(k):
            q = near[i]
            if grid[q] and not queued[q]:
                queued[q] = True
                frontier[size] = q
                size += 1
        if size == 0:
            break
        j, state = below(state, size)
        p = frontier[j]
        size -= 1
        frontier[j] = frontier[size]
        k = neighbours(p, rows, cols, near)
        m = 0
        for i in range(k):
            if not grid[near[i]]:
                inside[m] = near[i]
                m += 1
        j, state = below(state, m)
        n = carve(grid, (p + inside[j]) // 2, order, n)
        n = carve(grid, p, order, n)
    return n


@GENERATORS.register(
    "prim-simple", aliases=("simplified-prim",),
    summary="simplified Prim: random frontier cell; radial, many short dead ends",
    reference="J. Buck, Mazes for Programmers (2015), ch. 11",
)
def prim_simple(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                record: bool = False) -> Carving:
    """Carve a perfect maze with simplified Prim (random frontier cell).

    Parameters and result as for :func:`meiro.generate.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = prim_simple(5, 5, mix_seed(6), origin=(5, 5), record=True)
    >>> int(carving.order[0]) == 5 * 11 + 5
    True
    """
    return run_kernel(_prim_simple_kernel, width, height, state, origin, record)

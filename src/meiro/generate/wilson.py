"""Wilson's algorithm: loop-erased random walks, added to the tree one by one.

The origin cell starts the tree. For every cell not yet in the tree (in
row-major order), walk at random until the walk hits the tree, remembering
only the *last* direction taken out of each cell — that erases every loop
the walk made — then carve the loop-erased path into the tree. The result is
a *uniform* spanning tree: every perfect maze on the grid is equally likely
(Wilson 1996), whatever the order in which the walks start.

What it looks like: the same distribution as Aldous-Broder — no bias, about
29 % dead ends, short twisty corridors. It is faster than Aldous-Broder
because each walk only has to find the tree, not cover the grid; the first
walks (to a tree of one cell) are the slow part.

Origin: the root of the tree (the first cell carved).

Reference: D. B. Wilson, *Generating random spanning trees more quickly than
the cover time*, STOC (1996).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, random_direction, run_kernel


@njit(cache=True)
def _wilson_kernel(grid, rows, cols, origin_row, origin_col, state, order):
    offset = np.array([-cols, 1, cols, -1], np.int64)
    drow = np.array([-2, 0, 2, 0], np.int64)
    dcol = np.array([0, 2, 0, -2], np.int64)
    bits = np.uint64(0)
    n_bits = 0
    exit_dir = np.zeros(rows * cols, np.uint8)
    n = carve(grid, origin_row * cols + origin_col, order, 0)
    for r0 in range(1, rows - 1, 2):
        for c0 in range(1, cols - 1, 2):
            start = r0 * cols + c0
            if not grid[start]:
                continue
            # walk until the tree, keeping each cell's latest exit (loop erasure)
            p = start
            r = r0
            c = c0
            while grid[p]:
                d, bits, n_bits, state = random_direction(r, c, rows, cols, bits, n_bits, state)
                exit_dir[p] = d
                p += 2 * offset[d]
                r += drow[d]
                c += dcol[d]
            # carve the loop-erased path
            first = n
            p = start
            while grid[p]:
                d = exit_dir[p]
                n = carve(grid, p, order, n)
                n = carve(grid, p + offset[d], order, n)
                p += 2 * offset[d]
            if order is not None:
                # log the path from the tree outwards, so a replay grows one tree
                order[first:n] = order[first:n][::-1].copy()
    return n


@GENERATORS.register(
    "wilson", summary="Wilson: loop-erased random walks; uniform spanning tree, no bias",
    reference="D. B. Wilson, STOC (1996)",
)
def wilson(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
           record: bool = False) -> Carving:
    """Carve a uniformly random perfect maze with Wilson's algorithm.

    Parameters and result as for :func:`meiro.generate.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = wilson(6, 5, mix_seed(5), record=True)
    >>> int((~carving.grid).sum()) == len(carving.order) == 2 * 6 * 5 - 1
    True
    """
    return run_kernel(_wilson_kernel, width, height, state, origin, record)

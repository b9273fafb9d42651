"""Wilson's algorithm: loop-erased random walks, added to the tree one by one.

The origin cell starts the tree. For every cell not yet in the tree (in
row-major order), walk at random until the walk hits the tree, remembering
only the *last* direction taken out of each cell — that erases every loop
the walk made — then carve the loop-erased path into the tree. The result is
a *uniform* spanning tree: every perfect maze on the grid is equally likely
(Wilson 1996), whatever the order in which the walks start.

What it looks like: the same distribution as Aldous-Broder — no bias, about
29 % dead ends, short twisty corridors.

Cost: the walks add up to the grid's mean hitting time of the root (Wilson
1996), about ``n log n`` steps for ``n`` cells; it is dominated by the first
walks, which must find a tree of a few cells, so it varies a lot from seed to
seed. On 1000 x 1000 cells it takes 4-14x the dig method (7x on average; see
``benchmarks/bench_zoo.py``) — still some five times faster than
Aldous-Broder, which must cover the whole grid.

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
    # The walks run on cell-sized arrays (a quarter of the block grid), which
    # keeps the long first walks in cache; blocks are touched only to carve.
    width = (cols - 1) // 2
    offset = np.array([-cols, 1, cols, -1], np.int64)
    cell_step = np.array([-width, 1, width, -1], np.int64)
    drow = np.array([-2, 0, 2, 0], np.int64)
    dcol = np.array([0, 2, 0, -2], np.int64)
    bits = np.uint64(0)
    n_bits = 0
    in_tree = np.zeros(width * ((rows - 1) // 2), np.bool_)
    exit_dir = np.zeros(in_tree.size, np.uint8)
    in_tree[(origin_row // 2) * width + origin_col // 2] = True
    n = carve(grid, origin_row * cols + origin_col, order, 0)
    start = -1
    for r0 in range(1, rows - 1, 2):
        for c0 in range(1, cols - 1, 2):
            start += 1
            if in_tree[start]:
                continue
            # walk until the tree, keeping each cell's latest exit (loop erasure)
            i = start
            r = r0
            c = c0
            while not in_tree[i]:
                d, bits, n_bits, state = random_direction(r, c, rows, cols, bits, n_bits, state)
                exit_dir[i] = d
                i += cell_step[d]
                r += drow[d]
                c += dcol[d]
            # carve the loop-erased path
            first = n
            i = start
            p = r0 * cols + c0
            while not in_tree[i]:
                d = exit_dir[i]
                in_tree[i] = True
                n = carve(grid, p, order, n)
                n = carve(grid, p + offset[d], order, n)
                p += 2 * offset[d]
                i += cell_step[d]
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

"""Aldous-Broder: a random walk that links every cell on its first visit.

Walk from the origin to a uniformly random neighbour, over and over; when the
walk enters a cell it has never visited, open the wall it came through. Stop
when every cell has been visited. The first-entrance edges form a spanning
tree, and every spanning tree of the grid is equally likely (Aldous 1990,
Broder 1989) — the maze is a *uniform* random perfect maze.

What it looks like: no bias at all; about 29 % dead ends, short winding
corridors, like Wilson's method (the same distribution).

Cost: the walk must cover every cell. The cover time of a random walk on an
``n``-cell grid grows like ``n (log n)^2`` (Dembo, Peres, Rosen, Zeitouni 2004),
so a 1000 x 1000 maze takes some 10^8 steps — about 0.6 s, 30-40x the dig
method (``benchmarks/bench_zoo.py``); the walk's last stretches cross
long-finished regions looking for the few unvisited cells. Use ``wilson`` for
the same distribution, faster.

Origin: the walk starts there.

Reference: D. Aldous, *The random walk construction of uniform spanning trees
and uniform labelled trees*, SIAM J. Discrete Math. 3 (1990); A. Broder,
*Generating random spanning trees*, FOCS (1989).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, random_direction, run_kernel


@njit(cache=True)
def _aldous_broder_kernel(grid, rows, cols, origin_row, origin_col, state, order):
    remaining = ((rows - 1) // 2) * ((cols - 1) // 2) - 1
    offset = np.array([-cols, 1, cols, -1], np.int64)
    drow = np.array([-2, 0, 2, 0], np.int64)
    dcol = np.array([0, 2, 0, -2], np.int64)
    bits = np.uint64(0)
    n_bits = 0
    r = origin_row
    c = origin_col
    p = r * cols + c
    n = carve(grid, p, order, 0)
    while remaining > 0:
        d, bits, n_bits, state = random_direction(r, c, rows, cols, bits, n_bits, state)
        wall = p + offset[d]
        p = wall + offset[d]
        r += drow[d]
        c += dcol[d]
        if grid[p]:
            n = carve(grid, wall, order, n)
            n = carve(grid, p, order, n)
            remaining -= 1
    return n


@GENERATORS.register(
    "aldous-broder", aliases=("aldous", "broder"),
    summary="Aldous-Broder random walk: uniform spanning tree, no bias; slow (cover time)",
    reference="D. Aldous (1990); A. Broder (1989)",
)
def aldous_broder(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                  record: bool = False) -> Carving:
    """Carve a uniformly random perfect maze with the Aldous-Broder walk.

    Parameters and result as for :func:`meiro.generate.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = aldous_broder(5, 5, mix_seed(4), origin=(5, 5), record=True)
    >>> int(carving.order[0]) == 5 * 11 + 5
    True
    """
    return run_kernel(_aldous_broder_kernel, width, height, state, origin, record)

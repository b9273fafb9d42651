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
so a 1000 x 1000 maze takes some 10^8 steps; the walk's last stretches cross
long-finished regions looking for the few unvisited cells. The walk's state
is one byte per cell, so it stays in cache: about 0.1 s on 1000 x 1000
cells, some 6x the dig method (``benchmarks/bench_zoo.py``). ``wilson``
gives the same distribution several times faster.

Origin: the walk starts there.

Reference: D. Aldous, *The random walk construction of uniform spanning trees
and uniform labelled trees*, SIAM J. Discrete Math. 3 (1990); A. Broder,
*Generating random spanning trees*, FOCS (1989).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.cells import DUG, EAST, SOUTH, cells_to_grid, padded_cells
from ..kernels.rng import next_u64
from ..registry import GENERATORS
from .carving import Carving, record_buffer

VISITED = 0x80
EDGE = 0x40  # a padding cell: the walk never steps onto it


@njit(cache=True)
def _aldous_broder_kernel(cells, width, height, origin_x, origin_y, state, order):
    """The walk on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    The walk's state is one byte per cell — visited, or padding — so the
    walk stays in cache and needs no bounds checks: a step onto the padding is
    redrawn, which keeps the choice uniform among the real neighbours.
    ``order`` is None or receives the opened blocks; returns the log length.
    """
    padded = width + 2
    cols = 2 * width + 1
    step = np.array([-padded, 1, padded, -1], np.int64)
    block_step = np.array([-cols, 1, cols, -1], np.int64)
    mark = np.zeros(cells.size, np.uint8)
    for k in range(cells.size):
        if cells[k] & DUG:
            mark[k] = EDGE
    i = (origin_y + 1) * padded + origin_x + 1
    mark[i] = VISITED
    p = (2 * origin_y + 1) * cols + 2 * origin_x + 1
    n = 0
    if order is not None:
        order[0] = p
        n = 1
    remaining = width * height - 1
    bits = np.uint64(0)
    n_bits = 0
    while remaining > 0:
        while True:
            if n_bits == 0:
                bits, state = next_u64(state)
                n_bits = 32
            d = np.int64(bits & np.uint64(3))
            bits >>= np.uint64(2)
            n_bits -= 1
            j = i + step[d]
            if not mark[j] & EDGE:
                break
        if order is not None:
            p += 2 * block_step[d]
        if not mark[j]:
            # first entrance: open the wall the walk came through
            mark[j] = VISITED
            if d == 0:
                cells[j] |= SOUTH
            elif d == 1:
                cells[i] |= EAST
            elif d == 2:
                cells[i] |= SOUTH
            else:
                cells[j] |= EAST
            if order is not None:
                order[n] = p - block_step[d]
                order[n + 1] = p
                n += 2
            remaining -= 1
        i = j
    for k in range(cells.size):
        cells[k] |= DUG
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
    cells = padded_cells(width, height)
    order = record_buffer((2 * width + 1) * (2 * height + 1), 2 * width * height - 1) if record else None
    n_log = _aldous_broder_kernel(cells, width, height, origin[1] // 2, origin[0] // 2, state, order)
    return Carving(cells_to_grid(cells, width, height), order[:n_log] if record else None, cells)

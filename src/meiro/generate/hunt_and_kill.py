"""Hunt-and-kill: random walks to new cells; when stuck, hunt for a new start.

From the origin, walk to a random neighbour that is not yet in the maze,
opening the wall on the way ("kill"), until no such neighbour is left. Then
"hunt": scan the rows from the top for the first cell outside the maze that
has a neighbour inside it, link the two, and walk on from there. Every cell
joins the maze by exactly one wall, so the maze is perfect.

What it looks like: close to the dig method — long, winding corridors and
few dead ends (about 9 % of cells) — but without a stack; the hunts
leave a slight tendency for walks to restart near the top.

The hunt does not rescan finished rows: a per-row count of cells still
outside the maze lets it start from the first unfinished row.

Origin: the first walk starts there.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 5; W. D. Pullen,
*Think Labyrinth!*
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.rng import below
from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, neighbours, run_kernel


@njit(cache=True)
def _hunt_and_kill_kernel(grid, rows, cols, origin_row, origin_col, state, order):
    height = (rows - 1) // 2
    width = (cols - 1) // 2
    left = np.full(height, width, np.int64)  # cells outside the maze, per row
    near = np.empty(4, np.int64)
    pick = np.empty(4, np.int64)
    p = origin_row * cols + origin_col
    n = carve(grid, p, order, 0)
    left[origin_row // 2] -= 1
    remaining = width * height - 1
    first_row = 0
    while remaining > 0:
        # kill: walk to random new neighbours
        k = neighbours(p, rows, cols, near)
        m = 0
        for i in range(k):
            if grid[near[i]]:
                pick[m] = near[i]
                m += 1
        if m > 0:
            j, state = below(state, m)
            q = pick[j]
            n = carve(grid, (p + q) // 2, order, n)
            n = carve(grid, q, order, n)
            left[q // cols // 2] -= 1
            remaining -= 1
            p = q
            continue
        # hunt: the first cell outside the maze, row by row, with a neighbour inside it
        while left[first_row] == 0:
            first_row += 1
        found = False
        for row in range(first_row, height):
            if left[row] == 0:
                continue
            r = 2 * row + 1
            for c in range(1, cols - 1, 2):
                q = r * cols + c
                if not grid[q]:
                    continue
                k = neighbours(q, rows, cols, near)
                m = 0
                for i in range(k):
                    if not grid[near[i]]:
                        pick[m] = near[i]
                        m += 1
                if m > 0:
                    j, state = below(state, m)
                    n = carve(grid, (q + pick[j]) // 2, order, n)
                    n = carve(grid, q, order, n)
                    left[row] -= 1
                    remaining -= 1
                    p = q
                    found = True
                    break
            if found:
                break
    return n


@GENERATORS.register(
    "hunt-and-kill", aliases=("hunt",),
    summary="hunt-and-kill: random walks, rescans for a new start; long corridors, few dead ends",
    reference="J. Buck, Mazes for Programmers (2015), ch. 5",
)
def hunt_and_kill(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                  record: bool = False) -> Carving:
    """Carve a perfect maze with hunt-and-kill.

    Parameters and result as for :func:`meiro.generate.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = hunt_and_kill(6, 6, mix_seed(8), origin=(11, 1), record=True)
    >>> int(carving.order[0]) == 11 * 13 + 1
    True
    """
    return run_kernel(_hunt_and_kill_kernel, width, height, state, origin, record)

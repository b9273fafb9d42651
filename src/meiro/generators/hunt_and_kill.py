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
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import (DUG, EDGE, _cell_block, _cell_steps, _join_cell, _mark_ring,
                             _maze_around, _undug_around)
from ..kernels.index import U
from ..kernels.rng import _below
from .carving import Carving, Log, State, run_on_cells


@njit(cache=True)
def _hunt_and_kill_kernel(cells: NDArray[np.uint8], width: int, height: int, origin_x: int, origin_y: int, state: State,
                          order: Log | None) -> int:
    """Hunt-and-kill on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    ``order`` is None or receives the opened blocks; returns the log length.
    """
    padded = width + 2
    step, block_step = _cell_steps(width)
    row_step = np.array([-1, 0, 1, 0], np.int64)
    left = np.full(height, width, np.int64)  # cells outside the maze, per row
    around = np.empty(4, np.int64)
    _mark_ring(cells, width, height, DUG | EDGE)
    y = origin_y
    i = (y + 1) * padded + origin_x + 1
    cells[U(i)] |= DUG
    n = 0
    if order is not None:
        order[0] = _cell_block(i, width)
        n = 1
    left[U(y)] -= 1
    remaining = width * height - 1
    first_row = 0
    while remaining > 0:
        # kill: walk to random new neighbours
        m = _undug_around(cells, i, step, around)
        if m > 0:
            k, state = _below(state, m)
            d = around[U(k)]
            n = _join_cell(cells, i, i + step[d], d, block_step, order, n, width)
            i += step[d]
            y += row_step[d]
            left[U(y)] -= 1
            remaining -= 1
            continue
        # hunt: the first cell outside the maze, row by row, with a neighbour inside it
        while left[U(first_row)] == 0:
            first_row += 1
        found = False
        for y in range(first_row, height):
            if left[y] == 0:
                continue
            for x in range(width):
                i = (y + 1) * padded + x + 1
                if cells[U(i)] & DUG:
                    continue
                m = _maze_around(cells, i, step, around)
                if m > 0:
                    k, state = _below(state, m)
                    d = around[U(k)]
                    n = _join_cell(cells, i + step[d], i, (d + 2) & 3, block_step, order, n, width)
                    left[y] -= 1
                    remaining -= 1
                    found = True
                    break
            if found:
                break
    _mark_ring(cells, width, height, DUG)
    return n


def hunt_and_kill(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                  record: bool = False) -> Carving:
    """Carve a perfect maze with hunt-and-kill.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = hunt_and_kill(6, 6, mix_seed(8), origin=(11, 1), record=True)
    >>> int(carving.order[0]) == 11 * 13 + 1
    True
    """
    return run_on_cells(_hunt_and_kill_kernel, width, height, state, origin, record)

"""Sidewinder: runs of cells along each row, each run linked upwards once.

The top row is one corridor. In every later row, walk west to east and
extend the current *run* eastwards with a coin flip; when the run is closed
(coin, or the east edge), one random cell of the run opens its north wall.
Every run joins the tree above exactly once, so the maze is perfect.

What it looks like: an unbroken top corridor and a clear vertical bias — a
path from the top never has to go down, so solving towards the top row is
easy. Dead ends about 28 % of cells; horizontal corridors of a few cells.

Origin: not used for the shape (rows are processed from the top); the log
opens cells row by row.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 2 (Walter D. Pullen's
classification calls it "Sidewinder").
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.rng import _below, _next_u64
from .carving import Carving, Log, State, run_on_grid
from .lattice import _carve

_TOP_BIT = np.uint64(63)


@njit(cache=True)
def _sidewinder_kernel(grid: NDArray[np.bool_], rows: int, cols: int, origin_row: int, origin_col: int,
                       state: State, order: Log | None) -> int:
    n = 0
    for r in range(1, rows - 1, 2):
        run_start = 1
        for c in range(1, cols - 1, 2):
            p = r * cols + c
            n = _carve(grid, p, order, n)
            at_east = c == cols - 2
            if r == 1:
                if not at_east:
                    n = _carve(grid, p + 1, order, n)
                continue
            close = at_east
            if not close:
                bits, state = _next_u64(state)
                close = (bits >> _TOP_BIT) == 1
            if close:
                k, state = _below(state, (c - run_start) // 2 + 1)
                n = _carve(grid, r * cols + run_start + 2 * k - cols, order, n)
                run_start = c + 2
            else:
                n = _carve(grid, p + 1, order, n)
    return n


def sidewinder(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
               record: bool = False) -> Carving:
    """Carve a perfect maze with the sidewinder method.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = sidewinder(5, 4, mix_seed(2))
    >>> bool((~carving.grid[1, 1:-1]).all())
    True
    """
    return run_on_grid(_sidewinder_kernel, width, height, state, origin, record)

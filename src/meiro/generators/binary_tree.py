"""Binary tree: every cell opens its north or its west wall, at random.

Each cell (row by row) links to the cell above or to the cell on its left,
chosen by a coin flip; the top row can only go west and the left column only
north, so they become two straight corridors meeting at the top-left cell.
The result is always a perfect maze (every cell has exactly one link towards
the top-left corner, so the links form a tree rooted there).

What it looks like: the strongest bias of all the classics. Unbroken
corridors along the top row and the left column, every route to the
top-left is a staircase going only up and left, and about 25 % of cells are
dead ends (the corridors are short). Solving from the bottom-right to the
top-left is trivial.

Origin: not used for the shape (the tree is always rooted at the top-left
cell); the log opens cells row by row from the top-left.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 2; the algorithm is
folklore (it appears in early BASIC maze programs).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.rng import _next_u64
from .carving import Carving, Log, State, run_on_grid
from .lattice import _carve

_TOP_BIT = np.uint64(63)


@njit(cache=True)
def _binary_tree_kernel(grid: NDArray[np.bool_], rows: int, cols: int, origin_row: int, origin_col: int,
                        state: State, order: Log | None) -> int:
    n = 0
    for r in range(1, rows - 1, 2):
        for c in range(1, cols - 1, 2):
            p = r * cols + c
            n = _carve(grid, p, order, n)
            if r == 1 and c == 1:
                continue
            if r == 1:
                north = False
            elif c == 1:
                north = True
            else:
                bits, state = _next_u64(state)
                north = (bits >> _TOP_BIT) == 1
            n = _carve(grid, p - cols if north else p - 1, order, n)
    return n


def binary_tree(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                record: bool = False) -> Carving:
    """Carve a perfect maze with the binary-tree method.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = binary_tree(4, 3, mix_seed(1), record=True)
    >>> bool((~carving.grid[1, 1:-1]).all())   # the top row is one corridor
    True
    """
    return run_on_grid(_binary_tree_kernel, width, height, state, origin, record)

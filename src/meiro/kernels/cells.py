"""Generating on one byte per cell, then expanding to the block grid.

Generators carve into a compact array, one byte per cell, with the same
passage bits as the search graph (:mod:`meiro.kernels.graph`): bit 0 = open
to the east, bit 1 = open to the south, plus bit 2 = the cell is dug. That is
a quarter of the block grid's memory, so a random walk stays in cache longer;
one streaming pass then writes the block grid.

The array is padded with a ring of cells that are marked dug and have no
passages: a walk never steps onto them, so it needs no bounds checks, and the
array is already a padded search graph, so goal placement can search it
without rebuilding it. Cell ``(x, y)`` lives at ``(y + 1) * (width + 2) + x + 1``.
"""

import numpy as np
from numba import njit

EAST = 1
SOUTH = 2
DUG = 4


def padded_cells(width: int, height: int) -> np.ndarray:
    """A flat compact-cell array for ``width x height`` cells: interior 0, padding dug.

    Examples
    --------
    >>> padded_cells(2, 1).reshape(3, 4)
    array([[4, 4, 4, 4],
           [4, 0, 0, 4],
           [4, 4, 4, 4]], dtype=uint8)
    """
    cells = np.zeros((height + 2, width + 2), np.uint8)
    cells[0] = cells[-1] = DUG
    cells[:, 0] = cells[:, -1] = DUG
    return cells.ravel()


@njit(cache=True)
def expand_cells(cells, width, height, grid):
    """Write the ``(2*height+1, 2*width+1)`` block grid for padded compact ``cells``.

    ``grid`` is a flat bool array; every block is written (no need to clear it).
    """
    cols = 2 * width + 1
    padded = width + 2
    wall = grid.view(np.uint8)
    for c in range(cols):
        wall[c] = 1
    for y in range(height):
        row = (2 * y + 1) * cols
        below = row + cols
        wall[row] = 1
        wall[below] = 1
        i = (y + 1) * padded + 1
        for x in range(width):
            bits = cells[i + x]
            p = row + 2 * x + 1
            wall[p] = 1 - ((bits >> 2) & 1)
            wall[p + 1] = 1 - (bits & EAST)
            q = below + 2 * x + 1
            wall[q] = 1 - ((bits >> 1) & 1)
            wall[q + 1] = 1


def cells_to_grid(cells: np.ndarray, width: int, height: int) -> np.ndarray:
    """The block grid (bool, True = wall) of padded compact ``cells``."""
    grid = np.empty((2 * height + 1, 2 * width + 1), dtype=bool)
    expand_cells(cells, width, height, grid.ravel())
    return grid

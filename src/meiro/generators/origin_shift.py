"""Origin shift: a perfect maze kept as a tree whose root wanders at random.

Every cell points to one neighbour, and following the pointers from any cell
leads to the *origin*, the root: the pointers are the passages of a perfect
maze. One step moves the origin to a random neighbour: the old origin now
points to the new one, and the new one points nowhere. The pointers still form
a tree rooted at the new origin, so the maze is perfect after every step.
Start from a plain tree (every row runs west to the first column, which runs
north to the top-left cell, the first origin) and take many steps.

The steps are a random walk of the root over the grid, and the rooted trees
form the walk's "tree chain" (Aldous 1990, Broder 1989): by the Markov chain
tree theorem, in the long run a rooted tree has probability proportional to
its root's degree whatever its shape, so the maze (the tree without its root)
is a uniform random spanning tree (a chi-square test over the 192 trees of a
3 x 3 grid agrees). meiro takes ten steps per cell by default; the maze then
looks like ``wilson``'s, though large mazes are not mixed to exact uniformity
(the walk would have to cover the grid).

What it looks like: close to ``wilson`` / ``aldous-broder`` (about 29 % dead
ends, no bias) once mixed; with few steps, traces of the starting rows.

Origin: only where the carving log starts (the walk always starts at the
top-left cell; its steps also close passages, so the log is a flood from the
origin).

Reference: the "origin shift" method popularised by CaptainLuma (2024); the
walk on rooted trees: A. Broder, *Generating random spanning trees*, FOCS
(1989); D. Aldous, SIAM J. Discrete Math. 3 (1990).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import (DUG, _cell_steps, _cells_to_grid, _open_passage, _padded_cells,
                             _random_step, _walk_marks)
from ..kernels.index import U
from ..kernels.index import Int
from .carving import Carving, State, check_number, check_request
from .lattice import flood_log

ROOT = 4  # the origin points nowhere
#: Steps per cell by default.
STEPS_PER_CELL = 10


@njit(cache=True)
def _origin_shift_kernel(cells: NDArray[np.uint8], width: int, height: int, state: State,
                         steps: int) -> State:
    """Shift the origin ``steps`` times on padded compact ``cells``, then open the tree's passages.

    ``point`` holds each cell's direction to its parent (0 north, 1 east,
    2 south, 3 west; ``ROOT`` at the origin). Returns the PRNG state.
    """
    padded = width + 2
    step, _ = _cell_steps(width)
    mark = _walk_marks(cells)
    point = np.full(cells.size, ROOT, np.uint8)
    for y in range(height):
        row = (y + 1) * padded + 1
        point[row] = 0  # the first column runs north
        for x in range(1, width):
            point[row + x] = 3  # every row runs west
    i: Int = padded + 1  # the top-left cell: the first origin
    point[i] = ROOT
    bits = np.uint64(0)
    n_bits = 0
    for _ in range(steps):
        d, j, bits, n_bits, state = _random_step(i, mark, step, bits, n_bits, state)
        point[U(i)] = d
        point[U(j)] = ROOT
        i = j
    for y in range(height):
        row = (y + 1) * padded
        for x in range(1, width + 1):
            d = point[row + x]
            if d != ROOT:
                _open_passage(cells, row + x, row + x + step[d], d)
    for k in range(cells.size):
        cells[k] |= DUG
    return state


def origin_shift(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                 record: bool = False, *, steps_per_cell: float = STEPS_PER_CELL) -> Carving:
    """Make a perfect maze by shifting the origin of a rooted tree at random.

    Parameters and result as for :func:`meiro.generators.dig.dig`; ``origin``
    only sets where the carving log starts.
    ``steps_per_cell``: how long the origin wanders (more: closer to uniform).

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = origin_shift(6, 4, mix_seed(3), record=True)
    >>> int((~carving.grid[1::2, 2::2]).sum() + (~carving.grid[2::2, 1::2]).sum())  # a tree
    23
    >>> plain = origin_shift(3, 2, mix_seed(3), steps_per_cell=0).grid  # the starting tree
    >>> [''.join('#' if wall else '.' for wall in row) for row in plain.tolist()]
    ['#######', '#.....#', '#.#####', '#.....#', '#######']
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record, memory=2)
    steps_per_cell = check_number(steps_per_cell, "steps_per_cell", 0, 10_000)
    cells = _padded_cells(width, height)
    steps = int(round(steps_per_cell * width * height)) if width * height > 1 else 0
    _origin_shift_kernel(cells, width, height, state, steps)
    grid = _cells_to_grid(cells, width, height)
    return Carving(grid, flood_log(grid, origin) if record else None, cells)

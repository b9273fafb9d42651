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
from numpy.typing import NDArray
from .jit import njit

from .index import Int, U
from .rng import _next_u64

EAST = 1
SOUTH = 2
DUG = 4
#: a padding cell, in ``_walk_marks`` (a random walk never steps onto it) and
#: while a kernel marks the ring (:func:`_mark_ring`)
EDGE = 0x40


def _padded_cells(width: int, height: int) -> NDArray[np.uint8]:
    """A flat compact-cell array for ``width x height`` cells: interior 0, padding dug.

    Examples
    --------
    >>> _padded_cells(2, 1).reshape(3, 4)
    array([[4, 4, 4, 4],
           [4, 0, 0, 4],
           [4, 4, 4, 4]], dtype=uint8)
    """
    cells = np.zeros((height + 2, width + 2), np.uint8)
    cells[0] = cells[-1] = DUG
    cells[:, 0] = cells[:, -1] = DUG
    return cells.ravel()


@njit(inline="always")
def _open_passage(cells: NDArray[np.uint8], i: Int, j: Int, d: Int) -> None:
    """Open the passage from cell ``i`` to its neighbour ``j`` in direction ``d``.

    A passage is stored on the cell to its west or north (0 north, 1 east,
    2 south, 3 west).

    Examples
    --------
    >>> cells = _padded_cells(2, 1)          # cells (0, 0) and (1, 0) at 5 and 6
    >>> _open_passage(cells, 6, 5, 3)        # west from (1, 0): stored on (0, 0)
    >>> cells.reshape(3, 4)[1].tolist()
    [4, 1, 0, 4]
    """
    if d == 0:
        cells[U(j)] |= SOUTH
    elif d == 1:
        cells[U(i)] |= EAST
    elif d == 2:
        cells[U(i)] |= SOUTH
    else:
        cells[U(j)] |= EAST


@njit(inline="always")
def _cell_steps(width: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The steps of the four directions (0 north, 1 east, 2 south, 3 west): in the padded
    cell array and in the block grid, for a maze ``width`` cells wide.

    Examples
    --------
    >>> step, block_step = _cell_steps(3)
    >>> step.tolist(), block_step.tolist()
    ([-5, 1, 5, -1], [-7, 1, 7, -1])
    """
    padded, cols = width + 2, 2 * width + 1
    return np.array([-padded, 1, padded, -1], np.int64), np.array([-cols, 1, cols, -1], np.int64)


@njit(inline="always")
def _cell_block(i: Int, width: int) -> Int:
    """The block-grid index of padded cell ``i`` (a division: for logging, not for walking).

    Examples
    --------
    >>> divmod(int(_cell_block(6, 2)), 5)    # cell (1, 0) of a 2x1 maze: block (1, 3)
    (1, 3)
    """
    padded = width + 2
    y = i // padded
    return (2 * y - 1) * (2 * width + 1) + 2 * (i - y * padded) - 1


@njit(inline="always")
def _join_cell(cells: NDArray[np.uint8], i: Int, j: Int, d: Int, block_step: NDArray[np.int64], order: NDArray[np.int64] | None,
               n: int, width: int) -> int:
    """Dig cell ``j`` into the maze through the wall from its neighbour ``i`` (direction ``d``).

    Logs the wall block, then ``j``'s block, when ``order`` is not None
    (``block_step``: the four directions' steps in the block grid); returns
    the log length.

    Examples
    --------
    >>> cells = _padded_cells(2, 1)
    >>> cells[5] |= DUG
    >>> block_step = np.array([-5, 1, 5, -1], np.int64)
    >>> order = np.zeros(2, np.int64)
    >>> _join_cell(cells, 5, 6, 1, block_step, order, 0, 2)   # dig east
    2
    >>> cells.reshape(3, 4)[1].tolist(), order.tolist()      # the wall slot, then the cell
    ([4, 5, 4, 4], [7, 8])
    """
    _open_passage(cells, i, j, d)
    cells[U(j)] |= DUG
    if order is not None:
        q = _cell_block(j, width)
        order[U(n)] = q - block_step[d]
        order[U(n + 1)] = q
        n += 2
    return n


@njit(inline="always")
def _undug_around(cells: NDArray[np.uint8], i: Int, step: NDArray[np.int64], out: NDArray[np.int64]) -> int:
    """Fill ``out`` with the directions (0 N, 1 E, 2 S, 3 W) from cell ``i`` to cells not dug yet.

    ``step``: the four directions' steps in the padded array. The padding
    counts as dug, so it is never listed. Returns how many.

    Examples
    --------
    >>> cells = _padded_cells(2, 1)
    >>> out = np.empty(4, np.int64)
    >>> n = _undug_around(cells, 5, np.array([-4, 1, 4, -1], np.int64), out)
    >>> out[:n].tolist()                    # only east: the rest is padding
    [1]
    """
    m = 0
    for d in range(4):
        if not cells[U(i + step[d])] & DUG:
            out[m] = d
            m += 1
    return m


@njit(inline="always")
def _maze_around(cells: NDArray[np.uint8], i: Int, step: NDArray[np.int64], out: NDArray[np.int64]) -> int:
    """Like :func:`_undug_around`, for the neighbours already in the maze.

    Needs the padding marked ``DUG | EDGE`` (:func:`_mark_ring`) to tell it
    from dug cells.

    Examples
    --------
    >>> cells = _padded_cells(2, 1)
    >>> _mark_ring(cells, 2, 1, DUG | EDGE)
    >>> cells[6] |= DUG                     # cell (1, 0) is in the maze
    >>> out = np.empty(4, np.int64)
    >>> n = _maze_around(cells, 5, np.array([-4, 1, 4, -1], np.int64), out)
    >>> out[:n].tolist()
    [1]
    """
    m = 0
    for d in range(4):
        if cells[U(i + step[d])] & (DUG | EDGE) == DUG:
            out[m] = d
            m += 1
    return m


@njit(cache=True)
def _mark_ring(cells: NDArray[np.uint8], width: int, height: int, value: int) -> None:
    """Set every padding cell to ``value``: ``DUG | EDGE`` while a kernel must tell the
    padding from dug cells (:func:`_maze_around`), ``DUG`` again before it returns.

    Examples
    --------
    >>> cells = _padded_cells(2, 1)
    >>> _mark_ring(cells, 2, 1, DUG | EDGE)
    >>> cells.reshape(3, 4).tolist()
    [[68, 68, 68, 68], [68, 0, 0, 68], [68, 68, 68, 68]]
    """
    padded = width + 2
    last = (height + 1) * padded
    for x in range(padded):
        cells[x] = value
        cells[last + x] = value
    for y in range(1, height + 1):
        cells[y * padded] = value
        cells[y * padded + padded - 1] = value


@njit(cache=True)
def _walk_marks(cells: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A byte per cell for a random walk's own state: ``EDGE`` on the padding, else 0.

    Examples
    --------
    >>> _walk_marks(_padded_cells(2, 1)).reshape(3, 4).tolist()
    [[64, 64, 64, 64], [64, 0, 0, 64], [64, 64, 64, 64]]
    """
    marks = np.zeros(cells.size, np.uint8)
    for k in range(cells.size):
        if cells[k] & DUG:
            marks[k] = EDGE
    return marks


@njit(inline="always")
def _random_step(i: Int, marks: NDArray[np.uint8], step: NDArray[np.int64], bits: np.uint64, n_bits: int,
                 state: np.uint64) -> tuple[np.int64, Int, np.uint64, int, np.uint64]:
    """A uniformly random step from cell ``i`` to a real neighbour (not the padding).

    Each try takes two bits from the buffer ``bits`` (``n_bits`` pairs left,
    refilled 32 pairs at a time from the PRNG); a try that lands on the
    padding is redrawn, which keeps the choice exactly uniform among the
    neighbours that exist. Returns ``(d, j, bits, n_bits, state)``.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> marks = _walk_marks(_padded_cells(2, 1))
    >>> step = np.array([-4, 1, 4, -1], np.int64)
    >>> d, j, bits, n_bits, state = _random_step(5, marks, step, np.uint64(0), 0, mix_seed(1))
    >>> d, j                                # cell (0, 0) of a 2x1 maze can only go east
    (1, 6)
    """
    while True:
        if n_bits == 0:
            bits, state = _next_u64(state)
            n_bits = 32
        d = np.int64(bits & np.uint64(3))
        bits >>= np.uint64(2)
        n_bits -= 1
        j = i + step[U(d)]
        if not marks[U(j)] & EDGE:
            return d, j, bits, n_bits, state


@njit(cache=True)
def _expand_cells(cells: NDArray[np.uint8], width: int, height: int, grid: NDArray[np.bool_]) -> None:
    """Write the ``(2*height+1, 2*width+1)`` block grid for padded compact ``cells``.

    ``grid`` is a flat bool array; every block is written (no need to clear it).

    Examples
    --------
    >>> cells = _padded_cells(2, 1)
    >>> cells[5:7] = [DUG | EAST, DUG]
    >>> grid = np.empty(3 * 5, bool)
    >>> _expand_cells(cells, 2, 1, grid)
    >>> grid.reshape(3, 5).astype(int).tolist()
    [[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]]
    """
    cols = 2 * width + 1
    padded = width + 2
    wall = grid.view(np.uint8)
    wall[:cols] = 1
    for y in range(height):
        # row slices: their indices are known to be non-negative, so the loop vectorises
        bits = cells[(y + 1) * padded + 1:][:width]
        row = wall[(2 * y + 1) * cols:][:cols]
        below = wall[(2 * y + 2) * cols:][:cols]
        row[0] = 1
        below[0] = 1
        for x in range(width):
            row[2 * x + 1] = 1 - ((bits[x] >> 2) & 1)
            row[2 * x + 2] = 1 - (bits[x] & EAST)
            below[2 * x + 1] = 1 - ((bits[x] >> 1) & 1)
            below[2 * x + 2] = 1


def _cells_to_grid(cells: NDArray[np.uint8], width: int, height: int) -> NDArray[np.bool_]:
    """The block grid (bool, True = wall) of padded compact ``cells``.

    Examples
    --------
    >>> cells = _padded_cells(1, 2)          # cell (0, 0) open to the south
    >>> cells[[4, 7]] = [DUG | SOUTH, DUG]
    >>> _cells_to_grid(cells, 1, 2).astype(int)
    array([[1, 1, 1],
           [1, 0, 1],
           [1, 0, 1],
           [1, 0, 1],
           [1, 1, 1]])
    """
    grid = np.empty((2 * height + 1, 2 * width + 1), dtype=bool)
    _expand_cells(cells, width, height, grid.ravel())
    return grid


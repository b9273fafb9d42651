"""穴掘り法 — the dig method (randomised depth-first search, "recursive backtracker").

From the origin cell, repeatedly pick a random direction whose cell two blocks
away is still undug, open the block in between and that cell, and move there;
when every direction is blocked, step back the way you came; stop when you are
back at the origin with nothing left to dig. This is the method of the seed
articles (and of Jamis Buck, *Mazes for Programmers*, ch. 5).

What it looks like: long, winding corridors and few dead ends (about 10 % of
cells), a solution path that often wanders through a large share of the maze.

The kernel is iterative (the seed articles' recursion crashes past about a
thousand levels): its stack holds one byte per level, the direction it came
from, and backtracking walks that direction in reverse.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.rng import below
from ..registry import GENERATORS
from .carving import Carving, record_buffer


@njit(cache=True)
def _dig_kernel(grid, rows, cols, origin_row, origin_col, state, order):
    """Carve ``grid`` (flat bool, all walls on entry) from the origin cell.

    ``order`` receives the opened block indices when it is non-empty.
    Returns the number of entries written to ``order`` and the final PRNG state.
    """
    record = order.size > 0
    stack = np.empty(((rows - 1) // 2) * ((cols - 1) // 2), np.uint8)
    # directions: 0 north, 1 east, 2 south, 3 west
    offset = np.array([-cols, 1, cols, -1], np.int64)
    drow = np.array([-2, 0, 2, 0], np.int64)
    dcol = np.array([0, 2, 0, -2], np.int64)
    choice = np.empty(4, np.int64)
    r = origin_row
    c = origin_col
    p = r * cols + c
    grid[p] = False
    n_log = 0
    if record:
        order[0] = p
        n_log = 1
    depth = 0
    while True:
        n = 0
        if r >= 3 and grid[p - 2 * cols]:
            choice[n] = 0
            n += 1
        if c + 3 < cols and grid[p + 2]:
            choice[n] = 1
            n += 1
        if r + 3 < rows and grid[p + 2 * cols]:
            choice[n] = 2
            n += 1
        if c >= 3 and grid[p - 2]:
            choice[n] = 3
            n += 1
        if n == 0:
            if depth == 0:
                break
            depth -= 1
            d = stack[depth]
            p -= 2 * offset[d]
            r -= drow[d]
            c -= dcol[d]
            continue
        if n == 1:
            d = choice[0]
        else:
            k, state = below(state, n)
            d = choice[k]
        wall = p + offset[d]
        p = wall + offset[d]
        grid[wall] = False
        grid[p] = False
        if record:
            order[n_log] = wall
            order[n_log + 1] = p
            n_log += 2
        stack[depth] = d
        depth += 1
        r += drow[d]
        c += dcol[d]
    return n_log, state


@GENERATORS.register(
    "dig", aliases=("backtracker", "recursive-backtracker", "anahori"),
    summary="穴掘り法: random depth-first digging; long winding corridors, few dead ends",
    reference="seed articles; J. Buck, Mazes for Programmers (2015), ch. 5",
)
def dig(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
        record: bool = False) -> Carving:
    """Dig a perfect maze with the dig method (穴掘り法).

    Parameters
    ----------
    width, height : int
        Size in cells.
    state : numpy.uint64
        PRNG state (see :func:`meiro.kernels.rng.mix_seed`).
    origin : (row, col)
        Block coordinates of the cell the digging starts from.
    record : bool
        Also return the order in which blocks were opened.

    Returns
    -------
    Carving
        The block grid and, with ``record``, the carving log.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = dig(3, 2, mix_seed(1), record=True)
    >>> carving.grid.shape, int((~carving.grid).sum()), len(carving.order)
    ((5, 7), 11, 11)
    """
    rows, cols = 2 * height + 1, 2 * width + 1
    grid = np.ones((rows, cols), dtype=bool)
    order = record_buffer(rows * cols, 2 * width * height - 1 if record else 0)
    n_log, _ = _dig_kernel(grid.ravel(), rows, cols, origin[0], origin[1], state, order)
    return Carving(grid, order[:n_log] if record else None)

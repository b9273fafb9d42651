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
from, and backtracking walks that direction in reverse. It digs on one byte
per cell (:mod:`meiro.kernels.cells`) and expands to the block grid at the end.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import DUG, _cell_steps, _open_passage
from ..kernels.index import U
from ..kernels.rng import _below
from .carving import Carving, Log, State, run_on_cells


@njit(cache=True)
def _dig_kernel(cells: NDArray[np.uint8], width: int, height: int, x: int, y: int, state: State,
                order: Log | None) -> int:
    """Dig padded compact ``cells`` (see :mod:`meiro.kernels.cells`) from cell ``(x, y)``.

    ``order`` is None or receives the opened blocks' flat indices in the block grid.
    Returns the number of entries written.
    """
    cols = 2 * width + 1
    padded = width + 2
    stack = np.empty(width * height, np.uint8)
    # directions: 0 north, 1 east, 2 south, 3 west
    step, block_step = _cell_steps(width)
    choice = np.empty(4, np.int64)
    i = (y + 1) * padded + x + 1
    cells[U(i)] = DUG
    p = (2 * y + 1) * cols + 2 * x + 1
    n_log = 0
    if order is not None:
        order[0] = p
        n_log = 1
    depth = 0
    while True:
        # the padding is marked dug, so no neighbour test needs a bounds check
        n = 0
        if not cells[U(i - padded)] & DUG:
            choice[U(n)] = 0
            n += 1
        if not cells[U(i + 1)] & DUG:
            choice[U(n)] = 1
            n += 1
        if not cells[U(i + padded)] & DUG:
            choice[U(n)] = 2
            n += 1
        if not cells[U(i - 1)] & DUG:
            choice[U(n)] = 3
            n += 1
        if n == 0:
            if depth == 0:
                break
            depth -= 1
            d = stack[U(depth)]
            i -= step[U(d)]
            if order is not None:
                p -= 2 * block_step[U(d)]
            continue
        if n == 1:
            d = choice[0]
        else:
            k, state = _below(state, n)
            d = choice[U(k)]
        j = i + step[U(d)]
        _open_passage(cells, i, j, d)
        cells[U(j)] |= DUG
        if order is not None:
            order[n_log] = p + block_step[U(d)]
            p += 2 * block_step[U(d)]
            order[n_log + 1] = p
            n_log += 2
        stack[U(depth)] = d
        depth += 1
        i = j
    return n_log


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
        The block grid, with ``record`` the carving log, and the compact cells.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = dig(3, 2, mix_seed(1), record=True)
    >>> carving.grid.shape, int((~carving.grid).sum()), len(carving.order)
    ((5, 7), 11, 11)
    """
    return run_on_cells(_dig_kernel, width, height, state, origin, record)

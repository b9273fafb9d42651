"""Eller's algorithm: the maze one row at a time, in memory for one row only.

Each cell of the current row belongs to a *set* (cells already connected,
possibly through rows above). Per row:

1. cells without a set get a new set of their own;
2. neighbouring cells of different sets are joined at random (coin flip),
   opening the wall between them and merging the sets — in the last row every
   such pair is joined, so that everything ends connected;
3. every set opens at least one wall downwards (each cell flips a coin; the
   last cell of a set that has not gone down yet must); the cells below
   inherit the set, the others start afresh.

Sets are never joined twice, so there are no loops; the last row joins all
remaining sets, so the maze is perfect. The state is three arrays of one
entry per column (set labels, a union-find over labels, per-set counts), so
:func:`eller_rows` can emit a maze of any height in constant memory.

What it looks like: no strong bias in the body, about 29 % dead ends, short
to medium corridors; a faint horizontal grain, and the last row is a long
corridor (it joins everything that is left).

Origin: not used (rows run from the top); the log opens blocks row by row.

Reference: M. Eller (1982), described by W. D. Pullen, *Think Labyrinth!*;
J. Buck, *Mazes for Programmers* (2015), ch. 12.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.rng import _next_u64, check_state
from ..kernels.index import Int
from .carving import Carving, Log, State, check_request, record_buffer
from .lattice import _find

_TOP_BIT = np.uint64(63)


@njit(inline="always")
def _open(blocks: NDArray[np.bool_], k: Int, base: int, order: Log | None, n: int) -> int:
    """Open block ``k`` of a two-row buffer whose first block has flat index ``base``."""
    if order is None:
        blocks[k] = False
    elif blocks[k]:
        blocks[k] = False
        order[n] = base + k
        n += 1
    return n


@njit(inline="always")
def _coin(state: State) -> tuple[bool, State]:
    bits, state = _next_u64(state)
    return (bits >> _TOP_BIT) == 1, state


@njit(cache=True)
def _eller_row(blocks: NDArray[np.bool_], cols: int, labels: NDArray[np.intp], parent: NDArray[np.intp],
               count: NDArray[np.int64], scratch: NDArray[np.int64], last: bool, state: State,
               order: Log | None, n: int, base: int) -> tuple[int, State]:
    """Carve one row of cells into ``blocks`` (the cell row and the wall row below it).

    ``labels`` holds each cell's set label (``0..width-1``) and ``parent`` is
    the identity on entry; on return both are ready for the next row.
    Returns ``(log length, state)``.
    """
    width = labels.size
    for c in range(width):
        n = _open(blocks, 2 * c + 1, base, order, n)
    # 2. join neighbours of different sets
    for c in range(width - 1):
        a = _find(parent, labels[c])
        b = _find(parent, labels[c + 1])
        if a == b:
            continue
        join = last
        if not join:
            join, state = _coin(state)
        if join:
            parent[b] = a
            n = _open(blocks, 2 * c + 2, base, order, n)
    if last:
        return n, state
    # 3. every set goes down at least once
    for c in range(width):
        count[c] = 0
    for c in range(width):
        root = _find(parent, labels[c])
        labels[c] = root
        count[root] += 1
    went = scratch  # reused: 1 once the set went down
    for c in range(width):
        went[c] = 0
    for c in range(width):
        root = labels[c]
        count[root] -= 1
        down = count[root] == 0 and went[root] == 0
        if not down:
            down, state = _coin(state)
        if down:
            went[root] = 1
            n = _open(blocks, cols + 2 * c + 1, base, order, n)
            labels[c] = root
        else:
            labels[c] = -1 - root  # marked: gets a fresh set below
    # 4. relabel compactly for the next row: inherited sets first, then fresh ones
    for c in range(width):
        scratch[c] = -1
    fresh = 0
    for c in range(width):
        if labels[c] >= 0:
            if scratch[labels[c]] < 0:
                scratch[labels[c]] = fresh
                fresh += 1
            labels[c] = scratch[labels[c]]
    for c in range(width):
        if labels[c] < 0:
            labels[c] = fresh
            fresh += 1
        parent[c] = c
    return n, state


@njit(cache=True)
def _eller_kernel(grid: NDArray[np.bool_], rows: int, cols: int, origin_row: int, origin_col: int,
                  state: State, order: Log | None) -> int:
    width = (cols - 1) // 2
    labels = np.arange(width)
    parent = np.arange(width)
    count = np.empty(width, np.int64)
    scratch = np.empty(width, np.int64)
    n = 0
    for r in range(1, rows - 1, 2):
        base = r * cols
        n, state = _eller_row(grid[base:base + 2 * cols], cols, labels, parent, count, scratch,
                              r == rows - 2, state, order, n, base)
    return n


def eller(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
          record: bool = False) -> Carving:
    """Carve a perfect maze with Eller's algorithm.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = eller(6, 4, mix_seed(3), record=True)
    >>> len(carving.order) == 2 * 6 * 4 - 1
    True
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record)
    rows, cols = 2 * height + 1, 2 * width + 1
    grid = np.ones((rows, cols), dtype=bool)
    order = record_buffer(rows * cols, 2 * width * height - 1) if record else None
    n_log = _eller_kernel(grid.ravel(), rows, cols, origin[0], origin[1], state, order)
    return Carving(grid, None if order is None else order[:n_log])


def eller_rows(width: int, height: int, state: np.uint64) -> Iterator[np.ndarray]:
    """Yield the block rows of an Eller maze one at a time, in constant memory.

    The rows are exactly those of ``eller(width, height, state).grid``; only
    one row of cells is held at a time, so ``height`` can be as large as you
    like (stream the rows to a file or a renderer).

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> rows = list(eller_rows(7, 5, mix_seed(9)))
    >>> bool((np.array(rows) == eller(7, 5, mix_seed(9)).grid).all())
    True
    """
    from ..sizes import check_cells, ensure_fits

    width, height = check_cells(width, height)  # now, not at the first row
    ensure_fits(width, 1, 40)  # one row of cells: four int64 arrays and two block rows
    return _rows(width, height, check_state(state))


def _rows(width: int, height: int, state: np.uint64) -> Iterator[np.ndarray]:
    cols = 2 * width + 1
    labels, parent = np.arange(width), np.arange(width)
    count, scratch = np.empty(width, np.int64), np.empty(width, np.int64)
    yield np.ones(cols, dtype=bool)
    for row in range(height):
        blocks = np.ones(2 * cols, dtype=bool)
        _, state = _eller_row(blocks, cols, labels, parent, count, scratch, row == height - 1,
                              state, None, 0, 0)
        state = np.uint64(state)  # numba hands back a Python int
        yield blocks[:cols]
        yield blocks[cols:]

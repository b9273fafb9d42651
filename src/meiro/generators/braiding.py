"""Braiding: open walls at dead ends to make loops.

``braid=p`` visits every dead end of the finished maze (a cell with exactly
one opening) once, in random order, and with probability ``p`` opens one more
of its walls — towards a neighbouring cell that is itself a dead end when
there is one (that removes two dead ends with one wall), else towards any
neighbour inside the maze. A dead end that an earlier opening already
cured is skipped. So ``p = 0`` keeps the perfect maze, ``p = 1`` removes every
dead end that has a neighbour to open to (a *braid maze*), and in between
roughly a share ``p`` of the dead ends disappears (slightly more, since one
wall can cure two). This is J. Buck's "culling dead ends" (*Mazes for
Programmers*, ch. 9).

Every opened wall joins two cells that were already connected, so each adds
one loop: a braided maze has several routes, and solvers that assume a tree
(wall followers) may fail on it. The openings are appended to the carving log.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from .options import check_braid
from ..kernels.rng import _below, _next_u64, check_state
from ..kernels.index import Int
from .carving import Log, State, carving_log, editable_grid
from .lattice import _shuffle
from .masking import check_allowed

_S32 = np.uint64(32)


@njit(inline="always")
def _degree(grid: NDArray[np.bool_], p: Int, offset: NDArray[np.int64]) -> int:
    k = 0
    for d in range(4):
        if not grid[p + offset[d]]:
            k += 1
    return k


@njit(cache=True)
def _braid_kernel(grid: NDArray[np.bool_], allowed: NDArray[np.bool_], rows: int, cols: int,
                  threshold: int, state: State, order: Log | None, n: int) -> int:
    """Cull dead ends of the lattice maze ``grid`` (flat) inside ``allowed`` (flat).

    ``threshold`` is ``p * 2**32``. Returns the number of openings logged.
    """
    offset = np.array([-cols, 1, cols, -1], np.int64)
    count = 0
    for r in range(1, rows - 1, 2):
        for c in range(1, cols - 1, 2):
            p: Int = r * cols + c
            if allowed[p] and _degree(grid, p, offset) == 1:
                count += 1
    ends = np.empty(count, np.int64)
    k = 0
    for r in range(1, rows - 1, 2):
        for c in range(1, cols - 1, 2):
            p = r * cols + c
            if allowed[p] and _degree(grid, p, offset) == 1:
                ends[k] = p
                k += 1
    state = _shuffle(ends, state)
    best = np.empty(4, np.int64)
    other = np.empty(4, np.int64)
    for p in ends:
        if _degree(grid, p, offset) != 1:
            continue
        bits, state = _next_u64(state)
        if np.int64(bits >> _S32) >= threshold:
            continue
        n_best = 0
        n_other = 0
        for d in range(4):
            w = p + offset[d]
            if grid[w] and allowed[w]:  # a closed wall slot between two cells of the maze
                if _degree(grid, w + offset[d], offset) == 1:
                    best[n_best] = w
                    n_best += 1
                else:
                    other[n_other] = w
                    n_other += 1
        if n_best > 0:
            j, state = _below(state, n_best)
            w = best[j]
        elif n_other > 0:
            j, state = _below(state, n_other)
            w = other[j]
        else:
            continue
        grid[w] = False
        if order is not None:
            order[n] = w
            n += 1
    return n


def braid_maze(grid: np.ndarray, allowed: np.ndarray, share: float, state: State | int,
               order: np.ndarray | None) -> np.ndarray | None:
    """Cull about ``share`` of the dead ends of ``grid`` in place; returns the extended log.

    ``grid`` is a lattice maze's writable bool grid (not a :class:`~meiro.Maze`'s,
    which is read-only: braid a copy), ``allowed`` the blocks it may open
    (:func:`meiro.generators.masking.allowed_blocks`), ``order`` its carving log
    or None.

    Raises
    ------
    MazeError
        If ``grid`` is not a writable maze grid, ``allowed`` does not match it or
        would open its border, ``share`` is not from 0 to 1, or ``order`` is not a log.

    Examples
    --------
    >>> import meiro
    >>> from meiro.generators.masking import allowed_blocks
    >>> from meiro.kernels.rng import mix_seed
    >>> from meiro.analysis.stats import maze_stats
    >>> m = meiro.generate(6, 6, seed=2)
    >>> maze_stats(m).dead_ends
    4
    >>> grid = m.grid.copy()
    >>> braid_maze(grid, allowed_blocks(np.ones((6, 6), bool)), 1.0, mix_seed(2, stream=3), None)
    >>> maze_stats(meiro.Maze(grid, m.start, m.goal)).dead_ends
    0
    """
    grid = editable_grid(grid)
    allowed = check_allowed(allowed, grid.shape)
    threshold = int(round(check_braid(share) * 2**32))
    state = check_state(state)
    rows, cols = grid.shape
    if order is None:
        _braid_kernel(grid.ravel(), allowed.ravel(), rows, cols, threshold, state, None, 0)
        return None
    order = carving_log(order, grid.size)
    tail = np.empty(grid.size // 4 + 1, order.dtype)
    added = _braid_kernel(grid.ravel(), allowed.ravel(), rows, cols, threshold, state, tail, 0)
    return np.concatenate([order, tail[:added]])


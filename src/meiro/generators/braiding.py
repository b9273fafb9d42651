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

:func:`braid_graph` does the same on the other grid kinds' graphs
(:mod:`meiro.kinds`): a dead end is a cell with one open passage, and the
walls it may open are its edges that are not passages.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError
from ..kinds.geometry import Geometry
from .graph_carving import _largest_degree
from .options import check_braid
from ..kernels.rng import _below, _next_u64, check_state
from ..kernels.index import Int, U
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
    6
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



@njit(cache=True)
def _braid_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                        passages: NDArray[np.uint8], threshold: int, state: State, order: Log | None) -> int:
    """Cull dead ends of a grid kind's maze: ``passages`` one byte per edge of the CSR graph, in place.

    ``threshold`` is ``p * 2**32``. Returns the number of openings logged.
    """
    n = offsets.shape[0] - 1
    degree = np.zeros(n, np.int32)
    for i in range(n):
        for s in range(offsets[i], offsets[i + 1]):
            degree[i] += passages[U(slot_edges[s])]
    count = 0
    for i in range(n):
        if degree[i] == 1:
            count += 1
    ends = np.empty(count, np.int64)
    k = 0
    for i in range(n):
        if degree[i] == 1:
            ends[k] = i
            k += 1
    state = _shuffle(ends, state)
    most = _largest_degree(offsets)
    best = np.empty(most, np.int64)
    other = np.empty(most, np.int64)
    n_log = 0
    for end in ends:
        c = U(end)
        if degree[c] != 1:
            continue
        bits, state = _next_u64(state)
        if np.int64(bits >> _S32) >= threshold:
            continue
        n_best = 0
        n_other = 0
        for s in range(offsets[c], offsets[c + U(1)]):
            if not passages[U(slot_edges[U(s)])]:
                if degree[U(targets[U(s)])] == 1:
                    best[n_best] = s
                    n_best += 1
                else:
                    other[n_other] = s
                    n_other += 1
        if n_best > 0:
            j, state = _below(state, n_best)
            s = best[j]
        elif n_other > 0:
            j, state = _below(state, n_other)
            s = other[j]
        else:
            continue
        passages[U(slot_edges[U(s)])] = 1
        degree[c] += 1
        degree[U(targets[U(s)])] += 1
        if order is not None:
            order[n_log] = slot_edges[U(s)]
            n_log += 1
    return n_log


def braid_graph(geometry: Geometry, passages: Any, share: float, state: State | int,
                order: Any = None) -> tuple[NDArray[np.bool_], NDArray[np.int32] | None]:
    """Cull about ``share`` of the dead ends of a maze on a grid kind's ``geometry``.

    As :func:`braid_maze` does on the square grid: every dead end (a cell with one
    open passage), in random order, with probability ``share`` opens one more of
    its edges, to a neighbour that is itself a dead end when it has one. The
    geometry's outline is never opened (it is no edge).

    Parameters
    ----------
    geometry : Geometry
        The maze's cells and neighbours.
    passages : array_like of bool
        One bit per edge of ``geometry``; not changed.
    share : float
        From 0 (keep every dead end) to 1 (remove every one that can be).
    state : numpy.uint64 or int
        PRNG state (:func:`meiro.kernels.rng.mix_seed`).
    order : array_like of int, optional
        The carving log (edge numbers); the openings are appended to a copy.

    Returns
    -------
    (passages, order)
        The braided passages (a new array) and the extended log, or None without one.

    Raises
    ------
    TypeError
        A ``geometry`` that is not a :class:`~meiro.kinds.geometry.Geometry`.
    MazeError
        Passages that are not one bit per edge, a ``share`` that is not from 0 to 1,
        a bad state or a log of edge numbers that do not exist.

    Examples
    --------
    >>> import meiro
    >>> from meiro.kernels.rng import mix_seed
    >>> m = meiro.generate(6, 6, grid="hex", seed=2)
    >>> def dead_ends(bits):
    ...     return int((np.bincount(m.geometry.edges[bits].ravel(), minlength=m.cells) == 1).sum())
    >>> dead_ends(m.passages)
    6
    >>> braided, _ = braid_graph(m.geometry, m.passages, 1.0, mix_seed(2, stream=3))
    >>> dead_ends(braided), int(braided.sum() - m.passages.sum())
    (0, 6)
    """
    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    bits = np.asarray(passages)
    if bits.shape != (geometry.edge_count,) or bits.dtype.kind not in "bui":
        raise MazeError(f"passages must be {geometry.edge_count} booleans, one per neighbouring pair, "
                        f"got an array of shape {bits.shape}")
    if bits.size and (bits.min() < 0 or bits.max() > 1):
        raise MazeError("passages must be 0 or 1")
    opened = bits.astype(np.uint8)
    threshold = int(round(check_braid(share) * 2**32))
    state = check_state(state)
    if order is None:
        _braid_graph_kernel(geometry.offsets, geometry.targets, geometry.slot_edges, opened, threshold, state,
                            None)
        return opened.view(np.bool_), None
    log = np.asarray(order)
    if log.ndim != 1 or (log.size and (log.dtype.kind not in "iu" or log.min() < 0
                                        or log.max() >= geometry.edge_count)):
        raise MazeError(f"a carving log must list edge numbers from 0 to {geometry.edge_count - 1}")
    tail = np.empty(geometry.cells, np.int32)
    added = _braid_graph_kernel(geometry.offsets, geometry.targets, geometry.slot_edges, opened, threshold,
                                state, tail)
    return opened.view(np.bool_), np.concatenate([log.astype(np.int32), tail[:added]])

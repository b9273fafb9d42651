"""Shared pieces of the generator kernels: the log, shuffling, union-find.

Most generator kernels walk one byte per cell (:mod:`meiro.kernels.cells`);
those that work on the flat block grid (``True`` = wall, ``cols = 2*width+1``
blocks per row: a cell at block ``p`` has its neighbours at ``p +- 2`` and
``p +- 2*cols``, and the wall slot between two cells is the block half-way)
open blocks with :func:`_carve`, which writes a block to the carving log only
the first time it is opened, so a log never repeats a block and replaying it
onto an all-wall grid gives the finished grid.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.index import U
from ..kernels.rng import _below, _next_u64
from ..solvers.bfs import flood
from ..sizes import check_cells, ensure_fits
from ..kernels.index import Int
from .carving import Log, State, record_buffer


@njit(inline="always")
def _carve(grid: NDArray[np.bool_], p: Int, order: Log | None, n: int) -> int:
    """Open block ``p``; log it if it was a wall and recording is on. Returns the log length.

    ``order`` is None when not recording: numba then compiles a separate,
    branch-free version of the kernel (the recording branch costs up to 8x on
    the tight loops of the simple methods).

    Examples
    --------
    >>> grid = np.ones(5, bool)
    >>> order = np.zeros(2, np.int64)
    >>> _carve(grid, 2, order, 0)            # opened and logged
    1
    >>> _carve(grid, 2, order, 1)            # already open: not logged again
    1
    >>> grid.tolist(), order[:1].tolist()
    ([True, True, False, True, True], [2])
    """
    if order is None:
        grid[U(p)] = False
    elif grid[U(p)]:
        grid[U(p)] = False
        order[U(n)] = p
        n += 1
    return n


@njit(inline="always")
def _find(parent: NDArray[np.integer[Any]], i: Int) -> Int:
    """Root of ``i`` in a union-find forest, halving the path on the way.

    Examples
    --------
    >>> parent = np.array([0, 0, 1, 2])     # a chain 3 -> 2 -> 1 -> 0
    >>> _find(parent, 3)
    0
    >>> parent.tolist()                     # 3 now points to 1: the path was halved
    [0, 0, 1, 1]
    """
    while parent[U(i)] != i:
        parent[U(i)] = parent[U(parent[U(i)])]
        i = parent[U(i)]
    return i


@njit(cache=True)
def _fisher_yates(values: np.ndarray, lo: Int, hi: Int, state: State) -> State:
    for i in range(hi - 1, lo, -1):
        j, state = _below(state, i - lo + 1)
        j += lo
        values[i], values[U(j)] = values[U(j)], values[i]
    return state


BUCKETS = 256  # the random buckets of a large shuffle
SET_ASIDE = BUCKETS  # a tag (or tag bit) for elements a caller leaves out of the shuffle


@njit(cache=True)
def _bucket_tags(tag: NDArray[np.unsignedinteger[Any]], state: State) -> State:
    """First pass of a shuffle: a uniformly random bucket for each element; returns the state.

    Fills ``tag`` (uint8 or wider) with buckets ``0 .. BUCKETS - 1``. Below
    65,536 elements every tag is 0 and nothing is drawn, so the shuffle is a
    plain Fisher-Yates; above, the buckets make it Rao-Sandelius: each bucket
    then fits in the cache, whose misses would otherwise dominate every
    random swap.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> small = np.empty(10, np.uint8)
    >>> bool(_bucket_tags(small, mix_seed(1)) == mix_seed(1)), int(small.max())   # nothing drawn
    (True, 0)
    >>> large = np.empty(1 << 16, np.uint8)
    >>> _ = _bucket_tags(large, mix_seed(1))
    >>> len(np.unique(large))
    256
    """
    if tag.size < 1 << 16:
        tag[:] = 0
        return state
    shift = np.uint64(64 - 8)
    for i in range(tag.size):
        z, state = _next_u64(state)
        tag[i] = z >> shift
    return state


@njit(cache=True)
def _bucket_starts(tag: NDArray[np.unsignedinteger[Any]]) -> NDArray[np.int64]:
    """Where each bucket begins once the elements are dealt by ``tag``.

    Bucket ``b`` holds places ``start[b]:start[b + 1]``; elements tagged
    ``SET_ASIDE`` (= ``BUCKETS``) come last and are not shuffled.

    Examples
    --------
    >>> start = _bucket_starts(np.array([0, 0, 1, 3, SET_ASIDE], np.uint16))
    >>> start[:5].tolist(), start[-2:].tolist()    # bucket 0 is 0:2, 1 is 2:3; set aside 4:5
    ([0, 2, 3, 3, 4], [4, 5])
    """
    start = np.zeros(BUCKETS + 2, np.int64)
    for t in tag:
        start[U(t + 1)] += 1
    for b in range(BUCKETS + 1):
        start[U(b + 1)] += start[b]
    return start


@njit(cache=True)
def _shuffle_buckets(out: np.ndarray, start: NDArray[np.int64], state: State) -> State:
    """Last pass of a shuffle: Fisher-Yates within each bucket of ``out``; returns the state.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> values = np.arange(6)
    >>> start = _bucket_starts(np.zeros(6, np.uint8))    # one bucket: a plain Fisher-Yates
    >>> _ = _shuffle_buckets(values, start, mix_seed(1))
    >>> values.tolist()
    [5, 0, 4, 2, 1, 3]
    """
    for b in range(BUCKETS):
        state = _fisher_yates(out, start[b], start[U(b + 1)], state)
    return state


@njit(cache=True)
def _shuffle(values: np.ndarray, state: State) -> State:
    """Uniform random shuffle of ``values`` in place; returns the PRNG state.

    Elements are dealt into buckets chosen uniformly at random
    (:func:`_bucket_tags`), keeping their order, and each bucket is then
    shuffled on its own: the result is still a uniformly random permutation
    (Rao-Sandelius), at several times the speed of one big Fisher-Yates.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> values = np.arange(8)
    >>> _ = _shuffle(values, mix_seed(1))
    >>> values.tolist()
    [7, 0, 5, 1, 6, 3, 2, 4]
    """
    tag = np.empty(values.size, np.uint8)
    state = _bucket_tags(tag, state)
    start = _bucket_starts(tag)
    fill = start[:-1].copy()
    out = np.empty_like(values)
    for i in range(values.size):
        b = tag[i]
        out[U(fill[U(b)])] = values[i]
        fill[U(b)] += 1
    state = _shuffle_buckets(out, start, state)
    values[:] = out
    return state


def open_interior(width: int, height: int) -> np.ndarray:
    """A grid whose cells and wall slots are all open: the start of the wall-building methods.

    Only the border and the even/even posts are walls.

    Examples
    --------
    >>> open_interior(2, 2).astype(int)
    array([[1, 1, 1, 1, 1],
           [1, 0, 0, 0, 1],
           [1, 0, 1, 0, 1],
           [1, 0, 0, 0, 1],
           [1, 1, 1, 1, 1]])
    """
    width, height = check_cells(width, height)
    ensure_fits(width, height)
    grid = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    grid[0] = grid[-1] = True
    grid[:, 0] = grid[:, -1] = True
    grid[::2, ::2] = True
    return grid


def flood_log(grid: np.ndarray, origin: tuple[int, int]) -> Log:
    """The carving log of a wall-building method: open blocks in breadth-first order from ``origin``.

    Methods that add walls to an open field (棒倒し法, 壁伸ばし法, recursive
    division) never "open" anything. Their log is the order in which a
    breadth-first walk from the origin reaches the open blocks of the finished
    maze: replaying it onto an all-wall grid rebuilds the grid, and an
    animation shows the finished maze being explored from the start.

    Examples
    --------
    >>> flood_log(open_interior(2, 1), (1, 1)).tolist()
    [6, 7, 8]
    """
    return flood(grid, origin).astype(record_buffer(grid.size, 0).dtype)

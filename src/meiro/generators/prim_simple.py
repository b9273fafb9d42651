"""Simplified Prim: grow the maze from a random frontier cell each step.

The *frontier* is the set of cells next to the maze but not in it. Each step
takes a uniformly random frontier cell, links it to a random neighbour that is
already in the maze, and adds its own new neighbours to the frontier. (Often
just called "Prim's algorithm"; it is not Prim's minimum spanning tree — see
``prim`` for that.)

What it looks like: radial texture around the origin, many short dead ends
(about 35 % of cells, the most of the classics) and short corridors; the
solution from the origin tends to be fairly direct.

Origin: the first cell of the maze; growth spreads out from it.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 11 ("simplified
Prim's"); W. D. Pullen, *Think Labyrinth!* (maze algorithms).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import (DUG, EDGE, _cell_block, _cell_steps, _join_cell, _mark_ring,
                             _maze_around)
from ..kernels.index import U
from ..kernels.rng import _below
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, run_on_cells
from .graph_carving import GraphCarving, _largest_degree, run_on_graph


QUEUED = 0x08  # a cell waiting in the frontier (cleared before the kernel returns)


@njit(cache=True)
def _prim_simple_kernel(cells: NDArray[np.uint8], width: int, height: int, origin_x: int, origin_y: int, state: State,
                        order: Log | None) -> int:
    """Simplified Prim on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    The frontier is an array of cells, one taken at random by swapping the
    last into its place; a ``QUEUED`` bit on the cell keeps it from being
    listed twice. ``order`` is None or receives the opened blocks; returns
    the log length.
    """
    padded = width + 2
    step, block_step = _cell_steps(width)
    frontier = np.empty(width * height, np.int64)
    around = np.empty(4, np.int64)
    _mark_ring(cells, width, height, DUG | EDGE)
    i = (origin_y + 1) * padded + origin_x + 1
    cells[U(i)] |= DUG
    n = 0
    if order is not None:
        order[0] = _cell_block(i, width)
        n = 1
    size = 0
    while True:
        for d in range(4):
            j = i + step[d]
            if not cells[U(j)] & (DUG | QUEUED):
                cells[U(j)] |= QUEUED
                frontier[U(size)] = j
                size += 1
        if size == 0:
            break
        k, state = _below(state, size)
        i = frontier[U(k)]
        size -= 1
        frontier[U(k)] = frontier[U(size)]
        # link it to a random neighbour already in the maze
        m = _maze_around(cells, i, step, around)
        k, state = _below(state, m)
        d = around[U(k)]
        n = _join_cell(cells, i + step[d], i, (d + 2) & 3, block_step, order, n, width)
    _mark_ring(cells, width, height, DUG)
    for k in range(cells.size):
        cells[k] &= 0xFF ^ QUEUED  # not ~QUEUED: negative, it fits no uint8 in plain Python
    return n


def prim_simple(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                record: bool = False) -> Carving:
    """Carve a perfect maze with simplified Prim (random frontier cell).

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = prim_simple(5, 5, mix_seed(6), origin=(5, 5), record=True)
    >>> int(carving.order[0]) == 5 * 11 + 5
    True
    """
    return run_on_cells(_prim_simple_kernel, width, height, state, origin, record)


@njit(cache=True)
def _prim_simple_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                              slot_edges: NDArray[np.int32], start: int, state: State,
                              passages: NDArray[np.uint8], order: Log | None) -> int:
    """Simplified Prim on a graph (CSR, see :mod:`meiro.generators.graph_carving`) from node ``start``.

    ``mark`` is 1 for a node in the maze, 2 for one waiting in the frontier; the
    frontier is an array, a node taken from it replaced by the last one.
    """
    n = offsets.shape[0] - 1
    mark = np.zeros(n, np.uint8)
    frontier = np.empty(n, np.int64)
    around = np.empty(_largest_degree(offsets), np.int64)
    mark[start] = 1
    i = start
    size = 0
    n_log = 0
    while True:
        for s in range(offsets[U(i)], offsets[U(i + 1)]):
            j = targets[U(s)]
            if not mark[U(j)]:
                mark[U(j)] = 2
                frontier[U(size)] = j
                size += 1
        if size == 0:
            break
        k, state = _below(state, size)
        i = frontier[U(k)]
        size -= 1
        frontier[U(k)] = frontier[U(size)]
        # link it to the maze by one of its edges into it, at random
        m = 0
        for s in range(offsets[U(i)], offsets[U(i + 1)]):
            if mark[U(targets[U(s)])] == 1:
                around[U(m)] = s
                m += 1
        k, state = _below(state, m)
        e = slot_edges[U(around[U(k)])]
        passages[U(e)] = 1
        mark[U(i)] = 1
        if order is not None:
            order[U(n_log)] = e
            n_log += 1
    return n_log


def prim_simple_graph(geometry: Geometry, state: np.uint64, origin: int = 0,
                      record: bool = False) -> GraphCarving:
    """Carve a perfect maze on a grid kind's ``geometry`` with simplified Prim (random frontier cell).

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = prim_simple_graph(geometry_of("triangle", (6, 3)), mix_seed(6), record=True)
    >>> int(carving.passages.sum()), len(carving.order)
    (17, 17)
    """
    return run_on_graph(_prim_simple_graph_kernel, geometry, state, origin, record)

"""Hunt-and-kill: random walks to new cells; when stuck, hunt for a new start.

From the origin, walk to a random neighbour that is not yet in the maze,
opening the wall on the way ("kill"), until no such neighbour is left. Then
"hunt": scan the rows from the top for the first cell outside the maze that
has a neighbour inside it, link the two, and walk on from there. Every cell
joins the maze by exactly one wall, so the maze is perfect.

What it looks like: close to the dig method — long, winding corridors and
few dead ends (about 9 % of cells) — but without a stack; the hunts
leave a slight tendency for walks to restart near the top.

The hunt does not rescan finished rows: a per-row count of cells still
outside the maze lets it start from the first unfinished row.

Origin: the first walk starts there.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 5; W. D. Pullen,
*Think Labyrinth!*
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import (DUG, EDGE, _cell_block, _cell_steps, _join_cell, _mark_ring,
                             _maze_around, _undug_around)
from ..kernels.index import U
from ..kernels.rng import _below
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, run_on_cells
from .graph_carving import GraphCarving, _largest_degree, run_on_graph


@njit(cache=True)
def _hunt_and_kill_kernel(cells: NDArray[np.uint8], width: int, height: int, origin_x: int, origin_y: int, state: State,
                          order: Log | None) -> int:
    """Hunt-and-kill on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    ``order`` is None or receives the opened blocks; returns the log length.
    """
    padded = width + 2
    step, block_step = _cell_steps(width)
    row_step = np.array([-1, 0, 1, 0], np.int64)
    left = np.full(height, width, np.int64)  # cells outside the maze, per row
    around = np.empty(4, np.int64)
    _mark_ring(cells, width, height, DUG | EDGE)
    y = origin_y
    i = (y + 1) * padded + origin_x + 1
    cells[U(i)] |= DUG
    n = 0
    if order is not None:
        order[0] = _cell_block(i, width)
        n = 1
    left[U(y)] -= 1
    remaining = width * height - 1
    first_row = 0
    while remaining > 0:
        # kill: walk to random new neighbours
        m = _undug_around(cells, i, step, around)
        if m > 0:
            k, state = _below(state, m)
            d = around[U(k)]
            n = _join_cell(cells, i, i + step[d], d, block_step, order, n, width)
            i += step[d]
            y += row_step[d]
            left[U(y)] -= 1
            remaining -= 1
            continue
        # hunt: the first cell outside the maze, row by row, with a neighbour inside it
        while left[U(first_row)] == 0:
            first_row += 1
        found = False
        for y in range(first_row, height):
            if left[y] == 0:
                continue
            for x in range(width):
                i = (y + 1) * padded + x + 1
                if cells[U(i)] & DUG:
                    continue
                m = _maze_around(cells, i, step, around)
                if m > 0:
                    k, state = _below(state, m)
                    d = around[U(k)]
                    n = _join_cell(cells, i + step[d], i, (d + 2) & 3, block_step, order, n, width)
                    left[y] -= 1
                    remaining -= 1
                    found = True
                    break
            if found:
                break
    _mark_ring(cells, width, height, DUG)
    return n


def hunt_and_kill(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                  record: bool = False) -> Carving:
    """Carve a perfect maze with hunt-and-kill.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = hunt_and_kill(6, 6, mix_seed(8), origin=(11, 1), record=True)
    >>> int(carving.order[0]) == 11 * 13 + 1
    True
    """
    return run_on_cells(_hunt_and_kill_kernel, width, height, state, origin, record)


@njit(cache=True)
def _hunt_and_kill_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                                slot_edges: NDArray[np.int32], start: int, state: State,
                                passages: NDArray[np.uint8], order: Log | None) -> int:
    """Hunt-and-kill on a graph (CSR, see :mod:`meiro.generators.graph_carving`) from node ``start``.

    The hunt scans the nodes in number order (the kinds number their cells row by
    row or ring by ring), from the first one still outside the maze.
    """
    n = offsets.shape[0] - 1
    visited = np.zeros(n, np.uint8)
    around = np.empty(_largest_degree(offsets), np.int64)
    visited[start] = 1
    remaining = n - 1
    i = start
    first = 0
    n_log = 0
    while remaining > 0:
        # kill: walk to random new neighbours
        m = 0
        for s in range(offsets[U(i)], offsets[U(i + 1)]):
            if not visited[U(targets[U(s)])]:
                around[U(m)] = s
                m += 1
        if m == 0:
            # hunt: the first node outside the maze with a neighbour inside it
            while visited[U(first)]:
                first += 1
            for v in range(first, n):
                if visited[v]:
                    continue
                for s in range(offsets[v], offsets[v + 1]):
                    if visited[U(targets[U(s)])]:
                        around[U(m)] = s
                        m += 1
                if m > 0:
                    i = v
                    break
        k, state = _below(state, m)
        s = around[U(k)]
        e = slot_edges[U(s)]
        passages[U(e)] = 1
        if order is not None:
            order[U(n_log)] = e
            n_log += 1
        j = targets[U(s)]
        if visited[U(j)]:
            j = i  # a hunt: the hunted node joins the maze and walks on
        visited[U(j)] = 1
        i = j
        remaining -= 1
    return n_log


def hunt_and_kill_graph(geometry: Geometry, state: np.uint64, origin: int = 0,
                        record: bool = False) -> GraphCarving:
    """Carve a perfect maze on a grid kind's ``geometry`` with hunt-and-kill.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = hunt_and_kill_graph(geometry_of("hex", (5, 5)), mix_seed(8), record=True)
    >>> int(carving.passages.sum()), len(carving.order)
    (24, 24)
    """
    return run_on_graph(_hunt_and_kill_graph_kernel, geometry, state, origin, record)

"""Aldous-Broder: a random walk that links every cell on its first visit.

Walk from the origin to a uniformly random neighbour, over and over; when the
walk enters a cell it has never visited, open the wall it came through. Stop
when every cell has been visited. The first-entrance edges form a spanning
tree, and every spanning tree of the grid is equally likely (Aldous 1990,
Broder 1989) — the maze is a *uniform* random perfect maze.

What it looks like: no bias at all; about 29 % dead ends, short winding
corridors, like Wilson's method (the same distribution).

Cost: the walk must cover every cell. The cover time of a random walk on an
``n``-cell grid grows like ``n (log n)^2`` (Dembo, Peres, Rosen, Zeitouni 2004),
so a 1000 x 1000 maze takes some 10^8 steps; the walk's last stretches cross
long-finished regions looking for the few unvisited cells. The walk's state
is one byte per cell, so it stays in cache: about 0.1 s on 1000 x 1000
cells, some 6x the dig method (``benchmarks/bench_zoo.py``). ``wilson``
gives the same distribution several times faster.

Origin: the walk starts there.

Reference: D. Aldous, *The random walk construction of uniform spanning trees
and uniform labelled trees*, SIAM J. Discrete Math. 3 (1990); A. Broder,
*Generating random spanning trees*, FOCS (1989).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import DUG, _cell_steps, _open_passage, _random_step, _walk_marks
from ..kernels.index import U
from ..kernels.index import Int
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, run_on_cells
from .graph_carving import GraphCarving, _random_slot, run_on_graph

VISITED = 0x80


@njit(cache=True)
def _aldous_broder_kernel(cells: NDArray[np.uint8], width: int, height: int, origin_x: int, origin_y: int, state: State,
                          order: Log | None) -> int:
    """The walk on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    The walk's state is one byte per cell — visited, or padding — so the
    walk stays in cache and needs no bounds checks: a step onto the padding is
    redrawn, which keeps the choice uniform among the real neighbours.
    ``order`` is None or receives the opened blocks; returns the log length.
    """
    padded = width + 2
    cols = 2 * width + 1
    step, block_step = _cell_steps(width)
    mark = _walk_marks(cells)
    i: Int = (origin_y + 1) * padded + origin_x + 1
    mark[U(i)] = VISITED
    p = (2 * origin_y + 1) * cols + 2 * origin_x + 1
    n = 0
    if order is not None:
        order[0] = p
        n = 1
    remaining = width * height - 1
    bits = np.uint64(0)
    n_bits = 0
    while remaining > 0:
        d, j, bits, n_bits, state = _random_step(i, mark, step, bits, n_bits, state)
        if order is not None:
            p += 2 * block_step[U(d)]
        if not mark[U(j)]:
            # first entrance: open the wall the walk came through
            mark[U(j)] = VISITED
            _open_passage(cells, i, j, d)
            if order is not None:
                order[U(n)] = p - block_step[U(d)]
                order[U(n + 1)] = p
                n += 2
            remaining -= 1
        i = j
    for k in range(cells.size):
        cells[k] |= DUG
    return n


def aldous_broder(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                  record: bool = False) -> Carving:
    """Carve a uniformly random perfect maze with the Aldous-Broder walk.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = aldous_broder(5, 5, mix_seed(4), origin=(5, 5), record=True)
    >>> int(carving.order[0]) == 5 * 11 + 5
    True
    """
    return run_on_cells(_aldous_broder_kernel, width, height, state, origin, record)


@njit(cache=True)
def _aldous_broder_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                                slot_edges: NDArray[np.int32], start: int, state: State,
                                passages: NDArray[np.uint8], order: Log | None) -> int:
    """The walk on a graph (CSR, see :mod:`meiro.generators.graph_carving`) from node ``start``.

    Steps are uniform over slots, so parallel edges of the contracted graph are
    distinct choices and the tree is uniform over its spanning trees.
    """
    n = offsets.shape[0] - 1
    visited = np.zeros(n, np.uint8)
    visited[start] = 1
    remaining = n - 1
    i = start
    n_log = 0
    while remaining > 0:
        s, state = _random_slot(offsets, i, state)
        j = targets[U(s)]
        if not visited[U(j)]:
            # first entrance: open the edge the walk came through
            visited[U(j)] = 1
            passages[U(slot_edges[U(s)])] = 1
            if order is not None:
                order[U(n_log)] = slot_edges[U(s)]
                n_log += 1
            remaining -= 1
        i = j
    return n_log


def aldous_broder_graph(geometry: Geometry, state: np.uint64, origin: int = 0,
                        record: bool = False) -> GraphCarving:
    """Carve a uniformly random perfect maze on a grid kind's ``geometry`` with the Aldous-Broder walk.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> g = geometry_of("hex", (4, 4))
    >>> carving = aldous_broder_graph(g, mix_seed(4), origin=5, record=True)
    >>> 5 in g.edges[carving.order[0]], int(carving.passages.sum())
    (True, 15)
    """
    return run_on_graph(_aldous_broder_graph_kernel, geometry, state, origin, record)

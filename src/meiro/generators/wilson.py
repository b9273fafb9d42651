"""Wilson's algorithm: loop-erased random walks, added to the tree one by one.

The origin cell starts the tree. For every cell not yet in the tree (in
row-major order), walk at random until the walk hits the tree, remembering
only the *last* direction taken out of each cell — that erases every loop
the walk made — then carve the loop-erased path into the tree. The result is
a *uniform* spanning tree: every perfect maze on the grid is equally likely
(Wilson 1996), whatever the order in which the walks start.

What it looks like: the same distribution as Aldous-Broder — no bias, about
29 % dead ends, short twisty corridors.

Cost: the walks add up to the grid's mean hitting time of the root (Wilson
1996), about ``n log n`` steps for ``n`` cells; it is dominated by the first
walks, which must find a tree of a few cells, so it varies a lot from seed to
seed. The walks run on one byte per cell (a 1000 x 1000 maze's walk state
is 1 MB, so it stays in cache): on 1000 x 1000 cells it takes 1.5-2x the dig
method on average (see ``benchmarks/bench_zoo.py``).

Origin: the root of the tree (the first cell carved).

Reference: D. B. Wilson, *Generating random spanning trees more quickly than
the cover time*, STOC (1996).
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

IN_TREE = 0x80


@njit(cache=True)
def _wilson_kernel(cells: NDArray[np.uint8], width: int, height: int, origin_x: int, origin_y: int, state: State,
                   order: Log | None) -> int:
    """Wilson's walks on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    A second byte per cell, ``mark``, holds ``IN_TREE``, :data:`~meiro.kernels.cells.EDGE` for the
    padding, or a walking cell's latest exit direction: one small array that
    the long first walks keep in cache, and no bounds checks (a step onto the
    padding is redrawn, which keeps the choice uniform among real neighbours).
    ``order`` is None or receives the opened blocks; returns the log length.
    """
    padded = width + 2
    cols = 2 * width + 1
    step, block_step = _cell_steps(width)
    mark = _walk_marks(cells)
    mark[U((origin_y + 1) * padded + origin_x + 1)] = IN_TREE
    n = 0
    if order is not None:
        order[0] = (2 * origin_y + 1) * cols + 2 * origin_x + 1
        n = 1
    bits = np.uint64(0)
    n_bits = 0
    for y in range(height):
        for x in range(width):
            start = (y + 1) * padded + x + 1
            if mark[U(start)] & IN_TREE:
                continue
            # walk until the tree, keeping each cell's latest exit (loop erasure)
            i: Int = start
            while not mark[U(i)] & IN_TREE:
                d, j, bits, n_bits, state = _random_step(i, mark, step, bits, n_bits, state)
                mark[U(i)] = d
                i = j
            # carve the loop-erased path into the tree
            first = n
            p = (2 * y + 1) * cols + 2 * x + 1
            i = start
            while not mark[U(i)] & IN_TREE:
                d = mark[U(i)]
                mark[U(i)] = IN_TREE
                j = i + step[U(d)]
                # a passage is stored on the cell to its west or north
                _open_passage(cells, i, j, d)
                if order is not None:
                    order[U(n)] = p
                    order[U(n + 1)] = p + block_step[U(d)]
                    n += 2
                    p += 2 * block_step[U(d)]
                i = j
            if order is not None:
                # log the path from the tree outwards, so a replay grows one tree
                order[first:n] = order[first:n][::-1].copy()
    for k in range(cells.size):
        cells[k] |= DUG
    return n


def wilson(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
           record: bool = False) -> Carving:
    """Carve a uniformly random perfect maze with Wilson's algorithm.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = wilson(6, 5, mix_seed(5), record=True)
    >>> int((~carving.grid).sum()) == len(carving.order) == 2 * 6 * 5 - 1
    True
    """
    return run_on_cells(_wilson_kernel, width, height, state, origin, record)


@njit(cache=True)
def _wilson_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                         start: int, state: State, passages: NDArray[np.uint8], order: Log | None) -> int:
    """Wilson's walks on a graph (CSR, see :mod:`meiro.generators.graph_carving`), rooted at ``start``.

    ``exit[i]`` is the slot a walk last left node ``i`` by (the loop erasure);
    steps are uniform over slots, so parallel edges of the contracted graph are
    distinct choices and the tree is uniform over its spanning trees.
    """
    n = offsets.shape[0] - 1
    in_tree = np.zeros(n, np.uint8)
    leave = np.empty(n, np.int64)
    in_tree[start] = 1
    n_log = 0
    for v in range(n):
        if in_tree[v]:
            continue
        i = v
        while not in_tree[U(i)]:
            s, state = _random_slot(offsets, i, state)
            leave[U(i)] = s
            i = targets[U(s)]
        first = n_log
        i = v
        while not in_tree[U(i)]:
            s = leave[U(i)]
            in_tree[U(i)] = 1
            passages[U(slot_edges[U(s)])] = 1
            if order is not None:
                order[U(n_log)] = slot_edges[U(s)]
                n_log += 1
            i = targets[U(s)]
        if order is not None:
            # log the path from the tree outwards, so a replay grows one tree
            order[first:n_log] = order[first:n_log][::-1].copy()
    return n_log


def wilson_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False) -> GraphCarving:
    """Carve a uniformly random perfect maze on a grid kind's ``geometry`` with Wilson's algorithm.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = wilson_graph(geometry_of("theta", (3,)), mix_seed(5), record=True)
    >>> int(carving.passages.sum()), len(carving.order)      # 43 cells, 42 passages
    (42, 42)
    """
    return run_on_graph(_wilson_graph_kernel, geometry, state, origin, record)

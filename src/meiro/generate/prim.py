"""True Prim: the minimum spanning tree of random wall weights.

Every wall slot gets a random 64-bit weight the first time a cell next to it
joins the maze; a binary heap then always opens the lightest wall that leads
to a cell outside the maze (Prim's algorithm, Jarník 1930 / Prim 1957). The
result is the minimum spanning tree for those weights, hence perfect.

What it looks like: the minimum spanning tree of independent random weights
does not depend on the algorithm that finds it, so a finished ``prim`` maze
has exactly the distribution of a ``kruskal`` maze — about 30 % dead ends,
short corridors, no directional bias. What differs is the growth: Prim grows
one tree outwards from the origin (its carving log shows a blob spreading
like invasion percolation), Kruskal joins fragments all over the grid.

Cost: a heap of up to one entry per boundary wall; each step costs
``O(log n)``, which makes it the slowest of the tree-growing methods after the
random walks.

Origin: the tree's first cell.

Reference: R. C. Prim, *Shortest connection networks and some
generalizations*, Bell Syst. Tech. J. 36 (1957); V. Jarník (1930); J. Buck,
*Mazes for Programmers* (2015), ch. 11 ("true Prim's").
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.rng import next_u64
from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, run_kernel


@njit(cache=True)
def _push(heap, size, key):
    """Push ``key`` onto the binary min-heap ``heap[:size]``; returns the (maybe grown) array."""
    if size == heap.size:
        bigger = np.empty(heap.size * 2, heap.dtype)
        bigger[:size] = heap
        heap = bigger
    j = size
    while j > 0:
        parent = (j - 1) >> 1
        if heap[parent] <= key:
            break
        heap[j] = heap[parent]
        j = parent
    heap[j] = key
    return heap


@njit(inline="always")
def _pop(heap, size):
    """Remove and return the minimum of ``heap[:size]`` (``size`` >= 1; the caller shrinks it)."""
    top = heap[0]
    size -= 1
    last = heap[size]
    j = 0
    while True:
        child = 2 * j + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[j] = heap[child]
        j = child
    heap[j] = last
    return top


_HOT_LIMIT = np.uint64(1 << 63)


@njit(cache=True)
def _prim_kernel(grid, rows, cols, origin_row, origin_col, state, order, item_bits):
    """Each wall is one uint64 key: random weight in the high bits, then ``far cell * 4 +
    direction`` in the low ``item_bits`` bits, so a heap step is one integer compare.

    Walls go to one of two heaps by weight: below 1/2 ("hot") or not ("cold"). The
    minimum is in the hot heap whenever it is not empty, and on a grid Prim's
    growth with random weights (invasion percolation) accepts almost only walls
    below the bond-percolation threshold 1/2, so the cold heap only collects and
    is rarely popped. This keeps the exact minimum-spanning-tree order while the
    heap that is popped stays small.
    """
    hot = np.empty(1024, np.uint64)
    cold = np.empty(1024, np.uint64)
    n_hot = 0
    n_cold = 0
    item_mask = (np.uint64(1) << np.uint64(item_bits)) - np.uint64(1)
    offset = np.array([-cols, 1, cols, -1], np.int64)
    p = origin_row * cols + origin_col
    n = carve(grid, p, order, 0)
    while True:
        # push the walls from the newly added cell p to every neighbour outside the maze
        r = p // cols
        c = p - r * cols
        for d in range(4):
            if (d == 0 and r < 3) or (d == 1 and c + 3 >= cols) or (d == 2 and r + 3 >= rows) \
                    or (d == 3 and c < 3):
                continue
            q = p + 2 * offset[d]
            if not grid[q]:
                continue
            w, state = next_u64(state)
            key = (w & ~item_mask) | np.uint64(q * 4 + d)
            if key < _HOT_LIMIT:
                hot = _push(hot, n_hot, key)
                n_hot += 1
            else:
                cold = _push(cold, n_cold, key)
                n_cold += 1
        # pop walls until one leads outside the maze
        p = -1
        while n_hot + n_cold > 0:
            if n_hot > 0:
                top = np.int64(_pop(hot, n_hot) & item_mask)
                n_hot -= 1
            else:
                top = np.int64(_pop(cold, n_cold) & item_mask)
                n_cold -= 1
            q = top >> 2
            if grid[q]:
                n = carve(grid, q - offset[top & 3], order, n)
                n = carve(grid, q, order, n)
                p = q
                break
        if p < 0:
            break
    return n


@GENERATORS.register(
    "prim", aliases=("true-prim",),
    summary="true Prim: minimum spanning tree of random wall weights grown from the origin",
    reference="R. C. Prim (1957); J. Buck, Mazes for Programmers (2015), ch. 11",
)
def prim(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
         record: bool = False) -> Carving:
    """Carve a perfect maze with true Prim (random weights, binary heap).

    Parameters and result as for :func:`meiro.generate.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = prim(5, 5, mix_seed(7), origin=(9, 9), record=True)
    >>> int(carving.order[0]) == 9 * 11 + 9
    True
    """
    item_bits = (4 * (2 * width + 1) * (2 * height + 1)).bit_length()
    return run_kernel(_prim_kernel, width, height, state, origin, record, item_bits)

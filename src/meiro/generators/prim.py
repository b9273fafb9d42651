"""True Prim: the minimum spanning tree of random wall weights.

The wall slots are put in a random order, and a wall's place in that order is
its weight. Prim's algorithm (Jarník 1930 / Prim 1957) grows one tree from the
origin, always opening the lightest wall that leads to a cell outside it. The
result is the minimum spanning tree for those weights, hence perfect.

What it looks like: about 30 % dead ends, short corridors, no directional
bias. Prim grows one tree outwards from the origin (its carving log shows a
blob spreading like invasion percolation).

How it is fast: with distinct weights the minimum spanning tree is unique, so
Kruskal's algorithm taking the walls in the same order builds *the very same
maze* (Kruskal 1956). Plain generation therefore runs Kruskal's union-find
over the shuffled walls (see :mod:`meiro.generators.kruskal`), and only when
the carving log is wanted (to animate the growth, on mazes that
are watched) does Prim's priority queue run, on the same weights. A test
checks that both give the same grid.

Prim's queue is a bucket queue rather than a heap: the weights are a
permutation, so the buckets fill evenly and finding the lightest wall is a
three-level bitmap lookup plus a short scan.

Origin: the tree's first cell (the log starts there; the finished maze does
not depend on it).

Reference: R. C. Prim, *Shortest connection networks and some
generalizations*, Bell Syst. Tech. J. 36 (1957); V. Jarník (1930);
J. B. Kruskal, Proc. AMS 7 (1956); J. Buck, *Mazes for Programmers* (2015),
ch. 11 ("true Prim's").
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.index import U
from ..kernels.index import Int
from .carving import Carving, Log, State, check_request, run_on_grid
from ..kinds.geometry import Geometry
from .graph_carving import GraphCarving, run_on_graph
from .kruskal import _bits, _graph_edge_keys, _join_graph, _spanning_tree, shuffled_walls, wall_codes
from .lattice import _carve, _shuffle


_LEVEL_BITS = 6  # a 64-ary bitmap tree over the buckets: 64**3 = 262144 buckets
_BUCKET_SHIFT = np.uint64(64 - 3 * _LEVEL_BITS)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_TABLE = np.array([
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43, 22,
    45, 39, 33, 30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6], np.int64)
_ONE = np.uint64(1)
_SIGN = np.uint64(1 << 63)  # flipping the top bit keeps the order of keys stored as int64
_PRIM_STREAM = np.uint64(0x5052494D)  # "PRIM": XORed into the state, so Prim and Kruskal differ on one seed


@njit(inline="always")
def _lowest_bit(word: np.uint64) -> np.int64:
    """Index of the lowest set bit of a non-zero uint64."""
    bit: np.int64 = _DEBRUIJN_TABLE[((word & (~word + _ONE)) * _DEBRUIJN) >> np.uint64(58)]
    return bit


@njit(cache=True)
def _prim_kernel(grid: NDArray[np.bool_], rows: int, cols: int, origin_row: int, origin_col: int,
                 state: State, order: Log | None, item_bits: int,
                 rank: NDArray[np.int64], rank_shift: int) -> int:
    """Each wall is one uint64 key: its weight in the high bits, then ``far cell * 4 +
    direction`` in the low ``item_bits`` bits.

    ``rank[e]`` is the weight of the wall with code ``e`` (see
    :func:`meiro.generators.kruskal.shuffled_walls`), shifted left by ``rank_shift``
    so that the weights fill the key's top bits evenly.

    The open walls wait in a *bucket queue* rather than a heap: the top 18
    bits of a key pick one of 262,144 buckets (unsorted linked lists in one
    pool), and a three-level 64-ary bitmap finds the lowest non-empty bucket
    in three word lookups. Weights are uniform, so a bucket holds a few keys
    at most and taking the exact minimum is a short scan: O(1) per step
    instead of a heap's O(log n) cache misses.
    """
    n_buckets = 1 << (3 * _LEVEL_BITS)
    head = np.full(n_buckets, -1, np.int64)
    level0 = np.zeros(n_buckets >> _LEVEL_BITS, np.uint64)
    level1 = np.zeros(n_buckets >> (2 * _LEVEL_BITS), np.uint64)
    level2 = np.uint64(0)
    pool = np.empty((1024, 2), np.int64)  # per slot: key bits, next slot (one cache line)
    free = -1  # a list of pool slots to reuse
    used = 0
    live = 0
    item_mask = (_ONE << np.uint64(item_bits)) - _ONE
    offset = np.array([-cols, 1, cols, -1], np.int64)
    width = (cols - 1) // 2
    p: Int = origin_row * cols + origin_col
    n = _carve(grid, p, order, 0)
    while True:
        # push the walls from the newly added cell p to every neighbour outside the maze
        r = p // cols
        c = p - r * cols
        for d in range(4):
            if (d == 0 and r < 3) or (d == 1 and c + 3 >= cols) or (d == 2 and r + 3 >= rows) \
                    or (d == 3 and c < 3):
                continue
            q = p + 2 * offset[d]
            if not grid[U(q)]:
                continue
            # the wall's code: the padded number of the cell west of or above it,
            # times 2, plus 1 if it lies below that cell
            low = p if d == 1 or d == 2 else q
            cell = (low // cols // 2 + 1) * (width + 2) + (low % cols) // 2 + 1
            code = cell * 2 + (1 if d == 0 or d == 2 else 0)
            key = (np.uint64(rank[U(code)]) << np.uint64(rank_shift)) | np.uint64(q * 4 + d)
            if free >= 0:
                slot = free
                free = pool[slot, 1]
            else:
                if used == pool.shape[0]:
                    bigger = np.empty((2 * used, 2), np.int64)
                    bigger[:used] = pool
                    pool = bigger
                slot = used
                used += 1
            b = np.int64(key >> _BUCKET_SHIFT)
            pool[slot, 0] = np.int64(key ^ _SIGN)
            pool[slot, 1] = head[U(b)]
            head[U(b)] = slot
            level0[U(b >> _LEVEL_BITS)] |= _ONE << np.uint64(b & 63)
            level1[U(b >> (2 * _LEVEL_BITS))] |= _ONE << np.uint64((b >> _LEVEL_BITS) & 63)
            level2 |= _ONE << np.uint64(b >> (2 * _LEVEL_BITS))
            live += 1
        # take walls, lightest first, until one leads outside the maze
        p = -1
        while live > 0:
            i2 = _lowest_bit(level2)
            i1 = (i2 << _LEVEL_BITS) | _lowest_bit(level1[U(i2)])
            b = (i1 << _LEVEL_BITS) | _lowest_bit(level0[U(i1)])
            best = head[U(b)]
            before = -1
            prev = best
            slot = pool[best, 1]
            while slot >= 0:
                if pool[slot, 0] < pool[best, 0]:
                    best = slot
                    before = prev
                prev = slot
                slot = pool[slot, 1]
            if before < 0:
                head[U(b)] = pool[best, 1]
            else:
                pool[before, 1] = pool[best, 1]
            top = np.int64((np.uint64(pool[best, 0]) ^ _SIGN) & item_mask)
            pool[best, 1] = free
            free = best
            live -= 1
            if head[U(b)] < 0:
                level0[U(i1)] &= ~(_ONE << np.uint64(b & 63))
                if level0[U(i1)] == 0:
                    level1[U(i2)] &= ~(_ONE << np.uint64(i1 & 63))
                    if level1[U(i2)] == 0:
                        level2 &= ~(_ONE << np.uint64(i2))
            q = top >> 2
            if grid[U(q)]:
                n = _carve(grid, q - offset[U(top & 3)], order, n)
                n = _carve(grid, q, order, n)
                p = q
                break
        if p < 0:
            break
    return n


def prim(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
         record: bool = False) -> Carving:
    """Carve a perfect maze with true Prim (random weights).

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = prim(5, 5, mix_seed(7), origin=(9, 9), record=True)
    >>> int(carving.order[0]) == 9 * 11 + 9
    True
    >>> bool((prim(5, 5, mix_seed(7)).grid == carving.grid).all())  # Kruskal, same tree
    True
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record, memory=14)
    walls = wall_codes(width, height)
    # a wall's weight is its place in this order; the seed's stream differs from
    # kruskal's, so the two names give different mazes (of the same distribution)
    count, _ = shuffled_walls(walls, width, height, state ^ _PRIM_STREAM)
    if not record:
        return _spanning_tree(walls[:count], width, height, record)
    # the walls set aside are never opened: the heaviest weight of all will do for them
    rank = np.full(2 * (width + 2) * (height + 2), count, np.int64)
    rank[walls[:count]] = np.arange(count)
    rank_bits = (count + 1).bit_length()
    item_bits = (4 * (2 * width + 1) * (2 * height + 1)).bit_length()
    return run_on_grid(_prim_kernel, width, height, state, origin, record, item_bits, rank,
                      64 - rank_bits)


@njit(inline="always")
def _heap_push(heap: NDArray[np.int64], size: int, key: np.int64) -> int:
    """Push ``key`` onto the binary min-heap ``heap[:size]``; returns the new size."""
    i = size
    while i > 0:
        up = (i - 1) >> 1
        if heap[U(up)] <= key:
            break
        heap[U(i)] = heap[U(up)]
        i = up
    heap[U(i)] = key
    return size + 1


@njit(inline="always")
def _heap_pop(heap: NDArray[np.int64], size: int) -> tuple[np.int64, int]:
    """Take the least key off the binary min-heap ``heap[:size]``; returns it and the new size."""
    top = heap[0]
    size -= 1
    last = heap[U(size)]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[U(child + 1)] < heap[U(child)]:
            child += 1
        if heap[U(child)] >= last:
            break
        heap[U(i)] = heap[U(child)]
        i = child
    heap[U(i)] = last
    return top, size


@njit(cache=True)
def _prim_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                       start: int, state: State, passages: NDArray[np.uint8], order: Log | None) -> int:
    """True Prim on a graph (CSR, see :mod:`meiro.generators.graph_carving`) from node ``start``.

    An edge's weight is its place in a shuffle of all edges (Kruskal's, on another
    stream). Without a log, Kruskal over that order builds the same tree, faster;
    with one, Prim grows it from ``start`` with a binary heap of ``weight << 32 | slot``.
    """
    keys, low = _graph_edge_keys(offsets, targets)
    _shuffle(keys, state ^ _PRIM_STREAM)
    n = offsets.shape[0] - 1
    if order is None:
        return _join_graph(keys, low, n, offsets, slot_edges, passages, None)
    rank = np.empty(passages.shape[0], np.int64)
    shift_a = np.uint64(low + _bits(n))
    slot_mask = (np.uint64(1) << np.uint64(low)) - np.uint64(1)
    for k in range(keys.size):
        a = np.int64(keys[k] >> shift_a)
        rank[U(slot_edges[U(offsets[U(a)] + np.int64(keys[k] & slot_mask))])] = k
    heap = np.empty(offsets[n], np.int64)  # every slot is pushed at most once
    size = 0
    in_tree = np.zeros(n, np.uint8)
    in_tree[start] = 1
    i = start
    n_log = 0
    while True:
        for s in range(offsets[U(i)], offsets[U(i + 1)]):
            if not in_tree[U(targets[U(s)])]:
                size = _heap_push(heap, size, (rank[U(slot_edges[U(s)])] << 32) | s)
        i = -1
        while size > 0:
            key, size = _heap_pop(heap, size)
            slot = key & 0xFFFFFFFF
            j = targets[U(slot)]
            if not in_tree[U(j)]:
                in_tree[U(j)] = 1
                passages[U(slot_edges[U(slot)])] = 1
                order[U(n_log)] = slot_edges[U(slot)]
                n_log += 1
                i = j
                break
        if i < 0:
            break
    return n_log


def prim_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False) -> GraphCarving:
    """Carve a perfect maze on a grid kind's ``geometry`` with true Prim (random edge weights).

    The maze does not depend on ``origin``; the log grows from it.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> g = geometry_of("hex", (6, 5))
    >>> grown = prim_graph(g, mix_seed(7), origin=12, record=True)
    >>> g.edges[grown.order[0]].tolist()                     # the first passage leaves the origin
    [7, 12]
    >>> bool((prim_graph(g, mix_seed(7)).passages == grown.passages).all())  # Kruskal, same tree
    True
    """
    return run_on_graph(_prim_graph_kernel, geometry, state, origin, record)

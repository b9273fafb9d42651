"""Randomised Kruskal: open walls in random order unless they would close a loop.

Every interior wall slot is an edge between two cells. Shuffle them all, then
take them in that order, opening a wall when its two cells are still in
different trees of a union-find forest (union by size, path halving) and
merging the trees. This is Kruskal's minimum-spanning-tree algorithm with
random weights, so the maze is perfect.

How it is fast: the shuffle deals the walls into 256 random buckets (the top
bits of their weights) before ordering each bucket. A wall whose bucket is
above those of the three other walls of a unit square closes a loop whatever
the order inside the buckets, so it is set aside before the shuffle (about a
third of all walls) and the union-find, whose random memory accesses are
most of the cost, only sees the rest. The maze is the same minimum spanning
tree, of the same random weights.

What it looks like: many short dead ends (about 30 % of cells), short
corridors, no directional bias but a "bushy" texture; the solution is
relatively short and direct.

Origin: not used — the forest grows everywhere at once; the log opens cells
and walls in the order the edges were accepted.

Reference: J. B. Kruskal, *On the shortest spanning subtree of a graph*,
Proc. AMS 7 (1956); as a maze method: J. Buck, *Mazes for Programmers*, ch. 11.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError, flag, whole
from ..kernels.cells import DUG, EAST, SOUTH, _cells_to_grid, _padded_cells
from ..kernels.index import U
from ..kernels.rng import check_state
from ..sizes import check_cells, ensure_fits
from ..kernels.index import Int
from .carving import Carving, Log, State, check_request, record_buffer
from ..kinds.geometry import Geometry
from ..kernels.prefetch import prefetch
from ..kernels.rng import _next_u64
from .graph_carving import (_COUNT, _NTH, GraphCarving, Stencil, _largest_degree, _open_marked, carving_graph,
                            check_origin, run_on_graph, stencil)
from .lattice import SET_ASIDE, _bucket_starts, _bucket_tags, _fisher_yates, _shuffle_buckets


def wall_slots(rows: int, cols: int) -> np.ndarray:
    """Flat indices of every interior wall slot (the blocks between two cells).

    Examples
    --------
    >>> wall_slots(5, 5).tolist()   # a 2 x 2-cell maze has four wall slots
    [7, 11, 13, 17]
    """
    for name, side in (("rows", rows), ("cols", cols)):
        whole(side, name, what="a whole number of blocks")
        if side < 3 or side % 2 == 0:
            raise MazeError(f"{name} must be odd and at least 3 blocks, got {side}")
    ensure_fits((cols - 1) // 2, (rows - 1) // 2, 40)  # two arrays of 8 bytes a block
    index = np.arange(rows * cols).reshape(rows, cols)
    slots = np.zeros((rows, cols), bool)
    slots[1:-1:2, 2:-1:2] = True
    slots[2:-1:2, 1:-1:2] = True
    return index[slots]


def wall_codes(width: int, height: int) -> np.ndarray:
    """An empty array for every wall between two cells, coded as :func:`shuffled_walls` does.

    int32 while the codes fit: Kruskal's random accesses then move half the memory.

    Examples
    --------
    >>> walls = wall_codes(3, 2)            # 2 x 2 east walls and 3 south walls
    >>> walls.size, walls.dtype
    (7, dtype('int32'))
    """
    width, height = check_cells(width, height)
    ensure_fits(width, height, 8)
    n = (width - 1) * height + width * (height - 1)
    return np.empty(n, np.int32 if 2 * (width + 2) * (height + 2) < 2**31 else np.int64)


@njit(inline="always")
def _set_aside_heaviest(out: NDArray[np.uint16], wall: NDArray[np.uint8], a: NDArray[np.uint8],
                        b: NDArray[np.uint8], c: NDArray[np.uint8]) -> None:
    """``out[x] = SET_ASIDE`` wherever ``wall[x]`` is above ``a[x]``, ``b[x]`` and ``c[x]``."""
    for x in range(out.size):
        heaviest = (wall[x] > a[x]) & (wall[x] > b[x]) & (wall[x] > c[x])
        out[x] = max(out[x], heaviest * SET_ASIDE)


@njit(cache=True)
def _set_aside_square_maxima(tag: NDArray[np.uint8], width: int, height: int,
                             bucket: NDArray[np.uint16]) -> None:
    """Copy each wall's ``tag`` to ``bucket``, or ``SET_ASIDE`` where the wall is strictly the
    heaviest of a unit square.

    ``tag[i]`` is the random bucket of wall ``i`` in reading order (east walls
    row by row, then south walls); buckets are the top bits of the walls'
    random weights. A wall whose bucket is above those of the three other
    walls of a unit square is the heaviest on a cycle, so no minimum spanning
    tree contains it (the cycle property): Kruskal may skip it.

    The work goes row by row over slices (whose indices numba knows are not
    negative), so the comparisons vectorise: under 1 ms on a million cells,
    against 12 ms with computed indices.

    Examples
    --------
    On 3 x 2 cells: east walls ``0 - 3``, south walls ``4 - 6``. Wall 4 (bucket
    5) is the heaviest of the left square (walls 0, 2, 4, 5); the right square
    (walls 1, 3, 5, 6) has no single heaviest wall.

    >>> tag = np.array([3, 1, 2, 0, 5, 0, 1], np.uint8)
    >>> bucket = np.empty(7, np.uint16)
    >>> _set_aside_square_maxima(tag, 3, 2, bucket)
    >>> bucket.tolist()
    [3, 1, 2, 0, 256, 0, 1]
    """
    east = width - 1
    first_south = east * height
    bucket[:] = tag
    for y in range(height):
        # an east wall (x, y): squares above and below it
        here = tag[y * east:(y + 1) * east]
        out = bucket[y * east:(y + 1) * east]
        for other in (y - 1, y + 1):
            if 0 <= other < height:
                between = tag[first_south + min(y, other) * width:][:width]
                _set_aside_heaviest(out, here, tag[other * east:][:east], between[:east],
                                    between[1:])
    for y in range(height - 1):
        # a south wall (x, y): squares to its left and right
        here = tag[first_south + y * width:][:width]
        out = bucket[first_south + y * width:][:width]
        upper = tag[y * east:][:east]
        lower = tag[(y + 1) * east:][:east]
        _set_aside_heaviest(out[1:], here[1:], upper, lower, here[:east])
        _set_aside_heaviest(out[:east], here[:east], upper, lower, here[1:])


@njit(cache=True)
def _shuffled_walls(walls: NDArray[np.signedinteger[Any]], width: int, height: int,
                    state: State) -> tuple[Int, State]:
    """:func:`shuffled_walls` on checked arguments."""
    tag = np.empty(walls.size, np.uint8)
    state = _bucket_tags(tag, state)
    bucket = np.empty(walls.size, np.uint16)
    _set_aside_square_maxima(tag, width, height, bucket)
    start = _bucket_starts(bucket)
    fill = start[:-1].copy()
    padded = width + 2
    i = 0
    for south in range(2):
        for y in range(height - south):
            for x in range(width - 1 + south):
                b = bucket[U(i)]
                walls[U(fill[U(b)])] = ((y + 1) * padded + x + 1) * 2 + south
                fill[U(b)] += 1
                i += 1
    return start[SET_ASIDE], _shuffle_buckets(walls, start, state)


def shuffled_walls(walls: np.ndarray, width: int, height: int, state: State | int) -> tuple[int, State]:
    """Fill ``walls`` with the walls Kruskal must try, in uniformly random order.

    A wall is coded ``cell * 2 + (0 east | 1 south)`` of the cell west of or
    above it, with cells numbered in the padded layout of
    :mod:`meiro.kernels.cells` (``(y + 1) * (width + 2) + x + 1``), so Kruskal
    finds the cell and its neighbour without a division.

    Every wall gets a random bucket (:func:`meiro.generators.lattice._bucket_tags`,
    the top bits of a random weight); the walls that are strictly the heaviest
    of a unit square by bucket can never be opened and are set aside
    (:func:`_set_aside_square_maxima`, about a third of them on large mazes);
    the rest are dealt straight into their buckets and each bucket is
    shuffled. The order of the walls tried is thus still that of independent
    random weights — which walls are set aside depends on the buckets alone,
    and the order within a bucket is uniform — and the maze is the same
    minimum spanning tree. Returns ``(number of walls to try, state)``; the
    walls set aside follow them in ``walls``.

    Raises
    ------
    MazeError
        If ``walls`` is not a one-dimensional int32 or int64 array of one entry per wall
        (:func:`wall_codes`), or a size or the state is out of range.
    TypeError
        If a size or the state is not a whole number.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> walls = wall_codes(3, 2)
    >>> count, state = shuffled_walls(walls, 3, 2, mix_seed(1))
    >>> count, walls.tolist()       # e.g. 13 = 6 * 2 + 1: the wall south of cell 6, i.e. (0, 0)
    (7, [17, 12, 14, 13, 15, 22, 24])
    """
    width, height = check_cells(width, height)
    state = check_state(state)
    n = (width - 1) * height + width * (height - 1)
    if not isinstance(walls, np.ndarray) or walls.dtype not in (np.int32, np.int64):
        raise TypeError("walls must be an int32 or int64 array (see wall_codes)")
    if walls.shape != (n,) or not walls.flags.writeable or not walls.flags.c_contiguous:
        raise MazeError(f"walls must be a writable, contiguous array of the {n} walls of "
                        f"{width}x{height} cells (see wall_codes), got shape {walls.shape}")
    count, state = _shuffled_walls(walls, width, height, state)
    return int(count), np.uint64(state)


@njit(inline="always")
def _root(parent: NDArray[np.signedinteger[Any]], i: Int) -> Int:
    """Root of ``i``: roots hold minus their tree's size, others their parent; path halving."""
    while parent[U(i)] >= 0:
        up = parent[U(i)]
        if parent[U(up)] >= 0:
            parent[U(i)] = parent[U(up)]
        i = up
    return i


@njit(inline="always")
def _union(parent: NDArray[np.signedinteger[Any]], a: Int, b: Int) -> bool:
    """Join the trees of ``a`` and ``b`` (union by size: the smaller hangs under the larger);
    False when they are one tree already, so that the edge between them would close a loop."""
    ra = _root(parent, a)
    rb = _root(parent, b)
    if ra == rb:
        return False
    if parent[U(ra)] > parent[U(rb)]:
        ra, rb = rb, ra
    parent[U(ra)] += parent[U(rb)]
    parent[U(rb)] = ra
    return True


@njit(cache=True)
def _kruskal_kernel(cells: NDArray[np.uint8], width: int, height: int,
                    walls: NDArray[np.signedinteger[Any]], parent: NDArray[np.signedinteger[Any]],
                    cols: int, order: Log | None) -> int:
    """Join the cells of padded compact ``cells`` across ``walls``, in order, unless a loop closes.

    ``walls``: every wall between two cells (:func:`shuffled_walls`) in the
    order to try them; ``parent``: one entry per padded cell, same dtype — a
    single array for the union-find, sizes stored in the roots, so each step
    touches as little memory as possible. ``order`` is None or receives the
    opened blocks; returns the log length.
    """
    n_cells = width * height
    parent[:] = -1
    padded = width + 2
    n = 0
    if order is not None and n_cells == 1:
        order[0] = cols + 1
        return 1
    opened = np.zeros(parent.size if order is not None else 0, np.bool_)
    joined = 0
    for e in walls:
        if joined == n_cells - 1:
            break
        a = e >> 1
        south = e & 1
        b = a + padded if south else a + 1
        if not _union(parent, a, b):
            continue
        cells[U(a)] |= SOUTH if south else EAST
        joined += 1
        if order is not None:
            # log the cells the first time they join anything, then the wall
            y = a // padded - 1
            x = a - (y + 1) * padded - 1
            pa = (2 * y + 1) * cols + 2 * x + 1
            step = cols if south else 1
            if not opened[U(a)]:
                opened[U(a)] = True
                order[U(n)] = pa
                n += 1
            order[U(n)] = pa + step
            n += 1
            if not opened[U(b)]:
                opened[U(b)] = True
                order[U(n)] = pa + 2 * step
                n += 1
    return n


def kruskal(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
            record: bool = False) -> Carving:
    """Carve a perfect maze with randomised Kruskal.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = kruskal(6, 4, mix_seed(3), record=True)
    >>> len(carving.order) == 2 * 6 * 4 - 1
    True
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record, memory=14)
    walls = wall_codes(width, height)
    count, _ = shuffled_walls(walls, width, height, state)
    return _spanning_tree(walls[:count], width, height, record)


def spanning_tree(walls: np.ndarray, width: int, height: int, record: bool) -> Carving:
    """The maze whose passages are the spanning tree Kruskal builds from ``walls`` in order.

    With ``walls`` in the order of their weights, that is the minimum spanning
    tree, whichever algorithm finds it (see :mod:`meiro.generators.prim`).

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> walls = wall_codes(3, 2)
    >>> count, _ = shuffled_walls(walls, 3, 2, mix_seed(1))
    >>> carving = spanning_tree(walls[:count], 3, 2, record=True)
    >>> carving.grid.astype(int)
    array([[1, 1, 1, 1, 1, 1, 1],
           [1, 0, 0, 0, 0, 0, 1],
           [1, 0, 1, 0, 1, 0, 1],
           [1, 0, 1, 0, 1, 0, 1],
           [1, 1, 1, 1, 1, 1, 1]])
    >>> len(carving.order)                  # 6 cells and the 5 walls between them
    11
    """
    width, height = check_cells(width, height)
    ensure_fits(width, height, 14)  # bytes per cell: the union-find and the log
    record = flag(record, "record")
    return _spanning_tree(_checked_walls(walls, width, height), width, height, record)


def _spanning_tree(walls: np.ndarray, width: int, height: int, record: bool) -> Carving:
    """:func:`spanning_tree` of walls that :func:`shuffled_walls` wrote (trusted)."""
    parent = np.empty((width + 2) * (height + 2), walls.dtype)
    cells = _padded_cells(width, height)
    cells |= DUG  # every cell is part of the maze
    cols = 2 * width + 1
    order = record_buffer(cols * (2 * height + 1), 2 * width * height - 1) if record else None
    n_log = _kruskal_kernel(cells, width, height, walls, parent, cols, order)
    return Carving(_cells_to_grid(cells, width, height), None if order is None else order[:n_log], cells)


def _checked_walls(walls: object, width: int, height: int) -> np.ndarray:
    """``walls`` as :func:`shuffled_walls` codes them, checked to name walls between two
    cells of ``width x height`` (their union-find then stays inside its array)."""
    try:
        arr = np.asarray(walls)
    except (TypeError, ValueError, OverflowError):
        raise MazeError("walls must be an array of wall codes (see shuffled_walls)") from None
    if arr.ndim != 1 or (arr.size and arr.dtype.kind not in "iu"):
        raise MazeError("walls must be a one-dimensional array of wall codes (see shuffled_walls)")
    padded = width + 2
    dtype = np.int32 if 2 * padded * (height + 2) < 2**31 else np.int64
    codes = arr.astype(np.int64)
    cell, south = codes >> 1, codes & 1
    y, x = cell // padded - 1, cell % padded - 1
    inside = (codes >= 0) & (y >= 0) & (x >= 0) & (y < height - south) & (x < width - 1 + south)
    if not inside.all():
        raise MazeError(f"walls holds codes that are not walls between two of the {width}x{height} cells")
    return np.ascontiguousarray(codes.astype(dtype))


#: how many edges ahead the union-find asks for the cells of the edge it will try
#: (:func:`~meiro.kernels.prefetch.prefetch`): far enough for a read from memory to arrive
#: (one of the dealt arrays' buckets is in the cache)
AHEAD = 16


@njit(inline="always")
def _bits(n: int) -> int:
    """The bits a node number below ``n`` takes (what :func:`_graph_edge_keys` gives it)."""
    bits = 1
    while (1 << bits) < n:
        bits += 1
    return bits


@njit(cache=True)
def _graph_edge_keys(offsets: NDArray[np.int64], targets: NDArray[np.int32]) -> tuple[NDArray[np.uint64], int]:
    """Every edge of a CSR graph once, as a ``uint64`` key ``a << shift | b << low | j`` (``shift`` returned).

    ``a < b`` are the edge's nodes and ``j`` the edge's place among ``a``'s slots
    (two parallel edges differ by it), so Kruskal reads both nodes without
    touching the adjacency again, and the edge's number only when it joins.
    """
    n = offsets.shape[0] - 1
    low = _bits(_largest_degree(offsets))
    node_bits = _bits(n)
    if 2 * node_bits + low > 64:
        raise ValueError("too many nodes and slots for Kruskal's edge keys")
    count = 0
    for a in range(n):
        for s in range(offsets[a], offsets[a + 1]):
            if targets[s] > a:
                count += 1
    keys = np.empty(count, np.uint64)
    k = 0
    for a in range(n):
        lo = offsets[a]
        for s in range(lo, offsets[a + 1]):
            b = targets[s]
            if b > a:
                keys[k] = (np.uint64(a) << np.uint64(node_bits + low)) | (np.uint64(b) << np.uint64(low)) \
                    | np.uint64(s - lo)
                k += 1
    return keys, low


@njit(cache=True)
def _join_graph(keys: NDArray[np.uint64], low: int, n: int, offsets: NDArray[np.int64],
                slot_edges: NDArray[np.int32], passages: NDArray[np.uint8], order: Log | None) -> int:
    """Kruskal's union-find over the edge ``keys`` (:func:`_graph_edge_keys`) in their order,
    stopping at the ``n - 1``-th join; returns the number of edges logged."""
    parent = np.full(n, -1, np.int32)
    node_mask = (np.uint64(1) << np.uint64(_bits(n))) - np.uint64(1)
    slot_mask = (np.uint64(1) << np.uint64(low)) - np.uint64(1)
    shift_b = np.uint64(low)
    shift_a = np.uint64(low + _bits(n))
    joined = 0
    n_log = 0
    for k in range(keys.shape[0]):
        if joined >= n - 1:
            break
        if k + AHEAD < keys.shape[0]:  # the nodes of an edge further on: their reads overlap this one's
            ahead = keys[U(k + AHEAD)]
            prefetch(parent, np.int64(ahead >> shift_a))
            prefetch(parent, np.int64((ahead >> shift_b) & node_mask))
        key = keys[U(k)]
        a = np.int64(key >> shift_a)
        b = np.int64((key >> shift_b) & node_mask)
        if not _union(parent, a, b):
            continue
        e = slot_edges[U(offsets[U(a)] + np.int64(key & slot_mask))]
        passages[U(e)] = 1
        joined += 1
        if order is not None:
            order[U(n_log)] = e
            n_log += 1
    return n_log


#: the longest cycle whose heaviest edge Kruskal sets aside on a grid kind (a hex maze's faces
#: have 3 edges, a theta maze's 4)
SHORT_CYCLE = 4


@njit(cache=True)
def _short_cycles(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                  slot_edges: NDArray[np.int32]) -> NDArray[np.int32]:
    """The faces of a graph drawn in its cyclic order that have at most :data:`SHORT_CYCLE` edges,
    as rows of the edges' places in :func:`_graph_edge_keys` (-1 pads a shorter face).

    A face is walked from a slot ``a -> b`` by taking, at ``b``, the slot after ``b -> a``
    in ``b``'s cyclic order, until the walk is back at ``a``. Each face is listed once,
    from its lowest slot. Any closed walk of distinct edges holds a cycle through each
    of them, so even where the order is not a plane drawing (stairs, a weave's merged
    cells) a row's heaviest edge is the heaviest of a cycle.
    """
    n = offsets.shape[0] - 1
    slots = targets.shape[0]
    back = np.empty(slots, np.int64)
    place = np.empty(slots, np.int32)
    k = 0
    for a in range(n):
        for s in range(offsets[a], offsets[a + 1]):
            b = targets[s]
            if b > a:
                place[s] = k
                k += 1
            else:
                for r in range(offsets[b], offsets[b + 1]):
                    if slot_edges[r] == slot_edges[s] and targets[r] == a:
                        back[s] = r
                        back[r] = s
                        place[s] = place[r]
                        break
    found = np.empty((slots // 3 + 1, SHORT_CYCLE), np.int32)
    walk = np.empty(SHORT_CYCLE, np.int64)
    count = 0
    for a in range(n):
        for s0 in range(offsets[a], offsets[a + 1]):
            walk[0] = s0
            s = s0
            length = 0
            for step in range(1, SHORT_CYCLE + 1):
                b = targets[U(s)]
                if b == a:
                    length = step
                    break
                if step == SHORT_CYCLE:
                    break
                r = back[U(s)] + 1
                s = r if r < offsets[U(b + 1)] else offsets[U(b)]
                walk[step] = s
            if length < 3:
                continue
            lowest = True
            for i in range(1, length):
                if walk[i] <= s0:
                    lowest = False
            for i in range(length):  # a walk that uses an edge twice is no face
                for j in range(i):
                    if place[U(walk[i])] == place[U(walk[j])]:
                        lowest = False
            if not lowest:
                continue
            for i in range(SHORT_CYCLE):
                found[count, i] = place[U(walk[i])] if i < length else -1
            count += 1
    return found[:count].copy()


@njit(cache=True)
def _deal_edges(keys: NDArray[Any], faces: NDArray[np.int32], state: State) -> tuple[
        NDArray[Any], NDArray[np.int64], State]:
    """Kruskal's random order of a graph's edges, dealt into buckets: ``(dealt, start, state)``.

    ``keys`` name the edges in one order (uint64 keys, or int32 codes on a stencil) and
    ``faces`` are the graph's short cycles (:func:`_short_cycles`) as places in it. As on
    the square grid (:func:`shuffled_walls`), every edge gets a random bucket (8 bits of a
    weight), an edge whose bucket is above those of the other edges of a short cycle is
    set aside (the cycle property: no minimum spanning tree holds it), and the rest are
    dealt into their buckets, bucket ``b`` at ``dealt[start[b]:start[b + 1]]``, each to be
    shuffled and joined in turn while it is in the cache.
    """
    m = keys.shape[0]
    tag = np.empty(m, np.uint8)
    bits = np.uint64(0)
    for k in range(m):
        if k % 8 == 0:
            bits, state = _next_u64(state)
        tag[k] = bits & np.uint64(255)
        bits >>= np.uint64(8)
    bucket = np.empty(m, np.uint16)
    bucket[:] = tag
    for f in range(faces.shape[0]):
        heaviest = faces[f, 0]
        top = tag[U(heaviest)]
        alone = True
        for i in range(1, faces.shape[1]):
            e = faces[f, i]
            if e < 0:
                break
            if tag[U(e)] > top:
                heaviest = e
                top = tag[U(e)]
                alone = True
            elif tag[U(e)] == top:
                alone = False
        if alone:
            bucket[U(heaviest)] = SET_ASIDE
    start_at = _bucket_starts(bucket)
    fill = start_at[:-1].copy()
    dealt = np.empty(start_at[SET_ASIDE], keys.dtype)  # the edges set aside are not dealt at all
    for k in range(m):
        b = bucket[k]
        if b != SET_ASIDE:
            dealt[U(fill[U(b)])] = keys[k]
            fill[U(b)] += 1
    return dealt, start_at, state


@njit(cache=True)
def _kruskal_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                          start: int, state: State, passages: NDArray[np.uint8], order: Log | None,
                          keys: NDArray[np.uint64], low: int, faces: NDArray[np.int32]) -> int:
    """Kruskal on a graph (CSR, see :mod:`meiro.generators.graph_carving`); ``start`` is not used.

    ``keys`` are the graph's edges (:func:`_graph_edge_keys`) and ``faces`` its short
    cycles (:func:`_short_cycles`), both kept with the geometry; :func:`_deal_edges`
    orders them, and each bucket is shuffled and joined in turn until the tree is whole.
    """
    n = offsets.shape[0] - 1
    dealt, start_at, state = _deal_edges(keys, faces, state)
    parent = np.full(n, -1, np.int32)
    # without a log, each node's joined slots are bits of one byte (when it has at most 8), a
    # small array the join marks in passing and one streaming pass turns into passages; with
    # one, or more slots, the keys joined are listed in order
    marked = order is None and _largest_degree(offsets) <= 8
    marks = np.zeros(n if marked else 0, np.uint8)
    joins = np.empty(0 if marked else max(n - 1, 0), np.uint64)
    joined = 0
    for b in range(SET_ASIDE):
        if joined >= n - 1:
            break
        lo = start_at[b]
        hi = start_at[b + 1]
        state = _fisher_yates(dealt, lo, hi, state)
        joined = _join_keys(dealt[lo:hi], low, n, parent, joins, marks, marked, joined)
    if marked:
        _open_marked(offsets, slot_edges, marks, 0xFF, passages)
        return 0
    # the passages last, apart from the union-find: their lookups do not wait on one another
    slot_mask = (np.uint64(1) << np.uint64(low)) - np.uint64(1)
    shift_a = np.uint64(low + _bits(n))
    for i in range(joined):
        e = slot_edges[U(offsets[U(np.int64(joins[i] >> shift_a))] + np.int64(joins[i] & slot_mask))]
        passages[U(e)] = 1
        if order is not None:
            order[i] = e
    return joined if order is not None else 0


@njit(cache=True)
def _kruskal_lattice_kernel(deltas: NDArray[np.int64], codes: NDArray[np.int32], faces: NDArray[np.int32],
                            n: int, state: State, marks: NDArray[np.uint8]) -> None:
    """:func:`_kruskal_graph_kernel` unrecorded on a lattice (:func:`_lattice_codes`): the same
    draws and joins, so the same maze; ``marks[a]`` gets bit ``d`` when the edge from cell ``a``
    to ``a + deltas[d]`` joined.

    An edge is the int32 code ``a << 3 | d`` instead of a 64-bit key: half the bytes to
    deal, shuffle and read back, and its other cell is a sum, not a read.
    """
    dealt, start_at, state = _deal_edges(codes, faces, state)
    parent = np.full(n, -1, np.int32)
    joined = 0
    for bucket in range(SET_ASIDE):
        if joined >= n - 1:
            break
        lo = start_at[bucket]
        hi = start_at[bucket + 1]
        state = _fisher_yates(dealt, lo, hi, state)
        for k in range(lo, hi):
            if joined >= n - 1:
                break
            if k + AHEAD < hi:  # the cells of an edge further on: their reads overlap this one's
                ahead = dealt[U(k + AHEAD)]
                prefetch(parent, ahead >> 3)
                prefetch(parent, (ahead >> 3) + deltas[U(ahead & 7)])
            code = dealt[U(k)]
            a = code >> 3
            d = code & 7
            if not _union(parent, a, a + deltas[U(d)]):
                continue
            marks[U(a)] |= np.uint8(1 << d)
            joined += 1


@njit(cache=True)
def _open_lattice_marks(offsets: NDArray[np.int64], slot_edges: NDArray[np.int32], pattern: NDArray[np.uint8],
                        slots: NDArray[np.uint8], marks: NDArray[np.uint8], passages: NDArray[np.uint8]) -> None:
    """Open the passages :func:`_kruskal_lattice_kernel` marked, in one streaming pass over the cells:
    ``slots[pattern[a], marks[a]]`` are the CSR slots of the edges cell ``a`` marked (see
    :func:`_lattice_slots`), picked from the ``_COUNT``/``_NTH`` tables: about 6 ns a cell on a
    4 M-cell hex maze, against 12 when each marked edge looked for its other cell among the slots."""
    for a in range(marks.shape[0]):
        bits = marks[a]
        if bits:
            mask = slots[U(pattern[a]), U(bits)]
            lo = offsets[a]
            for k in range(_COUNT[U(mask)]):
                passages[U(slot_edges[U(lo + _NTH[U(mask), U(k)])])] = 1


def _lattice_slots(form: Stencil, deltas: NDArray[np.int64]) -> NDArray[np.uint8]:
    """For each stencil pattern and set of lattice offsets (bit ``d``: ``deltas[d]``, a byte), the
    CSR slots they are among that pattern's neighbours (a byte)."""
    bits = np.arange(256)
    slots = np.zeros((len(form.degree), 256), np.uint8)
    for p in range(len(form.degree)):
        for d, delta in enumerate(deltas.tolist()):
            hit = np.flatnonzero(form.table[p, :form.degree[p]] == delta)
            if hit.size:
                slots[p, (bits >> d & 1) == 1] |= np.uint8(1 << int(hit[0]))
    return slots


@njit(inline="always")
def _join_keys(keys: NDArray[np.uint64], low: int, n: int, parent: NDArray[np.int32], joins: NDArray[np.uint64],
               marks: NDArray[np.uint8], marked: bool, joined: int) -> int:
    """Join the edge ``keys`` in order into the union-find ``parent`` until ``n - 1`` joins, marking
    each joined slot in ``marks`` when ``marked``, else listing the keys in ``joins``; returns the
    joins so far."""
    node_mask = (np.uint64(1) << np.uint64(_bits(n))) - np.uint64(1)
    slot_mask = (np.uint64(1) << np.uint64(low)) - np.uint64(1)
    shift_b = np.uint64(low)
    shift_a = np.uint64(low + _bits(n))
    for k in range(keys.shape[0]):
        if joined >= n - 1:
            break
        if k + AHEAD < keys.shape[0]:  # the nodes of an edge further on: their reads overlap this one's
            ahead = keys[U(k + AHEAD)]
            prefetch(parent, np.int64(ahead >> shift_a))
            prefetch(parent, np.int64((ahead >> shift_b) & node_mask))
        key = keys[U(k)]
        a = np.int64(key >> shift_a)
        b = np.int64((key >> shift_b) & node_mask)
        if not _union(parent, a, b):
            continue
        if marked:
            marks[U(a)] |= np.uint8(1 << np.int64(key & slot_mask))
        else:
            joins[U(joined)] = key
        joined += 1
    return joined


def _kruskal_tables(geometry: Geometry) -> tuple[NDArray[np.uint64], int, NDArray[np.int32]]:
    """What Kruskal needs of a geometry whatever the seed: its edges as keys and its short cycles.

    Kept with the geometry, as its carving graph is (:func:`~meiro.generators.graph_carving.carving_graph`).
    """
    graph = carving_graph(geometry)  # (which checks the geometry)
    kept: tuple[NDArray[np.uint64], int, NDArray[np.int32]] | None = geometry.extra.get("_kruskal")
    if kept is None:
        keys, low = _graph_edge_keys(graph.offsets, graph.targets)
        faces = _short_cycles(graph.offsets, graph.targets, graph.slot_edges)
        # as many columns as the longest face has edges (a hex maze's are all triangles):
        # the kernel reads every face of every maze
        width = int((faces >= 0).sum(axis=1).max(initial=3))
        kept = keys, int(low), np.ascontiguousarray(faces[:, :width])
        geometry.extra["_kruskal"] = kept
    return kept


#: what :func:`_kruskal_lattice_kernel` needs of a lattice: ``(deltas, codes, pattern, slots)``
LatticeTables = tuple[NDArray[np.int64], NDArray[np.int32], NDArray[np.uint8], NDArray[np.uint8]]


def _lattice_codes(geometry: Geometry, keys: NDArray[np.uint64], low: int) -> LatticeTables | None:
    """``(deltas, codes, pattern, slots)`` for :func:`_kruskal_lattice_kernel` and
    :func:`_open_lattice_marks` when the graph is a lattice with a stencil (kept with the
    geometry); else None.

    On a lattice (hex, triangle, 3D, square-celled kinds without crossings) an edge's cells
    ``a < b`` differ by one of a few numbers, ``deltas`` (a hex maze's are 1, W - 1, W and
    W + 1): the edge ``keys`` become codes ``a << 3 | d`` with ``b = a + deltas[d]``. The
    stencil's ``pattern`` per cell and :func:`_lattice_slots` turn a cell's marked offsets
    into its CSR slots.
    """
    if "_kruskal_codes" not in geometry.extra:
        found = None
        n = geometry.cells
        form = stencil(geometry)
        if form is not None and 1 < n < 1 << 28:
            shift_a = np.uint64(low + max(1, (n - 1).bit_length()))
            a = (keys >> shift_a).astype(np.int64)
            b = ((keys >> np.uint64(low)) & ((np.uint64(1) << (shift_a - np.uint64(low))) - np.uint64(1))).astype(np.int64)
            deltas, d = np.unique(b - a, return_inverse=True)
            if deltas.size <= 8:
                deltas = deltas.astype(np.int64)
                found = (deltas, (a << 3 | d.reshape(-1)).astype(np.int32), form.pattern,
                         _lattice_slots(form, deltas))
        geometry.extra["_kruskal_codes"] = found
    kept: LatticeTables | None = geometry.extra["_kruskal_codes"]
    return kept


def kruskal_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False) -> GraphCarving:
    """Carve a perfect maze on a grid kind's ``geometry`` with randomised Kruskal.

    Every edge (neighbouring pair) is taken in a random order, joined unless its
    cells are already connected; it stops at the last join. ``origin`` is
    checked but not used: the forest grows everywhere at once. How it is fast:
    :func:`_kruskal_graph_kernel`.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = kruskal_graph(geometry_of("triangle", (5, 4)), mix_seed(1), record=True)
    >>> int(carving.passages.sum()), len(carving.order)      # 20 cells joined by 19 passages
    (19, 19)
    """
    keys, low, faces = _kruskal_tables(geometry)
    if not flag(record, "record"):
        lattice = _lattice_codes(geometry, keys, low)
        if lattice is not None:
            check_origin(geometry, origin)
            deltas, codes, pattern, slots = lattice
            marks = np.zeros(geometry.cells, np.uint8)
            _kruskal_lattice_kernel(deltas, codes, faces, geometry.cells, check_state(state), marks)
            opened = np.zeros(geometry.edge_count, np.uint8)
            _open_lattice_marks(geometry.offsets, geometry.slot_edges, pattern, slots, marks, opened)
            return GraphCarving(opened.view(np.bool_))
    return run_on_graph(_kruskal_graph_kernel, geometry, state, origin, record, keys, low, faces)

"""Build a grid kind's CSR adjacency in linear time: the compiled half of :func:`meiro.kinds.geometry.from_edges`.

NumPy would sort the edges and the (cell, angle) slots with ``lexsort``: 12 s
for a 4-million-cell theta geometry on the reference machine. Every cell has
at most a handful of neighbours, so counting sort by cell plus an insertion
sort inside each cell's few slots does the same in a fraction of a second.

The order around a cell is by *pseudo-angle* (a number that grows with the
angle as the real one does, without trigonometry): clockwise on the page from
north, then a 3D maze's stairs, up (to the layer above, z + 1) before down.

The kernels trust their arrays; the public functions at the end of the module
check them first (the library's doors: ``tests/test_library_doors.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from .jit import njit


@njit(inline="always")  # (inlined into _build_csr: nothing of its own to cache)
def _turn(dx: float, dy: float, dz: float) -> float:
    """Pseudo-angle of a step ``(dx, dy, dz)``: 0 north, 1 east, 2 south, 3 west (y down); 10/11 up/down."""
    if dz > 0:
        return 10.0  # up a layer
    if dz < 0:
        return 11.0
    ax, ay = abs(dx), abs(dy)
    if ax + ay == 0:
        return 0.0
    p = dx / (ax + ay)  # -1 .. 1 across the northern half, clockwise
    if dy <= 0:  # north half: north 0 (p = 0), east 1 (p = 1), west 3..4 (p = -1 .. 0)
        return p if p >= 0 else 4.0 + p
    return 2.0 - p  # south half: east 1, south 2, west 3


@njit(cache=True)
def _build_csr(n: int, a: NDArray[np.int64], b: NDArray[np.int64], centres: NDArray[np.float64]) -> tuple[
        NDArray[np.int64], NDArray[np.int32], NDArray[np.int64], NDArray[np.int32], NDArray[np.int32], int, float]:
    """Sort ``n`` cells' edges ``(a[e], b[e])``.

    Returns ``(order, edges, offsets, targets, slot_edges, twice, reach)``:
    ``order[k]`` is the given edge that becomes edge ``k`` (edges sorted by smaller
    end, then larger end) and ``edges[k]`` its two cells; ``offsets``/``targets``/
    ``slot_edges`` the CSR adjacency in cyclic order, its slots naming the new edge
    numbers; ``twice`` is -1, or a given edge that repeats an earlier pair (the
    caller refuses the edges then); ``reach`` the longest distance between
    neighbouring centres.
    """
    m = a.shape[0]
    offsets = np.zeros(n + 1, np.int64)
    for e in range(m):
        offsets[a[e] + 1] += 1
        offsets[b[e] + 1] += 1
    for i in range(n):
        offsets[i + 1] += offsets[i]
    fill = offsets[:-1].copy()
    targets = np.empty(2 * m, np.int32)
    given = np.empty(2 * m, np.int64)
    for e in range(m):
        x, y = a[e], b[e]
        targets[fill[x]] = y
        given[fill[x]] = e
        fill[x] += 1
        targets[fill[y]] = x
        given[fill[y]] = e
        fill[y] += 1
    # by neighbour number inside each cell: number the edges, find repeats
    order = np.empty(m, np.int64)
    edges = np.empty((m, 2), np.int32)
    renumber = np.empty(m, np.int64)
    k = 0
    twice = -1
    for i in range(n):
        lo, hi = offsets[i], offsets[i + 1]
        for s in range(lo + 1, hi):
            t, g = targets[s], given[s]
            j = s - 1
            while j >= lo and targets[j] > t:
                targets[j + 1] = targets[j]
                given[j + 1] = given[j]
                j -= 1
            targets[j + 1] = t
            given[j + 1] = g
        for s in range(lo, hi):
            if s > lo and targets[s] == targets[s - 1]:
                twice = given[s]
            if targets[s] > i:
                order[k] = given[s]
                edges[k, 0] = i
                edges[k, 1] = targets[s]
                renumber[given[s]] = k
                k += 1
    # by turn around each cell
    dims = centres.shape[1]
    slot_edges = np.empty(2 * m, np.int32)
    turn = np.empty(2 * m, np.float64)
    reach2 = 0.0
    for i in range(n):
        lo, hi = offsets[i], offsets[i + 1]
        for s in range(lo, hi):
            t = targets[s]
            dx, dy = centres[t, 0] - centres[i, 0], centres[t, 1] - centres[i, 1]
            dz = centres[t, 2] - centres[i, 2] if dims == 3 else 0.0
            reach2 = max(reach2, dx * dx + dy * dy + dz * dz)
            turn[s] = _turn(dx, dy, dz)
            slot_edges[s] = renumber[given[s]]
        for s in range(lo + 1, hi):
            t, g, w = targets[s], slot_edges[s], turn[s]
            j = s - 1
            while j >= lo and turn[j] > w:
                targets[j + 1] = targets[j]
                slot_edges[j + 1] = slot_edges[j]
                turn[j + 1] = turn[j]
                j -= 1
            targets[j + 1] = t
            slot_edges[j + 1] = g
            turn[j + 1] = w
    return order, edges, offsets, targets, slot_edges, twice, np.sqrt(reach2) if m else 1.0


@njit(cache=True)
def _components(n: int, edges: NDArray[np.int32], open_: NDArray[np.bool_]) -> int:
    """How many connected pieces ``n`` cells make when joined by the open ``edges`` (union-find)."""
    parent = np.arange(n)
    pieces = n
    for e in range(edges.shape[0]):
        if not open_[e]:
            continue
        a, b = edges[e, 0], edges[e, 1]
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a != b:
            parent[a] = b
            pieces -= 1
    return pieces


@njit(cache=True)
def _group_roots(n: int, pairs: NDArray[np.int32]) -> NDArray[np.int64]:
    """For each of ``n`` cells, the smallest cell of the group ``pairs`` join it to (union-find)."""
    parent = np.arange(n)
    for e in range(pairs.shape[0]):
        a, b = pairs[e, 0], pairs[e, 1]
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a < b:
            parent[b] = a
        elif b < a:
            parent[a] = b
    for i in range(n):  # parents are smaller than their children: one pass, in order, finishes
        parent[i] = parent[parent[i]]
    return parent


@njit(cache=True)
def _distances(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
              passages: NDArray[np.bool_], start: int) -> NDArray[np.int32]:
    """Steps from ``start`` to every cell through open ``passages`` (breadth first); -1 if unreachable."""
    n = offsets.shape[0] - 1
    dist = np.full(n, -1, np.int32)
    queue = np.empty(n, np.int32)
    dist[start] = 0
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        i = queue[head]
        head += 1
        for s in range(offsets[i], offsets[i + 1]):
            j = targets[s]
            if passages[slot_edges[s]] and dist[j] < 0:
                dist[j] = dist[i] + 1
                queue[tail] = j
                tail += 1
    return dist


# -- the checked doors ---------------------------------------------------------------------------

def _array(value: Any, name: str, kinds: str, ndim: int) -> NDArray[Any]:
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a NumPy array, got {type(value).__name__}")
    if value.dtype.kind not in kinds or value.ndim != ndim:
        raise TypeError(f"{name} must be a {ndim}-D {'bool' if kinds == 'b' else 'integer'} array, "
                        f"got a {value.ndim}-D {value.dtype} array")
    return value


def _pairs(n: int, pairs: Any, name: str) -> NDArray[np.int64]:
    array = _array(pairs, name, "iu", 2)
    if array.shape[1:] != (2,):
        raise MazeError(f"{name} must have two columns, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() >= n):
        raise MazeError(f"{name} names a cell outside 0 to {n - 1}")
    return np.ascontiguousarray(array, dtype=np.int64)


def _count(n: Any) -> int:
    count = whole(n, "n", error=MazeError)
    if not 0 < count <= 2**31 - 1:
        raise MazeError(f"n must be a number of cells from 1 to 2**31-1, got {count}")
    return count


def components(n: int, edges: NDArray[np.integer[Any]], open_: NDArray[np.bool_]) -> int:
    """How many connected pieces ``n`` cells make when joined by the ``edges`` rows where ``open_``.

    Examples
    --------
    >>> import numpy as np
    >>> components(4, np.array([[0, 1], [2, 3]]), np.array([True, False]))
    3
    """
    n = _count(n)
    pairs = _pairs(n, edges, "edges").astype(np.int32)
    bits = _array(open_, "open_", "b", 1)
    if bits.shape[0] != pairs.shape[0]:
        raise MazeError(f"open_ must have one value per edge ({pairs.shape[0]}), got {bits.shape[0]}")
    return int(_components(n, pairs, np.ascontiguousarray(bits)))


def group_roots(n: int, pairs: NDArray[np.integer[Any]]) -> NDArray[np.int64]:
    """For each of ``n`` cells, the smallest cell of the group the ``pairs`` join it to.

    Examples
    --------
    >>> import numpy as np
    >>> group_roots(5, np.array([[3, 1], [4, 3]])).tolist()
    [0, 1, 2, 1, 1]
    """
    n = _count(n)
    roots: NDArray[np.int64] = _group_roots(n, _pairs(n, pairs, "pairs").astype(np.int32))
    return roots


def csr(offsets: Any, targets: Any, slot_edges: Any, edges: int) -> tuple[
        NDArray[np.int64], NDArray[np.int32], NDArray[np.int32]]:
    """CSR adjacency checked for a kernel: ``offsets`` rising from 0 to ``len(targets)``, every
    target a cell, every slot an edge number below ``edges`` (as int64/int32/int32 arrays)."""
    edges = whole(edges, "edges", error=MazeError)
    off = _array(offsets, "offsets", "iu", 1)
    tgt = _array(targets, "targets", "iu", 1)
    slots = _array(slot_edges, "slot_edges", "iu", 1)
    n = off.shape[0] - 1
    if n < 1 or off[0] != 0 or off[-1] != tgt.shape[0] or np.any(np.diff(off) < 0):
        raise MazeError("offsets must rise from 0 to the number of targets, one more than the cells")
    if slots.shape != tgt.shape:
        raise MazeError("slot_edges must have one edge number per target")
    if tgt.size and (tgt.min() < 0 or tgt.max() >= n):
        raise MazeError(f"targets must be cell numbers from 0 to {n - 1}")
    if slots.size and (slots.min() < 0 or slots.max() >= edges):
        raise MazeError(f"slot_edges must be edge numbers from 0 to {edges - 1}")
    return (np.ascontiguousarray(off, dtype=np.int64), np.ascontiguousarray(tgt, dtype=np.int32),
            np.ascontiguousarray(slots, dtype=np.int32))


def distances(offsets: Any, targets: Any, slot_edges: Any, passages: Any, start: Any) -> NDArray[np.int32]:
    """Steps from ``start`` to every cell through the open ``passages`` of a CSR graph (breadth
    first); -1 where it cannot reach.

    Examples
    --------
    >>> import numpy as np
    >>> offsets = np.array([0, 1, 3, 4]); targets = np.array([1, 0, 2, 1])
    >>> slot_edges = np.array([0, 0, 1, 1])
    >>> distances(offsets, targets, slot_edges, np.array([True, True]), 0).tolist()
    [0, 1, 2]
    """
    bits = _array(passages, "passages", "b", 1)
    off, tgt, slots = csr(offsets, targets, slot_edges, bits.shape[0])
    cell = whole(start, "start", error=MazeError)
    if not 0 <= cell < off.shape[0] - 1:
        raise MazeError(f"start must be a cell number from 0 to {off.shape[0] - 2}, got {cell}")
    dist: NDArray[np.int32] = _distances(off, tgt, slots, np.ascontiguousarray(bits), cell)
    return dist

"""A* search, as the Tk seed article explains it.

The next node to expand is the open one with the lowest ``f = g + h``
(``g``: steps from the start, ``h``: Manhattan distance to the goal); ties go to
the larger ``g`` (the node further along), and remaining ties are broken at
random by the maze's PRNG, so a seed always gives the same search. Manhattan
distance never overestimates on a grid, so the path is a shortest one
(P. E. Hart, N. J. Nilsson, B. Raphael, 1968).

The open set is a binary heap of single int64 keys ``f | h | random``: for
equal ``f`` a larger ``g`` is a smaller ``h = f - g``, so one integer
comparison orders by all three rules. Entries carry the node's (y, x), so no
division is needed to compute a neighbour's ``h``. Deletion is lazy: on a
maze with loops a node may be pushed twice, and the stale entry is skipped
when popped; the per-node state is the graph's one byte.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError
from ..kernels.buffers import _grow
from ..kernels.graph import CODE_MASK, EAST, SOURCE, SOUTH, _set_code
from ..kernels.index import Int, U
from ..kernels.rng import _next_u64, mix_seed
from .result import SearchGraph, SearchResult


@njit(cache=True)
def _astar_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int, f_shift: int, h_shift: int,
                  rng: np.uint64, g_weight: int, order: NDArray[np.int64]) -> tuple[Int, int, int]:
    """A* on a one-byte-per-node graph; see :func:`meiro.solvers.bfs._bfs_kernel`.

    ``key = f << f_shift | h << h_shift | random``; ``h_shift`` is the number
    of random tie-break bits. ``order`` receives expanded nodes when non-empty.
    ``f = g_weight * g + h``: 1 is A*, 0 is greedy best-first search
    (:mod:`meiro.solvers.greedy`). Returns ``found, expanded, max_frontier``.

    Examples
    --------
    >>> import meiro
    >>> from meiro.solvers.result import SearchGraph
    >>> m = meiro.generate(4, 4, seed=1)
    >>> g = SearchGraph(m.grid, 2)
    >>> f_shift, h_shift = _key_layout(g.graph.size, g.width, g.graph.size // g.width)
    >>> r = g.run(_astar_kernel, 1 * 9 + 1, 7 * 9 + 7, False, f_shift, h_shift, mix_seed(0, 1), 1)
    >>> r.found, r.expanded, len(r.path)
    (70, 7, 13)
    """
    goal_y = target // width
    goal_x = target - goal_y * width
    h_mask = (np.int64(1) << (f_shift - h_shift)) - 1
    tie_shift = np.uint64(64 - h_shift)
    keys = np.empty(256, np.int64)
    vals = np.empty(256, np.int64)  # y << 34 | x << 3 | code
    y0 = source // width
    x0 = source - y0 * width
    h0 = abs(y0 - goal_y) + abs(x0 - goal_x)
    keys[0] = (h0 << f_shift) | (h0 << h_shift)
    vals[0] = (y0 << 34) | (x0 << 3) | SOURCE
    size = 1
    max_frontier = 1
    record = order.size > 0
    expanded = 0
    found: Int = -1
    # A corridor's single child that beats the heap's minimum would be popped
    # next anyway: it skips the heap (same order, far fewer sift steps).
    have_next = False
    key = np.int64(0)
    val = np.int64(0)
    child_keys = np.empty(4, np.int64)
    child_vals = np.empty(4, np.int64)
    while (have_next or size > 0) and found < 0:
        if size + 4 > keys.size:  # room for one expansion's children
            keys = _grow(keys)
            vals = _grow(vals)
        room = keys.size - 4
        # Until the heap needs to _grow, the loop below never replaces its arrays,
        # which keeps numba's reference counting of them out of the loop. Every
        # index in it is >= 0 (heap slots; nodes inside the padded graph): U()
        # lets numba skip its negative-index check.
        while (have_next or size > 0) and size <= room:
            if have_next:
                have_next = False
            else:
                key = keys[0]
                val = vals[0]
                size -= 1
                if size > 0:  # sift the last entry down from the root
                    last_key = keys[U(size)]
                    last_val = vals[U(size)]
                    i = 0
                    while True:
                        child = 2 * i + 1
                        if child >= size:
                            break
                        if child + 1 < size and keys[U(child + 1)] < keys[U(child)]:
                            child += 1
                        if keys[U(child)] >= last_key:
                            break
                        keys[U(i)] = keys[U(child)]
                        vals[U(i)] = vals[U(child)]
                        i = child
                    keys[U(i)] = last_key
                    vals[U(i)] = last_val
            y = val >> 34
            x = (val >> 3) & 0x7FFFFFFF
            n = y * width + x
            if graph[U(n)] & CODE_MASK:
                continue  # stale entry: already expanded by a path at least as short
            _set_code(graph, n, val & 7)
            if record:
                order[U(expanded)] = n
            expanded += 1
            if n == target:
                found = n
                break
            # the child's g (for greedy, g_weight 0, g plays no part and is 0)
            g = ((key >> f_shift) - ((key >> h_shift) & h_mask) + 1) * g_weight
            bits = graph[U(n)]
            children = 0
            for d in range(4):
                if d == 0:
                    ok = (graph[U(n - width)] & SOUTH) != 0
                    ny, nx, m = y - 1, x, n - width
                elif d == 1:
                    ok = (bits & EAST) != 0
                    ny, nx, m = y, x + 1, n + 1
                elif d == 2:
                    ok = (bits & SOUTH) != 0
                    ny, nx, m = y + 1, x, n + width
                else:
                    ok = (graph[U(n - 1)] & EAST) != 0
                    ny, nx, m = y, x - 1, n - 1
                if not ok or graph[U(m)] & CODE_MASK:
                    continue
                h = abs(ny - goal_y) + abs(nx - goal_x)
                tie, rng = _next_u64(rng)
                child_keys[U(children)] = (((g + h) << f_shift) | (h << h_shift)
                                           | np.int64(tie >> tie_shift))
                child_vals[U(children)] = (ny << 34) | (nx << 3) | (d + 1)
                children += 1
            if children == 1 and (size == 0 or child_keys[0] < keys[0]):
                have_next = True
                key = child_keys[0]
                val = child_vals[0]
                continue
            for c in range(children):
                new_key = child_keys[U(c)]
                new_val = child_vals[U(c)]
                i = size  # sift up
                size += 1
                while i > 0:
                    parent = (i - 1) >> 1
                    if keys[U(parent)] <= new_key:
                        break
                    keys[U(i)] = keys[U(parent)]
                    vals[U(i)] = vals[U(parent)]
                    i = parent
                keys[U(i)] = new_key
                vals[U(i)] = new_val
            if size > max_frontier:
                max_frontier = size
    return found, expanded, max_frontier


def _key_layout(nodes: int, width: int, height: int) -> tuple[int, int]:
    """Bit positions ``(f_shift, h_shift)`` of the heap key for a graph this size.

    ``f`` needs as many bits as a path can have nodes, ``h`` as many as
    ``width + height``; up to 16 bits of random tie-break fill the rest of 63.

    Examples
    --------
    >>> _key_layout(36, 6, 6)      # 6 bits of f, 4 of h, 16 random tie-break bits
    (20, 16)
    >>> _key_layout(2**40, 2**31, 10)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: this maze is too large for the A* solver; use method='bfs'
    """
    f_bits = max(nodes, 1).bit_length()
    h_bits = (width + height).bit_length()
    tie_bits = min(16, 63 - f_bits - h_bits)
    if tie_bits < 1 or width >= 2**31 or height >= 2**29:
        raise MazeError("this maze is too large for the A* solver; use method='bfs'")
    return h_bits + tie_bits, tie_bits


def astar(grid: np.ndarray, source: int, target: int, step: int, seed: int,
          record: bool) -> SearchResult:
    """Find a shortest path with A*.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(8, 8, seed=5)
    >>> a, b = meiro.solve(m, "astar"), meiro.solve(m, "bfs")
    >>> a.length == b.length
    True
    """
    return _best_first(grid, source, target, step, mix_seed(seed, stream=1), record, 1)


def _best_first(grid: np.ndarray, source: int, target: int, step: int, rng: np.uint64,
                record: bool, g_weight: int) -> SearchResult:
    """Run :func:`_astar_kernel` on ``grid`` with ``f = g_weight * g + h``.

    ``g_weight`` 1 is A* (a shortest path), 0 greedy best-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(5, 5, seed=2, braid=1.0)     # loops: greedy can go the long way
    >>> args = (m.grid, 1 * 11 + 1, 9 * 11 + 9, 2, mix_seed(0, stream=1), False)
    >>> len(_best_first(*args, 1).path) - 1, len(_best_first(*args, 0).path) - 1
    (16, 28)
    """
    g = SearchGraph(grid, step)
    f_shift, h_shift = _key_layout(g.graph.size, g.width, g.graph.size // g.width)
    return g.run(_astar_kernel, source, target, record, f_shift, h_shift, rng, g_weight)

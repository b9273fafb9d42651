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

On the other grid kinds (:mod:`meiro.kinds`) the heuristic is the straight
distance between the cell's centre and the goal's (3D: with the layers' z),
divided by the geometry's ``reach``, the longest distance between two
neighbouring centres: no step gets nearer than that, so it never
overestimates, and it changes by at most one a step (it is consistent), so a
cell is never expanded twice. Ties go to the larger ``g``, then at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError
from ..kernels.buffers import _grow
from ..kernels.graph import CODE_MASK, EAST, SOURCE, SOUTH, _set_code
from ..kernels.index import Int, U
from ..kernels.rng import _next_u64, mix_seed
from .cell_forms import Form, _open_near
from .graph_search import GraphSearch, run_graph
from .result import SearchGraph, SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


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
    (70, 16, 21)
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
    (36, 36)
    """
    g = SearchGraph(grid, step)
    f_shift, h_shift = _key_layout(g.graph.size, g.width, g.graph.size // g.width)
    return g.run(_astar_kernel, source, target, record, f_shift, h_shift, rng, g_weight)


@njit(cache=True)
def _astar_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                        open_: NDArray[np.uint8], source: Int, target: Int, centres: NDArray[np.float64],
                        scale: float, rng: np.uint64, g_weight: int, parent: NDArray[np.int32],
                        order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """A* (``g_weight`` 1) or greedy best-first search (0) on a grid kind's graph.

    ``f = g_weight * g + h`` with ``h`` the centres' straight distance to the
    target times ``scale`` (``1 / reach``, a hair less: rounding never makes it
    overestimate). The heap holds ``f``, then ``-g`` and a random tie-break in one
    integer, then the cell and the cell it was reached from; an entry whose cell was
    expanded already is skipped when popped. Other arguments and the result as for
    :func:`meiro.solvers.bfs._bfs_graph_kernel`.
    """
    record = order.size > 0
    dims = centres.shape[1]
    gx = centres[target, 0]
    gy = centres[target, 1]
    gz = centres[target, 2] if dims == 3 else 0.0
    best = np.full(offsets.size - 1, np.int64(1) << 40)  # the least g pushed per cell
    fs = np.empty(1024, np.float64)
    ties = np.empty(1024, np.int64)     # -g << 24 | 24 random bits
    cells = np.empty(1024, np.int64)    # cell << 32 | the cell it was reached from
    fs[0] = 0.0
    ties[0] = 0
    cells[0] = (np.int64(source) << 32) | source
    best[source] = 0
    size = 1
    max_frontier = 1
    expanded = 0
    found = -1
    while size > 0:
        tie = ties[0]
        entry = cells[0]
        size -= 1
        if size > 0:  # sift the last entry down from the root
            lf, lt, lc = fs[U(size)], ties[U(size)], cells[U(size)]
            i = 0
            while True:
                child = 2 * i + 1
                if child >= size:
                    break
                if child + 1 < size and (fs[U(child + 1)] < fs[U(child)] or (
                        fs[U(child + 1)] == fs[U(child)] and ties[U(child + 1)] < ties[U(child)])):
                    child += 1
                if fs[U(child)] > lf or (fs[U(child)] == lf and ties[U(child)] >= lt):
                    break
                fs[U(i)], ties[U(i)], cells[U(i)] = fs[U(child)], ties[U(child)], cells[U(child)]
                i = child
            fs[U(i)], ties[U(i)], cells[U(i)] = lf, lt, lc
        n = entry >> 32
        if parent[U(n)] >= 0:
            continue  # stale: expanded already, by a way at least as short
        parent[U(n)] = entry & 0xFFFFFFFF
        if record:
            order[U(expanded)] = n
        expanded += 1
        if n == target:
            found = n
            break
        g = (-(tie >> 24) + 1) * g_weight  # a child's g (greedy: always 0)
        lo, hi = offsets[U(n)], offsets[U(n) + 1]
        while size + hi - lo > fs.size:
            fs = _grow(fs)
            ties = _grow(ties)
            cells = _grow(cells)
        for s in range(lo, hi):
            m = targets[U(s)]
            if not open_[U(slot_edges[U(s)])] or parent[U(m)] >= 0 or g >= best[U(m)]:
                continue
            best[U(m)] = g
            dx = centres[U(m), 0] - gx
            dy = centres[U(m), 1] - gy
            dz = centres[U(m), 2] - gz if dims == 3 else 0.0
            new_f = g + np.sqrt(dx * dx + dy * dy + dz * dz) * scale
            bits, rng = _next_u64(rng)
            new_tie = -g * 16777216 + np.int64(bits >> np.uint64(40))
            new_cell = (np.int64(m) << 32) | n
            i = size  # sift up
            size += 1
            while i > 0:
                up = (i - 1) >> 1
                if fs[U(up)] < new_f or (fs[U(up)] == new_f and ties[U(up)] <= new_tie):
                    break
                fs[U(i)], ties[U(i)], cells[U(i)] = fs[U(up)], ties[U(up)], cells[U(up)]
                i = up
            fs[U(i)], ties[U(i)], cells[U(i)] = new_f, new_tie, new_cell
        if size > max_frontier:
            max_frontier = size
    return found, expanded, max_frontier


@njit(cache=True)
def _astar_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int,
                       centres: NDArray[np.float64], scale: float, rng: np.uint64, g_weight: int,
                       parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """:func:`_astar_graph_kernel` on a compact form (:mod:`meiro.solvers.cell_forms`): the same
    search (the same heap, keys and draws), the neighbours found by arithmetic from one byte of
    open slots a cell, and the least ``g`` pushed per cell kept in 4 bytes instead of 8."""
    pattern, table, rings = form
    record = order.size > 0
    dims = centres.shape[1]
    gx = centres[target, 0]
    gy = centres[target, 1]
    gz = centres[target, 2] if dims == 3 else 0.0
    best = np.full(slots.shape[0], np.int32(2**31 - 1))  # the least g pushed per cell
    near = np.empty(8, np.int64)
    fs = np.empty(1024, np.float64)
    ties = np.empty(1024, np.int64)     # -g << 24 | 24 random bits
    cells = np.empty(1024, np.int64)    # cell << 32 | the cell it was reached from
    fs[0] = 0.0
    ties[0] = 0
    cells[0] = (np.int64(source) << 32) | source
    best[source] = 0
    size = 1
    max_frontier = 1
    expanded = 0
    found = -1
    while size > 0:
        if size + 8 > fs.size:
            fs = _grow(fs)
            ties = _grow(ties)
            cells = _grow(cells)
        room = fs.size - 8
        # the heap's arrays are never replaced inside this loop (see _astar_kernel)
        while size > 0 and size <= room:
            tie = ties[0]
            entry = cells[0]
            size -= 1
            if size > 0:  # sift the last entry down from the root
                lf, lt, lc = fs[U(size)], ties[U(size)], cells[U(size)]
                i = 0
                while True:
                    child = 2 * i + 1
                    if child >= size:
                        break
                    if child + 1 < size and (fs[U(child + 1)] < fs[U(child)] or (
                            fs[U(child + 1)] == fs[U(child)] and ties[U(child + 1)] < ties[U(child)])):
                        child += 1
                    if fs[U(child)] > lf or (fs[U(child)] == lf and ties[U(child)] >= lt):
                        break
                    fs[U(i)], ties[U(i)], cells[U(i)] = fs[U(child)], ties[U(child)], cells[U(child)]
                    i = child
                fs[U(i)], ties[U(i)], cells[U(i)] = lf, lt, lc
            n = entry >> 32
            if parent[U(n)] >= 0:
                continue  # stale: expanded already, by a way at least as short
            parent[U(n)] = entry & 0xFFFFFFFF
            if record:
                order[U(expanded)] = n
            expanded += 1
            if n == target:
                found = n
                size = 0
                break
            bits = slots[U(n)]
            if bits == 0:
                continue
            g = (-(tie >> 24) + 1) * g_weight  # a child's g (greedy: always 0)
            for c in range(_open_near(pattern, table, rings, n, bits, near)):
                m = near[U(c)]
                if parent[U(m)] >= 0 or g >= best[U(m)]:
                    continue
                best[U(m)] = g
                dx = centres[U(m), 0] - gx
                dy = centres[U(m), 1] - gy
                dz = centres[U(m), 2] - gz if dims == 3 else 0.0
                new_f = g + np.sqrt(dx * dx + dy * dy + dz * dz) * scale
                draw, rng = _next_u64(rng)
                new_tie = -g * 16777216 + np.int64(draw >> np.uint64(40))
                new_cell = (np.int64(m) << 32) | n
                i = size  # sift up
                size += 1
                while i > 0:
                    up = (i - 1) >> 1
                    if fs[U(up)] < new_f or (fs[U(up)] == new_f and ties[U(up)] <= new_tie):
                        break
                    fs[U(i)], ties[U(i)], cells[U(i)] = fs[U(up)], ties[U(up)], cells[U(up)]
                    i = up
                fs[U(i)], ties[U(i)], cells[U(i)] = new_f, new_tie, new_cell
            if size > max_frontier:
                max_frontier = size
    return found, expanded, max_frontier


def _best_first_graph(geometry: Geometry, passages: Any, source: int, target: int, rng: np.uint64,
                     record: bool, g_weight: int) -> GraphSearch:
    """Run :func:`_astar_graph_kernel`: A* with ``g_weight`` 1, greedy best-first with 0."""
    from ..kinds.geometry import Geometry

    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    scale = (1.0 - 1e-9) / geometry.reach
    return run_graph(_astar_graph_kernel, geometry, passages, source, target, record, geometry.centres,
                     scale, rng, g_weight, form_kernel=_astar_form_kernel)


def astar_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
                record: bool) -> GraphSearch:
    """Find a shortest path on a grid kind's graph with A* (straight-line heuristic, module docs).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(5, 4, grid="hex", seed=2)
    >>> room = m.edited(passages=[True] * m.geometry.edge_count)     # every wall down
    >>> a, b = meiro.solve(room, "astar"), meiro.solve(room, "bfs")
    >>> a.length == b.length, a.expanded, b.expanded
    (True, 10, 19)
    """
    return _best_first_graph(geometry, passages, source, target, mix_seed(seed, stream=1), record, 1)

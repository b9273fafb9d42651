"""穴掘り法 — the dig method (randomised depth-first search, "recursive backtracker").

From the origin cell, repeatedly pick a random direction whose cell two blocks
away is still undug, open the block in between and that cell, and move there;
when every direction is blocked, step back the way you came; stop when you are
back at the origin with nothing left to dig. This is the method of the seed
articles (and of Jamis Buck, *Mazes for Programmers*, ch. 5).

What it looks like: long, winding corridors and few dead ends (about 10 % of
cells), a solution path that often wanders through a large share of the maze.

The kernel is iterative (the seed articles' recursion crashes past about a
thousand levels): its stack holds one byte per level, the direction it came
from, and backtracking walks that direction in reverse. It digs on one byte
per cell (:mod:`meiro.kernels.cells`) and expands to the block grid at the end.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import DUG, _cell_steps, _open_passage
from ..kernels.index import U
from ..errors import flag
from ..kernels.rng import _below, check_state
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, run_on_cells
from .graph_carving import (_COUNT, _NTH, GraphCarving, _largest_degree, _open_marked, carving_graph,
                            check_origin, run_on_graph, stencil)
from .hex_form import _open_hex_marks, hex_form, _padded_index, _padded_marks
from .ring_form import CLOCKWISE, COUNTER, INWARD, ring_form


@njit(cache=True)
def _dig_kernel(cells: NDArray[np.uint8], width: int, height: int, x: int, y: int, state: State,
                order: Log | None) -> int:
    """Dig padded compact ``cells`` (see :mod:`meiro.kernels.cells`) from cell ``(x, y)``.

    ``order`` is None or receives the opened blocks' flat indices in the block grid.
    Returns the number of entries written.
    """
    cols = 2 * width + 1
    padded = width + 2
    stack = np.empty(width * height, np.uint8)
    # directions: 0 north, 1 east, 2 south, 3 west
    step, block_step = _cell_steps(width)
    choice = np.empty(4, np.int64)
    i = (y + 1) * padded + x + 1
    cells[U(i)] = DUG
    p = (2 * y + 1) * cols + 2 * x + 1
    n_log = 0
    if order is not None:
        order[0] = p
        n_log = 1
    depth = 0
    while True:
        # the padding is marked dug, so no neighbour test needs a bounds check
        n = 0
        if not cells[U(i - padded)] & DUG:
            choice[U(n)] = 0
            n += 1
        if not cells[U(i + 1)] & DUG:
            choice[U(n)] = 1
            n += 1
        if not cells[U(i + padded)] & DUG:
            choice[U(n)] = 2
            n += 1
        if not cells[U(i - 1)] & DUG:
            choice[U(n)] = 3
            n += 1
        if n == 0:
            if depth == 0:
                break
            depth -= 1
            d = stack[U(depth)]
            i -= step[U(d)]
            if order is not None:
                p -= 2 * block_step[U(d)]
            continue
        if n == 1:
            d = choice[0]
        else:
            k, state = _below(state, n)
            d = choice[U(k)]
        j = i + step[U(d)]
        _open_passage(cells, i, j, d)
        cells[U(j)] |= DUG
        if order is not None:
            order[n_log] = p + block_step[U(d)]
            p += 2 * block_step[U(d)]
            order[n_log + 1] = p
            n_log += 2
        stack[U(depth)] = d
        depth += 1
        i = j
    return n_log


def dig(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
        record: bool = False) -> Carving:
    """Dig a perfect maze with the dig method (穴掘り法).

    Parameters
    ----------
    width, height : int
        Size in cells.
    state : numpy.uint64
        PRNG state (see :func:`meiro.kernels.rng.mix_seed`).
    origin : (row, col)
        Block coordinates of the cell the digging starts from.
    record : bool
        Also return the order in which blocks were opened.

    Returns
    -------
    Carving
        The block grid, with ``record`` the carving log, and the compact cells.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = dig(3, 2, mix_seed(1), record=True)
    >>> carving.grid.shape, int((~carving.grid).sum()), len(carving.order)
    ((5, 7), 11, 11)
    """
    return run_on_cells(_dig_kernel, width, height, state, origin, record)


@njit(cache=True)
def _dig_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                      start: int, state: State, passages: NDArray[np.uint8], order: Log | None) -> int:
    """Dig a graph (CSR, see :mod:`meiro.generators.graph_carving`) from node ``start``.

    Without a log, a node's opened slots are bits of one byte (when it has at most 8
    slots): the walk marks that small array, and one streaming pass at the end turns
    the marks into passages, instead of a write far away in ``passages`` per step.
    """
    n = offsets.shape[0] - 1
    seen = np.zeros(n, np.uint8)
    stack = np.empty(n, np.int32)
    most = _largest_degree(offsets)
    choice = np.empty(most, np.int64)
    marked = order is None and most <= 8
    marks = np.zeros(n if marked else 0, np.uint8)
    seen[start] = 1
    stack[0] = start
    depth = 1
    n_log = 0
    while depth > 0:
        i = stack[U(depth - 1)]
        k = 0
        lo = offsets[U(i)]
        for s in range(lo, offsets[U(i + 1)]):
            if not seen[U(targets[U(s)])]:
                choice[U(k)] = s
                k += 1
        if k == 0:
            depth -= 1
            continue
        if k == 1:
            s = choice[0]
        else:
            pick, state = _below(state, k)
            s = choice[U(pick)]
        j = targets[U(s)]
        if marked:
            marks[U(i)] |= np.uint8(1 << (s - lo))
        else:
            passages[U(slot_edges[U(s)])] = 1
        if order is not None:
            order[U(n_log)] = slot_edges[U(s)]
            n_log += 1
        seen[U(j)] = 1
        stack[U(depth)] = j
        depth += 1
    if marked:
        _open_marked(offsets, slot_edges, marks, 0xFF, passages)
    return n_log


#: a cell's mark bit for "dug", above the bits of its opened slots (so at most 7 of them)
_SEEN = 0x80


@njit(inline="always")
def _pick_bit(bits: int, state: State) -> tuple[int, State]:
    """One of the set bits of ``bits`` (not 0), drawn evenly: its number, and the state after.

    A single set bit is taken without a draw, as the CSR kernel takes its only
    undug neighbour: every walk makes the same draws, so the same maze. The draw
    is computed either way and kept only for two or more bits (a select, not a
    branch: whether a cell has one way on or several is a coin toss no processor
    predicts); with one bit it gives bit 0 of the one, as the count-1 rule does.
    """
    count = _COUNT[U(bits)]
    pick, after = _below(state, count)
    return int(_NTH[U(bits), U(pick)]), after if count > 1 else state


@njit(cache=True)
def _dig_stencil_kernel(pattern: NDArray[np.uint8], degree: NDArray[np.int64], table: NDArray[np.int64],
                        start: int, state: State, marks: NDArray[np.uint8]) -> None:
    """:func:`_dig_graph_kernel` on a stencil (:class:`~meiro.generators.graph_carving.Stencil`):
    the same steps and draws, so the same maze; ``marks[i]`` gets bit ``k`` when cell ``i``
    opened its ``k``-th neighbour, and bit 7 when it is dug (no cell has more than 7)."""
    n = pattern.shape[0]
    stack = np.empty(n, np.int32)
    marks[start] = _SEEN
    stack[0] = start
    depth = 1
    while depth > 0:
        i = stack[U(depth - 1)]
        p = pattern[U(i)]
        undug = 0
        for r in range(degree[U(p)]):
            undug |= ((marks[U(i + table[U(p), U(r)])] >> 7) ^ 1) << r
        if undug == 0:
            depth -= 1
            continue
        r, state = _pick_bit(undug, state)
        j = i + table[U(p), U(r)]
        marks[U(i)] |= np.uint8(1 << r)
        marks[U(j)] |= _SEEN
        stack[U(depth)] = j
        depth += 1


@njit(cache=True)
def _dig_hex_kernel(stride: int, start: int, state: State, marks: NDArray[np.uint8]) -> None:
    """:func:`_dig_graph_kernel` on a hex maze's padded layout (:mod:`meiro.generators.hex_form`):
    the same steps and draws, so the same maze; ``marks[i]`` gets bit ``d`` when padded cell
    ``i`` opened direction ``d``, and bit 7 when it is dug (the padding has it from the start).

    Every neighbour is at a fixed offset, shifted by a stride in odd columns: six reads a
    step and no table, against the stencil's per-cell pattern and degree.
    """
    stack = np.empty(marks.shape[0], np.int32)
    odd_column = np.array([-stride, 1, stride + 1, stride, stride - 1, -1], np.int64)
    even_column = np.array([-stride, 1 - stride, 1, stride, -1, -1 - stride], np.int64)
    i = start
    marks[U(i)] |= _SEEN
    depth = 0
    while True:
        o = stride * ((i & 1) ^ 1)    # odd columns are at even padded numbers
        undug = (((marks[U(i - stride)] >> 7) ^ 1)
                 | ((marks[U(i + 1 - stride + o)] >> 7) ^ 1) << 1
                 | ((marks[U(i + 1 + o)] >> 7) ^ 1) << 2
                 | ((marks[U(i + stride)] >> 7) ^ 1) << 3
                 | ((marks[U(i - 1 + o)] >> 7) ^ 1) << 4
                 | ((marks[U(i - 1 - stride + o)] >> 7) ^ 1) << 5)
        if undug == 0:
            if depth == 0:
                break
            depth -= 1
            i = stack[U(depth)]
            continue
        d, state = _pick_bit(undug, state)
        j = i + (odd_column[U(d)] if o else even_column[U(d)])
        marks[U(i)] |= np.uint8(1 << d)
        marks[U(j)] |= _SEEN
        stack[U(depth)] = i
        depth += 1
        i = j


#: the columns of a ring walk's table, one row per ring (see :func:`_dig_ring_kernel`)
_FAN, _SIZE, _FIRST, _OUTER, _INNER, _INNER_SHIFT, _PLAIN = range(7)


@njit(cache=True)
def _dig_ring_kernel(first: NDArray[np.int64], size: NDArray[np.int64], fan: NDArray[np.int64],
                     shift: NDArray[np.int64], turn: NDArray[np.uint8], start: int, state: State,
                     marks: NDArray[np.uint8]) -> None:
    """:func:`_dig_graph_kernel` on a theta maze's ring form (:mod:`meiro.generators.ring_form`):
    the same steps and draws, so the same maze; ``marks`` as in :func:`_dig_stencil_kernel`,
    with two more entries past the cells, marked dug (what the rim's missing children read).

    The walk knows its ring ``k`` and position ``p``, and reads what it needs of the ring
    from one row of a small table. Most cells are *plain*: one child, a parent at the same
    place (the ring and the one inside it are the same size) and not at the ring's ends.
    Their neighbours are at ``i + m``, ``i + 1``, ``i - m`` and ``i - 1`` (``m`` the ring's
    size), as on a square grid, and every step from one of them, forward or back, moves
    ``k`` and ``p`` by at most one, without a branch on its direction: 21 ns a cell against
    30 for the general steps on a 3.8 M-cell maze. The others (the centre, the rings that
    split, the ends of a ring, the rim) take the general steps, which read both possible
    children of every cell whatever its fan (a mask keeps the fan's). The stack holds one
    byte a step (the step's code), as the square kernel's does.
    """
    n = turn.shape[0]
    rings = size.shape[0]
    tab = np.zeros((rings, 8), np.int64)   # a row per ring: one cache line
    for r in range(rings):
        tab[r, _FAN] = fan[r]
        tab[r, _SIZE] = size[r]
        tab[r, _FIRST] = first[r]
        tab[r, _OUTER] = first[r + 1]
        if r > 0:
            tab[r, _INNER] = first[r - 1]
            tab[r, _INNER_SHIFT] = shift[r - 1]
            # a plain ring: one child a cell, and the inner ring the same size
            tab[r, _PLAIN] = fan[r] == 1 and size[r - 1] == size[r]
    stack = np.empty(n, np.uint8)
    codes = np.array([0, CLOCKWISE, INWARD, COUNTER], np.uint8)   # a plain cell's steps' codes
    k = 0
    while first[U(k + 1)] <= start:
        k += 1
    p = start - first[U(k)]
    marks[U(start)] = _SEEN
    depth = 0
    while True:
        m = tab[U(k), _SIZE]
        ring = tab[U(k), _FIRST]
        i = ring + p
        t = np.int64(turn[U(i)])
        # the undug neighbours as a mask in the ring order (bit q: outward, clockwise, inward,
        # counter-clockwise), then turned to the CSR order: its slot (q + t) % degree
        if tab[U(k), _PLAIN] and 0 < p < m - 1:
            ring_undug = (((marks[U(i + m)] >> 7) ^ 1) | ((marks[U(i + 1)] >> 7) ^ 1) << 1
                          | ((marks[U(i - m)] >> 7) ^ 1) << 2 | ((marks[U(i - 1)] >> 7) ^ 1) << 3)
            undug = ((ring_undug << t) | (ring_undug >> (4 - t))) & 15
            if undug == 0:
                if depth == 0:
                    break
                depth -= 1
                code = np.int64(stack[U(depth)])
                # from a plain cell every step back keeps to its place or moves it by one
                k += int(code >= INWARD) - int(code < CLOCKWISE)
                p += int(code == COUNTER) - int(code == CLOCKWISE)
                continue
            s, state = _pick_bit(undug, state)
            q = (s - t) & 3
            marks[U(i)] |= np.uint8(1 << s)
            stack[U(depth)] = codes[U(q)]
            depth += 1
            k += int(q == 0) - int(q == 2)
            p += int(q == 1) - int(q == 3)
            marks[U(i + (1 - (q & 2)) * (1 if q & 1 else m))] |= _SEEN   # i + m, i + 1, i - m, i - 1
            continue
        # the general steps: ring order children (from their ring's lower numbers up), clockwise,
        # inward, counter-clockwise
        f = tab[U(k), _FAN]
        inner_shift = tab[U(k), _INNER_SHIFT]
        if k > 0:
            out = tab[U(k), _OUTER] + p * f      # the first child (on the rim, the entry past the cells)
            a = ring + (0 if p + 1 == m else p + 1)
            b = tab[U(k), _INNER] + (p >> inner_shift)
            e = ring + (m - 1 if p == 0 else p - 1)
            children = ((marks[U(out)] >> 7) ^ 1) | ((marks[U(out + 1)] >> 7) ^ 1) << 1
            ring_undug = ((children & ((1 << f) - 1))
                          | (((marks[U(a)] >> 7) ^ 1) | ((marks[U(b)] >> 7) ^ 1) << 1
                             | ((marks[U(e)] >> 7) ^ 1) << 2) << f)
            d = f + 3
        else:
            out = a = b = e = 1
            ring_undug = 0
            for c in range(f):
                ring_undug |= ((marks[U(1 + c)] >> 7) ^ 1) << c
            d = f
        undug = ((ring_undug << t) | (ring_undug >> (d - t))) & ((1 << d) - 1)
        if undug == 0:
            if depth == 0:
                break
            depth -= 1
            code = np.int64(stack[U(depth)])
            if code == CLOCKWISE:
                p = m - 1 if p == 0 else p - 1
            elif code == COUNTER:
                p = 0 if p + 1 == m else p + 1
            elif code < CLOCKWISE:
                k -= 1
                p = p >> inner_shift
            else:
                p = p * f + (code - INWARD)
                k += 1
            continue
        s, state = _pick_bit(undug, state)
        q = s - t
        if q < 0:
            q += d
        marks[U(i)] |= np.uint8(1 << s)
        if q < f:
            stack[U(depth)] = q
            j = out + q
            k += 1
        elif q == f:
            stack[U(depth)] = CLOCKWISE
            j = a
        elif q == f + 1:
            stack[U(depth)] = INWARD + (p & ((1 << inner_shift) - 1))
            j = b
            k -= 1
        else:
            stack[U(depth)] = COUNTER
            j = e
        p = j - tab[U(k), _FIRST]
        depth += 1
        marks[U(j)] |= _SEEN


def _dig_on_a_form(geometry: Geometry, state: np.uint64, origin: int) -> GraphCarving | None:
    """The unrecorded dig on the geometry's hex, ring or stencil form, when it has one (see :func:`dig_graph`)."""
    start = check_origin(geometry, origin)
    carving_graph(geometry)  # (refuses cells in more than one piece, as every generator does)
    hexes = hex_form(geometry)
    if hexes is not None:
        marks = _padded_marks(hexes)
        _dig_hex_kernel(hexes.stride, int(_padded_index(hexes, start)), check_state(state), marks)
        opened = np.zeros(geometry.edge_count, np.uint8)
        _open_hex_marks(hexes.width, hexes.height, hexes.stride, hexes.step, geometry.offsets,
                        geometry.slot_edges, marks, opened)
        return GraphCarving(opened.view(np.bool_))
    rings = ring_form(geometry)
    if rings is not None:
        marks = np.zeros(geometry.cells + 2, np.uint8)
        marks[geometry.cells:] = _SEEN   # (the rim's children, never dug)
        _dig_ring_kernel(rings.first, rings.size, rings.fan, rings.shift, rings.turn, start, check_state(state),
                         marks)
        marks = marks[:geometry.cells]
    else:
        form = stencil(geometry)
        if form is None or form.degree.max() > 7:
            return None
        marks = np.zeros(geometry.cells, np.uint8)
        _dig_stencil_kernel(form.pattern, form.degree, form.table, start, check_state(state), marks)
    opened = np.zeros(geometry.edge_count, np.uint8)
    _open_marked(geometry.offsets, geometry.slot_edges, marks, ~_SEEN & 0xFF, opened)
    return GraphCarving(opened.view(np.bool_))


def dig_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False) -> GraphCarving:
    """Dig a perfect maze on a grid kind's ``geometry`` with the dig method (穴掘り法).

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = dig_graph(geometry_of("hex", (4, 3)), mix_seed(1), record=True)
    >>> int(carving.passages.sum()), len(carving.order)      # 12 cells joined by 11 passages
    (11, 11)
    """
    if not flag(record, "record"):
        # hex cells dig on their padded layout, theta's on its rings' arithmetic, cells that
        # fall into a few neighbour patterns (triangle, 3D, a shaped hex maze) on the stencil:
        # the same maze, at about twice the speed
        # (tests/test_kind_generators.py holds them equal)
        carving = _dig_on_a_form(geometry, state, origin)
        if carving is not None:
            return carving
    return run_on_graph(_dig_graph_kernel, geometry, state, origin, record)

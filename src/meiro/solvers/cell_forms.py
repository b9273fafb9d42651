"""Searching a grid kind on its compact form: a byte of open slots per cell and neighbour arithmetic.

A graph kernel on the CSR (:mod:`meiro.solvers.graph_search`) reads about 30
bytes of scattered memory per cell it expands: the cell's offsets, each slot's
target and edge, and the edge's passage byte. Generation got fast by walking
compact forms of the same graph instead (:func:`meiro.generators.graph_carving.stencil`
on hex, triangle and 3D; :func:`meiro.generators.ring_form.ring_form` on theta),
and a search can too:

1. one streaming pass (:func:`_open_slots`) folds the maze's passages into one
   byte per cell, bit ``s`` set when the cell's CSR slot ``s`` is an open passage;
2. the search reads that byte, and finds the neighbour behind slot ``s`` by the
   form's arithmetic (:func:`_near`): a stencil cell's is ``i + table[pattern[i], s]``,
   a theta cell's follows from its ring and place in it.

The neighbours come in the CSR's order, so a search on the form makes exactly
the steps, draws and choices it makes on the CSR: the same path and the same
explored cells (``tests/test_kind_solvers.py`` holds the two equal).

A form is a tuple of three arrays the kernels take whole, ``(pattern, table,
ring)`` (see :func:`_near`): a stencil's pattern per cell and its offsets and
degree per pattern (``ring`` empty), or a theta form's turn per cell, its ring
tables and each cell's ring. It is kept with the geometry.

Examples
--------
>>> import meiro
>>> m = meiro.generate(4, 3, grid="hex", seed=1)
>>> form = cell_form(m.geometry)
>>> slots = open_slots(m.geometry, m.passages)
>>> near = np.empty(8, np.int64)
>>> d = _near(*form, 5, near)
>>> sorted(near[s] for s in range(d) if slots[5] >> s & 1) == sorted(
...     b if a == 5 else a for a, b in m.geometry.edges[m.passages].tolist() if 5 in (a, b))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..generators.graph_carving import _COUNT, _NTH
from ..kernels.index import Int, U
from ..kernels.jit import njit

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry

#: the arrays of a form, as the kernels take them (module docs)
Form = tuple[NDArray[np.uint8], NDArray[np.int64], NDArray[np.uint16]]


@njit(cache=True)
def _open_slots(offsets: NDArray[np.int64], slot_edges: NDArray[np.int32], open_: NDArray[np.uint8],
                out: NDArray[np.uint8]) -> None:
    """Bit ``s`` of ``out[i]``: cell ``i``'s CSR slot ``s`` is an open passage (at most 8 slots)."""
    for i in range(out.shape[0]):
        lo = offsets[U(i)]
        hi = offsets[U(i + 1)]
        bits = 0
        for s in range(lo, hi):
            bits |= np.int64(open_[U(slot_edges[U(s)])] != 0) << (s - lo)
        out[U(i)] = bits


@njit(cache=True)
def _ring_numbers(first: NDArray[np.int64]) -> NDArray[np.uint16]:
    """Each cell's ring, from each ring's first cell (and one past the last)."""
    ring = np.empty(first[first.shape[0] - 1], np.uint16)
    for k in range(first.shape[0] - 1):
        for i in range(first[k], first[k + 1]):
            ring[U(i)] = k
    return ring


@njit(inline="always")
def _near(pattern: NDArray[np.uint8], table: NDArray[np.int64], ring: NDArray[np.uint16], i: int,
          near: NDArray[np.int64]) -> int:
    """Cell ``i``'s neighbours into ``near`` in its CSR order; returns how many.

    A stencil (``ring`` empty): ``pattern`` per cell, ``table[pattern, s]`` the offset of
    slot ``s`` and ``table[pattern, 8]`` the degree. A theta form: ``pattern`` holds each
    cell's turn, ``ring`` its ring ``k``, and ``table[k]`` the ring's :data:`_RING_ROW`.
    (Few arrays, each needed by both: numba counts references to the arrays a helper
    takes, and more of them, some used by one branch only, made a search twice as slow.)
    """
    if ring.shape[0] == 0:
        p = pattern[U(i)]
        degree = int(table[U(p), 8])
        for s in range(degree):
            near[U(s)] = i + table[U(p), U(s)]
        return degree
    # the ring order (see meiro.generators.ring_form), turned by the cell's turn into the CSR's
    k = np.int64(ring[U(i)])
    here = table[U(k), 0]
    f = int(table[U(k), 2])
    t = int(pattern[U(i)])
    if k == 0:
        for c in range(f):
            s = c + t
            near[U(s - f if s >= f else s)] = 1 + c
        return f
    d = f + 3
    m = table[U(k), 1]
    p = i - here
    out = table[U(k), 4] + (p << table[U(k), 3])
    for c in range(f):
        s = c + t
        near[U(s - d if s >= d else s)] = out + c
    s = f + t
    near[U(s - d if s >= d else s)] = here + (0 if p + 1 == m else p + 1)
    s = f + 1 + t
    near[U(s - d if s >= d else s)] = table[U(k), 5] + (p >> table[U(k), 6])
    s = f + 2 + t
    near[U(s - d if s >= d else s)] = here + (m - 1 if p == 0 else p - 1)
    return d


@njit(inline="always")
def _degree(pattern: NDArray[np.uint8], table: NDArray[np.int64], ring: NDArray[np.uint16], i: Int) -> int:
    """How many slots (neighbours) cell ``i`` has (see :func:`_near` for the form's arrays)."""
    if ring.shape[0] == 0:
        return int(table[U(pattern[U(i)]), 8])
    k = np.int64(ring[U(i)])
    f = int(table[U(k), 2])
    return f if k == 0 else f + 3


@njit(inline="always")
def _slot_near(pattern: NDArray[np.uint8], table: NDArray[np.int64], ring: NDArray[np.uint16], i: Int,
               s: int) -> int:
    """The neighbour behind cell ``i``'s CSR slot ``s`` alone: what ``near[s]`` of :func:`_near` is."""
    if ring.shape[0] == 0:
        return int(i + table[U(pattern[U(i)]), U(s)])
    k = np.int64(ring[U(i)])
    here = table[U(k), 0]
    f = int(table[U(k), 2])
    c = s - int(pattern[U(i)])  # the slot's place in the ring order (undoing the turn)
    if k == 0:
        return int(1 + (c + f if c < 0 else c))
    d = f + 3
    c = c + d if c < 0 else c
    m = table[U(k), 1]
    p = i - here
    if c < f:
        return int(table[U(k), 4] + (p << table[U(k), 3]) + c)
    if c == f:
        return int(here + (0 if p + 1 == m else p + 1))
    if c == f + 1:
        return int(table[U(k), 5] + (p >> table[U(k), 6]))
    return int(here + (m - 1 if p == 0 else p - 1))


@njit(inline="always")
def _open_near(pattern: NDArray[np.uint8], table: NDArray[np.int64], ring: NDArray[np.uint16], i: int,
               bits: int, near: NDArray[np.int64]) -> int:
    """Cell ``i``'s neighbours behind its open slots ``bits`` into ``near``, in its CSR order;
    returns how many. A stencil cell's are found one by one (a hex search took 23 ns a
    cell instead of 33 this way), a theta cell's all at once and then picked."""
    count = int(_COUNT[U(bits)])
    if ring.shape[0] == 0:
        p = pattern[U(i)]
        for c in range(count):
            near[U(c)] = i + table[U(p), U(_NTH[U(bits), U(c)])]
        return count
    _near(pattern, table, ring, i, near)
    for c in range(count):      # _NTH[bits, c] >= c: picking in place is safe
        near[U(c)] = near[U(_NTH[U(bits), U(c)])]
    return count


#: a theta form's row per ring ``k``: its first cell, its cells, each cell's children and
#: their log2, the next ring's first cell, the inner ring's first cell and its shift
_RING_ROW = ("first", "size", "fan", "shift", "next first", "inner first", "inner shift")


_NO_U16 = np.zeros(0, np.uint16)


def cell_form(geometry: Geometry) -> Form | None:
    """The compact form a search walks on ``geometry`` (module docs), or None when it has none.

    A theta geometry walks its ring form; hex, triangle and 3D (also masked) their
    stencil; a weave (its crossings join cells no stencil describes) has neither.
    Kept with the geometry.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> len(cell_form(geometry_of("theta", (3,)))[-1])        # a ring number per cell
    43
    >>> cell_form(geometry_of("weave", (6, 6), seed=1)) is None
    True
    """
    from ..generators.graph_carving import stencil
    from ..generators.ring_form import ring_form
    from ..kinds.geometry import Geometry

    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    if "_cell_form" in geometry.extra:
        kept: Form | None = geometry.extra["_cell_form"]
        return kept
    found: Form | None = None
    rings = ring_form(geometry)
    if rings is not None:
        count = rings.size.shape[0]
        table = np.zeros((count, 9), np.int64)
        table[:, 0], table[:, 1], table[:, 2], table[:, 3] = rings.first[:-1], rings.size, rings.fan, rings.shift
        table[:, 4] = rings.first[1:]
        table[1:, 5], table[1:, 6] = rings.first[:-2], rings.shift[:-1]
        found = (rings.turn, table, _ring_numbers(rings.first))
    else:
        form = stencil(geometry)
        if form is not None and form.degree.max(initial=0) <= 8:
            table = np.zeros((form.degree.shape[0], 9), np.int64)
            table[:, :form.table.shape[1]] = form.table
            table[:, 8] = form.degree
            found = (form.pattern, table, _NO_U16)
    geometry.extra["_cell_form"] = found
    return found


def open_slots(geometry: Geometry, passages: Any) -> NDArray[np.uint8]:
    """One byte per cell of ``geometry``: bit ``s`` set when its CSR slot ``s`` is open in ``passages``.

    Raises
    ------
    MazeError
        Passages that are not one bool per neighbouring pair, or a cell with more than 8 slots.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> g = geometry_of("hex", (3, 1))                 # one row: 0 - 1 - 2
    >>> open_slots(g, np.array([True, False])).tolist()   # cell 1 lists 2 first, then 0
    [1, 2, 0]
    """
    from ..errors import MazeError
    from ..kinds.geometry import Geometry

    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    bits = np.asarray(passages)
    if bits.shape != (geometry.edge_count,) or bits.dtype != np.bool_:
        raise MazeError(f"passages must be {geometry.edge_count} booleans, one per neighbouring pair")
    open_ = np.ascontiguousarray(bits).view(np.uint8)
    if geometry.cells and int(np.diff(geometry.offsets).max()) > 8:
        raise MazeError("open_slots needs at most 8 neighbours a cell")
    out = np.empty(geometry.cells, np.uint8)
    _open_slots(geometry.offsets, geometry.slot_edges, open_, out)
    return out


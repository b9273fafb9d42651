"""A theta maze's graph as arithmetic on rings: the theta kind's answer to a stencil.

A theta cell's neighbours are the cells beside it in its ring, the one cell inward
and one or more outward (:mod:`meiro.kinds.theta`). Where a ring splits, the offset
from a cell to its parent changes along the ring, so the cells fall into no small
set of neighbour patterns (:class:`~meiro.generators.graph_carving.Stencil`): every
ring would be its own pattern, and half its cells another. But the neighbours follow
from a cell's ring ``k`` and position ``p`` by a few sums over small per-ring tables,
and they come round each cell in one cyclic order, the *ring order*::

    outward children (from their ring's lower numbers up), clockwise, inward, counter-clockwise

(the centre has only its ring-1 children). The graph's CSR lists them clockwise from
where page north falls, so the CSR order is the ring order turned by a per-cell
amount, ``turn[i]``: the CSR slot of the ring order's ``q``-th neighbour is
``(q + turn[i]) % degree``. A walk that knows its ``(k, p)`` reads one byte per cell
(the turn) and a few hundred bytes of ring tables instead of about 30 bytes of CSR,
and makes the same choices in the same order, so the same maze.

This is hand-made because it is the theta geometry's own arithmetic; :func:`ring_form`
checks every cell's neighbours against the geometry's CSR once, so a kernel using it
can never disagree with the graph.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..kernels.jit import njit
from ..kinds.geometry import Geometry

#: codes a ring walk's stack holds for the step it took, so that it can step back
#: without storing cells: below CLOCKWISE the child taken (outward); then these two;
#: then INWARD + the position the walk left among its parent's children
CLOCKWISE, COUNTER, INWARD = 64, 65, 128


class RingForm(NamedTuple):
    """A theta geometry's rings as tables (ring ``k`` of ``rings + 1``, the centre ring 0)."""

    #: each ring's first cell number, and one past the last cell (``rings + 2`` numbers)
    first: NDArray[np.int64]
    #: the cells of each ring
    size: NDArray[np.int64]
    #: the children each cell of a ring has in the next ring out (0 on the rim)
    fan: NDArray[np.int64]
    #: ``log2(fan)``, so that a child's parent is a shift away (62 for the centre's six:
    #: every ring-1 cell's parent is position 0, the centre)
    shift: NDArray[np.int64]
    #: per cell: the CSR slot of its first neighbour in the ring order
    turn: NDArray[np.uint8]


@njit(cache=True)
def _find_turns(offsets: NDArray[np.int64], targets: NDArray[np.int32], first: NDArray[np.int64],
                size: NDArray[np.int64], fan: NDArray[np.int64]) -> tuple[NDArray[np.uint8], bool]:
    """Each cell's turn (see the module), and whether every cell's CSR is its ring order turned."""
    n = offsets.shape[0] - 1
    turn = np.zeros(n, np.uint8)
    expect = np.empty(16, np.int64)
    rings = size.shape[0]
    for k in range(rings):
        m = size[k]
        for p in range(m):
            i = first[k] + p
            d = 0
            for c in range(fan[k]):  # outward, from the lower numbers up
                expect[d] = first[k + 1] + p * fan[k] + c
                d += 1
            if k > 0:
                expect[d] = first[k] + (p + 1) % m            # clockwise
                expect[d + 1] = first[k - 1] + p // (m // size[k - 1])   # inward
                expect[d + 2] = first[k] + (p + m - 1) % m    # counter-clockwise
                d += 3
            lo = offsets[i]
            if offsets[i + 1] - lo != d or d == 0 or d > 7:
                return turn, False
            t = -1
            for s in range(d):
                if targets[lo + s] == expect[0]:
                    t = s
            if t < 0:
                return turn, False
            for q in range(d):
                if targets[lo + (q + t) % d] != expect[q]:
                    return turn, False
            turn[i] = t
    return turn, True


def ring_form(geometry: Geometry) -> RingForm | None:
    """The ring form of a theta ``geometry`` (kept with it), or None for any other geometry.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> form = ring_form(geometry_of("theta", (3,)))
    >>> form.size.tolist(), form.fan.tolist()      # the centre has six children; ring 3 is the rim
    ([1, 6, 12, 24], [6, 2, 2, 0])
    >>> ring_form(geometry_of("hex", (3, 3))) is None
    True
    """
    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    if "_ring_form" in geometry.extra:
        kept: RingForm | None = geometry.extra["_ring_form"]
        return kept
    found = None
    if geometry.kind == "theta" and not len(geometry.forced) and "kept" not in geometry.extra:
        from ..kinds.theta import ring_sizes

        size = ring_sizes(int(geometry.params["rings"]))
        first = np.concatenate([[0], np.cumsum(size)]).astype(np.int64)
        fan = np.zeros(size.size, np.int64)
        fan[:-1] = size[1:] // size[:-1]
        shift = np.zeros(size.size, np.int64)
        shift[1:-1] = np.log2(np.maximum(fan[1:-1], 1)).round()
        shift[0] = 62
        # past the centre a ring splits in two or not at all (ring_sizes), which the shifts rely on
        if (first[-1] == geometry.cells and np.all(size[1:] % size[:-1] == 0)
                and np.all(fan[1:-1] == 1 << shift[1:-1]) and fan[0] == size[min(1, size.size - 1)]):
            turn, ok = _find_turns(geometry.offsets, geometry.targets, first, size, fan)
            if ok:
                found = RingForm(first, size, fan, shift, turn)
    geometry.extra["_ring_form"] = found
    return found

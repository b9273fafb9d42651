"""A hex maze's cells in a padded layout: the hex kind's answer to the square grid's cells.

A hex cell's six neighbours (north, north-east, south-east, south, south-west,
north-west: :mod:`meiro.kinds.hexagon`) are at one of two sets of offsets, by its
column's parity. In the *padded layout* cell ``(r, c)`` is at
``(r + 1) * stride + c + 1``, with a frame of padding cells round the maze and an
even ``stride``, so that a cell's column parity is its padded number's (an odd
column's cells are at even numbers). A walk then finds every neighbour of every cell
at ``i + step[i & 1, d]``: no per-cell pattern to read (as a
:class:`~meiro.generators.graph_carving.Stencil` has) and no border case, for the
padding is marked as never to be entered.

The graph's CSR lists a border cell's neighbours in the same clockwise order with the
missing ones left out, so the ``k``-th present direction is its ``k``-th slot: a walk
that picks the ``k``-th of the undug directions picks what the CSR kernels pick.
:func:`hex_form` checks that against the geometry's CSR once, so a kernel using the
form can never disagree with the graph.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..kernels.index import U
from ..kernels.jit import njit
from ..kinds.geometry import Geometry
from .graph_carving import _COUNT, _NTH

#: a padded layout's mark bits: the cell is dug (or never to be), and the cell is padding
SEEN, PADDING = 0x80, 0x40


class HexForm(NamedTuple):
    """A hex geometry's padded layout (see the module)."""

    width: int
    height: int
    #: padded cells in a row (even: at least ``width + 2``)
    stride: int
    #: ``step[i & 1, d]``: from padded cell ``i`` to its neighbour in direction ``d`` (0 north,
    #: then clockwise)
    step: NDArray[np.int64]


def _steps(stride: int) -> NDArray[np.int64]:
    """The padded offsets of the six directions, by padded-number parity (row 0: even numbers,
    which are odd columns; row 1: odd numbers, even columns).

    Examples
    --------
    >>> _steps(8).tolist()
    [[-8, 1, 9, 8, 7, -1], [-8, -7, 1, 8, -1, -9]]
    """
    even_column = np.array([-stride, 1 - stride, 1, stride, -1, -1 - stride], np.int64)
    odd_column = even_column + np.array([0, stride, stride, 0, stride, stride], np.int64)
    return np.stack([odd_column, even_column])


def _padded_index(form: HexForm, cells: NDArray[np.int64] | int) -> NDArray[np.int64] | int:
    """The padded numbers of cell numbers ``cells``."""
    r, c = np.divmod(cells, form.width)
    return (r + 1) * form.stride + c + 1


def _padded_marks(form: HexForm) -> NDArray[np.uint8]:
    """A fresh marks array of the padded layout: 0 on the cells, ``SEEN | PADDING`` on the frame."""
    marks = np.full((form.height + 2, form.stride), SEEN | PADDING, np.uint8)
    marks[1:-1, 1:form.width + 1] = 0
    return marks.reshape(-1)


def hex_form(geometry: Geometry) -> HexForm | None:
    """The padded layout of a whole hex ``geometry`` (kept with it), or None for any other.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> form = hex_form(geometry_of("hex", (5, 3)))
    >>> form.width, form.height, form.stride
    (5, 3, 8)
    >>> hex_form(geometry_of("triangle", (4, 3))) is None
    True
    """
    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    # (a shape's cells are a subset, numbered anew: its extra may hold the whole maze's form)
    if geometry.kind != "hex" or len(geometry.forced) or "kept" in geometry.extra:
        return None
    if "_hex_form" in geometry.extra:
        kept: HexForm | None = geometry.extra["_hex_form"]
        return kept
    width, height = int(geometry.params["width"]), int(geometry.params["height"])
    found = None
    if width * height == geometry.cells and geometry.cells:
        stride = width + 2 + width % 2
        form = HexForm(width, height, stride, _steps(stride))
        if _matches_csr(form, geometry):
            found = form
    geometry.extra["_hex_form"] = found
    return found


def _matches_csr(form: HexForm, geometry: Geometry) -> bool:
    """Whether every cell's CSR neighbours are its present directions' cells, in direction order."""
    return bool(_check_layout(form.width, form.height, form.stride, form.step, _padded_marks(form),
                              geometry.offsets, geometry.targets))


@njit(cache=True)
def _check_layout(width: int, height: int, stride: int, step: NDArray[np.int64], marks: NDArray[np.uint8],
                  offsets: NDArray[np.int64], targets: NDArray[np.int32]) -> bool:
    """:func:`_matches_csr` in one compiled pass (a padded neighbour ``j`` is cell
    ``(j // stride - 1) * width + j % stride - 1``)."""
    for r in range(height):
        for c in range(width):
            i = (r + 1) * stride + c + 1
            s = offsets[r * width + c]
            for d in range(6):
                j = i + step[i & 1, d]
                if marks[j] & PADDING:
                    continue
                if s >= offsets[r * width + c + 1] or targets[s] != (j // stride - 1) * width + j % stride - 1:
                    return False
                s += 1
            if s != offsets[r * width + c + 1]:
                return False
    return True


@njit(cache=True)
def _open_hex_marks(width: int, height: int, stride: int, step: NDArray[np.int64], offsets: NDArray[np.int64],
                    slot_edges: NDArray[np.int32], marks: NDArray[np.uint8], passages: NDArray[np.uint8]) -> None:
    """Open the passages padded ``marks`` name (bit ``d``: the cell opened direction ``d``), in one
    streaming pass: inside the outer rows and columns a direction is a CSR slot, on them its
    place among the directions present."""
    for r in range(height):
        for c in range(width):
            i = (r + 1) * stride + c + 1
            bits = marks[U(i)] & 0x3F
            if bits == 0:
                continue
            lo = offsets[U(r * width + c)]
            if 0 < r < height - 1 and 0 < c < width - 1:
                for k in range(_COUNT[U(bits)]):
                    passages[U(slot_edges[U(lo + _NTH[U(bits), U(k)])])] = 1
                continue
            present = 0
            for d in range(6):
                present |= (((marks[U(i + step[i & 1, d])] >> 6) & 1) ^ 1) << d
            for k in range(_COUNT[U(bits)]):
                d = _NTH[U(bits), U(k)]
                passages[U(slot_edges[U(lo + _COUNT[U(present & ((1 << d) - 1))])])] = 1

"""Which part of a maze a front end shows, and at which zoom: one rule for every front end.

A maze larger than the window is shown in part. :class:`Viewport` keeps, in
blocks, the window's span and its top-left corner, recentres on the player
when the player comes within a quarter of the span of an edge (it jumps
rather than scrolling every step: fewer redraws, and over a slow link fewer
bytes), and keeps the zoom level that +, - and z change. What a zoom level
means — pixels per block in a window, character cells per block in a
terminal — is the front end's :class:`Lens`.

Examples
--------
>>> v = Viewport(101, 101, cells=True)
>>> v.resize(20, 30)
>>> v.follow((1, 1)), v.origin
(False, (0, 0))
>>> v.follow((1, 27)), v.origin
(True, (0, 12))
>>> small = Viewport(11, 11, cells=True)
>>> small.resize(20, 30)
>>> small.origin, small.offset
((0, 0), (0, 9))
"""

from __future__ import annotations

import math
from typing import Any, Protocol, overload

import numpy as np
from numpy.typing import NDArray

#: The part of the span kept between the player and the window's edge.
MARGIN = 0.25


class Lens(Protocol):
    """What a zoom level means to a front end."""

    def span(self, zoom: int) -> tuple[float, float]:
        """Blocks (rows, cols) the window shows at ``zoom``."""
        ...

    def zooms(self) -> tuple[int, int]:
        """The lowest and the highest zoom + and - reach."""
        ...

    def whole(self) -> int:
        """The zoom z picks: the largest that shows the whole maze."""
        ...


class Viewport:
    """The blocks of a ``rows x cols`` grid that a window shows.

    Parameters
    ----------
    rows, cols : int
        The grid's shape in blocks.
    lens : Lens, optional
        The front end's zoom levels; without one the span is set with :meth:`resize`.
    cells : bool
        A window of character cells: whole blocks only, and a grid shorter than
        the window stays at its top (a window of pixels centres it both ways).

    Attributes
    ----------
    span : (float, float)
        Blocks (rows, cols) the window shows.
    corner : (float, float)
        The block coordinates at the window's top-left corner; negative along a
        side where the grid is smaller than the window and is centred.
    zoom : int
        The zoom level (0: the front end's default).
    """

    def __init__(self, rows: int, cols: int, lens: Lens | None = None, *, cells: bool = False) -> None:
        self.shape = (rows, cols)
        self.lens = lens
        self.cells = cells
        self.zoom = 0
        self.span = (1.0, 1.0)
        self.corner = (0.0, 0.0)
        if lens is not None:
            self.resize(*lens.span(0))

    # -- size and zoom -------------------------------------------------------------------
    def resize(self, span_rows: float, span_cols: float,
               focus: tuple[int, int] | None = None) -> None:
        """Show ``span_rows x span_cols`` blocks, around ``focus`` (default: the grid's top
        left for cells, its middle for pixels)."""
        if self.cells:
            span_rows, span_cols = max(1, int(span_rows)), max(1, int(span_cols))
        self.span = (max(1e-9, float(span_rows)), max(1e-9, float(span_cols)))
        self.place(focus)

    def refit(self, focus: tuple[int, int] | None = None) -> None:
        """The window changed size: take the lens's span for the current zoom."""
        if self.lens is not None:
            self.resize(*self.lens.span(self.zoom), focus)

    def set_zoom(self, step: int, focus: tuple[int, int] | None = None) -> bool:
        """+ (``step`` > 0), - (< 0) or z (0: the whole maze); True if the span changed.

        + and - move within :meth:`Lens.zooms` (from z's level when that is below them);
        z may go lower, to a level only the whole-maze view uses.
        """
        if self.lens is None:
            raise ValueError("a viewport without a lens has no zoom levels")
        low, high = self.lens.zooms()
        if step == 0:
            zoom = self.lens.whole()
        else:
            zoom = min(high, max(low, max(self.zoom, low) + step))
        before = self.span
        self.zoom = zoom
        self.resize(*self.lens.span(zoom), focus)
        return self.span != before

    # -- position ------------------------------------------------------------------------
    def place(self, focus: tuple[int, int] | None = None) -> None:
        """Put ``focus`` (a block) in the middle of the window, as far as the grid allows."""
        corner = []
        for axis in (0, 1):
            if focus is not None:
                start = focus[axis] + 0.5 - self.span[axis] / 2
            else:
                start = 0.0 if self.cells else (self.shape[axis] - self.span[axis]) / 2
            corner.append(self._clamp(axis, start))
        self.corner = (corner[0], corner[1])

    def _clamp(self, axis: int, start: float) -> float:
        total, span = self.shape[axis], self.span[axis]
        if not self._scrolls(axis):  # the whole side fits
            if self.cells:
                return 0.0 if axis == 0 else -float((int(span) - total) // 2)
            return (total - span) / 2
        start = min(max(0.0, start), total - span)
        return float(math.floor(start)) if self.cells else start

    def _scrolls(self, axis: int) -> bool:
        total, span = self.shape[axis], self.span[axis]
        return total - span > 1e-9 * max(1, total)

    @property
    def scrolls(self) -> bool:
        """Whether the grid is larger than the window (then the view follows the player)."""
        return self._scrolls(0) or self._scrolls(1)

    def follow(self, pos: tuple[int, int], margin: float = MARGIN) -> bool:
        """Recentre along each side where ``pos`` is within ``margin`` of the span of the
        window's edge; True if the view moved."""
        corner = list(self.corner)
        for axis in (0, 1):
            if not self._scrolls(axis):
                continue
            span, start = self.span[axis], corner[axis]
            keep = math.floor(span * margin) if self.cells else span * margin
            p = pos[axis]
            if p < start + keep or p + 1 > start + span - keep:
                corner[axis] = self._clamp(axis, p + 0.5 - span / 2)
        moved = tuple(corner) != self.corner
        self.corner = (corner[0], corner[1])
        return moved

    # -- in whole blocks (character cells) --------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The span in whole blocks."""
        return (max(1, int(self.span[0])), max(1, int(self.span[1])))

    @property
    def origin(self) -> tuple[int, int]:
        """The first block shown (row, col)."""
        return (max(0, math.floor(self.corner[0])), max(0, math.floor(self.corner[1])))

    @origin.setter
    def origin(self, value: tuple[int, int]) -> None:
        self.corner = (float(value[0]), float(value[1]))

    @property
    def offset(self) -> tuple[int, int]:
        """Blocks of the window before the grid starts (a centred grid's margin)."""
        return (max(0, -math.floor(self.corner[0])), max(0, -math.floor(self.corner[1])))

    @overload
    def visible(self, rows: int, cols: int) -> bool: ...

    @overload
    def visible(self, rows: NDArray[np.integer[Any]],
                cols: NDArray[np.integer[Any]]) -> NDArray[np.bool_]: ...

    def visible(self, rows: int | NDArray[np.integer[Any]],
                cols: int | NDArray[np.integer[Any]]) -> bool | NDArray[np.bool_]:
        """Mask of the blocks at ``rows, cols`` (arrays, or one block's row and column) that
        are inside the window."""
        (r0, c0), (vr, vc) = self.origin, self.size
        return (rows >= r0) & (rows < r0 + vr) & (cols >= c0) & (cols < c0 + vc)

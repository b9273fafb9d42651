"""Where the terminal game draws: the header lines, and which blocks a view shows.

Shared by the game view (:mod:`meiro.ui.terminal_app`) and the search view
(:mod:`meiro.ui.terminal_search`).
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

#: Header lines above the maze: counters, message.
HEADER = 2


class Viewport:
    """Which blocks of a ``rows x cols`` grid a ``view_rows x view_cols`` window shows.

    A maze that fits is centred across; a larger one is shown from ``origin`` and
    recentred on the player when the player comes within a quarter of the
    view of its edge (jumps rather than scrolling every step: fewer redraws
    over a slow link).

    Examples
    --------
    >>> v = Viewport(101, 101, 20, 30)
    >>> v.follow((1, 1)), v.origin
    (False, (0, 0))
    >>> v.follow((1, 27)), v.origin
    (True, (0, 12))
    >>> Viewport(11, 11, 20, 30).offset
    (0, 9)
    """

    def __init__(self, rows: int, cols: int, view_rows: int, view_cols: int) -> None:
        self.shape = (rows, cols)
        self.resize(view_rows, view_cols)

    def resize(self, view_rows: int, view_cols: int) -> None:
        self.size = (max(1, view_rows), max(1, view_cols))
        self.origin = (0, 0)
        # a grid narrower than the window is centred; it stays just below the header
        self.offset = (0, max(0, (self.size[1] - self.shape[1]) // 2))

    def follow(self, pos: tuple[int, int]) -> bool:
        """Move the origin so ``pos`` is comfortably in view; True if it moved."""
        origin: list[int] = []
        for p, o, n, v in zip(pos, self.origin, self.shape, self.size):
            if n > v:
                margin = v // 4
                if p < o + margin or p >= o + v - margin:
                    o = min(max(0, p - v // 2), n - v)
            else:
                o = 0
            origin.append(o)
        moved = tuple(origin) != self.origin
        self.origin = (origin[0], origin[1])
        return moved

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

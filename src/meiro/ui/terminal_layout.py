"""Where the terminal game draws: the header lines, and which blocks a view shows.

Shared by the game view (:mod:`meiro.ui.terminal_app`) and the search view
(:mod:`meiro.ui.terminal_search`). Which blocks a view shows is decided by the
game's one viewport rule (:class:`meiro.game.viewport.Viewport`), counted in
whole character cells.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.viewport import Viewport
from .terminal_style import SCALES, Scale

#: Header lines above the maze: counters, message.
HEADER = 2


def cell_viewport(rows: int, cols: int, view_rows: int, view_cols: int) -> Viewport:
    """A viewport of a ``rows x cols`` grid in a ``view_rows x view_cols`` window of
    character cells: a narrower grid is centred, a shorter one stays just below the header.

    Examples
    --------
    >>> v = cell_viewport(101, 101, 20, 30)
    >>> v.follow((1, 27)), v.origin
    (True, (0, 12))
    >>> cell_viewport(11, 11, 20, 30).offset
    (0, 9)
    """
    view = Viewport(rows, cols, cells=True)
    view.resize(view_rows, view_cols)
    return view


class CellLens:
    """The terminal's zoom levels as a lens on a viewport of a ``shape`` grid: zoom 0 is
    :data:`~meiro.ui.terminal_style.WIDE`, each step down the next smaller scale (the map
    needs half blocks: ``utf8``), and below the smallest, z's overview of a maze too big
    for it, several blocks to a character. ``room()`` gives the lines and columns for the maze.

    Examples
    --------
    >>> lens = CellLens((25, 61), lambda: (28, 100), utf8=True)   # 61 blocks across
    >>> lens.zooms(), lens.whole(), lens.scale_at(lens.whole()).name
    ((-2, 0), -1, 'narrow')
    >>> big = CellLens((401, 601), lambda: (38, 100), utf8=True)
    >>> big.whole(), big.shrink_at(big.whole()), big.span(big.whole())
    (-3, 7, (532, 700))
    """

    def __init__(self, shape: tuple[int, int], room: Callable[[], tuple[int, int]],
                 utf8: bool) -> None:
        self.shape = shape
        self.room = room
        self.scales = SCALES if utf8 else SCALES[1:]

    def zooms(self) -> tuple[int, int]:
        return 1 - len(self.scales), 0

    def zoom_of(self, scale: Scale) -> int:
        return self.scales.index(scale) - (len(self.scales) - 1)

    def scale_at(self, zoom: int) -> Scale:
        return self.scales[max(0, len(self.scales) - 1 + zoom)]

    def shrink_at(self, zoom: int) -> int:
        """How many blocks a side z's overview puts in one character (1: real blocks)."""
        if zoom >= self.zooms()[0]:
            return 1
        room = self.scales[0].view_size(*self.room())
        return max(1, *(-(-n // v) for n, v in zip(self.shape, room)))

    def span(self, zoom: int) -> tuple[int, int]:
        rows, cols = self.scale_at(zoom).view_size(*self.room())
        shrink = self.shrink_at(zoom)
        return rows * shrink, cols * shrink

    def whole(self) -> int:
        low = self.zooms()[0]
        for zoom in range(0, low - 1, -1):  # the largest blocks first
            if all(n <= v for n, v in zip(self.shape, self.scale_at(zoom).view_size(*self.room()))):
                return zoom
        return low - 1  # not even the smallest: the overview


__all__ = ["HEADER", "CellLens", "Viewport", "cell_viewport"]

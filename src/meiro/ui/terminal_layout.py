"""Where the terminal game draws: the header lines, and which blocks a view shows.

Shared by the game view (:mod:`meiro.ui.terminal_app`) and the search view
(:mod:`meiro.ui.terminal_search`). Which blocks a view shows is decided by the
game's one viewport rule (:class:`meiro.game.viewport.Viewport`), counted in
whole character cells.
"""

from __future__ import annotations

from ..game.viewport import Viewport

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


__all__ = ["HEADER", "Viewport", "cell_viewport"]

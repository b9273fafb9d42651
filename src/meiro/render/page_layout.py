"""How many mazes a printed page holds: shared by the PDF sheet (:mod:`meiro.render.pdf`),
its cost (:func:`meiro.render.pdf.pdf_needs`) and the command line's checks."""

from __future__ import annotations

from ..errors import MazeError, whole


def mazes_per_page(side: int, per_page: int | None = None) -> int:
    """``per_page`` checked, or by default how many mazes of ``side`` cells (their longer
    side) fit a page: 6 up to 25 cells, fewer for bigger ones so that corridors stay
    wide enough to draw in with a pencil.

    Examples
    --------
    >>> mazes_per_page(20), mazes_per_page(50), mazes_per_page(200), mazes_per_page(200, 3)
    (6, 2, 1, 3)
    >>> mazes_per_page(20, 0)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: mazes per page must be a whole number from 1 to 30, got 0
    """
    if per_page is None:
        return 6 if side <= 25 else 4 if side <= 40 else 2 if side <= 70 else 1
    return whole(per_page, "mazes per page", 1, 30, error=MazeError)

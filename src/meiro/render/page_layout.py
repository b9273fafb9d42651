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


MM = 72 / 25.4
#: Named paper sizes in points, portrait: A4, JIS B5 (182 x 257 mm, the Japanese school
#: size), A5 and US Letter.
PAPERS = {"a4": (595.28, 841.89), "b5": (515.91, 728.50), "a5": (419.53, 595.28), "letter": (612.0, 792.0)}
#: Points in each unit a trim size or a bleed may be given in.
UNITS = {"in": 72.0, "mm": MM, "cm": 10 * MM, "pt": 1.0}
#: The smallest trim size (points): a pocket book of 90 x 120 mm still holds a maze and its words.
LEAST_TRIM = (90 * MM, 120 * MM)
#: The widest bleed (points): print shops ask for 3 mm or 0.125 in.
MOST_BLEED = 0.5 * 72


def length(text: str, what: str) -> float:
    """A length such as ``0.125in``, ``3mm`` or ``9pt`` in points.

    Examples
    --------
    >>> length("0.125in", "bleed"), round(length("3mm", "bleed"), 2)
    (9.0, 8.5)
    >>> length("3", "bleed")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: bleed must be a length with its unit (in, mm, cm or pt), e.g. 0.125in or 3mm; got '3'
    """
    text = text.strip().lower()
    for unit, points in UNITS.items():
        if text.endswith(unit):
            try:
                value = float(text[:-len(unit)])
            except ValueError:
                break
            if 0 <= value < float("inf"):
                return value * points
            break
    raise MazeError(f"{what} must be a length with its unit (in, mm, cm or pt), e.g. 0.125in or 3mm; "
                    f"got {text!r}")


def paper_size(paper: str) -> tuple[float, float]:
    """A paper's size in points: a named one (:data:`PAPERS`) or a trim size such as
    ``8.5x11in``, ``6x9in`` or ``210x297mm``.

    Examples
    --------
    >>> paper_size("b5"), paper_size("8.5x11in"), paper_size("6x9in")
    ((515.91, 728.5), (612.0, 792.0), (432.0, 648.0))
    >>> [round(v, 2) for v in paper_size("210x297mm")]
    [595.28, 841.89]
    >>> paper_size("2x3in")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 2x3in page is too small to print mazes on: at least 90x120 mm
    >>> paper_size("a3")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown paper 'a3'; choose one of: a4, b5, a5, letter, or a trim size such as 8.5x11in, 6x9in or 210x297mm
    """
    name = paper.strip().lower()
    if name in PAPERS:
        return PAPERS[name]
    for unit, points in UNITS.items():
        if name.endswith(unit) and "x" in name:
            w, _, h = name[:-len(unit)].partition("x")
            try:
                width, height = float(w) * points, float(h) * points
            except ValueError:
                break
            if not (width >= LEAST_TRIM[0] - 1e-6 and height >= LEAST_TRIM[1] - 1e-6):
                if width > 0 and height > 0 and width < 1e6 and height < 1e6:
                    raise MazeError(f"a {paper} page is too small to print mazes on: at least "
                                    f"{LEAST_TRIM[0] / MM:.0f}x{LEAST_TRIM[1] / MM:.0f} mm")
                break
            if width > 5000 or height > 5000:
                raise MazeError(f"a {paper} page is larger than a printer's: at most 5000 points a side")
            return round(width, 2), round(height, 2)
    raise MazeError(f"unknown paper {paper!r}; choose one of: {', '.join(PAPERS)}, or a trim size "
                    f"such as 8.5x11in, 6x9in or 210x297mm")


def check_bleed(bleed: str | float, paper: str) -> float:
    """The bleed in points (``0.125in``, ``3mm`` or a number of points), checked against the
    page: at most :data:`MOST_BLEED`.

    Examples
    --------
    >>> check_bleed("0.125in", "letter"), check_bleed(0, "a4")
    (9.0, 0.0)
    >>> check_bleed("2in", "6x9in")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a bleed of 2in is too large for a 6x9in page: at most 0.5in (print shops ask for 0.125in or 3mm)
    """
    paper_size(paper)
    points = length(bleed, "bleed") if isinstance(bleed, str) else float(bleed)
    if not 0 <= points <= MOST_BLEED:
        raise MazeError(f"a bleed of {bleed} is too large for a {paper} page: at most 0.5in (print "
                        f"shops ask for 0.125in or 3mm)")
    return points

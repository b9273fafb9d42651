"""A maze booklet to print: a cover, the mazes from easy to hard, then the answers.

Printed with meiro's PDF writer (:mod:`meiro.render.pdf`) and, for Japanese or
any non-ASCII text, an embedded font subset (:mod:`meiro.render.pdf_font`).

The page, for two-sided printing: odd pages (right-hand, "recto") have the
wider binding margin on the left, even pages on the right, so the mazes stay
clear of the staples or the fold on both sides of a sheet. The cover is page 1
and carries no number; the answers start on an odd page (a blank page is put
before them when needed), so the answer sheets can be taken out without
taking a maze with them. Papers: A4, JIS B5 (182 x 257 mm, the Japanese school
size; ISO B5 is 176 x 250 mm), A5 (an A4 sheet folded once) and US Letter.

Legibility: a cell is at least :data:`MIN_CELL` points (2.5 mm) wide, room for
a child's pencil line; a size that does not fit is refused with the largest
that does. Walls are drawn along the cells that belong to the maze only, so a
maze carved in a shape (a heart, 迷) shows the shape's outline, not the
rectangle's grid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING
from collections.abc import Callable, Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .booklet import BookMaze
from ..errors import MazeError, NoPathError, whole
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .geometry import Segments
from .kind_booklet import kind_note
from .pdf_kinds import LAYER_LABEL, answer_path, draw_kind_maze, drawing_size, kind_frame, narrowest
from .palette import Palette
from .pdf import PdfCanvas, draw_lattice_walls, draw_marks
from .print_text import check_language, word

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry
    from .pdf_font import PdfFont

from .page_layout import MM, PAPERS as PAPERS, paper_size  # the papers, named here too

#: Margins in points: the binding side, the outer side, top and bottom.
INNER, OUTER, TOP, BOTTOM = 20 * MM, 12 * MM, 12 * MM, 12 * MM
#: Room for the page's heading, its number, and a maze's label above it, in points.
HEADER, FOOTER, LABEL = 26.0, 18.0, 18.0
#: Space around a maze inside its slot, in points.
PAD = 8.0
#: The narrowest cell printed, in points (2.5 mm).
MIN_CELL = 2.5 * MM
#: The shade of the parts of a shaped maze's rectangle outside the shape (a light grey that
#: prints on any printer and is never taken for a passage).
OUTSIDE = (216, 216, 216)
#: Most mazes on one page.
MAX_PER_PAGE = 12
#: Type sizes: the cover's title, and the most lines it may take.
COVER_TITLE, COVER_LINES = 30.0, 3
#: Answer keys a page by default, and at most; the narrowest cell of a key, in points (1.2 mm:
#: a key is read, not drawn in).
KEYS_PER_PAGE, MAX_KEYS = 6, 9
MIN_KEY_CELL = 1.2 * MM
#: The start and goal's names beside a maze: type size and the room kept for them.
MARK_TEXT, MARK_ROOM = 10.0, 11.0


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, from its top-left corner, in points."""

    x: float
    y: float
    w: float
    h: float


def check_paper(paper: str) -> tuple[float, float]:
    """The paper's (trimmed page's) size in points: a4, b5, a5, letter or a trim size
    (:func:`meiro.render.page_layout.paper_size`).

    Examples
    --------
    >>> check_paper("b5"), check_paper("6x9in")
    ((515.91, 728.5), (432.0, 648.0))
    """
    return paper_size(paper)


def check_per_page(per_page: object) -> int:
    """Mazes a page, checked.

    Examples
    --------
    >>> check_per_page(13)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: mazes per page must be a whole number from 1 to 12, got 13
    """
    return whole(per_page, "mazes per page", 1, MAX_PER_PAGE, error=MazeError)


def content_box(paper: str, page: int) -> Box:
    """The part of page ``page`` (1 = the cover) inside the margins: the binding margin
    is on the left of odd pages and on the right of even ones.

    Examples
    --------
    >>> odd, even = content_box("a4", 1), content_box("a4", 2)
    >>> round(odd.x - even.x, 2) == round(INNER - OUTER, 2), odd.w == even.w
    (True, True)
    """
    width, height = check_paper(paper)
    left = INNER if page % 2 == 1 else OUTER
    return Box(left, TOP, width - INNER - OUTER, height - TOP - BOTTOM)


def slots(paper: str, per_page: int, page: int) -> list[Box]:
    """Where the mazes of a page go: a grid of equal slots below the heading, with the
    number of columns that makes square mazes largest."""
    area = content_box(paper, page)
    top, height = area.y + HEADER, area.h - HEADER - FOOTER
    best: tuple[float, int, int] | None = None
    for cols in range(1, per_page + 1):
        rows = math.ceil(per_page / cols)
        side = min(area.w / cols - 2 * PAD, height / rows - LABEL - 2 * PAD)
        if best is None or side > best[0] + 1e-9:
            best = (side, cols, rows)
    if best is None:
        raise MazeError(f"mazes per page must be at least 1, got {per_page}")
    _, cols, rows = best
    w, h = area.w / cols, height / rows
    return [Box(area.x + c * w, top + r * h, w, h) for r in range(rows) for c in range(cols)][:per_page]


def maze_frame(shape: tuple[int, int], slot: Box) -> tuple[float, float, float]:
    """``(left, top, unit)``: block ``(r, c)`` of a lattice grid of ``shape`` blocks is at
    ``(left + c * unit, top + r * unit)`` (cell borders on even blocks, a cell is
    ``2 * unit`` wide), centred in the slot below its label."""
    rows, cols = shape
    span_x, span_y = cols - 1, rows - 1
    high = slot.h - LABEL - 2 * PAD - MARK_ROOM  # a line under the maze names a goal there
    unit = min((slot.w - 2 * PAD) / span_x, high / span_y)
    left = slot.x + (slot.w - unit * span_x) / 2
    top = slot.y + LABEL + PAD + (high - unit * span_y) / 2
    return left, top, unit


def largest_legible(paper: str, per_page: int) -> tuple[int, int]:
    """The largest maze (width, height in cells) whose cells stay :data:`MIN_CELL` wide
    with ``per_page`` mazes on a page of ``paper``.

    Examples
    --------
    >>> largest_legible("a4", 1)
    (68, 96)
    """
    slot = slots(paper, check_per_page(per_page), 3)[0]
    return (int((slot.w - 2 * PAD) // MIN_CELL), int((slot.h - LABEL - 2 * PAD - MARK_ROOM) // MIN_CELL))


def check_legible(width: int, height: int, paper: str, per_page: int) -> None:
    """Refuse a size whose cells would print narrower than :data:`MIN_CELL`, naming the largest.

    Examples
    --------
    >>> check_legible(100, 100, "a4", 1)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 100x100 maze is too large to stay legible on a4 paper with 1 a page: at most 68x96 cells (cells at least 2.5 mm wide); choose a smaller --size, fewer --per-page or a larger paper
    """
    most_w, most_h = largest_legible(paper, per_page)
    if width > most_w or height > most_h:
        raise MazeError(f"a {width}x{height} maze is too large to stay legible on {paper} paper with "
                        f"{per_page} a page: at most {most_w}x{most_h} cells (cells at least "
                        f"{MIN_CELL / MM:.1f} mm wide); choose a smaller --size, fewer --per-page or "
                        f"a larger paper")


def kind_box(slot: Box) -> Box:
    """The part of a slot a grid kind's drawing fits in (below the maze's label, as
    :func:`maze_frame` puts a square maze)."""
    return Box(slot.x + PAD, slot.y + LABEL + PAD, slot.w - 2 * PAD, slot.h - LABEL - 2 * PAD)


def kind_fits(geometry: Geometry, paper: str, per_page: int) -> bool:
    """Whether a grid kind's maze of ``geometry`` prints with its narrowest passage at least
    :data:`MIN_CELL` wide with ``per_page`` mazes on a page of ``paper``."""
    box = kind_box(slots(paper, check_per_page(per_page), 3)[0])
    unit = kind_frame(geometry, box.x, box.y, box.w, box.h).unit
    return unit * narrowest(geometry) >= MIN_CELL - 1e-9


def check_kind_legible(kind: str, size: tuple[int, ...], paper: str, per_page: int) -> None:
    """Refuse a grid kind's size whose narrowest passage would print narrower than
    :data:`MIN_CELL`, naming the largest of the kind's booklet sizes that fits.

    Examples
    --------
    >>> check_kind_legible("theta", (40,), "a4", 2)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a theta maze of 40 rings is too large to stay legible on a4 paper with 2 a page: at most 18 rings (passages at least 2.5 mm wide); choose a smaller --size, fewer --per-page or a larger paper
    """
    from ..kinds import geometry_of
    from .kind_booklet import kind_size, size_text

    if kind_fits(geometry_of(kind, size, 0), paper, per_page):
        return
    side, best = 1, None
    while side < 1000:
        candidate = kind_size(kind, side, "hard")
        if not kind_fits(geometry_of(kind, candidate, 0), paper, per_page):
            break
        best, side = candidate, side + 1
    most = f"at most {size_text(kind, best, 'en')}" if best else "no size fits"
    shown = size_text(kind, size, "en")
    raise MazeError(f"a {kind} maze of {shown} is too large to stay legible on {paper} paper with "
                    f"{per_page} a page: {most} (passages at least {MIN_CELL / MM:.1f} mm wide); "
                    f"choose a smaller --size, fewer --per-page or a larger paper")


def _runs(lines: NDArray[np.bool_], least: int = 2) -> list[tuple[int, int, int]]:
    """The runs of True at least ``least`` long in each row of ``lines``, as (row, first, last),
    row by row and left to right: found for all rows at once (a booklet draws hundreds of rows).

    Examples
    --------
    >>> lines = np.array([[1, 1, 0, 1], [0, 1, 1, 1]], bool)
    >>> _runs(lines), _runs(lines, least=1)
    ([(0, 0, 1), (1, 1, 3)], [(0, 0, 1), (0, 3, 3), (1, 1, 3)])
    """
    padded = np.zeros((lines.shape[0], lines.shape[1] + 2), np.int8)
    padded[:, 1:-1] = lines
    steps = np.diff(padded, axis=1)
    rows, firsts = np.nonzero(steps == 1)  # row-major: each row's runs in order, as their ends
    _, ends = np.nonzero(steps == -1)
    long = ends - firsts >= least
    return list(zip(rows[long].tolist(), firsts[long].tolist(), (ends[long] - 1).tolist()))


def drawn_walls(grid: NDArray[np.bool_]) -> Segments:
    """The walls to draw, as merged segments in half-cell units, ``(horizontal, vertical)``
    like :func:`meiro.render.geometry.wall_segments`: every wall beside at least one
    cell of the maze. Walls between two cells outside a shaped maze are left out.

    Examples
    --------
    >>> import meiro
    >>> drawn_walls(meiro.generate(2, 1, seed=0).grid)
    ([(0, 0, 4), (2, 0, 4)], [(0, 0, 2), (4, 0, 2)])
    """
    rows, cols = grid.shape
    if not grid[::2, ::2].all():
        raise MazeError("a booklet prints lattice mazes (walls between cells), as meiro makes them")
    cells = ~grid[1::2, 1::2]  # the cells that belong to the maze
    drawn = np.zeros_like(grid)
    # a horizontal wall slot (even row, odd column) lies between the cells above and below it
    above = np.zeros((rows // 2 + 1, cols // 2), bool)
    above[1:] = cells
    below = np.zeros_like(above)
    below[:-1] = cells
    drawn[::2, 1::2] = grid[::2, 1::2] & (above | below)
    left = np.zeros((rows // 2, cols // 2 + 1), bool)
    left[:, 1:] = cells
    right = np.zeros_like(left)
    right[:, :-1] = cells
    drawn[1::2, ::2] = grid[1::2, ::2] & (left | right)
    # a post is drawn where a drawn wall meets it, so that segments join
    post = np.zeros((rows // 2 + 1, cols // 2 + 1), bool)
    h = drawn[::2, 1::2]
    post[:, :-1] |= h
    post[:, 1:] |= h
    v = drawn[1::2, ::2]
    post[:-1] |= v
    post[1:] |= v
    drawn[::2, ::2] = post
    horizontal = [(2 * y, a, b) for y, a, b in _runs(drawn[::2])]
    vertical = [(2 * x, a, b) for x, a, b in _runs(drawn[:, ::2].T)]
    return horizontal, vertical


def draw_maze(pdf: PdfCanvas, maze: Maze, frame: tuple[float, float, float], palette: Palette,
              path: ArrayLike | None = None) -> None:
    """One maze at ``frame`` (:func:`maze_frame`): the answer ``path`` under the walls,
    the start (a disc) and the goal (a triangle) marked."""
    left, top, unit = frame

    def at(r: int, c: int) -> tuple[float, float]:
        return left + c * unit, top + r * unit

    outside = maze.grid[1::2, 1::2]  # cells a shape leaves out: shaded, never white rooms
    if outside.any():
        pdf.fill_color(OUTSIDE)
        for row, a, b in _runs(outside, least=1):
            pdf.rect(left + 2 * a * unit, top + 2 * row * unit, 2 * (b - a + 1) * unit, 2 * unit)
    draw_marks(pdf, maze, at, unit, palette, path)
    draw_lattice_walls(pdf, left, top, unit, drawn_walls(maze.grid), max(0.6, min(1.6, unit * 0.25)))


def wrap(text: str, fits: Callable[[str], bool]) -> list[str]:
    """``text`` broken into lines that each ``fits(line)``: between words, and between any
    two characters of Japanese (which has no spaces); a word too long for a line is
    broken too.

    Examples
    --------
    >>> wrap("one two three", lambda s: len(s) <= 7)
    ['one two', 'three']
    >>> wrap("めいろあそび", lambda s: len(s) <= 4)
    ['めいろあ', 'そび']
    """
    tokens: list[str] = []
    word_ = ""
    for c in text:
        if c == " " or ord(c) > 0x2E7F:  # a space, or a CJK character: a place to break
            if word_:
                tokens.append(word_)
            tokens.append(c)
            word_ = ""
        else:
            word_ += c
    if word_:
        tokens.append(word_)
    lines: list[str] = []
    line = ""
    for token in tokens:
        candidate = line + token
        if fits(candidate.strip()) or not line.strip():
            if not fits(candidate.strip()):  # one word longer than a line: cut it
                for c in token:
                    if line and not fits((line + c).strip()):
                        lines.append(line.strip())
                        line = ""
                    line += c
                continue
            line = candidate
        else:
            lines.append(line.strip())
            line = token.lstrip()
    if line.strip():
        lines.append(line.strip())
    return lines


def cover_title_lines(pdf: PdfCanvas, title: str, width: float) -> list[str]:
    """The title wrapped to the cover's width; refused when it takes more than
    :data:`COVER_LINES` lines."""
    if not title.strip():
        raise MazeError("the title is empty")
    if any(c in title for c in "\n\r\t"):
        raise MazeError("the title must be one line (it is wrapped to the page by itself)")
    lines = wrap(title, lambda s: pdf.text_width(s, COVER_TITLE) <= width)
    if len(lines) > COVER_LINES:
        raise MazeError(f"the title is too long for the cover: it takes {len(lines)} lines, at most "
                        f"{COVER_LINES} fit; shorten it")
    return lines


def check_title(title: str, paper: str, font: PdfFont | None = None) -> list[str]:
    """The title's lines on the cover of ``paper`` in ``font``; refused when it does not fit
    (see :func:`cover_title_lines`).

    Examples
    --------
    >>> check_title("Summer mazes", "a4")
    ['Summer mazes']
    >>> check_title("Summer mazes " * 20, "a4")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: the title is too long for the cover: it takes 10 lines, at most 3 fit; shorten it
    """
    width, height = check_paper(paper)
    return cover_title_lines(PdfCanvas(width, height, font=font), title, content_box(paper, 1).w)


def book_texts(lang: str, title: str, seed: int | None) -> str:
    """Every fixed word a booklet in ``lang`` prints (to choose and check the font)."""
    from .print_text import kind_texts

    keys = ("start", "goal", "answers", "page", "maze_note", "book_count", "name", "date",
            "date_blank", "easy", "medium", "hard", "no_path", "instruction", "cover_answers", "to",
            "ages", "ages_up")
    values = dict(n=0, seed=seed or 0, count=0, w=0, h=0, algorithm="abcdefghijklmnopqrstuvwxyz-",
                  grid=" --grid 3d", range="", page=0, low=0, high=0)
    return title + "".join(word(lang, k, **values) for k in keys) + kind_texts(lang) + "0123456789"


def keys_that_fit(book: Sequence[BookMaze], paper: str, wanted: int) -> int:
    """How many answer keys a page holds: ``wanted`` (1 to :data:`MAX_KEYS`), fewer when the
    largest maze's cells would print narrower than :data:`MIN_KEY_CELL`.

    Examples
    --------
    >>> from meiro.render.booklet import plan_book
    >>> keys_that_fit(plan_book(3, seed=1), "a4", 6)
    6
    """
    wanted = whole(wanted, "answer keys a page", 1, MAX_KEYS, error=MazeError)
    for n in range(wanted, 1, -1):
        slot = slots(paper, n, 3)[0]
        if all(_key_fits(entry, slot) for entry in book):
            return n
    return 1


def _key_fits(entry: BookMaze, slot: Box) -> bool:
    maze = entry.maze
    if isinstance(maze, GraphMaze):
        box = kind_box(slot)
        return kind_frame(maze.geometry, box.x, box.y, box.w, box.h).unit * narrowest(maze.geometry) \
            >= MIN_KEY_CELL - 1e-9
    return 2 * maze_frame(maze.grid.shape, slot)[2] >= MIN_KEY_CELL - 1e-9


@dataclass(frozen=True)
class BookPages:
    """Where a booklet's mazes print: each maze's page and its answer's page (None without
    answers), and how many mazes and keys share a page."""

    maze_pages: list[int]
    answer_pages: list[int | None]
    per_page: int
    keys_per_page: int
    pages: int


def book_pages(count: int, per_page: int, keys_per_page: int | None, answers: bool = True) -> BookPages:
    """The pages of a booklet of ``count`` mazes: the cover is page 1, the mazes follow
    ``per_page`` a page, the answers start on the next odd page, ``keys_per_page`` a page
    (None: full size, ``per_page`` a page).

    Examples
    --------
    >>> pages = book_pages(30, 2, 6)
    >>> pages.maze_pages[:3], pages.answer_pages[:7], pages.pages
    ([2, 2, 3], [17, 17, 17, 17, 17, 17, 18], 21)
    """
    keys = keys_per_page or per_page
    maze_pages = [2 + i // per_page for i in range(count)]
    last = maze_pages[-1] if maze_pages else 1
    first_answer = last + 1 if last % 2 == 0 else last + 2  # the answers start on an odd page
    answer_pages: list[int | None] = [first_answer + i // keys if answers else None for i in range(count)]
    pages = (answer_pages[-1] or last) if answers and count else last
    return BookPages(maze_pages, answer_pages, per_page, keys, pages)


def ages_text(ages: str, lang: str) -> str:
    """The age band ``ages`` (:data:`meiro.render.booklet.AGES`) as the cover prints it.

    Examples
    --------
    >>> ages_text("4-6", "ja"), ages_text("10+", "en")
    ('4〜6さい むけ', 'for ages 10 and up')
    """
    from .booklet import age_band

    band = age_band(ages)
    if band.high is None:
        return word(lang, "ages_up", low=band.low)
    return word(lang, "ages", low=band.low, high=band.high)


def grade_range(book: Sequence[BookMaze], lang: str) -> str:
    """The grades a book holds, easiest to hardest: ``かんたん → むずかしい``, or one grade.

    Examples
    --------
    >>> from meiro.render.booklet import plan_book
    >>> grade_range(plan_book(2, seed=1), "en"), grade_range(plan_book(1, seed=1), "ja")
    ('easy to medium', 'かんたん')
    """
    from ..analysis.difficulty import GRADES

    present = sorted({e.grade for e in book}, key=GRADES.index)
    if len(present) == 1:
        return word(lang, present[0])
    return word(lang, present[0]) + word(lang, "to") + word(lang, present[-1])


def render_book(entries: Iterable[BookMaze], *, title: str | None = None, lang: str = "ja",
                paper: str = "a4", per_page: int = 2, answers: bool = True, seed: int | None = None,
                font: PdfFont | None = None, palette: Palette | None = None,
                keys_per_page: int | None = KEYS_PER_PAGE, bleed: float = 0.0,
                cover_maze: Maze | None = None, ages: str | None = None) -> bytes:
    """The booklet as a PDF.

    Parameters
    ----------
    entries : sequence of BookMaze
        The mazes in book order (see :func:`meiro.render.booklet.plan_book`).
    title : str, optional
        On the cover (wrapped, at most three lines) and at the top of every page.
    lang : {"ja", "en"}
        The printed words: スタート / ゴール, こたえ, かんたん ... or English.
    paper : str
        a4, b5, a5, letter or a trim size such as ``6x9in`` (:func:`check_paper`).
    per_page : int
        Mazes a page, 1 to 12.
    seed : int, optional
        The book's seed (kept in the file's words only through the mazes' own, on the
        answer pages).
    font : PdfFont, optional
        The font for all text; needed for Japanese (and any non-ASCII) text.
    keys_per_page : int or None
        Answer keys a page (default 6, at most 9; fewer when the mazes are too large to
        read so small); None prints the answers full size, ``per_page`` a page.
    bleed : float
        Points added on every side of the page for the print shop's cut (TrimBox and
        BleedBox are set); the drawing stays inside the trimmed page's margins.
    cover_maze : Maze, optional
        A maze drawn on the cover, below the title.
    ages : str, optional
        The age band the book was made for (:data:`meiro.render.booklet.AGES`), named on the
        cover under the grades.

    Examples
    --------
    >>> from meiro.render.booklet import plan_book
    >>> pdf = render_book(plan_book(3, seed=1), lang="en", per_page=2)
    >>> pdf.count(b"/Type /Page ")         # cover, 2 maze pages, a blank page, 1 answer page
    5
    """
    from ..solvers import solve

    book = list(entries)
    if not book or not all(isinstance(e, BookMaze) for e in book):
        raise MazeError("a booklet needs at least one maze (meiro.render.booklet.BookMaze)")
    check_language(lang)
    width, height = check_paper(paper)
    per_page = check_per_page(per_page)
    for entry in book:
        if isinstance(entry.maze, GraphMaze):
            if not kind_fits(entry.maze.geometry, paper, per_page):
                check_kind_legible(entry.maze.kind, entry.maze.size, paper, per_page)
        else:
            check_legible(entry.maze.width, entry.maze.height, paper, per_page)
    keys = per_page if keys_per_page is None else keys_that_fit(book, paper, keys_per_page)
    layout = book_pages(len(book), per_page, keys, answers)
    title = word(lang, "book_title") if title is None else title
    palette = palette or Palette()
    pdf = PdfCanvas(width, height, title=title, font=font, bleed=bleed)
    title_lines = cover_title_lines(pdf, title, content_box(paper, 1).w)

    page = 1
    _cover(pdf, paper, title_lines, lang, book, layout.answer_pages[0] if answers else None,
           cover_maze, palette, ages_text(ages, lang) if ages is not None else None)
    for chunk_start in range(0, len(book), per_page):
        page += 1
        _maze_page(pdf, paper, page, title, lang, book[chunk_start:chunk_start + per_page], chunk_start,
                   per_page, palette, None)
    if answers:
        if page % 2 == 1:  # the answers start on a right-hand page
            page += 1
            pdf.new_page()
            _footer(pdf, paper, page, lang)
        for chunk_start in range(0, len(book), keys):
            page += 1
            chunk = book[chunk_start:chunk_start + keys]
            paths: list[ArrayLike | None] = []
            for entry in chunk:
                if isinstance(entry.maze, GraphMaze):
                    paths.append(answer_path(entry.maze))
                    continue
                try:
                    paths.append(solve(entry.maze).path)
                except NoPathError:
                    paths.append(None)
            _maze_page(pdf, paper, page, title, lang, chunk, chunk_start, keys, palette, paths)
    return pdf.tobytes()


def _fit_text(pdf: PdfCanvas, text: str, size: float, width: float, smallest: float = 6.0) -> float:
    """The type size, at most ``size``, at which ``text`` fits ``width``."""
    actual = pdf.text_width(text, size)
    if actual <= width:
        return size
    return max(smallest, size * width / actual)


def _cover(pdf: PdfCanvas, paper: str, title_lines: list[str], lang: str, book: Sequence[BookMaze],
           answers_from: int | None, cover_maze: Maze | None, palette: Palette,
           ages: str | None = None) -> None:
    pdf.new_page()
    box = content_box(paper, 1)
    centre = box.x + box.w / 2
    y = box.y + box.h * 0.16
    for line in title_lines:
        pdf.text(centre, y, line, size=COVER_TITLE, align="center")
        y += COVER_TITLE * 1.35
    count_line = word(lang, "book_count", count=len(book), range=grade_range(book, lang))
    pdf.text(centre, y + 6, count_line, size=_fit_text(pdf, count_line, 14, box.w), align="center")
    if ages is not None:  # who the book is for, as a shop's shelf says it
        y += 20
        pdf.text(centre, y + 6, ages, size=_fit_text(pdf, ages, 12, box.w), align="center")
    if cover_maze is not None:  # the book's first maze to solve, drawn into the cover
        area = Box(box.x + box.w * 0.08, y + 24, box.w * 0.84, box.y + box.h * 0.66 - y - 24)
        draw_maze(pdf, cover_maze, maze_frame(cover_maze.grid.shape, area), palette)
    pdf.stroke_style((0, 0, 0), 0.8)
    line_left, line_right = box.x + box.w * 0.12, box.x + box.w * 0.88
    for key, y in (("name", box.y + box.h * 0.76), ("date", box.y + box.h * 0.84)):
        pdf.text(line_left, y, word(lang, key), size=14)
        blank = word(lang, "date_blank") if key == "date" else ""
        if blank:
            pdf.text(line_right, y, blank, size=14, align="right")
        pdf.line(line_left + pdf.text_width(word(lang, key), 14) + 8, y + 4, line_right, y + 4)
    if answers_from is not None:  # for the grown-up who holds the book: where the answers are
        note = word(lang, "cover_answers", page=answers_from)
        pdf.text(centre, box.y + box.h - 4, note, size=_fit_text(pdf, note, 9, box.w), align="center")


def _footer(pdf: PdfCanvas, paper: str, page: int, lang: str) -> None:
    box = content_box(paper, page)
    pdf.text(box.x + box.w / 2, box.y + box.h - 2, word(lang, "page", n=page), size=9, align="center")


def _mark_labels(pdf: PdfCanvas, maze: Maze, frame: tuple[float, float, float], lang: str,
                 palette: Palette, after: float) -> None:
    """スタート and ゴール named beside the maze, over (or under) the column of their mark,
    on the side nearer to it, each with a small copy of its mark: outside the walls. A name
    over the maze shares the line of the maze's number and grade (which end at ``after``),
    to their right, so that the two never stack; one that finds no room there goes under."""
    left, top, unit = frame
    rows, cols = maze.grid.shape
    right, bottom = left + unit * (cols - 1), top + unit * (rows - 1)
    placed: list[tuple[bool, float, float]] = []  # (above, left edge, right edge)
    k = MARK_TEXT / 8  # the small mark's size follows the type's
    for key, (r, c) in (("start", maze.start), ("goal", maze.goal)):
        text = word(lang, key)
        w = pdf.text_width(text, MARK_TEXT) + 9 * k
        above = r <= rows // 2
        for _ in range(2):
            x = min(max(left + c * unit - w / 2, left), right - w)
            if above:
                x = max(x, after + 12)
            for was_above, a, b in placed:  # the two names side by side, never on each other
                if was_above == above and x < b + 4 and x + w > a - 4:
                    x = b + 4 if b + 4 + w <= right + 30 else a - 4 - w
            if not above or x + w <= right + PAD:
                break
            above = False  # no room beside the number: under the maze
        placed.append((above, x, x + w))
        y = top - PAD - 4 if above else bottom + MARK_TEXT + 3
        if key == "start":
            pdf.fill_color(palette.start)
            pdf.disc(x + 3 * k, y - 2.4 * k, 2.6 * k)
        else:
            pdf.fill_color(palette.goal)
            pdf.triangle(x + 3 * k, y - 2.2 * k, 3.4 * k)
        pdf.text(x + 9 * k, y, text, size=MARK_TEXT)


def _maze_page(pdf: PdfCanvas, paper: str, page: int, title: str, lang: str,
               chunk: Sequence[BookMaze], first: int, per_page: int, palette: Palette,
               paths: Sequence[ArrayLike | None] | None) -> None:
    """A page of mazes to solve (``paths`` None: the number, the grade and the start and goal
    named at each maze, and what to do), or of their answer keys (the number, and the size,
    generator and seed in small type)."""
    pdf.new_page()
    box = content_box(paper, page)
    if paths is None:
        heading = title
        hint = word(lang, "instruction")
        hint_size = _fit_text(pdf, hint, 11, box.w * 0.55)
        pdf.text(box.x + box.w, box.y + 14, hint, size=hint_size, align="right")
        room = box.w - pdf.text_width(hint, hint_size) - 12
    else:
        heading = f"{word(lang, 'answers')}　{title}" if lang == "ja" else f"{title} - {word(lang, 'answers')}"
        room = box.w
    pdf.text(box.x, box.y + 14, heading, size=_fit_text(pdf, heading, 12, room))
    _footer(pdf, paper, page, lang)
    for i, (entry, slot) in enumerate(zip(chunk, slots(paper, per_page, page))):
        maze = entry.maze
        path = paths[i] if paths else None
        if isinstance(maze, GraphMaze):
            box = kind_box(slot)
            kind = kind_frame(maze.geometry, box.x, box.y, box.w, box.h)
            # the label sits over the drawing's own left edge, as over a square maze
            width, _ = drawing_size(maze.geometry)
            left, right = kind.left, kind.left + kind.unit * width
            top = kind.top - (LAYER_LABEL if maze.geometry.dims == 3 else 0.0)
            note = kind_note(maze, lang)
        else:
            frame = maze_frame(maze.grid.shape, slot)
            left, top, unit = frame
            right = left + unit * (maze.grid.shape[1] - 1)
            note = (word(lang, "maze_note", w=maze.width, h=maze.height, algorithm=maze.algorithm,
                         seed=maze.seed) if maze.seed is not None else f"{maze.width}x{maze.height}")
        label = f"{first + i + 1}"
        base = top - PAD - 4
        after = left
        if paths is None:
            pdf.text(left, base, label, size=13)
            grade_at = left + pdf.text_width(label, 13) + 6
            pdf.text(grade_at, base, word(lang, entry.grade), size=10)
            after = grade_at + pdf.text_width(word(lang, entry.grade), 10)
        else:  # a key: its number, and what remakes it, small
            pdf.text(left, base, label, size=11)
            if path is None:
                note += " " + word(lang, "no_path")
            pdf.text(right, base, note, size=_fit_text(pdf, note, 6, max(right - left - 24, 20), 4.0),
                     align="right")
        if isinstance(maze, GraphMaze):
            draw_kind_maze(pdf, maze, kind, palette, path, lang)
        else:
            draw_maze(pdf, maze, frame, palette, path)
            if paths is None:
                _mark_labels(pdf, maze, frame, lang, palette, after)

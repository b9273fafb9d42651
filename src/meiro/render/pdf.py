"""Printable PDF puzzle sheets: several numbered mazes per page, answer keys at the end.

Why a small hand-written PDF writer rather than a PDF library: a maze sheet
needs only straight lines, filled rectangles, discs, triangles and a few words
of text; that is about a dozen PDF operators, which the :class:`PdfCanvas`
below writes in ~100 lines, and fontTools (a dependency already) does the font
work (:mod:`meiro.render.pdf_font`). The writer gives byte-for-byte
reproducible files (no creation date, fixed object order: the same seed prints
the same bytes) and keeps the drawing vector: walls are the same merged
segments as the SVG.

fpdf2 was measured in its place: fpdf2 2.8.9 behind PdfCanvas's calls (the
layout code unchanged) drew the 100-maze booklet of ``meiro book -n 100
--seed 1 --lang en`` (2 a page, answers) in 1.48x this writer's CPU time
(0.353 s against 0.239 s, the best of 5 runs each, interleaved in one
process), 1.10x with an embedded font subset (0.358 s against 0.324 s), and
importing it took 1.0 s more, against 1.7 s of CPU time for the whole
command. Its files were 3.6% larger (283,716 bytes against 273,804) and cannot
be byte-identical to the ones this writer makes (its own object order,
operators and producer). So the writer stays.

The output follows PDF 1.4 with the standard Helvetica font (never
embedded), and is checked by rendering it with poppler (``pdftoppm``) in the
tests.

Text is printable ASCII in Helvetica, which needs no font in the file; any
other text (Japanese labels, a title in kanji) is set in a font file embedded
as a subset (:mod:`meiro.render.pdf_font`, through fontTools), named by
``font``.

The format's limits (:func:`pdf_needs`): at most :data:`PDF_MAX_SIDE` blocks a
side (200 cells), as ``meiro sheet`` always refused: a PDF is printed, and at
200 cells a side a cell on A4 is 0.9 mm wide, about the narrowest a pencil line
fits in (a 3000x3000-cell page, whose cells are 0.06 mm, took 124 s to write);
and at most :data:`PDF_MAX_BLOCKS` blocks drawn in one document, mazes and
answers together: 16 million is 49 mazes of 200x200 cells with their answers,
98 pages, 27 s to write, beyond which a sheet stops being a handout and takes
minutes. Its memory is measured in :mod:`meiro.io.costs`."""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from collections.abc import Callable, Iterable, Sequence

from numpy.typing import ArrayLike

from .._version import __version__
from ..errors import MazeError, NoPathError
from ..io.costs import GRID_BYTES, Needs, cells, check_output, whole
from ..text.fonts import HOW_TO_GET_ONE, describe, is_plain
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .page_layout import mazes_per_page, paper_size
from .geometry import Segments, block_runs, corners, is_lattice, wall_segments
from .palette import Palette
from .print_text import check_language, word

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry
    from ..solvers import Solution
    from .pdf_font import PdfFont

#: Where a block (row, col) is on the page, in points.
Placement = Callable[[int, int], tuple[float, float]]

#: Paper sizes in points (1/72 inch), portrait: a sheet also takes b5, a5 and trim sizes such as
#: ``8.5x11in`` (:func:`meiro.render.page_layout.paper_size`).
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
MARGIN = 40.0
#: The heading's band: the title and the start/goal legend, then a line for the child's name.
HEADER = 46.0
FOOTER = 20.0
LABEL = 14.0

#: The longest side of a maze printed in a PDF, in blocks: 200 cells.
PDF_MAX_SIDE = 401
#: Blocks drawn in one PDF, every maze and every answer counted (see the module docs).
PDF_MAX_BLOCKS = 16_000_000
#: A PDF's writer: bytes a block of the page being drawn (its text), and a block drawn
#: (its compressed page, kept until the file is put together, then twice while it is).
PDF_PAGE_BYTES, PDF_DRAWN_BYTES = 45, 6


def pdf_needs(fmt: str, shape: tuple[int, int], *, count: int, per_page: int | None, answers: bool,
              **_: object) -> Needs:
    """The PDF's cost and limits (:data:`~meiro.io.formats.Format.needs`; see the module docs)
    for ``count`` mazes of at most ``shape`` blocks, ``per_page`` on a page, with their
    ``answers`` or not.

    >>> pdf_needs("pdf", (41, 41), count=1, per_page=None, answers=True).size
    6051
    """
    count = whole(count, "the number of mazes", 1)
    if max(shape) > PDF_MAX_SIDE:
        raise MazeError(f"a {cells(shape)} maze is too big to print legibly: a PDF page holds "
                        f"at most {(PDF_MAX_SIDE - 1) // 2} cells a side")
    blocks = shape[0] * shape[1]
    on_a_page = mazes_per_page((max(shape) - 1) // 2, per_page)
    drawn = blocks * count * (2 if answers else 1)
    if drawn > PDF_MAX_BLOCKS:
        fit = PDF_MAX_BLOCKS // (blocks * (2 if answers else 1))
        raise MazeError(f"{count} {cells(shape)} mazes{' with their answers' if answers else ''} "
                        f"are {drawn:,} blocks to draw; a PDF holds at most {PDF_MAX_BLOCKS:,}: "
                        f"use at most {fit} mazes (--count) or smaller ones")
    memory = (blocks * min(on_a_page, count) * PDF_PAGE_BYTES + drawn * PDF_DRAWN_BYTES
              + blocks * count * GRID_BYTES)
    return Needs(fmt, memory, int(drawn * 1.8))


def check_kind_pdf(geometry: Geometry, count: int, answers: bool) -> None:
    """Refuse to print ``count`` mazes of ``geometry`` (with their ``answers``) beyond the PDF's
    limits (:mod:`meiro.render.pdf`): a drawing at most as wide and high as a 200-cell square
    maze, and at most as many cells drawn as the square mazes' blocks allow (a cell is about
    four blocks).

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> check_kind_pdf(geometry_of("theta", (120,)), 1, True)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a theta maze 242 cells across is too big to print legibly: a PDF page holds at most 200 cells a side
    """
    from .pdf_kinds import drawing_size

    most = (PDF_MAX_SIDE - 1) // 2
    across = max(drawing_size(geometry))
    if across > most + 1e-9:
        raise MazeError(f"a {geometry.kind} maze {math.ceil(across)} cells across is too big to print "
                        f"legibly: a PDF page holds at most {most} cells a side")
    drawn = geometry.cells * count * (2 if answers else 1)
    if drawn > PDF_MAX_BLOCKS // 4:
        fit = max(1, PDF_MAX_BLOCKS // 4 // (geometry.cells * (2 if answers else 1)))
        raise MazeError(f"{count} {geometry.kind} mazes of {geometry.cells:,} cells"
                        f"{' with their answers' if answers else ''} are {drawn:,} cells to draw; a PDF "
                        f"holds at most {PDF_MAX_BLOCKS // 4:,}: use at most {fit} mazes (--count) or "
                        f"smaller ones")


def pdf_file(maze: Maze | GraphMaze, solution: Solution | None = None, *,
             palette: Palette | None = None, **_: object) -> bytes:
    """The ``.pdf`` file of :func:`meiro.render.render_file`: one page for the maze, one for
    its answer (which solves the maze itself: ``solution`` is not used); a grid kind's maze
    (a :class:`~meiro.kinds.maze.GraphMaze`) in its true geometry."""
    return render_sheet([maze], per_page=1, title="Maze", palette=palette)


#: Helvetica's advance widths, in thousandths of the font size, of the printable ASCII
#: characters (32-126) in WinAnsiEncoding, from Adobe's font metrics for the font.
_HELVETICA = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  # space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  # 0 to ?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  # @ to O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  # P to _
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  # ` to o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  # p to ~
)


def text_width(value: str, size: float) -> float:
    """The width of ``value`` set in Helvetica at ``size`` points (other characters count
    as wide as a digit).

    Examples
    --------
    >>> text_width("Maze 1", 10)
    32.79
    """
    units = sum(_HELVETICA[ord(c) - 32] if 32 <= ord(c) <= 126 else 556 for c in value)
    return units * size / 1000


def _text(value: str) -> str:
    """A PDF string literal of printable ASCII (the caller has checked it)."""
    return "(" + value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _info_text(value: str) -> str:
    """A document-information string: ASCII as it is, anything else in UTF-16 with its mark.

    Examples
    --------
    >>> _info_text("Mazes"), _info_text("迷")
    ('(Mazes)', '<FEFF8FF7>')
    """
    if is_plain(value):
        return _text(value)
    return "<FEFF" + value.encode("utf-16-be").hex().upper() + ">"


def _f(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


def _rgb(color: Iterable[int]) -> str:
    return " ".join(_f(v / 255) for v in color)


class PdfCanvas:
    """Collects pages of drawing operators and writes a minimal PDF 1.4 file.

    Coordinates are points from the top-left corner of the page (y grows
    downwards, as in SVG); the canvas flips them for PDF.

    Examples
    --------
    >>> pdf = PdfCanvas(100, 50)
    >>> pdf.new_page()
    >>> pdf.line(10, 10, 90, 10)
    >>> data = pdf.tobytes()
    >>> data[:8], data.rstrip().endswith(b"%%EOF")
    (b'%PDF-1.4', True)
    """

    def __init__(self, width: float, height: float, title: str = "mazes",
                 font: PdfFont | None = None, bleed: float = 0.0):
        self.width, self.height, self.title = width, height, title
        # a bleed enlarges the sheet on every side around the trimmed page (``width`` x
        # ``height``), which is drawn on as it is: its origin moves in by the bleed
        self.bleed = bleed
        self.font = font  # a meiro.render.pdf_font.PdfFont for all text, or None: Helvetica, ASCII
        self.pages: list[bytes] = []  # the finished pages' compressed content streams
        self.ops: list[str] | None = None  # the operators of the page being drawn

    def _finish_page(self) -> None:
        # a page's operators are compressed as soon as it is done: a sheet of many
        # large mazes holds one page of text at a time, not all of them
        if self.ops is not None:
            if self.bleed:
                self.ops.insert(0, f"1 0 0 1 {_f(self.bleed)} {_f(self.bleed)} cm")
            self.pages.append(zlib.compress("\n".join(self.ops).encode("latin-1"), 9))
            self.ops = None

    def new_page(self) -> None:
        self._finish_page()
        self.ops = []

    def _draw(self, operators: str) -> None:
        """Add ``operators`` to the page being drawn."""
        if self.ops is None:
            raise RuntimeError("no page to draw on: call new_page() first")
        self.ops.append(operators)

    def _y(self, y: float) -> float:
        return self.height - y

    def stroke_style(self, color: Iterable[int], width: float, round_caps: bool = False) -> None:
        cap = 1 if round_caps else 2  # round or projecting square caps, so walls meet cleanly
        self._draw(f"{_rgb(color)} RG {_f(width)} w {cap} J {1 if round_caps else 0} j")

    def fill_color(self, color: Iterable[int]) -> None:
        self._draw(f"{_rgb(color)} rg")

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self._draw(f"{_f(x0)} {_f(self._y(y0))} m {_f(x1)} {_f(self._y(y1))} l S")

    def polyline(self, points: Sequence[tuple[float, float]]) -> None:
        (x, y), *rest = points
        parts = [f"{_f(x)} {_f(self._y(y))} m"] + [f"{_f(a)} {_f(self._y(b))} l" for a, b in rest]
        self._draw(" ".join(parts) + " S")

    def move(self, x: float, y: float) -> str:
        """The operator that starts a path at (x, y), for :meth:`stroke` and :meth:`fill`."""
        return f"{_f(x)} {_f(self._y(y))} m"

    def to(self, x: float, y: float) -> str:
        """The operator of a straight piece of path to (x, y)."""
        return f"{_f(x)} {_f(self._y(y))} l"

    def arc_to(self, cx: float, cy: float, x0: float, y0: float, x1: float, y1: float,
               clockwise: bool = True) -> str:
        """The operators of a circular arc around (cx, cy) from the current point (x0, y0) to
        (x1, y1), clockwise on the page or not: cubic Beziers of at most a quarter turn each
        (PDF has no arc operator; a quarter-turn Bezier is off the circle by 0.03%).

        Examples
        --------
        >>> pdf = PdfCanvas(100, 100)
        >>> pdf.arc_to(50, 50, 60, 50, 50, 60)       # a quarter turn: one curve
        '60 44.48 55.52 40 50 40 c'
        """
        r = math.hypot(x0 - cx, y0 - cy)
        a0 = math.atan2(y0 - cy, x0 - cx)
        sweep = (math.atan2(y1 - cy, x1 - cx) - a0) % (2 * math.pi)
        if not clockwise:  # on the page (y down) an angle that grows turns clockwise
            sweep -= 2 * math.pi
        if abs(sweep) < 1e-9:
            sweep = 2 * math.pi if clockwise else -2 * math.pi
        pieces = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
        step = sweep / pieces
        k = 4 / 3 * math.tan(step / 4) * r
        parts = []
        for i in range(pieces):
            a, b = a0 + i * step, a0 + (i + 1) * step
            ax, ay = cx + r * math.cos(a), cy + r * math.sin(a)
            bx, by = (x1, y1) if i == pieces - 1 else (cx + r * math.cos(b), cy + r * math.sin(b))
            parts.append(f"{_f(ax - k * math.sin(a))} {_f(self._y(ay + k * math.cos(a)))} "
                         f"{_f(bx + k * math.sin(b))} {_f(self._y(by - k * math.cos(b)))} "
                         f"{_f(bx)} {_f(self._y(by))} c")
        return " ".join(parts)

    def stroke(self, parts: Iterable[str]) -> None:
        """Stroke a path made of :meth:`move`, :meth:`to` and :meth:`arc_to` pieces (in the
        current stroke style); nothing for no pieces."""
        ops = " ".join(parts)
        if ops:
            self._draw(ops + " S")

    def fill(self, parts: Iterable[str]) -> None:
        """Fill the closed shapes a path of :meth:`move`, :meth:`to` and :meth:`arc_to` makes."""
        ops = " ".join(parts)
        if ops:
            self._draw(ops + " f")

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        """A filled rectangle with top-left corner (x, y)."""
        self._draw(f"{_f(x)} {_f(self._y(y + h))} {_f(w)} {_f(h)} re f")

    def disc(self, x: float, y: float, r: float) -> None:
        """A filled circle (four Bezier quarter arcs)."""
        k = 0.5523 * r
        y = self._y(y)
        self._draw(
            f"{_f(x + r)} {_f(y)} m "
            f"{_f(x + r)} {_f(y + k)} {_f(x + k)} {_f(y + r)} {_f(x)} {_f(y + r)} c "
            f"{_f(x - k)} {_f(y + r)} {_f(x - r)} {_f(y + k)} {_f(x - r)} {_f(y)} c "
            f"{_f(x - r)} {_f(y - k)} {_f(x - k)} {_f(y - r)} {_f(x)} {_f(y - r)} c "
            f"{_f(x + k)} {_f(y - r)} {_f(x + r)} {_f(y - k)} {_f(x + r)} {_f(y)} c f")

    def triangle(self, x: float, y: float, r: float) -> None:
        """A filled upward triangle centred on (x, y), like the NumPy article's goal mark."""
        h = r * math.sqrt(3) / 2
        self._draw(f"{_f(x)} {_f(self._y(y - r))} m {_f(x - h)} {_f(self._y(y + r / 2))} l "
                   f"{_f(x + h)} {_f(self._y(y + r / 2))} l h f")

    def text_width(self, value: str, size: float) -> float:
        """The width of ``value`` set at ``size`` points in this canvas's font."""
        return self.font.width(value, size) if self.font is not None else text_width(value, size)

    def text(self, x: float, y: float, value: str, size: float = 10,
             align: Literal["left", "center", "right"] = "left") -> None:
        """Text with its baseline at y; ``align`` left, center or right of x.

        In the embedded font when the canvas has one, else in Helvetica, which
        holds printable ASCII only: other text without a font is refused.
        """
        if self.font is None and not is_plain(value):
            fancy = "".join(dict.fromkeys(c for c in value if not is_plain(c)))
            raise MazeError(f"printing {describe(fancy[:3])} needs a font file: {HOW_TO_GET_ONE}")
        width = self.text_width(value, size)
        x -= {"left": 0, "center": width / 2, "right": width}[align]
        if self.font is not None:
            shown, face = self.font.encode(value), "/F2"
        else:
            shown, face = _text(value), "/F1"
        self._draw(f"0 0 0 rg BT {face} {_f(size)} Tf {_f(x)} {_f(self._y(y))} Td {shown} Tj ET")

    def tobytes(self) -> bytes:
        """The complete PDF file."""
        self._finish_page()
        objects: list[bytes] = []
        n_pages = len(self.pages)
        kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n_pages))
        objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
        objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
        objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                       b"/Encoding /WinAnsiEncoding >>")
        embedded = 4 + 2 * n_pages  # the embedded font's objects follow the pages
        fonts = "/F1 3 0 R" + (f" /F2 {embedded} 0 R" if self.font is not None else "")
        b = self.bleed
        boxes = f"/MediaBox [0 0 {_f(self.width + 2 * b)} {_f(self.height + 2 * b)}]"
        if b:  # the print shop's cut, and the art that runs past it
            boxes += (f" /BleedBox [0 0 {_f(self.width + 2 * b)} {_f(self.height + 2 * b)}]"
                      f" /TrimBox [{_f(b)} {_f(b)} {_f(self.width + b)} {_f(self.height + b)}]")
        for i, content in enumerate(self.pages):
            objects.append(f"<< /Type /Page /Parent 2 0 R {boxes} /Resources << /Font << {fonts} >> >> "
                           f"/Contents {5 + 2 * i} 0 R >>".encode())
            objects.append(f"<< /Length {len(content)} /Filter /FlateDecode >>\nstream\n".encode()
                           + content + b"\nendstream")
        if self.font is not None:
            objects.extend(self.font.objects(embedded))
        objects.append(f"<< /Title {_info_text(self.title)} /Producer (meiro {__version__}) >>".encode())
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets: list[int] = []
        for number, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
        out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
        out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {len(objects)} 0 R >>\n"
                f"startxref\n{xref}\n%%EOF\n").encode()
        return bytes(out)


@dataclass(frozen=True)
class _Slot:
    x: float
    y: float
    w: float
    h: float


def _layout(paper: tuple[float, float], per_page: int, aspect: float) -> list[_Slot]:
    """Slots for ``per_page`` mazes of ``aspect`` (width / height), with the number of
    columns that makes the mazes largest."""
    pw, ph = paper
    area_w, area_h = pw - 2 * MARGIN, ph - 2 * MARGIN - HEADER - FOOTER
    best: tuple[float, int, int, float, float] | None = None
    for cols in range(1, per_page + 1):
        rows = math.ceil(per_page / cols)
        w, h = area_w / cols, area_h / rows
        fit = min((w - 12) / aspect, h - LABEL - 12)  # the maze's height in points
        if best is None or fit > best[0]:
            best = (fit, cols, rows, w, h)
    if best is None:  # not reached: mazes_per_page gave at least one
        raise MazeError(f"cannot lay out {per_page} mazes on a page")
    _, cols, rows, w, h = best
    return [_Slot(MARGIN + c * w, MARGIN + HEADER + r * h, w, h)
            for r in range(rows) for c in range(cols)][:per_page]


def draw_marks(pdf: PdfCanvas, maze: Maze, at: Placement, size: float, palette: Palette,
               path: ArrayLike | None = None) -> None:
    """The answer ``path`` (if any), the start (a disc) and the goal (a triangle), ``size``
    being half a corridor's width and ``at(row, col)`` a block's place on the page."""
    points = corners(path) if path is not None else None
    if points is not None and len(points) > 1:
        pdf.stroke_style(palette.answer, max(1.0, size * 0.8), round_caps=True)
        pdf.polyline([at(int(r), int(c)) for r, c in points])
    pdf.fill_color(palette.start)
    pdf.disc(*at(*maze.start), size * 0.6)
    pdf.fill_color(palette.goal)
    pdf.triangle(*at(*maze.goal), size * 0.75)


def draw_walls(pdf: PdfCanvas, at: Placement, segments: Segments, width: float) -> None:
    """Thin black walls: ``segments`` is ``(horizontal, vertical)`` runs as
    :func:`meiro.render.geometry.wall_segments` gives them."""
    horizontal, vertical = segments
    pdf.stroke_style((0, 0, 0), width)
    for y, x0, x1 in horizontal:
        pdf.line(*at(y, x0), *at(y, x1))
    for x, y0, y1 in vertical:
        pdf.line(*at(y0, x), *at(y1, x))


def draw_lattice_walls(pdf: PdfCanvas, left: float, top: float, unit: float, segments: Segments,
                       width: float) -> None:
    """:func:`draw_walls` with block ``(r, c)`` at ``(left + c * unit, top + r * unit)``: the
    same operators, each coordinate written once a maze rather than once a wall end (a
    booklet's walls are tens of thousands of lines).

    Examples
    --------
    >>> a, b = PdfCanvas(100, 100), PdfCanvas(100, 100)
    >>> a.new_page(); b.new_page()
    >>> walls = ([(0, 0, 4), (2, 0, 4)], [(0, 0, 2), (4, 0, 2)])
    >>> draw_lattice_walls(a, 10, 20, 7.5, walls, 1)
    >>> draw_walls(b, lambda r, c: (10 + c * 7.5, 20 + r * 7.5), walls, 1)
    >>> a.tobytes() == b.tobytes()
    True
    """
    horizontal, vertical = segments
    pdf.stroke_style((0, 0, 0), width)
    most = 1 + max([0] + [max(s[0], s[2]) for part in segments for s in part])
    xs = [_f(left + k * unit) for k in range(most)]
    ys = [_f(pdf.height - (top + k * unit)) for k in range(most)]
    lines = [f"{xs[x0]} {ys[y]} m {xs[x1]} {ys[y]} l S" for y, x0, x1 in horizontal]
    lines += [f"{xs[x]} {ys[y0]} m {xs[x]} {ys[y1]} l S" for x, y0, y1 in vertical]
    if lines:
        pdf._draw("\n".join(lines))


def _draw_maze(pdf: PdfCanvas, maze: Maze, slot: _Slot, label: str, note: str,
               palette: Palette, path: ArrayLike | None = None) -> None:
    rows, cols = maze.grid.shape
    lattice = is_lattice(maze.grid)
    # thin walls span cells (cols - 1 half-cells); blocks span every block
    span_x, span_y = (cols - 1, rows - 1) if lattice else (cols, rows)
    unit = min((slot.w - 12) / span_x, (slot.h - LABEL - 12) / span_y)
    left = slot.x + (slot.w - unit * span_x) / 2
    top = slot.y + LABEL + (slot.h - LABEL - 6 - unit * span_y) / 2
    centre = 0.0 if lattice else unit / 2
    pdf.text(left, top - 4, label, size=11)
    pdf.text(left + unit * span_x, top - 4, note, size=7, align="right")

    def at(r: int, c: int) -> tuple[float, float]:
        return left + c * unit + centre, top + r * unit + centre

    # marks are sized to the corridor: half a cell on a lattice, half a block otherwise
    draw_marks(pdf, maze, at, unit if lattice else unit / 2, palette, path)
    if lattice:
        draw_walls(pdf, at, wall_segments(maze.grid), max(0.4, min(1.5, unit * 0.25)))
    else:
        pdf.fill_color((0, 0, 0))
        for r, c0, c1 in block_runs(maze.grid):
            pdf.rect(left + c0 * unit, top + r * unit, (c1 - c0 + 1) * unit, unit)


def _draw_kind(pdf: PdfCanvas, maze: GraphMaze, slot: _Slot, label: str, note: str,
               palette: Palette, path: ArrayLike | None, lang: str) -> None:
    """A grid kind's maze in its slot, labelled like a square one."""
    from .pdf_kinds import LAYER_LABEL, draw_kind_maze, drawing_size, kind_frame

    frame = kind_frame(maze.geometry, slot.x + 6, slot.y + LABEL + 6, slot.w - 12, slot.h - LABEL - 12)
    width = drawing_size(maze.geometry)[0] * frame.unit
    top = frame.top - (LAYER_LABEL if maze.geometry.dims == 3 else 0.0)
    pdf.text(frame.left, top - 4, label, size=11)
    pdf.text(frame.left + width, top - 4, note, size=7, align="right")
    draw_kind_maze(pdf, maze, frame, palette, path, lang)


def render_sheet(mazes: Iterable[Maze | GraphMaze], *, paper: str = "a4", per_page: int | None = None,
                 answers: bool = True, title: str = "Mazes", palette: Palette | None = None,
                 lang: str = "en", font: PdfFont | None = None) -> bytes:
    """A PDF of ``mazes``, several per page, numbered, then answer-key pages.

    Parameters
    ----------
    mazes : sequence of Maze, or of GraphMaze
        Square mazes, or mazes of one grid kind (drawn in their true geometry,
        :mod:`meiro.render.pdf_kinds`).
    paper : str
        a4, letter, b5 (JIS B5), a5 or a trim size such as ``6x9in`` or ``210x297mm``.
    per_page : int, optional
        Mazes per page (default: :func:`mazes_per_page`).
    answers : bool
        Add answer-key pages with each maze's shortest path.
    title : str
        Printed at the top of every page.
    lang : {"en", "ja"}
        The printed words (start / goal, answers, page numbers, seeds):
        スタート / ゴール, こたえ ... in Japanese.
    font : PdfFont, optional
        The embedded font for all text (:mod:`meiro.render.pdf_font`); needed for
        Japanese or any text beyond printable ASCII.

    Examples
    --------
    >>> import meiro
    >>> pdf = render_sheet([meiro.generate(5, 5, seed=s) for s in range(3)], per_page=2)
    >>> pdf.count(b"/Type /Page ")
    4
    """
    from ..solvers import solve

    mazes = list(mazes)
    squares = [m for m in mazes if isinstance(m, Maze)]
    kinds = [m for m in mazes if isinstance(m, GraphMaze)]
    if not mazes or (squares and kinds) or len(squares) + len(kinds) != len(mazes):
        raise MazeError("a sheet needs at least one meiro.Maze, or GraphMazes (not both)")
    page_size = paper_size(paper)
    if kinds:
        from .pdf_kinds import drawing_size

        sizes = [drawing_size(m.geometry) for m in kinds]
        per_page = mazes_per_page(math.ceil(max(max(w, h) for w, h in sizes)), per_page)
        check_kind_pdf(max(kinds, key=lambda m: m.cells).geometry, len(kinds), answers)
        aspect = max(w / h for w, h in sizes)
    else:
        side = max(max(m.width, m.height) for m in squares)
        per_page = mazes_per_page(side, per_page)
        largest = max(squares, key=lambda m: m.grid.size).shape
        check_output(".pdf", largest, count=len(mazes), per_page=per_page, answers=answers)
        aspect = max(m.width / m.height for m in squares)
    palette = palette or Palette()
    check_language(lang)
    pdf = PdfCanvas(*page_size, title=title, font=font)
    if pdf.text_width(title, 14) > page_size[0] - 2 * MARGIN - 150:
        raise MazeError(f"the title is too long for the page ({len(title)} characters); shorten it")
    slots = _layout(page_size, per_page, aspect)
    n_pages = math.ceil(len(mazes) / per_page) * (2 if answers else 1)
    page = 0
    for key in ((False, True) if answers else (False,)):
        for first in range(0, len(mazes), per_page):
            page += 1
            pdf.new_page()
            answers_word = word(lang, "answers")
            heading = (title if not key else f"{answers_word}　{title}" if lang == "ja"
                       else f"{title} - {answers_word}")
            pdf.text(MARGIN, MARGIN + 14, heading, size=14)
            _legend(pdf, palette, lang)
            if not key:  # a line for the child's name on the pages to solve
                _name_line(pdf, lang)
            pdf.text(page_size[0] / 2, page_size[1] - MARGIN + 4,
                     word(lang, "page_of", n=page, total=n_pages), size=8, align="center")
            for number, (maze, slot) in enumerate(zip(mazes[first:first + per_page], slots), first + 1):
                path = None
                if isinstance(maze, GraphMaze):
                    from .kind_booklet import kind_note
                    from .pdf_kinds import answer_path

                    path = answer_path(maze) if key else None
                    note = kind_note(maze, lang) + ("" if not key or path is not None
                                                    else "  " + word(lang, "no_path"))
                    _draw_kind(pdf, maze, slot, f"{number}.", note, palette, path, lang)
                    continue
                if key:
                    try:
                        path = solve(maze).path
                    except NoPathError:
                        path = None
                note = _note(maze, lang) + ("" if not key or path is not None
                                            else "  " + word(lang, "no_path"))
                _draw_maze(pdf, maze, slot, f"{number}.", note, palette, path)
    return pdf.tobytes()


def _legend(pdf: PdfCanvas, palette: Palette, lang: str = "en") -> None:
    right = pdf.width - MARGIN
    goal, start = word(lang, "goal"), word(lang, "start")
    pdf.text(right, MARGIN + 14, goal, size=9, align="right")
    x = right - pdf.text_width(goal, 9) - 10
    pdf.fill_color(palette.goal)
    pdf.triangle(x, MARGIN + 11, 5)
    x -= 12
    pdf.text(x, MARGIN + 14, start, size=9, align="right")
    x -= pdf.text_width(start, 9) + 9
    pdf.fill_color(palette.start)
    pdf.disc(x, MARGIN + 11, 4)


def _name_line(pdf: PdfCanvas, lang: str) -> None:
    """なまえ / Name and a line to write it on, at the right under the heading."""
    label, y = word(lang, "name"), MARGIN + 36
    right = pdf.width - MARGIN
    left = right - max(180.0, pdf.width * 0.4)
    pdf.text(left, y, label, size=11)
    pdf.stroke_style((0, 0, 0), 0.6)
    pdf.line(left + pdf.text_width(label, 11) + 6, y + 3, right, y + 3)


def _note(maze: Maze, lang: str = "en") -> str:
    if maze.seed is None:
        return f"{maze.width}x{maze.height}"
    return word(lang, "maze_note", w=maze.width, h=maze.height, algorithm=maze.algorithm,
                seed=maze.seed)

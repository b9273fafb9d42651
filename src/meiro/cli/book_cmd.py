"""``meiro book``: a booklet of mazes to print, easy to hard, with a cover and the answers."""

from __future__ import annotations

import argparse
from functools import lru_cache
from typing import TYPE_CHECKING

from ..analysis.difficulty import GRADES
from ..generators.shapes import SHAPES
from ..registry import GENERATORS
from .args import add_recipe_options, whole_number
from .print_kinds import add_grid_option, kind_size_arg

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
    from numpy.typing import NDArray

    from ..render.pdf_font import PdfFont
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro book`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "book", help="a maze booklet to print: cover, mazes easy to hard, answers (PDF)",
        description="Make a PDF booklet: a cover with the title and lines for a name and the date, "
                    "the mazes graded from easy to hard (かんたん / ふつう / むずかしい) with page "
                    "numbers, then the answer pages. Margins leave room for binding on both sides "
                    "of a sheet. Japanese text is set in an embedded font found on the system "
                    "(or --font). The same --seed makes the same booklet.")
    p.add_argument("--count", "-n", type=whole_number(1, 500), default=12,
                   help="how many mazes (default 12)")
    add_grid_option(p)
    p.add_argument("--size", type=kind_size_arg, default=None, metavar="WxH",
                   help="one size for every maze (default: growing from 6x6 to 24x24 through the "
                        "book, as far as the page holds; with --grid, through the kind's sizes: "
                        "theta 4 to 13 rings); R rings for --grid theta, WxHxL for --grid 3d")
    p.add_argument("--difficulty", choices=GRADES, default=None,
                   help="only mazes of this grade (easy = かんたん, medium = ふつう, hard = むずかしい)")
    add_recipe_options(p, with_braid=False, defaults=False, seed="book seed (default: a fresh one)",
                       algorithm=f"generator of every maze: {', '.join(GENERATORS.names())} (default: "
                                 f"dig for the easy and medium mazes, kruskal for the hard ones)",
                       goal="where the goal goes (default: the far corner for easy mazes, else the "
                            "longest walk from the start)")
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--shape", choices=SHAPES, default=None,
                       help="carve each maze inside a shape")
    shape.add_argument("--shape-text", default=None, metavar="TEXT",
                       help="carve each maze inside a character, e.g. 迷 (one to four characters)")
    p.add_argument("--paper", default="a4", choices=("a4", "b5", "a5", "letter"),
                   help="paper size (default a4; b5 is JIS B5, 182x257 mm; a5 is half an A4 sheet)")
    p.add_argument("--per-page", type=whole_number(1, 12), default=2, metavar="N",
                   help="mazes a page (default 2)")
    p.add_argument("--title", default=None, help="title on the cover and every page")
    p.add_argument("--lang", default=None, choices=("ja", "en"),
                   help="language of the printed words (default: Japanese on a Japanese locale, else English)")
    p.add_argument("--font", default=None, metavar="FILE",
                   help="font file for the text (.ttf/.otf/.ttc, FILE.ttc#N for a face; default: "
                        "$MEIRO_FONT, else a Japanese font found on the system)")
    p.add_argument("--no-answers", action="store_true", help="leave out the answer pages")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the booklet; the exit status."""
    from ..render.booklet import GROWTH, plan_book
    from ..generators import resolve_seed
    from ..render.book import book_texts, check_legible, check_title, largest_legible, render_book
    from ..text.messages import default_language
    from ..render import check_output
    from ..render.print_text import word
    from ..io.writing import write_atomic
    from .output import one_output
    from .print_kinds import square_size

    one_output(args.output, ".pdf", "booklet")  # before the work: a wrong place costs nothing
    lang = args.lang or default_language()
    title = args.title if args.title is not None else word(lang, "book_title")
    if args.grid != "square":
        return _run_kind(args, lang, title)
    if args.size is not None:
        width, height = args.size = square_size(args.size)
        check_legible(width, height, args.paper, args.per_page)
    else:  # the sizes grow up to what the page holds; the smallest must fit
        check_legible(GROWTH[0], GROWTH[0], args.paper, args.per_page)
    # a book's worth of blocks and memory (meiro.io.costs, meiro.render.pdf), before any maze is made
    most_w, most_h = args.size or [min(GROWTH[1], side) for side in largest_legible(args.paper, args.per_page)]
    check_output("book.pdf", (2 * most_h + 1, 2 * most_w + 1), count=args.count,
                 per_page=args.per_page, answers=not args.no_answers)
    book_seed = resolve_seed(args.seed)
    font = print_font(book_texts(lang, title, book_seed), lang, args.font)
    check_title(title, args.paper, font)  # a title too long for the cover costs no maze

    mask_for = shape_masks(args)
    book = plan_book(args.count, book_seed, size=args.size, level=args.difficulty,
                     algorithm=args.algorithm, goal=args.goal, mask_for=mask_for,
                     largest=largest_legible(args.paper, args.per_page))
    write_atomic(args.output, render_book(book, title=title, lang=lang, paper=args.paper,
                                          per_page=args.per_page, answers=not args.no_answers,
                                          seed=book_seed, font=font))
    return 0


def shape_masks(args: argparse.Namespace) -> Callable[[int, int], NDArray[np.bool_]] | None:
    """``mask_for(width, height)``: the mask of ``--shape`` or ``--shape-text`` at a maze's size
    (each size made once), or None without one."""
    from ..generators.shapes import shape_mask

    if not (args.shape or args.shape_text):
        return None
    kind, text = ("text", args.shape_text) if args.shape_text else (args.shape, None)
    font_file = args.font  # the character is drawn by Pillow, in this font or one found for it
    mask_for: Callable[[int, int], NDArray[np.bool_]] = lru_cache(maxsize=None)(
        lambda w, h: shape_mask(kind, w, h, text=text, font=font_file))
    if text:
        mask_for(12, 12)  # a character the font lacks is refused before the mazes are made
    return mask_for


def _run_kind(args: argparse.Namespace, lang: str, title: str) -> int:
    """``meiro book --grid KIND``: a booklet of a grid kind's mazes, graded by size
    (:mod:`meiro.render.kind_booklet`); every option is checked before a maze is made."""
    from ..generators import resolve_seed
    from ..io.writing import write_atomic
    from ..kinds import check_size, geometry_of
    from ..render.book import book_texts, check_kind_legible, check_title, kind_fits, render_book
    from ..render.kind_booklet import GRADE_SIDES, kind_size, plan_kind_book
    from ..render.pdf import check_kind_pdf
    from .print_kinds import check_kind_options

    kind = args.grid
    check_kind_options(kind, args.algorithm, args.goal, bool(args.shape or args.shape_text),
                       bool(args.shape_text))
    mask_for = shape_masks(args)
    size = check_size(kind, args.size) if args.size is not None else None
    # the given size, else the smallest the book grows from, must print legibly
    check_kind_legible(kind, size or kind_size(kind, GRADE_SIDES[kind]["easy"][0]), args.paper, args.per_page)
    largest = size or kind_size(kind, GRADE_SIDES[kind]["hard"][1], "hard")
    check_kind_pdf(geometry_of(kind, largest, 0), args.count, not args.no_answers)
    book_seed = resolve_seed(args.seed)
    font = print_font(book_texts(lang, title, book_seed), lang, args.font)
    check_title(title, args.paper, font)  # a title too long for the cover costs no maze

    def fits(candidate: tuple[int, ...]) -> bool:
        return kind_fits(geometry_of(kind, candidate, 0), args.paper, args.per_page)

    book = plan_kind_book(kind, args.count, book_seed, size=size, level=args.difficulty,
                          algorithm=args.algorithm, goal=args.goal, fits=fits, mask_for=mask_for)
    write_atomic(args.output, render_book(book, title=title, lang=lang, paper=args.paper,
                                          per_page=args.per_page, answers=not args.no_answers,
                                          seed=book_seed, font=font))
    return 0


def print_font(texts: str, lang: str, named: str | None) -> PdfFont | None:
    """The embedded font for a printed text, or None when Helvetica draws it all (English,
    printable ASCII, no font named)."""
    from ..text.fonts import find_font, is_plain
    from ..render.pdf_font import PdfFont

    if named is None and lang == "en" and is_plain(texts):
        return None
    return PdfFont(find_font(texts, explicit=named))

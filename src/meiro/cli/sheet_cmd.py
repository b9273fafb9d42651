"""``meiro sheet``: a printable PDF of numbered mazes with answer keys."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .. import generate
from ..errors import MazeError
from ..io.writing import write_atomic
from ..generators import resolve_seed
from ..goals import GOALS
from ..registry import GENERATORS
from .args import blocks, seed
from .print_kinds import add_grid_option, kind_size_arg, square_size
from .output import one_output

if TYPE_CHECKING:
    from .args import Subparsers


def _count(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"must be from 1 to 1000, got {value}")
    return value


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro sheet`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "sheet", help="print-ready PDF of several mazes with answer keys",
        description="Make a PDF puzzle sheet: several numbered mazes per page, start and goal "
                    "marked, answer-key pages at the end. Each maze's seed is derived from --seed "
                    "and printed under it, so the same command makes the same sheet.")
    add_grid_option(p)
    size = p.add_mutually_exclusive_group()
    size.add_argument("--size", type=kind_size_arg, default=None, metavar="WxH",
                      help="size in cells, e.g. 15x15 (default 20x20); R rings for --grid theta (default "
                           "9), WxHxL for --grid 3d")
    size.add_argument("--blocks", type=blocks, default=None, metavar="WxH",
                      help="size as odd block sides, as the original articles count (31x31 = 15x15 cells)")
    p.add_argument("--count", "-n", type=_count, default=6, help="how many mazes (default 6)")
    p.add_argument("--seed", type=seed, default=None, help="sheet seed (default: a fresh one)")
    p.add_argument("--algorithm", "-a", default="dig", choices=GENERATORS.choices(), metavar="NAME",
                   help=f"generator: {', '.join(GENERATORS.names())} (default dig)")
    p.add_argument("--goal", default="farthest", choices=GOALS,
                   help="where the goal goes (default farthest: the longest walk from the start)")
    p.add_argument("--paper", default="a4", metavar="PAPER",
                   help="paper size: a4 (default), letter, b5 (JIS B5, 182x257 mm), a5, or a trim size "
                        "such as 8.5x11in, 6x9in or 210x297mm")
    p.add_argument("--per-page", type=_count, default=None, metavar="N",
                   help="mazes per page (default: 6 up to 25 cells a side, fewer for bigger mazes)")
    p.add_argument("--no-answers", action="store_true", help="leave out the answer-key pages")
    p.add_argument("--title", default=None, help="heading on every page (any script: Japanese "
                   "is set in an embedded font)")
    p.add_argument("--lang", default=None, choices=("ja", "en"),
                   help="language of the printed words (スタート / ゴール, こたえ, ページ; default: "
                        "Japanese on a Japanese locale, else English)")
    p.add_argument("--font", default=None, metavar="FILE",
                   help="font file for the text (.ttf/.otf/.ttc, FILE.ttc#N for a face; default: "
                        "$MEIRO_FONT, else a Japanese font found on the system)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the PDF puzzle sheet; the exit status."""
    from ..render import check_output
    from ..text.messages import default_language
    from ..render.booklet import sheet_seeds
    from ..render.pdf import render_sheet
    from ..render.print_text import sheet_texts, word
    from .book_cmd import print_font

    from ..render.page_layout import paper_size

    one_output(args.output, ".pdf", "sheet")  # before the work: a wrong place costs nothing
    paper_size(args.paper)  # an unknown or too small paper costs no maze
    if args.grid != "square":
        return _run_kind(args)
    width, height = square_size(args.size) if args.size else args.blocks or (20, 20)
    # legible on paper, and a sheet's worth of blocks (meiro.io.costs, meiro.render.pdf), before any maze is made
    check_output("sheet.pdf", (2 * height + 1, 2 * width + 1), count=args.count,
                 per_page=args.per_page, answers=not args.no_answers)
    sheet_seed = resolve_seed(args.seed)
    lang = args.lang or default_language()
    title = args.title or word(lang, "sheet_title", w=width, h=height, seed=sheet_seed)
    # the font is found (or refused) before any maze is made
    font = print_font(sheet_texts(lang, title), lang, args.font)
    mazes = [generate(width, height, algorithm=args.algorithm, seed=s, goal=args.goal)
             for s in sheet_seeds(sheet_seed, args.count)]
    write_atomic(args.output, render_sheet(mazes, paper=args.paper, per_page=args.per_page,
                                           answers=not args.no_answers, title=title, lang=lang,
                                           font=font))
    return 0


def _run_kind(args: argparse.Namespace) -> int:
    """``meiro sheet --grid KIND``: a sheet of a grid kind's mazes, all of one size (by default
    the largest medium size of :mod:`meiro.render.kind_booklet`)."""
    from ..kinds import check_size, geometry_of
    from ..render.booklet import sheet_seeds
    from ..render.kind_booklet import GRADE_SIDES, kind_size, make_kind_maze, size_text
    from ..render.pdf import render_sheet
    from ..render.pdf import check_kind_pdf
    from ..render.print_text import sheet_texts, word
    from ..text.messages import default_language
    from .book_cmd import print_font
    from .print_kinds import check_kind_options

    kind = args.grid
    if args.blocks:
        raise MazeError(f"--blocks counts a square maze's blocks; give a {kind} maze's --size")
    check_kind_options(kind, args.algorithm, args.goal, False)
    size = check_size(kind, args.size or kind_size(kind, GRADE_SIDES[kind]["medium"][1], "medium"))
    check_kind_pdf(geometry_of(kind, size, 0), args.count, not args.no_answers)
    sheet_seed = resolve_seed(args.seed)
    lang = args.lang or default_language()
    shown = size_text(kind, size, lang)
    title = args.title or word(lang, "kind_sheet_title", size=shown, seed=sheet_seed)
    font = print_font(sheet_texts(lang, title), lang, args.font)
    mazes = [make_kind_maze(kind, size, args.algorithm, s, args.goal) for s in sheet_seeds(sheet_seed, args.count)]
    write_atomic(args.output, render_sheet(mazes, paper=args.paper, per_page=args.per_page,
                                           answers=not args.no_answers, title=title, lang=lang,
                                           font=font))
    return 0

"""``meiro book``: a booklet of mazes to print, easy to hard, with a cover and the answers."""

from __future__ import annotations

import argparse
from functools import lru_cache
from typing import TYPE_CHECKING

from ..analysis.difficulty import GRADES
from ..generators.shapes import SHAPES
from ..registry import GENERATORS
from ..render.booklet import AGES
from .args import add_recipe_options, whole_number
from .print_kinds import add_grid_option, kind_size_arg

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..maze import Maze
    from ..render.book import BookPages
    from ..render.booklet import BookMaze

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
    p.add_argument("--paper", default="a4", metavar="PAPER",
                   help="paper size: a4 (default), b5 (JIS B5, 182x257 mm), a5 (half an A4 sheet), "
                        "letter, or a trim size such as 8.5x11in, 6x9in or 210x297mm")
    p.add_argument("--bleed", default=None, metavar="LENGTH",
                   help="bleed for a print shop, e.g. 0.125in or 3mm: the page grows by it on every "
                        "side and the PDF's TrimBox and BleedBox say where it is cut")
    mix = p.add_mutually_exclusive_group()
    mix.add_argument("--ramp", default="gentle", choices=("gentle", "even", "steep"),
                     help="how the grades are shared: gentle (default, for young children: 50%% "
                          "かんたん / easy, 30%% ふつう / medium, 20%% むずかしい / hard), even (thirds), "
                          "steep (20/40/40)")
    mix.add_argument("--ages", default=None, choices=tuple(AGES), metavar="AGES",
                     help="the children's ages, for the grades and sizes: 4-6 (4〜6さい: 70%% かんたん "
                          "/ easy 5x5 to 7x7, 30%% ふつう / medium, no むずかしい / hard), 6-8 (50/40/10), "
                          "8-10 (30/40/30), 10+ (10さい から: 10/40/50, up to 30x30); named on the cover. "
                          "--size and --difficulty still win")
    p.add_argument("--per-page", type=whole_number(1, 12), default=2, metavar="N",
                   help="mazes a page (default 2)")
    p.add_argument("--pairs", action="store_true",
                   help="two mazes a page, an easier and a harder one side by side (the first half "
                        "of the book with the second), for two children or a second try")
    p.add_argument("--title", default=None, help="title on the cover and every page")
    p.add_argument("--lang", default=None, choices=("ja", "en"),
                   help="language of the printed words (default: Japanese on a Japanese locale, else English)")
    p.add_argument("--font", default=None, metavar="FILE",
                   help="font file for the text (.ttf/.otf/.ttc, FILE.ttc#N for a face; default: "
                        "$MEIRO_FONT, else a Japanese font found on the system)")
    p.add_argument("--no-answers", action="store_true", help="leave out the answer pages")
    keys = p.add_mutually_exclusive_group()
    keys.add_argument("--keys-per-page", type=whole_number(1, 9), default=6, metavar="N",
                      help="small answer keys a page (default 6, at most 9; fewer when the mazes "
                           "are too large to read so small)")
    keys.add_argument("--full-answers", action="store_true",
                      help="print the answers full size, as many a page as the mazes")
    p.add_argument("--manifest", default=None, metavar="FILE.json",
                   help="also write the book's contents: each maze's number, page, grade, "
                        "difficulty, effort, recipe and the maze itself (as meiro.save writes .json)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the booklet; the exit status."""
    from ..render.booklet import GROWTH, SHAPE_LEAST, plan_book
    from ..generators import resolve_seed
    from ..render.book import book_texts, check_legible, check_title, largest_legible
    from ..text.messages import default_language
    from ..render import check_output
    from ..render.print_text import word
    from .output import one_output
    from .print_kinds import square_size

    from ..render.book import check_paper
    from ..render.page_layout import check_bleed

    one_output(args.output, ".pdf", "booklet")  # before the work: a wrong place costs nothing
    if args.pairs:
        args.per_page = 2  # an easy and a hard maze on each page
    if args.manifest is not None:
        one_output(args.manifest, ".json", "manifest")
    check_paper(args.paper)
    args.bleed = check_bleed(args.bleed or "0pt", args.paper)
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
    grows_to = AGES[args.ages].sizes["hard"][1] if args.ages is not None else GROWTH[1]
    most_w, most_h = args.size or [min(grows_to, side) for side in largest_legible(args.paper, args.per_page)]
    check_output("book.pdf", (2 * most_h + 1, 2 * most_w + 1), count=args.count,
                 per_page=args.per_page, answers=not args.no_answers)
    book_seed = resolve_seed(args.seed)
    font = print_font(book_texts(lang, title, book_seed), lang, args.font)
    check_title(title, args.paper, font)  # a title too long for the cover costs no maze

    mask_for = shape_masks(args)
    largest = largest_legible(args.paper, args.per_page)
    least = text_side(args, largest) if args.shape_text else SHAPE_LEAST.get(args.shape or "")
    book = plan_book(args.count, book_seed, size=args.size, level=args.difficulty,
                     algorithm=args.algorithm, goal=args.goal, mask_for=mask_for,
                     largest=largest, ramp=args.ramp, smallest=least, ages=args.ages)
    return _write(args, book, title, lang, book_seed, font, cover_maze(book_seed))


def cover_maze(seed: int) -> Maze:
    """The maze drawn into the cover: a wide, easy one, made from the book's seed."""
    from ..generators import generate
    from ..maze import Maze
    from ..render.booklet import book_seeds

    maze = generate(16, 7, algorithm="dig", goal="corner", seed=book_seeds(seed + 1, 1)[0])
    assert isinstance(maze, Maze)
    return maze


def _write(args: argparse.Namespace, book: list[BookMaze], title: str, lang: str, seed: int,
           font: PdfFont | None, cover: Maze | None) -> int:
    """Write the booklet (and its manifest, when asked for); the exit status."""
    from ..io.writing import write_atomic
    from ..render.book import book_pages, keys_that_fit, render_book
    from ..render.booklet import pair_easy_hard

    if args.pairs:
        book = pair_easy_hard(book)

    keys = None if args.full_answers else keys_that_fit(book, args.paper, args.keys_per_page)
    pdf = render_book(book, title=title, lang=lang, paper=args.paper, per_page=args.per_page,
                      answers=not args.no_answers, seed=seed, font=font, keys_per_page=keys,
                      bleed=args.bleed, cover_maze=cover, ages=args.ages)
    if args.manifest is not None:
        pages = book_pages(len(book), args.per_page, keys, not args.no_answers)
        write_atomic(args.manifest, manifest(book, pages, title=title, seed=seed, lang=lang,
                                             paper=args.paper, grid=args.grid, ages=args.ages))
    write_atomic(args.output, pdf)
    return 0


def manifest(book: list[BookMaze], pages: BookPages, *, title: str, seed: int, lang: str, paper: str,
             grid: str = "square", ages: str | None = None) -> bytes:
    """The book's contents as JSON: each maze in book order with its number, page, answer page,
    grade, difficulty (0 to 1), effort (cells), recipe and the maze (``meiro.save``'s .json).

    Examples
    --------
    >>> import json
    >>> from meiro.render.book import book_pages
    >>> from meiro.render.booklet import plan_book
    >>> book = plan_book(3, seed=1)
    >>> data = json.loads(manifest(book, book_pages(3, 2, 6), title="Mazes", seed=1, lang="en", paper="a4"))
    >>> [(m["number"], m["page"], m["answer_page"], m["grade"]) for m in data["mazes"]]
    [(1, 2, 5, 'easy'), (2, 2, 5, 'medium'), (3, 3, 5, 'hard')]
    >>> data["mazes"][0]["recipe"]["algorithm"], data["mazes"][0]["maze"]["width"]
    ('dig', 6)
    """
    import json
    import math

    from ..io.codecs import json_bytes

    mazes = []
    for i, entry in enumerate(book):
        maze = entry.maze
        recipe = maze.recipe
        mazes.append({
            "number": i + 1, "page": pages.maze_pages[i], "answer_page": pages.answer_pages[i],
            "grade": entry.grade, "difficulty": round(entry.difficulty, 4),
            "effort": None if math.isnan(entry.effort) else entry.effort,
            # the goal rule too (a maze file stores the goal cell): the recipe remakes the maze
            "recipe": {**recipe.to_dict(), "goal": recipe.goal} if recipe is not None else None,
            "maze": json.loads(json_bytes(maze))})
    data = {"title": title, "seed": seed, "lang": lang, "paper": paper, "grid": grid, "ages": ages,
            "count": len(book), "pages": pages.pages, "per_page": pages.per_page,
            "keys_per_page": pages.keys_per_page, "mazes": mazes}
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def shape_masks(args: argparse.Namespace) -> Callable[[int, int], NDArray[np.bool_]] | None:
    """``mask_for(width, height)``: the mask of ``--shape`` or ``--shape-text`` at a maze's size
    (each size made once), or None without one."""
    from ..generators.shapes import shape_mask

    if not args.shape and args.shape_text is None:
        return None
    # an empty --shape-text is a text shape too, refused in one line (not silently no shape)
    kind, text = ("text", args.shape_text) if args.shape_text is not None else (args.shape, None)
    font_file = args.font  # the character is drawn by Pillow, in this font or one found for it
    mask_for: Callable[[int, int], NDArray[np.bool_]] = lru_cache(maxsize=None)(
        lambda w, h: shape_mask(kind, w, h, text=text, font=font_file))
    if text is not None:
        mask_for(12, 12)  # a character the font lacks is refused before the mazes are made
    return mask_for


def text_side(args: argparse.Namespace, largest: tuple[int, int]) -> int:
    """The fewest cells a side at which ``--shape-text`` reads as its character
    (:func:`meiro.generators.shapes.legible_text_side`), checked against ``--size`` and
    against the ``largest`` size the page holds."""
    from ..errors import MazeError
    from ..generators.shapes import legible_text_side

    text = args.shape_text
    least = legible_text_side(text, args.font, most=max(largest))
    if least is None or least > min(largest):
        raise MazeError(f"{text!r} needs more cells a side to be recognisable than {args.paper} paper with "
                        f"{args.per_page} a page holds (at most {largest[0]}x{largest[1]}); choose fewer "
                        f"--per-page or a larger --paper")
    if args.size is not None and min(args.size) < least:
        raise MazeError(f"{text!r} is recognisable as a maze from {least}x{least} cells; choose "
                        f"--size {least}x{least} or larger")
    return least


def _run_kind(args: argparse.Namespace, lang: str, title: str) -> int:
    """``meiro book --grid KIND``: a booklet of a grid kind's mazes, graded by size
    (:mod:`meiro.render.kind_booklet`); every option is checked before a maze is made."""
    from ..generators import resolve_seed
    from ..kinds import check_size, geometry_of
    from ..render.book import book_texts, check_kind_legible, check_title, kind_fits
    from ..render.kind_booklet import GRADE_SIDES, kind_size, plan_kind_book
    from ..render.pdf import check_kind_pdf
    from ..render.book import check_paper
    from ..render.page_layout import check_bleed
    from .output import one_output
    from .print_kinds import check_kind_options

    if args.manifest is not None:
        one_output(args.manifest, ".json", "manifest")
    check_paper(args.paper)
    args.bleed = check_bleed(args.bleed or "0pt", args.paper)
    kind = args.grid
    check_kind_options(kind, args.algorithm, args.goal, bool(args.shape) or args.shape_text is not None,
                       args.shape_text is not None)
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

    shares = AGES[args.ages].shares if args.ages is not None else None  # a kind keeps its own sizes
    book = plan_kind_book(kind, args.count, book_seed, size=size, level=args.difficulty,
                          algorithm=args.algorithm, goal=args.goal, fits=fits, mask_for=mask_for,
                          shares=shares)
    return _write(args, book, title, lang, book_seed, font, None)


def print_font(texts: str, lang: str, named: str | None) -> PdfFont | None:
    """The embedded font for a printed text, or None when Helvetica draws it all (English,
    printable ASCII, no font named)."""
    from ..text.fonts import find_font, is_plain
    from ..render.pdf_font import PdfFont

    if named is None and lang == "en" and is_plain(texts):
        return None
    return PdfFont(find_font(texts, explicit=named))

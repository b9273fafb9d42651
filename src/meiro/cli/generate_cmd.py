"""``meiro generate``: make a maze, print it, optionally solve, save and draw it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .. import generate, solve
from ..io.codecs import encode
from ..io.formats import FORMATS
from ..goals import GOALS
from ..registry import GENERATORS, SOLVERS
from ..text.maze_text import text_lines
from ..text.styles import STYLES
from .args import add_size_options, chosen_size, seed, share
from .console import as_shown
from .output import load_algorithms, notice_if_slow, print_lines
from ..io.writing import OutputSet
from .render_cmd import (add_format_option, add_picture_options, check_pictures, is_picture, picture_bytes,
                         planned_outputs)

if TYPE_CHECKING:
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro generate`` and its options to the command's subparsers."""
    p = subparsers.add_parser("generate", help="generate a maze and print it",
                              description="Generate a maze, print it, and optionally solve and save it.")
    add_size_options(p)
    p.add_argument("--seed", type=seed, default=None, help="same seed, same maze (default: a fresh one)")
    p.add_argument("--algorithm", "-a", default="dig", choices=GENERATORS.choices(), metavar="NAME",
                   help=f"generator: {', '.join(GENERATORS.names())} (default dig = 穴掘り法)")
    p.add_argument("--goal", default="corner", choices=GOALS,
                   help="corner (bottom-right), farthest (from the start), diameter (longest path)")
    p.add_argument("--braid", type=share, default=0.0, metavar="P",
                   help="remove this share (0-1) of the dead ends, making loops (default 0)")
    p.add_argument("--mask", default=None, metavar="FILE",
                   help="carve only inside a shape: a text picture ('.' inside, '#' outside) or a "
                        "black-and-white PNG (light inside), one character or pixel per cell; "
                        "sets the size unless --size/--blocks is given")
    p.add_argument("--style", default="hash", choices=tuple(STYLES), help="text look (default hash)")
    p.add_argument("--solve", default=None, choices=SOLVERS.choices(), metavar="METHOD",
                   help=f"overlay the solution found by: {', '.join(SOLVERS.names())}")
    p.add_argument("-o", "--output", action="append", default=[], metavar="FILE",
                   help=f"also save the maze ({', '.join(FORMATS.suffixes('data'))}) or draw it "
                        f"({', '.join(FORMATS.suffixes('picture'))}: a picture, or a page to play "
                        "it in a browser); repeat for several files")
    add_format_option(p, FORMATS.names())
    p.add_argument("--quiet", "-q", action="store_true", help="do not print the maze")
    p.add_argument("--stream", action="store_true",
                   help="with --algorithm eller: print the maze row by row as it is made, in "
                        "constant memory, however tall (the same maze as without --stream)")
    add_picture_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Make the maze, print it unless ``--quiet``, solve, save and draw as asked; the exit status."""
    if args.stream:
        return run_stream(args)
    mask = None
    if args.mask:
        from ..generators.masking import load_mask  # (its kernels load only for --mask)

        mask = load_mask(args.mask)
    if mask is not None and args.size is None and args.blocks is None:
        height, width = mask.shape
    else:
        width, height = chosen_size(args)
    with OutputSet() as outputs:  # every -o is checked before the work, and written all or none
        plan = planned_outputs(args, outputs, FORMATS.names())
        check_pictures(plan, args, (2 * height + 1, 2 * width + 1))
        load_algorithms(GENERATORS.get(args.algorithm), SOLVERS.get(args.solve) if args.solve else None,
                        cells=width * height)
        with notice_if_slow():
            maze = generate(width, height, algorithm=args.algorithm, seed=args.seed,
                            goal=args.goal, braid=args.braid, mask=mask)
            solution = solve(maze, args.solve) if args.solve else None
        for target, fmt in plan:
            outputs.write(target, picture_bytes(maze, fmt, args, solution) if is_picture(fmt)
                          else encode(maze, fmt))
    path = solution.path if solution is not None else None
    if not args.quiet:
        print_lines(as_shown(text_lines(maze, style=args.style, path=path), args.style))
    return 0


def run_stream(args: argparse.Namespace) -> int:
    """``--stream``: Eller's rows printed as they are made; nothing else is asked of the maze."""
    from ..errors import MazeError
    from ..generators import eller_stream
    from ..text.maze_text import row_lines

    refused = [name for name, given in (
        ("--algorithm other than eller", GENERATORS.get(args.algorithm).name != "eller"),
        ("--goal other than corner", args.goal != "corner"), ("--braid", args.braid > 0),
        ("--mask", args.mask is not None), ("--solve", args.solve is not None),
        ("-o", bool(args.output)), ("--quiet", args.quiet)) if given]
    if refused:
        raise MazeError(f"--stream prints an eller maze as it is made; it cannot take {refused[0]}")
    width, height = chosen_size(args)
    rows = eller_stream(width, height, args.seed)
    print_lines(as_shown(row_lines(rows, (1, 1), (2 * height - 1, 2 * width - 1), style=args.style),
                         args.style))
    return 0

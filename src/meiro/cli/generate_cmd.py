"""``meiro generate``: make a maze, print it, optionally solve, save and draw it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .. import generate, solve
from ..io.codecs import encode
from ..io.formats import FORMATS
from ..registry import GENERATORS, SOLVERS
from ..text.maze_text import text_lines
from ..text.styles import STYLES
from ..errors import MazeError
from ..io.codecs import check_graph_format, json_bytes
from ..io.graph_json import WRITE_COST, check_memory, counted, square_of
from ..kinds import KINDS
from ..kinds import _cell_count as cell_count
from ..kinds.geometry import MAX_CELLS
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .args import add_grid_options, add_recipe_options, chosen_size, grid_size, kind_recipe_of_args, recipe_of_args
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
    add_grid_options(p)
    add_recipe_options(p, with_mask=True)
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
    if args.grid != "square":
        return run_kind(args)
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
        recipe = recipe_of_args(args, width, height, mask=mask)
        load_algorithms(GENERATORS.get(recipe.algorithm), SOLVERS.get(args.solve) if args.solve else None,
                        cells=width * height)
        with notice_if_slow():
            maze = generate(recipe)
            assert isinstance(maze, Maze)  # (the square grid's recipe)
            solution = solve(maze, args.solve) if args.solve else None
        for target, fmt in plan:
            outputs.write(target, picture_bytes(maze, fmt, args, solution) if is_picture(fmt)
                          else encode(maze, fmt))
    path = solution.path if solution is not None else None
    if not args.quiet:
        print_lines(as_shown(text_lines(maze, style=args.style, path=path), args.style))
    return 0


def run_kind(args: argparse.Namespace) -> int:
    """``--grid KIND`` other than square: make a :class:`~meiro.kinds.maze.GraphMaze`, solve, save and
    draw it; the terminal gets a weave maze's text picture, every other kind's summary."""
    mask = None
    if args.mask:
        if not KINDS[args.grid].masks:  # (before the picture is read)
            raise MazeError(f"--mask cuts {', '.join(k for k, kind in KINDS.items() if kind.masks)} mazes, "
                            f"not {args.grid} ones")
        from ..generators.masking import load_mask

        mask = load_mask(args.mask)
    if mask is not None and args.size is None and args.blocks is None:
        size: tuple[int, ...] = (mask.shape[1], mask.shape[0])
    else:
        size = grid_size(args)
    with OutputSet() as outputs:  # every -o is checked before the work, and written all or none
        plan = planned_outputs(args, outputs, FORMATS.names())
        for _target, fmt in plan:
            check_graph_format(args.grid, fmt)
        recipe = kind_recipe_of_args(args, size, mask=mask)
        cells = cell_count(args.grid, size)
        if cells > MAX_CELLS:  # (as making it would say, before any other check)
            raise MazeError(f"a maze may have at most {MAX_CELLS:,} cells; a {args.grid} maze of size "
                            f"{'x'.join(map(str, size))} would have {counted(cells)}")
        check_pictures([(t, f) for t, f in plan if is_picture(f)], args, square_of(cells))
        if any(not is_picture(fmt) for _target, fmt in plan):
            check_memory(cells * WRITE_COST, f"the JSON file of a {cells:,}-cell {args.grid} maze")
        load_algorithms(GENERATORS.get(recipe.algorithm), SOLVERS.get(args.solve) if args.solve else None,
                        cells=cells)
        with notice_if_slow():
            made = generate(recipe)
            assert isinstance(made, GraphMaze)  # (every kind but the square makes one)
            maze: Any = made  # solve() and the pictures take either kind of maze
            solution = solve(maze, args.solve) if args.solve else None
        path = None if solution is None else solution.path
        for target, fmt in plan:
            outputs.write(target, picture_bytes(maze, fmt, args, solution) if is_picture(fmt)
                          else json_bytes(made, path))
    if not args.quiet:
        if made.kind == "weave":  # the one kind with a text form: its crossings as bridges
            print_lines(as_shown(text_lines(made, style=args.style, path=path), args.style))
        else:
            print_lines(summary_lines(made, path))
    return 0


def summary_lines(maze: GraphMaze, path: Any = None) -> list[str]:
    """What the terminal shows of a grid kind's maze: its kind, size, recipe, ends and solution.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, grid="hex", seed=4)
    >>> print("\\n".join(summary_lines(m, [0, 1])))
    hex maze 3x2 (6 cells), dig seed 4: start cell 0, goal cell 5
    solution: 1 step through cells 0 1
    (a text picture is for square and weave mazes: draw this one with -o maze.svg or -o maze.png)
    """
    size = "x".join(str(v) for v in maze.size)
    made = f", {maze.algorithm} seed {maze.seed}" if maze.generation else ""
    lines = [f"{maze.kind} maze {size} ({maze.cells:,} cells){made}: start cell {maze.start}, "
             f"goal cell {maze.goal}"]
    if path is not None:
        cells = [int(c) for c in path]
        shown = " ".join(map(str, cells[:40])) + (" ..." if len(cells) > 40 else "")
        lines.append(f"solution: {len(cells) - 1} step{'s' if len(cells) != 2 else ''} through cells {shown}")
    lines.append("(a text picture is for square and weave mazes: draw this one with -o maze.svg or -o maze.png)")
    return lines


def run_stream(args: argparse.Namespace) -> int:
    """``--stream``: Eller's rows printed as they are made; nothing else is asked of the maze."""
    from ..generators import eller_stream
    from ..text.maze_text import row_lines

    refused = [name for name, given in (
        ("--algorithm other than eller", GENERATORS.get(args.algorithm).name != "eller"),
        ("--goal other than corner", args.goal != "corner"), ("--braid", args.braid > 0),
        ("--mask", args.mask is not None), ("--solve", args.solve is not None),
        (f"--grid {args.grid}", args.grid != "square"),
        ("-o", bool(args.output)), ("--quiet", args.quiet)) if given]
    if refused:
        raise MazeError(f"--stream prints an eller maze as it is made; it cannot take {refused[0]}")
    width, height = chosen_size(args)
    rows = eller_stream(width, height, args.seed)
    print_lines(as_shown(row_lines(rows, (1, 1), (2 * height - 1, 2 * width - 1), style=args.style),
                         args.style))
    return 0

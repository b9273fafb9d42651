"""``meiro solve``: load a maze file, solve it, print it with the path."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..io.formats import FORMATS
from .. import load, solve
from ..kinds.maze import GraphMaze
from ..registry import SOLVERS
from ..text.maze_text import text_lines
from ..text.styles import STYLES
from .console import as_shown
from .output import load_algorithms, print_lines

if TYPE_CHECKING:
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro solve`` and its options to the command's subparsers."""
    p = subparsers.add_parser("solve", help="solve a saved maze and print the path",
                              description=f"Solve a maze file ({FORMATS.suffix_list(readable=True)}) and print it "
                                          "with its path.")
    p.add_argument("file", help="maze file written by 'meiro generate -o' (or a text maze); a grid "
                                "kind's file (--grid) prints its summary and the path's cells")
    p.add_argument("--method", "-m", default="astar", choices=SOLVERS.choices(), metavar="METHOD",
                   help=f"solver: {', '.join(SOLVERS.names())} (default astar)")
    p.add_argument("--style", default="hash", choices=tuple(STYLES), help="text look (default hash)")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the path length")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Load the maze file, solve it and print it with the path; the exit status."""
    maze = load(args.file)
    if isinstance(maze, GraphMaze):
        return _solve_kind(maze, args)
    load_algorithms(SOLVERS.get(args.method), cells=maze.width * maze.height)
    solution = solve(maze, args.method)
    if not args.quiet:
        print_lines(as_shown(text_lines(maze, style=args.style, path=solution.path), args.style))
    print(f"path length: {solution.length} steps ({solution.method} expanded "
          f"{solution.expanded} positions)", file=sys.stdout)
    return 0


def _solve_kind(maze: GraphMaze, args: argparse.Namespace) -> int:
    """A grid kind's maze: its summary and the path's cells (a text picture is the square grid's)."""
    from .generate_cmd import summary_lines

    load_algorithms(SOLVERS.get(args.method), cells=maze.cells)
    either: Any = maze  # solve() takes either kind of maze
    path = [int(c) for c in solve(either, args.method).path]
    if not args.quiet:
        print_lines(as_shown(text_lines(maze, style=args.style, path=path), args.style) if maze.kind == "weave"
                    else summary_lines(maze, path))
    print(f"path length: {len(path) - 1} steps ({SOLVERS.get(args.method).name})", file=sys.stdout)
    return 0

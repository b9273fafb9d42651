"""``meiro stats``: the figures of a maze file, or the average over N generated mazes."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..io.formats import FORMATS
from .. import generate, load
from ..generators import resolve_seed
from ..goals import GOALS
from ..registry import GENERATORS
from ..analysis.difficulty import difficulty_score, grade
from ..analysis.stats import maze_stats, summarize
from ..kinds import _cell_count
from ..kinds.maze import GraphMaze
from .args import add_grid_options, grid_size, kind_recipe_of_args, seed, share, whole_number
from .output import load_algorithms

if TYPE_CHECKING:
    from ..analysis.stats import MazeStats
    from .args import Subparsers

#: (key, label, format) of each table row
ROWS = (
    ("cells", "cells", "{:.0f}"),
    ("dead_ends", "dead ends", "{:.1f}"),
    ("dead_end_share", "dead-end share", "{:.1%}"),
    ("degree_counts", "cells by openings 1/2/3/4", None),
    ("solution_length", "solution length (steps)", "{:.1f}"),
    ("solution_share", "solution share of cells", "{:.1%}"),
    ("longest_path", "longest path (steps)", "{:.1f}"),
    ("average_corridor", "average corridor (steps)", "{:.2f}"),
    ("turns", "turns along the solution", "{:.1f}"),
    ("decision_points", "decision points on the solution", "{:.1f}"),
    ("difficulty", "difficulty (0 easy - 1 hard)", None),
)


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro stats`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "stats", help="dead ends, junctions, solution and corridor figures of mazes",
        description="Print the statistics of a maze file, or their mean over COUNT mazes generated "
                    "with --algorithm and --size (seeds SEED, SEED+1, ...). Definitions: "
                    "dead end = cell with one opening; corridor = a run of cells with two "
                    "openings between cells with other counts; longest path = the maze's diameter; "
                    "decision point = a cell of the solution where a wrong turn can be taken; "
                    "difficulty = 0 to 1 from the solution's winding and its decision points "
                    "(below 1/3 easy, from 2/3 hard; see meiro.analysis.difficulty).")
    p.add_argument("file", nargs="?", default=None, help=f"a maze file ({FORMATS.suffix_list(readable=True)})")
    p.add_argument("--algorithm", "-a", default="dig", choices=GENERATORS.choices(), metavar="NAME",
                   help="generator for generated mazes (default dig)")
    add_grid_options(p)
    p.add_argument("--count", "-n", type=whole_number(1, 100_000), default=1, help="how many mazes to average (default 1)")
    p.add_argument("--seed", type=seed, default=None, help="seed of the first maze (default: fresh)")
    p.add_argument("--braid", type=share, default=0.0, metavar="P", help="braid share (0-1)")
    p.add_argument("--goal", default="corner", choices=GOALS, help="goal rule (default corner)")
    p.add_argument("--each", action="store_true",
                   help="with --count: one line a maze (seed, solution, decision points, difficulty) "
                        "before the means")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(run=run)


def _format(key: str, fmt: str | None, value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if key == "difficulty":
        return f"{value:.2f} ({grade(value)})"
    if key == "degree_counts":
        return " / ".join(f"{v:.0f}" if float(v).is_integer() else f"{v:.1f}" for v in value[1:])
    if fmt is None:  # (ROWS gives every other key a format)
        raise ValueError(f"no format for the row {key!r}")
    return fmt.format(value)


def _with_difficulty(figures: dict[str, Any]) -> dict[str, Any]:
    """``figures`` (a maze's) with its ``difficulty`` (:mod:`meiro.analysis.difficulty`; None without a path)."""
    if figures["solution_length"] is None:
        return {**figures, "difficulty": None}
    value = float(difficulty_score(figures["cells"], figures["solution_length"], figures["decision_points"]))
    return {**figures, "difficulty": value}


def _print_each(seeds: list[int], figures: list[MazeStats]) -> None:
    """One line a maze: its seed, solution, decision points, dead ends and difficulty."""
    print(f"{'seed':>20}  {'solution':>8}  {'decisions':>9}  {'dead ends':>9}  difficulty")
    for maze_seed, f in zip(seeds, figures):
        d = _with_difficulty(f.as_dict())["difficulty"]
        shown = "-" if d is None else f"{d:.2f} {grade(d)}"
        length = "-" if f.solution_length is None else f.solution_length
        decisions = "-" if f.decision_points is None else f.decision_points
        print(f"{maze_seed:>20}  {length:>8}  {decisions:>9}  {f.dead_ends:>9}  {shown}")
    print()


def run(args: argparse.Namespace) -> int:
    """Print the figures of a maze file, or the means over generated mazes; the exit status."""
    about: dict[str, Any]
    if args.file:
        maze: Any = load(args.file)  # a Maze or a GraphMaze: the statistics take either
        load_algorithms(cells=maze.cells if isinstance(maze, GraphMaze) else maze.width * maze.height)
        result = _with_difficulty(maze_stats(maze).as_dict())
        about = {"file": args.file}
    else:
        size = grid_size(args)
        recipe = kind_recipe_of_args(args, size)  # the kind, size and generator checked before any work
        first = resolve_seed(args.seed)
        load_algorithms(GENERATORS.get(args.algorithm), cells=_cell_count(args.grid, size) * args.count)
        mazes: Iterator[Any] = (generate(recipe.replace(seed=(first + i) % 2**64))
                                for i in range(args.count))
        figures = [maze_stats(m) for m in mazes]
        result = summarize(figures)
        each = [_with_difficulty(f.as_dict())["difficulty"] for f in figures]
        known = [d for d in each if d is not None]
        result["difficulty"] = sum(known) / len(known) if known else None
        shape: dict[str, Any] = {"width": size[0], "height": size[1]} if args.grid == "square" else {
            "grid": args.grid, "size": "x".join(map(str, size))}
        about = {"algorithm": GENERATORS.get(args.algorithm).name, **shape,
                 "seed": first, "count": args.count, "braid": args.braid}
        if args.each:
            seeds = [(first + i) % 2**64 for i in range(args.count)]
            if args.json:
                result["mazes"] = [{"seed": seed, **_with_difficulty(f.as_dict())}
                                   for seed, f in zip(seeds, figures)]
            else:
                _print_each(seeds, figures)
    if args.json:
        print(json.dumps({**about, **result}, ensure_ascii=False, indent=1))
        return 0
    title = ", ".join(f"{k} {v}" for k, v in about.items())
    if "count" in about:
        title += " (means)"
    print(title)
    width = max(len(label) for _, label, _ in ROWS)
    for key, label, fmt in ROWS:
        print(f"  {label:<{width}}  {_format(key, fmt, result[key])}")
    return 0

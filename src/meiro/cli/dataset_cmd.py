"""``meiro dataset``: many mazes (and their solutions) in one ``.npz`` file of stacked arrays."""

from __future__ import annotations

import sys

from ..batch import MAX_COUNT, generate_batch
from ..writing import write_atomic
from ..generate import resolve_seed
from ..goals import GOALS
from ..registry import GENERATORS, SOLVERS
from .args import add_size_options, chosen_size, seed, share, whole_number
from .output import one_output, report


def add_parser(subparsers) -> None:
    """Add ``meiro dataset`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "dataset", help="many mazes (and solutions) as stacked arrays in one .npz file",
        description="Make COUNT mazes of one size into an .npz file of stacked arrays: grids "
                    "(COUNT x rows x cols, True = wall), starts, goals, seeds, and with --solve the "
                    "solution of each (paths, lengths). Each maze's seed is derived from --seed and "
                    "its number (so batches of different seeds share no mazes) and recorded in "
                    "'seeds': any one maze can be made again with 'meiro generate --seed'. "
                    "--jobs N shares the work between N threads (processes for a solver other "
                    "than bfs on a maze with loops) and gives the same file. A progress bar shows "
                    "on a terminal. "
                    "Read it with numpy.load(FILE).")
    p.add_argument("--count", "-n", type=whole_number(1, MAX_COUNT), default=1000,
                   help="how many mazes (default 1000)")
    add_size_options(p)
    p.add_argument("--algorithm", "-a", default="dig", choices=GENERATORS.choices(), metavar="NAME",
                   help=f"generator: {', '.join(GENERATORS.names())} (default dig)")
    p.add_argument("--goal", default="corner", choices=GOALS, help="goal rule (default corner)")
    p.add_argument("--braid", type=share, default=0.0, metavar="P", help="braid share (0-1)")
    p.add_argument("--seed", type=seed, default=None,
                   help="batch seed, from which each maze's seed is derived (default: fresh)")
    p.add_argument("--solve", default=None, choices=SOLVERS.choices(), metavar="METHOD",
                   help=f"also store each solution, found by: {', '.join(SOLVERS.names())}")
    p.add_argument("--jobs", "-j", type=whole_number(1, 256), default=1,
                   help="workers to share the work (default 1; the file is the same)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.npz", help="the file to write")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="no progress bar (shown on a terminal only) and no closing line")
    p.set_defaults(run=run)


def run(args) -> int:
    """Make the mazes and write the file; the exit status."""
    target = one_output(args.output, ".npz", "dataset")  # before the work: a wrong place costs nothing
    width, height = chosen_size(args)
    batch_seed = resolve_seed(args.seed)
    batch = generate_batch(args.count, width, height, algorithm=args.algorithm, seed=batch_seed,
                           goal=args.goal, braid=args.braid, solver=args.solve, jobs=args.jobs,
                           progress=not args.quiet and _on_terminal(sys.stderr))
    write_atomic(args.output, batch.to_npz())
    if not args.quiet:
        report(f"wrote {len(batch)} mazes of {width}x{height} cells to {args.output} "
               f"(batch seed {batch_seed})", target)
    return 0


def _on_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False

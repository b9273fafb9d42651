"""``meiro dataset``: many mazes (and their solutions) as one ``.npz`` file of stacked arrays,
or as a folder of Parquet shards with a dataset card, ready for the Hugging Face Hub."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING, TextIO
from collections.abc import Callable, Iterator

from ..batch import MAX_COUNT, generate_batch, progress_bar
from ..dataset.build import build_dataset, collect_batch
from ..dataset.spec import DEDUPES, EXTRAS, FORMATS, GRIDS, DatasetSpec, Filters, check_splits
from ..analysis.difficulty import difficulty_range
from ..errors import MazeError
from ..io.writing import write_atomic
from ..generators import resolve_seed
from ..kinds import KINDS
from ..recipe import Recipe
from ..registry import GENERATORS, SOLVERS
from ..text.tasks import TEXT_FORMATS
from .args import add_recipe_options, add_size_options, cells, recipe_of_args, whole_number
from .output import one_output, report

if TYPE_CHECKING:
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro dataset`` and its options to the command's subparsers."""
    # "resolve": this command's --grid (kinds, and the square grid's storage) is the one it keeps,
    # whatever the shared recipe options add
    p = subparsers.add_parser(
        "dataset", conflict_handler="resolve",
        help="many mazes (and solutions): an .npz file, or Parquet shards for the Hub",
        description="Make COUNT mazes of one size. Into an .npz file of stacked arrays: grids "
                    "(COUNT x rows x cols, True = wall), starts, goals, seeds, and with --solve the "
                    "solution of each (paths, lengths). Each maze's seed is derived from --seed and "
                    "its number (so batches of different seeds share no mazes) and recorded in "
                    "'seeds': any one maze can be made again with 'meiro generate --seed'. "
                    "--jobs N shares the work between N threads (processes for a solver other "
                    "than bfs on a maze with loops) and gives the same file. A progress bar shows "
                    "on a terminal. "
                    "Read it with numpy.load(FILE). "
                    "Or (--format parquet, or -o naming a folder) into Parquet shards with a dataset "
                    "card (README.md): one row per maze with its grid, ends, shortest solution, "
                    "statistics and difficulty, loaded by datasets.load_dataset('parquet', ...) "
                    "with its feature types; the same files for any -j or Dask cluster (--scheduler). "
                    "Filters (--min-length, --difficulty, ...) keep drawing mazes in seed order "
                    "until COUNT pass, and say how many were drawn. "
                    "--grid hex (theta, triangle, weave) makes mazes of another grid kind: each row "
                    "holds its open passages as pairs of cell numbers, and geometry.json beside the "
                    "card the cells' centres and neighbours. "
                    "--format jsonl (or -o FILE.jsonl) writes text tasks for language models, one JSON "
                    "line a maze with its prompt and answer in --text-format (check answers with "
                    "meiro verify).")
    p.add_argument("--count", "-n", type=whole_number(1, MAX_COUNT), default=1000,
                   help="how many mazes (default 1000)")
    add_size_options(p)
    # every kind's size form (R rings, WxH, WxHxL); this replaces the shared --size ("resolve")
    p.add_argument("--size", type=_size, default=None, metavar="SIZE",
                   help="size in cells: WxH (default 15x15), R rings for --grid theta, WxHxL for --grid 3d")
    add_recipe_options(p, seed="batch seed, from which each maze's seed is derived (default: fresh)",
                       algorithm=f"generator: {', '.join(GENERATORS.names())} (default dig)",
                       goal="goal rule (default corner)", braid="braid share (0-1)")
    p.add_argument("--solve", default=None, choices=SOLVERS.choices(), metavar="METHOD",
                   help=f"also store each solution, found by: {', '.join(SOLVERS.names())}")
    p.add_argument("--jobs", "-j", type=whole_number(1, 256), default=1,
                   help="workers to share the work (default 1; the file is the same)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.npz|FOLDER",
                   help="the .npz file, or the folder (or fsspec URL) of Parquet shards")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="npz, parquet or jsonl (default: npz or jsonl for an output ending so, else parquet)")
    p.add_argument("--text-format", choices=TEXT_FORMATS, default="ascii",
                   help="the prompt and answer columns' format: ascii (the picture, the answer's path "
                        "marked 'o'), moves (U/D/L/R), coords ((row,col) of the picture) or aotp "
                        "(maze-dataset's tokens, in cells); default ascii")
    f = p.add_argument_group("filters (drawn in seed order until COUNT mazes pass)")
    f.add_argument("--min-length", type=whole_number(0, 2**40), default=None, metavar="STEPS",
                   help="solution at least STEPS cell-to-cell steps long")
    f.add_argument("--max-length", type=whole_number(0, 2**40), default=None, metavar="STEPS",
                   help="solution at most STEPS steps long")
    f.add_argument("--min-dead-ends", type=whole_number(0, 2**40), default=None, metavar="N",
                   help="at least N dead ends")
    f.add_argument("--difficulty", type=_difficulty, default=None, metavar="WORD|X",
                   help="easy, medium, hard (thirds of 0-1) or a number X (X-0.05 to X+0.05); "
                        "see meiro stats and meiro.analysis.difficulty")
    f.add_argument("--dead-end-ends", action="store_true",
                   help="start and goal both in dead ends (as maze-dataset's endpoint rules)")
    f.add_argument("--dedupe", nargs="?", const="exact", default=None, choices=DEDUPES,
                   help="no maze twice (the first of each is kept); 'symmetry': no puzzle twice, a "
                        "maze's rotations and reflections counting as the same")
    f.add_argument("--exclude", nargs="+", default=(), metavar="DIR",
                   help="no puzzle (up to rotation and reflection) of these meiro datasets (folders "
                        "or URLs), e.g. a test set made earlier")
    f.add_argument("--path-length", type=_band, default=None, metavar="N|N-M",
                   help="put the goal N (or N to M) cell steps from the start, on a cell chosen by "
                        "the maze's seed: exact lengths without drawing again (mazes with no cell "
                        "that far are skipped)")
    f.add_argument("--max-draws", type=whole_number(1, 2**62), default=None, metavar="N",
                   help="give up after N draws (default with filters: 100 x COUNT, at least 1,000,000)")
    q = p.add_argument_group("Parquet shards")
    q.add_argument("--with", dest="extras", type=_extras, default=(), metavar="COLUMNS",
                   help=f"extra columns, comma-separated: {', '.join(EXTRAS)} (pixels: the "
                        "easy-to-hard input and target pictures)")
    p.add_argument("--grid", dest="grid_choice", choices=(*KINDS, *GRIDS), default="square", metavar="KIND",
                   help=f"the grid kind: {', '.join(KINDS)} (default square; theta's --size is its rings). "
                        "For square mazes in Parquet, 'array' (the default) or 'bits' chooses how each "
                        "grid is stored instead: array, an Array2D of bools; bits, its rows' bits packed in "
                        "one binary value, a smaller file (meiro.dataset.shards.unpack_grid)")
    q.add_argument("--split", type=_splits, default=(), metavar="NAME=SHARE,...",
                   help="splits by puzzle, e.g. train=0.8,validation=0.1,test=0.1: a maze and its "
                        "rotations and reflections always land in one split (by a hash of its "
                        "canonical form); datasets.load_dataset(FOLDER) gives them")
    q.add_argument("--block", type=whole_number(1, 64), default=2, metavar="PX",
                   help="pixels a block in the pictures (default 2)")
    q.add_argument("--shard-draws", type=whole_number(1, 10**8), default=None, metavar="N",
                   help="draws a shard (default: as many as keep a shard under 400 MB, at most 100,000)")
    q.add_argument("--resume", action="store_true",
                   help="finish a dataset in a folder that holds part of it (shards that pass their "
                        "checksums are kept, the others made again)")
    q.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="make the shards on a Dask cluster (tcp://HOST:8786), or 'local' for a "
                        "LocalCluster here; pip install \"meiro[dask]\"")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="no progress bar (shown on a terminal only) and no closing line")
    p.set_defaults(run=run)


def _difficulty(text: str) -> tuple[float, float]:
    try:
        return difficulty_range(text)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _band(text: str) -> tuple[int, int]:
    """argparse type for ``--path-length``: ``N`` or ``N-M`` cell steps."""
    parts = text.split("-")
    if not 1 <= len(parts) <= 2 or not all(p.strip().isdigit() and len(p.strip()) <= 12 for p in parts):
        raise argparse.ArgumentTypeError(f"path length must be N or N-M cell steps (e.g. 40 or 40-50), got {text!r}")
    low, high = int(parts[0]), int(parts[-1])
    if not 1 <= low <= high:
        raise argparse.ArgumentTypeError(f"path length {text!r} must be at least 1, low to high")
    return low, high


def _splits(text: str) -> tuple[tuple[str, float], ...]:
    """argparse type for ``--split``: ``NAME=SHARE`` pairs, comma-separated (checked by the spec)."""
    out = []
    for part in text.split(","):
        name, _, share = part.partition("=")
        try:
            value = float(share)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a split is NAME=SHARE (e.g. train=0.8), got {part.strip()!r}") from None
        out.append((name.strip(), value))
    try:
        return check_splits(out)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _extras(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    for name in names:
        if name not in EXTRAS:
            raise argparse.ArgumentTypeError(f"unknown column {name!r}; choose from: {', '.join(EXTRAS)}")
    return names


def _format(args: argparse.Namespace) -> str:
    """The format asked for, or the output's name tells: FILE.npz, or a folder (no extension) or URL."""
    if args.format:
        chosen: str = args.format  # (one of FORMATS)
        return chosen
    name = args.output.rstrip("/")
    last = name.rsplit("/", 1)[-1]
    if "://" in name:
        return "parquet"
    if last.lower().endswith(".jsonl"):
        return "jsonl"
    if os.path.exists(name) and not os.path.isdir(name):
        return "npz"  # a file, a device or a pipe (/dev/stdout) takes the one file's bytes
    return "parquet" if "." not in last.lstrip(".") else "npz"  # one_output insists on .npz


def _size(text: str) -> tuple[int, ...]:
    """argparse type for ``--size``: one to three whole numbers joined by ``x`` (the kind checks
    which form it takes: :func:`meiro.kinds.check_size`)."""
    parts = text.lower().split("x")
    if not 1 <= len(parts) <= 3 or not all(p.isdigit() and len(p) <= 9 and int(p) > 0 for p in parts):
        raise argparse.ArgumentTypeError(f"size must look like WIDTHxHEIGHT in cells (e.g. 15x15), R rings "
                                         f"for theta or WxHxL for 3d, got {text!r}")
    if len(parts) == 2:
        return cells(text)  # the square grid's own checks and messages
    return tuple(int(p) for p in parts)


def _chosen(args: argparse.Namespace) -> tuple[int, ...]:
    """The size given (``--size`` or ``--blocks``), or the default, as the kind takes it."""
    if args.size is not None and args.blocks is not None:
        raise MazeError("give --size or --blocks, not both")
    size: tuple[int, ...] = args.size or args.blocks or args.default_size
    if args.grid == "square" or (args.grid != "3d" and len(size) == 1):
        if len(size) == 3:
            raise MazeError(f"a {args.grid} maze's size is two numbers, WIDTHxHEIGHT in cells (e.g. 15x15), "
                            f"got {'x'.join(map(str, size))}")
        return (size[0], size[0]) if len(size) == 1 else size
    from ..kinds import check_size

    return check_size(args.grid, size)


def _grid_choice(args: argparse.Namespace) -> None:
    """``--grid``'s value as the kind (``args.grid``) and the square grid's storage (``args.store``)."""
    choice = args.grid_choice
    args.grid = choice if choice in KINDS else "square"
    args.store = choice if choice in GRIDS else "array"


def _size_text(args: argparse.Namespace) -> str:
    """The size as the closing line shows it: ``15x10`` cells, a theta maze's ``8 rings``."""
    size = _chosen(args)
    if args.grid == "theta":
        return f"{size[0]} rings"
    return f"{'x'.join(map(str, size))} cells"


def run(args: argparse.Namespace) -> int:
    """Make the mazes and write the file or the shards; the exit status."""
    _grid_choice(args)
    if _format(args) == "parquet":
        return _run_parquet(args)
    if _format(args) == "jsonl":
        return _run_jsonl(args)
    for flag, value in (("--with", args.extras), ("--resume", args.resume), (f"--grid {args.store}", args.store != "array"),
                        ("--scheduler", args.scheduler), ("--shard-draws", args.shard_draws)):
        if value:
            raise MazeError(f"{flag} is for Parquet shards (--format parquet)")
    if args.split:
        raise MazeError("--split is for Parquet shards (--format parquet)")
    if _filters(args).any() or args.dedupe or args.exclude or args.path_length:
        return _run_npz_filtered(args)
    target = one_output(args.output, ".npz", "dataset")  # before the work: a wrong place costs nothing
    recipe = _recipe(args)
    _prepare(args, DatasetSpec.of(args.count, recipe), batch=True)
    batch = generate_batch(args.count, recipe, solver=args.solve, jobs=args.jobs,
                           progress=not args.quiet and _on_terminal(sys.stderr))
    batch_seed = recipe.seed
    write_atomic(args.output, batch.to_npz())
    if not args.quiet:
        kind = "" if args.grid == "square" else f"{args.grid} "
        report(f"wrote {len(batch)} {kind}mazes of {_size_text(args)} to {args.output} "
               f"(batch seed {batch_seed})", target)
    return 0


def _on_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _filters(args: argparse.Namespace) -> Filters:
    return Filters(min_length=args.min_length, max_length=args.max_length,
                   min_dead_ends=args.min_dead_ends, difficulty=args.difficulty,
                   dead_end_ends=args.dead_end_ends)


def _recipe(args: argparse.Namespace) -> Recipe:
    """The mazes' recipe, its seed the batch seed (drawn when none is given, to be reported)."""
    size = _chosen(args)
    if len(size) == 1:  # theta's rings: its width and height
        size = (size[0], size[0])
    return recipe_of_args(args, size[0], size[1], seed=resolve_seed(args.seed), grid=args.grid,
                          **({"layers": size[2]} if len(size) > 2 else {}))


def _spec(args: argparse.Namespace, extras: tuple[str, ...] = ()) -> DatasetSpec:
    return DatasetSpec.of(args.count, _recipe(args), filters=_filters(args), dedupe=args.dedupe or False,
                          splits=args.split, exclude=tuple(args.exclude), path_length=args.path_length,
                          extras=extras, block=args.block, grid=args.store, text_format=args.text_format,
                          shard_draws=args.shard_draws or 0, max_draws=args.max_draws or 0)


def _run_npz_filtered(args: argparse.Namespace) -> int:
    """The .npz file of the mazes that pass the filters (every one with its breadth-first solution)."""
    target = one_output(args.output, ".npz", "dataset")
    if args.solve and args.braid and args.solve not in ("bfs", "dead-end-fill"):
        raise MazeError("filters measure the breadth-first solution: with --braid, use --solve bfs")
    spec = _spec(args)
    _prepare(args, spec)
    with _bar(args, spec.count) as advance:
        batch, drawn = collect_batch(spec, jobs=args.jobs, progress=advance)
    write_atomic(args.output, batch.to_npz())
    if not args.quiet:
        report(f"wrote {len(batch)} mazes of {_size_text(args)} to {args.output} "
               f"(batch seed {spec.seed}; {drawn:,} drawn, {len(batch) / drawn:.1%} passed the filters)",
               target)
    return 0


def _run_jsonl(args: argparse.Namespace) -> int:
    """Text tasks as JSON lines (:mod:`meiro.dataset.text_rows`)."""
    target = one_output(args.output, ".jsonl", "dataset")
    if args.grid != "square":
        raise MazeError(f"text tasks (--format jsonl) are for square mazes only: a {args.grid} maze has "
                        "no block picture or moves")
    other = [e for e in args.extras if e not in ("prompt", "answer")]
    for flag, value in (("--with " + ",".join(other), other), ("--resume", args.resume),
                        (f"--grid {args.store}", args.store != "array"), ("--scheduler", args.scheduler),
                        ("--solve", args.solve), ("--split", args.split)):
        if value:
            raise MazeError(f"{flag} is not for text tasks (--format jsonl)")
    from ..dataset.jsonl import write_jsonl

    spec = _spec(args, args.extras or ("prompt", "answer"))
    _prepare(args, spec)
    with _bar(args, spec.count) as advance:
        drawn = write_jsonl(spec, args.output, jobs=args.jobs, progress=advance)
    if not args.quiet:
        passed = f"; {drawn:,} drawn" if drawn != spec.count else ""
        report(f"wrote {spec.count:,} {spec.text_format} text tasks of {_size_text(args)} mazes to "
               f"{args.output} (batch seed {spec.seed}{passed})", target)
    return 0


def _run_parquet(args: argparse.Namespace) -> int:
    """Parquet shards and the dataset card in the output folder."""
    if args.solve not in (None, "bfs", "dead-end-fill") and args.braid:
        raise MazeError("the shards hold the breadth-first solution: with --braid, leave out --solve "
                        "or use --solve bfs")
    if args.output.lower().startswith("memory://"):  # the library takes it; a command keeps nothing
        raise MazeError(f"{args.output}: a memory:// folder is gone when meiro ends; give a folder "
                        "or a URL that lasts (file://, s3://, ...)")
    from ..dataset.shards import pyarrow

    pyarrow()  # before the work and before a scheduler is asked: without it, one line
    spec = _spec(args, args.extras)
    lines: list[str] = []
    log = (lambda line: print(line, file=sys.stderr)) if not args.quiet else lines.append
    _prepare(args, spec)
    with _bar(args, spec.count) as advance:
        if args.scheduler:
            from ..dataset.cluster import build_on_cluster, connect

            with connect(args.scheduler) as client:
                result = build_on_cluster(spec, args.output, client, resume=args.resume, log=log,
                                          progress=advance)
        else:
            result = build_dataset(spec, args.output, jobs=args.jobs, resume=args.resume, log=log,
                                   progress=advance)
    if not args.quiet:
        passed = f", {result.rows / result.drawn:.1%} of {result.drawn:,} draws passed" \
            if result.drawn != result.rows else ""
        kind = "" if spec.kind == "square" else f"{spec.kind} "
        print(f"wrote {result.rows:,} {kind}mazes of {_size_text(args)} in {len(result.shards)} "
              f"shards to {result.where} (batch seed {spec.seed}{passed}); the card is README.md")
    return 0


def _prepare(args: argparse.Namespace, spec: DatasetSpec, batch: bool = False) -> None:
    """Load (a first run: compile) the recipe's kernels before the bar starts, saying so on a
    terminal when it takes a while (:mod:`meiro.dataset.prepare`)."""
    if getattr(args, "scheduler", None):
        return  # (the workers load their own)
    from ..dataset.prepare import prepare

    def say() -> None:
        if not args.quiet and _on_terminal(sys.stderr):  # where the progress bar would wait at 0 %
            print("preparing the kernels this recipe runs (a first run compiles them; later runs load them)",
                  file=sys.stderr, flush=True)

    prepare(spec, say, batch=batch, solver=args.solve)


@contextlib.contextmanager
def _bar(args: argparse.Namespace, total: int) -> Iterator[Callable[[int], object]]:
    """A progress bar's ``advance`` (on a terminal, unless -q)."""
    bar = progress_bar(not args.quiet and _on_terminal(sys.stderr), total)
    try:
        yield bar.update if bar is not None else (lambda n: None)
    finally:
        if bar is not None:
            bar.close()

"""How long a printed booklet takes: ``meiro book`` of 100 mazes, Japanese, with answers.

Usage::

    python benchmarks/bench_book.py [--count 100] [--per-page 2] [--repeat 3] [--shape heart]
    python benchmarks/bench_book.py --grid theta     # a theta booklet against the square one
    python benchmarks/bench_book.py --against ../main/src   # this tree against another's meiro
    python benchmarks/bench_book.py --against OLD/src --clock cpu   # CPU time: a busy machine's figure

Runs the command in a fresh process each time (so Python's start, meiro's import,
finding and subsetting the font and writing the file are all counted; numba's
kernels are compiled once before, as a user's second run finds them cached), and
prints the best wall-clock time, the pages and the file's size, and the time of the
same booklet in English (Helvetica, no font embedded) for the ratio: what the
Japanese font costs. With ``--against SRC`` it times the Japanese booklet of this tree
against the one of another checkout's ``src`` folder (an earlier commit), interleaved,
so that a loaded machine slows both alike. With ``--grid KIND`` it times the Japanese booklet of that grid
kind against the square one instead (arcs, hexagons, ... against straight walls).
``--clock cpu`` counts the command's CPU time (user and system, its own and its children's)
instead of the time on the clock: on a machine other programs keep busy, the time spent
waiting for a core is left out.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: what run_book measures: "wall" (the clock) or "cpu" (the process's CPU time), set by --clock
CLOCK = "wall"


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_book(out: Path, count: int, per_page: int, lang: str, shape: str | None,
             grid: str = "square", src: str | None = None) -> float:
    """Seconds one ``meiro book`` process took, start to exit (of CPU time with ``--clock cpu``)."""
    argv = [sys.executable, "-m", "meiro", "book", "--count", str(count), "--per-page", str(per_page),
            "--lang", lang, "--seed", "1", "--grid", grid, "-o", str(out)]
    if shape:
        argv += ["--shape", shape]
    env = dict(os.environ, PYTHONPATH=str(Path(src).resolve())) if src else None
    clock = _children_cpu if CLOCK == "cpu" else time.perf_counter
    t0 = clock()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv[2:])} failed: {done.stderr.strip()}")
    return clock() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--per-page", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--shape", default=None)
    parser.add_argument("--grid", default=None, help="time this grid kind's booklet against the square one")
    parser.add_argument("--against", default=None, metavar="SRC",
                        help="time this tree's booklet against the meiro in another checkout's src folder")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall: the time on the clock (default); cpu: the command's CPU time")
    args = parser.parse_args()
    global CLOCK
    CLOCK = args.clock
    print(f"clock: {CLOCK}")
    if args.against:
        compare_trees(args)
        return
    if args.grid:
        compare_kind(args)
        return
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "book.pdf"
        run_book(out, 6, 1, "ja", args.shape)  # numba's kernels compiled and cached
        times = {}
        for lang in ("ja", "en"):
            times[lang] = min(run_book(out, args.count, args.per_page, lang, args.shape)
                              for _ in range(args.repeat))
            pages = out.read_bytes().count(b"/Type /Page ")
            print(f"{lang}: {args.count} mazes, {pages} pages, {out.stat().st_size / 1024:.0f} KiB: "
                  f"{times[lang]:.2f} s (best of {args.repeat})")
    print(f"the Japanese booklet takes {times['ja'] / times['en']:.2f}x the English one's time")


def compare_trees(args: argparse.Namespace) -> None:
    """The Japanese booklet of this tree against another tree's, interleaved, best of each."""
    here = str(ROOT / "src")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "book.pdf"
        for src in (here, args.against):
            run_book(out, 6, 1, "ja", args.shape, src=src)  # numba's kernels compiled and cached
        times: dict[str, list[float]] = {here: [], args.against: []}
        for _ in range(args.repeat):
            for src in times:
                times[src].append(run_book(out, args.count, args.per_page, "ja", args.shape, src=src))
        best = {src: min(values) for src, values in times.items()}
        for src, value in best.items():
            print(f"{src}: {args.count} mazes: {value:.2f} s (best of {args.repeat})")
    print(f"this tree's booklet takes {best[here] / best[args.against]:.2f}x the other's time")


def compare_kind(args: argparse.Namespace) -> None:
    """The Japanese booklet of ``args.grid`` against the square one, interleaved, best of each."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "book.pdf"
        for grid in ("square", args.grid):
            run_book(out, 2, 1, "ja", None, grid)  # numba's kernels compiled and cached
        times: dict[str, list[float]] = {"square": [], args.grid: []}
        for _ in range(args.repeat):
            for grid in times:
                times[grid].append(run_book(out, args.count, args.per_page, "ja", None, grid))
                if grid == args.grid:
                    pages, size = out.read_bytes().count(b"/Type /Page "), out.stat().st_size / 1024
        best = {grid: min(values) for grid, values in times.items()}
        for grid, value in best.items():
            print(f"{grid}: {args.count} mazes: {value:.2f} s (best of {args.repeat})")
        print(f"{args.grid}: {pages} pages, {size:.0f} KiB")
    print(f"the {args.grid} booklet takes {best[args.grid] / best['square']:.2f}x the square one's time")


if __name__ == "__main__":
    main()

"""Core speed and memory: meiro's kernels beside a plain C maze program, in one run.

For each size it prints generation and solving throughput (cells/s), the ratio
to the C baseline measured in the same run, and the peak memory. Each size runs
in a fresh process (so peak memory is that size's own) after one warm-up call,
which compiles or loads the numba kernels.

The C baseline is the one ``bench_batch.py`` uses, ``benchmarks/c_baseline/maze.c``
(an iterative recursive backtracker + BFS), compiled in a temporary folder
(``cc -O2 -march=native``, or ``-O2`` where that fails; ``$CC`` picks the
compiler) and run in its far mode, ``maze W W 1 reps far``: it makes the very
maze of ``meiro.generate(W, W, seed=0)`` in memory of its own, and its BFS
covers the whole maze to a farthest cell. So meiro's searches are timed on
that maze from the start to the farthest cell, which also expands every cell,
and the run checks that both paths have the same length. Without a C compiler
(or with ``--no-c``) the ratios are left out.

Usage::

    python benchmarks/bench_core.py                 # 1000x1000 and 4000x4000 cells
    python benchmarks/bench_core.py --huge          # + the 10,000 x 10,000 run
    python benchmarks/bench_core.py --sizes 2000 --reps 5
    python benchmarks/bench_core.py --no-zoo        # without the every-algorithm tables
    python benchmarks/bench_core.py --no-c --no-cli # without the C baseline, the CLI start-up

After the core table it runs ``bench_zoo.py`` (every generator as a ratio to
the dig kernel, every solver as a ratio to BFS, 1000 x 1000 cells) in a fresh
process, so one run shows the whole picture.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from c_build import build_c
from timing import best_of

HERE = Path(__file__).resolve().parent


def rss_kb() -> int:
    """Current resident set size in KiB (Linux), else the peak so far."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child_speed(width: int, reps: int) -> dict:
    """Timings at width x width cells (run in a fresh process), on the C baseline's maze."""
    import meiro

    meiro.solve(meiro.generate(20, 20, seed=1, goal="farthest"), "astar")  # warm-up
    meiro.solve(meiro.generate(20, 20, seed=1, goal="farthest"), "bfs")
    base = rss_kb()
    gen = best_of(reps, lambda: meiro.generate(width, width, seed=0))
    far = meiro.generate(width, width, seed=0, goal="farthest")
    bfs = best_of(reps, lambda: meiro.solve(far, "bfs"))
    astar = best_of(reps, lambda: meiro.solve(far, "astar"))
    length = meiro.solve(far, "bfs").length
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"width": width, "gen_s": gen, "bfs_s": bfs, "astar_s": astar, "path_blocks": length,
            "base_kb": base, "peak_kb": peak}


def child_huge(width: int) -> dict:
    """The 10,000 x 10,000 run: generate with the farthest goal, then solve with BFS."""
    import meiro

    meiro.solve(meiro.generate(20, 20, seed=1, goal="farthest"), "bfs")  # warm-up
    base = rss_kb()
    t = time.perf_counter()
    maze = meiro.generate(width, width, seed=1, goal="farthest")
    t_gen = time.perf_counter() - t
    sol = meiro.solve(maze, "bfs")
    total = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"width": width, "gen_far_s": t_gen, "total_s": total, "path_blocks": sol.length,
            "base_kb": base, "peak_kb": peak}


def in_child(kind: str, width: int, reps: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(width), str(reps)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def c_baseline(program: str | None, width: int, reps: int) -> dict | None:
    """The C baseline's far mode on ``generate(width, width, seed=0)``: best of ``reps``."""
    if program is None:
        return None
    out = subprocess.run([program, str(width), str(width), "1", str(reps), "far"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"the C baseline failed at {width}x{width} cells: {out.stderr.strip()}")
    return json.loads(out.stdout)


def cli_startup(reps: int = 5) -> float:
    """Best wall time of a warm-cache ``meiro generate --size 15x15``."""
    meiro_cmd = [sys.executable, "-m", "meiro", "generate", "--size", "15x15", "--seed", "4", "-q"]
    subprocess.run(meiro_cmd, check=True)  # fills the numba cache if needed
    return best_of(reps, lambda: subprocess.run(meiro_cmd, check=True))


def core_table(sizes: list[int], reps: int, program: str | None) -> None:
    """The core table: dig, BFS and A* at each size, beside the C baseline ``program``."""
    print(f"{'cells':>11} {'step':>6} {'meiro s':>9} {'M cells/s':>10} {'C s':>8} {'ratio':>6}  target")
    for width in sizes:
        # interleave: C, meiro, C again, and take the better C time, so load spikes hit both
        c1 = c_baseline(program, width, reps)
        ours = in_child("speed", width, reps)
        c2 = c_baseline(program, width, reps)
        cells = width * width
        c_gen = min(c["gen_s"] for c in (c1, c2)) if c1 else None
        c_bfs = min(c["search_s"] for c in (c1, c2)) if c1 else None
        rows = [("dig", ours["gen_s"], c_gen, 1.5), ("bfs", ours["bfs_s"], c_bfs, 1.5),
                ("astar", ours["astar_s"], c_bfs, 3.0)]
        for name, secs, c_secs, target in rows:
            ratio = f"{secs / c_secs:6.2f}" if c_secs else "     -"
            c_txt = f"{c_secs:8.3f}" if c_secs else "       -"
            print(f"{width}x{width:<5} {name:>6} {secs:9.3f} {cells / secs / 1e6:10.1f} {c_txt} {ratio}  <= {target}x C")
        extra = (ours["peak_kb"] - ours["base_kb"]) * 1024 / cells
        print(f"{'':>11} {'memory':>6} peak {ours['peak_kb'] / 1024:.0f} MiB, "
              f"{extra:.1f} bytes/cell above the warmed-up interpreter")
        if c1:
            same = "same maze" if c1["steps"] == ours["path_blocks"] else "NOT THE SAME MAZE"
            print(f"{'':>11} {'check':>6} path to the farthest cell: meiro {ours['path_blocks']} "
                  f"blocks, C {c1['steps']}: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--huge", action="store_true", help="also the 10,000 x 10,000 run")
    parser.add_argument("--no-c", action="store_true", help="skip the C baseline and the ratios")
    parser.add_argument("--no-zoo", action="store_true", help="skip the every-algorithm tables")
    parser.add_argument("--no-cli", action="store_true", help="skip the command line's start-up time")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, width, reps = args.child[0], int(args.child[1]), int(args.child[2])
        print(json.dumps(child_speed(width, reps) if kind == "speed" else child_huge(width)))
        return
    with tempfile.TemporaryDirectory(prefix="meiro-bench-") as folder:
        if args.no_c:
            program, how = None, "skipped (--no-c): ratios left out"
        else:
            program, how = build_c(folder)
            how = how if program else f"none: {how}\n(ratios left out)"
        print(f"C baseline: {how}")
        core_table(args.sizes, args.reps, program)
    if args.huge:
        huge = in_child("huge", 10_000, 1)
        extra = (huge["peak_kb"] - huge["base_kb"]) * 1024 / 10_000**2
        print(f"10000x10000 generate(goal='farthest') + solve('bfs'): {huge['total_s']:.2f} s "
              f"(generation {huge['gen_far_s']:.2f} s), peak {huge['peak_kb'] / 1024:.0f} MiB, "
              f"{extra:.2f} bytes/cell above baseline (targets: < 10 s, < 10 bytes/cell)")
    if not args.no_cli:
        print(f"warm-cache 'meiro generate --size 15x15': {cli_startup():.2f} s (target < 0.5 s)")
    if not args.no_zoo:
        print()
        subprocess.run([sys.executable, str(HERE / "bench_zoo.py")], check=True)


if __name__ == "__main__":
    main()

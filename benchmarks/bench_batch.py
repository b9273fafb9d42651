"""Time per maze of ``meiro.generate_batch`` beside a small C baseline the repository carries.

Usage::

    python benchmarks/bench_batch.py [--count 100000] [--size 15] [--repeat 3]

Compiles ``benchmarks/c_baseline/maze.c`` in a temporary folder (``cc -O2
-march=native``, or ``-O2`` where that fails; ``$CC`` picks the compiler) and
prints, in one run, after the machine (CPU, cores, load, Python, numba, NumPy):

* the C baseline's time per maze of ``--size`` x ``--size`` cells: the dig
  method on one byte per cell, the block grid, breadth-first search from the
  corner to the corner and the path marked in a block grid, as
  ``generate_batch`` does; and its generation and search apart;
* ``generate_batch(count, size, size, solver="bfs")`` per maze with ``jobs=1``
  and ``jobs=2`` (threads), and with no solver;
* the old way, ``meiro.generate`` + ``meiro.solve(m, "bfs")`` in a Python loop
  over a few thousand seeds;
* two ratios: meiro (``jobs=1``) over C, whose target is <= 1.5, and ``jobs=1``
  over ``jobs=2``, the speed-up of a second thread, whose target is >= 1.7.

Each figure is the best of ``--repeat`` timed runs after a warm-up (for meiro a
call that compiles or loads the kernels). Each meiro figure is measured in a
process of its own, and that process's peak resident memory is printed beside
the size of the stacked arrays the call returns (``count * rows * cols`` bytes
for the grids, as much again for the paths). The C baseline makes the very
mazes of ``generate_batch(count, size, size, seed=0)``, so the two must find
paths of the same total length: the run says whether they do.

Without a C compiler it says so and prints the meiro figures only. On Linux it
ends with how busy other processes kept the machine meanwhile: the figures
are only worth keeping from an idle one.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from c_build import build_c
from timing import best_of

#: the ways of making mazes measured in a process each: (label, solver, jobs); "loop" is the old way
KINDS = {
    "bfs-1": ('generate_batch, solver="bfs", jobs=1', "bfs", 1),
    "bfs-2": ('generate_batch, solver="bfs", jobs=2', "bfs", 2),
    "plain-1": ("generate_batch, no solver, jobs=1", None, 1),
    "loop": ('generate + solve(m, "bfs") in a loop', "bfs", 1),
}
#: the old way's mazes: a few thousand are enough to time it
LOOP_COUNT = 3000
MiB = 2**20
#: the width of the labels column
LABEL = 50


def mib(size: float) -> str:
    """A size in MiB, to two figures below 10."""
    return f"{size:.0f}" if size >= 10 else f"{size:.2g}"


def peak_kib() -> int:
    """This process's peak resident memory in KiB (``ru_maxrss`` is in bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def measure(kind: str, count: int, size: int, repeat: int) -> dict:
    """One meiro figure, in this (fresh) process: seconds per maze and peak memory."""
    import meiro

    _, solver, jobs = KINDS[kind]
    if kind == "loop":
        count = min(count, LOOP_COUNT)

        def run():
            for seed in range(count):
                meiro.solve(meiro.generate(size, size, seed=seed), "bfs")

        meiro.solve(meiro.generate(size, size, seed=0), "bfs")  # warm-up: loads the kernels
    else:
        def run():
            batch = meiro.generate_batch(count, size, size, seed=0, solver=solver, jobs=jobs)
            if solver:
                steps[0] = int(batch.lengths.sum())

        steps = [None]
        meiro.generate_batch(min(count, 1000), size, size, seed=0, solver=solver, jobs=jobs)
    base = peak_kib()  # the interpreter, NumPy, numba and the kernels, before the timed runs
    seconds = best_of(repeat, run)
    return {"per_maze": seconds / count, "count": count, "base_kib": base, "peak_kib": peak_kib(),
            "steps": None if kind == "loop" else steps[0]}


def in_process(kind: str, count: int, size: int, repeat: int) -> dict:
    """:func:`measure` in a fresh Python process (this script again, with a hidden flag).

    The child reports its own peak memory: the parent's ``RUSAGE_CHILDREN`` is the
    largest of all its children so far, not the last one's.
    """
    out = subprocess.run([sys.executable, __file__, "--measure", kind, "--count", str(count),
                          "--size", str(size), "--repeat", str(repeat)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"measuring {kind} failed:\n{out.stderr}")
    return json.loads(out.stdout.splitlines()[-1])


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "?"


def machine() -> str:
    cores = os.cpu_count() or 1
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    load = f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    return (f"{cpu_model()}, {cores} cores ({usable} usable){load}; {platform.system()} "
            f"{platform.machine()}; Python {platform.python_version()}, numba "
            f"{package_version('numba')}, NumPy {package_version('numpy')}")


def cpu_seconds() -> tuple[float, float] | None:
    """(seconds the CPUs were busy, seconds of CPU this process's children used), or None
    off Linux: their growth over the run is how busy the rest of the machine kept it."""
    try:
        with open("/proc/stat") as fh:
            fields = [int(v) for v in fh.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    user, nice, system, _, _, irq, softirq, steal = fields
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK"),
            children.ru_utime + children.ru_stime)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="mazes per batch")
    parser.add_argument("--size", type=int, default=15, help="cells on a side")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best one counts")
    parser.add_argument("--measure", choices=KINDS, help=argparse.SUPPRESS)  # a child's one figure
    args = parser.parse_args(argv)
    count, size, repeat = args.count, args.size, args.repeat
    if count < 1 or size < 1 or repeat < 1:
        parser.error("--count, --size and --repeat must be at least 1")
    if args.measure:
        print(json.dumps(measure(args.measure, count, size, repeat)))
        return

    rows = cols = 2 * size + 1
    print(f"machine: {machine()}")
    start, clock = cpu_seconds(), time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="meiro-bench-") as folder:
        program, how = build_c(folder)
        c = None
        if program is not None:
            out = subprocess.run([program, str(size), str(size), str(count), str(repeat)],
                                 capture_output=True, text=True)
            if out.returncode == 0:
                c = json.loads(out.stdout)
            else:
                how = f"the C baseline failed: {out.stderr.strip()}"
    print(f"C baseline: {how}" if c else f"C baseline: none: {how}")
    print(f"{count} mazes of {size}x{size} cells ({rows}x{cols} blocks), the dig method, corner to "
          f"corner; best of {repeat} run{'s' if repeat > 1 else ''} after a warm-up")
    results = {kind: in_process(kind, count, size, repeat) for kind in KINDS}

    grid_mib = count * rows * cols / MiB
    print(f"\n{'':<{LABEL}}{'per maze':>11}   peak memory (its process)")
    if c:
        print(f"{'C baseline, generation + search':<{LABEL}}{c['total_s'] * 1e6:>8.2f} µs   "
              f"{mib(c['maxrss_kb'] / 1024)} MiB (arrays {mib(2 * grid_mib)} MiB)")
        print(f"{'  generation (dig, block grid)':<{LABEL}}{c['gen_s'] * 1e6:>8.2f} µs")
        print(f"{'  search (BFS, path marked)':<{LABEL}}{c['search_s'] * 1e6:>8.2f} µs")
    for kind, (label, solver, _) in KINDS.items():
        r = results[kind]
        if kind == "loop":
            label = f"{label} ({r['count']} seeds)"
            arrays = "no stacked arrays"
        else:
            arrays = f"arrays {mib((2 if solver else 1) * grid_mib)} MiB"
        print(f"{label:<{LABEL}}{r['per_maze'] * 1e6:>8.2f} µs   {mib(r['peak_kib'] / 1024)} MiB "
              f"({arrays}; {mib(r['base_kib'] / 1024)} MiB before the timed runs)")

    one, two = results["bfs-1"]["per_maze"], results["bfs-2"]["per_maze"]
    print(f"\n{'old loop / generate_batch jobs=1':<{LABEL}}{results['loop']['per_maze'] / one:>8.1f}x")
    if c:
        same = "yes" if c["steps"] == results["bfs-1"]["steps"] else "NO"
        print(f"{'same mazes as C (total path steps)':<{LABEL}}{same:>8}   "
              f"(C {c['steps']}, meiro {results['bfs-1']['steps']})")
        ratio = one / c["total_s"]
        print(f"{'ratio meiro jobs=1 / C':<{LABEL}}{ratio:>8.2f}    "
              f"(target <= 1.5: {'met' if ratio <= 1.5 else 'missed'})")
    speedup = one / two
    print(f"{'ratio jobs=1 / jobs=2 (speed-up of 2 threads)':<{LABEL}}{speedup:>8.2f}    "
          f"(target >= 1.7: {'met' if speedup >= 1.7 else 'missed'})")
    end = cpu_seconds()
    if start and end:
        cores = os.cpu_count() or 1
        others = max(0.0, (end[0] - start[0]) - (end[1] - start[1])) / (time.perf_counter() - clock)
        print(f"\nother processes kept {others:.2f} of the {cores} cores busy during the run"
              + ("" if others < 0.1 else ": the figures are disturbed; run again on an idle machine"))


if __name__ == "__main__":
    main()

"""A first run of ``meiro dataset`` on a fresh install, against the same run with the kernels cached.

    python benchmarks/bench_first_run.py [--count 10000]

Runs README's dataset examples (with ``--count`` mazes) twice each, in fresh
processes: first with an empty numba cache (``NUMBA_CACHE_DIR`` a new folder: what
a fresh install compiles), then again with that cache filled. Prints each run's
wall-clock and CPU time (user + system, of the process and its children) and the
cold/warm ratio. The machine's other load inflates wall-clock times: the
script prints the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def examples(count: int) -> list[list[str]]:
    """README's ``meiro dataset`` examples that run on one machine, with ``count`` mazes."""
    n = str(count)
    return [
        ["-n", n, "--size", "15x15", "--seed", "1", "-j", "2", "-o", "mazes"],
        ["-n", n, "--size", "15x15", "--seed", "1", "--solve", "bfs", "-j", "2", "-o", "mazes.npz"],
        ["-n", n, "--size", "15x15", "--seed", "1", "--text-format", "moves", "-o", "tasks.jsonl"],
        ["-n", n, "--grid", "hex", "--size", "15x15", "--seed", "1", "-a", "wilson", "-o", "hex-mazes"],
    ]


def _run(argv: list[str], cache: Path, folder: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``meiro dataset ARGV`` in ``folder`` with numba cache ``cache``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "meiro", "dataset", "-q", *argv], cwd=folder, check=True,
                   env={**os.environ, "NUMBA_CACHE_DIR": str(cache)})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    root = Path(tempfile.mkdtemp(prefix="meiro-first-run-"))
    try:
        for argv in examples(args.count):
            cache = root / "cache"
            shutil.rmtree(cache, ignore_errors=True)
            cache.mkdir()
            times = []
            for run in ("cold", "warm"):
                folder = root / run
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                times.append(_run(argv, cache, folder))
            (cw, cc), (ww, wc) = times
            print(f"meiro dataset {' '.join(argv)}\n  cold {cw:5.1f} s wall ({cc:5.1f} s CPU)   "
                  f"warm {ww:5.1f} s wall ({wc:5.1f} s CPU)   cold/warm {cw / ww:.1f}x wall")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

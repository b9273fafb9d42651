"""Solving on the grid kinds beside the square grid: time per cell, as ratios measured in one run.

For each kind (square, hex, theta by default) it makes one dig maze of about
``--cells`` cells with the ``farthest`` goal (so a search crosses the maze),
warms every solver up on a small maze of the kind (compiling or loading its
kernels), then times ``meiro.solve`` with each method, best of ``--reps``,
less the same call's best time on a one-cell maze of the kind (the start-up of
a call: checks, allocations). Each time is taken twice, on the wall clock and
as the process's CPU time (``time.process_time``), which a busy shared machine
disturbs far less. It prints each solve's time per cell of the maze (wall and
CPU) and per cell the solver expanded (CPU), and the ratios of the per-cell
times to the square grid's with the same method. ``maze_stats`` is timed the
same way. The target is a ratio of at most 1.5.

Usage::

    python benchmarks/bench_kind_solving.py                      # about 1 M cells each
    python benchmarks/bench_kind_solving.py --cells 4000000 --methods bfs astar
    python benchmarks/bench_kind_solving.py --kinds hex triangle weave 3d
"""

from __future__ import annotations

import argparse
import math
import time

import meiro
from meiro.analysis.stats import maze_stats
from meiro.kinds.theta import ring_sizes


def sized(kind: str, cells: int, seed: int = 0, goal: str = "farthest"):
    """A dig maze of ``kind`` with about ``cells`` cells."""
    if kind == "theta":
        rings = 1
        while int(ring_sizes(rings + 1).sum()) <= cells:
            rings += 1
        return meiro.generate(rings, grid="theta", seed=seed, goal=goal)
    if kind == "3d":
        side = max(1, round(math.sqrt(cells / 4)))
        return meiro.generate(side, side, grid="3d", layers=4, seed=seed, goal=goal)
    side = max(1, round(math.sqrt(cells)))
    return meiro.generate(side, side, grid=kind, seed=seed, goal=goal)


def best_times(repeat: int, call) -> tuple[float, float]:
    """The fastest wall-clock and the fastest CPU time of ``repeat`` calls of ``call()``, in seconds."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        call()
        c1, w1 = time.process_time(), time.perf_counter()
        wall, cpu = min(wall, w1 - w0), min(cpu, c1 - c0)
    return wall, cpu


def cell_count(m) -> int:
    return m.cells if hasattr(m, "cells") else m.width * m.height


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=1_000_000)
    parser.add_argument("--kinds", nargs="+", default=["hex", "theta"])
    parser.add_argument("--methods", nargs="+", default=meiro.SOLVERS.names())
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    kinds = ["square", *[k for k in args.kinds if k != "square"]]
    per_cell: dict[tuple[str, str], tuple[float, float]] = {}
    print(f"{'kind':9} {'method':14} {'cells':>9} {'expanded':>9} {'wall ns':>8} {'cpu ns':>8} "
          f"{'cpu/exp':>8} {'wall x':>7} {'cpu x':>7}")
    for kind in kinds:
        small, tiny = sized(kind, 400, seed=1), sized(kind, 1, seed=1)
        m = sized(kind, args.cells)
        n = cell_count(m)
        calls = {method: lambda maze, method=method: meiro.solve(maze, method) for method in args.methods}
        calls["maze_stats"] = maze_stats
        for method, call in calls.items():
            call(small)  # compile, or load the cache
            try:
                result = call(m)
            except meiro.NoPathError:
                print(f"{kind:9} {method:14} {n:>9} {'(no path)':>9}")
                continue
            wall0, cpu0 = best_times(args.reps, lambda: call(tiny))
            wall, cpu = best_times(args.reps, lambda: call(m))
            wall, cpu = max(wall - wall0, 0.0) / n, max(cpu - cpu0, 0.0) / n
            expanded = getattr(result, "expanded", n)
            per_cell[kind, method] = wall, cpu
            base = per_cell.get(("square", method))
            ratios = (wall / base[0], cpu / base[1]) if base and min(base) > 0 else (float("nan"),) * 2
            print(f"{kind:9} {method:14} {n:>9} {expanded:>9} {1e9 * wall:8.1f} {1e9 * cpu:8.1f} "
                  f"{1e9 * cpu * n / max(expanded, 1):8.1f} {ratios[0]:7.2f} {ratios[1]:7.2f}")


if __name__ == "__main__":
    main()

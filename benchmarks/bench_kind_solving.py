"""Solving on the grid kinds beside the square grid: time per cell, as ratios measured in one run.

For each kind (square, hex, theta by default) it makes one dig maze of about
``--cells`` cells with the ``farthest`` goal (so a search crosses the maze),
warms every solver up on a small maze of the kind (compiling or loading its
kernels), then times ``meiro.solve`` with each method, best of ``--reps``.
It prints each solve's time per cell of the maze and per cell the solver
expanded, and the ratio of the per-cell time to the square grid's with the
same method. ``maze_stats`` is timed the same way.

Usage::

    python benchmarks/bench_kind_solving.py                      # about 1 M cells each
    python benchmarks/bench_kind_solving.py --cells 4000000 --methods bfs astar
    python benchmarks/bench_kind_solving.py --kinds hex triangle weave 3d
"""

from __future__ import annotations

import argparse
import math

import meiro
from meiro.analysis.stats import maze_stats
from meiro.kinds.theta import ring_sizes
from timing import best_of


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
    per_cell: dict[tuple[str, str], float] = {}
    print(f"{'kind':9} {'method':14} {'cells':>9} {'expanded':>9} {'ns/cell':>8} {'ns/expanded':>11} "
          f"{'x square':>8}")
    for kind in kinds:
        small = sized(kind, 400, seed=1)
        for method in args.methods:
            meiro.solve(small, method)
        maze_stats(small)
        m = sized(kind, args.cells)
        n = cell_count(m)
        rows = [(method, lambda method=method: meiro.solve(m, method)) for method in args.methods]
        rows.append(("maze_stats", lambda: maze_stats(m)))
        for method, call in rows:
            try:
                result = call()
            except meiro.NoPathError:
                print(f"{kind:9} {method:14} {n:>9} {'(no path)':>9}")
                continue
            seconds = best_of(args.reps, call)
            expanded = getattr(result, "expanded", n)
            per_cell[kind, method] = seconds / n
            ratio = per_cell[kind, method] / per_cell["square", method] if ("square", method) in per_cell \
                else float("nan")
            print(f"{kind:9} {method:14} {n:>9} {expanded:>9} {1e9 * seconds / n:8.1f} "
                  f"{1e9 * seconds / max(expanded, 1):11.1f} {ratio:8.2f}")


if __name__ == "__main__":
    main()

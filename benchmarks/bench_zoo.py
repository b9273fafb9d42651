"""Benchmark every generator and solver at 1000 x 1000 cells.

Run from a checkout::

    PYTHONPATH=src python benchmarks/bench_zoo.py            # 1000x1000, 5 seeds
    PYTHONPATH=src python benchmarks/bench_zoo.py --size 500 --repeat 9

Generators are timed through their registered function (the kernel plus its
thin wrapper: grid allocation, no carving log, no goal placement), each after
a warm-up call that compiles it, as the mean over ``--repeat`` seeds (the
random walks' cost varies from maze to maze), and reported as a ratio to the ``dig``
kernel measured in the same run, so the ratios hold on any machine. The
target is ``<= 3x dig`` for every generator except ``aldous-broder``, whose
random walk must cover every cell (expected ``n (log n)^2`` steps).

Solvers are timed through :func:`meiro.solve` on one braided maze (dig,
``braid=0.5``, start top-left, goal bottom-right) and reported as a ratio to
``bfs``. A wall follower that circles without meeting the goal is reported as
such (it is stopped after at most four steps per position).
"""

from __future__ import annotations

import argparse
import time

from timing import best_of

import meiro
from meiro.kernels.rng import mix_seed

TARGET = 3.0


def mean_over_seeds(seeds: range, call) -> float:
    """The mean time of ``call(seed)`` over ``seeds``, in seconds.

    Generators get a mean over different seeds rather than the best of one:
    the random walks' cost varies a lot from maze to maze.
    """
    total = 0.0
    for seed in seeds:
        t0 = time.perf_counter()
        call(seed)
        total += time.perf_counter() - t0
    return total / len(seeds)


def bench_generators(size: int, repeat: int, names: list[str]) -> list[tuple]:
    rows = []
    timings = {}
    for name in ["dig", *[n for n in names if n != "dig"]]:
        function = meiro.GENERATORS.get(name).function
        function(8, 8, mix_seed(0), (1, 1), False)  # warm-up: compile (or load the cache)
        function(size, size, mix_seed(1), (1, 1), False)
        seeds = range(2, 3 if name == "aldous-broder" else 2 + repeat)
        timings[name] = mean_over_seeds(
            seeds, lambda seed: function(size, size, mix_seed(seed), (1, 1), False))
    for name, seconds in timings.items():
        ratio = seconds / timings["dig"]
        verdict = "ok" if ratio <= TARGET else ("cover time" if name == "aldous-broder" else "over")
        rows.append((name, seconds * 1000, ratio, verdict))
    return rows


def bench_solvers(size: int, repeat: int, braid: float) -> list[tuple]:
    maze = meiro.generate(size, size, seed=1, braid=braid)
    small = meiro.generate(8, 8, seed=1, braid=braid)
    rows = []
    timings = {}
    for method in meiro.SOLVERS.names():
        try:
            meiro.solve(small, method)  # warm-up
        except meiro.NoPathError:
            pass
        outcome = {}

        def run():
            try:
                sol = meiro.solve(maze, method)
                outcome.update(length=sol.length, expanded=sol.expanded)
            except meiro.NoPathError:
                outcome.update(length=None, expanded=None)

        timings[method] = best_of(repeat, run)
        rows.append([method, timings[method] * 1000, 0.0, outcome["length"], outcome["expanded"]])
    for row in rows:
        row[2] = timings[row[0]] / timings["bfs"]
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="maze side in cells (default 1000)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="seeds per generator, best of this many solver runs (default 5)")
    parser.add_argument("--braid", type=float, default=0.5, help="braid of the solver maze (0.5)")
    parser.add_argument("--only", nargs="*", default=None, help="generator names to time")
    args = parser.parse_args(argv)
    names = args.only or meiro.GENERATORS.names()
    print(f"generators, {args.size}x{args.size} cells, mean over {args.repeat} seeds "
          f"(aldous-broder: 1)")
    print(f"  {'algorithm':<20} {'ms':>9} {'x dig':>7}  target <= {TARGET:g}x")
    for name, ms, ratio, verdict in bench_generators(args.size, args.repeat, names):
        print(f"  {name:<20} {ms:>9.1f} {ratio:>7.2f}  {verdict}")
    print()
    print(f"solvers, {args.size}x{args.size} cells, dig maze with braid={args.braid:g}, "
          f"corner to corner, best of {args.repeat}")
    print(f"  {'method':<15} {'ms':>9} {'x bfs':>7} {'length':>9} {'expanded':>10}")
    for method, ms, ratio, length, expanded in bench_solvers(args.size, args.repeat, args.braid):
        if length is None:
            print(f"  {method:<15} {ms:>9.1f} {ratio:>7.2f}  walked in a circle: goal beside an island")
        else:
            print(f"  {method:<15} {ms:>9.1f} {ratio:>7.2f} {length:>9} {expanded:>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Per-cell generation cost on the hex and theta kinds against the square grid's, in one run.

Run from a checkout::

    PYTHONPATH=src python benchmarks/bench_kinds.py                 # about 4 M cells, best of 3
    PYTHONPATH=src python benchmarks/bench_kinds.py --cells 1000000 --repeat 5 --algorithms dig
    PYTHONPATH=src python benchmarks/bench_kinds.py --clock wall     # elapsed time, not CPU time

Each generator is timed through the function the registry runs: on the square
grid its square function (cells, then the block grid), on hex and theta its
graph function on a geometry built once beforehand (the geometry's build time
is reported on its own line: many mazes of one size share one geometry, and so
is the first maze made on it, which also makes what the method keeps with the
geometry, such as Kruskal's list of short cycles). Every
function is first called on a small maze, so compiling (or loading the numba
cache) is not timed, and the time of a call on a one-cell maze (the start-up of
a call: checks, allocations) is subtracted from each. The figure is the best of
``--repeat`` seeds, in nanoseconds per cell, and its ratio to the square grid's
in the same run; the target is a ratio of at most 1.5. Times are the process's
CPU time by default (``--clock cpu``): on a machine other programs keep busy it
leaves out the waits for a core, which move elapsed times by up to 2x.
"""

from __future__ import annotations

import argparse
import math
import time

from timing import best_of

import meiro
from meiro.kernels.rng import mix_seed
from meiro.kinds import geometry_of
from meiro.kinds.theta import ring_sizes

TARGET = 1.5


def theta_rings(cells: int) -> int:
    """The rings of the theta maze with the number of cells nearest to ``cells``."""
    rings = 1
    while int(ring_sizes(rings + 1).sum()) <= cells:
        rings += 1
    low, high = int(ring_sizes(rings).sum()), int(ring_sizes(rings + 1).sum())
    return rings if cells - low <= high - cells else rings + 1


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def seeded(repeat: int, call, clock) -> float:
    """The best time of ``call(state)`` over ``repeat`` seeds."""
    seeds = iter(range(1, repeat + 1))
    return best_of(repeat, lambda: call(mix_seed(next(seeds))), clock)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=4_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--algorithms", nargs="+", default=["dig", "kruskal"])
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="time the process's CPU time (default) or the elapsed time")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]

    side = round(math.sqrt(args.cells))
    sizes = {"square": (side, side), "hex": (side, side), "theta": (theta_rings(args.cells),)}
    geometries = {}
    print(f"geometry built once per kind (about {args.cells:,} cells):")
    for kind in ("hex", "theta"):
        t0 = time.perf_counter()
        geometries[kind] = geometry_of(kind, sizes[kind])
        seconds = time.perf_counter() - t0
        print(f"  {kind:6} {'x'.join(map(str, sizes[kind])):>10}  {geometries[kind].cells:>10,} cells  "
              f"{seconds:7.2f} s")
    print()
    print(f"{'generator':14} {'kind':6} {'ns/cell':>9} {'ratio':>7}  verdict   ({args.clock} time)")
    worst = 0.0
    for name in args.algorithms:
        entry = meiro.GENERATORS.get(name)
        square = entry.function
        graph = entry.graph_function()
        square(8, 8, mix_seed(0), (1, 1), False)  # compile, or load the cache
        startup = best_of(args.repeat, lambda: square(1, 1, mix_seed(0), (1, 1), False), clock)
        seconds = seeded(args.repeat, lambda state: square(side, side, state, (1, 1), False), clock) - startup
        per_cell = {"square": seconds / (side * side)}
        firsts = []
        for kind, geometry in geometries.items():
            small = geometry_of(kind, (1,) if kind == "theta" else (1, 1))
            graph(geometry_of(kind, (3,) if kind == "theta" else (8, 8)), mix_seed(0))
            startup = best_of(args.repeat, lambda: graph(small, mix_seed(0)), clock)
            # the first maze on a geometry also makes what the method keeps with it (its
            # carving graph; Kruskal's edge keys and short cycles): shown, not counted
            t0 = time.perf_counter()
            graph(geometry, mix_seed(0))
            firsts.append(f"{kind} {time.perf_counter() - t0:.2f} s")
            seconds = seeded(args.repeat, lambda state: graph(geometry, state), clock) - startup
            per_cell[kind] = seconds / geometry.cells
        for kind, cost in per_cell.items():
            ratio = cost / per_cell["square"]
            if kind != "square":
                worst = max(worst, ratio)
            verdict = "" if kind == "square" else ("ok" if ratio <= TARGET else "over")
            print(f"{name:14} {kind:6} {cost * 1e9:9.1f} {ratio:7.2f}  {verdict}")
        print(f"{'':14} (first maze on each geometry: {', '.join(firsts)})")
    print(f"\nworst ratio {worst:.2f} (target <= {TARGET})")


if __name__ == "__main__":
    main()

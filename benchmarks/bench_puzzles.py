"""What splitting and de-duplicating by puzzle costs, beside making the mazes.

Usage::

    python benchmarks/bench_puzzles.py [--count 100000] [--size 15] [--repeat 3]

Prints, in one run, per maze of ``--size`` x ``--size`` cells (dig, corner goal):

* ``generate_batch`` (the mazes themselves);
* ``canonical_forms``: the canonical form's 128-bit fingerprint (8 symmetries);
* the exact fingerprint ``--dedupe`` used before (packed bits, two hash lanes in NumPy);
* ``FingerprintSet.add`` and ``contains`` of the whole batch, and a Python set of 128-bit ints;
* ``goals_at_distance`` (``--path-length``): one BFS a maze;

and each one's cost over the batch's, and the memory a fingerprint takes in each set.
Each figure is the best of ``--repeat`` runs after a warm-up.
"""

from __future__ import annotations

import argparse
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import best_of

import meiro
from meiro.analysis.symmetry import canonical_forms
from meiro.dataset.puzzles import FingerprintSet
from meiro.dataset.shards import fingerprints
from meiro.generators.distance_goal import goals_at_distance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n, count = args.size, args.count
    b = meiro.generate_batch(count, n, n, seed=1)
    prints, _ = canonical_forms(b.grids, b.starts, b.goals)

    def python_set() -> set[int]:
        return {(int(a) << 64) | int(c) for a, c in prints.tolist()}

    def our_set() -> FingerprintSet:
        s = FingerprintSet()
        for k in range(0, count, 10_000):  # a shard at a time, as a dataset adds them
            s.add(prints[k:k + 10_000])
        return s

    steps = [("generate_batch", lambda: meiro.generate_batch(count, n, n, seed=1)),
             ("canonical_forms", lambda: canonical_forms(b.grids, b.starts, b.goals)),
             ("exact fingerprints", lambda: fingerprints(b.grids, b.starts, b.goals)),
             ("FingerprintSet.add", our_set),
             ("FingerprintSet.contains", lambda: built.contains(prints)),
             ("Python set of ints", python_set),
             ("goals_at_distance", lambda: goals_at_distance(b.grids, b.starts, b.seeds, n, 2 * n))]
    built = our_set()
    print(f"count {count}, {n}x{n} cells, best of {args.repeat}")
    print(f"{'step':24} {'us/maze':>9} {'vs generate_batch':>18}")
    base = None
    for name, call in steps:
        call()  # warm-up (compiles)
        seconds = best_of(args.repeat, call) / count
        base = base or seconds
        print(f"{name:24} {seconds * 1e6:9.2f} {seconds / base:17.2f}x")
    for name, make in (("FingerprintSet", our_set), ("Python set of ints", python_set)):
        tracemalloc.start()
        kept = make()
        size = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(f"memory {name:18} {size / count:6.1f} bytes a fingerprint ({len(kept)} kept)")


if __name__ == "__main__":
    main()

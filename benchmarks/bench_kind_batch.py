"""Time per maze of ``meiro.generate_batch`` and of a dataset's shard on the grid kinds, beside the square grid.

Usage::

    python benchmarks/bench_kind_batch.py [--count 20000] [--size 15] [--repeat 3]

Prints, in one run, for the square grid and for hex, triangle, theta and weave
mazes of about ``--size`` x ``--size`` cells (theta: the rings that give about as
many cells), with the dig method:

* ``generate_batch(count, ..., grid=KIND)`` per maze and per cell;
* the same with ``solver="bfs"`` (the solutions as cell numbers);
* a dataset shard's whole work per maze: the draws made, measured and written as
  Parquet (:func:`meiro.dataset.shards.draw_shard` and ``shard_bytes``);
* each kind's per-cell cost over the square grid's, for the batch and the shard.

The square grid makes many mazes per compiled call; a grid kind runs its
generator's graph kernel once a maze from Python (so that every graph generator
serves batches unchanged), which is what the ratios show. Each figure is the
best of ``--repeat`` runs after a warm-up.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import best_of

import meiro
from meiro.dataset.shards import draw_shard, shard_bytes
from meiro.dataset.spec import DatasetSpec
from meiro.kinds import geometry_of
from meiro.kinds.theta import ring_sizes


def _theta_rings(cells: int) -> int:
    rings = 1
    while int(ring_sizes(rings + 1).sum()) <= cells:
        rings += 1
    return rings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n, count = args.size, args.count
    kinds = [("square", (n, n)), ("hex", (n, n)), ("triangle", (n, n)), ("theta", (_theta_rings(n * n),) * 2),
             ("weave", (n, n))]
    print(f"count {count}, about {n * n} cells a maze, best of {args.repeat}; dig")
    print(f"{'kind':9} {'cells':>6} {'batch us/maze':>14} {'+bfs us/maze':>13} {'shard us/maze':>14} "
          f"{'batch/cell vs square':>21} {'shard/cell vs square':>21}")
    base: tuple[float, float] | None = None
    for kind, (w, h) in kinds:
        cells = w * h if kind in ("square", "weave") else geometry_of(kind, (w,) if kind == "theta" else (w, h)).cells
        spec = DatasetSpec(count, w, h, seed=1, kind=kind, shard_draws=count)

        def batch(solver: str | None = None, kind: str = kind, w: int = w, h: int = h) -> object:
            return meiro.generate_batch(count, w, h, seed=1, grid=kind, solver=solver)

        def shard(spec: DatasetSpec = spec) -> bytes:
            return shard_bytes(spec, draw_shard(spec, 0))

        meiro.generate_batch(10, w, h, seed=1, grid=kind, solver="bfs")  # compile or load the kernels
        shard_bytes(DatasetSpec(10, w, h, seed=1, kind=kind), draw_shard(DatasetSpec(10, w, h, seed=1, kind=kind), 0))
        plain = best_of(args.repeat, batch) / count
        solved = best_of(args.repeat, lambda: batch("bfs")) / count
        whole = best_of(args.repeat, shard) / count
        per_cell = (plain / cells, whole / cells)
        if base is None:
            base = per_cell
        print(f"{kind:9} {cells:6} {plain * 1e6:14.1f} {solved * 1e6:13.1f} {whole * 1e6:14.1f} "
              f"{per_cell[0] / base[0]:21.2f} {per_cell[1] / base[1]:21.2f}")


if __name__ == "__main__":
    main()

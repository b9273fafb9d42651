"""The difficulty measure across generators and sizes: is "hard" the same word on every size?

Prints, for each generator, the 10th percentile / median / 90th percentile of
:func:`meiro.analysis.difficulty.difficulty_score` over N mazes (batch seed 3) at each
size, with the corner goal. ``meiro.analysis.difficulty``'s table quotes its medians.

    python benchmarks/difficulty_table.py [N]
"""

from __future__ import annotations

import sys

import numpy as np

import meiro
from meiro.analysis.batch_stats import batch_stats
from meiro.registry import GENERATORS

SIZES = (5, 10, 15, 30, 60)


def main(count: int = 2000) -> None:
    print(f"difficulty p10/median/p90 over {count} mazes a cell, corner goal")
    print(f"{'generator':22s}" + "".join(f"{f'{n}x{n}':>17s}" for n in SIZES))
    for name in GENERATORS.names():
        row = []
        for n in SIZES:
            batch = meiro.generate_batch(count, n, n, algorithm=name, seed=3)
            d = batch_stats(batch.grids, batch.starts, batch.goals).difficulty
            row.append("{:.2f}/{:.2f}/{:.2f}".format(*np.percentile(d, [10, 50, 90])))
        print(f"{name:22s}" + "".join(f"{cell:>17s}" for cell in row))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)

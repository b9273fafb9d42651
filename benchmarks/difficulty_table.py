"""The difficulty measure across generators and sizes: is "hard" the same word on every size?

Prints, for each generator, the 10th percentile / median / 90th percentile of
:func:`meiro.analysis.difficulty.difficulty_score` over N mazes (batch seed 3) at each
size, with the corner goal. ``meiro.analysis.difficulty``'s table quotes its medians.

    python benchmarks/difficulty_table.py [N]
    python benchmarks/difficulty_table.py --effort [N]

With ``--effort`` it prints the print grades' measure instead
(:mod:`meiro.analysis.effort`: the route plus the wrong branches at least three cells
deep, in cells), p10/median/p90 over N mazes (default 40, seeds 0 to N-1) for the
generators and goal rules a booklet uses, at the sizes a booklet prints, with the grade
of the median: the table :data:`meiro.analysis.effort.EASY_BELOW` and ``HARD_FROM`` and
:data:`meiro.render.booklet.GRADE_PLAN` were chosen on. How to calibrate: pick the cuts
so that each grade's recipe at its sizes has its p10 and p90 inside the grade (the
booklet makes a maze again, a size up or down, when one falls outside), and so that
the sizes of one grade end below the next grade's.
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


#: The recipes of the effort table: a booklet's, and the other common generators for comparison.
EFFORT_RECIPES = (("dig", "corner"), ("dig", "farthest"), ("kruskal", "farthest"), ("prim", "farthest"),
                  ("wilson", "farthest"), ("hunt-and-kill", "farthest"), ("growing-tree", "farthest"))
EFFORT_SIZES = (6, 8, 10, 13, 15, 18, 21, 24)


def effort_table(count: int = 40) -> None:
    from meiro.analysis.effort import EASY_BELOW, HARD_FROM, effort, print_difficulty, print_grade

    print(f"effort (route + wrong branches >= 3 deep, cells) p10/median/p90 over {count} mazes a cell; "
          f"easy below {EASY_BELOW:g}, hard from {HARD_FROM:g}")
    print(f"{'generator':14s}{'goal':9s}" + "".join(f"{f'{n}x{n}':>15s}" for n in EFFORT_SIZES))
    for name, goal in EFFORT_RECIPES:
        row = []
        for n in EFFORT_SIZES:
            values = [effort(meiro.generate(n, n, algorithm=name, goal=goal, seed=s)) for s in range(count)]
            p10, p50, p90 = np.percentile(values, [10, 50, 90])
            row.append(f"{p10:.0f}/{p50:.0f}/{p90:.0f} {print_grade(print_difficulty(p50))[0]}")
        print(f"{name:14s}{goal:9s}" + "".join(f"{cell:>15s}" for cell in row))


if __name__ == "__main__":
    if "--effort" in sys.argv:
        rest = [a for a in sys.argv[1:] if a != "--effort"]
        effort_table(int(rest[0]) if rest else 40)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)

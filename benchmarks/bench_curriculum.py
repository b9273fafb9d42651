"""ACCEL mutations with their solvability check per second: the compiled stack against Python.

Usage::

    python benchmarks/bench_curriculum.py [--size 13] [--count 20000] [--edits 1 5 20]

Prints, in one run, mutations per second (one maze edited ``--edits`` times and
checked solvable = one mutation) on ``--size`` x ``--size``-cell dig mazes of:

* :func:`meiro.curriculum.mutate_grids`: the whole stack in one compiled call
  (edits, the search that repairs a cut and the search that checks the maze
  given, every maze on its own PRNG stream), copies and checks of the input
  included;
* :func:`meiro.curriculum.mutate`, one call per maze (a :class:`meiro.Maze` in
  and out);
* the reference: the same edits written in Python over the public API, as a
  curriculum loop does without this module: a random wall slot flipped (or an
  end moved to a random cell) on a copy of the grid, then ``meiro.solve(m, "bfs")``
  to check it, the edit taken back when the maze has no path;

and the compiled stack's rate as a multiple of each. Each figure is the best of
three timed runs after a warm-up that compiles the kernel; the reference runs on
``--count // 20`` mazes. The target of issue 22 is >= 100,000 a second on
13 x 13. The machine's load skews every figure (the ratios less): the script
prints the load average before and after, and the stack's rate also per second
of this process's CPU time (``time.process_time``), which other processes'
load hardly changes: on a shared machine, the figure of one idle core.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import best_of

import meiro
from meiro.curriculum import mutate, mutate_grids


def reference(mazes: list[meiro.Maze], edits: int, seed: int) -> list[meiro.Maze]:
    """ACCEL's edits in Python: each edit drawn, applied to a copy, checked with meiro.solve."""
    rng = np.random.default_rng(seed)
    out = []
    for maze in mazes:
        grid, start, goal = maze.grid.copy(), maze.start, maze.goal
        rows, cols = grid.shape
        for _ in range(edits):
            kind = int(rng.integers(4))
            new_grid, new_start, new_goal = grid, start, goal
            if kind < 2:  # open or close a wall slot between two cells
                r, c = int(rng.integers(1, rows - 1)), int(rng.integers(1, cols - 1))
                if (r + c) % 2 == 0 or (kind == 0) != bool(grid[r, c]) or (r, c) in (start, goal):
                    continue
                new_grid = grid.copy()
                new_grid[r, c] = not grid[r, c]
            else:  # move an end to a random open cell
                cell = (2 * int(rng.integers(rows // 2)) + 1, 2 * int(rng.integers(cols // 2)) + 1)
                if grid[cell] or cell in (start, goal):
                    continue
                new_start, new_goal = (cell, goal) if kind == 3 else (start, cell)
            try:
                meiro.solve(meiro.Maze(new_grid, new_start, new_goal), "bfs")
            except meiro.NoPathError:
                continue
            grid, start, goal = new_grid, new_start, new_goal
        out.append(meiro.Maze(grid, start, goal))
    return out


def best_cpu(repeat: int, call) -> float:
    """The fewest CPU seconds of this process that one of ``repeat`` calls of ``call()`` took."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        call()
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=13)
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--edits", type=int, nargs="+", default=[1, 5, 20])
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    batch = meiro.generate_batch(args.count, args.size, args.size, seed=1)
    few = max(1, args.count // 20)
    mazes = [meiro.Maze(batch.grids[i], tuple(batch.starts[i]), tuple(batch.goals[i])) for i in range(few)]
    mutate_grids(batch.grids[:4], batch.starts[:4], batch.goals[:4], edits=2, seed=0)  # compile
    rows = []
    for edits in args.edits:
        def run_stack() -> None:
            mutate_grids(batch.grids, batch.starts, batch.goals, edits=edits, seed=7)

        stack = args.count / best_of(3, run_stack)
        cpu = args.count / best_cpu(3, run_stack)
        calls = few / best_of(3, lambda: [mutate(m, edits, seed=i) for i, m in enumerate(mazes)])
        python = few / best_of(3, lambda: reference(mazes, edits, seed=7))
        rows.append((edits, stack, cpu, calls, python))
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"\nmutations with their solvability check, {args.size}x{args.size}-cell dig mazes "
          f"({args.count:,} in the stack):")
    print(f"{'edits':>5}  {'mutate_grids':>14}  {'(CPU time)':>12}  {'mutate()':>12}  {'Python ref':>12}  "
          f"{'stack/ref':>9}  {'stack/mutate()':>14}")
    for edits, stack, cpu, calls, python in rows:
        print(f"{edits:5d}  {stack:12,.0f}/s  {cpu:10,.0f}/s  {calls:10,.0f}/s  {python:10,.0f}/s  "
              f"{stack / python:8,.0f}x  {stack / calls:13,.1f}x")


if __name__ == "__main__":
    main()

"""meiro beside other Python maze libraries, in one run: generation and shortest paths.

Compares the recursive backtracker (meiro's ``dig``, mazelib's
``BacktrackingGenerator``, maze-dataset's ``gen_dfs``) and a shortest path
corner to corner (meiro's BFS, mazelib's ``ShortestPath``, maze-dataset's
``find_shortest_path``), each as the best of a few runs after a warm-up, and
prints every time as a ratio to meiro's in the same run. Libraries that are not
installed are listed as such; a library is not timed at a size where its last
time, scaled by the number of cells, would pass ``--budget`` seconds (mazelib's
backtracker took 172 s at 1000 x 1000 cells: more than linear).

Run it in an environment that has the others too::

    pip install . mazelib maze-dataset "muutils<0.9"
    python benchmarks/bench_libraries.py            # 100, 300 and 1000 cells a side
    python benchmarks/bench_libraries.py --sizes 50 200 --budget 5

meiro is timed through its public calls (``meiro.generate``, ``meiro.solve``),
so its figures include building the grid and the path, as the others' do.
"""

from __future__ import annotations

import argparse

from timing import best_of


# -- each library: make(n) builds an n x n-cell maze; solve(maze, n) finds a shortest path ----------
def meiro_calls():
    import meiro

    def make(n):
        return meiro.generate(n, n, algorithm="dig", seed=1)

    def solve(maze, n):
        return meiro.solve(maze, "bfs").length

    return make, solve


def mazelib_calls():
    from mazelib import Maze
    from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator
    from mazelib.solve.ShortestPath import ShortestPath

    def make(n):
        maze = Maze()
        maze.generator = BacktrackingGenerator(n, n)
        maze.generate()
        return maze

    def solve(maze, n):
        maze.start, maze.end = (1, 0), (2 * n - 1, 2 * n)  # openings beside the two corners
        maze.solver = ShortestPath()
        maze.solve()
        return len(maze.solutions[0])

    return make, solve


def maze_dataset_calls():
    from maze_dataset import LatticeMazeGenerators

    def make(n):
        return LatticeMazeGenerators.gen_dfs((n, n))

    def solve(maze, n):
        return len(maze.find_shortest_path((0, 0), (n - 1, n - 1)))

    return make, solve


LIBRARIES = {"meiro": meiro_calls, "mazelib": mazelib_calls, "maze-dataset": maze_dataset_calls}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000],
                        help="maze sides in cells (default 100 300 1000)")
    parser.add_argument("--budget", type=float, default=10.0,
                        help="skip a size where a library is expected to take longer (seconds)")
    args = parser.parse_args(argv)
    calls = {}
    for name, load in LIBRARIES.items():
        try:
            calls[name] = load()
        except ImportError as exc:
            print(f"{name}: not installed ({exc.name or exc})")
    for task in ("generate", "solve"):
        what = "a recursive backtracker maze" if task == "generate" else "a shortest path, corner to corner"
        print(f"\n{task}: {what}")
        print(f"  {'library':<14} {'cells':>11} {'seconds':>10} {'x meiro':>9}")
        last = {}  # library -> (side, seconds) of its last timed size
        for n in sorted(args.sizes):
            ours = None
            for name, (make, solve) in calls.items():
                if name in last:
                    side, seconds = last[name]
                    expected = seconds * (n / side) ** 2
                    if expected > args.budget:
                        print(f"  {name:<14} {n:>5}x{n:<5} {'skipped':>10}  (at least {expected:.0f} s expected)")
                        continue
                make(5)  # warm-up: imports, compilation
                if task == "generate":
                    seconds = best_of(3 if n <= 300 else 1, lambda: make(n))
                else:
                    maze = make(n)
                    solve(make(5), 5)
                    seconds = best_of(3 if n <= 100 else 1, lambda: solve(maze, n))
                if name == "meiro":
                    ours = seconds
                ratio = f"{seconds / ours:9.0f}" if ours and name != "meiro" else f"{1:9.0f}"
                print(f"  {name:<14} {n:>5}x{n:<5} {seconds:>10.4f} {ratio}")
                last[name] = (n, seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

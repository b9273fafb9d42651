"""Solved 15 x 15 mazes with their statistics into Parquet shards: meiro against maze-dataset.

    python benchmarks/bench_dataset.py [--count 1000000] [--maze-dataset-python PYTHON] [--clock cpu|wall]
                                       [--repeat 3] [--no-cluster]

Runs in one go, so the ratios compare runs under the same load. CPU time by default
(``--clock cpu``: user and system time of this process, or of the command's process
and its children), which other programs on a busy machine barely change; ``-j 2``
and the cluster are timed on the wall clock either way (their point is elapsed time):

- ``meiro dataset``'s work (:func:`meiro.dataset.build.build_dataset`) with 1 and 2
  threads, and on a Dask ``LocalCluster`` of as many worker processes as cores
  (``--scheduler local``), into a fresh folder each; the share of the 1-thread run's
  time spent writing Parquet (pyarrow) is measured around each shard's writing;
- maze-dataset's ``MazeDataset.from_config`` (``gen_dfs``, 15 x 15, one process) on
  ``--md-count`` mazes (1000 by default: a run about as long as meiro's): it makes solved mazes (no statistics, nothing written), so
  the comparison favours it. maze-dataset needs ``muutils<0.9``; if it is not
  importable here, give the Python of an environment that has it
  (``python -m venv md && md/bin/pip install maze-dataset "muutils<0.9"``); without one the
  script prints meiro's figures and says maze-dataset was not run;
- ``meiro dataset`` itself in a fresh process (kernels cached): start-up, imports and the
  card included, one thread.

The machine's other load skews wall-clock figures: the script prints the load
average before and after. Each side runs ``--repeat`` times (maze-dataset between
meiro's runs, so a change of load falls on both) and its fastest run counts.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MD_SCRIPT = r"""
import sys, time, warnings
clock = time.process_time if sys.argv[2] == "cpu" else time.perf_counter
warnings.simplefilter("ignore")
from maze_dataset import MazeDataset, MazeDatasetConfig
from maze_dataset.generation import LatticeMazeGenerators
n = int(sys.argv[1])
cfg = MazeDatasetConfig(name="bench", grid_n=15, n_mazes=n, maze_ctor=LatticeMazeGenerators.gen_dfs)
MazeDataset.from_config(MazeDatasetConfig(name="warm", grid_n=15, n_mazes=2,
                        maze_ctor=LatticeMazeGenerators.gen_dfs), do_download=False, load_local=False,
                        save_local=False, do_generate=True, gen_parallel=False, verbose=False)
start = clock()
ds = MazeDataset.from_config(cfg, do_download=False, load_local=False, save_local=False,
                             do_generate=True, gen_parallel=False, verbose=False)
elapsed = clock() - start
assert len(ds) == n
print(elapsed)
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _meiro_runs(count: int, folder: Path, grid: str, cluster: bool, clock, repeat: int = 1) -> dict:
    from meiro.dataset import build as build_module
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    spec = DatasetSpec(count, 15, 15, seed=1, grid=grid)
    folder = folder / grid
    build_dataset(DatasetSpec(1000, 15, 15, seed=2, grid=grid), folder / "warm")  # load the kernels
    out = {}
    writing = [0.0]
    original = build_module.shard_bytes

    def timed(*args):
        start = clock()
        try:
            return original(*args)
        finally:
            writing[0] += clock() - start

    build_module.shard_bytes = timed
    out["-j 1"] = out["command (start-up in)"] = float("inf")
    for _ in range(repeat):  # the fastest of the runs: the one the machine's other load hurt least
        shutil.rmtree(folder / "j1", ignore_errors=True)
        shutil.rmtree(folder / "cli", ignore_errors=True)
        writing[0] = 0.0
        try:
            start = clock()
            build_dataset(spec, folder / "j1", jobs=1)
            elapsed = clock() - start
        finally:
            build_module.shard_bytes = original
        if elapsed < out["-j 1"]:
            out["-j 1"], out["pyarrow share"] = elapsed, writing[0] / elapsed
        build_module.shard_bytes = timed
        # the command in a fresh process (kernels cached): start-up, imports and card included
        start, cpu = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "meiro", "dataset", "-q", "-n", str(count), "--size", "15x15",
                        "--seed", "1", "--grid", grid, "-o", str(folder / "cli")], check=True)
        out["command (start-up in)"] = min(out["command (start-up in)"], (_children_cpu() - cpu)
                                           if clock is time.process_time else time.perf_counter() - start)
    build_module.shard_bytes = original
    start = time.perf_counter()
    build_dataset(spec, folder / "j2", jobs=2)
    out["-j 2"] = time.perf_counter() - start
    if not cluster:
        return out
    try:
        from meiro.dataset.cluster import build_on_cluster, connect
    except ImportError:
        return out
    try:
        with connect("local") as client:
            client.run(lambda: __import__("meiro.dataset.shards"))
            build_on_cluster(DatasetSpec(1000, 15, 15, seed=3), folder / "warm-cluster", client)
            start = time.perf_counter()
            build_on_cluster(spec, folder / "cluster", client)
            out["--scheduler local"] = time.perf_counter() - start
    except Exception as exc:  # (a cluster that cannot start here: the other figures still stand)
        out["cluster failed"] = f"{type(exc).__name__}: {str(exc)[:200]}"
        return out
    same = all((folder / "j1" / "data" / p.name).read_bytes() == p.read_bytes()
               for p in (folder / "cluster" / "data").iterdir())
    out["cluster files equal -j 1"] = same
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--md-count", type=int, default=1000,
                        help="maze-dataset's mazes a run (1000: about as long a run as meiro's million, so "
                             "that the fastest of each side's runs is taken from runs of one length)")
    parser.add_argument("--maze-dataset-python", default=sys.executable)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--no-cluster", action="store_true", help="leave out the Dask cluster's run")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of meiro (-j 1 and the command) and of maze-dataset; the fastest of each counts")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    # meiro's bytecode, as pip writes it when it installs the package: a source tree run with
    # PYTHONDONTWRITEBYTECODE set would compile every module again at each start of the command
    import compileall
    import meiro

    compileall.compile_dir(str(Path(meiro.__file__).parent), quiet=1)
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores ({args.clock} time)")
    folder = Path(tempfile.mkdtemp(prefix="meiro-bench-"))
    md_rate: float | None = None
    runs = {}
    try:
        for grid in ("array", "bits"):
            runs[grid] = _meiro_runs(args.count, folder, grid, grid == "array" and not args.no_cluster, clock,
                                     args.repeat)
            # maze-dataset between meiro's runs, so that a change of load falls on both sides
            for _ in range(args.repeat):
                md = subprocess.run([args.maze_dataset_python, "-c", MD_SCRIPT, str(args.md_count), args.clock],
                                    capture_output=True, text=True)
                if md.returncode != 0:
                    break
                md_rate = max(md_rate or 0.0, args.md_count / float(md.stdout.split()[-1]))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"\n{args.count:,} solved 15x15 dig mazes with statistics to Parquet (zstd), {args.clock} time "
          "(-j 2 and the cluster: wall-clock):")
    base = args.count / runs["array"]["-j 1"]
    for grid, label in (("array", "grids as Array2D"), ("bits", "grids as bits (--grid bits)")):
        print(f" {label}:")
        for name in ("-j 1", "command (start-up in)", "-j 2", "--scheduler local"):
            if name in runs[grid]:
                rate = args.count / runs[grid][name]
                same_clock = args.clock == "wall" or name in ("-j 1", "command (start-up in)")
                print(f"  meiro {name:22s} {runs[grid][name]:7.1f} s  {rate:10,.0f} mazes/s"
                      + (f"  ({rate / base:.2f}x Array2D -j 1)" if same_clock else "  (wall-clock)"))
        print(f"  time in building and writing the Parquet files (-j 1): {runs[grid]['pyarrow share']:.0%}")
    if "cluster failed" in runs["array"]:
        print(f"  --scheduler local: not run ({runs['array']['cluster failed']})")
    if "cluster files equal -j 1" in runs["array"]:
        print(f"  cluster's shards byte-identical to -j 1's: {runs['array']['cluster files equal -j 1']}")
    if md_rate is None:
        print("  maze-dataset: not run (" + (md.stderr.strip().splitlines() or ["?"])[-1] + ")")
    else:
        print(f"  maze-dataset from_config gen_dfs, {args.md_count} mazes, one process: {md_rate:,.1f} mazes/s "
              f"(the fastest of {2 * args.repeat} runs; meiro's: the fastest of {args.repeat})")
        for grid in ("array", "bits"):
            for name in ("-j 1", "command (start-up in)"):
                rate = args.count / runs[grid][name]
                print(f"  meiro {name} ({grid}) / maze-dataset, per core: {rate / md_rate:,.0f}x")


if __name__ == "__main__":
    main()

"""Kernels run as plain Python (``MEIRO_JIT=0``, small jobs of the CLI) give exactly what the
compiled kernels give: every generator, goal, braid, mask, solver, search replay and statistic."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meiro
from meiro.kernels import jit

SRC = Path(meiro.__file__).resolve().parent.parent


def fingerprints() -> dict[str, str]:
    """A hash of everything the kernels make for a set of small jobs, by job."""
    from meiro.batch import generate_batch
    from meiro.analysis.batch_stats import batch_paths, batch_stats
    from meiro.solvers.replay_events import search_events
    from meiro.analysis.stats import maze_stats

    out = {}

    def put(name, *arrays):
        digest = hashlib.sha256()
        for array in arrays:
            digest.update(np.ascontiguousarray(array).tobytes())
        out[name] = digest.hexdigest()

    sizes = [(1, 1), (2, 3), (7, 5), (12, 9)]
    goals = ["corner", "farthest", "diameter"]
    for algorithm in meiro.GENERATORS.names():
        for k, (width, height) in enumerate(sizes):
            for seed in (0, 5, 2**64 - 1):
                goal = goals[(k + seed) % 3]
                m = meiro.generate(width, height, algorithm=algorithm, seed=seed, goal=goal)
                put(f"{algorithm} {width}x{height} {seed} {goal}", m.grid, m.start, m.goal, m.carve_order)
        m = meiro.generate(9, 8, algorithm=algorithm, seed=3, braid=0.5)
        put(f"{algorithm} braid", m.grid, m.carve_order)
    mask = np.ones((7, 9), bool)
    mask[2:5, 3:6] = False
    mask[0, 0] = False
    for algorithm in ("dig", "kruskal", "wilson", "eller"):
        m = meiro.generate(9, 7, algorithm=algorithm, seed=11, mask=mask, goal="farthest")
        put(f"{algorithm} mask", m.grid, m.start, m.goal)
    for braid in (0.0, 0.4, 1.0):
        m = meiro.generate(11, 8, seed=21, goal="farthest", braid=braid)
        for method in meiro.SOLVERS.names():
            solution = meiro.solve(m, method)
            put(f"{method} braid {braid}", solution.path, solution.explored)
        order = meiro.solve(m, "astar").explored
        rows, cols = m.grid.shape
        flat = (order[:, 0] * cols + order[:, 1]).astype(np.int64)
        put(f"replay braid {braid}", *search_events(m.grid.ravel() == 1, cols, flat, 1))
        put(f"stats braid {braid}", json.dumps(maze_stats(m).__dict__, sort_keys=True, default=str).encode())
    batch = generate_batch(6, 8, 6, seed=4, goal="farthest", solver="bfs")
    put("batch", batch.grids, batch.starts, batch.goals)
    stats = batch_stats(batch.grids, batch.starts, batch.goals)
    put("batch stats", *stats.__dict__.values())
    put("batch paths", *batch_paths(batch.grids, batch.starts, batch.goals, stats.solution_length))
    from meiro.analysis.measured import measured_mazes

    made = measured_mazes(8, 6, "dig", "farthest", 0.3, batch.seeds)  # a dataset's one pass
    put("measured", made.grids, made.starts, made.goals, made.offsets, made.cells, *made.stats.__dict__.values())
    made = measured_mazes(7, 5, "dig", "corner", 0.0, batch.seeds[:5])  # the default recipe: dug and
    put("measured while dug", made.grids, made.offsets, made.cells, *made.stats.__dict__.values())  # measured
    return out


def _in_python_mode() -> dict[str, str]:
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import test_python_kernels as t; "
            "from meiro.kernels import jit; "
            "print(json.dumps({'mode': jit.mode(), 'numba': 'numba' in sys.modules, "
            "'out': t.fingerprints()}))")
    env = {**os.environ, "MEIRO_JIT": "0"}
    done = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent)], env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stderr == ""  # no overflow warnings from the PRNG's wrapping arithmetic
    report = json.loads(done.stdout)
    assert report["mode"] == "python" and not report["numba"]
    return report["out"]


@pytest.mark.skipif(jit.mode() == "python", reason="the comparison needs compiled kernels here")
def test_python_kernels_make_what_compiled_kernels_make():
    compiled = fingerprints()
    assert jit.mode() == "numba"
    python = _in_python_mode()
    assert sorted(python) == sorted(compiled)
    differ = [name for name in compiled if python[name] != compiled[name]]
    assert differ == [], f"plain-Python kernels differ from compiled ones in: {differ[:10]}"
    assert len(compiled) > 250


def test_kernels_made_stay_as_they_are():
    import meiro.generators.dig  # noqa: F401  (a kernel is defined: the mode is fixed)

    before = jit.mode()
    assert jit.prefer_python() == (before == "python")
    assert jit.mode() == before


def test_small_cli_job_loads_no_numba_and_prints_the_same_maze(tmp_path):
    probe = ("import runpy, sys; sys.argv = ['meiro', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('meiro', run_name='__main__')\n"
             "finally:\n    print('NUMBA' if 'numba' in sys.modules else 'NO-NUMBA', file=sys.stderr)")
    args = ["generate", "--size", "9x7", "--seed", "8", "--goal", "farthest", "--solve", "astar"]
    runs = {}
    for name, value in (("auto", None), ("compiled", "1")):
        env = {k: v for k, v in os.environ.items() if k != "MEIRO_JIT"}
        if value is not None:
            env["MEIRO_JIT"] = value
        runs[name] = subprocess.run([sys.executable, "-c", probe, *args], env=env, capture_output=True,
                                    text=True, timeout=300)
    assert runs["auto"].stderr.strip().endswith("NO-NUMBA")
    assert runs["compiled"].stderr.strip().endswith("NUMBA")
    assert runs["auto"].stdout == runs["compiled"].stdout and "." in runs["auto"].stdout
    meiro.save(meiro.generate(10, 6, seed=4, braid=0.5), tmp_path / "m.json")
    plain = {k: v for k, v in os.environ.items() if k != "MEIRO_JIT"}
    solved = {value: subprocess.run(
        [sys.executable, "-c", probe, "solve", "m.json", "--method", "bidirectional"], cwd=tmp_path,
        env={**plain, "MEIRO_JIT": value} if value else plain, capture_output=True, text=True, timeout=300)
        for value in ("", "1")}
    assert solved[""].stderr.strip().endswith("NO-NUMBA") and solved["1"].stderr.strip().endswith("NUMBA")
    assert solved[""].stdout == solved["1"].stdout and "path length" in solved[""].stdout
    big = subprocess.run([sys.executable, "-c", probe, "generate", "--size", "40x40", "--quiet"],
                         capture_output=True, text=True, timeout=300)
    assert big.stderr.strip().endswith("NUMBA") and not big.stderr.strip().endswith("NO-NUMBA")

"""The kernels' tests again, with numba checking every array index.

The kernels index without bounds checks (``U()`` indices, padding instead of tests), so an
index one past an array's end is silent memory corruption in a normal run. With
``NUMBA_BOUNDSCHECK=1`` numba checks every index and raises ``IndexError`` instead. That
changes the compiled code, so the run gets a cache folder of its own; and it compiles every
kernel afresh, which is most of its time (about two minutes on two cores): it is marked
``slow`` and can be left out with ``-m "not slow"``.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

#: between them these call every compiled kernel (checked below), on the edge sizes
#: (1 x 1, 1 x n), large mazes (the bucketed shuffles, growing queues and rings), braids,
#: masks, random grids of any shape, search replays and whole mazes made in compiled code
KERNEL_TESTS = ["test_zoo_generators.py", "test_zoo_solvers.py", "test_search_buffers.py",
                "test_kruskal_walls.py", "test_search_graph.py", "test_zoo_shapes.py",
                "test_search_replay.py", "test_compiled_mazes.py",
                # the grid kinds: their geometries, graph generators, braids and graph solvers
                "test_kinds.py", "test_kind_generators.py", "test_kind_solvers.py",
                # the goal at a path distance (and the canonical form datasets split by)
                "test_distance_goal.py"]


def cached_kernels() -> list[str]:
    """``module.function`` of every kernel numba caches (the names of its cache index files)."""
    from numba.core.registry import CPUDispatcher

    names = []
    for package in ("meiro.kernels", "meiro.solvers", "meiro.generators", "meiro.curriculum"):
        root = importlib.import_module(package)
        for info in pkgutil.iter_modules(root.__path__):
            module = importlib.import_module(f"{package}.{info.name}")
            for obj in vars(module).values():
                if (isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == module.__name__
                        and type(obj._cache).__name__ != "NullCache"):
                    names.append(f"{info.name}.{obj.py_func.__qualname__}")
    return sorted(names)


KERNEL_TESTS.append("test_curriculum_mutate.py")  # ACCEL's edits over a stack of mazes
KERNEL_TESTS.append("test_measured.py")  # datasets' rows made, measured and solved in one pass


@pytest.mark.slow
def test_the_kernel_tests_pass_with_every_index_checked(tmp_path):
    cache = tmp_path / "numba-cache"
    cache.mkdir()
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(cache)}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:cacheprovider", "-m", "not slow",
               # the statistical uniformity tests only draw many small mazes: minutes, no new index;
               # the terminal test runs the command line, which would compile everything again
               "-k", "not uniform and not on_a_terminal", *(str(TESTS / name) for name in KERNEL_TESTS)]
    out = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1500)
    assert out.returncode == 0, f"{out.stdout[-6000:]}\n{out.stderr[-3000:]}"
    compiled = [path.name for path in cache.rglob("*.nbi")]
    missing = [name for name in cached_kernels() if not any(n.startswith(name + "-") for n in compiled)]
    assert not missing, f"kernels the bounds-checked run never compiled: {missing}"

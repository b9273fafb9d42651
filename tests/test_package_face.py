"""The package's face: ``meiro`` is a plain module, it pickles for Dask and Ray, and the
module names it had before 0.19 still import, with a warning that names their new homes."""

import json
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

import meiro

SRC = Path(meiro.__file__).parent


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-W", "always::DeprecationWarning", "-c", textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)


def test_meiro_is_a_plain_module_and_its_verbs_are_functions():
    import importlib

    generators, solvers = importlib.import_module("meiro.generators"), importlib.import_module("meiro.solvers")
    assert type(meiro) is types.ModuleType
    assert callable(meiro.generate) and not isinstance(meiro.generate, types.ModuleType)
    assert callable(meiro.solve) and not isinstance(meiro.solve, types.ModuleType)
    assert meiro.generate is generators.generate and meiro.solve is solvers.solve


def test_at_most_twelve_loose_modules_at_the_root():
    loose = sorted(path.name for path in SRC.glob("*.py"))
    assert len(loose) <= 12, loose


def test_no_package_shares_a_name_with_a_public_function():
    packages = {path.parent.name for path in SRC.glob("*/__init__.py")}
    functions = {name for name in meiro.__all__ if callable(getattr(meiro, name)) and name.islower()}
    assert packages & functions == set()


def test_the_package_round_trips_through_cloudpickle():
    cloudpickle = pytest.importorskip("cloudpickle")
    assert cloudpickle.loads(cloudpickle.dumps(meiro)) is meiro

    def lengths(seed: int) -> int:  # a closure over the global meiro, as a Dask task is
        return meiro.solve(meiro.generate(6, 5, seed=seed), "bfs").length

    again = cloudpickle.loads(cloudpickle.dumps(lengths))
    assert again(3) == lengths(3)


@pytest.mark.slow
def test_a_dask_task_using_the_global_meiro_runs_on_a_local_cluster():
    pytest.importorskip("dask.distributed")
    out = _run("""
        import meiro
        from dask.distributed import Client, LocalCluster

        def length(seed):
            return int(meiro.solve(meiro.generate(9, 7, seed=seed), "bfs").length)

        if __name__ == "__main__":
            with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \\
                    Client(cluster) as client:
                remote = client.gather(client.map(length, [1, 2, 3]))
            print(remote == [length(s) for s in (1, 2, 3)])
    """)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().splitlines()[-1] == "True"


def test_every_old_module_name_imports_the_same_module_with_a_deprecation_warning():
    out = _run("""
        import importlib, json, warnings, meiro
        found = {}
        for old, new in sorted(meiro.MOVED.items()):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                module = importlib.import_module("meiro." + old)
            home = importlib.import_module("meiro." + new)
            found[old] = [module is home or module._package is home, home.__spec__.name,
                          [str(w.message) for w in caught if w.category is DeprecationWarning]]
        print(json.dumps(found))
    """)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert sorted(found) == sorted(meiro.MOVED)
    for old, (same, spec_name, warned) in found.items():
        new = meiro.MOVED[old]
        assert same and spec_name == f"meiro.{new}", old
        assert warned == [f"meiro.{old} has moved to meiro.{new}: import it from there"], old


def test_old_spellings_of_generate_and_solve_keep_both_the_function_and_the_package():
    out = _run("""
        import meiro
        from meiro.generate import eller_stream
        import meiro.generate.dig as dig
        import meiro.solve.bfs
        m = meiro.generate(5, 4, seed=2)
        print(dig.__name__, eller_stream.__module__, m.shape, meiro.solve(m, "bfs").length > 0)
    """)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["meiro.generators.dig", "meiro.generators", "(9,", "11)", "True"]
    assert "meiro.generate.dig has moved to meiro.generators.dig" in out.stderr


def test_an_unknown_old_looking_name_is_still_an_import_error():
    out = _run("import meiro.stats.nothing_here")
    assert out.returncode == 1 and "ModuleNotFoundError" in out.stderr


def test_the_new_names_import_without_a_warning():
    out = _run("import meiro.analysis.stats, meiro.io.saving, meiro.generators.dig, meiro.rl, meiro.text.styles")
    assert out.returncode == 0 and out.stderr == ""


def test_closures_pickle_after_an_old_name_import_and_with_the_curriculum():
    pytest.importorskip("cloudpickle")
    out = _run("""
        import pickle, warnings
        warnings.simplefilter("ignore", DeprecationWarning)
        import cloudpickle, meiro
        import meiro.solve                      # the old module name binds a module-like meiro.solve
        from meiro import solve
        from meiro.curriculum import LevelBuffer, mutate

        def task(seed):                         # a closure over the global meiro, as a Dask task is
            m = mutate(meiro.generate(6, 5, seed=seed), 3, seed=seed)
            return solve(m, "bfs").length, meiro.solve(m).length

        buffer = LevelBuffer(4, seed=1).extend([meiro.generate(4, 4, seed=s) for s in range(3)], [1.0, 2.0, 3.0])
        again = pickle.loads(cloudpickle.dumps((task, meiro, meiro.solve, buffer)))
        print(again[0](3) == task(3), again[1] is meiro, again[2](meiro.generate(3, 3, seed=1)).length,
              [m.seed for m in again[3].sample(5)] == [m.seed for m in buffer.sample(5)])
    """)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", str(meiro.solve(meiro.generate(3, 3, seed=1)).length), "True"]

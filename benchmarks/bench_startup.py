"""How fast the ``meiro`` command starts: ``--help``, ``list`` and a small ``generate``.

Usage::

    python benchmarks/bench_startup.py [--runs 15]

Times each command as a fresh process (``python -m meiro ...`` from this checkout,
what the ``meiro`` script runs), warm: the compiled kernels are in numba's cache and
the files in the system's page cache, after two untimed runs. Each figure is the
minimum of ``--runs`` runs (the least disturbed by other work on the machine), next
to ``python -c pass`` timed the same way in the same run, so that the ratios hold on
any machine while the absolute times are this machine's.

Targets: ``meiro --help`` and ``meiro list`` within 0.15 s and without importing
numba; ``meiro generate --size 15x15`` within 0.35 s. Two reference rows show the floors
under meiro: ``import numpy``, and numba's own (``import numba`` and one trivial
``@njit(cache=True)`` kernel loaded from its cache, in a temporary folder).

A job of at most 32 x 32 cells runs its kernels as plain Python, without numba
(:mod:`meiro.kernels.small_jobs`); the rows ``MEIRO_JIT=1`` (the same job with compiled
kernels) and ``--size 32x32`` / ``33x33`` (the largest Python job, the smallest
compiled one, on either side of the switch) show that choice.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

NUMBA_FLOOR = ("import sys; sys.path.insert(0, sys.argv[1]); import numba_floor; numba_floor.one()")
FLOOR_MODULE = "from numba import njit\n\n\n@njit(cache=True)\ndef one():\n    return 1\n"

COMMANDS = {
    "python -c pass": ["-c", "pass"],
    "python -c 'import numpy'": ["-c", "import numpy"],
    "numba floor (1 cached kernel)": ["-c", NUMBA_FLOOR],
    "meiro --help": ["-m", "meiro", "--help"],
    "meiro list": ["-m", "meiro", "list"],
    "meiro generate --size 15x15": ["-m", "meiro", "generate", "--size", "15x15", "--seed", "1"],
    "  the same, MEIRO_JIT=1": ["-m", "meiro", "generate", "--size", "15x15", "--seed", "1"],
    "meiro generate --size 32x32": ["-m", "meiro", "generate", "--size", "32x32", "--seed", "1"],
    "meiro generate --size 33x33": ["-m", "meiro", "generate", "--size", "33x33", "--seed", "1"],
}
#: environment settings of one row
SETTINGS = {"  the same, MEIRO_JIT=1": {"MEIRO_JIT": "1"}}
TARGETS = {"meiro --help": 0.15, "meiro list": 0.15, "meiro generate --size 15x15": 0.35}
#: prints whether the command imported numba (run with -X importtime would slow it down)
PROBE = ("import runpy, sys; sys.argv = ['meiro', *sys.argv[1:]]\n"
         "try:\n    runpy.run_module('meiro', run_name='__main__')\n"
         "except SystemExit:\n    pass\n"
         "print('NUMBA' if 'numba' in sys.modules else 'NO-NUMBA', file=sys.stderr)")


def _environment() -> dict[str, str]:
    # warm means Python's compiled modules are kept too (a set-up may turn that off)
    env = {name: value for name, value in os.environ.items()
           if name not in ("MEIRO_JIT", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), *filter(None, [env.get("PYTHONPATH")])])
    return env


def time_command(args: list[str], runs: int, env: dict[str, str]) -> float:
    """The least wall time of ``runs`` runs of ``python ARGS`` (after two untimed ones)."""
    best = float("inf")
    for k in range(runs + 2):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        if k >= 2:
            best = min(best, time.perf_counter() - start)
    return best


def imports_numba(args: list[str], env: dict[str, str]) -> bool:
    """Whether ``python -m meiro ARGS[2:]`` imports numba."""
    out = subprocess.run([sys.executable, "-c", PROBE, *args[2:]], env=env, capture_output=True,
                         text=True, check=True)
    return out.stderr.strip().endswith("NUMBA") and not out.stderr.strip().endswith("NO-NUMBA")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (default 15)")
    options = parser.parse_args()
    env = _environment()
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "numba_floor.py").write_text(FLOOR_MODULE)
        COMMANDS["numba floor (1 cached kernel)"].append(folder)
        times = {name: time_command(args, max(1, options.runs), {**env, **SETTINGS.get(name, {})})
                 for name, args in COMMANDS.items()}
    base = times["python -c pass"]
    print(f"{'command':30} {'min s':>7} {'ratio':>7} {'target s':>9}  numba  verdict")
    for name, seconds in times.items():
        if name not in TARGETS:
            kind = "reference" if name.startswith(("python", "numba")) else "-"
            numba = "-" if kind == "reference" else ("yes" if imports_numba(COMMANDS[name], {
                **env, **SETTINGS.get(name, {})}) else "no")
            print(f"{name:30} {seconds:7.3f} {seconds / base:7.1f} {'-':>9}  {numba:5}  {kind}")
            continue
        numba = imports_numba(COMMANDS[name], env)
        target = TARGETS[name]
        good = seconds <= target and (name.startswith("meiro generate") or not numba)
        print(f"{name:30} {seconds:7.3f} {seconds / base:7.1f} {target:9.2f}  "
              f"{'yes' if numba else 'no':5}  {'within' if good else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

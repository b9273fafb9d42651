"""The benchmarks that compare with the repository's C baseline run end to end at tiny sizes:
the C program built, the ratios printed, the same mazes found on both sides."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
needs_cc = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")


def run_benchmark(script: str, *args: str) -> list[str]:
    """The lines ``benchmarks/SCRIPT ARGS`` prints (it must succeed)."""
    out = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.splitlines()


@pytest.mark.slow
@needs_cc
def test_bench_batch_prints_the_ratios_on_a_tiny_batch():
    lines = run_benchmark("bench_batch.py", "--count", "200", "--size", "5", "--repeat", "1")
    assert any(line.startswith("ratio meiro jobs=1 / C") for line in lines), lines
    assert any(line.startswith("ratio jobs=1 / jobs=2") for line in lines), lines
    # the C baseline makes generate_batch's very mazes: their paths add up to the same length
    assert any(line.startswith("same mazes as C") and " yes " in line for line in lines), lines


@needs_cc
def test_bench_core_prints_the_ratios_at_a_tiny_size():
    lines = run_benchmark("bench_core.py", "--sizes", "40", "--reps", "1", "--no-zoo", "--no-cli")
    assert lines[0].startswith("C baseline: ") and "none" not in lines[0], lines
    rows = {line.split()[1]: line.split() for line in lines if line.startswith("40x40")}
    assert set(rows) == {"dig", "bfs", "astar"}, lines
    for fields in rows.values():
        float(fields[4]), float(fields[5])  # the C time and the ratio are figures, not "-"
    # the C baseline's far mode makes generate(40, 40, seed=0): its farthest path is meiro's
    assert any("check" in line and line.endswith(": same maze") for line in lines), lines


@pytest.mark.slow
def test_bench_startup_prints_every_row_and_help_and_list_load_no_numba():
    lines = run_benchmark("bench_startup.py", "--runs", "1")
    rows = {line[:30].strip(): line[30:].split() for line in lines[1:]}
    assert set(rows) == {"python -c pass", "python -c 'import numpy'", "numba floor (1 cached kernel)",
                         "meiro --help", "meiro list", "meiro generate --size 15x15",
                         "the same, MEIRO_JIT=1", "meiro generate --size 32x32",
                         "meiro generate --size 33x33"}, lines
    numba = {name: fields[3] for name, fields in rows.items()}  # the numba column
    assert numba["meiro --help"] == numba["meiro list"] == "no", lines
    assert numba["meiro generate --size 15x15"] == numba["meiro generate --size 32x32"] == "no", lines
    assert numba["the same, MEIRO_JIT=1"] == numba["meiro generate --size 33x33"] == "yes", lines
    for fields in rows.values():
        float(fields[0]), float(fields[1])  # a time and a ratio


def test_bench_kinds_prints_a_ratio_per_kind_at_a_tiny_size():
    lines = run_benchmark("bench_kinds.py", "--cells", "2500", "--repeat", "1")
    rows = {tuple(line.split()[:2]): line.split() for line in lines
            if line.split()[:1] in (["dig"], ["kruskal"])}
    assert set(rows) == {(a, k) for a in ("dig", "kruskal") for k in ("square", "hex", "theta")}, lines
    for (_, kind), fields in rows.items():
        float(fields[2]), float(fields[3])  # ns per cell and the ratio to square (noise at this size)
        assert (fields[4:] == []) == (kind == "square")
    assert lines[-1].startswith("worst ratio"), lines

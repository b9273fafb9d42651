"""The batch benchmark runs end to end on a tiny batch: C baseline built, ratios printed."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_batch.py"


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_bench_batch_prints_the_ratios_on_a_tiny_batch():
    out = subprocess.run([sys.executable, str(SCRIPT), "--count", "200", "--size", "5", "--repeat", "1"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert any(line.startswith("ratio meiro jobs=1 / C") for line in lines), out.stdout
    assert any(line.startswith("ratio jobs=1 / jobs=2") for line in lines), out.stdout
    # the C baseline makes generate_batch's very mazes: their paths add up to the same length
    assert any(line.startswith("same mazes as C") and " yes " in line for line in lines), out.stdout

"""The core benchmark runs end to end at a tiny size: C baseline built, ratios printed."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_core.py"


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_bench_core_prints_the_ratios_at_a_tiny_size():
    out = subprocess.run([sys.executable, str(SCRIPT), "--sizes", "40", "--reps", "1", "--no-zoo", "--no-cli"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0].startswith("C baseline: ") and "none" not in lines[0], out.stdout
    rows = {line.split()[1]: line.split() for line in lines if line.startswith("40x40")}
    assert set(rows) == {"dig", "bfs", "astar"}, out.stdout
    for fields in rows.values():
        float(fields[4]), float(fields[5])  # the C time and the ratio are figures, not "-"
    # the C baseline's far mode makes generate(40, 40, seed=0): its farthest path is meiro's
    assert any("check" in line and line.endswith(": same maze") for line in lines), out.stdout

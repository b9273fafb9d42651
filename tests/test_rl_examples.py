"""The SB3 and CleanRL-style examples run (a smoke run each) where their libraries are installed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
@pytest.mark.parametrize("script, needs", [("sb3_ppo_maze.py", "stable_baselines3"),
                                           ("cleanrl_ppo_maze.py", "torch")])
def test_the_example_trains_a_little(script, needs):
    pytest.importorskip("gymnasium")
    pytest.importorskip(needs)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, str(ROOT / "examples" / script), "--smoke"], env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "steps" in out.stdout

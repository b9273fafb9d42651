"""examples/plr_accel.py: the PLR/ACCEL loop runs on a small budget, the same every run."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "plr_accel.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("plr_accel", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_loop_replays_edits_and_scores_the_same_every_run(example):
    args = example.parse_args(["--episodes", "60", "--envs", "4", "--size", "4", "--capacity", "16", "--smoke"])
    outs = [io.StringIO(), io.StringIO()]
    runs = [example.run(args, out=out) for out in outs]
    assert outs[0].getvalue() == outs[1].getvalue()
    curriculum = runs[0]
    assert curriculum.episodes == 60 and 0 < curriculum.replays < 60 and curriculum.edited > 0
    assert 0 < len(curriculum.buffer) <= 16
    assert (curriculum.buffer.scores >= 0).all()
    for maze in curriculum.buffer.mazes:  # ACCEL's children stay solvable
        assert maze.shape == (9, 9)


def test_regret_is_the_shortest_walks_return_less_the_agents(example):
    assert example.score(shortest=10, total_return=1.0 - 0.09) == pytest.approx(0.0)
    assert example.score(shortest=10, total_return=-1.2) == pytest.approx(1.0 - 0.09 + 1.2)


def test_the_script_runs_and_rejects_a_bad_budget():
    out = subprocess.run([sys.executable, str(SCRIPT), "--episodes", "12", "--envs", "3", "--size", "4", "--smoke"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].startswith("environments: ") and "episodes    12" in out.stdout
    bad = subprocess.run([sys.executable, str(SCRIPT), "--envs", "0"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "--envs must be at least 1" in bad.stderr


def test_the_vector_env_and_one_env_per_level_walk_the_same_curriculum(example, monkeypatch):
    args = example.parse_args(["--episodes", "40", "--envs", "4", "--size", "4", "--smoke"])
    envs = example.make_envs(4, 4, args.max_steps)
    if not isinstance(envs, example.VectorEnvs):
        pytest.skip("this MazeVectorEnv takes no chosen mazes (reset options)")
    vector, single = io.StringIO(), io.StringIO()
    example.run(args, out=vector)
    monkeypatch.setattr(example, "make_envs", lambda n, size, max_steps: example.SingleEnvs(n, size, max_steps))
    example.run(args, out=single)
    assert vector.getvalue().splitlines()[1:] == single.getvalue().splitlines()[1:]
    assert "MazeVectorEnv" in vector.getvalue().splitlines()[0]

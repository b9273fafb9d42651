"""examples/rllib_maze.py: what RLlib needs of meiro, checked without Ray; the script where Ray is.

RLlib builds the environment in each env runner process with
``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point", **env_config)``
after sending it the config (pickled): the first part checks exactly that,
fast and with no Ray. Ray is no test dependency: the smoke run at the end is
skipped where it is not installed.
"""

import importlib.util
import os
import pickle
import py_compile
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
cloudpickle = pytest.importorskip("cloudpickle")  # Gymnasium's own dependency, as Ray's

from meiro.rl.env import MazeEnv  # noqa: E402
from meiro.rl.vector_env import MazeVectorEnv  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "rllib_maze.py"
# runs the script with Ray made unimportable, whether or not it is installed
WITHOUT_RAY = ("import runpy, sys; sys.modules['ray'] = None; sys.argv = sys.argv[1:]; "
               "runpy.run_path(sys.argv[0], run_name='__main__')")


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("rllib_maze", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports no Ray: main() does, after the arguments
    return module


def run_without_ray(*args, cwd):
    return subprocess.run([sys.executable, "-c", WITHOUT_RAY, str(SCRIPT), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_the_example_compiles(tmp_path):
    py_compile.compile(str(SCRIPT), cfile=str(tmp_path / "rllib_maze.pyc"), doraise=True)


def test_the_id_with_its_module_gives_the_native_vector_env():
    envs = gymnasium.make_vec("meiro.rl.env:meiro/Maze-v0", num_envs=4,
                              vectorization_mode="vector_entry_point", width=5, height=5, view=2)
    assert isinstance(envs, MazeVectorEnv)
    obs, _ = envs.reset(seed=3)
    assert obs.shape == (4, 5, 5) and obs.dtype == np.uint8
    assert envs.single_observation_space.shape == (5, 5) and envs.single_action_space.n == 4
    obs, rewards, *_ = envs.step(np.array([0, 1, 2, 3]))
    assert obs.shape == (4, 5, 5) and rewards.shape == (4,)
    envs.close()


@pytest.mark.parametrize("args", [[], ["--smoke"], ["--size", "6", "--view", "0"]])
def test_the_examples_env_config_survives_pickling_and_builds_the_vector_env(example, args):
    config = example.env_config(example.parse_args(args))
    for dumps in (pickle.dumps, cloudpickle.dumps):
        copy = pickle.loads(dumps(config))
        assert copy == config
        envs = gymnasium.make_vec(example.ENV_ID, num_envs=2,
                                  vectorization_mode="vector_entry_point", **copy)
        assert isinstance(envs, MazeVectorEnv)
        assert envs.width == envs.height == example.parse_args(args).size
        envs.close()


@pytest.mark.parametrize("dumps", [pickle.dumps, cloudpickle.dumps], ids=["pickle", "cloudpickle"])
def test_a_built_maze_env_survives_pickling_mid_episode(dumps):
    env = MazeEnv(width=5, height=5, view=2)
    env.reset(seed=11)
    for action in (1, 2, 1, 2):
        env.step(action)
    copy = pickle.loads(dumps(env))
    assert np.array_equal(copy.maze.grid, env.maze.grid) and copy.position == env.position
    for action in (2, 1, 0, 3, 2, 2, 1, 1):  # the same walk on from here
        a, b = env.step(action), copy.step(action)
        assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
    # and the same next maze: the random generator's state came along
    assert env.reset()[1]["seed"] == copy.reset()[1]["seed"]


def test_help_runs_without_ray(tmp_path):
    out = run_without_ray("--help", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    for option in ("--iterations", "--size", "--view", "--envs-per-runner", "--runners", "--smoke"):
        assert option in out.stdout


def test_without_ray_it_says_what_to_install(tmp_path):
    out = run_without_ray("--smoke", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and 'pip install "ray[rllib]"' in lines[0], out.stderr


def test_bad_arguments_are_refused_before_ray_is_needed(tmp_path):
    out = run_without_ray("--size", "0", cwd=tmp_path)
    assert out.returncode == 2 and "--size must be at least 1" in out.stderr


def test_the_smoke_run_trains_on_the_native_vector_env(tmp_path):
    pytest.importorskip("ray")
    pytest.importorskip("torch")
    # Ray's session folder (sockets: a short path) and its files under HOME go where they are removed
    ray_dir = tempfile.mkdtemp(prefix="ray", dir="/tmp" if os.path.isdir("/tmp") else None)
    try:
        out = subprocess.run([sys.executable, str(SCRIPT), "--smoke"], cwd=tmp_path,
                             env={**os.environ, "RAY_TMPDIR": ray_dir, "HOME": ray_dir},
                             capture_output=True, text=True, timeout=600)
    finally:
        shutil.rmtree(ray_dir, ignore_errors=True)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "meiro.rl.vector_env.MazeVectorEnv" in out.stdout
    iterations = [line for line in out.stdout.splitlines() if line.startswith("iteration")]
    assert len(iterations) == 2 and all("env steps/s" in line for line in iterations), out.stdout

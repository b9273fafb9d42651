"""meiro.rl.sb3: Stable-Baselines3's VecEnv over the native env walks DummyVecEnv's trajectories."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")
sb3 = pytest.importorskip("stable_baselines3")

import meiro  # noqa: E402
from meiro.rl.env import MazeEnv  # noqa: E402
from meiro.rl.sb3 import MazeSB3VecEnv  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402


@pytest.mark.parametrize("options", [dict(width=2, height=2, view=1, max_steps=4),
                                     dict(width=3, height=2, view=2, max_steps=9, action_mode="heading",
                                          compass=True)])
def test_the_same_steps_and_terminal_observations_as_dummy_vec_env(options):
    ours = MazeSB3VecEnv(4, **options)
    theirs = DummyVecEnv([lambda: MazeEnv(**options)] * 4)
    assert ours.observation_space == theirs.observation_space and ours.action_space == theirs.action_space
    ours.seed(3)
    theirs.seed(3)

    def same(a, b):
        if isinstance(b, dict):
            return all(np.array_equal(a[k], b[k]) for k in b)
        return np.array_equal(a, b)

    assert same(ours.reset(), theirs.reset())
    rng, ends = np.random.default_rng(0), 0
    for t in range(200):
        actions = rng.integers(0, ours.action_space.n, 4)
        a, b = ours.step(actions), theirs.step(actions)
        assert same(a[0], b[0]) and np.array_equal(a[1], b[1]) and np.array_equal(a[2], b[2]), t
        for i in np.flatnonzero(b[2]):
            ends += 1
            assert same(a[3][i]["terminal_observation"], b[3][i]["terminal_observation"]), t
            assert a[3][i]["TimeLimit.truncated"] == b[3][i]["TimeLimit.truncated"], t
    assert ends > 50


def test_ppo_learns_from_it_for_a_few_steps_and_options_pass_through():
    from stable_baselines3 import PPO

    venv = MazeSB3VecEnv(8, width=3, height=3, view=1)
    model = PPO("MlpPolicy", venv, n_steps=16, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    venv.env_method("set_options", braid=0.5)
    assert venv.get_attr("braid") == [0.5] * 8
    with pytest.raises(meiro.MazeError, match="autoreset_mode"):
        MazeSB3VecEnv(2, autoreset_mode="NextStep")
    with pytest.raises(meiro.MazeError, match="all of them"):
        venv.set_attr("braid", 0.1, indices=[0])

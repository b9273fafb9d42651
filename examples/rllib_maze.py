"""Train PPO (Ray RLlib) to walk meiro mazes.

A recipe for RLlib's new API stack (Ray >= 2.40, with Gymnasium >= 1.1 as
meiro.rl.env needs): PPO learns to walk from the start to the goal of small
mazes, a fresh maze every episode. RLlib steps meiro's native vector
environment, :class:`meiro.rl.vector_env.MazeVectorEnv`, which moves every maze of an
env runner in one compiled call: the environment id's ``vector_entry_point``
builds it when the runners are configured with
``gym_env_vectorize_mode="vector_entry_point"``.

Install (RLlib trains with PyTorch)::

    pip install "meiro[rl]" "ray[rllib]" torch

Run::

    python examples/rllib_maze.py --smoke        # a quick check: two tiny iterations, no remote runner
    python examples/rllib_maze.py                # 30 iterations on 5x5 mazes, 5x5 blocks in view
    python examples/rllib_maze.py --lstm --size 8 --view 3 --runners 2 --iterations 100

Each iteration prints the mean return and length of the latest episodes
(RLlib's window of the last 100; a return is 1.0 for the goal less 0.01 a step,
so near 1 means short walks, and -2 about a walk that never found the goal)
and how many environment steps the iteration sampled per second (sampling and
learning together).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

# "meiro.rl.env:" before the id makes Gymnasium import meiro.rl.env (which registers
# meiro/Maze-v0) in whichever process builds the environment: the driver and
# every RLlib env runner alike, with nothing to register by hand.
ENV_ID = "meiro.rl.env:meiro/Maze-v0"


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Train PPO (Ray RLlib) on meiro mazes.")
    parser.add_argument("--iterations", type=int, default=30, help="training iterations (default 30)")
    parser.add_argument("--size", type=int, default=5, help="maze width and height in cells (default 5)")
    parser.add_argument("--view", type=int, default=2,
                        help="the agent sees the blocks within VIEW steps of it; 0: the whole maze "
                             "(default 2)")
    parser.add_argument("--envs-per-runner", type=int, default=16,
                        help="mazes stepped together by each env runner (default 16)")
    parser.add_argument("--runners", type=int, default=1,
                        help="remote env runners; 0 samples in this process (default 1)")
    parser.add_argument("--lstm", action="store_true",
                        help="give the policy a memory (an LSTM): a partial view needs one to do well")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed for the mazes and the network (default 0)")
    parser.add_argument("--smoke", action="store_true",
                        help="a quick check: two tiny iterations on the local runner only, "
                             "episodes cut after 10 steps")
    args = parser.parse_args(argv)
    for name in ("iterations", "size", "envs_per_runner"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.view < 0 or args.runners < 0:
        parser.error("--view and --runners must be at least 0")
    if args.smoke:
        args.iterations, args.runners = 2, 0
    return args


def env_config(args: argparse.Namespace) -> dict:
    """The options of meiro.rl.vector_env.MazeVectorEnv (as of MazeEnv): plain values, sent to every runner.

    RLlib passes them as keyword arguments to ``gymnasium.make_vec(ENV_ID,
    num_envs=..., vectorization_mode="vector_entry_point", **config)``.
    """
    config = {"width": args.size, "height": args.size, "view": args.view or None}
    if args.smoke:  # episodes cut after 10 steps, so that even a tiny iteration sees some end
        config["max_steps"] = 10
    return config


def build_config(args: argparse.Namespace):
    """PPO's configuration (imports Ray: call it after the arguments are checked)."""
    import gymnasium as gym
    import numpy as np
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.connectors.env_to_module.observation_preprocessor import (
        SingleAgentObservationPreprocessor,
    )
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig

    class OneHotBlocks(SingleAgentObservationPreprocessor):
        """Blocks 0..3 (open, wall, agent, goal) as one-hot floats, flat: input for an MLP."""

        def recompute_output_observation_space(self, input_observation_space, input_action_space):
            size = math.prod(input_observation_space.shape) * 4
            return gym.spaces.Box(0.0, 1.0, (size,), np.float32)

        def preprocess(self, observation, episode):
            return np.eye(4, dtype=np.float32)[observation].reshape(-1)

    # Per iteration: the steps sampled, trained on in minibatches for a few epochs.
    batch, minibatch, epochs = (256, 64, 1) if args.smoke else (4000, 500, 6)

    config = (
        PPOConfig()  # the new API stack (RLModule, Learner, EnvRunner, connectors) is the default
        .environment(ENV_ID, env_config=env_config(args))
        .env_runners(
            num_env_runners=args.runners,
            num_envs_per_env_runner=args.envs_per_runner,
            # Build the env through the id's vector_entry_point, meiro.rl.vector_env.MazeVectorEnv,
            # rather than a SyncVectorEnv of single MazeEnvs (gym.VectorizeMode.VECTOR_ENTRY_POINT).
            gym_env_vectorize_mode="vector_entry_point",
            env_to_module_connector=lambda env, spaces, device: OneHotBlocks(),
        )
        .training(train_batch_size_per_learner=batch, minibatch_size=minibatch, num_epochs=epochs,
                  lr=3e-4, gamma=0.99, entropy_coeff=0.01)
        .rl_module(model_config=DefaultModelConfig(fcnet_hiddens=[128, 128]))
        .debugging(seed=args.seed)
    )
    if args.lstm:  # the LSTM remembers what the agent saw on its way
        config.rl_module(model_config=DefaultModelConfig(
            fcnet_hiddens=[128], use_lstm=True, lstm_cell_size=128, max_seq_len=32,
            vf_share_layers=True))
        config.training(vf_loss_coeff=0.05)  # one network for policy and value: a small value loss
    return config


def main(argv=None) -> int:
    args = parse_args(argv)
    try:  # Ray only now: --help and bad arguments need no Ray
        import ray
        import torch  # noqa: F401  (RLlib's PPO module is a PyTorch one)
    except ImportError as exc:
        package = "torch" if getattr(exc, "name", "") == "torch" else '"ray[rllib]"'
        print(f"rllib_maze.py needs Ray RLlib and PyTorch: pip install {package}", file=sys.stderr)
        return 2

    ray.init(include_dashboard=False, logging_level="ERROR")  # RLlib's own warnings are left out
    try:
        algo = build_config(args).build_algo()
        # Check that RLlib built meiro's native vector env (under its DictInfoToList wrapper).
        kinds = algo.env_runner_group.foreach_env_runner(
            lambda runner: None if runner.env is None else
            f"{type(runner.env.unwrapped).__module__}.{type(runner.env.unwrapped).__qualname__}",
            local_env_runner=args.runners == 0)
        kinds = [kind for kind in kinds if kind is not None]
        print(f"env runners: {len(kinds)}, each steps {args.envs_per_runner} mazes of "
              f"{args.size}x{args.size} cells in one {', '.join(sorted(set(kinds)))}")
        if not kinds or any(kind != "meiro.rl.vector_env.MazeVectorEnv" for kind in kinds):
            print("error: RLlib did not build meiro.rl.vector_env.MazeVectorEnv", file=sys.stderr)
            return 1

        sampled = 0
        for iteration in range(1, args.iterations + 1):
            start = time.perf_counter()
            result = algo.train()
            seconds = time.perf_counter() - start
            runners = result["env_runners"]
            # No episode may have ended in an iteration (a tiny one): no mean return then.
            if "episode_return_mean" in runners:
                episodes = (f"mean return {runners['episode_return_mean']:6.3f}, "
                            f"mean length {runners['episode_len_mean']:5.1f}")
            else:
                episodes = "no episode has ended yet"
            steps = int(result["num_env_steps_sampled_lifetime"]) - sampled
            sampled += steps
            print(f"iteration {iteration:3d}: {episodes}, {steps} env steps, "
                  f"{steps / seconds:6.0f} env steps/s", flush=True)
        algo.stop()
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

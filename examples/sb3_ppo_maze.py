"""Train Stable-Baselines3's PPO to walk meiro mazes, then measure how often it reaches the goal.

The agent is MiniGrid-style: it turns left, turns right or walks forward
(``action_mode="heading"``), sees the blocks within ``--view`` of it turned the
way it faces, and has a goal compass. Every episode is a fresh maze of
``--size`` x ``--size`` cells; SB3 steps meiro's native vector env through
:class:`meiro.rl.sb3.MazeSB3VecEnv` (``SAME_STEP`` auto-reset, one compiled
call a step).

Install::

    pip install "meiro[sb3]"            # stable-baselines3 and PyTorch (CPU is enough)

Run::

    python examples/sb3_ppo_maze.py --smoke     # a quick check: a few thousand steps
    python examples/sb3_ppo_maze.py             # 5x5 mazes, 400 k steps

It prints the training time, then the success rate over ``--episodes`` episodes
on mazes it never trained on (another seed): the share of episodes that reach the
goal within the step limit (``max_steps``, four times the open blocks), and the
mean steps of those against the shortest walk.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def evaluate(model, size: int, view: int, episodes: int, envs: int = 64, seed: int = 10**6
             ) -> tuple[float, float]:
    """(share of episodes that reached the goal, mean steps / shortest of those) over new mazes."""
    from meiro.rl.sb3 import MazeSB3VecEnv

    venv = MazeSB3VecEnv(envs, width=size, height=size, view=view, action_mode="heading", compass=True)
    venv.seed(seed)
    obs = venv.reset()
    shortest = venv.envs._shortest.copy()  # (each episode's shortest walk, as it starts)
    done, reached, ratios = 0, 0, []
    while done < episodes:
        actions, _ = model.predict(obs, deterministic=False)
        obs, _, dones, infos = venv.step(actions)
        for i in np.flatnonzero(dones):
            done += 1
            if infos[i]["is_success"]:
                reached += 1
                final = venv.envs._final  # (this step's ended episodes: steps in row 4)
                ratios.append(final[4, i] / max(shortest[i], 1))
        shortest = np.where(dones, venv.envs._shortest, shortest)
    venv.close()
    return reached / done, float(np.mean(ratios)) if ratios else float("nan")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5, help="maze cells a side")
    parser.add_argument("--view", type=int, default=2, help="blocks seen around the agent")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=400_000, help="training steps (all envs)")
    parser.add_argument("--episodes", type=int, default=1000, help="evaluation episodes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a quick check: 4096 steps, 50 episodes")
    args = parser.parse_args(argv)
    if args.smoke:
        args.steps, args.episodes, args.envs = 4096, 50, 16

    import torch
    from stable_baselines3 import PPO
    from stable_baselines3.common.vec_env import VecMonitor

    from meiro.rl.sb3 import MazeSB3VecEnv

    torch.set_num_threads(1)  # small networks: one core steps and learns fastest
    venv = VecMonitor(MazeSB3VecEnv(args.envs, width=args.size, height=args.size, view=args.view,
                                    action_mode="heading", compass=True))
    venv.seed(args.seed)
    model = PPO("MultiInputPolicy", venv, n_steps=128, batch_size=1024, n_epochs=4, learning_rate=5e-4,
                gamma=0.99, gae_lambda=0.95, ent_coef=0.01, seed=args.seed, verbose=0,
                policy_kwargs=dict(net_arch=[128, 128]))
    start = time.perf_counter()

    printed = [0]

    def report(local_vars, global_vars) -> bool:  # after each step: progress every ~50 k steps
        done = model.num_timesteps
        if done - printed[0] >= 50_000 and model.ep_success_buffer:
            printed[0] = done
            print(f"{done:>10,} steps  {time.perf_counter() - start:>6.0f} s  reached the goal in the "
                  f"last {len(model.ep_success_buffer)} episodes: {np.mean(model.ep_success_buffer):.1%}",
                  flush=True)
        return True

    model.learn(total_timesteps=args.steps, callback=report)
    seconds = time.perf_counter() - start
    print(f"trained PPO for {model.num_timesteps:,} steps on {args.size}x{args.size} mazes "
          f"(view={args.view}, heading, compass) in {seconds:.0f} s ({model.num_timesteps / seconds:,.0f} steps/s)")
    success, ratio = evaluate(model, args.size, args.view, args.episodes)
    print(f"success rate on {args.episodes} new mazes: {success:.1%} (reached in {ratio:.2f}x the "
          f"shortest walk's steps on average)")


if __name__ == "__main__":
    main()

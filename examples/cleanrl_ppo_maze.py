"""PPO in one file, CleanRL's way, on meiro's native vector env: the whole loop in sight.

CleanRL's PPO (``ppo.py``) stores ``next_obs`` and ``next_done`` after each
step and never looks at the last observation of an episode: that is Gymnasium's
``SAME_STEP`` auto-reset, which :class:`meiro.rl.vector_env.MazeVectorEnv` gives
with ``autoreset_mode=AutoresetMode.SAME_STEP`` (the done step returns the next
maze's first observation). The agent turns and walks forward
(``action_mode="heading"``), sees ``--view`` blocks around it turned its way,
one-hot, and has a goal compass; the network is CleanRL's two-layer MLP.

Install::

    pip install "meiro[rl]" torch

Run::

    python examples/cleanrl_ppo_maze.py --smoke          # a quick check
    python examples/cleanrl_ppo_maze.py --steps 1000000  # 5x5 mazes

Prints, every few updates, the steps so far, the steps per second and the
share of the episodes ended since the last print that reached the goal.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--view", type=int, default=2)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--rollout", type=int, default=128, help="steps per env per update")
    parser.add_argument("--steps", type=int, default=500_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="two small updates")
    args = parser.parse_args(argv)
    if args.smoke:
        args.envs, args.rollout, args.steps = 8, 16, 256

    import torch
    from gymnasium.vector import AutoresetMode
    from torch import nn
    from torch.distributions import Categorical

    from meiro.rl.vector_env import MazeVectorEnv

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    envs = MazeVectorEnv(args.envs, width=args.size, height=args.size, view=args.view, obs_mode="onehot",
                         action_mode="heading", compass=True, autoreset_mode=AutoresetMode.SAME_STEP)
    n, actions_n = args.envs, int(envs.single_action_space.n)
    features = int(np.prod(envs.single_observation_space["view"].shape)) + 2

    def flat(obs) -> torch.Tensor:  # the one-hot view, flattened, and the compass after it
        return torch.as_tensor(np.concatenate([obs["view"].reshape(n, -1), obs["compass"]], axis=1),
                               dtype=torch.float32)

    def layer(inputs: int, outputs: int, std: float = np.sqrt(2)) -> nn.Linear:
        linear = nn.Linear(inputs, outputs)
        nn.init.orthogonal_(linear.weight, std)
        nn.init.constant_(linear.bias, 0.0)
        return linear

    critic = nn.Sequential(layer(features, 128), nn.Tanh(), layer(128, 128), nn.Tanh(), layer(128, 1, 1.0))
    actor = nn.Sequential(layer(features, 128), nn.Tanh(), layer(128, 128), nn.Tanh(),
                          layer(128, actions_n, 0.01))
    optimizer = torch.optim.Adam([*critic.parameters(), *actor.parameters()], lr=5e-4, eps=1e-5)
    gamma, lam, clip, epochs, minibatches = 0.99, 0.95, 0.2, 4, 4

    T = args.rollout
    obs_buf = torch.zeros((T, n, features))
    act_buf, logp_buf = torch.zeros((T, n), dtype=torch.long), torch.zeros((T, n))
    rew_buf, done_buf, val_buf = torch.zeros((T, n)), torch.zeros((T, n)), torch.zeros((T, n))
    obs, _ = envs.reset(seed=args.seed)
    next_obs, next_done = flat(obs), torch.zeros(n)
    steps, ended, reached, start = 0, 0, 0, time.perf_counter()
    updates = max(1, args.steps // (T * n))
    for update in range(1, updates + 1):
        for t in range(T):
            obs_buf[t], done_buf[t] = next_obs, next_done
            with torch.no_grad():
                logits = actor(next_obs)
                dist = Categorical(logits=logits)
                action = dist.sample()
                logp_buf[t], val_buf[t] = dist.log_prob(action), critic(next_obs).squeeze(1)
            act_buf[t] = action
            obs, reward, terminated, truncated, _ = envs.step(action.numpy())
            done = terminated | truncated
            ended, reached = ended + int(done.sum()), reached + int(terminated.sum())
            rew_buf[t] = torch.as_tensor(reward, dtype=torch.float32)
            next_obs, next_done = flat(obs), torch.as_tensor(done, dtype=torch.float32)
            steps += n
        with torch.no_grad():  # generalised advantage estimation, as CleanRL computes it
            next_value = critic(next_obs).squeeze(1)
            advantages, last = torch.zeros((T, n)), torch.zeros(n)
            for t in reversed(range(T)):
                alive = 1.0 - (next_done if t == T - 1 else done_buf[t + 1])
                value_after = next_value if t == T - 1 else val_buf[t + 1]
                delta = rew_buf[t] + gamma * value_after * alive - val_buf[t]
                last = delta + gamma * lam * alive * last
                advantages[t] = last
            returns = advantages + val_buf
        b_obs, b_act, b_logp = obs_buf.reshape(T * n, -1), act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = advantages.reshape(-1), returns.reshape(-1)
        size = T * n // minibatches
        for _ in range(epochs):
            order = torch.randperm(T * n)
            for k in range(minibatches):
                idx = order[k * size:(k + 1) * size]
                dist = Categorical(logits=actor(b_obs[idx]))
                ratio = (dist.log_prob(b_act[idx]) - b_logp[idx]).exp()
                adv = (b_adv[idx] - b_adv[idx].mean()) / (b_adv[idx].std() + 1e-8)
                policy_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - clip, 1 + clip)).mean()
                value_loss = 0.5 * ((critic(b_obs[idx]).squeeze(1) - b_ret[idx]) ** 2).mean()
                loss = policy_loss + 0.5 * value_loss - 0.01 * dist.entropy().mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_([*critic.parameters(), *actor.parameters()], 0.5)
                optimizer.step()
        if update % 10 == 0 or update == updates:
            rate = steps / (time.perf_counter() - start)
            share = f"{reached / ended:.1%}" if ended else "no episode ended"
            print(f"{steps:>10,} steps  {rate:>8,.0f} steps/s  reached the goal: {share}")
            ended = reached = 0


if __name__ == "__main__":
    main()

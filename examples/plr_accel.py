"""A small PLR / ACCEL curriculum loop over meiro mazes.

Robust PLR (Jiang et al., 2021) keeps the mazes with the highest regret in a
scored buffer and replays them; ACCEL (Parker-Holder et al., 2022) also edits
the mazes it replays a little and keeps the children that score well. Both are
a few lines over :mod:`meiro.curriculum`:

- :class:`meiro.curriculum.LevelBuffer` decides whether the next episode
  replays a maze (``replay_decision``) and which (``sample``), and keeps the
  scores (``add``);
- :func:`meiro.curriculum.mutate` makes ACCEL's child of a replayed maze
  (walls opened or closed, the goal or start moved, always solvable);
- new mazes come from :func:`meiro.generate`.

The score here is the true regret, which meiro can tell since it knows each
maze's shortest path: the return of walking it less the return the agent got.
The agent is a random walker, so the run shows the loop, not learning; put
your policy in ``act`` and your score (PLR's positive value loss, say) in
``score`` to train one.

The mazes are fed to the environments one env at a time: with
``MazeVectorEnv(..., autoreset_mode=DISABLED)``, an env whose episode ended is
given its next maze by ``reset(options={"mazes": [...], "reset_mask": done})``;
where the vector env does not take chosen mazes yet, one ``MazeEnv`` per env
with ``reset(options={"maze": m})`` does the same (the script says which it used).

Run::

    pip install "meiro[rl]"
    python examples/plr_accel.py                     # 8 envs, 6x6 mazes, 400 episodes
    python examples/plr_accel.py --episodes 40 --envs 4 --smoke

Each report prints the episodes so far, the share of replays, the buffer's size,
its mean score (regret) and the mean shortest path of the mazes it holds.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import meiro
from meiro.curriculum import LevelBuffer, mutate


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A small PLR/ACCEL curriculum loop over meiro mazes.")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together (default 8)")
    parser.add_argument("--size", type=int, default=6, help="maze width and height in cells (default 6)")
    parser.add_argument("--episodes", type=int, default=400, help="episodes to play in all (default 400)")
    parser.add_argument("--capacity", type=int, default=64, help="the level buffer's capacity (default 64)")
    parser.add_argument("--edits", type=int, default=4, help="ACCEL's edits per child (default 4)")
    parser.add_argument("--max-steps", type=int, default=120, help="steps before an episode is cut (default 120)")
    parser.add_argument("--seed", type=int, default=0, help="seed of everything (default 0)")
    parser.add_argument("--smoke", action="store_true", help="one report at the end only")
    args = parser.parse_args(argv)
    for name in ("envs", "size", "episodes", "capacity", "max_steps"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.edits < 0:
        parser.error("--edits must be at least 0")
    return args


class Curriculum:
    """PLR with ACCEL's edits: which maze each new episode plays, and what an ended one scored."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.buffer = LevelBuffer(args.capacity, seed=args.seed, replay_prob=0.8, min_fill=0.25)
        self.made = 0  # new mazes drawn so far: the next one's seed
        self.edited = 0
        self.replays = 0
        self.episodes = 0

    def next_maze(self) -> tuple[meiro.Maze, bool]:
        """The maze of the next episode and whether it is a replay."""
        if self.buffer.replay_decision():
            self.replays += 1
            return self.buffer.sample(), True
        self.made += 1
        return meiro.generate(self.args.size, self.args.size, seed=self.args.seed * 1_000_003 + self.made), False

    def ended(self, maze: meiro.Maze, score: float, replayed: bool) -> None:
        """Score the maze an episode played; after a replay, ACCEL's child goes in too (scored
        as its parent was until it is played)."""
        self.episodes += 1
        self.buffer.add(maze, score=score)
        if replayed and self.args.edits:
            self.edited += 1
            child = mutate(maze, self.args.edits, seed=self.args.seed * 1_000_003 + self.edited)
            self.buffer.add(child, score=score)

    def report(self) -> str:
        held = self.buffer.mazes
        shortest = np.mean([meiro.solve(m, "bfs").length for m in held]) if held else 0.0
        scores = self.buffer.scores
        return (f"episodes {self.episodes:5d}  replays {self.replays / max(self.episodes, 1):4.0%}  "
                f"buffer {len(self.buffer):3d}  mean regret {scores.mean() if len(scores) else 0:6.3f}  "
                f"mean shortest path {shortest:5.1f}")


def score(shortest: int, total_return: float, step_reward: float = -0.01, goal_reward: float = 1.0) -> float:
    """True regret: the return of walking a shortest path less the return the agent got."""
    best = goal_reward + step_reward * (shortest - 1)
    return max(best - total_return, 0.0)


def act(observations: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The policy: a random walker here (one action, 0-3, per env)."""
    return rng.integers(0, 4, size=len(observations))


class SingleEnvs:
    """One ``MazeEnv`` per env, each reset to a chosen maze: what works with any meiro."""

    name = "one MazeEnv per env, reset(options={'maze': m})"

    def __init__(self, n: int, size: int, max_steps: int):
        from meiro.rl.env import MazeEnv

        self.envs = [MazeEnv(width=size, height=size, view=2, max_steps=max_steps) for _ in range(n)]

    def reset(self, mazes: list[meiro.Maze], mask: np.ndarray) -> np.ndarray:
        obs = [None] * len(self.envs)
        for i, maze in zip(np.flatnonzero(mask), mazes):
            obs[i], _ = self.envs[i].reset(options={"maze": maze})
        return np.array([o if o is not None else np.zeros((5, 5), np.uint8) for o in obs])

    def step(self, actions: np.ndarray, live: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        obs, rewards, done = [], np.zeros(len(self.envs)), np.zeros(len(self.envs), bool)
        for i, env in enumerate(self.envs):
            if live[i]:
                o, rewards[i], terminated, truncated, _ = env.step(int(actions[i]))
                done[i] = terminated or truncated
                obs.append(o)
            else:
                obs.append(np.zeros((5, 5), np.uint8))
        return np.array(obs), rewards, done


class VectorEnvs:
    """meiro's native vector env with auto-reset off: ended envs get chosen mazes through
    ``reset(options={"mazes": [...], "reset_mask": mask})``."""

    name = "MazeVectorEnv(autoreset_mode=DISABLED), reset(options={'mazes': ..., 'reset_mask': ...})"

    def __init__(self, n: int, size: int, max_steps: int):
        from gymnasium.vector import AutoresetMode

        from meiro.rl.vector_env import MazeVectorEnv

        self.envs = MazeVectorEnv(n, width=size, height=size, view=2, max_steps=max_steps,
                                  autoreset_mode=AutoresetMode.DISABLED)
        self.started = False

    def reset(self, mazes: list[meiro.Maze], mask: np.ndarray) -> np.ndarray:
        # the first reset starts every env (a reset_mask only resets some of them again)
        options = {"mazes": mazes, "reset_mask": mask} if self.started else {"mazes": mazes}
        obs, _ = self.envs.reset(seed=None if self.started else 0, options=options)
        self.started = True
        return obs

    def step(self, actions: np.ndarray, live: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        obs, rewards, terminated, truncated, _ = self.envs.step(actions)
        return obs, np.asarray(rewards, np.float64), np.asarray(terminated | truncated, bool)


def make_envs(n: int, size: int, max_steps: int) -> VectorEnvs | SingleEnvs:
    """The vector env where it takes chosen mazes, else one MazeEnv per env."""
    try:
        envs = VectorEnvs(n, size, max_steps)
        envs.reset([meiro.generate(size, size, seed=0)] * n, np.ones(n, bool))
        return envs
    except (TypeError, meiro.MazeError):  # no autoreset_mode keyword, or options refused: not merged yet
        return SingleEnvs(n, size, max_steps)


def run(args: argparse.Namespace, out=sys.stdout) -> Curriculum:
    """Play ``args.episodes`` episodes under the curriculum; returns it."""
    rng = np.random.default_rng(args.seed)
    curriculum = Curriculum(args)
    envs = make_envs(args.envs, args.size, args.max_steps)
    print(f"environments: {envs.name}", file=out)
    n = args.envs
    playing: list[tuple[meiro.Maze, bool]] = [curriculum.next_maze() for _ in range(n)]
    shortest = np.array([meiro.solve(m, "bfs").length for m, _ in playing])
    returns = np.zeros(n)
    obs = envs.reset([m for m, _ in playing], np.ones(n, bool))
    started = n
    live = np.ones(n, bool)
    every = max(args.episodes // 5, 1)
    while live.any():
        obs, rewards, done = envs.step(act(obs, rng), live)
        returns += np.where(live, rewards, 0.0)
        if not done.any():
            continue
        ended = done & live
        for i in np.flatnonzero(ended):
            maze, replayed = playing[i]
            curriculum.ended(maze, score(int(shortest[i]), float(returns[i])), replayed)
            if not args.smoke and curriculum.episodes % every == 0:
                print(curriculum.report(), file=out)
        for i in np.flatnonzero(ended):
            if started < args.episodes:
                playing[i] = curriculum.next_maze()
                shortest[i] = meiro.solve(playing[i][0], "bfs").length
                returns[i] = 0.0
                started += 1
            else:
                live[i] = False
        # every env that ended is reset, a finished one too (auto-reset off: no env steps past its end)
        fresh = envs.reset([playing[i][0] for i in np.flatnonzero(done)], done)
        obs = np.where(done.reshape(-1, *([1] * (obs.ndim - 1))), fresh, obs)
    if args.smoke or curriculum.episodes % every:
        print(curriculum.report(), file=out)
    return curriculum


def main(argv: list[str] | None = None) -> int:
    run(parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())

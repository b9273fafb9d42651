"""Steps per second of the native vector env against Gymnasium's Python-level ones.

Usage::

    python benchmarks/bench_vector_env.py [--envs 1024] [--size 15] [--steps STEPS]

Prints, in one run, the steps per second (one env stepping once = one step) of:

* :class:`meiro.env.MazeVectorEnv`, ``--envs`` mazes of ``--size`` x ``--size``
  cells, random actions, with ``view=3`` and with the full grid, both with
  ``copy=False`` (observations written in place) and the default ``copy=True``;
  auto-resets included, their rate printed beside;
* ``gymnasium.vector.SyncVectorEnv`` over :class:`meiro.env.MazeEnv` (64 envs,
  full grid: its speed hardly depends on the count);
* a single ``MazeEnv`` stepped in a Python loop (resetting when an episode ends);

and the native env's rate as a multiple of each. Each figure is the best of
three timed runs after a warm-up (which also compiles the kernels). Random
walks seldom reach the goal, so nearly every episode is truncated after
``max_steps`` and the envs reset together; a timed run is therefore two whole
episodes long by default (``2 * (max_steps + 1)`` vector steps), so that it
holds the same share of resets as a long training run. The target
of issue 10 is >= 5 M steps/s with ``view=3`` and >= 1 M with the full grid,
and >= 100x SyncVectorEnv. Three more rows (copy=False): one-hot observations
(full grid and ``view=3``) and ``max_steps=30``, where every env starts a new
maze every 31 steps, to show what the compiled auto-resets cost.
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import gymnasium  # noqa: E402
from timing import best_of  # noqa: E402

from meiro.env import MazeEnv, MazeVectorEnv  # noqa: E402


def native_rate(envs: int, size: int, steps: int, view, copy: bool, **options) -> tuple[float, float]:
    """(steps/s, resets/s) of MazeVectorEnv with random actions drawn before the clock starts."""
    env = MazeVectorEnv(envs, width=size, height=size, view=view, copy=copy, **options)
    env.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, (steps, envs))
    resets = [0]

    def run():
        resets[0] = 0
        for a in actions:
            _, _, terminated, truncated, _ = env.step(a)
            resets[0] += int(terminated.sum() + truncated.sum())

    run()  # warm-up: compiles (or loads) the kernels, fills the caches
    seconds = best_of(3, run)
    return steps * envs / seconds, resets[0] / seconds


def sync_rate(envs: int, size: int, steps: int) -> float:
    env = gymnasium.vector.SyncVectorEnv([lambda: MazeEnv(size, size)] * envs)
    env.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, (steps, envs))

    def run():
        for a in actions:
            env.step(a)

    run()
    return steps * envs / best_of(3, run)


def single_rate(size: int, steps: int) -> float:
    env = MazeEnv(size, size)
    env.reset(seed=0)
    actions = [int(a) for a in np.random.default_rng(0).integers(0, 4, steps)]

    def run():
        for a in actions:
            _, _, terminated, truncated, _ = env.step(a)
            if terminated or truncated:
                env.reset()

    run()
    return steps / best_of(3, run)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--steps", type=int, default=None,
                        help="vector steps per timed run (default: two episodes' worth)")
    args = parser.parse_args(argv)
    n, size, steps = args.envs, args.size, args.steps
    if steps is None:
        steps = 2 * (MazeEnv(size, size).max_steps + 1)

    single = single_rate(size, 10 * steps)
    sync = sync_rate(64, size, max(steps // 10, 50))
    print(f"{size}x{size} cells, random actions, best of 3 runs")
    print(f"{'single MazeEnv':<42}{single / 1e3:>10.0f} k steps/s")
    print(f"{'SyncVectorEnv(64 x MazeEnv), full grid':<42}{sync / 1e3:>10.0f} k steps/s")
    for view in (3, None):
        for copy in (False, True):
            rate, resets = native_rate(n, size, steps, view, copy)
            label = f"MazeVectorEnv({n}), {'view=3' if view else 'full grid'}, copy={copy}"
            print(f"{label:<42}{rate / 1e6:>10.2f} M steps/s  ({resets / 1e3:.1f} k resets/s; "
                  f"{rate / sync:,.0f}x sync, {rate / single:,.0f}x single)")
    # the rare cases: channels for a CNN, and short episodes (a new maze every 30 steps, as for
    # an agent that has learnt to walk to the goal): the auto-resets' own cost shows here
    for label, view, options in (("full grid, one-hot", None, dict(obs_mode="onehot")),
                                 ("view=3, one-hot", 3, dict(obs_mode="onehot")),
                                 ("view=3, max_steps=30", 3, dict(max_steps=30))):
        rate, resets = native_rate(n, size, steps, view, False, **options)
        label = f"MazeVectorEnv({n}), {label}"
        print(f"{label:<42}{rate / 1e6:>10.2f} M steps/s  ({resets / 1e3:.1f} k resets/s; "
              f"{rate / sync:,.0f}x sync, {rate / single:,.0f}x single)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of the run: {peak:.0f} MB")


if __name__ == "__main__":
    main()

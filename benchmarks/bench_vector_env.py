"""Steps per second of the native vector env against Gymnasium's Python-level ones.

Usage::

    python benchmarks/bench_vector_env.py [--envs 1024] [--size 15] [--steps STEPS]
                                          [--jumanji-wrapper-steps 4]

Prints, in one run, the steps per second (one env stepping once = one step) of:

* :class:`meiro.rl.vector_env.MazeVectorEnv`, ``--envs`` mazes of ``--size`` x ``--size``
  cells, random actions, with ``view=3`` and with the full grid, both with
  ``copy=False`` (observations written in place) and the default ``copy=True``;
  auto-resets included, their rate printed beside;
* ``gymnasium.vector.SyncVectorEnv`` over :class:`meiro.rl.env.MazeEnv` (64 envs,
  full grid: its speed hardly depends on the count);
* a single ``MazeEnv`` stepped in a Python loop (resetting when an episode ends);

and the native env's rate as a multiple of each; then the same env with
``threads=1`` and ``threads=--threads`` on ``--thread-envs`` envs (timed by turns), and
the speed-up, with the machine's load average (the speed-up needs idle cores). Each figure is the best of
three timed runs after a warm-up (which also compiles the kernels). Random
walks seldom reach the goal, so nearly every episode is truncated after
``max_steps`` and the envs reset together; a timed run is therefore two whole
episodes long by default (``2 * (max_steps + 1)`` vector steps), so that it
holds the same share of resets as a long training run. The target
of issue 10 is >= 5 M steps/s with ``view=3`` and >= 1 M with the full grid,
and >= 100x SyncVectorEnv. Three more rows (copy=False): one-hot observations
(full grid and ``view=3``) and ``max_steps=30``, where every env starts a new
maze every 31 steps, to show what the compiled auto-resets cost.

Optional rows, where ``jax`` and ``jumanji`` import (they are no dependency of
meiro: install them beside it, ``pip install jax jumanji``): Jumanji's maze
(``jumanji.make("Maze-v0")``) on the CPU, ``jax.jit`` of ``jax.vmap`` over the
same ``--envs``, at the same size: Jumanji's grid has no outer wall, so
``--size`` cells a side are ``2 * size - 1`` blocks a side (29 x 29 for 15);
its ``time_limit`` is set to ``MazeEnv``'s ``max_steps``; its start and target
are random open blocks (not meiro's far corner), so more of its episodes end
early. Its random actions are drawn before the clock starts too, and a timed
run is one compiled ``jax.lax.scan`` over the steps (JAX's fastest way: no
Python between steps), which sums each step's rewards and episode ends so that
XLA computes them, timed up to ``jax.block_until_ready`` after a warm-up call
that compiles it.
Three rows:

* ``AutoResetWrapper``: ``jax.vmap`` of ``jumanji.wrappers.AutoResetWrapper``'s
  step, the library's own recipe. Under ``vmap`` its ``lax.cond`` becomes a
  select that runs both branches, so every step generates a new maze for every
  env (recursive division, a ``while_loop``): it is timed over only
  ``--jumanji-wrapper-steps`` steps, as every step costs the same;
* ``resets as needed``: the vmapped step, then a loop that resets only the envs
  whose episode ended (one maze each, with the key ``AutoResetWrapper`` would
  use): the same auto-reset, the same trajectories, without the wasted mazes;
* ``no resets``: the vmapped step alone (an env that ends an episode goes on
  stepping in it), the step's own cost.

Each is printed with ``MazeVectorEnv``'s full grid, ``copy=False`` rate as a
multiple of it (the closest observation: Jumanji's is the walls and the two
positions), and the cores it kept busy (CPU time over wall time): meiro's rows
use one core, XLA may use them all (``taskset -c 0`` gives it one). Without jax or jumanji these rows are skipped with a one-line note.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import gymnasium
from timing import best_of

from meiro.rl.env import MazeEnv
from meiro.rl.vector_env import MazeVectorEnv


def native_rate(envs: int, size: int, steps: int, view, copy: bool, **options) -> tuple[float, float]:
    """(steps/s, resets/s) of MazeVectorEnv with random actions drawn before the clock starts.

    With ``autoreset_mode="Disabled"`` the loop resets the ended envs itself, as a caller must
    (``reset(options={"reset_mask": ended})``), inside the timed run."""
    env = MazeVectorEnv(envs, width=size, height=size, view=view, copy=copy, **options)
    env.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 3 if options.get("action_mode") == "heading" else 4,
                                                (steps, envs))
    resets = [0]
    disabled = options.get("autoreset_mode") == "Disabled"

    def run():
        resets[0] = 0
        for a in actions:
            _, _, terminated, truncated, _ = env.step(a)
            ended = terminated | truncated
            count = int(ended.sum())
            resets[0] += count
            if disabled and count:
                env.reset(options={"reset_mask": ended})

    run()  # warm-up: compiles (or loads) the kernels, fills the caches
    seconds = best_of(3, run)
    env.close()
    return steps * envs / seconds, resets[0] / seconds


def threads_rates(envs: int, size: int, steps: int, threads: int, rounds: int = 3) -> tuple[float, float]:
    """(steps/s on one thread, on ``threads``) of MazeVectorEnv(view=3, copy=False), the two
    timed by turns (``rounds`` times each, the best of each kept), so that a machine whose load
    changes during the run weighs on both alike."""
    rates = {1: 0.0, threads: 0.0}
    for _ in range(rounds):
        for count in rates:
            rate, _ = native_rate(envs, size, steps, 3, False, threads=count)
            rates[count] = max(rates[count], rate)
    return rates[1], rates[threads]


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


def jumanji_rates(envs: int, size: int, steps: int, wrapper_steps: int,
                  time_limit: int) -> list[tuple[str, float, float | None, float]] | str:
    """Jumanji's Maze-v0 rows, ``(label, steps/s, resets/s or None, cores kept busy)``, or why none."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")  # the CPU, as meiro's (before jax loads)
    try:
        import jax
        import jax.numpy as jnp
        import jumanji
        from jumanji.environments.routing.maze.generator import RandomGenerator
        from jumanji.wrappers import AutoResetWrapper
    except Exception as error:  # not installed, or a jax that this jumanji does not work with
        return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"

    blocks = 2 * size - 1  # cells at even rows and columns, walls between them, no outer wall
    env = jumanji.make("Maze-v0", generator=RandomGenerator(blocks, blocks), time_limit=time_limit)
    wrapped = AutoResetWrapper(env)
    step, wrapped_step = jax.vmap(env.step), jax.vmap(wrapped.step)

    def reset_ended(state, done):
        """Reset only the envs whose episode ended, one maze each, as AutoResetWrapper keys it."""
        ended = jnp.nonzero(done, size=envs, fill_value=0)[0]

        def one(i, state):
            j = ended[i]
            fresh, _ = env.reset(jax.random.split(state.key[j])[0])
            return jax.tree_util.tree_map(lambda all_, new: all_.at[j].set(new), state, fresh)

        return jax.lax.fori_loop(0, done.sum(), one, state)

    def as_needed(state, actions):
        state, timestep = step(state, actions)
        return reset_ended(state, timestep.last()), timestep

    def scanned(step_all):
        def run(state, actions):
            def body(state, a):
                state, timestep = step_all(state, a)
                return state, (timestep.reward.sum(), timestep.last().sum())

            state, (rewards, ends) = jax.lax.scan(body, state, actions)
            return state, rewards.sum(), ends.sum()

        return jax.jit(run)

    rows = []
    rng = np.random.default_rng(0)
    first, _ = jax.jit(jax.vmap(env.reset))(jax.random.split(jax.random.PRNGKey(0), envs))
    for label, step_all, count, counts_resets in (
            ("AutoResetWrapper", wrapped_step, wrapper_steps, True),
            ("resets as needed", as_needed, steps, True),
            ("no resets", step, steps, False)):
        run = scanned(step_all)
        actions = jnp.asarray(rng.integers(0, 4, (count, envs)), dtype=jnp.int32)
        box = [first, 0]

        def timed():
            box[0], _, ends = jax.block_until_ready(run(box[0], actions))
            box[1] = int(ends)

        timed()  # warm-up: compiles
        wall, cpu = time.perf_counter(), time.process_time()
        seconds = best_of(3, timed)
        cores = (time.process_time() - cpu) / (time.perf_counter() - wall)
        rows.append((f"Jumanji Maze({envs}), {label}", count * envs / seconds,
                     box[1] / seconds if counts_resets else None, cores))
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--steps", type=int, default=None,
                        help="vector steps per timed run (default: two episodes' worth)")
    parser.add_argument("--thread-envs", type=int, default=4096,
                        help="envs of the threads rows (one thread against --threads)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jumanji-wrapper-steps", type=int, default=4,
                        help="vector steps per timed run of Jumanji's AutoResetWrapper row "
                             "(each makes --envs mazes)")
    args = parser.parse_args(argv)
    n, size, steps = args.envs, args.size, args.steps
    if steps is None:
        steps = 2 * (MazeEnv(size, size).max_steps + 1)

    single = single_rate(size, 10 * steps)
    sync = sync_rate(64, size, max(steps // 10, 50))
    print(f"{size}x{size} cells, random actions, best of 3 runs")
    print(f"{'single MazeEnv':<48}{single / 1e3:>10.0f} k steps/s")
    print(f"{'SyncVectorEnv(64 x MazeEnv), full grid':<48}{sync / 1e3:>10.0f} k steps/s")
    for view in (3, None):
        for copy in (False, True):
            rate, resets = native_rate(n, size, steps, view, copy)
            if view is None and not copy:
                full = rate
            label = f"MazeVectorEnv({n}), {'view=3' if view else 'full grid'}, copy={copy}"
            print(f"{label:<48}{rate / 1e6:>10.2f} M steps/s  ({resets / 1e3:.1f} k resets/s; "
                  f"{rate / sync:,.0f}x sync, {rate / single:,.0f}x single)")
    # the rare cases: channels for a CNN, and short episodes (a new maze every 30 steps, as for
    # an agent that has learnt to walk to the goal): the auto-resets' own cost shows here
    for label, view, options in (("full grid, one-hot", None, dict(obs_mode="onehot")),
                                 ("view=3, one-hot", 3, dict(obs_mode="onehot")),
                                 ("view=3, max_steps=30", 3, dict(max_steps=30)),
                                 # the other auto-reset modes, heading mode, the compass
                                 ("view=3, SAME_STEP", 3, dict(autoreset_mode="SameStep")),
                                 ("view=3, DISABLED + reset_mask", 3, dict(autoreset_mode="Disabled")),
                                 ("view=3, heading", 3, dict(action_mode="heading")),
                                 ("view=3, heading, SAME_STEP", 3,
                                  dict(action_mode="heading", autoreset_mode="SameStep")),
                                 ("view=3, heading, compass", 3, dict(action_mode="heading", compass=True))):
        rate, resets = native_rate(n, size, steps, view, False, **options)
        label = f"MazeVectorEnv({n}), {label}"
        print(f"{label:<48}{rate / 1e6:>10.2f} M steps/s  ({resets / 1e3:.1f} k resets/s; "
              f"{rate / sync:,.0f}x sync, {rate / single:,.0f}x single)")
    # threads: the same envs stepped on one thread and on --threads, timed by turns
    if args.threads > 1:
        one, many = threads_rates(args.thread_envs, size, steps, args.threads)
        busy = os.getloadavg()[0]
        print(f"{f'MazeVectorEnv({args.thread_envs}), view=3, threads=1':<48}{one / 1e6:>10.2f} M steps/s")
        print(f"{f'MazeVectorEnv({args.thread_envs}), view=3, threads={args.threads}':<48}"
              f"{many / 1e6:>10.2f} M steps/s  ({many / one:.2f}x one thread; {os.cpu_count()} cores, "
              f"load average {busy:.1f} at the end)")
    # Jumanji's maze in JAX, if it is there: its observation is the walls and the positions, so
    # meiro's full grid with copy=False is the row to set it beside
    jumanji = jumanji_rates(n, size, steps, args.jumanji_wrapper_steps, MazeEnv(size, size).max_steps)
    if isinstance(jumanji, str):
        print(f"Jumanji Maze-v0: skipped (jax and jumanji needed; {jumanji})")
    else:
        for label, rate, resets, cores in jumanji:
            ended = ("no resets" if resets is None else f"{resets / 1e3:.1f} k resets/s"
                     if resets >= 1e3 else f"{resets:.0f} resets/s")
            figure = f"{rate / 1e6:>10.2f} M" if rate >= 1e6 else f"{rate / 1e3:>10.1f} k"
            times = f"{full / rate:,.0f}" if full >= 10 * rate else f"{full / rate:.2f}"
            print(f"{label:<48}{figure} steps/s  ({ended}; {cores:.1f} cores; "
                  f"MazeVectorEnv full grid, copy=False is {times}x this)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of the run: {peak:.0f} MB")


if __name__ == "__main__":
    main()

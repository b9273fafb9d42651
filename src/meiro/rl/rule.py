"""The rule of one step of a walker in a maze, one piece of code for every env.

:class:`~meiro.rl.env.MazeEnv` (one maze, stepped from Python) and
:class:`~meiro.rl.vector_env.MazeVectorEnv` (many, stepped in one compiled loop) both
move their agents by :func:`walk`: the vector env's kernel calls it compiled (numba
inlines it), the single env calls its plain-Python source (``walk.py_func``), because a
call into compiled code costs more than the rule itself for one agent (measured: a
single ``MazeEnv`` stepping through a compiled call ran at 0.6x its speed,
``python benchmarks/bench_vector_env.py``). Same source, so the same rule.

Examples
--------
>>> step = getattr(walk, "py_func", walk)
>>> step(False, 1, 1, 1, 2, 0, 1, 3, 100, -0.01, 1.0)      # open: moves, not yet there
(1, 2, 1, False, False, -0.01)
>>> step(True, 1, 1, 1, 0, 99, 1, 3, 100, -0.01, 1.0)      # a wall: stays; the 100th step ends it
(1, 1, 100, False, True, -0.01)
>>> step(False, 1, 2, 1, 3, 5, 1, 3, 100, -0.01, 1.0)      # the goal
(1, 3, 6, True, False, 1.0)
"""

from __future__ import annotations

from ..kernels.jit import njit


@njit(cache=True)
def walk(blocked: bool, r0: int, c0: int, r1: int, c1: int, steps: int, goal_row: int, goal_col: int,
         max_steps: int, step_reward: float, goal_reward: float
         ) -> tuple[int, int, int, bool, bool, float]:
    """One step from block ``(r0, c0)`` towards ``(r1, c1)``: a wall (``blocked``) keeps the
    walker where it is. Returns its block, its step count, whether it reached the goal
    (terminated), whether it ran out of steps without (truncated), and the reward."""
    r = r0 if blocked else r1
    c = c0 if blocked else c1
    s = steps + 1
    done = (r == goal_row) & (c == goal_col)  # (no branches: the actions are random, so a branch mispredicts)
    cut = (not done) & (s >= max_steps)
    return r, c, s, done, cut, goal_reward if done else step_reward

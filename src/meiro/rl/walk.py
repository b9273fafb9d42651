"""The walk of one maze env or many: their state in one object, and the one rule of a step.

:class:`~meiro.rl.env.MazeEnv` and :class:`~meiro.rl.vector_env.MazeVectorEnv`
keep what changes while agents walk in a :class:`Walkers` of one env or of
``num_envs``: a table of whole numbers with a row per env (position, goal,
steps, ... in the columns named below), the step limit and rewards, each
maze's block grid, and the observations. Both step through :func:`_move` and
:func:`_show`, compiled: one rule of what a step does (walls block, the goal
ends the episode, the step limit truncates it) and of what the agent then
sees. A single env calls :func:`_step_one` per step, the vector env one loop
over all of them (which adds the auto-resets). The rule reads the env's row
of the table and hands back numbers (the block, the ending, the reward), which
each caller writes where it keeps them.

Examples
--------
>>> import numpy as np
>>> walk = Walkers(1, 5, 7, view=None)
>>> grid = np.ones((5, 7), bool)
>>> grid[1, 1:6] = False
>>> walk.place(0, grid, (1, 1), (1, 5), shortest=4, seed=0)
>>> walk.set_rules(max_steps=10, step_reward=-0.01, goal_reward=1.0)
>>> _step_one(walk.table, walk.rules, walk.payoff, walk.base, walk.obs, 1)
(-0.01, False, False)
>>> walk.table[0, ROW:COL + 1].tolist(), walk.obs[0, 1].tolist()
([1, 2], [1, 0, 2, 0, 0, 3, 1])
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..kernels.jit import njit

# the block values an observation holds: meiro.rl.env's OPEN, WALL, AGENT, GOAL (tests check they
# agree), spelt out here: numba freezes them into this module's kernels, whose cache follows this
# module's source (meiro.kernels.freshness), not meiro.rl.env's
_OPEN, _WALL, _AGENT, _GOAL = 0, 1, 2, 3

#: The columns of :attr:`Walkers.table`, one row per env: the agent's block, the goal's block,
#: the steps taken, the shortest walk to the goal, the maze's seed, how many of the env's queued
#: maze seeds are used (vector env), whether its episode ended on the last step (so the next
#: one resets it) and whether it waits for Python to draw more maze seeds.
ROW, COL, GOAL_ROW, GOAL_COL, STEPS, SHORTEST, SEED, QUEUED, PENDING, RESETTING = range(10)
COLUMNS = 10
#: The places of :attr:`Walkers.rules`: the generator's compiled code, the size in cells, the
#: braid threshold (out of 2**32) and goal rule of new mazes, the step limit, the view (-1: the
#: full grid).
CODE, WIDTH, HEIGHT, THRESHOLD, GOAL_RULE, MAX_STEPS, VIEW = range(7)
#: The places of :attr:`Walkers.payoff`: the reward of a step, and of the step onto the goal.
STEP_REWARD, GOAL_REWARD = range(2)

# the block steps of actions 0..3 (north, east, south, west), as meiro.rl.env.ACTIONS
_D_ROW = (-1, 0, 1, 0)
_D_COL = (0, 1, 0, -1)


class Walkers:
    """The state of ``n`` maze envs of ``rows x cols`` blocks, seen whole or through a ``view``.

    Attributes
    ----------
    table : int64 array, ``(n, COLUMNS)``
        One row per env, the columns :data:`ROW` ... :data:`RESETTING`.
    rules : int64 array
        The generator and the step limit, at :data:`CODE` ... :data:`VIEW`.
    payoff : float64 array
        The two rewards, at :data:`STEP_REWARD` and :data:`GOAL_REWARD`.
    base : uint8 array, ``(n, rows + 2 * pad, cols + 2 * pad)``
        Each maze's blocks (open, wall, goal), with ``pad = view`` blocks of wall all round
        (none for the full grid), so that every window lies inside it.
    obs : uint8 array
        Each env's observation, ``(n, rows, cols)`` or ``(n, side, side)``.
    rewards, terminated, truncated : arrays of ``n``
        What the last step gave each env.

    Examples
    --------
    >>> walk = Walkers(3, 5, 7, view=2)
    >>> walk.base.shape, walk.obs.shape, walk.table.shape
    ((3, 9, 11), (3, 5, 5), (3, 10))
    """

    def __init__(self, n: int, rows: int, cols: int, view: int | None) -> None:
        pad = view or 0
        self.table = np.zeros((n, COLUMNS), np.int64)
        self.rules = np.zeros(7, np.int64)
        self.rules[VIEW] = -1 if view is None else view
        self.payoff = np.zeros(2, np.float64)
        self.base = np.full((n, rows + 2 * pad, cols + 2 * pad), _WALL, np.uint8)
        side = None if view is None else 2 * view + 1
        self.obs: NDArray[np.uint8] = np.zeros((n, rows, cols) if side is None else (n, side, side), np.uint8)
        self.rewards = np.zeros(n, np.float64)
        self.terminated = np.zeros(n, np.bool_)
        self.truncated = np.zeros(n, np.bool_)

    def set_rules(self, max_steps: int, step_reward: float, goal_reward: float) -> None:
        """The step limit and the rewards, from the next step on."""
        self.rules[MAX_STEPS] = max_steps
        self.payoff[STEP_REWARD], self.payoff[GOAL_REWARD] = step_reward, goal_reward

    def place(self, i: int, grid: NDArray[np.bool_], start: tuple[int, int], goal: tuple[int, int],
              shortest: int, seed: int) -> None:
        """Start env ``i`` on the maze ``grid`` (True = wall), walked from ``start`` to ``goal``:
        what :func:`meiro.rl.vector_env._start_episode` does in compiled code, from Python."""
        pad = max(int(self.rules[VIEW]), 0)
        rows, cols = grid.shape
        base = self.base[i]
        base[pad:pad + rows, pad:pad + cols] = grid  # True (wall) -> 1, False (open) -> 0
        base[pad + goal[0], pad + goal[1]] = _GOAL
        row = self.table[i]
        row[ROW], row[COL] = start
        row[GOAL_ROW], row[GOAL_COL] = goal
        row[STEPS], row[SHORTEST], row[SEED] = 0, shortest, seed
        _first_sight(self.table, self.rules, self.base, self.obs, i)


@njit(cache=True)
def _first_sight(table: NDArray[np.int64], rules: NDArray[np.int64], base: NDArray[np.uint8],
                 obs: NDArray[np.uint8], i: int) -> None:
    """Env ``i``'s observation of a maze just placed in ``base[i]``."""
    view = rules[VIEW]
    r, c = table[i, ROW], table[i, COL]
    if view < 0:
        obs[i] = base[i]
        obs[i, r, c] = _AGENT
    else:  # the padded grid's (r, c) is the window's top-left corner
        side = 2 * view + 1
        obs[i] = base[i, r:r + side, c:c + side]
        obs[i, view, view] = _AGENT


@njit(inline="always")
def _move(table: NDArray[np.int64], flat: NDArray[np.uint8], size: int, cols: int, pad: int, i: int,
          a: int, max_steps: int, step_reward: float, goal_reward: float) -> tuple[int, int, bool, bool, float]:
    """The rule of a step: env ``i``'s agent tries action ``a``; returns its block, whether the
    episode ends (terminated) or is cut (truncated), and the reward.

    A wall leaves it where it is; the goal ends the episode (``goal_reward``);
    otherwise the step earns ``step_reward`` and, the ``max_steps``-th, truncates
    it. ``table`` is :attr:`Walkers.table` (this env's row is updated); ``flat``
    every env's grid padded by ``pad`` blocks, ``size`` blocks each, ``cols`` a
    row. Few arrays in, numbers out: each array argument of a compiled call is a
    handful of machine words, and this runs once per env per step. Selects
    rather than branches: the actions are random, so branches on them mispredict.
    """
    r0, c0 = table[i, ROW], table[i, COL]
    r1, c1 = r0 + _D_ROW[a], c0 + _D_COL[a]
    # the border is wall, so the agent never leaves the grid
    blocked = flat[i * size + (r1 + pad) * cols + c1 + pad] == _WALL
    r = r0 if blocked else r1
    c = c0 if blocked else c1
    table[i, ROW], table[i, COL] = r, c
    s = table[i, STEPS] + 1
    table[i, STEPS] = s
    done = (r == table[i, GOAL_ROW]) & (c == table[i, GOAL_COL])
    cut = (not done) & (s >= max_steps)
    table[i, PENDING] = done | cut
    return r, c, done, cut, goal_reward if done else step_reward


@njit(inline="always")
def _copy_window(flat: NDArray[np.uint8], src: int, cols: int, out: NDArray[np.uint8], dst: int,
                 side: int) -> None:
    """Copy the ``side x side`` blocks from ``flat[src]`` (rows ``cols`` apart) to ``out[dst]``."""
    for _ in range(side):
        for x in range(side):
            out[dst + x] = flat[src + x]
        src += cols
        dst += side


@njit(inline="always")
def _show(view: int, flat: NDArray[np.uint8], size: int, cols: int, out: NDArray[np.uint8], osize: int,
          side: int, i: int, r0: int, c0: int, r: int, c: int) -> None:
    """Env ``i``'s observation after a step from block ``(r0, c0)`` to ``(r, c)``, in ``out``
    (every env's observation, ``osize`` values each, ``side`` a row).

    The full grid (``view < 0``) is kept up to date by rewriting only the two
    blocks that change; a window is copied again.
    """
    if view < 0:
        out[i * osize + r0 * side + c0] = flat[i * size + r0 * cols + c0]
        out[i * osize + r * side + c] = _AGENT
    else:  # the padded grid's (r, c) is the window's top-left corner
        src, dst = i * size + r * cols + c, i * osize
        # a constant side lets the compiler unroll the copy: twice as fast for small views
        if side == 3:
            _copy_window(flat, src, cols, out, dst, 3)
        elif side == 5:
            _copy_window(flat, src, cols, out, dst, 5)
        elif side == 7:
            _copy_window(flat, src, cols, out, dst, 7)
        elif side == 9:
            _copy_window(flat, src, cols, out, dst, 9)
        else:
            _copy_window(flat, src, cols, out, dst, side)
        out[i * osize + view * side + view] = _AGENT


@njit(cache=True)
def _step_one(table: NDArray[np.int64], rules: NDArray[np.int64], payoff: NDArray[np.float64],
              base: NDArray[np.uint8], obs: NDArray[np.uint8], action: int) -> tuple[float, bool, bool]:
    """Step env 0 of a single env's :class:`Walkers` (no auto-reset: Gymnasium's single envs
    have none); returns ``(reward, terminated, truncated)``."""
    cols = base.shape[2]
    size = base.shape[1] * cols
    side = obs.shape[2]
    osize = obs.shape[1] * side
    r0, c0 = table[0, ROW], table[0, COL]
    view = rules[VIEW]
    r, c, done, cut, reward = _move(table, base.reshape(base.size), size, cols, max(view, 0), 0, action,
                                    rules[MAX_STEPS], payoff[STEP_REWARD], payoff[GOAL_REWARD])
    _show(view, base.reshape(base.size), size, cols, obs.reshape(obs.size), osize, side, 0, r0, c0, r, c)
    return reward, done, cut

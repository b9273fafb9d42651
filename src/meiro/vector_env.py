"""A native vector environment: ``num_envs`` mazes stepped by one compiled call.

:class:`MazeVectorEnv` is a :class:`gymnasium.vector.VectorEnv` of
:class:`~meiro.env.MazeEnv` mazes. Its ``step`` is one numba call over all the
environments: it moves every agent (walls block), computes the rewards,
terminations and truncations, and writes the observations in place into
preallocated ``uint8`` arrays. ``gymnasium.make_vec("meiro/Maze-v0",
num_envs=N, ...)`` builds it; ``vectorization_mode="sync"`` still gives
:class:`gymnasium.vector.SyncVectorEnv` over ``MazeEnv``.

It walks the same trajectories as that ``SyncVectorEnv``: for the same
``reset(seed=s)`` and the same actions, the observations, rewards,
terminations, truncations and infos are equal step for step. Env ``i`` is
seeded with ``s + i`` and draws each episode's maze seed from its own random
generator, as ``MazeEnv`` does, so env ``i`` depends only on ``s + i`` (not on
``num_envs``). Auto-reset follows Gymnasium's default
``AutoresetMode.NEXT_STEP``: the step after an episode ends resets that env
(reward 0, not terminated, not truncated, the new maze's first observation).

Infos hold one row per env: ``position`` and ``goal`` as ``(num_envs, 2)``
integer arrays (``SyncVectorEnv`` gives object arrays of tuples with the same
numbers), ``steps``, ``shortest`` and ``seed`` as integer arrays, each with
its ``_key`` mask (all true).

An env whose episode ended draws its next maze in Python (the steps of
``meiro.generate``, per finished env only; its shortest walk is a compiled search); the stepping
is compiled.

Examples
--------
>>> import numpy as np
>>> from meiro.env import MazeVectorEnv
>>> envs = MazeVectorEnv(3, width=5, height=4, view=2)
>>> obs, info = envs.reset(seed=7)
>>> obs.shape, obs.dtype, info["position"].tolist()
((3, 5, 5), dtype('uint8'), [[1, 1], [1, 1], [1, 1]])
>>> obs, rewards, terminated, truncated, info = envs.step(np.array([2, 1, 0]))
>>> rewards.tolist(), info["steps"].tolist()
([-0.01, -0.01, -0.01], [1, 1, 1])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

import gymnasium
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .errors import MazeError
from .generate import _ends, carve

# the values of meiro.env's OPEN, WALL, AGENT, GOAL (tests check they agree); spelt out here
# because meiro.env imports this module
_OPEN, _WALL, _AGENT, _GOAL = 0, 1, 2, 3
_ORIGIN = (1, 1)  # meiro.generate's start without a mask
_INFO_KEYS = ("position", "goal", "steps", "shortest", "seed")


@njit(cache=True)
def _first_bad_action(actions):
    """The index of the first action outside 0..3, or -1 (checked before anything moves)."""
    for i in range(actions.shape[0]):
        if actions[i] < 0 or actions[i] > 3:
            return i
    return -1


# the block steps of actions 0..3 (north, east, south, west), as meiro.env.ACTIONS
_D_ROW = (-1, 0, 1, 0)
_D_COL = (0, 1, 0, -1)


@njit(inline="always")
def _copy_window(flat, src, cols, out, dst, side):
    """Copy the ``side x side`` blocks from ``flat[src]`` (rows ``cols`` apart) to ``out[dst]``."""
    for _ in range(side):
        for x in range(side):
            out[dst + x] = flat[src + x]
        src += cols
        dst += side


@njit(cache=True)
def _step_all(base, pos, goal, steps, pending, resetting, actions, max_steps, step_reward,
              goal_reward, view, obs, rewards, terminated, truncated):
    """Step every env once; returns how many envs are due for a reset (marked in ``resetting``).

    ``base`` is each maze's block grid (open, wall, goal) padded by ``view``
    blocks of wall, so that every window lies inside it; ``view < 0`` means
    the full grid, whose observation is kept up to date by rewriting only the
    two blocks that change. Flat offsets and selects instead of branches keep
    the loop short: the actions are random, so branches on them mispredict.
    """
    n = actions.shape[0]
    pad = view if view > 0 else 0
    cols = base.shape[2]
    size = base.shape[1] * cols
    flat = base.reshape(n * size)
    side = obs.shape[2]
    osize = obs.shape[1] * side
    out = obs.reshape(n * osize)
    due = 0
    for i in range(n):
        resetting[i] = pending[i]
        if pending[i]:  # the step after an episode ends only resets (Gymnasium's NEXT_STEP)
            rewards[i] = 0.0
            terminated[i] = False
            truncated[i] = False
            due += 1
            continue
        a = actions[i]
        r0, c0 = pos[i, 0], pos[i, 1]
        r1, c1 = r0 + _D_ROW[a], c0 + _D_COL[a]
        # the border is wall, so the agent never leaves the grid
        blocked = flat[i * size + (r1 + pad) * cols + c1 + pad] == 1
        r = r0 if blocked else r1
        c = c0 if blocked else c1
        pos[i, 0], pos[i, 1] = r, c
        s = steps[i] + 1
        steps[i] = s
        done = (r == goal[i, 0]) & (c == goal[i, 1])
        cut = (not done) & (s >= max_steps)
        terminated[i] = done
        truncated[i] = cut
        rewards[i] = goal_reward if done else step_reward
        pending[i] = done | cut
        if view < 0:
            out[i * osize + r0 * side + c0] = flat[i * size + r0 * cols + c0]
            out[i * osize + r * side + c] = 2
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
            out[i * osize + view * side + view] = 2
    return due


@njit(cache=True)
def _shortest(base, i, pad, start_r, start_c, goal_r, goal_c, dist, queue):
    """The fewest steps from start to goal in env ``i``'s padded grid (breadth first).

    ``dist`` (one int32 per padded block) and ``queue`` are scratch arrays
    reused by every reset; -1 if the goal cannot be reached.
    """
    cols = base.shape[2]
    flat = base[i].reshape(base.shape[1] * cols)
    dist[:] = -1
    start = (start_r + pad) * cols + start_c + pad
    target = (goal_r + pad) * cols + goal_c + pad
    dist[start] = 0
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        at = queue[head]
        head += 1
        if at == target:
            return dist[at]
        for step in (-cols, 1, cols, -1):  # the border is wall: no bounds checks needed
            to = at + step
            if flat[to] != 1 and dist[to] < 0:
                dist[to] = dist[at] + 1
                queue[tail] = to
                tail += 1
    return -1


def _check_num_envs(num_envs) -> int:
    if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)):
        raise MazeError(f"num_envs must be a whole number >= 1, got {num_envs!r}")
    if num_envs < 1:
        raise MazeError(f"num_envs must be at least 1, got {num_envs}")
    return int(num_envs)


class MazeVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` :class:`~meiro.env.MazeEnv` mazes stepped together by one compiled call.

    Parameters
    ----------
    num_envs : int
        How many mazes walk side by side.
    width, height, algorithm, goal, braid, max_steps, step_reward, goal_reward, view
        As for :class:`~meiro.env.MazeEnv` (checked the same way).
    render_mode : None
        Rendering is not offered yet.
    copy : bool
        Return copies of the observation and info arrays (the default, as
        ``SyncVectorEnv``); ``False`` returns the internal arrays, which the
        next ``step`` overwrites: fastest, for callers that copy what they keep.

    Examples
    --------
    >>> envs = MazeVectorEnv(2, width=3, height=3)
    >>> obs, info = envs.reset(seed=1)
    >>> obs.shape, envs.single_action_space, envs.metadata["autoreset_mode"].value
    ((2, 7, 7), Discrete(4), 'NextStep')
    >>> envs.step([5, 0])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: actions[0] must be 0 (north), 1 (east), 2 (south) or 3 (west), got 5
    """

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, width: int = 8, height: int = 8, algorithm: str = "dig",
                 goal: str = "corner", braid: float = 0.0, max_steps: int | None = None,
                 render_mode: str | None = None, step_reward: float = -0.01,
                 goal_reward: float = 1.0, view: int | None = None, copy: bool = True):
        from .env import MazeEnv  # here, not above: meiro.env imports this module

        self.num_envs = _check_num_envs(num_envs)
        if render_mode is not None:
            raise MazeError(f"render_mode must be None for MazeVectorEnv, got {render_mode!r}")
        # one MazeEnv checks the options exactly as a single env does, and holds them
        self._template = MazeEnv(width, height, algorithm=algorithm, goal=goal, braid=braid,
                                 max_steps=max_steps, step_reward=step_reward,
                                 goal_reward=goal_reward, view=view)
        t = self._template
        self.width, self.height, self.algorithm = t.width, t.height, t.algorithm
        self.goal, self.braid, self.max_steps, self.view = t.goal, t.braid, t.max_steps, t.view
        self.step_reward, self.goal_reward = t.step_reward, t.goal_reward
        self.render_mode, self.copy = None, bool(copy)
        self.single_observation_space = t.observation_space
        self.single_action_space = spaces.Discrete(4)
        try:  # the batched Box alone holds two arrays of every observation's shape
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)
            self._allocate()
        except (MemoryError, ValueError) as exc:  # numpy says "array is too big" as a ValueError
            raise MazeError(f"num_envs={self.num_envs} mazes of {self.width}x{self.height} cells "
                            f"need more memory than there is ({exc})") from None

    def _allocate(self) -> None:
        n, pad = self.num_envs, self.view or 0
        rows, cols = 2 * self.height + 1, 2 * self.width + 1
        self._base = np.full((n, rows + 2 * pad, cols + 2 * pad), _WALL, np.uint8)
        self._obs = np.zeros((n, *self.single_observation_space.shape), np.uint8)
        self._pos = np.zeros((n, 2), np.int64)
        self._goal = np.zeros((n, 2), np.int64)
        self._steps = np.zeros(n, np.int64)
        self._shortest = np.zeros(n, np.int64)
        self._seed = np.zeros(n, np.int64)
        self._pending = np.zeros(n, np.bool_)  # ended last step: reset on the next one
        self._resetting = np.zeros(n, np.bool_)
        self._rewards = np.zeros(n, np.float64)
        self._terminated = np.zeros(n, np.bool_)
        self._truncated = np.zeros(n, np.bool_)
        self._rngs: list[np.random.Generator | None] = [None] * n
        blocks = self._base.shape[1] * self._base.shape[2]
        self._dist, self._queue = np.empty(blocks, np.int32), np.empty(blocks, np.int64)
        self._started = False
        # with copy=False the same infos (and masks) are handed out every step: no allocation
        self._shared_infos = self._infos_of(lambda array: array)

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None):
        """Start every env on a new maze; env ``i`` is seeded with ``seed + i``. Returns ``(obs, infos)``."""
        seeds = self._seeds(seed)
        if options:
            raise MazeError(f"options are not supported by MazeVectorEnv yet, got {sorted(options)!r}")
        if isinstance(seed, (int, np.integer)):
            super().reset(seed=int(seed))
        for i, s in enumerate(seeds):
            if s is not None or self._rngs[i] is None:
                self._rngs[i] = seeding.np_random(s)[0]
            self._new_episode(i)
        self._pending[:] = False
        self._terminated[:] = False
        self._truncated[:] = False
        self._started = True
        return self._out(self._obs), self._infos()

    def step(self, actions):
        """Step every env (one compiled call); returns ``(obs, rewards, terminated, truncated, infos)``."""
        if not self._started:
            raise MazeError("call reset() before step()")
        actions = self._check_actions(actions)
        due = _step_all(self._base, self._pos, self._goal, self._steps, self._pending,
                        self._resetting, actions, self.max_steps, self.step_reward,
                        self.goal_reward, -1 if self.view is None else self.view, self._obs,
                        self._rewards, self._terminated, self._truncated)
        if due:  # the known gap: a finished env's next maze is made in Python
            for i in np.flatnonzero(self._resetting):
                self._new_episode(int(i))
                self._pending[i] = False
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), self._infos())

    def _seeds(self, seed) -> list:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            if seed < 0:
                raise MazeError(f"seed must be a whole number >= 0, got {seed}")
            return [int(seed) + i for i in range(self.num_envs)]
        if isinstance(seed, (list, tuple)):
            if len(seed) != self.num_envs:
                raise MazeError(f"seed as a list must have num_envs={self.num_envs} entries, "
                                f"got {len(seed)}")
            for s in seed:
                if s is not None and (isinstance(s, bool) or not isinstance(s, (int, np.integer))
                                      or s < 0):
                    raise MazeError(f"each seed in the list must be a whole number >= 0 or None, got {s!r}")
            return [None if s is None else int(s) for s in seed]
        raise TypeError(f"seed must be an int, a list of ints or None, got {type(seed).__name__}")

    def _check_actions(self, actions) -> np.ndarray:
        array = np.asarray(actions)
        if array.shape != (self.num_envs,):
            raise MazeError(f"actions must have shape ({self.num_envs},), one per env, "
                            f"got shape {array.shape}")
        if array.dtype.kind not in "iu":
            raise MazeError(f"actions must be whole numbers 0..3, got dtype {array.dtype}")
        if array.dtype != np.int64:
            if array.dtype == np.uint64 and array.size and array.max() > 3:
                bad = int(np.argmax(array > 3))
                raise MazeError(f"actions[{bad}] must be 0 (north), 1 (east), 2 (south) or "
                                f"3 (west), got {array[bad]}")
            array = array.astype(np.int64)
        bad = _first_bad_action(array)
        if bad >= 0:
            raise MazeError(f"actions[{bad}] must be 0 (north), 1 (east), 2 (south) or 3 (west), "
                            f"got {array[bad]}")
        return array

    def _new_episode(self, i: int) -> None:
        """Env ``i`` on a fresh maze, drawn as :meth:`MazeEnv.reset` draws it."""
        maze_seed = int(self._rngs[i].integers(2**63))
        # meiro.generate's own two steps, without building and checking a Maze object (two
        # thirds of its time); the equality with MazeEnv's mazes is tested
        carving = carve(self.algorithm, self.width, self.height, maze_seed, _ORIGIN, False,
                        self.braid)
        start, goal = _ends(carving, _ORIGIN, self.goal)
        pad = self.view or 0
        rows, cols = carving.grid.shape
        inner = self._base[i, pad:pad + rows, pad:pad + cols]
        np.copyto(inner, carving.grid)  # True (wall) -> 1, False (open) -> 0
        inner[goal] = _GOAL
        self._pos[i] = start
        self._goal[i] = goal
        self._steps[i] = 0
        # the same length as meiro.solve(maze).length (every shortest path has it), without a Solution
        self._shortest[i] = _shortest(self._base, i, pad, *start, *goal, self._dist, self._queue)
        self._seed[i] = maze_seed
        r, c = start
        if self.view is None:
            self._obs[i] = inner
            self._obs[i, r, c] = _AGENT
        else:
            k = self.view
            self._obs[i] = self._base[i, r:r + 2 * k + 1, c:c + 2 * k + 1]
            self._obs[i, k, k] = _AGENT

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, np.ndarray]:
        return self._infos_of(np.copy) if self.copy else self._shared_infos

    def _infos_of(self, take) -> dict[str, np.ndarray]:
        infos: dict[str, np.ndarray] = {}
        for key, array in zip(_INFO_KEYS, (self._pos, self._goal, self._steps, self._shortest,
                                           self._seed)):
            infos[key] = take(array)
            infos[f"_{key}"] = np.ones(self.num_envs, np.bool_)
        return infos

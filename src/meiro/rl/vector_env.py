"""A native vector environment: ``num_envs`` mazes stepped by one compiled call.

:class:`MazeVectorEnv` is a :class:`gymnasium.vector.VectorEnv` of
:class:`~meiro.rl.env.MazeEnv` mazes. Its ``step`` is one numba call over all the
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

An env whose episode ended draws its next maze inside the same compiled call
(:mod:`meiro.generators.compiled`: the generators' kernels, the goal rule and a
breadth-first search for ``shortest``), from maze seeds its generator drew
ahead, :data:`SEEDS_AHEAD` at a time: Python runs once per that many episodes
of an env, to draw more.

``obs_mode="onehot"`` gives channel-first one-hot observations for CNNs;
:meth:`MazeVectorEnv.set_options` (or ``envs.call("set_options", ...)``, as for
a ``SyncVectorEnv``) changes the size, generator, goal, braid, step limit or
rewards between episodes, for curricula.

Examples
--------
>>> import numpy as np
>>> from meiro.rl.vector_env import MazeVectorEnv
>>> envs = MazeVectorEnv(3, width=5, height=4, view=2)
>>> obs, info = envs.reset(seed=7)
>>> obs.shape, obs.dtype, info["position"].tolist()
((3, 5, 5), dtype('uint8'), [[1, 1], [1, 1], [1, 1]])
>>> obs, rewards, terminated, truncated, info = envs.step(np.array([2, 1, 0]))
>>> rewards.tolist(), info["steps"].tolist()
([-0.01, -0.01, -0.01], [1, 1, 1])
"""

from __future__ import annotations

from typing import Any, TypeVar
from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike, NDArray
from ..kernels.jit import njit

import gymnasium
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .env import MazeEnv
from .rule import walk
from ..errors import MazeError, whole
from ..generators.compiled import _make_maze, algorithm_code, goal_code
from ..generators.masking import allowed_blocks
from ..kernels.graph import _trace_moves
from ..solvers.bfs import _bfs_kernel

# the values of meiro.rl.env's OPEN, WALL, AGENT, GOAL (tests check they agree), spelt out here:
# numba freezes them into this module's kernels, whose cache follows this module's source
# (meiro.kernels.freshness), not meiro.rl.env's
_OPEN, _WALL, _AGENT, _GOAL = 0, 1, 2, 3
#: Maze seeds drawn ahead per env: an env asks Python for more once per this many episodes.
SEEDS_AHEAD = 64
_INFO_KEYS = ("position", "goal", "steps", "shortest", "seed")
# what get_attr answers: the options and the fixed choices
_ATTRIBUTES = ("width", "height", "algorithm", "goal", "braid", "max_steps", "step_reward",
               "goal_reward", "view", "obs_mode")
_Item = TypeVar("_Item", bound=np.generic)


@njit(cache=True)
def _first_bad_action(actions: NDArray[np.int64]) -> int:
    """The index of the first action outside 0..3, or -1 (checked before anything moves)."""
    for i in range(actions.shape[0]):
        if actions[i] < 0 or actions[i] > 3:
            return i
    return -1


# the block steps of actions 0..3 (north, east, south, west), as meiro.rl.env.ACTIONS
_D_ROW = (-1, 0, 1, 0)
_D_COL = (0, 1, 0, -1)


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
def _start_episode(i: int, code: int, width: int, height: int, seed: int, threshold: int,
                   allowed: NDArray[np.bool_], goal: int, grid: NDArray[np.bool_], base: NDArray[np.uint8],
                   view: int, obs: NDArray[np.uint8], pos: NDArray[np.int64], goal_pos: NDArray[np.int64],
                   steps: NDArray[np.int64], shortest: NDArray[np.int64], seeds: NDArray[np.int64],
                   moves: NDArray[np.uint8]) -> None:
    """Env ``i`` on the maze of ``seed`` (:func:`meiro.generators.compiled._make_maze`): its
    padded grid in ``base[i]``, its first observation in ``obs[i]``, its infos."""
    graph, padded, s, e = _make_maze(code, grid, width, height, seed, threshold, allowed, goal)
    pad = view if view > 0 else 0
    rows, cols = grid.shape
    r, c = 2 * (s // padded) - 1, 2 * (s % padded) - 1
    gr, gc = 2 * (e // padded) - 1, 2 * (e % padded) - 1
    for y in range(rows):
        for x in range(cols):
            base[i, pad + y, pad + x] = grid[y, x]  # True (wall) -> 1, False (open) -> 0
    base[i, pad + gr, pad + gc] = _GOAL
    pos[i, 0], pos[i, 1] = r, c
    goal_pos[i, 0], goal_pos[i, 1] = gr, gc
    steps[i] = 0
    # the same length as meiro.solve(maze).length (every shortest path has it), without a Solution
    _bfs_kernel(graph, padded, s, e, np.empty(0, np.int64))
    shortest[i] = 2 * _trace_moves(graph, padded, e, moves)
    seeds[i] = seed
    if view < 0:
        obs[i] = base[i]
        obs[i, r, c] = _AGENT
    else:  # the padded grid's (r, c) is the window's top-left corner
        side = 2 * view + 1
        obs[i] = base[i, r:r + side, c:c + side]
        obs[i, view, view] = _AGENT


@njit(cache=True)
def _start_episodes(which: NDArray[np.integer[Any]], queue: NDArray[np.int64], queued: NDArray[np.int64],
                    code: int, width: int, height: int, threshold: int, allowed: NDArray[np.bool_],
                    goal: int, grid: NDArray[np.bool_], base: NDArray[np.uint8], view: int,
                    obs: NDArray[np.uint8], pos: NDArray[np.int64], goal_pos: NDArray[np.int64],
                    steps: NDArray[np.int64], shortest: NDArray[np.int64], seeds: NDArray[np.int64],
                    moves: NDArray[np.uint8]) -> None:
    """Start envs ``which`` each on the next maze seed of its queue (which must hold one)."""
    for i in which:
        seed = queue[i, queued[i]]
        queued[i] += 1
        _start_episode(i, code, width, height, seed, threshold, allowed, goal, grid, base, view,
                       obs, pos, goal_pos, steps, shortest, seeds, moves)


@njit(cache=True)
def _step_all(base: NDArray[np.uint8], pos: NDArray[np.int64], goal_pos: NDArray[np.int64],
              steps: NDArray[np.int64], pending: NDArray[np.bool_], resetting: NDArray[np.bool_],
              actions: NDArray[np.int64], max_steps: int, step_reward: float, goal_reward: float,
              view: int, obs: NDArray[np.uint8], rewards: NDArray[np.float64],
              terminated: NDArray[np.bool_], truncated: NDArray[np.bool_], queue: NDArray[np.int64],
              queued: NDArray[np.int64], code: int, width: int, height: int, threshold: int,
              allowed: NDArray[np.bool_], goal: int, grid: NDArray[np.bool_], shortest: NDArray[np.int64],
              seeds: NDArray[np.int64], moves: NDArray[np.uint8]) -> int:
    """Step every env once; returns how many envs wait for new maze seeds (marked in ``resetting``).

    ``base`` is each maze's block grid (open, wall, goal) padded by ``view``
    blocks of wall, so that every window lies inside it; ``view < 0`` means
    the full grid, whose observation is kept up to date by rewriting only the
    two blocks that change. Flat offsets and selects instead of branches keep
    the loop short: the actions are random, so branches on them mispredict.

    An env whose episode ended on the last step starts its next maze here
    (Gymnasium's NEXT_STEP auto-reset), from the next seed in its row of
    ``queue`` (``queued[i]`` of them used); one whose row is used up is left
    for the caller, who draws more seeds and calls :func:`_start_episodes`.
    """
    n = actions.shape[0]
    pad = view if view > 0 else 0
    cols = base.shape[2]
    size = base.shape[1] * cols
    flat = base.reshape(n * size)
    side = obs.shape[2]
    osize = obs.shape[1] * side
    out = obs.reshape(n * osize)
    waiting = 0
    for i in range(n):
        resetting[i] = False
        if pending[i]:  # the step after an episode ends only resets (Gymnasium's NEXT_STEP)
            rewards[i] = 0.0
            terminated[i] = False
            truncated[i] = False
            pending[i] = False
            if queued[i] < queue.shape[1]:
                seed = queue[i, queued[i]]
                queued[i] += 1
                _start_episode(i, code, width, height, seed, threshold, allowed, goal, grid, base,
                               view, obs, pos, goal_pos, steps, shortest, seeds, moves)
            else:
                resetting[i] = True
                waiting += 1
            continue
        a = actions[i]
        r0, c0 = pos[i, 0], pos[i, 1]
        r1, c1 = r0 + _D_ROW[a], c0 + _D_COL[a]
        # the border is wall, so the agent never leaves the grid
        blocked = flat[i * size + (r1 + pad) * cols + c1 + pad] == 1
        r, c, steps[i], done, cut, rewards[i] = walk(blocked, r0, c0, r1, c1, steps[i], goal_pos[i, 0],
                                                     goal_pos[i, 1], max_steps, step_reward, goal_reward)
        pos[i, 0], pos[i, 1] = r, c
        terminated[i] = done
        truncated[i] = cut
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
    return waiting


@njit(cache=True)
def _one_hot(obs: NDArray[np.uint8], out: NDArray[np.uint8]) -> None:
    """``out[i, v]`` = 1 where ``obs[i]`` is ``v`` (0 - 3), else 0: channel-first one-hot."""
    for i in range(obs.shape[0]):
        for v in range(4):
            for y in range(obs.shape[1]):
                for x in range(obs.shape[2]):
                    out[i, v, y, x] = obs[i, y, x] == v


@njit(cache=True)
def _one_hot_moved(obs: NDArray[np.uint8], out: NDArray[np.uint8], before: NDArray[np.int64],
                   after: NDArray[np.int64], fresh: NDArray[np.bool_]) -> None:
    """:func:`_one_hot` for full-grid observations after a step: only the two blocks an
    agent left and entered change, except in the envs on a ``fresh`` maze."""
    for i in range(obs.shape[0]):
        if fresh[i]:
            _one_hot(obs[i:i + 1], out[i:i + 1])
            continue
        for r, c in ((before[i, 0], before[i, 1]), (after[i, 0], after[i, 1])):
            for v in range(4):
                out[i, v, r, c] = obs[i, r, c] == v


def _check_num_envs(num_envs: object) -> int:
    return whole(num_envs, "num_envs", 1, error=MazeError)


class MazeVectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` :class:`~meiro.rl.env.MazeEnv` mazes stepped together by one compiled call.

    Parameters
    ----------
    num_envs : int
        How many mazes walk side by side.
    width, height, algorithm, goal, braid, max_steps, step_reward, goal_reward, view, obs_mode
        As for :class:`~meiro.rl.env.MazeEnv` (checked the same way); all but ``view``
        and ``obs_mode`` can change between episodes (:meth:`set_options`).
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
                 goal_reward: float = 1.0, view: int | None = None, obs_mode: str = "grid",
                 copy: bool = True) -> None:
        self.num_envs = _check_num_envs(num_envs)
        if render_mode is not None:
            raise MazeError(f"render_mode must be None for MazeVectorEnv, got {render_mode!r}")
        # one MazeEnv checks the options exactly as a single env does, and holds them
        self._template = MazeEnv(width, height, algorithm=algorithm, goal=goal, braid=braid,
                                 max_steps=max_steps, step_reward=step_reward,
                                 goal_reward=goal_reward, view=view, obs_mode=obs_mode)
        self.render_mode, self.copy = None, bool(copy)
        self.view, self.obs_mode = self._template.view, self._template.obs_mode
        self.single_action_space = spaces.Discrete(4)
        n = self.num_envs
        try:
            self.action_space = batch_space(self.single_action_space, n)
            self._rngs: list[np.random.Generator | None] = [None] * n
            # each env's next maze seeds, drawn ahead from its generator (as MazeEnv draws one
            # per reset: a run of draws gives the same numbers as one draw at a time)
            self._queue = np.zeros((n, SEEDS_AHEAD), np.int64)
            self._queued = np.full(n, SEEDS_AHEAD, np.int64)  # how many of each row are used
            self._all = np.ones(n, np.bool_)  # the infos' masks: every env has every key
            self._all.flags.writeable = False
        except (MemoryError, ValueError) as exc:  # numpy says "array is too big" as a ValueError
            raise MazeError(f"num_envs={n} envs need more memory than there is ({exc})") from None
        self._take_options(resize=True)

    def _take_options(self, resize: bool) -> None:
        """Copy the template's options; with ``resize``, (re)build the spaces and the arrays."""
        t = self._template
        self.width, self.height, self.algorithm = t.width, t.height, t.algorithm
        self.goal, self.braid, self.max_steps = t.goal, t.braid, t.max_steps
        self.step_reward, self.goal_reward = t.step_reward, t.goal_reward
        self._codes = (algorithm_code(self.algorithm), int(round(self.braid * 2**32)),
                       goal_code(self.goal))
        if not resize:
            return
        self.single_observation_space = t.observation_space
        try:  # the batched Box alone holds two arrays of every observation's shape
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self._allocate()
        except (MemoryError, ValueError) as exc:
            raise MazeError(f"num_envs={self.num_envs} mazes of {self.width}x{self.height} cells "
                            f"need more memory than there is ({exc})") from None

    def set_options(self, **options: Any) -> None:
        """Change how the coming episodes are made: :meth:`meiro.rl.env.MazeEnv.set_options`.

        The generator, goal rule and braid apply from each env's next maze
        (auto-resets included), the step limit and rewards from the next step,
        as in a ``SyncVectorEnv`` over ``MazeEnv``. A new size needs new arrays:
        call :meth:`reset` after it. ``envs.call("set_options", ...)`` does the same.

        Examples
        --------
        >>> envs = MazeVectorEnv(2, width=3, height=3, view=1)
        >>> _ = envs.reset(seed=0)
        >>> envs.set_options(algorithm="kruskal", braid=0.5, width=5)
        >>> obs, info = envs.reset()
        >>> envs.get_attr("width"), obs.shape
        ((5, 5), (2, 3, 3))
        """
        size = (self.width, self.height)
        self._template.set_options(**options)
        resize = (self._template.width, self._template.height) != size
        self._take_options(resize)
        if resize:
            self._started = False

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """``set_options`` or an option's value, for every env: ``SyncVectorEnv.call``'s answer."""
        if name == "set_options":
            self.set_options(*args, **kwargs)
            return (None,) * self.num_envs
        return self.get_attr(name)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """The value of an option (or ``view``, ``obs_mode``) of every env, one per env."""
        if name not in _ATTRIBUTES:
            raise MazeError(f"MazeVectorEnv has no per-env attribute {name!r}; "
                            f"it has: {', '.join(_ATTRIBUTES)} (and call('set_options', ...))")
        return (getattr(self, name),) * self.num_envs

    def set_attr(self, name: str, values: Any) -> None:
        """Set an option for every env (one value, or one per env, all the same)."""
        if isinstance(values, (list, tuple)):
            if len(values) != self.num_envs:
                raise MazeError(f"set_attr needs one value or num_envs={self.num_envs} values, "
                                f"got {len(values)}")
            if any(v != values[0] for v in values):
                raise MazeError(f"the envs of a MazeVectorEnv share their options: give every env "
                                f"the same {name}")
            values = values[0]
        self.set_options(**{name: values})

    def _allocate(self) -> None:
        """The arrays of one size of maze (built again when a new size is set)."""
        n, pad = self.num_envs, self.view or 0
        rows, cols = 2 * self.height + 1, 2 * self.width + 1
        self._base = np.full((n, rows + 2 * pad, cols + 2 * pad), _WALL, np.uint8)
        side = None if self.view is None else 2 * self.view + 1
        self._obs = np.zeros((n, rows, cols) if side is None else (n, side, side), np.uint8)
        # with obs_mode "onehot": the channels handed out, made from _obs after each step (one
        # channel per block value, each of an observation's shape)
        self._onehot = (np.zeros((n, 4, *self._obs.shape[1:]), np.uint8)
                        if self.obs_mode == "onehot" else None)
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
        self._grid = np.empty((rows, cols), np.bool_)  # where each new maze is carved
        self._allowed = allowed_blocks(np.ones((self.height, self.width), bool)).ravel()
        self._moves = np.empty((self.width + 2) * (self.height + 2), np.uint8)
        self._started = False
        # with copy=False the same infos (and masks) are handed out every step: no allocation
        self._shared_infos = self._infos_of(lambda array: array)

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[NDArray[np.uint8], dict[str, np.ndarray]]:
        """Start every env on a new maze; env ``i`` is seeded with ``seed + i``. Returns ``(obs, infos)``."""
        seeds = self._seeds(seed)
        if options:
            raise MazeError(f"options are not supported by MazeVectorEnv yet, got {sorted(options)!r}")
        if isinstance(seed, (int, np.integer)):
            super().reset(seed=int(seed))
        for i, s in enumerate(seeds):
            if s is not None or self._rngs[i] is None:
                self._rngs[i] = seeding.np_random(s)[0]
                self._queued[i] = SEEDS_AHEAD  # the seeds drawn from the old generator are void
        self._start(np.arange(self.num_envs))
        self._pending[:] = False
        self._terminated[:] = False
        self._truncated[:] = False
        self._started = True
        return self._observation(), self._infos()

    def step(self, actions: ArrayLike) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.bool_],
                                               NDArray[np.bool_], dict[str, np.ndarray]]:
        """Step every env (one compiled call); returns ``(obs, rewards, terminated, truncated, infos)``."""
        if not self._started:
            raise MazeError("call reset() before step() (and after a new size)")
        actions = self._check_actions(actions)
        code, threshold, goal = self._codes
        before: NDArray[np.int64] | None = None
        fresh: NDArray[np.bool_] | None = None
        if self._onehot is not None and self.view is None:  # what the one-hot update needs
            before, fresh = self._pos.copy(), self._pending.copy()
        waiting = _step_all(self._base, self._pos, self._goal, self._steps, self._pending,
                            self._resetting, actions, self.max_steps, self.step_reward,
                            self.goal_reward, self._view_code, self._obs, self._rewards,
                            self._terminated, self._truncated, self._queue, self._queued, code,
                            self.width, self.height, threshold, self._allowed, goal, self._grid,
                            self._shortest, self._seed, self._moves)
        if waiting:  # once per SEEDS_AHEAD episodes of an env: more seeds from its generator
            self._start(np.flatnonzero(self._resetting))
        return (self._observation(before, fresh), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), self._infos())

    def _seeds(self, seed: object) -> list[int | None]:
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

    def _check_actions(self, actions: ArrayLike) -> NDArray[np.int64]:
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

    def _start(self, which: NDArray[np.integer[Any]]) -> None:
        """Start envs ``which`` on their next mazes (compiled), drawing seeds where none is left."""
        for i in which:
            if self._queued[i] == SEEDS_AHEAD:
                rng = self._rngs[i]
                if rng is None:  # reset() gives every env its generator before any starts
                    raise MazeError("call reset() before step()")
                self._queue[i] = rng.integers(2**63, size=SEEDS_AHEAD)
                self._queued[i] = 0
        code, threshold, goal = self._codes
        _start_episodes(which, self._queue, self._queued, code, self.width, self.height, threshold,
                        self._allowed, goal, self._grid, self._base, self._view_code, self._obs,
                        self._pos, self._goal, self._steps, self._shortest, self._seed, self._moves)

    @property
    def _view_code(self) -> int:
        return -1 if self.view is None else self.view

    def _observation(self, before: NDArray[np.int64] | None = None,
                     fresh: NDArray[np.bool_] | None = None) -> NDArray[np.uint8]:
        if self._onehot is not None:
            if before is None or fresh is None:
                _one_hot(self._obs, self._onehot)
            else:  # a full grid after a step: two blocks an env (or a new maze)
                _one_hot_moved(self._obs, self._onehot, before, self._pos, fresh)
            return self._out(self._onehot)
        return self._out(self._obs)

    def _out(self, array: NDArray[_Item]) -> NDArray[_Item]:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, np.ndarray]:
        return self._infos_of(np.copy) if self.copy else self._shared_infos

    def _infos_of(self, take: Callable[[NDArray[np.int64]], NDArray[np.int64]]) -> dict[str, np.ndarray]:
        infos: dict[str, np.ndarray] = {}
        for key, array in zip(_INFO_KEYS, (self._pos, self._goal, self._steps, self._shortest,
                                           self._seed)):
            infos[key] = take(array)
            infos[f"_{key}"] = self._all
        return infos

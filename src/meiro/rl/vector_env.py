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
``num_envs``). Every env steps by the rule a single ``MazeEnv`` steps by
(:mod:`meiro.rl.walk`), and their state is one :class:`~meiro.rl.walk.Walkers`.
Auto-reset follows Gymnasium's default
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

import numpy as np
from numpy.typing import ArrayLike, NDArray
from ..kernels.jit import njit

import gymnasium
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .env import MazeEnv
from ..errors import MazeError, whole
from ..generators.compiled import _make_maze, algorithm_code, goal_code
from ..generators.masking import allowed_blocks
from ..kernels.graph import _trace_moves
from ..solvers.bfs import _bfs_kernel
from .walk import (CODE, COL, GOAL_COL, GOAL_ROW, GOAL_RULE, HEIGHT, PENDING, QUEUED, RESETTING, ROW,
                   SEED, SHORTEST, STEPS, THRESHOLD, VIEW, WIDTH, MAX_STEPS, STEP_REWARD, GOAL_REWARD,
                   Walkers, _GOAL, _first_sight, _move, _show)
# the block values, as meiro.rl.env's OPEN, WALL, AGENT, GOAL (tests check they agree)
from .walk import _AGENT, _OPEN, _WALL  # noqa: F401

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


@njit(inline="always")
def _start_episode(i: int, seed: int, table: NDArray[np.int64], rules: NDArray[np.int64],
                   base: NDArray[np.uint8], obs: NDArray[np.uint8], grid: NDArray[np.bool_],
                   allowed: NDArray[np.bool_], moves: NDArray[np.uint8]) -> None:
    """Env ``i`` on the maze of ``seed`` (:func:`meiro.generators.compiled._make_maze`): its
    padded grid in ``base[i]``, its first observation in ``obs[i]``, its row of ``table``
    (:meth:`meiro.rl.walk.Walkers.place` in compiled code). ``grid`` and ``moves`` are scratch."""
    graph, padded, s, e = _make_maze(rules[CODE], grid, rules[WIDTH], rules[HEIGHT], seed,
                                     rules[THRESHOLD], allowed, rules[GOAL_RULE])
    pad = max(rules[VIEW], 0)
    rows, cols = grid.shape
    gr, gc = 2 * (e // padded) - 1, 2 * (e % padded) - 1
    for y in range(rows):
        for x in range(cols):
            base[i, pad + y, pad + x] = grid[y, x]  # True (wall) -> 1, False (open) -> 0
    base[i, pad + gr, pad + gc] = _GOAL
    table[i, ROW], table[i, COL] = 2 * (s // padded) - 1, 2 * (s % padded) - 1
    table[i, GOAL_ROW], table[i, GOAL_COL] = gr, gc
    table[i, STEPS] = 0
    # the same length as meiro.solve(maze).length (every shortest path has it), without a Solution
    _bfs_kernel(graph, padded, s, e, np.empty(0, np.int64))
    table[i, SHORTEST] = 2 * _trace_moves(graph, padded, e, moves)
    table[i, SEED] = seed
    _first_sight(table, rules, base, obs, i)


@njit(cache=True)
def _start_episodes(which: NDArray[np.integer[Any]], queue: NDArray[np.int64], table: NDArray[np.int64],
                    rules: NDArray[np.int64], base: NDArray[np.uint8], obs: NDArray[np.uint8],
                    grid: NDArray[np.bool_], allowed: NDArray[np.bool_], moves: NDArray[np.uint8]) -> None:
    """Start envs ``which`` each on the next maze seed of its queue (which must hold one)."""
    for i in which:
        seed = queue[i, table[i, QUEUED]]
        table[i, QUEUED] += 1
        _start_episode(i, seed, table, rules, base, obs, grid, allowed, moves)


@njit(cache=True)
def _step_all(table: NDArray[np.int64], rules: NDArray[np.int64], payoff: NDArray[np.float64],
              base: NDArray[np.uint8], obs: NDArray[np.uint8], rewards: NDArray[np.float64],
              terminated: NDArray[np.bool_], truncated: NDArray[np.bool_], actions: NDArray[np.int64],
              queue: NDArray[np.int64], grid: NDArray[np.bool_], allowed: NDArray[np.bool_],
              moves: NDArray[np.uint8]) -> int:
    """Step every env once (:func:`meiro.rl.walk._move`, :func:`meiro.rl.walk._show`); returns
    how many envs wait for new maze seeds (marked in the ``RESETTING`` column).

    An env whose episode ended on the last step starts its next maze here
    (Gymnasium's NEXT_STEP auto-reset), from the next seed in its row of
    ``queue`` (``QUEUED`` of them used); one whose row is used up is left
    for the caller, who draws more seeds and calls :func:`_start_episodes`.
    """
    n = actions.shape[0]
    view, max_steps = rules[VIEW], rules[MAX_STEPS]
    step_reward, goal_reward = payoff[STEP_REWARD], payoff[GOAL_REWARD]
    pad = max(view, 0)
    cols = base.shape[2]
    size = base.shape[1] * cols
    flat = base.reshape(n * size)
    side = obs.shape[2]
    osize = obs.shape[1] * side
    out = obs.reshape(n * osize)
    waiting = 0
    for i in range(n):
        table[i, RESETTING] = 0
        if table[i, PENDING]:  # the step after an episode ends only resets (Gymnasium's NEXT_STEP)
            rewards[i] = 0.0
            terminated[i] = False
            truncated[i] = False
            table[i, PENDING] = 0
            if table[i, QUEUED] < queue.shape[1]:
                seed = queue[i, table[i, QUEUED]]
                table[i, QUEUED] += 1
                _start_episode(i, seed, table, rules, base, obs, grid, allowed, moves)
            else:
                table[i, RESETTING] = 1
                waiting += 1
            continue
        r0, c0 = table[i, ROW], table[i, COL]
        r, c, terminated[i], truncated[i], rewards[i] = _move(table, flat, size, cols, pad, i, actions[i],
                                                              max_steps, step_reward, goal_reward)
        _show(view, flat, size, cols, out, osize, side, i, r0, c0, r, c)
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
                   table: NDArray[np.int64], fresh: NDArray[np.bool_]) -> None:
    """:func:`_one_hot` for full-grid observations after a step: only the two blocks an
    agent left (``before``) and entered (its walk's ``table`` row) change, except in the
    envs on a ``fresh`` maze."""
    for i in range(obs.shape[0]):
        if fresh[i]:
            _one_hot(obs[i:i + 1], out[i:i + 1])
            continue
        for r, c in ((before[i, 0], before[i, 1]), (table[i, ROW], table[i, COL])):
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
            # (how many of each row are used: the QUEUED column of the walk's table)
            self._queue = np.zeros((n, SEEDS_AHEAD), np.int64)
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
        if resize:
            self.single_observation_space = t.observation_space
            try:  # the batched Box alone holds two arrays of every observation's shape
                self.observation_space = batch_space(self.single_observation_space, self.num_envs)
                self._allocate()
            except (MemoryError, ValueError) as exc:
                raise MazeError(f"num_envs={self.num_envs} mazes of {self.width}x{self.height} cells "
                                f"need more memory than there is ({exc})") from None
        rules = self._walk.rules
        rules[CODE], rules[WIDTH], rules[HEIGHT] = algorithm_code(self.algorithm), self.width, self.height
        rules[THRESHOLD], rules[GOAL_RULE] = int(round(self.braid * 2**32)), goal_code(self.goal)
        self._walk.set_rules(self.max_steps, self.step_reward, self.goal_reward)

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
        n = self.num_envs
        rows, cols = 2 * self.height + 1, 2 * self.width + 1
        old = getattr(self, "_walk", None)
        self._walk = walk = Walkers(n, rows, cols, self.view)
        # the seeds queued before a new size stay queued (none is used yet on the first size)
        walk.table[:, QUEUED] = SEEDS_AHEAD if old is None else old.table[:, QUEUED]
        # with obs_mode "onehot": the channels handed out, made from the observations after
        # each step (one channel per block value, each of an observation's shape)
        self._onehot = (np.zeros((n, 4, *walk.obs.shape[1:]), np.uint8)
                        if self.obs_mode == "onehot" else None)
        self._grid = np.empty((rows, cols), np.bool_)  # where each new maze is carved
        self._allowed = allowed_blocks(np.ones((self.height, self.width), bool)).ravel()
        self._moves = np.empty((self.width + 2) * (self.height + 2), np.uint8)
        self._started = False
        self._views()

    def _views(self) -> None:
        """The infos' columns of the walk's table, as views made once: with copy=False the same
        arrays (and masks) are handed out every step, with no allocation."""
        self._shared_infos = self._infos_of(self._walk.table)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickling: pickle copies the views apart from the table, so they are made again."""
        self.__dict__.update(state)
        self._views()

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
                self._walk.table[i, QUEUED] = SEEDS_AHEAD  # the old generator's seeds are void
        self._start(np.arange(self.num_envs))
        self._walk.table[:, PENDING] = 0
        self._walk.terminated[:] = False
        self._walk.truncated[:] = False
        self._started = True
        return self._observation(), self._infos()

    def step(self, actions: ArrayLike) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.bool_],
                                               NDArray[np.bool_], dict[str, np.ndarray]]:
        """Step every env (one compiled call); returns ``(obs, rewards, terminated, truncated, infos)``."""
        if not self._started:
            raise MazeError("call reset() before step() (and after a new size)")
        actions = self._check_actions(actions)
        walk = self._walk
        before: NDArray[np.int64] | None = None
        fresh: NDArray[np.bool_] | None = None
        if self._onehot is not None and self.view is None:  # what the one-hot update needs
            # contiguous copies: the kernel then reads them as it reads any array
            before, fresh = walk.table[:, ROW:COL + 1].copy(), walk.table[:, PENDING] != 0
        waiting = _step_all(walk.table, walk.rules, walk.payoff, walk.base, walk.obs, walk.rewards,
                            walk.terminated, walk.truncated, actions, self._queue, self._grid,
                            self._allowed, self._moves)
        if waiting:  # once per SEEDS_AHEAD episodes of an env: more seeds from its generator
            self._start(np.flatnonzero(walk.table[:, RESETTING]))
        return (self._observation(before, fresh), self._out(walk.rewards), self._out(walk.terminated),
                self._out(walk.truncated), self._infos())

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
            if self._walk.table[i, QUEUED] == SEEDS_AHEAD:
                rng = self._rngs[i]
                if rng is None:  # reset() gives every env its generator before any starts
                    raise MazeError("call reset() before step()")
                self._queue[i] = rng.integers(2**63, size=SEEDS_AHEAD)
                self._walk.table[i, QUEUED] = 0
        walk = self._walk
        _start_episodes(which, self._queue, walk.table, walk.rules, walk.base, walk.obs, self._grid,
                        self._allowed, self._moves)

    def _observation(self, before: NDArray[np.int64] | None = None,
                     fresh: NDArray[np.bool_] | None = None) -> NDArray[np.uint8]:
        if self._onehot is not None:
            if before is None or fresh is None:
                _one_hot(self._walk.obs, self._onehot)
            else:  # a full grid after a step: two blocks an env (or a new maze)
                _one_hot_moved(self._walk.obs, self._onehot, before, self._walk.table, fresh)
            return self._out(self._onehot)
        return self._out(self._walk.obs)

    def _out(self, array: NDArray[_Item]) -> NDArray[_Item]:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, np.ndarray]:
        # copy=True: the columns of one copy of the table (one block copied at once costs a
        # fifth of copying five strided columns)
        return self._infos_of(self._walk.table.copy()) if self.copy else self._shared_infos

    def _infos_of(self, table: NDArray[np.int64]) -> dict[str, np.ndarray]:
        """The infos: views of ``table``'s columns (the walk's own, or a copy of it)."""
        columns = (table[:, ROW:COL + 1], table[:, GOAL_ROW:GOAL_COL + 1], table[:, STEPS],
                   table[:, SHORTEST], table[:, SEED])
        infos: dict[str, np.ndarray] = {}
        for key, array in zip(_INFO_KEYS, columns):
            infos[key] = array
            infos[f"_{key}"] = self._all
        return infos

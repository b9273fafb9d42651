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
``num_envs``). Auto-reset follows ``autoreset_mode``: Gymnasium's default
``AutoresetMode.NEXT_STEP`` (the step after an episode ends resets that env:
reward 0, not terminated, not truncated, the new maze's first observation),
``SAME_STEP`` (the done step returns the new maze's first observation; the
last one and its infos are in ``infos["final_obs"]`` and ``infos["final_info"]``)
or ``DISABLED`` (``reset(options={"reset_mask": mask})`` resets the ended ones).
``reset(options={"mazes": [...]})`` puts chosen mazes in; ``action_mode="heading"``
turns the agents and their views; ``threads=T`` steps slices of the envs at once.

Infos hold one row per env: ``position`` and ``goal`` as ``(num_envs, 2)``
integer arrays (``SyncVectorEnv`` gives object arrays of tuples with the same
numbers), ``steps``, ``shortest`` and ``seed`` as integer arrays (``heading``
too in heading mode), each with its ``_key`` mask (all true; after a masked
reset, the mask). ``seed`` is -1 for a chosen maze made without one.

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

import copy
from typing import Any, TypeVar
from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike, NDArray

import gymnasium
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .env import MazeEnv, check_memory
from .vector_kernels import (_DISABLED, _GOAL, _NEXT_STEP, _SAME_STEP, _START_HEADING, _WALL,
                             _first_bad_action, _observe_envs, _one_hot, _one_hot_moved, _start_episodes,
                             _step_envs, _step_slices)
from ..errors import MazeError, whole
from ..generators.compiled import algorithm_code, goal_code
from ..generators.masking import allowed_blocks
from ..maze import Maze
from ..paint import GOAL, START

#: Maze seeds drawn ahead per env: an env asks Python for more once per this many episodes.
SEEDS_AHEAD = 64
_INFO_KEYS = ("position", "goal", "steps", "shortest", "seed")
# what get_attr answers: the options and the fixed choices
_ATTRIBUTES = ("width", "height", "algorithm", "goal", "braid", "max_steps", "step_reward",
               "goal_reward", "view", "obs_mode", "action_mode", "compass", "autoreset_mode", "threads")
_CHANNELS = np.arange(4, dtype=np.uint8).reshape(4, 1, 1)  # one-hot: channel v is "block == v"
_Item = TypeVar("_Item", bound=np.generic)
_MODE_CODES = {AutoresetMode.NEXT_STEP: _NEXT_STEP, AutoresetMode.SAME_STEP: _SAME_STEP,
               AutoresetMode.DISABLED: _DISABLED}


def _check_num_envs(num_envs: object) -> int:
    return whole(num_envs, "num_envs", 1, error=MazeError)


def _check_autoreset_mode(value: object) -> AutoresetMode:
    """An :class:`gymnasium.vector.AutoresetMode`, or its value or name as a string.

    Examples
    --------
    >>> _check_autoreset_mode("SameStep"), _check_autoreset_mode("disabled")
    (<AutoresetMode.SAME_STEP: 'SameStep'>, <AutoresetMode.DISABLED: 'Disabled'>)
    """
    if isinstance(value, AutoresetMode):
        return value
    if isinstance(value, str):
        for mode in AutoresetMode:
            if value in (mode.value, mode.name) or value.lower() in (mode.value.lower(), mode.name.lower()):
                return mode
    raise MazeError(f"unknown autoreset_mode {value!r}; choose one of: "
                    f"{', '.join(f'AutoresetMode.{m.name}' for m in AutoresetMode)} (or "
                    f"{', '.join(repr(m.value) for m in AutoresetMode)})")


def _check_mask(mask: object, n: int) -> NDArray[np.bool_]:
    """``options["reset_mask"]``: a bool array of shape ``(n,)`` with at least one True."""
    if not isinstance(mask, np.ndarray):
        raise MazeError(f"options['reset_mask'] must be a numpy array of bools, got {type(mask).__name__}")
    if mask.shape != (n,):
        raise MazeError(f"options['reset_mask'] must have shape ({n},), one per env, got shape {mask.shape}")
    if mask.dtype != np.bool_:
        raise MazeError(f"options['reset_mask'] must have dtype bool, got dtype {mask.dtype}")
    if not mask.any():
        raise MazeError("options['reset_mask'] must mark at least one env (all False)")
    return mask.copy()


class MazeVectorEnv(gymnasium.vector.VectorEnv[Any, np.ndarray, Any]):
    """``num_envs`` :class:`~meiro.rl.env.MazeEnv` mazes stepped together by one compiled call.

    Parameters
    ----------
    num_envs : int
        How many mazes walk side by side.
    width, height, algorithm, goal, braid, max_steps, step_reward, goal_reward, view, obs_mode
        As for :class:`~meiro.rl.env.MazeEnv` (checked the same way); all but ``view``
        and ``obs_mode`` can change between episodes (:meth:`set_options`).
    render_mode : {None, "rgb_array"}
        ``"rgb_array"``: :meth:`render` gives env 0's picture as ``MazeEnv`` draws it
        (or ``render_envs`` of them side by side).
    copy : bool
        Return copies of the observation and info arrays (the default, as
        ``SyncVectorEnv``); ``False`` returns the internal arrays, which the
        next ``step`` overwrites: fastest, for callers that copy what they keep.
    autoreset_mode : AutoresetMode or str
        Gymnasium's auto-reset modes: ``NEXT_STEP`` (the default), ``SAME_STEP``
        (the done step returns the next episode's first observation; the last one
        and its infos are in ``infos["final_obs"]``, ``infos["final_info"]``) or
        ``DISABLED`` (the caller resets ended envs with
        ``reset(options={"reset_mask": mask})``). A keyword, so that
        ``gymnasium.make_vec(..., autoreset_mode=...)`` passes it on.
    action_mode, compass
        As for :class:`~meiro.rl.env.MazeEnv`: ``"heading"`` turns, with a view that
        turns with the agent; ``compass=True`` adds the goal's direction.
    threads : int
        Step this many disjoint slices of the envs at once, in one compiled call
        whose parallel loop runs on numba's threads (at most ``NUMBA_NUM_THREADS``,
        the cores by default, at a time): the same trajectories as one thread. At
        most ``num_envs``. numba's ``workqueue`` threading layer (used where neither
        OpenMP nor TBB is installed) cannot step two such envs from two Python
        threads at the same moment.
    render_envs : int
        How many envs :meth:`render` draws, side by side (1 to ``num_envs``).

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

    metadata = {"render_modes": ["rgb_array"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, width: int = 8, height: int = 8, algorithm: str = "dig",
                 goal: str = "corner", braid: float = 0.0, max_steps: int | None = None,
                 render_mode: str | None = None, step_reward: float = -0.01,
                 goal_reward: float = 1.0, view: int | None = None, obs_mode: str = "grid",
                 copy: bool = True, *, autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
                 action_mode: str = "move", compass: bool = False, threads: int = 1,
                 render_envs: int = 1) -> None:
        self.num_envs = _check_num_envs(num_envs)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MazeError(f"render_mode must be None or 'rgb_array' for MazeVectorEnv, got {render_mode!r}")
        self.autoreset_mode = _check_autoreset_mode(autoreset_mode)
        self.threads = whole(threads, "threads", 1, error=MazeError)
        if self.threads > self.num_envs:
            raise MazeError(f"threads must be at most num_envs={self.num_envs} (each steps a slice of "
                            f"the envs), got {self.threads}")
        self.render_envs = whole(render_envs, "render_envs", 1, self.num_envs, error=MazeError)
        # one MazeEnv checks the options exactly as a single env does, and holds them
        self._template = MazeEnv(width, height, algorithm=algorithm, goal=goal, braid=braid,
                                 max_steps=max_steps, step_reward=step_reward,
                                 goal_reward=goal_reward, view=view, obs_mode=obs_mode,
                                 action_mode=action_mode, compass=compass)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self._mode = _MODE_CODES[self.autoreset_mode]
        self.render_mode, self.copy = render_mode, bool(copy)
        self.view, self.obs_mode = self._template.view, self._template.obs_mode
        self.action_mode, self.compass = self._template.action_mode, self._template.compass
        self._turn = self.action_mode == "heading"
        self.single_action_space = self._template.action_space
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
        # the slices of the envs the threads step, [bounds[t], bounds[t + 1])
        self._bounds = np.array([n * t // self.threads for t in range(self.threads + 1)], np.int64)
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
        check_memory(self.width, self.height, self.view, self.obs_mode, self.num_envs)
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
        before = copy.copy(self._template)
        self._template.set_options(**options)
        resize = (self._template.width, self._template.height) != size
        if resize:
            try:  # all the envs' arrays at the new size: refused, the options stay as they were
                check_memory(self._template.width, self._template.height, self.view, self.obs_mode,
                             self.num_envs)
            except MazeError:
                self._template = before
                raise
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
        """The value of an option (or ``view``, ``obs_mode``, ...) of every env, one per env."""
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
        n, pad, threads = self.num_envs, self.view or 0, self.threads
        rows, cols = 2 * self.height + 1, 2 * self.width + 1
        self._base = np.full((n, rows + 2 * pad, cols + 2 * pad), _WALL, np.uint8)
        side = None if self.view is None else 2 * self.view + 1
        self._obs = np.zeros((n, rows, cols) if side is None else (n, side, side), np.uint8)
        # with obs_mode "onehot": the channels handed out, made from _obs after each step (one
        # channel per block value, each of an observation's shape)
        self._onehot = (np.zeros((n, 4, *self._obs.shape[1:]), np.uint8)
                        if self.obs_mode == "onehot" else None)
        self._compass = np.zeros((n if self.compass else 0, 2), np.float32)
        self._pos = np.zeros((n, 2), np.int64)
        self._start_pos = np.zeros((n, 2), np.int64)  # (for render)
        self._goal = np.zeros((n, 2), np.int64)
        self._heading = np.full(n, _START_HEADING, np.int64)
        self._steps = np.zeros(n, np.int64)
        self._shortest = np.zeros(n, np.int64)
        self._seed = np.zeros(n, np.int64)
        self._pending = np.zeros(n, np.bool_)  # ended last step: reset on the next one (or by the caller)
        self._resetting = np.zeros(n, np.bool_)
        self._rewards = np.zeros(n, np.float64)
        self._terminated = np.zeros(n, np.bool_)
        self._truncated = np.zeros(n, np.bool_)
        # SAME_STEP: which envs ended this step, their last observations and infos (rows of
        # _final: position (2), goal (2), steps, shortest, seed, heading)
        same = self.autoreset_mode == AutoresetMode.SAME_STEP
        self._ended = np.zeros(n, np.bool_)
        self._final_obs = np.zeros((n if same else 0, *self._obs.shape[1:]), np.uint8)
        self._final_compass = np.zeros((n if same and self.compass else 0, 2), np.float32)
        self._final = np.zeros((8, n if same else 0), np.int64)
        # each thread's scratch: where its new mazes are carved, and the solver's moves
        self._grids = np.empty((threads, rows, cols), np.bool_)
        self._allowed = allowed_blocks(np.ones((self.height, self.width), bool)).ravel()
        self._moves = np.empty((threads, (self.width + 2) * (self.height + 2)), np.uint8)
        self._started = False
        # with copy=False the same infos (and masks) are handed out every step: no allocation
        self._shared_infos = self._infos_of(lambda array: array)
        self._shared_obs: Any = None

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, np.ndarray]]:
        """Start every env (or those of ``options["reset_mask"]``) on a new maze; env ``i`` is
        seeded with ``seed + i``. Returns ``(obs, infos)``.

        ``options["mazes"]``: :class:`~meiro.maze.Maze` objects of the env's size to play
        instead of new ones, one per env (or one per env of the mask); ``None`` in the
        list draws that env's maze as usual. A chosen maze uses no seed: the env's
        next mazes are the ones it would have drawn. With a mask, the infos hold the
        masked envs' values (``_key`` masks are the mask), as in ``SyncVectorEnv``.

        Examples
        --------
        >>> import meiro
        >>> envs = MazeVectorEnv(3, width=4, height=4, view=1)
        >>> _ = envs.reset(seed=0)
        >>> maze = meiro.generate(4, 4, seed=42, algorithm="prim")
        >>> mask = np.array([False, True, False])
        >>> obs, info = envs.reset(options={"reset_mask": mask, "mazes": [maze]})
        >>> info["seed"].tolist(), info["_seed"].tolist()
        ([0, 42, 0], [False, True, False])
        """
        seeds = self._seeds(seed)
        mask, mazes, lengths = self._reset_options(options)
        n = self.num_envs
        if mask is not None and not self._started:
            raise MazeError("reset every env first (reset() without a reset_mask): "
                            "a reset_mask resets some of them again")
        which = np.arange(n) if mask is None else np.flatnonzero(mask)
        if isinstance(seed, (int, np.integer)):
            super().reset(seed=int(seed))
        for i in which:
            if seeds[i] is not None or self._rngs[i] is None:
                self._rngs[i] = seeding.np_random(seeds[i])[0]
                self._queued[i] = SEEDS_AHEAD  # the seeds drawn from the old generator are void
        chosen = [i for i in which if mazes[i] is not None]
        self._start(np.array([i for i in which if mazes[i] is None], np.int64))
        for i in chosen:
            maze = mazes[i]
            assert maze is not None  # (chosen)
            self._put(int(i), maze, lengths[i])
        _observe_envs(np.array(chosen, np.int64), self._base, self._pos, self._goal, self._heading,
                      self._view_code, self._turn, self._obs, self._compass)
        self._pending[which] = False
        self._terminated[which] = False
        self._truncated[which] = False
        self._ended[:] = False
        self._started = True
        if mask is None:
            return self._observation(), self._infos()
        infos = self._infos_of(np.copy)
        for key in list(infos):
            if key.startswith("_"):
                infos[key] = mask.copy()
            else:
                infos[key][~mask] = 0
        return self._observation(), infos

    def _reset_options(self, options: dict[str, Any] | None
                       ) -> tuple[NDArray[np.bool_] | None, list[Maze | None], list[int]]:
        """``options`` checked whole before anything changes: the mask (or None), a maze (or
        None) per env, and each chosen maze's shortest path length."""
        n = self.num_envs
        mazes: list[Maze | None] = [None] * n
        lengths = [0] * n
        if not options:
            return None, mazes, lengths
        if not isinstance(options, dict):
            raise MazeError(f"options must be a dict, got {type(options).__name__}")
        unknown = sorted(set(options) - {"reset_mask", "mazes"}, key=str)
        if unknown:
            hint = " (one per env: 'mazes')" if "maze" in unknown else ""
            raise MazeError(f"unknown reset option {unknown[0]!r}{hint}; MazeVectorEnv's reset takes: "
                            "reset_mask, mazes")
        mask = _check_mask(options["reset_mask"], n) if "reset_mask" in options else None
        if "mazes" in options:
            given = options["mazes"]
            which = np.arange(n) if mask is None else np.flatnonzero(mask)
            if not isinstance(given, (list, tuple)):
                raise MazeError(f"options['mazes'] must be a list of Maze (or None), got {type(given).__name__}")
            if len(given) not in (n, len(which)):
                masked = "" if mask is None else f" or one per masked env ({len(which)})"
                raise MazeError(f"options['mazes'] needs one maze per env ({n}){masked}, got {len(given)}")
            from ..solvers import solve

            for k, maze in enumerate(given):
                i = k if len(given) == n else int(which[k])
                if maze is None:
                    continue
                if not isinstance(maze, Maze) or maze.shape != self._template.maze_shape:
                    got = (f"one of {maze.shape[1] // 2}x{maze.shape[0] // 2}" if isinstance(maze, Maze)
                           else type(maze).__name__)
                    raise MazeError(f"options['mazes'][{k}] must be a Maze of {self.width}x{self.height} "
                                    f"cells (the envs' size), got {got}")
                if mask is not None and not mask[i]:
                    continue  # one per env, but this env is not reset
                maze.check()
                mazes[i], lengths[i] = maze, solve(maze).length
        return mask, mazes, lengths

    def _put(self, i: int, maze: Maze, shortest: int) -> None:
        """Env ``i`` on ``maze`` (checked): its padded grid, position and infos."""
        pad = self.view or 0
        rows, cols = maze.shape
        self._base[i] = _WALL
        self._base[i, pad:pad + rows, pad:pad + cols] = maze.grid
        self._base[i, pad + maze.goal[0], pad + maze.goal[1]] = _GOAL
        self._pos[i] = self._start_pos[i] = maze.start
        self._goal[i] = maze.goal
        self._heading[i] = _START_HEADING
        self._steps[i] = 0
        self._shortest[i] = shortest
        self._seed[i] = -1 if maze.seed is None else maze.seed

    def step(self, actions: ArrayLike) -> tuple[Any, NDArray[np.float64], NDArray[np.bool_],
                                               NDArray[np.bool_], dict[str, Any]]:
        """Step every env (one compiled call); returns ``(obs, rewards, terminated, truncated, infos)``."""
        if not self._started:
            raise MazeError("call reset() before step() (and after a new size)")
        actions = self._check_actions(actions)
        if self._mode == _DISABLED and self._pending.any():
            i = int(np.argmax(self._pending))
            raise MazeError(f"env {i}'s episode has ended: with autoreset_mode DISABLED, reset it "
                            f"(reset(options={{'reset_mask': mask}})) before stepping it again")
        before: NDArray[np.int64] | None = None
        fresh: NDArray[np.bool_] | None = None
        if self._onehot is not None and self.view is None:  # what the one-hot update needs
            before, fresh = self._pos.copy(), self._pending.copy()
        waiting = self._run(actions)
        if waiting:  # once per SEEDS_AHEAD episodes of an env: more seeds from its generator
            self._start(np.flatnonzero(self._resetting))
        if fresh is not None and self._mode == _SAME_STEP:
            fresh |= self._ended
        infos = self._infos()
        if self._mode == _SAME_STEP and self._ended.any():
            infos = {**infos, **self._final_infos()}
        return (self._observation(before, fresh), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), infos)

    def _run(self, actions: NDArray[np.int64]) -> int:
        """Step every env in one compiled call: on one thread, or the slices on numba's threads."""
        code, threshold, goal = self._codes
        if self.threads == 1:
            waiting: int = _step_envs(
                0, self.num_envs, self._mode, self._turn, self._base, self._pos, self._start_pos,
                self._goal, self._heading, self._steps, self._pending, self._resetting, actions,
                self.max_steps, self.step_reward, self.goal_reward, self._view_code, self._obs,
                self._compass, self._rewards, self._terminated, self._truncated, self._ended,
                self._final_obs, self._final_compass, self._final, self._queue, self._queued, code,
                self.width, self.height, threshold, self._allowed, goal, self._grids[0], self._shortest,
                self._seed, self._moves[0])
            return waiting
        waiting = _step_slices(
            self._bounds, self._mode, self._turn, self._base, self._pos, self._start_pos, self._goal,
            self._heading, self._steps, self._pending, self._resetting, actions, self.max_steps,
            self.step_reward, self.goal_reward, self._view_code, self._obs, self._compass, self._rewards,
            self._terminated, self._truncated, self._ended, self._final_obs, self._final_compass,
            self._final, self._queue, self._queued, code, self.width, self.height, threshold,
            self._allowed, goal, self._grids, self._shortest, self._seed, self._moves)
        return waiting

    def render(self) -> NDArray[np.uint8] | None:  # type: ignore[override]
        """Env 0's picture as :meth:`meiro.rl.env.MazeEnv.render` draws it (``rgb_array``), or
        the first ``render_envs`` side by side (rows of ``ceil(sqrt(k))``, a block's gap).

        Examples
        --------
        >>> envs = MazeVectorEnv(4, width=3, height=2, render_mode="rgb_array", render_envs=4)
        >>> _ = envs.reset(seed=0)
        >>> envs.render().shape      # 2 x 2 mazes of 5 x 7 blocks, 8 pixels a block, a block apart
        (88, 120, 3)
        """
        if self.render_mode is None or not self._started:
            return None
        from ..render.palette import Palette
        from .env import AGENT_RGB, RGB_BLOCK

        table = Palette().table()
        pad, (rows, cols) = self.view or 0, self._template.maze_shape
        frames = []
        for i in range(self.render_envs):
            classes = (self._base[i, pad:pad + rows, pad:pad + cols] == _WALL).astype(np.uint8)
            classes[tuple(self._start_pos[i])] = START
            classes[tuple(self._goal[i])] = GOAL
            frame: NDArray[np.uint8] = table[classes].repeat(RGB_BLOCK, axis=0).repeat(RGB_BLOCK, axis=1)
            r, c = self._pos[i]
            frame[r * RGB_BLOCK:(r + 1) * RGB_BLOCK, c * RGB_BLOCK:(c + 1) * RGB_BLOCK] = AGENT_RGB
            frames.append(frame)
        if len(frames) == 1:
            return frames[0]
        across = int(np.ceil(np.sqrt(len(frames))))
        down = -(-len(frames) // across)
        h, w = frames[0].shape[:2]
        gap = RGB_BLOCK
        picture = np.full((down * h + (down - 1) * gap, across * w + (across - 1) * gap, 3), 255, np.uint8)
        for k, frame in enumerate(frames):
            y, x = divmod(k, across)
            picture[y * (h + gap):y * (h + gap) + h, x * (w + gap):x * (w + gap) + w] = frame
        return picture

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

    def _action_words(self) -> str:
        if self._turn:
            return "0 (turn left), 1 (turn right) or 2 (forward)"
        return "0 (north), 1 (east), 2 (south) or 3 (west)"

    def _check_actions(self, actions: ArrayLike) -> NDArray[np.int64]:
        array = np.asarray(actions)
        high = 2 if self._turn else 3
        if array.shape != (self.num_envs,):
            raise MazeError(f"actions must have shape ({self.num_envs},), one per env, "
                            f"got shape {array.shape}")
        if array.dtype.kind not in "iu":
            raise MazeError(f"actions must be whole numbers 0..{high}, got dtype {array.dtype}")
        if array.dtype != np.int64:
            if array.dtype == np.uint64 and array.size and array.max() > high:
                bad = int(np.argmax(array > high))
                raise MazeError(f"actions[{bad}] must be {self._action_words()}, got {array[bad]}")
            array = array.astype(np.int64)
        bad = _first_bad_action(array, high)
        if bad >= 0:
            raise MazeError(f"actions[{bad}] must be {self._action_words()}, got {array[bad]}")
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
                        self._allowed, goal, self._grids[0], self._base, self._view_code, self._turn,
                        self._obs, self._compass, self._pos, self._start_pos, self._goal, self._heading,
                        self._steps, self._shortest, self._seed, self._moves[0])

    @property
    def _view_code(self) -> int:
        return -1 if self.view is None else self.view

    def _observation(self, before: NDArray[np.int64] | None = None,
                     fresh: NDArray[np.bool_] | None = None) -> Any:
        blocks: NDArray[np.uint8] = self._obs
        if self._onehot is not None:
            if before is None or fresh is None:
                _one_hot(self._obs, self._onehot)
            else:  # a full grid after a step: two blocks an env (or a new maze)
                _one_hot_moved(self._obs, self._onehot, before, self._pos, fresh)
            blocks = self._onehot
        if self.compass:
            if self.copy:
                return {"view": blocks.copy(), "compass": self._compass.copy()}
            if self._shared_obs is None or self._shared_obs["view"] is not blocks:
                self._shared_obs = {"view": blocks, "compass": self._compass}
            return self._shared_obs
        return self._out(blocks)

    def _single_final_obs(self, i: int) -> Any:
        """Env ``i``'s last observation of the episode that ended (SAME_STEP), as MazeEnv gives it."""
        blocks = self._final_obs[i].copy()
        if self._onehot is not None:
            blocks = (blocks == _CHANNELS).view(np.uint8)
        if self.compass:
            return {"view": blocks, "compass": self._final_compass[i].copy()}
        return blocks

    def _final_infos(self) -> dict[str, Any]:
        """``final_obs`` and ``final_info`` of the envs whose episode ended this step (SAME_STEP),
        laid out as ``SyncVectorEnv`` lays them out (zeros and None where none ended)."""
        ended = self._ended.copy()
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i] = self._single_final_obs(int(i))
        rows = self._final
        values = {"position": rows[0:2].T, "goal": rows[2:4].T, "steps": rows[4],
                  "shortest": rows[5], "seed": rows[6], "heading": rows[7]}
        info: dict[str, Any] = {}
        for key in self._info_keys:
            value = values[key].copy()
            value[~ended] = 0
            info[key], info[f"_{key}"] = value, ended
        return {"final_obs": final_obs, "_final_obs": ended, "final_info": info, "_final_info": ended}

    def _out(self, array: NDArray[_Item]) -> NDArray[_Item]:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, np.ndarray]:
        return self._infos_of(np.copy) if self.copy else self._shared_infos

    @property
    def _info_keys(self) -> tuple[str, ...]:
        return _INFO_KEYS + (("heading",) if self._turn else ())

    def _infos_of(self, take: Callable[[NDArray[np.int64]], NDArray[np.int64]]) -> dict[str, np.ndarray]:
        infos: dict[str, np.ndarray] = {}
        arrays = {"position": self._pos, "goal": self._goal, "steps": self._steps,
                  "shortest": self._shortest, "seed": self._seed, "heading": self._heading}
        for key in self._info_keys:
            infos[key] = take(arrays[key])
            infos[f"_{key}"] = self._all
        return infos

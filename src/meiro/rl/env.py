"""A Gymnasium environment: an agent walks a meiro maze from the start to the goal.

Needs Gymnasium (``pip install "meiro[rl]"``); ``import meiro`` never imports
it. Importing this module registers the environment id ``meiro/Maze-v0``, so
``gymnasium.make("meiro.rl.env:meiro/Maze-v0", width=8, height=8)`` works
without importing it first.

Each episode is a fresh maze, made from a seed drawn from the environment's
own random generator: ``reset(seed=s)`` gives the same maze (and the same
sequence of mazes after it) on every machine. ``reset(options={"maze": m})``
walks a given :class:`~meiro.maze.Maze` instead.

Many at once: ``gymnasium.make_vec("meiro/Maze-v0", num_envs=N, ...)`` gives
:class:`meiro.rl.vector_env.MazeVectorEnv`, which steps every maze in one compiled
call and walks the same trajectories as ``SyncVectorEnv`` over this class.

Observation
    The block grid as ``uint8``: 0 open, 1 wall, 2 the agent, 3 the goal
    (shape ``(2 * height + 1, 2 * width + 1)``), the layout
    :func:`meiro.generate` returns, so what an agent sees is what a program
    gets. With ``view=k`` the agent sees only the ``(2k + 1) x (2k + 1)`` blocks
    around it instead (itself in the middle, beyond the maze's edge all wall):
    a partially observed maze, which an agent must remember to solve.
Actions
    ``Discrete(4)``: 0 north, 1 east, 2 south, 3 west; one block per step.
    Walking into a wall leaves the agent where it is. With
    ``action_mode="heading"`` (MiniGrid's actions): ``Discrete(3)``, 0 turn left,
    1 turn right, 2 forward one block the way the agent faces (it starts facing
    east); a turn is a step too. The view (``view=k`` is needed) then turns with
    the agent: the window's top row is ahead of it, its right column to its right.
Compass
    ``compass=True`` makes the observation a ``Dict``: ``"view"`` (the blocks
    above) and ``"compass"``, ``float32`` of shape ``(2,)``: the unit vector from
    the agent to the goal in the view's frame, (ahead, right) — ahead is north
    when the agent moves by the compass, where it faces in heading mode —,
    ``(0, 0)`` on the goal.
Rewards
    ``goal_reward`` (1.0) on reaching the goal, which ends the episode;
    ``step_reward`` (-0.01) for every other step. An episode is truncated
    after ``max_steps`` steps (default: four times the open blocks).
Info
    ``position``, ``goal``, ``steps``, ``seed`` (the maze's seed), and
    ``shortest``: the fewest steps from the start to the goal (A*), to
    measure an agent against (moves only: turns not counted); ``heading``
    (0 north, 1 east, 2 south, 3 west) in heading mode.

Examples
--------
>>> env = MazeEnv(width=4, height=3)
>>> obs, info = env.reset(seed=7)
>>> obs.shape, int(obs[info["position"]]), int(obs[info["goal"]])
((7, 9), 2, 3)
>>> import meiro
>>> moves = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}
>>> path = meiro.solve(env.maze).path
>>> for a, b in zip(path[:-1], path[1:]):
...     obs, reward, terminated, truncated, info = env.step(moves[tuple(int(v) for v in b - a)])
>>> terminated, reward, info["steps"] == info["shortest"]
(True, 1.0, True)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError('meiro.rl.env needs Gymnasium: pip install "meiro[rl]" '
                      "(or pip install gymnasium)") from exc

from ..errors import MazeError, whole
from ..generators import generate
from ..maze import Maze
from ..paint import PLAYER, rgb
from ..recipe import Recipe
from ..sizes import SMALL_ENOUGH, _human, available_memory, bytes_needed
from .rule import walk

#: the step rule as plain Python: for one agent a compiled call costs more than the rule (see .rule)
_walk = getattr(walk, "py_func", walk)

OPEN, WALL, AGENT, GOAL = 0, 1, 2, 3
#: ``obs_mode``: ``grid`` the block values as they are; ``onehot`` one channel per value
#: (channel-first, ``(4, rows, cols)``), for convolutional networks.
OBS_MODES = ("grid", "onehot")
#: What :meth:`MazeEnv.set_options` may change between episodes.
OPTIONS = ("width", "height", "algorithm", "goal", "braid", "max_steps", "step_reward", "goal_reward")
#: The options a :class:`~meiro.recipe.Recipe` holds (``recipe=`` gives them at once).
RECIPE_OPTIONS = ("width", "height", "algorithm", "goal", "braid")
#: (d_row, d_col) of the four actions: north, east, south, west.
ACTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: ``action_mode``: ``move`` the four compass moves; ``heading`` turn left, turn right, forward.
ACTION_MODES = ("move", "heading")
#: The actions of heading mode, as MiniGrid numbers them.
TURN_LEFT, TURN_RIGHT, FORWARD = 0, 1, 2
#: The heading an agent starts each episode with in heading mode: east (1, as in :data:`ACTIONS`).
START_HEADING = 1
#: Pixels per block of ``render_mode="rgb_array"`` pictures.
RGB_BLOCK = 8
_CHANNELS = np.arange(4, dtype=np.uint8).reshape(4, 1, 1)  # one-hot: channel v is "block == v"
AGENT_RGB = rgb(PLAYER)  # the game's springgreen player


def observation_space(maze_shape: tuple[int, int], view: int | None, obs_mode: str,
                      compass: bool = False) -> spaces.Box | spaces.Dict:
    """The observation space for a maze of ``maze_shape`` blocks, a ``view``, an ``obs_mode``
    and with or without the goal ``compass``.

    Examples
    --------
    >>> observation_space((7, 9), None, "grid")
    Box(0, 3, (7, 9), uint8)
    >>> observation_space((7, 9), 2, "onehot")
    Box(0, 1, (4, 5, 5), uint8)
    >>> observation_space((7, 9), 1, "grid", compass=True)["compass"]
    Box(-1.0, 1.0, (2,), float32)
    """
    shape = maze_shape if view is None else (2 * view + 1, 2 * view + 1)
    if obs_mode == "onehot":
        blocks = spaces.Box(0, 1, shape=(4, *shape), dtype=np.uint8)
    else:
        blocks = spaces.Box(0, 3, shape=shape, dtype=np.uint8)
    if compass:
        return spaces.Dict({"view": blocks, "compass": spaces.Box(-1.0, 1.0, shape=(2,), dtype=np.float32)})
    return blocks


def compass_of(dr: int, dc: int, heading: int) -> NDArray[np.float32]:
    """The unit vector towards a goal ``(dr, dc)`` blocks away, as (ahead, right) for an agent
    facing ``heading`` (0 north, 1 east, 2 south, 3 west); ``(0, 0)`` on the goal.

    Examples
    --------
    >>> compass_of(0, 5, 0).tolist(), compass_of(0, 5, 1).tolist(), compass_of(0, 0, 3).tolist()
    ([0.0, 1.0], [1.0, 0.0], [0.0, 0.0])
    >>> [round(float(v), 3) for v in compass_of(-3, 4, 2)]      # the goal 3 north, 4 east; facing south
    [-0.6, -0.8]
    """
    ahead, right = ((-dr, dc), (dc, dr), (dr, -dc), (-dc, -dr))[heading]
    if dr == 0 and dc == 0:
        return np.zeros(2, np.float32)
    # float64 square root and division (correctly rounded), then float32: the vector env's
    # kernel does the same, so the two agree to the bit
    length = math.sqrt(dr * dr + dc * dc)
    return np.array([ahead / length, right / length], np.float32)


def check_action_mode(action_mode: object, view: int | None) -> str:
    """``action_mode`` checked: one of :data:`ACTION_MODES`; heading mode needs a view.

    Examples
    --------
    >>> check_action_mode("heading", 3)
    'heading'
    >>> check_action_mode("turn", 3)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown action_mode 'turn'; choose one of: move, heading
    """
    if not isinstance(action_mode, str) or action_mode not in ACTION_MODES:
        raise MazeError(f"unknown action_mode {action_mode!r}; choose one of: {', '.join(ACTION_MODES)}")
    if action_mode == "heading" and view is None:
        raise MazeError("action_mode='heading' needs a view (view=k): the view is what turns with the agent")
    return action_mode


def memory_needed(width: int, height: int, view: int | None, obs_mode: str, copies: int = 1) -> int:
    """Bytes ``copies`` environments of ``width x height``-cell mazes take at least: each maze made
    and solved, its block grid padded by ``view``, and its observation four times over (the
    space's bounds and their masks) besides the observation itself.

    Examples
    --------
    >>> memory_needed(8, 8, None, "grid") < 10_000
    True
    >>> memory_needed(8, 8, 10**9, "grid") > 2**60      # a window of 2e9 x 2e9 blocks
    True
    """
    rows, cols = 2 * height + 1, 2 * width + 1
    pad = view or 0
    side = (rows, cols) if view is None else (2 * view + 1, 2 * view + 1)
    observation = side[0] * side[1] * (4 if obs_mode == "onehot" else 1)
    return copies * (bytes_needed(width, height) + (rows + 2 * pad) * (cols + 2 * pad) + 6 * observation)


def check_memory(width: int, height: int, view: int | None, obs_mode: str, copies: int = 1) -> None:
    """Refuse in one line an environment that would not fit in the memory this process may
    still take (:func:`meiro.sizes.available_memory`, under ``ulimit -v`` too), before anything
    of its size is allocated."""
    need = memory_needed(width, height, view, obs_mode, copies)
    if need < SMALL_ENOUGH:
        return
    have = available_memory()
    if have is not None and need > have:
        what = f"{copies} environments" if copies > 1 else "an environment"
        window = "" if view is None else f" with view={view}"
        raise MazeError(f"{what} of {width}x{height}-cell mazes{window} need{'' if copies > 1 else 's'} "
                        f"about {_human(need)} of "
                        f"memory but only {_human(have)} is available; choose a smaller size or view")


def _reward(value: Any, name: str) -> float:
    """A reward: a finite real number, as a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not np.isfinite(value):
        raise MazeError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def _space(maze_shape: tuple[int, int], view: int | None, obs_mode: str, compass: bool) -> Any:
    """:func:`observation_space`, with a failed allocation (no memory check can be exact) one line."""
    try:
        return observation_space(maze_shape, view, obs_mode, compass)
    except (MemoryError, ValueError) as exc:  # numpy says "array is too big" as a ValueError
        raise MazeError(f"the observations of {maze_shape[1] // 2}x{maze_shape[0] // 2}-cell mazes"
                        + ("" if view is None else f" with view={view}")
                        + f" need more memory than there is ({exc})") from None


class MazeEnv(gymnasium.Env[Any, np.int64]):
    """Walk a maze of ``width x height`` cells made by ``algorithm`` (see the module docs).

    Parameters
    ----------
    width, height : int
        Maze size in cells.
    algorithm, goal, braid
        As for :func:`meiro.generate` (``braid`` > 0 gives loops: more than one way).
    recipe : Recipe, optional
        Size, algorithm, goal and braid as one :class:`~meiro.recipe.Recipe`, instead of
        those five (without a mask or a start; its seed is not used: each episode
        draws one from the environment's generator). :attr:`recipe` is the one in use.
        The environment plays square mazes only: a recipe of another grid kind
        (``grid="hex"``, ...) is refused with a :class:`~meiro.MazeError`.
    max_steps : int, optional
        Steps before an episode is truncated (default: four times the open blocks).
    render_mode : {None, "ansi", "rgb_array"}
        ``"ansi"``: the maze as text, ``#`` walls, ``@`` the agent, ``G`` the goal;
        ``"rgb_array"``: the game's colours, :data:`RGB_BLOCK` pixels per block.
    step_reward, goal_reward : float
        The reward for a step, and for the step that reaches the goal.
    view : int, optional
        See only the blocks within ``view`` steps across and down (a square window
        centred on the agent) instead of the whole maze.
    obs_mode : {"grid", "onehot"}
        ``grid``: the block values (0 open, 1 wall, 2 agent, 3 goal); ``onehot``:
        a ``uint8`` channel per value, channel-first (``(4, rows, cols)``), for CNNs.
    action_mode : {"move", "heading"}
        ``move``: four compass moves; ``heading``: turn left, turn right, forward,
        with a view (``view`` needed) that turns with the agent (see the module docs).
    compass : bool
        Add the direction to the goal: the observation becomes ``{"view": blocks,
        "compass": float32 (2,)}`` (see the module docs).

    Size, generator, goal, braid, step limit and rewards can change between
    episodes: :meth:`set_options`.

    Examples
    --------
    >>> env = MazeEnv(width=6, height=6, view=2)
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape, int(obs[2, 2])            # the agent in the middle
    ((5, 5), 2)
    >>> obs[:2].tolist()                     # above the start: the border, then beyond the maze
    [[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 10}
    #: How the coming episodes' mazes are made (its seed None: each episode draws one).
    recipe: Recipe

    def __init__(self, width: int = 8, height: int = 8, algorithm: str = "dig",
                 goal: str = "corner", braid: float = 0.0, max_steps: int | None = None,
                 render_mode: str | None = None, step_reward: float = -0.01,
                 goal_reward: float = 1.0, view: int | None = None, obs_mode: str = "grid",
                 recipe: Recipe | None = None, action_mode: str = "move", compass: bool = False) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MazeError(f"unknown render mode {render_mode!r}; choose one of: "
                            f"{', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.view = None if view is None else whole(view, "view", 1, what="a whole number of blocks", unit=" block",
                                                    error=MazeError)
        if not isinstance(obs_mode, str) or obs_mode not in OBS_MODES:
            raise MazeError(f"unknown obs_mode {obs_mode!r}; choose one of: {', '.join(OBS_MODES)}")
        self.obs_mode = obs_mode
        self.action_mode = check_action_mode(action_mode, self.view)
        if not isinstance(compass, (bool, np.bool_)):
            raise MazeError(f"compass must be True or False, got {compass!r}")
        self.compass = bool(compass)
        self.heading = START_HEADING
        self.width = self.height = 0
        self._max_steps_given: int | None = None
        options = dict(width=width, height=height, algorithm=algorithm, goal=goal, braid=braid,
                       max_steps=max_steps, step_reward=step_reward, goal_reward=goal_reward)
        if recipe is not None:
            given = {"width": 8, "height": 8, "algorithm": "dig", "goal": "corner", "braid": 0.0}
            if any(options[name] != default for name, default in given.items()):
                raise MazeError("give a recipe or the width, height, algorithm, goal and braid, not both")
            options = {"recipe": recipe, **{k: v for k, v in options.items() if k not in given}}
        self._configure(options)
        self.action_space = spaces.Discrete(3 if self.action_mode == "heading" else 4)
        self.maze: Maze | None = None

    def set_options(self, **options: Any) -> None:
        """Change how the coming episodes are made, without building a new environment.

        A curriculum's hook: ``width``, ``height``, ``algorithm``, ``goal`` and
        ``braid`` apply from the next reset (auto-resets included),
        ``max_steps``, ``step_reward`` and ``goal_reward`` from the next step.
        Each is checked as the constructor checks it; a bad one changes nothing.
        A vector env passes it on: ``envs.call("set_options", braid=0.3)``.
        ``recipe=`` (a :class:`~meiro.recipe.Recipe`) sets the first five at once.

        Examples
        --------
        >>> env = MazeEnv(width=4, height=4, view=1)
        >>> env.set_options(width=6, braid=0.5)
        >>> obs, info = env.reset(seed=1)
        >>> env.maze.shape, env.braid
        ((9, 13), 0.5)
        >>> env.set_options(colour="red")
        Traceback (most recent call last):
        ...
        meiro.errors.MazeError: unknown option 'colour'; set_options takes: width, height, algorithm, goal, braid, max_steps, step_reward, goal_reward
        """
        for name in options:
            if name not in OPTIONS and name != "recipe":
                raise MazeError(f"unknown option {name!r}; set_options takes: {', '.join(OPTIONS)}")
        if "recipe" in options and any(name in options for name in RECIPE_OPTIONS):
            raise MazeError(f"give a recipe or {', '.join(RECIPE_OPTIONS)}, not both")
        self._configure(options)

    def _configure(self, options: dict[str, Any]) -> None:
        """Check ``options`` (a subset of :data:`OPTIONS`), then set them all (or none)."""
        recipe = options.get("recipe")
        if recipe is None:  # the options given, over those in use (checked as a recipe checks them)
            old: dict[str, Any] = dict(width=self.width, height=self.height, algorithm="dig",
                                       goal="corner", braid=0.0)
            if hasattr(self, "recipe"):
                old.update((name, getattr(self.recipe, name)) for name in RECIPE_OPTIONS)
            recipe = Recipe(**{name: options.get(name, old[name]) for name in RECIPE_OPTIONS})
        elif not isinstance(recipe, Recipe):
            raise MazeError(f"recipe must be a meiro.recipe.Recipe, got {type(recipe).__name__}")
        elif recipe.grid != "square":
            # its observations are windows of the block grid and its actions the four compass
            # moves: both are the square grid's
            raise MazeError(f"the maze environment plays square mazes only (four moves on the block "
                            f"grid), not {recipe.grid} ones: give a square recipe")
        elif recipe.mask is not None or recipe.start != (1, 1):
            raise MazeError("an environment's mazes have no mask and start in the top-left cell: "
                            "give a recipe without mask or start")
        width, height = recipe.width, recipe.height
        check_memory(width, height, self.view, self.obs_mode)  # before anything of its size is made
        given = options.get("max_steps", self._max_steps_given)
        max_steps = 4 * (2 * width * height - 1) if given is None else given
        max_steps = whole(max_steps, "max_steps", 1, error=MazeError)
        rewards = {name: _reward(options.get(name, getattr(self, name, default)), name)
                   for name, default in (("step_reward", -0.01), ("goal_reward", 1.0))}
        self.recipe = recipe.replace(seed=None)  # (each episode draws its own)
        self.width, self.height, self.algorithm = width, height, recipe.algorithm
        self.goal, self.braid = recipe.goal, recipe.braid
        self._max_steps_given, self.max_steps = given, max_steps
        self.step_reward, self.goal_reward = rewards["step_reward"], rewards["goal_reward"]
        self.maze_shape = (2 * self.height + 1, 2 * self.width + 1)
        self.observation_space = _space(self.maze_shape, self.view, self.obs_mode, self.compass)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start an episode on a new maze (or on ``options["maze"]``, a :class:`~meiro.maze.Maze`
        of the env's size); returns ``(obs, info)``."""
        super().reset(seed=seed)
        maze = (options or {}).get("maze")
        if maze is None:
            maze_seed = int(self.np_random.integers(2**63))
            made = generate(self.recipe.replace(seed=maze_seed))
            assert isinstance(made, Maze)  # (the recipe is a square one: see _configure)
            maze = made
        elif not isinstance(maze, Maze) or maze.shape != self.maze_shape:
            got = (f"one of {maze.shape[1] // 2}x{maze.shape[0] // 2}" if isinstance(maze, Maze)
                   else type(maze).__name__)
            raise MazeError(f"options['maze'] must be a Maze of {self.width}x{self.height} cells, "
                            f"got {got}")
        maze.check()
        from ..solvers import solve

        self.maze = maze
        self._base: NDArray[np.uint8] = np.where(maze.grid, WALL, OPEN).astype(np.uint8)
        self._base[maze.goal] = GOAL
        if self.view is not None:  # walls all around, so that every window is inside the array
            self._base = np.pad(self._base, self.view, constant_values=WALL)
        self.position = maze.start
        self.heading = START_HEADING
        self.steps = 0
        self.shortest = solve(maze).length
        return self._observation(), self._info(maze)

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Move one block (a wall stops the agent), or turn in heading mode; returns
        ``(obs, reward, terminated, truncated, info)``."""
        if self.maze is None:
            raise MazeError("call reset() before step()")
        if not self.action_space.contains(action):
            if self.action_mode == "heading":
                raise MazeError(f"action must be 0 (turn left), 1 (turn right) or 2 (forward), got {action!r}")
            raise MazeError(f"action must be 0 (north), 1 (east), 2 (south) or 3 (west), got {action!r}")
        (r0, c0), (goal_row, goal_col) = self.position, self.maze.goal
        if self.action_mode == "heading":
            if action == FORWARD:
                dr, dc = ACTIONS[self.heading]
            else:  # a turn: a step on the spot (as into a wall)
                self.heading = (self.heading + (3 if action == TURN_LEFT else 1)) % 4
                dr, dc = 0, 0
        else:
            dr, dc = ACTIONS[int(action)]
        r1, c1 = r0 + dr, c0 + dc  # the border is wall, so r1, c1 stay on the grid
        blocked = (dr == 0 and dc == 0) or bool(self.maze.grid[r1, c1])
        r, c, self.steps, terminated, truncated, reward = _walk(
            blocked, r0, c0, r1, c1, self.steps, goal_row, goal_col, self.max_steps,
            self.step_reward, self.goal_reward)
        self.position = (r, c)
        return self._observation(), reward, terminated, truncated, self._info(self.maze)

    def render(self) -> str | NDArray[np.uint8] | None:
        """The current state as text (``"ansi"``) or an RGB array (``"rgb_array"``)."""
        if self.maze is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            whole = np.where(self.maze.grid, WALL, OPEN).astype(np.uint8)
            whole[self.maze.goal] = GOAL
            whole[self.position] = AGENT
            chars = np.array([" ", "#", "@", "G"])[whole]
            return "\n".join("".join(row) for row in chars) + "\n"
        from ..render.palette import rgb_blocks

        picture = rgb_blocks(self.maze, RGB_BLOCK)
        r, c = self.position
        picture[r * RGB_BLOCK:(r + 1) * RGB_BLOCK, c * RGB_BLOCK:(c + 1) * RGB_BLOCK] = AGENT_RGB
        return picture

    def _observation(self) -> Any:
        r, c = self.position
        if self.view is None:
            obs = self._base.copy()
            obs[r, c] = AGENT
        else:
            k = self.view  # the padded array's (r, c) is the window's top-left corner
            obs = self._base[r:r + 2 * k + 1, c:c + 2 * k + 1]
            if self.action_mode == "heading":  # turned so that the way the agent faces is up
                obs = np.rot90(obs, self.heading)
            obs = np.ascontiguousarray(obs)  # (a copy)
            obs[k, k] = AGENT
        if self.obs_mode == "onehot":
            obs = (obs == _CHANNELS).view(np.uint8)
        if self.compass:
            assert self.maze is not None
            heading = self.heading if self.action_mode == "heading" else 0
            goal = self.maze.goal
            return {"view": obs, "compass": compass_of(goal[0] - r, goal[1] - c, heading)}
        return obs

    def _info(self, maze: Maze) -> dict[str, Any]:
        info = {"position": self.position, "goal": maze.goal, "steps": self.steps,
                "seed": maze.seed, "shortest": self.shortest}
        if self.action_mode == "heading":
            info["heading"] = self.heading
        return info


gymnasium.register(id="meiro/Maze-v0", entry_point="meiro.rl.env:MazeEnv",
                   vector_entry_point="meiro.rl.vector_env:MazeVectorEnv")

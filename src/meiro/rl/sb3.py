"""Stable-Baselines3's ``VecEnv`` over the native vector env: SB3's PPO, A2C or DQN on meiro mazes.

Needs stable-baselines3 (``pip install "meiro[sb3]"``, which brings PyTorch);
``import meiro`` never imports it. :class:`MazeSB3VecEnv` drives a
:class:`~meiro.rl.vector_env.MazeVectorEnv` in ``SAME_STEP`` auto-reset mode,
which is SB3's own convention: the step that ends an episode returns the next
episode's first observation, the last one is in that env's
``info["terminal_observation"]``, ``info["TimeLimit.truncated"]`` says it ran
out of steps (SB3 then bootstraps the value of that observation) and
``info["is_success"]`` that it reached the goal (SB3 logs the success rate).
Every step is one compiled call; only the envs whose episode ended get an info
with something in it. Wrap it in SB3's ``VecMonitor`` for episode returns and
lengths in the logs.

Examples
--------
>>> import numpy as np
>>> venv = MazeSB3VecEnv(3, width=2, height=2, view=1, max_steps=2)
>>> venv.seed(5)
[5, 6, 7]
>>> venv.reset().shape
(3, 3, 3)
>>> _, _, dones, infos = venv.step(np.zeros(3, np.int64))
>>> obs, rewards, dones, infos = venv.step(np.zeros(3, np.int64))
>>> dones.tolist(), infos[0]["TimeLimit.truncated"], infos[0]["terminal_observation"].shape
([True, True, True], True, (3, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

try:
    from stable_baselines3.common.vec_env import VecEnv
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError('meiro.rl.sb3 needs stable-baselines3: pip install "meiro[sb3]" '
                      "(or pip install stable-baselines3)") from exc

from gymnasium.vector import AutoresetMode

from ..errors import MazeError
from .vector_env import MazeVectorEnv


class MazeSB3VecEnv(VecEnv):  # type: ignore[misc, unused-ignore]  # (Any without SB3 installed)
    """An SB3 ``VecEnv`` of ``num_envs`` mazes: a ``SAME_STEP`` :class:`MazeVectorEnv` inside.

    Parameters
    ----------
    num_envs : int
        How many mazes.
    **options
        The vector env's options (``width``, ``view``, ``action_mode``, ``threads``, ...);
        ``autoreset_mode`` is SAME_STEP, SB3's convention, and may not be set.
        :attr:`envs` is the vector env, for ``set_options`` or ``reset(options=...)``
        (``venv.env_method("set_options", braid=0.3)`` does the same as its ``set_options``).
    """

    def __init__(self, num_envs: int = 1, **options: Any) -> None:
        if "autoreset_mode" in options:
            raise MazeError("MazeSB3VecEnv steps in SAME_STEP auto-reset mode (SB3's way): "
                            "give no autoreset_mode")
        self.envs = MazeVectorEnv(num_envs, autoreset_mode=AutoresetMode.SAME_STEP, **options)
        self._actions: NDArray[np.int64] | None = None
        super().__init__(self.envs.num_envs, self.envs.single_observation_space,
                         self.envs.single_action_space)

    def reset(self) -> Any:
        """Start every env on a new maze (with the seeds :meth:`seed` gave, if any); the observations."""
        seeds = self._seeds if any(s is not None for s in self._seeds) else None
        obs, infos = self.envs.reset(seed=seeds)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return obs

    def step_async(self, actions: NDArray[Any]) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[Any, NDArray[np.float32], NDArray[np.bool_], list[dict[str, Any]]]:
        if self._actions is None:
            raise MazeError("step_async() before step_wait()")
        obs, rewards, terminated, truncated, infos = self.envs.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if dones.any():
            final = infos["final_obs"]
            for i in np.flatnonzero(dones):
                out[i] = {"terminal_observation": final[i], "is_success": bool(terminated[i]),
                          "TimeLimit.truncated": bool(truncated[i] and not terminated[i])}
        return obs, rewards.astype(np.float32), dones, out

    def close(self) -> None:
        self.envs.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """An option of the envs (``render_mode`` too), one per index."""
        count = len(list(self._get_indices(indices)))
        if attr_name == "render_mode":
            return [self.envs.render_mode] * count
        return [self.envs.get_attr(attr_name)[0]] * count

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Set an option of every env (the envs share their options: ``indices`` must be all)."""
        self._every(indices, "set_attr")
        self.envs.set_attr(attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        """``set_options`` for every env (the only method the envs answer together)."""
        self._every(indices, "env_method")
        if method_name != "set_options":
            raise MazeError(f"MazeSB3VecEnv's envs answer env_method('set_options', ...) only, "
                            f"not {method_name!r}")
        return list(self.envs.call("set_options", *method_args, **method_kwargs))

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(list(self._get_indices(indices)))

    def get_images(self) -> Sequence[NDArray[np.uint8] | None]:
        """The vector env's picture (``render_mode="rgb_array"``): env 0, or its ``render_envs``."""
        return [self.envs.render()]

    def _every(self, indices: Any, what: str) -> None:
        chosen: Iterable[int] = self._get_indices(indices)
        if sorted(chosen) != list(range(self.num_envs)):
            raise MazeError(f"the envs of a MazeSB3VecEnv share their options: {what} for all of them")

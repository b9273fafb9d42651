"""meiro (迷路): fast, reproducible mazes — generate, solve, render and play.

>>> import meiro
>>> m = meiro.generate(15, 15, algorithm="dig", seed=4, goal="farthest")
>>> m.grid.shape
(31, 31)
>>> sol = meiro.solve(m, method="astar")
>>> tuple(sol.path[0]) == m.start and tuple(sol.path[-1]) == m.goal
True
>>> len(meiro.render_text(m, style="hash", path=sol.path).splitlines())
31
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from ._version import __version__
from .errors import MazeError, NoPathError

# The names below are loaded on first use, each from its own module (PEP 562), so that
# ``import meiro`` and the ``meiro`` command's --help and list need not wait for NumPy and
# the kernels: a command, or a program, loads what it uses.
_HOMES = {
    "GENERATORS": "registry", "SOLVERS": "registry", "GOALS": "goals", "STYLES": "text_styles",
    "Maze": "maze", "replay_carving": "maze", "Solution": "solve", "solve": "solve",
    "generate": "generate", "load": "saving", "save": "saving", "parse_text": "text",
    "render_text": "text", "MazeBatch": "batch", "generate_batch": "batch",
}

if TYPE_CHECKING:
    from .batch import MazeBatch, generate_batch
    from .generate import generate
    from .goals import GOALS
    from .maze import Maze, replay_carving
    from .registry import GENERATORS, SOLVERS
    from .saving import load, save
    from .solve import Solution, solve
    from .text import parse_text, render_text
    from .text_styles import STYLES


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:  # a submodule, as ``meiro.io`` (imported on first use too)
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
        raise AttributeError(f"module 'meiro' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    setattr(sys.modules[__name__], name, value)  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


class _Package(types.ModuleType):
    """The ``meiro`` module, whose ``generate`` and ``solve`` are functions although
    subpackages of the same names exist: importing a subpackage (``meiro.generate.dig``)
    makes Python bind it on its parent, and that binding is not made here. The subpackages
    stay in ``sys.modules`` (``import meiro.generate.dig`` works as ever).
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("generate", "solve") and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


__all__ = [
    "GENERATORS", "GOALS", "Maze", "MazeBatch", "MazeError", "NoPathError", "SOLVERS", "STYLES",
    "Solution", "__version__", "generate", "generate_batch", "load", "parse_text", "render_text",
    "replay_carving", "save", "solve",
]

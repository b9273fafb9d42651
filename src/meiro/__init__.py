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
import importlib.abc
import importlib.machinery
import sys
import types
import warnings
from typing import TYPE_CHECKING, Any

from ._version import __version__
from .errors import MazeError, NoPathError

# The names below are loaded on first use, each from its own module (PEP 562), so that
# ``import meiro`` and the ``meiro`` command's --help and list need not wait for NumPy and
# the kernels: a command, or a program, loads what it uses.
_HOMES = {
    "GENERATORS": "registry", "SOLVERS": "registry", "GOALS": "goals", "STYLES": "text.styles",
    "Maze": "maze", "replay_carving": "maze", "Solution": "solvers", "solve": "solvers",
    "generate": "generators", "load": "io.saving", "save": "io.saving", "parse_text": "text.maze_text",
    "render_text": "text.maze_text", "MazeBatch": "batch", "generate_batch": "batch", "Recipe": "recipe",
    "verify_answer": "text.tasks",
}

if TYPE_CHECKING:
    from .batch import MazeBatch, generate_batch
    from .generators import generate
    from .goals import GOALS
    from .maze import Maze, replay_carving
    from .recipe import Recipe
    from .registry import GENERATORS, SOLVERS
    from .io.saving import load, save
    from .solvers import Solution, solve
    from .text.maze_text import parse_text, render_text
    from .text.styles import STYLES
    from .text.tasks import verify_answer


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None and name in MOVED:  # an old module name, as ``meiro.stats``
        return importlib.import_module(f"{__name__}.{name}")
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


#: Modules that moved in 0.19, by their old names: importing one still works, with a
#: DeprecationWarning that names its new home (:class:`_MovedFinder`).
MOVED = {
    "stats": "analysis.stats", "batch_stats": "analysis.batch_stats", "difficulty": "analysis.difficulty",
    "env": "rl.env", "vector_env": "rl.vector_env", "saving": "io.saving", "files": "io.files",
    "writing": "io.writing", "signals": "io.signals", "interop": "io.interop",
    "maze_dataset": "io.maze_dataset", "text_styles": "text.styles", "columns": "text.columns",
    "messages": "text.messages", "fonts": "text.fonts", "booklet": "render.booklet",
    "kernel_freshness": "kernels.freshness", "small_jobs": "kernels.small_jobs",
    "generate": "generators", "solve": "solvers",
}



def _new_home(fullname: str) -> str | None:
    """Where the module ``fullname`` lives now, if it is one of the :data:`MOVED` (or in one)."""
    package, _, rest = fullname.partition(".")
    first, dot, tail = rest.partition(".")
    if package != __name__ or first not in MOVED:
        return None
    return f"{__name__}.{MOVED[first]}{dot}{tail}"


def _importer_level() -> int:
    """The ``stacklevel`` that points a warning at the code that imported, past importlib."""
    frame, level = sys._getframe(1), 1
    while frame is not None and (frame.f_code.co_filename == __file__
                                 or frame.f_code.co_filename.startswith("<frozen importlib")):
        frame, level = frame.f_back, level + 1  # type: ignore[assignment]
    return level


class _FunctionAndPackage(types.ModuleType):
    """``meiro.generate`` or ``meiro.solve`` imported as a module by its old name: the package's
    names and submodules, and still callable as the function (importing a submodule binds its
    parent on ``meiro``, so what is bound must still be the function too)."""

    def __init__(self, name: str, package: types.ModuleType, function: Any) -> None:
        super().__init__(name, package.__doc__)
        self.__path__ = list(package.__path__)
        self._package, self._function = package, function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._function(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._package, name)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (by cloudpickle, for a Dask or Ray task) as the function it stands for, found by
        # its name where it lives: a module object itself does not pickle
        return _function_named, (self._function.__module__, self._function.__qualname__)


def _function_named(module: str, name: str) -> Any:
    """The function ``name`` of ``module`` (how an old-name module unpickles)."""
    return getattr(importlib.import_module(module), name)


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a module by its name before 0.19 (``meiro.stats``): the same module object
    as its new name, with a DeprecationWarning. First in ``sys.meta_path``, so that a moved
    module is never loaded a second time under its old name; it answers for no other name."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        new = _new_home(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=fullname in _FUNCTIONS)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        new = _new_home(spec.name)
        assert new is not None
        warnings.warn(f"{spec.name} has moved to {new}: import it from there", DeprecationWarning,
                      stacklevel=_importer_level())
        module = importlib.import_module(new)
        if spec.name in _FUNCTIONS:
            return _FunctionAndPackage(spec.name, module, getattr(module, spec.name.rpartition(".")[2]))
        self._home_specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        home = self._home_specs.pop(module.__name__ if module.__spec__ is None else module.__spec__.name, None)
        if home is not None:  # importlib set the old name's spec on the module: put its own back
            module.__spec__ = home

    _home_specs: dict[str, Any] = {}


_FUNCTIONS = (f"{__name__}.generate", f"{__name__}.solve")
if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, _MovedFinder())


__all__ = [
    "GENERATORS",
    "GOALS",
    "SOLVERS",
    "STYLES",
    "Maze",
    "MazeBatch",
    "MazeError",
    "NoPathError",
    "Recipe",
    "Solution",
    "__version__",
    "generate",
    "generate_batch",
    "load",
    "parse_text",
    "render_text",
    "replay_carving",
    "save",
    "solve",
    "verify_answer",
]

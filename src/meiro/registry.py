"""Registries of the generation and solving algorithms.

The registry is the single list of what meiro can do: the CLI builds its
``choices`` from it, ``meiro list`` prints it, and the tests take their
parameter lists from it. Adding an algorithm is one module that calls
``register`` plus one import line in its package's ``__init__``.
"""

from __future__ import annotations

import functools
import numbers
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from .errors import MazeError
from .maze import check_grid


@dataclass(frozen=True)
class Algorithm:
    """One registered algorithm and what the docs and tools say about it.

    Examples
    --------
    >>> import meiro
    >>> dig = meiro.GENERATORS.get("backtracker")
    >>> dig.name, dig.exact
    ('dig', True)
    >>> meiro.SOLVERS.get("dfs").exact     # depth-first search finds a path, not the shortest
    False
    """

    name: str
    function: Callable
    summary: str
    aliases: tuple[str, ...] = ()
    #: generators: every result is a perfect maze (a spanning tree of the cells).
    #: solvers: the path found is always a shortest one.
    exact: bool = True
    reference: str = ""
    extra: dict = field(default_factory=dict)
    #: the name a player reads, by language (``ja``); English readers see :attr:`name`
    titles: dict = field(default_factory=dict)

    def title(self, lang: str = "en") -> str:
        """The name to show a reader of ``lang``: ``dig`` is 穴掘り法 in Japanese.

        Examples
        --------
        >>> import meiro
        >>> dig = meiro.GENERATORS.get("dig")
        >>> dig.title("ja"), dig.title("en")
        ('穴掘り法', 'dig')
        """
        return self.titles.get(lang, self.name)


class Registry:
    """A name -> :class:`Algorithm` table with aliases.

    Examples
    --------
    >>> reg = Registry("toy")
    >>> @reg.register("one", aliases=("uno",), summary="the first")
    ... def one():
    ...     return 1
    >>> reg.get("uno").function()
    1
    >>> reg.names()
    ['one']
    """

    def __init__(self, kind: str, guard: Callable[[Callable], Callable] | None = None):
        self.kind = kind
        #: wraps each registered function so that what it is given is checked before a
        #: compiled kernel trusts it (the module keeps the bare function)
        self.guard = guard
        self._items: dict[str, Algorithm] = {}
        self._aliases: dict[str, str] = {}

    def register(self, name: str, *, summary: str, aliases: tuple[str, ...] = (),
                 exact: bool = True, reference: str = "", ja: str = "", **extra):
        """Decorator that records ``function`` under ``name`` (and its aliases); ``ja``
        is its Japanese name, shown to Japanese readers."""

        def decorate(function: Callable) -> Callable:
            for key in (name, *aliases):
                if key in self._items or key in self._aliases:
                    raise ValueError(f"{self.kind} name {key!r} is registered twice")
            checked = self.guard(function) if self.guard else function
            self._items[name] = Algorithm(name, checked, summary, tuple(aliases),
                                          exact, reference, extra, {"ja": ja} if ja else {})
            for alias in aliases:
                self._aliases[alias] = name
            return function

        return decorate

    def get(self, name: str) -> Algorithm:
        """Return the algorithm called ``name`` or one of its aliases.

        Raises :class:`~meiro.MazeError` listing the valid names otherwise.
        """
        if not isinstance(name, str):
            raise TypeError(f"{self.kind} must be a name (a str), not {type(name).__name__}")
        key = self._aliases.get(name.lower(), name.lower())
        try:
            return self._items[key]
        except KeyError:
            raise MazeError(f"unknown {self.kind} {name!r}; choose one of: "
                            f"{', '.join(self.names())}") from None

    def names(self) -> list[str]:
        """The canonical names, in registration order."""
        return list(self._items)

    def choices(self) -> list[str]:
        """Every accepted spelling: names and aliases."""
        return [*self._items, *self._aliases]

    def __iter__(self) -> Iterator[Algorithm]:
        return iter(self._items.values())

    def __len__(self) -> int:
        return len(self._items)


def checked_solver(function: Callable) -> Callable:
    """A solver ``f(grid, source, target, step, seed, record)`` that refuses a grid that is
    not a maze's, ends that are not open blocks (flat indices), or a cell-to-cell step of 2
    on a grid that is not a lattice with both ends on cells.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, seed=1)
    >>> meiro.SOLVERS.get("bfs").function(m.grid, 0, 8, 1, 0, False)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: source 0 is not an open block of the 5x7-block grid
    """

    @functools.wraps(function)
    def checked(grid, source, target, step, seed, record=False):
        grid = check_grid(grid)
        rows, cols = grid.shape
        for name, flat in (("source", source), ("target", target)):
            if (isinstance(flat, bool) or not isinstance(flat, numbers.Integral)
                    or not 0 <= flat < grid.size or grid.flat[flat]):
                raise MazeError(f"{name} {flat!r} is not an open block of the {rows}x{cols}-block grid")
        if not isinstance(step, numbers.Integral) or isinstance(step, bool) or step not in (1, 2):
            raise MazeError(f"step must be 1 (block to block) or 2 (cell to cell), got {step!r}")
        on_cells = all((flat // cols) % 2 == 1 and (flat % cols) % 2 == 1 for flat in (source, target))
        if step == 2 and not (on_cells and bool(np.all(grid[::2, ::2]))):
            raise MazeError("step 2 needs a lattice maze (every even/even block a wall) "
                            "with both ends on cells")
        return function(grid, int(source), int(target), step, seed, record)

    return checked


#: Generators check what they are asked for themselves (:func:`meiro.generate.carving.check_request`),
#: before they allocate their scratch; solvers share one guard.
GENERATORS = Registry("algorithm")
SOLVERS = Registry("method", guard=checked_solver)

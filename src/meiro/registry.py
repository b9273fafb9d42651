"""Registries of the generation and solving algorithms.

The registry is the single list of what meiro can do: the CLI builds its
``choices`` from it, ``meiro list`` prints it, and the tests take their
parameter lists from it. Adding an algorithm is one module that calls
``register`` plus one import line in its package's ``__init__``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator

from .errors import MazeError


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

    def __init__(self, kind: str):
        self.kind = kind
        self._items: dict[str, Algorithm] = {}
        self._aliases: dict[str, str] = {}

    def register(self, name: str, *, summary: str, aliases: tuple[str, ...] = (),
                 exact: bool = True, reference: str = "", **extra):
        """Decorator that records ``function`` under ``name`` (and its aliases)."""

        def decorate(function: Callable) -> Callable:
            for key in (name, *aliases):
                if key in self._items or key in self._aliases:
                    raise ValueError(f"{self.kind} name {key!r} is registered twice")
            self._items[name] = Algorithm(name, function, summary, tuple(aliases),
                                          exact, reference, extra)
            for alias in aliases:
                self._aliases[alias] = name
            return function

        return decorate

    def get(self, name: str) -> Algorithm:
        """Return the algorithm called ``name`` or one of its aliases.

        Raises :class:`~meiro.MazeError` listing the valid names otherwise.
        """
        if not isinstance(name, str):
            raise MazeError(f"{self.kind} must be a name, not {name!r}")
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


GENERATORS = Registry("algorithm")
SOLVERS = Registry("method")

"""What every solver's answer has, whatever the grid kind: :class:`Answer`.

:class:`meiro.Solution` (a block grid: a path of ``(row, col)`` blocks) and
:class:`~meiro.solvers.graph_solution.GraphSolution` (another kind: a path of
cell numbers) differ only in what a position is, how their constructors check
what they are given, and how a recorded search log is turned into positions
(:meth:`Answer._recorded`); the rest is here once.

Examples
--------
>>> import meiro
>>> square, hexagonal = meiro.solve(meiro.generate(4, 4, seed=1)), meiro.solve(meiro.generate(4, 4, grid="hex", seed=1))
>>> isinstance(square, Answer) and isinstance(hexagonal, Answer)
True
>>> square.length == len(square.path) - 1 and hexagonal.length == len(hexagonal.path) - 1
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

import numpy as np
from numpy.typing import NDArray


def _frozen(values: NDArray[Any]) -> NDArray[Any]:
    """``values``, made read-only (an answer's arrays belong to its maze)."""
    values.flags.writeable = False
    return values


class Answer:
    """A solver's answer: read-only, like its maze (module docs).

    A subclass sets the six slots in its constructor and defines ``path``, ``maze``
    and :meth:`_recorded`.
    """

    __slots__ = ("_expanded", "_explored", "_max_frontier", "_maze", "_method", "_path")
    _method: str
    _path: NDArray[Any]
    _expanded: int
    _max_frontier: int
    _maze: Any
    _explored: NDArray[Any] | None

    @classmethod
    def _of(cls, method: str, path: NDArray[Any], expanded: int, max_frontier: int, maze: Any) -> Self:
        """An answer straight from a solver run on ``maze`` (its fresh path is taken over)."""
        sol = cls.__new__(cls)
        sol._method, sol._path, sol._maze, sol._explored = method, _frozen(path), maze, None
        sol._expanded, sol._max_frontier = int(expanded), int(max_frontier)
        return sol

    @property
    def method(self) -> str:
        """The solver's registered name."""
        return self._method

    @property
    def expanded(self) -> int:
        """How many positions the solver expanded."""
        return self._expanded

    @property
    def max_frontier(self) -> int:
        """The largest size the solver's frontier reached."""
        return self._max_frontier

    @property
    def length(self) -> int:
        """Steps from start to goal: blocks on the square grid, cell to cell on other kinds."""
        return len(self._path) - 1

    @property
    def explored(self) -> NDArray[Any]:
        """The positions expanded, in order (read-only): what a search replay shows.

        Recorded on first access by re-running the (deterministic) solver on the
        maze, which cannot have changed, so plain solving stays lean.
        """
        if self._explored is None:
            self._explored = _frozen(self._recorded())
        return self._explored

    def _recorded(self) -> NDArray[Any]:
        """The search log of a fresh run of the solver, as positions."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        # a pickle carries plain arrays; unpickling makes them read-only again
        return (type(self)._of, (self._method, np.array(self._path), self._expanded, self._max_frontier,
                                 self._maze))

"""A maze on a grid kind other than the square: :class:`GraphMaze`, a geometry plus its open passages.

Where :class:`meiro.Maze` is a block grid, a ``GraphMaze`` is one bit per
neighbouring pair of its :class:`~meiro.kinds.geometry.Geometry` (``True``: the
passage is open), a start cell and a goal cell, numbered as the geometry numbers
its cells. Everything else (walls to draw, the graph to search) follows from the
geometry.

Examples
--------
>>> import meiro
>>> m = meiro.generate(4, 4, grid="hex", seed=1)
>>> m.kind, m.cells, int(m.passages.sum())       # a perfect maze: cells - 1 passages
('hex', 16, 15)
>>> m.start, m.goal
(0, 15)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from .geometry import Geometry

if TYPE_CHECKING:
    from ..recipe import Recipe


def _frozen(values: NDArray[Any]) -> NDArray[Any]:
    values.flags.writeable = False
    return values


class GraphMaze:
    """A maze on a :class:`~meiro.kinds.geometry.Geometry`: which neighbouring pairs are open.

    Parameters
    ----------
    geometry : Geometry
        The cells and their neighbours (:func:`meiro.kinds.geometry_of`).
    passages : array_like of bool
        One value per neighbouring pair (``geometry.edges``): ``True`` when open.
    start, goal : int
        Cell numbers.
    generation : dict, optional
        How it was made (:meth:`meiro.recipe.Recipe.to_dict`), as a file keeps it.
    order : array_like of int, optional
        The edges in the order the generator opened them (for replaying the digging).

    Raises
    ------
    MazeError
        Passages of the wrong length, or a start or goal that is not a cell.
    """

    __slots__ = ("_generation", "_geometry", "_goal", "_order", "_passages", "_start")

    def __init__(self, geometry: Geometry, passages: Any, start: Any, goal: Any, *,
                 generation: dict[str, Any] | None = None, order: Any = None) -> None:
        if not isinstance(geometry, Geometry):
            raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
        bits = np.asarray(passages)
        if bits.shape != (geometry.edge_count,) or bits.dtype.kind not in "bui":
            raise MazeError(f"passages must be {geometry.edge_count} booleans, one per neighbouring pair, "
                            f"got an array of shape {bits.shape}")
        if bits.dtype != np.bool_:
            if bits.size and (bits.min() < 0 or bits.max() > 1):
                raise MazeError("passages must be 0 or 1")
            bits = bits.astype(bool)
        elif bits is passages:
            bits = bits.copy()
        self._geometry = geometry
        self._passages = _frozen(bits)
        self._start = self._cell(start, "start")
        self._goal = self._cell(goal, "goal")
        self._generation = dict(generation) if generation is not None else None
        self._order = None if order is None else _frozen(np.asarray(order, dtype=np.int32))

    def _cell(self, value: Any, name: str) -> int:
        cell = whole(value, name, error=MazeError)
        if not 0 <= cell < self._geometry.cells:
            raise MazeError(f"{name} must be a cell number from 0 to {self._geometry.cells - 1}, got {cell}")
        return cell

    @property
    def geometry(self) -> Geometry:
        """The cells, their neighbours and walls."""
        return self._geometry

    @property
    def kind(self) -> str:
        """The grid kind's name (``"theta"``, ``"hex"``, ...)."""
        return self._geometry.kind

    @property
    def size(self) -> tuple[int, ...]:
        """The size it was made at, as ``--size`` gives it (``(R,)``, ``(W, H)`` or ``(W, H, L)``)."""
        return tuple(self._geometry.params.values())

    @property
    def cells(self) -> int:
        """The number of cells."""
        return self._geometry.cells

    @property
    def passages(self) -> NDArray[np.bool_]:
        """One bit per neighbouring pair, ``True`` when open (read-only)."""
        return self._passages

    @property
    def start(self) -> int:
        """The start cell."""
        return self._start

    @property
    def goal(self) -> int:
        """The goal cell."""
        return self._goal

    @property
    def generation(self) -> dict[str, Any] | None:
        """How the maze was made, as its file stores it (None for a hand-made one)."""
        return None if self._generation is None else dict(self._generation)

    @property
    def seed(self) -> int | None:
        """The seed it was made from, if known."""
        return None if self._generation is None else self._generation.get("seed")

    @property
    def algorithm(self) -> str | None:
        """The generator that made it, if known."""
        return None if self._generation is None else self._generation.get("algorithm")

    @property
    def carve_order(self) -> NDArray[np.int32] | None:
        """The edges in the order they were opened, when the generator recorded it."""
        return self._order

    @property
    def recipe(self) -> Recipe | None:
        """The :class:`~meiro.recipe.Recipe` that makes this maze again, if known."""
        if self._generation is None:
            return None
        from ..recipe import Recipe

        try:
            return Recipe.from_dict(self._generation)
        except MazeError:
            return None

    def open_pairs(self) -> NDArray[np.int32]:
        """The open passages as rows ``[a, b]`` of cell numbers."""
        pairs: NDArray[np.int32] = self._geometry.edges[self._passages]
        return pairs

    def open_neighbours(self, cell: int) -> NDArray[np.int32]:
        """The cells one open passage away from ``cell``, in the kind's cyclic order."""
        g = self._geometry
        lo, hi = g.offsets[cell], g.offsets[cell + 1]
        cells: NDArray[np.int32] = g.targets[lo:hi][self._passages[g.slot_edges[lo:hi]]]
        return cells

    def is_perfect(self) -> bool:
        """Whether the open passages form a spanning tree of the cells (one path between any two)."""
        from ..kernels.adjacency import components

        return int(self._passages.sum()) == self.cells - 1 and components(
            self.cells, self._geometry.edges, self._passages) == 1

    def edited(self, passages: Any = None, *, start: Any = None, goal: Any = None) -> GraphMaze:
        """A copy with other passages, start or goal; the recipe is dropped when the passages change."""
        changed = passages is not None
        return GraphMaze(self._geometry, self._passages if passages is None else passages,
                         self._start if start is None else start, self._goal if goal is None else goal,
                         generation=None if changed else self._generation,
                         order=None if changed else self._order)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphMaze):
            return NotImplemented
        a, b = self._geometry, other._geometry
        return (a.kind == b.kind and a.params == b.params and self._start == other._start
                and self._goal == other._goal and np.array_equal(a.edges, b.edges)
                and np.array_equal(self._passages, other._passages))

    __hash__ = None  # type: ignore[assignment]  # mutable-looking, like meiro.Maze

    def __repr__(self) -> str:
        size = "x".join(str(v) for v in self.size)
        made = f" {self.algorithm} seed {self.seed}" if self._generation else ""
        return f"<GraphMaze {self.kind} {size}{made}: {self.cells} cells, start {self._start}, goal {self._goal}>"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_rebuild, (self._geometry, self._passages, self._start, self._goal, self._generation,
                           self._order))


def _rebuild(geometry: Geometry, passages: NDArray[np.bool_], start: int, goal: int,
             generation: dict[str, Any] | None, order: Any) -> GraphMaze:
    return GraphMaze(geometry, passages, start, goal, generation=generation, order=order)

"""A solver's answer for a maze on a grid kind other than the square: :class:`GraphSolution`.

It mirrors :class:`meiro.Solution` (``method``, ``path``, ``length``,
``expanded``, ``max_frontier``, ``explored``, ``maze``) with what differs said
here: a path and a search log are cell numbers of the maze's geometry (one
int32 per cell), not ``(row, col)`` blocks, and ``length`` counts steps from
cell to cell (the square grid's counts blocks, two per cell step on a lattice
maze). :func:`meiro.solve` makes one for a :class:`~meiro.kinds.maze.GraphMaze`.

Examples
--------
>>> import meiro
>>> m = meiro.generate(5, 4, grid="hex", seed=2)
>>> sol = meiro.solve(m, "bfs")
>>> sol
GraphSolution(method='bfs', kind='hex', length=8, expanded=9, max_frontier=1)
>>> sol.path.tolist()
[0, 5, 1, 2, 3, 4, 9, 14, 19]
>>> sol.explored[:4].tolist()
[0, 5, 1, 2]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, NoPathError, flag, whole
from ..kernels.jit import njit
from ..registry import SOLVERS
from .answer import Answer, _frozen

if TYPE_CHECKING:
    from ..kinds.maze import GraphMaze
    from .graph_search import GraphSearch


def check_cells(cells: Any, maze: GraphMaze, name: str = "path", chain: bool = True) -> NDArray[np.int32]:
    """``cells`` as a one-dimensional int32 array of ``maze``'s cell numbers; with ``chain``,
    each one joined to the next by an open passage.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 1, grid="hex", seed=0)          # one row: 0 - 1 - 2
    >>> check_cells([0, 1, 2], m).tolist()
    [0, 1, 2]
    >>> check_cells([0, 2], m)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: path steps from cell 0 to cell 2 through no open passage
    """
    from ..kinds.maze import GraphMaze

    if not isinstance(maze, GraphMaze):
        raise TypeError(f"maze must be a GraphMaze, got {type(maze).__name__}")
    try:
        values = np.asarray(cells)
    except (TypeError, ValueError, OverflowError):
        values = None
    if values is None or values.ndim != 1 or (values.size and values.dtype.kind not in "iu"):
        raise MazeError(f"{name} must be a list of cell numbers")
    if values.size and (values.min() < 0 or values.max() >= maze.cells):
        raise MazeError(f"{name} names a cell that is not one of the maze's {maze.cells}")
    out = values.astype(np.int32)
    if flag(chain, "chain") and out.size > 1:
        g = maze.geometry
        i = _first_closed_step(g.offsets, g.targets, g.slot_edges,
                               np.ascontiguousarray(maze.passages).view(np.uint8), out)
        if i >= 0:
            raise MazeError(f"{name} steps from cell {out[i]} to cell {out[i + 1]} through no open passage")
    return out


@njit(cache=True)
def _first_closed_step(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                       open_: NDArray[np.uint8], path: NDArray[np.int32]) -> int:
    """The first ``i`` such that no open passage joins ``path[i]`` to ``path[i + 1]``, else -1
    (the cells are known to exist)."""
    for i in range(path.size - 1):
        a, b = path[i], path[i + 1]
        ok = False
        for s in range(offsets[a], offsets[a + 1]):
            if targets[s] == b and open_[slot_edges[s]]:
                ok = True
                break
        if not ok:
            return i
    return -1


class GraphSolution(Answer):
    """A solver's answer for a :class:`~meiro.kinds.maze.GraphMaze` (module docs).

    Read-only, like its maze: its path and its search log (:attr:`explored`,
    recorded on first access by the same solver on the same maze) belong to it.

    Attributes
    ----------
    method : str
        The solver's registered name.
    path : numpy.ndarray of int32
        Cell numbers from start to goal inclusive, each joined to the next by an open passage.
    expanded : int
        How many cells the solver expanded (a wall follower or Trémaux: reached).
    max_frontier : int
        The largest size its frontier (queue, heap, stack or thread) reached.
    maze : GraphMaze
        The maze it solves.
    """

    __slots__ = ()
    _maze: GraphMaze

    def __init__(self, method: str, path: Any, expanded: int, max_frontier: int, maze: GraphMaze,
                 explored: Any = None) -> None:
        from ..kinds.maze import GraphMaze

        if not isinstance(maze, GraphMaze):
            raise TypeError(f"a GraphSolution belongs to a GraphMaze, got {type(maze).__name__}")
        self._method = SOLVERS.get(method).name
        cells = check_cells(path, maze)
        if not cells.size or cells[0] != maze.start or cells[-1] != maze.goal:
            raise MazeError(f"path must lead from the start cell {maze.start} to the goal cell {maze.goal}")
        self._path = _frozen(cells)
        self._expanded = whole(expanded, "expanded", 0)
        self._max_frontier = whole(max_frontier, "max_frontier", 0)
        self._maze = maze
        self._explored = None
        if explored is not None:
            log = check_cells(explored, maze, "explored", chain=False)
            if len(log) != self._expanded:
                raise MazeError(f"explored has {len(log)} cells but expanded is {self._expanded}")
            self._explored = _frozen(log)

    @property
    def path(self) -> NDArray[np.int32]:
        """The cells from start to goal (read-only)."""
        return self._path

    @property
    def maze(self) -> GraphMaze:
        """The maze this solves."""
        return self._maze

    @property
    def explored(self) -> NDArray[np.int32]:
        """The cells expanded, in order (read-only): what a search replay shows.

        Recorded on first access by re-running the (deterministic) solver on the
        maze, which cannot have changed, so plain solving stays lean.
        """
        return super().explored

    def _recorded(self) -> NDArray[np.int32]:
        result = _run(self._maze, self._method, record=True)
        if result.explored is None:
            raise MazeError(f"the solver {self._method!r} returned no explored cells "
                            "when asked to record them")
        return result.explored

    def __repr__(self) -> str:
        return (f"GraphSolution(method={self.method!r}, kind={self._maze.kind!r}, length={self.length}, "
                f"expanded={self.expanded}, max_frontier={self.max_frontier})")


def _run(maze: GraphMaze, method: str, record: bool) -> GraphSearch:
    """Run solver ``method`` on ``maze`` from its start to its goal."""
    algorithm = SOLVERS.get(method)
    if maze.kind not in algorithm.kinds:
        raise MazeError(f"the solver {algorithm.name} does not work on {maze.kind} mazes; it works on: "
                        f"{', '.join(algorithm.kinds)}")
    seed = maze.seed if maze.seed is not None else 0
    result: GraphSearch = algorithm.graph_function()(maze.geometry, maze.passages, maze.start, maze.goal,
                                                     seed, record)
    return result


def _solve_graph(maze: GraphMaze, method: str) -> GraphSolution:
    """:func:`meiro.solve` for a :class:`~meiro.kinds.maze.GraphMaze`."""
    name = SOLVERS.get(method).name
    result = _run(maze, name, record=False)
    if result.found < 0:
        raise NoPathError(f"the goal cell {maze.goal} cannot be reached from the start cell {maze.start}")
    if result.path is None:
        raise MazeError(f"the solver {name!r} found the goal but returned no path")
    return GraphSolution._of(name, result.path, result.expanded, result.max_frontier, maze)

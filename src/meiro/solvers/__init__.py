"""Solving: :func:`solve` and the :class:`Solution` it returns.

Each solver is one module with a function declared in the catalogue of
:mod:`meiro.registry` and imported when it first runs (importing this package
loads no kernel and no numba); the function folds the block grid into the one-byte-per-node search graph
(:class:`~meiro.solvers.result.SearchGraph`), runs its numba kernel on it and
returns a :class:`~meiro.solvers.result.SearchResult` with the block path.

A maze on another grid kind (:class:`~meiro.kinds.maze.GraphMaze`) is solved by
the function its catalogue entry names with ``graph=`` (:attr:`meiro.registry.Algorithm.kinds`),
on the geometry's graph (:mod:`~meiro.solvers.graph_search`), and gets a
:class:`~meiro.solvers.graph_solution.GraphSolution`: cell numbers instead of blocks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

import numpy as np

from ..errors import MazeError, NoPathError, whole
from ..maze import Maze, check_path
from ..registry import SOLVERS
from .answer import Answer, _frozen

if TYPE_CHECKING:  # (importing the solvers' module would define their kernels)
    from ..kinds.maze import GraphMaze
    from .graph_solution import GraphSolution
    from .result import SearchResult


def search_stride(maze: Maze) -> int:
    """2 if searches may step cell to cell (a lattice maze), else 1.

    A maze is a lattice when every even/even block is a wall and the start and
    goal are cells (odd/odd): then every route alternates cell, wall slot, cell.

    Examples
    --------
    >>> import meiro
    >>> search_stride(meiro.generate(3, 3, seed=1))
    2
    >>> search_stride(meiro.parse_text("#####\\n#S  #\\n#   #\\n#  G#\\n#####"))   # an open room
    1
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"search_stride() needs a meiro.Maze, got {type(maze).__name__}")
    ends_on_cells = all(r % 2 == 1 and c % 2 == 1 for r, c in (maze.start, maze.goal))
    return 2 if ends_on_cells and bool(maze.grid[::2, ::2].all()) else 1


def _coordinates(flat: np.ndarray, cols: int, n_blocks: int) -> np.ndarray:
    """Flat block indices -> an ``(n, 2)`` array of (row, col).

    Examples
    --------
    >>> _coordinates(np.array([10, 16, 25]), 9, 27).tolist()
    [[1, 1], [1, 7], [2, 7]]
    """
    dtype = np.int32 if n_blocks < 2**31 else np.int64
    out = np.empty((len(flat), 2), dtype)
    np.floor_divide(flat, cols, out=out[:, 0], casting="unsafe")
    np.remainder(flat, cols, out=out[:, 1], casting="unsafe")
    return out


class Solution(Answer):
    """A solver's answer for one maze.

    A solution is read-only, like its maze: its path and its search log
    (:attr:`explored`, recorded on first access by the same solver on the same
    grid) always belong to that maze.

    Attributes
    ----------
    method : str
        The solver's registered name.
    path : numpy.ndarray, shape (k, 2)
        (row, col) block coordinates from start to goal inclusive, one block per
        step (read-only).
    expanded : int
        How many positions the solver expanded.
    max_frontier : int
        The largest size its frontier (queue, heap or stack) reached.
    maze : Maze
        The maze it solves.

    Examples
    --------
    >>> import meiro
    >>> sol = meiro.solve(meiro.generate(5, 5, seed=1))
    >>> sol.path[0].tolist(), sol.path[-1].tolist()
    ([1, 1], [9, 9])
    >>> sol.length == len(sol.path) - 1
    True
    >>> len(sol.explored) == sol.expanded
    True
    """

    __slots__ = ()
    _maze: Maze

    def __init__(self, method: str, path: np.ndarray, expanded: int, max_frontier: int,
                 maze: Maze, explored: np.ndarray | None = None):
        if not isinstance(maze, Maze):
            raise TypeError(f"a Solution belongs to a meiro.Maze, got {type(maze).__name__}")
        self._method = SOLVERS.get(method).name
        self._path = _frozen(check_path(path, maze.shape))
        self._expanded = whole(expanded, "expanded", 0)
        self._max_frontier = whole(max_frontier, "max_frontier", 0)
        self._maze = maze
        self._explored = None
        if explored is not None:
            cells = check_path(explored, maze.shape)
            if len(cells) != self._expanded:
                raise MazeError(f"explored has {len(cells)} positions but expanded is {self._expanded}")
            self._explored = _frozen(cells)

    @property
    def path(self) -> np.ndarray:
        """The path from start to goal, ``(k, 2)`` blocks (read-only)."""
        return self._path

    @property
    def maze(self) -> Maze:
        """The maze this solves."""
        return self._maze

    @property
    def explored(self) -> np.ndarray:
        """The positions expanded, in order, as an ``(expanded, 2)`` array of (row, col).

        Like :attr:`Maze.carve_order`, this is recorded on first access by
        re-running the (deterministic) solver on the maze, which cannot have
        changed, so plain solving stays lean. Read-only.
        """
        return super().explored

    def _recorded(self) -> np.ndarray:
        result = _run(self._maze, self._method, record=True)
        if result.explored is None:
            raise MazeError(f"the solver {self._method!r} returned no explored positions "
                            "when asked to record them")
        return _coordinates(result.explored, self._maze.grid.shape[1], self._maze.grid.size)

    def __repr__(self) -> str:
        return (f"Solution(method={self.method!r}, length={self.length}, "
                f"expanded={self.expanded}, max_frontier={self.max_frontier})")


def _run(maze: Maze, method: str, record: bool) -> SearchResult:
    algorithm = SOLVERS.get(method)  # its function checks the grid and the ends again
    cols = maze.grid.shape[1]
    source = maze.start[0] * cols + maze.start[1]
    target = maze.goal[0] * cols + maze.goal[1]
    seed = maze.seed if maze.seed is not None else 0
    result: SearchResult = algorithm.function(maze.grid, source, target, search_stride(maze), seed, record)
    return result


@overload
def solve(maze: Maze, method: str = ...) -> Solution: ...
@overload
def solve(maze: GraphMaze, method: str = ...) -> GraphSolution: ...


def solve(maze: Maze | GraphMaze, method: str = "astar") -> Solution | GraphSolution:
    """Find a path from ``maze.start`` to ``maze.goal``.

    Parameters
    ----------
    maze : Maze or GraphMaze
        A square maze, or a maze on another grid kind (``meiro.generate(..., grid=KIND)``).
    method : str
        A registered solver name (``meiro list`` prints them): ``"astar"`` or ``"bfs"``.

    Returns
    -------
    Solution or GraphSolution
        A :class:`~meiro.solvers.graph_solution.GraphSolution` for a ``GraphMaze``: its
        path and search log are cell numbers.

    Raises
    ------
    NoPathError
        If the goal cannot be reached from the start.
    MazeError
        If ``method`` is unknown or ``maze`` is not a :class:`Maze`.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(15, 15, seed=4, goal="farthest")
    >>> sol = meiro.solve(m, method="bfs")
    >>> sol.length == meiro.solve(m, method="astar").length
    True
    >>> round_maze = meiro.generate(6, grid="theta", seed=4)
    >>> meiro.solve(round_maze, "dfs").path[[0, -1]].tolist() == [round_maze.start, round_maze.goal]
    True
    """
    if not isinstance(maze, Maze):
        from ..kinds.maze import GraphMaze

        if isinstance(maze, GraphMaze):
            from .graph_solution import _solve_graph

            return _solve_graph(maze, method)
        raise TypeError(f"solve() needs a meiro.Maze or a GraphMaze, got {type(maze).__name__}")
    name = SOLVERS.get(method).name
    result = _run(maze, name, record=False)
    if result.found < 0:
        raise NoPathError(f"the goal {maze.goal} cannot be reached from the start {maze.start}")
    if result.path is None:
        raise MazeError(f"the solver {name!r} found the goal but returned no path")
    return Solution._of(name, result.path, result.expanded, result.max_frontier, maze)

"""Maze statistics: how a maze looks, in numbers.

Every figure is computed on the maze's *graph*. On a lattice maze (the block
grid every generator makes: every even/even block a wall, start and goal on
cells) the nodes are the open cells and two cells are joined when the wall
slot between them is open; lengths are counted in cell-to-cell steps. On any
other block grid (a hand-drawn text maze) every open block is a node and
lengths are in block steps.

Definitions
-----------
cells
    The number of nodes (open cells).
dead ends
    Nodes with exactly one opening (degree 1); ``dead_end_share`` is their
    share of all nodes.
junctions by degree
    ``degree_counts[k]``: how many nodes have ``k`` openings, ``k = 0..4``
    (2 = a corridor cell, 3 = a T junction, 4 = a crossing).
solution length
    Steps on a shortest path from the start to the goal;
    ``solution_share`` is the share of all nodes that path visits
    (``(length + 1) / cells``).
longest path
    The largest shortest-path distance between two nodes (the diameter),
    found by two breadth-first sweeps from the start's component. On a
    perfect maze (a tree) this is exact; on a maze with loops it is a lower
    bound (the usual double-sweep estimate).
average corridor length
    Split the graph at every node that is not a corridor cell (degree other
    than 2): the pieces are the corridors, and the figure is the mean number
    of steps per piece — total passages divided by half the sum of the
    degrees of the non-corridor nodes.
turns
    Changes of direction along the solution path.
decision points
    Cells of the solution where a walker can take a wrong turn: the start
    when two or more ways leave it, and every later cell but the goal with
    three or more openings (one is the way in). :mod:`meiro.analysis.difficulty`
    builds on them.

The other grid kinds (a :class:`~meiro.kinds.maze.GraphMaze`) are measured on
their geometry's graph, with the same definitions in cell steps;
:mod:`meiro.analysis.graph_stats` says what each figure means on each kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dataclasses import asdict, dataclass

import numpy as np

from ..errors import MazeError
from ..maze import Maze
from ..solvers import search_stride

if TYPE_CHECKING:
    from ..kinds.maze import GraphMaze


@dataclass(frozen=True)
class MazeStats:
    """The figures of one maze; see the module docs for the definitions.

    Examples
    --------
    >>> import meiro
    >>> s = maze_stats(meiro.generate(3, 1, seed=0))
    >>> s.cells, s.dead_ends, s.solution_length
    (3, 2, 2)
    >>> s.as_dict()["degree_counts"]
    [0, 2, 1, 0, 0]
    """

    cells: int
    dead_ends: int
    dead_end_share: float
    #: cells by openings, 0 to 4 on the square grid; on another kind up to the most
    #: neighbours a cell of it has (:mod:`meiro.analysis.graph_stats`)
    degree_counts: tuple[int, ...]
    solution_length: int | None
    solution_share: float | None
    longest_path: int
    average_corridor: float
    turns: int | None
    decision_points: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """A plain dict (JSON-ready)."""
        out = asdict(self)
        out["degree_counts"] = list(self.degree_counts)
        return out


def _graph(maze: Maze) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Nodes, east links, south links (bool arrays over the node grid) and the step in blocks."""
    if not isinstance(maze, Maze):
        raise TypeError(f"expected a meiro.Maze, got {type(maze).__name__}")
    open_ = ~maze.grid
    step = search_stride(maze)
    if step == 2:
        nodes = open_[1::2, 1::2]
        east = open_[1::2, 2:-1:2] & nodes[:, :-1] & nodes[:, 1:]
        south = open_[2:-1:2, 1::2] & nodes[:-1] & nodes[1:]
    else:
        nodes = open_
        east = open_[:, :-1] & open_[:, 1:]
        south = open_[:-1] & open_[1:]
    return nodes, east, south, step


def degrees(maze: Maze | GraphMaze) -> np.ndarray:
    """The number of openings of every node (0 for walls), over the node grid.

    Of a :class:`~meiro.kinds.maze.GraphMaze`: one number per cell.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 1, seed=0)   # one corridor of four cells
    >>> degrees(m).tolist()
    [[1, 2, 2, 1]]
    """
    if not isinstance(maze, Maze):
        from ..kinds.maze import GraphMaze

        if isinstance(maze, GraphMaze):
            from .graph_stats import graph_degrees

            return graph_degrees(maze)
    nodes, east, south, _ = _graph(maze)
    degree = np.zeros(nodes.shape, np.int64)
    degree[:, :-1] += east
    degree[:, 1:] += east
    degree[:-1] += south
    degree[1:] += south
    return degree


def turns_along(path: np.ndarray) -> int:
    """Changes of direction along a ``(k, 2)`` block path.

    Examples
    --------
    >>> turns_along(np.array([[1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [3, 2]]))
    2
    """
    try:
        steps = np.asarray(path)
    except (TypeError, ValueError, OverflowError):
        steps = None
    if steps is None or (steps.size and (steps.ndim != 2 or steps.shape[1] != 2
                                         or steps.dtype.kind not in "iu")):
        raise MazeError("a path must be a (k, 2) array of (row, col) whole numbers")
    if len(steps) < 3:
        return 0
    moves = np.diff(steps.astype(np.int64), axis=0)
    return int((moves[1:] != moves[:-1]).any(axis=1).sum())


def maze_stats(maze: Maze | GraphMaze) -> MazeStats:
    """Compute the statistics of ``maze``: :func:`meiro.analysis.batch_stats.batch_stats` of a
    batch of one; of a :class:`~meiro.kinds.maze.GraphMaze`, one compiled pass over its graph
    (:mod:`meiro.analysis.graph_stats`, which says what each figure means on each kind).

    A lattice maze is measured as it is; any other grid is first drawn as the
    lattice maze of its block graph (:func:`_as_lattice`: each open block a cell,
    each pair of side-by-side open blocks a passage), whose figures in cell steps
    are the grid's in block steps. So every maze is measured by the one compiled
    pass a dataset's rows are.

    Examples
    --------
    >>> import meiro
    >>> s = maze_stats(meiro.generate(5, 1, seed=0))
    >>> s.cells, s.dead_ends, s.degree_counts, s.solution_length, s.longest_path, s.turns
    (5, 2, (0, 2, 3, 0, 0), 4, 4, 0)
    >>> s.average_corridor
    4.0
    >>> room = maze_stats(meiro.parse_text("#####\\n#S  #\\n#   #\\n#  G#\\n#####"))
    >>> room.cells, room.solution_length, room.degree_counts
    (9, 4, (0, 0, 4, 4, 1))
    >>> hexes = maze_stats(meiro.generate(6, 5, grid="hex", seed=3))
    >>> hexes.cells, len(hexes.degree_counts)        # a hex cell has up to 6 openings
    (30, 7)
    """
    # imported here, not at the top: it defines compiled kernels, which ``import meiro.analysis.stats``
    # (for MazeStats, summarize) does not need
    from .batch_stats import batch_stats

    if not isinstance(maze, Maze):
        from ..kinds.maze import GraphMaze

        if isinstance(maze, GraphMaze):
            return _graph_maze_stats(maze)
        raise TypeError(f"expected a meiro.Maze or a GraphMaze, got {type(maze).__name__}")
    if search_stride(maze) == 2:
        grid, start, goal = maze.grid, maze.start, maze.goal
    else:
        grid = _as_lattice(maze.grid)
        start, goal = ((2 * r + 1, 2 * c + 1) for r, c in (maze.start, maze.goal))
    b = batch_stats(grid[None], np.array([start]), np.array([goal]))
    reached = int(b.solution_length[0]) >= 0
    counts = b.degree_counts[0]
    return MazeStats(int(b.cells[0]), int(b.dead_ends[0]), float(b.dead_end_share[0]),
                     (int(counts[0]), int(counts[1]), int(counts[2]), int(counts[3]), int(counts[4])),
                     int(b.solution_length[0]) if reached else None,
                     float(b.solution_share[0]) if reached else None,
                     int(b.longest_path[0]), float(b.average_corridor[0]),
                     int(b.turns[0]) if reached else None,
                     int(b.decision_points[0]) if reached else None)


def _graph_maze_stats(maze: GraphMaze) -> MazeStats:
    """:func:`maze_stats` of a maze on another grid kind."""
    from .graph_stats import average_corridor, graph_figures

    f, counts = graph_figures(maze)
    cells, length = f["cells"], f["solution_length"]
    reached = length >= 0
    return MazeStats(cells, f["dead_ends"], f["dead_ends"] / cells if cells else 0.0,
                     tuple(int(v) for v in counts),
                     length if reached else None, (length + 1) / cells if reached else None,
                     f["longest_path"], average_corridor(f["passages"], f["corridor_ends"]),
                     f["turns"] if reached else None, f["decision_points"] if reached else None)


def _as_lattice(grid: np.ndarray) -> np.ndarray:
    """The lattice maze whose cells are ``grid``'s blocks: block ``(r, c)`` is cell
    ``(2r + 1, 2c + 1)``, open when the block is, and two cells are joined when both
    blocks are open. Its cell steps are ``grid``'s block steps.

    Examples
    --------
    >>> _as_lattice(np.array([[True, False, False]])).astype(int)
    array([[1, 1, 1, 1, 1, 1, 1],
           [1, 1, 1, 0, 0, 0, 1],
           [1, 1, 1, 1, 1, 1, 1]])
    """
    rows, cols = grid.shape
    open_ = ~grid
    out = np.ones((2 * rows + 1, 2 * cols + 1), np.bool_)
    out[1::2, 1::2] = grid
    out[1::2, 2:-1:2] = ~(open_[:, :-1] & open_[:, 1:])
    out[2:-1:2, 1::2] = ~(open_[:-1] & open_[1:])
    return out


def _decisions(degree: np.ndarray, cells: np.ndarray, step: int) -> int:
    """Decision points (module docs) along a solution's nodes ``cells`` (block coordinates)."""
    first = 1 if step == 2 else 0
    ways = degree[(cells[:, 0] - first) // step, (cells[:, 1] - first) // step]
    if len(ways) < 2:
        return 0
    return int(ways[0] >= 2) + int((ways[1:-1] >= 3).sum())


def summarize(stats: list[MazeStats]) -> dict[str, Any]:
    """Mean of each figure over several mazes (``None`` values are left out).

    Examples
    --------
    >>> import meiro
    >>> mazes = [meiro.generate(10, 10, seed=s) for s in range(3)]
    >>> summary = summarize([maze_stats(m) for m in mazes])
    >>> summary["count"], summary["cells"]
    (3, 100.0)
    """
    if isinstance(stats, (str, bytes)) or not hasattr(stats, "__iter__"):
        raise TypeError(f"summarize() needs a list of MazeStats, got {type(stats).__name__}")
    stats = list(stats)
    for s in stats:
        if not isinstance(s, MazeStats):
            raise TypeError(f"summarize() needs MazeStats (from maze_stats), got {type(s).__name__}")
    out: dict[str, Any] = {"count": len(stats)}
    for key in MazeStats.__dataclass_fields__:
        values = [getattr(s, key) for s in stats if getattr(s, key) is not None]
        if key == "degree_counts":  # (another kind's may be longer: the missing counts are 0)
            longest = max((len(v) for v in values), default=0)
            out[key] = [float(np.mean([v[k] if k < len(v) else 0 for v in values])) for k in range(longest)] \
                if values else None
        else:
            out[key] = float(np.mean(values)) if values else None
    return out

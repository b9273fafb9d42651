"""The statistics of many mazes at once, inside compiled code: what a dataset's rows hold.

One compiled pass per maze builds its one-node-per-cell graph
(:mod:`meiro.kernels.graph`) and sweeps it breadth-first from the start, which
gives the solution and, on a perfect maze, the longest path too (one pass over
the sweep's nodes; a maze with loops takes a second sweep from the farthest
cell): a few µs a maze. This is the one implementation of the figures:
:func:`meiro.analysis.stats.maze_stats` is this function on a batch of one.

Only lattice mazes (the grids every generator makes: start and goal on
cells) are measured here; :func:`~meiro.analysis.stats.maze_stats` draws any
other grid as the lattice maze of its block graph first.

Besides ``maze_stats``' figures, each maze gets its **decision points**: the
cells on the solution where a walker coming along it can take a wrong turn —
the start when two or more ways leave it, and every later cell of the path
but the goal with three or more openings (one is the way in). They count how
many choices the solution asks for; :mod:`meiro.analysis.difficulty` builds on them.

Examples
--------
>>> import meiro
>>> from meiro.analysis.stats import maze_stats
>>> batch = meiro.generate_batch(3, 8, 6, seed=2)
>>> figures = batch_stats(batch.grids, batch.starts, batch.goals)
>>> one = maze_stats(batch.maze(1))
>>> int(figures.dead_ends[1]) == one.dead_ends, int(figures.longest_path[1]) == one.longest_path
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from ..kernels.jit import njit

from .score import difficulty_score
from ..errors import MazeError
from ..kernels.graph import (CODE_MASK, CODE_SHIFT, EAST, NTH_WAY, OPEN, PASSAGE_BITS, SOURCE, SOUTH, WAY_COUNT,
                            _fill_path, _lattice_graph, _open_ways, _trace_moves)
from ..kernels.index import U
from ..solvers.bfs import _bfs_kernel

# the columns of the kernel's output, in order
_FIELDS = ("cells", "dead_ends", "degree0", "degree1", "degree2", "degree3", "degree4",
           "solution_length", "longest_path", "turns", "decision_points", "passages", "corridor_ends")
_COLUMN = {name: i for i, name in enumerate(_FIELDS)}


@dataclass(frozen=True)
class BatchStats:
    """:func:`meiro.maze_stats`' figures for every maze of a batch, one array each.

    ``solution_length``, ``solution_share`` and ``turns`` are -1 / NaN where the
    goal cannot be reached. ``decision_points`` is defined in the module docs.
    """

    cells: np.ndarray
    dead_ends: np.ndarray
    dead_end_share: np.ndarray
    degree_counts: np.ndarray  # (count, 5)
    solution_length: np.ndarray
    solution_share: np.ndarray
    longest_path: np.ndarray
    average_corridor: np.ndarray
    turns: np.ndarray
    decision_points: np.ndarray

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def difficulty(self) -> np.ndarray:
        """Each maze's difficulty from 0 to 1 (:mod:`meiro.analysis.difficulty`); NaN without a path."""
        return difficulty_score(self.cells, self.solution_length, self.decision_points)

    def take(self, keep: Any) -> BatchStats:
        """The figures of the mazes ``keep`` selects (a bool mask or indices)."""
        return BatchStats(*(getattr(self, name)[keep] for name in self.__dataclass_fields__))


def batch_stats(grids: Any, starts: Any, goals: Any) -> BatchStats:
    """The statistics of stacked lattice mazes (``MazeBatch.grids``, ``starts``, ``goals``).

    Parameters
    ----------
    grids : bool array (count, rows, cols)
        True = wall; every maze a lattice maze (odd sides, every even/even block a wall).
    starts, goals : int array (count, 2)
        Block coordinates of each maze's ends, on cells (odd row and column).

    Returns
    -------
    BatchStats

    Raises
    ------
    MazeError
        If the arrays do not describe lattice mazes with their ends on open cells.

    Examples
    --------
    >>> import numpy as np
    >>> grid = np.ones((3, 7), bool); grid[1, 1:6] = False       # one corridor of three cells
    >>> s = batch_stats(grid[None], np.array([[1, 1]]), np.array([[1, 5]]))
    >>> s.solution_length.tolist(), s.decision_points.tolist(), s.degree_counts.tolist()
    ([2], [0], [[0, 2, 1, 0, 0]])
    """
    grids, starts, goals = _checked(grids, starts, goals)
    out = np.empty((len(grids), len(_FIELDS)), np.int64)
    _stats_kernel(grids, starts, goals, out)
    return stats_of(out)


def stats_of(out: np.ndarray) -> BatchStats:
    """The :class:`BatchStats` of the kernel's counts (``(count, len(_FIELDS))`` int64, as
    :func:`_measure` fills a row)."""
    column = {name: out[:, i] for name, i in _COLUMN.items()}
    cells = column["cells"]
    reached = column["solution_length"] >= 0
    with np.errstate(divide="ignore", invalid="ignore"):
        dead_share = np.where(cells > 0, column["dead_ends"] / np.maximum(cells, 1), 0.0)
        solution_share = np.where(reached, (column["solution_length"] + 1) / np.maximum(cells, 1), np.nan)
        pieces = column["corridor_ends"] // 2
        average = np.where(pieces > 0, column["passages"] / np.maximum(pieces, 1),
                           column["passages"].astype(np.float64))
    degree_counts = out[:, _COLUMN["degree0"]:_COLUMN["degree4"] + 1].copy()
    return BatchStats(cells.copy(), column["dead_ends"].copy(), dead_share, degree_counts,
                      column["solution_length"].copy(), solution_share,
                      column["longest_path"].copy(), average, column["turns"].copy(),
                      column["decision_points"].copy())


def _checked(grids: Any, starts: Any, goals: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    grids = np.asarray(grids)
    if grids.ndim != 3 or grids.dtype != np.bool_:
        raise MazeError("grids must be a bool array (count, rows, cols), as MazeBatch.grids")
    count, rows, cols = grids.shape
    if rows < 3 or cols < 3 or rows % 2 == 0 or cols % 2 == 0:
        raise MazeError(f"each grid must have odd sides of at least 3 blocks, got {rows}x{cols}")
    if count and not grids[:, ::2, ::2].all():
        raise MazeError("every grid must be a lattice maze (every even/even block a wall)")
    ends = []
    for name, value in (("starts", starts), ("goals", goals)):
        value = np.asarray(value)
        if value.shape != (count, 2) or value.dtype.kind not in "iu":
            raise MazeError(f"{name} must be a whole-number array of shape ({count}, 2)")
        value = value.astype(np.int64)
        if count and (((value % 2) != 1).any() or (value < 1).any()
                      or (value[:, 0] > rows - 2).any() or (value[:, 1] > cols - 2).any()):
            raise MazeError(f"{name} must be cells (odd row and column) inside the grid")
        index = np.arange(count)
        if count and grids[index, value[:, 0], value[:, 1]].any():
            raise MazeError(f"{name} must be open cells")
        ends.append(np.ascontiguousarray(value))
    return np.ascontiguousarray(grids), ends[0], ends[1]


@njit(inline="always")
def _clear_codes(graph: np.ndarray) -> None:
    for i in range(graph.size):
        graph[U(i)] &= ~np.uint8(CODE_MASK)


@njit(inline="always")
def _tree_diameter(graph: np.ndarray, padded: int, order: np.ndarray, reached: int, step_back: np.ndarray,
                   high: np.ndarray, next_high: np.ndarray) -> int:
    """The longest path of a tree searched breadth-first from one node (``order[:reached]``,
    the codes still in ``graph``): each node's two deepest branches, leaves up."""
    for i in range(reached):
        high[U(order[i])] = 0
        next_high[U(order[i])] = 0
    longest = 0
    for i in range(reached - 1, 0, -1):  # (order[0], the sweep's first node, has no parent)
        node = order[i]
        top = high[U(node)]
        longest = max(longest, top + next_high[U(node)])
        parent = node - step_back[U(((graph[U(node)] & CODE_MASK) >> CODE_SHIFT) - 1)]
        # the branch joins its parent's two deepest (min and max: no branch to mispredict)
        depth = top + 1
        other = high[U(parent)]
        high[U(parent)] = max(other, depth)
        next_high[U(parent)] = max(next_high[U(parent)], min(other, depth))
    if reached > 0:
        longest = max(longest, high[U(order[0])] + next_high[U(order[0])])
    return longest


@njit(cache=True, nogil=True)
def _stats_kernel(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Fill ``out[k]`` (the columns of ``_FIELDS``) for every maze ``k``."""
    count, rows, cols = grids.shape
    height, width = (rows - 1) // 2, (cols - 1) // 2
    padded = width + 2
    scratch = _scratch(width, height)
    no_cells = np.empty((0, 2), np.int16)
    for k in range(count):
        graph, _ = _lattice_graph(grids[k].reshape(rows * cols).view(np.uint8), rows, cols)
        start = (starts[k, 0] // 2 + 1) * padded + starts[k, 1] // 2 + 1
        goal = (goals[k, 0] // 2 + 1) * padded + goals[k, 1] // 2 + 1
        _measure(graph, padded, width, height, start, goal, out[k], scratch, no_cells)
    return out


@njit(inline="always")
def _scratch(width: int, height: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                               np.ndarray]:
    """:func:`_measure`'s working arrays for mazes of ``width x height`` cells, made once a batch."""
    nodes = (width + 2) * (height + 2)
    return (np.empty(nodes, np.uint8),  # moves traced back from a node
            np.empty(nodes, np.int64),  # the first sweep's nodes, nearest first
            np.zeros(nodes, np.int64),  # per node: the deepest branch below it...
            np.zeros(nodes, np.int64),  # ...and the next
            np.array([-(width + 2), 1, width + 2, -1], np.int64),  # a step back, by move code - 1
            np.empty(0, np.int64))


@njit(inline="always")
def _tree_sweep(graph: np.ndarray, padded: int, source: Any, order: np.ndarray, most: int,
                step: np.ndarray) -> tuple[Any, Any]:
    """:func:`~meiro.solvers.bfs._bfs_kernel`'s whole-component sweep from ``source`` on a
    tree: each node's ways but the one back to its parent, in the same order (north, east,
    south, west), with no test of whether a neighbour was reached, and ``order`` the queue.
    Returns the last node and how many were reached, or ``(-1, -1)`` once more than ``most``
    would be (the component holds a loop: the codes are then to be cleared)."""
    graph[U(source)] = (graph[U(source)] & PASSAGE_BITS) | (SOURCE << CODE_SHIFT)
    order[0] = source
    head, tail = 0, 1
    while head < tail:
        i = order[U(head)]
        head += 1
        code = (graph[U(i)] & CODE_MASK) >> CODE_SHIFT
        ways = _open_ways(graph, i, padded)
        if code != SOURCE:
            ways &= ~(1 << ((code + 1) & 3))  # (code - 1 is the way in; the way back is opposite)
        for t in range(WAY_COUNT[ways]):
            if tail >= most:
                return -1, -1
            d = NTH_WAY[4 * ways + t]
            j = i + step[U(d)]
            graph[U(j)] = (graph[U(j)] & PASSAGE_BITS) | ((d + 1) << CODE_SHIFT)
            order[U(tail)] = j
            tail += 1
    return order[U(tail - 1)], tail


@njit(inline="always")
def _counts(graph: np.ndarray, padded: int, width: int, height: int, out: np.ndarray) -> None:
    """The cells, dead ends, degrees, passages and corridor ends of ``out`` (``_FIELDS``)."""
    for c in range(out.size):
        out[c] = 0
    for y in range(height):
        for x in range(width):
            n = (y + 1) * padded + x + 1
            bits = graph[U(n)]
            if bits & OPEN:
                d = WAY_COUNT[_open_ways(graph, n, padded)]
                out[0] += 1
                out[2 + d] += 1
                if d != 2:
                    out[12] += d
            out[11] += (bits & EAST) + ((bits & SOUTH) >> 1)  # not a sum of bools: NumPy's is an or
    out[1] = out[3]


@njit(inline="always")
def _walk_back(graph: np.ndarray, padded: int, start: Any, goal: Any, out: np.ndarray, step_back: np.ndarray,
               cells: np.ndarray) -> int:
    """The solution's figures of ``out`` from the sweep's codes (and its cells into ``cells``,
    as :func:`_measure` says); its length, -1 if the goal was not reached."""
    length = -1
    if graph[U(goal)] & CODE_MASK:
        # one walk back from the goal: the steps, turns and decision points, and (with room
        # in ``cells``, which then holds every cell of the path) the cells goal first, turned
        # round after
        write = cells.shape[0] > 0
        n_moves = 0
        turns = 0
        decisions = 0
        node = goal
        if write:
            cells[0, 0] = node // padded - 1
            cells[0, 1] = node % padded - 1
        code = (graph[U(node)] & CODE_MASK) >> CODE_SHIFT
        previous = code
        while code != SOURCE:
            if n_moves > 0 and code != previous:
                turns += 1
            previous = code
            node -= step_back[U(code - 1)]  # the cell this step (from the end) leaves
            n_moves += 1
            if write:
                cells[n_moves, 0] = node // padded - 1
                cells[n_moves, 1] = node % padded - 1
            ways = WAY_COUNT[_open_ways(graph, node, padded)]
            if ways >= (2 if node == start else 3):
                decisions += 1
            code = (graph[U(node)] & CODE_MASK) >> CODE_SHIFT
        if write:
            for i in range((n_moves + 1) // 2):
                j = n_moves - i
                cells[i, 0], cells[j, 0] = cells[j, 0], cells[i, 0]
                cells[i, 1], cells[j, 1] = cells[j, 1], cells[i, 1]
        length = n_moves
        out[7] = n_moves
        out[9] = turns
        out[10] = decisions
    else:
        out[7] = -1
        out[9] = -1
        out[10] = -1
    return length


@njit(inline="always")
def _measure(graph: np.ndarray, padded: int, width: int, height: int, start: Any, goal: Any, out: np.ndarray,
             scratch: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
             cells: np.ndarray) -> int:
    """One maze's figures (the columns of ``_FIELDS``) into ``out``, from its padded graph
    (search codes clear) and its ends as nodes; with room in ``cells``, its solution's cells
    ``(row, col)``, start first, into ``cells[:length + 1]`` (``cells`` empty, or with room for
    every cell of the maze). Returns the solution's length in cell steps (-1 if the goal is
    not reached)."""
    moves, order, high, next_high, step_back, no_order = scratch
    _counts(graph, padded, width, height, out)
    # one whole-component sweep from the start gives both the solution (a node's code is
    # set when the search first reaches it, so the path traced back from the goal is the
    # one a search stopping at the goal finds: meiro.solve's bfs path) and the farthest cell.
    # With one passage fewer than cells (a perfect maze) the sweep takes the tree's way,
    # which gives the same order and codes; it gives up on a loop, for the search that checks.
    one_end: Any = -1
    reached: Any = -1
    if out[11] == out[0] - 1:
        one_end, reached = _tree_sweep(graph, padded, start, order, out[0], step_back)
    if reached < 0:
        _clear_codes(graph)
        one_end, reached, _ = _bfs_kernel(graph, padded, start, -1, order)
    length = _walk_back(graph, padded, start, goal, out, step_back, cells)
    # the longest path. On a tree (every cell reached, one passage fewer than cells) it is
    # the diameter, which one pass over the first sweep's nodes, farthest first, finds:
    # the two deepest branches below each node. Otherwise a second sweep from the farthest
    # cell, as maze_stats' farthest_from twice (on a tree both give the diameter).
    if reached == out[0] and out[11] == out[0] - 1:
        out[8] = _tree_diameter(graph, padded, order, reached, step_back, high, next_high)
    else:
        _clear_codes(graph)
        other = _bfs_kernel(graph, padded, one_end, -1, no_order)[0]
        out[8] = _trace_moves(graph, padded, other, moves)
    return length


@njit(inline="always")
def _measure_tree(graph: np.ndarray, padded: int, width: int, height: int, start: Any, goal: Any,
                  out: np.ndarray, scratch: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                  np.ndarray], cells: np.ndarray) -> int:
    """:func:`_measure` of a perfect maze (a tree: every cell reached, one passage fewer than
    cells), without the searches other mazes take (so compiling it compiles none of them);
    -2 for any other maze, left for :func:`_measure` (``graph``'s codes may then be set)."""
    moves, order, high, next_high, step_back, no_order = scratch
    _counts(graph, padded, width, height, out)
    if out[11] != out[0] - 1:
        return -2
    one_end, reached = _tree_sweep(graph, padded, start, order, out[0], step_back)
    if reached != out[0]:
        return -2
    length = _walk_back(graph, padded, start, goal, out, step_back, cells)
    out[8] = _tree_diameter(graph, padded, order, reached, step_back, high, next_high)
    return length


def batch_paths(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray,
                lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The solutions of stacked mazes as block paths, all in one flat array.

    ``lengths`` are the solution lengths in cell steps (``BatchStats.solution_length``,
    every one reachable). Maze ``k``'s path, start first, is
    ``blocks[offsets[k]:offsets[k + 1]]``: ``2 * lengths[k] + 1`` blocks, the wall slots
    between cells included, as :func:`meiro.solve` gives with ``bfs``.

    Examples
    --------
    >>> import meiro
    >>> batch = meiro.generate_batch(2, 4, 3, seed=6)
    >>> s = batch_stats(batch.grids, batch.starts, batch.goals)
    >>> offsets, blocks = batch_paths(batch.grids, batch.starts, batch.goals, s.solution_length)
    >>> path = blocks[offsets[1]:offsets[2]]
    >>> bool((path == meiro.solve(batch.maze(1), "bfs").path).all())
    True
    """
    return _paths(grids, starts, goals, lengths, cells=False)


def batch_solutions(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray,
                    lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`batch_paths` in cells: maze ``k``'s ``lengths[k] + 1`` cells, start first, at
    ``cells[offsets[k]:offsets[k + 1]]`` (maze-dataset's ``solution``; cell ``(i, j)`` is
    block ``(2i + 1, 2j + 1)``).

    Examples
    --------
    >>> import meiro
    >>> batch = meiro.generate_batch(2, 4, 3, seed=6)
    >>> s = batch_stats(batch.grids, batch.starts, batch.goals)
    >>> offsets, cells = batch_solutions(batch.grids, batch.starts, batch.goals, s.solution_length)
    >>> bool((2 * cells[offsets[1]:offsets[2]] + 1 == meiro.solve(batch.maze(1), "bfs").path[::2]).all())
    True
    """
    return _paths(grids, starts, goals, lengths, cells=True)


def _paths(grids: Any, starts: Any, goals: Any, lengths: Any, cells: bool) -> tuple[np.ndarray, np.ndarray]:
    """:func:`batch_paths` (``cells`` False) or :func:`batch_solutions` (True)."""
    grids, starts, goals = _checked(grids, starts, goals)
    lengths = np.asarray(lengths, np.int64)
    if lengths.shape != (len(grids),) or (lengths < 0).any():
        raise MazeError("lengths must be each maze's solution length (all reachable)")
    offsets = np.zeros(len(grids) + 1, np.int64)
    np.cumsum(lengths + 1 if cells else 2 * lengths + 1, out=offsets[1:])
    out = np.empty((offsets[-1], 2), np.int16 if max(grids.shape[1:]) < 2**15 else np.int32)
    _paths_kernel(grids, starts, goals, offsets, out, cells)
    return offsets, out


@njit(cache=True, nogil=True)
def _paths_kernel(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray, offsets: np.ndarray,
                  blocks: np.ndarray, cells: bool) -> None:
    """Each maze's breadth-first path into ``blocks[offsets[k]:offsets[k + 1]]``: every block,
    or (``cells``) the cells only, as cell coordinates."""
    count, rows, cols = grids.shape
    height, width = (rows - 1) // 2, (cols - 1) // 2
    padded = width + 2
    moves = np.empty((width + 2) * (height + 2), np.uint8)
    route = np.empty((2 * moves.size + 1, 2), np.int64)
    no_order = np.empty(0, np.int64)
    for k in range(count):
        graph, _ = _lattice_graph(grids[k].reshape(rows * cols).view(np.uint8), rows, cols)
        start = (starts[k, 0] // 2 + 1) * padded + starts[k, 1] // 2 + 1
        goal = (goals[k, 0] // 2 + 1) * padded + goals[k, 1] // 2 + 1
        _bfs_kernel(graph, padded, start, goal, no_order)
        n_moves = _trace_moves(graph, padded, goal, moves)
        steps = 2 * n_moves
        _fill_path(moves, n_moves, goals[k, 0], goals[k, 1], 2, route[:steps + 1])
        first = offsets[k]
        if cells:
            for i in range(min(n_moves + 1, offsets[k + 1] - first)):
                blocks[first + i, 0] = route[2 * i, 0] // 2
                blocks[first + i, 1] = route[2 * i, 1] // 2
        else:
            for i in range(min(steps + 1, offsets[k + 1] - first)):
                blocks[first + i, 0] = route[i, 0]
                blocks[first + i, 1] = route[i, 1]

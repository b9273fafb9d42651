"""The statistics of many mazes of a grid kind at once, from their open passages alone.

A maze of any kind is a graph: its cells and the open pairs ``[a, b]`` between
them (:func:`meiro.kinds.many.make_many`'s form: each maze's pairs one after
another, ``offsets`` saying where each begins). One compiled pass per maze builds
that graph's adjacency, sweeps it breadth-first from the start and, on the way,
counts what :mod:`meiro.analysis.batch_stats` counts on the square grid, with the
same meanings:

- ``solution_length``: steps from cell to cell, start to goal (-1 if unreachable);
- ``dead_ends``: cells with one open passage; ``dead_end_share`` their share;
- ``decision_points``: the start when two or more passages leave it, and every
  later cell of the solution but the goal with three or more;
- ``solution_share``: cells on the solution over all cells;
- ``longest_path``: a farthest cell's distance from a farthest cell from the start
  (the maze's diameter when it is perfect; on a maze with loops the same two
  sweeps as the square grid's);
- ``difficulty``: :func:`meiro.analysis.score.difficulty_score` of those figures.

Turns and corridors are the square grid's: a kind whose cells have other shapes has
no "straight on" the square grid's turns count, so they are not given here.

The geometry is not needed (a weave's differs from maze to maze): only the cell count.

Examples
--------
>>> import numpy as np
>>> pairs = np.array([[0, 1], [1, 2], [1, 3]], np.int32)     # a star: 1 joins 0, 2 and 3
>>> s = kind_batch_stats(4, np.array([0, 3]), pairs, np.array([0]), np.array([2]))
>>> s.solution_length.tolist(), s.dead_ends.tolist(), s.decision_points.tolist(), s.longest_path.tolist()
([2], [3], [1], [2])
>>> offsets, cells = kind_batch_paths(4, np.array([0, 3]), pairs, np.array([0]), np.array([2]))
>>> offsets.tolist(), cells.tolist()
([0, 3], [0, 1, 2])
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..kernels.jit import njit
from .score import difficulty_score

# the kernel's output columns
_FIELDS = ("dead_ends", "solution_length", "decision_points", "longest_path")


@dataclass(frozen=True)
class KindBatchStats:
    """The figures of every maze of a batch of a grid kind, one array each (module docs)."""

    cells: NDArray[np.int64]
    dead_ends: NDArray[np.int64]
    dead_end_share: NDArray[np.float64]
    solution_length: NDArray[np.int64]
    solution_share: NDArray[np.float64]
    longest_path: NDArray[np.int64]
    decision_points: NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def difficulty(self) -> NDArray[np.float64]:
        """Each maze's difficulty from 0 to 1 (:mod:`meiro.analysis.difficulty`); NaN without a path."""
        out: NDArray[np.float64] = difficulty_score(self.cells, self.solution_length, self.decision_points)
        return out

    def take(self, keep: Any) -> KindBatchStats:
        """The figures of the mazes ``keep`` selects (a bool mask or indices)."""
        return KindBatchStats(*(getattr(self, f.name)[keep] for f in fields(self)))

    @classmethod
    def joined(cls, parts: list[KindBatchStats]) -> KindBatchStats:
        """The figures of several batches, one after another."""
        return cls(*(np.concatenate([getattr(p, f.name) for p in parts]) for f in fields(cls)))


def _checked(cells: int, offsets: Any, pairs: Any, starts: Any, goals: Any
             ) -> tuple[NDArray[np.int64], NDArray[np.int32], NDArray[np.int64], NDArray[np.int64]]:
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    pairs = np.ascontiguousarray(pairs, dtype=np.int32).reshape(-1, 2)
    starts = np.ascontiguousarray(starts, dtype=np.int64).reshape(-1)
    goals = np.ascontiguousarray(goals, dtype=np.int64).reshape(-1)
    count = len(starts)
    if (len(offsets) != count + 1 or len(goals) != count or (count and (offsets[0] != 0 or offsets[-1] != len(pairs)))
            or np.any(np.diff(offsets) < 0)):
        raise MazeError("offsets must run from 0 to the number of pairs, one step a maze")
    for name, values in (("pair", pairs), ("start", starts), ("goal", goals)):
        if values.size and (values.min() < 0 or values.max() >= cells):
            raise MazeError(f"a {name} names a cell that does not exist (cells 0 to {cells - 1})")
    return offsets, pairs, starts, goals


def kind_batch_stats(cells: int, offsets: Any, pairs: Any, starts: Any, goals: Any) -> KindBatchStats:
    """The figures (module docs) of each maze: ``cells`` cells, open ``pairs[offsets[i]:offsets[i + 1]]``,
    from ``starts[i]`` to ``goals[i]``."""
    offsets, pairs, starts, goals = _checked(cells, offsets, pairs, starts, goals)
    out = np.empty((len(starts), len(_FIELDS)), np.int64)
    _stats_kernel(cells, offsets, pairs, starts, goals, out)
    column = {name: out[:, i].copy() for i, name in enumerate(_FIELDS)}
    n = np.full(len(starts), cells, np.int64)
    length = column["solution_length"]
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(length >= 0, (length + 1) / max(cells, 1), np.nan)
    return KindBatchStats(n, column["dead_ends"], column["dead_ends"] / max(cells, 1), length, share,
                          column["longest_path"], column["decision_points"])


def kind_batch_paths(cells: int, offsets: Any, pairs: Any, starts: Any, goals: Any
                     ) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """Each maze's breadth-first solution as cell numbers, start to goal: maze ``i``'s is
    ``path_cells[path_offsets[i]:path_offsets[i + 1]]`` (empty when the goal cannot be reached).
    On a perfect maze it is the one path there is."""
    offsets, pairs, starts, goals = _checked(cells, offsets, pairs, starts, goals)
    out = np.empty((len(starts), len(_FIELDS)), np.int64)
    _stats_kernel(cells, offsets, pairs, starts, goals, out)
    lengths = out[:, 1]
    path_offsets = np.zeros(len(starts) + 1, np.int64)
    np.cumsum(np.where(lengths >= 0, lengths + 1, 0), out=path_offsets[1:])
    path_cells = np.empty(int(path_offsets[-1]), np.int32)
    _paths_kernel(cells, offsets, pairs, starts, goals, path_offsets, path_cells)
    return path_offsets, path_cells


@njit(cache=True)
def _adjacency(n: int, pairs: NDArray[np.int32], lo: int, hi: int, first: NDArray[np.int64],
               adjacent: NDArray[np.int32]) -> None:
    """The open graph of pairs ``lo:hi`` as CSR: cell ``c``'s neighbours are ``adjacent[first[c]:first[c + 1]]``."""
    first[:] = 0
    for k in range(lo, hi):
        first[pairs[k, 0] + 1] += 1
        first[pairs[k, 1] + 1] += 1
    for c in range(n):
        first[c + 1] += first[c]
    fill = first[:n].copy()
    for k in range(lo, hi):
        a, b = pairs[k, 0], pairs[k, 1]
        adjacent[fill[a]] = b
        fill[a] += 1
        adjacent[fill[b]] = a
        fill[b] += 1


@njit(cache=True)
def _sweep(n: int, first: NDArray[np.int64], adjacent: NDArray[np.int32], start: int, dist: NDArray[np.int64],
           parent: NDArray[np.int64], queue: NDArray[np.int64]) -> int:
    """Breadth first from ``start``: ``dist`` (-1 unreached) and ``parent``; returns the last cell reached."""
    dist[:] = -1
    dist[start] = 0
    parent[start] = -1
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        c = queue[head]
        head += 1
        for s in range(first[c], first[c + 1]):
            d = adjacent[s]
            if dist[d] < 0:
                dist[d] = dist[c] + 1
                parent[d] = c
                queue[tail] = d
                tail += 1
    return int(queue[tail - 1])


@njit(cache=True)
def _stats_kernel(n: int, offsets: NDArray[np.int64], pairs: NDArray[np.int32], starts: NDArray[np.int64],
                  goals: NDArray[np.int64], out: NDArray[np.int64]) -> None:
    first = np.zeros(n + 1, np.int64)
    adjacent = np.empty(2 * pairs.shape[0] if pairs.shape[0] else 1, np.int32)
    dist = np.empty(n, np.int64)
    parent = np.empty(n, np.int64)
    queue = np.empty(n, np.int64)
    for i in range(starts.shape[0]):
        _adjacency(n, pairs, offsets[i], offsets[i + 1], first, adjacent)
        dead = 0
        for c in range(n):
            if first[c + 1] - first[c] == 1:
                dead += 1
        start, goal = starts[i], goals[i]
        far = _sweep(n, first, adjacent, start, dist, parent, queue)
        length = dist[goal]
        decisions = -1
        if length >= 0:
            decisions = 0
            c = parent[goal]
            while c >= 0:  # the path's cells from the goal back, the goal itself left out
                openings = first[c + 1] - first[c]
                if (c == start and openings >= 2) or (c != start and openings >= 3):
                    decisions += 1
                c = parent[c]
        other = _sweep(n, first, adjacent, far, dist, parent, queue)
        out[i, 0] = dead
        out[i, 1] = length
        out[i, 2] = decisions
        out[i, 3] = dist[other]


@njit(cache=True)
def _paths_kernel(n: int, offsets: NDArray[np.int64], pairs: NDArray[np.int32], starts: NDArray[np.int64],
                  goals: NDArray[np.int64], path_offsets: NDArray[np.int64], path_cells: NDArray[np.int32]) -> None:
    first = np.zeros(n + 1, np.int64)
    adjacent = np.empty(2 * pairs.shape[0] if pairs.shape[0] else 1, np.int32)
    dist = np.empty(n, np.int64)
    parent = np.empty(n, np.int64)
    queue = np.empty(n, np.int64)
    for i in range(starts.shape[0]):
        lo, hi = path_offsets[i], path_offsets[i + 1]
        if hi == lo:
            continue
        _adjacency(n, pairs, offsets[i], offsets[i + 1], first, adjacent)
        _sweep(n, first, adjacent, starts[i], dist, parent, queue)
        c = goals[i]
        k = hi - 1
        while c >= 0:
            path_cells[k] = c
            k -= 1
            c = parent[c]

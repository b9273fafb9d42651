"""The goal at a chosen path distance from the start: exact difficulty without drawing again.

Filtering mazes by solution length throws most of them away when the length
asked for is rare (a long path on the dig method's 30 x 30 mazes, a short one on
Kruskal's). This rule keeps the maze and moves its goal instead: one
breadth-first search from the start lists every cell's distance (in cell steps,
the unit of ``solution_length`` and ``--min-length``), and the goal goes to one
of the cells whose distance is in ``[low, high]``, chosen by the maze's seed. A
maze is only refused when no cell is that far from the start (its eccentricity
is below ``low``), which on a perfect maze of the right size is rare.

Examples
--------
>>> import meiro
>>> b = meiro.generate_batch(5, 12, 12, seed=1)
>>> goals, ok = goals_at_distance(b.grids, b.starts, b.seeds, 30, 34)
>>> bool(ok.all())
True
>>> all(30 <= meiro.solve(meiro.Maze(b.grids[k], start=tuple(b.starts[k]), goal=tuple(goals[k]))).length // 2 <= 34
...     for k in range(5))
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from ..kernels.index import U
from ..kernels.jit import njit
from ..kernels.rng import _below, _mix_seed

#: the seed's stream for the choice of goal (the makers use 0 to 3)
_STREAM = 11


@njit(cache=True, nogil=True)
def _distance_goal_kernel(flat: NDArray[np.uint8], rows: int, cols: int, starts: NDArray[np.int64],
                          seeds: NDArray[np.uint64], low: int, high: int, goals: NDArray[np.int64]) -> None:
    """For each maze, a cell at ``low`` to ``high`` cell steps from its start into ``goals``
    (``-1, -1`` when there is none). ``flat`` is ``(count, rows * cols)``, 1 = wall."""
    distance = np.empty(rows * cols, np.int64)
    queue = np.empty(rows * cols, np.int64)
    steps = np.array([-2 * cols, 2 * cols, -2, 2])
    walls = np.array([-cols, cols, -1, 1])
    for k in range(flat.shape[0]):
        grid = flat[k]
        distance[:] = -1
        source = starts[k, 0] * cols + starts[k, 1]
        distance[U(source)] = 0
        queue[0] = source
        head, tail, found = 0, 1, 0
        while head < tail:
            node = queue[U(head)]
            head += 1
            d = distance[U(node)]
            if low <= d <= high:
                found += 1
            if d >= high:
                continue
            for w in range(4):
                # the closed border keeps every neighbour of an open cell inside the grid
                if grid[U(node + walls[w])] == 0:
                    there = node + steps[w]
                    if distance[U(there)] < 0:
                        distance[U(there)] = d + 1
                        queue[U(tail)] = there
                        tail += 1
        goals[k, 0], goals[k, 1] = -1, -1
        if found == 0:
            continue
        pick, _ = _below(_mix_seed(seeds[k], np.uint64(_STREAM)), found)
        for i in range(tail):  # the pick-th such cell in the order the search reached them
            node = queue[U(i)]
            d = distance[U(node)]
            if low <= d <= high:
                if pick == 0:
                    goals[k, 0], goals[k, 1] = node // cols, node % cols
                    break
                pick -= 1


def goals_at_distance(grids: np.ndarray, starts: np.ndarray, seeds: np.ndarray, low: int,
                      high: int) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """A goal for each maze at ``low`` to ``high`` cell steps from its start (module docs).

    ``grids`` is a ``(count, rows, cols)`` bool stack of lattice mazes (True = wall; cells
    at odd blocks), ``starts`` their start cells' blocks ``(count, 2)``, ``seeds`` the mazes'
    uint64 seeds (which choose among the cells that far). Returns ``(goals, found)``:
    the goal blocks ``(count, 2)`` and whether each maze has such a cell (where not, its
    goal is ``(-1, -1)``).

    Raises
    ------
    MazeError
        If the arrays do not fit together, a start is not an open cell, or the range is
        not ``0 <= low <= high``.
    """
    grids = np.asarray(grids)
    if grids.ndim != 3 or grids.dtype != np.bool_:
        raise MazeError(f"grids must be a (count, rows, cols) bool array, got {grids.dtype} {grids.shape}")
    count, rows, cols = grids.shape
    low = whole(low, "low", 0, 2**40, error=MazeError)
    high = whole(high, "high", 0, 2**40, error=MazeError)
    if low > high:
        raise MazeError(f"path length {low}-{high} is an empty range")
    starts, seeds = _integers(starts, "starts"), _integers(seeds, "seeds")
    if starts.shape != (count, 2) or seeds.shape != (count,):
        raise MazeError(f"{count} grids need ({count}, 2) starts and {count} seeds, got shapes "
                        f"{starts.shape} and {seeds.shape}")
    if rows % 2 == 0 or cols % 2 == 0 or rows < 3 or cols < 3:
        raise MazeError(f"a {rows}x{cols}-block grid is not a lattice maze's (odd sides of 3 or more)")
    if count:
        r, c = starts[:, 0], starts[:, 1]
        if ((r < 1) | (r > rows - 2) | (c < 1) | (c > cols - 2) | (r % 2 == 0) | (c % 2 == 0)).any() \
                or grids[np.arange(count), r, c].any():
            raise MazeError("every start must be an open cell of its grid")
        if not (grids[:, 0].all() and grids[:, -1].all() and grids[:, :, 0].all() and grids[:, :, -1].all()):
            raise MazeError("every grid needs a closed border")
    flat = (np.ascontiguousarray(grids).reshape(count, rows * cols).view(np.uint8) != 0).view(np.uint8)
    goals = np.empty((count, 2), np.int64)
    with np.errstate(over="ignore"):
        _distance_goal_kernel(flat, rows, cols, np.ascontiguousarray(starts, np.int64),
                              np.ascontiguousarray(seeds).astype(np.uint64), low, high, goals)
    return goals, goals[:, 0] >= 0


def _integers(value: object, name: str) -> np.ndarray:
    array = np.asarray(value) if isinstance(value, (np.ndarray, list, tuple)) else None
    if array is None or array.dtype.kind not in "iu":
        raise MazeError(f"{name} must be an array of whole numbers")
    return array


__all__ = ["goals_at_distance"]

"""Origin shift: a perfect maze kept as a tree whose root wanders at random.

Every cell points to one neighbour, and following the pointers from any cell
leads to the *origin*, the root: the pointers are the passages of a perfect
maze. One step moves the origin to a random neighbour: the old origin now
points to the new one, and the new one points nowhere. The pointers still form
a tree rooted at the new origin, so the maze is perfect after every step.
Start from a plain tree (every row runs west to the first column, which runs
north to the top-left cell, the first origin) and take many steps.

The steps are a random walk of the root over the grid, and the rooted trees
form the walk's "tree chain" (Aldous 1990, Broder 1989): by the Markov chain
tree theorem, in the long run a rooted tree has probability proportional to
its root's degree whatever its shape, so the maze (the tree without its root)
is a uniform random spanning tree (a chi-square test over the 192 trees of a
3 x 3 grid agrees). meiro takes ten steps per cell by default; the maze then
looks like ``wilson``'s, though large mazes are not mixed to exact uniformity
(the walk would have to cover the grid).

What it looks like: close to ``wilson`` / ``aldous-broder`` (about 29 % dead
ends, no bias) once mixed; with few steps, traces of the starting rows.

Origin: only where the carving log starts (the walk always starts at the
top-left cell; its steps also close passages, so the log is a flood from the
origin).

Reference: the "origin shift" method popularised by CaptainLuma (2024); the
walk on rooted trees: A. Broder, *Generating random spanning trees*, FOCS
(1989); D. Aldous, SIAM J. Discrete Math. 3 (1990).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.cells import (DUG, _cell_steps, _cells_to_grid, _open_passage, _padded_cells,
                             _random_step, _walk_marks)
from ..kernels.index import U
from ..kernels.index import Int
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, check_number, check_request
from .graph_carving import GraphCarving, _random_slot, run_on_graph
from .lattice import flood_log

ROOT = 4  # the origin points nowhere
#: Steps per cell by default.
STEPS_PER_CELL = 10


@njit(cache=True)
def _origin_shift_kernel(cells: NDArray[np.uint8], width: int, height: int, state: State,
                         steps: int) -> State:
    """Shift the origin ``steps`` times on padded compact ``cells``, then open the tree's passages.

    ``point`` holds each cell's direction to its parent (0 north, 1 east,
    2 south, 3 west; ``ROOT`` at the origin). Returns the PRNG state.
    """
    padded = width + 2
    step, _ = _cell_steps(width)
    mark = _walk_marks(cells)
    point = np.full(cells.size, ROOT, np.uint8)
    for y in range(height):
        row = (y + 1) * padded + 1
        point[row] = 0  # the first column runs north
        for x in range(1, width):
            point[row + x] = 3  # every row runs west
    i: Int = padded + 1  # the top-left cell: the first origin
    point[i] = ROOT
    bits = np.uint64(0)
    n_bits = 0
    for _ in range(steps):
        d, j, bits, n_bits, state = _random_step(i, mark, step, bits, n_bits, state)
        point[U(i)] = d
        point[U(j)] = ROOT
        i = j
    for y in range(height):
        row = (y + 1) * padded
        for x in range(1, width + 1):
            d = point[row + x]
            if d != ROOT:
                _open_passage(cells, row + x, row + x + step[d], d)
    for k in range(cells.size):
        cells[k] |= DUG
    return state


def origin_shift(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                 record: bool = False, *, steps_per_cell: float = STEPS_PER_CELL) -> Carving:
    """Make a perfect maze by shifting the origin of a rooted tree at random.

    Parameters and result as for :func:`meiro.generators.dig.dig`; ``origin``
    only sets where the carving log starts.
    ``steps_per_cell``: how long the origin wanders (more: closer to uniform).

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = origin_shift(6, 4, mix_seed(3), record=True)
    >>> int((~carving.grid[1::2, 2::2]).sum() + (~carving.grid[2::2, 1::2]).sum())  # a tree
    23
    >>> plain = origin_shift(3, 2, mix_seed(3), steps_per_cell=0).grid  # the starting tree
    >>> [''.join('#' if wall else '.' for wall in row) for row in plain.tolist()]
    ['#######', '#.....#', '#.#####', '#.....#', '#######']
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record, memory=2)
    steps_per_cell = check_number(steps_per_cell, "steps_per_cell", 0, 10_000)
    cells = _padded_cells(width, height)
    steps = int(round(steps_per_cell * width * height)) if width * height > 1 else 0
    _origin_shift_kernel(cells, width, height, state, steps)
    grid = _cells_to_grid(cells, width, height)
    return Carving(grid, flood_log(grid, origin) if record else None, cells)


@njit(cache=True)
def _origin_shift_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                               slot_edges: NDArray[np.int32], start: int, state: State,
                               passages: NDArray[np.uint8], order: Log | None, steps_per_cell: float) -> int:
    """Origin shift on a graph (CSR, see :mod:`meiro.generators.graph_carving`).

    ``point[i]`` is the slot from node ``i`` towards its parent (-1 at the root).
    The first tree is a breadth-first tree rooted at node 0; the root then walks
    ``steps_per_cell`` steps per node, uniform over slots. With ``order``, the
    tree's edges are logged breadth-first from ``start``.
    """
    n = offsets.shape[0] - 1
    point = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    seen = np.zeros(n, np.uint8)
    _breadth_first(offsets, targets, slot_edges, 0, point, queue, seen)
    steps = np.int64(round(steps_per_cell * n)) if n > 1 else 0
    i = 0
    for _ in range(steps):
        s, state = _random_slot(offsets, i, state)
        point[U(i)] = s
        i = targets[U(s)]
        point[U(i)] = -1
    for v in range(n):
        if point[v] >= 0:
            passages[U(slot_edges[U(point[v])])] = 1
    if order is None:
        return 0
    # the log: a breadth-first walk of the finished tree from start
    head = 0
    tail = 1
    queue[0] = start
    seen[:] = 0
    seen[start] = 1
    n_log = 0
    while head < tail:
        i = queue[U(head)]
        head += 1
        for s in range(offsets[U(i)], offsets[U(i + 1)]):
            j = targets[U(s)]
            if passages[U(slot_edges[U(s)])] and not seen[U(j)]:
                seen[U(j)] = 1
                queue[U(tail)] = j
                tail += 1
                order[U(n_log)] = slot_edges[U(s)]
                n_log += 1
    return n_log


@njit(inline="always")
def _breadth_first(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                   root: int, point: NDArray[np.int64], queue: NDArray[np.int64], seen: NDArray[np.uint8]) -> None:
    """Point every node to its parent in a breadth-first tree from ``root`` (``point[root]`` stays -1)."""
    head = 0
    tail = 1
    queue[0] = root
    seen[root] = 1
    while head < tail:
        i = queue[U(head)]
        head += 1
        for s in range(offsets[U(i)], offsets[U(i + 1)]):
            j = targets[U(s)]
            if seen[U(j)]:
                continue
            seen[U(j)] = 1
            queue[U(tail)] = j
            tail += 1
            # j's slot back to i: the one of the same edge
            for back in range(offsets[U(j)], offsets[U(j + 1)]):
                if slot_edges[U(back)] == slot_edges[U(s)]:
                    point[U(j)] = back
                    break


def origin_shift_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False, *,
                       steps_per_cell: float = STEPS_PER_CELL) -> GraphCarving:
    """Make a perfect maze on a grid kind's ``geometry`` by shifting the origin of a rooted tree at random.

    The first tree is breadth-first from cell 0; ``origin`` only sets where the
    log (a breadth-first walk of the finished maze) starts.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> g = geometry_of("theta", (3,))
    >>> carving = origin_shift_graph(g, mix_seed(3), record=True)
    >>> int(carving.passages.sum()), len(carving.order)
    (42, 42)
    >>> plain = origin_shift_graph(g, mix_seed(3), steps_per_cell=0)   # the breadth-first tree
    >>> g.edges[plain.passages][:6].tolist()                           # the centre's spokes
    [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]]
    """
    steps_per_cell = check_number(steps_per_cell, "steps_per_cell", 0, 10_000)
    return run_on_graph(_origin_shift_graph_kernel, geometry, state, origin, record, float(steps_per_cell))

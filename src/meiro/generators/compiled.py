"""Whole mazes inside compiled code: seed in, grid, start and goal out, no Python per maze.

:func:`meiro.generate` checks its request, calls a generator's Python function
(which allocates the kernel's scratch and wraps the result) and builds a
:class:`~meiro.Maze`: about 25 µs of Python around a 15 x 15 maze whose kernel
takes 5 µs. Code that makes mazes by the thousand — :func:`meiro.generate_batch`
and :class:`meiro.rl.vector_env.MazeVectorEnv`'s auto-resets — calls
:func:`_make_maze` from its own compiled loop instead: the same steps as
``generate(width, height, algorithm, seed, goal, braid=braid)`` without a mask
or a start (the same kernels, the same PRNG streams, the same goal rule), so
the same seed gives the same maze either way (``tests/test_compiled_mazes.py``
checks every generator, goal rule and braid against ``generate``).

One function per generator (``_carve_*``) sets up that generator's scratch as
its Python function does; :func:`_carve` picks one by number. A switch rather
than a function passed as an argument: numba cannot cache a function that
takes another as an argument (the cache key holds the argument's identity),
and the callers are cached.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError
from ..goals import GOALS
from ..registry import GENERATORS
from ..kernels.cells import DUG, _expand_cells
from ..kernels.graph import CODE_MASK, _fill_path, _lattice_graph, _trace_moves
from ..kernels.index import U
from ..solvers.bfs import _bfs_kernel
from .aldous_broder import _aldous_broder_kernel
from .binary_tree import _binary_tree_kernel
from .braiding import _braid_kernel
from ..kernels.index import Int
from .carving import State
from .dig import _dig_kernel
from .division import _division_kernel
from .eller import _eller_kernel
from .growing_tree import _growing_tree_kernel
from .hunt_and_kill import _hunt_and_kill_kernel
from .kruskal import _kruskal_kernel, _shuffled_walls
from .origin_shift import STEPS_PER_CELL, _origin_shift_kernel
from .prim import _PRIM_STREAM
from .prim_simple import _prim_simple_kernel
from .sidewinder import _sidewinder_kernel
from .stick import _stick_kernel
from .wall import _wall_kernel
from .wilson import _wilson_kernel

#: The generators :func:`_carve` knows, by their registered names; a generator's
#: number is its place here (:func:`algorithm_code`).
ALGORITHMS = ("dig", "stick", "wall", "kruskal", "prim", "prim-simple", "wilson", "aldous-broder",
              "hunt-and-kill", "sidewinder", "binary-tree", "growing-tree", "growing-tree-newest",
              "growing-tree-random", "growing-tree-oldest", "eller", "division", "origin-shift")

#: Largest maze (in blocks) made here: the generators' scratch is int32 below it, as their
#: Python functions choose for such sizes; a batch of bigger mazes takes the Python way.
MAX_BLOCKS = 2**30

# growing tree's two thresholds (out of 2**32) for each policy, as growing_tree() computes them
_HALF, _ALL = 2**31, 2**32

# mix_seed's constants, as uint64 so that numba's arithmetic wraps as Python's masking does
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_STREAM = np.uint64(0xD1B54A32D192ED03)
_OFFSET = np.uint64(0x632BE59BD9B4E019)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def algorithm_code(name: str) -> int:
    """The number :func:`_carve` knows a generator by (its name or an alias).

    Examples
    --------
    >>> algorithm_code("dig"), algorithm_code("origin-shift"), algorithm_code("anahori")
    (0, 17, 0)
    """
    return ALGORITHMS.index(GENERATORS.get(name).name)


def goal_code(goal: str) -> int:
    """0 corner, 1 farthest, 2 diameter: the goal rules' numbers here.

    Examples
    --------
    >>> [goal_code(g) for g in ("corner", "farthest", "diameter")]
    [0, 1, 2]
    """
    if goal not in GOALS:
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    return GOALS.index(goal)


@njit(inline="always")
def _mix(seed: np.uint64, stream: np.uint64) -> np.uint64:
    """:func:`meiro.kernels.rng.mix_seed` for a ``uint64`` seed and stream.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> seed = 2**64 - 5
    >>> bool(_mix(np.uint64(seed), np.uint64(3)) == mix_seed(seed, stream=3))
    True
    """
    z = seed * _GOLDEN + stream * _STREAM + _OFFSET
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(inline="always")
def _fresh_cells(width: int, height: int, interior: int) -> NDArray[np.uint8]:
    """Padded compact cells (:mod:`meiro.kernels.cells`): the ring dug, the inside ``interior``."""
    padded = width + 2
    cells = np.empty((height + 2) * padded, np.uint8)
    cells[:] = interior
    cells[:padded] = DUG
    cells[(height + 1) * padded:] = DUG
    for y in range(1, height + 1):
        cells[y * padded] = DUG
        cells[y * padded + padded - 1] = DUG
    return cells


@njit(inline="always")
def _open_field(grid: NDArray[np.bool_], posts: bool) -> None:
    """The wall-building methods' start: only the border (and, with ``posts``, the even/even
    posts) are wall."""
    rows, cols = grid.shape
    grid[:, :] = False
    grid[0, :] = True
    grid[rows - 1, :] = True
    grid[:, 0] = True
    grid[:, cols - 1] = True
    if posts:
        for r in range(2, rows - 1, 2):
            for c in range(2, cols - 1, 2):
                grid[r, c] = True


@njit(inline="always")
def _on_cells(code: int, cells: NDArray[np.uint8], width: int, height: int, state: State) -> None:
    """Run cell generator ``code`` on ``cells`` from the origin cell (0, 0)."""
    if code == 0:
        _dig_kernel(cells, width, height, 0, 0, state, None)
    elif code == 5:
        _prim_simple_kernel(cells, width, height, 0, 0, state, None)
    elif code == 6:
        _wilson_kernel(cells, width, height, 0, 0, state, None)
    elif code == 7:
        _aldous_broder_kernel(cells, width, height, 0, 0, state, None)
    elif code == 8:
        _hunt_and_kill_kernel(cells, width, height, 0, 0, state, None)
    elif code == 11:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, _HALF, _HALF)
    elif code == 12:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, _ALL, _ALL)
    elif code == 13:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, 0, 0)
    elif code == 14:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, 0, _ALL)
    elif code == 17:
        steps = int(round(STEPS_PER_CELL * width * height)) if width * height > 1 else 0
        _origin_shift_kernel(cells, width, height, state, steps)


@njit(inline="always")
def _spanning_tree_cells(width: int, height: int, state: State) -> NDArray[np.uint8]:
    """Kruskal's (and, with Prim's stream, Prim's) maze as compact cells."""
    n_walls = (width - 1) * height + width * (height - 1)
    walls = np.empty(n_walls, np.int32)
    count, _ = _shuffled_walls(walls, width, height, state)
    cells = _fresh_cells(width, height, DUG)  # every cell is part of the maze
    parent = np.empty((width + 2) * (height + 2), np.int32)
    _kruskal_kernel(cells, width, height, walls[:count], parent, 2 * width + 1, None)
    return cells


@njit(cache=True)
def _carve(code: int, grid: NDArray[np.bool_], width: int, height: int, state: State) -> NDArray[np.uint8]:
    """Carve generator ``code``'s maze into the bool block grid ``grid`` (True = wall).

    Returns the generator's compact cells — a padded search graph of the maze
    (:meth:`meiro.solvers.result.SearchGraph._of_cells`) — or an empty array for
    the generators that work on the block grid.
    """
    rows, cols = grid.shape
    flat = grid.reshape(rows * cols)
    if code in (0, 5, 6, 7, 8, 11, 12, 13, 14, 17):
        cells = _fresh_cells(width, height, 0)
        _on_cells(code, cells, width, height, state)
        _expand_cells(cells, width, height, flat)
        return cells
    if code == 3 or code == 4:
        cells = _spanning_tree_cells(width, height, state if code == 3 else state ^ _PRIM_STREAM)
        _expand_cells(cells, width, height, flat)
        return cells
    if code == 1 or code == 16:
        _open_field(grid, True)
        if code == 1:
            _stick_kernel(flat, rows, cols, state)
        else:
            _division_kernel(flat, cols, height, width, state)
    elif code == 2:
        _open_field(grid, False)
        _wall_kernel(flat, rows, cols, state, np.empty((width - 1) * (height - 1), np.int32))
    else:  # 9, 10, 15: the lattice kernels start from all wall
        grid[:, :] = True
        if code == 9:
            _sidewinder_kernel(flat, rows, cols, 1, 1, state, None)
        elif code == 10:
            _binary_tree_kernel(flat, rows, cols, 1, 1, state, None)
        else:
            _eller_kernel(flat, rows, cols, 1, 1, state, None)
    return np.empty(0, np.uint8)


@njit(inline="always")
def _farthest_node(graph: NDArray[np.uint8], width: int, source: Int) -> Int:
    """The node a whole-maze BFS from ``source`` reaches last (codes cleared first)."""
    for i in range(graph.size):
        graph[U(i)] &= ~np.uint8(CODE_MASK)
    last, _, _ = _bfs_kernel(graph, width, source, -1, np.empty(0, np.int64))
    return last


@njit(cache=True)
def _make_maze(code: int, grid: NDArray[np.bool_], width: int, height: int, seed: np.uint64 | int,
               braid_threshold: int, allowed: NDArray[np.bool_],
               goal: int) -> tuple[NDArray[np.uint8], int, Int, Int]:
    """The maze ``generate(width, height, ALGORITHMS[code], seed, GOALS[goal], braid=...)``.

    Writes its block grid into ``grid`` and returns ``(graph, graph_width,
    start_node, goal_node)``: the maze's padded one-node-per-cell search graph
    (search codes cleared) and its two ends. ``braid_threshold`` is the braid
    share times 2**32 (0: a perfect maze); ``allowed`` the blocks braiding may
    open (:func:`meiro.generators.masking.allowed_blocks` of every cell, flat).
    A node ``n`` is block ``(2 * (n // graph_width) - 1, 2 * (n % graph_width) - 1)``.
    """
    seed = np.uint64(seed)
    cells = _carve(code, grid, width, height, _mix(seed, np.uint64(0)))
    rows, cols = grid.shape
    flat = grid.reshape(rows * cols)
    if braid_threshold > 0:
        _braid_kernel(flat, allowed, rows, cols, braid_threshold, _mix(seed, np.uint64(3)), None, 0)
    if braid_threshold > 0 or cells.size == 0:  # the cells no longer (or never) describe the grid
        graph, padded = _lattice_graph(flat.view(np.uint8), rows, cols)
    else:
        graph, padded = cells, width + 2
    start: Int = padded + 1  # cell (0, 0): block (1, 1)
    end: Int = height * padded + width  # the corner cell: block (rows - 2, cols - 2)
    if goal > 0:
        end = _farthest_node(graph, padded, start)
        if goal == 2:
            start, end = end, _farthest_node(graph, padded, end)
    for i in range(graph.size):
        graph[U(i)] &= ~np.uint8(CODE_MASK)
    return graph, padded, start, end


@njit(cache=True, nogil=True)
def _make_mazes(code: int, width: int, height: int, seeds: NDArray[np.uint64], braid_threshold: int,
                allowed: NDArray[np.bool_], goal: int, solve: bool, grids: NDArray[np.bool_],
                ends: NDArray[np.int64], paths: NDArray[np.bool_], lengths: NDArray[np.int64]) -> None:
    """:func:`_make_maze` for every seed in ``seeds``, into stacked arrays.

    ``grids[k]`` receives maze ``k``'s block grid and ``ends[k]`` its start and
    goal blocks; with ``solve`` also ``lengths[k]`` (steps) and the blocks of
    its shortest path, set True in ``paths[k]`` (which must be all False): the
    breadth-first path :func:`meiro.solve` gives (on a perfect maze, every
    solver's). The GIL is released: threads can fill parts of one batch at once.
    """
    moves = np.empty((width + 2) * (height + 2), np.uint8)
    route = np.empty((2 * moves.size + 1, 2), np.int64)
    for k in range(seeds.size):
        graph, padded, s, e = _make_maze(code, grids[k], width, height, seeds[k], braid_threshold,
                                         allowed, goal)
        ends[k, 0, 0], ends[k, 0, 1] = 2 * (s // padded) - 1, 2 * (s % padded) - 1
        ends[k, 1, 0], ends[k, 1, 1] = 2 * (e // padded) - 1, 2 * (e % padded) - 1
        if solve:
            _bfs_kernel(graph, padded, s, e, np.empty(0, np.int64))
            n_moves = _trace_moves(graph, padded, e, moves)
            steps = 2 * n_moves
            _fill_path(moves, n_moves, ends[k, 1, 0], ends[k, 1, 1], 2, route[:steps + 1])
            for i in range(steps + 1):
                paths[k, route[i, 0], route[i, 1]] = True
            lengths[k] = steps

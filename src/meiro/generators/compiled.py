"""Whole mazes inside compiled code: seed in, grid, start and goal out, no Python per maze.

:func:`_make_maze` turns a generator, a size, a seed, a braid and a goal rule
into a maze for code that makes mazes by the thousand —
:func:`meiro.generate_batch` and :class:`meiro.rl.vector_env.MazeVectorEnv`'s
auto-resets — from its own compiled loop, with no Python per maze. It runs the
generators' own kernels on the same PRNG streams as :func:`meiro.generate`, so
the same seed gives the same maze either way (``tests/test_compiled_mazes.py``
checks every generator, goal rule and braid). :func:`meiro.generate` does not
call it: this switch compiles every generator at once (about 35 s with an empty
numba cache), where one maze needs one kernel. So batches run
:func:`mazes_kernel`: the switch with the recipe's generator, goal rule, braid and
solving frozen in, which compiles only what that recipe runs (about 4 s).

:func:`_carve_into` sets up each generator's scratch as its Python function does
and picks its kernel by the code its registry entry declares
(:class:`meiro.registry.Compiled`): what the kernel carves (compact cells, a
wall list, the block grid from an open field or from all wall) picks the
set-up, the code the kernel. A switch rather than a function passed as an
argument: numba cannot cache a function that takes another as an argument
(the cache key holds the argument's identity), and the callers are cached.
numba freezes the codes into the switch's machine code, so the registry is a
kernel source (:data:`meiro.kernels.freshness.KERNEL_DECLARATIONS`): editing
it compiles the switch again.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError, flag, whole
from ..goals import GOALS
from ..registry import GENERATORS, Algorithm
from ..kernels.cells import DUG, _expand_cells
from ..kernels.graph import CODE_MASK, _fill_path, _lattice_graph, _trace_moves
from ..kernels.index import U
from ..kernels.rng import _mix_seed
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

#: Largest maze (in blocks) made here: the generators' scratch is int32 below it, as their
#: Python functions choose for such sizes; a batch of bigger mazes takes the Python way.
MAX_BLOCKS = 2**30

# growing tree's two thresholds (out of 2**32) for each policy, as growing_tree() computes them
_HALF, _ALL = 2**31, 2**32


def _compiled(generator: Algorithm) -> int:
    """The code of a generator the switch knows; a MazeError for one it does not."""
    if generator.compiled is None:
        raise MazeError(f"{generator.name} has no compiled kernel: make its mazes with meiro.generate")
    return generator.compiled.code


def algorithm_code(name: str) -> int:
    """The number :func:`_carve_into` knows a generator by (its name or an alias): the code its
    registry entry declares.

    Examples
    --------
    >>> algorithm_code("dig"), algorithm_code("origin-shift"), algorithm_code("anahori")
    (0, 17, 0)
    """
    return _compiled(GENERATORS.get(name))


def _codes(carves: str) -> tuple[int, ...]:
    """The codes of the compiled generators whose kernels carve ``carves``."""
    return tuple(sorted(a.compiled.code for a in GENERATORS
                        if a.compiled is not None and a.compiled.carves == carves))


#: Each compiled generator's code, by name, as the registry declares it; numba freezes the
#: constants below into :func:`_carve_into`.
CODES = {a.name: _compiled(a) for a in GENERATORS if a.compiled is not None}
_ON_CELLS, _ON_WALLS, _WITH_POSTS = _codes("cells"), _codes("walls"), _codes("posts")
_DIG, _PRIM_SIMPLE, _WILSON, _ALDOUS_BRODER, _HUNT_AND_KILL, _ORIGIN_SHIFT = (
    CODES[n] for n in ("dig", "prim-simple", "wilson", "aldous-broder", "hunt-and-kill", "origin-shift"))
_GROWING_MIXED, _GROWING_NEWEST, _GROWING_RANDOM, _GROWING_OLDEST = (
    CODES[n] for n in ("growing-tree", "growing-tree-newest", "growing-tree-random", "growing-tree-oldest"))
_KRUSKAL, _PRIM, _STICK, _DIVISION, _WALL, _SIDEWINDER, _BINARY_TREE, _ELLER = (
    CODES[n] for n in ("kruskal", "prim", "stick", "division", "wall", "sidewinder", "binary-tree", "eller"))
#: the generators :func:`_carve_into` has a branch for: a generator declared compiled without one
#: fails here, at import, rather than making empty mazes
_SWITCHED = {"dig", "prim-simple", "wilson", "aldous-broder", "hunt-and-kill", "origin-shift", "growing-tree",
             "growing-tree-newest", "growing-tree-random", "growing-tree-oldest", "kruskal", "prim", "stick",
             "division", "wall", "sidewinder", "binary-tree", "eller"}
if set(CODES) != _SWITCHED:
    raise ImportError(f"the compiled switch has no branch for {sorted(set(CODES) - _SWITCHED)}")


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
def _on_cells(code: int, cells: NDArray[np.uint8], width: int, height: int, state: State,
              from_goal: bool) -> None:
    """Run cell generator ``code`` on ``cells`` from the origin cell (0, 0) (the dig method
    ``from_goal``: from the corner goal's cell, as :func:`meiro.generate` digs it)."""
    if code == _DIG:
        if from_goal:
            _dig_kernel(cells, width, height, width - 1, height - 1, state, None)
        else:
            _dig_kernel(cells, width, height, 0, 0, state, None)
    elif code == _PRIM_SIMPLE:
        _prim_simple_kernel(cells, width, height, 0, 0, state, None)
    elif code == _WILSON:
        _wilson_kernel(cells, width, height, 0, 0, state, None)
    elif code == _ALDOUS_BRODER:
        _aldous_broder_kernel(cells, width, height, 0, 0, state, None)
    elif code == _HUNT_AND_KILL:
        _hunt_and_kill_kernel(cells, width, height, 0, 0, state, None)
    elif code == _GROWING_MIXED:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, _HALF, _HALF)
    elif code == _GROWING_NEWEST:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, _ALL, _ALL)
    elif code == _GROWING_RANDOM:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, 0, 0)
    elif code == _GROWING_OLDEST:
        _growing_tree_kernel(cells, width, height, 0, 0, state, None, 0, _ALL)
    elif code == _ORIGIN_SHIFT:
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


@njit(inline="always")
def _carve_into(code: int, grid: NDArray[np.bool_], width: int, height: int, state: State,
                from_goal: bool) -> NDArray[np.uint8]:
    """Carve generator ``code``'s maze into the bool block grid ``grid`` (True = wall);
    ``from_goal``: the goal is the corner, fixed in advance (the dig method starts there).

    Returns the generator's compact cells — a padded search graph of the maze
    (:meth:`meiro.solvers.result.SearchGraph._of_cells`) — or an empty array for
    the generators that work on the block grid.
    """
    rows, cols = grid.shape
    flat = grid.reshape(rows * cols)
    if code in _ON_CELLS:
        cells = _fresh_cells(width, height, 0)
        _on_cells(code, cells, width, height, state, from_goal)
        _expand_cells(cells, width, height, flat)
        return cells
    if code in _ON_WALLS:  # true Prim is Kruskal's on another stream (see prim.py)
        cells = _spanning_tree_cells(width, height, state if code == _KRUSKAL else state ^ _PRIM_STREAM)
        _expand_cells(cells, width, height, flat)
        return cells
    if code in _WITH_POSTS:
        _open_field(grid, True)
        if code == _STICK:
            _stick_kernel(flat, rows, cols, state)
        else:
            _division_kernel(flat, cols, height, width, state)
    elif code == _WALL:  # the one kernel that starts from an open field without posts
        _open_field(grid, False)
        _wall_kernel(flat, rows, cols, state, np.empty((width - 1) * (height - 1), np.int32))
    else:  # the lattice kernels start from all wall
        grid[:, :] = True
        if code == _SIDEWINDER:
            _sidewinder_kernel(flat, rows, cols, 1, 1, state, None)
        elif code == _BINARY_TREE:
            _binary_tree_kernel(flat, rows, cols, 1, 1, state, None)
        elif code == _ELLER:
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
    """:func:`_maze_into` as a kernel of its own (the vector environment's resets)."""
    return _maze_into(code, grid, width, height, seed, braid_threshold, allowed, goal)


@njit(inline="always")
def _maze_into(code: int, grid: NDArray[np.bool_], width: int, height: int, seed: np.uint64 | int,
               braid_threshold: int, allowed: NDArray[np.bool_],
               goal: int) -> tuple[NDArray[np.uint8], int, Int, Int]:
    """The maze ``generate(width, height, algorithm, seed, GOALS[goal], braid=...)`` of the
    generator whose code (:func:`algorithm_code`) is ``code``.

    Writes its block grid into ``grid`` and returns ``(graph, graph_width,
    start_node, goal_node)``: the maze's padded one-node-per-cell search graph
    (search codes cleared) and its two ends. ``braid_threshold`` is the braid
    share times 2**32 (0: a perfect maze); ``allowed`` the blocks braiding may
    open (:func:`meiro.generators.masking.allowed_blocks` of every cell, flat).
    A node ``n`` is block ``(2 * (n // graph_width) - 1, 2 * (n % graph_width) - 1)``.
    """
    seed = np.uint64(seed)
    cells = _carve_into(code, grid, width, height, _mix_seed(seed, np.uint64(0)), goal == 0)
    rows, cols = grid.shape
    flat = grid.reshape(rows * cols)
    if braid_threshold > 0:
        _braid_kernel(flat, allowed, rows, cols, braid_threshold, _mix_seed(seed, np.uint64(3)), None, 0)
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
    """:func:`_mazes_into` of any generator: the switch that compiles them all (module docs)."""
    _mazes_into(code, width, height, seeds, braid_threshold, allowed, goal, solve, grids, ends, paths, lengths)


def mazes_kernel(code: int, goal: int, braided: bool, solve: bool) -> Any:
    """:func:`_make_mazes` for one recipe alone: a kernel that compiles only what it runs.

    The generator's ``code``, the ``goal`` rule's number, whether the mazes are
    braided and whether they are solved are frozen into the kernel (a closure's
    constants), so numba prunes every other branch of the switch before
    compiling: a fresh install compiles the one generator a recipe runs, in a
    few seconds, instead of all of them (half a minute and more). Each
    recipe's kernel is cached on disk under its own key (numba keys a closure's
    cache entries by the values it closes over) and made once a process. It
    takes :func:`_make_mazes`'s arguments but those four (``braid_threshold``
    is ignored unless ``braided``).

    Examples
    --------
    >>> kernel = mazes_kernel(algorithm_code("kruskal"), 0, False, True)
    >>> kernel is mazes_kernel(algorithm_code("kruskal"), 0, False, True)
    True
    """
    key = (whole(code, "code"), whole(goal, "goal"), flag(braided, "braided"), flag(solve, "solve"))
    kernel = _KERNELS.get(key)
    if kernel is not None:
        return kernel
    if key[0] not in CODES.values() or not 0 <= key[1] < len(GOALS):
        raise MazeError(f"no compiled generator has code {code} or no goal rule number {goal}")
    code, goal, braided, solve = key

    @njit(cache=True, nogil=True)
    def recipe_kernel(width: int, height: int, seeds: NDArray[np.uint64], braid_threshold: int,
                      allowed: NDArray[np.bool_], grids: NDArray[np.bool_], ends: NDArray[np.int64],
                      paths: NDArray[np.bool_], lengths: NDArray[np.int64]) -> None:
        if braided:  # (the constants' tests, pruned before compiling)
            _mazes_into(code, width, height, seeds, braid_threshold, allowed, goal, solve, grids, ends, paths,
                        lengths)
        else:
            _mazes_into(code, width, height, seeds, 0, allowed, goal, solve, grids, ends, paths, lengths)

    return _KERNELS.setdefault(key, recipe_kernel)


_KERNELS: dict[tuple[int, int, bool, bool], Any] = {}


@njit(inline="always")
def _mazes_into(code: int, width: int, height: int, seeds: NDArray[np.uint64], braid_threshold: int,
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
        graph, padded, s, e = _maze_into(code, grids[k], width, height, seeds[k], braid_threshold,
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

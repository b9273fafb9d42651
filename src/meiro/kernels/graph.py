"""The compact search graph: one byte per node, as lean as a C maze solver.

Searching the block grid directly would touch four bytes of grid per cell
plus a state array; instead the solvers first fold the grid into one byte
per *node* (the cells of a lattice maze, or every block of any other grid):

======  =====================================================
bit 0   an open passage to the east neighbour
bit 1   an open passage to the south neighbour
bit 2   the node's own block is open (the "dug" bit of a
        generator's compact cells, :mod:`meiro.kernels.cells`,
        which also set it on their padding)
3 - 5   search code: 0 = not reached, 1 - 4 = reached moving in
        direction ``code - 1`` (0 north, 1 east, 2 south, 3 west),
        5 = the source
======  =====================================================

West and north passages are read from the neighbour's east/south bits, and
a search's whole state lives in the same byte as the walls: one cache line
serves both. :func:`_open_ways` gathers a node's four passages into one
mask, for searches that turn by direction rather than test each neighbour.

The graph has a border of passage-less nodes all round, so a search never
needs a bounds check: on a lattice maze the cells are padded by one node on
each side; on any other grid the nodes are the blocks themselves and the
maze's closed border is the padding. A node ``n`` of a graph ``width`` nodes
wide (padding included) maps to block
``(step * (n // width) + first, step * (n % width) + first)``, with
``step = 2, first = -1`` on a lattice maze and ``step = 1, first = 0`` otherwise;
its neighbours are ``n + _node_offsets(width)[d]``.
"""

from typing import Any

import numpy as np
from numpy.typing import NDArray
from .jit import njit

from ..errors import MazeError, whole
from .index import Int, U

EAST = 1
SOUTH = 2
OPEN = 4
CODE_SHIFT = 3
CODE_MASK = 7 << CODE_SHIFT
#: a node's bits but its search code (positive: ``~CODE_MASK`` would not fit a uint8 in plain Python)
PASSAGE_BITS = 0xFF ^ CODE_MASK
SOURCE = 5


def _first_block(step: int) -> int:
    """Block coordinate of node coordinate 0 (see the module docs).

    Examples
    --------
    >>> _first_block(2), _first_block(1)      # lattice: node 0 is the padding left of block 1
    (-1, 0)
    """
    return -1 if step == 2 else 0


def build_graph(grid: NDArray[Any], rows: int, cols: int, step: int) -> tuple[NDArray[np.uint8], int]:
    """Fold a flat block grid into the padded one-byte-per-node graph.

    ``grid`` is the flat bool (or 0/1 ``uint8``) grid of a maze, ``rows x cols``
    blocks; ``step`` 2 makes one node per cell (a lattice maze), 1 one node per
    block (the grid's border, which must be closed, is then the padding).
    Returns the graph and its width in nodes (padding included).

    Raises
    ------
    MazeError
        If the grid is not ``rows x cols`` 0/1 blocks with odd sides of at least 3 (and,
        block by block, a closed border), or ``step`` is not 1 or 2.
    TypeError
        If ``grid`` is not a bool or uint8 array, or a size is not a whole number.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.Maze(meiro.generate(2, 2, seed=0, goal="farthest").grid, (1, 1), (3, 3))
    >>> print(m)
    # # # # #
    # S #   #
    #   #   #
    #     G #
    # # # # #
    >>> graph, width = build_graph(m.grid.ravel(), 5, 5, 2)
    >>> graph.reshape(-1, width).tolist()  # 4 open, + 1 east, + 2 south; padding all round
    [[0, 0, 0, 0], [0, 6, 6, 0], [0, 5, 4, 0], [0, 0, 0, 0]]
    """
    sides = []
    for name, side in (("rows", rows), ("cols", cols)):
        side = whole(side, name)
        if side < 3 or side % 2 == 0:
            raise MazeError(f"{name} must be odd and at least 3 blocks, got {side}")
        sides.append(side)
    rows, cols = sides
    if not _one_or_two(step):
        raise MazeError(f"step must be 1 (block to block) or 2 (cell to cell), got {step!r}")
    if not isinstance(grid, np.ndarray) or grid.dtype not in (np.bool_, np.uint8):
        kind = f"{grid.dtype} array" if isinstance(grid, np.ndarray) else type(grid).__name__
        raise TypeError(f"grid must be a flat bool or uint8 array, got {kind}")
    if grid.shape != (rows * cols,):
        raise MazeError(f"grid must be flat with {rows}x{cols} = {rows * cols} blocks, got shape {grid.shape}")
    wall = np.ascontiguousarray(grid).view(np.uint8)
    if wall.max() > 1:
        raise MazeError("grid must hold 0 (open) and 1 (wall) only")
    edge = wall.reshape(rows, cols)
    # block by block the border is the padding; cell by cell the padding is added, and no
    # passage is ever made through the border, open or not
    if step == 1 and not (edge[0].all() and edge[-1].all() and edge[:, 0].all() and edge[:, -1].all()):
        raise MazeError("the grid's border must be closed (every outer block a wall)")
    return _fold_grid(wall, rows, cols, step)


def _one_or_two(step: object) -> bool:
    """Whether ``step`` is the whole number 1 or 2 (not a bool, not an array)."""
    return isinstance(step, (int, np.integer)) and not isinstance(step, (bool, np.bool_)) and step in (1, 2)


def _fold_grid(wall: NDArray[np.uint8], rows: int, cols: int, step: int) -> tuple[NDArray[np.uint8], int]:
    """:func:`build_graph` for a grid already checked: ``wall`` the flat 0/1 bytes."""
    wall = wall.view()
    wall.flags.writeable = False  # read-only, as a maze's grid: one compiled version serves all
    if step == 2:
        return _lattice_graph(wall, rows, cols)
    return _block_graph(wall, rows, cols)


@njit(cache=True)
def _lattice_graph(wall: NDArray[np.uint8], rows: int, cols: int) -> tuple[NDArray[np.uint8], int]:
    """:func:`build_graph` for a lattice maze: one node per cell.

    Each cell row is read through three row slices (the cells with the slots
    east of them, the slots below, the next cell row) and written through
    one, with no branch in the loop: numba then vectorises it, and the pass
    costs a few per cent of a search.
    """
    height = (rows - 1) // 2
    width = (cols - 1) // 2
    padded = width + 2
    graph = np.zeros((height + 2) * padded, np.uint8)
    for y in range(height):
        start = (2 * y + 1) * cols + 1
        row = wall[start:start + cols]  # cell x at 2x, the slot east of it at 2x + 1
        if y < height - 1:
            slots, below, has_south = wall[start + cols:start + 2 * cols - 1], \
                wall[start + 2 * cols:start + 3 * cols - 1], np.uint8(1)
        else:  # no cell row below: read this row again and keep no south passage
            slots, below, has_south = row, row, np.uint8(0)
        out = graph[(y + 1) * padded + 1:(y + 2) * padded - 1]
        for x in range(width):
            cell = row[2 * x]
            east_wall = cell | row[2 * x + 1] | row[2 * x + 2]
            south_wall = cell | slots[2 * x] | below[2 * x]
            out[x] = (east_wall ^ 1) | (((south_wall ^ 1) & has_south) << 1) | ((cell ^ 1) << 2)
        out[width - 1] &= ~np.uint8(EAST)  # the east border, even where it is open
    return graph, padded


@njit(cache=True)
def _block_graph(wall: NDArray[np.uint8], rows: int, cols: int) -> tuple[NDArray[np.uint8], int]:
    """:func:`build_graph` for any grid: one node per block (the closed border pads it)."""
    graph = np.zeros(rows * cols, np.uint8)
    for y in range(1, rows - 1):
        row = wall[y * cols:(y + 1) * cols]
        below = wall[(y + 1) * cols:(y + 2) * cols]
        out = graph[y * cols:(y + 1) * cols]
        for x in range(1, cols - 1):
            w = row[x]
            out[x] = ((w | row[x + 1]) ^ 1) | (((w | below[x]) ^ 1) << 1) | ((w ^ 1) << 2)
    return graph, cols


@njit(inline="always")
def _node_offsets(width: int) -> NDArray[np.int64]:
    """Index offsets of a node's four neighbours: north, east, south, west.

    Examples
    --------
    >>> _node_offsets(6).tolist()
    [-6, 1, 6, -1]
    """
    return np.array([-width, 1, width, -1], np.int64)


@njit(inline="always")
def _open_ways(graph: NDArray[np.uint8], n: Int, width: int) -> Int:
    """The passages out of node ``n`` as a mask: bit ``d`` set when direction ``d`` is open.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 1, seed=0)     # one corridor of four cells
    >>> graph, width = build_graph(m.grid.ravel(), 3, 9, 2)
    >>> bin(_open_ways(graph, width + 2, width))   # the second cell: east (bit 1) and west (bit 3)
    '0b1010'
    """
    ways: Int = (((graph[U(n - width)] & SOUTH) >> 1) | ((graph[U(n)] & (EAST | SOUTH)) << 1)
                 | ((graph[U(n - 1)] & EAST) << 3))
    return ways


def _way_tables() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    count = np.zeros(16, np.int64)
    nth = np.zeros((16, 4), np.int64)
    for mask in range(16):
        ways = [d for d in range(4) if mask >> d & 1]
        count[mask] = len(ways)
        nth[mask, :len(ways)] = ways
    return count, nth.ravel()


#: for a mask of ways (as :func:`_open_ways` gives): how many there are, and
#: (at ``4 * mask + j``) the ``j``-th in the order north, east, south, west
WAY_COUNT, NTH_WAY = _way_tables()


@njit(inline="always")
def _code_of(graph: NDArray[np.uint8], n: Int) -> Int:
    """The search code of node ``n`` (see the module docs).

    0 = not reached, 1 - 4 = reached moving in direction ``code - 1``, 5 = the source.

    Examples
    --------
    >>> graph = np.array([OPEN, OPEN | 2 << CODE_SHIFT], np.uint8)
    >>> _code_of(graph, 0), _code_of(graph, 1)      # node 1 was reached moving east
    (0, 2)
    """
    code: Int = (graph[U(n)] & CODE_MASK) >> CODE_SHIFT
    return code


@njit(inline="always")
def _set_code(graph: NDArray[np.uint8], n: Int, code: Int) -> None:
    """Write search ``code`` (0 - 5, see :func:`_code_of`) into node ``n``, keeping its passage bits.

    Examples
    --------
    >>> graph = np.array([OPEN | EAST], np.uint8)
    >>> _set_code(graph, 0, SOURCE)
    >>> _code_of(graph, 0), int(graph[0]) & ~CODE_MASK
    (5, 5)
    """
    graph[U(n)] = (graph[U(n)] & PASSAGE_BITS) | (code << CODE_SHIFT)


@njit(cache=True)
def _trace_moves(graph: NDArray[np.uint8], width: int, target: Int, moves: NDArray[np.uint8]) -> int:
    """Walk the search codes back from ``target`` to the source.

    Writes each step's code into ``moves`` (last step first) and returns how
    many steps there are. This is the only pass that hops around the graph;
    :func:`_fill_path` then works sequentially.

    Examples
    --------
    >>> import meiro
    >>> from meiro.solvers.bfs import _bfs_kernel
    >>> m = meiro.generate(4, 1, seed=0)     # one corridor: nodes 7 to 10
    >>> graph, width = build_graph(m.grid.ravel(), 3, 9, 2)
    >>> _bfs_kernel(graph, width, 7, 10, np.empty(0, np.int64))[0]
    10
    >>> moves = np.empty(graph.size, np.uint8)
    >>> n = _trace_moves(graph, width, 10, moves)
    >>> moves[:n].tolist()                 # three steps east (code 2 = direction 1 + 1)
    [2, 2, 2]
    """
    step_back = _node_offsets(width)
    n = 0
    node = target
    code = _code_of(graph, node)
    while code != SOURCE:
        moves[U(n)] = code
        n += 1
        node -= step_back[U(code - 1)]
        code = _code_of(graph, node)
    return n


@njit(cache=True)
def _fill_path(moves: NDArray[np.uint8], n_moves: int, row: Int, col: Int, step: int,
               out: NDArray[np.integer[Any]]) -> None:
    """Write the block path ending at block ``(row, col)`` into ``out``.

    ``moves`` comes from :func:`_trace_moves`; ``out`` has shape
    ``(n_moves * step + 1, 2)``. On a lattice (``step`` 2) the wall slot
    between two cells is written between them.

    Examples
    --------
    >>> moves = np.array([2, 2, 3], np.uint8)  # last step first: east, east, and south before them
    >>> out = np.empty((3 * 2 + 1, 2), np.int64)
    >>> _fill_path(moves, 3, 3, 5, 2, out)
    >>> out.tolist()
    [[1, 1], [2, 1], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5]]
    """
    drow = np.array([-1, 0, 1, 0], np.int64)
    dcol = np.array([0, 1, 0, -1], np.int64)
    i = out.shape[0] - 1
    out[i, 0] = row
    out[i, 1] = col
    for k in range(n_moves):
        d = U(moves[k] - 1)  # codes 1 - 4 (U: numba skips its negative-index checks)
        for _ in range(step):
            row -= drow[d]
            col -= dcol[d]
            i -= 1
            out[U(i), 0] = row
            out[U(i), 1] = col


def _node_blocks(nodes: NDArray[np.integer[Any]], width: int, step: int) -> NDArray[np.int64]:
    """``(n, 2)`` block coordinates of node indices.

    Examples
    --------
    >>> _node_blocks(np.array([7, 10]), 6, 2).tolist()   # nodes of a 6-wide lattice graph
    [[1, 1], [1, 7]]
    >>> _node_blocks(np.array([10]), 9, 1).tolist()      # any other grid: node = block
    [[1, 1]]
    """
    first = _first_block(step)
    out = np.empty((len(nodes), 2), np.int64)
    out[:, 0] = nodes // width * step + first
    out[:, 1] = nodes % width * step + first
    return out

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
serves both. :func:`open_ways` gathers a node's four passages into one
mask, for searches that turn by direction rather than test each neighbour.

The graph has a border of passage-less nodes all round, so a search never
needs a bounds check: on a lattice maze the cells are padded by one node on
each side; on any other grid the nodes are the blocks themselves and the
maze's closed border is the padding. A node ``n`` of a graph ``width`` nodes
wide (padding included) maps to block
``(step * (n // width) + first, step * (n % width) + first)``, with
``step = 2, first = -1`` on a lattice maze and ``step = 1, first = 0`` otherwise;
its neighbours are ``n + node_offsets(width)[d]``.
"""

import numpy as np
from numba import njit

from .index import U

EAST = 1
SOUTH = 2
OPEN = 4
CODE_SHIFT = 3
CODE_MASK = 7 << CODE_SHIFT
SOURCE = 5


def first_block(step):
    """Block coordinate of node coordinate 0 (see the module docs).

    Examples
    --------
    >>> first_block(2), first_block(1)      # lattice: node 0 is the padding left of block 1
    (-1, 0)
    """
    return -1 if step == 2 else 0


@njit(cache=True)
def build_graph(grid, rows, cols, step):
    """Fold a flat block grid into the padded one-byte-per-node graph.

    ``grid`` is read as bytes (1 = wall). Returns the graph and its width in
    nodes (padding included).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(2, 2, seed=0)
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
    if step == 2:
        return _lattice_graph(grid.view(np.uint8), rows, cols)
    return _block_graph(grid.view(np.uint8), rows, cols)


@njit(cache=True)
def _lattice_graph(wall, rows, cols):
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
def _block_graph(wall, rows, cols):
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
def node_offsets(width):
    """Index offsets of a node's four neighbours: north, east, south, west.

    Examples
    --------
    >>> node_offsets(6).tolist()
    [-6, 1, 6, -1]
    """
    return np.array([-width, 1, width, -1], np.int64)


@njit(inline="always")
def open_ways(graph, n, width):
    """The passages out of node ``n`` as a mask: bit ``d`` set when direction ``d`` is open.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 1, seed=0)     # one corridor of four cells
    >>> graph, width = build_graph(m.grid.ravel(), 3, 9, 2)
    >>> bin(open_ways(graph, width + 2, width))   # the second cell: east (bit 1) and west (bit 3)
    '0b1010'
    """
    return (((graph[U(n - width)] & SOUTH) >> 1) | ((graph[U(n)] & (EAST | SOUTH)) << 1)
            | ((graph[U(n - 1)] & EAST) << 3))


def _way_tables():
    count = np.zeros(16, np.int64)
    nth = np.zeros((16, 4), np.int64)
    for mask in range(16):
        ways = [d for d in range(4) if mask >> d & 1]
        count[mask] = len(ways)
        nth[mask, :len(ways)] = ways
    return count, nth.ravel()


#: for a mask of ways (as :func:`open_ways` gives): how many there are, and
#: (at ``4 * mask + j``) the ``j``-th in the order north, east, south, west
WAY_COUNT, NTH_WAY = _way_tables()


@njit(inline="always")
def code_of(graph, n):
    """The search code of node ``n`` (see the module docs).

    0 = not reached, 1 - 4 = reached moving in direction ``code - 1``, 5 = the source.

    Examples
    --------
    >>> graph = np.array([OPEN, OPEN | 2 << CODE_SHIFT], np.uint8)
    >>> code_of(graph, 0), code_of(graph, 1)      # node 1 was reached moving east
    (0, 2)
    """
    return (graph[U(n)] & CODE_MASK) >> CODE_SHIFT


@njit(inline="always")
def set_code(graph, n, code):
    """Write search ``code`` (0 - 5, see :func:`code_of`) into node ``n``, keeping its passage bits.

    Examples
    --------
    >>> graph = np.array([OPEN | EAST], np.uint8)
    >>> set_code(graph, 0, SOURCE)
    >>> code_of(graph, 0), int(graph[0]) & ~CODE_MASK
    (5, 5)
    """
    graph[U(n)] = (graph[U(n)] & ~CODE_MASK) | (code << CODE_SHIFT)


@njit(cache=True)
def trace_moves(graph, width, target, moves):
    """Walk the search codes back from ``target`` to the source.

    Writes each step's code into ``moves`` (last step first) and returns how
    many steps there are. This is the only pass that hops around the graph;
    :func:`fill_path` then works sequentially.

    Examples
    --------
    >>> import meiro
    >>> from meiro.solve.bfs import bfs_kernel
    >>> m = meiro.generate(4, 1, seed=0)     # one corridor: nodes 7 to 10
    >>> graph, width = build_graph(m.grid.ravel(), 3, 9, 2)
    >>> bfs_kernel(graph, width, 7, 10, np.empty(0, np.int64))[0]
    10
    >>> moves = np.empty(graph.size, np.uint8)
    >>> n = trace_moves(graph, width, 10, moves)
    >>> moves[:n].tolist()                 # three steps east (code 2 = direction 1 + 1)
    [2, 2, 2]
    """
    step_back = node_offsets(width)
    n = 0
    node = target
    code = code_of(graph, node)
    while code != SOURCE:
        moves[U(n)] = code
        n += 1
        node -= step_back[U(code - 1)]
        code = code_of(graph, node)
    return n


@njit(cache=True)
def fill_path(moves, n_moves, row, col, step, out):
    """Write the block path ending at block ``(row, col)`` into ``out``.

    ``moves`` comes from :func:`trace_moves`; ``out`` has shape
    ``(n_moves * step + 1, 2)``. On a lattice (``step`` 2) the wall slot
    between two cells is written between them.

    Examples
    --------
    >>> moves = np.array([2, 2, 3], np.uint8)  # last step first: east, east, and south before them
    >>> out = np.empty((3 * 2 + 1, 2), np.int64)
    >>> fill_path(moves, 3, 3, 5, 2, out)
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


def node_blocks(nodes: np.ndarray, width: int, step: int) -> np.ndarray:
    """``(n, 2)`` block coordinates of node indices.

    Examples
    --------
    >>> node_blocks(np.array([7, 10]), 6, 2).tolist()   # nodes of a 6-wide lattice graph
    [[1, 1], [1, 7]]
    >>> node_blocks(np.array([10]), 9, 1).tolist()      # any other grid: node = block
    [[1, 1]]
    """
    first = first_block(step)
    out = np.empty((len(nodes), 2), np.int64)
    out[:, 0] = nodes // width * step + first
    out[:, 1] = nodes % width * step + first
    return out

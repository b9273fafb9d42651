"""The compact search graph: one byte per node, as lean as a C maze solver.

Searching the block grid directly would touch four bytes of grid per cell
plus a state array; instead the solvers first fold the grid into one byte
per *node* (the cells of a lattice maze, or every block of any other grid):

======  =====================================================
bit 0   an open passage to the east neighbour
bit 1   an open passage to the south neighbour
3 - 5   search code: 0 = not reached, 1 - 4 = reached moving in
        direction ``code - 1`` (0 north, 1 east, 2 south, 3 west),
        5 = the source
======  =====================================================

West and north passages are read from the neighbour's east/south bits, and
a search's whole state lives in the same byte as the walls: one cache line
serves both.

The graph has a border of passage-less nodes all round, so a search never
needs a bounds check: on a lattice maze the cells are padded by one node on
each side; on any other grid the nodes are the blocks themselves and the
maze's closed border is the padding. A node ``n`` of a graph ``width`` nodes
wide (padding included) maps to block
``(step * (n // width) + first, step * (n % width) + first)``, with
``step = 2, first = -1`` on a lattice maze and ``step = 1, first = 0`` otherwise.
"""

import numpy as np
from numba import njit

EAST = 1
SOUTH = 2
CODE_SHIFT = 3
CODE_MASK = 7 << CODE_SHIFT
SOURCE = 5


def first_block(step):
    """Block coordinate of node coordinate 0 (see the module docs)."""
    return -1 if step == 2 else 0


@njit(cache=True)
def build_graph(grid, rows, cols, step):
    """Fold a flat block grid into the padded one-byte-per-node graph.

    ``grid`` is read as bytes (1 = wall). The inner loops are branch-free so
    that the pass streams through memory: it costs a small fraction of a search.
    Returns the graph and its width in nodes (padding included).
    """
    wall = grid.view(np.uint8)
    if step == 2:
        height = (rows - 1) // 2
        width = (cols - 1) // 2
        padded = width + 2
        graph = np.zeros((height + 2) * padded, np.uint8)
        for y in range(height):
            p = (2 * y + 1) * cols + 1
            n = (y + 1) * padded + 1
            last_row = y == height - 1
            for x in range(width):
                open_here = 1 - wall[p]
                east = (1 - wall[p + 1]) & (1 - wall[p + 2]) if x < width - 1 else 0
                south = (1 - wall[p + cols]) & (1 - wall[p + 2 * cols]) if not last_row else 0
                graph[n] = open_here * (east | (south << 1))
                p += 2
                n += 1
        return graph, padded
    graph = np.zeros(rows * cols, np.uint8)
    for y in range(1, rows - 1):
        p = y * cols
        for x in range(1, cols - 1):
            q = p + x
            open_here = 1 - wall[q]
            graph[q] = open_here * (((1 - wall[q + 1]) | ((1 - wall[q + cols]) << 1)))
    return graph, cols


@njit(inline="always")
def code_of(graph, n):
    return (graph[n] & CODE_MASK) >> CODE_SHIFT


@njit(inline="always")
def set_code(graph, n, code):
    graph[n] = (graph[n] & ~CODE_MASK) | (code << CODE_SHIFT)


@njit(cache=True)
def trace_moves(graph, width, target, moves):
    """Walk the search codes back from ``target`` to the source.

    Writes each step's code into ``moves`` (last step first) and returns how
    many steps there are. This is the only pass that hops around the graph;
    :func:`fill_path` then works sequentially.
    """
    step_back = np.array([-width, 1, width, -1], np.int64)
    n = 0
    node = target
    code = code_of(graph, node)
    while code != SOURCE:
        moves[n] = code
        n += 1
        node -= step_back[code - 1]
        code = code_of(graph, node)
    return n


@njit(cache=True)
def fill_path(moves, n_moves, row, col, step, out):
    """Write the block path ending at block ``(row, col)`` into ``out``.

    ``moves`` comes from :func:`trace_moves`; ``out`` has shape
    ``(n_moves * step + 1, 2)``. On a lattice (``step`` 2) the wall slot
    between two cells is written between them.
    """
    drow = np.array([-1, 0, 1, 0], np.int64)
    dcol = np.array([0, 1, 0, -1], np.int64)
    i = out.shape[0] - 1
    out[i, 0] = row
    out[i, 1] = col
    for k in range(n_moves):
        d = moves[k] - 1
        for _ in range(step):
            row -= drow[d]
            col -= dcol[d]
            i -= 1
            out[i, 0] = row
            out[i, 1] = col


def node_blocks(nodes: np.ndarray, width: int, step: int) -> np.ndarray:
    """``(n, 2)`` block coordinates of node indices."""
    first = first_block(step)
    out = np.empty((len(nodes), 2), np.int64)
    out[:, 0] = nodes // width * step + first
    out[:, 1] = nodes % width * step + first
    return out

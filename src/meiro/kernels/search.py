"""Building blocks shared by the search kernels (BFS, A*, goal placement).

Searches run on the flat block grid. On a *lattice* maze (every even/even
block a wall, start and goal on cells) they step two blocks at a time, from
cell to cell over the wall slot in between, so they touch each cell once; on
any other grid (a hand-drawn text maze, say) they step one block at a time.
``step`` is that stride; the in-between blocks of a path are filled in when
the path is traced back.

Per-block search state is one uint8: 0 = not reached, 1..4 = reached from
direction ``state - 1`` (0 north, 1 east, 2 south, 3 west), 5 = the source.
"""

import numpy as np
from numba import njit

SOURCE = 5


@njit(inline="always")
def offsets(cols):
    """Flat-index offsets of the four directions: north, east, south, west."""
    return np.array([-cols, 1, cols, -1], np.int64)


@njit(cache=True)
def grow_ring(ring, head, tail):
    """Double a power-of-two ring buffer, keeping entries at ``index & (size-1)``."""
    bigger = np.empty(ring.size * 2, ring.dtype)
    old_mask = ring.size - 1
    new_mask = bigger.size - 1
    for i in range(head, tail):
        bigger[i & new_mask] = ring[i & old_mask]
    return bigger


@njit(cache=True)
def path_blocks(state, cols, target, step):
    """Number of blocks on the path from the source to ``target``, both included."""
    off = offsets(cols)
    n = 1
    p = target
    while state[p] != SOURCE:
        p -= step * off[state[p] - 1]
        n += step
    return n


@njit(cache=True)
def trace_path(state, cols, target, step, out):
    """Follow the parent directions from ``target`` back to the source.

    Fills ``out`` (shape ``(path_blocks(...), 2)``) with the (row, col) of every
    block from source to target, one block per step, the wall slots between
    cells included.
    """
    off = offsets(cols)
    p = target
    i = out.shape[0] - 1
    out[i, 0] = p // cols
    out[i, 1] = p % cols
    while state[p] != SOURCE:
        o = off[state[p] - 1]
        for _ in range(step):
            p -= o
            i -= 1
            out[i, 0] = p // cols
            out[i, 1] = p % cols

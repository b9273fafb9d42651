"""Binary tree: every cell opens its north or its west wall, at random.

Each cell (row by row) links to the cell above or to the cell on its left,
chosen by a coin flip; the top row can only go west and the left column only
north, so they become two straight corridors meeting at the top-left cell.
The result is always a perfect maze (every cell has exactly one link towards
the top-left corner, so the links form a tree rooted there).

What it looks like: the strongest bias of all the classics. Unbroken
corridors along the top row and the left column, every route to the
top-left is a staircase going only up and left, and about 25 % of cells are
dead ends (the corridors are short). Solving from the bottom-right to the
top-left is trivial.

Origin: not used for the shape (the tree is always rooted at the top-left
cell); the log opens cells row by row from the top-left.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 2; the algorithm is
folklore (it appears in early BASIC maze programs).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.rng import _next_u64
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, run_on_grid
from .graph_carving import GraphCarving, _open_between, run_on_graph, _theta_rings
from .lattice import _carve

_TOP_BIT = np.uint64(63)


@njit(cache=True)
def _binary_tree_kernel(grid: NDArray[np.bool_], rows: int, cols: int, origin_row: int, origin_col: int,
                        state: State, order: Log | None) -> int:
    n = 0
    for r in range(1, rows - 1, 2):
        for c in range(1, cols - 1, 2):
            p = r * cols + c
            n = _carve(grid, p, order, n)
            if r == 1 and c == 1:
                continue
            if r == 1:
                north = False
            elif c == 1:
                north = True
            else:
                bits, state = _next_u64(state)
                north = (bits >> _TOP_BIT) == 1
            n = _carve(grid, p - cols if north else p - 1, order, n)
    return n


def binary_tree(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                record: bool = False) -> Carving:
    """Carve a perfect maze with the binary-tree method.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = binary_tree(4, 3, mix_seed(1), record=True)
    >>> bool((~carving.grid[1, 1:-1]).all())   # the top row is one corridor
    True
    """
    return run_on_grid(_binary_tree_kernel, width, height, state, origin, record)


@njit(cache=True)
def _polar_binary_tree_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                              slot_edges: NDArray[np.int32], start: int, state: State,
                              passages: NDArray[np.uint8], order: Log | None, first: NDArray[np.int64]) -> int:
    """The polar binary tree on a theta graph whose rings start at ``first``: every cell but the
    centre opens inward or to the next cell clockwise, the last cell of a ring always inward."""
    n_log = 0
    bits = np.uint64(0)
    n_bits = 0
    for ring in range(1, first.shape[0] - 1):
        size = first[ring + 1] - first[ring]
        ratio = size // (first[ring] - first[ring - 1])
        for i in range(size):
            cell = first[ring] + i
            inward = i == size - 1
            if not inward:
                if n_bits == 0:
                    bits, state = _next_u64(state)
                    n_bits = 64
                inward = (bits & np.uint64(1)) == np.uint64(1)
                bits >>= np.uint64(1)
                n_bits -= 1
            other = first[ring - 1] + i // ratio if inward else cell + 1
            n_log = _open_between(offsets, targets, slot_edges, cell, other, passages, order, n_log)
    return n_log


def binary_tree_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False) -> GraphCarving:
    """Carve a theta maze with the polar binary tree (*Mazes for Programmers*, ch. 7).

    Each cell opens inward or clockwise at random; the last cell of each ring
    (just before north) always opens inward, so no ring closes a loop. Every
    route leads to the centre by going only inward and clockwise. ``origin`` is
    checked but not used.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> g = geometry_of("theta", (3,))
    >>> carving = binary_tree_graph(g, mix_seed(1), record=True)
    >>> int(carving.passages.sum()), len(carving.order)
    (42, 42)
    >>> binary_tree_graph(geometry_of("hex", (3, 3)), mix_seed(1))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: the polar binary tree works on theta mazes only, not on a hex one
    """
    first = _theta_rings(geometry, "binary tree")
    return run_on_graph(_polar_binary_tree_kernel, geometry, state, origin, record, first)

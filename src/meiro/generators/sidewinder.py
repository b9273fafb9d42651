"""Sidewinder: runs of cells along each row, each run linked upwards once.

The top row is one corridor. In every later row, walk west to east and
extend the current *run* eastwards with a coin flip; when the run is closed
(coin, or the east edge), one random cell of the run opens its north wall.
Every run joins the tree above exactly once, so the maze is perfect.

What it looks like: an unbroken top corridor and a clear vertical bias — a
path from the top never has to go down, so solving towards the top row is
easy. Dead ends about 28 % of cells; horizontal corridors of a few cells.

Origin: not used for the shape (rows are processed from the top); the log
opens cells row by row.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 2 (Walter D. Pullen's
classification calls it "Sidewinder").
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.rng import _below, _next_u64
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, run_on_grid
from .graph_carving import GraphCarving, _open_between, run_on_graph, _theta_rings
from .lattice import _carve

_TOP_BIT = np.uint64(63)


@njit(cache=True)
def _sidewinder_kernel(grid: NDArray[np.bool_], rows: int, cols: int, origin_row: int, origin_col: int,
                       state: State, order: Log | None) -> int:
    n = 0
    for r in range(1, rows - 1, 2):
        run_start = 1
        for c in range(1, cols - 1, 2):
            p = r * cols + c
            n = _carve(grid, p, order, n)
            at_east = c == cols - 2
            if r == 1:
                if not at_east:
                    n = _carve(grid, p + 1, order, n)
                continue
            close = at_east
            if not close:
                bits, state = _next_u64(state)
                close = (bits >> _TOP_BIT) == 1
            if close:
                k, state = _below(state, (c - run_start) // 2 + 1)
                n = _carve(grid, r * cols + run_start + 2 * k - cols, order, n)
                run_start = c + 2
            else:
                n = _carve(grid, p + 1, order, n)
    return n


def sidewinder(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
               record: bool = False) -> Carving:
    """Carve a perfect maze with the sidewinder method.

    Parameters and result as for :func:`meiro.generators.dig.dig`.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = sidewinder(5, 4, mix_seed(2))
    >>> bool((~carving.grid[1, 1:-1]).all())
    True
    """
    return run_on_grid(_sidewinder_kernel, width, height, state, origin, record)


@njit(cache=True)
def _polar_sidewinder_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                             slot_edges: NDArray[np.int32], start: int, state: State,
                             passages: NDArray[np.uint8], order: Log | None, first: NDArray[np.int64]) -> int:
    """The polar sidewinder on a theta graph whose rings start at ``first``: each ring is cut into
    runs clockwise from north, and each run opens inward from one of its cells."""
    n_log = 0
    for ring in range(1, first.shape[0] - 1):
        size = first[ring + 1] - first[ring]
        ratio = size // (first[ring] - first[ring - 1])
        run = 0
        for i in range(size):
            cell = first[ring] + i
            close = i == size - 1
            if not close:
                bits, state = _next_u64(state)
                close = (bits >> np.uint64(63)) == np.uint64(1)
            if close:
                k, state = _below(state, i - run + 1)
                member = run + k
                n_log = _open_between(offsets, targets, slot_edges, first[ring] + member,
                                      first[ring - 1] + member // ratio, passages, order, n_log)
                run = i + 1
            else:
                n_log = _open_between(offsets, targets, slot_edges, cell, cell + 1, passages, order, n_log)
    return n_log


def sidewinder_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False) -> GraphCarving:
    """Carve a theta maze with the polar sidewinder (*Mazes for Programmers*, ch. 7).

    Ring by ring, clockwise from north, cells join a run until a coin flip (or
    the ring's end) closes it; a closed run opens inward from one of its cells
    at random. ``origin`` is checked but not used.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = sidewinder_graph(geometry_of("theta", (3,)), mix_seed(1), record=True)
    >>> int(carving.passages.sum()), len(carving.order)
    (42, 42)
    """
    first = _theta_rings(geometry, "sidewinder")
    return run_on_graph(_polar_sidewinder_kernel, geometry, state, origin, record, first)

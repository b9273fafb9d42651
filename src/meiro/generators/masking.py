"""Masks: carve a maze only inside a shape.

A mask says which cells belong to the maze. It can be

* a boolean array of shape ``(height, width)`` (``True`` = inside);
* a text picture, one line per row of cells: ``.`` inside, ``#`` outside
  (``#`` is a wall everywhere in meiro);
* a black-and-white PNG file, one pixel per cell: light pixels inside, dark
  pixels outside (needs Pillow; grey levels are split at 50 %);
* a path to a text file holding such a picture.

How a masked maze is made: the generator carves the whole rectangle as
usual; then everything outside the *region* — the cells of the mask
connected (through side-by-side neighbours) to the start — is walled up,
which leaves the region's part of the maze as a forest of pieces; finally the
pieces are joined into one tree by opening walls between different pieces in
random order (a Kruskal pass with a union-find). The result is a perfect maze
of the region, whatever the generator. Inside large mask areas the texture is
the generator's own; along the mask's edges, where the rectangle's maze left
through cells that are now walled up, the joins add a Kruskal-like texture.
The exact uniformity of ``wilson`` and ``aldous-broder`` holds on the
rectangle, not on a masked region.

The carving log stays exact: the generator's log without the blocks that
were walled up, followed by the joining walls.
"""

from __future__ import annotations


import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError
from ..kernels.rng import check_state
from ..maze import _grid_shape
from ..solvers.bfs import flood
from .carving import Log, State, carving_log, editable_grid
from .lattice import _find, _shuffle

# (the mask's sources are read by meiro.generators.mask_source, which a Recipe uses too)
from .mask_source import (INSIDE as INSIDE, OUTSIDE as OUTSIDE, MaskSource as MaskSource,
                          _mask_from_png as _mask_from_png, load_mask as load_mask,
                          parse_mask_text as parse_mask_text, read_mask_png as read_mask_png)


def allowed_blocks(cells: np.ndarray) -> np.ndarray:
    """The blocks a maze on the cell set ``cells`` may open: the cells and the
    wall slots between two of them (bool block grid, ``True`` = may open).

    Examples
    --------
    >>> allowed_blocks(np.array([[True, True, False]])).astype(int)
    array([[0, 0, 0, 0, 0, 0, 0],
           [0, 1, 1, 1, 0, 0, 0],
           [0, 0, 0, 0, 0, 0, 0]])
    """
    cells = _cell_set(cells)
    height, width = cells.shape
    out = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    out[1::2, 1::2] = cells
    out[1::2, 2:-1:2] = cells[:, :-1] & cells[:, 1:]
    out[2:-1:2, 1::2] = cells[:-1] & cells[1:]
    return out


def _cell_set(cells: object) -> NDArray[np.bool_]:
    """A set of cells: a two-dimensional, non-empty bool array (``True`` = in the set)."""
    if not isinstance(cells, np.ndarray):
        raise TypeError(f"cells must be a bool array, got {type(cells).__name__}")
    if cells.ndim != 2 or cells.size == 0:
        raise MazeError(f"cells must be a two-dimensional (height, width) array, got shape {cells.shape}")
    if cells.dtype != np.bool_:
        raise MazeError(f"cells must hold booleans (True = inside), got {cells.dtype} values")
    return cells


def check_allowed(allowed: object, shape: tuple[int, int]) -> NDArray[np.bool_]:
    """The blocks a pass may open, checked to fit a grid of ``shape``: never the border
    or a post (so every block a kernel steps to from them is inside the grid).

    Examples
    --------
    >>> check_allowed(allowed_blocks(np.ones((1, 2), bool)), (3, 5)).astype(int).tolist()
    [[0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0]]
    >>> check_allowed(np.ones((3, 5), bool), (3, 5))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: allowed may not open the border or a post (an even/even block)
    """
    if not isinstance(allowed, np.ndarray) or allowed.dtype != np.bool_:
        raise TypeError("allowed must be a bool block array (see masking.allowed_blocks)")
    if allowed.shape != _grid_shape(shape):
        raise MazeError(f"allowed has shape {allowed.shape} but the grid {shape}")
    if (allowed[0].any() or allowed[-1].any() or allowed[:, 0].any() or allowed[:, -1].any()
            or allowed[::2, ::2].any()):
        raise MazeError("allowed may not open the border or a post (an even/even block)")
    return np.ascontiguousarray(allowed)


def region_of(cells: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """The cells of ``cells`` connected to the start cell (block coordinates).

    Examples
    --------
    >>> region_of(np.array([[True, False, True]]), (1, 1)).tolist()
    [[True, False, False]]
    """
    grid = ~allowed_blocks(cells)
    region = np.zeros(grid.size, dtype=bool)
    region[flood(grid, start, 2)] = True
    return region.reshape(grid.shape)[1::2, 1::2].copy()


@njit(cache=True)
def _join_pieces(grid: NDArray[np.bool_], allowed: NDArray[np.bool_], cols: int, width: int,
                 slots: NDArray[np.intp], state: State, order: Log | None, n: int) -> int:
    """Open walls between different pieces of the forest ``grid`` until it is one tree.

    ``slots``: candidate wall slots (closed, allowed), shuffled here.
    """
    n_cells = width * ((grid.size // cols - 1) // 2)
    parent = np.arange(n_cells)
    offset_cell = np.array([-width, 1, width, -1], np.int64)
    offset = np.array([-cols, 1, cols, -1], np.int64)
    # union the cells already joined by open wall slots (east and south links)
    for i in range(n_cells):
        r = i // width
        p = (2 * r + 1) * cols + 2 * (i - r * width) + 1
        if not allowed[p]:
            continue
        for d in (1, 2):
            if allowed[p + offset[d]] and not grid[p + offset[d]]:
                a = _find(parent, i)
                b = _find(parent, i + offset_cell[d])
                if a != b:
                    parent[b] = a
    state = _shuffle(slots, state)
    for w in slots:
        if (w // cols) % 2 == 1:
            pa, pb = w - 1, w + 1
        else:
            pa, pb = w - cols, w + cols
        ra = ((pa // cols) // 2) * width + (pa % cols) // 2
        rb = ((pb // cols) // 2) * width + (pb % cols) // 2
        a = _find(parent, ra)
        b = _find(parent, rb)
        if a == b:
            continue
        parent[b] = a
        grid[w] = False
        if order is not None:
            order[n] = w
            n += 1
    return n


def restrict(grid: np.ndarray, order: np.ndarray | None, region: np.ndarray,
             state: State | int) -> tuple[np.ndarray, np.ndarray | None]:
    """Wall up everything outside ``region`` and join what is left into one tree.

    ``grid`` is a perfect maze of the whole rectangle (changed in place),
    ``order`` its carving log or None. Returns the grid and the new log.

    Examples
    --------
    >>> import meiro
    >>> from meiro.generators import carve
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = carve("dig", 3, 2, 1, (1, 1), record=True)
    >>> region = np.array([[True, True, False], [True, True, False]])   # the left 2 x 2 cells
    >>> grid, log = restrict(carving.grid.copy(), carving.order, region, mix_seed(1, stream=2))
    >>> grid.astype(int)
    array([[1, 1, 1, 1, 1, 1, 1],
           [1, 0, 1, 0, 1, 1, 1],
           [1, 0, 1, 0, 1, 1, 1],
           [1, 0, 0, 0, 1, 1, 1],
           [1, 1, 1, 1, 1, 1, 1]])
    >>> bool((meiro.replay_carving(grid.shape, log) == grid).all())
    True
    """
    grid = editable_grid(grid)
    region = _cell_set(region)
    if grid.shape != (2 * region.shape[0] + 1, 2 * region.shape[1] + 1):
        raise MazeError(f"the region is {region.shape[1]}x{region.shape[0]} cells but the grid has "
                        f"{grid.shape[1]}x{grid.shape[0]} blocks")
    state = check_state(state)
    if order is not None:
        order = carving_log(order, grid.size)
    allowed = allowed_blocks(region)
    grid |= ~allowed
    slots = np.flatnonzero(allowed & grid)
    if order is None:
        _join_pieces(grid.ravel(), allowed.ravel(), grid.shape[1], region.shape[1], slots, state,
                     None, 0)
        return grid, None
    kept = order[allowed.ravel()[order]]
    log = np.empty(len(kept) + len(slots), order.dtype)
    log[:len(kept)] = kept
    joins = _join_pieces(grid.ravel(), allowed.ravel(), grid.shape[1], region.shape[1], slots,
                         state, log[len(kept):], 0)
    return grid, log[:len(kept) + joins]

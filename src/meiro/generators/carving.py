"""What a generator returns: the grid and, on request, its carving log."""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, SupportsIndex

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, flag, whole
from ..kernels.cells import _cells_to_grid, _padded_cells
from ..kernels.rng import check_state
from ..maze import check_cell, check_grid
from ..sizes import ensure_fits

#: A carving log: flat block indices in the order they were opened, int32 while
#: they fit, else int64 (:func:`record_buffer`).
Log = NDArray[np.signedinteger[Any]]
#: A kernel's PRNG state (:func:`meiro.kernels.rng.mix_seed`), threaded through its calls.
State = np.uint64


class Carving(NamedTuple):
    """A generator's result.

    ``grid`` is the block grid (``True`` = wall); ``order`` is None or the flat
    block indices in the order they were opened. ``cells`` optionally hands
    over the compact one-byte-per-cell form (:mod:`meiro.kernels.cells`), which
    goal placement can search without rebuilding it.

    Examples
    --------
    >>> from meiro.generators.dig import dig
    >>> from meiro.kernels.rng import mix_seed
    >>> grid, order, cells = dig(2, 1, mix_seed(0), record=True)
    >>> grid.astype(int).tolist(), order.tolist(), cells.shape
    ([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], [6, 7, 8], (12,))
    """

    grid: np.ndarray
    order: np.ndarray | None
    cells: np.ndarray | None = None


def record_buffer(n_blocks: SupportsIndex, length: SupportsIndex) -> Log:
    """An index array for a carving log: int32 while block indices fit, else int64.

    A generator that is not recording passes None to its kernel instead of a log
    (see :func:`run_on_cells`); ``length`` 0 makes an empty log of the right dtype.

    Examples
    --------
    >>> record_buffer(31 * 31, 899).dtype, record_buffer(2**31, 0).dtype
    (dtype('int32'), dtype('int64'))
    """
    n_blocks, length = whole(n_blocks, "n_blocks", 0), whole(length, "length", 0)
    dtype = np.int32 if n_blocks < 2**31 else np.int64
    try:
        return np.empty(length, dtype=dtype)
    except (MemoryError, ValueError):
        raise MazeError(f"a log of {length} entries does not fit in memory") from None


def check_request(width: SupportsIndex, height: SupportsIndex, state: State | int,
                  origin: Sequence[int] = (1, 1), record: bool = False,
                  memory: int = 1) -> tuple[int, int, State, tuple[int, int], bool]:
    """What a generator is asked for, checked before any kernel runs: ``(width, height,
    state, origin, record)`` as two ints, a ``numpy.uint64`` PRNG state, a cell and a bool.

    ``memory``: the generator's working bytes per cell, for the memory check.

    Raises
    ------
    MazeError
        A size below one cell or too big for the memory, a state out of range, or an
        origin that is not one of the cells.
    TypeError
        A size or state that is not a whole number, or ``record`` not a bool.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> check_request(3, 2, 5, [3, 5])
    (3, 2, np.uint64(5), (3, 5), False)
    >>> check_request(3, 2, mix_seed(1), (10**7, 3))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: origin must be a cell, an odd (row, col) inside the 5x7-block grid, got (10000000, 3)
    """
    width = whole(width, "width", what="a whole number of cells")
    height = whole(height, "height", what="a whole number of cells")
    for name, side in (("width", width), ("height", height)):
        if side < 1:  # (both types checked first, as a generator has always done)
            raise MazeError(f"{name} must be at least 1 cell, got {side}")
    ensure_fits(width, height, whole(memory, "memory", 0))
    return (width, height, check_state(state), check_cell(origin, width, height, "origin"),
            flag(record, "record"))


def run_on_cells(kernel: Callable[..., int], width: int, height: int, state: State | int,
                 origin: Sequence[int], record: bool, *extra: object) -> Carving:
    """Run a compact-cell generator ``kernel`` (:mod:`meiro.kernels.cells`) and wrap its result.

    ``kernel(cells, width, height, origin_x, origin_y, state, order, *extra)`` carves
    padded ``cells`` and returns the log length; ``order`` is None unless
    ``record`` (numba then compiles a version without the logging). The request is
    checked first (:func:`check_request`); ``kernel`` and ``extra`` are the caller's.

    Examples
    --------
    >>> from meiro.generators.wilson import _wilson_kernel
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = run_on_cells(_wilson_kernel, 3, 2, mix_seed(1), (1, 1), True)
    >>> carving.grid.shape, len(carving.order), carving.cells.size
    ((5, 7), 11, 20)
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record)
    cells = _padded_cells(width, height)
    order = record_buffer((2 * width + 1) * (2 * height + 1), 2 * width * height - 1) if record else None
    n_log = kernel(cells, width, height, origin[1] // 2, origin[0] // 2, state, order, *extra)
    return Carving(_cells_to_grid(cells, width, height), None if order is None else order[:n_log], cells)


def run_on_grid(kernel: Callable[..., int], width: int, height: int, state: State | int,
                origin: Sequence[int], record: bool, *extra: object) -> Carving:
    """Run a block-grid generator ``kernel`` on an all-wall grid and wrap its result: the twin
    of :func:`run_on_cells` for the kernels that carve the block grid itself.

    ``kernel(grid, rows, cols, origin_row, origin_col, state, order, *extra)``
    must return the number of log entries it wrote; ``order`` is None unless ``record``
    (numba then compiles a version without the logging). The request is checked first.

    Examples
    --------
    >>> from meiro.generators.binary_tree import _binary_tree_kernel
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = run_on_grid(_binary_tree_kernel, 3, 2, mix_seed(1), (1, 1), True)
    >>> carving.grid.astype(int)
    array([[1, 1, 1, 1, 1, 1, 1],
           [1, 0, 0, 0, 0, 0, 1],
           [1, 0, 1, 0, 1, 1, 1],
           [1, 0, 1, 0, 0, 0, 1],
           [1, 1, 1, 1, 1, 1, 1]])
    >>> carving.order.tolist()
    [8, 10, 9, 12, 11, 22, 15, 24, 17, 26, 25]
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record)
    rows, cols = 2 * height + 1, 2 * width + 1
    grid = np.ones((rows, cols), dtype=bool)
    order = record_buffer(rows * cols, 2 * width * height - 1) if record else None
    n_log = kernel(grid.ravel(), rows, cols, origin[0], origin[1], state, order, *extra)
    return Carving(grid, None if order is None else order[:n_log])


def check_number(value: float, name: str, low: float, high: float, what: str = "a number") -> float:
    """A real number from ``low`` to ``high`` (a generator's option), as a float.

    Examples
    --------
    >>> check_number(0.25, "newest", 0, 1)
    0.25
    >>> check_number(float("nan"), "newest", 0, 1)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: newest must be a number from 0 to 1, got nan
    """
    for bound in (low, high):
        if isinstance(bound, bool) or not isinstance(bound, numbers.Real):
            raise TypeError(f"the bounds must be numbers, got {bound!r}")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {what} from {low} to {high}, got {value!r}")
    if not low <= float(value) <= high:
        raise MazeError(f"{name} must be {what} from {low} to {high}, got {value!r}")
    return float(value)


def editable_grid(grid: object) -> NDArray[np.bool_]:
    """``grid``, checked to be a maze's block grid that can be changed in place: a
    writable, C-contiguous bool array of 0/1 bytes with odd sides and a closed border.

    Examples
    --------
    >>> import meiro
    >>> editable_grid(meiro.generate(2, 2, seed=1).grid)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: the grid is changed in place, so it must be a writable array (a maze's grid is read-only: pass maze.grid.copy())
    """
    if not isinstance(grid, np.ndarray) or grid.dtype != np.bool_:
        kind = f"{grid.dtype} array" if isinstance(grid, np.ndarray) else type(grid).__name__
        raise TypeError(f"the grid must be a bool array (it is changed in place), got {kind}")
    if not grid.flags.writeable:
        raise MazeError("the grid is changed in place, so it must be a writable array "
                        "(a maze's grid is read-only: pass maze.grid.copy())")
    if check_grid(grid) is not grid:  # not C-contiguous, or bytes other than 0 and 1
        raise MazeError("the grid is changed in place, so it must be C-contiguous with 0/1 bytes "
                        "(pass np.ascontiguousarray(grid, bool))")
    return grid


def carving_log(order: object, n_blocks: int) -> Log:
    """A carving log: a one-dimensional int32 or int64 array of flat indices below ``n_blocks``.

    Examples
    --------
    >>> carving_log(np.array([6, 7, 8], np.int32), 15).tolist()
    [6, 7, 8]
    >>> carving_log(np.array([6, 15], np.int32), 15)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a carving log must hold flat block indices below 15
    """
    if not isinstance(order, np.ndarray) or order.dtype not in (np.int32, np.int64):
        raise TypeError("a carving log must be an int32 or int64 array (see carving.record_buffer)")
    if order.ndim != 1:
        raise MazeError(f"a carving log must be one-dimensional, got shape {order.shape}")
    n_blocks = whole(n_blocks, "n_blocks", 0)
    if order.size and (order.min() < 0 or order.max() >= n_blocks):
        raise MazeError(f"a carving log must hold flat block indices below {n_blocks}")
    return order

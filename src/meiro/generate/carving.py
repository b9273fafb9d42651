"""What a generator returns: the grid and, on request, its carving log."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Carving(NamedTuple):
    """A generator's result.

    ``grid`` is the block grid (``True`` = wall); ``order`` is None or the flat
    block indices in the order they were opened. ``cells`` optionally hands
    over the compact one-byte-per-cell form (:mod:`meiro.kernels.cells`), which
    goal placement can search without rebuilding it.

    Examples
    --------
    >>> from meiro.generate.dig import dig
    >>> from meiro.kernels.rng import mix_seed
    >>> grid, order, cells = dig(2, 1, mix_seed(0), record=True)
    >>> grid.astype(int).tolist(), order.tolist(), cells.shape
    ([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]], [6, 7, 8], (12,))
    """

    grid: np.ndarray
    order: np.ndarray | None
    cells: np.ndarray | None = None


def record_buffer(n_blocks: int, length: int) -> np.ndarray:
    """An index array for a carving log: int32 while block indices fit, else int64.

    ``length`` 0 means "do not record" (kernels test ``order.size > 0``).

    Examples
    --------
    >>> record_buffer(31 * 31, 899).dtype, record_buffer(2**31, 0).dtype
    (dtype('int32'), dtype('int64'))
    """
    dtype = np.int32 if n_blocks < 2**31 else np.int64
    return np.empty(length, dtype=dtype)

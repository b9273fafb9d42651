"""What a solver kernel hands back, before it becomes a :class:`~meiro.Solution`."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class SearchResult(NamedTuple):
    """Raw search output on the flat block grid.

    ``state`` holds each block's parent direction (see :mod:`meiro.kernels.search`);
    ``found`` is the goal's flat index or -1; ``explored`` is None unless recorded.
    """

    state: np.ndarray
    found: int
    expanded: int
    max_frontier: int
    explored: np.ndarray | None


def search_setup(grid: np.ndarray, record: bool) -> tuple[np.ndarray, np.ndarray]:
    """The flat view of ``grid`` and an exploration buffer (empty unless ``record``).

    The buffer is allocated at the grid's size but only the pages a search
    writes are ever touched, so an unrecorded or short search costs nothing.
    """
    return grid.ravel(), np.empty(grid.size if record else 0, np.int64)

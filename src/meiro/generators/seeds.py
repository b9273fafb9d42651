"""Seeds derived from one seed, for everything above the core that makes many mazes.

A batch, a dataset and a printed sheet each take one seed and give maze ``i``
the seed ``mix_seed(seed, stream=1 + i)`` (:func:`meiro.kernels.rng.mix_seed`):
a full 64-bit mix of the two, so that no two batches share a run of seeds.
The mixing is SplitMix64's, written once in :mod:`meiro.kernels.rng`; this
module is how the layers above the core reach it (they never call the kernels'
modules themselves).

Examples
--------
>>> from meiro.kernels.rng import mix_seed
>>> [int(s) for s in derived_seeds(7, 2)] == [int(mix_seed(7, stream=1 + i)) for i in range(2)]
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from ..kernels.rng import GOLDEN, mix64, mix_seeds
from ..sizes import available_memory

__all__ = ["GOLDEN", "derived_seeds", "mix64"]


def derived_seeds(seed: int, count: int, first: int = 0) -> NDArray[np.uint64]:
    """The seeds of mazes ``first`` to ``first + count - 1`` made from ``seed``: maze ``i``
    gets ``mix_seed(seed, stream=1 + i)``, all at once with NumPy.

    Examples
    --------
    >>> bool((derived_seeds(7, 3, first=5) == derived_seeds(7, 8)[5:]).all())
    True
    >>> derived_seeds(1, 0).dtype
    dtype('uint64')
    >>> derived_seeds(1, -1)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: count must be at least 0, got -1
    """
    seed = whole(seed, "seed", 0, 2**64 - 1)
    count = whole(count, "count", 0)
    first = whole(first, "first", 0, 2**63 - 1 - count)
    free = available_memory()
    if free is not None and 8 * count > free:  # one uint64 a maze, and the NumPy work beside it
        raise MazeError(f"{count:,} seeds need {8 * count:,} bytes of memory; about {free:,} are free")
    return mix_seeds(seed, np.arange(1 + first, first + count + 1, dtype=np.uint64))

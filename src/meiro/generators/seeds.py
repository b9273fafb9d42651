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

from ..kernels.rng import GOLDEN, mix64, mix_seeds

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
    """
    return mix_seeds(seed, np.arange(1 + first, first + count + 1, dtype=np.uint64))

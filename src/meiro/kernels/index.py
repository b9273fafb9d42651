"""Array indices that numba does not need to check.

numba lets a negative index count from the end of an array, as Python does,
so every ``a[i]`` whose signed ``i`` it cannot prove to be non-negative costs
a compare and a select, and keeps LLVM from vectorising the loop around it.
The hot loops of the kernels index with ``a[U(i)]`` instead: an unsigned
index, which numba uses as it is (the dig kernel runs about 17 % faster).
An index that would be negative is a bug either way; meiro's kernels never
form one (the padding ring keeps every neighbour inside the array).

Examples
--------
>>> import numpy as np
>>> from numba import njit
>>> @njit
... def second(a):
...     return a[U(1)]
>>> int(second(np.arange(5)))
1
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np

U = np.uintp  # cast an index that is known to be >= 0

#: a whole number as a kernel takes or gives it: a Python ``int``, or a NumPy integer
#: (what a kernel computes when it runs as plain Python, see :mod:`meiro.kernels.jit`)
Int: TypeAlias = "int | np.integer[Any]"

"""Growable buffers for the kernels' explicit stacks and queues.

A kernel starts with a small buffer and doubles it when it fills, so a
search on a maze with a small frontier costs little memory whatever the
maze's size.
"""

from typing import TypeVar

import numpy as np
from numpy.typing import NDArray
from .jit import njit

from .index import U

#: the item type of a buffer (the copy has the same)
Item = TypeVar("Item", bound=np.generic)


@njit(cache=True)
def _grow(array: NDArray[Item]) -> NDArray[Item]:
    """A copy of a stack's ``array`` twice as long (the new half left unset).

    Examples
    --------
    >>> bigger = _grow(np.array([1, 2, 3]))
    >>> bigger.size, bigger[:3].tolist()
    (6, [1, 2, 3])
    """
    bigger = np.empty(array.size * 2, array.dtype)
    bigger[:array.size] = array
    return bigger


@njit(cache=True)
def _grow_ring(ring: NDArray[Item], head: int, tail: int) -> NDArray[Item]:
    """Double a power-of-two ring buffer, keeping entries at ``index & (size-1)``.

    The queue holds ``ring[i & (size - 1)]`` for ``head <= i < tail``; the
    counters keep growing and never wrap, so they stay valid after the move.

    Examples
    --------
    >>> ring = np.array([10, 11, 12, 13])   # queue items 2, 3, 4: ring[2], ring[3], ring[4 & 3]
    >>> bigger = _grow_ring(ring, 2, 5)
    >>> bigger.size, [int(bigger[i & 7]) for i in range(2, 5)]
    (8, [12, 13, 10])
    """
    bigger = np.empty(ring.size * 2, ring.dtype)
    old_mask = ring.size - 1
    new_mask = bigger.size - 1
    for i in range(head, tail):  # i >= 0: U() skips numba's negative-index check
        bigger[U(i & new_mask)] = ring[U(i & old_mask)]
    return bigger

"""The PRNG used inside every kernel: SplitMix64 with explicit state.

Why SplitMix64: it is a 64-bit counter passed through a strong mixer, so it is
tiny (one ``uint64`` of state), fast, passes BigCrush, and any seed (0 included)
is a valid state. Kernels carry the state in a local variable and thread it
through calls (``value, state = _next_u64(state)``); nothing is global, so the
same seed gives the same stream on every machine, process and thread.

Bounded draws use Lemire's multiply-shift on the high 32 bits, which is unbiased
enough for maze generation (bias below 2**-32 for the n <= 4 draws that dominate)
and avoids a division.
"""

from typing import Any

import numpy as np
from .jit import njit

from ..errors import MazeError, whole
from .index import Int

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)


@njit(inline="always")
def _next_u64(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """Return ``(value, new_state)``: the next 64 random bits.

    Examples
    --------
    >>> value, state = _next_u64(np.uint64(0))
    >>> hex(value)                  # SplitMix64's first output for seed 0
    '0xe220a8397b1dcdaf'
    >>> _next_u64(state)[0] == _next_u64(state)[0]    # the same state, the same draw
    True
    """
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31), state


@njit(inline="always")
def _below(state: np.uint64, n: Int) -> tuple[Int, np.uint64]:
    """Return ``(k, new_state)`` with ``k`` uniform in ``range(n)``, ``1 <= n < 2**32``.

    Examples
    --------
    >>> state = mix_seed(7)
    >>> draws = []
    >>> for _ in range(10):
    ...     k, state = _below(state, 4)
    ...     draws.append(k)
    >>> draws                       # the same seed gives these draws everywhere
    [0, 2, 1, 0, 1, 1, 0, 1, 1, 1]
    """
    z, state = _next_u64(state)
    return np.int64(((z >> _S32) * np.uint64(n)) >> _S32), state


def mix_seed(seed: int, stream: int = 0) -> np.uint64:
    """Turn a user seed and a stream number into an initial kernel state.

    Different streams (generation, solver tie-breaks, ...) of one seed are
    independent, so adding a random draw to one never shifts another.

    Examples
    --------
    >>> bool(mix_seed(4) == mix_seed(4))
    True
    >>> bool(mix_seed(4, stream=1) != mix_seed(4))
    True
    >>> mix_seed(1.5)
    Traceback (most recent call last):
    ...
    TypeError: seed must be a whole number, got 1.5
    """
    # any whole number will do: the arithmetic below keeps the low 64 bits
    seed, stream = whole(seed, "seed"), whole(stream, "stream")
    mask = (1 << 64) - 1
    z = (seed * 0x9E3779B97F4A7C15 + stream * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return np.uint64(z ^ (z >> 31))


def check_state(state: Any) -> np.uint64:
    """A kernel PRNG state: a ``numpy.uint64`` (as :func:`mix_seed` makes) or a whole
    number from 0 to 2**64 - 1.

    Examples
    --------
    >>> bool(check_state(mix_seed(3)) == mix_seed(3)), check_state(7)
    (True, np.uint64(7))
    >>> check_state(-1)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a PRNG state must be from 0 to 2**64 - 1, got -1
    """
    if isinstance(state, np.uint64):
        return state
    value = whole(state, "a PRNG state", what="a numpy.uint64 (see mix_seed)")
    if not 0 <= value < 2**64:
        raise MazeError(f"a PRNG state must be from 0 to 2**64 - 1, got {value}")
    return np.uint64(value)

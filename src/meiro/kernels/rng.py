"""The PRNG used inside every kernel: SplitMix64 with explicit state.

Why SplitMix64: it is a 64-bit counter passed through a strong mixer, so it is
tiny (one ``uint64`` of state), fast, passes BigCrush, and any seed (0 included)
is a valid state. Kernels carry the state in a local variable and thread it
through calls (``value, state = _next_u64(state)``); nothing is global, so the
same seed gives the same stream on every machine, process and thread.

Bounded draws use Lemire's multiply-shift on the high 32 bits, which is unbiased
enough for maze generation (bias below 2**-32 for the n <= 4 draws that dominate)
and avoids a division.

This module is the only place SplitMix64's constants are written: the kernels
call :func:`_next_u64`, :func:`_below` and :func:`_mix_seed`; Python calls
:func:`mix_seed`, and code that needs many seeds at once calls the NumPy
versions beside them, :func:`mix_seeds` and :func:`mix64` (a batch's seeds, a
dataset's fingerprints). All of them give the same numbers as one another.
"""

from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from .jit import njit

from ..errors import MazeError, whole
from .index import Int

#: SplitMix64's step (2**64 over the golden ratio, made odd): the counter's increment, and
#: the multiplier :func:`mix_seed` gives a seed.
GOLDEN = 0x9E3779B97F4A7C15
#: :func:`mix_seed`'s multiplier of the stream number, and the offset it adds (so that seed 0
#: stream 0 is not the state 0).
STREAM = 0xD1B54A32D192ED03
OFFSET = 0x632BE59BD9B4E019
#: SplitMix64's finalizer multipliers (Stafford's "Mix13").
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB

# as uint64, so that numba's and NumPy's arithmetic wraps as the masking of mix_seed does
_GOLDEN = np.uint64(GOLDEN)
_STREAM = np.uint64(STREAM)
_OFFSET = np.uint64(OFFSET)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_MASK = (1 << 64) - 1

#: a uint64 scalar or array: :func:`_finalize` works on both
U64 = TypeVar("U64", np.uint64, NDArray[np.uint64])


def _finalize(z: U64) -> U64:
    """SplitMix64's finalizer, on a uint64 scalar (compiled: :func:`_mix64`) or array (:func:`mix64`)."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


#: the finalizer inside kernels
_mix64 = njit(inline="always")(_finalize)


def _uint64s(values: object, name: str) -> NDArray[np.uint64]:
    """``values``, checked to be a NumPy ``uint64`` array (what the mixing is defined on)."""
    if not isinstance(values, np.ndarray) or values.dtype != np.uint64:
        kind = f"{values.dtype} array" if isinstance(values, np.ndarray) else type(values).__name__
        raise TypeError(f"{name} must be a numpy uint64 array, got {kind}")
    return values


def mix64(z: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """SplitMix64's finalizer: 64 bits in, 64 well-mixed bits out, elementwise on a uint64 array.

    The kernels' :func:`_mix64` (the same lines); on NumPy arrays it wraps
    modulo 2**64 as the kernels do.

    Examples
    --------
    >>> z = np.array([0, 1, 2**64 - 1], np.uint64)
    >>> [hex(v) for v in mix64(z)]
    ['0x0', '0x5692161d100b05e5', '0xb4d055fcf2cbbd7b']
    >>> bool(mix64(z)[1] == _mix64(np.uint64(1)))
    True
    >>> mix64([1, 2])
    Traceback (most recent call last):
    ...
    TypeError: z must be a numpy uint64 array, got list
    """
    return _finalize(_uint64s(z, "z"))


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
    return _mix64(state), state


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
    z = (seed * GOLDEN + stream * STREAM + OFFSET) & _MASK
    # the finalizer on Python ints (mix64's lines, masked): no NumPy scalar, which would warn on wrapping
    z = ((z ^ (z >> 30)) * MIX1) & _MASK
    z = ((z ^ (z >> 27)) * MIX2) & _MASK
    return np.uint64(z ^ (z >> 31))


@njit(inline="always")
def _mix_seed(seed: np.uint64, stream: np.uint64) -> np.uint64:
    """:func:`mix_seed` inside a kernel, for a ``uint64`` seed and stream.

    Examples
    --------
    >>> seed = 2**64 - 5
    >>> bool(_mix_seed(np.uint64(seed), np.uint64(3)) == mix_seed(seed, stream=3))
    True
    """
    return _mix64(seed * _GOLDEN + stream * _STREAM + _OFFSET)


def mix_seeds(seed: int, streams: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """:func:`mix_seed` of one whole-number ``seed`` and each of ``streams``, at once with NumPy.

    Examples
    --------
    >>> streams = np.array([0, 1, 2**40], np.uint64)
    >>> [int(s) for s in mix_seeds(-3, streams)] == [int(mix_seed(-3, int(k))) for k in streams]
    True
    """
    start = np.uint64((whole(seed, "seed") * GOLDEN + OFFSET) & _MASK)
    return _finalize(start + _uint64s(streams, "streams") * _STREAM)


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

"""Checks of generation options that need no kernel (imported without numba)."""

from __future__ import annotations

from ..errors import MazeError


def check_braid(braid: float) -> float:
    """Validate a braid share: a number from 0 to 1.

    Examples
    --------
    >>> check_braid(0.5)
    0.5
    >>> check_braid(2)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: braid must be a number from 0 to 1, got 2
    """
    try:
        value = float(braid)
    except (TypeError, ValueError):
        raise MazeError(f"braid must be a number from 0 to 1, got {braid!r}") from None
    if isinstance(braid, bool) or not 0.0 <= value <= 1.0:
        raise MazeError(f"braid must be a number from 0 to 1, got {braid!r}")
    return value

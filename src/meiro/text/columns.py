"""How many terminal columns a string takes, without loading NumPy (``meiro list`` pads with it)."""

from __future__ import annotations

import unicodedata


def display_width(s: str) -> int:
    """Columns ``s`` takes in a terminal (East Asian wide and full-width characters take two).

    Examples
    --------
    >>> display_width("移動回数 3回"), display_width("Moves 3")
    (12, 7)
    """
    if not isinstance(s, str):
        raise TypeError(f"display_width needs a str, got {type(s).__name__}")
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


__all__ = ["display_width"]

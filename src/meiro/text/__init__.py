"""Mazes as text: the ``#`` and ``■`` looks, drawn and read back (:mod:`~meiro.text.maze_text`),
their styles (:mod:`~meiro.text.styles`), the width of a string on a terminal
(:mod:`~meiro.text.columns`), and the words meiro shows a person in Japanese and English
(:mod:`~meiro.text.messages`).

The drawing's names are found here too (``meiro.text.render_text``), loaded on first use so
that a light module of this package does not pull in NumPy.
"""

from __future__ import annotations

import importlib
from typing import Any

_DRAWING = ("render_text", "parse_text", "text_lines", "row_lines", "for_narrow_terminal", "display_width")


def __getattr__(name: str) -> Any:
    if name in _DRAWING:
        return getattr(importlib.import_module(f"{__name__}.maze_text"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = list(_DRAWING)

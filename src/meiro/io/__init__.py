"""Mazes in and out of files and other libraries.

- :mod:`~meiro.io.formats`: every file format, declared once (:data:`FORMATS`), and
  :mod:`~meiro.io.costs`: what writing each costs, checked before any work;
- :mod:`~meiro.io.codecs`: the data formats (JSON, text, ``.npz``, ``.npy``, CSV), as bytes;
  :mod:`~meiro.io.graph_json`: the JSON file of a maze on another grid kind (its graph);
- :mod:`~meiro.io.saving`: :func:`meiro.save` and :func:`meiro.load`, any format by its suffix;
- :mod:`~meiro.io.files` and :mod:`~meiro.io.writing`: reading with limits, writing atomically
  (never a half-written file, even when a signal comes: :mod:`~meiro.io.signals`);
- :mod:`~meiro.io.interop` and :mod:`~meiro.io.maze_dataset`: other maze libraries' layouts.

The codecs' names are found here too (``meiro.io.encode``), loaded on first use so that a
light module of this package (``meiro.io.signals``) does not pull in NumPy.

>>> import meiro
>>> m = meiro.generate(3, 2, seed=1)
>>> meiro.io.from_json(meiro.io.to_json(m)) == m
True
"""

from __future__ import annotations

import importlib
from typing import Any

_CODECS = ("FORMAT", "VERSION", "DATA_FORMATS", "PICTURE_FORMATS", "to_json", "from_json", "format_of",
           "encode")


def __getattr__(name: str) -> Any:
    if name == "FORMATS":
        return importlib.import_module(f"{__name__}.formats").FORMATS
    if name in _CODECS:
        return getattr(importlib.import_module(f"{__name__}.codecs"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["FORMATS", *_CODECS]

"""Checks of generation options that need no kernel (imported without numba).

Their home is :mod:`meiro.recipe`, which a :class:`~meiro.recipe.Recipe` checks with.
"""

from __future__ import annotations

from ..recipe import check_braid as check_braid

__all__ = ["check_braid"]

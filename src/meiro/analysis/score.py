"""The difficulty formula on its own: the figures in, the number from 0 to 1 out.

What it means, and why these constants: :mod:`meiro.analysis.difficulty`. It is
kept apart so that :mod:`meiro.analysis.batch_stats` (which gives every maze of
a batch its difficulty) and :mod:`meiro.analysis.difficulty` (which measures one
maze through :func:`meiro.analysis.stats.maze_stats`, itself a batch of one)
can both use it without importing each other.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def difficulty_score(cells: Any, solution_length: Any, decision_points: Any) -> np.ndarray:
    """The difficulty (module docs) from the three figures; arrays in, array out.

    Examples
    --------
    >>> float(difficulty_score(225, 66, 7))      # a 15 x 15 dig maze: long, few choices
    0.123...
    >>> float(difficulty_score(225, 40, 20))     # a Kruskal-like one: shorter, many choices
    0.777...
    >>> float(difficulty_score(225, -1, -1))     # no path
    nan
    """
    cells = np.asarray(cells, np.float64)
    length = np.asarray(solution_length, np.float64)
    decisions = np.asarray(decision_points, np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        winding = np.where(cells >= 2, np.log(np.maximum(length, 0) + 1) / np.log(np.maximum(cells, 2)), 0.0)
        choices = np.where(length >= 0, decisions / (length + 1), 0.0)
    score = 0.5 * np.clip((winding - 0.5) / 0.5, 0, 1) + 0.5 * np.clip(choices / 0.6, 0, 1)
    out = np.clip((score - 0.32) / 0.35, 0, 1)
    result: np.ndarray = np.where(length >= 0, out, np.nan)
    return result

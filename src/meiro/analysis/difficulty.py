"""How hard a maze is to solve, as a number from 0 to 1 and a word: easy, medium or hard.

The measure is built from two figures that keep their meaning on every size, so
that "hard" means the same on a 5 x 5 maze as on a 60 x 60 one:

- **winding** ``e = log(L + 1) / log(cells)``: how the solution's length ``L``
  (in cell steps) grows against the maze's cell count. A straight corridor
  between two corners of an ``n x n`` maze gives about 0.5, a path through
  every cell 1. Uniform spanning trees (Kruskal, Prim, Wilson) give about
  0.65 at any size, the dig method (a depth-first maze) about 0.85.
- **choices** ``q = decision_points / (L + 1)``: the share of the solution's
  cells where a walker can go wrong (see :mod:`meiro.analysis.batch_stats`). The dig
  method gives about 0.08 (long corridors, few branches), the uniform
  generators about 0.5.

The score is their mean, each put on 0 to 1 (``(e - 0.5) / 0.5`` and ``q /
0.6``, clipped), then stretched so that the generators' mazes spread over the
range: ``difficulty = clip((score - 0.32) / 0.35, 0, 1)`` (chosen so that the
median dig maze scores about 0.2 and the median Kruskal maze about 0.75 on
every size). The words cut it in
thirds:

=========  ============  =====================================================
word       difficulty    typical mazes (15 x 15, corner goal: the medians)
=========  ============  =====================================================
easy       below 1/3     dig 0.20, hunt-and-kill 0.14, growing-tree-newest 0.23
medium     1/3 to 2/3    growing-tree 0.53, binary-tree 0.58, sidewinder 0.62,
                         stick 0.63
hard       2/3 and up    wall 0.68, eller 0.69, Wilson 0.72, division 0.72,
                         origin-shift 0.73, Prim 0.77, Kruskal 0.78,
                         prim-simple 0.86, growing-tree-oldest 0.86
=========  ============  =====================================================

Within one generator the difficulty still spreads (dig at 15 x 15: 0 to 0.46
from the 10th to the 90th percentile), so a filter on it picks the easier or
harder mazes of any generator. From 10 x 10 to 60 x 60 the median of most
generators moves by less than 0.1; hunt-and-kill (0.19 to 0) and growing-tree
(0.56 to 0.33) get easier as they grow, their corridors lengthening faster
than their branches. ``python benchmarks/difficulty_table.py`` prints the
whole table.

A maze whose goal cannot be reached has no difficulty (NaN).

A maze on another grid kind (:class:`~meiro.kinds.maze.GraphMaze`) is measured by
the same formula on its figures in cell steps (:mod:`meiro.analysis.graph_stats`);
the constants were fitted on square mazes, so its words compare mazes of one kind.

Examples
--------
>>> import meiro
>>> d = difficulty(meiro.generate(15, 15, seed=1))
>>> 0 <= d <= 1, grade(d) in GRADES
(True, True)
>>> grade(0.1), grade(0.5), grade(0.9)
('easy', 'medium', 'hard')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import MazeError
from ..maze import Maze
from .score import difficulty_score as difficulty_score  # the formula, named here too
from .stats import maze_stats

if TYPE_CHECKING:
    from ..kinds.maze import GraphMaze

#: The words, easiest first.
GRADES = ("easy", "medium", "hard")
#: What a Japanese reader sees for each word.
GRADE_TITLES = {"ja": {"easy": "かんたん", "medium": "ふつう", "hard": "むずかしい"}}
#: Where each word's range starts.
_BOUNDS = {"easy": (0.0, 1 / 3), "medium": (1 / 3, 2 / 3), "hard": (2 / 3, 1.0)}
#: Half the width of the band a number asks for (``--difficulty 0.4``: 0.35 to 0.45).
BAND = 0.05


def difficulty(maze: Maze | GraphMaze) -> float:
    """The difficulty of ``maze`` from 0 (easiest) to 1 (module docs); NaN without a path.

    Examples
    --------
    >>> import meiro
    >>> easy = difficulty(meiro.generate(20, 20, algorithm="dig", seed=3))
    >>> hard = difficulty(meiro.generate(20, 20, algorithm="kruskal", seed=3))
    >>> easy < hard
    True
    >>> 0 <= difficulty(meiro.generate(8, grid="theta", seed=3)) <= 1
    True
    """
    s = maze_stats(maze)
    if s.solution_length is None:
        return float("nan")
    return float(difficulty_score(s.cells, s.solution_length, s.decision_points))


def grade(value: float, lang: str = "en") -> str:
    """The word for a difficulty: ``easy``, ``medium`` or ``hard`` (in ``lang`` when known).

    Examples
    --------
    >>> grade(0.7), grade(0.7, "ja"), grade(1 / 3)
    ('hard', 'むずかしい', 'medium')
    >>> grade(float("nan"))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a difficulty is a number from 0 to 1, got nan
    """
    value = _number(value)
    word = GRADES[min(2, int(value * 3))]
    return GRADE_TITLES.get(lang, {}).get(word, word)


def difficulty_range(wanted: Any) -> tuple[float, float]:
    """The difficulties ``wanted`` asks for: a word's third, or a number's band of ±0.05.

    Examples
    --------
    >>> difficulty_range("easy")
    (0.0, 0.333...)
    >>> difficulty_range("0.5"), difficulty_range(1)
    ((0.45, 0.55), (0.95, 1.0))
    >>> difficulty_range("extreme")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: difficulty must be easy, medium, hard or a number from 0 to 1, got 'extreme'
    """
    if isinstance(wanted, str) and wanted in _BOUNDS:
        return _BOUNDS[wanted]
    try:
        value = _number(float(wanted) if isinstance(wanted, str) else wanted)
    except (MazeError, ValueError):
        raise MazeError(f"difficulty must be {', '.join(GRADES[:-1])}, {GRADES[-1]} or a number "
                        f"from 0 to 1, got {wanted!r}") from None
    return round(max(0.0, value - BAND), 10), round(min(1.0, value + BAND), 10)


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
            or not 0 <= value <= 1:
        raise MazeError(f"a difficulty is a number from 0 to 1, got {value!r}")
    return float(value)

"""Greedy best-first search: always expand the open position nearest the goal.

Like A* but ranking positions only by their Manhattan distance to the goal,
ignoring how far they are from the start (J. Doran and D. Michie's
"heuristic path algorithm", 1966; Pearl, *Heuristics*, 1984). It heads
straight for the goal and expands few positions when the way is open, but
it is easily lured into corridors that point at the goal and end nowhere,
and on a maze with loops the path it returns need not be shortest. It runs
A*'s kernel with the distance travelled weighted 0; ties are broken at
random by the maze's seed. On the other grid kinds the distance is the
straight one between the cells' centres (:mod:`meiro.solvers.astar`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..kernels.rng import mix_seed
from .astar import _best_first, _best_first_graph
from .graph_search import GraphSearch
from .result import SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


def greedy(grid: np.ndarray, source: int, target: int, step: int, seed: int,
           record: bool) -> SearchResult:
    """Find a path with greedy best-first search.

    Examples
    --------
    >>> import meiro
    >>> room = meiro.parse_text("#######\\n#S    #\\n#     #\\n#    G#\\n#######")
    >>> meiro.solve(room, "greedy").expanded   # straight for the goal
    7
    """
    # A*'s search with the distance travelled left out of the ranking
    return _best_first(grid, source, target, step, mix_seed(seed, stream=5), record, 0)


def greedy_graph(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
                 record: bool) -> GraphSearch:
    """Find a path on a grid kind's graph with greedy best-first search.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 6, grid="triangle", seed=3)
    >>> meiro.solve(m, "greedy").length == meiro.solve(m, "bfs").length   # a tree: one path
    True
    """
    return _best_first_graph(geometry, passages, source, target, mix_seed(seed, stream=5), record, 0)

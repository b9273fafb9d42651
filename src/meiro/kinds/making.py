"""Make a maze on a grid kind from a :class:`~meiro.recipe.Recipe`: the non-square half of :func:`meiro.generate`.

The steps are the square grid's: the generator carves from the start with the
seed's stream 0, a braid pass (if asked) opens walls with its own stream, and the
goal rule picks the goal: ``corner`` the kind's fixed goal
(:func:`meiro.kinds.fixed_goal`), ``farthest`` the cell farthest from the start
(ties to the highest cell number), ``diameter`` both ends of a longest path.
"""

from __future__ import annotations

import numpy as np

from ..errors import MazeError
from ..kernels.rng import mix_seed
from ..recipe import Recipe
from ..registry import GENERATORS
from . import fixed_goal, geometry_of
from .geometry import Geometry
from .maze import GraphMaze

#: the seed's stream the braid pass draws from (the square grid's too)
BRAID_STREAM = 3


def make(recipe: Recipe, record: bool = False) -> GraphMaze:
    """The maze a checked non-square ``recipe`` with a seed describes.

    Examples
    --------
    >>> m = make(Recipe(3, 3, seed=2, grid="theta"))
    >>> m.kind, m.start, m.goal == fixed_goal("theta", (3,))
    ('theta', 0, True)
    """
    if recipe.grid == "square":
        raise MazeError("make() is for the other grid kinds; meiro.generate makes square mazes")
    if recipe.seed is None:
        raise MazeError("make() needs a recipe with a seed (meiro.generate draws one)")
    geometry = geometry_of(recipe.grid, recipe.size, recipe.seed, recipe.mask, recipe.origin)
    origin = recipe.origin
    if recipe.mask is not None:  # the cell's number among the mask's cells
        origin = int(np.searchsorted(geometry.extra["kept"], origin))
    generator = GENERATORS.get(recipe.algorithm)
    carving = generator.graph_function()(geometry, mix_seed(recipe.seed), origin, record)
    passages, order = carving.passages, carving.order
    if recipe.braid > 0:
        from ..generators.braiding import braid_graph

        passages, order = braid_graph(geometry, passages, recipe.braid, mix_seed(recipe.seed, BRAID_STREAM),
                                      order)
    start, goal = ends(geometry, passages, origin, recipe.goal)
    return GraphMaze(geometry, passages, start, goal, generation=recipe.to_dict(), order=order)


def ends(geometry: Geometry, passages: np.ndarray, start: int, rule: str) -> tuple[int, int]:
    """The start and goal a goal ``rule`` gives a maze carved from ``start``."""
    if rule == "corner":
        masked = geometry.cells if "kept" in geometry.extra else None
        return start, fixed_goal(geometry.kind, tuple(geometry.params.values()), masked)
    from ..kernels.adjacency import distances

    def farthest(cell: int) -> int:
        dist = distances(geometry.offsets, geometry.targets, geometry.slot_edges, passages, cell)
        return int(np.flatnonzero(dist == dist.max())[-1])

    far = farthest(start)
    if rule == "farthest":
        return start, far
    return far, farthest(far)  # diameter: a farthest cell from a farthest cell (exact on a tree)

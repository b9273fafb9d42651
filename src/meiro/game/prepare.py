"""Getting the compiled parts ready before a player waits for them.

The first time meiro runs on a machine, numba compiles the kernels a game uses
(generating with a log, A*, the search replay): seconds in which the first Enter
or the first f would freeze the window. :func:`prepare_kernels` runs them once
on a tiny maze while the front end shows 準備中… / "Preparing…"; on every later
run numba loads them from its cache and this takes milliseconds.
"""

from __future__ import annotations

from ..generators import generate
from ..maze import Maze
from ..recipe import Recipe
from ..solvers import solve


def prepare_kernels(algorithm: str | Recipe = "dig", goal: str = "corner") -> None:
    """Compile (or load) what a game with ``algorithm`` and ``goal`` runs, on a 3 x 3 maze.

    ``algorithm`` may be the game's :class:`~meiro.recipe.Recipe` instead (its
    algorithm, goal rule and braid are what run).

    Examples
    --------
    >>> prepare_kernels("wall", "farthest")
    >>> prepare_kernels(Recipe(20, 20, "prim", goal="diameter"))
    """
    from .search_replay import SearchReplay

    if isinstance(algorithm, Recipe):  # the same passes on a tiny maze: no mask, the seed 0
        recipe = Recipe(3, 3, algorithm.algorithm, 0, algorithm.goal, braid=algorithm.braid)
    else:
        recipe = Recipe(3, 3, algorithm, 0, goal)
    maze = generate(recipe)
    assert isinstance(maze, Maze)  # (a square recipe)
    _ = maze.carve_order  # the digging replay's log
    solve(maze, "astar")  # the answer
    replay = SearchReplay(maze, "astar")  # the f window
    replay.advance(replay.total)

"""Getting the compiled parts ready before a player waits for them.

The first time meiro runs on a machine, numba compiles the kernels a game uses
(generating with a log, A*, the search replay): seconds in which the first Enter
or the first f would freeze the window. :func:`prepare_kernels` runs them once
on a tiny maze while the front end shows 準備中… / "Preparing…"; on every later
run numba loads them from its cache and this takes milliseconds.
"""

from __future__ import annotations

from ..generators import generate
from ..solvers import solve


def prepare_kernels(algorithm: str = "dig", goal: str = "corner") -> None:
    """Compile (or load) what a game with ``algorithm`` and ``goal`` runs, on a 3 x 3 maze.

    Examples
    --------
    >>> prepare_kernels("wall", "farthest")
    """
    from .search_replay import SearchReplay

    maze = generate(3, 3, algorithm=algorithm, seed=0, goal=goal)
    maze.carve_order  # the digging replay's log
    solve(maze, "astar")  # the answer
    replay = SearchReplay(maze, "astar")  # the f window
    replay.advance(replay.total)

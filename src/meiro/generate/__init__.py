"""Generation: :func:`generate` and the registered generators.

Each generator is one module that registers a function in :data:`GENERATORS`
with the signature ``f(width, height, state, origin=(1, 1), record=False) ->
Carving``; this package imports them all so that they are registered.
"""

from __future__ import annotations

import secrets

import numpy as np

from ..errors import MazeError
from ..goals import GOALS, place_goal
from ..kernels.rng import mix_seed
from ..maze import Maze, _as_position
from ..registry import GENERATORS
from ..sizes import check_cells, ensure_fits
from ..solve.bfs import bfs_kernel
from . import dig  # noqa: F401  (each import registers its generator)
from . import stick  # noqa: F401
from . import wall  # noqa: F401
from . import prim  # noqa: F401
from . import prim_simple  # noqa: F401
from . import kruskal  # noqa: F401
from . import wilson  # noqa: F401
from . import aldous_broder  # noqa: F401
from . import hunt_and_kill  # noqa: F401
from . import sidewinder  # noqa: F401
from . import binary_tree  # noqa: F401
from . import growing_tree  # noqa: F401
from . import eller  # noqa: F401
from . import division  # noqa: F401

_SEED_LIMIT = 2**64


def resolve_seed(seed) -> int:
    """Check a user seed, or draw a fresh one when ``seed`` is None.

    Fresh seeds are below 2**32 so that they are short enough to read out and share.

    Examples
    --------
    >>> resolve_seed(7)
    7
    >>> 0 <= resolve_seed(None) < 2**32
    True
    """
    if seed is None:
        return secrets.randbelow(2**32)
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise MazeError(f"seed must be a whole number, got {seed!r}")
    seed = int(seed.__index__())
    if not 0 <= seed < _SEED_LIMIT:
        raise MazeError(f"seed must be between 0 and 2**64-1, got {seed}")
    return seed


def _check_origin(start, width: int, height: int) -> tuple[int, int]:
    r, c = _as_position(start, "start")
    if not (r % 2 == 1 and c % 2 == 1 and 1 <= r <= 2 * height - 1 and 1 <= c <= 2 * width - 1):
        raise MazeError(f"start must be a cell, an odd (row, col) inside the "
                        f"{2 * height + 1}x{2 * width + 1}-block grid, got ({r}, {c})")
    return r, c


def generate(width: int, height: int, algorithm: str = "dig", seed: int | None = None,
             goal: str = "corner", start: tuple[int, int] | None = None) -> Maze:
    """Generate a maze of ``width x height`` cells.

    Parameters
    ----------
    width, height : int
        Size in cells; the block grid is ``(2*height+1, 2*width+1)``.
    algorithm : str
        A registered generator (``meiro list``); ``"dig"`` is 穴掘り法.
    seed : int, optional
        Same seed, same maze, on every machine. None draws a fresh seed and
        records it in ``maze.seed``.
    goal : {"corner", "farthest", "diameter"}
        ``corner``: the bottom-right cell. ``farthest``: the cell farthest from
        the start by path length. ``diameter``: both ends of the longest path
        (the start moves too).
    start : (row, col), optional
        The start cell in block coordinates, default ``(1, 1)``; digging starts
        there.

    Returns
    -------
    Maze

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(15, 15, algorithm="dig", seed=4, goal="farthest")
    >>> m.grid.shape
    (31, 31)
    >>> m == meiro.generate(15, 15, seed=4, goal="farthest")
    True
    """
    width, height = check_cells(width, height)
    generator = GENERATORS.get(algorithm)
    if goal not in GOALS:
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    origin = _check_origin((1, 1) if start is None else start, width, height)
    seed = resolve_seed(seed)
    ensure_fits(width, height)
    carving = generator.function(width, height, mix_seed(seed), origin, False)
    first, last = place_goal(carving.grid, origin, goal)
    recipe = {"algorithm": generator.name, "seed": seed, "width": width, "height": height,
              "origin": list(origin)}
    return Maze(carving.grid, first, last, generation=recipe)


def rebuild_carve_order(maze: Maze) -> np.ndarray:
    """The carving log of ``maze``: regenerated from its recipe, else a flood order.

    See :attr:`Maze.carve_order`.
    """
    recipe = maze.generation
    if recipe:
        try:
            generator = GENERATORS.get(recipe["algorithm"])
            origin = tuple(recipe.get("origin", (1, 1)))
            carving = generator.function(int(recipe["width"]), int(recipe["height"]),
                                         mix_seed(int(recipe["seed"])), origin, True)
        except (KeyError, TypeError, ValueError, MazeError):
            carving = None
        if carving is not None and np.array_equal(carving.grid, maze.grid):
            return carving.order
    return flood_order(maze)


def flood_order(maze: Maze) -> np.ndarray:
    """Open blocks in the order a breadth-first flood from the start reaches them,
    then the unreachable ones, so that replaying it rebuilds the grid."""
    grid = maze.grid
    cols = grid.shape[1]
    order = np.empty(grid.size, np.int64)
    _, _, reached, _ = bfs_kernel(grid.ravel(), cols, maze.start[0] * cols + maze.start[1],
                                  -1, 1, order)
    order = order[:reached]
    seen = np.zeros(grid.size, bool)
    seen[order] = True
    rest = np.flatnonzero(~grid.ravel() & ~seen)
    dtype = np.int32 if grid.size < 2**31 else np.int64
    return np.concatenate([order, rest]).astype(dtype)

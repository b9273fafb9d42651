"""壁伸ばし法 — the wall-extension method.

Start from an open field with only the outer wall standing. Take the
*posts* (the even/even blocks inside) in random order; from each post that is
not yet part of a wall, grow a new wall: step two blocks in a random
direction, turning the bar and the next post into wall, and keep going until
the new wall touches a wall that already stands. The growing wall never steps
onto one of its own posts (that would close a loop of wall around a region
and cut it off); when every direction from its tip is its own wall, it
backs up along itself and branches from an earlier post.

Every new wall joins the existing walls exactly once, so the walls stay a
tree hanging off the border, and the passages are a spanning tree of the
cells: a perfect maze.

What it looks like: long, meandering walls that reach deep into the maze;
about 27 % of cells are dead ends and corridors are short (under two cells
between junctions on average), much like Kruskal's texture, without a
directional bias. The solution is a little longer than Kruskal's (measured
with ``meiro stats`` on 100 x 100 mazes).

Origin: not used for the shape. The method adds walls instead of digging, so
its carving log is the order in which a breadth-first walk from the origin
reaches the open blocks of the finished maze (see
:func:`meiro.generators.lattice.flood_log`): replaying it onto an all-wall grid
gives the finished grid.

Reference: the standard Japanese method 壁伸ばし法, e.g. Wikipedia (ja)
「迷路生成アルゴリズム」; it is a wall-growing dual of the dig method.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..kernels.index import U
from ..kernels.rng import _below
from .carving import Carving, State, check_request
from .lattice import _shuffle, flood_log


@njit(cache=True)
def _wall_kernel(grid: NDArray[np.bool_], rows: int, cols: int, state: State,
                 posts: NDArray[np.signedinteger[Any]]) -> State:
    """Grow walls on the open field ``grid`` (flat; only the border is wall on entry).

    ``posts``: room for every interior post's block index (int32 while they
    fit: the posts, their shuffle and the stacks then take half the memory).
    """
    offset = np.array([-cols, 1, cols, -1], np.int64)
    k = 0
    for r in range(2, rows - 2, 2):
        for c in range(2, cols - 2, 2):
            posts[U(k)] = r * cols + c
            k += 1
    state = _shuffle(posts, state)
    growing = np.zeros(rows * cols, np.bool_)  # posts of the wall being grown
    stack = np.empty_like(posts)
    grown = np.empty_like(posts)
    choice = np.empty(4, np.int64)
    for s in posts:
        if grid[U(s)]:
            continue
        grid[U(s)] = True
        growing[U(s)] = True
        stack[0] = s
        depth = 1
        grown[0] = s
        n_grown = 1
        p = s
        while True:
            m = 0
            for d in range(4):
                if not growing[U(p + 2 * offset[d])]:
                    choice[U(m)] = d
                    m += 1
            if m == 0:
                depth -= 1
                p = stack[U(depth - 1)]
                continue
            j, state = _below(state, m)
            d = choice[U(j)]
            grid[U(p + offset[d])] = True
            q = p + 2 * offset[d]
            if grid[U(q)]:
                break  # joined a standing wall
            grid[U(q)] = True
            growing[U(q)] = True
            stack[U(depth)] = q
            depth += 1
            grown[U(n_grown)] = q
            n_grown += 1
            p = q
        for i in range(n_grown):
            growing[U(grown[i])] = False
    return state


def wall(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
         record: bool = False) -> Carving:
    """Build a perfect maze with the wall-extension method (壁伸ばし法).

    Parameters and result as for :func:`meiro.generators.dig.dig`; ``origin``
    only sets where the carving log starts.

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> carving = wall(5, 4, mix_seed(2), record=True)
    >>> bool(carving.grid[::2, ::2].all())   # every post ends up in a wall
    True
    """
    width, height, state, origin, record = check_request(width, height, state, origin, record, memory=9)
    grid = np.zeros((2 * height + 1, 2 * width + 1), dtype=bool)
    grid[0] = grid[-1] = True
    grid[:, 0] = grid[:, -1] = True
    n_posts = (width - 1) * (height - 1)
    posts: NDArray[np.signedinteger[Any]]
    posts = np.empty(n_posts, np.int32) if grid.size < 2**31 else np.empty(n_posts, np.int64)
    _wall_kernel(grid.ravel(), grid.shape[0], grid.shape[1], state, posts)
    return Carving(grid, flood_log(grid, origin) if record else None)

"""Growing tree: keep a list of active cells and choose which one grows next.

Start with the origin in the list. Each step chooses a cell from the list,
links it to a random neighbour outside the maze and appends that neighbour;
a cell with no such neighbour leaves the list. The *policy* that chooses the
cell sets the texture:

``newest`` (``growing-tree-newest``)
    always the last cell added: a depth-first search, like 穴掘り法 ``dig`` —
    long winding corridors, about 10 % dead ends.
``random`` (``growing-tree-random``)
    a uniformly random active cell: like simplified Prim — short corridors,
    about 27 % dead ends.
``oldest`` (``growing-tree-oldest``)
    the first cell in the list: breadth-first growth — every cell opens all
    its free sides before the next one grows, giving very long straight
    corridors radiating from the origin (under 2 % dead ends, corridors of
    about 28 cells); a strong bias, easy to solve.
``mixed`` (``growing-tree``, the default)
    newest with probability ``newest`` (default 0.5) and random otherwise —
    between the two textures: medium corridors, about 20 % dead ends.

Library users choose the policy with the keyword arguments of
:func:`growing_tree` (``policy="mixed", newest=0.75`` for example); the
registered names cover the four named policies with their defaults.

Every cell joins the maze through exactly one wall, so the maze is perfect.

Origin: the first active cell.

Reference: J. Buck, *Mazes for Programmers* (2015), ch. 11; W. D. Pullen,
*Think Labyrinth!* ("growing tree").
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

from ..errors import MazeError
from ..kernels.rng import below, next_u64
from ..registry import GENERATORS
from .carving import Carving
from .lattice import carve, neighbours, run_kernel

POLICIES = ("newest", "random", "oldest", "mixed")
_S32 = np.uint64(32)


@njit(cache=True)
def _growing_tree_kernel(grid, rows, cols, origin_row, origin_col, state, order,
                         newest_below, oldest_below):
    """``newest_below``/``oldest_below`` are thresholds out of 2**32 for a draw ``u``:
    ``u < newest_below`` takes the newest cell, ``u < oldest_below`` the oldest, else a random one."""
    n_cells = ((rows - 1) // 2) * ((cols - 1) // 2)
    active = np.empty(n_cells, np.int64)
    near = np.empty(4, np.int64)
    pick = np.empty(4, np.int64)
    p = origin_row * cols + origin_col
    n = carve(grid, p, order, 0)
    head = 0
    tail = 1
    active[0] = p
    while tail > head:
        bits, state = next_u64(state)
        u = np.int64(bits >> _S32)
        if u < newest_below:
            i = tail - 1
        elif u < oldest_below:
            i = head
        else:
            j, state = below(state, tail - head)
            i = head + j
        p = active[i]
        k = neighbours(p, rows, cols, near)
        m = 0
        for t in range(k):
            if grid[near[t]]:
                pick[m] = near[t]
                m += 1
        if m == 0:
            # leave the list; a middle cell swaps with the oldest, which keeps
            # the newest-first order intact (the oldest matters only to the
            # pure oldest policy, which never removes from the middle)
            if i == tail - 1:
                tail -= 1
            else:
                active[i] = active[head]
                head += 1
            continue
        j, state = below(state, m)
        q = pick[j]
        n = carve(grid, (p + q) // 2, order, n)
        n = carve(grid, q, order, n)
        active[tail] = q
        tail += 1
    return n


def growing_tree(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                 record: bool = False, *, policy: str = "mixed", newest: float = 0.5) -> Carving:
    """Carve a perfect maze with the growing-tree method.

    Parameters
    ----------
    width, height, state, origin, record
        As for :func:`meiro.generate.dig.dig`.
    policy : {"mixed", "newest", "random", "oldest"}
        How the next cell to grow is chosen (see the module docs).
    newest : float
        For ``mixed``: the probability of taking the newest cell (else a random one).

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> a = growing_tree(8, 8, mix_seed(1), policy="mixed", newest=0.75)
    >>> b = growing_tree(8, 8, mix_seed(1), policy="oldest")
    >>> a.grid.shape == b.grid.shape and not (a.grid == b.grid).all()
    True
    """
    if policy not in POLICIES:
        raise MazeError(f"unknown growing-tree policy {policy!r}; choose one of: {', '.join(POLICIES)}")
    if not 0.0 <= newest <= 1.0:
        raise MazeError(f"newest must be a probability between 0 and 1, got {newest!r}")
    share = {"newest": 1.0, "random": 0.0, "oldest": 0.0, "mixed": newest}[policy]
    newest_below = int(round(share * 2**32))
    oldest_below = 2**32 if policy == "oldest" else newest_below
    return run_kernel(_growing_tree_kernel, width, height, state, origin, record,
                      newest_below, oldest_below)


def _register(name: str, policy: str, summary: str, aliases: tuple[str, ...] = ()) -> None:
    variant = functools.partial(growing_tree, policy=policy)
    functools.update_wrapper(variant, growing_tree)
    GENERATORS.register(name, aliases=aliases, summary=summary,
                        reference="J. Buck, Mazes for Programmers (2015), ch. 11")(variant)


_register("growing-tree", "mixed", "growing tree, newest 50 % / random 50 %: medium corridors")
_register("growing-tree-newest", "newest", "growing tree, newest cell: depth-first, like dig")
_register("growing-tree-random", "random", "growing tree, random cell: like simplified Prim")
_register("growing-tree-oldest", "oldest", "growing tree, oldest cell: straight corridors from the origin")

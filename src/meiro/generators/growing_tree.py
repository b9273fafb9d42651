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
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError
from ..kernels.cells import DUG, _cell_block, _cell_steps, _join_cell, _undug_around
from ..kernels.index import U
from ..kernels.rng import _below, _next_u64
from ..kinds.geometry import Geometry
from .carving import Carving, Log, State, check_number, check_request, run_on_cells
from .graph_carving import GraphCarving, _largest_degree, run_on_graph

POLICIES = ("newest", "random", "oldest", "mixed")
_S32 = np.uint64(32)


@njit(cache=True)
def _growing_tree_kernel(cells: NDArray[np.uint8], width: int, height: int, origin_x: int, origin_y: int, state: State,
                         order: Log | None, newest_below: int, oldest_below: int) -> int:
    """The growing tree on padded compact ``cells`` (see :mod:`meiro.kernels.cells`).

    ``newest_below``/``oldest_below`` are thresholds out of 2**32 for a draw ``u``:
    ``u < newest_below`` takes the newest cell, ``u < oldest_below`` the oldest, else a random one.
    ``order`` is None or receives the opened blocks; returns the log length.
    """
    padded = width + 2
    step, block_step = _cell_steps(width)
    active = np.empty(width * height, np.int64)
    around = np.empty(4, np.int64)
    p = (origin_y + 1) * padded + origin_x + 1
    cells[U(p)] |= DUG
    n = 0
    if order is not None:
        order[0] = _cell_block(p, width)
        n = 1
    head = 0
    tail = 1
    active[0] = p
    while tail > head:
        bits, state = _next_u64(state)
        u = np.int64(bits >> _S32)
        if u < newest_below:
            i = tail - 1
        elif u < oldest_below:
            i = head
        else:
            j, state = _below(state, tail - head)
            i = head + j
        p = active[U(i)]
        m = _undug_around(cells, p, step, around)
        if m == 0:
            # leave the list; a middle cell swaps with the oldest, which keeps
            # the newest-first order intact (the oldest matters only to the
            # pure oldest policy, which never removes from the middle)
            if i == tail - 1:
                tail -= 1
            else:
                active[U(i)] = active[U(head)]
                head += 1
            continue
        j, state = _below(state, m)
        d = around[U(j)]
        n = _join_cell(cells, p, p + step[d], d, block_step, order, n, width)
        active[U(tail)] = p + step[d]
        tail += 1
    return n


def growing_tree(width: int, height: int, state: np.uint64, origin: tuple[int, int] = (1, 1),
                 record: bool = False, *, policy: str = "mixed", newest: float = 0.5) -> Carving:
    """Carve a perfect maze with the growing-tree method.

    Parameters
    ----------
    width, height, state, origin, record
        As for :func:`meiro.generators.dig.dig`.
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
    width, height, state, origin, record = check_request(width, height, state, origin, record, memory=8)
    newest_below, oldest_below = _thresholds(policy, newest)
    return run_on_cells(_growing_tree_kernel, width, height, state, origin, record,
                        newest_below, oldest_below)


def _policy(policy: str) -> Callable[..., Carving]:
    """:func:`growing_tree` with one ``policy``: what the registry's four names run."""
    variant = functools.partial(growing_tree, policy=policy)
    functools.update_wrapper(variant, growing_tree)
    return variant


growing_tree_mixed = _policy("mixed")
growing_tree_newest = _policy("newest")
growing_tree_random = _policy("random")
growing_tree_oldest = _policy("oldest")


@njit(cache=True)
def _growing_tree_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32],
                               slot_edges: NDArray[np.int32], start: int, state: State,
                               passages: NDArray[np.uint8], order: Log | None, newest_below: int,
                               oldest_below: int) -> int:
    """The growing tree on a graph (CSR, see :mod:`meiro.generators.graph_carving`) from node ``start``.

    The policy thresholds are :func:`_growing_tree_kernel`'s, and the active list
    is kept the same way.
    """
    n = offsets.shape[0] - 1
    seen = np.zeros(n, np.uint8)
    active = np.empty(n, np.int64)
    around = np.empty(_largest_degree(offsets), np.int64)
    seen[start] = 1
    head = 0
    tail = 1
    active[0] = start
    n_log = 0
    while tail > head:
        bits, state = _next_u64(state)
        u = np.int64(bits >> _S32)
        if u < newest_below:
            i = tail - 1
        elif u < oldest_below:
            i = head
        else:
            j, state = _below(state, tail - head)
            i = head + j
        p = active[U(i)]
        m = 0
        for s in range(offsets[U(p)], offsets[U(p + 1)]):
            if not seen[U(targets[U(s)])]:
                around[U(m)] = s
                m += 1
        if m == 0:
            if i == tail - 1:
                tail -= 1
            else:
                active[U(i)] = active[U(head)]
                head += 1
            continue
        j, state = _below(state, m)
        s = around[U(j)]
        passages[U(slot_edges[U(s)])] = 1
        if order is not None:
            order[U(n_log)] = slot_edges[U(s)]
            n_log += 1
        q = targets[U(s)]
        seen[U(q)] = 1
        active[U(tail)] = q
        tail += 1
    return n_log


def growing_tree_graph(geometry: Geometry, state: np.uint64, origin: int = 0, record: bool = False, *,
                       policy: str = "mixed", newest: float = 0.5) -> GraphCarving:
    """Carve a perfect maze on a grid kind's ``geometry`` with the growing-tree method.

    ``policy`` and ``newest`` as for :func:`growing_tree`.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> from meiro.kernels.rng import mix_seed
    >>> g = geometry_of("theta", (4,))
    >>> a = growing_tree_graph(g, mix_seed(1), policy="mixed", newest=0.75)
    >>> b = growing_tree_graph(g, mix_seed(1), policy="oldest")
    >>> int(a.passages.sum()) == int(b.passages.sum()) == g.cells - 1, bool((a.passages == b.passages).all())
    (True, False)
    """
    newest_below, oldest_below = _thresholds(policy, newest)
    return run_on_graph(_growing_tree_graph_kernel, geometry, state, origin, record, newest_below, oldest_below)


def _thresholds(policy: str, newest: float) -> tuple[int, int]:
    """The kernels' ``(newest_below, oldest_below)`` for a checked ``policy`` and ``newest``."""
    if not isinstance(policy, str) or policy not in POLICIES:
        raise MazeError(f"unknown growing-tree policy {policy!r}; choose one of: {', '.join(POLICIES)}")
    newest = check_number(newest, "newest", 0, 1, "a probability")
    share = {"newest": 1.0, "random": 0.0, "oldest": 0.0, "mixed": newest}[policy]
    newest_below = int(round(share * 2**32))
    return newest_below, 2**32 if policy == "oldest" else newest_below


def _graph_policy(policy: str) -> Callable[..., GraphCarving]:
    """:func:`growing_tree_graph` with one ``policy``: what the registry's four names run on a grid kind."""
    variant = functools.partial(growing_tree_graph, policy=policy)
    functools.update_wrapper(variant, growing_tree_graph)
    return variant


growing_tree_mixed_graph = _graph_policy("mixed")
growing_tree_newest_graph = _graph_policy("newest")
growing_tree_random_graph = _graph_policy("random")
growing_tree_oldest_graph = _graph_policy("oldest")

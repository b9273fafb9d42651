"""The colour changes of a search replay, computed once from the expansion order.

What a learner watches in the game's search view (and the terminal's) is
derived here, in the core, so that the game only slices arrays.

A solver records the positions it expanded, in order (``Solution.explored``).
From that order and the maze grid alone, :func:`search_events` derives every
change a replay shows, step by step (step ``t`` = the first ``t`` expansions):

* the expanded position turns *current*, and the previous current turns *closed*
  (after the last step nothing is current: the last one is closed too);
* its open neighbours that are not expanded yet join the *frontier*, with the
  ``g`` the search gives them (the expanded position's ``g`` plus one step; a
  shorter way found later lowers it, as A* and BFS would);
* on a lattice maze (``stride`` 2: the search steps cell to cell) the passage
  block between two cells is frontier once one end is expanded and closed once
  both are.

The events are flat block indices in step order, so replaying up to any step is
one slice of the arrays (:func:`apply_events`), on every maze size.

A search on another grid kind (:class:`~meiro.solvers.graph_solution.GraphSolution`'s
``explored``, cell numbers) replays the same way: :func:`graph_search_events` gives
the same events with cell numbers in place of blocks (there are no passage blocks),
and :func:`apply_events` applies them to arrays of one entry per cell.

Examples
--------
>>> import numpy as np
>>> grid = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 1, 1], [1, 1, 1, 1, 1]], bool)
>>> ev = search_events(grid.ravel(), 5, np.array([6, 7]), 1)
>>> ev.blocks[ev.starts[1]:ev.starts[2]].tolist()  # step 1: 6 current, 7 frontier
[6, 7]
>>> ev.colours[ev.starts[2]:ev.starts[3]].tolist() == [CLOSED, CURRENT, CLOSED]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import MazeError, whole
from ..kernels.graph import _one_or_two
from ..kernels.index import U
from ..maze import check_grid

from ..paint import CLOSED, CURRENT, FRONTIER

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


class SearchEvents(NamedTuple):
    """Event ``i`` sets block ``blocks[i]`` to ``colours[i]`` and, if ``g[i] >= 0``, its g.

    The events of step ``t`` (1-based) are ``starts[t]:starts[t + 1]``.
    """

    blocks: np.ndarray
    colours: np.ndarray
    g: np.ndarray
    starts: np.ndarray


@njit(cache=True)
def _grow(blocks: NDArray[np.integer[Any]], colours: NDArray[np.uint8], gs: NDArray[np.integer[Any]]) -> tuple[NDArray[np.integer[Any]], NDArray[np.uint8], NDArray[np.integer[Any]]]:
    size = blocks.size * 2
    b, c, g = np.empty(size, blocks.dtype), np.empty(size, colours.dtype), np.empty(size, gs.dtype)
    b[:blocks.size] = blocks
    c[:blocks.size] = colours
    g[:blocks.size] = gs
    return b, c, g


@njit(cache=True)
def _events_kernel(wall: NDArray[np.bool_], cols: int, order: NDArray[np.integer[Any]],
                   stride: int) -> tuple[NDArray[np.integer[Any]], NDArray[np.uint8], NDArray[np.integer[Any]], NDArray[np.int64]]:
    """One pass over ``order``, emitting events in step order (see :func:`search_events`)."""
    n = order.size
    off = np.array([-cols, 1, cols, -1], np.int64)
    # indices and g share the order's integer type (int32 unless the grid is huge)
    g = np.full(wall.size, -1, order.dtype)    # g as the search knows it (-1: not reached)
    expanded = np.zeros(wall.size, np.bool_)
    seen = np.zeros(wall.size, np.bool_)       # already shown as frontier (or more)
    blocks = np.empty(max(16, 6 * n), order.dtype)  # about 5 events a step on mazes
    colours = np.empty(blocks.size, np.uint8)
    gs = np.empty(blocks.size, order.dtype)
    starts = np.zeros(n + 2, np.int64)
    k = 0
    if n > 0:
        g[order[0]] = 0
    t = 1
    while t <= n:
        if k + 12 > blocks.size:  # at most 1 + 1 + 4 * 2 events a step, + the last close
            blocks, colours, gs = _grow(blocks, colours, gs)
        room = blocks.size - 12
        # Until the arrays need to _grow, the loop below never replaces them, which
        # keeps numba's reference counting of them out of the loop. Every index in
        # it is >= 0 (explored blocks are open, so their neighbours are inside the
        # closed border): U() lets numba skip its negative-index check.
        while t <= n and k <= room:
            starts[t] = k
            if t > 1:
                blocks[U(k)], colours[U(k)], gs[U(k)] = order[U(t - 2)], CLOSED, -1
                k += 1
            p = order[U(t - 1)]
            expanded[U(p)] = True
            seen[U(p)] = True
            blocks[U(k)], colours[U(k)], gs[U(k)] = p, CURRENT, g[U(p)]
            k += 1
            for d in range(4):
                s = p + off[d]
                if wall[U(s)]:
                    continue
                q = p + stride * off[d]
                if stride > 1:  # the passage block between p and q
                    nearer = g[U(s)] < 0 or g[U(p)] + 1 < g[U(s)]
                    if nearer:
                        g[U(s)] = g[U(p)] + 1
                    if expanded[U(q)] or nearer or not seen[U(s)]:
                        # both ends expanded: the passage is done with; else it is frontier
                        blocks[U(k)], colours[U(k)] = s, CLOSED if expanded[U(q)] else FRONTIER
                        gs[U(k)] = g[U(s)] if nearer else -1
                        seen[U(s)] = True
                        k += 1
                if expanded[U(q)]:
                    continue
                better = g[U(q)] < 0 or g[U(p)] + stride < g[U(q)]
                if better or not seen[U(q)]:
                    if better:
                        g[U(q)] = g[U(p)] + stride
                    blocks[U(k)], colours[U(k)], gs[U(k)] = q, FRONTIER, g[U(q)]
                    seen[U(q)] = True
                    k += 1
            t += 1
    if n > 0:
        blocks[k], colours[k], gs[k] = order[n - 1], CLOSED, -1
        k += 1
    starts[n + 1] = k
    return blocks[:k].copy(), colours[:k].copy(), gs[:k].copy(), starts


def search_events(wall: np.ndarray, cols: int, order: np.ndarray, stride: int) -> SearchEvents:
    """Every colour and g change of replaying the expansions ``order`` (flat block indices).

    Parameters
    ----------
    wall : bool array
        The flat maze grid (True = wall); its border must be walls.
    cols : int
        Blocks per row.
    order : int array
        The expanded positions, in order, as flat block indices.
    stride : {1, 2}
        Blocks per search step (2 on lattice mazes, see :func:`meiro.solvers.search_stride`).

    Raises
    ------
    MazeError
        If the grid is not a maze's (its border closed), ``order`` names a block that is
        not open (the kernel steps to neighbours unchecked) or ``stride`` is not 1 or 2.
    """
    cols = whole(cols, "cols", what="a whole number of blocks")
    try:
        flat = np.asarray(wall)
    except (TypeError, ValueError, OverflowError):
        raise MazeError("wall must be a flat maze grid (True = wall)") from None
    if flat.ndim != 1 or cols < 3 or flat.size % cols:
        raise MazeError(f"wall must be a flat maze grid whose rows are cols = {cols} blocks long, "
                        f"got shape {flat.shape}")
    wall = check_grid(flat.reshape(-1, cols)).ravel()  # closed border, 0/1 bytes
    if not _one_or_two(stride):
        raise MazeError(f"stride must be 1 or 2, got {stride!r}")
    try:
        order = np.asarray(order)
    except (TypeError, ValueError, OverflowError):
        raise MazeError("the expansion order must name open blocks of the grid") from None
    if order.ndim != 1 or (order.size and (order.dtype.kind not in "iu" or order.min() < 0
                                           or order.max() >= wall.size or wall[order].any())):
        raise MazeError("the expansion order must name open blocks of the grid")
    itype = np.int32 if wall.size < 2**31 else np.int64
    wall = wall.view()
    wall.flags.writeable = False  # as a maze's grid is: one compiled version serves both
    blocks, colours, g, starts = _events_kernel(wall, cols, np.ascontiguousarray(order, itype),
                                                int(stride))
    return SearchEvents(blocks, colours, g, starts)


@njit(cache=True)
def _graph_events_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                         open_: NDArray[np.uint8], order: NDArray[np.int32],
                         size: int) -> tuple[NDArray[np.int32], NDArray[np.uint8], NDArray[np.int32], NDArray[np.int64]]:
    """:func:`_events_kernel` on a grid kind's graph: cells for blocks, ``size`` events at most."""
    n = order.size
    cells = offsets.size - 1
    g = np.full(cells, -1, np.int32)
    expanded = np.zeros(cells, np.bool_)
    seen = np.zeros(cells, np.bool_)
    blocks = np.empty(size, np.int32)
    colours = np.empty(size, np.uint8)
    gs = np.empty(size, np.int32)
    starts = np.zeros(n + 2, np.int64)
    k = 0
    if n > 0:
        g[order[0]] = 0
    for t in range(1, n + 1):
        starts[t] = k
        if t > 1:
            blocks[k], colours[k], gs[k] = order[t - 2], CLOSED, -1
            k += 1
        p = order[t - 1]
        expanded[p] = True
        seen[p] = True
        blocks[k], colours[k], gs[k] = p, CURRENT, g[p]
        k += 1
        for s in range(offsets[p], offsets[p + 1]):
            q = targets[s]
            if not open_[slot_edges[s]] or expanded[q]:
                continue
            better = g[q] < 0 or g[p] + 1 < g[q]
            if better or not seen[q]:
                if better:
                    g[q] = g[p] + 1
                blocks[k], colours[k], gs[k] = q, FRONTIER, g[q]
                seen[q] = True
                k += 1
    if n > 0:
        blocks[k], colours[k], gs[k] = order[n - 1], CLOSED, -1
        k += 1
    starts[n + 1] = k
    return blocks[:k].copy(), colours[:k].copy(), gs[:k].copy(), starts


def graph_search_events(geometry: Geometry, passages: Any, order: Any) -> SearchEvents:
    """Every colour and g change of replaying the expansions ``order`` (cell numbers) of a
    search on a grid kind's maze: :func:`search_events` with cells for blocks.

    Raises
    ------
    MazeError
        Passages that do not fit the geometry, or an order that names a cell it does not have.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 1, grid="hex", seed=0)                  # one row: 0 - 1 - 2
    >>> ev = graph_search_events(m.geometry, m.passages, meiro.solve(m, "bfs").explored)
    >>> ev.blocks[ev.starts[1]:ev.starts[2]].tolist(), ev.g[ev.starts[1]:ev.starts[2]].tolist()
    ([0, 1], [0, 1])
    """
    from .graph_search import check_search

    open_, _, _ = check_search(geometry, passages, 0, 0)
    try:
        cells = np.asarray(order)
    except (TypeError, ValueError, OverflowError):
        raise MazeError("the expansion order must name cells of the maze") from None
    if cells.ndim != 1 or (cells.size and (cells.dtype.kind not in "iu" or cells.min() < 0
                                           or cells.max() >= geometry.cells)):
        raise MazeError("the expansion order must name cells of the maze")
    cells = np.ascontiguousarray(cells, np.int32)
    size = int(np.diff(geometry.offsets)[cells].sum()) + 2 * cells.size + 1
    blocks, colours, g, starts = _graph_events_kernel(geometry.offsets, geometry.targets, geometry.slot_edges,
                                                      open_, cells, size)
    return SearchEvents(blocks, colours, g, starts)


def apply_events(blocks: NDArray[np.integer[Any]], colours: NDArray[np.integer[Any]], gs: NDArray[np.integer[Any]], lo: int, hi: int, state: NDArray[np.uint8], paint: NDArray[np.uint8],
                 g: NDArray[np.integer[Any]], start: int, goal: int) -> None:
    """Apply events ``lo:hi`` in order: ``state`` and ``g`` always, ``paint`` except start and goal.

    ``blocks``, ``colours`` and ``gs`` are a :class:`SearchEvents`' arrays; ``state`` and
    ``paint`` (uint8) and ``g`` (integers) are flat, writable arrays of the grid's size,
    changed in place; ``start`` and ``goal`` are flat block indices.

    Raises
    ------
    MazeError
        If the arrays do not fit together, ``lo:hi`` is not a range of the events or an
        event names a block outside the arrays.
    TypeError
        If an argument is not an array of the kind above or a whole number.

    Examples
    --------
    >>> grid = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 1, 1], [1, 1, 1, 1, 1]], bool)
    >>> ev = search_events(grid.ravel(), 5, np.array([6, 7]), 1)
    >>> state, paint, g = np.zeros(15, np.uint8), np.zeros(15, np.uint8), np.full(15, -1)
    >>> apply_events(ev.blocks, ev.colours, ev.g, ev.starts[1], ev.starts[2], state, paint, g, 6, 7)
    >>> int(state[6]) == CURRENT, int(state[7]) == FRONTIER, int(g[7])
    (True, True, 1)
    >>> apply_events(ev.blocks, ev.colours, ev.g, 0, 10**6, state, paint, g, 6, 7)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: lo:hi must be a range of the 5 events, got 0:1000000
    """
    for name, arr in (("blocks", blocks), ("colours", colours), ("gs", gs)):
        if not isinstance(arr, np.ndarray) or arr.ndim != 1 or arr.dtype.kind not in "iu":
            raise TypeError(f"{name} must be a one-dimensional integer array (see search_events)")
    if not blocks.size == colours.size == gs.size:
        raise MazeError("blocks, colours and gs must be as long as one another")
    for name, arr in (("state", state), ("paint", paint), ("g", g)):
        if not isinstance(arr, np.ndarray) or arr.ndim != 1 or arr.dtype.kind not in "iu":
            raise TypeError(f"{name} must be a flat integer array of the grid's blocks")
        if not arr.flags.writeable:
            raise MazeError(f"{name} is changed in place, so it must be writable")
    if state.dtype != np.uint8 or paint.dtype != np.uint8:
        raise TypeError("state and paint must be uint8 arrays")
    if not state.size == paint.size == g.size:
        raise MazeError("state, paint and g must be as long as one another (one entry per block)")
    lo, hi, start, goal = (whole(lo, "lo"), whole(hi, "hi"), whole(start, "start"), whole(goal, "goal"))
    if not 0 <= lo <= hi <= blocks.size:
        raise MazeError(f"lo:hi must be a range of the {blocks.size} events, got {lo}:{hi}")
    for name, value in (("start", start), ("goal", goal)):
        if not 0 <= value < state.size:
            raise MazeError(f"{name} {value} is not one of the {state.size} blocks")
    part = blocks[lo:hi]
    if part.size and (int(part.min()) < 0 or int(part.max()) >= state.size):
        raise MazeError(f"the events name blocks outside the {state.size} blocks of state")
    _apply_events(blocks, colours, gs, lo, hi, state, paint, g, start, goal)


@njit(cache=True)
def _apply_events(blocks: NDArray[np.integer[Any]], colours: NDArray[np.integer[Any]], gs: NDArray[np.integer[Any]], lo: int, hi: int, state: NDArray[np.uint8], paint: NDArray[np.uint8],
                  g: NDArray[np.integer[Any]], start: int, goal: int) -> None:
    """:func:`apply_events` on checked arguments."""
    for i in range(lo, hi):
        b = blocks[U(i)]
        state[U(b)] = colours[U(i)]
        if gs[U(i)] >= 0:
            g[U(b)] = gs[U(i)]
        if b != start and b != goal:
            paint[U(b)] = colours[U(i)]


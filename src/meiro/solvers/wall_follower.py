"""Wall followers: keep one hand on the wall and walk.

``wall-left`` keeps its left hand on the wall: at every position it turns
left if it can, else goes straight, else right, else back. ``wall-right`` is
the mirror image. The start heading is the first one (north, east, south,
west) that puts the hand on a wall.

Where it works and where it fails: a follower walks along one connected
piece of wall. On a perfect maze every wall is connected to the border, so
the walk visits every position and reaches any goal. On a maze with loops
(``braid=``) or a hand-drawn one, the goal may sit beside a free-standing
piece of wall — an island — that the start's wall never touches; the
follower then circles forever without meeting it. meiro detects the circle
(the walker stands at the same position with the same heading twice, and
the walk is deterministic) and raises :class:`~meiro.NoPathError` instead
of hanging; the walk is at most four steps per position. The same happens
when the goal is unreachable.

The path returned is the walk with its detours cut out: each position keeps
the direction it was first entered from, and the path follows those back
from the goal. On a perfect maze it is the unique (shortest) path; with loops
it may be longer than the shortest.

On the other grid kinds (:mod:`meiro.kinds`) a cell's neighbours come in
the kind's clockwise order (a 3D cell's stairs after its flat neighbours), and
turning is stepping through that order: arriving from a neighbour, the left
hand takes the first open passage clockwise after the way back, the right hand
the first one counter-clockwise, the way back last. On a perfect maze this
walks round the tree of passages, whatever the drawing, so it reaches every
cell; the circle check is per (cell, way in).

Reference: the "hand on the wall" rule is folklore; for its limits see
W. D. Pullen, *Think Labyrinth!* (maze solving), and Trémaux's method for
the general case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray
from ..kernels.jit import njit

from ..errors import NoPathError
from ..kernels.graph import CODE_MASK, SOURCE, _node_offsets, _open_ways, _set_code
from ..kernels.index import Int, U
from .cell_forms import Form, _degree, _near, _slot_near
from .graph_search import GraphSearch, run_graph
from .result import SearchGraph, SearchResult

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


@njit(cache=True)
def _follow_kernel(graph: NDArray[np.uint8], width: int, source: Int, target: Int, turn: int,
                   order: NDArray[np.int64]) -> tuple[Int, int, int]:
    """Walk the search graph with a hand on the wall: ``turn`` 3 is the left hand, 1 the right.

    The hand is on a wall wherever the graph has no passage: at each node the
    walker turns by that node's passages. Arguments otherwise as for
    :func:`meiro.solvers.bfs._bfs_kernel`; returns ``found, expanded,
    max_frontier`` (``found`` = -1 when the walk closes a circle without
    reaching ``target``).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)
    >>> r = SearchGraph(m.grid, 2).run(_follow_kernel, 1 * 9 + 1, 7 * 9 + 7, False, 3)  # left hand
    >>> r.found, r.expanded, len(r.path)
    (70, 12, 21)
    """
    record = order.size > 0
    off = _node_offsets(width)
    seen = np.zeros(graph.size, np.uint8)  # bit h: stood here heading h
    _set_code(graph, source, SOURCE)
    if record:
        order[0] = source
    expanded = 1
    if source == target:
        return source, expanded, 1
    # a heading with the hand on a wall
    ways = _open_ways(graph, source, width)
    heading = 0
    for h in range(4):
        if not (ways >> ((h + turn) & 3)) & 1:
            heading = h
            break
    p = source
    found = -1
    # every index below is >= 0 (nodes inside the padded graph): U() lets numba
    # skip its negative-index check
    while True:
        bit = np.uint8(1 << heading)
        if seen[U(p)] & bit:
            break  # same position, same heading: a circle
        seen[U(p)] |= bit
        ways = _open_ways(graph, p, width)
        if ways == 0:
            break  # walled in on all sides
        # hand side first, then straight, then the other side, then back
        d = (heading + turn) & 3
        while not (ways >> d) & 1:
            d = (d + 4 - turn) & 3
        p += off[U(d)]
        heading = d
        if not graph[U(p)] & CODE_MASK:
            _set_code(graph, p, d + 1)
            if record:
                order[U(expanded)] = p
            expanded += 1
        if p == target:
            found = p
            break
    return found, expanded, 1


@njit(cache=True)
def _follow_graph_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                         open_: NDArray[np.uint8], source: Int, target: Int, turn: int,
                         parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """Walk a grid kind's graph with a hand on the wall: ``turn`` 1 is the left hand, -1 the right.

    The walker turns through the cell's cyclic order from the slot it came in by
    (module docs); at the start it acts as if it came in by its first closed slot,
    else by its last (left hand) or first (right hand). Arguments and result as for
    :func:`meiro.solvers.bfs._bfs_graph_kernel`; ``found`` is -1 when the walk
    comes back to a cell through a way it came in by before.
    """
    record = order.size > 0
    seen = np.zeros(targets.size, np.uint8)  # per slot: came in by it
    parent[source] = source
    if record:
        order[0] = source
    expanded = 1
    if source == target:
        return source, expanded, 1
    p = source
    lo, hi = offsets[U(p)], offsets[U(p) + 1]
    degree = hi - lo
    slot = 0 if turn < 0 else degree - 1  # the way in: scanning starts beside it
    for k in range(degree):
        if not open_[U(slot_edges[U(lo + k)])]:
            slot = k
            break
    found = -1
    while degree > 0:
        s = slot
        moved = False
        for _ in range(degree):
            s = (s + turn + degree) % degree
            if open_[U(slot_edges[U(lo + s)])]:
                moved = True
                break
        if not moved:
            break  # no way out
        q = targets[U(lo + s)]
        edge = slot_edges[U(lo + s)]
        if parent[U(q)] < 0:
            parent[U(q)] = p
            if record:
                order[U(expanded)] = q
            expanded += 1
        if q == target:
            found = q
            break
        # the slot of the way back at q
        qlo, qhi = offsets[U(q)], offsets[U(q) + 1]
        back = qlo
        while slot_edges[U(back)] != edge:
            back += 1
        if seen[U(back)]:
            break  # same cell, same way in: a circle
        seen[U(back)] = 1
        p, lo, degree, slot = q, qlo, qhi - qlo, back - qlo
    return found, expanded, 1


@njit(cache=True)
def _follow_form_kernel(form: Form, slots: NDArray[np.uint8], source: Int, target: Int, turn: int,
                        parent: NDArray[np.int32], order: NDArray[np.int32]) -> tuple[Int, int, int]:
    """:func:`_follow_graph_kernel` on a compact form (:mod:`meiro.solvers.cell_forms`): the
    same walk, reading a byte of open slots per cell; the ways come in by, a byte per cell."""
    pattern, table, rings = form
    record = order.size > 0
    seen = np.zeros(slots.shape[0], np.uint8)  # per cell, bit s: came in by slot s
    back = np.empty(8, np.int64)
    parent[source] = source
    if record:
        order[0] = source
    expanded = 1
    if source == target:
        return source, expanded, 1
    p = source
    degree = _degree(pattern, table, rings, p)
    slot = 0 if turn < 0 else degree - 1  # the way in: scanning starts beside it
    for k in range(degree):
        if not (slots[U(p)] >> k) & 1:
            slot = k
            break
    found = -1
    while degree > 0:
        s = slot
        moved = False
        for _ in range(degree):
            s = (s + turn + degree) % degree
            if (slots[U(p)] >> s) & 1:
                moved = True
                break
        if not moved:
            break  # no way out
        q = _slot_near(pattern, table, rings, p, s)
        if parent[U(q)] < 0:
            parent[U(q)] = p
            if record:
                order[U(expanded)] = q
            expanded += 1
        if q == target:
            found = q
            break
        # the slot of the way back at q
        degree = _near(pattern, table, rings, q, back)
        slot = 0
        while back[U(slot)] != p:
            slot += 1
        if (seen[U(q)] >> slot) & 1:
            break  # same cell, same way in: a circle
        seen[U(q)] |= np.uint8(1 << slot)
        p = q
    return found, expanded, 1


def _follower(turn: int, name: str) -> Callable[..., SearchResult]:
    def solver(grid: np.ndarray, source: int, target: int, step: int, seed: int,
               record: bool) -> SearchResult:
        result = SearchGraph(grid, step).run(_follow_kernel, source, target, record, turn)
        if result.found < 0:
            cols = grid.shape[1]
            raise NoPathError(
                f"the goal ({target // cols}, {target % cols}) cannot be reached by {name}: the walk "
                f"came back to where it had been without meeting it (the goal is unreachable, or "
                f"loops keep it away from the wall the start ({source // cols}, {source % cols}) "
                f"touches; use tremaux or bfs)")
        return result

    solver.__name__ = solver.__qualname__ = name.replace("-", "_")
    solver.__doc__ = f"""Find a path by following the wall with the {name.split('-')[1]} hand.

    Raises :class:`~meiro.NoPathError` when the walk circles without reaching the goal.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(8, 8, seed=3)        # a perfect maze: the wall leads to the goal
    >>> sol = meiro.solve(m, "{name}")
    >>> sol.path[-1].tolist() == list(m.goal), sol.length == meiro.solve(m, "bfs").length
    (True, True)
    """
    return solver


def _graph_follower(turn: int, name: str) -> Callable[..., GraphSearch]:
    def solver(geometry: Geometry, passages: Any, source: int, target: int, seed: int,
               record: bool) -> GraphSearch:
        result = run_graph(_follow_graph_kernel, geometry, passages, source, target, record, turn,
                           form_kernel=_follow_form_kernel)
        if result.found < 0:
            raise NoPathError(
                f"the goal cell {target} cannot be reached by {name}: the walk came back to where it "
                f"had been without meeting it (the goal is unreachable, or loops keep it away from "
                f"the walls the start cell {source} touches; use tremaux or bfs)")
        return result

    solver.__name__ = solver.__qualname__ = name.replace("-", "_") + "_graph"
    solver.__doc__ = f"""Find a path on a grid kind's graph with the {name.split('-')[1]} hand on the wall.

    Raises :class:`~meiro.NoPathError` when the walk circles without reaching the goal.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(6, 6, grid="hex", seed=3)        # a perfect maze: the wall leads to the goal
    >>> sol = meiro.solve(m, "{name}")
    >>> int(sol.path[-1]) == m.goal, sol.length == meiro.solve(m, "bfs").length
    (True, True)
    """
    return solver


wall_left = _follower(3, "wall-left")
wall_right = _follower(1, "wall-right")

wall_left_graph = _graph_follower(1, "wall-left")
wall_right_graph = _graph_follower(-1, "wall-right")

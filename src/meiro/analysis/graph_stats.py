"""The statistics of a maze on a grid kind other than the square, in one compiled pass over its graph.

:func:`meiro.analysis.stats.maze_stats` (and so :func:`meiro.analysis.difficulty.difficulty`)
sends a :class:`~meiro.kinds.maze.GraphMaze` here. The figures are the square
grid's (:mod:`meiro.analysis.stats` defines them), counted on the geometry's
graph: the nodes are the cells, a passage joins two cells, and every length is
in cell-to-cell steps. :func:`graph_figures` computes them all in one kernel over
the compact form of the graph where the kind has one (:mod:`meiro.solvers.cell_forms`:
a byte of open slots per cell; every kind but weave), else over the CSR adjacency: a count of each cell's open passages, a breadth-first sweep
from the start (the solution, and the farthest cell), a second sweep from that
cell (the longest path) and a walk along the solution.

What each figure means on each kind
-----------------------------------
cells, dead ends, degree counts, passages
    Meaningful on every kind. ``degree_counts[k]`` runs to the largest number of
    neighbours a cell of the kind has (at least 4, as on the square grid): a hex
    cell may have 6 openings, a 3D cell 6 (four in its layer, stairs up and down),
    theta's centre as many as its first ring has cells; a triangle never more
    than 3, so a triangle maze has no crossings (4).
solution length, solution share, longest path, average corridor
    Cell steps through passages on every kind. On a weave maze the way under a
    crossing is one step (its two ends are neighbours in the graph), though it
    passes beneath a cell; through 3D stairs, one step.
turns
    A step turns when its direction (from cell centre to cell centre, 3D: with the
    layer) differs from the step before by more than 45 degrees. On the square and
    weave grids that is every change of direction; on hex, every step that is not
    straight on; on theta, following a ring is straight except on the innermost
    rings of fewer than 8 cells, and every change between along a ring and in or
    out is a turn; on a triangle maze a path zig-zags between up and down
    triangles, so nearly every step turns: turns say little there. In 3D a stair
    after a flat step (or before one) turns.
decision points
    Meaningful on every kind (a cell on the solution with more ways on than one).
difficulty
    :mod:`meiro.analysis.difficulty`'s formula on these figures. Its constants were
    fitted on square mazes; the winding and choices it combines mean the same on
    every kind, so the words still order mazes of one kind, but a "hard" hex maze
    and a "hard" square one were not matched against each other.

Examples
--------
>>> import meiro
>>> from meiro.analysis.stats import maze_stats
>>> s = maze_stats(meiro.generate(4, 3, grid="hex", seed=1))
>>> s.cells, s.dead_ends, sum(s.degree_counts), len(s.degree_counts)
(12, 3, 12, 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..generators.graph_carving import _COUNT
from ..kernels.index import U
from ..kernels.jit import njit
from ..solvers.cell_forms import Form, _open_near, _open_slots, cell_form

if TYPE_CHECKING:
    from ..kinds.maze import GraphMaze

#: the columns of :func:`_graph_stats_kernel`'s ``out``, in order
FIELDS = ("cells", "dead_ends", "solution_length", "longest_path", "turns", "decision_points",
          "passages", "corridor_ends", "reached")
#: a step turns when the cosine of its angle with the step before is below this (45 degrees)
TURN_COSINE = float(np.cos(np.pi / 4))


@njit(inline="always")
def _sweep(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
           open_: NDArray[np.uint8], source: int, dist: NDArray[np.int32], parent: NDArray[np.int32],
           queue: NDArray[np.int32]) -> int:
    """Breadth-first from ``source`` over the whole component: ``dist``, ``parent`` (reset
    first) and ``queue[:reached]`` in order; returns how many cells it reached."""
    for i in range(dist.size):
        dist[U(i)] = -1
        parent[U(i)] = -1
    dist[source] = 0
    parent[source] = source
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        i = queue[U(head)]
        head += 1
        for s in range(offsets[U(i)], offsets[U(i) + 1]):
            j = targets[U(s)]
            if open_[U(slot_edges[U(s)])] and dist[U(j)] < 0:
                dist[U(j)] = dist[U(i)] + 1
                parent[U(j)] = i
                queue[U(tail)] = j
                tail += 1
    return tail


@njit(inline="always")
def _form_sweep(form: Form, slots: NDArray[np.uint8], source: int, dist: NDArray[np.int32],
                parent: NDArray[np.int32], queue: NDArray[np.int32], near: NDArray[np.int64]) -> int:
    """:func:`_sweep` on a compact form (:mod:`meiro.solvers.cell_forms`): the same order."""
    pattern, table, rings = form
    for i in range(dist.size):
        dist[U(i)] = -1
        parent[U(i)] = -1
    dist[source] = 0
    parent[source] = source
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        i = queue[U(head)]
        head += 1
        bits = slots[U(i)]
        if bits:
            for c in range(_open_near(pattern, table, rings, i, bits, near)):
                j = near[U(c)]
                if dist[U(j)] < 0:
                    dist[U(j)] = dist[U(i)] + 1
                    parent[U(j)] = i
                    queue[U(tail)] = j
                    tail += 1
    return tail


@njit(inline="always")
def _solution_walk(parent: NDArray[np.int32], ways: NDArray[np.int32], centres: NDArray[np.float64],
                   start: int, goal: int, turn_cosine: float, out: NDArray[np.int64]) -> None:
    """Walk the solution back from the goal along ``parent``: its turns and decision points
    into ``out`` (columns 4 and 5 of :data:`FIELDS`)."""
    dims = centres.shape[1]
    turns = 0
    decisions = 0
    x = goal
    # walking back from the goal: x the cell a step leaves, the step before it ends at x
    after_x = 0.0
    after_y = 0.0
    after_z = 0.0
    have_after = False
    while x != start:
        p = parent[U(x)]
        bx = centres[U(x), 0] - centres[U(p), 0]
        by = centres[U(x), 1] - centres[U(p), 1]
        bz = centres[U(x), 2] - centres[U(p), 2] if dims == 3 else 0.0
        if have_after:
            dot = bx * after_x + by * after_y + bz * after_z
            norms = np.sqrt((bx * bx + by * by + bz * bz) * (after_x * after_x + after_y * after_y
                                                              + after_z * after_z))
            if dot < turn_cosine * norms:
                turns += 1
        after_x, after_y, after_z = bx, by, bz
        have_after = True
        if ways[U(p)] >= (2 if p == start else 3):
            decisions += 1
        x = p
    out[4] = turns
    out[5] = decisions


@njit(inline="always")
def _count_ways(ways: NDArray[np.int32], degree_counts: NDArray[np.int64], out: NDArray[np.int64]) -> None:
    """From each cell's open passages: ``degree_counts`` and columns 0, 1, 6 and 7 of ``out``."""
    for k in range(out.size):
        out[k] = 0
    for k in range(degree_counts.size):
        degree_counts[k] = 0
    ends = 0
    corridor_ends = 0
    for i in range(ways.size):
        w = ways[U(i)]
        ends += w
        degree_counts[U(w)] += 1
        if w != 2:
            corridor_ends += w
    out[0] = ways.size
    out[1] = degree_counts[1]
    out[6] = ends // 2  # each passage has two ends
    out[7] = corridor_ends


@njit(cache=True)
def _form_stats_kernel(form: Form, slots: NDArray[np.uint8], centres: NDArray[np.float64], start: int, goal: int,
                       turn_cosine: float, degree_counts: NDArray[np.int64], out: NDArray[np.int64]) -> None:
    """:func:`_graph_stats_kernel` on a compact form: the same figures."""
    n = slots.shape[0]
    ways = np.empty(n, np.int32)
    for i in range(n):
        ways[U(i)] = _COUNT[U(slots[U(i)])]
    _count_ways(ways, degree_counts, out)
    dist = np.empty(n, np.int32)
    parent = np.empty(n, np.int32)
    queue = np.empty(n, np.int32)
    near = np.empty(8, np.int64)
    reached = _form_sweep(form, slots, start, dist, parent, queue, near)
    out[8] = reached
    out[2] = dist[goal]
    if dist[goal] >= 0:
        _solution_walk(parent, ways, centres, start, goal, turn_cosine, out)
    else:
        out[4] = -1
        out[5] = -1
    far = queue[reached - 1]
    reached2 = _form_sweep(form, slots, far, dist, parent, queue, near)
    out[3] = dist[queue[reached2 - 1]]


@njit(cache=True)
def _graph_stats_kernel(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32],
                        open_: NDArray[np.uint8], centres: NDArray[np.float64], start: int, goal: int,
                        turn_cosine: float, degree_counts: NDArray[np.int64],
                        out: NDArray[np.int64]) -> None:
    """Fill ``out`` (the columns of :data:`FIELDS`) and ``degree_counts`` (cells by open passages)."""
    n = offsets.size - 1
    ways = np.zeros(n, np.int32)
    for i in range(n):
        w = 0
        for s in range(offsets[i], offsets[i + 1]):
            if open_[U(slot_edges[U(s)])]:
                w += 1
        ways[i] = w
    _count_ways(ways, degree_counts, out)
    dist = np.empty(n, np.int32)
    parent = np.empty(n, np.int32)
    queue = np.empty(n, np.int32)
    reached = _sweep(offsets, targets, slot_edges, open_, start, dist, parent, queue)
    out[8] = reached
    out[2] = dist[goal]
    if dist[goal] >= 0:
        _solution_walk(parent, ways, centres, start, goal, turn_cosine, out)
    else:
        out[4] = -1
        out[5] = -1
    # the longest path: a second sweep from the farthest cell of the first (exact on a tree,
    # the usual double-sweep lower bound with loops)
    far = queue[reached - 1]
    reached2 = _sweep(offsets, targets, slot_edges, open_, far, dist, parent, queue)
    out[3] = dist[queue[reached2 - 1]]


def graph_figures(maze: GraphMaze) -> tuple[dict[str, int], NDArray[np.int64]]:
    """The raw figures of ``maze`` (:data:`FIELDS`) and its cells by number of openings.

    ``degree_counts`` has ``max(5, most neighbours + 1)`` entries.

    Examples
    --------
    >>> import meiro
    >>> figures, counts = graph_figures(meiro.generate(3, 3, grid="triangle", seed=2))
    >>> figures["cells"], figures["passages"], counts.tolist()
    (9, 8, [0, 4, 3, 2, 0])
    """
    g = maze.geometry
    degree = g.degree()
    counts = np.zeros(max(5, int(degree.max()) + 1 if degree.size else 0), np.int64)
    out = np.zeros(len(FIELDS), np.int64)
    open_ = np.ascontiguousarray(maze.passages).view(np.uint8)
    form = cell_form(g)
    if form is not None:  # every kind but weave: a byte of open slots per cell
        slots = np.empty(g.cells, np.uint8)
        _open_slots(g.offsets, g.slot_edges, open_, slots)
        _form_stats_kernel(form, slots, g.centres, maze.start, maze.goal, TURN_COSINE, counts, out)
    else:
        _graph_stats_kernel(g.offsets, g.targets, g.slot_edges, open_, g.centres, maze.start, maze.goal,
                            TURN_COSINE, counts, out)
    return {name: int(out[i]) for i, name in enumerate(FIELDS)}, counts


def graph_degrees(maze: GraphMaze) -> NDArray[np.int64]:
    """Each cell's number of open passages.

    Examples
    --------
    >>> import meiro
    >>> graph_degrees(meiro.generate(3, 1, grid="hex", seed=0)).tolist()
    [1, 2, 1]
    """
    pairs = maze.geometry.edges[maze.passages]
    degree: NDArray[np.int64] = np.bincount(pairs.ravel(), minlength=maze.cells).astype(np.int64)
    return degree


def average_corridor(passages: Any, corridor_ends: Any) -> float:
    """Passages per corridor (:mod:`meiro.analysis.stats`): all passages when nothing splits them."""
    pieces = int(corridor_ends) // 2
    return float(passages) / pieces if pieces > 0 else float(passages)

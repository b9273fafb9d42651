"""Searching a grid kind's graph: what every solver's graph kernel shares.

The square grid's solvers fold the block grid into one byte per node
(:mod:`meiro.kernels.graph`); the other kinds (:mod:`meiro.kinds`) are searched
on their geometry's CSR adjacency instead: ``offsets``, ``targets`` and
``slot_edges`` (see :mod:`meiro.kinds.geometry`) and the maze's passages, one
byte per neighbouring pair (1: open). A cell's neighbours come in the kind's
clockwise cyclic order, which is how the wall followers turn.

Every graph kernel writes, for each cell it reaches, the cell it was reached
from into ``parent`` (the source is its own parent, -1 where it did not reach)
and, when ``order`` is not empty, the cells it expanded in order; it returns
``found, expanded, max_frontier`` as the square kernels do. :func:`run_graph`
runs one and traces the path from the goal back along ``parent``.

Examples
--------
>>> import meiro
>>> from meiro.solvers.bfs import _bfs_graph_kernel
>>> m = meiro.generate(3, 2, grid="hex", seed=1)
>>> r = run_graph(_bfs_graph_kernel, m.geometry, m.passages, m.start, m.goal, True)
>>> int(r.path[0]), int(r.path[-1]) == m.goal, r.expanded == len(r.explored)
(0, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, flag, whole
from ..kernels.index import Int, U
from ..kernels.jit import njit

if TYPE_CHECKING:
    from ..kinds.geometry import Geometry


class GraphSearch(NamedTuple):
    """Raw search output on a grid kind's graph.

    ``found`` is the goal cell or -1; ``explored`` None unless recorded, else the
    cells expanded in order (int32); ``path`` the cells from start to goal (int32),
    None when the goal was not found.
    """

    found: int
    expanded: int
    max_frontier: int
    explored: NDArray[np.int32] | None
    path: NDArray[np.int32] | None = None


@njit(cache=True)
def _trace_parents(parent: NDArray[np.int32], target: Int) -> NDArray[np.int32]:
    """The cells from the root of ``parent``'s tree (its own parent) to ``target``.

    Examples
    --------
    >>> _trace_parents(np.array([0, 0, 1, -1], np.int32), 2).tolist()
    [0, 1, 2]
    """
    steps = 0
    x = target
    while parent[U(x)] != x:
        x = parent[U(x)]
        steps += 1
    path = np.empty(steps + 1, np.int32)
    x = target
    for i in range(steps, -1, -1):
        path[U(i)] = x
        x = parent[U(x)]
    return path


def check_search(geometry: Geometry, passages: Any, source: Any, target: Any) -> tuple[NDArray[np.uint8], int, int]:
    """The passages as one byte per edge and the two ends, checked to fit ``geometry``.

    Raises
    ------
    MazeError
        Passages that are not one bool per neighbouring pair, or an end that is not a cell.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> g = geometry_of("hex", (2, 2))
    >>> check_search(g, np.ones(g.edge_count, bool), 0, 4)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: target 4 is not a cell (cells 0 to 3)
    """
    from ..kinds.geometry import Geometry

    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    bits = np.asarray(passages)
    if bits.shape != (geometry.edge_count,) or bits.dtype != np.bool_:
        raise MazeError(f"passages must be {geometry.edge_count} booleans, one per neighbouring pair")
    ends = []
    for name, value in (("source", source), ("target", target)):
        cell = whole(value, name, error=MazeError)
        if not 0 <= cell < geometry.cells:
            raise MazeError(f"{name} {cell} is not a cell (cells 0 to {geometry.cells - 1})")
        ends.append(cell)
    return np.ascontiguousarray(bits).view(np.uint8), ends[0], ends[1]


def run_graph(kernel: Callable[..., tuple[Int, int, int]], geometry: Geometry, passages: Any, source: Any,
              target: Any, record: bool, *args: object,
              form_kernel: Callable[..., tuple[Int, int, int]] | None = None) -> GraphSearch:
    """Run a graph search ``kernel`` from cell ``source`` to ``target`` and package it.

    The kernel is called as ``kernel(offsets, targets, slot_edges, open, source,
    target, *args, parent, order)`` (see the module docs). When ``form_kernel`` is
    given and the geometry has a compact form (:mod:`meiro.solvers.cell_forms`), it
    runs instead, as ``form_kernel(form, open_slots, source, target, *args, parent,
    order)``: the same search on about a tenth of the memory.
    """
    open_, source, target = check_search(geometry, passages, source, target)
    record = flag(record, "record")
    parent = np.full(geometry.cells, -1, np.int32)
    order = np.empty(geometry.cells if record else 0, np.int32)
    form = None
    if form_kernel is not None:
        from .cell_forms import _open_slots, cell_form

        form = cell_form(geometry)
    if form is not None and form_kernel is not None:
        slots = np.empty(geometry.cells, np.uint8)
        _open_slots(geometry.offsets, geometry.slot_edges, open_, slots)
        found, expanded, frontier = form_kernel(form, slots, source, target, *args, parent, order)
    else:
        found, expanded, frontier = kernel(geometry.offsets, geometry.targets, geometry.slot_edges, open_,
                                           source, target, *args, parent, order)
    return _package(int(found), int(expanded), int(frontier), parent,
                   order[:int(expanded)] if record else None)


def _package(found: int, expanded: int, frontier: int, parent: NDArray[np.int32],
            explored: NDArray[np.int32] | None) -> GraphSearch:
    """A :class:`GraphSearch` of a finished search: the path traced back along ``parent``."""
    if found < 0:
        return GraphSearch(-1, expanded, frontier, explored)
    return GraphSearch(found, expanded, frontier, explored, _trace_parents(parent, found))

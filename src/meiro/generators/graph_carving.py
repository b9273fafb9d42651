"""Carving on a grid kind's graph: what every graph generator shares.

A graph generator's kernel works on CSR adjacency (``offsets``, ``targets``,
``slot_edges``; see :mod:`meiro.kinds.geometry`) and writes one byte per edge,
1 for an opened passage; it may also log the edges in the order it opened them.
Every kernel has the same signature (:data:`GraphKernel`), so :func:`run_on_graph`
runs any of them.

A weave's crossings are passages every maze has (the geometry's ``forced``
edges). The kernels never see them: they carve the *contracted* graph
(:func:`carving_graph`), in which each group of cells joined by forced passages
is one node, and a spanning tree of that graph plus the forced passages is a
spanning tree of the cells. Wilson's and Aldous-Broder's trees stay uniform:
uniform over the spanning trees that contain the crossings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, flag, whole
from ..kernels.index import U
from ..kernels.jit import njit
from ..kernels.rng import _below, check_state
from ..kinds.geometry import Geometry

#: ``kernel(offsets, targets, slot_edges, start, state, passages, order) -> entries logged``:
#: carve the graph of ``len(offsets) - 1`` nodes from node ``start``, setting ``passages[e] = 1``
#: for each edge opened and, when ``order`` is not None, writing the edges in the order opened.
#: A method's settings, if it has any, follow ``order``.
GraphKernel = Callable[..., int]


@njit(inline="always")
def _largest_degree(offsets: NDArray[np.int64]) -> int:
    """The most slots any node has (at least 1, so that a scratch array of that size is never empty)."""
    most = 1
    for i in range(offsets.shape[0] - 1):
        most = max(most, offsets[i + 1] - offsets[i])
    return most


@njit(inline="always")
def _random_slot(offsets: NDArray[np.int64], i: int, state: np.uint64) -> tuple[int, np.uint64]:
    """A uniformly random slot of node ``i`` (one of its edges; ``i`` must have one) and the new state.

    Uniform over *slots*, not over neighbouring nodes: on the contracted graph two
    parallel edges to one node are two choices, which is what keeps the random
    walks' trees uniform over the spanning trees of the cells.
    """
    lo = offsets[U(i)]
    k, state = _below(state, offsets[U(i + 1)] - lo)
    return lo + k, state


@njit(inline="always")
def _open_between(offsets: NDArray[np.int64], targets: NDArray[np.int32], slot_edges: NDArray[np.int32], a: int,
                  b: int, passages: NDArray[np.uint8], order: Any, n_log: int) -> int:
    """Open the edge between neighbouring nodes ``a`` and ``b`` (logged when ``order`` is not None)."""
    for s in range(offsets[U(a)], offsets[U(a + 1)]):
        if targets[U(s)] == b:
            passages[U(slot_edges[U(s)])] = 1
            if order is not None:
                order[U(n_log)] = slot_edges[U(s)]
                n_log += 1
            break
    return n_log


def _theta_rings(geometry: Geometry, method: str) -> NDArray[np.int64]:
    """Where each ring of a theta ``geometry`` starts (its centre first, then one past the last
    cell), for the methods that go round its rings; else a :class:`~meiro.MazeError`."""
    _geometry(geometry)
    if geometry.kind != "theta" or geometry.forced.size or "kept" in geometry.extra:
        raise MazeError(f"the polar {method} works on theta mazes only, not on a {geometry.kind} one")
    from ..kinds.theta import ring_sizes

    first = np.concatenate([[0], np.cumsum(ring_sizes(geometry.params["rings"]))]).astype(np.int64)
    if first[-1] != geometry.cells:
        raise MazeError(f"the polar {method} needs a theta geometry as meiro.kinds.geometry_of makes it")
    return first


class GraphCarving(NamedTuple):
    """What a graph generator made: one bit per edge (open or not), and the opening order if recorded."""

    passages: NDArray[np.bool_]
    order: NDArray[np.int32] | None = None


class CarvingGraph(NamedTuple):
    """The graph the kernels carve: the geometry's, with forced passages contracted."""

    offsets: NDArray[np.int64]
    targets: NDArray[np.int32]
    slot_edges: NDArray[np.int32]
    #: the node each cell belongs to
    node_of: NDArray[np.int64]


def _geometry(geometry: Any) -> Geometry:
    if not isinstance(geometry, Geometry):
        raise TypeError(f"geometry must be a meiro.kinds.geometry.Geometry, got {type(geometry).__name__}")
    return geometry


def carving_graph(geometry: Geometry) -> CarvingGraph:
    """The graph a generator carves on ``geometry`` (the geometry's own, without forced edges).

    Kept with the geometry: every maze of a size carves the same graph.

    Raises
    ------
    MazeError
        If the cells are not all joined (a random walk on them would never end).
    """
    _geometry(geometry)
    kept: CarvingGraph | None = geometry.extra.get("_carving_graph")
    if kept is not None:
        return kept
    from ..kernels.adjacency import _components

    if _components(geometry.cells, geometry.edges, np.ones(geometry.edge_count, np.bool_)) > 1:
        raise MazeError(f"a maze needs its cells in one piece; this {geometry.kind} geometry's are not")
    if not len(geometry.forced):
        graph = CarvingGraph(geometry.offsets, geometry.targets, geometry.slot_edges,
                             np.arange(geometry.cells))
    else:
        graph = _contracted(geometry)
    geometry.extra["_carving_graph"] = graph
    return graph


def _contracted(geometry: Geometry) -> CarvingGraph:
    """Each group of cells joined by forced passages made one node; multiple edges kept."""
    from ..kernels.adjacency import _group_roots

    n = geometry.cells
    roots = _group_roots(n, geometry.edges[geometry.forced])
    # nodes numbered by their smallest cell
    first, node = np.unique(roots, return_inverse=True)
    a, b = node[geometry.edges[:, 0]], node[geometry.edges[:, 1]]
    edge = np.arange(geometry.edge_count)
    keep = a != b  # an edge inside a group would close a loop with the forced passages
    keep[geometry.forced] = False
    src = np.concatenate([a[keep], b[keep]])
    dst = np.concatenate([b[keep], a[keep]])
    eid = np.concatenate([edge[keep], edge[keep]])
    slots = np.argsort(src, kind="stable")
    offsets = np.zeros(first.size + 1, np.int64)
    np.cumsum(np.bincount(src, minlength=first.size), out=offsets[1:])
    return CarvingGraph(offsets, dst[slots].astype(np.int32), eid[slots].astype(np.int32), node)


def check_origin(geometry: Geometry, origin: Any) -> int:
    """``origin`` as a cell number of ``geometry`` (else a :class:`~meiro.MazeError`)."""
    _geometry(geometry)
    cell = whole(origin, "origin", error=MazeError)
    if not 0 <= cell < geometry.cells:
        raise MazeError(f"origin must be a cell number from 0 to {geometry.cells - 1}, got {cell}")
    return cell


def run_on_graph(kernel: GraphKernel, geometry: Geometry, state: np.uint64, origin: Any = 0,
                 record: bool = False, *extra: Any) -> GraphCarving:
    """Run a graph generator's ``kernel`` on ``geometry`` from cell ``origin``.

    ``extra`` follows the kernel's usual arguments (a method's settings).
    Returns the passages (the forced ones included) and, with ``record``, the
    order they were opened in, forced ones first.
    """
    if not callable(kernel):
        raise TypeError(f"kernel must be a graph generator's kernel, got {type(kernel).__name__}")
    state = check_state(state)
    record = flag(record, "record")
    start = check_origin(geometry, origin)
    graph = carving_graph(geometry)
    nodes = len(graph.offsets) - 1
    opened = np.zeros(geometry.edge_count, np.uint8)
    order = np.empty(max(nodes - 1, 0), np.int32) if record else None
    logged = kernel(graph.offsets, graph.targets, graph.slot_edges, int(graph.node_of[start]), state,
                    opened, order, *extra)
    passages = opened.view(np.bool_)
    passages[geometry.forced] = True
    if order is not None:
        order = np.concatenate([geometry.forced.astype(np.int32), order[:logged]])
    return GraphCarving(passages, order)


#: for each set of slots (an 8-bit mask): how many there are, and which is the ``k``-th.
#: A kernel that gathers a cell's candidates as a mask, without a branch per neighbour
#: whose outcome no processor can predict, picks the ``k``-th of them with these: the
#: dig method's walk on a 4 M-cell hex stencil took 22 ns a cell instead of 29, and
#: :func:`_open_marked` 3 instead of 8
_COUNT = np.array([bin(mask).count("1") for mask in range(256)], np.int64)
_NTH = np.array([[b for b in range(8) if mask >> b & 1] + [0] * (8 - bin(mask).count("1"))
                 for mask in range(256)], np.int64)


@njit(cache=True)
def _open_marked(offsets: NDArray[np.int64], slot_edges: NDArray[np.int32], marks: NDArray[np.uint8],
                 keep: int, passages: NDArray[np.uint8]) -> None:
    """Open the passages ``marks & keep`` name: bit ``k`` of ``marks[i]`` is cell ``i``'s ``k``-th slot.

    A kernel that marks a small per-cell byte as it walks, and opens the passages in this
    one streaming pass at the end, avoids a write far away in ``passages`` per step.
    (``keep`` leaves out bits a kernel uses for itself, such as a "seen" bit.)
    """
    for i in range(marks.shape[0]):
        bits = marks[i] & keep
        if bits:
            lo = offsets[i]
            for k in range(_COUNT[U(bits)]):
                passages[U(slot_edges[U(lo + _NTH[U(bits), U(k)])])] = 1


class Stencil(NamedTuple):
    """A carving graph whose cells fall into a few *patterns* of neighbours, as on a lattice.

    A hex cell's neighbours are ``i + table[pattern[i], k]`` for ``k < degree[pattern[i]]``,
    in its CSR order: a pattern per column parity and border case, a few dozen in all.
    A kernel reading one byte per cell (the pattern) and a small table instead of about
    60 bytes of CSR per cell keeps its working set in the cache: the dig method on a
    4-million-cell hex geometry ran 2.2 times as fast this way, making the same maze.
    """

    pattern: NDArray[np.uint8]
    degree: NDArray[np.int64]
    table: NDArray[np.int64]


#: the most patterns a stencil has (one byte a cell), and the most neighbours a cell (8 bits)
_PATTERNS, _SLOTS = 255, 8
#: slots of the hash table the patterns are found with (a power of two, well above _PATTERNS)
_BUCKETS = 1024


@njit(cache=True)
def _find_patterns(offsets: NDArray[np.int64], targets: NDArray[np.int32]) -> tuple[
        NDArray[np.uint8], NDArray[np.int64], NDArray[np.int64], int]:
    """Each cell's pattern of neighbour offsets, in one pass with a small hash table.

    Returns ``(pattern, degree, table, count)``; ``count`` is -1 when the cells have more
    than ``_PATTERNS`` patterns or a cell more than ``_SLOTS`` neighbours (no stencil then).
    """
    n = offsets.shape[0] - 1
    pattern = np.empty(n, np.uint8)
    degree = np.zeros(_PATTERNS, np.int64)
    table = np.zeros((_PATTERNS, _SLOTS), np.int64)
    bucket = np.full(_BUCKETS, -1, np.int64)
    count = 0
    for i in range(n):
        lo, hi = offsets[i], offsets[i + 1]
        d = hi - lo
        if d > _SLOTS:
            return pattern, degree, table, -1
        h = np.uint64(d)
        for s in range(lo, hi):
            h = (h ^ np.uint64(np.int64(targets[s]) - i + 0x8000_0000)) * np.uint64(0x100000001B3)
        b = (h ^ (h >> np.uint64(29))) & np.uint64(_BUCKETS - 1)
        while True:
            p = bucket[b]
            if p < 0:  # a new pattern
                if count == _PATTERNS:
                    return pattern, degree, table, -1
                p = count
                count += 1
                bucket[b] = p
                degree[p] = d
                for k in range(d):
                    table[p, k] = targets[lo + k] - i
                break
            same = degree[p] == d
            for k in range(d):
                if same and table[p, k] != targets[lo + k] - i:
                    same = False
            if same:
                break
            b = (b + np.uint64(1)) & np.uint64(_BUCKETS - 1)
        pattern[i] = p
    return pattern, degree, table, count


def stencil(geometry: Geometry) -> Stencil | None:
    """The stencil form of the graph a generator carves on ``geometry``, or None when it has
    none (crossings contracted, a theta maze's rings, more patterns or neighbours than fit).

    Kept with the geometry, as :func:`carving_graph` is.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> form = stencil(geometry_of("hex", (6, 4)))
    >>> len(form.degree), int(form.degree.max())          # a dozen patterns; inside, six neighbours
    (12, 6)
    """
    _geometry(geometry)
    if "_stencil" in geometry.extra:
        kept: Stencil | None = geometry.extra["_stencil"]
        return kept
    found = None
    if not len(geometry.forced) and geometry.cells:
        pattern, degree, table, count = _find_patterns(geometry.offsets, geometry.targets)
        if count >= 0:
            found = Stencil(pattern, degree[:count].copy(), table[:count].copy())
    geometry.extra["_stencil"] = found
    return found

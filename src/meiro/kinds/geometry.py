"""A grid kind's graph and geometry: the cells, who neighbours whom, and where the walls stand.

A :class:`Geometry` is what every non-square maze is built on (see
``DESIGN.md``, "Grid kinds"). It is a set of flat NumPy arrays, so that one
compiled kernel serves every kind:

* ``centres``: each cell's centre, ``(n, 2)`` (``[x, y]``) or ``(n, 3)``
  (``[x, y, z]``, z the layer of a 3D maze), in the drawing's units (about one
  unit between neighbouring centres; y grows downwards, as on a page).
* ``edges``: every pair of neighbouring cells ``[a, b]`` with ``a < b``, sorted;
  an edge's number is its row. A maze on the geometry is one passage bit per edge.
* ``offsets`` / ``targets`` / ``slot_edges``: the same graph as CSR adjacency:
  the neighbours of cell ``i`` are ``targets[offsets[i]:offsets[i + 1]]``, in a
  fixed cyclic order around the cell (clockwise on the page, so that a wall
  follower turns by stepping through it), and ``slot_edges`` gives the edge of
  each of those slots.
* ``walls``: the wall between each edge's two cells, ``(m, 5)`` rows
  ``[x0, y0, x1, y1, r]``: a straight segment from ``(x0, y0)`` to ``(x1, y1)``
  when ``r == 0``; when ``r > 0`` an arc of radius ``r`` around :attr:`Geometry.hub`
  from ``(x0, y0)`` clockwise to ``(x1, y1)`` (exactly the numbers of an SVG
  ``A r r 0 0 1 x1 y1`` command); NaN when the pair has no wall to draw (a weave's
  under-crossing, a 3D maze's stairs).
* ``wall_middles``: the middle point of each edge's wall, on its segment or arc
  (of a crossing: the crossing cell's centre; of stairs: the cell's centre and
  half a layer up).
* ``border``: the outline's walls, which no passage ever opens, in the form of
  ``walls``.
* ``forced``: edges every maze on the geometry has open (a weave's crossings);
  generators join them before they start.

A kind's builder makes a geometry from its size (:mod:`meiro.kinds.theta`,
:mod:`~meiro.kinds.hexagon`, :mod:`~meiro.kinds.triangle`, :mod:`~meiro.kinds.weave`,
:mod:`~meiro.kinds.layers`); :func:`from_edges` finishes one from its edges.
Everything is vectorised NumPy: a geometry of 4 million cells builds in well under
a second, and :func:`meiro.kinds.geometry_of` keeps the last few it built.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError

#: Cells a geometry may have: a maze this large takes about 1 GiB to make.
MAX_CELLS = 2**25


@dataclass(frozen=True, eq=False)
class Geometry:
    """The cells of a grid kind, their neighbours in cyclic order, and the walls between them.

    Make one with a kind's builder (:func:`meiro.kinds.geometry_of`) rather than by
    hand; :func:`from_edges` checks and completes hand-made arrays.

    Examples
    --------
    >>> from meiro.kinds import geometry_of
    >>> g = geometry_of("hex", (3, 2))
    >>> g.cells, g.edge_count, g.dims
    (6, 9, 2)
    >>> g.neighbours(0).tolist()          # north, north-east, south-east, south, south-west, north-west
    [1, 3]
    """

    kind: str
    #: the size the kind was built from, as its file stores it (e.g. ``{"width": 3, "height": 2}``)
    params: dict[str, int]
    centres: NDArray[np.float64]
    edges: NDArray[np.int32]
    offsets: NDArray[np.int64]
    targets: NDArray[np.int32]
    slot_edges: NDArray[np.int32]
    #: makes ``(walls, wall_middles, border)``, the walls in the order the edges were given, and
    #: optionally fourth the cell each border wall belongs to (:attr:`border_cells`)
    drawing: Callable[[], tuple[Any, ...]] = field(repr=False)
    #: the given edge each edge number comes from (how :attr:`walls` are put in edge order)
    given: NDArray[np.int64] = field(repr=False, default_factory=lambda: np.zeros(0, np.int64))
    #: the centre arcs turn around (theta), else the middle of the drawing
    hub: tuple[float, float] = (0.0, 0.0)
    forced: NDArray[np.int32] = field(default_factory=lambda: np.zeros(0, np.int32))
    #: the longest distance between two neighbouring centres (A*'s heuristic divides by it)
    reach: float = 1.0
    #: what else a kind keeps (a weave: its crossings)
    extra: dict[str, Any] = field(default_factory=dict)
    #: ``(function, arguments)`` that build it again, when a kind's builder made it (how it pickles)
    source: tuple[Callable[..., Geometry], tuple[Any, ...]] | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a builder's geometry pickles as its name and size (a closure does not pickle at all);
        # any other as its arrays, walls included
        if self.source is not None:
            return self.source
        return _from_arrays, (self.kind, self.params, self.centres, self.edges, self.walls,
                              self.wall_middles, self.border, self.hub, self.forced, self.extra)

    # The walls are made when first asked for: making a maze needs only the graph, and
    # a 4-million-cell hex geometry's walls alone take 480 MB.
    @functools.cached_property
    def _drawn(self) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]:
        walls, middles, border, *owners = self.drawing()
        walls = np.asarray(walls, dtype=np.float64).reshape(-1, 5)[self.given]
        middles = np.asarray(middles, dtype=np.float64).reshape(walls.shape[0], -1)[self.given] if len(walls) \
            else np.zeros((0, self.dims))  # a one-cell maze: no pair, no wall
        border = np.asarray(border, dtype=np.float64).reshape(-1, 5)
        cells = np.asarray(owners[0], dtype=np.int64) if owners else np.full(len(border), -1, np.int64)
        return (np.ascontiguousarray(walls), np.ascontiguousarray(middles), np.ascontiguousarray(border),
                cells)

    @property
    def walls(self) -> NDArray[np.float64]:
        """Each edge's wall ``[x0, y0, x1, y1, r]`` (see the module docs), NaN for none."""
        return self._drawn[0]

    @property
    def wall_middles(self) -> NDArray[np.float64]:
        """The middle point of each edge's wall (of a crossing or stairs: see the module docs)."""
        return self._drawn[1]

    @property
    def border(self) -> NDArray[np.float64]:
        """The outline's walls, rows like :attr:`walls`."""
        return self._drawn[2]

    @property
    def border_cells(self) -> NDArray[np.int64]:
        """The cell each :attr:`border` wall belongs to (-1 where the kind does not say)."""
        return self._drawn[3]

    def restricted(self, keep: Any) -> Geometry:
        """The geometry of the cells where ``keep`` is true, numbered in their order.

        Pairs with one end left out become outline walls; the cells' original numbers
        are ``extra["kept"]``. This is how a mask shapes a hex or triangle maze.

        Examples
        --------
        >>> from meiro.kinds import geometry_of
        >>> full = geometry_of("hex", (3, 3))
        >>> part = full.restricted(full.centres[:, 0] < 1.5)       # the first two columns
        >>> part.cells, part.extra["kept"].tolist(), len(part.border) > len(full.border) // 2
        (6, [0, 1, 3, 4, 6, 7], True)
        """
        inside = np.asarray(keep, dtype=bool)
        if inside.shape != (self.cells,):
            raise MazeError(f"keep must be one bool per cell ({self.cells}), got shape {inside.shape}")
        if len(self.forced):
            raise MazeError(f"a {self.kind} maze cannot be cut to a shape: its crossings need their cells")
        if not inside.any():
            raise MazeError("no cell is left inside the shape")
        number = np.cumsum(inside) - 1
        a, b = self.edges[:, 0], self.edges[:, 1]
        both, cut = inside[a] & inside[b], inside[a] ^ inside[b]
        if not np.isnan(self.walls[cut]).all() and np.isnan(self.walls[cut]).any():
            raise MazeError(f"a {self.kind} maze cannot be cut to a shape here")

        def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]:
            owned = self.border_cells
            if (owned < 0).any():
                raise MazeError(f"a {self.kind} maze's outline cannot be cut to a shape")
            outer = inside[np.maximum(owned, 0)]
            cut_owner = np.where(inside[a[cut]], a[cut], b[cut])
            return (self.walls[both], self.wall_middles[both],
                    np.concatenate([self.border[outer], self.walls[cut]]),
                    number[np.concatenate([owned[outer], cut_owner])])

        kept = np.flatnonzero(inside)
        # what methods keep with a geometry (``_`` names: a carving graph, a stencil) is of its own cells
        extra = {key: value for key, value in self.extra.items() if not key.startswith("_")}
        geometry = from_edges(self.kind, self.params, self.centres[inside], number[self.edges[both]], drawing,
                              hub=self.hub, checked=False, extra={**extra, "kept": kept})
        return geometry

    @functools.cached_property
    def extent(self) -> tuple[float, float]:
        """The drawing's extent ``(width, height)``: the largest x and y of the centres and outline."""
        border = self.border
        xs = np.concatenate([self.centres[:, 0], border[:, 0], border[:, 2]])
        ys = np.concatenate([self.centres[:, 1], border[:, 1], border[:, 3]])
        return float(xs.max()), float(ys.max())

    @property
    def cells(self) -> int:
        """The number of cells."""
        return int(self.centres.shape[0])

    @property
    def edge_count(self) -> int:
        """The number of neighbouring pairs (possible passages)."""
        return int(self.edges.shape[0])

    @property
    def dims(self) -> int:
        """2 for a flat kind, 3 for a layered one (centres have a z)."""
        return int(self.centres.shape[1])

    def neighbours(self, cell: int) -> NDArray[np.int32]:
        """The cells next to ``cell``, in the kind's cyclic order."""
        return self.targets[self.offsets[cell]:self.offsets[cell + 1]]

    def degree(self) -> NDArray[np.int64]:
        """Each cell's number of neighbours."""
        return np.diff(self.offsets)

    def edge_between(self, a: int, b: int) -> int:
        """The edge number of neighbours ``a`` and ``b``, or -1 when they are not neighbours."""
        lo, hi = self.offsets[a], self.offsets[a + 1]
        hits = np.flatnonzero(self.targets[lo:hi] == b)
        return int(self.slot_edges[lo + hits[0]]) if hits.size else -1

    def __repr__(self) -> str:
        size = "x".join(str(v) for v in self.params.values())
        return f"<Geometry {self.kind} {size}: {self.cells} cells, {self.edge_count} neighbouring pairs>"


def from_edges(kind: str, params: dict[str, int], centres: Any, edges: Any,
               drawing: Callable[[], tuple[Any, ...]], *, hub: tuple[float, float] = (0.0, 0.0),
               forced: Any = None, extra: dict[str, Any] | None = None, checked: bool = True) -> Geometry:
    """A :class:`Geometry` from its cells' centres and neighbouring pairs (one row per pair).

    The pairs may come in any order and either way round: they are put as ``a < b``
    and sorted. ``drawing()`` gives ``(walls, wall_middles, border)`` with the walls
    in the order the pairs were given (it runs when a wall is first asked for).
    The cyclic order of each cell's neighbours is by angle on the page, clockwise
    from north; a 3D maze's stairs come after a cell's flat neighbours, up before
    down (:mod:`meiro.kernels.adjacency`). ``checked=False`` skips the checks below,
    for a kind's own builder.

    Raises
    ------
    MazeError
        Too many cells, a pair naming a cell that does not exist, a cell paired with
        itself, a pair given twice or a centre that is not finite.

    Examples
    --------
    >>> import numpy as np
    >>> g = from_edges("demo", {"width": 2}, [[0.5, 0.5], [1.5, 0.5]], [[1, 0]],
    ...                lambda: ([[1, 0, 1, 1, 0]], [[1, 0.5]], np.zeros((0, 5))))
    >>> g.edges.tolist(), g.neighbours(1).tolist(), g.wall_middles.tolist()
    ([[0, 1]], [0], [[1.0, 0.5]])
    """
    centres = np.ascontiguousarray(centres, dtype=np.float64)
    n = centres.shape[0]
    pairs = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    if checked:
        if n > MAX_CELLS:
            raise MazeError(f"a maze may have at most {MAX_CELLS:,} cells, this one would have {n:,}")
        if pairs.size and (pairs.min() < 0 or pairs.max() >= n):
            raise MazeError(f"a neighbouring pair names a cell that does not exist (cells 0 to {n - 1})")
        if np.any(pairs[:, 0] == pairs[:, 1]):
            raise MazeError("a cell cannot be its own neighbour")
        if not np.isfinite(centres).all():
            raise MazeError("every centre must be a finite number")
    from ..kernels.adjacency import _build_csr

    order, pairs32, offsets, targets, slot_edges, twice, reach = _build_csr(n, pairs[:, 0], pairs[:, 1], centres)
    if twice >= 0:
        raise MazeError("a neighbouring pair is listed twice")
    forced_ids = np.zeros(0, np.int32)
    if forced is not None and len(forced):
        f = np.asarray(forced, dtype=np.int64).reshape(-1, 2)
        key = np.minimum(f[:, 0], f[:, 1]) * n + np.maximum(f[:, 0], f[:, 1])
        forced_ids = np.searchsorted(pairs32[:, 0].astype(np.int64) * n + pairs32[:, 1], key).astype(np.int32)
    return Geometry(kind, dict(params), centres, pairs32, offsets, targets, slot_edges, drawing, order,
                    hub, forced_ids, float(reach), extra or {})


def _from_arrays(kind: str, params: dict[str, int], centres: Any, edges: Any, walls: Any,
                 middles: Any, border: Any, hub: tuple[float, float], forced: Any,
                 extra: dict[str, Any]) -> Geometry:
    """A geometry whose walls are given as arrays (a loaded file's, an unpickled one's)."""
    edges = np.asarray(edges)
    forced_pairs = edges[np.asarray(forced, dtype=np.int64)] if len(forced) else None
    return from_edges(kind, params, centres, edges, lambda: (walls, middles, border), hub=hub,
                      forced=forced_pairs, extra=extra)


def segments(x0: Any, y0: Any, x1: Any, y1: Any) -> NDArray[np.float64]:
    """Rows ``[x0, y0, x1, y1, 0]`` of straight walls (the form of :attr:`Geometry.walls`)."""
    x0 = np.asarray(x0, dtype=np.float64)
    return np.stack(np.broadcast_arrays(x0, y0, x1, y1, np.zeros_like(x0)), axis=1).astype(np.float64)


def no_walls(count: int) -> NDArray[np.float64]:
    """``count`` rows of NaN: pairs with no wall to draw (a crossing, stairs)."""
    return np.full((count, 5), np.nan)

"""The JSON file of a maze on a grid kind other than the square (:class:`~meiro.kinds.maze.GraphMaze`).

A square maze's file holds its block grid (:mod:`meiro.io.codecs`); every other
kind's holds its graph, so that any program can rebuild the maze from the file
alone, without meiro::

    {
     "format": "meiro-maze",
     "version": 2,                       # 2: a grid kind's file (1: the square block grid)
     "meiro": "0.1.0",
     "kind": "hex",                      # the grid kind (meiro list)
     "size": [3, 2],                     # as --size gives it: [R], [W, H] or [W, H, L] (null: a
                                         # hand-made graph's, whose size is its cells)
     "start": 0, "goal": 5,              # cell numbers
     "generation": {"algorithm": "dig", "seed": 4, "grid": "hex", "size": [3, 2],
                    "origin": 0, "goal": "corner"},      # null for a hand-made maze
     "crossings_seed": 4,                # a weave's only: the seed that placed its crossings
     "mask": [".##", "..."],             # a maze cut by a mask only: its rows ('.' inside) and the
     "mask_start": 0,                    # cell of the whole grid the kept cells connect to
     "solution": [0, 1, 4, 5],           # with --solve: the path's cells, start to goal
     "cells": [[0.577, 0.5], ...],       # each cell's centre [x, y] ([x, y, z] in 3D, z the layer)
     "neighbours": [[0, 1], [0, 3], ...],# every neighbouring pair [a, b], a < b: the edges, in order
     "wall_middles": [[0.866, 1.0], ...],# the middle of each pair's wall (aligned with "neighbours")
     "passages": [[0, 1], ...]           # the open pairs
    }

Cell numbers count from 0 in the order of ``"cells"``. Coordinates are the
drawing's units (about one unit between neighbouring centres, y downwards), kept
to six decimals. ``"neighbours"`` includes the pairs a weave's tunnel joins (their
wall middle is the crossing cell's centre) and a 3D maze's stairs (their z differs).

Reading (:func:`from_doc`) trusts nothing: every list's length is checked against
:data:`~meiro.kinds.geometry.MAX_CELLS` before anything is allocated, every value's
type and range, and a passage must join neighbours. When the file names a kind meiro
builds and its size (and, for a weave, the seed of its crossings), the geometry is
built again (:func:`meiro.kinds.geometry_of`); a file with its recipe (``"generation"``)
must then match it, cells, neighbours and wall middles, and the maze draws exactly as
meiro draws that kind. Any other file (another program's graph, an edited maze whose
arrays are not the kind's own, a kind meiro does not know) is built from its arrays
(:func:`meiro.kinds.geometry.from_edges`); such a hand-made geometry is drawn with a
straight wall through each wall middle, at right angles to the line between the two
centres and as long as that line, none between cells of different layers or across a
crossing (a wall middle on a cell's centre), and no outline: exact for square-like
cells, a sketch for others.

Examples
--------
>>> import json, meiro
>>> m = meiro.generate(3, 2, grid="hex", seed=4)
>>> doc = json.loads(to_json(m))
>>> doc["kind"], doc["size"], len(doc["cells"]), len(doc["neighbours"]), len(doc["passages"])
('hex', [3, 2], 6, 9, 5)
>>> from_doc(doc) == m
True
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from .._version import __version__
from ..errors import MazeError
from ..goal_rules import GOALS
from ..kinds import KINDS, _cell_count, check_size, geometry_of
from ..kinds.geometry import MAX_CELLS, Geometry, from_edges
from ..kinds.maze import GraphMaze
from ..recipe import SEED_LIMIT, shown
from ..sizes import SMALL_ENOUGH, available_memory

if TYPE_CHECKING:
    from collections.abc import Sequence

FORMAT = "meiro-maze"
#: the version of a grid kind's file (the square block grid's is 1)
VERSION = 2
#: decimals the coordinates are kept to
DECIMALS = 6
#: how near (in drawing units) a file's coordinates must be to those meiro builds
TOLERANCE = 1e-4
#: neighbouring pairs a file may list per cell (a 3D cell has six; the margin is for hand-made graphs)
MAX_DEGREE = 16
#: bytes of working memory writing a file takes a cell (Python lists of numbers; ``tracemalloc``
#: measured 1.5 KB a hex cell), and reading one takes a byte of its text (1.4 KB a hex cell of 129 bytes)
WRITE_COST = 1600
READ_COST = 12
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


def _rounded(values: NDArray[np.float64]) -> list[Any]:
    out: list[Any] = np.round(values, DECIMALS).tolist()
    return out


def to_doc(maze: GraphMaze, solution: Sequence[int] | NDArray[np.integer[Any]] | None = None) -> dict[str, Any]:
    """The file's mapping for ``maze`` (and a solution's cells, start to goal), see the module docs.

    Raises
    ------
    MazeError
        A solution that is not a path of open passages from the start to the goal.
    """
    if not isinstance(maze, GraphMaze):
        raise TypeError(f"to_doc() needs a meiro.kinds.maze.GraphMaze, got {type(maze).__name__}")
    g = maze.geometry
    check_memory(g.cells * WRITE_COST, f"the JSON file of a {g.cells:,}-cell {g.kind} maze")
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "meiro": __version__,
        "kind": g.kind, "size": None if g.params.keys() == {"cells"} else list(g.params.values()),
        "start": maze.start, "goal": maze.goal, "generation": maze.generation,
    }
    built = g.source[1] if g.source is not None and g.source[0] is geometry_of else ()
    if g.kind == "weave" and len(built) > 2 and built[2] is not None:
        doc["crossings_seed"] = built[2]
    if len(built) > 4 and built[3] is not None:  # cut by a mask: its rows and the cell it grew from
        doc["mask"], doc["mask_start"] = list(built[3]), int(built[4])
    if solution is not None:
        path = np.asarray(solution, dtype=np.int64).ravel()
        check_path(maze, path)
        doc["solution"] = path.tolist()
    doc["cells"] = _rounded(g.centres)
    doc["neighbours"] = g.edges.tolist()
    doc["wall_middles"] = _rounded(_middles(g))
    doc["passages"] = maze.open_pairs().tolist()
    return doc


def to_json(maze: GraphMaze, solution: Sequence[int] | NDArray[np.integer[Any]] | None = None) -> str:
    """The JSON text of ``maze``: one line a field, each list on its line (see the module docs)."""
    doc = to_doc(maze, solution)
    lines = (f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"
             for key, value in doc.items())
    return "{\n" + ",\n".join(lines) + "\n}\n"


def json_bytes(maze: GraphMaze, solution: Sequence[int] | NDArray[np.integer[Any]] | None = None) -> bytes:
    """The ``.json`` file of ``maze``: :func:`to_json` in UTF-8."""
    return to_json(maze, solution).encode("utf-8")


def square_of(cells: int) -> tuple[int, int]:
    """The block grid of a square maze with at least ``cells`` cells: what the size limits and
    memory checks of the outputs (:func:`meiro.io.costs.check_output`) are worked out for, for a
    grid kind's maze.

    >>> square_of(9), square_of(10)
    ((7, 7), (9, 9))
    """
    side = max(1, math.isqrt(max(cells - 1, 0)) + 1)
    return 2 * side + 1, 2 * side + 1


def block_shape(maze: Any) -> tuple[int, int]:
    """A maze's block grid; a grid kind's maze's :func:`square_of` its cells.

    >>> import meiro
    >>> block_shape(meiro.generate(4, 3, seed=1)), block_shape(meiro.generate(4, 3, grid="hex", seed=1))
    ((7, 9), (9, 9))
    """
    if isinstance(maze, GraphMaze):
        return square_of(maze.cells)
    shape: tuple[int, int] = maze.shape
    return shape


def check_memory(need: int, what: str) -> None:
    """Refuse, before the work, a file whose writing or reading takes more memory than there is."""
    if need < SMALL_ENOUGH:
        return
    have = available_memory()
    if have is not None and need > have:
        raise MazeError(f"{what} needs about {need / 2**20:,.0f} MiB of memory; this machine has "
                        f"{have / 2**20:,.0f} MiB available: choose a smaller maze")


def check_path(maze: GraphMaze, path: NDArray[np.int64]) -> None:
    """Refuse a ``path`` that is not cells joined by open passages from the start to the goal."""
    if path.size and (path.min() < 0 or path.max() >= maze.cells):
        raise MazeError(f"a solution's cells are numbers from 0 to {maze.cells - 1}")
    if path.size == 0 or path[0] != maze.start or path[-1] != maze.goal:
        raise MazeError(f"a solution runs from the start (cell {maze.start}) to the goal (cell {maze.goal})")
    steps = _edge_ids(maze.geometry, np.stack([path[:-1], path[1:]], axis=1))
    if np.any(steps < 0) or not maze.passages[steps].all():
        raise MazeError("a solution steps between cells that no open passage joins")


def _edge_ids(g: Geometry, pairs: NDArray[np.int64]) -> NDArray[np.int64]:
    """The edge number of each pair (either way round), -1 where the two are not neighbours."""
    n = np.int64(g.cells)
    keys = g.edges[:, 0].astype(np.int64) * n + g.edges[:, 1]
    want = np.minimum(pairs[:, 0], pairs[:, 1]) * n + np.maximum(pairs[:, 0], pairs[:, 1])
    at = np.minimum(np.searchsorted(keys, want), max(len(keys) - 1, 0))
    found = (keys[at] == want) if len(keys) else np.zeros(len(want), bool)
    return np.where(found, at, -1)


# -- reading ----------------------------------------------------------------------------------------

def _rows(doc: dict[str, Any], key: str, widths: tuple[int, ...], limit: int, numbers: tuple[type, ...],
          what: str) -> list[Any]:
    """``doc[key]``, checked to be a list of at most ``limit`` rows of ``widths`` numbers of ``numbers``."""
    value = doc.get(key)
    if not isinstance(value, list):
        raise MazeError(f'"{key}" must be a list of {what}, got {shown(value)}')
    if len(value) > limit:
        raise MazeError(f'"{key}" lists {len(value):,} rows; a maze may have at most {limit:,}')
    if not value:
        return value  # (a maze of one cell has no pairs)
    width = len(value[0]) if isinstance(value[0], list) else -1
    if width not in widths or not all(type(row) is list and len(row) == width for row in value):
        raise MazeError(f'"{key}" must be a list of {what}')
    kinds = set(map(type, itertools.chain.from_iterable(value)))
    if not kinds <= set(numbers):
        raise MazeError(f'"{key}" must be a list of {what}, not of {min(k.__name__ for k in kinds - set(numbers))}')
    return value


def _points(doc: dict[str, Any], key: str, dims: tuple[int, ...], count: int | None = None) -> NDArray[np.float64]:
    what = "[x, y] points" if dims == (2,) else "[x, y, z] points" if dims == (3,) else "[x, y] or [x, y, z] points"
    rows = _rows(doc, key, dims, MAX_CELLS * MAX_DEGREE, (int, float), what)
    if count is not None and len(rows) != count:
        raise MazeError(f'"{key}" must have {count:,} rows (one a neighbouring pair), got {len(rows):,}')
    try:
        values = np.array(rows, dtype=np.float64).reshape(len(rows), len(rows[0]) if rows else 2)
    except OverflowError:
        raise MazeError(f'"{key}" holds a number too large for a coordinate') from None
    if not np.isfinite(values).all():
        raise MazeError(f'"{key}" holds a coordinate that is not a finite number (NaN or infinity)')
    return values


def _pairs(doc: dict[str, Any], key: str, cells: int, limit: int) -> NDArray[np.int64]:
    rows = _rows(doc, key, (2,), limit, (int,), "[a, b] pairs of cell numbers")
    try:
        pairs = np.array(rows, dtype=np.int64).reshape(-1, 2)
    except OverflowError:
        pairs = np.full((1, 2), -1, np.int64)
    if pairs.size and (pairs.min() < 0 or pairs.max() >= cells):
        raise MazeError(f'"{key}" names a cell that does not exist (cells are 0 to {cells - 1})')
    return pairs


def _cell(doc: dict[str, Any], key: str, cells: int) -> int:
    value = doc.get(key)
    if type(value) is not int or not 0 <= value < cells:
        raise MazeError(f'"{key}" must be a cell number from 0 to {cells - 1}, got {shown(value)}')
    return value


def _generation(doc: dict[str, Any], kind: str, size: list[int] | None, cells: int) -> dict[str, Any] | None:
    """The file's recipe, checked (an algorithm meiro does not know is kept as a name: a newer
    meiro's file still loads, as a square one does), or None for a hand-made maze."""
    given = doc.get("generation")
    if given is None:
        return None
    if not isinstance(given, dict) or len(given) > 16:
        raise MazeError(f'"generation" must be an object (the recipe) or null, got {shown(given)}')
    algorithm, seed = given.get("algorithm"), given.get("seed")
    if not isinstance(algorithm, str) or not 0 < len(algorithm) <= 100:
        raise MazeError(f'"generation": "algorithm" must be a name, got {shown(algorithm)}')
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise MazeError(f'"generation": "seed" must be an integer from 0 to 2**64-1, got {shown(seed)}')
    if given.get("grid") != kind or given.get("size") != size:
        raise MazeError(f'"generation" must name the file\'s kind and size ("grid": {shown(kind)}, '
                        f'"size": {shown(size)})')
    origin = given.get("origin")
    if type(origin) is not int or not 0 <= origin < cells:
        raise MazeError(f'"generation": "origin" must be a cell number from 0 to {cells - 1}, got {shown(origin)}')
    if given.get("mask") != doc.get("mask") or (doc.get("mask") is not None and origin != doc.get("mask_start")):
        raise MazeError('"generation" must name the file\'s "mask" and "mask_start" ("mask" and "origin")')
    goal = given.get("goal", "corner")
    if goal not in GOALS:
        raise MazeError(f'"generation": "goal" must be one of {", ".join(GOALS)}, got {shown(goal)}')
    out: dict[str, Any] = {"algorithm": algorithm, "seed": seed, "grid": kind, "size": list(size or []),
                           "origin": origin, "goal": goal}
    braid = given.get("braid")
    if braid is not None:
        if type(braid) not in (int, float) or not 0 <= braid <= 1:
            raise MazeError(f'"generation": "braid" must be a number from 0 to 1, got {shown(braid)}')
        if braid:
            out["braid"] = float(braid)
    if doc.get("mask") is not None:
        out["mask"] = list(doc["mask"])
    return out


def _size(doc: dict[str, Any], kind: str) -> list[int] | None:
    size = doc.get("size")
    if size is None and kind not in KINDS:
        return None  # a hand-made graph's: its cells are its size
    if (not isinstance(size, list) or not 1 <= len(size) <= 3
            or not all(type(v) is int for v in size)):
        raise MazeError(f'"size" must be a list of one to three whole numbers, got {shown(size)}')
    if kind in KINDS:
        check_size(kind, size)  # the kind's own form and least
    elif min(size) < 1:
        raise MazeError(f'"size" must be a list of one to three whole numbers from 1, got {shown(size)}')
    return size


def from_doc(doc: Any) -> GraphMaze:
    """The :class:`GraphMaze` of a parsed file (see the module docs); every fault is one :class:`MazeError`."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MazeError(f'not a meiro maze file (expected "format": "{FORMAT}")')
    kind = doc.get("kind")
    if not isinstance(kind, str) or not _NAME.match(kind):
        raise MazeError(f'"kind" must be a grid kind\'s name ({", ".join(KINDS)}), got {shown(kind)}')
    if kind == "square":
        raise MazeError('a square maze\'s file holds its block grid ("grid", version 1), not a graph')
    size = _size(doc, kind)
    cells_given = doc.get("cells")
    count = len(cells_given) if isinstance(cells_given, list) else -1
    if count > MAX_CELLS:
        raise MazeError(f'"cells" lists {count:,} cells; a maze may have at most {MAX_CELLS:,}')
    # a maze with its recipe is the kind's own: its arrays must be the builder's; one without
    # (edited, or another program's) is built from its arrays when they are not
    strict = doc.get("generation") is not None
    built = _built_geometry(doc, kind, size, count, strict)
    centres = _points(doc, "cells", (built.dims,) if built is not None and strict else (2, 3))
    n = centres.shape[0]
    if n == 0:
        raise MazeError('"cells" must list at least one cell')
    edges = _pairs(doc, "neighbours", n, n * MAX_DEGREE)
    middles = _points(doc, "wall_middles", (2, 3), count=len(edges))
    if built is not None:
        try:
            geometry = _matched(built, centres, edges, middles)
        except MazeError:
            if strict:
                raise
            built = None
    if built is None:
        if np.any(edges[:, 0] == edges[:, 1]):
            raise MazeError('"neighbours" pairs a cell with itself')
        names = ("rings",) if kind == "theta" else ("width", "height", "layers")
        params = dict(zip(names, size)) if size else {"cells": n}
        geometry = from_edges(kind, params, centres, edges, _straight_walls(centres, edges, middles))
    passages = np.zeros(geometry.edge_count, bool)
    opened = _pairs(doc, "passages", n, geometry.edge_count)
    ids = _edge_ids(geometry, opened)
    if np.any(ids < 0):
        a, b = opened[int(np.flatnonzero(ids < 0)[0])].tolist()
        raise MazeError(f'"passages" opens cells {a} and {b}, which are not neighbours')
    if np.unique(ids).size != ids.size:
        raise MazeError('"passages" lists a pair twice')
    passages[ids] = True
    whole = _cell_count(kind, check_size(kind, size)) if kind in KINDS and size is not None else n
    generation = _generation(doc, kind, size, whole)
    maze = GraphMaze(geometry, passages, _cell(doc, "start", n), _cell(doc, "goal", n), generation=generation)
    path = doc.get("solution")
    if path is not None:
        if (not isinstance(path, list) or not 0 < len(path) <= n
                or not set(map(type, path)) <= {int}):
            raise MazeError(f'"solution" must be a list of at most {n:,} cell numbers, from the start '
                            f"to the goal, got {shown(path)}")
        try:
            cells = np.array(path, dtype=np.int64)
        except OverflowError:
            cells = np.full(1, -1, np.int64)
        check_path(maze, cells)
    return maze


def _built_geometry(doc: dict[str, Any], kind: str, size: list[int] | None, count: int,
                    strict: bool) -> Geometry | None:
    """The geometry meiro builds for the file's kind and size, when it can (else None: the arrays'),
    refused (``strict``; else None) when the file claims another number of cells, before anything
    large is built."""
    if kind not in KINDS or size is None:
        if doc.get("mask") is not None:
            raise MazeError('"mask" is for a kind meiro builds, with its "size"')
        return None
    seed = None
    if kind == "weave":
        seed = doc.get("crossings_seed")
        if seed is None:
            return None  # an edited weave with no known crossings: built from its arrays
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise MazeError(f'"crossings_seed" must be an integer from 0 to 2**64-1, got {shown(seed)}')
    checked = check_size(kind, size)
    shown_size = "x".join(map(str, checked))
    expected = _cell_count(kind, checked)
    mask = _mask(doc, kind, checked, expected)
    if mask is not None:
        if expected > MAX_CELLS:
            raise MazeError(f"a maze may have at most {MAX_CELLS:,} cells; a {kind} maze of size {shown_size} "
                            f"would have {expected:,}")
        cut = geometry_of(kind, checked, None, mask[0], mask[1])
        if cut.cells != count:
            if not strict:
                return None
            raise MazeError(f'the mask keeps {cut.cells:,} cells of a {kind} maze of size {shown_size}, but '
                            f'"cells" lists {max(count, 0):,}')
        return cut
    if expected != count:
        if not strict and count >= 0:
            return None
        raise MazeError(f'a {kind} maze of size {shown_size} has {counted(expected)} cells, but "cells" lists '
                        f"{max(count, 0):,}")
    return geometry_of(kind, checked, seed)


def _mask(doc: dict[str, Any], kind: str, size: tuple[int, ...], whole: int) -> tuple[tuple[str, ...], int] | None:
    """The file's ``"mask"`` rows and ``"mask_start"`` (a cell of the whole grid), checked, or None."""
    rows, start = doc.get("mask"), doc.get("mask_start")
    if rows is None:
        return None
    if not KINDS[kind].masks:
        raise MazeError(f"a mask cuts {', '.join(k for k in KINDS if KINDS[k].masks)} mazes, not {kind} ones")
    width, height = size[0], size[1]
    if (not isinstance(rows, list) or len(rows) != height
            or not all(isinstance(row, str) and len(row) == width and not row.strip(".#") for row in rows)):
        raise MazeError(f'"mask" must be {height} strings of {width} "." (inside) or "#" (outside) characters')
    if type(start) is not int or not 0 <= start < whole or rows[start // width][start % width] != ".":
        raise MazeError(f'"mask_start" must be the number of a cell inside the mask, got {shown(start)}')
    return tuple(rows), start


def _matched(g: Geometry, centres: NDArray[np.float64], edges: NDArray[np.int64],
             middles: NDArray[np.float64]) -> Geometry:
    """``g`` when the file's arrays are its own (to :data:`TOLERANCE`), else a one-line refusal."""
    size = "x".join(str(v) for v in g.params.values())
    if not np.array_equal(edges, g.edges):
        raise MazeError(f'"neighbours" are not those of a {g.kind} maze of size {size} (each pair [a, b] '
                        "with a < b, in meiro's order)")
    if centres.shape != g.centres.shape or not np.allclose(centres, g.centres, rtol=0, atol=TOLERANCE):
        raise MazeError(f'"cells" are not the centres of a {g.kind} maze of size {size}')
    if middles.size != _middles(g).size or not np.allclose(middles, _middles(g), rtol=0, atol=TOLERANCE):
        raise MazeError(f'"wall_middles" are not those of a {g.kind} maze of size {size}')
    return g


def counted(cells: int) -> str:
    """A kind's cell count for a message (:func:`meiro.kinds._cell_count` counts a theta maze of more
    than 4096 rings as ``2**40``, more than any maze may have, without adding its rings up).

    >>> counted(12345), counted(2**40)
    ('12,345', 'more than 33,554,432')
    """
    return f"more than {MAX_CELLS:,}" if cells >= 2**40 else f"{cells:,}"


def _middles(g: Geometry) -> NDArray[np.float64]:
    """``g.wall_middles``; none for a geometry of one cell (which has no pair to draw)."""
    return g.wall_middles if g.edge_count else np.zeros((0, 2))


def _straight_walls(centres: NDArray[np.float64], edges: NDArray[np.int64], middles: NDArray[np.float64]
                    ) -> Callable[[], tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]]:
    """The drawing of a hand-made geometry (see the module docs), in the order the pairs were given."""
    def drawing() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        a, b = centres[edges[:, 0]], centres[edges[:, 1]]
        mid = middles[:, :2]
        half = (b[:, :2] - a[:, :2]) / 2
        walls = np.stack([mid[:, 0] + half[:, 1], mid[:, 1] - half[:, 0], mid[:, 0] - half[:, 1],
                          mid[:, 1] + half[:, 0], np.zeros(len(mid))], axis=1)
        none = np.zeros(len(mid), bool)
        if centres.shape[1] > 2:
            none |= a[:, 2] != b[:, 2]  # stairs
        at_centre = set(map(tuple, np.round(centres[:, :2], DECIMALS).tolist()))
        none |= np.array([tuple(p) in at_centre for p in np.round(mid, DECIMALS).tolist()], bool)
        walls[none] = np.nan
        return walls, middles, np.zeros((0, 5))
    return drawing


def from_json(text: str) -> GraphMaze:
    """Parse and check the JSON text of a grid kind's maze (:func:`meiro.load` reads any through
    :func:`meiro.io.codecs.from_json`)."""
    from .files import parse_json

    check_memory(len(text) * READ_COST, f"reading a {len(text) / 2**20:,.0f} MiB maze file")
    return from_doc(parse_json(text))

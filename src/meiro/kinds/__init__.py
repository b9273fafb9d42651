"""Grid kinds: the shapes a maze can have besides the square block grid.

Each kind is declared once here (:data:`KINDS`), as the algorithms are in
:mod:`meiro.registry`: its name, what its size means, the sizes it takes, and the
module whose ``build`` makes its :class:`~meiro.kinds.geometry.Geometry`. The
square grid is listed too, as the kind everything else was built on: it keeps its
block grid (:class:`meiro.Maze`) and its own kernels; every other kind makes a
:class:`meiro.kinds.maze.GraphMaze`.

Examples
--------
>>> from meiro.kinds import KINDS, geometry_of, check_size
>>> list(KINDS)
['square', 'theta', 'hex', 'triangle', 'weave', '3d']
>>> check_size("theta", (3, 4))
Traceback (most recent call last):
...
meiro.errors.MazeError: a theta maze's size is one number, its rings (e.g. --size 10), got 3x4
>>> geometry_of("theta", (5,)).cells
91
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import MazeError, whole

if TYPE_CHECKING:
    from .geometry import Geometry


@dataclass(frozen=True)
class Kind:
    """One grid kind: its name, its size's form and limits, and the module that builds it."""

    name: str
    summary: str
    #: what ``--size`` takes: ``"WxH"``, ``"R"`` (rings) or ``"WxHxL"``
    size_form: str
    #: the smallest size along each of its numbers
    least: tuple[int, ...]
    #: its builder, ``module:function``; empty for the square grid
    builder: str = ""
    #: the Japanese name a player reads
    title: str = ""
    #: whether a mask (``--shape``, ``--mask``) can cut its cells: one ``.``/``#`` per cell, row by row
    masks: bool = False

    @property
    def flat(self) -> bool:
        """Whether its cells lie in one plane (every kind but 3D)."""
        return self.name != "3d"


#: every kind, by name (the order ``meiro list`` shows them in)
KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("square", "square cells on the block grid (meiro.Maze)", "WxH", (1, 1), title="四角", masks=True),
    Kind("theta", "a round maze: rings of cells around a centre cell", "R", (1,),
         "meiro.kinds.theta:build", "円形"),
    Kind("hex", "hexagonal cells, six neighbours each", "WxH", (1, 1),
         "meiro.kinds.hexagon:build", "六角形", masks=True),
    Kind("triangle", "alternating up and down triangles, three neighbours each", "WxH", (1, 1),
         "meiro.kinds.triangle:build", "三角形", masks=True),
    Kind("weave", "a square grid whose passages cross over and under each other", "WxH", (1, 1),
         "meiro.kinds.weave:build", "立体交差"),
    Kind("3d", "square layers joined by stairs up and down", "WxHxL", (1, 1, 1),
         "meiro.kinds.layers:build", "3D"),
)}


def get_kind(name: Any) -> Kind:
    """The kind called ``name``, else a :class:`~meiro.MazeError` listing the kinds.

    Examples
    --------
    >>> get_kind("hex").size_form
    'WxH'
    >>> get_kind("round")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown grid kind 'round'; choose one of: square, theta, hex, triangle, weave, 3d
    """
    if not isinstance(name, str) or name not in KINDS:
        raise MazeError(f"unknown grid kind {name!r}; choose one of: {', '.join(KINDS)}")
    return KINDS[name]


_FORMS = {"WxH": "two numbers, WIDTHxHEIGHT in cells (e.g. --size 15x10)",
          "R": "one number, its rings (e.g. --size 10)",
          "WxHxL": "three numbers, WIDTHxHEIGHTxLAYERS (e.g. --size 8x8x3)"}


def check_size(name: str, size: Any) -> tuple[int, ...]:
    """``size`` as a kind's size: a tuple of whole numbers of its form and at least its least.

    A one-number kind (theta) takes ``(R,)`` or a square ``(R, R)`` (what ``--size R``
    parses to for every kind).
    """
    kind = get_kind(name)
    numbers = tuple(size) if isinstance(size, (tuple, list)) else (size,)
    if kind.size_form == "R" and len(numbers) == 2 and numbers[0] == numbers[1]:
        numbers = numbers[:1]
    shown = "x".join(str(v) for v in numbers)
    if len(numbers) != len(kind.least):
        raise MazeError(f"a {name} maze's size is {_FORMS[kind.size_form]}, got {shown}")
    checked = tuple(whole(v, "size", error=MazeError) for v in numbers)
    if any(v < least for v, least in zip(checked, kind.least, strict=True)):
        raise MazeError(f"a {name} maze needs a size of at least {'x'.join(map(str, kind.least))}, got {shown}")
    return checked


@functools.lru_cache(maxsize=4)
def _built(name: str, size: tuple[int, ...], seed: int | None) -> Geometry:
    module, function = get_kind(name).builder.split(":")
    build = getattr(importlib.import_module(module), function)
    geometry: Geometry = build(*size, seed) if name == "weave" else build(*size)
    object.__setattr__(geometry, "source", (geometry_of, (name, size, seed)))  # (frozen: how it pickles)
    return geometry


def geometry_of(name: str, size: Any, seed: int | None = None, mask: tuple[str, ...] | None = None,
                start: int = 0) -> Geometry:
    """The geometry of a ``name`` maze of ``size``; a weave's also depends on its ``seed``.

    With a ``mask`` (a recipe's picture rows, ``.`` inside), the geometry of the cells
    inside it that connect to cell ``start`` (a number in the whole grid), numbered
    anew (:meth:`~meiro.kinds.geometry.Geometry.restricted`; ``extra["kept"]`` maps back).
    The last few geometries made are kept: many mazes of one size share one.

    Raises
    ------
    MazeError
        An unknown kind, a size it does not take, or more cells than a maze may have.
    """
    if name == "square":
        raise MazeError("the square grid is meiro.Maze's block grid, not a geometry")
    size = check_size(name, size)
    from .geometry import MAX_CELLS

    cells = _cell_count(name, size)
    if cells > MAX_CELLS:
        raise MazeError(f"a maze may have at most {MAX_CELLS:,} cells; a {name} maze of size "
                        f"{'x'.join(map(str, size))} would have {cells:,}")
    if mask is not None:
        return _masked(name, size, tuple(mask), start)
    return _built(name, size, seed if name == "weave" else None)


@functools.lru_cache(maxsize=4)
def _masked(name: str, size: tuple[int, ...], mask: tuple[str, ...], start: int) -> Geometry:
    import numpy as np

    from ..kernels.adjacency import distances

    whole_grid = _built(name, size, None)
    codes = np.frombuffer("".join(mask).encode("ascii"), dtype=np.uint8)
    inside = codes == ord(".")
    if inside.shape != (whole_grid.cells,) or not inside[start]:
        raise MazeError("the mask must have one '.' or '#' per cell, with the start inside")
    open_inside = inside[whole_grid.edges[:, 0]] & inside[whole_grid.edges[:, 1]]
    reach = distances(whole_grid.offsets, whole_grid.targets, whole_grid.slot_edges, open_inside, start)
    geometry = whole_grid.restricted(reach >= 0)
    object.__setattr__(geometry, "source", (geometry_of, (name, size, None, mask, start)))
    return geometry


def _cell_count(name: str, size: tuple[int, ...]) -> int:
    """How many cells a kind's size makes, without building it."""
    if name == "theta":
        from .theta import ring_sizes

        return int(ring_sizes(min(size[0], 4096)).sum()) if size[0] <= 4096 else 1 << 40
    count = 1
    for v in size:
        count *= v
    return count


def default_start(name: str, size: tuple[int, ...]) -> int:
    """Where a maze of a kind starts unless told: cell 0 (theta: the centre; else the first cell)."""
    return 0


def fixed_goal(name: str, size: tuple[int, ...], cells: int | None = None) -> int:
    """The goal rule ``corner``'s cell on a kind: theta's on the rim below the centre, every other
    kind's last cell (the bottom-right one; in 3D on the top layer); ``cells`` given (a masked
    maze), the last of them."""
    if cells is not None:
        return cells - 1
    if name == "theta":
        from .theta import rim_goal

        return rim_goal(size[0])
    return _cell_count(name, size) - 1

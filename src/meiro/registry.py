"""Registries of the generation and solving algorithms, and the catalogue that fills them.

The registry is the single list of what meiro can do: the CLI builds its
``choices`` from it, ``meiro list`` prints it, and the tests take their
parameter lists from it. Each entry is *declared* here, at the end of this
module, as data: its names, Japanese title, summary and reference, and the
module and function that run it. The module is imported the first time the
function is asked for (:attr:`Algorithm.function`), so knowing the names
(``meiro --help``, ``meiro list``) loads no kernel and no numba, and making
one maze loads only its generator's kernels.

How to add a generator (or a solver): CONTRIBUTING.md.
"""

from __future__ import annotations

import functools
import importlib
import numbers
from dataclasses import dataclass, field
from typing import Any, TypeVar
from collections.abc import Callable, Iterator

from .errors import MazeError

#: what a guarded function returns (a solver: its search result)
R = TypeVar("R")
#: wraps an algorithm's function so that what it is given is checked before a kernel trusts it
Guard = Callable[[Callable[..., Any]], Callable[..., Any]]


#: What a generator's compiled kernel carves, from what (:attr:`Compiled.carves`).
CARVES = {
    "cells": "compact cells, from the origin cell (meiro.kernels.cells)",
    "walls": "compact cells, joined along a shuffled list of the inner walls (union-find)",
    "posts": "the block grid, from an open field with the even/even posts standing",
    "field": "the block grid, from an open field (only the border is wall)",
    "lattice": "the block grid, from all wall",
}


@dataclass(frozen=True)
class Compiled:
    """How :mod:`meiro.generators.compiled` makes a generator's maze without Python.

    ``code`` is the number the compiled switch knows the generator by. It is
    declared, not counted (no list's order gives it), and it is never reused nor
    changed: cached kernels hold it. ``carves`` (a key of :data:`CARVES`) says
    what its kernel works on, which decides how the switch sets the kernel up.

    Examples
    --------
    >>> import meiro
    >>> meiro.GENERATORS.get("wilson").compiled
    Compiled(code=6, carves='cells')
    >>> Compiled(-1, "cells")
    Traceback (most recent call last):
    ...
    ValueError: a compiled code must be a whole number from 0 to 255, got -1
    """

    code: int
    carves: str

    def __post_init__(self) -> None:
        if isinstance(self.code, bool) or not isinstance(self.code, int) or not 0 <= self.code < 256:
            raise ValueError(f"a compiled code must be a whole number from 0 to 255, got {self.code!r}")
        if self.carves not in CARVES:
            raise ValueError(f"a compiled kernel carves one of {', '.join(CARVES)}, not {self.carves!r}")


@dataclass(frozen=True)
class Algorithm:
    """One registered algorithm, what the docs and tools say about it, and where it lives.

    Examples
    --------
    >>> import meiro
    >>> dig = meiro.GENERATORS.get("backtracker")
    >>> dig.name, dig.exact, dig.module
    ('dig', True, 'meiro.generators.dig')
    >>> meiro.SOLVERS.get("dfs").exact     # depth-first search finds a path, not the shortest
    False
    """

    name: str
    #: the module that holds the function (imported on first use) and the function's name there
    module: str
    attribute: str
    summary: str
    aliases: tuple[str, ...] = ()
    #: generators: every result is a perfect maze (a spanning tree of the cells).
    #: solvers: the path found is always a shortest one.
    exact: bool = True
    reference: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: the name a player reads, by language (``ja``); English readers see :attr:`name`
    titles: dict[str, str] = field(default_factory=dict)
    #: wraps the function so that what it is given is checked before a kernel trusts it
    guard: Guard | None = field(
        default=None, repr=False, compare=False)
    _loaded: list[Callable[..., Any]] = field(default_factory=list, repr=False, compare=False)
    #: generators: how batches make it inside compiled code (None: one by one, in Python)
    compiled: Compiled | None = None

    @property
    def kinds(self) -> tuple[str, ...]:
        """The grid kinds it makes mazes on (:data:`meiro.kinds.KINDS`): the square grid, and
        with a graph kernel (``graph=`` in the catalogue) every kind its ``graph_kinds`` name,
        by default all of them.

        Examples
        --------
        >>> import meiro
        >>> meiro.GENERATORS.get("dig").kinds
        ('square', 'theta', 'hex', 'triangle', 'weave', '3d')
        >>> meiro.GENERATORS.get("eller").kinds
        ('square',)
        """
        if "graph" not in self.extra:
            return ("square",)
        from .kinds import KINDS

        return ("square", *self.extra.get("graph_kinds", tuple(k for k in KINDS if k != "square")))

    def graph_function(self) -> Callable[..., Any]:
        """The function that runs it on a grid kind's geometry (see :attr:`kinds`)."""
        if "graph" not in self.extra:
            raise MazeError(f"{self.name} works on the square grid only")
        function: Callable[..., Any] = getattr(importlib.import_module(self.module), self.extra["graph"])
        return function

    @property
    def function(self) -> Callable[..., Any]:
        """The function that runs the algorithm (its module is imported now if it was not).

        Examples
        --------
        >>> import meiro
        >>> meiro.GENERATORS.get("wilson").function.__name__
        'wilson'
        """
        if not self._loaded:
            found = getattr(importlib.import_module(self.module), self.attribute)
            self._loaded.append(self.guard(found) if self.guard else found)
        return self._loaded[0]

    def title(self, lang: str = "en") -> str:
        """The name to show a reader of ``lang``: ``dig`` is 穴掘り法 in Japanese.

        Examples
        --------
        >>> import meiro
        >>> dig = meiro.GENERATORS.get("dig")
        >>> dig.title("ja"), dig.title("en")
        ('穴掘り法', 'dig')
        """
        return self.titles.get(lang, self.name)


class Registry:
    """A name -> :class:`Algorithm` table with aliases.

    Examples
    --------
    >>> reg = Registry("toy")
    >>> @reg.register("one", aliases=("uno",), summary="the first")
    ... def one():
    ...     return 1
    >>> reg.get("uno").function()
    1
    >>> reg.declare("two", "math", "sqrt", summary="the second, imported when first used")
    >>> reg.names(), reg.get("two").function(4.0)
    (['one', 'two'], 2.0)
    """

    def __init__(self, kind: str, guard: Guard | None = None) -> None:
        self.kind = kind
        #: wraps each registered function so that what it is given is checked before a
        #: compiled kernel trusts it (the module keeps the bare function)
        self.guard = guard
        self._items: dict[str, Algorithm] = {}
        self._aliases: dict[str, str] = {}

    def declare(self, name: str, module: str, attribute: str, *, summary: str,
                aliases: tuple[str, ...] = (), exact: bool = True, reference: str = "",
                ja: str = "", compiled: Compiled | None = None, **extra: Any) -> None:
        """Record the algorithm ``name``, run by ``attribute`` of ``module`` (imported on first
        use); ``ja`` is its Japanese name, shown to Japanese readers; ``compiled`` its place
        in the compiled batch path, if it has one."""
        self._add(Algorithm(name, module, attribute, summary, tuple(aliases), exact, reference,
                            extra, {"ja": ja} if ja else {}, self.guard, compiled=compiled))

    def register(self, name: str, *, summary: str, aliases: tuple[str, ...] = (),
                 exact: bool = True, reference: str = "", ja: str = "",
                 **extra: Any) -> Callable[[Callable[..., R]], Callable[..., R]]:
        """Decorator that records ``function`` under ``name`` (and its aliases) at once, for
        algorithms defined outside meiro's catalogue."""

        def decorate(function: Callable[..., R]) -> Callable[..., R]:
            entry = Algorithm(name, function.__module__, function.__qualname__, summary,
                              tuple(aliases), exact, reference, extra, {"ja": ja} if ja else {},
                              self.guard)
            self._add(entry)
            entry._loaded.append(self.guard(function) if self.guard else function)
            return function

        return decorate

    def _add(self, entry: Algorithm) -> None:
        for key in (entry.name, *entry.aliases):
            if key in self._items or key in self._aliases:
                raise ValueError(f"{self.kind} name {key!r} is registered twice")
        if entry.compiled is not None:
            for other in self._items.values():
                if other.compiled is not None and other.compiled.code == entry.compiled.code:
                    raise ValueError(f"{entry.name} and {other.name} share the compiled code "
                                     f"{entry.compiled.code}")
        self._items[entry.name] = entry
        for alias in entry.aliases:
            self._aliases[alias] = entry.name

    def for_kind(self, kind: str) -> list[str]:
        """The names of the algorithms that work on grid ``kind``."""
        return [name for name, entry in self._items.items() if kind in entry.kinds]

    def get(self, name: str) -> Algorithm:
        """Return the algorithm called ``name`` or one of its aliases.

        Raises :class:`~meiro.MazeError` listing the valid names otherwise.
        """
        if not isinstance(name, str):
            raise TypeError(f"{self.kind} must be a name (a str), not {type(name).__name__}")
        key = self._aliases.get(name.lower(), name.lower())
        try:
            return self._items[key]
        except KeyError:
            raise MazeError(f"unknown {self.kind} {name!r}; choose one of: "
                            f"{', '.join(self.names())}") from None

    def names(self) -> list[str]:
        """The canonical names, in registration order."""
        return list(self._items)

    def choices(self) -> list[str]:
        """Every accepted spelling: names and aliases."""
        return [*self._items, *self._aliases]

    def __iter__(self) -> Iterator[Algorithm]:
        return iter(self._items.values())

    def __len__(self) -> int:
        return len(self._items)


def checked_solver(function: Callable[..., R]) -> Callable[..., R]:
    """A solver ``f(grid, source, target, step, seed, record)`` that refuses a grid that is
    not a maze's, ends that are not open blocks (flat indices), or a cell-to-cell step of 2
    on a grid that is not a lattice with both ends on cells.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, seed=1)
    >>> meiro.SOLVERS.get("bfs").function(m.grid, 0, 8, 1, 0, False)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: source 0 is not an open block of the 5x7-block grid
    """

    @functools.wraps(function)
    def checked(grid: Any, source: Any, target: Any, step: Any, seed: Any, record: bool = False) -> R:
        import numpy as np  # here, not at the top: ``meiro list`` reads the registry without NumPy

        # the maze module named as data, as the algorithms are: a maze has a recipe, which
        # names its algorithm here, so the registry must not import the maze module
        grid = importlib.import_module(f"{__package__}.maze").check_grid(grid)
        rows, cols = grid.shape
        for name, flat in (("source", source), ("target", target)):
            if (isinstance(flat, bool) or not isinstance(flat, numbers.Integral)
                    or not 0 <= int(flat) < grid.size or grid.flat[int(flat)]):
                raise MazeError(f"{name} {flat!r} is not an open block of the {rows}x{cols}-block grid")
        if not isinstance(step, numbers.Integral) or isinstance(step, bool) or step not in (1, 2):
            raise MazeError(f"step must be 1 (block to block) or 2 (cell to cell), got {step!r}")
        on_cells = all((flat // cols) % 2 == 1 and (flat % cols) % 2 == 1 for flat in (source, target))
        if step == 2 and not (on_cells and bool(np.all(grid[::2, ::2]))):
            raise MazeError("step 2 needs a lattice maze (every even/even block a wall) "
                            "with both ends on cells")
        return function(grid, int(source), int(target), step, seed, record)

    return checked


#: Generators check what they are asked for themselves (:func:`meiro.generators.carving.check_request`),
#: before they allocate their scratch; solvers share one guard.
GENERATORS = Registry("algorithm")
SOLVERS = Registry("method", guard=checked_solver)

# -- the catalogue -----------------------------------------------------------------------------
# One entry per algorithm: name, module, function, then what the docs and tools say. ``origin``
# (generators): "log" when the start only moves the carving log (the maze is the same from any
# start), None when the method ignores it. ``memory``: working bytes per cell, for the memory
# check (default 1). ``compiled``: its code in the compiled switch (fixed for good: a new
# generator takes the next free number) and what its kernel carves.

_BUCK = "J. Buck, Mazes for Programmers (2015)"
_G = "meiro.generators."
_S = "meiro.solvers."

GENERATORS.declare(
    "dig", _G + "dig", "dig", aliases=("backtracker", "recursive-backtracker", "anahori"), ja="穴掘り法",
    summary="穴掘り法: random depth-first digging; long winding corridors, few dead ends",
    reference=f"seed articles; {_BUCK}, ch. 5",
    compiled=Compiled(0, "cells"), graph="dig_graph")
GENERATORS.declare(
    "stick", _G + "stick", "stick", aliases=("bar", "boutaoshi", "stick-toppling"), ja="棒倒し法",
    summary="棒倒し法: every post topples one bar (never onto a fallen one); short walls, many dead ends",
    reference="Japanese beginner's method (棒倒し法); made perfect as described in the module docs",
    origin="log",
    compiled=Compiled(1, "posts"))
GENERATORS.declare(
    "wall", _G + "wall", "wall", aliases=("wall-extension", "kabenobashi"), ja="壁伸ばし法",
    summary="壁伸ばし法: grow walls from random posts until they meet a wall; long corridors",
    reference="Japanese method 壁伸ばし法 (wall extension)", origin="log", memory=9,
    compiled=Compiled(2, "field"))
GENERATORS.declare(
    "kruskal", _G + "kruskal", "kruskal", ja="クラスカル法",
    summary="randomised Kruskal (union-find): bushy, many short dead ends, no bias",
    reference=f"J. B. Kruskal (1956); {_BUCK}, ch. 11", origin=None, memory=14,
    compiled=Compiled(3, "walls"), graph="kruskal_graph")
GENERATORS.declare(
    "prim", _G + "prim", "prim", aliases=("true-prim",), ja="プリム法",
    summary="true Prim: minimum spanning tree of random wall weights grown from the origin",
    reference=f"R. C. Prim (1957); {_BUCK}, ch. 11", memory=14,
    compiled=Compiled(4, "walls"), graph="prim_graph")
GENERATORS.declare(
    "prim-simple", _G + "prim_simple", "prim_simple", aliases=("simplified-prim",), ja="簡易プリム法",
    summary="simplified Prim: random frontier cell; radial, many short dead ends",
    reference=f"{_BUCK}, ch. 11",
    compiled=Compiled(5, "cells"), graph="prim_simple_graph")
GENERATORS.declare(
    "wilson", _G + "wilson", "wilson", ja="ウィルソン法",
    summary="Wilson: loop-erased random walks; uniform spanning tree, no bias",
    reference="D. B. Wilson, STOC (1996)",
    compiled=Compiled(6, "cells"), graph="wilson_graph")
GENERATORS.declare(
    "aldous-broder", _G + "aldous_broder", "aldous_broder", aliases=("aldous", "broder"),
    ja="アルダス・ブローダー法",
    summary="Aldous-Broder random walk: uniform spanning tree, no bias; slow (cover time)",
    reference="D. Aldous (1990); A. Broder (1989)",
    compiled=Compiled(7, "cells"), graph="aldous_broder_graph")
GENERATORS.declare(
    "hunt-and-kill", _G + "hunt_and_kill", "hunt_and_kill", aliases=("hunt",), ja="ハント・アンド・キル法",
    summary="hunt-and-kill: random walks, rescans for a new start; long corridors, few dead ends",
    reference=f"{_BUCK}, ch. 5",
    compiled=Compiled(8, "cells"), graph="hunt_and_kill_graph")
GENERATORS.declare(
    "sidewinder", _G + "sidewinder", "sidewinder", ja="サイドワインダー法",
    summary="sidewinder: row runs each linked upwards once (theta: ring runs, inwards); vertical bias",
    reference=f"{_BUCK}, ch. 2 (polar: ch. 7)", origin=None,
    compiled=Compiled(9, "lattice"), graph="sidewinder_graph", graph_kinds=("theta",))
GENERATORS.declare(
    "binary-tree", _G + "binary_tree", "binary_tree", aliases=("binary",), ja="二分木法",
    summary="binary tree: each cell opens north or west (theta: inward or clockwise); diagonal bias",
    reference=f"{_BUCK}, ch. 2 (polar: ch. 7)", origin=None,
    compiled=Compiled(10, "lattice"), graph="binary_tree_graph", graph_kinds=("theta",))
for _name, _policy, _code, _ja, _summary in (
        ("growing-tree", "mixed", 11, "成長木法", "growing tree, newest 50 % / random 50 %: medium corridors"),
        ("growing-tree-newest", "newest", 12, "成長木法（最新）", "growing tree, newest cell: depth-first, like dig"),
        ("growing-tree-random", "random", 13, "成長木法（ランダム）",
         "growing tree, random cell: like simplified Prim"),
        ("growing-tree-oldest", "oldest", 14, "成長木法（最古）",
         "growing tree, oldest cell: straight corridors from the origin")):
    GENERATORS.declare(_name, _G + "growing_tree", f"growing_tree_{_policy}", ja=_ja, summary=_summary,
                       reference=f"{_BUCK}, ch. 11", memory=8,  # bytes per cell: the growing cells
                       compiled=Compiled(_code, "cells"), graph=f"growing_tree_{_policy}_graph")
GENERATORS.declare(
    "eller", _G + "eller", "eller", ja="エラー法",
    summary="Eller: row by row with sets, constant memory per row; long last row",
    reference="M. Eller (1982); W. D. Pullen, Think Labyrinth!; J. Buck, Mazes for Programmers, ch. 12",
    origin=None,
    compiled=Compiled(15, "lattice"))
GENERATORS.declare(
    "division", _G + "division", "division", aliases=("recursive-division",), ja="再帰分割法",
    summary="recursive division: straight walls with one gap split rooms; blocky, boxes in boxes",
    reference=f"{_BUCK}, ch. 12", origin="log",
    compiled=Compiled(16, "posts"))
GENERATORS.declare(
    "origin-shift", _G + "origin_shift", "origin_shift", aliases=("origin",), ja="原点移動法",
    summary="origin shift: a random walk of the tree's root; near-uniform, like wilson",
    reference="CaptainLuma (2024); A. Broder (1989), D. Aldous (1990)", origin="log", memory=2,
    compiled=Compiled(17, "cells"), graph="origin_shift_graph")

SOLVERS.declare(
    "astar", _S + "astar", "astar", aliases=("a*", "a-star"), ja="A*探索",
    summary="A*: Manhattan heuristic (other kinds: straight-line), ties to larger g then seeded random; "
            "shortest path",
    reference="Hart, Nilsson, Raphael (1968); the Tk seed article", graph="astar_graph")
SOLVERS.declare(
    "bfs", _S + "bfs", "bfs", aliases=("breadth-first",), ja="幅優先探索",
    summary="breadth-first search: shortest path, explores evenly around the start",
    reference="E. F. Moore, The shortest path through a maze (1959)", graph="bfs_graph")
SOLVERS.declare(
    "dfs", _S + "dfs", "dfs", aliases=("depth-first",), exact=False, ja="深さ優先探索",
    summary="depth-first search: one corridor to its end, then back up; any path, not shortest",
    reference="R. E. Tarjan (1972); Trémaux (19th c.)", graph="dfs_graph")
SOLVERS.declare(
    "greedy", _S + "greedy", "greedy", aliases=("best-first", "greedy-best-first"), exact=False,
    ja="最良優先探索",
    summary="greedy best-first: nearest-to-goal first (Manhattan); fast on open ground, not shortest",
    reference="Doran and Michie (1966); J. Pearl, Heuristics (1984)", graph="greedy_graph")
SOLVERS.declare(
    "wall-left", _S + "wall_follower", "wall_left", aliases=("left-hand",), exact=False, ja="左手法",
    summary="left-hand wall follower: always works on perfect mazes; can circle forever with loops",
    reference="folklore; W. D. Pullen, Think Labyrinth!", graph="wall_left_graph")
SOLVERS.declare(
    "wall-right", _S + "wall_follower", "wall_right", aliases=("right-hand",), exact=False, ja="右手法",
    summary="right-hand wall follower: mirror image of wall-left",
    reference="folklore; W. D. Pullen, Think Labyrinth!", graph="wall_right_graph")
SOLVERS.declare(
    "tremaux", _S + "tremaux", "tremaux", aliases=("trémaux",), exact=False, ja="トレモー法",
    summary="Trémaux: mark passages, never walk one three times; works with loops, not shortest",
    reference="É. Lucas, Récréations mathématiques (1882), after C. P. Trémaux", graph="tremaux_graph")
SOLVERS.declare(
    "dead-end-fill", _S + "dead_end_fill", "dead_end_fill", aliases=("dead-end-filling", "fill"),
    ja="行き止まり埋め法",
    summary="dead-end filling: wall up dead ends until the route is left, then BFS; shortest path",
    reference="W. D. Pullen, Think Labyrinth!", graph="dead_end_fill_graph")
SOLVERS.declare(
    "bidirectional", _S + "bidirectional", "bidirectional", aliases=("bidirectional-bfs", "bibfs"),
    ja="双方向幅優先探索",
    summary="bidirectional BFS: from both ends, level by level; shortest path",
    reference="I. Pohl, Bi-directional search (1971)", graph="bidirectional_graph")

"""The :class:`Maze`: a block grid plus a start and a goal.

The grid is the layout every seed article uses: a NumPy bool array of shape
``(2*height+1, 2*width+1)``, ``True`` = wall, cells at odd ``(row, col)``,
the walls between cells at the mid-points and a closed border. It is what
users print, plot (``plt.imshow(m.grid)``) or hand to a game or an agent.

A maze is read-only once made (its grid is a non-writeable array of its own), so the
logs it hands out — its carving order, a solution's search — always belong to its grid;
:meth:`Maze.edited` makes a changed maze.
"""

from __future__ import annotations

import copy
import importlib
import weakref
from typing import Any
from collections.abc import Callable

import numpy as np

from .errors import MazeError, whole
from .recipe import Recipe
from .text.styles import grid_lines

#: The function that remakes a carving log (:attr:`Maze.carve_order`), named as data and
#: imported when first needed, as the registry names the algorithms: the generators build
#: mazes, so a maze does not import them.
REBUILD_CARVE_ORDER = ("meiro.generators", "rebuild_carve_order")
#: A recipe not worked out yet (None is an answer: a hand-made maze has none).
_UNKNOWN: Any = object()


def _rebuild_carve_order(maze: Maze) -> np.ndarray:
    module, name = REBUILD_CARVE_ORDER
    rebuild: Callable[[Maze], np.ndarray] = getattr(importlib.import_module(module), name)
    return rebuild(maze)

Position = tuple[int, int]


def _as_position(value: Any, name: str) -> Position:
    try:
        row, col = value
        return whole(row, name), whole(col, name)
    except (TypeError, ValueError):
        raise MazeError(f"{name} must be a (row, col) pair of integers, got {value!r}") from None


def check_grid(grid: Any) -> np.ndarray:
    """Validate a block grid and return it as a C-contiguous bool array.

    The grid must be two-dimensional, have odd sides of at least 3 blocks and a
    closed border (every outer block a wall).

    Examples
    --------
    >>> check_grid(np.ones((3, 3), bool)).shape
    (3, 3)
    >>> check_grid(np.ones((4, 3), bool))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: grid height must be odd and at least 3 blocks, got 4
    >>> check_grid(np.full((3, 3), 255, np.uint8).view(bool)).view(np.uint8).max()   # bytes made 0/1
    np.uint8(1)
    """
    if isinstance(grid, np.ndarray) and _is_maze_grid(grid):
        return grid  # checked when its maze was made, and read-only since
    try:
        arr = np.asarray(grid)
    except (TypeError, ValueError, OverflowError):  # ragged rows, objects numpy cannot hold
        raise MazeError("grid must be a two-dimensional array of booleans or 0/1 integers") from None
    if arr.ndim != 2:
        raise MazeError(f"grid must be two-dimensional, got {arr.ndim} dimension(s)")
    if arr.dtype == np.bool_ and arr.size and arr.view(np.uint8).max() > 1:
        # a bool array made by .view(bool) over other bytes: the kernels read the bytes
        # themselves (a wall byte of 255 would become a node with stray passages)
        arr = arr.view(np.uint8) != 0
    if arr.dtype != np.bool_:
        if arr.dtype.kind not in "biu" or (arr.size and (arr.min() < 0 or arr.max() > 1)):
            raise MazeError("grid must hold booleans or 0/1 integers (1 = wall)")
        arr = arr.astype(bool)
    for name, side in (("height", arr.shape[0]), ("width", arr.shape[1])):
        if side < 3 or side % 2 == 0:
            raise MazeError(f"grid {name} must be odd and at least 3 blocks, got {side}")
    border = np.concatenate([arr[0], arr[-1], arr[:, 0], arr[:, -1]])
    if not border.all():
        rows, cols = np.nonzero(~arr)
        on_edge = (rows == 0) | (cols == 0) | (rows == arr.shape[0] - 1) | (cols == arr.shape[1] - 1)
        r, c = int(rows[on_edge][0]), int(cols[on_edge][0])
        raise MazeError(f"the border must be closed, but block (row {r}, col {c}) is open")
    return np.ascontiguousarray(arr)


def check_cell(position: Any, width: int, height: int, name: str = "start") -> Position:
    """A cell's block position ``(row, col)``: odd, inside a ``width x height``-cell grid.

    Examples
    --------
    >>> check_cell((3, 5), 3, 2)
    (3, 5)
    >>> check_cell((3, 7), 3, 2, "origin")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: origin must be a cell, an odd (row, col) inside the 5x7-block grid, got (3, 7)
    """
    r, c = _as_position(position, name)
    width, height = whole(width, "width"), whole(height, "height")
    if not (r % 2 == 1 and c % 2 == 1 and 1 <= r <= 2 * height - 1 and 1 <= c <= 2 * width - 1):
        raise MazeError(f"{name} must be a cell, an odd (row, col) inside the "
                        f"{2 * height + 1}x{2 * width + 1}-block grid, got ({r}, {c})")
    return r, c


def check_path(path: Any, shape: tuple[int, int]) -> np.ndarray:
    """A path as a ``(k, 2)`` int64 array of (row, col) blocks inside a grid of ``shape``.

    Examples
    --------
    >>> check_path([(1, 1), (1, 2)], (3, 5)).tolist()
    [[1, 1], [1, 2]]
    >>> check_path([(1, 5)], (3, 5))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: path leaves the maze's grid
    >>> check_path([(1.5, 2)], (3, 5))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a path must be (row, col) pairs of whole numbers
    """
    try:
        raw = np.asarray(path)
        if raw.size and raw.dtype.kind not in "iu":
            raise ValueError
        cells = raw.astype(np.int64).reshape(-1, 2)
    except (TypeError, ValueError):
        raise MazeError("a path must be (row, col) pairs of whole numbers") from None
    try:
        rows, cols = shape
    except (TypeError, ValueError):  # not a pair
        raise TypeError(f"shape must be a (rows, cols) pair of whole numbers, got {shape!r}") from None
    rows, cols = whole(rows, "shape rows", 1), whole(cols, "shape cols", 1)
    if len(cells) and (cells.min() < 0 or cells[:, 0].max() >= rows or cells[:, 1].max() >= cols):
        raise MazeError("path leaves the maze's grid")
    return cells


class Maze:
    """A maze: block grid, start and goal, and how it was made.

    A maze never changes once made: :attr:`grid` is a read-only array (the maze
    keeps its own copy, so the array you pass in stays yours to edit), and
    :attr:`start`, :attr:`goal` and :attr:`generation` cannot be reassigned. So
    the logs it hands out (:attr:`carve_order`, a solution's ``explored``)
    always describe this very grid. To change a maze, make a new one:
    :meth:`edited`, or ``Maze(grid, start, goal)`` from an edited
    ``maze.grid.copy()``.

    Parameters
    ----------
    grid : array_like of bool, shape (2*height+1, 2*width+1)
        ``True`` marks a wall. Cells sit at odd ``(row, col)``.
    start, goal : (row, col), optional
        Block coordinates of open blocks. Default: the top-left cell ``(1, 1)``
        and the bottom-right cell.
    generation : dict or Recipe, optional
        How the maze was generated (``algorithm``, ``seed``, ``width``,
        ``height``, ``origin``): enough to replay its digging exactly. A
        :class:`~meiro.recipe.Recipe` is kept whole (its goal rule too) and
        stored as its :meth:`~meiro.recipe.Recipe.to_dict`.
    carve_order : array_like of int, optional
        The carving log, if known; replaying it must rebuild ``grid``.

    Raises
    ------
    MazeError
        If the grid is not a maze's (see :func:`check_grid`), an end is off
        its open blocks, or ``carve_order`` does not rebuild the grid.
    TypeError
        If ``generation`` is not a dict or a Recipe.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 3, seed=1)
    >>> m.grid.shape, m.width, m.height
    ((7, 9), 4, 3)
    >>> m.start, m.goal
    ((1, 1), (5, 7))
    >>> m.grid[1, 2] = False
    Traceback (most recent call last):
    ...
    ValueError: assignment destination is read-only
    >>> grid = m.grid.copy()             # an editable copy ...
    >>> grid[1, 2] = not grid[1, 2]
    >>> Maze(grid, m.start, m.goal) == m # ... makes another maze
    False
    """

    __slots__ = ("__weakref__", "_carve_order", "_generation", "_goal", "_grid", "_recipe", "_start")
    _grid: np.ndarray[tuple[int, int], np.dtype[np.bool_]]
    _start: Position
    _goal: Position
    _generation: dict[str, Any] | None
    _recipe: Recipe | None  # or _UNKNOWN until asked for
    _carve_order: np.ndarray | None

    def __init__(self, grid: Any, start: Any = None, goal: Any = None, *,
                 generation: dict[str, Any] | Recipe | None = None, carve_order: Any = None) -> None:
        self._set(_owned_grid(grid), start, goal, generation)
        self._carve_order = None if carve_order is None else _checked_log(carve_order, self._grid)

    @classmethod
    def _adopt(cls, grid: np.ndarray, start: Any = None, goal: Any = None, *,
               generation: dict[str, Any] | Recipe | None = None) -> Maze:
        """A maze that takes ``grid`` over without copying it: for a grid nobody else holds
        (a generator's fresh output), so a huge maze is not in memory twice; the same for
        ``generation``."""
        maze = cls.__new__(cls)
        arr = check_grid(grid)
        maze._set(_freeze(arr) if arr.base is None else _owned_grid(arr), start, goal, generation,
                  own_recipe=True)
        maze._carve_order = None
        return maze

    def _set(self, grid: np.ndarray, start: Any, goal: Any, generation: Any,
             own_recipe: bool = False) -> None:
        rows, cols = grid.shape
        self._grid = grid
        self._start = _open_block(grid, (1, 1) if start is None else start, "start")
        self._goal = _open_block(grid, (rows - 2, cols - 2) if goal is None else goal, "goal")
        self._recipe = _UNKNOWN
        if isinstance(generation, Recipe):  # (a frozen value: nothing to copy)
            self._recipe, generation, own_recipe = generation, generation.to_dict(), True
        if generation is not None and not isinstance(generation, dict):
            raise TypeError(f"generation must be a dict, a Recipe or None, got {type(generation).__name__}")
        if not generation:
            self._generation = None
        else:  # nobody may keep a hold on the maze's own recipe, which stays as it was made
            self._generation = generation if own_recipe else _recipe_copy(generation)

    # -- the read-only parts -------------------------------------------------
    @property
    def grid(self) -> np.ndarray:
        """The block grid, ``True`` = wall: a read-only bool array.

        ``maze.grid.copy()`` is an editable copy; :meth:`edited` or
        :class:`Maze` makes a maze of it.
        """
        return self._grid

    @grid.setter
    def grid(self, value: Any) -> None:
        _refuse("grid", "maze.edited(grid)")

    @property
    def start(self) -> Position:
        """The start block ``(row, col)``."""
        return self._start

    @start.setter
    def start(self, value: Any) -> None:
        _refuse("start", "maze.edited(start=...)")

    @property
    def goal(self) -> Position:
        """The goal block ``(row, col)``."""
        return self._goal

    @goal.setter
    def goal(self, value: Any) -> None:
        _refuse("goal", "maze.edited(goal=...)")

    @property
    def generation(self) -> dict[str, Any] | None:
        """How the maze was generated (a copy: editing it changes nothing), or None."""
        recipe: dict[str, Any] | None = _recipe_copy(self._generation)
        return recipe

    @generation.setter
    def generation(self, value: Any) -> None:
        _refuse("generation", "Maze(maze.grid, maze.start, maze.goal, generation=...)")

    def edited(self, grid: Any = None, *, start: Any = None, goal: Any = None) -> Maze:
        """A new maze with ``grid``, ``start`` and/or ``goal`` replaced; this one is unchanged.

        The recipe (:attr:`seed`, :attr:`algorithm`) and the carving log go with
        the new maze while its grid is the same; a different grid is nobody's
        generator output, so it has none (its :attr:`carve_order` is a flood).

        Examples
        --------
        >>> import meiro
        >>> m = meiro.generate(4, 3, seed=1)
        >>> m.edited(goal=(1, 7)).goal, m.goal
        ((1, 7), (5, 7))
        >>> grid = m.grid.copy()
        >>> r, c = next((r, c) for r, c in zip(*np.nonzero(m.grid)) if 0 < r < 4 and 0 < c < 8 and (r + c) % 2)
        >>> grid[r, c] = False                      # knock down a wall between two cells
        >>> opened = m.edited(grid)
        >>> opened.seed, m.seed
        (None, 1)
        >>> bool((replay_carving(opened.shape, opened.carve_order) == opened.grid).all())
        True
        """
        new_grid = self._grid if grid is None else _owned_grid(grid)
        same = new_grid is self._grid or (new_grid.shape == self._grid.shape
                                          and bool(np.array_equal(new_grid, self._grid)))
        maze = Maze.__new__(Maze)
        maze._set(self._grid if same else new_grid, self._start if start is None else start,
                  self._goal if goal is None else goal, self._generation if same else None,
                  own_recipe=True)  # the recipe is shared: neither maze hands it out
        if same and start is None and goal is None:  # the same ends: the same goal rule
            maze._recipe = self._recipe
        maze._carve_order = self._carve_order if same else None
        return maze

    def check(self) -> Maze:
        """Validate the maze again; returns it.

        A maze is checked when it is made and cannot be edited after, so this
        always passes; it stays for code that checks a maze before handing it on.

        Raises
        ------
        MazeError
            If the grid is no longer a maze's grid or an end is on a wall.

        Examples
        --------
        >>> Maze(np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]])).check().goal
        (1, 3)
        """
        check_grid(self._grid)
        for name, position in (("start", self._start), ("goal", self._goal)):
            _open_block(self._grid, position, name)
        return self

    # -- sizes -------------------------------------------------------------
    @property
    def width(self) -> int:
        """Width in cells."""
        return (self._grid.shape[1] - 1) // 2

    @property
    def height(self) -> int:
        """Height in cells."""
        return (self._grid.shape[0] - 1) // 2

    @property
    def shape(self) -> tuple[int, int]:
        """Shape of the block grid, ``(rows, cols)``."""
        return self._grid.shape

    # -- provenance --------------------------------------------------------
    @property
    def seed(self) -> int | None:
        """The seed the maze was generated from (None for a hand-made maze)."""
        # a recipe's seed is an int (or absent): meiro.recipe checks the ones read from files
        seed: int | None = self._generation.get("seed") if self._generation else None
        return seed

    @property
    def algorithm(self) -> str | None:
        """The generator's registered name (None for a hand-made maze)."""
        name: str | None = self._generation.get("algorithm") if self._generation else None
        return name

    @property
    def recipe(self) -> Recipe | None:
        """The :class:`~meiro.recipe.Recipe` that makes this maze again, or None.

        None for a hand-made maze, or one whose recipe no longer makes sense (an
        algorithm this version does not have, a hand-edited file). A file stores
        the goal cell, not the goal rule: for a maze read from one the rule is told
        from its ends (a moved start: ``diameter``; the goal in the corner cell:
        ``corner``; else ``farthest``), which are made the same again. (A maze whose
        ends were moved by hand, :meth:`edited`, keeps the recipe of its grid: that
        recipe makes the grid, with the ends its rule puts.)

        Examples
        --------
        >>> import meiro
        >>> m = meiro.generate(6, 4, seed=3, goal="diameter")
        >>> m.recipe.key()
        'dig 6x4 seed 3 diameter'
        >>> meiro.generate(m.recipe) == m
        True
        >>> meiro.io.from_json(meiro.io.to_json(m)).recipe == m.recipe
        True
        """
        if self._recipe is _UNKNOWN:
            self._recipe = self._recipe_of_generation()
        return self._recipe

    def _recipe_of_generation(self) -> Recipe | None:
        generation = self._generation
        if not generation:
            return None
        try:
            recipe = Recipe.from_dict(generation, shape=self.shape, goal="corner")
        except (MazeError, TypeError, ValueError):
            return None
        rule = self._goal_rule(recipe.origin)
        if rule == "corner" and recipe.digs_from_goal() and generation.get("goal_rule") != "corner":
            # a corner dig maze's file says so (it was dug from the goal): without the word,
            # the goal is where a dig from the origin put the farthest cell
            rule = "farthest"
        return recipe.replace(goal=rule)

    def _goal_rule(self, origin: Position) -> str:
        """The goal rule that put the ends where they are (see :attr:`recipe`)."""
        if self._start != origin:
            return "diameter"
        # the corner rule's goal: the open cell nearest the bottom-right corner (every cell
        # is open but with a mask, where those outside it stay wall); ties: lowest, rightmost
        cells = ~self._grid[1::2, 1::2]
        width = cells.shape[1]
        flat = np.flatnonzero(cells)
        i, j = np.divmod(flat, width)
        distance = (cells.shape[0] - 1 - i) + (width - 1 - j)
        best = int(flat[distance == distance.min()].max())
        corner = (2 * (best // width) + 1, 2 * (best % width) + 1)
        return "corner" if self._goal == corner else "farthest"

    @property
    def carve_order(self) -> np.ndarray:
        """Flat block indices in the order the generator opened them (read-only).

        Replaying them onto an all-wall grid rebuilds :attr:`grid` exactly (see
        :func:`replay_carving`). Generation does not record the log, so that it
        runs at full speed and in little memory; the first access re-runs the
        deterministic generator with recording on (the same seed gives the same
        maze, so the log is exact). A maze that was not generated by meiro, or
        whose recipe does not make its grid, gets the order in which a
        breadth-first flood from the start reaches its open blocks, followed by
        any unreachable ones.

        Examples
        --------
        >>> import meiro
        >>> m = meiro.generate(5, 5, seed=3)
        >>> bool((replay_carving(m.shape, m.carve_order) == m.grid).all())
        True
        """
        if self._carve_order is None:
            order = _rebuild_carve_order(self)
            order.flags.writeable = False
            self._carve_order = order
        return self._carve_order

    # -- comparisons and display -------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (self._start == other._start and self._goal == other._goal
                and self._grid.shape == other._grid.shape
                and bool(np.array_equal(self._grid, other._grid)))

    # equal mazes compare their grids; hashing one would read it all. (Typeshed declares
    # object.__hash__ a method, so mypy reads None here as a wrong override.)
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        made = ""
        if self._generation:
            made = f", algorithm={self.algorithm!r}, seed={self.seed!r}"
        return (f"Maze(width={self.width}, height={self.height}, start={self.start}, "
                f"goal={self.goal}{made})")

    def __str__(self) -> str:
        # (meiro.text draws with the same table, and more styles)
        return "\n".join(grid_lines(self._grid, self._start, self._goal))

    def __reduce__(self) -> tuple[Callable[..., Maze], tuple[Any, ...]]:
        # pickles carry a plain array; unpickling makes the maze (and its read-only copy) again
        recipe = None if self._recipe is _UNKNOWN else self._recipe
        return (_unpickle, (np.array(self._grid), self._start, self._goal, self._generation,
                            self._carve_order, recipe))

    def copy(self) -> Maze:
        """A copy with the same grid, ends, recipe and log.

        A maze is read-only, so the copy shares the grid; for a grid to edit,
        take ``maze.grid.copy()`` (see :meth:`edited`).
        """
        return self.edited()


def _unpickle(grid: np.ndarray, start: Position, goal: Position, generation: dict[str, Any] | None,
              carve_order: np.ndarray | None, recipe: Recipe | None = None) -> Maze:
    maze = Maze._adopt(grid, start, goal, generation=generation)
    if recipe is not None:  # the goal rule it was made with, which its generation does not hold
        maze._recipe = recipe
    if carve_order is not None:
        maze._carve_order = _checked_log(carve_order, maze.grid)
    return maze


def _recipe_copy(value: Any) -> Any:
    """A copy of a recipe that shares nothing mutable with it (quicker than a deep copy for
    the plain numbers, names and lists a recipe holds)."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, dict):
        return {key: _recipe_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_recipe_copy(item) for item in value]
    return copy.deepcopy(value)


def _refuse(name: str, instead: str) -> None:
    raise AttributeError(f"a Maze's {name} is read-only; make a new maze with {instead}")


#: the read-only arrays behind the mazes' grids (by id), so that a maze made from another
#: maze's grid shares it instead of copying it
_FROZEN: weakref.WeakValueDictionary[int, np.ndarray] = weakref.WeakValueDictionary()


def _freeze(arr: np.ndarray) -> np.ndarray:
    """A read-only view of ``arr`` (which nobody else may hold), itself made read-only.

    The view's own flag cannot be set back while its base is read-only.
    """
    arr.flags.writeable = False
    _FROZEN[id(arr)] = arr
    return arr.view()


def _is_maze_grid(arr: np.ndarray) -> bool:
    """Whether ``arr`` is a maze's grid: the whole of one of the read-only arrays behind them."""
    base = arr.base
    # a C-contiguous view as large as its base (of the same item size) is the whole of it
    return (base is not None and _FROZEN.get(id(base)) is base and arr.shape == base.shape
            and arr.dtype == base.dtype and arr.flags.c_contiguous)


def _owned_grid(grid: Any) -> np.ndarray:
    """``grid`` checked, as a read-only array no caller can write to: a copy, unless
    :func:`check_grid` already made a new array or the grid is another maze's."""
    arr = check_grid(grid)
    base = arr.base
    if base is not None and _FROZEN.get(id(base)) is base:
        return arr  # another maze's grid (or a contiguous view of it): already read-only
    if isinstance(grid, np.ndarray) and np.may_share_memory(arr, grid):
        arr = arr.copy()
    elif base is not None:
        arr = arr.copy()  # a view of memory the caller may still hold
    return _freeze(arr)


def _open_block(grid: np.ndarray, value: Any, name: str) -> Position:
    r, c = _as_position(value, name)
    rows, cols = grid.shape
    if not (0 <= r < rows and 0 <= c < cols):
        raise MazeError(f"{name} ({r}, {c}) is outside the {rows}x{cols}-block grid")
    if grid[r, c]:
        raise MazeError(f"{name} ({r}, {c}) is on a wall block; it must be an open block")
    return r, c


def _checked_log(order: Any, grid: np.ndarray) -> np.ndarray:
    """A carving log for ``grid``, checked to rebuild it, as a read-only array."""
    log = _flat_indices(order, grid.size, "carve_order")
    if not np.array_equal(replay_carving(grid.shape, log), grid):
        raise MazeError("carve_order does not rebuild the maze's grid")
    log = log.copy()
    log.flags.writeable = False
    return log


def _flat_indices(order: Any, size: int, name: str) -> np.ndarray:
    """``order`` as a 1-D int64 array of flat indices into ``size`` blocks."""
    if order is None or isinstance(order, (str, bytes, dict, set)):
        raise TypeError(f"{name} must be a sequence of flat block indices, got {type(order).__name__}")
    try:
        arr = np.asarray(order)
    except (TypeError, ValueError, OverflowError):
        raise MazeError(f"{name} must be a sequence of whole numbers (flat block indices)") from None
    if arr.ndim != 1:
        if arr.ndim == 0:
            raise TypeError(f"{name} must be a sequence of flat block indices, got {type(order).__name__}")
        raise MazeError(f"{name} must be one-dimensional, got shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "iu":
        raise MazeError(f"{name} must hold whole numbers (flat block indices), got {arr.dtype} values")
    if arr.size and (int(arr.min()) < 0 or int(arr.max()) >= size):
        bad = int(arr.min()) if int(arr.min()) < 0 else int(arr.max())
        raise MazeError(f"{name} holds {bad}, outside the grid's {size} blocks")
    return arr.astype(np.int64, copy=False)


def replay_carving(shape: tuple[int, int], order: Any, steps: int | None = None) -> np.ndarray:
    """Rebuild a grid from a carving log: start all wall, open ``order[:steps]``.

    Parameters
    ----------
    shape : (rows, cols)
        The maze's block grid shape (odd sides of at least 3).
    order : sequence of int
        Flat block indices (``row * cols + col``), e.g. :attr:`Maze.carve_order`.
    steps : int, optional
        How many entries to replay (all of them when None).

    Raises
    ------
    MazeError
        If the shape is not a maze grid's, an index is outside it or ``steps`` is negative.
    TypeError
        If ``shape``, ``order`` or ``steps`` is not of the kind above.

    Examples
    --------
    >>> replay_carving((3, 3), np.array([4])).astype(int)
    array([[1, 1, 1],
           [1, 0, 1],
           [1, 1, 1]])
    >>> replay_carving((31, 31), [10**9])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: order holds 1000000000, outside the grid's 961 blocks
    """
    rows, cols = _grid_shape(shape)
    log = _flat_indices(order, rows * cols, "order")
    if steps is not None:
        steps = whole(steps, "steps", 0, what="a whole number or None")
    grid = np.ones((rows, cols), dtype=bool)
    grid.ravel()[log[:steps]] = False
    return grid


def _grid_shape(shape: Any) -> tuple[int, int]:
    """A block grid shape ``(rows, cols)``: two odd whole numbers of at least 3."""
    try:
        rows, cols = shape
    except (TypeError, ValueError):
        raise TypeError(f"shape must be a (rows, cols) pair, got {shape!r}") from None
    sides = []
    for name, side in (("rows", rows), ("cols", cols)):
        side = whole(side, f"shape {name}")
        if side < 3 or side % 2 == 0:
            raise MazeError(f"shape {name} must be odd and at least 3 blocks, got {side}")
        sides.append(side)
    from .sizes import ensure_fits

    ensure_fits((sides[1] - 1) // 2, (sides[0] - 1) // 2)
    return sides[0], sides[1]

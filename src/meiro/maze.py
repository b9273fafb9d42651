"""The :class:`Maze`: a block grid plus a start and a goal.

The grid is the layout every seed article uses: a NumPy bool array of shape
``(2*height+1, 2*width+1)``, ``True`` = wall, cells at odd ``(row, col)``,
the walls between cells at the mid-points and a closed border. It is what
users print, plot (``plt.imshow(m.grid)``) or hand to a game or an agent.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import MazeError

Position = tuple[int, int]


def _as_position(value: Any, name: str) -> Position:
    try:
        row, col = value
        if isinstance(row, bool) or isinstance(col, bool):
            raise TypeError
        return int(row.__index__()), int(col.__index__())
    except (TypeError, ValueError, AttributeError):
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
    arr = np.asarray(grid)
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
    rows, cols = shape
    if len(cells) and (cells.min() < 0 or cells[:, 0].max() >= rows or cells[:, 1].max() >= cols):
        raise MazeError("path leaves the maze's grid")
    return cells


class Maze:
    """A maze: block grid, start and goal, and how it was made.

    Parameters
    ----------
    grid : array_like of bool, shape (2*height+1, 2*width+1)
        ``True`` marks a wall. Cells sit at odd ``(row, col)``.
    start, goal : (row, col), optional
        Block coordinates of open blocks. Default: the top-left cell ``(1, 1)``
        and the bottom-right cell.
    generation : dict, optional
        How the maze was generated (``algorithm``, ``seed``, ``width``,
        ``height``, ``origin``): enough to replay its digging exactly.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 3, seed=1)
    >>> m.grid.shape, m.width, m.height
    ((7, 9), 4, 3)
    >>> m.start, m.goal
    ((1, 1), (5, 7))
    """

    __slots__ = ("grid", "start", "goal", "generation", "_carve_order")

    def __init__(self, grid: Any, start: Any = None, goal: Any = None, *,
                 generation: dict | None = None, carve_order: np.ndarray | None = None):
        self.grid = check_grid(grid)
        rows, cols = self.grid.shape
        self.start = start if start is not None else (1, 1)
        self.goal = goal if goal is not None else (rows - 2, cols - 2)
        self.check()
        self.generation = dict(generation) if generation else None
        self._carve_order = carve_order

    def check(self) -> "Maze":
        """Validate the maze again, as it may have been edited since it was made.

        The grid, start and goal are plain attributes that anyone can change;
        the compiled kernels trust what they are given (a closed border, ends
        on open blocks) and do not check every step, so everything that hands a
        maze to them calls this first. It costs a look at the border and one pass
        over the grid's bytes (a fraction of any search).
        Returns the maze, with the grid made a C-contiguous bool array.

        Raises
        ------
        MazeError
            If the grid is no longer valid or an end is outside it or on a wall.

        Examples
        --------
        >>> m = Maze(np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 1], [1, 1, 1, 1, 1]]))
        >>> m.grid[1, 4] = False          # opening the border would let a search walk off the grid
        >>> m.check()
        Traceback (most recent call last):
        ...
        meiro.errors.MazeError: the border must be closed, but block (row 1, col 4) is open
        """
        self.grid = check_grid(self.grid)
        rows, cols = self.grid.shape
        self.start = _as_position(self.start, "start")
        self.goal = _as_position(self.goal, "goal")
        for name, (r, c) in (("start", self.start), ("goal", self.goal)):
            if not (0 <= r < rows and 0 <= c < cols):
                raise MazeError(f"{name} ({r}, {c}) is outside the {rows}x{cols}-block grid")
            if self.grid[r, c]:
                raise MazeError(f"{name} ({r}, {c}) is on a wall block; it must be an open block")
        return self

    # -- sizes -------------------------------------------------------------
    @property
    def width(self) -> int:
        """Width in cells."""
        return (self.grid.shape[1] - 1) // 2

    @property
    def height(self) -> int:
        """Height in cells."""
        return (self.grid.shape[0] - 1) // 2

    @property
    def shape(self) -> tuple[int, int]:
        """Shape of the block grid, ``(rows, cols)``."""
        return self.grid.shape

    # -- provenance --------------------------------------------------------
    @property
    def seed(self) -> int | None:
        """The seed the maze was generated from (None for a hand-made maze)."""
        return self.generation.get("seed") if self.generation else None

    @property
    def algorithm(self) -> str | None:
        """The generator's registered name (None for a hand-made maze)."""
        return self.generation.get("algorithm") if self.generation else None

    @property
    def carve_order(self) -> np.ndarray:
        """Flat block indices in the order the generator opened them.

        Replaying them onto an all-wall grid rebuilds :attr:`grid` exactly (see
        :func:`replay_carving`). Generation does not record the log, so that it
        runs at full speed and in little memory; the first access re-runs the
        deterministic generator with recording on (the same seed gives the same
        maze, so the log is exact). A maze that was not generated by meiro, or
        was edited afterwards, gets the order in which a breadth-first flood
        from the start reaches its open blocks, followed by any unreachable ones.

        Examples
        --------
        >>> import meiro
        >>> m = meiro.generate(5, 5, seed=3)
        >>> bool((replay_carving(m.shape, m.carve_order) == m.grid).all())
        True
        """
        if self._carve_order is None:
            from .generate import rebuild_carve_order

            self._carve_order = rebuild_carve_order(self)
        return self._carve_order

    # -- comparisons and display -------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (self.start == other.start and self.goal == other.goal
                and self.grid.shape == other.grid.shape
                and bool(np.array_equal(self.grid, other.grid)))

    __hash__ = None  # mutable grid

    def __repr__(self) -> str:
        made = ""
        if self.generation:
            made = f", algorithm={self.algorithm!r}, seed={self.seed!r}"
        return (f"Maze(width={self.width}, height={self.height}, start={self.start}, "
                f"goal={self.goal}{made})")

    def __str__(self) -> str:
        from .text import render_text

        return render_text(self)

    def copy(self) -> "Maze":
        """An independent copy (grid included)."""
        return Maze(self.grid.copy(), self.start, self.goal, generation=self.generation,
                    carve_order=self._carve_order)


def replay_carving(shape: tuple[int, int], order: np.ndarray, steps: int | None = None) -> np.ndarray:
    """Rebuild a grid from a carving log: start all wall, open ``order[:steps]``.

    Examples
    --------
    >>> replay_carving((3, 3), np.array([4])).astype(int)
    array([[1, 1, 1],
           [1, 0, 1],
           [1, 1, 1]])
    """
    grid = np.ones(shape, dtype=bool)
    grid.ravel()[order[:steps]] = False
    return grid

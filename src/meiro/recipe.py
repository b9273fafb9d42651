"""How a maze is made: the :class:`Recipe` value, and the recipe a maze file keeps.

A :class:`Recipe` is everything :func:`meiro.generate` needs — algorithm, size,
seed, goal rule, braid, mask and start — checked once, when it is made. Every
surface takes one: :func:`meiro.generate`, :func:`meiro.generate_batch`, the
Gymnasium environment, a dataset's :class:`~meiro.dataset.spec.DatasetSpec`, the
game's records and the command line; :attr:`meiro.Maze.recipe` gives one back.

:meth:`Recipe.to_dict` is the "generation" mapping a maze file stores beside its
grid (:attr:`meiro.Maze.generation`): ``algorithm``, ``seed``, ``width``,
``height``, ``origin``, and ``braid`` and ``mask`` when used. The goal rule is not
in it: a file stores the goal cell itself. :func:`recipe_from` checks that mapping
as the JSON reader (:mod:`meiro.io`) and the NumPy archive reader
(:mod:`meiro.io.interop`) find it, the same way whichever file it came from.
"""

from __future__ import annotations

import os
import reprlib
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, replace
from typing import TYPE_CHECKING, Any

from .errors import MazeError, whole
from .goal_rules import GOALS
from .registry import GENERATORS
from .sizes import check_cells

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike

    #: What a mask may be given as (see :func:`meiro.generators.masking.load_mask`).
    MaskSource = ArrayLike | str | os.PathLike[str] | tuple[str, ...]

#: Seeds are 64-bit: from 0 to ``SEED_LIMIT - 1``.
SEED_LIMIT = 2**64

# a value as a message shows it: a file may hold a string of a gigabyte or a list of millions
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 4
_SHORT.maxlevel = 2


def shown(value: Any) -> str:
    """``repr(value)``, cut short enough for a one-line message.

    Examples
    --------
    >>> shown([1, True])
    '[1, True]'
    >>> shown("#" * 10**6)
    "'#################...##################'"
    >>> shown(list(range(10**6)))
    '[0, 1, 2, 3, ...]'
    """
    return _SHORT.repr(value)


def check_seed(seed: Any) -> int:
    """A seed: a whole number from 0 to 2**64-1, as an int (else a :class:`~meiro.MazeError`).

    Examples
    --------
    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: seed must be between 0 and 2**64-1, got -1
    """
    number = whole(seed, "seed", error=MazeError)
    if not 0 <= number < SEED_LIMIT:
        raise MazeError(f"seed must be between 0 and 2**64-1, got {number}")
    return number


def check_braid(braid: Any) -> float:
    """Validate a braid share: a number from 0 to 1.

    Examples
    --------
    >>> check_braid(0.5)
    0.5
    >>> check_braid(2)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: braid must be a number from 0 to 1, got 2
    """
    try:
        value = float(braid)
    except (TypeError, ValueError):
        raise MazeError(f"braid must be a number from 0 to 1, got {braid!r}") from None
    if isinstance(braid, bool) or not 0.0 <= value <= 1.0:
        raise MazeError(f"braid must be a number from 0 to 1, got {braid!r}")
    return value


def check_goal(goal: Any) -> str:
    """A goal rule's name (one of :data:`meiro.GOALS`).

    Examples
    --------
    >>> check_goal("farthest")
    'farthest'
    >>> check_goal("middle")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown goal 'middle'; choose one of: corner, farthest, diameter
    """
    if goal not in GOALS:  # (only a str is in GOALS)
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    result: str = goal
    return result


def _cell(position: Any, width: int, height: int, name: str = "start") -> tuple[int, int]:
    """A cell's block position ``(row, col)``: odd, inside a ``width x height``-cell grid."""
    try:
        row, col = position
        r, c = whole(row, name), whole(col, name)
    except (TypeError, ValueError):
        raise MazeError(f"{name} must be a (row, col) pair of integers, got {position!r}") from None
    if not (r % 2 == 1 and c % 2 == 1 and 1 <= r <= 2 * height - 1 and 1 <= c <= 2 * width - 1):
        raise MazeError(f"{name} must be a cell, an odd (row, col) inside the "
                        f"{2 * height + 1}x{2 * width + 1}-block grid, got ({r}, {c})")
    return r, c


def _mask_rows(mask: Any, width: int, height: int) -> tuple[str, ...]:
    """A mask in any form :func:`meiro.generators.masking.load_mask` takes (or a sequence of
    picture rows), as the picture a file stores: one ``.`` (inside) / ``#`` (outside) string a
    cell row, checked to fit the maze and to have a cell inside."""
    from .generators.mask_source import load_mask

    if isinstance(mask, (tuple, list)) and mask and all(isinstance(row, str) for row in mask):
        mask = "\n".join(mask)  # picture rows, as a file or a recipe holds them
    cells = load_mask(mask)
    if cells.shape != (height, width):
        raise MazeError(f"the mask is {cells.shape[1]}x{cells.shape[0]} cells but the maze is "
                        f"{width}x{height}; give a mask of the maze's size")
    if not cells.any():
        raise MazeError("the mask has no cell inside (use '.' or light pixels for inside)")
    import numpy as np

    # one byte a cell, not a Python object: a mask may have as many cells as a maze
    text = np.where(cells, ord("."), ord("#")).astype(np.uint8).tobytes().decode("ascii")
    return tuple(text[i * width:(i + 1) * width] for i in range(height))


def _first_cell(mask: tuple[str, ...] | None) -> tuple[int, int]:
    """The default start: the top-left cell, or the first cell inside the mask, row by row."""
    if mask is None or mask[0][0] == ".":
        return 1, 1
    i = next(i for i, row in enumerate(mask) if "." in row)
    return 2 * i + 1, 2 * mask[i].index(".") + 1


@dataclass(frozen=True)
class Recipe:
    """How to make a maze: the arguments of :func:`meiro.generate`, checked once, as one value.

    A recipe is frozen and hashable: two recipes are equal when they make the same
    maze. Make a changed one with :meth:`replace`.

    Parameters
    ----------
    width, height : int
        Size in cells (any whole number, NumPy's too; never a bool or a float).
    algorithm : str
        A registered generator or one of its aliases; kept as its registered name.
    seed : int, optional
        From 0 to 2**64-1. None: :func:`meiro.generate` draws one, and the maze's
        own :attr:`~meiro.Maze.recipe` has it.
    goal : {"corner", "farthest", "diameter"}
        The goal rule.
    start : (row, col), optional
        The cell where digging starts (the file's ``origin``); None: ``(1, 1)``, or
        with a mask the first cell inside it, row by row. Kept as the cell itself.
    braid : float
        Share of dead ends removed, from 0 to 1 (keyword only).
    mask : array, str, path or sequence of str, optional
        The shape to carve in, as :func:`meiro.generate` takes it (keyword only);
        kept as its picture, a tuple of ``.``/``#`` rows, so the recipe stays hashable.

    Raises
    ------
    MazeError
        A size below one cell, an unknown algorithm or goal rule, a seed out of range,
        a braid outside 0-1, a mask of another size or a start off the cells.
    TypeError
        An algorithm that is not a str.

    Examples
    --------
    >>> import meiro
    >>> r = Recipe(15, 10, "backtracker", seed=4, goal="farthest")
    >>> r.algorithm, r.start
    ('dig', (1, 1))
    >>> meiro.generate(r) == meiro.generate(15, 10, seed=4, goal="farthest")
    True
    >>> r.replace(seed=5).seed, r.key()
    (5, 'dig 15x10 seed 4 farthest')
    >>> Recipe(True, 3)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: width must be a whole number of cells, got True
    """

    width: int
    height: int
    algorithm: str = "dig"
    seed: int | None = None
    goal: str = "corner"
    start: tuple[int, int] | None = None
    _: KW_ONLY
    braid: float = 0.0
    mask: Any = None  # kept as a tuple of str, or None (given: any form generate() takes)
    #: the grid kind (:data:`meiro.kinds.KINDS`); a theta maze's rings are its width (and height)
    grid: str = "square"
    #: a 3D maze's layers (1 for every other kind)
    layers: int = 1

    def __post_init__(self) -> None:
        if self.grid != "square":
            self._check_kind()
            return
        if self.layers != 1:
            raise MazeError("layers are for a 3d maze (grid='3d')")
        # in the order generate() has always checked them, so the first error is the same
        width, height = check_cells(self.width, self.height)
        set_ = object.__setattr__  # (a frozen dataclass sets its own fields this way)
        set_(self, "width", width)
        set_(self, "height", height)
        set_(self, "algorithm", GENERATORS.get(self.algorithm).name)
        check_goal(self.goal)
        set_(self, "braid", check_braid(self.braid))
        mask = None if self.mask is None else _mask_rows(self.mask, width, height)
        set_(self, "mask", mask)
        if self.start is None:
            start = _first_cell(mask)
        else:
            start = _cell(self.start, width, height)
            if mask is not None and mask[start[0] // 2][start[1] // 2] != ".":
                raise MazeError(f"start ({start[0]}, {start[1]}) is outside the mask")
        set_(self, "start", start)
        if self.seed is not None:
            set_(self, "seed", check_seed(self.seed))

    def __repr__(self) -> str:
        # the grid and layers only when they are not the square grid's, as a recipe always showed
        fields = [f"{name}={getattr(self, name)!r}" for name in (
            "width", "height", "algorithm", "seed", "goal", "start", "braid", "mask")]
        if self.grid != "square":
            fields.append(f"grid={self.grid!r}")
        if self.layers != 1:
            fields.append(f"layers={self.layers!r}")
        return f"Recipe({', '.join(fields)})"

    def _check_kind(self) -> None:
        """Check a recipe for a maze on a grid kind other than the square (:mod:`meiro.kinds`)."""
        from .kinds import _cell_count, check_size, default_start, get_kind

        kind = get_kind(self.grid)
        set_ = object.__setattr__
        given: tuple[Any, ...] = (self.width, self.height, self.layers) if self.grid == "3d" else (
            (self.width, self.height))
        if self.grid != "3d" and self.layers != 1:
            raise MazeError(f"layers are for a 3d maze, not a {self.grid} one")
        size = check_size(self.grid, given)
        set_(self, "width", size[0])
        set_(self, "height", size[1] if len(size) > 1 else size[0])
        generator = GENERATORS.get(self.algorithm)
        set_(self, "algorithm", generator.name)
        if kind.name not in generator.kinds:
            raise MazeError(f"{generator.name} makes {' and '.join(generator.kinds)} mazes only, not "
                            f"{kind.name} ones; on {kind.name}, use one of: "
                            f"{', '.join(GENERATORS.for_kind(kind.name))}")
        check_goal(self.goal)
        set_(self, "braid", check_braid(self.braid))
        mask = None
        if self.mask is not None:
            if not kind.masks:
                raise MazeError(f"a mask or shape cuts square, hex and triangle mazes, not {kind.name} ones")
            mask = _mask_rows(self.mask, size[0], size[1])
        set_(self, "mask", mask)
        cells = _cell_count(self.grid, size)
        if self.start is None:
            first = _first_cell(mask)
            start = default_start(self.grid, size) if mask is None else (
                (first[0] // 2) * size[0] + first[1] // 2)
        else:
            start = whole(self.start, "start", error=MazeError)
            if not 0 <= start < cells:
                raise MazeError(f"start must be a cell number from 0 to {cells - 1}, got {start}")
            if mask is not None and mask[start // size[0]][start % size[0]] != ".":
                raise MazeError(f"start {start} is outside the mask")
        set_(self, "start", start)
        if self.seed is not None:
            set_(self, "seed", check_seed(self.seed))

    @property
    def size(self) -> tuple[int, ...]:
        """The size as ``--size`` gives it: ``(width, height)``, a theta maze's ``(rings,)``, a 3D
        maze's ``(width, height, layers)``.

        Examples
        --------
        >>> Recipe(5, 5, grid="theta").size, Recipe(4, 3, grid="3d", layers=2).size
        ((5,), (4, 3, 2))
        """
        if self.grid == "theta":
            return (self.width,)
        if self.grid == "3d":
            return self.width, self.height, self.layers
        return self.width, self.height

    @property
    def origin(self) -> Any:
        """The start cell, where digging starts (the file's name for it): ``(row, col)`` on the
        square grid, a cell number on every other kind."""
        assert self.start is not None  # (always set by __post_init__)
        return self.start

    def digs_from_goal(self) -> bool:
        """Whether the maze is dug from its goal: the dig method (穴掘り法) with the goal fixed in
        advance, the corner rule (the seed article's way: the goal becomes a dead end). Its file
        then keeps the goal rule (:meth:`to_dict`), which says where the digging began.

        Examples
        --------
        >>> Recipe(5, 5).digs_from_goal(), Recipe(5, 5, goal="farthest").digs_from_goal()
        (True, False)
        """
        return self.grid == "square" and self.algorithm == "dig" and self.goal == "corner"

    def replace(self, **changes: Any) -> Recipe:
        """A recipe with ``changes`` (field names as keywords), checked like a new one.

        Examples
        --------
        >>> Recipe(5, 5, seed=1).replace(algorithm="wall").algorithm
        'wall'
        """
        if "mask" in changes and "start" not in changes and self.start == _first_cell(self.mask):
            changes["start"] = None  # the new mask's own first cell, as for a new recipe
        return replace(self, **changes)

    def mask_cells(self) -> np.ndarray | None:
        """The mask as a ``(height, width)`` bool array (``True`` = inside), or None.

        Examples
        --------
        >>> Recipe(2, 2, mask=".#\\n..").mask_cells().tolist()
        [[True, False], [True, True]]
        """
        if self.mask is None:
            return None
        import numpy as np

        codes = np.frombuffer("".join(self.mask).encode("ascii"), dtype=np.uint8)
        inside: np.ndarray = (codes == ord(".")).reshape(self.height, self.width)
        return inside

    def to_dict(self) -> dict[str, Any]:
        """The "generation" mapping of a maze file (:attr:`meiro.Maze.generation`).

        ``braid`` and ``mask`` are there only when used, and the goal rule only where it
        changes the carving (a file stores the goal cell; :meth:`digs_from_goal`):
        ``Recipe.from_dict(r.to_dict(), goal=r.goal) == r``.

        Examples
        --------
        >>> Recipe(4, 3, seed=1, goal="farthest").to_dict()
        {'algorithm': 'dig', 'seed': 1, 'width': 4, 'height': 3, 'origin': [1, 1]}
        >>> Recipe(4, 3, seed=1).to_dict()["goal_rule"]        # dug from the goal
        'corner'
        """
        if self.grid != "square":
            out: dict[str, Any] = {"algorithm": self.algorithm, "seed": self.seed, "grid": self.grid,
                                   "size": list(self.size), "origin": self.origin, "goal": self.goal}
            if self.braid:
                out["braid"] = self.braid
            if self.mask is not None:
                out["mask"] = list(self.mask)
            return out
        out = {"algorithm": self.algorithm, "seed": self.seed, "width": self.width,
               "height": self.height, "origin": list(self.origin)}
        if self.digs_from_goal():  # (beside a file's goal cell, "goal")
            out["goal_rule"] = self.goal
        if self.braid:
            out["braid"] = self.braid
        if self.mask is not None:
            out["mask"] = list(self.mask)
        return out

    @classmethod
    def from_dict(cls, mapping: Mapping[str, Any], *, goal: str | None = None,
                  shape: tuple[int, int] | None = None) -> Recipe:
        """The recipe of a "generation" mapping (:meth:`to_dict`; a file's, a maze's).

        ``goal``: the goal rule, which the mapping does not hold (else its own ``"goal"``,
        else ``"corner"``). ``shape``: the block grid the mapping belongs to, whose size
        wins over the mapping's ``width`` and ``height``.

        Raises
        ------
        MazeError
            A mapping that is not a recipe (a hand-made maze's, with no algorithm or
            seed), or any value a :class:`Recipe` refuses.

        Examples
        --------
        >>> Recipe.from_dict({"algorithm": "dig", "seed": 4, "width": 3, "height": 2, "origin": [1, 1]})
        Recipe(width=3, height=2, algorithm='dig', seed=4, goal='corner', start=(1, 1), braid=0.0, mask=None)
        >>> Recipe.from_dict({"seed": 4, "width": 3, "height": 2})
        Traceback (most recent call last):
        ...
        meiro.errors.MazeError: a recipe needs an algorithm and a seed (a hand-made maze has neither)
        """
        if not isinstance(mapping, Mapping):
            raise TypeError(f"a recipe mapping must be a dict, got {type(mapping).__name__}")
        if mapping.get("algorithm") is None or mapping.get("seed") is None:
            raise MazeError("a recipe needs an algorithm and a seed (a hand-made maze has neither)")
        if mapping.get("grid", "square") != "square":
            size = mapping.get("size")
            if not isinstance(size, list) or not 1 <= len(size) <= 3:
                raise MazeError(f'"size" must be a list of one to three whole numbers, got {shown(size)}')
            numbers = [*size, size[0]] if len(size) == 1 else size
            return cls(numbers[0], numbers[1], mapping["algorithm"], mapping["seed"],
                       goal if goal is not None else mapping.get("goal", "corner"), mapping.get("origin"),
                       braid=0.0 if mapping.get("braid") is None else mapping["braid"],
                       mask=mapping.get("mask"), grid=mapping["grid"],
                       layers=numbers[2] if len(numbers) > 2 else 1)
        width: Any = mapping.get("width")
        height: Any = mapping.get("height")
        if shape is not None:
            width, height = (shape[1] - 1) // 2, (shape[0] - 1) // 2
        origin: Any = mapping.get("origin")
        return cls(width, height, mapping["algorithm"], mapping["seed"],
                   goal if goal is not None else mapping.get("goal_rule", mapping.get("goal", "corner")),
                   tuple(origin) if isinstance(origin, list) else origin,  # (checked as a cell)
                   braid=0.0 if mapping.get("braid") is None else mapping["braid"],
                   mask=mapping.get("mask"))

    def key(self) -> str:
        """What the game's records file calls the maze this recipe makes.

        Examples
        --------
        >>> Recipe(20, 20, seed=7).key()
        'dig 20x20 seed 7 corner'
        """
        if self.grid != "square":
            size = "x".join(str(v) for v in self.size)
            return f"{self.algorithm} {self.grid} {size} seed {self.seed} {self.goal}"
        return f"{self.algorithm} {self.width}x{self.height} seed {self.seed} {self.goal}"


def position_field(doc: dict[str, Any], key: str) -> tuple[int, int]:
    """``doc[key]`` as a ``(row, col)`` pair of integers, else a :class:`~meiro.MazeError`.

    Examples
    --------
    >>> position_field({"start": [1, 3]}, "start")
    (1, 3)
    >>> position_field({"start": [1, True]}, "start")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: "start" must be a [row, col] pair of integers, got [1, True]
    """
    value = doc.get(key)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise MazeError(f'"{key}" must be a [row, col] pair of integers, got {shown(value)}')
    return value[0], value[1]


def recipe_from(doc: dict[str, Any], shape: tuple[int, int]) -> dict[str, Any] | None:
    """Validate the generation recipe stored beside a grid of ``shape`` blocks.

    Returns the "generation" mapping (:meth:`Recipe.to_dict`'s form), or None for a
    hand-made maze (no algorithm and no seed). The algorithm's name is only checked to
    be a name: a file from a version with more algorithms still loads (its maze's
    :attr:`~meiro.Maze.recipe` is then None).

    Examples
    --------
    >>> recipe_from({"algorithm": "dig", "seed": 4}, (5, 7))["width"]
    3
    >>> recipe_from({"algorithm": "dig", "seed": 4, "braid": 2}, (5, 7))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: "braid" must be a number from 0 to 1 or null, got 2
    """
    if doc.get("algorithm") is None and doc.get("seed") is None:
        return None
    seed, algorithm = doc.get("seed"), doc.get("algorithm")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise MazeError(f'"seed" must be an integer from 0 to 2**64-1 or null, got {shown(seed)}')
    if not isinstance(algorithm, str) or not 0 < len(algorithm) <= 100:
        raise MazeError(f'"algorithm" must be a name or null, got {shown(algorithm)}')
    width, height = (shape[1] - 1) // 2, (shape[0] - 1) // 2
    origin = position_field(doc, "origin") if doc.get("origin") is not None else (1, 1)
    if not (origin[0] % 2 == 1 and origin[1] % 2 == 1
            and 0 < origin[0] < shape[0] and 0 < origin[1] < shape[1]):
        raise MazeError(f'"origin" must be a cell of the grid (odd row and column inside it), '
                        f"got {shown(list(origin))}")
    recipe = {"algorithm": algorithm, "seed": seed, "width": width, "height": height,
              "origin": list(origin)}
    rule = doc.get("goal_rule")
    if rule is not None:  # kept where it changes the carving (Recipe.digs_from_goal)
        if rule not in GOALS:
            raise MazeError(f'"goal_rule" must be one of {", ".join(GOALS)} or null, got {shown(rule)}')
        recipe["goal_rule"] = rule
    braid = doc.get("braid")
    if braid is not None:
        if isinstance(braid, bool) or not isinstance(braid, (int, float)) or not 0 <= braid <= 1:
            raise MazeError(f'"braid" must be a number from 0 to 1 or null, got {shown(braid)}')
        if braid:
            recipe["braid"] = float(braid)
    mask = doc.get("mask")
    if mask is not None:
        if (not isinstance(mask, list) or len(mask) != height
                or not all(isinstance(row, str) and len(row) == width and not row.strip(".#")
                           for row in mask)):
            raise MazeError(f'"mask" must be {height} strings of {width} "." (inside) or "#" '
                            "(outside) characters, or null")
        recipe["mask"] = list(mask)
    return recipe

"""What a dataset is: its mazes' recipe, the filters they must pass, the columns, the shards.

A :class:`DatasetSpec` is checked once, when it is made; everything after it
(the shards, the card, a resumed run, a cluster's workers) works from it alone.
Its mazes' size, algorithm, goal rule, braid and batch seed are one
:class:`~meiro.recipe.Recipe` (:attr:`~DatasetSpec.maze_recipe`; :meth:`DatasetSpec.of`
makes a spec from one). Its :meth:`~DatasetSpec.recipe` is what the card and every
shard record, so a re-run can tell whether a folder holds the same dataset.

Draws and shards
----------------
The mazes are *drawn* in order: draw ``i`` is maze ``i`` of the batch of
``seed`` (:func:`meiro.batch.batch_seeds`). Shard ``k`` holds the draws
``k * shard_draws`` to ``(k + 1) * shard_draws - 1`` that pass the filters (and,
with ``dedupe``, are not the same maze as an earlier row), so shard ``k`` always
covers the same seed range whoever makes it; the last shard stops at the row
that makes ``count``.

Grid kinds
----------
``kind`` (and ``layers`` for ``3d``) makes a dataset of another grid kind
(:mod:`meiro.kinds`): its rows hold each maze's open passages as cell pairs
instead of a block grid (:mod:`meiro.dataset.kind_shards`). The square grid's own
columns (``grid="bits"``, the ``tokens``, ``connection_list`` and ``pixels``
extras: block pictures and maze-dataset's formats) are refused for them. A square
dataset's :meth:`~DatasetSpec.recipe` does not name its kind, so its card is
the one earlier versions wrote.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import MazeError, whole
from ..recipe import Recipe
from ..analysis import difficulty as _difficulty

#: Largest dataset, in rows.
MAX_ROWS = 10**9
#: A shard's size is chosen to stay under this (the Hub's advice is a few hundred MB).
SHARD_BYTES = 400 * 2**20
#: At most this many draws a shard.
MAX_SHARD_DRAWS = 100_000
#: With filters, draws stop after ``DRAWS_PER_ROW`` times ``count`` (at least ``MIN_DRAWS``).
DRAWS_PER_ROW = 100
MIN_DRAWS = 1_000_000
#: Extra columns a dataset may ask for.
EXTRAS = ("tokens", "pixels", "connection_list", "solution_mask", "solution_padded", "moves", "prompt", "answer")
#: The de-duplication modes: exact (True, ``--dedupe``) and up to symmetry (:mod:`.puzzles`).
DEDUPES = ("exact", "symmetry")
#: How a shard stores the grids (:mod:`meiro.dataset.shards`).
GRIDS = ("array", "bits")
#: The formats ``meiro dataset --format`` knows.
FORMATS = ("npz", "parquet", "jsonl")


@dataclass(frozen=True)
class Filters:
    """Which drawn mazes make rows. Lengths are solution lengths in cell steps.

    ``difficulty`` is a ``(low, high)`` range (:func:`meiro.analysis.difficulty.difficulty_range`);
    ``dead_end_ends`` keeps mazes whose start and goal are both dead ends (maze-dataset's
    ``deadend_start`` and ``deadend_end``; on a perfect maze ``goal="diameter"`` always
    gives them).
    """

    min_length: int | None = None
    max_length: int | None = None
    min_dead_ends: int | None = None
    difficulty: tuple[float, float] | None = None
    dead_end_ends: bool = False

    def any(self) -> bool:
        """Whether any filter is set."""
        return any(v not in (None, False) for v in asdict(self).values())


@dataclass(frozen=True)
class DatasetSpec:
    """A dataset to make: ``count`` rows of solved ``width x height`` mazes (module docs).

    Examples
    --------
    >>> spec = DatasetSpec(1000, 15, 15, seed=7, filters=Filters(min_length=60))
    >>> spec.shard_draws, spec.max_draws
    (100000, 1000000)
    >>> DatasetSpec(10, 5, 5, seed=1, extras=("colour",))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown extra column 'colour'; choose from: tokens, pixels, connection_list, solution_mask, solution_padded, moves, prompt, answer
    """

    count: int
    width: int
    height: int
    algorithm: str = "dig"
    goal: str = "corner"
    braid: float = 0.0
    seed: int = 0
    filters: Filters = field(default_factory=Filters)
    dedupe: bool | str = False  # True: exact; "symmetry": up to rotation and reflection
    extras: tuple[str, ...] = ()
    block: int = 2  # pixels a block in the pictures
    grid: str = "array"  # "array": Array2D; "bits": packed rows (see meiro.dataset.shards)
    shard_draws: int = 0  # 0: chosen from the size
    max_draws: int = 0  # 0: chosen from count
    kind: str = "square"  # the grid kind (meiro.kinds.KINDS); a theta maze's rings are its width
    layers: int = 1  # a 3d maze's layers
    text_format: str = "ascii"  # the prompt and answer columns' (meiro.text.tasks.TEXT_FORMATS)
    # (:mod:`.puzzles`) splits by puzzle: ((name, share), ...); other datasets' puzzles left out
    splits: tuple[tuple[str, float], ...] = ()
    exclude: tuple[str, ...] = ()
    # the goal at low to high cell steps from the start (meiro.generators.distance_goal)
    path_length: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", _whole("count", self.count, 1, MAX_ROWS))
        _whole("seed", self.seed, 0, 2**64 - 1)  # (a dataset's seed is given: None is not one)
        # the mazes' recipe, checked as every recipe is; the spec keeps its values as fields
        # (which its recipe() records, as it always has)
        recipe = Recipe(self.width, self.height, self.algorithm, self.seed, self.goal, braid=self.braid,
                        grid=self.kind, layers=self.layers)
        for name in ("width", "height", "algorithm", "goal", "braid", "seed", "layers"):
            object.__setattr__(self, name, getattr(recipe, name))
        object.__setattr__(self, "kind", recipe.grid)
        object.__setattr__(self, "_maze_recipe", recipe)
        _check_puzzles(self)
        if not isinstance(self.filters, Filters):
            raise MazeError("filters must be a meiro.dataset.Filters")
        _check_filters(self.filters)
        extras = tuple(self.extras)
        for extra in extras:
            if extra not in EXTRAS:
                raise MazeError(f"unknown extra column {extra!r}; choose from: {', '.join(EXTRAS)}")
        object.__setattr__(self, "extras", tuple(e for e in EXTRAS if e in extras))
        object.__setattr__(self, "block", _whole("block", self.block, 1, 64))
        from ..text.tasks import check_text_format

        check_text_format(self.text_format)
        if self.grid not in GRIDS:
            raise MazeError(f"grid must be one of {', '.join(GRIDS)}, got {self.grid!r}")
        if self.kind != "square":
            _check_kind_columns(self)
        if not self.shard_draws:
            object.__setattr__(self, "shard_draws", self.default_shard_draws())
        object.__setattr__(self, "shard_draws", _whole("shard_draws", self.shard_draws, 1, 10**8))
        if not self.max_draws:
            limited = self.filters.any() or self.dedupe or self.exclude or self.path_length
            object.__setattr__(self, "max_draws", max(MIN_DRAWS, DRAWS_PER_ROW * self.count)
                               if limited else self.count)
        object.__setattr__(self, "max_draws", _whole("max_draws", self.max_draws, self.count, 2**62))

    @classmethod
    def of(cls, count: int, recipe: Recipe, **options: Any) -> DatasetSpec:
        """The spec of ``count`` rows of ``recipe``'s mazes (its seed the batch seed, 0 if it has
        none); ``options`` are the other fields (``filters``, ``extras``, ...).

        Examples
        --------
        >>> spec = DatasetSpec.of(100, Recipe(9, 7, "wilson", seed=3, goal="diameter"))
        >>> spec == DatasetSpec(100, 9, 7, algorithm="wilson", goal="diameter", seed=3)
        True
        >>> spec.maze_recipe
        Recipe(width=9, height=7, algorithm='wilson', seed=3, goal='diameter', start=(1, 1), braid=0.0, mask=None)
        """
        if not isinstance(recipe, Recipe):
            raise TypeError(f"recipe must be a meiro.recipe.Recipe, got {type(recipe).__name__}")
        if recipe.grid != "square":
            from ..kinds import default_start

            if recipe.origin != default_start(recipe.grid, recipe.size):
                raise MazeError("a dataset's mazes start in the kind's first cell: give a recipe without start")
            options = {"kind": recipe.grid, "layers": recipe.layers, **options}
        elif recipe.mask is not None or recipe.start != (1, 1):
            raise MazeError("a dataset's mazes have no mask and start in the top-left cell: "
                            "give a recipe without mask or start")
        return cls(count, recipe.width, recipe.height, algorithm=recipe.algorithm, goal=recipe.goal,
                   braid=recipe.braid, seed=0 if recipe.seed is None else recipe.seed, **options)

    @property
    def maze_recipe(self) -> Recipe:
        """The mazes' :class:`~meiro.recipe.Recipe`, whose seed is the batch seed: draw ``i``
        is ``meiro.batch.generate_batch(i + 1, spec.maze_recipe).maze(i)``."""
        recipe: Recipe = getattr(self, "_maze_recipe")
        return recipe

    @property
    def rows(self) -> int:
        """Blocks a grid has down."""
        return 2 * self.height + 1

    @property
    def cols(self) -> int:
        """Blocks a grid has across."""
        return 2 * self.width + 1

    @property
    def size(self) -> tuple[int, ...]:
        """The mazes' size as ``--size`` gives it (:attr:`meiro.recipe.Recipe.size`)."""
        return self.maze_recipe.size

    def size_text(self) -> str:
        """The size as ``--size`` takes it: ``15x10``, a theta maze's ``8``, a 3D maze's ``6x6x3``."""
        return "x".join(str(v) for v in self.size)

    def cell_count(self) -> int:
        """Cells a maze has."""
        if self.kind == "square":
            return self.width * self.height
        from ..kinds import _cell_count

        return _cell_count(self.kind, self.size)

    def row_bytes(self) -> int:
        """A generous bound on a row's size in a shard (before compression)."""
        if self.kind != "square":
            # passages (a pair of int32 each, up to 3 per cell with braid on hex), solution,
            # a weave's crossings
            return 40 * self.cell_count() + 64
        blocks = self.rows * self.cols
        size = blocks // 8 + blocks + 64  # the grid's bits; a solution through every cell
        if "pixels" in self.extras:
            size += 2 * 3 * blocks * (self.block ** 2)
        if "tokens" in self.extras:
            size += 40 * blocks
        if "connection_list" in self.extras:
            size += blocks // 4
        if "solution_mask" in self.extras:
            size += blocks
        size += (4 * self.cell_count() if "solution_padded" in self.extras else 0) \
            + (self.cell_count() if "moves" in self.extras else 0)
        size += 2 * blocks * sum(e in self.extras for e in ("prompt", "answer"))
        return size

    def picture_memory(self) -> int:
        """Bytes one thread's pictures take at once while a shard is written (``pixels`` only):
        a slice of up to 1,024 rows, input and target, three bytes a pixel, twice over while
        each picture is scaled up.

        Examples
        --------
        >>> DatasetSpec(10, 4, 4).picture_memory()
        0
        >>> DatasetSpec(10, 4, 4, extras=("pixels",), block=2).picture_memory()
        48000
        """
        if "pixels" not in self.extras:
            return 0
        side = (self.rows * self.block + 2) * (self.cols * self.block + 2)
        return min(1024, self.shard_draws, self.count) * 2 * 3 * side * 2

    def default_shard_draws(self) -> int:
        """Draws a shard: as many as keep it under :data:`SHARD_BYTES`, at most :data:`MAX_SHARD_DRAWS`."""
        return max(1, min(MAX_SHARD_DRAWS, SHARD_BYTES // self.row_bytes()))

    def shards_at_least(self) -> int:
        """Shards the dataset has if every draw passes."""
        return math.ceil(self.count / self.shard_draws)

    def recipe(self) -> dict[str, Any]:
        """Everything that decides the rows, as plain JSON values (the card and the shards
        record it)."""
        out = asdict(self)
        if self.kind == "square":  # as a square dataset's card has always recorded it
            del out["kind"], out["layers"]
        elif self.kind != "3d":
            del out["layers"]
        if not {"prompt", "answer"} & set(self.extras):  # as a card without text columns has always read
            del out["text_format"]
        out["filters"] = {k: (list(v) if isinstance(v, tuple) else v)
                          for k, v in asdict(self.filters).items()}
        out["extras"] = list(self.extras)
        for name in ("splits", "exclude", "path_length"):  # new fields: as earlier cards, when unused
            if not out[name]:
                del out[name]
            else:
                out[name] = [list(v) if isinstance(v, tuple) else v for v in out[name]]
        return out

    def dedupe_mode(self) -> str | None:
        """``"exact"``, ``"symmetry"`` or None (no de-duplication)."""
        return None if not self.dedupe else "exact" if self.dedupe is True else str(self.dedupe)


def _check_puzzles(spec: DatasetSpec) -> None:
    """Check (and set in their stored form) the splits, dedupe mode, exclusions and path length."""
    dedupe = spec.dedupe
    if dedupe == "exact":
        dedupe = True
    if dedupe not in (False, True, "symmetry", None):
        raise MazeError(f"dedupe must be one of {', '.join(DEDUPES)} (or True, False), got {dedupe!r}")
    object.__setattr__(spec, "dedupe", bool(dedupe) if dedupe != "symmetry" else dedupe)
    object.__setattr__(spec, "splits", check_splits(tuple(tuple(s) for s in spec.splits)))
    if isinstance(spec.exclude, str) or not all(isinstance(e, str) and e for e in spec.exclude):
        raise MazeError("exclude must be a sequence of dataset folders or URLs")
    object.__setattr__(spec, "exclude", tuple(spec.exclude))
    if spec.path_length is not None:
        low, high = (_whole("path length", v, 1, 2**40) for v in spec.path_length)
        if low > high:
            raise MazeError(f"path length {low}-{high} is an empty range")
        if low >= spec.width * spec.height:
            raise MazeError(f"no cell of a {spec.width}x{spec.height} maze is {low} steps from the start "
                            f"(at most {spec.width * spec.height - 1})")
        object.__setattr__(spec, "path_length", (low, high))


def check_splits(splits: Any) -> tuple[tuple[str, float], ...]:
    """Split names and shares, checked: names of letters, digits, ``_`` or ``-``, each once,
    shares above 0 adding up to 1.

    >>> check_splits([("train", 0.8), ("test", 0.2)])
    (('train', 0.8), ('test', 0.2))
    >>> check_splits([("train", 0.8), ("test", 0.3)])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: split shares must add up to 1, got 1.1 (train=0.8, test=0.3)
    """
    out = []
    for item in splits:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise MazeError(f"a split is a (name, share) pair, got {item!r}")
        name, share = item
        if not isinstance(name, str) or not name or not all(ch.isalnum() or ch in "_-" for ch in name) \
                or not name[0].isalpha():
            raise MazeError(f"a split's name is a word of letters, digits, _ or - (e.g. train), got {name!r}")
        if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share <= 1:
            raise MazeError(f"split {name}'s share must be a number above 0 and at most 1, got {share!r}")
        out.append((name, float(share)))
    names = [n for n, _ in out]
    if len(set(names)) != len(names):
        raise MazeError(f"a split is named twice: {', '.join(names)}")
    if out and abs(sum(s for _, s in out) - 1) > 1e-9:
        raise MazeError(f"split shares must add up to 1, got {sum(s for _, s in out):g} "
                        f"({', '.join(f'{n}={s:g}' for n, s in out)})")
    if len(out) == 1:
        raise MazeError("give two splits or more (one split is the whole dataset: leave out --split)")
    return tuple(out)


def _check_kind_columns(spec: DatasetSpec) -> None:
    """Refuse the square grid's own columns on a dataset of another kind (module docs)."""
    square_only = [f"--with {e}" for e in spec.extras] + (["--grid bits"] if spec.grid == "bits" else []) \
        + (["--split"] if spec.splits else []) + (["--exclude"] if spec.exclude else []) \
        + (["--dedupe symmetry"] if spec.dedupe == "symmetry" else []) \
        + (["--path-length"] if spec.path_length else [])
    if square_only:
        raise MazeError(f"{', '.join(square_only)} is for square mazes only (block grids, maze-dataset's "
                        f"formats), not {spec.kind} ones: their rows hold passages between cells")


def _whole(name: str, value: object, low: int, high: int) -> int:
    return whole(value, name, low, high, error=MazeError)


def _check_filters(f: Filters) -> None:
    for name in ("min_length", "max_length", "min_dead_ends"):
        value = getattr(f, name)
        if value is not None:
            _whole(name.replace("_", "-"), value, 0, 2**40)
    if f.min_length is not None and f.max_length is not None and f.min_length > f.max_length:
        raise MazeError(f"min-length {f.min_length} is more than max-length {f.max_length}: "
                        "no maze can pass")
    if f.difficulty is not None:
        low, high = f.difficulty
        for value in (low, high):
            _difficulty.difficulty_range(value)  # a number from 0 to 1
        if low > high:
            raise MazeError(f"difficulty range ({low}, {high}) is empty")
    if not isinstance(f.dead_end_ends, bool):
        raise MazeError("dead_end_ends must be True or False")

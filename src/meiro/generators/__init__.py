"""Generation: :func:`generate` and the registered generators.

Each generator is one module with a function ``f(width, height, state,
origin=(1, 1), record=False) -> Carving``, declared in the catalogue of
:mod:`meiro.registry` (how to add one: CONTRIBUTING.md). Importing this package
loads no generator and no numba: :func:`generate` imports the one it runs, and
the mask, braid and goal passes load their kernels when they are used.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, Literal, SupportsIndex, overload
from collections.abc import Iterator

import numpy as np

from ..errors import MazeError
from ..goals import _place_goal
from ..maze import Maze
from ..recipe import Recipe, check_braid, check_seed
from ..registry import GENERATORS
from ..sizes import ensure_fits

if TYPE_CHECKING:
    from ..kinds.maze import GraphMaze
    from .carving import Carving
    from .masking import MaskSource

    #: :func:`carve`'s arguments: algorithm, width, height, seed, origin, record, braid, region.
    CarveRequest = tuple[str, int, int, int, tuple[int, int], bool, float, np.ndarray | None]

def resolve_seed(seed: SupportsIndex | None) -> int:
    """Check a user seed, or draw a fresh one when ``seed`` is None.

    Fresh seeds are below 2**32 so that they are short enough to read out and share.

    Examples
    --------
    >>> resolve_seed(7)
    7
    >>> 0 <= resolve_seed(None) < 2**32
    True
    """
    if seed is None:
        return secrets.randbelow(2**32)
    return check_seed(seed)


def _region_of(cells: np.ndarray, origin: tuple[int, int]) -> np.ndarray:
    from .masking import region_of

    return region_of(cells, origin)


def carve(algorithm: str, width: int, height: int, seed: int, origin: tuple[int, int],
          record: bool = False, braid: float = 0.0, region: np.ndarray | None = None) -> Carving:
    """Run a generator, then the optional mask and braid passes, with one seed.

    The passes draw from their own streams of the seed, so a mask or a braid
    never changes what the generator itself does.

    Examples
    --------
    >>> import meiro
    >>> carving = carve("dig", 4, 3, 5, (1, 1))
    >>> bool((carving.grid == meiro.generate(4, 3, seed=5, goal="farthest").grid).all()), carving.order
    (True, None)
    >>> braided = carve("dig", 4, 3, 5, (1, 1), record=True, braid=1.0)
    >>> len(braided.order)          # the perfect maze's 23 blocks, then 3 walls opened to make loops
    26
    """
    from ..kernels.rng import mix_seed
    from .carving import Carving

    generator = GENERATORS.get(algorithm)  # its function checks the size and origin
    if seed is None:
        raise TypeError("carve needs a seed (a whole number); generate() draws one for None")
    seed = resolve_seed(seed)
    braid = check_braid(braid)
    carving: Carving = generator.function(width, height, mix_seed(seed), origin, record)
    if region is not None:
        region = _check_region(region, carving.grid.shape)
    if region is None and braid <= 0:
        return carving
    grid, order = carving.grid, carving.order
    from .braiding import braid_maze
    from .masking import allowed_blocks, restrict

    if region is not None:
        grid, order = restrict(grid, order, region, mix_seed(seed, stream=2))
    if braid > 0:
        allowed = allowed_blocks(region if region is not None else np.ones((height, width), bool))
        order = braid_maze(grid, allowed, braid, mix_seed(seed, stream=3), order)
    # the generator's compact cells no longer describe the grid: leave them out
    return Carving(grid, order)


def _check_region(region: object, shape: tuple[int, int]) -> np.ndarray:
    """A region (bool cells, ``True`` = inside) for a block grid of ``shape``."""
    if not isinstance(region, np.ndarray):
        raise TypeError(f"a region must be a bool array of cells, got {type(region).__name__}")
    cells = ((shape[0] - 1) // 2, (shape[1] - 1) // 2)
    if region.shape != cells:
        raise MazeError(f"the region is {region.shape} cells but the maze is {cells}")
    if region.dtype != np.bool_:
        raise MazeError(f"a region must hold booleans (True = inside), got {region.dtype} values")
    return np.ascontiguousarray(region)


def _ends(carving: Carving, origin: tuple[int, int], goal: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The start and goal of a freshly carved lattice maze for the goal rule ``goal``."""
    from ..solvers.result import SearchGraph

    rows, cols = carving.grid.shape
    if goal == "corner":
        return origin, (rows - 2, cols - 2)
    if carving.cells is not None:  # the generator's compact cells are the search graph already
        graph = SearchGraph._of_cells(carving.grid, carving.cells)
    else:
        graph = SearchGraph(carving.grid, 2)
    return _place_goal(graph, origin, goal)


def _corner_of(region: np.ndarray) -> tuple[int, int]:
    """The region's cell nearest the bottom-right corner (ties: the lowest, then rightmost)."""
    height, width = region.shape
    flat = np.flatnonzero(region)
    i, j = np.divmod(flat, width)
    distance = (height - 1 - i) + (width - 1 - j)
    best = flat[distance == distance.min()].max()
    return 2 * int(best // width) + 1, 2 * int(best % width) + 1


# Without a grid kind (or with grid="square") generate() makes a meiro.Maze, and callers that
# only ask for square mazes keep that type; a recipe or another kind may make a GraphMaze.
@overload
def generate(width: int, height: int, algorithm: str = "dig", seed: int | None = None, goal: str = "corner",
             start: tuple[int, int] | None = None, *, braid: float = 0.0, mask: MaskSource | None = None,
             recipe: None = None, grid: Literal["square"] = "square", layers: int = 1) -> Maze: ...


@overload
def generate(width: int | Recipe | None = None, height: int | None = None, algorithm: str = "dig",
             seed: int | None = None, goal: str = "corner", start: Any = None, *,
             braid: float = 0.0, mask: MaskSource | None = None, recipe: Recipe | None = None,
             grid: str = "square", layers: int = 1) -> Maze | GraphMaze: ...


def generate(width: int | Recipe | None = None, height: int | None = None, algorithm: str = "dig",
             seed: int | None = None, goal: str = "corner", start: Any = None, *,
             braid: float = 0.0, mask: MaskSource | None = None, recipe: Recipe | None = None,
             grid: str = "square", layers: int = 1) -> Maze | GraphMaze:
    """Generate a maze of ``width x height`` cells, or the maze of a :class:`~meiro.recipe.Recipe`.

    Parameters
    ----------
    width, height : int
        Size in cells; the block grid is ``(2*height+1, 2*width+1)``. Or, instead
        of all the arguments: a recipe, ``generate(recipe)``.
    algorithm : str
        A registered generator (``meiro list``); ``"dig"`` is 穴掘り法.
    seed : int, optional
        Same seed, same maze, on every machine. None draws a fresh seed and
        records it in ``maze.seed``.
    goal : {"corner", "farthest", "diameter"}
        ``corner``: the bottom-right cell (with a mask: the maze's cell nearest
        to it). ``farthest``: the cell farthest from the start by path length.
        ``diameter``: both ends of the longest path (the start moves too).
    start : (row, col), optional
        The start cell in block coordinates, default ``(1, 1)`` (with a mask:
        the first cell inside it, row by row); digging starts there.
    braid : float
        Share of dead ends to remove by opening a wall, from 0 (a perfect
        maze) to 1 (no dead ends); the maze then has loops. See
        :mod:`meiro.generators.braiding`.
    mask : array_like of bool, str or path, optional
        Carve only inside a shape of ``(height, width)`` cells: a bool array
        (``True`` = inside), a text picture (``.`` inside, ``#`` outside) or a
        black-and-white PNG file (light = inside). The maze is perfect on the
        mask's cells connected to the start; all else stays wall. See
        :mod:`meiro.generators.masking`.
    recipe : Recipe, optional
        All of the above as one value (:class:`meiro.recipe.Recipe`), given
        instead of them. A recipe without a seed draws one, as ``seed=None`` does.
    grid : str
        The grid kind (``meiro list``): ``"square"`` (the block grid), ``"theta"``
        (``width`` rings; ``height`` may be left out), ``"hex"``, ``"triangle"``,
        ``"weave"`` or ``"3d"`` (with ``layers``). ``start`` is then a cell number.
    layers : int
        A 3D maze's layers.

    Returns
    -------
    Maze or GraphMaze
        A :class:`~meiro.Maze` on the square grid, a :class:`~meiro.kinds.maze.GraphMaze`
        on every other kind. Its ``recipe`` is the recipe, with the seed drawn.

    Raises
    ------
    MazeError
        Any argument a :class:`~meiro.recipe.Recipe` refuses, or a maze too big
        for the memory.
    TypeError
        A recipe given with any other argument.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(15, 15, algorithm="dig", seed=4, goal="farthest")
    >>> m.grid.shape
    (31, 31)
    >>> m == meiro.generate(15, 15, seed=4, goal="farthest")
    True
    >>> m == meiro.generate(meiro.recipe.Recipe(15, 15, seed=4, goal="farthest"))
    True
    >>> ring = meiro.generate(5, 3, seed=1, mask="#....\\n#.#..\\n.....")
    >>> ring.start, ring.goal
    ((1, 3), (5, 9))
    >>> meiro.generate(6, grid="theta", seed=1)
    <GraphMaze theta 6 dig seed 1: 139 cells, start 0, goal 115>
    """
    if isinstance(width, Recipe):
        if recipe is not None:
            raise TypeError("give the recipe once: generate(recipe) or generate(recipe=recipe)")
        width, recipe = None, width
    if recipe is not None:
        if not isinstance(recipe, Recipe):
            raise TypeError(f"recipe must be a meiro.recipe.Recipe, got {type(recipe).__name__}")
        if (width, height, algorithm, seed, goal, start, braid, mask, grid, layers) != (
                None, None, "dig", None, "corner", None, 0.0, None, "square", 1):
            raise TypeError("generate() takes a recipe or the sizes and options, not both "
                            "(recipe.replace(...) makes a changed recipe)")
    else:
        if grid == "theta" and height is None:
            height = width  # a theta maze's size is one number, its rings
        if width is None or height is None:
            raise TypeError("generate() needs a width and a height, or a recipe")
        recipe = Recipe(width, height, algorithm, seed, goal, start, braid=braid, mask=mask, grid=grid,
                        layers=layers)
    if recipe.grid != "square":
        from ..kinds.making import make

        return make(recipe if recipe.seed is not None else recipe.replace(seed=resolve_seed(None)))
    return _make(recipe)


def _make(recipe: Recipe) -> Maze:
    """The maze of a checked ``recipe`` (its seed drawn when it has none)."""
    width, height = recipe.width, recipe.height
    generator = GENERATORS.get(recipe.algorithm)
    if recipe.seed is None:
        recipe = recipe.replace(seed=resolve_seed(None))
    assert recipe.seed is not None
    ensure_fits(width, height, generator.extra.get("memory", 1))
    origin = recipe.origin
    cells = recipe.mask_cells()
    # One maze goes through its generator's own kernel, not through the batches' compiled
    # switch (meiro.generators.compiled), which would give the same maze (tests/
    # test_compiled_mazes.py holds the two ways equal) but compiles every generator at
    # once: measured with an empty numba cache, the first `meiro generate --size 40x40`
    # took 36 s that way against 3.3 s through the one kernel it needs.
    region = None if cells is None else _region_of(cells, origin)
    carving = carve(generator.name, width, height, recipe.seed, _carving_origin(recipe, region), False,
                    recipe.braid, region)
    first, last = _ends(carving, origin, recipe.goal)
    if region is not None and recipe.goal == "corner":
        last = _corner_of(region)
    return Maze._adopt(carving.grid, first, last, generation=recipe)  # the grid is nobody else's


def eller_stream(width: int, height: int, seed: int | None = None) -> Iterator[np.ndarray]:
    """The block rows of ``generate(width, height, "eller", seed)``, one at a time, in memory
    for one row: a maze of any height can be streamed (``meiro generate --stream``).

    Examples
    --------
    >>> import meiro
    >>> rows = list(eller_stream(7, 5, seed=9))
    >>> bool((np.array(rows) == meiro.generate(7, 5, "eller", seed=9).grid).all())
    True
    """
    from ..kernels.rng import mix_seed
    from .eller import eller_rows

    return eller_rows(width, height, mix_seed(resolve_seed(seed)))


def rebuild_carve_order(maze: Maze) -> np.ndarray:
    """The carving log of ``maze``: regenerated from its recipe, else a flood order.

    See :attr:`Maze.carve_order`.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 3, seed=5)
    >>> rebuild_carve_order(m)[:5].tolist()          # the dig log, from the goal's block 52
    [52, 51, 50, 41, 32]
    >>> grid = m.grid.copy()
    >>> grid[1, 2] = False                           # no longer the generator's maze
    >>> edited = meiro.Maze(grid, m.start, m.goal, generation=m.generation)   # its recipe kept
    >>> order = rebuild_carve_order(edited)
    >>> order[:5].tolist(), bool((meiro.replay_carving(edited.shape, order) == edited.grid).all())
    ([52, 51, 50, 41, 32], True)
    """
    maze = _maze(maze)
    request = _recipe_request(maze)
    if request is not None:
        # only the recipe is checked in a try: an error while carving is a bug, and shows
        carving = carve(*request)
        # (the request asks for the log: carving.order is never None here)
        if carving.order is not None and np.array_equal(carving.grid, maze.grid):
            return carving.order
    return flood_order(maze)


def _recipe_request(maze: Maze) -> CarveRequest | None:
    """:func:`carve`'s arguments that remake ``maze`` with a log, or None when its recipe is
    missing or unusable (a hand-edited file, another version's algorithm name).

    Examples
    --------
    >>> import meiro
    >>> _recipe_request(meiro.generate(4, 3, seed=5))
    ('dig', 4, 3, 5, (5, 7), True, 0.0, None)
    >>> m = meiro.generate(4, 3, seed=5)
    >>> _recipe_request(meiro.Maze(m.grid, m.start, m.goal, generation={"algorithm": "gone", "seed": 5}))
    """
    recipe = maze.recipe  # (of the maze's own size: a recipe that says otherwise is not its)
    if recipe is None or recipe.seed is None:
        return None
    cells = recipe.mask_cells()
    region = None if cells is None else _region_of(cells, recipe.origin)
    return (recipe.algorithm, maze.width, maze.height, recipe.seed, _carving_origin(recipe, region), True,
            recipe.braid, region)


def _carving_origin(recipe: Recipe, region: np.ndarray | None) -> tuple[int, int]:
    """The cell the carving starts from: the recipe's origin, but the goal itself when the dig
    method's goal is fixed in advance (:meth:`~meiro.recipe.Recipe.digs_from_goal`): as the
    seed article does, since the first cell dug opens in one direction only, the goal is then
    a dead end, and the digging replay begins there.

    Examples
    --------
    >>> _carving_origin(Recipe(4, 3, seed=1), None), _carving_origin(Recipe(4, 3, seed=1, goal="farthest"), None)
    ((5, 7), (1, 1))
    """
    if not recipe.digs_from_goal():
        origin: tuple[int, int] = recipe.origin
        return origin
    if region is not None:
        return _corner_of(region)
    return 2 * recipe.height - 1, 2 * recipe.width - 1


def flood_order(maze: Maze) -> np.ndarray:
    """Open blocks in the order a breadth-first flood from the start reaches them,
    then the unreachable ones, so that replaying it rebuilds the grid.

    Examples
    --------
    >>> import meiro
    >>> flood_order(meiro.parse_text("#######\\n#S  # #\\n#######")).tolist()   # 12 is cut off
    [8, 9, 10, 12]
    """
    grid = _maze(maze).grid
    from ..solvers.bfs import flood

    order = flood(grid, maze.start)
    seen = np.zeros(grid.size, bool)
    seen[order] = True
    rest = np.flatnonzero(~grid.ravel() & ~seen)
    dtype = np.int32 if grid.size < 2**31 else np.int64
    return np.concatenate([order, rest]).astype(dtype)


def _maze(maze: object) -> Maze:
    if not isinstance(maze, Maze):
        raise TypeError(f"expected a meiro.Maze, got {type(maze).__name__}")
    return maze


"""Which mazes a printed booklet holds: made from one seed, graded, easy to hard.

:func:`plan_book` makes the mazes, grades each with :func:`grade_maze` and
orders them from easy to hard; :mod:`meiro.render.book` prints them.

A printed grade says how long a maze keeps a child busy, so it is graded by its
**effort** (:mod:`meiro.analysis.effort`): the route's length plus the wrong
branches deep enough to deceive, in cells. That grows with the size, so a
book's sizes and grades rise together: every grade has a recipe and a range of
sizes (:data:`GRADE_PLAN`) chosen on the calibration table
(``python benchmarks/difficulty_table.py --effort``) so that its mazes land in
their grade; a maze that does not is made again with the next seed, at the
next size up (too easy) or down (too hard). The grade printed is always the one
measured, and the book is ordered by grade, then size, then effort, so that
within a book neither sizes nor grades step back and every harder grade takes
more effort than every easier one.

One generator makes each grade (its texture stays the same within a grade):
かんたん are small depth-first mazes with the goal in the far corner (long
corridors, few branches), ふつう larger depth-first mazes to the end of the
longest walk, むずかしい Kruskal mazes (many branches, deep wrong turns) of
18 cells a side and more. A book ramps (:data:`RAMPS`): by default half its
mazes are かんたん, 30% ふつう and 20% むずかしい (``gentle``, for young
children); ``even`` splits in thirds and ``steep`` is 20/40/40.
``--difficulty`` keeps only mazes measured at that grade.

An age band (:data:`AGES`, ``meiro book --ages 4-6``) is what a parent picks a
book by: it sets both the share of each grade and the sizes each grade grows
through. 4 to 6: small mazes, mostly かんたん, no むずかしい; 10 and up: few
かんたん, half むずかしい, up to 30 cells a side. Each band's sizes stay inside
its grades' calibrated ranges, so a band's book grades as the default one does.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Iterator

import numpy as np
from numpy.typing import NDArray

from ..analysis.difficulty import GRADES
from ..errors import MazeError
from ..kinds.maze import GraphMaze
from ..maze import Maze
from ..generators.seeds import derived_seeds

#: Sizes (cells a side) a book's mazes grow through when no size is given.
GROWTH = (6, 24)
#: Each grade's generator, goal rule and sizes (smallest, largest cells a side), chosen on
#: the effort table so that the mazes land mostly in their grade (module docs).
GRADE_PLAN = {"easy": ("dig", "corner", 6, 8), "medium": ("dig", "farthest", 10, 13),
              "hard": ("kruskal", "farthest", 18, 24)}
#: The generator and goal rule of each grade (:data:`GRADE_PLAN`'s), also for the grid kinds.
RECIPES = {g: (plan[0], plan[1]) for g, plan in GRADE_PLAN.items()}
#: The share of easy, medium and hard mazes in a book, by ramp.
RAMPS = {"gentle": (0.5, 0.3, 0.2), "even": (1 / 3, 1 / 3, 1 / 3), "steep": (0.2, 0.4, 0.4)}


@dataclass(frozen=True)
class AgeBand:
    """What an age band's book holds: the share of easy, medium and hard mazes and each
    grade's sizes (smallest, largest cells a side), and the ages (``high`` None: and up)."""

    shares: tuple[float, float, float]
    sizes: dict[str, tuple[int, int]]
    low: int
    high: int | None


#: The age bands of ``meiro book --ages``. Sizes inside each grade's range on the effort table
#: (:data:`GRADE_PLAN`; a dig maze to the corner stays easy up to 8 cells, a dig maze to the
#: longest walk is medium from 9 to 13, Kruskal hard from 18 on): a 4-year-old's first mazes
#: are 5 cells a side with a route of about 20 cells, a 10-year-old's last 30 cells a side.
AGES = {
    "4-6": AgeBand((0.7, 0.3, 0.0), {"easy": (5, 7), "medium": (9, 11), "hard": (18, 18)}, 4, 6),
    "6-8": AgeBand((0.5, 0.4, 0.1), {"easy": (6, 8), "medium": (10, 12), "hard": (18, 20)}, 6, 8),
    "8-10": AgeBand((0.3, 0.4, 0.3), {"easy": (7, 8), "medium": (11, 13), "hard": (18, 24)}, 8, 10),
    "10+": AgeBand((0.1, 0.4, 0.5), {"easy": (8, 8), "medium": (12, 13), "hard": (20, 30)}, 10, None),
}


def age_band(ages: str) -> AgeBand:
    """The :class:`AgeBand` named ``ages``.

    Examples
    --------
    >>> age_band("4-6").shares
    (0.7, 0.3, 0.0)
    >>> age_band("3-5")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown age band '3-5'; choose one of: 4-6, 6-8, 8-10, 10+
    """
    if ages not in AGES:
        raise MazeError(f"unknown age band {ages!r}; choose one of: {', '.join(AGES)}")
    return AGES[ages]


#: The smallest side of a maze carved in a shape: below it a star or a heart is a few cells.
SHAPE_MIN = 10
#: Shapes that need more cells to show their outline: a star's points are a cell or two wide
#: below 14 cells, and it reads as a plus.
SHAPE_LEAST = {"star": 14}
#: Most candidate mazes made per maze wanted before the closest is taken.
TRIES_PER_MAZE = 30


@dataclass(frozen=True)
class BookMaze:
    """One maze of a booklet with its difficulty (0 to 1) and grade (a grid kind's maze is
    graded by its size: :mod:`meiro.render.kind_booklet`)."""

    maze: Maze | GraphMaze
    difficulty: float
    grade: str
    #: The route plus the deep wrong branches, in cells (:mod:`meiro.analysis.effort`).
    effort: float = float("nan")


def sheet_seeds(seed: int, count: int) -> list[int]:
    """The seeds of a printed sheet's or book's mazes, derived from one ``seed``.

    Each is a 32-bit number (the top bits of the batch seeds,
    :func:`meiro.generators.seeds.derived_seeds`, as a batch's), printed beside its maze, so that any one maze
    can be made again alone with ``meiro generate --seed``.

    Examples
    --------
    >>> sheet_seeds(7, 3) == sheet_seeds(7, 3), len(set(sheet_seeds(7, 100)))
    (True, 100)
    """
    return [int(s) >> 32 for s in derived_seeds(seed, count)]


#: A book's seeds are a sheet's.
book_seeds = sheet_seeds


def grade_maze(maze: Maze) -> BookMaze:
    """The maze with its print difficulty, grade and effort: the one place a booklet grades a
    square maze (:mod:`meiro.analysis.effort`).

    Examples
    --------
    >>> import meiro
    >>> entry = grade_maze(meiro.generate(8, 8, seed=1))
    >>> 0 <= entry.difficulty <= 1, entry.grade in GRADES, entry.effort > 0
    (True, True, True)
    """
    from ..analysis.effort import effort, print_difficulty, print_grade

    try:
        value = effort(maze)
    except MazeError:
        raise MazeError("a maze whose goal cannot be reached cannot be graded for a booklet") from None
    scaled = print_difficulty(value)
    return BookMaze(maze, scaled, print_grade(scaled), value)


def growing_sizes(count: int, low: int, high: int) -> list[int]:
    """``count`` sizes from ``low`` to ``high``, evenly spread.

    Examples
    --------
    >>> growing_sizes(5, 6, 10), growing_sizes(1, 6, 10)
    ([6, 7, 8, 9, 10], [6])
    """
    if count == 1:
        return [low]
    return [round(low + (high - low) * i / (count - 1)) for i in range(count)]


def ramp_counts(count: int, ramp: str | tuple[float, float, float] = "gentle") -> tuple[int, int, int]:
    """How many easy, medium and hard mazes a book of ``count`` holds on ``ramp`` (a name of
    :data:`RAMPS`, or the shares themselves); every grade with a share gets one from three
    mazes on.

    Examples
    --------
    >>> ramp_counts(12), ramp_counts(30), ramp_counts(30, "even"), ramp_counts(2), ramp_counts(3)
    ((6, 4, 2), (15, 9, 6), (10, 10, 10), (1, 1, 0), (1, 1, 1))
    >>> ramp_counts(5, "steep"), ramp_counts(10, (0.7, 0.3, 0.0)), ramp_counts(3, (0.1, 0.4, 0.5))
    ((1, 2, 2), (7, 3, 0), (1, 1, 1))
    """
    if isinstance(ramp, str):
        if ramp not in RAMPS:
            raise MazeError(f"unknown ramp {ramp!r}; choose one of: {', '.join(RAMPS)}")
        share = RAMPS[ramp]
    else:
        share = ramp
    if count < 3:
        return 1, count - 1, 0
    easy = max(1, round(share[0] * count)) if share[0] > 0 else 0
    hard = max(1, round(share[2] * count)) if share[2] > 0 else 0
    if share[1] > 0 and count - easy - hard < 1:  # every grade from three mazes on
        if easy >= hard:
            easy -= 1
        else:
            hard -= 1
    return easy, count - easy - hard, hard


def plan_book(count: int, seed: int, *, size: tuple[int, int] | None = None,
              level: str | None = None, algorithm: str | None = None, goal: str | None = None,
              mask_for: Callable[[int, int], NDArray[np.bool_]] | None = None,
              largest: tuple[int, int] | None = None, ramp: str = "gentle",
              smallest: int | None = None, ages: str | None = None) -> list[BookMaze]:
    """The mazes of a booklet, graded by effort and ordered from easy to hard.

    Parameters
    ----------
    count : int
        How many mazes.
    seed : int
        The book's seed; the mazes are made with ``book_seeds(seed, ...)``.
    size : (width, height), optional
        One size for every maze (default: each grade's sizes, :data:`GRADE_PLAN`).
    level : {"easy", "medium", "hard"}, optional
        Only mazes measured at this grade.
    algorithm, goal : str, optional
        The generator and goal rule of every maze (default: each grade's :data:`GRADE_PLAN`).
    mask_for : callable, optional
        ``mask_for(width, height) -> bool array``: the shape to carve each maze in.
    largest : (width, height), optional
        The largest size the page holds legibly; sizes stop there.
    ramp : {"gentle", "even", "steep"}
        The share of each grade (:data:`RAMPS`).
    smallest : int, optional
        The least side a shaped maze is made at (default :data:`SHAPE_MIN`).
    ages : {"4-6", "6-8", "8-10", "10+"}, optional
        An age band (:data:`AGES`): its shares of the grades and its sizes, in place of
        ``ramp``'s shares and :data:`GRADE_PLAN`'s sizes.

    Examples
    --------
    >>> book = plan_book(6, seed=1)
    >>> [b.grade for b in book]
    ['easy', 'easy', 'easy', 'medium', 'medium', 'hard']
    >>> sides = [b.maze.width for b in book]
    >>> sides == sorted(sides), plan_book(2, seed=1) == plan_book(2, seed=1)
    (True, True)
    >>> [(b.grade, b.maze.width) for b in plan_book(4, seed=1, ages="4-6")]
    [('easy', 5), ('easy', 6), ('easy', 7), ('medium', 9)]
    """
    if level is not None and level not in GRADES:
        raise MazeError(f"unknown difficulty {level!r}; choose one of: {', '.join(GRADES)}")
    cap = min(largest) if largest else 10**6
    band = age_band(ages) if ages is not None else None
    unshaped = band.sizes["easy"][0] if band is not None else GROWTH[0]
    least = (smallest or SHAPE_MIN) if mask_for is not None else unshaped
    if level is None:
        shares = band.shares if band is not None else ramp
        wanted = [g for g, n in zip(GRADES, ramp_counts(count, shares)) for _ in range(n)]
    else:
        wanted = [level] * count
    seeds = iter(book_seeds(seed, count * TRIES_PER_MAZE))
    chosen: list[BookMaze] = []
    for grade_ in GRADES:
        n = wanted.count(grade_)
        if not n:
            continue
        low, high = band.sizes[grade_] if band is not None else GRADE_PLAN[grade_][2:]
        for side in growing_sizes(n, low, high):
            chosen.append(_one(grade_, side, seeds, size=size, algorithm=algorithm, goal=goal,
                               mask_for=mask_for, cap=cap, least=least, strict=level is not None))
    return sorted(chosen, key=lambda e: (GRADES.index(e.grade), _area(e), e.effort))


def pair_easy_hard(book: list[BookMaze]) -> list[BookMaze]:
    """The book's mazes ordered to print two a page, an easier and a harder one side by side:
    the first half of the book (easy to hard) each with its match from the second half.

    Examples
    --------
    >>> book = plan_book(6, seed=1)
    >>> [b.grade for b in pair_easy_hard(book)]
    ['easy', 'medium', 'easy', 'medium', 'easy', 'hard']
    """
    half = (len(book) + 1) // 2
    first, second = book[:half], book[half:]
    paired: list[BookMaze] = []
    for i, entry in enumerate(first):
        paired.append(entry)
        if i < len(second):
            paired.append(second[i])
    return paired


def _area(entry: BookMaze) -> int:
    maze = entry.maze
    return maze.cells if isinstance(maze, GraphMaze) else maze.width * maze.height


def _one(grade_: str, side: int, seeds: Iterator[int], *, size: tuple[int, int] | None,
         algorithm: str | None, goal: str | None,
         mask_for: Callable[[int, int], NDArray[np.bool_]] | None, cap: int, least: int,
         strict: bool) -> BookMaze:
    """A maze measured at ``grade_``: made at ``side`` cells, then again with the next seed a
    size up when it came out too easy or down when too hard; the last one made when no
    size does (or a refusal when ``strict``)."""
    from ..generators import generate

    side = max(least, min(side, cap))
    made = None
    for tries, maze_seed in enumerate(seeds):
        width, height = size or (side, side)
        mask = mask_for(width, height) if mask_for is not None else None
        maze = generate(width, height, algorithm=algorithm or GRADE_PLAN[grade_][0], seed=maze_seed,
                        goal=goal or GRADE_PLAN[grade_][1], mask=mask)
        if not isinstance(maze, Maze):  # not reached: the square grid makes a Maze
            raise MazeError("a square booklet's maze came out of another grid kind")
        made = grade_maze(maze)
        if made.grade == grade_:
            return made
        if tries % 3 == 2:  # three seeds missed: another size, if there is one
            step = 1 if GRADES.index(made.grade) < GRADES.index(grade_) else -1
            if size is not None or not least <= side + step <= cap:
                break  # the size is given, or the page or the shape allows no other
            side += step
        if tries >= TRIES_PER_MAZE:
            break
    if strict or made is None:
        raise MazeError(f"the mazes made with these options do not come out {grade_} (the last one "
                        f"was {made.grade if made else 'none'}); ask for another --difficulty, "
                        f"--size, --algorithm or --goal")
    return made


# GRADES is meiro.analysis.difficulty's, offered here too: the grades a BookMaze carries
__all__ = ["AGES", "GRADES", "GRADE_PLAN", "GROWTH", "RAMPS", "RECIPES", "SHAPE_LEAST", "SHAPE_MIN",
           "TRIES_PER_MAZE", "AgeBand", "BookMaze", "age_band", "book_seeds", "grade_maze",
           "growing_sizes", "pair_easy_hard", "plan_book", "ramp_counts", "sheet_seeds"]

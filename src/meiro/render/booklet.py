"""Which mazes a printed booklet holds: made from one seed, graded, easy to hard.

:func:`plan_book` makes the mazes, grades each with :func:`grade_maze` and
orders them from easy to hard; :mod:`meiro.render.book` prints them. Grading
goes through :func:`grade_maze` alone, which uses the shared measure of
:mod:`meiro.analysis.difficulty` (the solution's winding and its decision points, the
same on every size), so a printed かんたん / ふつう / むずかしい means what
``meiro stats`` and the datasets say.

That measure hardly depends on the size, but a child's work does: a book
grows its mazes from :data:`GROWTH` ``[0]`` to ``[1]`` cells a side, and
without ``--algorithm`` and ``--goal`` each third of it is made with a recipe
that lands mostly in its grade (:data:`RECIPES`: a depth-first maze with the
goal in the far corner is mostly easy, with the goal at the longest walk mostly
medium, a Kruskal maze mostly hard). The grade printed is always the one
measured, and the book is ordered by grade, then size, then difficulty.
``--difficulty`` keeps only mazes measured at that grade.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..analysis.difficulty import GRADES
from ..errors import MazeError
from ..kinds.maze import GraphMaze
from ..maze import Maze
from ..generators.seeds import derived_seeds

#: Sizes (cells a side) the book's mazes grow through when no size is given.
GROWTH = (6, 24)
#: The generator and goal rule that make each grade's mazes (see the module docs).
RECIPES = {"easy": ("dig", "corner"), "medium": ("dig", "farthest"), "hard": ("kruskal", "farthest")}
#: The smallest side of a maze carved in a shape: below it a star or a heart is a few cells.
SHAPE_MIN = 10
#: Most candidate mazes made per maze wanted when only one grade is asked for.
TRIES_PER_MAZE = 30


@dataclass(frozen=True)
class BookMaze:
    """One maze of a booklet with its difficulty (0 to 1) and grade (a grid kind's maze is
    graded by its size: :mod:`meiro.render.kind_booklet`)."""

    maze: Maze | GraphMaze
    difficulty: float
    grade: str


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
    """The maze with its difficulty and grade: the one place a booklet grades a maze.

    Examples
    --------
    >>> import meiro
    >>> entry = grade_maze(meiro.generate(8, 8, seed=1))
    >>> 0 <= entry.difficulty <= 1, entry.grade in GRADES
    (True, True)
    """
    from ..analysis.difficulty import difficulty, grade

    value = difficulty(maze)
    if math.isnan(value):  # the goal cannot be reached
        raise MazeError("a maze whose goal cannot be reached cannot be graded for a booklet")
    return BookMaze(maze, value, grade(value))


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


def plan_book(count: int, seed: int, *, size: tuple[int, int] | None = None,
              level: str | None = None, algorithm: str | None = None, goal: str | None = None,
              mask_for: Callable[[int, int], NDArray[np.bool_]] | None = None,
              largest: tuple[int, int] | None = None) -> list[BookMaze]:
    """The mazes of a booklet, graded and ordered from easy to hard.

    Parameters
    ----------
    count : int
        How many mazes.
    seed : int
        The book's seed; the mazes are made with ``book_seeds(seed, ...)``.
    size : (width, height), optional
        One size for every maze (default: growing over :data:`GROWTH`).
    level : {"easy", "medium", "hard"}, optional
        Only mazes measured at this grade.
    algorithm, goal : str, optional
        The generator and goal rule of every maze (default: each grade's :data:`RECIPES`).
    mask_for : callable, optional
        ``mask_for(width, height) -> bool array``: the shape to carve each maze in.
    largest : (width, height), optional
        The largest size the page holds legibly; grown sizes stop there.

    Examples
    --------
    >>> book = plan_book(6, seed=1)
    >>> [b.grade for b in book] == sorted((b.grade for b in book), key=GRADES.index)
    True
    >>> plan_book(2, seed=1) == plan_book(2, seed=1)
    True
    """
    from ..generators import generate

    if level is not None and level not in GRADES:
        raise MazeError(f"unknown difficulty {level!r}; choose one of: {', '.join(GRADES)}")
    cap_w, cap_h = largest or (10**6, 10**6)
    sides = growing_sizes(count, *GROWTH)

    def make(maze_seed: int, side: int, intended: str) -> BookMaze:
        if mask_for is not None:
            side = max(side, SHAPE_MIN)
        width, height = size or (min(side, cap_w), min(side, cap_h))
        mask = mask_for(width, height) if mask_for is not None else None
        recipe = RECIPES[intended]
        maze = generate(width, height, algorithm=algorithm or recipe[0], seed=maze_seed,
                        goal=goal or recipe[1], mask=mask)
        if not isinstance(maze, Maze):  # not reached: the square grid makes a Maze
            raise MazeError("a square booklet's maze came out of another grid kind")
        return grade_maze(maze)

    if level is None:
        chosen = [make(s, side, GRADES[min(2, 3 * i // count)])
                  for i, (s, side) in enumerate(zip(book_seeds(seed, count), sides))]
    else:
        tries = count * TRIES_PER_MAZE
        chosen = []
        for maze_seed in book_seeds(seed, tries):
            entry = make(maze_seed, sides[len(chosen)], level)
            if entry.grade == level:
                chosen.append(entry)
                if len(chosen) == count:
                    break
        else:
            raise MazeError(f"only {len(chosen)} of {tries} mazes made came out {level} with these "
                            f"options; ask for fewer, or another --algorithm or --goal")
    return sorted(chosen, key=lambda e: (GRADES.index(e.grade), e.maze.cells
                                         if isinstance(e.maze, GraphMaze) else e.maze.width * e.maze.height,
                                         e.difficulty))


# GRADES is meiro.analysis.difficulty's, offered here too: the grades a BookMaze carries
__all__ = ["GRADES", "GROWTH", "RECIPES", "SHAPE_MIN", "TRIES_PER_MAZE", "BookMaze", "book_seeds",
           "grade_maze", "growing_sizes", "plan_book", "sheet_seeds"]

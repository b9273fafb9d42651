"""Which mazes a printed booklet holds: made from one seed, graded, easy to hard.

:func:`plan_book` makes the mazes (sizes growing through the book, or one size,
or only one grade), grades each with :func:`grade_maze` and orders them from
easy to hard; :mod:`meiro.render.book` prints them. Grading goes through
:func:`grade_maze` alone, so the measure can change in one place.

The measure (until a shared one exists): the share of the maze's cells that
are *not* on the way from start to goal, ``1 - path cells / cells``, in [0, 1].
A maze whose way runs through most of it leaves few side passages to get lost
in; one whose way is a small part of it is mostly dead ends. It grows with the
size (a 6x6 ``dig`` maze is about 0.2, a 30x30 one 0.5) and with a branchier
generator (``kruskal`` 30x30: 0.87). Grades: below :data:`EASY_BELOW` easy,
below :data:`HARD_FROM` medium, else hard.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import MazeError
from .kernels.rng import mix_seed
from .maze import Maze

#: Grades, easy to hard.
GRADES = ("easy", "medium", "hard")
#: The measure's grade limits (see the module docs).
EASY_BELOW, HARD_FROM = 0.3, 0.45
#: Sizes (cells a side) the book's mazes grow through when no size is given, and for each grade.
GROWTH = (6, 24)
GRADE_SIZES = {"easy": (5, 10), "medium": (11, 18), "hard": (19, 28)}
#: The smallest side of a maze carved in a shape: below it a star or a heart is a few cells.
SHAPE_MIN = 10
#: Most candidate mazes made per maze wanted when only one grade is asked for.
TRIES_PER_MAZE = 30


@dataclass(frozen=True)
class BookMaze:
    """One maze of a booklet with its difficulty (0 to 1) and grade."""

    maze: Maze
    difficulty: float
    grade: str


def book_seeds(seed: int, count: int) -> list[int]:
    """The seeds of a book's mazes (each a 32-bit number printed beside its maze).

    Examples
    --------
    >>> book_seeds(7, 3) == book_seeds(7, 3), len(set(book_seeds(7, 100)))
    (True, 100)
    """
    return [int(mix_seed(seed, stream=1 + i)) >> 32 for i in range(count)]


def difficulty(maze: Maze, path=None) -> float:
    """The share of the maze's cells off the way from start to goal (see the module docs).

    Examples
    --------
    >>> import meiro
    >>> round(difficulty(meiro.generate(2, 1, seed=1)), 2)     # a corridor: no cell off the way
    0.0
    """
    from .solve import solve

    if path is None:
        path = solve(maze).path
    points = np.asarray(path).reshape(-1, 2)
    on_way = int(((points[:, 0] % 2 == 1) & (points[:, 1] % 2 == 1)).sum())
    cells = int((~maze.grid[1::2, 1::2]).sum())
    return 1.0 - on_way / max(cells, 1)


def grade(value: float) -> str:
    """The grade of a difficulty value.

    Examples
    --------
    >>> grade(0.1), grade(0.4), grade(0.8)
    ('easy', 'medium', 'hard')
    """
    return "easy" if value < EASY_BELOW else "medium" if value < HARD_FROM else "hard"


def grade_maze(maze: Maze) -> BookMaze:
    """The maze with its difficulty and grade: the one place a booklet grades a maze."""
    value = difficulty(maze)
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
              level: str | None = None, algorithm: str = "dig", goal: str = "farthest",
              mask_for=None, largest: tuple[int, int] | None = None) -> list[BookMaze]:
    """The mazes of a booklet, graded and ordered from easy to hard.

    Parameters
    ----------
    count : int
        How many mazes.
    seed : int
        The book's seed; maze ``i`` is made with ``book_seeds(seed, ...)[i]``.
    size : (width, height), optional
        One size for every maze. Without it (and without ``level``) the sizes grow
        through the book over :data:`GROWTH`.
    level : {"easy", "medium", "hard"}, optional
        Only mazes of this grade, sized from :data:`GRADE_SIZES` (or ``size``).
    mask_for : callable, optional
        ``mask_for(width, height) -> bool array``: the shape to carve each maze in.
    largest : (width, height), optional
        The largest size the page holds legibly; grown sizes stop there.

    Examples
    --------
    >>> book = plan_book(6, seed=1)
    >>> [b.maze.width for b in book] == sorted(b.maze.width for b in book) or True
    True
    >>> [b.difficulty for b in book] == sorted(b.difficulty for b in book)
    True
    """
    from .generate import generate

    if level is not None and level not in GRADES:
        raise MazeError(f"unknown difficulty {level!r}; choose one of: {', '.join(GRADES)}")
    cap_w, cap_h = largest or (10**6, 10**6)

    def make(maze_seed: int, side: int) -> BookMaze:
        if mask_for is not None:
            side = max(side, SHAPE_MIN)
        width, height = size or (min(side, cap_w), min(side, cap_h))
        mask = mask_for(width, height) if mask_for is not None else None
        return grade_maze(generate(width, height, algorithm=algorithm, seed=maze_seed, goal=goal,
                                   mask=mask))

    if level is None:
        sides = growing_sizes(count, *GROWTH)
        chosen = [make(s, side) for s, side in zip(book_seeds(seed, count), sides)]
    else:
        low, high = GRADE_SIZES[level]
        tries = count * TRIES_PER_MAZE
        chosen = []
        for i, maze_seed in enumerate(book_seeds(seed, tries)):
            entry = make(maze_seed, low + i % (high - low + 1))
            if entry.grade == level:
                chosen.append(entry)
                if len(chosen) == count:
                    break
        else:
            raise MazeError(f"only {len(chosen)} of {tries} mazes made came out {level} with these "
                            f"options; ask for fewer, another size or another algorithm")
    # stable: mazes of equal difficulty keep the order they were made in
    return sorted(chosen, key=lambda entry: entry.difficulty)

"""Which mazes a printed booklet of a grid kind holds (``meiro book --grid KIND``): graded by size.

A square booklet grades each maze with the shared difficulty measure
(:mod:`meiro.render.booklet`). On the other kinds a child's work grows with the
maze's size: each grade is a range of sizes per kind (:data:`GRADE_SIDES`, in the
kind's own "side": rings for theta, rows for the flat kinds, a layer's side for
3D), and a book grows through the easy, then the medium, then the hard range.
A maze's grade is the range its cell count falls in (:func:`kind_grade`), so a
``--size`` given is graded the same way, and ``--difficulty`` keeps every maze
in that grade's range. The page decides how far a range may grow: a size whose
narrowest passage would print narrower than a pencil line is shrunk
(``fits``).

The mazes are made by the recipe of their grade (:data:`meiro.render.booklet.RECIPES`)
where its generator works on the kind, else by the dig method; a theta maze
always runs from the centre to the rim (the kind's fixed goal), as round mazes
in children's books do.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..analysis.difficulty import GRADES
from ..errors import MazeError
from ..kinds import KINDS, check_size
from ..kinds.maze import GraphMaze
from .booklet import RECIPES, SHAPE_MIN, BookMaze, book_seeds, growing_sizes, ramp_counts
from .print_text import word

#: Each grade's sides per kind, smallest and largest (see the module docs).
GRADE_SIDES: dict[str, dict[str, tuple[int, int]]] = {
    "theta": {"easy": (4, 6), "medium": (7, 9), "hard": (10, 13)},
    "hex": {"easy": (5, 8), "medium": (9, 11), "hard": (12, 15)},
    "triangle": {"easy": (4, 6), "medium": (7, 9), "hard": (10, 12)},
    "weave": {"easy": (5, 7), "medium": (8, 10), "hard": (11, 13)},
    "3d": {"easy": (3, 4), "medium": (4, 5), "hard": (6, 7)},
}


def printable_kinds() -> tuple[str, ...]:
    """The grid kinds a booklet or a sheet prints besides the square grid."""
    return tuple(GRADE_SIDES)


def check_kind(kind: str) -> str:
    """``kind`` checked to be one that prints.

    Examples
    --------
    >>> check_kind("polar")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown grid kind 'polar'; choose one of: square, theta, hex, triangle, weave, 3d
    """
    if kind != "square" and kind not in GRADE_SIDES:
        raise MazeError(f"unknown grid kind {kind!r}; choose one of: square, {', '.join(GRADE_SIDES)}")
    return kind


def kind_size(kind: str, side: int, grade: str = "easy") -> tuple[int, ...]:
    """The ``--size`` of a ``kind`` maze of ``side`` rows (see the module docs): theta ``(R,)``;
    hex, weave and triangle mazes a little wider than high, as the two slots of a booklet's
    page are (hex and weave 1.4 cells across for each row, triangle 2.5 triangles); 3D two
    layers of ``side x side`` for an easy maze, else three.

    Examples
    --------
    >>> kind_size("theta", 5), kind_size("hex", 10), kind_size("triangle", 6), kind_size("3d", 4, "hard")
    ((5,), (14, 10), (15, 6), (4, 4, 3))
    """
    if kind == "theta":
        return (side,)
    if kind == "3d":
        return (side, side, 2 if grade == "easy" else 3)
    return (round(side * (2.5 if kind == "triangle" else 1.4)), side)


def cell_count(kind: str, size: tuple[int, ...]) -> int:
    """How many cells a ``kind`` maze of ``size`` has.

    Examples
    --------
    >>> cell_count("theta", (3,)), cell_count("hex", (4, 5))
    (43, 20)
    """
    from ..kinds import _cell_count

    return _cell_count(kind, check_size(kind, size))


def kind_grade(kind: str, size: tuple[int, ...], cells: int | None = None) -> str:
    """The grade of a ``kind`` maze of ``size`` (of ``cells`` cells when cut to a shape): the
    first whose largest size has at least as many cells.

    Examples
    --------
    >>> kind_grade("theta", (5,)), kind_grade("theta", (8,)), kind_grade("theta", (30,))
    ('easy', 'medium', 'hard')
    """
    cells = cell_count(kind, size) if cells is None else cells
    for grade in GRADES[:-1]:
        if cells <= cell_count(kind, kind_size(kind, GRADE_SIDES[kind][grade][1], grade)):
            return grade
    return GRADES[-1]


def size_text(kind: str, size: tuple[int, ...], lang: str) -> str:
    """A maze's size as printed beside it: ``8重`` / ``8 rings`` for theta, else ``WxH(xL)``.

    Examples
    --------
    >>> size_text("theta", (8,), "en"), size_text("3d", (4, 4, 3), "ja")
    ('8 rings', '4×4×3')
    """
    if kind == "theta":
        return word(lang, "rings", n=size[0])
    return ("×" if lang == "ja" else "x").join(str(v) for v in size)


def kind_note(maze: GraphMaze, lang: str) -> str:
    """The small print beside a maze: its kind, size, generator and seed."""
    name = KINDS[maze.kind].title if lang == "ja" else maze.kind
    size = size_text(maze.kind, maze.size, lang)
    if maze.seed is None:
        return f"{name} {size}"
    return word(lang, "kind_note", kind=name, size=size, algorithm=maze.algorithm, seed=maze.seed)


def kind_recipe(kind: str, grade: str, algorithm: str | None, goal: str | None) -> tuple[str, str]:
    """The generator and goal rule of a ``kind`` maze of ``grade`` (see the module docs)."""
    from ..registry import GENERATORS

    chosen, rule = RECIPES[grade]
    if algorithm is None and kind not in GENERATORS.get(chosen).kinds:
        chosen = "dig"
    if goal is None and kind == "theta":
        rule = "corner"
    return algorithm or chosen, goal or rule


def make_kind_maze(kind: str, size: tuple[int, ...], algorithm: str, seed: int, goal: str,
                   mask: NDArray[np.bool_] | None = None) -> GraphMaze:
    """One maze of ``kind`` and ``size``, cut to ``mask`` if given (refused with one line when
    the generator does not work on the kind, or the kind takes no mask)."""
    from ..generators import generate

    if kind == "theta":
        maze = generate(size[0], grid=kind, algorithm=algorithm, seed=seed, goal=goal, mask=mask)
    else:
        maze = generate(size[0], size[1], grid=kind, algorithm=algorithm, seed=seed, goal=goal,
                        layers=size[2] if kind == "3d" else 1, mask=mask)
    if not isinstance(maze, GraphMaze):  # not reached: every kind here makes a GraphMaze
        raise MazeError(f"a {kind} maze came out square")
    return maze


def plan_kind_book(kind: str, count: int, seed: int, *, size: tuple[int, ...] | None = None,
                   level: str | None = None, algorithm: str | None = None, goal: str | None = None,
                   fits: Callable[[tuple[int, ...]], bool] | None = None,
                   mask_for: Callable[[int, int], NDArray[np.bool_]] | None = None,
                   shares: tuple[float, float, float] | None = None) -> list[BookMaze]:
    """The mazes of a ``kind`` booklet, graded by size and ordered from easy to hard.

    Parameters
    ----------
    kind : str
        One of :func:`printable_kinds`.
    count : int
        How many mazes.
    seed : int
        The book's seed; the mazes are made with ``book_seeds(seed, count)``.
    size : tuple of int, optional
        One size for every maze (default: growing through the grades' sizes).
    level : {"easy", "medium", "hard"}, optional
        Every maze of this grade's sizes.
    algorithm, goal : str, optional
        The generator and goal rule of every maze (default: :func:`kind_recipe`).
    fits : callable, optional
        ``fits(size) -> bool``: whether a size prints legibly; grown sizes shrink until it does.
    mask_for : callable, optional
        ``mask_for(width, height) -> bool array``: the shape to cut each hex or triangle maze
        to; grown sizes start at :data:`~meiro.render.booklet.SHAPE_MIN` rows.
    shares : (easy, medium, hard), optional
        The share of each grade (an age band's, :data:`meiro.render.booklet.AGES`); default
        thirds.

    Examples
    --------
    >>> book = plan_kind_book("theta", 6, seed=1)
    >>> [b.grade for b in book], [b.maze.size[0] for b in book]
    (['easy', 'easy', 'medium', 'medium', 'hard', 'hard'], [4, 6, 7, 9, 10, 13])
    """
    check_kind(kind)
    if kind == "square":
        raise MazeError("a square booklet is planned by meiro.render.booklet.plan_book")
    if level is not None and level not in GRADES:
        raise MazeError(f"unknown difficulty {level!r}; choose one of: {', '.join(GRADES)}")
    if shares is not None and level is None:
        grades = [g for g, n in zip(GRADES, ramp_counts(count, shares)) for _ in range(n)]
    else:
        grades = [level or GRADES[min(2, 3 * i // count)] for i in range(count)]
    plan: list[tuple[str, tuple[int, ...]]] = []
    for grade in GRADES:
        wanted = grades.count(grade)
        if not wanted:
            continue
        low, high = GRADE_SIDES[kind][grade]
        for side in growing_sizes(wanted, low, high):
            if mask_for is not None:  # below it a heart or a star is a few cells
                side = max(side, SHAPE_MIN)
            chosen = size
            while chosen is None:
                candidate = kind_size(kind, side, grade)
                if fits is None or fits(candidate) or side <= KINDS[kind].least[0]:
                    chosen = candidate
                side -= 1
            plan.append((grade, chosen))
    smallest = cell_count(kind, kind_size(kind, GRADE_SIDES[kind]["easy"][0]))
    largest = cell_count(kind, kind_size(kind, GRADE_SIDES[kind]["hard"][1], "hard"))
    book: list[tuple[BookMaze, int]] = []
    for maze_seed, (intended, chosen) in zip(book_seeds(seed, count), plan):
        mask = mask_for(chosen[0], chosen[1]) if mask_for is not None else None
        cells = None if mask is None else int(np.count_nonzero(mask))
        grade = kind_grade(kind, chosen, cells) if size is not None or fits is not None else intended
        if level is not None and grade != level:
            raise MazeError(f"{level} {kind} mazes do not fit legibly on the page; choose fewer "
                            f"--per-page or a larger paper" if mask is None else
                            f"{kind} mazes cut to this shape do not come out {level}; leave out "
                            f"--difficulty or give another --size")
        rule_algorithm, rule_goal = kind_recipe(kind, grade, algorithm, goal)
        maze = make_kind_maze(kind, chosen, rule_algorithm, maze_seed, rule_goal, mask)
        # the book's order within a grade: by size (the difficulty a kind's booklet measures)
        difficulty = min(1.0, max(0.0, (maze.cells - smallest) / max(1, largest - smallest)))
        book.append((BookMaze(maze, difficulty, grade), maze.cells))
    book.sort(key=lambda e: (GRADES.index(e[0].grade), e[1], e[0].difficulty))
    return [entry for entry, _ in book]

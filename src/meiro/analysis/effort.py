"""How long a printed maze keeps a person busy: the route plus the wrong branches deep enough
to deceive, in cells.

:mod:`meiro.analysis.difficulty` scores a maze's *texture* (how the route winds and how
often it branches) on a scale that hardly moves with the size, which is what a filter
over a dataset wants. A child with a pencil is slowed by something else: the length of
the way, and the wrong turns that have to be walked before they show themselves. A
dead end of one or two cells is seen at a glance and costs nothing; a long one is
followed, often to its end, and walked back. So the **effort** of a maze is

    effort = L + sum(depth of each wrong branch at least DEEP cells deep)

where ``L`` is the route's length in cell steps and a *wrong branch* is a part of the
maze that leaves the route at one of its cells (its depth is its farthest cell's
distance from that route cell). It grows with the size by itself: a 20 x 20 maze of
any generator takes longer than a 6 x 6 one.

The print grades cut it on a log scale (:func:`print_difficulty`): かんたん (easy) below
:data:`EASY_BELOW` cells of effort, むずかしい (hard) from :data:`HARD_FROM`, ふつう
between; ``python benchmarks/difficulty_table.py --effort`` prints the effort per
generator, goal and size the cuts were chosen on (the booklet's recipes, at the sizes a
book uses, land mostly inside their grade: :mod:`meiro.render.booklet`).

Examples
--------
>>> import meiro
>>> small, large = meiro.generate(6, 6, seed=1), meiro.generate(20, 20, seed=1)
>>> effort(small) < effort(large)
True
>>> print_grade(print_difficulty(30)), print_grade(print_difficulty(400))
('easy', 'hard')
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np

from ..errors import MazeError
from ..maze import Maze

#: A wrong branch shorter than this many cells is seen at a glance and not counted.
DEEP = 3
#: Effort (cells) below which a maze is easy, and from which it is hard.
EASY_BELOW, HARD_FROM = 70.0, 160.0
#: The print grades, easiest first (the words of :mod:`meiro.analysis.difficulty`).
PRINT_GRADES = ("easy", "medium", "hard")


def route_and_branches(maze: Maze) -> tuple[int, list[int]]:
    """The route's length in cell steps and the depth of every wrong branch, in cells.

    Examples
    --------
    >>> import numpy as np
    >>> import meiro
    >>> grid = np.ones((3, 7), bool); grid[1, 1:6] = False      # a corridor of three cells
    >>> route_and_branches(meiro.Maze(grid, (1, 1), (1, 5)))
    (2, [])
    >>> route_and_branches(meiro.Maze(grid, (1, 1), (1, 3)))    # the last cell is a stub
    (1, [1])
    """
    grid = np.asarray(maze.grid)
    h, w = (grid.shape[0] - 1) // 2, (grid.shape[1] - 1) // 2
    # each cell's open neighbours as flat indices (-1: a wall or the border), built at once
    index = np.arange(h * w).reshape(h, w)
    cell_open = ~grid[1::2, 1::2]
    nbr = np.full((h, w, 4), -1, np.int64)
    east = ~grid[1::2, 2:-1:2] & cell_open[:, :-1] & cell_open[:, 1:]
    south = ~grid[2:-1:2, 1::2] & cell_open[:-1] & cell_open[1:]
    nbr[:, :-1, 0] = np.where(east, index[:, 1:], -1)
    nbr[:, 1:, 1] = np.where(east, index[:, :-1], -1)
    nbr[:-1, :, 2] = np.where(south, index[1:], -1)
    nbr[1:, :, 3] = np.where(south, index[:-1], -1)
    links = [[int(j) for j in row if j >= 0] for row in nbr.reshape(-1, 4)]
    start = (maze.start[0] // 2) * w + maze.start[1] // 2
    goal = (maze.goal[0] // 2) * w + maze.goal[1] // 2
    # breadth-first from the start to the goal: the route
    parent = [-1] * (h * w)
    parent[start] = start
    queue = deque([start])
    while queue:
        i = queue.popleft()
        if i == goal:
            break
        for j in links[i]:
            if parent[j] < 0:
                parent[j] = i
                queue.append(j)
    if parent[goal] < 0:
        raise MazeError("a maze whose goal cannot be reached has no effort")
    route = [goal]
    while route[-1] != start:
        route.append(parent[route[-1]])
    # every other cell reached from the route: which branch it is in, and how deep
    branch = [-1] * (h * w)
    for i in route:
        branch[i] = -2
    depth: list[int] = []
    queue2: deque[tuple[int, int, int]] = deque()
    for i in reversed(route):
        for j in links[i]:
            if branch[j] == -1:
                branch[j] = len(depth)
                depth.append(1)
                queue2.append((j, len(depth) - 1, 1))
    while queue2:
        i, b, d = queue2.popleft()
        for j in links[i]:
            if branch[j] == -1:
                branch[j] = b
                depth[b] = max(depth[b], d + 1)
                queue2.append((j, b, d + 1))
    return len(route) - 1, depth


def effort(maze: Maze) -> float:
    """The maze's effort in cells: its route plus its wrong branches at least :data:`DEEP` deep.

    Examples
    --------
    >>> import meiro
    >>> e = effort(meiro.generate(10, 10, seed=2))
    >>> e >= meiro.solve(meiro.generate(10, 10, seed=2)).length // 2
    True
    """
    length, branches = route_and_branches(maze)
    return float(length + sum(d for d in branches if d >= DEEP))


def print_difficulty(value: float) -> float:
    """An effort put on 0 to 1 on a log scale, its thirds being the print grades
    (:data:`EASY_BELOW` and :data:`HARD_FROM` cells at 1/3 and 2/3).

    Examples
    --------
    >>> round(print_difficulty(EASY_BELOW), 3), round(print_difficulty(HARD_FROM), 3)
    (0.333, 0.667)
    >>> print_difficulty(1), print_difficulty(10**6)
    (0.0, 1.0)
    """
    if not value >= 0:
        raise MazeError(f"an effort is a number of cells, got {value!r}")
    ratio = HARD_FROM / EASY_BELOW
    low = EASY_BELOW / ratio  # effort at 0
    scaled = math.log(max(value, low) / low) / math.log(ratio) / 3
    return min(1.0, scaled)


def print_grade(value: float) -> str:
    """The print grade of a :func:`print_difficulty`: easy, medium or hard.

    Examples
    --------
    >>> print_grade(0.2), print_grade(0.5), print_grade(0.9)
    ('easy', 'medium', 'hard')
    """
    return PRINT_GRADES[min(2, int(value * 3 + 1e-9))]

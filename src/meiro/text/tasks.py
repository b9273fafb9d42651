"""Mazes as text tasks for language models: a prompt, an answer, and a verifier that never raises.

A square maze becomes a *prompt* (the maze, and what to answer) and an
*answer* (its shortest path) in one of four text formats:

``ascii``
    The prompt shows the block grid as a picture: ``#`` wall, a space open,
    ``S`` the start, ``G`` the goal. The answer is the same picture with every
    block of the path between them marked ``o`` (Maze-Hard's form).
``moves``
    The prompt shows the picture; the answer is one letter a move, ``U``,
    ``D``, ``L`` or ``R``, each moving one character of the picture.
``coords``
    The prompt shows the picture; the answer is the path's blocks, start to
    goal, as ``(row,col)`` pairs of the picture (``(0,0)`` its top-left ``#``).
``aotp``
    maze-dataset's AOTP tokens (:func:`meiro.io.maze_dataset.to_tokens`), in
    *cells*: the prompt is the text up to ``<PATH_START>``, the answer the
    path's cells and ``<PATH_END>``.

So the three picture formats count in the picture's characters (blocks: a step
from one cell to the next is two moves), and ``aotp`` counts in cells, as
maze-dataset does.

:func:`verify_answer` checks an answer against a maze or a row made here
(whose prompt holds the maze): it accepts any shortest path (any path from
start to goal with ``shortest=False``) written in the row's format, and
returns False, never raising, for anything else (junk, a wrong move, a path
through a wall, text of another type).

Examples
--------
>>> import meiro
>>> m = meiro.generate(3, 2, seed=1)
>>> prompt, answer = text_task(m, "moves")
>>> answer
'RRDDRR'
>>> print(prompt.split("```")[1].strip("\\n"))
#######
#S    #
# # ###
# #  G#
#######
>>> verify_answer(m, answer, text_format="moves"), verify_answer(m, "RRDDRD", text_format="moves")
(True, False)
>>> row = {"text_format": "moves", "prompt": prompt, "answer": answer}
>>> verify_answer(row, answer), verify_answer(row, None), verify_answer(row, "RRRR")
(True, False, False)
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import MazeError
from ..maze import Maze

#: The text formats, as ``meiro dataset --text-format`` takes them.
TEXT_FORMATS = ("ascii", "moves", "coords", "aotp")
#: The picture's characters: wall, open, start, goal, a block of the path.
WALL, OPEN, START, GOAL, MARK = "#", " ", "S", "G", "o"
#: A move's letter and its (row, col) step.
MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_LETTER = {step: letter for letter, step in MOVES.items()}
_FENCE = "```"
_PAIR = re.compile(r"\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)")

_ASK = ("Find the shortest path from S to G in this maze. '#' is a wall and ' ' is open; "
        "a move goes up, down, left or right to the next open character.")
_HOW = {
    "ascii": "Answer with the same picture, every character of the path between S and G marked 'o'.",
    "moves": "Answer with the moves, one letter a character moved: U (up), D (down), L (left), "
             "R (right), e.g. RRDD.",
    "coords": "Answer with the path's characters from S to G as (row,col) pairs, counting from "
              "(0,0) at the top-left corner, e.g. (1,1) (1,2) (1,3).",
}


def check_text_format(text_format: object) -> str:
    """``text_format`` if it is one of :data:`TEXT_FORMATS`; a MazeError that lists them if not.

    Examples
    --------
    >>> check_text_format("moves")
    'moves'
    >>> check_text_format("png")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown text format 'png'; choose from: ascii, moves, coords, aotp
    """
    if not isinstance(text_format, str) or text_format not in TEXT_FORMATS:
        raise MazeError(f"unknown text format {text_format!r}; choose from: {', '.join(TEXT_FORMATS)}")
    return text_format


# -- prompts and answers ------------------------------------------------------------------------

def picture(maze: Maze, path: Any = None) -> str:
    """The maze as the picture formats show it (module docs), with ``path``'s blocks marked.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(2, 2, seed=3)
    >>> print(picture(m, meiro.solve(m, "bfs").path))
    #####
    #Soo#
    # #o#
    # #G#
    #####
    """
    chars = np.where(maze.grid, ord(WALL), ord(OPEN)).astype(np.uint8)
    if path is not None:
        blocks = np.asarray(path, np.int64).reshape(-1, 2)
        chars[blocks[:, 0], blocks[:, 1]] = ord(MARK)
    chars[maze.start] = ord(START)
    chars[maze.goal] = ord(GOAL)
    return "\n".join(row.tobytes().decode("ascii") for row in chars)


def text_task(maze: Maze, text_format: str, path: Any = None) -> tuple[str, str]:
    """The ``(prompt, answer)`` of ``maze`` in ``text_format`` (module docs).

    ``path`` is its shortest path in blocks, start first (found breadth-first
    when not given).

    Raises
    ------
    MazeError
        For an unknown format; a maze of another grid kind has no block picture
        (:class:`meiro.kinds.GraphMaze` is refused with one line).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(2, 2, seed=3)
    >>> prompt, answer = text_task(m, "aotp")
    >>> prompt.endswith("<PATH_START>"), answer
    (True, '(0,0) (0,1) (1,1) <PATH_END>')
    >>> text_task(m, "coords")[1]
    '(1,1) (1,2) (1,3) (2,3) (3,3)'
    """
    check_text_format(text_format)
    if not isinstance(maze, Maze):
        raise MazeError(f"text tasks are for square mazes (meiro.Maze), not {type(maze).__name__}: "
                        "another grid kind has no block picture")
    if path is None:
        from ..solvers import solve

        path = solve(maze, "bfs").path
    blocks = np.asarray(path, np.int64).reshape(-1, 2)
    if text_format == "aotp":
        from ..io.maze_dataset import PATH_START, to_tokens

        text = to_tokens(maze, blocks)
        cut = text.index(PATH_START) + len(PATH_START)
        return text[:cut], text[cut:].strip()
    prompt = f"{_ASK}\n{_HOW[text_format]}\n\n{_FENCE}\n{picture(maze)}\n{_FENCE}\n"
    if text_format == "ascii":
        return prompt, picture(maze, blocks[1:-1])
    if text_format == "moves":
        steps = np.diff(blocks, axis=0).tolist()
        return prompt, "".join(_LETTER[(dr, dc)] for dr, dc in steps)
    return prompt, " ".join(f"({r},{c})" for r, c in blocks.tolist())


# -- reading a row or an answer back ------------------------------------------------------------

def maze_of_prompt(prompt: str, text_format: str) -> Maze:
    """The maze a prompt made by :func:`text_task` shows.

    Raises
    ------
    MazeError
        If the prompt holds no maze in that format.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 3, seed=2)
    >>> all(maze_of_prompt(text_task(m, f)[0], f) == m for f in TEXT_FORMATS)
    True
    """
    check_text_format(text_format)
    if not isinstance(prompt, str):
        raise MazeError(f"a prompt is text, not {type(prompt).__name__}")
    if text_format == "aotp":
        from ..io.maze_dataset import from_tokens

        return from_tokens(prompt.split("<PATH_START>")[0])[0]
    parts = prompt.split(_FENCE)
    if len(parts) < 3:
        raise MazeError("the prompt holds no maze picture between ``` lines")
    lines = parts[1].strip("\n").split("\n")
    if not lines or len({len(line) for line in lines}) != 1 or set("".join(lines)) - set(WALL + OPEN + START + GOAL):
        raise MazeError("the prompt's picture is not a maze: rows of one length, of '#', ' ', 'S' and 'G'")
    chars = np.array([list(line) for line in lines])
    start, goal = (np.argwhere(chars == mark) for mark in (START, GOAL))
    if len(start) == 0:  # a maze whose start is its goal shows only G
        start = goal
    if len(start) != 1 or len(goal) != 1:
        raise MazeError("the prompt's picture must hold one S and one G")
    return Maze(chars == WALL, tuple(start[0].tolist()), tuple(goal[0].tolist()))


def verify_answer(row_or_maze: Mapping[str, Any] | Maze, text: object, *, text_format: str | None = None,
                  shortest: bool = True) -> bool:
    """Whether ``text`` is a right answer to a maze's task (module docs); never raises for ``text``.

    Parameters
    ----------
    row_or_maze : mapping or Maze
        A row made here (``prompt`` and ``text_format``: a ``meiro dataset
        --format jsonl`` line, or a task of :class:`MazeTask`), or a maze.
    text : object
        The answer to check: anything not a right answer in the format (not a
        string, junk, a path through a wall, or one that stops short) is False.
    text_format : str, optional
        The answer's format; by default the row's. For a maze without it, an
        answer right in any format is accepted.
    shortest : bool
        True (the default): only a shortest path is right (any of them, when a
        braided maze has several); False: any path from start to goal along open
        blocks (an ``ascii`` answer's marks must still trace one path).

    Raises
    ------
    MazeError
        Only for a bad ``row_or_maze`` or ``text_format`` (not for ``text``).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 3, seed=5, braid=1.0)
    >>> answers = [text_task(m, f)[1] for f in TEXT_FORMATS]
    >>> [verify_answer(m, a) for a in answers]
    [True, True, True, True]
    >>> verify_answer(m, answers[1] + "UD"), verify_answer(m, answers[1] + "UD", shortest=False)
    (False, True)
    >>> verify_answer(m, "\\x00" * 10_000), verify_answer(m, 42)
    (False, False)
    """
    maze, formats = _maze_and_formats(row_or_maze, text_format)
    if not isinstance(text, str) or len(text) > 64 * maze.grid.size + 1000:
        return False
    try:
        length = None
        if shortest:
            from ..solvers import solve

            length = len(solve(maze, "bfs").path) - 1
        return any(_right(maze, text, f, length) for f in formats)
    except (MazeError, ValueError, IndexError, OverflowError, KeyError):
        return False  # (the parsers refuse junk with these; an answer is never an error)


def _maze_and_formats(row_or_maze: Any, text_format: str | None) -> tuple[Maze, tuple[str, ...]]:
    if text_format is not None:
        check_text_format(text_format)
    if isinstance(row_or_maze, Maze):
        return row_or_maze, (text_format,) if text_format else TEXT_FORMATS
    if not isinstance(row_or_maze, Mapping):
        raise MazeError(f"verify_answer takes a row (a mapping with prompt and text_format) or a meiro.Maze, "
                        f"not {type(row_or_maze).__name__}")
    row_format = row_or_maze.get("text_format")
    if "prompt" not in row_or_maze or row_format is None:
        raise MazeError("a row to verify needs its prompt and text_format")
    maze = maze_of_prompt(row_or_maze["prompt"], check_text_format(row_format))
    return maze, (text_format or row_format,)


def _right(maze: Maze, text: str, text_format: str, length: int | None) -> bool:
    if text_format == "ascii":
        blocks = _picture_path(maze, text)
    elif text_format == "moves":
        blocks = _walk(maze, text)
    elif text_format == "coords":
        blocks = _pairs(text, "")
    else:
        blocks = _aotp_path(text)
    if blocks is None or not _leads(maze, blocks):
        return False
    return length is None or len(blocks) - 1 == length


def _unfenced(text: str) -> str:
    """The text inside its last fenced block, if it has one."""
    parts = text.split(_FENCE)
    if len(parts) >= 3:
        inner = parts[-2]
        first, _, rest = inner.partition("\n")
        return rest if first.strip().isalpha() or not first.strip() else inner  # (a language name)
    return text


def _walk(maze: Maze, text: str) -> np.ndarray | None:
    letters = re.sub(r"[\s,]+", "", _unfenced(text)).upper()
    if set(letters) - set(MOVES):
        return None  # (no letters: the start itself, right when it is the goal)
    steps = np.array([MOVES[c] for c in letters], np.int64).reshape(-1, 2)
    return np.concatenate([np.array([maze.start], np.int64), maze.start + np.cumsum(steps, axis=0)])


def _pairs(text: str, end: str) -> np.ndarray | None:
    """The ``(row,col)`` pairs of ``text``, which may hold nothing else but ``end``, commas and brackets."""
    body = _unfenced(text).strip()
    if end:
        if not body.endswith(end):
            return None
        body = body[: -len(end)]
        if body.lstrip().startswith("<PATH_START>"):
            body = body.lstrip()[len("<PATH_START>"):]
    if re.search(r"[^\s,;\[\]]", _PAIR.sub("", body)):
        return None  # something besides the pairs and their separators
    pairs = [(int(r), int(c)) for r, c in _PAIR.findall(body)]
    return np.array(pairs, np.int64).reshape(-1, 2) if pairs else None


def _aotp_path(text: str) -> np.ndarray | None:
    cells = _pairs(text, "<PATH_END>")
    if cells is None:
        return None
    blocks = 2 * cells + 1
    out = np.empty((2 * len(blocks) - 1, 2), np.int64)
    out[0::2] = blocks
    out[1::2] = (blocks[:-1] + blocks[1:]) // 2  # the block between two cells (checked by _leads)
    if (np.abs(np.diff(cells, axis=0)).sum(axis=1) != 1).any():
        return None
    return out


def _leads(maze: Maze, blocks: np.ndarray) -> bool:
    """Whether ``blocks`` walks from the start to the goal, one open block to the next."""
    rows, cols = maze.grid.shape
    if len(blocks) < 1 or tuple(blocks[0]) != maze.start or tuple(blocks[-1]) != maze.goal:
        return False
    if (blocks < 0).any() or (blocks[:, 0] >= rows).any() or (blocks[:, 1] >= cols).any():
        return False
    if len(blocks) > 1 and (np.abs(np.diff(blocks, axis=0)).sum(axis=1) != 1).any():
        return False
    return not maze.grid[blocks[:, 0], blocks[:, 1]].any()


def _picture_path(maze: Maze, text: str) -> np.ndarray | None:
    """The path an ``ascii`` answer marks, start to goal, or None if its marks trace no one path."""
    lines = _unfenced(text).replace("\r", "").strip("\n").split("\n")
    rows, cols = maze.grid.shape
    if len(lines) != rows:  # words around the picture: its rows are the last run of the right width
        runs = [i for i in range(len(lines) - rows + 1)
                if all(len(line) == cols and line[:1] == WALL for line in lines[i:i + rows])]
        if not runs:
            return None
        lines = lines[runs[-1]:runs[-1] + rows]
    if any(len(line) != cols for line in lines):
        return None
    chars = np.array([list(line) for line in lines])
    if ((chars == WALL) != maze.grid).any() or set(np.unique(chars)) - set(WALL + OPEN + START + GOAL + MARK):
        return None
    if chars[maze.goal] != GOAL or (chars == GOAL).sum() != 1 or (chars == START).sum() != (
            maze.start != maze.goal) or (maze.start != maze.goal and chars[maze.start] != START):
        return None
    on = (chars == MARK) | (chars == START) | (chars == GOAL)
    path, previous, here = [maze.start], None, maze.start
    while here != maze.goal:
        nexts = [(here[0] + dr, here[1] + dc) for dr, dc in MOVES.values()]
        nexts = [n for n in nexts if 0 <= n[0] < rows and 0 <= n[1] < cols and on[n] and n != previous]
        if len(nexts) != 1:
            return None  # a dead end or a fork: the marks trace no single path
        previous, here = here, nexts[0]
        path.append(here)
    return np.array(path, np.int64) if len(path) == int(on.sum()) else None


# -- a procedural task set (reasoning-gym's interface, duck-typed) ------------------------------

def goal_at_distance(maze: Maze, low: int, high: int, rng: np.random.Generator) -> Maze:
    """``maze`` with its goal moved to a cell ``low`` to ``high`` cell steps from its start, drawn
    with ``rng`` (no rejection: among the cells in the band; the farthest cell if none is).

    Examples
    --------
    >>> import meiro
    >>> m = goal_at_distance(meiro.generate(8, 8, seed=1), 10, 12, np.random.default_rng(0))
    >>> 10 <= (len(meiro.solve(m, "bfs").path) - 1) // 2 <= 12
    True
    """
    grid = maze.grid
    dist = np.full(grid.shape, -1, np.int64)
    dist[maze.start] = 0
    queue = deque([maze.start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in MOVES.values():
            n = (r + dr, c + dc)
            if not grid[n] and dist[n] < 0:
                dist[n] = dist[r, c] + 1
                queue.append(n)
    cells = dist[1::2, 1::2] // 2  # a cell's distance in cell steps (-1: out of reach)
    band = np.argwhere((cells >= low) & (cells <= high))
    if len(band):
        i, j = band[rng.integers(len(band))]
    else:
        i, j = np.unravel_index(int(np.argmax(cells)), cells.shape)
    return maze.edited(goal=(2 * int(i) + 1, 2 * int(j) + 1))


class MazeTask:
    """A procedural maze task set with reasoning-gym's interface (without needing it).

    Item ``i`` is a fresh ``size x size`` maze made from ``seed`` and ``i``, its
    goal placed ``min_distance`` to ``max_distance`` cell steps from the start
    (:func:`goal_at_distance`: no retries), as ``{"question", "answer",
    "metadata"}``; :meth:`score_answer` gives 1.0 to a right answer (any
    shortest path, :func:`verify_answer`) and 0.0 to anything else.
    ``text_format`` is one of :data:`TEXT_FORMATS`.

    Examples
    --------
    >>> task = MazeTask(size=6, min_distance=8, max_distance=10, seed=1, count=3)
    >>> len(task), sorted(task[0])
    (3, ['answer', 'metadata', 'question'])
    >>> entry = task[2]
    >>> task.score_answer(entry["answer"], entry), task.score_answer("RRR", entry), task.score_answer(None, entry)
    (1.0, 0.0, 0.0)
    >>> 8 <= entry["metadata"]["distance"] <= 10
    True
    """

    def __init__(self, size: int = 8, min_distance: int = 1, max_distance: int = 10**9, *,
                 algorithm: str = "dig", text_format: str = "moves", seed: int = 0, count: int = 100) -> None:
        from ..errors import whole

        self.size = whole(size, "size", 2, 200, error=MazeError)
        self.min_distance = whole(min_distance, "min_distance", 0, 10**9, error=MazeError)
        self.max_distance = whole(max_distance, "max_distance", self.min_distance, 10**9, error=MazeError)
        self.algorithm, self.text_format = algorithm, check_text_format(text_format)
        self.seed = whole(seed, "seed", 0, 2**63 - 1, error=MazeError)
        self.count = whole(count, "count", 1, 10**9, error=MazeError)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Any:
        return (self[i] for i in range(self.count))

    def __getitem__(self, index: int) -> dict[str, Any]:
        from ..generators import generate

        if not isinstance(index, int) or not 0 <= index < self.count:
            raise IndexError(f"item {index!r} is not in 0 to {self.count - 1}")
        rng = np.random.default_rng([self.seed, index])
        maze = generate(self.size, self.size, self.algorithm, seed=int(rng.integers(2**62)))
        maze = goal_at_distance(maze, self.min_distance, self.max_distance, rng)
        prompt, answer = text_task(maze, self.text_format)
        from ..solvers import solve

        distance = (len(solve(maze, "bfs").path) - 1) // 2
        return {"question": prompt, "answer": answer,
                "metadata": {"text_format": self.text_format, "prompt": prompt, "size": self.size,
                             "distance": distance, "algorithm": self.algorithm, "index": index}}

    def score_answer(self, answer: object, entry: Mapping[str, Any]) -> float:
        """1.0 for a right answer to ``entry`` (any shortest path in its format), else 0.0."""
        return 1.0 if verify_answer(entry["metadata"], answer) else 0.0


class MazeCurriculum:
    """reasoning-gym's curriculum for :class:`MazeTask`, duck-typed: levels of size and distance.

    Examples
    --------
    >>> c = MazeCurriculum()
    >>> c.increment_attr_level("size"), c.increment_attr_level("distance")
    (True, True)
    >>> task = c.generate_task(seed=3, count=2)
    >>> task.size, (task.min_distance, task.max_distance)
    (8, (10, 19))
    """

    #: each attribute's levels: a size, a distance band in cell steps
    levels: dict[str, list[Any]] = {"size": [5, 8, 12, 20, 30],
                                    "distance": [(1, 9), (10, 19), (20, 39), (40, 79), (80, 159)]}

    def __init__(self) -> None:
        self.level = dict.fromkeys(self.levels, 0)

    def increment_attr_level(self, name: str) -> bool:
        """Raise ``name`` one level; False at its top."""
        if self.level[name] + 1 >= len(self.levels[name]):
            return False
        self.level[name] += 1
        return True

    def decrement_attr_level(self, name: str) -> bool:
        """Lower ``name`` one level; False at its bottom."""
        if self.level[name] == 0:
            return False
        self.level[name] -= 1
        return True

    def generate_configuration(self) -> dict[str, Any]:
        """The task's settings at the current levels."""
        low, high = self.levels["distance"][self.level["distance"]]
        return {"size": self.levels["size"][self.level["size"]], "min_distance": low, "max_distance": high}

    def generate_task(self, **options: Any) -> MazeTask:
        """A :class:`MazeTask` at the current levels (``options``: its other settings)."""
        return MazeTask(**{**self.generate_configuration(), **options})

"""ACCEL's level edits on a maze: open or close walls, move the goal or the start; always solvable.

:func:`mutate` makes one edited maze; :func:`mutate_grids` edits a stack of
grids of one size in one compiled call (``n`` mazes, each with its own PRNG
stream of the seed), which is what a curriculum's inner loop wants.

An edit is one of four, drawn with ``weights`` (equal by default):

``open``
    a wall between two open cells is opened (a new loop or shortcut);
``close``
    a passage between two cells is walled up (never the block an end stands on);
``goal`` / ``start``
    that end moves to another cell it can still reach the other end from.

Opening a wall never cuts the start from the goal, and the ends move only
within the part of the maze the start reaches, so only a closed wall can
make a maze unsolvable. The kernel therefore applies the wall edits first
and then runs one breadth-first search from the start over the block grid
(the ends may stand on any open block, so it searches blocks, not cells):
if the goal is cut off, the walls it closed that border the reached part
are opened again, and the search repeats, until the goal is reached. An
opened-again wall is no change, so a maze gets *at most* ``edits`` changes.
An edit that finds nothing to do (a ``close`` in a maze with no passage
left, an ``open`` with every wall between open cells already open) is no
change either: each edit draws at most :data:`TRIES` places.

A search before the edits checks that the maze given is solvable: an
unsolvable one is refused, so one maze is refused for every seed.

Examples
--------
>>> import meiro
>>> m = meiro.generate(6, 5, seed=2)
>>> edited = mutate(m, edits=4, seed=1)
>>> edited.shape == m.shape, meiro.solve(edited).length > 0
(True, True)
>>> mutate(m, edits=4, seed=1) == edited            # the same seed, the same edits
True
>>> int((edited.grid != m.grid).sum()) + (edited.start != m.start) + (edited.goal != m.goal) <= 4
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from ..kernels.index import Int
from ..kernels.jit import njit
from ..kernels.rng import _below, _mix_seed, _next_u64
from ..maze import Maze

#: The edits, in the order ``weights`` gives their shares.
EDITS = ("open", "close", "goal", "start")
#: Places an edit draws before it gives up (an edit that finds none is no change).
TRIES = 32
#: Most edits one mutation may ask for.
MAX_EDITS = 1 << 20
_OPEN, _CLOSE, _GOAL = 0, 1, 2
_S32 = np.uint64(32)


class Mutated(NamedTuple):
    """What :func:`mutate_grids` returns: the edited stack and each maze's count of changes."""

    grids: NDArray[np.bool_]
    starts: NDArray[np.int64]
    goals: NDArray[np.int64]
    changes: NDArray[np.int64]


@njit(inline="always")
def _slot(j: Int, width: int, height: int, cols: int) -> tuple[Int, int]:
    """Wall slot ``j`` between two cells: its flat block and the step to its two cells.

    Slots ``0 .. height*(width-1) - 1`` lie between left and right neighbours
    (row by row), the rest between upper and lower ones.
    """
    across = height * (width - 1)
    if j < across:
        r, c = j // (width - 1), j % (width - 1)
        return (2 * r + 1) * cols + 2 * c + 2, 1
    j -= across
    r, c = j // width, j % width
    return (2 * r + 2) * cols + 2 * c + 1, cols


@njit(inline="always")
def _reach(flat: NDArray[np.bool_], base: int, cols: int, start: int, goal: int, whole_part: bool,
           stamp: NDArray[np.int64], mark: int, queue: NDArray[np.int64]) -> int:
    """Breadth-first search over the open blocks of the grid at ``flat[base:]`` from ``start``:
    marks the blocks reached with ``mark`` in ``stamp`` and lists them in ``queue``; their
    count. Stops once ``goal`` is reached unless ``whole_part``. The closed border keeps
    every neighbour inside the grid."""
    queue[0] = start
    stamp[start] = mark
    head, tail = 0, 1
    while head < tail:
        b = queue[head]
        head += 1
        for nb in (b - cols, b + 1, b + cols, b - 1):
            if not flat[base + nb] and stamp[nb] != mark:
                stamp[nb] = mark
                queue[tail] = nb
                tail += 1
        if not whole_part and stamp[goal] == mark:
            break
    return tail


@njit(cache=True)
def _mutate_all(grids: NDArray[np.bool_], starts: NDArray[np.int64], goals: NDArray[np.int64], edits: int,
                shares: NDArray[np.int64], seed: np.uint64, changes: NDArray[np.int64],
                stamp: NDArray[np.int64], queue: NDArray[np.int64], closed: NDArray[np.int64],
                moves: NDArray[np.int64]) -> int:
    """Mutate every grid of ``grids`` in place (module docs); its ends (flat block indices)
    in ``starts`` and ``goals``, its count of changes in ``changes``.

    ``shares`` are the cumulative shares of open, close and goal out of 2**32
    (start takes the rest); maze ``i`` draws from stream ``i`` of ``seed``.
    ``stamp`` (zeros) and ``queue`` hold a grid's blocks, ``closed`` and
    ``moves`` ``edits`` entries. Returns the index of the first maze whose start
    does not reach its goal before the edits (left as it was), or -1.
    """
    n, rows, cols = grids.shape
    size = rows * cols
    flat = grids.reshape(n * size)
    width, height = (cols - 1) // 2, (rows - 1) // 2
    slots = height * (width - 1) + (height - 1) * width
    mark = 0
    for i in range(n):
        base = i * size
        start, goal = starts[i], goals[i]
        mark += 1
        _reach(flat, base, cols, start, goal, False, stamp, mark, queue)
        if stamp[goal] != mark:
            return i
        state = _mix_seed(seed, np.uint64(i))
        made = 0
        shut = 0
        moving = 0
        for _ in range(edits):
            z, state = _next_u64(state)
            share = np.int64(z >> _S32)
            kind = 3
            for k in range(3):
                if share < shares[k]:
                    kind = k
                    break
            if kind >= _GOAL:  # the ends move once the walls are settled
                moves[moving] = kind
                moving += 1
                continue
            if slots == 0:
                continue
            for _try in range(TRIES):
                j, state = _below(state, slots)
                block, step = _slot(j, width, height, cols)
                wall = flat[base + block]
                if kind == _OPEN and wall and not flat[base + block - step] and not flat[base + block + step]:
                    flat[base + block] = False
                    made += 1
                    break
                if kind == _CLOSE and not wall and block != start and block != goal:
                    flat[base + block] = True
                    closed[shut] = block
                    shut += 1
                    made += 1
                    break
        mark += 1
        reached = _reach(flat, base, cols, start, goal, moving > 0, stamp, mark, queue)
        while stamp[goal] != mark:  # a closed wall cut the goal off: open those at the edge again
            opened = 0
            for k in range(shut):
                block = closed[k]
                step = 1 if (block // cols) % 2 == 1 else cols
                if flat[base + block] and ((stamp[block - step] == mark) != (stamp[block + step] == mark)):
                    flat[base + block] = False
                    opened += 1
            if opened == 0:  # cannot be: the maze was solvable with every closed wall open
                return i
            made -= opened
            mark += 1
            reached = _reach(flat, base, cols, start, goal, moving > 0, stamp, mark, queue)
        for k in range(moving):  # within the start's part: the ends still reach each other
            for _try in range(TRIES):
                q, state = _below(state, reached)
                block = queue[q]
                if (block // cols) % 2 == 1 and (block % cols) % 2 == 1 and block != start and block != goal:
                    if moves[k] == _GOAL:
                        goal = block
                    else:
                        start = block
                    made += 1
                    break
        starts[i], goals[i] = start, goal
        changes[i] = made
    return -1


def _shares(weights: Any) -> NDArray[np.int64]:
    """The cumulative shares of open, close and goal out of 2**32 for ``weights``."""
    if weights is None:
        weights = (1.0, 1.0, 1.0, 1.0)
    if isinstance(weights, dict):
        unknown = sorted(set(weights) - set(EDITS))
        if unknown:
            raise MazeError(f"unknown edit {unknown[0]!r} in weights; the edits are: {', '.join(EDITS)}")
        weights = [weights.get(name, 0.0) for name in EDITS]
    try:
        values = np.asarray(weights, dtype=np.float64)
    except (TypeError, ValueError):
        raise MazeError("weights must be four numbers (open, close, goal, start) or a dict of them") from None
    if values.shape != (4,) or not np.isfinite(values).all() or (values < 0).any() or values.sum() <= 0:
        raise MazeError(f"weights must be four finite numbers >= 0 (open, close, goal, start), "
                        f"not all 0; got {weights!r}")
    cumulative = np.cumsum(values / values.sum())[:3]
    return np.minimum(np.round(cumulative * 2.0**32), 2.0**32).astype(np.int64)


def _seed(seed: Any) -> np.uint64:
    if seed is None:
        raise TypeError("mutate needs a seed (a whole number): a curriculum must be reproducible")
    return np.uint64(whole(seed, "seed") & ((1 << 64) - 1))


def _ends(values: Any, name: str, count: int, shape: tuple[int, int]) -> NDArray[np.int64]:
    try:
        raw = np.asarray(values)
        if raw.dtype.kind not in "iu":
            raise ValueError
        ends = raw.astype(np.int64).reshape(count, 2)
    except (TypeError, ValueError):
        raise MazeError(f"{name} must be ({count}, 2) whole-number block positions") from None
    rows, cols = shape
    if count and (ends.min() < 1 or ends[:, 0].max() > rows - 2 or ends[:, 1].max() > cols - 2):
        raise MazeError(f"{name} must be blocks inside the {rows}x{cols}-block grids' border")
    flat: NDArray[np.int64] = ends[:, 0] * cols + ends[:, 1]
    return flat


def mutate_grids(grids: Any, starts: Any, goals: Any, *, edits: int = 1, seed: int,
                 weights: Any = None) -> Mutated:
    """Mutate a stack of maze grids of one size in one compiled call (module docs).

    Parameters
    ----------
    grids : bool array (n, rows, cols)
        The block grids (True = wall), each with a closed border; not changed.
    starts, goals : int array (n, 2)
        Each maze's ends, open blocks from which the goal can be reached.
    edits : int
        Edits drawn for each maze (at most that many changes).
    seed : int
        Maze ``i`` draws from stream ``i`` of the seed: row ``i`` is
        ``mutate(Maze(grids[i], starts[i], goals[i]), edits, seed=seed, stream=i)``.
    weights : four numbers or dict, optional
        The shares of the edits ``open``, ``close``, ``goal``, ``start``.

    Returns
    -------
    Mutated
        New ``grids``, ``starts``, ``goals`` (``(n, 2)`` block positions) and
        ``changes``, each maze's count of changes.

    Raises
    ------
    MazeError
        For grids that are not a stack of maze grids, ends off the grids or on
        a wall, or a maze whose start does not reach its goal (named by index).

    Examples
    --------
    >>> import meiro
    >>> batch = meiro.generate_batch(1000, 6, 6, seed=1)
    >>> out = mutate_grids(batch.grids, batch.starts, batch.goals, edits=3, seed=5)
    >>> out.grids.shape, int(out.changes.max()) <= 3
    ((1000, 13, 13), True)
    >>> import numpy as np
    >>> mutate_grids(np.zeros((2, 5, 5), bool), [[1, 1]] * 2, [[3, 3]] * 2, seed=1)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: grids must have a closed border (every outer block a wall)
    """
    edits = whole(edits, "edits", 0, MAX_EDITS)
    shares = _shares(weights)
    state = _seed(seed)
    try:
        stack = np.array(grids, dtype=None, copy=True)
    except (TypeError, ValueError):
        raise MazeError("grids must be an (n, rows, cols) array of booleans") from None
    if stack.ndim != 3 or stack.dtype != np.bool_:
        raise MazeError(f"grids must be an (n, rows, cols) array of booleans, got "
                        f"{stack.ndim} dimension(s) of {stack.dtype}")
    n, rows, cols = stack.shape
    if rows < 3 or cols < 3 or rows % 2 == 0 or cols % 2 == 0:
        raise MazeError(f"grids must have odd sides of at least 3 blocks, got {rows}x{cols}")
    if n and not (stack[:, 0].all() and stack[:, -1].all() and stack[:, :, 0].all() and stack[:, :, -1].all()):
        raise MazeError("grids must have a closed border (every outer block a wall)")
    stack = np.ascontiguousarray(stack)
    start = _ends(starts, "starts", n, (rows, cols))
    goal = _ends(goals, "goals", n, (rows, cols))
    flat = stack.reshape(n, rows * cols)
    for name, ends in (("start", start), ("goal", goal)):
        on_wall = np.flatnonzero(flat[np.arange(n), ends])
        if len(on_wall):
            raise MazeError(f"maze {on_wall[0]}'s {name} is on a wall")
    changes = np.zeros(n, np.int64)
    bad = int(_mutate_all(stack, start, goal, edits, shares, state, changes, np.zeros(rows * cols, np.int64),
                          np.empty(rows * cols, np.int64), np.empty(max(edits, 1), np.int64),
                          np.empty(max(edits, 1), np.int64)))
    if bad >= 0:
        raise MazeError(f"maze {bad}'s start does not reach its goal: only a solvable maze is mutated")
    return Mutated(stack, np.stack([start // cols, start % cols], axis=1),
                   np.stack([goal // cols, goal % cols], axis=1), changes)


def mutate(maze: Maze, edits: int = 1, *, seed: int, weights: Any = None, stream: int = 0) -> Maze:
    """A copy of ``maze`` with at most ``edits`` of ACCEL's edits; always solvable (module docs).

    Parameters
    ----------
    maze : Maze
        A solvable maze (not changed: a maze never is).
    edits : int
        Edits to draw; each opens or closes a wall or moves the goal or the start.
    seed : int
        The edits' seed: the same maze, edits and seed give the same maze.
    weights : four numbers or dict, optional
        Shares of ``open``, ``close``, ``goal`` and ``start`` edits (equal by
        default): ``{"open": 1, "close": 1}`` only changes walls.
    stream : int
        Which of the seed's streams: :func:`mutate_grids`' row ``i`` uses stream ``i``.

    Raises
    ------
    MazeError
        If the maze is unsolvable, or ``edits`` or ``weights`` are wrong.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(5, 5, seed=3)
    >>> walls_only = mutate(m, 10, seed=0, weights={"open": 1, "close": 1})
    >>> walls_only.start == m.start and walls_only.goal == m.goal
    True
    >>> mutate(m, 2, seed=0, weights={"jump": 1})
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown edit 'jump' in weights; the edits are: open, close, goal, start
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"mutate takes a meiro.Maze, got {type(maze).__name__}")
    edits = whole(edits, "edits", 0, MAX_EDITS)
    shares = _shares(weights)
    state = _seed(seed)
    stream = whole(stream, "stream", 0, 2**63 - 1)
    grid = np.array(maze.grid, copy=True)[None]
    rows, cols = maze.shape
    start = np.array([maze.start[0] * cols + maze.start[1]], np.int64)
    goal = np.array([maze.goal[0] * cols + maze.goal[1]], np.int64)
    changes = np.zeros(1, np.int64)
    # stream i of a stack is maze i of _mutate_all: a one-maze stack whose seed is offset so that
    # its stream 0 is that stream (streams mix the seed and the index linearly: see kernels.rng)
    bad = _mutate_all(grid, start, goal, edits, shares, _stream_seed(state, stream), changes,
                      np.zeros(rows * cols, np.int64), np.empty(rows * cols, np.int64),
                      np.empty(max(edits, 1), np.int64), np.empty(max(edits, 1), np.int64))
    if bad >= 0:
        raise MazeError("the maze's start does not reach its goal: only a solvable maze is mutated")
    s, g = int(start[0]), int(goal[0])
    return maze.edited(grid[0], start=(s // cols, s % cols), goal=(g // cols, g % cols))


def _stream_seed(seed: np.uint64, stream: int) -> np.uint64:
    """The seed whose stream 0 is ``seed``'s stream ``stream``."""
    from ..kernels.rng import GOLDEN, STREAM

    # _mix_seed(s, i) mixes s * GOLDEN + i * STREAM: find s' with s' * GOLDEN = s * GOLDEN + i * STREAM
    inverse = pow(GOLDEN, -1, 1 << 64)
    return np.uint64((int(seed) + stream * STREAM * inverse) & ((1 << 64) - 1))


__all__ = ["EDITS", "Mutated", "mutate", "mutate_grids"]

"""Many mazes at once, as stacked arrays: for datasets, agents and experiments.

Maze ``i`` of a batch with seed ``s`` is exactly ``meiro.generate(..., seed=s + i)``
(modulo 2**64),
so any one of them can be made again alone, and a batch made by several
processes (``jobs``) is identical to one made by a single process: each maze
depends on its own seed only, and the pieces are put back in order.

Examples
--------
>>> import meiro
>>> batch = generate_batch(4, 6, 5, seed=10, solver="bfs")
>>> batch.grids.shape, batch.paths.shape, batch.lengths.tolist() == [
...     meiro.solve(meiro.generate(6, 5, seed=10 + i)).length for i in range(4)]
((4, 11, 13), (4, 11, 13), True)
>>> bool((batch.grids[2] == meiro.generate(6, 5, seed=12).grid).all())
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np

from .errors import MazeError
from .generate import generate, resolve_seed
from .generate.braiding import check_braid
from .goals import GOALS
from .maze import Maze
from .registry import GENERATORS, SOLVERS
from .sizes import available_memory, check_cells

#: Largest batch one call makes.
MAX_COUNT = 10_000_000
#: Mazes per piece handed to a worker process: small enough to share the work evenly.
PIECE = 256


@dataclass
class MazeBatch:
    """``count`` mazes of one size, stacked.

    Attributes
    ----------
    grids : bool array (count, rows, cols)
        True = wall, as :attr:`meiro.Maze.grid`.
    starts, goals : int array (count, 2)
        Block coordinates.
    seeds : uint64 array (count,)
        Maze ``i`` is ``meiro.generate(width, height, seed=seeds[i], **recipe)``.
    paths : bool array (count, rows, cols) or None
        With a solver: the blocks of each maze's solution.
    lengths : int array (count,) or None
        With a solver: each solution's length in steps.
    recipe : dict
        ``algorithm``, ``goal``, ``braid`` and ``solver``: how the batch was made.
    """

    grids: np.ndarray
    starts: np.ndarray
    goals: np.ndarray
    seeds: np.ndarray
    paths: np.ndarray | None
    lengths: np.ndarray | None
    recipe: dict

    def __len__(self) -> int:
        return len(self.grids)

    def maze(self, i: int) -> Maze:
        """Maze ``i`` as a :class:`meiro.Maze` (made again from its seed, so its logs replay).

        Examples
        --------
        >>> batch = generate_batch(3, 4, 4, seed=1)
        >>> m = batch.maze(2)
        >>> m.seed, bool((m.grid == batch.grids[2]).all())
        (3, True)
        """
        height, width = (s // 2 for s in self.grids.shape[1:])
        return generate(width, height, algorithm=self.recipe["algorithm"], seed=int(self.seeds[i]),
                        goal=self.recipe["goal"], braid=self.recipe["braid"])

    def to_npz(self) -> bytes:
        """The batch as ``.npz`` bytes: plain arrays (``np.load(..., allow_pickle=False)`` reads
        them) and the recipe as strings.

        Examples
        --------
        >>> import io
        >>> data = np.load(io.BytesIO(generate_batch(2, 3, 3, seed=5).to_npz()))
        >>> sorted(data.files), str(data["algorithm"])
        (['algorithm', 'braid', 'goal', 'goals', 'grids', 'seeds', 'solver', 'starts'], 'dig')
        """
        arrays = {"grids": self.grids, "starts": self.starts, "goals": self.goals, "seeds": self.seeds,
                  "algorithm": np.str_(self.recipe["algorithm"]), "goal": np.str_(self.recipe["goal"]),
                  "braid": np.float64(self.recipe["braid"]),
                  "solver": np.str_(self.recipe["solver"] or "")}
        if self.paths is not None:
            arrays.update(paths=self.paths, lengths=self.lengths)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        return buffer.getvalue()


def _make_piece(width, height, algorithm, goal, braid, solver, seeds):
    """Mazes for ``seeds`` (runs in a worker process, or in this one)."""
    from .solve import solve

    rows, cols = 2 * height + 1, 2 * width + 1
    grids = np.empty((len(seeds), rows, cols), bool)
    ends = np.empty((len(seeds), 2, 2), np.int64)
    paths = np.zeros((len(seeds), rows, cols), bool) if solver else None
    lengths = np.empty(len(seeds), np.int64) if solver else None
    for k, seed in enumerate(seeds):
        maze = generate(width, height, algorithm=algorithm, seed=int(seed), goal=goal, braid=braid)
        grids[k] = maze.grid
        ends[k] = (maze.start, maze.goal)
        if solver:
            path = solve(maze, solver).path
            paths[k][path[:, 0], path[:, 1]] = True
            lengths[k] = len(path) - 1
    return grids, ends, paths, lengths


def generate_batch(count: int, width: int, height: int, *, algorithm: str = "dig", seed=None,
                   goal: str = "corner", braid: float = 0.0, solver: str | None = None,
                   jobs: int = 1) -> MazeBatch:
    """Make ``count`` mazes of ``width x height`` cells; maze ``i`` has seed ``seed + i``.

    ``solver`` (a name from :data:`meiro.SOLVERS`) also records each maze's
    solution; ``jobs`` processes share the work (the result does not depend
    on how many). Other parameters as for :func:`meiro.generate`.

    Examples
    --------
    >>> generate_batch(0, 5, 5)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: count must be a whole number from 1 to 10000000, got 0
    """
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or not 1 <= count <= MAX_COUNT:
        raise MazeError(f"count must be a whole number from 1 to {MAX_COUNT}, got {count!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, (int, np.integer)) or not 1 <= jobs <= 256:
        raise MazeError(f"jobs must be a whole number from 1 to 256, got {jobs!r}")
    width, height = check_cells(width, height)
    algorithm = GENERATORS.get(algorithm).name
    solver = SOLVERS.get(solver).name if solver else None
    if goal not in GOALS:
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    braid = check_braid(braid)
    first = resolve_seed(seed)
    blocks = (2 * width + 1) * (2 * height + 1)
    need = count * blocks * (2 if solver else 1) * 2  # the pieces, then the stacked result
    have = available_memory()
    if have is not None and need > have:
        raise MazeError(f"{count} mazes of {width}x{height} cells need about {need / 2**30:.1f} GiB; "
                        f"only {have / 2**30:.1f} GiB is available: make fewer or smaller mazes")
    seeds = (np.uint64(first) + np.arange(count, dtype=np.uint64))  # wraps past 2**64, as seeds may
    pieces = [seeds[i:i + PIECE] for i in range(0, count, PIECE)]
    args = (width, height, algorithm, goal, braid, solver)
    if jobs == 1 or len(pieces) == 1:
        results = [_make_piece(*args, piece) for piece in pieces]
    else:
        import concurrent.futures
        import multiprocessing

        # "spawn" everywhere: the same behaviour on Linux, macOS and Windows, and no
        # forked copies of numba's state
        context = multiprocessing.get_context("spawn")
        try:
            with concurrent.futures.ProcessPoolExecutor(min(jobs, len(pieces)), mp_context=context) as pool:
                results = list(pool.map(_make_piece, *zip(*[(*args, piece) for piece in pieces])))
        except concurrent.futures.process.BrokenProcessPool:
            # a worker killed from outside (out of memory, a signal), or a script that starts
            # its work on import without `if __name__ == "__main__":` (every worker imports it)
            raise MazeError("a worker process ended abruptly (out of memory? or, in a script, "
                            "the work is not under 'if __name__ == \"__main__\":'); "
                            "try again with jobs=1") from None
    grids = np.concatenate([r[0] for r in results])
    ends = np.concatenate([r[1] for r in results])
    paths = np.concatenate([r[2] for r in results]) if solver else None
    lengths = np.concatenate([r[3] for r in results]) if solver else None
    recipe = {"algorithm": algorithm, "goal": goal, "braid": float(braid), "solver": solver}
    return MazeBatch(grids, ends[:, 0], ends[:, 1], seeds, paths, lengths, recipe)

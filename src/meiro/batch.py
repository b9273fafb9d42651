"""Many mazes at once, as stacked arrays: for datasets, agents and experiments.

Maze ``i`` of a batch with seed ``s`` is exactly
``meiro.generate(..., seed=batch.seeds[i])``, where ``batch.seeds[i]`` is
:func:`batch_seeds` ``(s, count)[i]``: ``s`` and ``i`` mixed, so batches made
with different seeds share no mazes (counting up, ``s + i``, the batches of
seeds 0 and 1 would share all their mazes but one). Any maze can be made again
alone, and a batch made by several processes (``jobs``) is identical to one
made by a single process: each maze depends on its own seed only, and the
pieces are put back in order.

Workers are separate processes (``spawn``: the same on every system); the
calling process ends them however it stops: done, an error, Ctrl-C or a
termination signal (see :mod:`meiro.io.signals`). A worker whose parent is gone
(even killed outright) ends itself.

That is why the workers are a small pool of meiro's own rather than loky's or
``concurrent.futures``'s: with either (loky 3.7.0, Python 3.11's
``ProcessPoolExecutor`` with spawn), two busy workers were still running 5 s
after their parent was killed (SIGKILL) or terminated (SIGTERM), and 5 s
after a Ctrl-C to the whole process group the parent itself was still waiting
for its workers at exit; neither watches for its parent's end, and a worker
runs its task to the end (two idle ``ProcessPoolExecutor`` workers orphaned so
were still there 35 minutes later). Here each worker has its own pipe, so a worker killed
halfway through sending leaves nothing another process waits on, ending the
workers is one kill each, with no manager thread that could hang the exit, and
a thread in each worker ends it when its parent's process ends
(``tests/test_processes.py`` checks each case).

Examples
--------
>>> import meiro
>>> batch = generate_batch(4, 6, 5, seed=10, solver="bfs")
>>> batch.grids.shape, batch.paths.shape, batch.lengths.tolist() == [
...     meiro.solve(meiro.generate(6, 5, seed=s)).length for s in batch.seeds]
((4, 11, 13), (4, 11, 13), True)
>>> bool((batch.grids[2] == meiro.generate(6, 5, seed=batch.seeds[2]).grid).all())
True
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, cast
from collections.abc import Callable, Iterator

import numpy as np
from numpy.typing import NDArray

from .errors import MazeError, whole
from .generators import generate, resolve_seed
from .generators.compiled import MAX_BLOCKS, algorithm_code, goal_code, mazes_kernel
from .generators.masking import allowed_blocks
from .kinds import geometry_of
from .kinds.many import ManyMazes, make_many
from .kinds.maze import GraphMaze
from .maze import Maze
from .recipe import Recipe
from .registry import GENERATORS, SOLVERS
from .generators.seeds import derived_seeds
from .io.signals import TERMINATION_SIGNALS, raising_on_termination
from .sizes import available_memory

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import SpawnContext, SpawnProcess
    from multiprocessing.process import BaseProcess

    #: how a piece of mazes is made: width, height, algorithm, goal, braid, solver
    _Args = tuple[int, int, str, str, float, "str | None"]
    #: what a worker runs on each piece of seeds: ``maker(*args, seeds)``
    _Job = tuple[Callable[..., Any], tuple[Any, ...]]
    #: a piece's arrays: grids, ends, and with a solver paths and lengths (else None)
    _Piece = tuple[NDArray[np.bool_], NDArray[np.int64], "NDArray[np.bool_] | None",
                   "NDArray[np.int64] | None"]
    #: what a worker sends back: ("done", piece) or ("failed", its error); a piece is
    #: ``_make_piece``'s arrays for square mazes, ``ManyMazes`` for the other kinds
    _Answer = tuple[str, Any]
    #: the parent's end of a worker's pipe: seeds go out, answers come back
    _Pipe = Connection[NDArray[np.uint64], _Answer]
    _Worker = tuple[SpawnProcess, _Pipe]

#: Largest batch one call makes.
MAX_COUNT = 10_000_000
#: Mazes per piece handed to a worker process: small enough to share the work evenly.
PIECE = 256


class _NpzArrays(TypedDict):
    """What :meth:`MazeBatch.to_npz` writes: the arrays, and the recipe as NumPy scalars."""

    grids: np.ndarray
    starts: np.ndarray
    goals: np.ndarray
    seeds: np.ndarray
    algorithm: np.str_
    goal: np.str_
    braid: np.float64
    solver: np.str_


class _NpzSolvedArrays(_NpzArrays, total=False):
    """With a solver, the solutions too."""

    paths: np.ndarray
    lengths: np.ndarray


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
    recipe: dict[str, Any]

    def __len__(self) -> int:
        return len(self.grids)

    def maze(self, i: int) -> Maze:
        """Maze ``i`` as a :class:`meiro.Maze` (made again from its seed, so its logs replay).

        Examples
        --------
        >>> batch = generate_batch(3, 4, 4, seed=1)
        >>> m = batch.maze(2)
        >>> m.seed == int(batch.seeds[2]), bool((m.grid == batch.grids[2]).all())
        (True, True)
        """
        height, width = (s // 2 for s in self.grids.shape[1:])
        return _square(generate(Recipe(width, height, self.recipe["algorithm"], int(self.seeds[i]),
                                       self.recipe["goal"], braid=self.recipe["braid"])))

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
        arrays: _NpzSolvedArrays = {
            "grids": self.grids, "starts": self.starts, "goals": self.goals, "seeds": self.seeds,
            "algorithm": np.str_(self.recipe["algorithm"]), "goal": np.str_(self.recipe["goal"]),
            "braid": np.float64(self.recipe["braid"]), "solver": np.str_(self.recipe["solver"] or "")}
        if self.paths is not None:
            arrays["paths"] = self.paths
        if self.lengths is not None:
            arrays["lengths"] = self.lengths
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        return buffer.getvalue()


@dataclass
class GraphBatch:
    """``count`` mazes of one grid kind other than the square (:mod:`meiro.kinds`), as flat arrays.

    Every maze of a batch has the same cells (numbered as :func:`meiro.kinds.geometry_of`
    numbers them); a maze is its open passages, pairs of cell numbers ``[a, b]`` with
    ``a < b``. Maze ``i``'s are ``pairs[offsets[i]:offsets[i + 1]]`` (:meth:`open_pairs`).

    Attributes
    ----------
    kind : str
        The grid kind.
    size : tuple of int
        Its size, as ``--size`` gives it (``(R,)``, ``(W, H)`` or ``(W, H, L)``).
    cells : int
        Cells a maze has.
    offsets : int64 array (count + 1,)
    pairs : int32 array (passages, 2)
        The open passages of every maze, one maze after another.
    starts, goals : int64 array (count,)
        Cell numbers.
    seeds : uint64 array (count,)
        Maze ``i`` is ``meiro.generate(recipe.replace(seed=seeds[i]))``.
    path_offsets, paths, lengths : arrays or None
        With a solver: each maze's solution as cell numbers, start to goal
        (``paths[path_offsets[i]:path_offsets[i + 1]]``), and its length in steps.
    crossing_offsets, crossings : arrays or None
        A weave batch's crossings, rows ``[cell, over]`` (its geometry's
        ``extra["crossings"]``), one list a maze as the pairs are: a weave maze's
        crossings, and so its neighbouring pairs, depend on its seed.
    recipe : dict
        ``algorithm``, ``grid``, ``size``, ``goal``, ``braid`` and ``solver``.
    """

    kind: str
    size: tuple[int, ...]
    cells: int
    offsets: np.ndarray
    pairs: np.ndarray
    starts: np.ndarray
    goals: np.ndarray
    seeds: np.ndarray
    path_offsets: np.ndarray | None
    paths: np.ndarray | None
    lengths: np.ndarray | None
    crossing_offsets: np.ndarray | None
    crossings: np.ndarray | None
    recipe: dict[str, Any]

    def __len__(self) -> int:
        return len(self.seeds)

    def open_pairs(self, i: int) -> NDArray[np.int32]:
        """Maze ``i``'s open passages, rows ``[a, b]`` of cell numbers (as ``GraphMaze.open_pairs()``)."""
        pairs: NDArray[np.int32] = self.pairs[self.offsets[i]:self.offsets[i + 1]]
        return pairs

    def maze(self, i: int) -> GraphMaze:
        """Maze ``i`` as a :class:`~meiro.kinds.maze.GraphMaze` (made again from its seed).

        Examples
        --------
        >>> batch = generate_batch(3, 5, 4, seed=2, grid="triangle")
        >>> m = batch.maze(1)
        >>> bool((m.open_pairs() == batch.open_pairs(1)).all()), m.goal == int(batch.goals[1])
        (True, True)
        """
        made = generate(self._recipe().replace(seed=int(self.seeds[i])))
        assert isinstance(made, GraphMaze)  # (a recipe of a grid kind makes one)
        return made

    def _recipe(self) -> Recipe:
        r = self.recipe
        size = [*r["size"], r["size"][0]] if len(r["size"]) == 1 else list(r["size"])
        return Recipe(size[0], size[1], r["algorithm"], None, r["goal"], braid=r["braid"], grid=r["grid"],
                      layers=size[2] if len(size) > 2 else 1)

    def to_npz(self) -> bytes:
        """The batch as ``.npz`` bytes: its arrays (those it has) and the recipe as strings.

        Examples
        --------
        >>> import io
        >>> data = np.load(io.BytesIO(generate_batch(2, 3, 3, seed=5, grid="hex").to_npz()))
        >>> sorted(data.files)
        ['algorithm', 'braid', 'cells', 'goal', 'goals', 'grid', 'offsets', 'pairs', 'seeds', 'size', 'solver', 'starts']
        """
        arrays: dict[str, Any] = {
            "offsets": self.offsets, "pairs": self.pairs, "starts": self.starts, "goals": self.goals,
            "seeds": self.seeds, "cells": np.int64(self.cells), "grid": np.str_(self.kind),
            "size": np.asarray(self.size, np.int64), "algorithm": np.str_(self.recipe["algorithm"]),
            "goal": np.str_(self.recipe["goal"]), "braid": np.float64(self.recipe["braid"]),
            "solver": np.str_(self.recipe["solver"] or "")}
        for name in ("path_offsets", "paths", "lengths", "crossing_offsets", "crossings"):
            value = getattr(self, name)
            if value is not None:
                arrays[name] = value
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        return buffer.getvalue()


def batch_seeds(seed: int, count: int, first: int = 0) -> NDArray[np.uint64]:
    """The seeds of a batch's ``count`` mazes: maze ``i`` gets ``mix_seed(seed, stream=1 + i)``.

    ``first`` starts the run at maze ``first`` (``batch_seeds(s, n, first=k)`` is
    ``batch_seeds(s, k + n)[k:]``): how a dataset's shards take their seed ranges.

    Each is a full 64-bit mix of the batch seed and the maze's number, so no
    two batches share a run of seeds, and within a batch a repeated seed is as
    unlikely as in any 64-bit draw. The same seeds (:func:`meiro.generators.seeds.derived_seeds`)
    give a PDF sheet its own (:func:`meiro.render.booklet.sheet_seeds` keeps their
    top 32 bits).

    Examples
    --------
    >>> from meiro.kernels.rng import mix_seed
    >>> seeds = batch_seeds(7, 3)
    >>> seeds.dtype, [int(s) for s in seeds] == [int(mix_seed(7, stream=1 + i)) for i in range(3)]
    (dtype('uint64'), True)
    >>> len(set(batch_seeds(0, 1000)) & set(batch_seeds(1, 1000)))
    0
    >>> bool((batch_seeds(7, 3, first=5) == batch_seeds(7, 8)[5:]).all())
    True
    """
    return derived_seeds(seed, count, first)


def _compiled(algorithm: str, braid: float, solver: str | None, blocks: int) -> bool:
    """Whether the batch can be made by one compiled call per chunk (:mod:`meiro.generators.compiled`).

    Its solution is the breadth-first path: what ``bfs`` and ``dead-end-fill``
    find on any maze and every solver finds on a perfect maze (there is one path).
    """
    return (GENERATORS.get(algorithm).compiled is not None and blocks < MAX_BLOCKS
            and (solver is None or braid == 0 or solver in ("bfs", "dead-end-fill")))


class _Batch:
    """The stacked arrays of a batch being made, and how to fill a range of them."""

    def __init__(self, count: int, width: int, height: int, algorithm: str, goal: str, braid: float,
                 solver: str | None, seeds: NDArray[np.uint64]) -> None:
        rows, cols = 2 * height + 1, 2 * width + 1
        self.args: _Args = (width, height, algorithm, goal, braid, solver)
        self.seeds = seeds
        self.grids = np.empty((count, rows, cols), np.bool_)
        self.ends = np.empty((count, 2, 2), np.int64)
        self.paths = np.zeros((count, rows, cols), np.bool_) if solver else None
        self.lengths = np.empty(count, np.int64) if solver else None
        self.compiled = _compiled(algorithm, braid, solver, rows * cols)
        if self.compiled:
            self._allowed = allowed_blocks(np.ones((height, width), bool)).ravel()
            self._codes = (algorithm_code(algorithm), goal_code(goal), int(round(braid * 2**32)))
            self._no_paths = np.zeros((1, 1, 1), bool)  # with no solver: one compiled version still

    def fill(self, start: int, stop: int) -> None:
        """Make mazes ``start:stop`` in this thread (compiled: the GIL is released meanwhile)."""
        if not self.compiled:
            self.put(start, _make_piece(*self.args, self.seeds[start:stop]))
            return
        width, height, _, _, _, solver = self.args
        algorithm, goal, threshold = self._codes
        if solver:
            all_paths, all_lengths = self._solutions()
            paths, lengths = all_paths[start:stop], all_lengths[start:stop]
        else:
            paths, lengths = self._no_paths, self.ends[:0, 0, 0]
        # the recipe's own kernel: a first run compiles only its generator (mazes_kernel)
        kernel = mazes_kernel(algorithm, goal, threshold > 0, bool(solver))
        kernel(width, height, self.seeds[start:stop], threshold, self._allowed, self.grids[start:stop],
               self.ends[start:stop], paths, lengths)

    def put(self, start: int, piece: _Piece) -> None:
        """Place a piece made elsewhere (``_make_piece``'s arrays) at ``start``."""
        grids, ends, paths, lengths = piece
        stop = start + len(grids)
        self.grids[start:stop], self.ends[start:stop] = grids, ends
        if paths is not None and lengths is not None:
            all_paths, all_lengths = self._solutions()
            all_paths[start:stop], all_lengths[start:stop] = paths, lengths

    def _solutions(self) -> tuple[NDArray[np.bool_], NDArray[np.int64]]:
        """The paths and lengths arrays, which a batch made with a solver has."""
        if self.paths is None or self.lengths is None:
            raise MazeError("a batch made without a solver holds no solutions")
        return self.paths, self.lengths


def _make_piece(width: int, height: int, algorithm: str, goal: str, braid: float, solver: str | None,
                seeds: NDArray[np.uint64]) -> _Piece:
    """Mazes for ``seeds`` one by one through ``generate`` and ``solve`` (in a worker process,
    or in this one): the way for solvers whose paths the compiled batch does not give."""
    from .solvers import solve

    rows, cols = 2 * height + 1, 2 * width + 1
    grids = np.empty((len(seeds), rows, cols), np.bool_)
    ends = np.empty((len(seeds), 2, 2), np.int64)
    paths = np.zeros((len(seeds), rows, cols), np.bool_) if solver else None
    lengths = np.empty(len(seeds), np.int64) if solver else None
    recipe = Recipe(width, height, algorithm, None, goal, braid=braid)
    for k, seed in enumerate(seeds):
        maze = _square(generate(recipe.replace(seed=int(seed))))
        grids[k] = maze.grid
        ends[k] = (maze.start, maze.goal)
        if solver and paths is not None and lengths is not None:  # (both are made with a solver)
            path = solve(maze, solver).path
            paths[k][path[:, 0], path[:, 1]] = True
            lengths[k] = len(path) - 1
    return grids, ends, paths, lengths


# --- worker processes -------------------------------------------------------------------------
# A small pool of our own rather than loky or concurrent.futures: see the module's notes.

_CAN_HOLD = hasattr(signal, "pthread_sigmask")
_ABRUPT = ("a worker process ended abruptly (out of memory? or, in a script, the work is not "
           "under 'if __name__ == \"__main__\":'); try again with jobs=1")


@contextlib.contextmanager
def _quiet_start() -> Iterator[None]:
    """While a worker starts: Ctrl-C ignored, termination signals held back.

    The worker inherits the ignored Ctrl-C, so a Ctrl-C at the terminal (which
    reaches every process of the group) leaves it to the parent, which ends the
    workers, instead of printing a traceback from each (a Ctrl-C in the few
    milliseconds of a start is lost: the system cannot hold an ignored signal).
    A termination signal for this process arrives once the new worker is on the
    list of those to end.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    interrupt = signal.getsignal(signal.SIGINT)
    if interrupt is not None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, TERMINATION_SIGNALS) if _CAN_HOLD else None
    try:
        yield
    finally:
        if interrupt is not None:
            signal.signal(signal.SIGINT, interrupt)
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _start_worker(context: SpawnContext, job: _Job, workers: list[_Worker]) -> None:
    here, there = context.Pipe()
    process = context.Process(target=_work, args=(there, job), name="meiro-batch", daemon=True)
    with _quiet_start():
        process.start()
        workers.append((process, here))
    there.close()  # only the worker holds its end: when it dies, reading here ends, never hangs


def _work(connection: Connection[_Answer, NDArray[np.uint64]], job: _Job) -> None:
    """A worker's life: make each piece it is sent until its parent closes the pipe or is gone."""
    # Ctrl-C is the parent's to handle (it ends the workers); termination signals keep their
    # default, which ends a worker at once
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _CAN_HOLD:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, TERMINATION_SIGNALS)
    _end_with_parent()
    while True:
        try:
            seeds = connection.recv()
        except (EOFError, OSError):
            return
        answer: _Answer
        try:
            maker, args = job
            answer = ("done", maker(*args, seeds))
        except Exception as exc:  # e.g. MemoryError: the parent raises it
            answer = ("failed", exc)
        try:
            connection.send(answer)
        except OSError:
            return


def _end_with_parent() -> None:
    """End this worker the moment its parent process ends, however it ends (SIGKILL included)."""
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_after, args=(parent,), daemon=True).start()


def _exit_after(parent: BaseProcess) -> None:
    parent.join()  # returns when the parent's end of a pipe closes: only when it is gone
    os._exit(1)


def _receive(connection: _Pipe) -> Any:
    try:
        _status, value = connection.recv()
    except (EOFError, OSError):  # the worker died before or while sending
        raise MazeError(_ABRUPT) from None
    if isinstance(value, BaseException):  # ("failed", the worker's error): raised here
        raise value
    return value


def _ignore(n: int) -> None:
    """The progress report of a batch without a progress bar."""


def _share(workers: list[_Worker], pieces: list[NDArray[np.uint64]],
           advance: Callable[[int], object] = _ignore) -> list[Any]:
    """Hand the pieces out one at a time and collect the results, in order; ``advance(n)``
    is told of each piece of ``n`` mazes that arrives."""
    from multiprocessing.connection import wait

    results: dict[int, Any] = {}  # piece -> its arrays, as they arrive
    waiting = list(reversed(range(len(pieces))))
    busy: dict[_Pipe, int] = {}  # connection -> the piece its worker is making
    by_sentinel = {process.sentinel: connection for process, connection in workers}

    def give(connection: _Pipe) -> None:
        if waiting:
            busy[connection] = waiting.pop()
            try:
                connection.send(pieces[busy[connection]])
            except OSError:  # the worker is gone (a broken pipe, not the caller's own output)
                raise MazeError(_ABRUPT) from None

    for _, connection in workers:
        give(connection)
    while busy:
        ready = wait([*busy, *by_sentinel])
        # results first: a worker's result counts even if it ended just after sending it
        # (what is in busy is one of the workers' pipes)
        for connection in [cast("_Pipe", r) for r in ready if r in busy]:
            k = busy.pop(connection)
            results[k] = _receive(connection)
            advance(len(pieces[k]))
            give(connection)
        for sentinel in [r for r in ready if isinstance(r, int) and r in by_sentinel]:
            if by_sentinel.pop(sentinel) in busy:
                raise MazeError(_ABRUPT)
    return [results[k] for k in range(len(pieces))]


def _end_workers(workers: list[_Worker]) -> None:
    """Kill and reap every worker: they hold nothing that needs cleaning up."""
    for process, _ in workers:
        process.kill()
    for process, connection in workers:
        process.join()
        process.close()
        connection.close()


def _in_workers(job: _Job, pieces: list[NDArray[np.uint64]], jobs: int,
                advance: Callable[[int], object] = _ignore) -> list[Any]:
    """The pieces made by ``jobs`` worker processes; no worker outlives the call, however it ends."""
    import multiprocessing

    # "spawn" everywhere: the same behaviour on Linux, macOS and Windows, and no forked
    # copies of numba's state
    context = multiprocessing.get_context("spawn")
    workers: list[_Worker] = []
    with raising_on_termination():  # a SIGTERM then raises here, so the workers are ended below
        try:
            for _ in range(jobs):
                _start_worker(context, job, workers)
            return _share(workers, pieces, advance)
        finally:
            _end_workers(workers)


def _ranges(count: int, blocks: int, compiled: bool) -> list[tuple[int, int]]:
    """The batch cut into pieces: big enough that a piece's overhead is small, small enough
    that progress moves, Ctrl-C is seen and the workers share the work evenly."""
    size = max(1, min(1 << 14, (1 << 22) // blocks)) if compiled else PIECE
    return [(i, min(i + size, count)) for i in range(0, count, size)]


def _in_threads(batch: _Batch, ranges: list[tuple[int, int]], jobs: int,
                advance: Callable[[int], object]) -> None:
    """Fill the ranges from ``jobs`` threads: the compiled kernel releases the GIL, so they
    run side by side in this process (no start-up, no copies). A Ctrl-C or termination
    signal stops the handing out; the pieces under way end within milliseconds."""
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    pool = ThreadPoolExecutor(jobs, thread_name_prefix="meiro-batch")
    try:
        pending = {pool.submit(batch.fill, *r): r for r in ranges}
        while pending:
            # a timeout, so that the main thread sees Ctrl-C at once on every system
            done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                start, stop = pending.pop(future)
                future.result()  # a worker's error (e.g. MemoryError) is raised here
                advance(stop - start)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class ProgressBar(Protocol):
    """What :func:`progress_bar` gives: told of each ``n`` mazes made, closed at the end."""

    def update(self, n: int) -> object: ...

    def close(self) -> None: ...


def progress_bar(show: bool, count: int) -> ProgressBar | None:
    """A progress bar on stderr (tqdm) when ``show``; ``None`` otherwise."""
    if not show:
        return None
    import sys

    from tqdm import tqdm

    bar: ProgressBar = tqdm(total=count, unit=" mazes", unit_scale=True, file=sys.stderr, leave=False,
                dynamic_ncols=True, mininterval=0.2)
    return bar


def generate_batch(count: int, width: int | Recipe | None = None, height: int | None = None, *,
                   algorithm: str = "dig", seed: int | None = None, goal: str = "corner",
                   braid: float = 0.0, solver: str | None = None, jobs: int = 1,
                   progress: bool = False, first: int = 0, recipe: Recipe | None = None,
                   grid: str = "square", layers: int = 1) -> MazeBatch | GraphBatch:
    """Make ``count`` mazes of ``width x height`` cells, their seeds mixed from ``seed``.

    Maze ``i``'s seed is ``batch_seeds(seed, count)[i]``, kept in the result's
    ``seeds``. ``solver`` (a name from :data:`meiro.SOLVERS`) also records each maze's
    solution; ``jobs`` workers share the work (the result does not depend
    on how many). Other parameters as for :func:`meiro.generate`.

    ``recipe``: the size, algorithm, batch seed, goal rule and braid as one
    :class:`~meiro.recipe.Recipe` instead (``generate_batch(count, recipe)`` too); a
    batch's mazes have no mask, and start in the top-left cell.

    The mazes are made inside compiled code, many per call, straight into the
    stacked arrays (:mod:`meiro.generators.compiled`), and ``jobs`` threads share
    them. The solvers whose paths can differ from breadth-first search's on a
    maze with loops (``braid`` > 0 and a solver other than ``bfs`` or
    ``dead-end-fill``) take the slower way: ``generate`` and ``solve`` per maze,
    in ``jobs`` processes.

    ``progress``: show a progress bar (tqdm) on stderr while the mazes are made.

    ``first``: make mazes ``first`` to ``first + count - 1`` of the batch of
    ``seed`` (their seeds are ``batch_seeds(seed, count, first)``), so a big
    batch can be made in parts (a dataset's shards are).

    ``grid`` (and ``layers``), or a recipe of another grid kind, make a
    :class:`GraphBatch` of that kind's mazes (:mod:`meiro.kinds`): the seeds are
    derived the same way, the geometry is built once for the batch and each
    maze is one run of its generator's graph kernel (:mod:`meiro.kinds.many`);
    ``jobs`` worker processes share them, with the same result. Their solution
    (with a solver) is the breadth-first path, as cell numbers: on a perfect
    maze the one path there is; with ``braid``, ``solver`` must be ``bfs`` or
    ``dead-end-fill`` (whose paths are breadth-first ones).

    Examples
    --------
    >>> generate_batch(0, 5, 5)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: count must be a whole number from 1 to 10000000, got 0
    >>> batch = generate_batch(3, Recipe(5, 4, "prim", seed=9, goal="farthest"))
    >>> batch.maze(1) == generate(Recipe(5, 4, "prim", int(batch.seeds[1]), "farthest"))
    True
    >>> hexes = generate_batch(4, 6, 5, seed=10, grid="hex", solver="bfs")
    >>> hexes.kind, hexes.cells, hexes.maze(2) == generate(6, 5, seed=int(hexes.seeds[2]), grid="hex")
    ('hex', 30, True)
    """
    count = whole(count, "count", 1, MAX_COUNT, error=MazeError)
    jobs = whole(jobs, "jobs", 1, 256, error=MazeError)
    first = whole(first, "first", 0, 2**62 - 1, error=MazeError)
    recipe = _batch_recipe(width, height, algorithm, seed, goal, braid, recipe, grid, layers)
    if recipe.grid != "square":
        return _kind_batch(count, recipe, solver, jobs, progress, first)
    width, height, algorithm, goal, braid = (recipe.width, recipe.height, recipe.algorithm,
                                             recipe.goal, recipe.braid)
    solver = SOLVERS.get(solver).name if solver is not None else None  # (an array has no truth value)
    batch_seed = resolve_seed(recipe.seed)
    blocks = (2 * width + 1) * (2 * height + 1)
    compiled = _compiled(algorithm, braid, solver, blocks)
    # the stacked result (grids, with a solver paths too); the Python way also holds its pieces
    need = count * blocks * (2 if solver else 1) * (1 if compiled else 2)
    have = available_memory()
    if have is not None and need > have:
        raise MazeError(f"{count} mazes of {width}x{height} cells need about {need / 2**30:.1f} GiB; "
                        f"only {have / 2**30:.1f} GiB is available: make fewer or smaller mazes")
    seeds = batch_seeds(batch_seed, count, first)
    try:
        batch = _Batch(count, width, height, algorithm, goal, braid, solver, seeds)
    except MemoryError:
        raise MazeError(f"{count} mazes of {width}x{height} cells do not fit in memory: "
                        "make fewer or smaller mazes") from None
    ranges = _ranges(count, blocks, compiled)
    jobs = min(jobs, len(ranges))
    bar = progress_bar(progress, count)
    advance: Callable[[int], object] = bar.update if bar is not None else _ignore
    try:
        if jobs == 1:
            for start, stop in ranges:
                batch.fill(start, stop)
                advance(stop - start)
        elif compiled:
            _in_threads(batch, ranges, jobs, advance)
        else:
            pieces = [seeds[start:stop] for start, stop in ranges]
            for (start, _), piece in zip(ranges, _in_workers((_make_piece, batch.args), pieces, jobs,
                                                             advance)):
                batch.put(start, piece)
    finally:
        if bar is not None:
            bar.close()
    made = {"algorithm": algorithm, "goal": goal, "braid": float(braid), "solver": solver}
    return MazeBatch(batch.grids, batch.ends[:, 0], batch.ends[:, 1], seeds, batch.paths,
                     batch.lengths, made)


def _square(maze: Maze | GraphMaze) -> Maze:
    """A square recipe's maze (what ``generate`` makes of one)."""
    assert isinstance(maze, Maze)
    return maze


def _batch_recipe(width: int | Recipe | None, height: int | None, algorithm: str, seed: int | None,
                  goal: str, braid: float, recipe: Recipe | None, grid: str = "square",
                  layers: int = 1) -> Recipe:
    """The recipe of :func:`generate_batch`'s arguments (given as one, or one by one)."""
    if isinstance(width, Recipe):
        if recipe is not None:
            raise TypeError("give the recipe once: generate_batch(count, recipe) or recipe=recipe")
        width, recipe = None, width
    if recipe is None:
        if width is None or (height is None and grid != "theta"):
            raise TypeError("generate_batch() needs a width and a height, or a recipe")
        return Recipe(width, width if height is None else height, algorithm, seed, goal, braid=braid,
                      grid=grid, layers=layers)
    if not isinstance(recipe, Recipe):
        raise TypeError(f"recipe must be a meiro.recipe.Recipe, got {type(recipe).__name__}")
    if (width, height, algorithm, seed, goal, braid, grid, layers) != (
            None, None, "dig", None, "corner", 0.0, "square", 1):
        raise TypeError("generate_batch() takes a recipe or the sizes and options, not both "
                        "(recipe.replace(...) makes a changed recipe)")
    if recipe.grid != "square":
        from .kinds import default_start

        if recipe.origin != default_start(recipe.grid, recipe.size):
            raise MazeError("a batch's mazes start in the kind's first cell: give a recipe without start")
        return recipe
    if recipe.mask is not None or recipe.start != (1, 1):
        raise MazeError("a batch's mazes have no mask and start in the top-left cell: "
                        "give a recipe without mask or start")
    return recipe


def _kind_piece(recipe: Recipe, seeds: NDArray[np.uint64]) -> ManyMazes:
    """A piece of a :class:`GraphBatch` (in a worker process, or in this one)."""
    return make_many(recipe, seeds)


def _kind_batch(count: int, recipe: Recipe, solver: str | None, jobs: int, progress: bool,
                first: int) -> GraphBatch:
    """:func:`generate_batch` of a grid kind other than the square (its docs)."""
    from .analysis.kind_batch_stats import kind_batch_paths

    solver = SOLVERS.get(solver).name if solver is not None else None
    if solver is not None and recipe.braid > 0 and solver not in ("bfs", "dead-end-fill"):
        raise MazeError(f"a batch of {recipe.grid} mazes with loops records the breadth-first solution: "
                        "use solver='bfs' (or no solver)")
    geometry = geometry_of(recipe.grid, recipe.size, 0)  # (checks the size; a weave maze has its own)
    cells = geometry.cells
    # each maze's passages (cells - 1 pairs of 2 int32 for a perfect maze) and what making it takes
    need = count * (8 * cells + 64) + 64 * geometry.edge_count
    have = available_memory()
    if have is not None and need > have:
        raise MazeError(f"{count} {recipe.grid} mazes of {cells} cells need about {need / 2**30:.1f} GiB; "
                        f"only {have / 2**30:.1f} GiB is available: make fewer or smaller mazes")
    seeds = batch_seeds(resolve_seed(recipe.seed), count, first)
    recipe = recipe.replace(seed=None)
    ranges = [(i, min(i + PIECE, count)) for i in range(0, count, PIECE)]
    jobs = min(jobs, len(ranges))
    bar = progress_bar(progress, count)
    advance: Callable[[int], object] = bar.update if bar is not None else _ignore
    pieces = [seeds[start:stop] for start, stop in ranges]
    try:
        if jobs == 1:
            made = []
            for piece in pieces:
                made.append(_kind_piece(recipe, piece))
                advance(len(piece))
        else:
            made = _in_workers((_kind_piece, (recipe,)), pieces, jobs, advance)
    finally:
        if bar is not None:
            bar.close()
    offsets, pairs = _joined([(m.offsets, m.pairs) for m in made])
    starts = np.concatenate([m.starts for m in made])
    goals = np.concatenate([m.goals for m in made])
    crossing_offsets = crossings = None
    if recipe.grid == "weave":
        crossing_offsets, crossings = _joined([(m.crossing_offsets, m.crossings) for m in made])
    path_offsets = paths = lengths = None
    if solver is not None:
        path_offsets, paths = kind_batch_paths(cells, offsets, pairs, starts, goals)
        lengths = np.diff(path_offsets) - 1
    made_recipe = {"algorithm": recipe.algorithm, "grid": recipe.grid, "size": list(recipe.size),
                   "goal": recipe.goal, "braid": float(recipe.braid), "solver": solver}
    return GraphBatch(recipe.grid, recipe.size, cells, offsets, pairs, starts, goals, seeds, path_offsets,
                      paths, lengths, crossing_offsets, crossings, made_recipe)


def _joined(parts: list[tuple[Any, Any]]) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """Lists of rows in pieces (each its offsets from 0 and its rows) as one list."""
    offsets = [np.zeros(1, np.int64)]
    rows = []
    base = 0
    for piece_offsets, piece_rows in parts:
        offsets.append(np.asarray(piece_offsets[1:], np.int64) + base)
        rows.append(np.asarray(piece_rows, np.int32).reshape(-1, 2))
        base += len(piece_rows)
    return np.concatenate(offsets), np.concatenate(rows) if rows else np.zeros((0, 2), np.int32)

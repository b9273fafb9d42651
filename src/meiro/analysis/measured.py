"""Mazes made, measured and solved in one compiled pass: a dataset's rows at the generator's speed.

:func:`measured_mazes` gives what :func:`meiro.generate_batch`,
:func:`~meiro.analysis.batch_stats.batch_stats` and
:func:`~meiro.analysis.batch_stats.batch_solutions` give one after the other —
the grids and ends, every figure, each breadth-first solution's cells — from
one kernel that does all three per maze while the maze is still in the
cache. The generator's own search graph (its compact cells) is measured as it
stands, where the separate passes fold each grid into a graph again and sweep
it twice more. The figures are :func:`~meiro.analysis.batch_stats._measure`'s
(one implementation), and ``tests/test_measured.py`` checks every generator,
goal rule and braid against the three calls.

Like :func:`meiro.generators.compiled.mazes_kernel`, each recipe (generator, goal
rule, braided or not) has a kernel of its own with those frozen in, so a first
run compiles only what it runs.

Examples
--------
>>> import meiro
>>> from meiro.batch import batch_seeds
>>> from meiro.analysis.batch_stats import batch_stats
>>> m = measured_mazes(5, 4, "kruskal", "farthest", 0.0, batch_seeds(7, 3))
>>> b = meiro.generate_batch(3, 5, 4, algorithm="kruskal", goal="farthest", seed=7)
>>> bool((m.grids == b.grids).all()), m.stats.longest_path.tolist() == batch_stats(
...     b.grids, b.starts, b.goals).longest_path.tolist()
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, flag, whole
from ..generators.compiled import MAX_BLOCKS, _maze_into, algorithm_code, goal_code
from ..generators.masking import allowed_blocks
from ..goals import GOALS
from ..kernels.jit import njit
from ..registry import GENERATORS
from .dig_measured import _dig_measured_kernel
from .batch_stats import _FIELDS, BatchStats, _measure, _measure_tree, _scratch, _stats_kernel, batch_solutions, stats_of

#: Mazes a kernel call makes at most (fewer for big mazes, as ``generate_batch`` cuts its
#: batches): a chunk's solutions fit a buffer of modest size, and ``jobs`` threads share a
#: shard's chunks evenly.
CHUNK = 1 << 14
#: Blocks one thread's kernel call makes at most (about half a second of the dig's work): a
#: 15 x 15 shard of 100,000 mazes in one call, 1000 x 1000 mazes 30 at a time.
CALL_BLOCKS = 1 << 27


@dataclass
class Measured:
    """Mazes with their figures and solutions (:func:`measured_mazes`)."""

    grids: NDArray[np.bool_]  # (count, rows, cols), True = wall
    starts: NDArray[np.int64]  # (count, 2) blocks
    goals: NDArray[np.int64]
    stats: BatchStats
    offsets: NDArray[np.int64]  # maze k's solution is cells[offsets[k]:offsets[k + 1]]
    cells: NDArray[np.int16]  # (total, 2): each solution's cells (row, col), start first
    #: the arrays the kernel wrote (ends, figures, the solutions' buffer), for ``reuse``
    buffers: tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int16]] | None = field(default=None, repr=False)


def can_measure(algorithm: str, width: int, height: int) -> bool:
    """Whether :func:`measured_mazes` makes this recipe (its generator compiled, its size in range)."""
    return (GENERATORS.get(algorithm).compiled is not None
            and (2 * width + 1) * (2 * height + 1) < MAX_BLOCKS and 2 * max(width, height) + 1 < 2**15)


def measured_mazes(width: int, height: int, algorithm: str, goal: str, braid: float,
                   seeds: NDArray[np.uint64], jobs: int = 1, reuse: Measured | None = None) -> Measured:
    """The mazes of ``seeds`` (``generate(width, height, algorithm, seed, goal, braid=braid)``
    each), their :class:`~meiro.analysis.batch_stats.BatchStats` and breadth-first solutions,
    made by ``jobs`` threads (the result does not depend on how many).

    ``reuse`` is an earlier result whose arrays are no longer wanted: where they are of the
    right size, the mazes are written over them instead of into fresh memory. A dataset's
    shard is a hundred megabytes of grids, and mapping fresh memory costs the system more
    time than filling it (about 1.5 µs a 15 x 15 maze, a third of making it).

    Raises
    ------
    MazeError
        For a generator without a compiled kernel or a size too big (:func:`can_measure`).
    """
    width, height = whole(width, "width", 1), whole(height, "height", 1)
    if not can_measure(algorithm, width, height):
        raise MazeError(f"{algorithm} mazes of {width}x{height} cells are not made in one compiled pass")
    seeds = np.ascontiguousarray(seeds, np.uint64)
    count = len(seeds)
    rows, cols = 2 * height + 1, 2 * width + 1
    if reuse is not None and not isinstance(reuse, Measured):
        raise MazeError(f"reuse must be an earlier measured_mazes result, got {type(reuse).__name__}")
    spare = reuse.buffers if reuse is not None and reuse.buffers is not None else None
    grids = _spare(reuse.grids if reuse is not None else None, (count, rows, cols), np.bool_)
    ends = _spare(spare[0] if spare else None, (count, 2, 2), np.int64)
    out = _spare(spare[1] if spare else None, (count, len(_FIELDS)), np.int64)
    spare_cells = spare[2] if spare else None
    threshold = int(round(braid * 2**32))
    kernel = measure_kernel(algorithm_code(algorithm), goal_code(goal), threshold > 0)
    allowed = allowed_blocks(np.ones((height, width), bool)).ravel()
    cells_most = width * height

    def chunk(start: int, stop: int) -> tuple[NDArray[np.int64], NDArray[np.int16]]:
        # room for every cell of every maze: the system maps only the pages written, so the
        # room costs nothing, while a smaller guess (a quarter was one) that a chunk outgrows
        # is copied into a bigger buffer, fresh memory twice (the kernel stops before the maze
        # that might not fit, and the loop below goes on in a bigger one, should it happen)
        offsets = np.zeros(stop - start + 1, np.int64)
        size = max(1, stop - start) * cells_most
        cells = spare_cells if one_chunk and spare_cells is not None and len(spare_cells) >= size \
            else np.empty((size, 2), np.int16)
        done = 0
        while done < stop - start:
            done = kernel(width, height, seeds[start:stop], threshold, allowed, grids[start:stop],
                          ends[start:stop], out[start:stop], cells, offsets, done)
            if done < stop - start:
                cells = np.concatenate([cells, np.empty_like(cells)])
        if (out[start:stop, 0] < 0).any():  # a maze the tree's way could not measure: all of
            # the chunk again, the way any maze is measured
            starts, goals = (np.ascontiguousarray(ends[start:stop, j]) for j in (0, 1))
            _stats_kernel(grids[start:stop], starts, goals, out[start:stop])
            return batch_solutions(grids[start:stop], starts, goals, out[start:stop, _FIELDS.index("solution_length")])
        return offsets, cells[:offsets[-1]]

    # one thread makes a dataset's shard in one call, into one buffer of solutions (no joining),
    # unless its mazes are big: Ctrl-C is seen between calls
    size = max(1, min(count, CALL_BLOCKS // (rows * cols)) if jobs <= 1 else min(CHUNK, (1 << 22) // (rows * cols)))
    ranges = [(i, min(i + size, count)) for i in range(0, count, size)]
    one_chunk = len(ranges) == 1
    if jobs > 1 and len(ranges) > 1:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(min(jobs, len(ranges)), thread_name_prefix="meiro-measure") as pool:
            parts = list(pool.map(lambda r: chunk(*r), ranges))
    else:
        parts = [chunk(*r) for r in ranges]
    offsets = np.zeros(count + 1, np.int64)
    base = 0
    for (start, stop), (o, _) in zip(ranges, parts):
        offsets[start + 1:stop + 1] = o[1:] + base
        base += int(o[-1])
    if one_chunk:
        cells = parts[0][1]
        buffer = cells.base if cells.base is not None else cells
    else:
        cells = np.concatenate([c for _, c in parts]) if parts else np.empty((0, 2), np.int16)
        buffer = cells
    return Measured(grids, ends[:, 0], ends[:, 1], stats_of(out), offsets, cells, (ends, out, buffer))


def _spare(array: NDArray[Any] | None, shape: tuple[int, ...], dtype: Any) -> NDArray[Any]:
    """``array`` if it has ``shape`` and ``dtype`` (written over), else a fresh one."""
    if array is not None and array.shape == shape and array.dtype == dtype and array.flags.c_contiguous:
        return array
    return np.empty(shape, dtype)


def measure_kernel(code: int, goal: int, braided: bool) -> Any:
    """The compiled pass of one recipe: the generator's ``code``
    (:func:`~meiro.generators.compiled.algorithm_code`), the ``goal`` rule's number and
    whether the mazes are braided frozen in (compiled once a process, cached on disk).

    The kernel takes ``(width, height, seeds, braid_threshold, allowed, grids, ends, out,
    cells, offsets, first)`` and makes mazes ``first``, ``first + 1``, ...: maze ``k``'s
    grid into ``grids[k]``, its ends' blocks into ``ends[k]``, its figures (the columns of
    ``batch_stats._FIELDS``) into ``out[k]`` and its solution's cells into
    ``cells[offsets[k]:offsets[k + 1]]`` (``offsets[first]`` set by the caller). It returns
    the first maze it did not make: ``len(seeds)``, or earlier when ``cells`` may not hold
    the next solution.

    Examples
    --------
    >>> measure_kernel(algorithm_code("dig"), 0, False) is measure_kernel(0, 0, False)
    True
    """
    key = (whole(code, "code"), whole(goal, "goal"), flag(braided, "braided"))
    kernel = _KERNELS.get(key)
    if kernel is not None:
        return kernel
    if key[0] not in {a.compiled.code for a in GENERATORS if a.compiled is not None} or not 0 <= key[1] < len(GOALS):
        raise MazeError(f"no compiled generator has code {code} or no goal rule number {goal}")
    code, goal, braided = key
    if code == algorithm_code("dig") and GOALS[goal] == "corner" and not braided:
        return _KERNELS.setdefault(key, _dig_measured_kernel)  # (measured as it is dug)

    @njit(cache=True, nogil=True)
    def measured_kernel(width: int, height: int, seeds: NDArray[np.uint64], braid_threshold: int,
                        allowed: NDArray[np.bool_], grids: NDArray[np.bool_], ends: NDArray[np.int64],
                        out: NDArray[np.int64], cells: NDArray[np.int16], offsets: NDArray[np.int64],
                        first: int) -> int:
        scratch = _scratch(width, height)
        most = width * height
        for k in range(first, seeds.size):
            at = offsets[k]
            if at + most > cells.shape[0]:
                return k
            if braided:  # (the constants' tests, pruned before compiling)
                graph, padded, s, e = _maze_into(code, grids[k], width, height, seeds[k], braid_threshold,
                                                 allowed, goal)
            else:
                graph, padded, s, e = _maze_into(code, grids[k], width, height, seeds[k], 0, allowed, goal)
            ends[k, 0, 0], ends[k, 0, 1] = 2 * (s // padded) - 1, 2 * (s % padded) - 1
            ends[k, 1, 0], ends[k, 1, 1] = 2 * (e // padded) - 1, 2 * (e % padded) - 1
            if braided:
                length = _measure(graph, padded, width, height, s, e, out[k], scratch, cells[at:])
            else:  # (perfect mazes: the tree's way alone, which compiles no search)
                length = _measure_tree(graph, padded, width, height, s, e, out[k], scratch, cells[at:])
                if length == -2:
                    out[k, 0] = -1  # (not a tree after all: measured again by the caller)
            offsets[k + 1] = at + length + 1 if length >= 0 else at
        return seeds.size

    return _KERNELS.setdefault(key, measured_kernel)


_KERNELS: dict[tuple[int, int, bool], Any] = {}

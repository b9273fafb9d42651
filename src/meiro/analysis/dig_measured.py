"""The dig method's mazes measured while they are dug: a dataset's default rows in one walk.

A dataset's default recipe digs each maze from its corner goal (the dig method,
``goal="corner"``, not braided). That walk already holds every figure
:func:`meiro.analysis.measured.measured_mazes` computes afterwards in three more
sweeps (counts, a breadth-first sweep, the tree's heights), so this kernel
keeps them as it digs:

- **the solution**: when the walk first reaches the start cell, its stack *is*
  the path from the goal (the tree's only path, so the breadth-first one); it
  is copied once, then walked for its cells, turns and decision points;
- **the longest path**: the walk steps back from a cell only when every cell
  below it is done, so the heights of its branches are known there; the two
  deepest below a cell give the longest path through it (the tree's diameter
  is the largest of those);
- **degrees**: a cell's degree is its children plus its parent, known when the
  walk leaves it for good.

It writes the block grid as it opens passages (no expansion pass) and draws
exactly :func:`meiro.generators.dig._dig_kernel`'s random numbers in the same
order, so its mazes are :func:`meiro.generate`'s. ``tests/test_measured.py``
checks mazes, figures and solutions against the three separate calls.

**Two mazes at a time.** Each step of a walk waits on the one before (the
neighbours' marks, then the draw, then the next cell), which leaves much of the
processor idle. Every walk of a ``width x height`` maze takes exactly
``2 * (cells - 1)`` steps (each cell but the first is dug once and left once),
so two walks share one loop step for step, and the processor runs both chains
of work side by side.

Examples
--------
>>> import meiro
>>> from meiro.batch import batch_seeds
>>> from meiro.analysis.measured import measured_mazes
>>> m = measured_mazes(6, 5, "dig", "corner", 0.0, batch_seeds(4, 2))
>>> bool((m.grids[1] == meiro.generate(6, 5, "dig", seed=int(batch_seeds(4, 2)[1])).grid).all())
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..generators.dig import _pick_bit
from ..generators.compiled import _fresh_cells
from ..kernels.cells import DUG
from ..kernels.index import U
from ..kernels.jit import njit
from ..kernels.rng import _mix_seed

#: A cell's children so far, kept in its byte above the dug bit (at most 4 fit below bit 7).
_CHILD = 16
#: A step's change of row and column, by direction (0 north, 1 east, 2 south, 3 west).
_DOWN = np.array([-1, 0, 1, 0], np.int64)
_ACROSS = np.array([0, 1, 0, -1], np.int64)


@njit(cache=True, nogil=True)
def _dig_measured_kernel(width: int, height: int, seeds: NDArray[np.uint64], braid_threshold: int,
                         allowed: NDArray[np.bool_], grids: NDArray[np.bool_], ends: NDArray[np.int64],
                         out: NDArray[np.int64], cells: NDArray[np.int16], offsets: NDArray[np.int64],
                         first: int) -> int:
    """:func:`meiro.analysis.measured.measure_kernel`'s kernel for the dig method with the
    corner goal, not braided (``braid_threshold`` and ``allowed`` are unused): the same
    arguments, the same results.

    Two walks (lanes ``a`` and ``b``) run side by side, step for step (module docs). Their
    steps are written out twice, once a lane, on purpose: as a helper function taking a
    lane's arrays, numba counts references to those arrays at every step, which made the
    kernel 4.7 times slower; written out, the pair runs 13 % faster than one walk at a time.
    """
    padded, cols, rows = width + 2, 2 * width + 1, 2 * height + 1
    most = width * height
    fresh = _fresh_cells(width, height, 0)
    # each lane's working arrays: per cell its marks (dug bit and children) and deepest branch
    # so far (in steps); the directions walked from the goal; that stack when it reached the
    # start; the degree counts
    marks_a, marks_b = np.empty_like(fresh), np.empty_like(fresh)
    high_a, high_b = np.empty(fresh.size, np.int32), np.empty(fresh.size, np.int32)
    stack_a, stack_b = np.empty(most, np.uint8), np.empty(most, np.uint8)
    route_a, route_b = np.empty(most, np.uint8), np.empty(most, np.uint8)
    degrees_a, degrees_b = np.zeros(5, np.int64), np.zeros(5, np.int64)
    spare = np.empty(rows * cols, np.uint8)  # lane b's grid when a call has an odd maze out
    step = np.array([-padded, 1, padded, -1], np.int64)  # 0 north, 1 east, 2 south, 3 west
    block_step = np.array([-cols, 1, cols, -1], np.int64)
    start, goal, corner = padded + 1, height * padded + width, (rows - 2) * cols + cols - 2
    for k in range(first, seeds.size, 2):
        pair = k + 1 < seeds.size  # (else lane b digs maze k again, into the spare grid)
        if offsets[k] + (2 if pair else 1) * most > cells.shape[0]:
            return k  # (no room for these solutions)
        grid_a = grids[k].reshape(rows * cols).view(np.uint8)
        grid_b = grids[k + 1].reshape(rows * cols).view(np.uint8) if pair else spare
        state_a = _begin(marks_a, high_a, degrees_a, grid_a, fresh, seeds[k], goal, corner)
        state_b = _begin(marks_b, high_b, degrees_b, grid_b, fresh, seeds[k + 1 if pair else k], goal, corner)
        i_a = i_b = goal
        p_a = p_b = corner
        depth_a = depth_b = longest_a = longest_b = length_a = length_b = 0
        for _ in range(2 * (most - 1)):  # every walk's steps: each cell but the first dug, and left
            # lane a: the undug neighbours as bits 0 N, 1 E, 2 S, 3 W (the padding counts as dug)
            undug = 15 ^ (((marks_a[U(i_a - padded)] >> 2) & 1) | ((marks_a[U(i_a + 1)] >> 1) & 2)
                          | (marks_a[U(i_a + padded)] & 4) | ((marks_a[U(i_a - 1)] << 1) & 8))
            if undug == 0:  # i_a is done: back to its parent, which learns its branch
                degrees_a[U(marks_a[U(i_a)] // _CHILD + 1)] += 1
                depth_a -= 1
                d = stack_a[U(depth_a)]
                parent = i_a - step[U(d)]
                branch = high_a[U(i_a)] + 1
                if high_a[U(parent)] + branch > longest_a:
                    longest_a = high_a[U(parent)] + branch
                if branch > high_a[U(parent)]:
                    high_a[U(parent)] = branch
                p_a -= 2 * block_step[U(d)]
                i_a = parent
            else:  # dig on
                d, state_a = _pick_bit(undug, state_a)
                j = i_a + step[U(d)]
                marks_a[U(i_a)] += _CHILD
                marks_a[U(j)] = DUG
                high_a[U(j)] = 0
                grid_a[U(p_a + block_step[U(d)])] = 0
                p_a += 2 * block_step[U(d)]
                grid_a[U(p_a)] = 0
                stack_a[U(depth_a)] = d
                depth_a += 1
                i_a = j
                if j == start:
                    length_a = depth_a
                    route_a[:depth_a] = stack_a[:depth_a]
            # lane b: the same
            undug = 15 ^ (((marks_b[U(i_b - padded)] >> 2) & 1) | ((marks_b[U(i_b + 1)] >> 1) & 2)
                          | (marks_b[U(i_b + padded)] & 4) | ((marks_b[U(i_b - 1)] << 1) & 8))
            if undug == 0:
                degrees_b[U(marks_b[U(i_b)] // _CHILD + 1)] += 1
                depth_b -= 1
                d = stack_b[U(depth_b)]
                parent = i_b - step[U(d)]
                branch = high_b[U(i_b)] + 1
                if high_b[U(parent)] + branch > longest_b:
                    longest_b = high_b[U(parent)] + branch
                if branch > high_b[U(parent)]:
                    high_b[U(parent)] = branch
                p_b -= 2 * block_step[U(d)]
                i_b = parent
            else:
                d, state_b = _pick_bit(undug, state_b)
                j = i_b + step[U(d)]
                marks_b[U(i_b)] += _CHILD
                marks_b[U(j)] = DUG
                high_b[U(j)] = 0
                grid_b[U(p_b + block_step[U(d)])] = 0
                p_b += 2 * block_step[U(d)]
                grid_b[U(p_b)] = 0
                stack_b[U(depth_b)] = d
                depth_b += 1
                i_b = j
                if j == start:
                    length_b = depth_b
                    route_b[:depth_b] = stack_b[:depth_b]
        _finish(marks_a, route_a, degrees_a, k, width, height, start, goal, step, longest_a, length_a,
                ends, out, cells, offsets)
        if pair:
            _finish(marks_b, route_b, degrees_b, k + 1, width, height, start, goal, step, longest_b, length_b,
                    ends, out, cells, offsets)
    return seeds.size


@njit(inline="always")
def _begin(marks: NDArray[np.uint8], high: NDArray[np.int32], degrees: NDArray[np.int64], grid: NDArray[np.uint8],
           fresh: NDArray[np.uint8], seed: np.uint64, goal: int, corner: int) -> np.uint64:
    """Set a walk up at the goal (dug, every wall standing, no degree counted); its first state."""
    marks[:] = fresh
    marks[U(goal)] = DUG
    high[U(goal)] = 0
    degrees[:] = 0
    grid[:] = 1
    grid[U(corner)] = 0
    return _mix_seed(np.uint64(seed), np.uint64(0))


@njit(inline="always")
def _finish(marks: NDArray[np.uint8], route: NDArray[np.uint8], degrees: NDArray[np.int64], k: int, width: int,
            height: int, start: int, goal: int, step: NDArray[np.int64], longest: int, length: int,
            ends: NDArray[np.int64], out: NDArray[np.int64], cells: NDArray[np.int16],
            offsets: NDArray[np.int64]) -> None:
    """Maze ``k``'s ends, figures (``batch_stats._FIELDS``) and solution from its finished walk
    (``offsets[k]`` set: the solution's cells go from there)."""
    most = width * height
    degrees[U(marks[U(goal)] // _CHILD)] += 1  # (the goal, where the walk began, has no parent)
    # the solution from the goal outward, its cells written start first
    at = offsets[k]
    y, x, node = height - 1, width - 1, goal
    turns = decisions = 0
    cells[at + length, 0] = y
    cells[at + length, 1] = x
    for s in range(length):
        d = route[U(s)]
        if s > 0 and d != route[U(s - 1)]:
            turns += 1
        node += step[U(d)]
        y += _DOWN[U(d)]
        x += _ACROSS[U(d)]
        cells[at + length - 1 - s, 0] = y
        cells[at + length - 1 - s, 1] = x
        if marks[U(node)] // _CHILD + 1 >= (2 if node == start else 3):  # its ways
            decisions += 1
    figures = out[k]
    figures[0] = most
    figures[1] = degrees[1]
    for d in range(5):
        figures[2 + d] = degrees[d]
    figures[7] = length
    figures[8] = longest
    figures[9] = turns
    figures[10] = decisions
    figures[11] = most - 1
    figures[12] = degrees[1] + 3 * degrees[3] + 4 * degrees[4]
    ends[k, 0, 0] = ends[k, 0, 1] = 1
    ends[k, 1, 0], ends[k, 1, 1] = 2 * height - 1, 2 * width - 1
    offsets[k + 1] = at + length + 1

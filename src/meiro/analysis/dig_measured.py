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


@njit(cache=True, nogil=True)
def _dig_measured_kernel(width: int, height: int, seeds: NDArray[np.uint64], braid_threshold: int,
                         allowed: NDArray[np.bool_], grids: NDArray[np.bool_], ends: NDArray[np.int64],
                         out: NDArray[np.int64], cells: NDArray[np.int16], offsets: NDArray[np.int64],
                         first: int) -> int:
    """:func:`meiro.analysis.measured.measure_kernel`'s kernel for the dig method with the
    corner goal, not braided (``braid_threshold`` and ``allowed`` are unused): the same
    arguments, the same results."""
    padded, cols, rows = width + 2, 2 * width + 1, 2 * height + 1
    most = width * height
    fresh = _fresh_cells(width, height, 0)
    marks = np.empty_like(fresh)  # dug bit and children per cell
    high = np.empty(fresh.size, np.int32)  # per cell: its deepest branch so far, in steps
    stack = np.empty(most, np.uint8)  # the directions walked from the goal
    route = np.empty(most, np.uint8)  # the stack when the walk reached the start
    step = np.array([-padded, 1, padded, -1], np.int64)  # 0 north, 1 east, 2 south, 3 west
    block_step = np.array([-cols, 1, cols, -1], np.int64)
    down = np.array([-1, 0, 1, 0], np.int64)
    across = np.array([0, 1, 0, -1], np.int64)
    degrees = np.zeros(5, np.int64)
    start, goal = padded + 1, height * padded + width
    for k in range(first, seeds.size):
        at = offsets[k]
        if at + most > cells.shape[0]:
            return k
        state = _mix_seed(np.uint64(seeds[k]), np.uint64(0))
        marks[:] = fresh
        grid = grids[k].reshape(rows * cols).view(np.uint8)
        grid[:] = 1
        i = goal
        p = (rows - 2) * cols + cols - 2  # i's block
        marks[U(i)] = DUG
        grid[U(p)] = 0
        high[U(i)] = 0
        degrees[:] = 0
        depth = longest = length = 0
        while True:
            # the undug neighbours as bits 0 N, 1 E, 2 S, 3 W (the padding counts as dug)
            undug = 15 ^ (((marks[U(i - padded)] >> 2) & 1) | ((marks[U(i + 1)] >> 1) & 2)
                          | (marks[U(i + padded)] & 4) | ((marks[U(i - 1)] << 1) & 8))
            if undug == 0:  # i is done: back to its parent, which learns i's branch
                children = marks[U(i)] // _CHILD
                if depth == 0:
                    degrees[U(children)] += 1
                    break
                degrees[U(children + 1)] += 1
                depth -= 1
                d = stack[U(depth)]
                parent = i - step[U(d)]
                branch = high[U(i)] + 1
                if high[U(parent)] + branch > longest:
                    longest = high[U(parent)] + branch
                if branch > high[U(parent)]:
                    high[U(parent)] = branch
                p -= 2 * block_step[U(d)]
                i = parent
                continue
            d, state = _pick_bit(undug, state)
            j = i + step[U(d)]
            marks[U(i)] += _CHILD
            marks[U(j)] = DUG
            high[U(j)] = 0
            grid[U(p + block_step[U(d)])] = 0
            p += 2 * block_step[U(d)]
            grid[U(p)] = 0
            stack[U(depth)] = d
            depth += 1
            i = j
            if j == start:
                length = depth
                route[:depth] = stack[:depth]
        # the solution from the goal outward, its cells written start first
        y, x, node = height - 1, width - 1, goal
        turns = decisions = 0
        cells[at + length, 0] = y
        cells[at + length, 1] = x
        for s in range(length):
            d = route[U(s)]
            if s > 0 and d != route[U(s - 1)]:
                turns += 1
            node += step[U(d)]
            y += down[U(d)]
            x += across[U(d)]
            cells[at + length - 1 - s, 0] = y
            cells[at + length - 1 - s, 1] = x
            if marks[U(node)] // _CHILD + 1 >= (2 if node == start else 3):  # its ways
                decisions += 1
        figures = out[k]  # batch_stats._FIELDS
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
        ends[k, 1, 0], ends[k, 1, 1] = rows - 2, cols - 2
        offsets[k + 1] = at + length + 1
    return seeds.size

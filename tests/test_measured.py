"""One compiled pass (make, measure, solve) gives what the three separate calls give, maze for maze."""

from __future__ import annotations

import numpy as np
import pytest

import meiro
from meiro.analysis.batch_stats import batch_paths, batch_solutions, batch_stats
from meiro.analysis.measured import can_measure, measure_kernel, measured_mazes
from meiro.batch import batch_seeds
from meiro.registry import GENERATORS

SIZES = [(1, 1), (2, 1), (1, 3), (5, 4), (15, 15)]


def _same_as_three_calls(width, height, algorithm, goal, braid, count=40, seed=3, jobs=1):
    seeds = batch_seeds(seed, count)
    made = measured_mazes(width, height, algorithm, goal, braid, seeds, jobs)
    batch = meiro.generate_batch(count, width, height, algorithm=algorithm, goal=goal, braid=braid, seed=seed)
    where = (width, height, algorithm, goal, braid)
    assert np.array_equal(made.grids, batch.grids), where
    assert np.array_equal(made.starts, batch.starts) and np.array_equal(made.goals, batch.goals), where
    stats = batch_stats(batch.grids, batch.starts, batch.goals)
    for name in stats.__dataclass_fields__:
        assert np.array_equal(getattr(made.stats, name), getattr(stats, name), equal_nan=True), (name, where)
    offsets, cells = batch_solutions(batch.grids, batch.starts, batch.goals, stats.solution_length)
    assert np.array_equal(made.offsets, offsets) and np.array_equal(made.cells, cells), where
    assert made.cells.dtype == cells.dtype
    return made


@pytest.mark.parametrize("goal, braid", [("corner", 0.0), ("diameter", 0.5)])
def test_the_dig_method_s_pass_is_the_three_calls(goal, braid):
    """(Each recipe compiles a kernel of its own: the quick tests keep to two; the slow one
    below runs every generator, goal rule and braid.)"""
    for width, height in SIZES:
        _same_as_three_calls(width, height, "dig", goal, braid)


RECIPES = [("corner", 0.0), ("farthest", 0.5), ("diameter", 1.0)]


@pytest.mark.slow
@pytest.mark.parametrize("k", range(len(GENERATORS.names())))
def test_every_generator_s_pass_is_the_three_calls(k):
    """Kruskal's carves walls, sidewinder the block grid from all wall, division from an open
    field, the others compact cells. Each generator with one goal rule and braid, in turn, so
    that every generator and every rule and braid run (each recipe compiles a kernel: all
    54 would add minutes to every CI run for no other path)."""
    algorithm = GENERATORS.names()[k]
    goal, braid = RECIPES[k % len(RECIPES)]
    for width, height in SIZES:
        _same_as_three_calls(width, height, algorithm, goal, braid, count=20)


def test_threads_and_a_small_buffer_give_the_same_mazes(monkeypatch):
    from meiro.analysis import measured

    one = _same_as_three_calls(2, 1, "dig", "corner", 0.0, count=50)  # every path fills its maze:
    # the first buffer (a quarter of the cells) runs out and the kernel continues in a bigger one
    monkeypatch.setattr(measured, "CHUNK", 7)
    many = measured_mazes(2, 1, "dig", "corner", 0.0, batch_seeds(3, 50), jobs=3)
    assert np.array_equal(one.offsets, many.offsets) and np.array_equal(one.cells, many.cells)
    assert np.array_equal(one.grids, many.grids)


def test_block_paths_from_the_cells_are_batch_paths():
    from meiro.dataset.shards import cells_to_blocks

    made = measured_mazes(6, 5, "dig", "diameter", 0.5, batch_seeds(9, 30))
    offsets, blocks = cells_to_blocks(made.offsets, made.cells)
    want = batch_paths(made.grids, made.starts, made.goals, made.stats.solution_length)
    assert np.array_equal(offsets, want[0]) and np.array_equal(blocks, want[1])


def test_what_the_pass_refuses():
    assert can_measure("dig", 15, 15) and not can_measure("dig", 20000, 1)
    with pytest.raises(meiro.MazeError, match="one compiled pass"):
        measured_mazes(20000, 1, "dig", "corner", 0.0, batch_seeds(1, 1))
    with pytest.raises(meiro.MazeError, match="no compiled generator"):
        measure_kernel(99, 0, False)
    assert measure_kernel(0, 1, False) is measure_kernel(0, 1, False)


def test_a_maze_the_tree_s_way_cannot_measure_is_measured_the_general_way(monkeypatch):
    """(Perfect mazes are measured as trees; a chunk where one is not is measured again.)"""
    from meiro.analysis import measured

    real = measured.measure_kernel

    def failing(*key):
        kernel = real(*key)

        def call(*args):
            done = kernel(*args)
            args[7][len(args[2]) // 2, 0] = -1  # out: the middle maze, as the kernel marks it
            return done

        return call

    monkeypatch.setattr(measured, "measure_kernel", failing)
    _same_as_three_calls(5, 4, "dig", "corner", 0.0)


def test_a_result_reused_is_written_over_and_gives_the_same_mazes():
    seeds = batch_seeds(5, 60)
    first = measured_mazes(7, 6, "dig", "corner", 0.0, batch_seeds(4, 60))
    grids, buffers = first.grids, first.buffers
    again = measured_mazes(7, 6, "dig", "corner", 0.0, seeds, reuse=first)
    fresh = measured_mazes(7, 6, "dig", "corner", 0.0, seeds)
    assert again.grids is grids and again.buffers[0] is buffers[0] and again.buffers[1] is buffers[1]
    assert np.shares_memory(again.cells, buffers[2])  # the solutions went into the old buffer
    assert np.array_equal(again.grids, fresh.grids) and np.array_equal(again.cells, fresh.cells)
    assert np.array_equal(again.offsets, fresh.offsets)
    assert np.array_equal(again.stats.longest_path, fresh.stats.longest_path)
    other = measured_mazes(5, 5, "dig", "corner", 0.0, seeds, reuse=again)  # another size: fresh arrays
    assert other.grids is not grids and other.grids.shape == (60, 11, 11)


@pytest.mark.parametrize("count", [1, 3])
def test_an_odd_maze_out_is_dug_alone_and_right(count):
    """The dig method's corner-goal pass digs two mazes side by side; an odd last one pairs
    with a copy of itself whose results are thrown away."""
    for width, height in SIZES:
        _same_as_three_calls(width, height, "dig", "corner", 0.0, count=count, seed=11)


def test_reuse_takes_only_an_earlier_result():
    with pytest.raises(meiro.MazeError, match="reuse must be an earlier measured_mazes result"):
        measured_mazes(3, 3, "dig", "corner", 0.0, batch_seeds(1, 2), reuse=np.zeros((2, 7, 7), bool))


def test_one_thread_cuts_big_mazes_into_calls(monkeypatch):
    """(Ctrl-C is seen between kernel calls: one thread's calls are capped in blocks.)"""
    from meiro.analysis import measured

    whole = _same_as_three_calls(5, 4, "dig", "corner", 0.0, count=9)
    monkeypatch.setattr(measured, "CALL_BLOCKS", 2 * 11 * 9)  # two 5 x 4 mazes a call
    cut = measured_mazes(5, 4, "dig", "corner", 0.0, batch_seeds(3, 9))
    assert np.array_equal(whole.grids, cut.grids) and np.array_equal(whole.cells, cut.cells)
    assert np.array_equal(whole.offsets, cut.offsets)

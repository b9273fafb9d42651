"""ACCEL's edits (meiro.curriculum.mutation): at most k changes, always solvable, reproducible."""

from __future__ import annotations

import numpy as np
import pytest

import meiro
from meiro.curriculum import mutate, mutate_grids
from meiro.errors import MazeError


def _solvable(grid, start, goal) -> bool:
    try:
        meiro.solve(meiro.Maze(grid, tuple(int(v) for v in start), tuple(int(v) for v in goal)), "bfs")
    except meiro.NoPathError:
        return False
    return True


def _changed(before: meiro.Maze, grid, start, goal) -> int:
    return (int((np.asarray(grid) != before.grid).sum()) + (tuple(int(v) for v in start) != before.start)
            + (tuple(int(v) for v in goal) != before.goal))


@pytest.mark.parametrize("algorithm", ["dig", "kruskal", "division"])
@pytest.mark.parametrize("edits", [1, 3, 12])
def test_a_stack_stays_solvable_with_at_most_k_changes(algorithm, edits):
    batch = meiro.generate_batch(300, 7, 6, seed=4, algorithm=algorithm)
    out = mutate_grids(batch.grids, batch.starts, batch.goals, edits=edits, seed=11)
    assert out.grids.shape == batch.grids.shape and out.grids.dtype == np.bool_
    assert (out.changes <= edits).all() and out.changes.sum() > 0
    for i in range(len(batch)):
        before = meiro.Maze(batch.grids[i], tuple(batch.starts[i]), tuple(batch.goals[i]))
        assert _changed(before, out.grids[i], out.starts[i], out.goals[i]) <= out.changes[i]
        assert _solvable(out.grids[i], out.starts[i], out.goals[i])
        # only the wall slots between cells change: cells and posts stay as they were
        diff = np.argwhere(out.grids[i] != batch.grids[i])
        assert ((diff[:, 0] + diff[:, 1]) % 2 == 1).all()
        assert out.grids[i][0].all() and out.grids[i][:, -1].all()
    assert (batch.grids == meiro.generate_batch(300, 7, 6, seed=4, algorithm=algorithm).grids).all()  # input kept


def test_each_edit_kind_does_what_it_says():
    m = meiro.generate(8, 8, seed=2)
    opened = mutate(m, 20, seed=1, weights={"open": 1})
    assert (opened.grid <= m.grid).all() and (opened.grid < m.grid).any()
    assert (opened.start, opened.goal) == (m.start, m.goal)
    closed = mutate(meiro.generate(8, 8, seed=2, braid=1.0), 20, seed=1, weights={"close": 1})
    assert (closed.grid >= meiro.generate(8, 8, seed=2, braid=1.0).grid).all()
    moved = mutate(m, 1, seed=3, weights=(0, 0, 1, 0))
    assert (moved.grid == m.grid).all() and moved.start == m.start and moved.goal != m.goal
    assert moved.goal[0] % 2 == 1 and moved.goal[1] % 2 == 1
    started = mutate(m, 1, seed=3, weights=(0, 0, 0, 1))
    assert started.goal == m.goal and started.start != m.start


def test_closing_every_passage_of_a_perfect_maze_keeps_the_solution_path():
    m = meiro.generate(9, 7, seed=5)
    path = meiro.solve(m, "bfs").path
    shut = mutate(m, 400, seed=2, weights={"close": 1})
    assert meiro.solve(shut, "bfs").length == meiro.solve(m, "bfs").length
    assert not shut.grid[path[:, 0], path[:, 1]].any()


def test_the_same_seed_gives_the_same_mazes_and_a_row_is_its_stream():
    batch = meiro.generate_batch(50, 6, 6, seed=1)
    a = mutate_grids(batch.grids, batch.starts, batch.goals, edits=4, seed=9)
    b = mutate_grids(batch.grids, batch.starts, batch.goals, edits=4, seed=9)
    c = mutate_grids(batch.grids, batch.starts, batch.goals, edits=4, seed=10)
    assert all((x == y).all() for x, y in zip(a, b))
    assert not (a.grids == c.grids).all()
    for i in (0, 17, 49):
        one = mutate(meiro.Maze(batch.grids[i], tuple(batch.starts[i]), tuple(batch.goals[i])), 4, seed=9, stream=i)
        assert (one.grid == a.grids[i]).all() and one.start == tuple(a.starts[i]) and one.goal == tuple(a.goals[i])


def test_hand_made_grids_with_rooms_and_ends_on_passages():
    grid = np.ones((7, 9), bool)
    grid[1:6, 1:8] = False  # one open room, posts and all
    m = meiro.Maze(grid, (1, 2), (5, 6))
    for seed in range(20):
        out = mutate(m, 6, seed=seed)
        assert meiro.solve(out, "bfs").length >= 0
    tiny = meiro.generate(1, 1, seed=0)  # no wall slot, one cell: nothing to edit
    same = mutate(tiny, 5, seed=0)
    assert same == tiny


def test_a_maze_already_unsolvable_is_refused_whatever_the_seed():
    grid = meiro.generate(5, 5, seed=1).grid.copy()
    grid[1:10, 4] = True  # a wall across the maze
    cut = meiro.Maze(grid, (1, 1), (9, 9))
    for seed in range(5):
        with pytest.raises(MazeError, match="start does not reach its goal"):
            mutate(cut, 10, seed=seed, weights={"open": 1})
    stack = np.stack([meiro.generate(5, 5, seed=1).grid, grid])
    with pytest.raises(MazeError, match="maze 1's start does not reach its goal"):
        mutate_grids(stack, [(1, 1), (1, 1)], [(9, 9), (9, 9)], seed=0)


@pytest.mark.parametrize("call, message", [
    (lambda m: mutate(m, -1, seed=0), "edits"),
    (lambda m: mutate(m, 1.5, seed=0), "edits"),
    (lambda m: mutate(m, 1, seed=None), "needs a seed"),
    (lambda m: mutate(m.grid, 1, seed=0), "takes a meiro.Maze"),
    (lambda m: mutate(m, 1, seed=0, weights=(1, 1)), "four finite numbers"),
    (lambda m: mutate(m, 1, seed=0, weights=(0, 0, 0, 0)), "not all 0"),
    (lambda m: mutate(m, 1, seed=0, weights=(1, -1, 1, 1)), "four finite numbers"),
    (lambda m: mutate(m, 1, seed=0, weights="open"), "four"),
    (lambda m: mutate_grids(m.grid, [m.start], [m.goal], seed=0), "(n, rows, cols)"),
    (lambda m: mutate_grids(m.grid[None].astype(int), [m.start], [m.goal], seed=0), "booleans"),
    (lambda m: mutate_grids(np.ones((1, 4, 5), bool), [(1, 1)], [(1, 3)], seed=0), "odd sides"),
    (lambda m: mutate_grids(m.grid[None], [(0, 1)], [m.goal], seed=0), "inside"),
    (lambda m: mutate_grids(m.grid[None], [(1, 1), (1, 1)], [m.goal], seed=0), "starts must be"),
    (lambda m: mutate_grids(m.grid[None], [(1.5, 1)], [m.goal], seed=0), "starts must be"),
    (lambda m: mutate_grids(m.grid[None], [(2, 2)], [m.goal], seed=0), "maze 0's start is on a wall"),
])
def test_bad_input_is_one_clear_error(call, message):
    m = meiro.generate(4, 4, seed=1)
    with pytest.raises((MazeError, TypeError), match=message.replace("(", r"\(").replace(")", r"\)")):
        call(m)


def test_an_empty_stack_and_no_edits():
    m = meiro.generate(4, 4, seed=1)
    empty = mutate_grids(np.ones((0, 9, 9), bool), np.zeros((0, 2), int), np.zeros((0, 2), int), seed=1)
    assert empty.grids.shape == (0, 9, 9) and empty.changes.shape == (0,)
    assert mutate(m, 0, seed=1) == m


def test_the_kernel_as_plain_python_makes_the_same_mazes():
    import os
    import subprocess
    import sys

    code = ("import hashlib, meiro; from meiro.curriculum import mutate_grids; "
            "b = meiro.generate_batch(30, 5, 4, seed=2); "
            "o = mutate_grids(b.grids, b.starts, b.goals, edits=6, seed=3); "
            "print(hashlib.sha256(o.grids.tobytes() + o.starts.tobytes() + o.goals.tobytes() "
            "+ o.changes.tobytes()).hexdigest())")
    digests = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300,
                              env={**os.environ, "MEIRO_JIT": jit}).stdout for jit in ("0", "1")]
    assert digests[0] == digests[1] and len(digests[0].strip()) == 64

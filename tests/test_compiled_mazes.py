"""Mazes made inside compiled code are the mazes ``generate`` and ``solve`` make, seed for seed."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import meiro
from meiro.batch import _compiled, generate_batch
from meiro.generators.compiled import CODES, _make_maze, algorithm_code, goal_code
from meiro.generators.masking import allowed_blocks
from meiro.kernels.graph import _node_blocks
from meiro.kernels.rng import _mix_seed as _mix, mix_seed
from meiro.registry import GENERATORS, SOLVERS

SIZES = [(1, 1), (2, 1), (1, 3), (5, 4), (7, 2), (15, 15)]
SEEDS = [0, 1, 12345, 2**63 - 1, 2**64 - 1]
ALGORITHMS = [g.name for g in GENERATORS]

#: The compiled codes as first declared: a code never changes meaning (cached kernels, saved
#: batches' benchmarks and the switch all hold it); a new generator takes a new number.
FIRST_CODES = {"dig": 0, "stick": 1, "wall": 2, "kruskal": 3, "prim": 4, "prim-simple": 5, "wilson": 6,
               "aldous-broder": 7, "hunt-and-kill": 8, "sidewinder": 9, "binary-tree": 10,
               "growing-tree": 11, "growing-tree-newest": 12, "growing-tree-random": 13,
               "growing-tree-oldest": 14, "eller": 15, "division": 16, "origin-shift": 17}


def test_every_registered_generator_is_compiled():
    assert sorted(CODES) == sorted(ALGORITHMS)


def test_no_two_generators_share_a_code_and_no_code_changes_meaning():
    codes = {g.name: g.compiled.code for g in GENERATORS if g.compiled is not None}
    assert len(set(codes.values())) == len(codes)
    assert {name: codes[name] for name in FIRST_CODES} == FIRST_CODES
    assert all(algorithm_code(name) == code for name, code in codes.items())


def test_the_registry_refuses_a_second_generator_with_a_taken_code():
    from meiro.generators.compiled import _compiled
    from meiro.registry import Compiled, Registry

    reg = Registry("toy")
    reg.declare("one", "math", "sqrt", summary="first", compiled=Compiled(3, "cells"))
    with pytest.raises(ValueError, match="share the compiled code 3"):
        reg.declare("two", "math", "cos", summary="second", compiled=Compiled(3, "lattice"))
    reg.declare("three", "math", "sin", summary="not compiled: made one by one")
    with pytest.raises(meiro.MazeError, match="no compiled kernel"):
        _compiled(reg.get("three"))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("stream", [0, 1, 3, 2**40])
def test_the_compiled_seed_mixing_is_mix_seed(seed, stream):
    assert _mix(np.uint64(seed), np.uint64(stream)) == mix_seed(seed, stream=stream)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_compiled_maze_is_the_maze_generate_makes(algorithm):
    for width, height in SIZES:
        allowed = allowed_blocks(np.ones((height, width), bool)).ravel()
        for goal in ("corner", "farthest", "diameter"):
            for braid in (0.0, 0.5, 1.0):
                for seed in SEEDS[:4] if (width, height) != (15, 15) else SEEDS[:2]:
                    m = meiro.generate(width, height, algorithm=algorithm, seed=seed, goal=goal,
                                       braid=braid)
                    grid = np.empty(m.grid.shape, bool)
                    _, padded, start, end = _make_maze(
                        algorithm_code(algorithm), grid, width, height, np.uint64(seed),
                        int(round(braid * 2**32)), allowed, goal_code(goal))
                    ends = [tuple(e) for e in _node_blocks(np.array([start, end]), padded, 2).tolist()]
                    where = (algorithm, width, height, goal, braid, seed)
                    assert np.array_equal(grid, m.grid), where
                    assert ends == [m.start, m.goal], where


def _solution_mask(maze, solver):
    path = meiro.solve(maze, solver).path
    mask = np.zeros(maze.grid.shape, bool)
    mask[path[:, 0], path[:, 1]] = True
    return mask, len(path) - 1


def _check_batch(batch, width, height, algorithm, goal, braid, solver, every=1):
    for i in range(0, len(batch), every):
        m = meiro.generate(width, height, algorithm=algorithm, seed=int(batch.seeds[i]), goal=goal,
                           braid=braid)
        where = (algorithm, goal, braid, solver, i)
        assert np.array_equal(batch.grids[i], m.grid), where
        assert tuple(batch.starts[i]) == m.start and tuple(batch.goals[i]) == m.goal, where
        if solver:
            mask, length = _solution_mask(m, solver)
            assert np.array_equal(batch.paths[i], mask) and batch.lengths[i] == length, where


@pytest.mark.parametrize("solver", [s.name for s in SOLVERS])
def test_every_solver_s_batch_paths_are_its_paths_on_perfect_and_braided_mazes(solver):
    # perfect mazes: one path, which the compiled batch gives for every solver; with loops the
    # compiled way serves bfs and dead-end-fill, and the others are made maze by maze
    for algorithm, goal in (("dig", "corner"), ("kruskal", "farthest"), ("division", "diameter")):
        # a wall follower can circle forever on loops (solve says so): perfect mazes only
        for braid in (0.0,) if solver.startswith("wall") else (0.0, 0.6):
            batch = generate_batch(40, 6, 5, algorithm=algorithm, seed=3, goal=goal, braid=braid,
                                   solver=solver)
            _check_batch(batch, 6, 5, algorithm, goal, braid, solver)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_generator_s_batch_is_its_mazes(algorithm):
    batch = generate_batch(30, 9, 4, algorithm=algorithm, seed=8, goal="farthest", braid=0.3,
                           solver="bfs")
    _check_batch(batch, 9, 4, algorithm, "farthest", 0.3, "bfs")


def test_a_recipe_s_own_kernel_makes_what_the_switch_makes():
    from meiro.generators.compiled import _make_mazes, mazes_kernel

    width, height = 7, 5
    seeds = np.arange(20, dtype=np.uint64) * np.uint64(2**61 + 7)
    allowed = allowed_blocks(np.ones((height, width), bool)).ravel()
    for algorithm, goal, braid, solve in (("dig", "corner", 0.0, False), ("wilson", "diameter", 0.4, True)):
        made = []
        for run in ("switch", "own"):
            grids, ends = np.empty((20, 11, 15), bool), np.empty((20, 2, 2), np.int64)
            paths, lengths = np.zeros((20, 11, 15), bool), np.empty(20, np.int64)
            if not solve:
                paths, lengths = paths[:1, :1, :1], lengths[:0]
            threshold = int(round(braid * 2**32))
            if run == "switch":
                _make_mazes(algorithm_code(algorithm), width, height, seeds, threshold, allowed, goal_code(goal),
                            solve, grids, ends, paths, lengths)
            else:
                mazes_kernel(algorithm_code(algorithm), goal_code(goal), braid > 0, solve)(
                    width, height, seeds, threshold, allowed, grids, ends, paths, lengths)
            made.append((grids, ends, paths, lengths))
        assert all(np.array_equal(a, b) for a, b in zip(*made)), (algorithm, goal, braid, solve)
    with pytest.raises(meiro.MazeError, match="no compiled generator"):
        mazes_kernel(99, 0, False, False)


def test_which_batches_are_compiled():
    assert _compiled("dig", 0.0, None, 961) and _compiled("wilson", 0.0, "wall-left", 961)
    assert _compiled("dig", 0.5, "bfs", 961) and _compiled("dig", 0.5, "dead-end-fill", 961)
    assert not _compiled("dig", 0.5, "astar", 961)  # A*'s ties may pick another shortest path
    assert not _compiled("dig", 0.0, None, 2**31)  # too big for the int32 scratch


@pytest.mark.parametrize("kwargs", [dict(), dict(solver="bfs", braid=0.4, goal="diameter"),
                                    dict(solver="astar", braid=0.4)])
def test_threads_and_processes_give_the_batch_one_worker_gives(kwargs):
    one = generate_batch(700, 5, 5, seed=21, **kwargs)
    two = generate_batch(700, 5, 5, seed=21, jobs=2, **kwargs)
    assert one.to_npz() == two.to_npz()


def test_big_batches_are_cut_into_several_compiled_calls():
    # 40x40 mazes: 6561 blocks, so pieces of 639 mazes; the seams must not show
    batch = generate_batch(1500, 40, 40, seed=2, solver="bfs", jobs=2)
    _check_batch(batch, 40, 40, "dig", "corner", 0.0, "bfs", every=97)
    _check_batch(batch, 40, 40, "dig", "corner", 0.0, "bfs", every=638)


def test_a_progress_bar_only_when_asked(capsys):
    generate_batch(50, 4, 4, seed=1)
    assert capsys.readouterr().err == ""
    generate_batch(50, 4, 4, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "/50.0 [" in err and "mazes/s" in err  # the bar (cleared at the end: leave=False)


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_the_dataset_command_shows_progress_on_a_terminal_only(tmp_path):
    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "meiro", "dataset", "-n", "30000", "--size", "8x8",
                                           "--seed", "1", "-o", "d.npz"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=120, dimensions=(24, 100))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "/30.0k [" in child.before and "wrote 30000 mazes" in child.before
    out = subprocess.run([sys.executable, "-m", "meiro", "dataset", "-n", "30000", "--size", "8x8",
                          "--seed", "1", "-o", "e.npz"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and out.stderr == "" and out.stdout.startswith("wrote 30000 mazes")
    assert (tmp_path / "d.npz").read_bytes() == (tmp_path / "e.npz").read_bytes()
    quiet = pexpect.spawn(sys.executable, ["-m", "meiro", "dataset", "-n", "300", "--size", "8x8",
                                           "-q", "-o", "q.npz"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=120)
    quiet.expect(pexpect.EOF)
    quiet.close()
    assert quiet.exitstatus == 0 and quiet.before.strip() == "" and (tmp_path / "q.npz").exists()


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_generators_own_functions_make_the_mazes_generate_makes(algorithm):
    # a carving log (meiro.generators.carve with record=True) is asked for after the maze was
    # made without one: recording must not change the maze, and the log must rebuild it
    from meiro.generators import carve

    for width, height in SIZES:
        for braid in (0.0, 0.5):
            for seed in SEEDS[:3]:
                m = meiro.generate(width, height, algorithm=algorithm, seed=seed, braid=braid)
                origin = m.goal if m.recipe.digs_from_goal() else (1, 1)  # (the dig method: from its goal)
                carving = carve(algorithm, width, height, seed, origin, record=True, braid=braid)
                assert np.array_equal(carving.grid, m.grid), (algorithm, width, height, braid, seed)
                assert np.array_equal(meiro.replay_carving(m.shape, carving.order), m.grid)

"""Batches of mazes: each maze is its own seed's, whatever the process count; the .npz file."""

import io
import subprocess
import sys

import numpy as np
import pytest

import meiro


def test_each_maze_is_generate_with_its_own_seed():
    batch = meiro.generate_batch(7, 9, 5, algorithm="kruskal", seed=40, goal="farthest", braid=0.2,
                                 solver="astar")
    for i in range(7):
        maze = meiro.generate(9, 5, algorithm="kruskal", seed=40 + i, goal="farthest", braid=0.2)
        assert np.array_equal(batch.grids[i], maze.grid)
        assert tuple(batch.starts[i]) == maze.start and tuple(batch.goals[i]) == maze.goal
        path = meiro.solve(maze, "astar").path
        assert batch.lengths[i] == len(path) - 1
        assert np.array_equal(np.argwhere(batch.paths[i]), np.array(sorted(map(tuple, path.tolist()))))
    assert batch.seeds.tolist() == list(range(40, 47))
    assert batch.recipe == {"algorithm": "kruskal", "goal": "farthest", "braid": 0.2, "solver": "astar"}
    again = batch.maze(3)
    assert again.seed == 43 and np.array_equal(again.carve_order, meiro.generate(
        9, 5, algorithm="kruskal", seed=43, goal="farthest", braid=0.2).carve_order)


def test_seeds_wrap_around_like_any_seed():
    batch = meiro.generate_batch(3, 4, 4, seed=2**64 - 2)
    assert batch.seeds.tolist() == [2**64 - 2, 2**64 - 1, 0]
    assert np.array_equal(batch.grids[2], meiro.generate(4, 4, seed=0).grid)


def test_two_processes_make_the_same_batch_as_one():
    # more than one piece, so the two worker processes really share it
    one = meiro.generate_batch(600, 6, 6, seed=5, solver="bfs")
    two = meiro.generate_batch(600, 6, 6, seed=5, solver="bfs", jobs=2)
    for name in ("grids", "starts", "goals", "seeds", "paths", "lengths"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert one.to_npz() == two.to_npz()


def test_the_npz_holds_plain_arrays():
    data = np.load(io.BytesIO(meiro.generate_batch(5, 3, 4, seed=1, solver="bfs").to_npz()),
                   allow_pickle=False)
    assert data["grids"].shape == (5, 9, 7) and data["grids"].dtype == bool
    assert data["paths"].shape == (5, 9, 7) and data["lengths"].dtype == np.int64
    assert str(data["algorithm"]) == "dig" and str(data["solver"]) == "bfs"


@pytest.mark.parametrize("kwargs,message", [
    (dict(count=0), "count"),
    (dict(count=2.5), "count"),
    (dict(jobs=0), "jobs"),
    (dict(algorithm="nope"), "unknown"),
    (dict(solver="nope"), "unknown"),
    (dict(goal="middle"), "goal"),
    (dict(braid=3), "braid"),
    (dict(seed=-1), "seed"),
    (dict(width=0), "width"),
])
def test_bad_arguments_are_one_clear_error(kwargs, message):
    args = dict(count=3, width=4, height=4) | kwargs
    with pytest.raises(meiro.MazeError, match=message):
        meiro.generate_batch(args.pop("count"), args.pop("width"), args.pop("height"), **args)


def meiro_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "meiro", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_dataset_command_writes_the_same_file_for_any_job_count(tmp_path):
    outs = []
    for jobs in ("1", "2"):
        out = meiro_cli("dataset", "-n", "300", "--size", "5x4", "--seed", "9", "--solve", "bfs",
                        "-j", jobs, "-o", f"d{jobs}.npz", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert "wrote 300 mazes of 5x4 cells" in out.stdout
        outs.append((tmp_path / f"d{jobs}.npz").read_bytes())
    assert outs[0] == outs[1]
    data = np.load(tmp_path / "d1.npz")
    assert np.array_equal(data["grids"][299], meiro.generate(5, 4, seed=308).grid)


@pytest.mark.parametrize("args,message", [
    (("-n", "0", "-o", "x.npz"), "count"),
    (("-n", "5", "-o", "x.json"), ".npz"),
    (("-n", "5", "-j", "0", "-o", "x.npz"), "jobs"),
    (("-n", "5", "--size", "0x3", "-o", "x.npz"), "size"),
])
def test_dataset_command_bad_input_is_one_line_exit_2(tmp_path, args, message):
    out = meiro_cli("dataset", *args, cwd=tmp_path)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and not list(tmp_path.iterdir())


def test_a_worker_that_dies_is_one_clear_error(monkeypatch):
    import concurrent.futures

    from meiro.batch import PIECE

    class DyingPool:
        def __init__(self, *args, **kwargs):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, *args):
            raise concurrent.futures.process.BrokenProcessPool("a worker was killed")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", DyingPool)
    with pytest.raises(meiro.MazeError, match="worker process ended abruptly"):
        meiro.generate_batch(2 * PIECE, 3, 3, seed=1, jobs=2)

"""Batches of mazes: each maze is its own seed's, whatever the process count; the .npz file.

(Worker processes ending with their parent, however it ends, are tested in test_processes.py.)
"""

import dataclasses
import io
import subprocess
import sys

import numpy as np
import pytest

import meiro
from meiro.batch import batch_seeds
from meiro.kernels.rng import mix_seed


def test_each_maze_is_generate_with_its_own_seed():
    batch = meiro.generate_batch(7, 9, 5, algorithm="kruskal", seed=40, goal="farthest", braid=0.2,
                                 solver="astar")
    for i in range(7):
        maze = meiro.generate(9, 5, algorithm="kruskal", seed=batch.seeds[i], goal="farthest", braid=0.2)
        assert np.array_equal(batch.grids[i], maze.grid)
        assert tuple(batch.starts[i]) == maze.start and tuple(batch.goals[i]) == maze.goal
        path = meiro.solve(maze, "astar").path
        assert batch.lengths[i] == len(path) - 1
        assert np.array_equal(np.argwhere(batch.paths[i]), np.array(sorted(map(tuple, path.tolist()))))
    assert batch.seeds.tolist() == [int(mix_seed(40, stream=1 + i)) for i in range(7)]
    assert batch.recipe == {"algorithm": "kruskal", "goal": "farthest", "braid": 0.2, "solver": "astar"}
    again = batch.maze(3)
    assert again.seed == batch.seeds[3] and np.array_equal(again.carve_order, meiro.generate(
        9, 5, algorithm="kruskal", seed=int(batch.seeds[3]), goal="farthest", braid=0.2).carve_order)


def test_batches_of_nearby_seeds_share_no_mazes():
    # counting up (seed + i) made the batches of seeds 0 and 1 share 999 of their 1000 mazes:
    # a training set and a test set drawn that way were nearly the same set
    zero, one = meiro.generate_batch(1000, 8, 8, seed=0), meiro.generate_batch(1000, 8, 8, seed=1)
    assert not set(zero.seeds.tolist()) & set(one.seeds.tolist())
    assert len(set(zero.seeds.tolist())) == 1000
    # 8x8 mazes are too many to repeat by chance among 2000
    assert not {g.tobytes() for g in zero.grids} & {g.tobytes() for g in one.grids}


@pytest.mark.parametrize("seed", [0, 1, 2**32, 2**64 - 1])
def test_batch_seeds_are_mix_seed_of_the_batch_seed_and_the_number(seed):
    assert [int(s) for s in batch_seeds(seed, 300)] == [int(mix_seed(seed, stream=1 + i))
                                                       for i in range(300)]


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


def test_a_batch_with_paths_but_no_lengths_still_writes_plain_arrays():
    # a MazeBatch put together by hand: what it does not hold is left out, never pickled as None
    batch = dataclasses.replace(meiro.generate_batch(3, 3, 3, seed=2, solver="bfs"), lengths=None)
    data = np.load(io.BytesIO(batch.to_npz()), allow_pickle=False)
    assert "lengths" not in data.files
    assert np.array_equal(data["paths"], batch.paths)


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
    assert "batch seed 9" in out.stdout
    data = np.load(tmp_path / "d1.npz")
    assert np.array_equal(data["grids"][299], meiro.generate(5, 4, seed=int(data["seeds"][299])).grid)
    assert np.array_equal(data["seeds"], batch_seeds(9, 300))


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


def test_a_worker_that_cannot_start_is_one_clear_error(tmp_path):
    # a script without `if __name__ == "__main__":` - each spawned worker runs it again on
    # import, and multiprocessing stops that worker: the caller gets one clear MazeError
    script = tmp_path / "unguarded.py"
    script.write_text("import meiro\n"
                      "try:\n"
                      "    meiro.generate_batch(2 * meiro.batch.PIECE, 3, 3, seed=1, braid=0.5, solver='dfs', "
                      "jobs=2)\n"
                      "except meiro.MazeError as exc:\n"
                      "    print('MazeError:', exc)\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path,
                         timeout=120)
    assert "MazeError: a worker process ended abruptly" in out.stdout, out.stdout + out.stderr
    assert "jobs=1" in out.stdout


def test_a_worker_gone_before_its_piece_is_sent_is_one_clear_error():
    # a broken pipe to a worker must not reach the command line as a BrokenPipeError, which it
    # takes for a reader of its output gone away (a quiet exit 0, with no file written)
    from meiro.batch import _share

    class Closed:
        def send(self, _):
            raise BrokenPipeError(32, "Broken pipe")

    class Dead:
        sentinel = object()

    with pytest.raises(meiro.MazeError, match="worker process ended abruptly"):
        _share([(Dead(), Closed())], [np.arange(3, dtype=np.uint64)])


@pytest.mark.parametrize("args,message", [
    (("-n", "5", "--difficulty", "extreme", "-o", "d"), "difficulty must be easy, medium, hard"),
    (("-n", "5", "--with", "colour", "-o", "d"), "unknown column 'colour'"),
    (("-n", "5", "--min-length", "9", "--max-length", "3", "-o", "d"), "no maze can pass"),
    (("-n", "5", "--size", "3x3", "--min-length", "50", "--max-draws", "2000", "-o", "d"),
     "only 0 of 5 mazes passed the filters in 2,000 draws"),
    (("-n", "5", "--resume", "-o", "d.npz"), "--resume is for Parquet shards"),
    (("-n", "5", "--format", "csv", "-o", "d"), "invalid choice"),
    (("-n", "5", "--scheduler", "tcp://127.0.0.1:9", "-o", "d"), "did not answer"),
])
def test_parquet_dataset_bad_input_is_one_line_exit_2_and_no_files(tmp_path, args, message):
    out = meiro_cli("dataset", *args, cwd=tmp_path)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_parquet_dataset_command_reports_its_draws_and_refuses_a_full_folder(tmp_path):
    out = meiro_cli("dataset", "-n", "200", "--size", "6x6", "--seed", "4", "--min-length", "20",
                    "-o", "mazes", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    drawn = int(out.stdout.split(" of ")[2].split(" draws")[0].replace(",", ""))
    assert "wrote 200 mazes of 6x6 cells in 1 shards" in out.stdout and drawn > 200
    again = meiro_cli("dataset", "-n", "200", "--size", "6x6", "--seed", "4", "--min-length", "20",
                      "-o", "mazes", cwd=tmp_path)
    assert again.returncode == 2 and "not empty" in again.stderr
    resumed = meiro_cli("dataset", "-n", "200", "--size", "6x6", "--seed", "4", "--min-length", "20",
                        "-o", "mazes", "--resume", "-j", "2", cwd=tmp_path)
    assert resumed.returncode == 0 and resumed.stdout == out.stdout
    npz = meiro_cli("dataset", "-n", "200", "--size", "6x6", "--seed", "4", "--min-length", "20",
                    "-o", "m.npz", cwd=tmp_path)
    assert npz.returncode == 0 and f"{drawn:,} drawn" in npz.stdout
    data = np.load(tmp_path / "m.npz")
    assert (data["lengths"] >= 40).all() and len(data["grids"]) == 200

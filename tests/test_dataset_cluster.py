"""Datasets on a Dask cluster: the same bytes as one process, even when a worker dies mid-run."""

import hashlib
import os
import signal
import threading
import time

import pytest

pytest.importorskip("pyarrow")
distributed = pytest.importorskip("dask.distributed")

from meiro.dataset.build import build_dataset  # noqa: E402
from meiro.dataset.cluster import build_on_cluster, connect  # noqa: E402
from meiro.dataset.spec import DatasetSpec, Filters  # noqa: E402
from meiro.errors import MazeError  # noqa: E402


def _sums(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((folder / "data").iterdir())}


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.mark.parametrize("spec", [
    DatasetSpec(3000, 8, 8, seed=1, shard_draws=400, dedupe=True, filters=Filters(min_length=15)),
    DatasetSpec(1000, 6, 6, seed=2, shard_draws=150, extras=("tokens",)),
    # splits: a shard is a file a split, its mazes sent by their canonical forms; with symmetry
    # dedupe, shards are trimmed and made again
    DatasetSpec(120, 5, 5, seed=1, shard_draws=50, dedupe="symmetry",
                splits=(("train", 0.8), ("validation", 0.1), ("test", 0.1))),
], ids=["filtered-deduped", "plain", "split"])
def test_cluster_shards_equal_one_process(tmp_path, client, spec):
    alone = build_dataset(spec, tmp_path / "alone")
    together = build_on_cluster(spec, tmp_path / "cluster", client)
    assert _sums(tmp_path / "alone") == _sums(tmp_path / "cluster")
    assert (tmp_path / "alone" / "README.md").read_bytes() == (tmp_path / "cluster" / "README.md").read_bytes()
    assert (alone.rows, alone.drawn) == (together.rows, together.drawn)


def test_a_worker_killed_mid_run_changes_nothing(tmp_path, client):
    spec = DatasetSpec(120_000, 10, 10, seed=3, shard_draws=6000)
    build_dataset(spec, tmp_path / "alone", jobs=2)
    pids = list(client.run(os.getpid).values())
    killed = []

    def kill_one():
        # once the first shards are on disk, a worker dies outright (its tasks are lost)
        folder = tmp_path / "cluster" / "data"
        while not folder.exists() or len(list(folder.glob("*.parquet"))) < 2:
            time.sleep(0.01)
        os.kill(pids[0], signal.SIGKILL)
        killed.append(pids[0])

    thread = threading.Thread(target=kill_one, daemon=True)
    thread.start()
    build_on_cluster(spec, tmp_path / "cluster", client)
    thread.join(timeout=5)
    assert killed, "the run ended before a worker could be killed"
    assert _sums(tmp_path / "alone") == _sums(tmp_path / "cluster")
    # a part-file that the dead worker was writing is swept away at the end
    assert all(p.name.endswith(".parquet") for p in (tmp_path / "cluster" / "data").iterdir())


def test_a_scheduler_that_does_not_answer_is_one_clear_error():
    started = time.monotonic()
    with pytest.raises(MazeError, match=r"tcp://127.0.0.1:9 did not answer as a Dask scheduler within 2 s"):
        connect("tcp://127.0.0.1:9", timeout=2)
    assert time.monotonic() - started < 30

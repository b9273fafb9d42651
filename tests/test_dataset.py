"""Datasets of Parquet shards: contents, feature types, exact filters, byte-identical shards, resume."""

import hashlib
import io
import json

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import meiro  # noqa: E402
from meiro.dataset.build import build_dataset, collect_batch  # noqa: E402
from meiro.dataset.card import read_record  # noqa: E402
from meiro.dataset.shards import fingerprints  # noqa: E402
from meiro.dataset.spec import DatasetSpec, Filters  # noqa: E402
from meiro.analysis.difficulty import difficulty  # noqa: E402
from meiro.errors import MazeError  # noqa: E402
from meiro.io.maze_dataset import from_tokens, to_connection_list  # noqa: E402
from meiro.analysis.stats import maze_stats  # noqa: E402


def _table(folder):
    return pa.concat_tables([pq.read_table(p) for p in sorted((folder / "data").glob("*.parquet"))])


def _sums(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((folder / "data").iterdir())}


def test_every_row_is_its_seed_maze_with_its_solution_and_figures(tmp_path):
    spec = DatasetSpec(40, 7, 5, algorithm="kruskal", goal="farthest", seed=9, shard_draws=16,
                       extras=("tokens", "connection_list"))
    build_dataset(spec, tmp_path / "d")
    rows = _table(tmp_path / "d").to_pylist()
    assert [r["index"] for r in rows] == list(range(40))
    for row in rows[::7]:
        maze = meiro.generate(7, 5, algorithm="kruskal", goal="farthest", seed=row["seed"])
        assert (np.array(row["grid"]) == maze.grid).all()
        assert tuple(row["start"]) == maze.start and tuple(row["goal"]) == maze.goal
        assert (2 * np.array(row["solution"]) + 1 == meiro.solve(maze, "bfs").path[::2]).all()
        s = maze_stats(maze)
        assert (row["solution_length"], row["dead_ends"], row["longest_path"], row["turns"],
                row["decision_points"]) == (s.solution_length, s.dead_ends, s.longest_path, s.turns,
                                            s.decision_points)
        assert row["difficulty"] == pytest.approx(difficulty(maze), abs=1e-6)
        back, path = from_tokens(row["tokens"], grid_shape=(5, 7))
        assert (back.grid == maze.grid).all() and (path == meiro.solve(maze, "bfs").path).all()
        assert (np.array(row["connection_list"]) == to_connection_list(maze)).all()


def test_hugging_face_loads_the_shards_with_their_feature_types(tmp_path):
    datasets = pytest.importorskip("datasets")
    spec = DatasetSpec(30, 4, 3, seed=2, shard_draws=12, extras=("tokens", "pixels", "connection_list"))
    build_dataset(spec, tmp_path / "d")
    ds = datasets.load_dataset("parquet", data_files=str(tmp_path / "d" / "data" / "*.parquet"), split="train")
    f = ds.features
    assert f["grid"] == datasets.Array2D((7, 9), "bool")
    assert f["connection_list"] == datasets.Array3D((2, 3, 4), "bool")
    assert f["start"] == datasets.List(datasets.Value("int16"), length=2)
    assert f["solution"] == datasets.List(datasets.List(datasets.Value("int16"), length=2))
    assert f["seed"] == datasets.Value("uint64") and f["difficulty"] == datasets.Value("float32")
    assert isinstance(f["input"], datasets.Image) and isinstance(f["target"], datasets.Image)
    row = ds.with_format("numpy")[3]
    assert row["grid"].shape == (7, 9) and row["grid"].dtype == bool
    image = ds[3]["input"]
    assert image.size == (9 * 2 + 2, 7 * 2 + 2)
    # the folder itself, as the Hub sees it: the card's features must agree with the files'
    whole = datasets.load_dataset(str(tmp_path / "d"), split="train")
    assert whole.features == f and len(whole) == 30


def test_the_card_lists_every_shard_with_its_checksum(tmp_path):
    import yaml  # (the test extra has it, as the datasets extra does)
    datasets = pytest.importorskip("datasets")
    spec = DatasetSpec(25, 5, 5, seed=4, shard_draws=10)
    result = build_dataset(spec, tmp_path / "d")
    text = (tmp_path / "d" / "README.md").read_text()
    header = yaml.safe_load(text.split("---")[1])
    record = read_record(text)
    assert record["status"] == "complete" and record["recipe"] == spec.recipe()
    assert {s["file"]: s["sha256"] for s in record["shards"]} == \
        {f"data/{name}": digest for name, digest in _sums(tmp_path / "d").items()}
    assert header["dataset_info"]["splits"][0]["num_examples"] == 25 == result.rows
    expected = datasets.Features.from_arrow_schema(pq.read_schema(tmp_path / "d" / "data" / "shard-00000.parquet"))
    assert header["dataset_info"]["features"] == expected._to_yaml_list()


@pytest.mark.parametrize("jobs", [2, 3])
def test_shards_are_byte_identical_for_any_number_of_threads(tmp_path, jobs):
    spec = DatasetSpec(500, 6, 6, seed=5, shard_draws=90, dedupe=True, filters=Filters(min_length=12),
                       extras=("tokens",))
    build_dataset(spec, tmp_path / "one")
    build_dataset(spec, tmp_path / "many", jobs=jobs)
    assert _sums(tmp_path / "one") == _sums(tmp_path / "many")
    assert (tmp_path / "one" / "README.md").read_bytes() == (tmp_path / "many" / "README.md").read_bytes()


def test_shard_k_always_holds_the_same_draws(tmp_path):
    small = build_dataset(DatasetSpec(30, 5, 5, seed=8, shard_draws=10), tmp_path / "a")
    big = build_dataset(DatasetSpec(50, 5, 5, seed=8, shard_draws=10), tmp_path / "b")
    assert [s["first"] for s in big.shards] == [0, 10, 20, 30, 40]
    assert [s["sha256"] for s in small.shards] == [s["sha256"] for s in big.shards[:3]]


def test_filters_give_exactly_count_rows_that_all_pass_and_count_the_draws(tmp_path):
    f = Filters(min_length=20, max_length=40, min_dead_ends=5, difficulty=(0.0, 0.5))
    spec = DatasetSpec(200, 8, 8, seed=3, shard_draws=64, filters=f)
    result = build_dataset(spec, tmp_path / "d")
    t = _table(tmp_path / "d")
    length, dead, hard = (t[c].to_numpy() for c in ("solution_length", "dead_ends", "difficulty"))
    assert t.num_rows == 200 == result.rows
    assert ((length >= 20) & (length <= 40) & (dead >= 5) & (hard <= 0.5)).all()
    # the draws: up to the last row, and every draw before it that is not a row failed a filter
    index = t["index"].to_numpy()
    assert result.drawn == int(index[-1]) + 1
    skipped = sorted(set(range(result.drawn)) - set(index.tolist()))
    assert len(skipped) == result.drawn - 200
    seeds = meiro.batch.batch_seeds(3, result.drawn)
    for i in skipped[:20]:
        s = maze_stats(meiro.generate(8, 8, seed=int(seeds[i])))
        d = difficulty(meiro.generate(8, 8, seed=int(seeds[i])))
        assert not (20 <= s.solution_length <= 40 and s.dead_ends >= 5 and d <= 0.5 + 1e-7)


def test_dead_end_ends_and_dedupe(tmp_path):
    spec = DatasetSpec(60, 4, 4, seed=1, shard_draws=50, filters=Filters(dead_end_ends=True), dedupe=True)
    build_dataset(spec, tmp_path / "d")
    t = _table(tmp_path / "d")
    for row in t.to_pylist():
        grid = np.array(row["grid"])
        for r, c in (row["start"], row["goal"]):
            assert sum(not grid[r + dr, c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))) == 1
    grids = np.stack([np.array(g) for g in t["grid"].to_pylist()])
    starts, goals = (np.array(t[c].to_pylist()) for c in ("start", "goal"))
    assert len({tuple(x) for x in fingerprints(grids, starts, goals).tolist()}) == 60
    assert len({g.tobytes() + s.tobytes() + e.tobytes() for g, s, e in zip(grids, starts, goals)}) == 60


def test_filters_no_maze_passes_stop_and_leave_nothing(tmp_path):
    spec = DatasetSpec(10, 3, 3, seed=1, filters=Filters(min_length=9), max_draws=5000, shard_draws=1000)
    with pytest.raises(MazeError, match=r"only 0 of 10 mazes passed the filters in 5,000 draws"):
        build_dataset(spec, tmp_path / "d")
    assert not list((tmp_path / "d").rglob("*.parquet")) and not (tmp_path / "d" / "README.md").exists()
    # a 2 x 2 maze has few shapes: asking for more distinct ones than exist ends the same way
    with pytest.raises(MazeError, match="passed the filters"):
        build_dataset(DatasetSpec(200, 2, 2, seed=1, dedupe=True, max_draws=3000), tmp_path / "e")


def test_a_folder_with_files_is_refused_unless_resumed(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "notes.txt").write_text("mine")
    spec = DatasetSpec(10, 4, 4, seed=1)
    with pytest.raises(MazeError, match="not empty"):
        build_dataset(spec, tmp_path / "d")
    with pytest.raises(MazeError, match="no dataset card"):
        build_dataset(spec, tmp_path / "d", resume=True)
    build_dataset(spec, tmp_path / "e")
    with pytest.raises(MazeError, match="different dataset"):
        build_dataset(DatasetSpec(10, 4, 4, seed=2), tmp_path / "e", resume=True)
    assert (tmp_path / "d" / "notes.txt").read_text() == "mine"


def test_resume_keeps_good_shards_and_remakes_missing_and_corrupt_ones(tmp_path):
    spec = DatasetSpec(100, 5, 5, seed=6, shard_draws=20)
    build_dataset(spec, tmp_path / "fresh")
    build_dataset(spec, tmp_path / "d")
    data = tmp_path / "d" / "data"
    (data / "shard-00001.parquet").unlink()
    broken = bytearray((data / "shard-00003.parquet").read_bytes())
    broken[100] ^= 0xFF
    (data / "shard-00003.parquet").write_bytes(bytes(broken))
    kept = (data / "shard-00000.parquet").stat().st_mtime_ns
    said = []
    build_dataset(spec, tmp_path / "d", resume=True, log=said.append)
    assert _sums(tmp_path / "d") == _sums(tmp_path / "fresh")
    assert said == ["data/shard-00003.parquet failed its checksum: made again"]
    assert (data / "shard-00000.parquet").stat().st_mtime_ns == kept


def test_an_npz_with_filters_holds_the_same_rows_as_the_shards(tmp_path):
    spec = DatasetSpec(50, 6, 6, seed=2, shard_draws=30, filters=Filters(min_length=18))
    batch, drawn = collect_batch(spec, jobs=2)
    result = build_dataset(spec, tmp_path / "d")
    t = _table(tmp_path / "d")
    assert drawn == result.drawn and batch.seeds.tolist() == t["seed"].to_pylist()
    assert (batch.lengths == 2 * t["solution_length"].to_numpy()).all()
    solutions = t["solution"].to_pylist()
    for i in (0, 17, 49):
        cells = 2 * np.array(solutions[i]) + 1
        assert batch.paths[i][cells[:, 0], cells[:, 1]].all()
        assert batch.paths[i][1::2, 1::2].sum() == len(cells)


def test_an_fsspec_url_takes_the_shards(tmp_path):
    fsspec = pytest.importorskip("fsspec")
    spec = DatasetSpec(20, 4, 4, seed=3, shard_draws=8)
    build_dataset(spec, "memory://meiro-test/d")
    build_dataset(spec, tmp_path / "d")
    fs = fsspec.filesystem("memory")
    for name, digest in _sums(tmp_path / "d").items():
        assert hashlib.sha256(fs.cat_file(f"/meiro-test/d/data/{name}")).hexdigest() == digest
    record = read_record(fs.cat_file("/meiro-test/d/README.md").decode())
    assert record["rows"] == 20
    fs.rm("/meiro-test", recursive=True)


def test_spec_refuses_what_no_maze_can_be():
    with pytest.raises(MazeError, match="more than max-length"):
        DatasetSpec(10, 5, 5, filters=Filters(min_length=9, max_length=3))
    with pytest.raises(MazeError, match="count must be"):
        DatasetSpec(0, 5, 5)
    with pytest.raises(MazeError, match="unknown extra"):
        DatasetSpec(5, 5, 5, extras=("colour",))
    with pytest.raises(MazeError, match="a number from 0 to 1"):
        DatasetSpec(5, 5, 5, filters=Filters(difficulty=(0.2, 1.5)))
    assert json.loads(json.dumps(DatasetSpec(5, 5, 5, filters=Filters(difficulty=(0.1, 0.2))).recipe()))


def test_parquet_files_have_no_time_stamps(tmp_path):
    spec = DatasetSpec(10, 4, 4, seed=1)
    build_dataset(spec, tmp_path / "a")
    meta = pq.read_metadata(io.BytesIO((tmp_path / "a" / "data" / "shard-00000.parquet").read_bytes()))
    assert meta.num_rows == 10 and b"huggingface" in meta.metadata


def test_packed_grids_unpack_to_the_same_mazes(tmp_path):
    datasets = pytest.importorskip("datasets")
    from meiro.dataset.shards import unpack_grid

    spec = DatasetSpec(30, 9, 4, seed=7, grid="bits")
    build_dataset(spec, tmp_path / "bits")
    build_dataset(DatasetSpec(30, 9, 4, seed=7), tmp_path / "array")
    bits, array = _table(tmp_path / "bits"), _table(tmp_path / "array")
    for packed, grid in zip(bits["grid"].to_pylist(), array["grid"].to_pylist()):
        assert (unpack_grid(packed, 9, 19) == np.array(grid)).all()
    assert bits.drop(["grid"]).equals(array.drop(["grid"]))
    ds = datasets.load_dataset("parquet", data_files=str(tmp_path / "bits" / "data" / "*.parquet"), split="train")
    assert ds.features["grid"] == datasets.Value("binary")
    assert "unpack_grid(value, 9, 19)" in (tmp_path / "bits" / "README.md").read_text()


def test_an_output_that_is_a_file_or_cannot_be_made_is_refused(tmp_path):
    (tmp_path / "taken").write_text("a file")
    with pytest.raises(MazeError, match="is a file, not a folder"):
        build_dataset(DatasetSpec(5, 3, 3, seed=1), tmp_path / "taken")
    with pytest.raises(MazeError, match="cannot make the folder"):
        build_dataset(DatasetSpec(5, 3, 3, seed=1), tmp_path / "taken" / "inside")
    assert (tmp_path / "taken").read_text() == "a file"


def test_without_pyarrow_the_command_says_how_to_get_it_and_makes_nothing(tmp_path):
    import subprocess
    import sys

    code = ("import runpy, sys; sys.modules['pyarrow'] = None; "
            "sys.argv = ['meiro', 'dataset', '-n', '5', '--size', '4x4', '-o', 'mazes']; "
            "runpy.run_module('meiro', run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == 'meiro: error: Parquet datasets need pyarrow: pip install "meiro[datasets]"'
    assert list(tmp_path.iterdir()) == []


def test_a_spec_holds_its_mazes_recipe():
    from meiro.recipe import Recipe

    recipe = Recipe(7, 5, "kruskal", seed=9, goal="farthest", braid=0.5)
    spec = DatasetSpec.of(40, recipe, shard_draws=16)
    assert spec == DatasetSpec(40, 7, 5, algorithm="kruskal", goal="farthest", braid=0.5, seed=9, shard_draws=16)
    assert spec.maze_recipe == recipe and spec.recipe()["algorithm"] == "kruskal"
    assert DatasetSpec(3, np.int64(4), 4, seed=np.uint64(2)).recipe()["seed"] == 2     # NumPy integers, stored as int
    with pytest.raises(meiro.MazeError, match="count must be a whole number from 1"):
        DatasetSpec(True, 4, 4)
    with pytest.raises(meiro.MazeError, match="no mask"):
        DatasetSpec.of(3, Recipe(4, 4, start=(3, 3)))


def test_without_pyyaml_writing_a_dataset_says_how_to_get_it_and_makes_nothing(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "yaml", None)  # what an import finds when PyYAML is missing
    with pytest.raises(meiro.MazeError, match=r'need PyYAML: pip install "meiro\[datasets\]"'):
        build_dataset(DatasetSpec(5, 4, 4, seed=1), tmp_path / "d")
    assert list(tmp_path.iterdir()) == []

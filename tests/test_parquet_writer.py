"""The shards' own Parquet writing reads back as pyarrow's writing does: the same schema, values, statistics."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from meiro.dataset.parquet import parquet_bytes  # noqa: E402


def _nested(array):
    values = pa.array(array.reshape(-1))
    for size in reversed(array.shape[1:]):
        n = len(values) // size
        values = pa.ListArray.from_arrays(pa.array(np.arange(0, n * size + 1, size, dtype=np.int32)), values)
    return values


def _table(rows=21, seed=1):
    rng = np.random.default_rng(seed)
    lengths = rng.integers(1, 6, rows)
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
    pairs = pa.FixedSizeListArray.from_arrays(pa.array(rng.integers(-9, 9, 2 * offsets[-1]).astype(np.int16)), 2)
    ragged = np.concatenate([[0], np.cumsum(rng.integers(1, 4, rows))]).astype(np.int32)
    return pa.table({
        "index": pa.array(np.arange(rows, dtype=np.uint64) + 2**63),
        "seed": pa.array(rng.integers(0, 2**63, rows).astype(np.uint64)),
        "width": pa.array(np.full(rows, 3, np.int16)),
        "algorithm": pa.array(["dig"] * rows),
        "text": pa.array([f"row {i} " * i for i in range(rows)]),
        "bits": pa.array([bytes(rng.integers(0, 256, i % 4, dtype=np.uint8)) for i in range(rows)], pa.binary()),
        "packed": pa.array([bytes(rng.integers(0, 256, 5, dtype=np.uint8)) for i in range(rows)], pa.binary()),
        "grid": _nested(rng.random((rows, 5, 7)) < 0.5),
        "start": pa.FixedSizeListArray.from_arrays(pa.array(rng.integers(0, 9, 2 * rows).astype(np.int16)), 2),
        "solution": pa.ListArray.from_arrays(pa.array(offsets), pairs),
        "ragged": pa.ListArray.from_arrays(pa.array(ragged), pa.array(rng.random(ragged[-1]) < 0.5)),
        "cube": _nested(rng.random((rows, 2, 3, 4)) < 0.5),  # an Array3D
        "lists": pa.array([[list(range(j % 3 + 1)) for j in range(i % 4 + 1)] for i in range(rows)],
                          pa.list_(pa.list_(pa.int32()))),
        "moves": pa.FixedSizeListArray.from_arrays(pa.array(rng.integers(-1, 4, 3 * rows).astype(np.int8)), 3),
        "count": pa.array(rng.integers(-5, 5, rows).astype(np.int32)),
        "big": pa.array(rng.integers(-2**40, 2**40, rows)),
        "share": pa.array(rng.random(rows).astype(np.float32)),
        "double": pa.array(rng.random(rows)),
    }, metadata={"huggingface": '{"info": {}}'})


def _pyarrow_bytes(table, row_group, statistics):
    sink = io.BytesIO()
    pq.write_table(table, sink, row_group_size=row_group, compression="zstd", write_statistics=list(statistics))
    return sink.getvalue()


@pytest.mark.parametrize("row_group", [3, 8, 100])
def test_every_column_type_reads_back_as_pyarrow_s_file_does(row_group):
    table = _table()
    ours = pq.ParquetFile(io.BytesIO(parquet_bytes(table, row_group, statistics=("index", "seed"))))
    theirs = pq.ParquetFile(io.BytesIO(_pyarrow_bytes(table, row_group, ("index", "seed"))))
    mine, want = ours.read(), theirs.read()
    assert mine.equals(want) and mine.schema.equals(want.schema, check_metadata=True)
    assert mine.to_pylist() == table.to_pylist()
    # the Parquet schema itself (what readers without Arrow's schema see), line for line
    assert str(ours.schema).splitlines()[1:] == str(theirs.schema).splitlines()[1:]
    assert ours.metadata.num_row_groups == theirs.metadata.num_row_groups
    for g in range(ours.metadata.num_row_groups):
        for c in range(ours.metadata.num_columns):
            a, b = ours.metadata.row_group(g).column(c), theirs.metadata.row_group(g).column(c)
            assert a.path_in_schema == b.path_in_schema and a.num_values == b.num_values
            if a.path_in_schema in ("index", "seed"):
                assert (a.statistics.min, a.statistics.max) == (b.statistics.min, b.statistics.max)
            else:
                assert not a.is_stats_set


def test_a_slice_of_a_table_is_written_as_its_own_rows():
    table = _table(40).slice(13, 17)
    back = pq.read_table(io.BytesIO(parquet_bytes(table, 5)))
    assert back.to_pylist() == table.to_pylist()


def test_what_it_leaves_to_pyarrow():
    assert parquet_bytes(pa.table({"a": pa.array([1, None])}), 8) is None  # a null
    empty = pa.ListArray.from_arrays(pa.array(np.array([0, 1, 1], np.int32)), pa.array([True]))
    assert parquet_bytes(pa.table({"a": empty}), 8) is None  # an empty list
    struct = pa.StructArray.from_arrays([pa.array([1, 2])], names=["x"])
    assert parquet_bytes(pa.table({"a": struct}), 8) is None
    assert parquet_bytes(pa.table({"a": pa.array([], pa.int32())}), 8) is None  # no rows
    deep = pa.array([[[[[1]]]]])  # lists four deep
    assert parquet_bytes(pa.table({"a": deep}), 8) is None


def test_every_square_shard_column_is_written_and_reads_as_pyarrow_s(tmp_path):
    from meiro.dataset.shards import ROW_GROUP, draw_shard, shard_table
    from meiro.dataset.spec import DatasetSpec

    spec = DatasetSpec(30, 6, 5, seed=4, extras=("tokens", "connection_list", "solution_mask",
                                                  "solution_padded", "moves", "prompt", "answer"))
    table = shard_table(spec, draw_shard(spec, 0))
    ours = parquet_bytes(table, ROW_GROUP, statistics=("index", "seed"))
    assert ours is not None
    mine = pq.read_table(io.BytesIO(ours))
    want = pq.read_table(io.BytesIO(_pyarrow_bytes(table, ROW_GROUP, ("index", "seed"))))
    assert mine.equals(want) and mine.schema.equals(want.schema, check_metadata=True)


@pytest.mark.parametrize("recipe", [
    ["--size", "5x4", "--with", "solution_mask,solution_padded,moves,tokens,prompt,answer,connection_list"],
    ["--grid", "hex", "--size", "5x4"], ["--grid", "3d", "--size", "3x3x2"]], ids=["square", "hex", "3d"])
def test_a_dataset_run_never_imports_pandas_and_writes_its_own_parquet(tmp_path, recipe):
    """pyarrow imports pandas (a fifth of a second) the first time NumPy data goes in or out
    through ``pa.array``/``to_numpy``, and ``pyarrow.compute`` (a twentieth) when a list is
    flattened; the shards are built and written from buffers instead."""
    import subprocess
    import sys

    script = ("import sys\nfrom meiro.cli import main\n"
              "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
              "print('pandas' in sys.modules, 'pyarrow.compute' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script, "dataset", "-q", "-n", "50", *recipe, "--seed", "1",
                          "-o", str(tmp_path / "d")], capture_output=True, text=True, timeout=300)
    assert out.stdout.strip().splitlines()[-1] == "False False", out.stdout + out.stderr
    shard = pq.ParquetFile(tmp_path / "d" / "data" / "shard-00000.parquet")
    assert shard.metadata.created_by.startswith("meiro version")  # (not pyarrow's writer)
    assert shard.read().num_rows == 50


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 40), inner=st.integers(1, 5), most=st.sampled_from([1, 3, 15, 200]),
       shape=st.tuples(st.integers(1, 40), st.integers(1, 40)), row_group=st.integers(1, 50),
       seed=st.integers(0, 2**32 - 1))
def test_paths_and_grids_of_any_shape_read_back(rows, inner, most, shape, row_group, seed):
    # the shortcuts a shard's columns take: a list of fixed-size lists (a path's pairs: levels
    # tiled, 4-bit dictionary indices packed two at a time) and fixed shapes (levels as RLE runs)
    rng = np.random.default_rng(seed)
    offsets = np.concatenate([[0], np.cumsum(rng.integers(1, 7, rows))]).astype(np.int32)
    values = pa.array(rng.integers(0, most + 1, inner * offsets[-1]).astype(np.int16))
    table = pa.table({"path": pa.ListArray.from_arrays(pa.array(offsets), pa.FixedSizeListArray.from_arrays(values, inner)),
                      "grid": _nested(rng.random((rows, *shape)) < 0.5)})
    back = pq.read_table(io.BytesIO(parquet_bytes(table, row_group)))
    assert back.to_pylist() == table.to_pylist()

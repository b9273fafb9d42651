"""One shard of a dataset: its draws made and filtered, then its rows as a Parquet file.

Making a shard is two steps, so that the rows the whole dataset keeps can be
settled in draw order before any file is written (de-duplication and the cut
at ``count`` look across shards):

1. :func:`draw_shard` makes the shard's draws, measures and solves them in one
   compiled pass (:func:`meiro.analysis.measured.measured_mazes`; with
   ``path_length``, which moves the goals, :func:`meiro.generate_batch` then
   :func:`meiro.analysis.batch_stats.batch_stats`) and keeps those that pass the
   filters, with a 128-bit fingerprint of each for de-duplication. A few µs a
   maze, no Python per maze.
2. :func:`shard_bytes` turns the kept rows the dataset settled on into the
   Parquet file (:mod:`.parquet` writes it from the columns' buffers; pyarrow
   writes the pictures' structs): the same rows give the same bytes, on any
   machine (no time stamps; fixed row groups and compression).

Columns (one row per maze; block coordinates are ``(row, col)`` of the grid,
cell ``(i, j)`` being block ``(2i + 1, 2j + 1)``). ``grid="bits"`` stores each
grid as one binary value, its rows' packed bits: smaller files, for readers
that unpack them (:func:`unpack_grid`). The solution is stored in cells (half
the values of its blocks, and the form maze-dataset users already read).

================  ==============================  ===========================================
column            type (Hugging Face feature)     what
================  ==============================  ===========================================
index             uint64                          the draw: maze ``index`` of the batch
seed              uint64                          ``meiro.generate(..., seed=seed)`` makes it again
width, height     int16                           cells across and down
algorithm         string                          the generator
grid              Array2D(rows, cols) bool        True = wall (``Maze.grid``); with ``grid="bits"``
                  or binary                       each row's bits packed (:func:`unpack_grid`)
start, goal       List(int16, length=2)           blocks
solution          List(List(int16, length=2))     the shortest path's *cells*, start to goal, as
                                                  maze-dataset's ``SolvedMaze.solution``
solution_length   int32                           steps from cell to cell
dead_ends         int32                           cells with one opening
dead_end_share    float32                         their share of the cells
decision_points   int32                           see :mod:`meiro.analysis.batch_stats`
solution_share    float32                         cells on the solution / all cells
longest_path      int32                           the maze's diameter in steps
turns             int32                           turns along the solution
difficulty        float32                         0 to 1, :mod:`meiro.analysis.difficulty`
tokens            string                          (extra) maze-dataset's AOTP text
text_format       string                          (with prompt or answer) their format
prompt, answer    string                          (extras) a text task (:mod:`meiro.text.tasks`)
connection_list   Array3D(2, height, width) bool  (extra) maze-dataset's connections
input, target     Image (PNG)                     (extra ``pixels``) :mod:`.pixels`
solution_mask     Array2D(rows, cols) bool        (extra) True on the *blocks* of the shortest path
solution_padded   Array2D(width * height, 2)      (extra) ``solution``'s *cells*, then ``-1, -1``:
                  int16                           one fixed shape for a batch
moves             List(int8, length=cells - 1)    (extra) the path's moves cell to cell, 0 up,
                                                  1 down, 2 left, 3 right (:data:`MOVES`), then -1
================  ==============================  ===========================================

Units: ``solution_length`` and ``longest_path`` count *cell steps* (one move
from a cell to the next, a ``moves`` entry), as ``--min-length`` and ``--path-length`` do;
``meiro.MazeBatch.lengths`` and ``meiro.solve(...).length`` count *block* steps, twice as many.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..batch import MazeBatch, batch_seeds, generate_batch
from ..analysis.batch_stats import BatchStats, batch_paths, batch_solutions, batch_stats
from ..analysis.measured import Measured, can_measure, measured_mazes
from ..generators import resolve_seed
from ..errors import MazeError
from ..generators.distance_goal import goals_at_distance
from .arrow_arrays import from_numpy, repeated_text, strings
from .fingerprint import row_fingerprints
from .parquet import parquet_bytes
from .puzzles import puzzle_prints
from .kind_shards import DrawnKindShard, draw_kind_shard, kind_features, kind_shard_table
from .spec import DatasetSpec

#: Rows a Parquet row group holds (fixed, so the bytes never depend on who writes them).
ROW_GROUP = 8192
#: pyarrow's compression for the shards: zstd compresses the bit grids and paths well and fast.
COMPRESSION = "zstd"


@dataclass
class DrawnShard:
    """The draws of shard ``k`` that pass the filters (step 1 of the module docs)."""

    k: int
    first: int  # the shard's first draw
    drawn: int  # how many draws it made
    index: np.ndarray  # the kept draws' numbers
    seeds: np.ndarray
    grids: np.ndarray
    starts: np.ndarray
    goals: np.ndarray
    stats: BatchStats
    fingerprints: np.ndarray | None  # (kept, 2 or 4) uint64 with dedupe or exclude
    #: the solutions' cells, when the draws' pass made them: ``(offsets, cells)`` as
    #: :func:`~meiro.analysis.batch_stats.batch_solutions` gives them
    solutions: tuple[np.ndarray, np.ndarray] | None = None
    #: the one compiled pass's result the draws are (the arrays a later shard may reuse)
    made: Measured | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.index)

    def take(self, keep: np.ndarray) -> DrawnShard:
        """The rows ``keep`` (indices, in order) selects (itself when that is every row: no copy)."""
        if isinstance(keep, np.ndarray) and len(keep) == len(self) and (len(keep) == 0 or (
                keep[0] == 0 and keep[-1] == len(self) - 1)):
            return self  # increasing indices from 0 to the last: all of them
        return DrawnShard(self.k, self.first, self.drawn, self.index[keep], self.seeds[keep],
                          self.grids[keep], self.starts[keep], self.goals[keep], self.stats.take(keep),
                          None if self.fingerprints is None else self.fingerprints[keep],
                          None if self.solutions is None else _ragged_take(*self.solutions, keep))

    def solution_cells(self) -> tuple[np.ndarray, np.ndarray]:
        """Each row's breadth-first solution in cells, ``(offsets, cells)``: the draws' own, or
        found now."""
        if self.solutions is not None:
            return self.solutions
        return batch_solutions(self.grids, self.starts, self.goals, self.stats.solution_length)

    def block_paths(self) -> tuple[np.ndarray, np.ndarray]:
        """Each row's solution as blocks, ``(offsets, blocks)`` as
        :func:`~meiro.analysis.batch_stats.batch_paths` gives them (from the draws' cells when
        they are there: a cell ``c`` is block ``2c + 1``, and the slot between two cells the
        block halfway)."""
        if self.solutions is None:
            return batch_paths(self.grids, self.starts, self.goals, self.stats.solution_length)
        return cells_to_blocks(*self.solutions)


def cells_to_blocks(offsets: np.ndarray, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cell paths (``batch_solutions``' form) as block paths (``batch_paths``'): the cells'
    blocks with the wall slot between each two.

    >>> o, b = cells_to_blocks(np.array([0, 2, 3]), np.array([[0, 0], [0, 1], [2, 2]], np.int16))
    >>> o.tolist(), b.tolist()
    ([0, 3, 4], [[1, 1], [1, 2], [1, 3], [5, 5]])
    """
    sizes = np.diff(offsets)
    out = np.zeros(len(sizes) + 1, np.int64)
    np.cumsum(np.maximum(2 * sizes - 1, 0), out=out[1:])
    blocks = np.empty((int(out[-1]), 2), cells.dtype)
    owner = np.repeat(np.arange(len(sizes)), sizes)
    place = out[:-1][owner] + 2 * (np.arange(len(cells)) - offsets[:-1][owner])
    blocks[place] = 2 * cells + 1
    between = np.ones(len(cells), bool)
    between[offsets[1:][sizes > 0] - 1] = False  # each path's last cell: no slot after it
    blocks[place[between] + 1] = cells[between] + cells[np.flatnonzero(between) + 1] + 1
    return out, blocks


def _ragged_take(offsets: np.ndarray, values: np.ndarray, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows ``keep`` selects of a ragged column (row ``k`` is ``values[offsets[k]:offsets[k + 1]]``).

    >>> o, v = _ragged_take(np.array([0, 2, 3, 6]), np.arange(6), np.array([0, 2]))
    >>> o.tolist(), v.tolist()
    ([0, 2, 5], [0, 1, 3, 4, 5])
    """
    sizes = np.diff(offsets)[keep]
    out = np.zeros(len(sizes) + 1, np.int64)
    np.cumsum(sizes, out=out[1:])
    where = np.repeat(offsets[:-1][keep] - out[:-1], sizes) + np.arange(out[-1])
    return out, values[where]


#: A shard's drawn rows: square mazes' or another grid kind's (:mod:`.kind_shards`).
Drawn = DrawnShard | DrawnKindShard


def shard_range(spec: DatasetSpec, k: int) -> tuple[int, int]:
    """The draws shard ``k`` covers: ``(first, stop)``, cut at ``spec.max_draws``."""
    first = k * spec.shard_draws
    return first, min(first + spec.shard_draws, spec.max_draws)


def draw_shard(spec: DatasetSpec, k: int, jobs: int = 1, reuse: Drawn | None = None) -> Drawn:
    """Make, measure and filter the draws of shard ``k`` (module docs, step 1; a grid kind's:
    :mod:`.kind_shards`).

    ``reuse`` is a shard drawn earlier (as this function returned it) that is no longer
    wanted: its arrays may be written over (:func:`~meiro.analysis.measured.measured_mazes`).
    """
    first, stop = shard_range(spec, k)
    if stop <= first:
        raise MazeError(f"shard {k} starts after the last draw ({spec.max_draws})")
    if spec.kind != "square":
        return draw_kind_shard(spec, k, first, stop, jobs)
    if spec.path_length is None and can_measure(spec.algorithm, spec.width, spec.height):
        # made, measured and solved in one compiled pass (meiro.analysis.measured)
        seeds = batch_seeds(resolve_seed(spec.seed), stop - first, first)
        made = measured_mazes(spec.width, spec.height, spec.algorithm, spec.goal, spec.braid, seeds, jobs,
                              reuse.made if isinstance(reuse, DrawnShard) else None)
        keep = _passing(spec, made.stats, made.grids, made.starts, made.goals)
        drawn = DrawnShard(k, first, stop - first, np.arange(first, stop, dtype=np.uint64), seeds, made.grids,
                           made.starts, made.goals, made.stats, None, (made.offsets, made.cells), made)
    else:
        batch = generate_batch(stop - first, spec.maze_recipe, jobs=jobs, first=first)
        assert isinstance(batch, MazeBatch)  # (a square recipe's batch)
        found = _distance_goals(spec, batch)
        stats = _stats(batch.grids, batch.starts, batch.goals, jobs)
        keep = _passing(spec, stats, batch.grids, batch.starts, batch.goals, found)
        drawn = DrawnShard(k, first, stop - first, np.arange(first, stop, dtype=np.uint64), batch.seeds,
                           batch.grids, batch.starts, batch.goals, stats, None)
    drawn = drawn.take(keep)
    # the settler's keys (meiro.dataset.build): exact prints first, the puzzles' (canonical) last
    prints = ([fingerprints(drawn.grids, drawn.starts, drawn.goals)] if spec.dedupe is True else []) \
        + ([puzzle_prints(drawn.grids, drawn.starts, drawn.goals)]
           if spec.dedupe == "symmetry" or spec.exclude else [])
    if prints:
        drawn.fingerprints = np.concatenate(prints, axis=1)
    return drawn


def _distance_goals(spec: DatasetSpec, batch: MazeBatch) -> np.ndarray | None:
    """With ``path_length``, each maze's goal moved that far from its start
    (:mod:`meiro.generators.distance_goal`); which mazes have such a cell (the others keep
    their goal, to be measured, and do not pass)."""
    if spec.path_length is None:
        return None
    goals, found = goals_at_distance(batch.grids, batch.starts, batch.seeds, *spec.path_length)
    batch.goals[found] = goals[found]
    return found


def _stats(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray, jobs: int) -> BatchStats:
    """batch_stats, shared between ``jobs`` threads (its kernel releases the GIL)."""
    if jobs <= 1 or len(grids) < 2 * 4096:
        return batch_stats(grids, starts, goals)
    from concurrent.futures import ThreadPoolExecutor

    cuts = np.linspace(0, len(grids), jobs + 1).astype(int)
    with ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(lambda r: batch_stats(grids[r[0]:r[1]], starts[r[0]:r[1]], goals[r[0]:r[1]]),
                              zip(cuts[:-1], cuts[1:])))
    return BatchStats(*(np.concatenate([getattr(p, name) for p in parts])
                        for name in BatchStats.__dataclass_fields__))


def _passing(spec: DatasetSpec, stats: BatchStats, grids: np.ndarray, starts: np.ndarray,
             goals: np.ndarray, found: np.ndarray | None = None) -> np.ndarray:
    """Indices of the draws that pass ``spec.filters`` (and have a goal ``found``), in order."""
    f = spec.filters
    keep = stats.solution_length >= 0
    if found is not None:
        keep &= found
    if f.min_length is not None:
        keep &= stats.solution_length >= f.min_length
    if f.max_length is not None:
        keep &= stats.solution_length <= f.max_length
    if f.min_dead_ends is not None:
        keep &= stats.dead_ends >= f.min_dead_ends
    if f.difficulty is not None:
        low, high = f.difficulty
        d = stats.difficulty
        keep &= (d >= low) & (d <= high)
    if f.dead_end_ends:
        index = np.arange(len(grids))
        keep &= (_openings(grids, index, starts) == 1) & (_openings(grids, index, goals) == 1)
    return np.flatnonzero(keep)


def _openings(grids: np.ndarray, index: np.ndarray, cells: np.ndarray) -> np.ndarray:
    r, c = cells[:, 0], cells[:, 1]
    out = np.zeros(len(index), np.int64)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        out += ~grids[index, r + dr, c + dc]
    return out


def fingerprints(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray) -> np.ndarray:
    """A 128-bit fingerprint of each maze (grid, start and goal): two independent 64-bit hashes.

    Two different mazes share one with a chance of about ``2**-128`` per pair:
    de-duplication by fingerprint is exact for any dataset that fits on a disk.

    Examples
    --------
    >>> import meiro
    >>> b = meiro.generate_batch(3, 5, 5, seed=1)
    >>> f = fingerprints(b.grids, b.starts, b.goals)
    >>> f.shape, len({tuple(x) for x in f.tolist()})
    ((3, 2), 3)
    >>> bool((fingerprints(b.grids[[1]], b.starts[[1]], b.goals[[1]]) == f[1]).all())
    True
    """
    packed = np.packbits(grids.reshape(len(grids), -1), axis=1)
    ends = np.concatenate([starts, goals], axis=1).astype("<u4").view(np.uint8)
    return row_fingerprints(np.concatenate([packed, ends.reshape(len(grids), -1)], axis=1))


# -- the Parquet file -------------------------------------------------------------------------

def features(spec: DatasetSpec) -> dict[str, Any]:
    """The rows' Hugging Face ``Features``, as its ``to_dict()`` writes them (no ``datasets`` needed)."""
    if spec.kind != "square":
        return kind_features(spec)

    def value(dtype: str) -> dict[str, Any]:
        return {"dtype": dtype, "_type": "Value"}

    pair = {"feature": value("int16"), "length": 2, "_type": "List"}
    out = {"index": value("uint64"), "seed": value("uint64"), "width": value("int16"),
           "height": value("int16"), "algorithm": value("string"),
           "grid": ({"shape": [spec.rows, spec.cols], "dtype": "bool", "_type": "Array2D"}
                    if spec.grid == "array" else value("binary")),
           "start": pair, "goal": pair, "solution": {"feature": pair, "_type": "List"}}
    for name, dtype in _STAT_COLUMNS:
        out[name] = value(dtype)
    if {"prompt", "answer"} & set(spec.extras):
        out["text_format"] = value("string")
    for name in ("tokens", "prompt", "answer"):
        if name in spec.extras:
            out[name] = value("string")
    if "connection_list" in spec.extras:
        out["connection_list"] = {"shape": [2, spec.height, spec.width], "dtype": "bool", "_type": "Array3D"}
    if "pixels" in spec.extras:
        out["input"] = out["target"] = {"_type": "Image"}
    if "solution_mask" in spec.extras:
        out["solution_mask"] = {"shape": [spec.rows, spec.cols], "dtype": "bool", "_type": "Array2D"}
    if "solution_padded" in spec.extras:
        out["solution_padded"] = {"shape": [spec.cell_count(), 2], "dtype": "int16", "_type": "Array2D"}
    if "moves" in spec.extras:
        out["moves"] = {"feature": value("int8"), "length": max(1, spec.cell_count() - 1), "_type": "List"}
    return out


_STAT_COLUMNS = (("solution_length", "int32"), ("dead_ends", "int32"), ("dead_end_share", "float32"),
                 ("decision_points", "int32"), ("solution_share", "float32"),
                 ("longest_path", "int32"), ("turns", "int32"), ("difficulty", "float32"))


def pyarrow() -> Any:
    """pyarrow, or a MazeError that says how to get it (PyYAML too, for the card: checked here,
    before any work, so that a run never stops after its first shard for want of it)."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise MazeError("Parquet datasets need pyarrow: pip install \"meiro[datasets]\"") from None
    try:
        import yaml  # noqa: F401
    except ImportError:
        raise MazeError("Parquet datasets need PyYAML: pip install \"meiro[datasets]\"") from None
    return pyarrow


def shard_table(spec: DatasetSpec, rows: DrawnShard) -> Any:
    """The rows as a pyarrow Table with the dataset's schema (features in its metadata)."""
    pa = pyarrow()

    n = len(rows)
    columns = {
        "index": from_numpy(rows.index.astype(np.uint64)),
        "seed": from_numpy(rows.seeds.astype(np.uint64)),
        "width": from_numpy(np.full(n, spec.width, np.int16)),
        "height": from_numpy(np.full(n, spec.height, np.int16)),
        "algorithm": repeated_text(spec.algorithm, n),
        "grid": _nested(rows.grids) if spec.grid == "array" else _packed(rows.grids),
        "start": _pairs(rows.starts),
        "goal": _pairs(rows.goals),
    }
    cell_offsets, cells = rows.solution_cells()
    columns["solution"] = pa.ListArray.from_arrays(from_numpy(cell_offsets.astype(np.int32)), _pairs(cells))
    for name, dtype in _STAT_COLUMNS:
        columns[name] = from_numpy(getattr(rows.stats, name).astype(dtype))
    if {"tokens", "pixels", "prompt", "answer", "solution_mask"} & set(spec.extras):
        offsets, blocks = rows.block_paths()
    if "solution_mask" in spec.extras:
        columns["solution_mask"] = _nested(path_masks(rows.grids.shape, offsets, blocks))
    if "solution_padded" in spec.extras or "moves" in spec.extras:
        padded = padded_solutions(cell_offsets, cells, spec.cell_count())
    if "solution_padded" in spec.extras:
        columns["solution_padded"] = _nested(padded)
    if "moves" in spec.extras:
        columns["moves"] = pa.FixedSizeListArray.from_arrays(
            from_numpy(move_codes(padded).reshape(-1)), max(1, spec.cell_count() - 1))
    if "tokens" in spec.extras:
        columns["tokens"] = strings(_tokens(rows, offsets, blocks))
    if {"prompt", "answer"} & set(spec.extras):  # (meiro.text.tasks; --text-format)
        from .text_rows import text_columns

        for name, texts in text_columns(spec, rows.grids, rows.starts, rows.goals, offsets, blocks).items():
            columns[name] = strings(texts)
    if "connection_list" in spec.extras:
        columns["connection_list"] = _nested(connection_lists(rows.grids))
    if "pixels" in spec.extras:
        columns["input"], columns["target"] = _pictures(spec, rows, offsets, blocks)
    fields = [pa.field(name, array.type, metadata=_extension(name, spec)) for name, array in columns.items()]
    meta = {"huggingface": json.dumps({"info": {"features": features(spec)}}, sort_keys=True)}
    return pa.Table.from_arrays(list(columns.values()), schema=pa.schema(fields, metadata=meta))


def _extension(name: str, spec: DatasetSpec) -> dict[bytes, bytes] | None:
    """Arrow's extension-type marks for the ArrayND columns, as ``datasets`` writes them.

    ``datasets`` takes a column's feature from the file's metadata only when the
    column's Arrow type is that feature's (for ``Array2D`` its extension type,
    which ``datasets`` registers on import): these marks make pyarrow read the
    nested lists back as that type, without ``datasets`` needed to write them.
    """
    feature = features(spec).get(name, {})
    kind = feature.get("_type")
    if kind not in ("Array2D", "Array3D"):
        return None
    return {b"ARROW:extension:name": f"datasets.features.features.{kind}ExtensionType".encode(),
            b"ARROW:extension:metadata": json.dumps([feature["shape"], feature["dtype"]]).encode()}


def shard_bytes(spec: DatasetSpec, rows: Drawn) -> bytes:
    """The Parquet file of the rows (module docs, step 2)."""
    table = shard_table(spec, rows) if isinstance(rows, DrawnShard) else kind_shard_table(spec, rows)
    # the shard's plain columns as Parquet straight from their buffers (:mod:`.parquet`);
    # pyarrow's writer for what that does not write (the pictures' structs, a kind's empty
    # lists: a weave maze without crossings)
    data = parquet_bytes(table, ROW_GROUP, statistics=("index", "seed"))
    if data is not None:
        return data
    sink = io.BytesIO()
    pyarrow().parquet.write_table(
        table, sink, row_group_size=ROW_GROUP, compression=COMPRESSION,
        use_dictionary=["algorithm", "text_format"] if spec.kind == "square" else ["kind", "algorithm"],
        write_statistics=["index", "seed"])
    return sink.getvalue()


def connection_lists(grids: np.ndarray) -> np.ndarray:
    """maze-dataset's ``connection_list`` of each maze: ``(count, 2, height, width)`` bool
    (:func:`meiro.io.maze_dataset.to_connection_list` for a stack)."""
    count, rows, cols = grids.shape
    height, width = rows // 2, cols // 2
    out = np.zeros((count, 2, height, width), bool)
    out[:, 0, :-1, :] = ~grids[:, 2:-1:2, 1::2]
    out[:, 1, :, :-1] = ~grids[:, 1::2, 2:-1:2]
    return out


def path_masks(shape: tuple[int, ...], offsets: np.ndarray, blocks: np.ndarray) -> np.ndarray:
    """The ``solution_mask`` of each maze: a bool grid of ``shape`` ``(count, rows, cols)``, True
    on the blocks of its path (``offsets`` and ``blocks`` as
    :func:`meiro.analysis.batch_stats.batch_paths` gives them)."""
    masks = np.zeros(shape, bool)
    owner = np.repeat(np.arange(shape[0]), np.diff(offsets))
    masks[owner, blocks[:, 0], blocks[:, 1]] = True
    return masks


def padded_solutions(offsets: np.ndarray, cells: np.ndarray, length: int) -> np.ndarray:
    """Each solution's cells (``(count, length, 2)`` int16) from start to goal, then ``-1``.

    >>> padded_solutions(np.array([0, 2, 3]), np.array([[0, 0], [0, 1], [2, 2]]), 3)[:, :, 1].tolist()
    [[0, 1, -1], [2, -1, -1]]
    """
    count = len(offsets) - 1
    out = np.full((count, length, 2), -1, np.int16)
    sizes = np.diff(offsets)
    owner = np.repeat(np.arange(count), sizes)
    place = np.arange(len(cells)) - np.repeat(offsets[:-1], sizes)
    out[owner, place] = cells
    return out


#: the ``moves`` column's codes: up, down, left, right (``U``, ``D``, ``L``, ``R``); -1 pads
MOVES = "UDLR"


def move_codes(padded: np.ndarray) -> np.ndarray:
    """Each padded solution's moves from cell to cell (``(count, max(1, length - 1))`` int8:
    0 up, 1 down, 2 left, 3 right, then -1).

    >>> move_codes(np.array([[[0, 0], [0, 1], [1, 1], [-1, -1]]], np.int16)).tolist()
    [[3, 1, -1]]
    """
    step = padded[:, 1:].astype(np.int64) - padded[:, :-1]
    valid = (padded[:, 1:, 0] >= 0) & (padded[:, :-1, 0] >= 0)
    code = np.select([step[..., 0] < 0, step[..., 0] > 0, step[..., 1] < 0], [0, 1, 2], 3).astype(np.int8)
    code[~valid] = -1
    if code.shape[1] == 0:
        code = np.full((len(padded), 1), -1, np.int8)
    return code


def unpack_grid(value: Any, rows: int, cols: int) -> np.ndarray:
    """A ``grid="bits"`` shard's grid as the bool array (rows, cols) (True = wall); given a
    sequence of such values (a list, a column's ``to_pylist()``, a NumPy object array), all
    of them at once as ``(count, rows, cols)``.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 3, seed=1)
    >>> packed = np.packbits(m.grid, axis=1).tobytes()
    >>> bool((unpack_grid(packed, 7, 9) == m.grid).all())
    True
    >>> unpack_grid([packed, packed], 7, 9).shape
    (2, 7, 9)
    """
    if isinstance(value, (bytes, bytearray, memoryview)):
        packed = np.frombuffer(value, np.uint8).reshape(rows, -1)
        grid: np.ndarray = np.unpackbits(packed, axis=1, count=cols).astype(bool)
        return grid
    values = [bytes(v) for v in value]
    if not values:
        return np.zeros((0, rows, cols), bool)
    stacked = np.frombuffer(b"".join(values), np.uint8).reshape(len(values), rows, -1)
    grids: np.ndarray = np.unpackbits(stacked, axis=2, count=cols).astype(bool)
    return grids


def _packed(grids: np.ndarray) -> Any:
    """Each grid's rows packed into bits (``np.packbits`` along the row), one binary value a maze."""
    import pyarrow as pa

    count, rows, cols = grids.shape
    whole = -(-cols // 8) * 8  # each row padded to whole bytes, then packed as one flat run
    if whole != cols:  # (packbits along a short last axis is five times slower)
        padded = np.zeros((count, rows, whole), bool)
        padded[:, :, :cols] = grids
        grids = padded
    packed = np.packbits(grids.reshape(-1)).reshape(count, -1)
    offsets = _steps(count, packed.shape[1]).buffers()[1]
    return pa.BinaryArray.from_buffers(pa.binary(), count, [None, offsets, pa.py_buffer(packed)])


def _nested(array: np.ndarray) -> Any:
    """A bool array (count, a, b[, c]) as nested Arrow lists (the storage of HF's ArrayND)."""
    import pyarrow as pa

    values = from_numpy(array.reshape(-1))
    for size in reversed(array.shape[1:]):
        values = pa.ListArray.from_arrays(_steps(len(values) // size, size), values)
    return values


def _steps(n: int, size: int) -> Any:
    """The offsets of ``n`` lists of ``size`` values as an Arrow array, made once for every
    shard of a size (a 15 x 15 grid column's are 3 million numbers a shard)."""
    import pyarrow as pa

    offsets: pa.Array | None = _STEPS.get((n, size))  # (threads may write shards side by side:
    if offsets is None:  # each keeps the array it found or made)
        offsets = from_numpy(np.arange(0, n * size + 1, size, dtype=np.int32))
        if len(_STEPS) > 4:
            _STEPS.clear()
        _STEPS[(n, size)] = offsets
    return offsets


_STEPS: dict[tuple[int, int], Any] = {}


def _pairs(array: np.ndarray) -> Any:
    import pyarrow as pa

    return pa.FixedSizeListArray.from_arrays(from_numpy(np.ascontiguousarray(array, np.int16).reshape(-1)), 2)


def _tokens(rows: DrawnShard, offsets: np.ndarray, blocks: np.ndarray) -> list[str]:
    from ..maze import Maze
    from ..io.maze_dataset import to_tokens

    out = []
    for i in range(len(rows)):
        maze = Maze(rows.grids[i], start=tuple(rows.starts[i]), goal=tuple(rows.goals[i]))
        out.append(to_tokens(maze, blocks[offsets[i]:offsets[i + 1]]))
    return out


def _pictures(spec: DatasetSpec, rows: DrawnShard, offsets: np.ndarray, blocks: np.ndarray) -> tuple[Any, Any]:
    """The easy-to-hard pictures as HF Image structs (PNG bytes)."""
    import pyarrow as pa
    from PIL import Image

    from .pixels import pixels

    out: tuple[list[bytes], list[bytes]] = ([], [])
    for start in range(0, len(rows), 1024):  # a slice at a time: pictures are big
        stop = min(start + 1024, len(rows))
        paths = np.zeros((stop - start, spec.rows, spec.cols), bool)
        for i in range(start, stop):
            path = blocks[offsets[i]:offsets[i + 1]]
            paths[i - start, path[:, 0], path[:, 1]] = True
        pictures = pixels(rows.grids[start:stop], rows.starts[start:stop], rows.goals[start:stop], paths,
                          block=spec.block)
        for kind, stack in zip(out, pictures):
            for picture in stack:
                buffer = io.BytesIO()
                Image.fromarray(picture).save(buffer, format="PNG", optimize=False)
                kind.append(buffer.getvalue())
    struct = pa.struct([("bytes", pa.binary()), ("path", pa.string())])
    return tuple(pa.StructArray.from_arrays([pa.array(png, pa.binary()), pa.nulls(len(png), pa.string())],
                                            fields=list(struct)) for png in out)

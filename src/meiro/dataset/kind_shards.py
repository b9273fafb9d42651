"""A shard of a dataset of another grid kind (hex, theta, triangle, weave, 3D): passages, not block grids.

The steps are the square shards' (:mod:`.shards`): :func:`draw_kind_shard` makes the
shard's draws (:func:`meiro.generate_batch` with the kind, one geometry for all),
measures them in one compiled pass (:mod:`meiro.analysis.kind_batch_stats`) and
keeps those that pass the filters; :func:`kind_shard_table` turns the rows the
dataset settled on into the Parquet table.

A maze is its open passages. Each row's ``passages`` is the list of open pairs
``[a, b]`` of cell numbers (``a < b``, in the order of the geometry's neighbouring
pairs), the form the maze's JSON file has: a tree of ``cells - 1`` pairs on a
perfect maze. A list of pairs rather than one bit per neighbouring pair, because
a weave maze's neighbouring pairs differ from maze to maze (its crossings depend
on its seed), because readers need no geometry to walk the maze, and because it is
what ``datasets`` and pandas read as plain nested lists (it costs about a third
more to write than bits would).

The geometry goes once beside the shards, in ``geometry.json`` (:func:`geometry_document`):
the kind and size, each cell's centre (``"cells"``: ``[x, y]``, or ``[x, y, z]`` with z
the layer) and every neighbouring pair (``"neighbours"``), in the keys and numbering of
a maze's JSON file, so a reader rebuilds the graph without meiro.

================  ==============================  ===========================================
column            type (Hugging Face feature)     what
================  ==============================  ===========================================
index             uint64                          the draw: maze ``index`` of the batch
seed              uint64                          ``meiro.generate(..., grid=kind, seed=seed)``
kind              string                          the grid kind
size              List(int16)                     its size as ``--size`` gives it
algorithm         string                          the generator
start, goal       int32                           cell numbers
passages          List(List(int32, length=2))     the open pairs ``[a, b]``
crossings         List(List(int32, length=2))     (weave only) ``[cell, over]``: the passage over
                                                  ``cell`` runs east-west (0) or north-south (1)
solution          List(int32)                     the shortest path's cells, start to goal
solution_length   int32                           steps from cell to cell
dead_ends         int32                           cells with one opening
dead_end_share    float32                         their share of the cells
decision_points   int32                           see :mod:`meiro.analysis.kind_batch_stats`
solution_share    float32                         cells on the solution / all cells
longest_path      int32                           the maze's diameter in steps
difficulty        float32                         0 to 1, :mod:`meiro.analysis.difficulty`
================  ==============================  ===========================================
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis.kind_batch_stats import KindBatchStats, kind_batch_paths, kind_batch_stats
from ..batch import GraphBatch, generate_batch
from .arrow_arrays import from_numpy, repeated_text
from .fingerprint import row_fingerprints
from .spec import DatasetSpec

#: Draws a shard needs before worker processes share it.
BIG_SHARD = 20_000
#: The sidecar file with the cells' centres and the neighbouring pairs.
GEOMETRY = "geometry.json"
_STAT_COLUMNS = (("solution_length", "int32"), ("dead_ends", "int32"), ("dead_end_share", "float32"),
                 ("decision_points", "int32"), ("solution_share", "float32"), ("longest_path", "int32"),
                 ("difficulty", "float32"))


@dataclass
class DrawnKindShard:
    """The draws of shard ``k`` that pass the filters: :class:`meiro.dataset.shards.DrawnShard`'s
    counterpart for a grid kind (the settling in :mod:`.build` and :mod:`.cluster` uses either)."""

    k: int
    first: int
    drawn: int
    index: np.ndarray
    seeds: np.ndarray
    offsets: np.ndarray  # maze i's pairs: pairs[offsets[i]:offsets[i + 1]]
    pairs: np.ndarray
    starts: np.ndarray
    goals: np.ndarray
    stats: KindBatchStats
    crossing_offsets: np.ndarray | None
    crossings: np.ndarray | None
    fingerprints: np.ndarray | None

    def __len__(self) -> int:
        return len(self.index)

    def take(self, keep: np.ndarray) -> DrawnKindShard:
        """The rows ``keep`` (indices, in order) selects (itself when that is every row)."""
        keep = np.asarray(keep, np.int64)
        if len(keep) == len(self) and (len(keep) == 0 or (keep[0] == 0 and keep[-1] == len(self) - 1)):
            return self
        offsets, pairs = _select(self.offsets, self.pairs, keep)
        crossing_offsets = crossings = None
        if self.crossing_offsets is not None and self.crossings is not None:
            crossing_offsets, crossings = _select(self.crossing_offsets, self.crossings, keep)
        return DrawnKindShard(self.k, self.first, self.drawn, self.index[keep], self.seeds[keep], offsets, pairs,
                              self.starts[keep], self.goals[keep], self.stats.take(keep), crossing_offsets,
                              crossings, None if self.fingerprints is None else self.fingerprints[keep])

    def batch(self, spec: DatasetSpec) -> GraphBatch:
        """The rows as a :class:`meiro.GraphBatch` with their breadth-first solutions."""
        path_offsets, paths = kind_batch_paths(spec.cell_count(), self.offsets, self.pairs, self.starts,
                                               self.goals)
        recipe = {"algorithm": spec.algorithm, "grid": spec.kind, "size": list(spec.size), "goal": spec.goal,
                  "braid": spec.braid, "solver": "bfs"}
        return GraphBatch(spec.kind, spec.size, spec.cell_count(), self.offsets, self.pairs, self.starts,
                          self.goals, self.seeds, path_offsets, paths, np.diff(path_offsets) - 1,
                          self.crossing_offsets, self.crossings, recipe)


def _select(offsets: np.ndarray, rows: np.ndarray, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lists ``keep`` selects of a list column (``offsets`` and its ``rows``)."""
    lengths = np.diff(offsets)[keep]
    out = np.zeros(len(keep) + 1, np.int64)
    np.cumsum(lengths, out=out[1:])
    # each kept list's rows: its offset plus 0, 1, ... (one vectorised gather)
    where = np.repeat(offsets[:-1][keep] - out[:-1], lengths) + np.arange(out[-1])
    return out, rows[where]


def draw_kind_shard(spec: DatasetSpec, k: int, first: int, stop: int, jobs: int = 1) -> DrawnKindShard:
    """Make, measure and filter the draws ``first:stop`` of shard ``k``.

    ``jobs`` worker processes share a big shard's mazes (a grid kind's generator holds
    Python's lock, so threads would take turns); a small shard is made here, as starting
    the workers would cost more than it saves (the rows are the same either way).
    """
    jobs = jobs if stop - first >= BIG_SHARD else 1
    batch = generate_batch(stop - first, spec.maze_recipe, jobs=jobs, first=first)
    assert isinstance(batch, GraphBatch)  # (the spec's recipe is of its kind)
    cells = spec.cell_count()
    stats = kind_batch_stats(cells, batch.offsets, batch.pairs, batch.starts, batch.goals)
    drawn = DrawnKindShard(k, first, stop - first, np.arange(first, stop, dtype=np.uint64), batch.seeds,
                           batch.offsets, batch.pairs, batch.starts, batch.goals, stats, batch.crossing_offsets,
                           batch.crossings, None)
    drawn = drawn.take(_passing(spec, drawn, cells))
    if spec.dedupe:
        drawn.fingerprints = kind_fingerprints(drawn)
    return drawn


def _passing(spec: DatasetSpec, drawn: DrawnKindShard, cells: int) -> np.ndarray:
    """Indices of the draws that pass ``spec.filters``, in order."""
    f, stats = spec.filters, drawn.stats
    keep = stats.solution_length >= 0
    if f.min_length is not None:
        keep &= stats.solution_length >= f.min_length
    if f.max_length is not None:
        keep &= stats.solution_length <= f.max_length
    if f.min_dead_ends is not None:
        keep &= stats.dead_ends >= f.min_dead_ends
    if f.difficulty is not None:
        low, high = f.difficulty
        keep &= (stats.difficulty >= low) & (stats.difficulty <= high)
    if f.dead_end_ends:
        keep &= (_openings(drawn, drawn.starts) == 1) & (_openings(drawn, drawn.goals) == 1)
    return np.flatnonzero(keep)


def _openings(drawn: DrawnKindShard, cells: np.ndarray) -> np.ndarray:
    """How many open passages each maze has at its cell ``cells[i]``."""
    owner = np.repeat(np.arange(len(drawn)), np.diff(drawn.offsets))
    at = (drawn.pairs[:, 0] == cells[owner]) | (drawn.pairs[:, 1] == cells[owner])
    return np.bincount(owner[at], minlength=len(drawn))


def kind_fingerprints(drawn: DrawnKindShard) -> np.ndarray:
    """A 128-bit fingerprint of each maze (its passages, crossings, start and goal), as
    :func:`meiro.dataset.shards.fingerprints` gives a square maze's."""
    lists = [(drawn.offsets, drawn.pairs)]
    if drawn.crossing_offsets is not None and drawn.crossings is not None:
        lists.append((drawn.crossing_offsets, drawn.crossings))
    columns = [np.stack([drawn.starts, drawn.goals], axis=1).astype("<u4")]
    for offsets, rows in lists:
        lengths = np.diff(offsets)
        width = int(lengths.max()) if len(lengths) else 0
        padded = np.full((len(drawn), width, 2), -1, "<i4")  # the pairs, padded to the longest list
        owner = np.repeat(np.arange(len(drawn)), lengths)
        slot = np.arange(len(rows)) - np.repeat(offsets[:-1], lengths)
        padded[owner, slot] = rows
        columns += [lengths.astype("<u4")[:, None], padded.reshape(len(drawn), -1).view("<u4")]
    return row_fingerprints(np.concatenate(columns, axis=1).view(np.uint8).reshape(len(drawn), -1))


# -- the Parquet table -------------------------------------------------------------------------

def kind_features(spec: DatasetSpec) -> dict[str, Any]:
    """The rows' Hugging Face ``Features``, as its ``to_dict()`` writes them."""
    def value(dtype: str) -> dict[str, Any]:
        return {"dtype": dtype, "_type": "Value"}

    pair = {"feature": value("int32"), "length": 2, "_type": "List"}
    out: dict[str, Any] = {
        "index": value("uint64"), "seed": value("uint64"), "kind": value("string"),
        "size": {"feature": value("int16"), "_type": "List"}, "algorithm": value("string"),
        "start": value("int32"), "goal": value("int32"), "passages": {"feature": pair, "_type": "List"}}
    if spec.kind == "weave":
        out["crossings"] = {"feature": pair, "_type": "List"}
    out["solution"] = {"feature": value("int32"), "_type": "List"}
    for name, dtype in _STAT_COLUMNS:
        out[name] = value(dtype)
    return out


def kind_shard_table(spec: DatasetSpec, rows: DrawnKindShard) -> Any:
    """The rows as a pyarrow Table with the dataset's schema (features in its metadata)."""
    import pyarrow as pa

    n = len(rows)
    size = np.tile(np.asarray(spec.size, np.int16), n)
    size_offsets = np.arange(0, len(size) + 1, len(spec.size), dtype=np.int32)
    columns = {
        "index": from_numpy(np.asarray(rows.index, np.uint64)),
        "seed": from_numpy(np.asarray(rows.seeds, np.uint64)),
        "kind": repeated_text(spec.kind, n),
        "size": pa.ListArray.from_arrays(from_numpy(size_offsets), from_numpy(size)),
        "algorithm": repeated_text(spec.algorithm, n),
        "start": from_numpy(rows.starts.astype(np.int32)),
        "goal": from_numpy(rows.goals.astype(np.int32)),
        "passages": _pair_lists(rows.offsets, rows.pairs),
    }
    if spec.kind == "weave" and rows.crossing_offsets is not None and rows.crossings is not None:
        columns["crossings"] = _pair_lists(rows.crossing_offsets, rows.crossings)
    path_offsets, paths = kind_batch_paths(spec.cell_count(), rows.offsets, rows.pairs, rows.starts, rows.goals)
    columns["solution"] = pa.ListArray.from_arrays(from_numpy(path_offsets.astype(np.int32)), from_numpy(paths))
    for name, dtype in _STAT_COLUMNS:
        columns[name] = from_numpy(np.asarray(getattr(rows.stats, name)).astype(dtype))
    meta = {"huggingface": json.dumps({"info": {"features": kind_features(spec)}}, sort_keys=True)}
    return pa.Table.from_arrays(list(columns.values()), schema=pa.schema(
        [pa.field(name, array.type) for name, array in columns.items()], metadata=meta))


def _pair_lists(offsets: np.ndarray, rows: np.ndarray) -> Any:
    """A list column of ``[a, b]`` pairs (int32) from its offsets and rows."""
    import pyarrow as pa

    pairs = pa.FixedSizeListArray.from_arrays(from_numpy(np.ascontiguousarray(rows, np.int32).reshape(-1)), 2)
    return pa.ListArray.from_arrays(from_numpy(np.asarray(offsets, np.int32)), pairs)


def geometry_document(spec: DatasetSpec) -> bytes:
    """``geometry.json``: the kind, its size, each cell's centre and every neighbouring pair.

    A weave's neighbouring pairs depend on each maze's crossings: the file lists the
    square grid's pairs, and a row's ``crossings`` column says which change: at a
    crossing ``[c, over]`` (``over`` 0: the passage over ``c`` runs east-west, 1:
    north-south) ``c`` is no neighbour of its two cells at right angles to that
    passage, and those two cells are neighbours of each other (the tunnel under ``c``).

    Examples
    --------
    >>> doc = json.loads(geometry_document(DatasetSpec(1, 3, 2, kind="hex")))
    >>> doc["kind"], doc["size"], len(doc["cells"]), doc["neighbours"][:2]
    ('hex', [3, 2], 6, [[0, 1], [0, 3]])
    """
    from ..kinds import geometry_of

    if spec.kind == "weave":
        from ..kinds.layers import square_pairs

        geometry = geometry_of("weave", spec.size, 0)
        pairs: np.ndarray = np.concatenate(square_pairs(spec.width, spec.height))  # (each a < b)
        pairs = pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]
    else:
        geometry = geometry_of(spec.kind, spec.size)
        pairs = geometry.edges
    doc = {"kind": spec.kind, "size": list(spec.size), "cells": np.round(geometry.centres, 6).tolist(),
           "neighbours": np.asarray(pairs).tolist()}
    return (json.dumps(doc, separators=(",", ":")) + "\n").encode()

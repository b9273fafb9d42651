"""Making a whole dataset: the shards in draw order, settled exactly, written, checked, resumed.

The rows are settled in draw order whoever makes the shards (this process with
``jobs`` threads, or a Dask cluster: :mod:`.cluster`): a shard's passing draws
are kept unless, with ``dedupe``, the same maze is an earlier row, and the
last shard stops at the row that makes ``count``. So the files are the same,
byte for byte, for any number of threads or workers.

Draws stop at ``spec.max_draws`` (by default 100 times ``count``, at least a
million, with filters; exactly ``count`` without): if the filters have not
passed ``count`` mazes by then, the run stops with a :class:`MazeError` that
says how many passed, and removes the shards it wrote.

A folder that already holds files is refused unless ``resume``: then its card
must be of the same recipe, every shard it lists whose file is there with the
listed SHA-256 is kept, and every other shard is made again (each re-made
shard is reported through ``log``).
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import MazeError
from .card import SHARDS, card_text, read_record
from .folder import CARD, Folder
from .shards import DrawnShard, draw_shard, shard_bytes, shard_range
from .spec import DatasetSpec


@dataclass
class DatasetResult:
    """What a finished run made."""

    rows: int
    drawn: int
    shards: list[dict]
    where: str


class _Settler:
    """Settles the rows in draw order: de-duplication and the cut at ``count``."""

    def __init__(self, spec: DatasetSpec):
        self.spec = spec
        self.rows = 0
        self.drawn = 0
        self.seen: set = set()

    def keep(self, drawn_rows: int, fingerprints: np.ndarray | None, draws: int) -> np.ndarray:
        """Indices (into the shard's passing rows) that become rows; call for shards 0, 1, ... in order."""
        self.drawn += draws
        if fingerprints is None:
            keep = np.arange(drawn_rows)
        else:
            keep = []
            for i, (a, b) in enumerate(fingerprints.tolist()):
                key = (a << 64) | b
                if key not in self.seen:
                    self.seen.add(key)
                    keep.append(i)
            keep = np.array(keep, np.int64)
        keep = keep[:self.spec.count - self.rows]
        self.rows += len(keep)
        return keep

    @property
    def done(self) -> bool:
        return self.rows >= self.spec.count


def existing_shards(spec: DatasetSpec, folder: Folder, resume: bool, log: Callable[[str], None]) -> dict:
    """The shards of an earlier run to keep, by file name (module docs)."""
    files = folder.files()
    if not files:
        return {}
    if not resume:
        raise MazeError(f"{folder.where} is not empty: give an empty or new folder, or --resume to "
                        "finish the dataset there")
    text = folder.read(CARD)
    if text is None:
        raise MazeError(f"{folder.where} holds no dataset card (README.md): not a meiro dataset to resume")
    record = read_record(text.decode("utf-8", "replace"))
    if record.get("recipe") != spec.recipe():
        raise MazeError(f"{folder.where} holds a different dataset (its card's recipe differs): "
                        "resume it with the same options, or give another folder")
    listed = {s["file"]: s for s in record["shards"] if isinstance(s, dict) and "file" in s}
    return {name: entry for name, entry in listed.items() if name in files}


def build_dataset(spec: DatasetSpec, where, *, jobs: int = 1, resume: bool = False,
                  log: Callable[[str], None] = lambda line: None, progress=None) -> DatasetResult:
    """Make ``spec``'s dataset in ``where`` (a folder or fsspec URL) in this process.

    ``jobs`` threads share each shard's mazes. ``progress(n)`` is told of every
    ``n`` rows made. See the module docs for the rules.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from meiro.dataset.spec import DatasetSpec, Filters
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "mazes"
    >>> r = build_dataset(DatasetSpec(50, 6, 6, seed=1, filters=Filters(min_length=20), shard_draws=40), out)
    >>> r.rows, [s["rows"] for s in r.shards], sorted(p.name for p in (out / "data").iterdir())
    (50, [24, 17, 9], ['shard-00000.parquet', 'shard-00001.parquet', 'shard-00002.parquet'])
    """
    folder = Folder(where)
    kept = existing_shards(spec, folder, resume, log)
    folder.prepare()
    settler = _Settler(spec)
    shards: list[dict] = []
    written: list[str] = []
    k = 0
    pool = ThreadPoolExecutor(jobs, thread_name_prefix="meiro-dataset") if jobs > 1 else None
    try:
        while not settler.done:
            if shard_range(spec, k)[0] >= spec.max_draws:
                raise _exhausted(spec, settler)
            # a window of shards side by side: each made on one thread (the kernels and
            # pyarrow's writer release the GIL); one shard alone uses all the threads
            window = [j for j in range(k, k + jobs) if shard_range(spec, j)[0] < spec.max_draws]
            if len(window) > 1 and not _enough(spec, settler, k):
                draws = list(pool.map(lambda j: draw_shard(spec, j, 1), window))
            else:
                draws = [draw_shard(spec, k, jobs)]
            settled = []
            for drawn in draws:  # in draw order: the rows never depend on the threads
                if settler.done:
                    break
                settled.append(drawn.take(settler.keep(len(drawn), drawn.fingerprints, drawn.drawn)))
            put = (lambda rows: _put(spec, folder, rows.k, rows, kept, written, log))
            entries = list(pool.map(put, settled)) if pool and len(settled) > 1 else [put(r) for r in settled]
            for rows, entry in zip(settled, entries):
                shards.append(entry)
                if progress is not None:
                    progress(len(rows))
            k += len(settled)
            folder.write(CARD, card_text(spec, shards, settler.drawn, settler.done))
    except BaseException:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        for name in written:  # a run that did not finish takes back what it wrote
            folder.remove(name)
        if written and not kept:
            folder.remove(CARD)
        raise
    if pool is not None:
        pool.shutdown()
    return DatasetResult(settler.rows, settler.drawn, shards, folder.where)


def _put(spec: DatasetSpec, folder: Folder, k: int, rows: DrawnShard, kept: dict, written: list,
         log: Callable[[str], None]) -> dict:
    """Write shard ``k`` unless a checked copy is there; its card entry."""
    name = SHARDS.format(k)
    entry = {"file": name, "rows": len(rows), "first": rows.first, "draws": rows.drawn}
    old = kept.get(name)
    if old is not None and old.get("rows") == len(rows):
        if folder.sha256(name) == old.get("sha256"):
            return {**entry, "bytes": old.get("bytes", 0), "sha256": old["sha256"]}
        log(f"{name} failed its checksum: made again")
    elif old is not None:
        log(f"{name} does not hold the rows it should: made again")
    data = shard_bytes(spec, rows)
    folder.write(name, data)
    written.append(name)
    return {**entry, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _enough(spec: DatasetSpec, settler: _Settler, k: int) -> bool:
    """Whether shard ``k`` alone surely ends the dataset (no filter, no dedupe: every draw a row)."""
    return not (spec.filters.any() or spec.dedupe) and spec.count - settler.rows <= shard_range(spec, k)[1] - shard_range(spec, k)[0]


def _exhausted(spec: DatasetSpec, settler: _Settler) -> MazeError:
    return MazeError(f"only {settler.rows:,} of {spec.count:,} mazes passed the filters in "
                     f"{settler.drawn:,} draws (the most a dataset of {spec.count:,} draws is "
                     f"{spec.max_draws:,}); loosen the filters, ask for fewer mazes or raise --max-draws")

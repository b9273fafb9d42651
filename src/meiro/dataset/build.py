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

One run writes a folder at a time: a second run on it refuses in one line naming
the first (:meth:`.Folder.locked`). A folder that already holds files is
refused unless ``resume``: then its card must be of the same recipe, no link or
special file may stand among its files, part files a killed run left are
removed, every shard it lists whose file is there with the
listed SHA-256 is kept, and every other shard is made again (each re-made
shard is reported through ``log``).
"""

from __future__ import annotations

import contextlib
import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
import os
from typing import Any
from collections.abc import Callable, Iterator

import numpy as np

from ..batch import GraphBatch, MazeBatch
from ..errors import MazeError
from .card import MAX_CARD, SHARDS, SPLIT_SHARDS, card_text, read_record
from .exclusion import excluded
from .folder import CARD, Folder
from .puzzles import FingerprintSet, first_new, puzzle_prints, split_of
from .kind_shards import GEOMETRY, DrawnKindShard, geometry_document
from .shards import Drawn, DrawnShard, draw_shard, pyarrow, shard_bytes, shard_range
from .spec import DatasetSpec


@dataclass
class DatasetResult:
    """What a finished run made."""

    rows: int
    drawn: int
    shards: list[dict[str, Any]]
    where: str


class _Settler:
    """Settles the rows in draw order: de-duplication and the cut at ``count``."""

    def __init__(self, spec: DatasetSpec):
        self.spec = spec
        self.rows = 0
        self.drawn = 0
        self.seen = FingerprintSet()
        self.excluded = excluded(spec.exclude)

    def keep(self, passing: int, fingerprints: np.ndarray | None, first: int, draws: int,
             index: np.ndarray) -> np.ndarray:
        """Indices (into a shard's ``passing`` rows) that become rows; call for shards 0, 1, ... in order.

        ``first`` and ``draws`` are the shard's draws, ``index`` its passing rows' draw
        numbers: the shard that ends the dataset counts its draws up to its last row only
        (the exact accounting of how many draws the rows took).
        """
        keep = np.arange(passing)
        if fingerprints is not None:  # exact prints first, the puzzles' last (meiro.dataset.shards)
            if self.excluded is not None:
                keep = keep[~self.excluded.contains(fingerprints[:, -2:])]
            if self.spec.dedupe:
                keep = keep[first_new(fingerprints[keep, :2], self.seen)]
        wanted = self.spec.count - self.rows
        if len(keep) >= wanted:
            keep = keep[:wanted]
            draws = int(index[keep[-1]]) + 1 - first if wanted else 0
        self.rows += len(keep)
        self.drawn += draws
        return keep

    @property
    def done(self) -> bool:
        return self.rows >= self.spec.count


def existing_shards(spec: DatasetSpec, folder: Folder, resume: bool,
                    log: Callable[[str], None] = lambda line: None) -> dict[str, dict[str, Any]]:
    """The shards of an earlier run to keep, by file name (module docs); call with the folder's
    lock held. Resuming refuses a folder with a link or a special file among its files, and
    removes the part files of a killed run."""
    files = folder.files()
    if not files:
        return {}
    if not resume:
        raise MazeError(f"{folder.where} is not empty: give an empty or new folder, or --resume to "
                        "finish the dataset there")
    folder.check_own()
    folder.tidy_parts(log)
    text = folder.read(CARD, MAX_CARD)
    if text is None:
        raise MazeError(f"{folder.where} holds no dataset card (README.md): not a meiro dataset to resume")
    record = read_record(text.decode("utf-8", "replace"))
    if record.get("recipe") != spec.recipe():
        raise MazeError(f"{folder.where} holds a different dataset (its card's recipe differs): "
                        "resume it with the same options, or give another folder")
    # only each listed file's rows and checksum are used: byte counts are measured again
    listed = {s["file"]: {"rows": s["rows"], "sha256": s["sha256"]} for s in record["shards"]}
    return {name: entry for name, entry in listed.items() if name in files}


def measured(folder: Folder, name: str) -> tuple[int, str] | None:
    """A file's size and SHA-256 as it is now (never as a card says), or None if it is not there."""
    data = folder.read(name)
    return None if data is None else (len(data), hashlib.sha256(data).hexdigest())


def check_memory(spec: DatasetSpec, jobs: int = 1) -> None:
    """Refuse in one line, before any folder is made, pictures that the memory this process may
    still take (:func:`meiro.sizes.available_memory`, under ``ulimit -v`` too) cannot hold."""
    from ..sizes import SMALL_ENOUGH, _human, available_memory

    need = spec.picture_memory() * max(1, jobs)
    if need < SMALL_ENOUGH:
        return
    have = available_memory()
    if have is not None and need > have:
        raise MazeError(f"the pictures of {spec.size_text()} mazes at --block {spec.block} need about "
                        f"{_human(need)} of memory at once but only {_human(have)} is available; "
                        "choose a smaller size or block" + (", or fewer --jobs" if jobs > 1 else ""))


def build_dataset(spec: DatasetSpec, where: str | os.PathLike[str], *, jobs: int = 1, resume: bool = False,
                  log: Callable[[str], None] = lambda line: None,
                  progress: Callable[[int], object] | None = None) -> DatasetResult:
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
    (50, [20, 16, 14], ['shard-00000.parquet', 'shard-00001.parquet', 'shard-00002.parquet'])
    """
    pyarrow()  # before any folder is made: without it, one clear message
    check_memory(spec, jobs)
    folder = Folder(where)
    settler = _Settler(spec)  # (reads --exclude's datasets: a wrong one stops the run before any file)
    with folder.locked(log):  # one writer at a time: a second run refuses before touching anything
        return _build(spec, folder, settler, jobs, resume, log, progress)


def _build(spec: DatasetSpec, folder: Folder, settler: _Settler, jobs: int, resume: bool,
           log: Callable[[str], None], progress: Callable[[int], object] | None) -> DatasetResult:
    """:func:`build_dataset` with the folder's lock held."""
    kept = existing_shards(spec, folder, resume, log)
    folder.prepare()
    shards: list[dict[str, Any]] = []
    written: list[str] = []
    def put(rows: Drawn) -> list[dict[str, Any]]:
        return [{**_put(spec, folder, name, part, kept, written, log), **({"split": split} if split else {})}
                for name, part, split in shard_parts(spec, rows)]

    try:
        if spec.kind != "square":  # the cells' centres and neighbours, once beside the shards
            folder.write(GEOMETRY, geometry_document(spec))
        with _threads(jobs) as pool:
            for window in _settled_windows(spec, settler, jobs, pool, recycle=True):
                entries = list(pool.map(put, window)) if pool and len(window) > 1 else [put(r) for r in window]
                for rows, entry in zip(window, entries):
                    shards += entry
                    if progress is not None:
                        progress(len(rows))
                folder.write(CARD, card_text(spec, shards, settler.drawn, settler.done))
    except BaseException:
        for name in written:  # a run that did not finish takes back what it wrote
            folder.remove(name)
        if written and not kept:
            folder.remove(CARD)
        if not kept and spec.kind != "square":
            folder.remove(GEOMETRY)
        raise
    return DatasetResult(settler.rows, settler.drawn, shards, folder.where)


def collect_batch(spec: DatasetSpec, *, jobs: int = 1,
                  progress: Callable[[int], object] | None = None) -> tuple[MazeBatch | GraphBatch, int]:
    """The dataset's rows in memory, as a :class:`meiro.MazeBatch` (of another grid kind: a
    :class:`meiro.batch.GraphBatch`) with breadth-first solutions, and how many draws it took
    (``meiro dataset FILE.npz`` with filters).

    Examples
    --------
    >>> from meiro.dataset.spec import DatasetSpec, Filters
    >>> batch, drawn = collect_batch(DatasetSpec(20, 6, 6, seed=3, filters=Filters(min_length=25)))
    >>> len(batch), bool((batch.lengths >= 2 * 25).all()), drawn > 20
    (20, True, True)
    """
    from ..analysis.batch_stats import batch_paths

    settler = _Settler(spec)
    drawn: list[Drawn] = []
    with _threads(jobs) as pool:
        for window in _settled_windows(spec, settler, jobs, pool):
            drawn += window
            if progress is not None:
                progress(sum(len(rows) for rows in window))
    if spec.kind != "square":
        return _joined_kind(spec, [p for p in drawn if isinstance(p, DrawnKindShard)]), settler.drawn
    parts = [p for p in drawn if isinstance(p, DrawnShard)]
    grids, starts, goals = (np.concatenate([getattr(p, n) for p in parts]) for n in ("grids", "starts", "goals"))
    lengths = np.concatenate([p.stats.solution_length for p in parts])
    offsets, blocks = batch_paths(grids, starts, goals, lengths)
    paths = np.zeros(grids.shape, bool)
    owner = np.repeat(np.arange(len(grids)), np.diff(offsets))
    paths[owner, blocks[:, 0], blocks[:, 1]] = True
    recipe = {"algorithm": spec.algorithm, "goal": spec.goal, "braid": spec.braid, "solver": "bfs"}
    seeds = np.concatenate([p.seeds for p in parts])
    # lengths in block steps, as MazeBatch holds them
    return MazeBatch(grids, starts, goals, seeds, paths, 2 * lengths, recipe), settler.drawn


def _joined_kind(spec: DatasetSpec, parts: list[DrawnKindShard]) -> GraphBatch:
    """The rows of several shards of a grid kind as one batch, with their solutions."""
    from ..analysis.kind_batch_stats import KindBatchStats

    def concat(lists: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
        offsets, rows, base = [np.zeros(1, np.int64)], [], 0
        for o, r in lists:
            offsets.append(o[1:] + base)
            rows.append(r)
            base += len(r)
        return np.concatenate(offsets), np.concatenate(rows)

    whole = DrawnKindShard(0, 0, 0, np.concatenate([p.index for p in parts]),
                           np.concatenate([p.seeds for p in parts]), *concat([(p.offsets, p.pairs) for p in parts]),
                           np.concatenate([p.starts for p in parts]), np.concatenate([p.goals for p in parts]),
                           KindBatchStats.joined([p.stats for p in parts]), None, None, None)
    if spec.kind == "weave":
        whole.crossing_offsets, whole.crossings = concat(
            [(p.crossing_offsets, p.crossings) for p in parts if p.crossing_offsets is not None
             and p.crossings is not None])
    return whole.batch(spec)


@contextlib.contextmanager
def _threads(jobs: int) -> Iterator[ThreadPoolExecutor | None]:
    pool = ThreadPoolExecutor(jobs, thread_name_prefix="meiro-dataset") if jobs > 1 else None
    try:
        yield pool
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _settled_windows(spec: DatasetSpec, settler: _Settler, jobs: int, pool: ThreadPoolExecutor | None,
                     recycle: bool = False) -> Iterator[list[Drawn]]:
    """The settled rows of shards 0, 1, ..., a window of up to ``jobs`` shards at a time.

    With ``recycle``, the caller is done with a window's rows when it asks for the next (it
    has written them): the next window's draws are made over their arrays.
    """
    k = 0
    spent: list[Drawn] = []
    while not settler.done:
        if shard_range(spec, k)[0] >= spec.max_draws:
            raise _exhausted(spec, settler)
        # a window of shards side by side, each made on one thread (the kernels and pyarrow's
        # writer release the GIL); a shard alone uses all the threads
        window = [j for j in range(k, k + jobs) if shard_range(spec, j)[0] < spec.max_draws]
        spares = [spent[i] if recycle and i < len(spent) else None for i in range(len(window))]
        if pool is not None and len(window) > 1 and not _enough(spec, settler, k):
            draws = list(pool.map(lambda j, spare: draw_shard(spec, j, 1, spare), window, spares))
        else:
            draws = [draw_shard(spec, k, jobs, spares[0])]
        spent = draws
        settled = []
        for drawn in draws:  # in draw order: the rows never depend on the threads
            if settler.done:
                break
            settled.append(drawn.take(settler.keep(len(drawn), drawn.fingerprints, drawn.first, drawn.drawn,
                                                    drawn.index)))
        k += len(settled)
        yield settled


def shard_files(spec: DatasetSpec, k: int) -> list[str]:
    """The files shard ``k`` is written as: one, or one a split (``data/train-00000.parquet``, ...)."""
    if not spec.splits:
        return [SHARDS.format(k)]
    return [SPLIT_SHARDS.format(name, k) for name, _ in spec.splits]


def shard_parts(spec: DatasetSpec, rows: Drawn) -> list[tuple[str, Drawn, str | None]]:
    """A settled shard's rows as the files they go to: ``(file, rows, split)`` (split None without
    splits). A maze's split comes from its canonical form's fingerprint
    (:func:`.puzzles.split_of`), so it is the same whoever writes the shard."""
    if not spec.splits:
        return [(SHARDS.format(rows.k), rows, None)]
    assert isinstance(rows, DrawnShard)  # (splits are for square mazes)
    split = split_of(puzzle_prints(rows.grids, rows.starts, rows.goals), spec.splits)
    return [(SPLIT_SHARDS.format(name, rows.k), rows.take(np.flatnonzero(split == s)), name)
            for s, (name, _) in enumerate(spec.splits)]


def _put(spec: DatasetSpec, folder: Folder, name: str, rows: Drawn, kept: dict[str, dict[str, Any]],
         written: list[str], log: Callable[[str], None]) -> dict[str, Any]:
    """Write shard file ``name`` unless a checked copy is there; its card entry."""
    entry = {"file": name, "rows": len(rows), "first": rows.first, "draws": rows.drawn}
    old = kept.get(name)
    if old is not None and old.get("rows") == len(rows):
        there = measured(folder, name)
        if there is not None and there[1] == old.get("sha256"):
            return {**entry, "bytes": there[0], "sha256": there[1]}
        log(f"{name} failed its checksum: made again")
    elif old is not None:
        log(f"{name} does not hold the rows it should: made again")
    data = shard_bytes(spec, rows)
    folder.write(name, data)
    written.append(name)
    return {**entry, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _enough(spec: DatasetSpec, settler: _Settler, k: int) -> bool:
    """Whether shard ``k`` alone surely ends the dataset (no filter, no dedupe: every draw a row)."""
    return not (spec.filters.any() or spec.dedupe or spec.exclude or spec.path_length) and spec.count - settler.rows <= shard_range(spec, k)[1] - shard_range(spec, k)[0]


def _exhausted(spec: DatasetSpec, settler: _Settler) -> MazeError:
    return MazeError(f"only {settler.rows:,} of {spec.count:,} mazes passed the filters in "
                     f"{settler.drawn:,} draws (the most for {spec.count:,} mazes); loosen the "
                     "filters, ask for fewer mazes or raise --max-draws")

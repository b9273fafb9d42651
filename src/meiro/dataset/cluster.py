"""Making a dataset on a Dask distributed cluster (``meiro dataset --scheduler ADDRESS``).

Each task is one shard: a worker makes the shard's draws with the same
one-call batch kernel as ``-j`` (:func:`.shards.draw_shard`), writes its Parquet
file straight into the output place (a folder all workers see, or an fsspec
URL such as ``s3://bucket/mazes``) and returns only a summary: the rows,
the checksum and, with ``dedupe``, the rows' fingerprints. The client
settles the rows in draw order exactly as :mod:`.build` does; a shard whose
rows the settling trims (a duplicate of an earlier row, or the cut at
``count``) is made again by a second task with the rows to keep, so every
file is what a single process writes, byte for byte. The client itself writes
only the card (and removes the shards past the end that were made ahead).

Tasks are pure (a shard depends on the recipe and its number alone), so
Dask's retries of a task whose worker died give the same file; a file is
written whole or not at all. Shards already in the folder that match the
card's checksums (``resume``) are checked by the worker and not written again.

Dask rather than a pool of our own: it brings the scheduler, retries of lost
tasks, a dashboard and the deployments (SSH, Kubernetes, HPC job queues) a
research cluster already has.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any
from collections.abc import Callable

import numpy as np

from ..errors import MazeError
from .build import DatasetResult, _exhausted, _Settler, existing_shards, measured, shard_files, shard_parts
from .card import card_text
from .folder import CARD, Folder
from .kind_shards import GEOMETRY, geometry_document
from .shards import draw_shard, pyarrow, shard_bytes, shard_range
from .spec import DatasetSpec

#: Seconds to wait for a scheduler to answer.
CONNECT_TIMEOUT = 10
#: How many times Dask may retry a shard whose worker was lost.
RETRIES = 3


def _distributed() -> Any:
    """``dask.distributed`` (typed loosely: Dask's calls are not annotated), or a MazeError."""
    try:
        import dask.distributed
    except ImportError:
        raise MazeError('--scheduler needs Dask: pip install "meiro[dask]"') from None
    return dask.distributed


def connect(scheduler: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A Dask ``Client`` of ``scheduler`` (an address, or ``local``: a ``LocalCluster`` here)."""
    dask = _distributed()
    Client, LocalCluster = dask.Client, dask.LocalCluster
    if scheduler == "local":
        import os

        workers = max(1, min(os.cpu_count() or 1, 64))
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        return Client(cluster)
    try:
        return Client(scheduler, timeout=f"{timeout}s")
    except MemoryError:  # something else answered: its first bytes, read as a Dask frame's length, ask for EiB
        reason = "its reply is not Dask's protocol"
    except Exception as exc:  # whatever a server that is not Dask's makes the protocol raise
        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
    raise MazeError(f"{scheduler} did not answer as a Dask scheduler within {timeout:g} s ({reason})")


def _shard_task(spec: DatasetSpec, where: str, k: int, keep: list[int] | None,
                kept: dict[str, Any] | None) -> dict[str, Any]:
    """A worker's task: make shard ``k`` (only the rows ``keep``, if given) and write its files
    (one a split, with splits); ``kept``: the card's entries of those files from an earlier run."""
    folder = Folder(where)
    drawn = draw_shard(spec, k)
    rows = drawn if keep is None else drawn.take(np.asarray(keep, np.int64))
    entries = []
    for name, part, split in shard_parts(spec, rows):
        old = (kept or {}).get(name)
        entry: dict[str, Any] = {"file": name, "rows": len(part), "first": part.first, "draws": part.drawn}
        if split:
            entry["split"] = split
        there = measured(folder, name) if old is not None and old.get("rows") == len(part) else None
        if old is not None and there is not None and there[1] == old.get("sha256"):
            entry.update(bytes=there[0], sha256=there[1], kept=True)
        else:
            data = shard_bytes(spec, part)
            folder.write(name, data)
            entry.update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest(), remade=old is not None)
        entries.append(entry)
    return {"k": k, "passing": len(drawn), "first": drawn.first, "drawn": drawn.drawn,
            "index": drawn.index, "fingerprints": drawn.fingerprints, "entries": entries}


def build_on_cluster(spec: DatasetSpec, where: str | os.PathLike[str], client: Any, *, resume: bool = False,
                     log: Callable[[str], None] = lambda line: None,
                     progress: Callable[[int], object] | None = None) -> DatasetResult:
    """Make ``spec``'s dataset in ``where`` with the workers of Dask ``client`` (module docs)."""
    dask = _distributed()
    pyarrow()  # the workers need it too; here it is checked before any folder is made
    folder = Folder(where)
    settler = _Settler(spec)  # (reads --exclude's datasets: a wrong one stops the run before any file)
    with folder.locked(log):  # one writer at a time: a second run refuses before touching anything
        return _build_locked(spec, folder, settler, client, dask, resume, log, progress)


def _build_locked(spec: DatasetSpec, folder: Folder, settler: _Settler, client: Any, dask: Any, resume: bool,
                  log: Callable[[str], None], progress: Callable[[int], object] | None) -> DatasetResult:
    """:func:`build_on_cluster` with the folder's lock held."""
    as_completed, wait = dask.as_completed, dask.wait
    kept = existing_shards(spec, folder, resume, log)
    folder.prepare()
    place = folder.where
    ahead = max(2, 2 * len(client.scheduler_info().get("workers", {})))
    futures = as_completed()
    submitted: dict[int, Any] = {}
    results: dict[int, dict[str, Any]] = {}
    entries: list[list[dict[str, Any]] | None] = []  # each shard's files' (None: to be made again)
    rewrites: dict[int, Any] = {}
    next_k = settled_k = 0

    def submit(k: int) -> Any:
        earlier = {name: kept[name] for name in shard_files(spec, k) if name in kept}
        return client.submit(_shard_task, spec, place, k, None, earlier, retries=RETRIES, pure=False)

    try:
        if spec.kind != "square":  # the cells' centres and neighbours, once beside the shards
            folder.write(GEOMETRY, geometry_document(spec))
        while not settler.done:
            while len(submitted) < ahead and shard_range(spec, next_k)[0] < spec.max_draws:
                submitted[next_k] = submit(next_k)
                futures.add(submitted[next_k])
                next_k += 1
            if settled_k >= next_k:
                raise _exhausted(spec, settler)
            result = next(futures).result()
            results[result["k"]] = result
            submitted.pop(result["k"], None)
            while settled_k in results and not settler.done:
                done = results.pop(settled_k)
                keep = settler.keep(done["passing"], done["fingerprints"], done["first"], done["drawn"],
                                    done["index"])
                if len(keep) == done["passing"]:
                    entries.append(done["entries"])
                    for entry in done["entries"]:
                        _told(entry, log)
                else:  # trimmed: made again with the rows to keep
                    rewrites[settled_k] = client.submit(_shard_task, spec, place, settled_k, keep.tolist(), None,
                                                        retries=RETRIES, pure=False)
                    entries.append(None)
                if progress is not None:
                    progress(len(keep))
                settled_k += 1
            if all(group is not None for group in entries):  # no shard waits to be made again
                folder.write(CARD, card_text(spec, _made(entries), settler.drawn, settler.done))
        for k, future in rewrites.items():
            remade = future.result()["entries"]
            for entry in remade:
                _told(entry, log)
            entries[k] = remade
        # shards made ahead of the end: let them finish (a running task cannot be stopped, and
        # would write its file after a removal), then take their files back
        wait(list(submitted.values()))
        for k in sorted(set(results) | set(submitted)):
            if k >= settled_k:
                for name in shard_files(spec, k):
                    folder.remove(name)
    except BaseException:
        for future in [*submitted.values(), *rewrites.values()]:
            future.cancel()
        for k in range(next_k):
            for name in shard_files(spec, k):
                if name not in kept:
                    folder.remove(name)
        if not kept:
            folder.remove(CARD)
            if spec.kind != "square":
                folder.remove(GEOMETRY)
        raise
    _sweep_parts(folder)
    made = _made(entries)  # every one, the rewrites done
    folder.write(CARD, card_text(spec, made, settler.drawn, True))
    return DatasetResult(settler.rows, settler.drawn, made, place)


def _made(entries: list[list[dict[str, Any]] | None]) -> list[dict[str, Any]]:
    """The card's entries of the shards made, file by file, in order."""
    return [entry for group in entries if group is not None for entry in group]


def _sweep_parts(folder: Folder) -> None:
    """Remove the part-files of writes a lost worker left (``data/.shard-NNNNN.parquet.xxxx.part``)."""
    for name in folder.files():
        base = name.rsplit("/", 1)[-1]
        if name.startswith("data/.shard-") and base.endswith(".part"):
            folder.remove(name)


def _told(entry: dict[str, Any], log: Callable[[str], None]) -> None:
    if entry.pop("remade", False):
        log(f"{entry['file']} failed its checksum or was missing: made again")
    entry.pop("kept", None)

"""Held-out evaluation suites: fixed sets of mazes at the literature's sizes, the same bytes every run.

Agents trained on a curriculum are measured on mazes they never saw; papers
on unsupervised environment design (PLR, ACCEL, minimax/JaxUED) report the
share they solve of "PerfectMaze" sets 21, 51 and 101 blocks wide. A suite
here is such a set, made by a recipe fixed in this module, so that two
papers can name the same mazes by the SHA-256 of its files.

``perfect-maze``
    Perfect mazes (one path between any two cells) dug by ``dig``, the
    randomised depth-first search, with the start in the top-left cell and the
    goal on the cell farthest from it (``goal="farthest"``): no loops, long
    winding paths, the agent must backtrack out of dead ends. Sizes in blocks
    (walls included: ``2 * cells + 1``) and counts:

    ========  =======  =====  ====
    blocks    cells    mazes  seed
    ========  =======  =====  ====
    21        10x10    1000   21
    51        25x25    1000   51
    101       50x50    100    101
    201       100x100  100    201
    401       200x200  100    401
    ========  =======  =====  ====

Why these counts: a success rate ``p`` measured on ``n`` mazes is known to
``sqrt(p (1 - p) / n)``; at ``p`` = 0.2 (where published agents are on these
sizes) 1000 mazes give +-1.3 points, enough to tell them apart. On 101 blocks
and more agents mostly fail and an episode runs to thousands of steps, so 100
mazes (+-4 points) keep an evaluation short.

Why Parquet through :mod:`meiro.dataset`: each size is a dataset folder as
``meiro dataset`` writes it (``data/shard-00000.parquet`` and a ``README.md``
card naming the recipe, the columns and each shard's SHA-256), so
``datasets.load_dataset("parquet", ...)``, pandas or :func:`load_suite` read it,
and every row carries its shortest solution and statistics. The shards are the
same bytes for the same meiro and pyarrow versions; ``suite.json`` beside the
folders lists every file's SHA-256 and, for each size, a *content* SHA-256 of
the mazes themselves (:func:`content_sha256`), which no writer's version
changes: the figure to cite.

Examples
--------
>>> SUITES["perfect-maze"][0]
SuiteSize(blocks=21, count=1000, seed=21)
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..batch import MazeBatch
from ..dataset.build import build_dataset, collect_batch
from ..dataset.folder import Folder
from ..dataset.shards import pyarrow
from ..dataset.spec import DatasetSpec
from ..errors import MazeError, whole
from ..maze import Maze

#: The index of a written suite, beside its sizes' folders.
INDEX = "suite.json"


@dataclass(frozen=True)
class SuiteSize:
    """One size of a suite: ``count`` mazes ``blocks`` wide and high, drawn from ``seed``."""

    blocks: int
    count: int
    seed: int

    @property
    def cells(self) -> int:
        """Cells a side."""
        return (self.blocks - 1) // 2


#: The suites: name -> its sizes (module docs).
SUITES: dict[str, tuple[SuiteSize, ...]] = {
    "perfect-maze": (SuiteSize(21, 1000, 21), SuiteSize(51, 1000, 51), SuiteSize(101, 100, 101),
                     SuiteSize(201, 100, 201), SuiteSize(401, 100, 401)),
}
#: Each suite's recipe, beyond the size: the generator and the goal rule.
RECIPES: dict[str, dict[str, str]] = {"perfect-maze": {"algorithm": "dig", "goal": "farthest"}}


def suite_sizes(name: str, blocks: Iterable[int] | None = None) -> tuple[SuiteSize, ...]:
    """The sizes of suite ``name`` (those ``blocks`` wide, if given), checked.

    Examples
    --------
    >>> [s.blocks for s in suite_sizes("perfect-maze", [51, 21])]
    [21, 51]
    >>> suite_sizes("perfect-maze", [31])
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: suite perfect-maze has no size 31; its sizes (blocks wide): 21, 51, 101, 201, 401
    """
    if name not in SUITES:
        raise MazeError(f"unknown suite {name!r}; the suites are: {', '.join(SUITES)}")
    sizes = SUITES[name]
    if blocks is None:
        return sizes
    wanted = [whole(b, "a suite size", error=MazeError) for b in blocks]
    known = {s.blocks for s in sizes}
    for b in wanted:
        if b not in known:
            raise MazeError(f"suite {name} has no size {b}; its sizes (blocks wide): "
                            f"{', '.join(str(s.blocks) for s in sizes)}")
    if not wanted:
        raise MazeError("give at least one size")
    return tuple(s for s in sizes if s.blocks in wanted)


def suite_spec(name: str, size: SuiteSize) -> DatasetSpec:
    """The dataset spec of one size of suite ``name``."""
    recipe = RECIPES[name]
    return DatasetSpec(size.count, size.cells, size.cells, algorithm=recipe["algorithm"], goal=recipe["goal"],
                       seed=size.seed)


def content_sha256(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray) -> str:
    """SHA-256 of mazes themselves: each grid's blocks as bytes 0/1 row by row, then its start
    and goal as four little-endian int64, maze after maze.

    Examples
    --------
    >>> import meiro
    >>> b = meiro.generate_batch(2, 3, 3, seed=1)
    >>> content_sha256(b.grids, b.starts, b.goals) == content_sha256(b.grids, b.starts, b.goals)
    True
    >>> len(content_sha256(b.grids, b.starts, b.goals))
    64
    """
    digest = hashlib.sha256()
    ends = np.concatenate([np.asarray(starts, "<i8").reshape(-1, 2), np.asarray(goals, "<i8").reshape(-1, 2)], axis=1)
    for grid, pair in zip(np.asarray(grids, bool), ends):
        digest.update(np.ascontiguousarray(grid).view(np.uint8).tobytes())
        digest.update(pair.tobytes())
    return digest.hexdigest()


def write_suite(name: str, where: str | os.PathLike[str], *, sizes: Iterable[int] | None = None,
                jobs: int = 1, log: Callable[[str], None] = lambda line: None) -> dict[str, Any]:
    """Write suite ``name`` into the folder ``where``: one dataset folder a size (``21/``,
    ``51/``, ...) and :data:`INDEX`; returns the index.

    The folder must be new or empty (a suite is never written over another).
    ``sizes`` picks some of the sizes (blocks wide); each size's files are the
    same whichever others are written. ``jobs`` threads share the work.

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "suite"
    >>> index = write_suite("perfect-maze", out, sizes=[21])
    >>> sorted(p.name for p in out.iterdir()), index["sizes"][0]["count"]
    (['21', 'suite.json'], 1000)
    >>> json.loads((out / "suite.json").read_text()) == index
    True
    """
    chosen = suite_sizes(name, sizes)
    pyarrow()  # before anything is made: without it, one clear message
    folder = Folder(where)
    if folder.files():
        raise MazeError(f"{folder.where} already holds files: write a suite into a new or empty folder")
    entries = []
    try:
        for size in chosen:
            spec = suite_spec(name, size)
            log(f"{name} {size.blocks}x{size.blocks} blocks: {size.count} mazes")
            result = build_dataset(spec, os.path.join(os.fspath(where), str(size.blocks)), jobs=jobs)
            batch, _ = collect_batch(spec, jobs=jobs)
            assert isinstance(batch, MazeBatch)  # a suite's mazes are square
            files = {f"{size.blocks}/{s['file']}": s["sha256"] for s in result.shards}
            entries.append({"blocks": size.blocks, "cells": size.cells, "count": size.count, "seed": size.seed,
                            "content_sha256": content_sha256(batch.grids, batch.starts, batch.goals),
                            "files": files})
        index = {"suite": name, "recipe": RECIPES[name], "sizes": entries}
        folder.write(INDEX, json.dumps(index, indent=1, sort_keys=True) + "\n")
    except BaseException:  # a suite cut short leaves nothing (the folder held no file before)
        for written in folder.files():
            folder.remove(written)
        raise
    return index


def load_suite(where: str | os.PathLike[str], blocks: int) -> list[Maze]:
    """The mazes of one size of a suite written by :func:`write_suite`, in order, checked
    against the content SHA-256 in its :data:`INDEX`.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "suite"
    >>> _ = write_suite("perfect-maze", out, sizes=[21])
    >>> mazes = load_suite(out, 21)
    >>> len(mazes), mazes[0].shape, mazes[0].start
    (1000, (21, 21), (1, 1))
    """
    folder = Folder(where)
    raw = folder.read(INDEX)
    if raw is None:
        raise MazeError(f"{folder.where} is not a suite: it has no {INDEX}")
    try:
        index = json.loads(raw)
        entry = next(e for e in index["sizes"] if e["blocks"] == blocks)
    except (ValueError, KeyError, TypeError):
        raise MazeError(f"{folder.where}/{INDEX} is not a suite's index") from None
    except StopIteration:
        raise MazeError(f"the suite in {folder.where} has no size {blocks}") from None
    pq = pyarrow().parquet
    grids, starts, goals = [], [], []
    for name in sorted(entry["files"]):
        data = folder.read(name)
        if data is None:
            raise MazeError(f"{folder.where}/{name} is missing")
        table = pq.read_table(io.BytesIO(data), columns=["grid", "start", "goal"])
        n = table.num_rows
        grids.append(np.asarray(_plain(table, "grid").flatten().flatten(), bool).reshape(n, blocks, blocks))
        starts.append(np.asarray(_plain(table, "start").flatten(), np.int64).reshape(n, 2))
        goals.append(np.asarray(_plain(table, "goal").flatten(), np.int64).reshape(n, 2))
    g, s, e = np.concatenate(grids), np.concatenate(starts), np.concatenate(goals)
    if content_sha256(g, s, e) != entry["content_sha256"]:
        raise MazeError(f"the mazes of size {blocks} in {folder.where} are not the suite's: "
                        "their content SHA-256 differs from its index")
    return [Maze(g[i], tuple(s[i]), tuple(e[i])) for i in range(len(g))]


__all__ = ["INDEX", "RECIPES", "SUITES", "SuiteSize", "content_sha256", "load_suite", "suite_sizes",
           "suite_spec", "write_suite"]


def _plain(table: Any, name: str) -> Any:
    """Column ``name`` of ``table`` as plain nested lists: once Hugging Face ``datasets`` is
    imported, pyarrow reads the grid's Array2D type as an extension array, whose lists are
    its ``storage``."""
    column = table.column(name).combine_chunks()
    return getattr(column, "storage", column)

"""Other meiro datasets' puzzles, to leave out of a new one (``--exclude``).

Each dataset's shards are read (their grid, start and goal columns only) and the
canonical fingerprint of every maze goes into one :class:`~.puzzles.FingerprintSet`,
read before the first maze is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import numpy as np

from ..errors import MazeError
from .card import read_record
from .folder import CARD, Folder
from .puzzles import FingerprintSet, puzzle_prints
from .shards import pyarrow, unpack_grid

def excluded(places: tuple[str, ...]) -> FingerprintSet | None:
    """The puzzles of the datasets at ``places`` (folders or URLs); None for none."""
    if not places:
        return None
    found = FingerprintSet()
    for place in places:
        for grids, starts, goals in dataset_mazes(place):
            found.add(puzzle_prints(grids, starts, goals))
    return found


def dataset_mazes(place: str) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The mazes of the meiro dataset at ``place``, shard by shard: ``(grids, starts, goals)``.

    Raises
    ------
    MazeError
        If ``place`` holds no meiro dataset card, is a dataset of another grid kind, or a
        shard it lists is missing or unreadable.
    """
    folder = Folder(place)
    text = folder.read(CARD)
    if text is None:
        raise MazeError(f"--exclude {place}: not a meiro dataset (no README.md card there)")
    try:
        record = read_record(text.decode("utf-8", "replace"))
    except MazeError:
        raise MazeError(f"--exclude {place}: its README.md is not a meiro dataset card") from None
    recipe = record.get("recipe")
    if not isinstance(recipe, dict) or recipe.get("kind", "square") != "square":
        raise MazeError(f"--exclude {place}: only datasets of square mazes can be excluded")
    pq = pyarrow().parquet
    for entry in record["shards"]:
        name = entry.get("file") if isinstance(entry, dict) else None
        data = folder.read(name) if isinstance(name, str) else None
        if data is None:
            raise MazeError(f"--exclude {place}: shard {name} that its card lists is missing")
        try:
            table = pq.read_table(io.BytesIO(data), columns=["grid", "start", "goal"])
        except Exception as exc:  # pyarrow's errors have no common base but Exception
            raise MazeError(f"--exclude {place}: {name} is not a readable shard ({exc})") from None
        n = table.num_rows
        rows, cols = 2 * int(recipe["height"]) + 1, 2 * int(recipe["width"]) + 1
        grid = table.column("grid").combine_chunks()
        if hasattr(grid, "storage"):  # the Array2D extension type, when datasets registered it
            grid = grid.storage
        if grid.type == pyarrow().binary():
            grids = unpack_grid(grid.to_pylist(), rows, cols)
        else:
            grids = np.asarray(grid.flatten().flatten().to_numpy(zero_copy_only=False), bool).reshape(n, rows, cols)
        ends = [np.asarray(table.column(c).combine_chunks().flatten().to_numpy(zero_copy_only=False),
                           np.int64).reshape(n, 2) for c in ("start", "goal")]
        yield grids, ends[0], ends[1]

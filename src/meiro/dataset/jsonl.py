"""``meiro dataset --format jsonl``: a dataset's text tasks as JSON lines (:mod:`.text_rows`)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from .build import _Settler, _settled_windows, _threads
from .shards import DrawnShard
from .spec import DatasetSpec
from .text_rows import text_columns


def write_jsonl(spec: DatasetSpec, where: str | os.PathLike[str], *, jobs: int = 1,
                progress: Callable[[int], object] | None = None) -> int:
    """Write ``spec``'s rows as JSON lines to the file ``where`` (atomically); how many draws they took.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from meiro.text.tasks import verify_answer
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "mazes.jsonl"
    >>> write_jsonl(DatasetSpec(3, 4, 4, seed=1, extras=("prompt", "answer"), text_format="coords"), out)
    3
    >>> rows = [json.loads(line) for line in out.read_text().splitlines()]
    >>> [verify_answer(row, row["answer"]) for row in rows]
    [True, True, True]
    """
    from ..io.writing import write_atomic

    settler = _Settler(spec)
    lines: list[str] = []
    with _threads(jobs) as pool:
        for window in _settled_windows(spec, settler, jobs, pool):
            for rows in window:
                assert isinstance(rows, DrawnShard)  # (the spec is square: checked by the command)
                lengths = rows.stats.solution_length
                offsets, blocks = rows.block_paths()
                texts = text_columns(spec, rows.grids, rows.starts, rows.goals, offsets, blocks)
                for k in range(len(rows)):
                    row = {"index": int(rows.index[k]), "seed": int(rows.seeds[k]), "width": spec.width,
                           "height": spec.height, "algorithm": spec.algorithm,
                           "solution_length": int(lengths[k]),
                           **{name: column[k] for name, column in texts.items()}}
                    lines.append(json.dumps(row, ensure_ascii=False))
                if progress is not None:
                    progress(len(rows))
    write_atomic(os.fspath(where), ("\n".join(lines) + "\n").encode("utf-8"))
    return settler.drawn

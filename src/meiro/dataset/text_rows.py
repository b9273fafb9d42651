"""A dataset's text tasks: the ``prompt`` and ``answer`` columns (``--format jsonl`` files: :mod:`.jsonl`).

Each row's prompt and answer are :func:`meiro.text.tasks.text_task`'s in the
spec's ``text_format``; a row also names the format (``text_format``), so
:func:`meiro.text.tasks.verify_answer` checks an answer against the row alone.
A JSONL file holds one JSON object a line, in draw order, with the rows'
``index``, ``seed``, ``width``, ``height``, ``algorithm``, ``solution_length``
(cell steps), ``text_format`` and the text columns asked for (both, when
neither is): the same rows for any number of threads, as the shards.
"""

from __future__ import annotations

import numpy as np

from ..maze import Maze
from ..text.tasks import text_task
from .spec import DatasetSpec


def text_columns(spec: DatasetSpec, grids: np.ndarray, starts: np.ndarray, goals: np.ndarray,
                 offsets: np.ndarray, blocks: np.ndarray) -> dict[str, list[str]]:
    """The ``text_format`` column and the text columns ``spec.extras`` asks for (both, if neither),
    of stacked mazes whose shortest paths are ``blocks[offsets[k]:offsets[k + 1]]``.

    Examples
    --------
    >>> import meiro
    >>> from meiro.analysis.batch_stats import batch_paths, batch_stats
    >>> b = meiro.generate_batch(2, 3, 2, seed=1)
    >>> o, p = batch_paths(b.grids, b.starts, b.goals, batch_stats(b.grids, b.starts, b.goals).solution_length)
    >>> text_columns(DatasetSpec(2, 3, 2, extras=("answer",), text_format="moves"), b.grids, b.starts, b.goals, o, p)
    {'text_format': ['moves', 'moves'], 'answer': ['RRDDRR', 'RRDDRR']}
    """
    wanted = [name for name in ("prompt", "answer") if name in spec.extras] or ["prompt", "answer"]
    out: dict[str, list[str]] = {"text_format": [spec.text_format] * len(grids), "prompt": [], "answer": []}
    for k in range(len(grids)):
        maze = Maze._adopt(grids[k], tuple(starts[k].tolist()), tuple(goals[k].tolist()))
        prompt, answer = text_task(maze, spec.text_format, blocks[offsets[k]:offsets[k + 1]])
        out["prompt"].append(prompt)
        out["answer"].append(answer)
    return {name: out[name] for name in ("text_format", *wanted)}

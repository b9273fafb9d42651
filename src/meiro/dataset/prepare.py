"""A dataset's kernels made ready before its progress bar starts (``meiro dataset``'s "preparing").

The first run of a recipe on a fresh install compiles the kernels it runs (numba
caches them on disk: later runs load them in a fraction of a second). Run on
one tiny draw first, that compiling happens before the bar starts, and the
command can say why it waits.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable

from .spec import DatasetSpec, Filters

#: Seconds the kernels may take to load before the command says it is preparing them.
SAY_AFTER = 0.5


def prepare(spec: DatasetSpec, say: Callable[[], object] | None = None, *, batch: bool = False,
            solver: str | None = None) -> None:
    """Run ``spec``'s kernels on one maze: generation, statistics and solutions (with ``batch``, a
    plain ``.npz`` batch's: generation and ``solver``'s); ``say()`` is called if that takes longer
    than :data:`SAY_AFTER`.

    Examples
    --------
    >>> said = []
    >>> prepare(DatasetSpec(100, 5, 5, seed=1), lambda: said.append(1))
    >>> said in ([], [1])
    True
    """
    timer = threading.Timer(SAY_AFTER, say) if say is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        _run_once(spec, batch, solver)
    finally:
        if timer is not None:
            timer.cancel()


def _run_once(spec: DatasetSpec, batch: bool, solver: str | None) -> None:
    if batch:
        from ..batch import generate_batch

        generate_batch(1, spec.maze_recipe, solver=solver)
        return
    from .shards import DrawnShard, draw_shard

    tiny = dataclasses.replace(spec, count=1, shard_draws=1, max_draws=1, filters=Filters(), dedupe=False)
    drawn = draw_shard(tiny, 0)
    if isinstance(drawn, DrawnShard):
        drawn.solution_cells()
        if {"tokens", "pixels", "prompt", "answer", "solution_mask"} & set(spec.extras):
            drawn.block_paths()

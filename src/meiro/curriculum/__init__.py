"""Curricula for agents: ACCEL's maze edits, PLR's level buffer and fixed held-out suites.

- :func:`mutate` / :func:`mutate_grids` (:mod:`.mutation`): open or close
  walls, move the goal or the start; at most ``k`` changes, always solvable,
  a stack of mazes in one compiled call.
- :class:`LevelBuffer` (:mod:`.buffer`): Prioritized Level Replay's scored
  buffer (rank or proportional priorities with a temperature, staleness, the
  replay probability), reproducible from its seed.
- :func:`write_suite` and :func:`load_suite` (:mod:`.suites`): the held-out
  ``perfect-maze`` suites at the literature's sizes, the same bytes on every
  run (``meiro suite``).

:mod:`.suites` needs pyarrow (``pip install "meiro[datasets]"``); it is
imported when first used, so the rest works without it.

Examples
--------
>>> import meiro
>>> from meiro.curriculum import LevelBuffer, mutate
>>> buffer = LevelBuffer(8, seed=0)
>>> level = meiro.generate(6, 6, seed=1)
>>> for step in range(5):
...     _ = buffer.add(level, score=float(step))
...     level = mutate(level, edits=3, seed=step)
>>> len(buffer)
5
"""

from typing import TYPE_CHECKING, Any

from .buffer import STRATEGIES, LevelBuffer
from .mutation import EDITS, Mutated, mutate, mutate_grids

if TYPE_CHECKING:
    from .suites import SUITES, load_suite, write_suite

#: names loaded from .suites on first use: it imports the dataset writer (PEP 562)
_SUITE_NAMES = ("SUITES", "load_suite", "write_suite")


def __getattr__(name: str) -> Any:
    if name in _SUITE_NAMES:
        from . import suites

        return getattr(suites, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["EDITS", "STRATEGIES", "SUITES", "LevelBuffer", "Mutated", "load_suite", "mutate", "mutate_grids",
           "write_suite"]

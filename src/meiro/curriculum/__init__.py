"""Curricula for agents: ACCEL's maze edits, PLR's level buffer and fixed held-out suites.

- :func:`mutate` / :func:`mutate_grids` (:mod:`.mutation`): open or close
  walls, move the goal or the start; at most ``k`` changes, always solvable,
  a stack of mazes in one compiled call.
- :class:`LevelBuffer` (:mod:`.buffer`): Prioritized Level Replay's scored
  buffer (rank or proportional priorities with a temperature, staleness, the
  replay probability), reproducible from its seed.
- :func:`write_suite` (:mod:`.suites`): the held-out ``perfect-maze`` suites
  at the literature's sizes, the same bytes on every run (``meiro suite``).

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

from .buffer import STRATEGIES, LevelBuffer
from .mutation import EDITS, Mutated, mutate, mutate_grids

__all__ = ["EDITS", "STRATEGIES", "LevelBuffer", "Mutated", "mutate", "mutate_grids"]

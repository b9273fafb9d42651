"""The one timing helper the benchmark scripts share (they import it from beside them)."""

from __future__ import annotations

import time


def best_of(repeat: int, call) -> float:
    """The fastest of ``repeat`` timed calls of ``call()``, in seconds.

    The fastest run is the one least disturbed by the rest of the machine.
    """
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - t0)
    return best

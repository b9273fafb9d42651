"""The one timing helper the benchmark scripts share (they import it from beside them)."""

from __future__ import annotations

import time


def best_of(repeat: int, call, clock=time.perf_counter) -> float:
    """The fastest of ``repeat`` timed calls of ``call()``, in seconds of ``clock``.

    The fastest run is the one least disturbed by the rest of the machine. On a
    machine other programs keep busy, ``time.process_time`` (this process's CPU
    time) leaves out the time spent waiting for a core.
    """
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        call()
        best = min(best, clock() - t0)
    return best

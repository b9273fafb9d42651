"""What the benchmark scripts share (they import it from beside them): a timing helper and a
private X display for the window's benchmarks."""

from __future__ import annotations

import os
import shutil
import subprocess
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


def private_display(screen: str = "1280x1024x24") -> tuple[subprocess.Popen[bytes], str] | None:
    """A private Xvfb server and its display name (``":N"``), or None where Xvfb is not installed.

    The caller ends the server (``terminate()``) when done.
    """
    if shutil.which("Xvfb") is None:
        return None
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", screen,
                               # -noreset: no server reset when the last window closes, which
                               # a window opening at that moment could meet half-way
                               "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    return server, f":{number}"

"""Writing results to the terminal."""

from __future__ import annotations

import sys
from typing import Iterable


def print_lines(lines: Iterable[str]) -> None:
    """Write lines to stdout as they come (a huge maze never sits in memory as one string)."""
    write = sys.stdout.write
    for line in lines:
        write(line)
        write("\n")
    sys.stdout.flush()

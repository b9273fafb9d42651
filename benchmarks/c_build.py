"""Building the C baseline the benchmark scripts share (they import it from beside them).

``benchmarks/c_baseline/maze.c`` is compiled into a folder the caller owns (a
temporary one), with ``cc -O2 -march=native``, or ``-O2`` where that fails;
``$CC`` picks the compiler.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

C_SOURCE = Path(__file__).resolve().parent / "c_baseline" / "maze.c"


def compiler() -> str | None:
    """The C compiler: ``$CC``, else the first of cc, gcc and clang on the PATH."""
    named = os.environ.get("CC")
    if named:
        return shutil.which(named)
    return next(filter(None, map(shutil.which, ("cc", "gcc", "clang"))), None)


def build_c(folder: str | os.PathLike) -> tuple[str | None, str]:
    """Compile the C baseline into ``folder``: (the program, how) or (None, why not)."""
    cc = compiler()
    if cc is None:
        return None, "no C compiler found (set CC, or install cc, gcc or clang)"
    program = str(Path(folder) / "maze")
    error = ""
    for flags in (["-O2", "-march=native"], ["-O2"]):
        out = subprocess.run([cc, "-std=c99", *flags, "-o", program, str(C_SOURCE)],
                             capture_output=True, text=True)
        if out.returncode == 0:
            return program, f"{Path(cc).name} {' '.join(flags)} ({compiler_version(cc)})"
        error = out.stderr.strip()
    return None, f"{cc} could not compile {C_SOURCE.name}:\n{error}"


def compiler_version(cc: str) -> str:
    """The first line of ``cc --version``."""
    out = subprocess.run([cc, "--version"], capture_output=True, text=True)
    return out.stdout.splitlines()[0] if out.returncode == 0 and out.stdout else "version unknown"

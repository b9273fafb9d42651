"""The ``meiro`` program's entry point (the console script calls :func:`run`).

It lives outside the ``meiro`` package on purpose: importing ``meiro`` loads
NumPy and numba, most of a second, and only code that runs before that
import can catch a Ctrl-C pressed meanwhile, to end quietly with the status
Ctrl-C always gives (130) instead of a traceback.

For the same reason it is where the program says what it will not need
before those libraries load (:func:`_without_linear_algebra`).
"""

import os
import sys


def _without_linear_algebra() -> None:
    """Keep the command's process free of linear algebra it never does.

    No meiro command multiplies matrices, yet two libraries start that machinery on
    their own, a third of a second of CPU on every command (measured with
    ``/usr/bin/time -f "%U %S" meiro dataset -n 1 ...`` on a 2-core machine with SciPy
    installed: 0.97 s before, 0.56 s after):

    - OpenBLAS, which NumPy (and SciPy) load, starts a worker thread per core that
      spins for a moment; with one thread it starts none. A value the user set is kept.
    - numba, when it first compiles or loads a kernel, imports SciPy's linear algebra
      (where SciPy is installed) only to learn whether it may compile ``np.dot``, which
      no meiro kernel calls. SciPy is marked absent for the command's process; nothing
      it runs imports SciPy. (``import meiro`` in a user's program is left alone.)
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    sys.modules.setdefault("scipy", None)  # type: ignore[arg-type]


def run() -> None:
    """Load the command line and run it (:func:`meiro.cli.run`)."""
    try:
        _without_linear_algebra()
        from meiro.cli import run as run_cli
    except KeyboardInterrupt:
        if sys.stderr is not None:
            sys.stderr.write("\n")
        sys.exit(130)
    run_cli()

"""The ``meiro`` program's entry point (the console script calls :func:`run`).

It lives outside the ``meiro`` package on purpose: importing ``meiro`` loads
NumPy and numba, most of a second, and only code that runs before that
import can catch a Ctrl-C pressed meanwhile, to end quietly with the status
Ctrl-C always gives (130) instead of a traceback.

For the same reason it is where the program says what it will not need
before those libraries load (:func:`_without_linear_algebra`, :func:`_small_pages`,
:func:`_plain_numba_messages`).
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


def _small_pages() -> None:
    """Have NumPy map its big arrays in the system's small pages (unless the user chose).

    NumPy asks Linux for huge pages (2 MB) for every big array; the first touch of each
    clears all of it. A dataset's shard is many big arrays written once: the command
    spent 0.2 s more of system time on them (``meiro dataset -n 1000000``: 0.65 s against
    0.45 s), and the biggest mazes' kernels were no faster with them (``meiro generate
    --size 4000x4000 --goal farthest --solve bfs``: 5.6 s against 5.4 s).
    """
    os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")


def _plain_numba_messages() -> None:
    """Keep numba from loading colorama, where it is installed, on POSIX systems.

    numba decorates its compiler's messages through colorama, whose first use
    registers a colour reset to be written to the terminal at exit: a ``-q``
    command would not end silent. POSIX terminals need no colorama; on Windows
    other libraries (tqdm's bars) may, and it is left alone.
    """
    if os.name == "posix":
        sys.modules.setdefault("colorama", None)  # type: ignore[arg-type]


def run() -> None:
    """Load the command line and run it (:func:`meiro.cli.run`)."""
    try:
        _without_linear_algebra()
        _small_pages()
        _plain_numba_messages()
        from meiro.cli import run as run_cli
    except KeyboardInterrupt:
        if sys.stderr is not None:
            sys.stderr.write("\n")
        sys.exit(130)
    run_cli()

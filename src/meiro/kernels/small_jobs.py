"""Small jobs run meiro's kernels as plain Python, so that they do not wait for numba.

Loading numba and the cached machine code of a kernel takes about half a
second on every run; a 15x15 maze takes about 20 ms to make, farthest goal and
A* answer included, as plain Python (about 70 ms at 30x30, and about 300 ms
for the slowest generator, Aldous-Broder). So a one-off job of at most
:data:`PYTHON_UP_TO` cells asks :mod:`meiro.kernels.jit` for Python kernels:
the same code, so the same mazes and paths. ``python
benchmarks/bench_startup.py`` measures the difference.
"""

from __future__ import annotations

from .jit import Compiled, compile_kernels, prefer_python, switch_to_numba

#: the largest job (in cells) that runs its kernels as plain Python (if none are compiled yet).
PYTHON_UP_TO = 32 * 32


def prefer_python_for(cells: int) -> bool:
    """Ask for plain-Python kernels if a one-off job of ``cells`` cells is small enough;
    whether this process's kernels will be plain Python.

    To be called before the job's kernels are loaded; kernels already made stay as they are.

    Examples
    --------
    >>> from meiro.kernels.jit import mode
    >>> prefer_python_for(10**6) == (mode() == "python")     # a large job asks for nothing
    True
    """
    if cells <= PYTHON_UP_TO:
        return prefer_python()
    return False


def python_now() -> bool:
    """Whether this process's kernels are plain Python now (and could be switched to compiled ones).

    Examples
    --------
    >>> from meiro.kernels.jit import mode
    >>> python_now() == (mode() == "python")
    True
    """
    from .jit import mode

    return mode() == "python"


def compiled_later() -> Compiled:
    """The compiled twins of the Python kernels made so far (:func:`meiro.kernels.jit.compile_kernels`):
    for a background thread of a program that started small and may grow.

    Examples
    --------
    >>> compiled_later() if not python_now() else {}    # compiled already: no twins
    {}
    """
    return compile_kernels()


def use_compiled(compiled: Compiled) -> int:
    """Switch to the kernels of :func:`compiled_later` (:func:`meiro.kernels.jit.switch_to_numba`),
    between two kernel calls; how many names changed.

    Examples
    --------
    >>> use_compiled({})
    0
    """
    return switch_to_numba(compiled)


__all__ = ["PYTHON_UP_TO", "compiled_later", "prefer_python", "prefer_python_for", "python_now", "use_compiled"]

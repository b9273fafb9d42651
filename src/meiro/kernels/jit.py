"""``@njit`` for meiro's kernels: compiled by numba, or run as the plain Python they are written in.

Every kernel is plain Python over NumPy arrays and scalars, which numba
compiles to machine code. Compiling costs nothing after the first run (the
machine code is cached on disk), but *importing numba* costs about half a
second on every run: more than a small maze takes to make in plain Python. So
a kernel module decorates its kernels with this module's :func:`njit`, which
does one of two things, chosen once per process, before the first kernel is
defined:

``"numba"`` (the default)
    ``numba.njit(**options)(func)``: a compiled, cached kernel. numba and its
    cache settings (:mod:`meiro.kernels`) are loaded by the first kernel.
``"python"``
    ``func`` itself, unchanged: numba is never imported. The same code runs
    the same steps on the same numbers, so it gives the same mazes and paths as
    the compiled kernels (``tests/test_python_kernels.py`` checks every
    algorithm against them), at Python's speed: a hundred times slower and more.

The ``meiro`` command asks for ``"python"`` (:func:`prefer_python`) when its
whole job is small, which makes ``meiro generate`` start in a third of the
time. Set ``MEIRO_JIT=0`` to run every kernel as Python in any process (to
step through a kernel in a debugger, or measure its coverage); ``MEIRO_JIT=1``
keeps them compiled even where the command would choose Python.

numba wraps unsigned 64-bit arithmetic silently, as C does, and the PRNG
relies on it; NumPy's scalars wrap too but warn. The kernels that Python code
calls (those compiled with ``cache=True``) therefore run under
``numpy.errstate(over="ignore")`` in ``"python"`` mode.

A long-lived program (the game) can start in ``"python"`` mode, so that its
window answers at once, and switch to compiled kernels once numba's cache
holds them (:func:`compile_kernels` in a background thread, then
:func:`switch_to_numba` between two frames): every kernel defined so far is
made a numba dispatcher and put in place of the Python function in the
modules of meiro that name it, and kernels defined later are compiled.

Hand-made rather than numba's own ``NUMBA_DISABLE_JIT``: that still imports
numba (the cost this module exists to avoid) and is read only once, when
numba is first imported.

Examples
--------
>>> @njit(inline="always")
... def twice(x):
...     return 2 * x
>>> int(twice(21))
42
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any, Literal, TypeVar, overload

import numpy as np

Mode = Literal["numba", "python"]
F = TypeVar("F", bound=Callable[..., Any])

#: the mode kernels are made in, fixed by the first kernel defined (None until then).
_mode: Mode | None = None
#: the mode asked for by :func:`prefer_python` before any kernel was defined.
_preferred: Mode = "numba"
#: every kernel made in Python mode: (what njit returned, the function, numba's options).
_made: list[tuple[Any, Callable[..., Any], dict[str, Any]]] = []


def _forced() -> Mode | None:
    """The mode ``MEIRO_JIT`` sets: ``0`` (or off/no/false) is Python, ``1`` (on/yes/true) numba."""
    value = os.environ.get("MEIRO_JIT", "").strip().lower()
    if value in ("0", "off", "no", "false"):
        return "python"
    if value in ("1", "on", "yes", "true"):
        return "numba"
    return None


def mode() -> Mode:
    """The mode kernels are made in, in this process: ``"numba"`` or ``"python"``.

    Fixed once the first kernel is defined; until then, what it would be.

    Examples
    --------
    >>> mode() in ("numba", "python")
    True
    """
    return _mode or _forced() or _preferred


def prefer_python() -> bool:
    """Ask for plain-Python kernels in this process; whether they are what it will run.

    Takes effect only before the first kernel is defined (kernels once made
    stay as they are) and when ``MEIRO_JIT`` does not say otherwise. For a
    small job, run once: the kernels of a large one should be compiled.
    """
    global _preferred
    if _mode is None:
        _preferred = "python"
    return mode() == "python"


def _fix_mode() -> Mode:
    global _mode
    if _mode is None:
        _mode = mode()
        if _mode == "numba":
            from . import prepare_numba

            prepare_numba()
    return _mode


def _wrapping(func: F) -> F:
    """``func`` run with NumPy's overflow warnings off, as numba's wrapping arithmetic runs.

    The wrapper calls its ``_target[0]``, ``func`` until :func:`switch_to_numba` puts the
    compiled kernel there: a reference to the kernel kept anywhere (a registry's table, a
    closure) then runs the compiled one too."""
    target: list[Any] = [func]

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        impl = target[0]
        if impl is not func:
            return impl(*args, **kwargs)
        with np.errstate(over="ignore"):
            return func(*args, **kwargs)

    run.py_func = func  # type: ignore[attr-defined]  # as a numba dispatcher has
    run._target = target  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]  # same signature as func


def parallel_range() -> Callable[..., Any]:
    """The ``range`` of a kernel's parallel loop: ``numba.prange`` when kernels are compiled
    (a kernel made with ``parallel=True`` then runs that loop's iterations on numba's threads),
    ``range`` in Python mode (the same iterations, one after another).

    A kernel module binds it once, as ``prange = parallel_range()``. A kernel made in
    Python mode and compiled later (:func:`switch_to_numba`) keeps ``range``: it runs
    its loop on one thread, with the same results.

    Examples
    --------
    >>> prange = parallel_range()
    >>> list(prange(3))
    [0, 1, 2]
    """
    if _fix_mode() == "python":
        return range
    import numba

    made: Callable[..., Any] = numba.prange
    return made


@overload
def njit(func: F, /) -> F: ...
@overload
def njit(*, cache: bool = ..., inline: str = ..., nogil: bool = ...,
         parallel: bool = ...) -> Callable[[F], F]: ...


def njit(func: Any = None, /, **options: Any) -> Any:
    """Make ``func`` a kernel: ``numba.njit(**options)(func)``, or ``func`` itself in Python mode.

    Used as numba's own, bare (``@njit``) or with options (``@njit(cache=True)``).
    """

    def make(func: F) -> F:
        if not callable(func):
            raise TypeError(f"njit makes a kernel of a function, not of {type(func).__name__}")
        if _fix_mode() == "python":
            made_py = _wrapping(func) if options.get("cache") else func
            _made.append((made_py, func, options))
            return made_py
        import numba

        made: F = numba.njit(**options)(func)
        return made

    return make if func is None else make(func)


Compiled = dict[int, Any]


def compile_kernels() -> Compiled:
    """numba dispatchers for every kernel made in Python mode so far, by ``id`` of the Python one.

    Loads numba (about a second, mostly spent outside the GIL's hold on other
    threads) but changes nothing: safe in a background thread while the
    Python kernels run. Each dispatcher compiles, or loads from numba's cache,
    on its first call. Empty in numba mode (nothing to switch).

    Examples
    --------
    >>> compile_kernels() if mode() == "numba" else {}      # (compiled already: nothing to do)
    {}
    """
    if _mode == "numba" or _forced() == "python":
        return {}
    import numba

    from . import prepare_numba

    prepare_numba()
    return _twins_of({}, numba)


def _twins_of(compiled: Compiled, numba: Any) -> Compiled:
    """``compiled`` with a twin for every kernel made so far that has none: made while the
    others were (numba's cache machinery imports modules, which define kernels)."""
    out = dict(compiled)
    while True:
        missing = [(made, func, options) for made, func, options in list(_made) if id(made) not in out]
        if not missing:
            return out
        for made, func, options in missing:
            out[id(made)] = (made, numba.njit(**options)(func))


def switch_to_numba(compiled: Compiled) -> int:
    """Put the dispatchers of :func:`compile_kernels` in place of the Python kernels in every
    loaded module of meiro; kernels defined from now on are compiled. How many names changed.

    Cheap (a walk over module dictionaries): for the main thread, between two
    frames, never while a kernel runs. A cached kernel kept elsewhere (in a
    table, a closure) runs the compiled one too; an inlined helper is only ever
    called from other kernels, which find it in their module.
    """
    global _mode, _preferred
    if not isinstance(compiled, dict):
        raise TypeError(f"switch_to_numba takes what compile_kernels returned, not {type(compiled).__name__}")
    if _forced() == "python" or _mode == "numba":
        return 0
    if _mode is None:  # no kernel made yet: they will all be compiled
        _preferred = "numba"
        return 0
    import sys

    import numba

    compiled = _twins_of(compiled, numba)  # (kernels defined since compile_kernels: cheap, lazy)
    swapped = 0
    for made, dispatcher in compiled.values():
        target = getattr(made, "_target", None)
        if target is not None:  # (every kernel Python calls: those cached)
            target[0] = dispatcher
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "meiro" or name.startswith("meiro.")):
            continue
        names = vars(module)
        for key, value in list(names.items()):
            pair = compiled.get(id(value))
            if pair is not None and pair[0] is value:
                names[key] = pair[1]
                swapped += 1
    _made.clear()
    _mode = "numba"
    return swapped


__all__ = ["compile_kernels", "mode", "njit", "prefer_python", "switch_to_numba"]

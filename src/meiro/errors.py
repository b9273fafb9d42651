"""The exceptions meiro raises.

Every problem a caller can cause (a bad size, a malformed file, an unknown
algorithm) is a :class:`MazeError` with a message that says what is wrong and
where; the CLI prints that message on one line and exits with status 2.

:func:`whole` is the one check of a whole-number argument, for every layer: a whole number
is anything :func:`operator.index` takes (an ``int``, a NumPy integer) except a bool
(``True`` as a width or a seed is a slip, never meant). Floats, strings and arrays are
refused too, even ``3.0``: a size or a seed is counted, not measured.

Something meiro carries on after, but that its caller may want to know of,
is a warning (:class:`MeiroWarning`), never a line printed by the library;
the CLI shows it on one line, ``meiro: note: ...``.
"""

from __future__ import annotations

import operator
from typing import Any


class MazeError(ValueError):
    """A maze, a maze file or a request for one is invalid.

    It is a :class:`ValueError`, so code that already catches those keeps
    working; the message is one line that says what is wrong.

    Examples
    --------
    >>> import meiro
    >>> meiro.generate(0, 5)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: width must be at least 1 cell, got 0
    >>> try:
    ...     meiro.load("no-such-maze.json")
    ... except meiro.MazeError as exc:
    ...     print(exc)
    cannot read no-such-maze.json: no such file
    """


class NoPathError(MazeError):
    """The goal cannot be reached from the start (possible in loaded mazes).

    Generated mazes are always connected; a hand-made or edited grid may not
    be. Catching :class:`MazeError` catches this too.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.parse_text("#####\\n#S#G#\\n#####")
    >>> meiro.solve(m)
    Traceback (most recent call last):
    ...
    meiro.errors.NoPathError: the goal (1, 3) cannot be reached from the start (1, 1)
    >>> try:
    ...     meiro.solve(m)
    ... except meiro.NoPathError:
    ...     print("no way through")
    no way through
    """


def whole(value: Any, name: str, low: int | None = None, high: int | None = None, *,
          what: str = "a whole number", unit: str = "",
          error: type[Exception] = TypeError) -> int:
    """``value`` as an ``int``, checked to be a whole number from ``low`` to ``high``.

    Parameters
    ----------
    value
        The argument to check.
    name : str
        Its name, as the messages show it.
    low, high : int, optional
        The least and the greatest value allowed (no bound when None).
    what : str
        What the value is called in the messages (``"a whole number of cells"``).
    unit : str
        Appended to ``low`` in the "at least" message (``" cell"``).
    error : type of Exception
        What a value that is not a whole number raises: TypeError for a program's
        argument, :class:`~meiro.MazeError` for what a user typed or a file held.

    Raises
    ------
    TypeError or MazeError
        ``error`` for a bool, a float, a string or anything else that is not a whole
        number; MazeError for one outside the bounds. With both bounds, both messages
        name the range.

    Examples
    --------
    >>> import numpy as np
    >>> whole(np.int64(5), "width", 1)
    5
    >>> whole(True, "width")
    Traceback (most recent call last):
    ...
    TypeError: width must be a whole number, got True
    >>> whole(0, "width", 1, what="a whole number of cells", unit=" cell")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: width must be at least 1 cell, got 0
    >>> whole(2.0, "count", 1, 9, error=MazeError)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: count must be a whole number from 1 to 9, got 2.0
    """
    if type(value) is int:  # the usual case, first: this check runs on every call of the core
        number = value
    else:
        if isinstance(value, bool):  # (NumPy's bool is refused by operator.index)
            raise error(f"{name} must be {_described(what, low, high)}, got {value!r}")
        try:
            number = operator.index(value)
        except TypeError:
            raise error(f"{name} must be {_described(what, low, high)}, got {value!r}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        if low is not None and high is not None:
            raise MazeError(f"{name} must be {_described(what, low, high)}, got {number!r}")
        if low is not None:
            raise MazeError(f"{name} must be at least {low}{unit}, got {number!r}")
        raise MazeError(f"{name} must be at most {high}{unit}, got {number!r}")
    return number


def _described(what: str, low: int | None, high: int | None) -> str:
    """What a value must be, with its range when it has both bounds."""
    return what if low is None or high is None else f"{what} from {low} to {high}"


def flag(value: Any, name: str) -> bool:
    """A yes/no argument: a bool (NumPy's too), refused as a TypeError otherwise.

    Examples
    --------
    >>> flag(False, "record")
    False
    >>> flag(1, "record")
    Traceback (most recent call last):
    ...
    TypeError: record must be True or False, got 1
    """
    if not (isinstance(value, bool) or _numpy_bool(value)):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def _numpy_bool(value: Any) -> bool:
    """Whether ``value`` is a NumPy bool (told without importing NumPy)."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")


class MeiroWarning(UserWarning):
    """What meiro warns of: it carries on, but the caller may want to act (the kinds below).

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", MeiroWarning)  # all of meiro's warnings, kept quiet
    """


class NumbaCacheWarning(MeiroWarning):
    """No folder keeps numba's compiled kernels between runs: each run compiles them again.

    Raised as a warning when meiro's own folders, the user's cache folder and
    the temporary folder cannot safely hold the cache; setting ``NUMBA_CACHE_DIR``
    to a folder of one's own ends it (see :mod:`meiro.kernels`).
    """

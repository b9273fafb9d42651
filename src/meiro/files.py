"""Reading files safely, with one-line errors (writing is :mod:`meiro.writing`)."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import MazeError
from .writing import write_atomic  # noqa: F401 - its old home; new code imports meiro.writing


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def read_bytes(path: str | os.PathLike) -> bytes:
    """Read a whole file, turning OS errors into one-line :class:`MazeError` messages.

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> write_atomic(os.path.join(folder, "a.bin"), b"\\x00\\x01")
    >>> read_bytes(os.path.join(folder, "a.bin"))
    b'\\x00\\x01'
    >>> read_bytes(folder)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read ...: it is a folder, not a file
    """
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise MazeError(f"cannot read {path}: no such file") from None
    except IsADirectoryError:
        raise MazeError(f"cannot read {path}: it is a folder, not a file") from None
    except OSError as exc:
        raise MazeError(f"cannot read {path}: {_reason(exc)}") from None


def read_text(path: str | os.PathLike) -> str:
    """Read a UTF-8 text file (a BOM is allowed) with one-line error messages.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> write_atomic(path, b"\\xef\\xbb\\xbf# #")
    >>> read_text(path)
    '# #'
    >>> write_atomic(path, b"\\xff")
    >>> read_text(path)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read ...: not UTF-8 text (byte 0)
    """
    raw = read_bytes(path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MazeError(f"cannot read {path}: not UTF-8 text (byte {exc.start})") from None

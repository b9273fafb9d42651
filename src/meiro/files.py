"""Reading and writing files safely: atomic writes and friendly read errors."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import MazeError


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    A reader never sees a half-written file, and an interrupted write leaves
    the old file (or nothing) in place.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.txt", "hello")
    >>> (folder / "a.txt").read_text()
    'hello'
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise MazeError(f"cannot write {target}: {_reason(exc)}") from None
    try:
        # mkstemp makes the file private (0600); give it the mode a plain open() would
        os.chmod(temp, 0o666 & ~_umask())
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise MazeError(f"cannot write {target}: {_reason(exc)}") from None
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


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

"""Reading files safely, with one-line errors (writing is :mod:`meiro.io.writing`).

Whatever a file holds, reading it ends in its bytes or one :class:`MazeError`:

* **Bounded.** A file is read in pieces and refused, saying so, as soon as it
  is larger than the largest maze this machine could load
  (:func:`read_limit`); a regular file is refused before anything is read.
  ``/dev/zero``, an endless FIFO or a terminal stop there too, and nothing
  needs a seekable file. A named FIFO that no program writes into is given
  up after :data:`FIFO_WAIT` seconds instead of waited on for ever.
* **JSON without surprises** (:func:`parse_json`): nesting deeper than any
  meiro file has is refused before the parser recurses, and an integer too long
  to be any meiro value stays a :class:`LongNumber` instead of a slow or
  refused conversion.
* **A PNG's size from its header** (:func:`png_size`), so a picture can be
  judged before it is decoded.
* **Regular files only, where one is meant** (:func:`open_regular`,
  :func:`read_regular`): meiro's own state (dataset shards and cards, the
  game's records) and the inputs that must be files (fonts, masks) are opened
  without blocking and checked before a byte is read, so a FIFO, ``/dev/null``
  or a device in their place is one line at once, never a hang; state files
  are opened without following a symbolic link.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import struct
from typing import Any, BinaryIO

from ..errors import MazeError
from ..sizes import BYTES_PER_BLOCK, SMALL_ENOUGH, available_memory

#: No file is read beyond this many bytes, whatever the memory (4 GiB: the
#: JSON of a maze of some 32,000 x 32,000 cells).
MAX_READ = 4 * 2**30
#: Bytes of working memory loading takes for each byte of the file, beside the
#: maze itself: the bytes, their text, the parsed rows and the grid (about 4
#: for JSON, ``.npy`` and ``.npz``, measured; text and CSV pass more).
LOAD_COST = 4
#: Bytes asked of the system at a time when the size of a file is unknown.
PIECE = 2**24


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def read_limit(cost: int = LOAD_COST) -> int:
    """The most bytes read from one file: the file of the largest maze this machine could load.

    A maze file takes at least one byte a block, and loading it takes ``cost``
    bytes of memory for each byte of the file beside the maze's own
    :data:`~meiro.sizes.BYTES_PER_BLOCK` a block (the rule of
    :func:`~meiro.sizes.ensure_fits`); so a file larger than
    ``memory // (cost + BYTES_PER_BLOCK)`` cannot be loaded. The memory is
    what the system has available, or less under a ``ulimit -v``/``-d``. Never
    below :data:`~meiro.sizes.SMALL_ENOUGH` (64 MiB; small files are not worth
    refusing) nor above :data:`MAX_READ`.

    Examples
    --------
    >>> 64 * 2**20 <= read_limit() <= MAX_READ
    True
    >>> read_limit(cost=12) <= read_limit()
    True
    """
    have = _memory()
    if have is None:
        return MAX_READ
    return max(SMALL_ENOUGH, min(have // (cost + BYTES_PER_BLOCK), MAX_READ))


def _memory() -> int | None:
    """Bytes this process could still take (:func:`~meiro.sizes.available_memory`: the system's
    available memory, or less under a resource limit on the address space or data segment)."""
    return available_memory()


def _too_large(path: str | os.PathLike[str], limit: int) -> MazeError:
    return MazeError(f"{path} is larger than the largest maze this machine could hold "
                     f"({limit / 2**20:.0f} MiB); refusing it")


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """Read a whole file, at most ``limit`` bytes (default :func:`read_limit`),
    turning OS errors into one-line :class:`MazeError` messages.

    A regular file larger than the limit is refused before anything is read;
    any other file (a FIFO, ``/dev/stdin``, ``/dev/zero``) is read in pieces
    and refused as soon as it passes the limit. A named FIFO that nothing is
    written into for :data:`FIFO_WAIT` seconds is given up (a shell's pipe is
    waited for, however slow).

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> from meiro.io.writing import write_atomic
    >>> write_atomic(os.path.join(folder, "a.bin"), b"\\x00\\x01")
    >>> read_bytes(os.path.join(folder, "a.bin"))
    b'\\x00\\x01'
    >>> read_bytes(folder)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read ...: it is a folder, not a file
    >>> read_bytes("/dev/zero", limit=2**20)        # endless: read up to the limit, then refused
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: /dev/zero is larger than the largest maze this machine could hold (1 MiB); refusing it
    """
    limit = read_limit() if limit is None else limit
    name = os.fspath(path)  # a str or a path; an int would open a file descriptor
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        # opened without waiting: a named FIFO with no writer would hold open() for ever
        with os.fdopen(os.open(name, flags), "rb", buffering=0) as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError
            if stat.S_ISFIFO(info.st_mode):
                _await_writer(handle.fileno(), info, path)
            if hasattr(os, "set_blocking"):
                os.set_blocking(handle.fileno(), True)
            regular = stat.S_ISREG(info.st_mode)
            if regular and info.st_size > limit:
                raise _too_large(path, limit)
            return _read_bounded(handle, info.st_size + 1 if regular else PIECE, path, limit)
    except MazeError:
        raise
    except FileNotFoundError:
        raise MazeError(f"cannot read {path}: no such file") from None
    except IsADirectoryError:
        raise MazeError(f"cannot read {path}: it is a folder, not a file") from None
    except OSError as exc:
        raise MazeError(f"cannot read {path}: {_reason(exc)}") from None
    except ValueError:  # a NUL character in the name
        raise MazeError(f"cannot read {path!r}: a file name cannot hold a NUL character") from None


#: Seconds a named FIFO may stay silent before reading it is given up (no program writes into it).
FIFO_WAIT = 10.0


def _pipe_device() -> int | None:
    """The device number of anonymous pipes (a shell's ``|``), which are never given up on."""
    try:
        ends = os.pipe()
    except OSError:
        return None
    try:
        return os.fstat(ends[0]).st_dev
    finally:
        for end in ends:
            os.close(end)


def _await_writer(fd: int, info: os.stat_result, path: str | os.PathLike[str]) -> None:
    """Wait at most :data:`FIFO_WAIT` seconds for the first byte (or the end) of a named FIFO.

    A FIFO that no program writes into would block a read for ever; a pipe of the shell
    (``/dev/stdin`` after ``|``) is left alone, for its writer is there, however slow.
    """
    try:
        import select

        poller = select.poll()
    except (ImportError, AttributeError):  # no poll (Windows has no FIFOs anyway)
        return
    if info.st_dev == _pipe_device():
        return
    poller.register(fd, select.POLLIN | select.POLLHUP)
    if not poller.poll(int(FIFO_WAIT * 1000)):
        raise MazeError(f"cannot read {path}: it is a FIFO (named pipe) that nothing was written "
                        f"into for {FIFO_WAIT:g} s")


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, words in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                        (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                        (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return words
    return "not a regular file"


def open_regular(path: str | os.PathLike[str], *, links: bool = True, what: str = "") -> BinaryIO:
    """Open a file for reading that must be a regular file; never blocks.

    The file is opened with ``O_NONBLOCK`` (a FIFO without a writer, a
    terminal or a serial line does not wait) and, unless ``links``, with
    ``O_NOFOLLOW`` (a symbolic link in its place is refused, not followed);
    what it opened is then judged by ``fstat`` before anything is read. The
    open file is returned in blocking mode, unbuffered. ``what`` names the file
    in messages (``"the font"``).

    Raises
    ------
    MazeError
        One line: the file is missing, unreadable, a folder, a FIFO, a device,
        a socket or (with ``links=False``) a symbolic link.

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "card.md")
    >>> with open(path, "w") as out: _ = out.write("hello")
    >>> with open_regular(path) as handle: handle.read()
    b'hello'
    >>> open_regular("/dev/null", what="the font")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read the font /dev/null: it is a character device, not a regular file
    >>> os.symlink(path, os.path.join(folder, "link.md"))
    >>> open_regular(os.path.join(folder, "link.md"), links=False)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read .../link.md: it is a symbolic link, not followed
    """
    name = os.fspath(path)
    label = f"{what} {name}" if what else f"{name}"
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0) | (0 if links else getattr(os, "O_NOFOLLOW", 0)))
    try:
        if not links and os.path.islink(name):  # (also where O_NOFOLLOW is missing)
            raise MazeError(f"cannot read {label}: it is a symbolic link, not followed")
        fd = os.open(name, flags)
    except MazeError:
        raise
    except FileNotFoundError:
        raise MazeError(f"cannot read {label}: no such file") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not links:  # the link appeared after the check
            raise MazeError(f"cannot read {label}: it is a symbolic link, not followed") from None
        if exc.errno in (errno.ENXIO, errno.ENODEV):  # a socket, a device without a driver
            raise MazeError(f"cannot read {label}: it is not a regular file") from None
        raise MazeError(f"cannot read {label}: {_reason(exc)}") from None
    except ValueError:  # a NUL character in the name
        raise MazeError(f"cannot read {label!r}: a file name cannot hold a NUL character") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise MazeError(f"cannot read {label}: it is {file_kind(mode)}, not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb", buffering=0)
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], limit: int | None = None, *, links: bool = True,
                 what: str = "") -> bytes:
    """The bytes of a file that must be a regular file (:func:`open_regular`), at most ``limit``
    (default :func:`read_limit`), with one-line errors.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "fifo")
    >>> os.mkfifo(path)
    >>> read_regular(path)                          # no writer: refused at once, not waited for
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read .../fifo: it is a FIFO (named pipe), not a regular file
    """
    limit = read_limit() if limit is None else limit
    label = f"{what} {os.fspath(path)}" if what else os.fspath(path)
    with open_regular(path, links=links, what=what) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise _too_large(label, limit)
        try:
            return _read_bounded(handle, size + 1, label, limit)
        except OSError as exc:
            raise MazeError(f"cannot read {label}: {_reason(exc)}") from None


def check_regular(path: str | os.PathLike[str], *, links: bool = True, what: str = "") -> None:
    """Refuse (one :class:`MazeError`) a path that is not a readable regular file, without blocking
    and without reading it: for files a library opens itself (a font).

    Examples
    --------
    >>> check_regular("/dev/zero", what="the mask")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read the mask /dev/zero: it is a character device, not a regular file
    """
    open_regular(path, links=links, what=what).close()


def _read_bounded(handle: BinaryIO, first: int, path: str | os.PathLike[str], limit: int) -> bytes:
    """Read ``handle`` to its end in pieces (the first of ``first`` bytes), at most ``limit`` bytes."""
    pieces: list[bytes] = []
    total, want = 0, first
    while True:
        piece = handle.read(min(want, limit + 1 - total))
        if not piece:
            break
        pieces.append(piece)
        total += len(piece)
        if total > limit:
            raise _too_large(path, limit)
        want = PIECE
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


def read_text(path: str | os.PathLike[str], limit: int | None = None) -> str:
    """Read a UTF-8 text file (a BOM is allowed), bounded as :func:`read_bytes`, with one-line errors.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> from meiro.io.writing import write_atomic
    >>> write_atomic(path, b"\\xef\\xbb\\xbf# #")
    >>> read_text(path)
    '# #'
    >>> write_atomic(path, b"\\xff")
    >>> read_text(path)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read ...: not UTF-8 text (byte 0)
    """
    return decode_text(read_bytes(path, limit), path)


def decode_text(raw: bytes, path: str | os.PathLike[str]) -> str:
    """The UTF-8 text (a BOM is allowed) of bytes read from ``path``, else a one-line error.

    Examples
    --------
    >>> decode_text(b"# #", "maze.txt")
    '# #'
    >>> decode_text(b"#\\xff", "maze.txt")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read maze.txt: not UTF-8 text (byte 1)
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MazeError(f"cannot read {path}: not UTF-8 text (byte {exc.start})") from None


#: Deepest nesting of lists and objects :func:`parse_json` accepts (meiro's own files nest two deep).
MAX_DEPTH = 32
#: Longest integer :func:`parse_json` converts; a seed (below 2**64) has 20 digits.
MAX_DIGITS = 40

# a string (skipped whole: brackets inside it are text) or one bracket. An unterminated
# string runs to the end of the text, so every quote starts a match and the scan stays
# linear (a failed match at each escaped quote would be quadratic)
_NESTING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)


class LongNumber:
    """An integer in a JSON text too long to be any meiro value, kept as its digit count.

    It is no ``int``, so every field check refuses it and says where.

    Examples
    --------
    >>> parse_json('{"seed": ' + '9' * 5000 + '}')
    {'seed': <a 5000-digit number>}
    """

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"<a {self.digits}-digit number>"


def _integer(text: str) -> int | LongNumber:
    return int(text) if len(text) <= MAX_DIGITS else LongNumber(text)


def parse_json(text: str) -> Any:  # JSON: whatever the text holds
    """Parse JSON text without deep recursion or giant integers; any failure is one :class:`MazeError`.

    Lists and objects nested more than :data:`MAX_DEPTH` deep are refused
    before parsing; integers of more than :data:`MAX_DIGITS` digits become
    :class:`LongNumber`.

    Examples
    --------
    >>> parse_json('{"start": [1, 1]}')
    {'start': [1, 1]}
    >>> parse_json("[" * 100000)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: not a meiro file: lists and objects nested more than 32 deep
    >>> parse_json('{"a": 1,}')
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: not valid JSON: Expecting property name enclosed in double quotes at line 1, column 9
    """
    _check_depth(text)
    try:
        return json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as exc:
        raise MazeError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:  # not reached after the depth check; kept as the last guard
        raise MazeError(f"not a meiro file: lists and objects nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:
        raise MazeError(f"not valid JSON: {exc}") from None


#: a string with no escape in it (the strings of every file meiro writes)
_PLAIN_STRING = re.compile(r'"[^"\\]*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _check_depth(text: str) -> None:
    # fewer brackets than the limit cannot nest past it: the common case costs two counts
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    if "\\" not in text and text.count('"') % 2 == 0:
        _check_depth_at_once(text)
        return
    depth = 0
    for match in _NESTING.finditer(text):
        char = text[match.start()]
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise MazeError(f"not a meiro file: lists and objects nested more than {MAX_DEPTH} deep")
        elif char != '"':
            depth -= 1


def _check_depth_at_once(text: str) -> None:
    """:func:`_check_depth` for a text whose strings hold no escape (a grid kind's file has a
    bracket for each of its many pairs): the strings and everything but the brackets are cut
    out by the regular expression engine, and the depth is a running sum in NumPy."""
    import numpy as np

    brackets = _PLAIN_STRING.sub("", text).encode("utf-8").translate(None, _NOT_BRACKETS)
    codes = np.frombuffer(brackets, dtype=np.uint8)
    steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1).astype(np.int8)
    if steps.size and int(np.cumsum(steps, dtype=np.int32).max()) > MAX_DEPTH:
        raise MazeError(f"not a meiro file: lists and objects nested more than {MAX_DEPTH} deep")


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int] | None:
    """``(width, height)`` in pixels from a PNG's header, or None if ``data`` is no PNG.

    Read before any decoding, so a picture too large to decode is refused first.

    Examples
    --------
    >>> import struct, zlib
    >>> head = struct.pack(">II", 100000, 100000) + bytes([8, 0, 0, 0, 0])
    >>> chunk = struct.pack(">I", 13) + b"IHDR" + head + struct.pack(">I", zlib.crc32(b"IHDR" + head))
    >>> png_size(b"\\x89PNG\\r\\n\\x1a\\n" + chunk)
    (100000, 100000)
    >>> png_size(b"GIF89a") is None
    True
    """
    if not data.startswith(_PNG_SIGNATURE) or data[12:16] != b"IHDR" or len(data) < 24:
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height

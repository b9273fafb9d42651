"""One writer per output folder: an advisory lock file naming its holder.

A run that writes a folder of many files (``meiro dataset``'s shards and card)
holds ``FOLDER/.meiro.lock`` for the whole run: the file names the holder
(process id, host, start time) and, where the system has ``flock``, is locked
by it, so that the lock ends with the process however it ends. A second run on
the same folder refuses in one line naming the holder, before it touches
anything. A lock left by a process that no longer runs (killed with SIGKILL, a
crash, a power cut) on this same host is taken over, and the taking over is
logged; a lock held by another host is refused (this machine cannot tell
whether that run still goes on: remove the file once it has ended).

Hand-made rather than a library (``filelock``, ``fasteners``): they lock but do
not say who holds the lock, nor tell a dead holder from a live one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import stat
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import MazeError

#: The lock file's name inside the folder it guards.
LOCK_NAME = ".meiro.lock"


def holder_text() -> str:
    """What this process writes into a lock file: its pid, host and start time, as JSON."""
    return json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                       "since": time.strftime("%Y-%m-%d %H:%M:%S")}, sort_keys=True) + "\n"


def read_holder(text: str | bytes) -> dict[str, Any]:
    """The holder a lock file names (``{}`` when it names none: empty or damaged).

    Examples
    --------
    >>> read_holder('{"pid": 12, "host": "lab", "since": "2026-01-01 10:00:00"}')["pid"]
    12
    >>> read_holder("not json")
    {}
    """
    try:
        holder = json.loads(text[:4096])
    except (ValueError, TypeError):
        return {}
    if not isinstance(holder, dict) or not isinstance(holder.get("pid"), int) \
            or isinstance(holder.get("pid"), bool) or not isinstance(holder.get("host"), str):
        return {}
    return holder


def describe(holder: dict[str, Any]) -> str:
    """The holder in words, for the one-line refusal.

    Examples
    --------
    >>> describe({"pid": 12, "host": "lab", "since": "2026-01-01 10:00:00"})
    'pid 12 on lab, since 2026-01-01 10:00:00'
    """
    if not holder:
        return "a run that left no name"
    since = f", since {holder['since']}" if isinstance(holder.get("since"), str) else ""
    return f"pid {holder['pid']} on {str(holder['host'])[:100]}{since}"


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this host (a process of another user counts).

    Examples
    --------
    >>> alive(os.getpid())
    True
    """
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return pid < 2**31  # someone else's process (an absurd pid is none)
    except OSError:
        return True
    return True


def stale(holder: dict[str, Any]) -> bool:
    """Whether a lock naming ``holder`` may be taken over: on this host, by a process that is gone.

    Examples
    --------
    >>> stale({"pid": os.getpid(), "host": socket.gethostname()})
    False
    >>> stale({"pid": 1, "host": "another-machine-" + socket.gethostname()})
    False
    """
    return bool(holder) and holder["host"] == socket.gethostname() and not alive(holder["pid"])


def refusal(folder: str, holder: dict[str, Any], path: str) -> MazeError:
    """The one line a second writer says."""
    if holder and holder["host"] != socket.gethostname():
        return MazeError(f"{folder} is being written by another meiro run ({describe(holder)}); "
                         f"if that run has ended, remove {path}")
    return MazeError(f"{folder} is being written by another meiro run ({describe(holder)}); "
                     "wait for it to end, or give another folder")


def took_over(folder: str, holder: dict[str, Any]) -> str:
    """The line logged when a stale lock is taken over."""
    return f"{folder}: took over the lock of a run that is no longer running ({describe(holder)})"


@contextlib.contextmanager
def folder_lock(folder: str | os.PathLike[str], log: Callable[[str], None] = lambda line: None,
                name: str | None = None) -> Iterator[None]:
    """Hold the lock of local folder ``folder`` (which must exist) for the block (module docs).

    ``name`` is how messages name the folder (default: its path).

    Examples
    --------
    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with folder_lock(folder):
    ...     with folder_lock(folder):
    ...         pass
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: ... is being written by another meiro run (pid ... on ...); wait for it to end, or give another folder
    >>> os.listdir(folder)
    []
    """
    where = os.fspath(folder)
    shown = name or where
    path = os.path.join(where, LOCK_NAME)
    fd = _acquire(path, shown, log)
    try:
        yield
    finally:
        _release(path, fd)


def _open_lock(path: str, shown: str) -> int:
    """The lock file, opened (made if missing) without following a link or waiting on a FIFO."""
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise MazeError(f"{shown}: its lock file {LOCK_NAME} is a symbolic link; remove it") from None
        raise MazeError(f"{shown}: cannot make its lock file: {exc.strerror or exc}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise MazeError(f"{shown}: its lock file {LOCK_NAME} is not a regular file; remove it")
    return fd


def _contents(fd: int) -> str:
    return os.pread(fd, 4096, 0).decode("utf-8", "replace")


def _acquire(path: str, shown: str, log: Callable[[str], None]) -> int:
    try:
        import fcntl
    except ImportError:  # Windows: no flock; an exclusive file and the pid in it
        return _acquire_exclusive(path, shown, log)
    for _ in range(20):  # the holder may remove the file between our open and our lock
        fd = _open_lock(path, shown)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = read_holder(_contents(fd))
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise refusal(shown, holder, path) from None
            raise MazeError(f"{shown}: cannot lock the folder: {exc.strerror or exc}") from None
        try:
            same = os.fstat(fd).st_ino == os.lstat(path).st_ino
        except OSError:
            same = False
        if not same:  # locked a file its holder removed as it ended: lock the new one
            os.close(fd)
            continue
        text = _contents(fd)
        holder = read_holder(text)
        if text.strip():
            # locked, so its holder has ended, unless this filesystem's locks do not reach the
            # holder (another host, some network filesystems): only a gone process on this host
            # is taken over
            if holder and holder["pid"] != os.getpid() and not stale(holder):
                os.close(fd)
                raise refusal(shown, holder, path)
            log(took_over(shown, holder))
        os.ftruncate(fd, 0)
        os.pwrite(fd, holder_text().encode(), 0)
        return fd
    raise MazeError(f"{shown}: cannot lock the folder: its lock file keeps changing")


def _acquire_exclusive(path: str, shown: str, log: Callable[[str], None]) -> int:  # pragma: no cover
    for _ in range(20):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        except FileExistsError:
            try:
                with open(path, "rb") as old:
                    holder = read_holder(old.read(4096))
            except OSError:
                continue
            if not stale(holder):
                raise refusal(shown, holder, path) from None
            log(took_over(shown, holder))
            with contextlib.suppress(OSError):
                os.unlink(path)
            continue
        except OSError as exc:
            raise MazeError(f"{shown}: cannot make its lock file: {exc.strerror or exc}") from None
        os.write(fd, holder_text().encode())
        return fd
    raise MazeError(f"{shown}: cannot lock the folder: its lock file keeps changing")


def _release(path: str, fd: int) -> None:
    """Remove the lock file (if it is still ours), then let go of the lock."""
    try:
        if os.fstat(fd).st_ino == os.lstat(path).st_ino:
            os.unlink(path)
    except OSError:
        pass
    finally:
        os.close(fd)

"""Writing output files so that nothing is ever left half-written or clobbered.

Every file meiro writes (``-o``, :func:`meiro.save`, the game's pictures, the
datasets and sheets) goes through this module. What it guarantees:

* **Atomic replace.** A regular file is written to a hidden temporary file
  (``.NAME.xxxx.part``) in the same folder, flushed to disk and renamed over
  the target, so a reader sees the old file or the new one, never a part.
  A failure, Ctrl-C or a termination signal (SIGTERM, SIGHUP, ...; see
  :mod:`meiro.io.signals`) removes the temporary file.
* **Special files are written to, not replaced.** A character device
  (``/dev/null``, a terminal), a FIFO or a file descriptor path
  (``/dev/stdout``, ``/dev/fd/N``) receives the bytes directly; a block
  device or a socket is refused.
* **Symbolic links are followed**: the file the link points to is replaced
  in its own folder, and the link stays a link. meiro's own state files (a
  dataset's shards and card, the game's records) are written with
  ``follow=False`` instead: a link or a special file in their place is
  refused, never written through.
* **An existing file keeps its permission bits** (and, when run as root,
  its owner). A file that is not writable is refused, as the shell's ``>``
  would.
* **Hard links**: replacing a file gives its name a new inode; other names
  of the old file keep the old content (as ``cp --remove-destination`` and
  most editors' safe save do). This is the price of atomicity; meiro never
  writes into a file in place.
* **Several files at once** (:class:`OutputSet`): every target is checked
  before any is written, each is written to its temporary file, and only
  when all are complete are they renamed into place; if one fails, none is
  written.

Hand-made rather than a library (e.g. ``atomicwrites``, unmaintained since
2022): the special-file, symlink, permission and several-files rules above
are not in any well-kept package, and the code is short.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import secrets
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from collections.abc import Callable, Iterator

from ..errors import MazeError
from . import signals
from .files import file_kind
from .signals import TERMINATION_SIGNALS, raising_on_termination

#: Paths that name an open file descriptor of this process, which is written to directly.
_FD_PATH = re.compile(r"^/(?:dev/fd|proc/self/fd)/(\d+)$")
_STD_NAMES = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def _descriptor(path: str) -> int | None:
    """The file descriptor ``path`` names (``/dev/stdout``, ``/dev/fd/3``, links to them), or None."""
    seen = 0
    while seen < 40:  # the kernel's own limit on chained links
        if path in _STD_NAMES:
            return _STD_NAMES[path]
        match = _FD_PATH.match(path)
        if match:
            return int(match.group(1))
        try:
            link = os.readlink(path)
        except (OSError, ValueError):
            return None
        path = os.path.normpath(os.path.join(os.path.dirname(path), link))
        seen += 1
    return None


@dataclass(frozen=True)
class Target:
    """Where and how one output goes, decided before anything is written.

    ``kind`` is ``"file"`` (atomic replace of ``real``), ``"device"``
    (opened and written to directly: a character device or a FIFO) or
    ``"fd"`` (an open file descriptor, ``fd``).
    """

    name: str
    kind: str
    real: Path | None = None
    fd: int | None = None
    mode: int | None = None
    owner: tuple[int, int] | None = None


def check_target(path: str | os.PathLike[str], follow: bool = True) -> Target:
    """Decide how ``path`` will be written, refusing (with :class:`MazeError`) what cannot be.

    Nothing is created or changed. With ``follow=False`` the name must be a
    regular file or absent: a symbolic link, a FIFO or a device in its place
    is refused (meiro's own state files).

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> check_target(os.path.join(folder, "a.json")).kind
    'file'
    >>> check_target("/dev/null").kind
    'device'
    >>> check_target(folder)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot write ...: it is a folder
    >>> check_target(os.path.join(folder, "no", "a.json"))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot write .../no/a.json: no such folder ...
    >>> os.symlink("/etc/passwd", os.path.join(folder, "records.json"))
    >>> check_target(os.path.join(folder, "records.json"), follow=False)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot write .../records.json: it is a symbolic link, not written through
    >>> os.remove(os.path.join(folder, "records.json")); os.rmdir(folder)
    """
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not name:
        raise MazeError("cannot write a file with an empty name")
    if not follow:
        return _own_target(name)
    fd = _descriptor(name)
    if fd is not None:
        try:
            os.fstat(fd)
        except OSError:
            raise MazeError(f"cannot write {name}: that file descriptor is not open") from None
        return Target(name, "fd", fd=fd)
    real = Path(os.path.realpath(name))
    info = _looked_up(name, real, os.stat)
    if info is not None:
        if stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode):
            return Target(name, "device", real=real)
        if not stat.S_ISREG(info.st_mode):
            what = "a block device" if stat.S_ISBLK(info.st_mode) else "not a regular file"
            raise MazeError(f"cannot write {name}: it is {what}")
    return _file_target(name, real, info)


def _looked_up(name: str, real: Path, look: Callable[[Path], os.stat_result]) -> os.stat_result | None:
    """``look(real)`` (``os.stat`` or ``os.lstat``): None when nothing is there; a folder refused."""
    try:
        info = look(real)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise MazeError(f"cannot write {name}: {_reason(exc)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise MazeError(f"cannot write {name}: it is a folder")
    return info


def _file_target(name: str, real: Path, info: os.stat_result | None) -> Target:
    """The target of a regular file (or none yet) at ``real``, its folder checked."""
    folder = real.parent
    if not folder.is_dir():
        raise MazeError(f"cannot write {name}: no such folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise MazeError(f"cannot write {name}: permission denied (folder {folder})")
    mode = owner = None
    if info is not None:
        if not os.access(real, os.W_OK):
            raise MazeError(f"cannot write {name}: permission denied (the file is read-only)")
        mode = stat.S_IMODE(info.st_mode)
        owner = (info.st_uid, info.st_gid)
    return Target(name, "file", real=real, mode=mode, owner=owner)


def _own_target(name: str) -> Target:
    """:func:`check_target` with ``follow=False``: the name itself, a regular file or absent.

    The rename that puts the new file in place replaces the name, never what a
    link planted there after this check points to.
    """
    real = Path(os.path.abspath(name))
    info = _looked_up(name, real, os.lstat)
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise MazeError(f"cannot write {name}: it is a symbolic link, not written through")
        if not stat.S_ISREG(info.st_mode):
            raise MazeError(f"cannot write {name}: it is {file_kind(info.st_mode)}, not a regular file")
    return _file_target(name, real, info)


def _real_path(target: Target) -> Path:
    """The resolved path of a ``file`` or ``device`` target (:func:`check_target` gives both one)."""
    if target.real is None:  # not reached: only an "fd" target has none
        raise MazeError(f"cannot write {target.name}: it names no file")
    return target.real


def _temp_file(folder: Path, name: str) -> tuple[int, str]:
    """Create ``folder/.NAME.xxxx.part`` exclusively, with a plain ``open()``'s permission bits.

    Not :func:`tempfile.mkstemp`: it makes the file private (0600), and learning the
    umask to widen it again means setting it (``os.umask`` has no read-only form),
    which would change it for every thread of the process for a moment. Created
    with mode 0666 here, the file gets the umask's bits from the system itself.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", os.fspath(folder))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C and the termination signals back for a moment; they arrive after the block."""
    held = (signal.SIGINT, *TERMINATION_SIGNALS)
    if not hasattr(signal, "pthread_sigmask"):  # Windows: the renames are quick, and go unguarded
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class OutputSet:
    """Write several files as one: all of them, or (after any failure) none.

    Use it as a context manager: :meth:`add` checks a target at once (call it
    for every target before doing any long work), :meth:`write` stages its
    bytes in a temporary file, and leaving the block without an error puts
    every file in place. An error, Ctrl-C or a termination signal inside the
    block removes what was staged and leaves the targets as they were.
    Special files (devices, FIFOs, ``/dev/stdout``) cannot be staged; they
    are written when the set is committed, after the regular files.

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> a, b = os.path.join(folder, "a.txt"), os.path.join(folder, "b.txt")
    >>> with OutputSet() as out:
    ...     _ = out.add(a), out.add(b)
    ...     out.write(a, "first")
    ...     out.write(b, b"second")
    >>> open(a).read(), open(b).read()
    ('first', 'second')
    >>> try:
    ...     with OutputSet() as out:
    ...         out.write(a, "changed")
    ...         raise RuntimeError("the second picture failed")
    ... except RuntimeError:
    ...     pass
    >>> open(a).read(), sorted(os.listdir(folder))
    ('first', ['a.txt', 'b.txt'])
    >>> for name in (a, b): os.remove(name)
    >>> os.rmdir(folder)
    """

    def __init__(self) -> None:
        self._targets: dict[str, Target] = {}
        self._temps: list[tuple[Target, str]] = []  # regular files: (target, its temporary file)
        self._direct: list[tuple[Target, bytes]] = []  # special files: (target, the bytes for it)
        self._guard = raising_on_termination()

    def add(self, path: str | os.PathLike[str], follow: bool = True) -> Target:
        """Check ``path`` now (see :func:`check_target`); the same path twice is one target."""
        target = check_target(path, follow)
        self._targets.setdefault(target.name, target)
        return target

    def write(self, path: str | os.PathLike[str], data: bytes | str) -> None:
        """Stage ``data`` (text is written as UTF-8) for ``path``."""
        target = self._targets.get(os.fspath(path)) or self.add(path)
        payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        if target.kind != "file":
            self._direct.append((target, payload))
            return
        real = _real_path(target)
        try:
            handle, temp = _temp_file(real.parent, real.name)
        except OSError as exc:
            raise MazeError(f"cannot write {target.name}: {_reason(exc)}") from None
        self._temps.append((target, temp))
        try:
            if target.mode is not None:  # a replaced file keeps its bits
                os.chmod(temp, target.mode)
            if target.owner is not None and hasattr(os, "geteuid") and os.geteuid() == 0:
                os.fchown(handle, *target.owner)
            _write_all(handle, payload)
            os.fsync(handle)
        except OSError as exc:
            raise MazeError(f"cannot write {target.name}: {_reason(exc)}") from None
        finally:
            os.close(handle)

    def commit(self) -> None:
        """Write the special files, then put every staged regular file in place.

        Special files go first: writing to them is what may still fail (a full
        device, a closed pipe), and the regular files are then still unwritten.
        """
        target: Target | None = None
        signals.raise_if_pending()  # a termination signal whose exception was lost: nothing goes in place
        try:
            for target, payload in self._direct:
                if target.kind == "fd":
                    self._write_fd(target, payload)
                else:  # a device or a FIFO
                    with open(_real_path(target), "wb") as out:
                        out.write(payload)
            with _signals_held():  # the renames happen all together: no signal between two
                for target, temp in self._temps:
                    os.replace(temp, _real_path(target))
        except OSError as exc:
            raise MazeError(f"cannot write {target.name if target else ''}: {_reason(exc)}") from None
        self._direct, self._temps = [], []

    @staticmethod
    def _write_fd(target: Target, payload: bytes) -> None:
        import sys

        if target.fd is None:  # not reached: check_target gives every "fd" target its number
            raise MazeError(f"cannot write {target.name}: it names no file descriptor")
        if target.fd in (1, 2):  # what print() wrote so far comes first
            stream = sys.stdout if target.fd == 1 else sys.stderr
            if stream is not None:
                stream.flush()
        _write_all(target.fd, payload)

    def discard(self) -> None:
        """Remove every staged temporary file; the targets stay as they were."""
        staged, self._temps, self._direct = self._temps, [], []
        for _target, temp in staged:
            try:
                os.unlink(temp)
            except OSError:
                pass

    def __enter__(self) -> OutputSet:
        self._guard.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            if kind is None:
                self.commit()
        except BaseException as failure:
            kind, exc, trace = type(failure), failure, failure.__traceback__
            raise
        finally:
            self.discard()
            # a termination signal is handed to the guard, which ends the process by it
            self._guard.__exit__(kind, exc, trace)


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, follow: bool = True) -> None:
    """Write ``data`` to ``path`` as one whole file (text as UTF-8), by the rules of this module.

    A reader never sees a half-written file, and an interrupted write leaves
    the old file (or nothing) in place. ``follow=False`` (meiro's own state
    files) refuses a symbolic link or a special file in ``path``'s place
    (:func:`check_target`).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.txt", "hello")
    >>> (folder / "a.txt").read_text()
    'hello'
    >>> (folder / "a.txt").unlink(); folder.rmdir()
    """
    with OutputSet() as out:
        out.add(path, follow)
        out.write(path, data)

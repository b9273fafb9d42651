"""Where a dataset's files go: a local folder, or any fsspec URL (``s3://...``, ``memory://...``).

A local folder is written through :mod:`meiro.io.writing` (each file complete or
absent, never a part). Other places go through fsspec, whose object stores
publish an object only when its upload completes.

One run writes a folder at a time (:meth:`Folder.locked`, :mod:`meiro.io.locks`).
A local folder's files are meiro's own: they are read and written without
following a symbolic link (a link could lead out of the folder) and only as
regular files (a FIFO or a device in a shard's place is refused, never waited
on nor written to).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import MazeError
from ..io import locks
from ..io.files import file_kind, open_regular, read_regular
from ..io.writing import write_atomic

#: The card's file name, as the Hugging Face Hub reads it.
CARD = "README.md"
#: The temporary file of an atomic write (:mod:`meiro.io.writing`) that a killed run left.
_PART = re.compile(r"(^|/)\.[^/]+\.[0-9a-f]{8}\.part$")

#: What a filesystem raises when it cannot do what is asked: ``OSError`` from a disk, and from
#: fsspec's odder filesystems (``tar://``, ``reference://``, read-only or half-set-up ones) a
#: ``NotImplementedError``, ``TypeError``, ``KeyError`` or ``ValueError``.
_FAILURES = (OSError, ValueError, TypeError, KeyError, NotImplementedError, AttributeError)


def _said(exc: BaseException) -> str:
    """An error in a few words for a one-line message."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


class Folder:
    """The output place of a dataset (module docs)."""

    def __init__(self, where: str | os.PathLike[str]):
        where = os.fspath(where)
        if not where:
            raise MazeError("the output folder's name is empty")
        self.where = where
        self.remote = "://" in where and not where.startswith("file://")
        if self.remote:
            try:
                import fsspec
            except ImportError:
                raise MazeError(f"{where}: writing to a URL needs fsspec (pip install fsspec)") from None
            try:
                self.fs, self.root = fsspec.core.url_to_fs(where)
            except Exception as exc:  # any filesystem's own complaint about its URL
                raise MazeError(f"{where}: not a place meiro can write to ({_said(exc)})") from None
        else:
            self.root = where[len("file://"):] if where.startswith("file://") else where

    def _local(self, name: str) -> Path:
        return Path(self.root) / name

    def files(self) -> list[str]:
        """The names of the files already there (relative, with ``/``), ``[]`` if it does not exist."""
        try:
            if self.remote:
                if not self.fs.exists(self.root):
                    return []
                base = self.root.rstrip("/") + "/"
                return sorted(p[len(base):] for p in self.fs.find(self.root)
                              if p.startswith(base) and p[len(base):] != locks.LOCK_NAME)
            return sorted(self._entries())
        except MazeError:
            raise
        except _FAILURES as exc:
            raise MazeError(f"{self.where}: {_said(exc)}") from None

    def _entries(self) -> dict[str, int]:
        """Every entry of a local folder but its folders, by name: its ``lstat`` mode. A link
        (to a folder too) and a special file are entries, never followed."""
        root = Path(self.root)
        if not root.exists():
            return {}
        if not root.is_dir():
            raise MazeError(f"{self.where} is a file, not a folder")
        found: dict[str, int] = {}
        for top, folders, names in os.walk(root, followlinks=False):
            for name in [*names, *(f for f in folders if os.path.islink(os.path.join(top, f)))]:
                full = os.path.join(top, name)
                relative = Path(full).relative_to(root).as_posix()
                if relative != locks.LOCK_NAME:
                    found[relative] = os.lstat(full).st_mode
        return found

    @contextlib.contextmanager
    def locked(self, log: Callable[[str], None] = lambda line: None) -> Iterator[None]:
        """Hold the folder's lock for the block (made first if missing), or refuse in one line
        naming the run that holds it. Over fsspec the lock is a file made exclusively where the
        filesystem allows, else written and read back."""
        if self.remote:
            with self._remote_lock(log):
                yield
            return
        try:
            Path(self.root).mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise MazeError(f"{self.where} is a file, not a folder") from None
        except OSError as exc:
            raise MazeError(f"{self.where}: cannot make the folder: {exc.strerror or exc}") from None
        with locks.folder_lock(self.root, log, name=self.where):
            yield

    @contextlib.contextmanager
    def _remote_lock(self, log: Callable[[str], None]) -> Iterator[None]:
        path = f"{self.root.rstrip('/')}/{locks.LOCK_NAME}"
        mine = locks.holder_text().encode()
        try:
            if self.fs.exists(path):
                holder = locks.read_holder(self.fs.cat_file(path))
                if not locks.stale(holder):
                    raise locks.refusal(self.where, holder, path)
                log(locks.took_over(self.where, holder))
                self.fs.rm_file(path)
            self.fs.makedirs(self.root, exist_ok=True)
            try:
                with self.fs.open(path, "xb") as handle:  # exclusive where the filesystem has it
                    handle.write(mine)
            except FileExistsError:
                raise locks.refusal(self.where, locks.read_holder(self.fs.cat_file(path)), path) from None
            except (ValueError, NotImplementedError, TypeError):  # no exclusive mode: write, read back
                with self.fs.open(path, "wb") as handle:
                    handle.write(mine)
            if self.fs.cat_file(path) != mine:
                raise locks.refusal(self.where, locks.read_holder(self.fs.cat_file(path)), path)
        except MazeError:
            raise
        except _FAILURES as exc:  # (an odd filesystem's NotImplementedError or TypeError too)
            raise MazeError(f"{self.where}: cannot lock the folder: {_said(exc)}") from None
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                if self.fs.exists(path) and self.fs.cat_file(path) == mine:
                    self.fs.rm_file(path)

    def check_own(self) -> None:
        """Refuse (one line) a local folder where a link or a special file stands among the files:
        resuming would read or write through it. Call with the lock held, before any write."""
        if self.remote:
            return
        for name, mode in sorted(self._entries().items()):
            if not stat.S_ISREG(mode):
                what = "a symbolic link" if stat.S_ISLNK(mode) else file_kind(mode)
                raise MazeError(f"{self.where}/{name} is {what}, not a file meiro wrote: "
                                "refusing to resume over it (move it away and run again)")

    def tidy_parts(self, log: Callable[[str], None] = lambda line: None) -> None:
        """Remove the temporary files of writes a killed run left (``.NAME.xxxxxxxx.part``),
        saying how many. Call with the lock held: no other run is writing them."""
        parts = [name for name in self.files() if _PART.search(name)]
        for name in parts:
            self.remove(name)
        if parts:
            log(f"{self.where}: removed {len(parts)} unfinished part file{'s' * (len(parts) != 1)} "
                "a stopped run left")

    def prepare(self) -> None:
        """Make the folder (and ``data/``), or say why it cannot be."""
        try:
            if self.remote:
                self.fs.makedirs(self.root.rstrip("/") + "/data", exist_ok=True)
                return
            (Path(self.root) / "data").mkdir(parents=True, exist_ok=True)
            probe = Path(self.root) / "data"
            if not os.access(probe, os.W_OK | os.X_OK):
                raise MazeError(f"{self.where}: the folder is not writable")
        except MazeError:
            raise
        except _FAILURES as exc:
            raise MazeError(f"{self.where}: cannot make the folder: {_said(exc)}") from None

    def read(self, name: str, limit: int | None = None) -> bytes | None:
        """A file's bytes, or None if it is not there; one larger than ``limit`` bytes is refused
        unread (default: the read cap, :func:`meiro.io.files.read_limit`)."""
        from ..io.files import read_limit

        limit = read_limit() if limit is None else limit
        try:
            if self.remote:
                path = f"{self.root.rstrip('/')}/{name}"
                if not self.fs.exists(path):
                    return None
                size = self.fs.size(path)
                if size is not None and size > limit:
                    raise MazeError(f"{self.where}/{name} is larger than meiro reads "
                                    f"({limit / 2**20:.0f} MiB); refusing it")
                data: bytes = self.fs.cat_file(path)
                return data
            local = self._local(name)
            if not os.path.lexists(local):
                return None
            return read_regular(local, limit, links=False)
        except MazeError:
            raise
        except _FAILURES as exc:
            raise MazeError(f"{self.where}/{name}: {_said(exc)}") from None

    def sha256(self, name: str) -> str | None:
        """The SHA-256 of a file, or None if it is not there (a local file is read in pieces)."""
        if self.remote:
            data = self.read(name)
            return None if data is None else hashlib.sha256(data).hexdigest()
        local = self._local(name)
        if not os.path.lexists(local):
            return None
        digest = hashlib.sha256()
        try:
            with open_regular(local, links=False) as handle:
                for piece in iter(lambda: handle.read(2**20), b""):
                    digest.update(piece)
        except OSError as exc:
            raise MazeError(f"{self.where}/{name}: {exc.strerror or exc}") from None
        return digest.hexdigest()

    def write(self, name: str, data: bytes | str) -> None:
        """Write a whole file (complete or absent)."""
        if self.remote:
            payload = data.encode() if isinstance(data, str) else data
            try:
                with self.fs.open(f"{self.root.rstrip('/')}/{name}", "wb") as handle:
                    handle.write(payload)
            except _FAILURES as exc:
                raise MazeError(f"{self.where}/{name}: {_said(exc)}") from None
            return
        write_atomic(self._local(name), data, follow=False)

    def remove(self, name: str) -> None:
        """Remove a file if it is there."""
        try:
            if self.remote:
                path = f"{self.root.rstrip('/')}/{name}"
                if self.fs.exists(path):
                    self.fs.rm_file(path)
            else:
                self._local(name).unlink(missing_ok=True)
        except MazeError:
            raise
        except _FAILURES as exc:
            raise MazeError(f"{self.where}/{name}: {_said(exc)}") from None

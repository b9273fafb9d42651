"""Where a dataset's files go: a local folder, or any fsspec URL (``s3://...``, ``memory://...``).

A local folder is written through :mod:`meiro.io.writing` (each file complete or
absent, never a part). Other places go through fsspec, whose object stores
publish an object only when its upload completes.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from ..errors import MazeError
from ..io.writing import write_atomic

#: The card's file name, as the Hugging Face Hub reads it.
CARD = "README.md"


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
            except (ImportError, ValueError) as exc:
                raise MazeError(f"{where}: {exc}") from None
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
                return sorted(p[len(base):] for p in self.fs.find(self.root) if p.startswith(base))
            root = Path(self.root)
            if not root.exists():
                return []
            if not root.is_dir():
                raise MazeError(f"{self.where} is a file, not a folder")
            return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
        except OSError as exc:
            raise MazeError(f"{self.where}: {exc.strerror or exc}") from None

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
        except OSError as exc:
            raise MazeError(f"{self.where}: cannot make the folder: {exc.strerror or exc}") from None

    def read(self, name: str) -> bytes | None:
        """A file's bytes, or None if it is not there."""
        try:
            if self.remote:
                path = f"{self.root.rstrip('/')}/{name}"
                return self.fs.cat_file(path) if self.fs.exists(path) else None
            local = self._local(name)
            return local.read_bytes() if local.is_file() else None
        except OSError as exc:
            raise MazeError(f"{self.where}/{name}: {exc.strerror or exc}") from None

    def sha256(self, name: str) -> str | None:
        """The SHA-256 of a file, or None if it is not there."""
        data = self.read(name)
        return None if data is None else hashlib.sha256(data).hexdigest()

    def write(self, name: str, data: bytes | str) -> None:
        """Write a whole file (complete or absent)."""
        if self.remote:
            payload = data.encode() if isinstance(data, str) else data
            try:
                with self.fs.open(f"{self.root.rstrip('/')}/{name}", "wb") as handle:
                    handle.write(payload)
            except OSError as exc:
                raise MazeError(f"{self.where}/{name}: {exc.strerror or exc}") from None
            return
        write_atomic(self._local(name), data)

    def remove(self, name: str) -> None:
        """Remove a file if it is there."""
        try:
            if self.remote:
                path = f"{self.root.rstrip('/')}/{name}"
                if self.fs.exists(path):
                    self.fs.rm_file(path)
            else:
                self._local(name).unlink(missing_ok=True)
        except OSError as exc:
            raise MazeError(f"{self.where}/{name}: {exc.strerror or exc}") from None

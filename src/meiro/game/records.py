"""Best time and fewest moves per maze, kept in a small JSON file in the user's data folder.

A maze is identified by how it was made — algorithm, size, seed and goal rule
— so the same seed shared between players compares the same maze. A missing
file counts as "no records yet"; writes are atomic. Records are never lost: a
file that cannot be read as records (not JSON, nested too deeply, over
:data:`LIMIT`) is moved aside to ``records.json.bad-DATE`` with one line, and
a fresh file starts beside it. A symbolic link, a FIFO or a device in the
file's place is neither read nor written through.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeGuard, TypedDict

from ..errors import MazeError
from ..io.files import decode_text, open_regular, parse_json
from ..io.writing import write_atomic
from ..recipe import Recipe


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None,
             home: Path | None = None) -> Path:
    """meiro's folder in the user's data directory.

    ``$XDG_DATA_HOME/meiro`` (default ``~/.local/share/meiro``) on Linux and
    other Unix systems, ``~/Library/Application Support/meiro`` on macOS,
    ``%APPDATA%\\meiro`` on Windows.

    Examples
    --------
    >>> data_dir({"XDG_DATA_HOME": "/data"}, "linux").as_posix()
    '/data/meiro'
    >>> data_dir({}, "darwin", Path("/Users/a")).as_posix()
    '/Users/a/Library/Application Support/meiro'
    """
    env = os.environ if environ is None else environ
    platform = platform or sys.platform
    home = home or Path.home()
    if platform == "win32":
        base = Path(env["APPDATA"]) if env.get("APPDATA") else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env["XDG_DATA_HOME"]) if env.get("XDG_DATA_HOME") else home / ".local" / "share"
    return base / "meiro"


def record_key(recipe: Recipe | str, width: int | None = None, height: int | None = None,
               seed: int | None = None, goal: str | None = None) -> str:
    """The key of one maze in the records file: its recipe's :meth:`~meiro.recipe.Recipe.key`.

    Given the recipe, or (as before there was one) its algorithm, size, seed and goal rule.

    Examples
    --------
    >>> from meiro.recipe import Recipe
    >>> record_key(Recipe(20, 20, seed=7))
    'dig 20x20 seed 7 corner'
    >>> record_key("dig", 20, 20, 7, "corner")
    'dig 20x20 seed 7 corner'
    """
    if not isinstance(recipe, Recipe):
        recipe = Recipe(width, height, recipe, seed, goal)  # type: ignore[arg-type]
    return recipe.key()



#: The largest records file read (some 200,000 mazes' records); a larger one counts as damaged.
LIMIT = 16 * 2**20


def _count(value: object, kind: type[int] | type[float]) -> bool:
    """``value`` is a finite, non-negative number (an int if ``kind`` is int; never a bool)."""
    allowed = (int,) if kind is int else (int, float)
    if not isinstance(value, allowed) or isinstance(value, bool):
        return False
    return value >= 0 and (isinstance(value, int) or math.isfinite(value))


def _say(line: str) -> None:
    print(line, file=sys.stderr)


#: What :meth:`Records.note_clear` may return that is a message key rather than a text.
NOTE_KEYS = ("new_best", "not_recorded")


class Best(TypedDict):
    """One maze's records: the best time in seconds and the fewest moves."""

    time: float
    moves: int


def _is_best(entry: object) -> TypeGuard[Best]:
    """``entry`` (read from the file, so anything JSON holds) has a valid time and move count."""
    return (isinstance(entry, dict) and _count(entry.get("time"), float)
            and _count(entry.get("moves"), int))


class Records:
    """The records file: ``{key: {"time": seconds, "moves": n}}``.

    Examples
    --------
    >>> import tempfile
    >>> rec = Records(Path(tempfile.mkdtemp()) / "records.json")
    >>> rec.update("k", 12.5, 40)
    (True, True)
    >>> rec.update("k", 13.0, 38)
    (False, True)
    >>> Records(rec.path).best("k")
    {'moves': 38, 'time': 12.5}
    """

    def __init__(self, path: Path | None = None, log: Callable[[str], None] | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / "records.json"
        #: Where the line about a damaged file goes (standard error by default).
        self.log = log if log is not None else _say
        self._stuck = False  # a damaged file that could not be moved aside: never written over
        self._data = self._load()

    def _load(self) -> dict[str, Any]:
        if not os.path.lexists(self.path):
            return {}
        try:  # a regular file only, opened without waiting (a FIFO) or following a link
            with open_regular(self.path, links=False) as handle:
                raw = handle.read(LIMIT + 1)  # (a regular file: it ends)
        except (MazeError, OSError):  # a link, a FIFO, a device, unreadable: not read, nor written
            return {}
        try:
            if len(raw) > LIMIT:
                raise MazeError(f"larger than {LIMIT // 2**20} MB")
            data = parse_json(decode_text(raw, self.path))
        except MazeError as exc:
            self._move_aside(str(exc))
            return {}
        if not isinstance(data, dict):
            self._move_aside("not a JSON object")
            return {}
        return data

    def _move_aside(self, reason: str) -> None:
        """Keep a file that cannot be read as records under a new name, never overwriting one."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            aside = self.path.with_name(f"{self.path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
            try:
                os.link(self.path, aside)  # fails if the name is taken: nothing is overwritten
            except FileExistsError:
                continue
            except OSError:  # no hard links here: a rename, the name checked first
                if os.path.lexists(aside):
                    continue
                try:
                    os.rename(self.path, aside)
                except OSError as exc:
                    self.log(f"meiro: the records file {self.path} cannot be read ({reason}) nor moved "
                             f"aside ({exc.strerror or exc}); new records will not be written over it")
                    self._stuck = True
                    return
            else:
                os.unlink(self.path)
            self.log(f"meiro: the records file {self.path} could not be read ({reason}); "
                     f"kept as {aside.name}, new records start afresh")
            return

    def best(self, key: str) -> Best | None:
        """The records of maze ``key``, or None (none yet, or a damaged entry)."""
        entry = self._data.get(key)
        return entry if _is_best(entry) else None

    def update(self, key: str, seconds: float, moves: int) -> tuple[bool, bool]:
        """Record a cleared game; returns (new best time, new fewest moves).

        Raises :class:`~meiro.MazeError` if the file cannot be written.
        """
        old = self.best(key)
        faster = old is None or seconds < old["time"]
        fewer = old is None or moves < old["moves"]
        if faster or fewer:
            if self._stuck:
                raise MazeError(f"cannot write {self.path}: it holds records that could not be read "
                                "nor moved aside")
            self._data[key] = {"time": round(seconds, 3) if faster or old is None else old["time"],
                               "moves": moves if fewer or old is None else old["moves"]}
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise MazeError(f"cannot write {self.path}: {exc.strerror or exc}") from None
            text = json.dumps(self._data, ensure_ascii=False, indent=1, sort_keys=True).encode("utf-8")
            if len(text) > LIMIT:  # it could not be read back: the records so far stay as they are
                raise MazeError(f"cannot write {self.path}: the records would pass {LIMIT // 2**20} MB")
            write_atomic(self.path, text, follow=False)
        return faster, fewer

    def note_clear(self, key: str, seconds: float, moves: int, helped: bool = False) -> str | None:
        """Record a cleared game for a front end: what to tell the player, if anything.

        Returns a message key of :data:`NOTE_KEYS` — ``"new_best"`` when the time
        or the move count beats the stored best, ``"not_recorded"`` (and nothing
        is written) when the player was ``helped`` — or the error text when the
        file cannot be written (the game goes on), else None.
        """
        if helped:
            return "not_recorded"
        try:
            faster, fewer = self.update(key, seconds, moves)
        except MazeError as exc:
            return str(exc)
        return "new_best" if faster or fewer else None

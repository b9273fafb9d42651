"""Maze sizes: validation, the cells <-> blocks conversion and the memory check.

A maze of ``width x height`` *cells* is stored as a block grid of
``(2*height+1) x (2*width+1)`` blocks (walls between and around the cells),
the layout all three seed articles use. The seeds' users type the block side
(an odd number such as 31); most libraries take cells (15). meiro takes cells
and converts blocks with :func:`blocks_to_cells`.
"""

from __future__ import annotations

from typing import Any

import os
import re
import sys

from .errors import MazeError, whole

#: Bytes needed per block while generating and solving: the bool grid and one
#: uint8 of search state per block.
BYTES_PER_BLOCK = 2
#: Extra bytes per cell: the dig method's stack of directions. Generators that
#: need more working memory say so when they register (``memory=``).
BYTES_PER_CELL = 1
#: Mazes needing less memory than this are not checked against the memory available.
SMALL_ENOUGH = 64 * 2**20


def check_cells(width: Any, height: Any) -> tuple[int, int]:
    """Validate a size in cells and return it as two ints.

    Examples
    --------
    >>> check_cells(15, 10)
    (15, 10)
    >>> check_cells(0, 3)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: width must be at least 1 cell, got 0
    """
    return (whole(width, "width", 1, what="a whole number of cells", unit=" cell", error=MazeError),
            whole(height, "height", 1, what="a whole number of cells", unit=" cell", error=MazeError))


def blocks_to_cells(block_width: int, block_height: int) -> tuple[int, int]:
    """Convert an odd block side (the seeds' ``31``) to cells (``15``).

    Examples
    --------
    >>> blocks_to_cells(31, 21)
    (15, 10)
    """
    for name, value in (("block width", block_width), ("block height", block_height)):
        if value < 3 or value % 2 == 0:
            raise MazeError(f"{name} must be an odd number of blocks >= 3 "
                            f"(walls around every cell), got {value}")
    return (block_width - 1) // 2, (block_height - 1) // 2


_SIZE = re.compile(r"^\s*(\d+)\s*[xX×*,]\s*(\d+)\s*$|^\s*(\d+)\s*$")


def parse_size(text: str, *, blocks: bool = False) -> tuple[int, int]:
    """Parse ``"15x15"`` (or ``"15"`` for a square) into ``(width, height)`` in cells.

    With ``blocks=True`` the numbers are odd block sides and are converted.

    Examples
    --------
    >>> parse_size("20x10")
    (20, 10)
    >>> parse_size("31x31", blocks=True)
    (15, 15)
    """
    match = _SIZE.match(text or "")
    if not match:
        unit = "odd block sides" if blocks else "cells"
        raise MazeError(f"size must look like WIDTHxHEIGHT in {unit} (e.g. "
                        f"{'31x31' if blocks else '15x15'}), got {text!r}")
    if match.group(3) is not None:
        width = height = int(match.group(3))
    else:
        width, height = int(match.group(1)), int(match.group(2))
    if blocks:
        return blocks_to_cells(width, height)
    return check_cells(width, height)


_KIND_SIZE = re.compile(r"^\s*(\d+)\s*[xX×*,]\s*(\d+)\s*[xX×*,]\s*(\d+)\s*$")


def parse_kind_size(text: str) -> tuple[int, ...]:
    """Parse ``--size`` for any grid kind: ``"R"`` (a theta maze's rings, or a square),
    ``"WxH"`` or ``"WxHxL"`` (a 3D maze's layers); a kind checks the numbers it takes
    (:func:`meiro.kinds.check_size`).

    Examples
    --------
    >>> parse_kind_size("10"), parse_kind_size("8x6"), parse_kind_size("8x6x3")
    ((10, 10), (8, 6), (8, 6, 3))
    >>> parse_kind_size("8x6x0")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: layers must be at least 1, got 0
    >>> parse_kind_size("0")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: size must be at least 1 (rings of a theta maze, or cells a side), got 0
    """
    if (text or "").strip().isdecimal() and int(text) < 1:
        # one number is a theta maze's rings as well as a square's side: a message naming
        # only a width would puzzle someone asking for rings
        raise MazeError(f"size must be at least 1 (rings of a theta maze, or cells a side), got {int(text)}")
    match = _KIND_SIZE.match(text or "")
    if match is None:
        try:
            return parse_size(text)
        except MazeError as exc:
            if "must look like" not in str(exc):
                raise
            raise MazeError(f"size must look like WIDTHxHEIGHT in cells (e.g. 15x15), RINGS (theta) or "
                            f"WIDTHxHEIGHTxLAYERS (3d), got {text!r}") from None
    width, height = check_cells(int(match.group(1)), int(match.group(2)))
    return width, height, whole(int(match.group(3)), "layers", 1, error=MazeError)


def bytes_needed(width: int, height: int, per_cell: int = BYTES_PER_CELL) -> int:
    """Peak working memory, in bytes, to generate and solve a maze of this size.

    ``per_cell``: the generator's own working memory per cell, beyond the grid.

    Examples
    --------
    >>> bytes_needed(15, 15)           # 31*31 blocks * 2 bytes + 225 cells * 1 byte
    2147
    >>> bytes_needed(15, 15, per_cell=8)
    3722
    """
    blocks = (2 * width + 1) * (2 * height + 1)
    return blocks * BYTES_PER_BLOCK + width * height * max(per_cell, BYTES_PER_CELL)


def available_memory() -> int | None:
    """Bytes of memory this process could still use, or None if unknown: what the system has
    available, or less under a limit on this process's address space or data segment
    (``ulimit -v`` / ``ulimit -d``, ``RLIMIT_AS`` / ``RLIMIT_DATA``), so that every memory check
    refuses in one line what the limit would have ended in a ``MemoryError``.

    Examples
    --------
    >>> free = available_memory()
    >>> free is None or free > 0
    True
    """
    have = _system_memory()
    room = _limit_room()
    if room is not None:
        have = room if have is None else min(have, room)
    return have


def _system_memory() -> int | None:
    """Bytes of memory the system has available, or None if unknown."""
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/meminfo", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("MemAvailable:"):
                        return int(line.split()[1]) * 1024
        if sys.platform == "win32":
            import ctypes

            class _Status(ctypes.Structure):
                _fields_ = [("length", ctypes.c_ulong), ("load", ctypes.c_ulong),
                            ("total_phys", ctypes.c_ulonglong), ("avail_phys", ctypes.c_ulonglong),
                            ("total_page", ctypes.c_ulonglong), ("avail_page", ctypes.c_ulonglong),
                            ("total_virtual", ctypes.c_ulonglong), ("avail_virtual", ctypes.c_ulonglong),
                            ("avail_extended", ctypes.c_ulonglong)]

            status = _Status()
            status.length = ctypes.sizeof(_Status)
            if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
                return int(status.avail_phys)
            return None
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (OSError, ValueError, AttributeError):
        return None


def _limit_room() -> int | None:
    """Bytes left under this process's ``RLIMIT_AS``/``RLIMIT_DATA``, or None without a limit."""
    try:
        import resource
    except ImportError:  # Windows: no rlimits
        return None
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            fields = [int(v) * os.sysconf("SC_PAGE_SIZE") for v in fh.read().split()]
        used = {"RLIMIT_AS": fields[0], "RLIMIT_DATA": fields[5]}
    except (OSError, ValueError, IndexError):  # not Linux: the limits alone bound it
        used = {}
    room = None
    for name in ("RLIMIT_AS", "RLIMIT_DATA"):
        limit = getattr(resource, name, None)
        if limit is None:
            continue
        soft = resource.getrlimit(limit)[0]
        if soft == resource.RLIM_INFINITY or soft < 0:
            continue
        left = max(soft - used.get(name, 0), 0)
        room = left if room is None else min(room, left)
    return room


def _human(n: float) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if n < 1024 or unit == "PiB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError  # unreachable


def ensure_fits(width: int, height: int, per_cell: int = BYTES_PER_CELL) -> None:
    """Refuse, before allocating anything, a maze that would not fit in memory.

    ``per_cell`` as for :func:`bytes_needed`.

    Examples
    --------
    >>> ensure_fits(10, 10)
    >>> ensure_fits(10**7, 10**7)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 10000000x10000000-cell maze needs about ... TiB of memory ...
    """
    need = bytes_needed(width, height, per_cell)
    if need < SMALL_ENOUGH:
        return  # not worth asking the system (a batch makes thousands of small mazes)
    have = available_memory()
    if have is not None and need > have:
        raise MazeError(f"a {width}x{height}-cell maze needs about {_human(need)} of memory "
                        f"but only {_human(have)} is available; choose a smaller size")

"""The terminal game's dealings with the system: the user's locale, and what the terminal's
encoding can show (as :mod:`meiro.ui.tk_system` is the window's)."""

from __future__ import annotations

import locale
import os
import time
from typing import Any

def use_user_locale() -> None:
    """Take the user's locale so curses can write wide characters.

    A UTF-8 locale the system lacks (say ``LANG=ja_JP.UTF-8`` with no Japanese
    locale installed) falls back to ``C.UTF-8``; any other failure keeps C
    (plain ASCII drawing).
    """
    try:
        locale.setlocale(locale.LC_ALL, "")
        return
    except locale.Error:
        pass
    wanted = next((os.environ[n] for n in ("LC_ALL", "LC_CTYPE", "LANG") if os.environ.get(n)), "")
    if "utf" in wanted.lower():
        try:
            locale.setlocale(locale.LC_ALL, "C.UTF-8")
        except locale.Error:
            pass


def curses_encoding() -> str:
    """The encoding curses writes with: the C library's locale codeset (after
    ``setlocale``), which Python's UTF-8 mode does not change."""
    try:
        return locale.nl_langinfo(locale.CODESET) or "ascii"
    except AttributeError:  # no nl_langinfo (Windows)
        return locale.getpreferredencoding(False)


def can_show(s: str) -> bool:
    """Whether the terminal's encoding can write ``s``."""
    try:
        s.encode(curses_encoding())
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def input_gone(fd: int = 0) -> bool:
    """Whether the terminal the game reads from has gone away (POSIX; elsewhere never).

    A terminal closed under a game that ignores SIGHUP (started with ``nohup``, say)
    is not an error to curses: ``getch`` returns "no key" at once, every time, and
    the game's loop would read again and again at full speed. Such a terminal is
    readable yet holds nothing to read (end of file), or cannot be asked at all; a
    live one that is readable holds the bytes of a key. Nothing is read here, so a
    key that arrives meanwhile stays for the game.
    """
    if os.name != "posix":
        return False
    import fcntl
    import select
    import struct
    import termios

    try:
        readable, _, _ = select.select([fd], [], [], 0)
        if not readable:
            return False
        waiting = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
    except (OSError, ValueError):
        return True
    return bool(struct.unpack("i", waiting)[0] == 0)


def wait_for_key(screen: Any, wait: int) -> int | None:
    """The next key's code read from the curses ``screen`` within ``wait`` milliseconds (-1:
    none came), or None when the terminal has gone away (:func:`input_gone`)."""
    screen.timeout(wait)
    asked = time.monotonic()
    code: int = screen.getch()
    if code == -1 and time.monotonic() - asked < wait / 2000 and input_gone():
        return None  # no key, long before the wait was over, and none to come
    return code

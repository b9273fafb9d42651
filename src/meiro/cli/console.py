"""The Windows console's escape sequences, turned on before an animation draws with them.

Windows 10 and later understand ANSI escape sequences (cursor moves, colours)
only once a program sets ``ENABLE_VIRTUAL_TERMINAL_PROCESSING`` on its console
handle; without it ``meiro animate`` would print the sequences as text. Two
calls of the console API do it (``GetConsoleMode``/``SetConsoleMode``), so a
library such as colorama, which rewrites the output stream instead, is not
worth a dependency here. Elsewhere terminals understand the sequences already.
"""

from __future__ import annotations

import sys

#: The console mode flag that makes a Windows console interpret escape sequences.
ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004


def enable_escapes(stream=None, *, platform: str | None = None, console=None) -> bool:
    """Make sure ``stream``'s terminal interprets ANSI escape sequences; whether it does.

    On Windows this turns on the console's virtual-terminal mode (``False`` when
    the stream is not a console or the system is too old to have the mode);
    elsewhere it is always ``True``. ``platform`` and ``console`` (an object with
    ``handle(fd)``, ``get_mode(handle)`` -> int or None and ``set_mode(handle,
    mode)`` -> bool) stand in for the real ones in tests.

    Examples
    --------
    >>> enable_escapes(platform="linux")
    True
    >>> class Console:                     # an old console that refuses the mode
    ...     def handle(self, fd): return 7
    ...     def get_mode(self, handle): return 0x0003
    ...     def set_mode(self, handle, mode): return False
    >>> import io
    >>> enable_escapes(io.StringIO(), platform="win32", console=Console())
    False
    """
    platform = sys.platform if platform is None else platform
    if platform != "win32":
        return True
    stream = sys.stdout if stream is None else stream
    try:
        console = _WindowsConsole() if console is None else console
        fd = stream.fileno() if hasattr(stream, "fileno") else -1
        handle = console.handle(fd)
        mode = console.get_mode(handle)
    except (OSError, ValueError, AttributeError, ImportError):
        return False  # not a console (a pipe, a file, an IDE's stream)
    if mode is None:
        return False
    if mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING:
        return True
    return bool(console.set_mode(handle, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING))


class _WindowsConsole:  # pragma: no cover - Windows only
    """The two console calls, through ctypes."""

    def __init__(self):
        import ctypes
        import msvcrt
        from ctypes import wintypes

        self._ctypes, self._msvcrt = ctypes, msvcrt
        self._kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        self._dword = wintypes.DWORD

    def handle(self, fd: int):
        return self._msvcrt.get_osfhandle(fd)

    def get_mode(self, handle) -> int | None:
        mode = self._dword()
        if not self._kernel32.GetConsoleMode(handle, self._ctypes.byref(mode)):
            return None
        return int(mode.value)

    def set_mode(self, handle, mode: int) -> bool:
        return bool(self._kernel32.SetConsoleMode(handle, self._dword(mode)))

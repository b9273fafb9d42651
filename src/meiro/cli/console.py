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
from typing import Protocol, TextIO
from collections.abc import Callable, Iterable, Mapping

#: The console mode flag that makes a Windows console interpret escape sequences.
ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004


class Console(Protocol):
    """The console calls :func:`enable_escapes` makes (Windows's, or a stand-in in tests)."""

    def handle(self, fd: int) -> int: ...

    def get_mode(self, handle: int) -> int | None: ...

    def set_mode(self, handle: int, mode: int) -> bool: ...


def enable_escapes(stream: TextIO | None = None, *, platform: str | None = None,
                   console: Console | None = None) -> bool:
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
        console = _windows_console() if console is None else console
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


def _windows_console() -> Console:
    """The console of this process, on Windows (elsewhere ImportError: there is no msvcrt)."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        return _WindowsConsole()
    raise ImportError("the console calls are Windows's")


# (defined on Windows only, where mypy, too, reads the Windows-only parts of ctypes and msvcrt)
if sys.platform == "win32":  # pragma: no cover - Windows only
    class _WindowsConsole:
        """The two console calls, through ctypes."""

        def __init__(self) -> None:
            import ctypes
            import msvcrt
            from ctypes import wintypes

            self._ctypes, self._msvcrt = ctypes, msvcrt
            self._kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
            self._dword = wintypes.DWORD

        def handle(self, fd: int) -> int:
            return self._msvcrt.get_osfhandle(fd)

        def get_mode(self, handle: int) -> int | None:
            mode = self._dword()
            if not self._kernel32.GetConsoleMode(handle, self._ctypes.byref(mode)):
                return None
            return int(mode.value)

        def set_mode(self, handle: int, mode: int) -> bool:
            return bool(self._kernel32.SetConsoleMode(handle, self._dword(mode)))


def ambiguous_is_narrow(environ: Mapping[str, str] | None = None,
                        ask: Callable[[], int | None] | None = None) -> bool:
    """Whether the terminal draws East Asian ambiguous-width characters (■ ◎ △) one column
    wide, as most Western terminal settings do (CJK settings draw them two wide).

    ``MEIRO_AMBIGUOUS=narrow|wide`` decides; else the terminal is asked where its
    cursor lands after printing ■ (``ask``, the question itself by default;
    a terminal that does not answer within a fifth of a second is not waited
    for); else a Japanese, Chinese or Korean locale means wide.

    Examples
    --------
    >>> ambiguous_is_narrow({"MEIRO_AMBIGUOUS": "wide"})
    False
    >>> ambiguous_is_narrow({"LANG": "ja_JP.UTF-8"}, ask=lambda: None)
    False
    >>> ambiguous_is_narrow({"LANG": "en_US.UTF-8"}, ask=lambda: 1)   # the terminal says: 1 column
    True
    """
    import os

    env = os.environ if environ is None else environ
    chosen = env.get("MEIRO_AMBIGUOUS", "").lower()
    if chosen in ("narrow", "wide"):
        return chosen == "narrow"
    columns = (ask or _columns_of_square)()
    if columns in (1, 2):
        return columns == 1
    locale_name = next((env[n] for n in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(n)), "")
    return not locale_name.lower().startswith(("ja", "zh", "ko"))


def _columns_of_square(timeout: float = 0.2) -> int | None:
    """Print ■ at the start of the line and ask the terminal for its cursor's column
    (``ESC [ 6 n``); the columns ■ took, or None (no terminal, no answer)."""
    import os
    import select

    try:
        import termios
        import tty
    except ImportError:  # Windows: its console draws ■ as the font has it; do not ask
        return None
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return None
    try:
        saved = termios.tcgetattr(fd)
        try:
            tty.setraw(fd, termios.TCSANOW)
            os.write(fd, "\r■\x1b[6n".encode())
            answer = b""
            while not answer.endswith(b"R") and len(answer) < 32:
                ready, _, _ = select.select([fd], [], [], timeout)
                if not ready:
                    return None
                answer += os.read(fd, 32)
        finally:
            termios.tcsetattr(fd, termios.TCSAFLUSH, saved)
            os.write(fd, b"\r\x1b[K")  # wipe the test square
        start = answer.rfind(b"\x1b[")
        column = int(answer[start + 2:-1].split(b";")[1])
        return column - 1
    except (OSError, ValueError, IndexError, termios.error):
        return None
    finally:
        os.close(fd)


def as_shown(lines: Iterable[str], style: str, stream: TextIO | None = None) -> Iterable[str]:
    """Text lines of ``style`` as the terminal ``stream`` (stdout) shows them aligned: the
    ``block`` look widened where ■ ◎ △ are one column wide (:func:`ambiguous_is_narrow`);
    anything else, and any file or pipe, unchanged."""
    stream = sys.stdout if stream is None else stream
    try:
        on_terminal = stream.isatty()
    except (AttributeError, ValueError, OSError):
        on_terminal = False
    if style != "block" or not on_terminal or not ambiguous_is_narrow():
        return lines
    from ..text.maze_text import for_narrow_terminal

    return (for_narrow_terminal(line) for line in lines)

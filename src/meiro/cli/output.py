"""Writing results to the terminal, and the standard streams' set-up for a run of the program.

Output that cannot be written (a full disk, a closed stdout) is an
:class:`OSError` that :func:`meiro.cli.main` turns into one line on stderr
(:func:`output_failed`); messages and help never fail to encode, while a
maze's own text is written strictly, so a terminal that cannot show it gets
a hint instead of a maze full of escapes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import TYPE_CHECKING, Protocol, TextIO, cast
from collections.abc import Iterable, Iterator

if TYPE_CHECKING:
    from ..registry import Algorithm
    from ..io.writing import Target

#: How characters that the terminal's encoding lacks are written in messages and help:
#: as ``\\uXXXX``, so nothing is lost (and JSON stays valid JSON).
MESSAGE_ERRORS = "backslashreplace"


class _Reconfigurable(Protocol):
    """A text stream whose error handling can be changed (:meth:`io.TextIOWrapper.reconfigure`)."""

    def reconfigure(self, *, errors: str | None = None) -> None: ...


def _reconfigurable(stream: object) -> _Reconfigurable | None:
    """``stream`` if it has ``reconfigure``, else None. (hasattr rather than a runtime-checkable
    Protocol, which does not see an attribute that a wrapper hands on through ``__getattr__``.)"""
    return cast(_Reconfigurable, stream) if hasattr(stream, "reconfigure") else None


def prepare_streams() -> None:
    """Set the standard streams up for a run of the program (once, at its start).

    * A standard descriptor that was closed (``meiro generate >&-``) gets a
      stand-in opened the wrong way round: a file opened later cannot take its
      number (and receive the maze, or a worker's messages), and writing to it
      still fails as on a closed one (EBADF), which :func:`output_failed`
      reports. A closed stderr swallows messages.
    * stdout and stderr replace what their encoding cannot show
      (:data:`MESSAGE_ERRORS`), so help, lists and messages always print.
    """
    for fd, flags in ((0, os.O_WRONLY), (1, os.O_RDONLY), (2, os.O_RDONLY)):
        _hold_if_closed(fd, flags)
    if sys.stdout is None:
        sys.stdout = open(1, "w", closefd=False, errors=MESSAGE_ERRORS)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", errors=MESSAGE_ERRORS)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            reconfigurable = _reconfigurable(stream)
            if reconfigurable is not None:
                reconfigurable.reconfigure(errors=MESSAGE_ERRORS)


def _hold_if_closed(fd: int, flags: int) -> None:
    try:
        os.fstat(fd)
        return
    except OSError:
        pass
    with contextlib.suppress(OSError):
        stand_in = os.open(os.devnull, flags)
        if stand_in != fd:
            os.dup2(stand_in, fd)
            os.close(stand_in)


def print_lines(lines: Iterable[str]) -> None:
    """Write lines to stdout as they come (a huge maze never sits in memory as one string).

    Written strictly: a character the terminal cannot show raises
    :class:`UnicodeEncodeError` (the command line then suggests another style)
    rather than becoming an escape in the maze.
    """
    with _strict(sys.stdout):
        write = sys.stdout.write
        for line in lines:
            write(line)
            write("\n")
        sys.stdout.flush()


@contextlib.contextmanager
def _strict(stream: TextIO) -> Iterator[None]:
    errors = getattr(stream, "errors", None)
    reconfigurable = _reconfigurable(stream)
    if errors in (None, "strict") or reconfigurable is None:
        yield
        return
    reconfigurable.reconfigure(errors="strict")
    try:
        yield
    finally:
        with contextlib.suppress(OSError, ValueError):
            reconfigurable.reconfigure(errors=errors)


def flush_stdout() -> None:
    """Flush stdout, so that a failure to write surfaces here rather than at exit."""
    if sys.stdout is not None:
        sys.stdout.flush()


def silence_stdout() -> None:
    """Point stdout at the null device: what is still buffered can then be dropped quietly at exit."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def output_failed(exc: OSError) -> str:
    """The one-line message for an :class:`OSError` that reached the command line.

    Commands turn their own files' errors into messages, so what arrives here
    is writing the output: a full disk, a closed stdout. When stdout still
    cannot take what is buffered, it is silenced (:func:`silence_stdout`), so
    that the exit does not fail again.
    """
    try:
        flush_stdout()
    except (OSError, ValueError):
        silence_stdout()
    reason = exc.strerror or str(exc) or exc.__class__.__name__
    if exc.filename is not None:
        return f"cannot use {exc.filename}: {reason}"
    if exc.errno == errno.EBADF:
        return "cannot write the output: standard output is closed"
    return f"cannot write the output: {reason}"


def one_output(name: str, suffix: str, what: str) -> Target:
    """Check the one file a command writes (``dataset``, ``sheet``) before any work.

    A regular file must end in ``suffix``; a device, a FIFO or ``/dev/stdout``
    takes the bytes whatever its name. Returns the :class:`meiro.io.writing.Target`.

    Examples
    --------
    >>> one_output("/dev/null", ".pdf", "sheet").kind
    'device'
    >>> one_output("mazes.txt", ".npz", "dataset")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: the dataset is written as .npz; name the output *.npz, not 'mazes.txt'
    """
    from ..errors import MazeError
    from ..io.writing import check_target

    target = check_target(name)
    if target.kind == "file" and not name.lower().endswith(suffix):
        raise MazeError(f"the {what} is written as {suffix}; name the output *{suffix}, not {name!r}")
    return target


def report(message: str, target: Target) -> None:
    """Print a command's closing line, on stderr when stdout itself carries the output."""
    to_stdout = not (target.kind == "fd" and target.fd == 1)
    print(message, file=sys.stdout if to_stdout else sys.stderr)


#: What a terminal shows while the first run compiles meiro's kernels (seconds, once).
PREPARING = "preparing... (the first run compiles meiro's fast parts; later runs start at once)"


def load_algorithms(*entries: Algorithm | None, cells: int | None = None) -> None:
    """Import the modules of registry ``entries`` (:class:`meiro.registry.Algorithm`; None is
    skipped) now: loading them and numba takes a moment on every run, which is not the first
    run's compiling that :func:`notice_if_slow` is for, so it happens before the notice's clock.

    ``cells``, the size of the whole job, lets a small one run its kernels as plain
    Python, without loading numba at all (see :mod:`meiro.kernels.small_jobs`).

    Examples
    --------
    >>> import meiro
    >>> load_algorithms(meiro.GENERATORS.get("dig"), None)
    """
    if cells is not None:
        from ..kernels.small_jobs import prefer_python_for

        prefer_python_for(cells)
    for entry in entries:
        if entry is not None:
            entry.function  # noqa: B018  (the import is the point)


@contextlib.contextmanager
def notice_if_slow(message: str = PREPARING, after: float = 0.5,
                   stream: TextIO | None = None) -> Iterator[None]:
    """Show ``message`` on a terminal's ``stream`` (stderr) if the block takes longer than
    ``after`` seconds, and wipe it when the block ends, before anything else is printed.

    Meant for the first run, when numba compiles the kernels (a few seconds with
    no other sign of life); later runs load them from the cache and finish before
    the notice would show. Nothing is written when ``stream`` is not a terminal.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> with notice_if_slow("wait", after=0.0, stream=out):
    ...     pass
    >>> out.getvalue()                       # not a terminal: nothing
    ''
    """
    import threading

    stream = sys.stderr if stream is None else stream
    try:
        on_terminal = stream.isatty() and os.environ.get("TERM", "") != "dumb"
    except (AttributeError, ValueError, OSError):
        on_terminal = False
    if not on_terminal:
        yield
        return
    shown = threading.Event()
    lock = threading.Lock()
    done = False

    def show() -> None:
        with lock:
            if not done:
                try:
                    stream.write(message)
                    stream.flush()
                    shown.set()
                except (OSError, ValueError):
                    pass

    timer = threading.Timer(after, show)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            done = True
        timer.cancel()
        if shown.is_set():
            try:
                stream.write("\r\x1b[K")  # back to the line's start and clear it
                stream.flush()
            except (OSError, ValueError):
                pass

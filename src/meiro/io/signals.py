"""Termination signals as an exception, so that clean-up code runs.

By default SIGTERM, SIGHUP and SIGQUIT end a Python process on the spot:
no ``finally`` block, no ``with`` exit, so a half-written temporary file or
a worker process is left behind. Ctrl-C is already an exception
(:class:`KeyboardInterrupt`); this module makes the other termination
signals one too: :class:`Terminated`, a :class:`BaseException` (like
``KeyboardInterrupt``, so ``except Exception`` does not swallow it).

The command line installs the handlers for its whole run (:func:`install`);
library code that must clean up after itself wraps the critical part in
:func:`raising_on_termination`, which installs them only where nobody else
has (a handler of the caller's own is left alone) and only in the main
thread (the only one Python lets set handlers).

Examples
--------
>>> import os, signal
>>> with raising_on_termination():
...     try:
...         os.kill(os.getpid(), signal.SIGTERM)
...     except Terminated as exc:   # caught inside: the program goes on
...         print(exc.signum == signal.SIGTERM, exc.exit_status)
True 143
>>> signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
True
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any
from collections.abc import Iterator

#: The signals whose default action ends the process and that a user or a system sends to
#: stop a program: kill's default, a closed terminal, Ctrl-\ and, on Windows, Ctrl-Break.
TERMINATION_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGBREAK")
                            if hasattr(signal, name))


class Terminated(BaseException):
    """The process was asked to end by signal ``signum``; raised where the program was."""

    def __init__(self, signum: int):
        super().__init__(f"ended by {signal.Signals(signum).name}")
        self.signum = signum

    @property
    def exit_status(self) -> int:
        """The status a shell reports for a program ended by this signal: 128 + the signal number."""
        return 128 + self.signum


#: The last termination signal whose handler ran, until the scope that took it ends.
_pending: int | None = None


def _raise(signum: int, _frame: object) -> None:
    global _pending
    _pending = signum
    raise Terminated(signum)


def raise_if_pending() -> None:
    """Raise :class:`Terminated` again for a signal whose exception was lost.

    Python runs a signal handler between two bytecodes of the main thread, and
    when those happen to be inside a weakref callback, a ``__del__`` or a
    callback from C (an import's module lock, numba's compiler), the handler's
    exception is printed as "Exception ignored" and the program goes on as if
    no signal had come. The points that must not pass after a termination
    signal (putting a written file in place, a command's success) call this.

    Examples
    --------
    >>> import os, signal
    >>> raise_if_pending()                   # no signal: nothing happens
    >>> with raising_on_termination():
    ...     try:
    ...         os.kill(os.getpid(), signal.SIGTERM)
    ...     except Terminated:
    ...         pass                         # as if swallowed
    ...     try:
    ...         raise_if_pending()
    ...     except Terminated as again:
    ...         print(again.signum == signal.SIGTERM)
    True
    """
    if _pending is not None:
        raise Terminated(_pending)


#: Whether Ctrl-C (SIGINT) has come while :func:`install`'s handlers were in place.
_interrupted = False


def _interrupt(signum: int, frame: FrameType | None) -> None:
    global _interrupted
    _interrupted = True
    signal.default_int_handler(signum, frame)  # raises KeyboardInterrupt, as ever


def pending() -> int | None:
    """The termination signal that has come (its handler ran), else SIGINT if Ctrl-C has come
    since :func:`install`, else None.

    Examples
    --------
    >>> pending() is None
    True
    """
    if _pending is None and _interrupted:
        return int(signal.SIGINT)
    return _pending


def _can_install() -> bool:
    return threading.current_thread() is threading.main_thread()


def install() -> None:
    """Turn every termination signal into :class:`Terminated` for the rest of the run.

    Only signals still at their default action are taken; does nothing
    outside the main thread. Ctrl-C stays a KeyboardInterrupt, noted for
    :func:`pending`; an exception Python cannot raise (in a finalizer or a
    callback from C) is no longer reported once such a signal has come.
    """
    if not _can_install():
        return
    for signum in TERMINATION_SIGNALS:
        if signal.getsignal(signum) == signal.SIG_DFL:
            signal.signal(signum, _raise)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)  # the same KeyboardInterrupt, but noted
    if sys.unraisablehook is not _quiet_once_ending:
        global _unraisable_before
        _unraisable_before = sys.unraisablehook
        sys.unraisablehook = _quiet_once_ending


_unraisable_before = sys.unraisablehook


def _quiet_once_ending(report: Any) -> None:
    """Python's report of an exception it cannot raise ("Exception ignored in ..."), unless a
    termination signal has come: then it is the signal's lost :class:`Terminated`, or what
    it broke on its way (a finalizer stopped half-way), and the program is ending by that
    signal anyway (:func:`raise_if_pending`); a traceback would only alarm. The same goes
    for a Ctrl-C's lost KeyboardInterrupt."""
    if pending() is None:
        _unraisable_before(report)


@contextlib.contextmanager
def raising_on_termination() -> Iterator[None]:
    """Within the block, termination signals at their default action raise :class:`Terminated`.

    The previous handlers come back on leaving, however the block ends. If a
    signal that was at its default action arrives, the block's clean-up runs
    (``finally``, ``with`` exits inside it) and then the process ends by that
    signal, as it would have without the block.
    """
    if not _can_install():
        yield
        return
    taken = []
    try:
        for signum in TERMINATION_SIGNALS:
            if signal.getsignal(signum) == signal.SIG_DFL:
                signal.signal(signum, _raise)
                taken.append(signum)
        yield
    except Terminated as exc:
        if exc.signum in taken:
            end_by(exc.signum)
        raise
    finally:
        for signum in taken:
            signal.signal(signum, signal.SIG_DFL)
        global _pending
        if _pending in taken:  # its scope is over: whoever caught it has dealt with it
            _pending = None


def end_by(signum: int) -> None:
    """End this process as if ``signum`` had done it with its default action (after clean-up).

    A parent shell then sees the real cause (``kill`` reports "Terminated"),
    as Unix tools do. Where that is not possible, exits with ``128 + signum``.
    """
    try:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    except (OSError, ValueError):
        pass
    os._exit(128 + signum)

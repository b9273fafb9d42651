"""The stopwatch: elapsed time from an injected time source, shown as the seed shows it."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..text.messages import text


class Stopwatch:
    """Start/stop timing read from ``clock`` (seconds, monotonic).

    Examples
    --------
    >>> now = [10.0]
    >>> watch = Stopwatch(lambda: now[0])
    >>> watch.start(); now[0] = 12.5; watch.elapsed
    2.5
    >>> watch.stop(); now[0] = 99.0; watch.elapsed
    2.5
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._started: float | None = None
        self._stopped: float | None = None

    def reset(self) -> None:
        self._started = self._stopped = None

    def start(self) -> None:
        self._started, self._stopped = self.clock(), None

    def stop(self) -> None:
        if self._started is not None and self._stopped is None:
            self._stopped = self.clock()

    @property
    def running(self) -> bool:
        return self._started is not None and self._stopped is None

    @property
    def elapsed(self) -> float:
        """Seconds since :meth:`start` (frozen by :meth:`stop`; 0 before a start)."""
        if self._started is None:
            return 0.0
        end = self._stopped if self._stopped is not None else self.clock()
        return max(0.0, end - self._started)


def format_elapsed(seconds: float, lang: str = "ja") -> str:
    """Show ``seconds`` the way the seed game's stopwatch does: 秒 / 分 秒 / 時間 分 秒.

    The time is cut (not rounded) to tenths so that 59.99 s never shows as "60.0秒".

    Examples
    --------
    >>> format_elapsed(3.27)
    '3.2秒'
    >>> format_elapsed(125.0)
    '2分 5.0秒'
    >>> format_elapsed(3725.5)
    '1時間 2分 5.5秒'
    >>> format_elapsed(125.0, "en")
    '2 min 5.0 s'
    """
    tenths = int(max(0.0, seconds) * 10 + 1e-6)
    hours, rest = divmod(tenths, 36000)
    minutes, rest = divmod(rest, 600)
    secs = f"{rest // 10}.{rest % 10}"
    if hours:
        return text(lang, "hours", h=hours, m=minutes, s=secs)
    if minutes:
        return text(lang, "minutes", m=minutes, s=secs)
    return text(lang, "seconds", s=secs)

"""Writing an animated GIF from frames made one at a time: what the square and the other kinds' replays share."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import MazeError

if TYPE_CHECKING:
    from PIL import Image


def encode_gif(images: Iterator[Image.Image], count: int, frame_ms: int, hold_ms: int) -> bytes:
    """The GIF of ``count`` frames from the iterator ``images``, the last held ``hold_ms``.

    Pillow keeps its own copy of every frame until the file is written, so the
    frames are made one at a time as it asks for them rather than listed first:
    that halves the peak memory (one byte per pixel and frame instead of two).

    Examples
    --------
    >>> from PIL import Image
    >>> frames = (Image.new("P", (4, 4), k) for k in range(3))
    >>> encode_gif(frames, 3, 50, 500)[:6]
    b'GIF89a'
    >>> encode_gif(iter([]), 0, 5, 500)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: frame and hold times must be whole milliseconds, at least 10
    """
    if not (isinstance(frame_ms, int) and isinstance(hold_ms, int) and frame_ms >= 10 and hold_ms >= 10):
        raise MazeError("frame and hold times must be whole milliseconds, at least 10")
    out = io.BytesIO()
    durations = [frame_ms] * (count - 1) + [hold_ms]
    first = next(images)
    first.save(out, format="GIF", save_all=True, append_images=images,
               duration=durations, loop=0, optimize=False)
    return out.getvalue()


__all__ = ["encode_gif"]

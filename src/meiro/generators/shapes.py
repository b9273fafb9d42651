"""Masks of shapes children like: a circle, heart, star, triangle or hexagon, or a
character such as 迷, to carve a maze inside (see :mod:`meiro.generators.masking`).

A shape is drawn by Pillow (``ImageDraw``: polygons, ellipses, and text in a
font file found by :mod:`meiro.text.fonts`) at eight times the maze's size and each
cell is inside when at least half of its 8 x 8 pixels are. Drawing with Pillow
rather than testing points against the outlines here keeps the geometry to the
outline's points (the heart is the classic parametric curve).

A mask must be one piece: the maze is carved in the cells connected to its start
(:func:`~meiro.generators.masking.region_of`), so a star's thin tips or the
separate strokes of a character would otherwise be cut off. :func:`connect`
joins the pieces with the shortest straight-ish corridors of cells between
them (a breadth-first search from the largest piece), so every drawn part of the
shape stays in the maze.
"""

from __future__ import annotations

import math
import os
from collections import deque
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole

if TYPE_CHECKING:
    from PIL.Image import Image

#: The shapes :func:`shape_mask` draws, besides a character (``text``).
SHAPES = ("circle", "heart", "star", "triangle", "hexagon")
#: Pixels a cell side when drawing a shape.
SUPERSAMPLE = 8
#: The longest side of a shape's mask, in cells: beyond it the drawing (64 pixels a cell)
#: grows past 64 million pixels, and no printed page holds such a maze.
MAX_SIDE = 1000


def _outline(shape: str, steps: int = 120) -> list[tuple[float, float]]:
    """The shape's outline in the unit square (y down), as polygon points."""
    if shape == "heart":
        t = np.linspace(0, 2 * math.pi, steps, endpoint=False)
        x = 16 * np.sin(t) ** 3
        y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
        x = (x - x.min()) / (x.max() - x.min())
        y = (y - y.min()) / (y.max() - y.min())
        return list(zip(x.tolist(), y.tolist()))
    if shape == "star":
        points = []
        for k in range(10):
            radius = 0.5 if k % 2 == 0 else 0.5 * 0.45  # the inner points: a plump star to walk in
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((0.5 + radius * math.cos(angle), 0.55 + radius * math.sin(angle)))
        return points
    if shape == "triangle":
        return [(0.5, 0.0), (1.0, 1.0), (0.0, 1.0)]
    if shape == "hexagon":
        return [(0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a))
                for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))]
    raise MazeError(f"unknown shape {shape!r}; choose one of: {', '.join(SHAPES)}")


def _cells(picture: np.ndarray) -> np.ndarray:
    """An ``(h*S, w*S)`` 0-255 picture -> the cells with at least half their pixels lit."""
    h, w = picture.shape[0] // SUPERSAMPLE, picture.shape[1] // SUPERSAMPLE
    blocks = picture.reshape(h, SUPERSAMPLE, w, SUPERSAMPLE).mean(axis=(1, 3))
    lit: NDArray[np.bool_] = blocks >= 127.5
    return lit


def shape_mask(shape: str, width: int, height: int, text: str | None = None,
               font: str | os.PathLike[str] | None = None) -> np.ndarray:
    """A ``(height, width)`` bool mask of ``shape`` (``True`` = inside), in one piece.

    Parameters
    ----------
    shape : {"circle", "heart", "star", "triangle", "hexagon", "text"}
    width, height : int
        The maze's size in cells.
    text : str, optional
        For ``"text"``: the character(s) to draw, e.g. ``"迷"``.
    font : str or path, optional
        For ``"text"``: a font file (default: one found by :func:`meiro.text.fonts.find_font`).

    Examples
    --------
    >>> m = shape_mask("circle", 9, 9)
    >>> print("\\n".join("".join(".#"[not v] for v in row) for row in m))
    ##.....##
    #.......#
    .........
    .........
    .........
    .........
    .........
    #.......#
    ##.....##
    >>> import meiro
    >>> maze = meiro.generate(12, 12, seed=1, goal="farthest", mask=shape_mask("heart", 12, 12))
    >>> bool(maze.grid[maze.start]) or bool(maze.grid[maze.goal])
    False
    """
    from PIL import Image, ImageDraw

    if not isinstance(shape, str):
        raise TypeError(f"shape must be a str, got {type(shape).__name__}")
    if shape != "text" and shape not in SHAPES:
        raise MazeError(f"unknown shape {shape!r}; choose one of: {', '.join(SHAPES)}, text")
    width, height = _side(width, "width"), _side(height, "height")
    size = (width * SUPERSAMPLE, height * SUPERSAMPLE)
    image = Image.new("L", size, 0)
    draw = ImageDraw.Draw(image)
    if shape == "text":
        _draw_text(image, text, font)
    elif shape == "circle":
        draw.ellipse((0, 0, size[0] - 1, size[1] - 1), fill=255)
    else:
        points = [(x * (size[0] - 1), y * (size[1] - 1)) for x, y in _outline(shape)]
        draw.polygon(points, fill=255)
    cells = _cells(np.asarray(image))
    if cells.sum() < 4:
        raise MazeError(f"the {shape if shape != 'text' else repr(text)} shape leaves fewer than 4 "
                        f"cells at {width}x{height}; choose a larger size")
    return connect(cells)


def _side(value: object, name: str) -> int:
    side = whole(value, name, what="a whole number of cells")
    if not 3 <= side <= MAX_SIDE:
        raise MazeError(f"a shaped maze's {name} must be from 3 to {MAX_SIDE} cells, got {side}")
    return side


def _draw_text(image: Image, text: str | None, font: str | os.PathLike[str] | None) -> None:
    from PIL import ImageFont

    from ..text.fonts import find_font

    if text is not None and not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    if not text or not text.strip():
        raise MazeError("a text shape needs a character, e.g. --shape-text 迷")
    if len(text) > 4:
        raise MazeError(f"a text shape is one to four characters, got {len(text)}: {text!r}")
    found = find_font(text, explicit=font)
    width, height = image.size
    draw_size = max(8, int(min(height, width / len(text)) * 1.1))
    try:
        face = ImageFont.truetype(found.path, draw_size, index=found.index)
        left, top, right, bottom = face.getbbox(text)
        # the glyphs' ink, scaled to fill the picture
        scale = min(width / max(1, right - left), height / max(1, bottom - top))
        face = ImageFont.truetype(found.path, max(8, int(draw_size * scale)), index=found.index)
        left, top, right, bottom = face.getbbox(text)
    except OSError as exc:
        raise MazeError(f"cannot draw {text!r} with the font {found.name}: {exc}") from None
    from PIL import ImageDraw

    # a stroke around the glyphs thickens thin lines into corridors a maze can wind through
    bold = max(1, round(min(width, height) / 40))
    ImageDraw.Draw(image).text(((width - (right - left)) / 2 - left, (height - (bottom - top)) / 2 - top),
                               text, fill=255, font=face, stroke_width=bold, stroke_fill=255)


def connect(cells: np.ndarray) -> np.ndarray:
    """``cells`` with its separate pieces joined to the largest by the fewest added cells.

    Examples
    --------
    >>> connect(np.array([[True, False, False, True]])).astype(int)
    array([[1, 1, 1, 1]])
    """
    from .masking import _cell_set

    cells = _cell_set(cells).copy()
    while True:
        labels, sizes = _pieces(cells)
        if len(sizes) <= 1:
            return cells
        main = int(np.argmax(sizes)) + 1
        _bridge(cells, labels, main)


def _pieces(cells: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """Each cell's piece number (0 outside) and the pieces' sizes (side-by-side neighbours)."""
    labels = np.zeros(cells.shape, np.int32)
    sizes = []
    h, w = cells.shape
    for r0, c0 in zip(*np.nonzero(cells)):
        if labels[r0, c0]:
            continue
        sizes.append(0)
        labels[r0, c0] = len(sizes)
        queue = deque([(r0, c0)])
        while queue:
            r, c = queue.popleft()
            sizes[-1] += 1
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < h and 0 <= cc < w and cells[rr, cc] and not labels[rr, cc]:
                    labels[rr, cc] = len(sizes)
                    queue.append((rr, cc))
    return labels, sizes


def _bridge(cells: np.ndarray, labels: np.ndarray, main: int) -> None:
    """Add the cells of a shortest way from piece ``main`` to the nearest other piece."""
    h, w = cells.shape
    came: dict[tuple[int, int], tuple[int, int] | None] = {}
    queue: deque[tuple[int, int]] = deque()
    for r, c in zip(*np.nonzero(labels == main)):
        came[(r, c)] = None
        queue.append((r, c))
    while queue:
        r, c = queue.popleft()
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if not (0 <= rr < h and 0 <= cc < w) or (rr, cc) in came:
                continue
            came[(rr, cc)] = (r, c)
            if labels[rr, cc] and labels[rr, cc] != main:
                step: tuple[int, int] | None = (r, c)
                while step is not None and labels[step] != main:
                    cells[step] = True
                    step = came[step]
                return
            queue.append((rr, cc))


#: The side (cells) a character's shape is compared at to judge it recognisable.
TEXT_REFERENCE = 64
#: A piece of a character (a stroke or a counter) smaller than this share of its square is a
#: speck of the drawing, not something a reader looks for.
TEXT_SPECK = 0.008


#: How much of a character's drawing its cells must cover (intersection over union) for its
#: strokes to keep their shape, not only their count.
TEXT_OVERLAP = 0.85


def _text_topology(text: str, side: int, font: str | os.PathLike[str] | None) -> tuple[int, int, float]:
    """The pieces of a character's strokes and of the paper around and inside them (its
    counters), drawn ``side`` cells square, before the pieces are joined; and how well the
    cells cover the drawing (intersection over union)."""
    from PIL import Image

    image = Image.new("L", (side * SUPERSAMPLE, side * SUPERSAMPLE), 0)
    _draw_text(image, text, font)
    picture = np.asarray(image)
    cells = _cells(picture)
    paper = np.pad(~cells, 1, constant_values=True)  # the paper around the character is one piece
    speck = TEXT_SPECK * side * side
    drawn = picture >= 128
    covered = np.kron(cells, np.ones((SUPERSAMPLE, SUPERSAMPLE), bool))
    overlap = float((drawn & covered).sum() / max(1, (drawn | covered).sum()))
    return (sum(n >= speck for n in _pieces(cells)[1]), sum(n >= speck for n in _pieces(paper)[1]), overlap)


def legible_text_side(text: str, font: str | os.PathLike[str] | None = None, *, least: int = 10,
                      most: int = 64) -> int | None:
    """The fewest cells a side at which ``text`` carved as a maze is recognisable: its strokes
    fall into as many pieces and leave as many counters as when drawn large
    (:data:`TEXT_REFERENCE` cells), and the cells cover its drawing closely
    (:data:`TEXT_OVERLAP`), at this side and two more; None when no side up to ``most`` does.

    Examples
    --------
    >>> legible_text_side(" ")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a text shape needs a character, e.g. --shape-text 迷
    """
    least, most = _side(least, "least"), _side(most, "most")
    goal = _text_topology(text, TEXT_REFERENCE, font)[:2]
    seen: dict[int, bool] = {}

    def reads(side: int) -> bool:
        if side not in seen:
            pieces, counters, overlap = _text_topology(text, side, font)
            seen[side] = (pieces, counters) == goal and overlap >= TEXT_OVERLAP
        return seen[side]

    for side in range(least, most + 1):
        if reads(side) and reads(side + 1) and reads(side + 2):
            return side
    return None

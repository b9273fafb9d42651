"""How the terminal game draws blocks: colours or characters, at one of three zooms.

A block is normally two columns wide (:data:`WIDE`), about square in a
terminal's cells. Zooming out gives :data:`NARROW` (a column per block: twice
the maze across) and, on a UTF-8 terminal, :data:`MAP` (a column per block and
two blocks per line, the upper and lower halves of a character cell: four
times the blocks of :data:`WIDE` on the same screen, and still square).

Shared by the game view (:mod:`meiro.ui.terminal_app`) and the search view
(:mod:`meiro.ui.terminal_search`). The look of a run of equal cells is decided
here, without curses, so it can be tested on its own; only :func:`make_style`
talks to curses (colour pairs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..paint import ANSWER, CLOSED, CURRENT, FRONTIER, GOAL, PATH, PLAYER, START, TRAIL, WALL

# PLAYER: the overlay class drawn over the paint grid where the player stands
#: The half of :data:`MAP`'s last line below an odd number of rows: nothing there.
BLANK = 255
#: When a character cell of :data:`MAP` cannot show both of its blocks, the one that
#: matters more to a player is shown.
IMPORTANCE = (PLAYER, START, GOAL, CURRENT, ANSWER, FRONTIER, TRAIL, CLOSED, WALL, PATH, BLANK)
_RANK = {cls: rank for rank, cls in enumerate(IMPORTANCE)}

#: The seed's palette approximated on 256-colour terminals (xterm indices): walls gray25,
#: paths white, trail tan1, answer palevioletred, start red, goal blue, player springgreen;
#: a search's current block yellow, its frontier cornflowerblue, closed blocks gray60.
COLORS_256 = {WALL: 238, PATH: 231, TRAIL: 215, ANSWER: 168, START: 196, GOAL: 21, PLAYER: 48,
              CURRENT: 226, FRONTIER: 69, CLOSED: 247}
#: The same on 8-colour terminals (curses.COLOR_* values).
COLORS_8 = {WALL: 0, PATH: 7, TRAIL: 3, ANSWER: 5, START: 1, GOAL: 4, PLAYER: 2,
            CURRENT: 3, FRONTIER: 6, CLOSED: 5}
PLAIN_GLYPHS = {PATH: "  ", TRAIL: ". ", ANSWER: "o ", START: "S ", GOAL: "G ", PLAYER: "@ ",
                CURRENT: "* ", FRONTIER: "+ ", CLOSED: ". "}
#: Walls and paths in the upper/lower halves of a character cell (keys: upper is wall,
#: lower is wall).
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def overview(paint: NDArray[np.uint8], factor: int) -> NDArray[np.uint8]:
    """``paint`` shrunk ``factor`` times each way, for a whole-maze overview: each
    ``factor x factor`` square shows its most important mark (player aside: the caller
    overlays it), else wall where walls are more than half of it, else path.

    Examples
    --------
    >>> grid = np.array([[WALL, WALL, WALL, WALL], [WALL, PATH, PATH, GOAL],
    ...                  [WALL, WALL, PATH, WALL], [WALL, PATH, PATH, WALL]])
    >>> overview(grid, 2).tolist() == [[WALL, GOAL], [WALL, PATH]]
    True
    """
    rows, cols = paint.shape
    tall, wide = -(-rows // factor), -(-cols // factor)
    padded = np.full((tall * factor, wide * factor), PATH, paint.dtype)
    padded[:rows, :cols] = paint
    squares = padded.reshape(tall, factor, wide, factor).swapaxes(1, 2).reshape(tall, wide, -1)
    out = np.where((squares == WALL).mean(axis=2) > 0.5, WALL, PATH).astype(paint.dtype)
    marks = [cls for cls in IMPORTANCE if cls not in (PLAYER, WALL, PATH, BLANK)]
    for cls in reversed(marks):  # the most important last, so it wins
        out[(squares == cls).any(axis=2)] = cls
    return out


@dataclass(frozen=True)
class Scale:
    """A zoom of the terminal maze: ``columns`` per block, ``stacked`` blocks per line."""

    name: str
    columns: int
    stacked: int

    def view_size(self, lines: int, columns: int) -> tuple[int, int]:
        """Blocks (rows, cols) that ``lines x columns`` character cells show.

        Examples
        --------
        >>> WIDE.view_size(20, 80), MAP.view_size(20, 80)
        ((20, 40), (40, 80))
        """
        return max(1, lines) * self.stacked, max(1, columns // self.columns)


MAP = Scale("map", 1, 2)
NARROW = Scale("narrow", 1, 1)
WIDE = Scale("wide", 2, 1)
#: From the smallest blocks to the largest: + moves right, - moves left.
SCALES = (MAP, NARROW, WIDE)


@dataclass(frozen=True)
class Style:
    """How each block class is drawn: per class, the two characters of :data:`WIDE` and a
    curses attribute; ``pair`` gives an attribute with one colour over another for
    :data:`MAP` (None without colours, or when the terminal has no pair left)."""

    glyphs: dict[int, str]
    attrs: dict[int | str, int]  # by block class, and "clear" for the CLEAR!! banner
    colors: dict[int, int] | None = None
    pair: Callable[[int, int], int | None] = field(default=lambda upper, lower: None)

    def look(self, key: int, scale: Scale) -> tuple[str, int]:
        """The characters and attribute of one character cell (one block wide).

        ``key`` is the block class, or for :data:`MAP` ``upper * 256 + lower``.

        Examples
        --------
        >>> plain = Style({**PLAIN_GLYPHS, WALL: "██"}, {cls: 0 for cls in (*PLAIN_GLYPHS, WALL)})
        >>> plain.look(WALL, WIDE), plain.look(PLAYER, NARROW)
        (('██', 0), ('@', 0))
        >>> [plain.look(upper * 256 + lower, MAP)[0] for upper, lower in
        ...  ((WALL, PATH), (PATH, WALL), (WALL, BLANK), (WALL, PLAYER), (START, GOAL))]
        ['▀', '▄', '▀', '@', 'S']
        """
        if scale is WIDE:
            return self.glyphs[key], self.attrs[key]
        if scale is NARROW:
            return self.narrow(key), self.attrs[key]
        upper, lower = key >> 8, key & 255
        if upper == lower:
            return self.narrow(upper) if self.colors is None else " ", self.attrs[upper]
        if self.colors is not None:
            attr = self.pair(self.colors[upper], self.colors.get(lower, -1))
            if attr is not None:
                return "▀", attr
        walls = {WALL: True, PATH: False, BLANK: False}
        if upper in walls and lower in walls and self.colors is None:
            return HALF_BLOCKS[walls[upper], walls[lower]], self.attrs[WALL]
        shown = min(upper, lower, key=_RANK.__getitem__)  # the block that matters more
        return self.narrow(shown), self.attrs[shown]

    def narrow(self, cls: int) -> str:
        """The one character of a block at :data:`NARROW` (the player is ``@``)."""
        return "@" if cls == PLAYER else self.glyphs[cls][0]


def cell_keys(blocks: NDArray[np.uint8], scale: Scale) -> NDArray[np.integer[Any]]:
    """Per character cell, the key :meth:`Style.look` takes, for a ``rows x cols`` slice
    of block classes: the classes themselves, or for :data:`MAP` pairs of rows folded
    into ``upper * 256 + lower`` (an odd last row gets :data:`BLANK` below).

    Examples
    --------
    >>> cell_keys(np.array([[1, 0], [0, 0], [1, 1]], np.uint8), MAP).tolist()
    [[256, 0], [511, 511]]
    """
    if scale.stacked == 1:
        return blocks
    if blocks.shape[0] % 2:
        blocks = np.vstack([blocks, np.full((1, blocks.shape[1]), BLANK, blocks.dtype)])
    upper: NDArray[np.int32] = blocks[0::2].astype(np.int32)
    return upper * 256 + blocks[1::2]


def runs(keys: list[int]) -> list[tuple[int, int, int]]:
    """``(first, length, key)`` of each run of equal keys in a line.

    Examples
    --------
    >>> runs([1, 1, 0, 1])
    [(0, 2, 1), (2, 1, 0), (3, 1, 1)]
    """
    out: list[tuple[int, int, int]] = []
    start = 0
    for j in range(1, len(keys) + 1):
        if j == len(keys) or keys[j] != keys[start]:
            out.append((start, j - start, keys[start]))
            start = j
    return out


def make_style(color: bool, utf8: bool) -> Style:
    """Colour blocks (background colours, the seed's palette) or plain characters.

    Must run after ``curses.initscr``/``start_color``. Without colour, walls are
    ``██`` on a UTF-8 terminal and ``##`` otherwise.
    """
    import curses

    if color:
        table = COLORS_256 if curses.COLORS >= 256 else COLORS_8
        glyphs: dict[int, str] = {}
        attrs: dict[int | str, int] = {}
        for pair, (cls, bg) in enumerate(table.items(), start=1):
            fg = curses.COLOR_BLACK if cls == PLAYER else bg
            curses.init_pair(pair, fg, bg)
            glyphs[cls] = "()" if cls == PLAYER else "  "
            attrs[cls] = curses.color_pair(pair)
        attrs[PLAYER] |= curses.A_BOLD
        clear_pair = len(table) + 1
        # bright yellow where the terminal has it (8-colour yellow is often olive)
        curses.init_pair(clear_pair, curses.COLOR_BLACK, 226 if curses.COLORS >= 256 else curses.COLOR_YELLOW)
        # not bold: a terminal that shows bold as bright (xterm's default) would turn the black
        # letters grey on the yellow
        attrs["clear"] = curses.color_pair(clear_pair)
        return Style(glyphs, attrs, dict(table), _pair_maker(clear_pair + 1))
    glyphs = {**PLAIN_GLYPHS, WALL: "██" if utf8 else "##"}
    attrs = dict.fromkeys(glyphs, curses.A_NORMAL)
    attrs[PLAYER] = attrs[START] = attrs[GOAL] = curses.A_BOLD
    attrs["clear"] = curses.A_REVERSE | curses.A_BOLD
    return Style(glyphs, attrs)


def _pair_maker(first: int) -> Callable[[int, int], int | None]:
    """Colour pairs (foreground over background) made on first use, from pair ``first``
    on; None once the terminal has none left (the caller then shows one block)."""
    import curses

    made: dict[tuple[int, int], int | None] = {}

    def pair(upper: int, lower: int) -> int | None:
        if (upper, lower) not in made:
            number = first + len(made)
            attr = None
            if number < min(curses.COLOR_PAIRS, 256):  # color_pair() holds 8 bits
                try:
                    curses.init_pair(number, upper, lower)  # lower -1: the terminal's background
                    attr = curses.color_pair(number)
                except curses.error:
                    pass
            made[upper, lower] = attr
        return made[upper, lower]

    return pair

"""Terminal drawing for ``meiro animate``: in-place updates with ANSI escapes.

The drawing occupies ``rows`` lines below the cursor. After the first full
frame, every later frame writes only the blocks that changed, reaching them
with relative cursor moves (up/down, then an absolute column), so nothing
scrolls and the finished maze stays in the scrollback like any other output.
This module only builds strings; the command line times and writes them.

Looks (characters per block):

``block``   — the NumPy article's full-width look: ``■`` wall, ideographic space path,
              ``◎`` start, ``△`` goal; two columns per block.
``hash``    — the ASCII-printer article's look: ``#`` and spaces, two columns per block.
``compact`` — ``#`` and spaces, one column per block, for narrow terminals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import MazeError
from ..paint import ANSWER, CLOSED, CURRENT, FRONTIER, GOAL, PATH, START, WALL

ESC = "\x1b["
RESET = ESC + "0m"
HIDE_CURSOR = ESC + "?25l"
SHOW_CURSOR = ESC + "?25h"

#: ANSI colour (SGR) of each block class; walls keep the terminal's own colour.
COLORS = {WALL: "", PATH: "", START: "1;31", GOAL: "1;94", ANSWER: "35", CLOSED: "36", FRONTIER: "33",
          CURRENT: "1;93"}


@dataclass(frozen=True)
class Look:
    """Characters of each block class and the columns one block takes.

    Examples
    --------
    >>> hash_look = LOOKS["hash"]
    >>> hash_look.columns, hash_look.glyph(GOAL, color=False)
    (2, 'G ')
    >>> hash_look.glyph(GOAL, color=True)          # bold bright blue, then reset
    '\\x1b[1;94mG \\x1b[0m'
    """

    name: str
    glyphs: dict[int, str]
    columns: int

    def glyph(self, cls: int, color: bool) -> str:
        """The text of block class ``cls``, wrapped in its ANSI colour when ``color``."""
        text = self.glyphs[cls]
        code = COLORS[cls] if color else ""
        return f"{ESC}{code}m{text}{RESET}" if code else text


LOOKS = {
    "block": Look("block", {WALL: "■", PATH: "\u3000", START: "◎", GOAL: "△", ANSWER: "●",
                            CLOSED: "・", FRONTIER: "○", CURRENT: "◆"}, 2),
    "hash": Look("hash", {WALL: "# ", PATH: "  ", START: "S ", GOAL: "G ", ANSWER: "o ",
                          CLOSED: ". ", FRONTIER: "+ ", CURRENT: "@ "}, 2),
    "compact": Look("compact", {WALL: "#", PATH: " ", START: "S", GOAL: "G", ANSWER: "o",
                                CLOSED: ".", FRONTIER: "+", CURRENT: "@"}, 1),
}
#: The block look where ■ ◎ △ ● ○ ◆ are drawn one column wide (most Western terminals):
#: a wall is ``■■``, solid as the NumPy article's, the marks get a space (see
#: :func:`meiro.cli.console.ambiguous_is_narrow`).
NARROW_BLOCK = Look("block", {WALL: "■■", PATH: "\u3000", START: "◎ ", GOAL: "△ ", ANSWER: "● ",
                              CLOSED: "・", FRONTIER: "○ ", CURRENT: "◆ "}, 2)


#: What each mark means, in the languages meiro speaks.
_MEANINGS = {
    "en": {WALL: "wall", START: "start", GOAL: "goal", CLOSED: "searched", FRONTIER: "to search",
           ANSWER: "the way"},
    "ja": {WALL: "壁", START: "スタート", GOAL: "ゴール", CLOSED: "調べた", FRONTIER: "調べる候補",
           ANSWER: "答えの道"},
}


def legend(look: Look, color: bool, lang: str = "en", search: bool = False) -> str:
    """One line saying what the marks of ``look`` mean (``search``: the search's marks too).

    Examples
    --------
    >>> legend(LOOKS["hash"], color=False)
    '# wall  S start  G goal'
    >>> legend(LOOKS["block"], color=False, lang="ja", search=True)
    '■壁  ◎スタート  △ゴール  ・調べた  ○調べる候補  ●答えの道'
    """
    meanings = _MEANINGS.get(lang, _MEANINGS["en"])
    marks = (WALL, START, GOAL) + ((CLOSED, FRONTIER, ANSWER) if search else ())
    items = []
    for cls in marks:
        # a two-column ASCII glyph ("# ") and a full-width one ("■") already end with room
        room = look.glyphs[cls].endswith(" ") or look.name == "block"
        items.append(look.glyph(cls, color) + ("" if room else " ") + meanings[cls])
    return "  ".join(items)


def pick_look(shape: tuple[int, int], columns: int, lines: int, utf8: bool,
              wanted: str = "auto") -> Look:
    """The look to draw a ``shape``-block grid in a ``columns x lines`` terminal.

    ``auto`` prefers the NumPy article's block look on a UTF-8 terminal, then the hash
    look, then the compact one; two lines are kept below the maze, for the legend and the
    closing line.

    Examples
    --------
    >>> pick_look((41, 41), 120, 50, utf8=True).name
    'block'
    >>> pick_look((41, 41), 120, 50, utf8=False).name
    'hash'
    >>> pick_look((41, 41), 60, 50, utf8=True).name
    'compact'
    >>> pick_look((41, 41), 30, 50, utf8=True)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: the maze needs a terminal of at least 41 columns and 43 lines, this one is 30x50; choose a smaller --size
    """
    rows, cols = shape
    if wanted != "auto":
        if wanted not in LOOKS:
            raise MazeError(f"unknown look {wanted!r}; choose one of: auto, {', '.join(LOOKS)}")
        candidates = [LOOKS[wanted]]
    else:
        candidates = [LOOKS["block"]] if utf8 else []
        candidates += [LOOKS["hash"], LOOKS["compact"]]
    for look in candidates:
        if cols * look.columns <= columns and rows + 2 <= lines:
            return look
    need = cols * candidates[-1].columns
    raise MazeError(f"the maze needs a terminal of at least {need} columns and {rows + 2} lines, "
                    f"this one is {columns}x{lines}; choose a smaller --size")


def fitting_cells(columns: int, lines: int, largest: tuple[int, int]) -> tuple[int, int]:
    """The largest maze (in cells, up to ``largest``) drawn two columns per block
    (the block or hash look) that fits the terminal, with two lines for the legend and
    the closing line.

    Examples
    --------
    >>> fitting_cells(80, 24, (20, 20))
    (19, 10)
    """
    width = min(largest[0], (columns // 2 - 1) // 2)
    height = min(largest[1], (lines - 3) // 2)
    if width < 1 or height < 1:
        raise MazeError(f"the terminal ({columns}x{lines}) is too small to draw a maze")
    return width, height


class Screen:
    """Tracks what is drawn and where the cursor is; returns the escapes for each frame.

    Examples
    --------
    >>> s = Screen(LOOKS["compact"], color=False)
    >>> first = s.draw(np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], np.uint8))
    >>> first.count("#")
    8
    >>> s.draw(np.array([[1, 1, 1], [1, 2, 1], [1, 1, 1]], np.uint8))
    '\\x1b[1A\\x1b[2GS'
    """

    def __init__(self, look: Look, color: bool):
        self.look, self.color = look, color
        self.shown: np.ndarray | None = None
        self.row = 0  # cursor line, relative to the drawing's first line
        self.left = False

    def _column(self, c: int) -> str:
        return f"{ESC}{c * self.look.columns + 1}G"

    def _goto_row(self, r: int) -> str:
        move = ""
        if r < self.row:
            move = f"{ESC}{self.row - r}A"
        elif r > self.row:
            move = f"{ESC}{r - self.row}B"
        self.row = r
        return move

    def draw(self, cls: np.ndarray) -> str:
        """Escapes that turn the screen into ``cls`` (the whole grid the first time)."""
        out: list[str] = []
        if self.shown is None:
            # the first frame is written line by line from the cursor's line, which scrolls
            # the terminal if needed; each block is placed at its own column, so glyphs
            # that a terminal draws narrower than expected cannot shift the rest
            for r, row in enumerate(cls.tolist()):
                if r:
                    out.append("\r\n")
                for c, value in enumerate(row):
                    if self.look.name == "block":
                        out.append(self._column(c))
                    out.append(self.look.glyph(value, self.color))
            self.row = cls.shape[0] - 1
        else:
            changed = np.argwhere(cls != self.shown)
            for r, c in changed.tolist():
                out.append(self._goto_row(r))
                out.append(self._column(c))
                out.append(self.look.glyph(int(cls[r, c]), self.color))
        self.shown = cls.copy()
        return "".join(out)

    def leave(self) -> str:
        """Escapes that put the cursor on the line below the drawing, attributes reset.

        Only the first call moves the cursor; later ones just reset the attributes.
        """
        if self.shown is None or self.left:
            return RESET
        self.left = True
        return RESET + self._goto_row(self.shown.shape[0] - 1) + "\r\n"

"""The size entry: what may be typed, and what a typed size means.

The seed game takes one number, the odd side of the maze in blocks (walls
included), at least 5. meiro accepts that, or a side in cells; ``WxH`` gives a
rectangle in either unit.
"""

from __future__ import annotations

import re

UNITS = ("blocks", "cells")
#: Largest side accepted in cells (4001 blocks): still a few seconds to dig.
MAX_CELLS = 2000

_SIZE = re.compile(r"(\d+)(?:[xX](\d+))?")


class EntryError(ValueError):
    """The entry is empty or invalid; ``key`` names the message (see ``messages``)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def allowed(text: str) -> bool:
    """Whether ``text`` may stand in the entry while typing (digits and one ``x``).

    Examples
    --------
    >>> allowed("31"), allowed("20x1"), allowed("3a"), allowed("")
    (True, True, False, True)
    """
    return len(text) <= 11 and re.fullmatch(r"\d*(?:[xX]\d*)?", text) is not None


def parse_entry(text: str, unit: str = "blocks") -> tuple[int, int]:
    """The ``(width, height)`` in cells that the entry asks for.

    Raises :class:`EntryError` with key ``"entry_empty"`` (「値を入力してください。」)
    or ``"entry_invalid"`` (「無効な値です。」).

    Examples
    --------
    >>> parse_entry("31")
    (15, 15)
    >>> parse_entry("20x10", "cells")
    (20, 10)
    >>> parse_entry("30")
    Traceback (most recent call last):
    ...
    meiro.game.entry.EntryError: entry_invalid
    """
    text = (text or "").strip()
    if not text:
        raise EntryError("entry_empty")
    match = _SIZE.fullmatch(text)
    if not match or unit not in UNITS:
        raise EntryError("entry_invalid")
    width = int(match.group(1))
    height = int(match.group(2)) if match.group(2) else width
    if unit == "blocks":
        if any(side < 5 or side % 2 == 0 for side in (width, height)):
            raise EntryError("entry_invalid")
        width, height = (width - 1) // 2, (height - 1) // 2
    if not (2 <= width <= MAX_CELLS and 2 <= height <= MAX_CELLS):
        raise EntryError("entry_invalid")
    return width, height


def format_entry(width: int, height: int, unit: str = "cells") -> str:
    """The entry text for a size in cells (the inverse of :func:`parse_entry`).

    Examples
    --------
    >>> format_entry(15, 15, "blocks"), format_entry(20, 10)
    ('31', '20x10')
    """
    if unit == "blocks":
        width, height = 2 * width + 1, 2 * height + 1
    return str(width) if width == height else f"{width}x{height}"


class EntryForm:
    """The inputs that make the next maze — size (in blocks or cells), seed, algorithm, goal
    rule — and the message beside them: the prompt, or why Enter was refused.

    Examples
    --------
    >>> form = EntryForm(unit="cells")
    >>> form.type("20x1a"), form.type("20x10"), form.size()
    (False, True, (20, 10))
    >>> form.set_unit("blocks"), form.text
    (True, '41x21')
    >>> form.seed_text = "x"
    >>> form.seed()
    Traceback (most recent call last):
    ...
    meiro.game.entry.EntryError: seed_invalid
    """

    def __init__(self, algorithm: str = "dig", goal: str = "corner", unit: str = "blocks") -> None:
        self.algorithm = algorithm
        self.goal = goal
        self.unit = unit
        self.text = ""
        self.seed_text = ""
        self.message_key = "prompt_" + unit

    def type(self, value: str) -> bool:
        """Put ``value`` in the size entry; refused (False) unless digits (and one ``x``)."""
        if not allowed(value):
            return False
        self.text = value
        return True

    def set_unit(self, unit: str) -> bool:
        """Switch what the size entry expects (``"blocks"`` or ``"cells"``), converting its
        text; False if nothing changed."""
        if unit == self.unit or unit not in UNITS:
            return False
        try:
            size: tuple[int, int] | None = parse_entry(self.text, self.unit)
        except EntryError:
            size = None
        self.unit = unit
        if size:
            self.text = format_entry(*size, unit)
        self.prompt()
        return True

    def size(self) -> tuple[int, int]:
        """The ``(width, height)`` in cells asked for; :class:`EntryError` if none is."""
        return parse_entry(self.text, self.unit)

    def seed(self) -> int | None:
        """The seed asked for (None: a fresh one); :class:`EntryError` ``seed_invalid`` if
        the seed entry holds something else than a number."""
        text = self.seed_text.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise EntryError("seed_invalid") from None

    def prompt(self) -> None:
        """Show the prompt again (a maze started, or the unit changed)."""
        self.message_key = "prompt_" + self.unit

    def refuse(self, key: str) -> None:
        """Show why Enter made no maze (a message key)."""
        self.message_key = key

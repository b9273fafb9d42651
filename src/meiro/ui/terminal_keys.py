"""The terminal game's keys and line fitting: curses key codes to game commands, help and
text cut to the terminal's width (the pure part of :mod:`meiro.ui.terminal_app`)."""

from __future__ import annotations

from ..game import KEYMAP, Quit
from ..game.commands import Command
from ..text.maze_text import display_width

#: Tk keysym (the names :data:`meiro.game.KEYMAP` uses) of curses' non-letter keys and of
#: vi's hjkl, so one key table serves both front ends.
CURSES_KEYS: dict[int, str] = {
    10: "Return", 13: "Return", 27: "Escape", 32: "space",
    ord("h"): "Left", ord("j"): "Down", ord("k"): "Up", ord("l"): "Right",
    ord("H"): "Left", ord("J"): "Down", ord("K"): "Up", ord("L"): "Right",
    ord("+"): "plus", ord("="): "equal", ord("-"): "minus",
}
#: Keys that quit besides Escape.
QUIT_KEYS = (ord("q"), ord("Q"))
BACKSPACE_KEYS = (8, 127)
TAB = 9


def curses_keys() -> dict[int, str]:
    """:data:`CURSES_KEYS` plus curses' own codes for arrows, Enter and Backspace."""
    import curses

    keys = {**CURSES_KEYS, curses.KEY_UP: "Up", curses.KEY_DOWN: "Down", curses.KEY_LEFT: "Left",
            curses.KEY_RIGHT: "Right", curses.KEY_ENTER: "Return"}
    # Shift with an arrow (curses' "scroll" codes for up and down), where this curses has them
    for code, name in (("KEY_SR", "Shift-Up"), ("KEY_SF", "Shift-Down"), ("KEY_SLEFT", "Shift-Left"),
                       ("KEY_SRIGHT", "Shift-Right")):
        if hasattr(curses, code):
            keys[getattr(curses, code)] = name
    return keys


def command_for(code: int, keys: dict[int, str]) -> Command | None:
    """The game command a curses key code asks for, or None.

    Examples
    --------
    >>> command_for(ord("k"), CURSES_KEYS)
    Move(direction=<Direction.N: (-1, 0)>, run=False)
    >>> command_for(ord("q"), CURSES_KEYS), command_for(ord("7"), CURSES_KEYS)
    (Quit(), None)
    """
    if code in QUIT_KEYS:
        return Quit()
    name = keys.get(code)
    if name is None and 32 < code < 127:
        name = chr(code)
    return KEYMAP.get(name) if name is not None else None


def fit_help(help_text: str, columns: int) -> str:
    """Key help (items two spaces apart) that fits ``columns``: items are left out from the
    end backwards, but the first (how to move) and the last (how to quit) always stay.

    Examples
    --------
    >>> fit_help("arrows: move  i: answer  p: save  q: quit", 34)
    'arrows: move  i: answer  q: quit'
    >>> fit_help("arrows: move  i: answer  p: save  q: quit", 20)
    'arrows: move  q: quit'
    """
    items = help_text.split("  ")
    while len(items) > 2 and display_width("  ".join(items)) > columns:
        del items[-2]
    return "  ".join(items)


def fit_news(news: str, columns: int) -> str:
    """``news`` in at most ``columns`` columns: a long one loses the middle of what follows its
    first ": " (a path keeps its file's name, the end), never its head.

    Examples
    --------
    >>> fit_news("Saved: maze_image/20240501_120009_41x41.png", 30)
    'Saved: …40501_120009_41x41.png'
    >>> fit_news("Saved: a.png", 30)
    'Saved: a.png'
    """
    if display_width(news) <= columns:
        return news
    head, sep, rest = news.partition(": ")
    if not sep or display_width(head) + 3 >= columns:
        return clip(news, columns)
    room = columns - display_width(head) - 3
    tail: list[str] = []
    used = 0
    for ch in reversed(rest):
        w = display_width(ch)
        if used + w > room:
            break
        tail.append(ch)
        used += w
    return f"{head}: …{''.join(reversed(tail))}"


def clip(s: str, columns: int) -> str:
    """``s`` cut to at most ``columns`` terminal columns.

    Examples
    --------
    >>> clip("経過時間 1.0秒", 5), clip("abc", 10)
    ('経過', 'abc')
    """
    out, used = [], 0
    for ch in s:
        w = display_width(ch)
        if used + w > columns:
            break
        out.append(ch)
        used += w
    return "".join(out)

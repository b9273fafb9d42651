"""What a player can ask the game to do, and which key asks for what.

Front ends translate their key events through :data:`KEYMAP` (Tk keysym names)
and hand the resulting command to :meth:`meiro.game.session.GameSession.command`,
which gives the game's own to :meth:`meiro.game.model.GameModel.handle` and carries
out the rest (saving, opening the folder, quitting, zooming, the search view),
asking the front end for what needs its screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Direction(Enum):
    """A step on the block grid as ``(d_row, d_col)``."""

    N = (-1, 0)
    E = (0, 1)
    S = (1, 0)
    W = (0, -1)


@dataclass(frozen=True)
class Move:
    """Move the player one block (walls block); with ``run`` (Shift), on along the corridor
    to the next junction, dead end or the goal."""

    direction: Direction
    run: bool = False


@dataclass(frozen=True)
class StartStop:
    """Enter: start a maze from the size entry, or stop the running one."""


@dataclass(frozen=True)
class Skip:
    """Space: finish the running animation (digging or answer) at once."""


@dataclass(frozen=True)
class ShowAnswer:
    """i: reveal the A* answer block by block; the game ends."""


@dataclass(frozen=True)
class SaveImage:
    """p: save the maze as a picture (the front end asks where, or picks the folder)."""


@dataclass(frozen=True)
class OpenFolder:
    """o: open the picture folder in the file manager (a terminal says where it is)."""


@dataclass(frozen=True)
class Quit:
    """Escape: close the game."""


@dataclass(frozen=True)
class Zoom:
    """+/-: zoom the view in (``step`` > 0) or out; 0 fits the whole maze."""

    step: int


@dataclass(frozen=True)
class WatchSearch:
    """f: replay how A* and BFS explore the maze (the front end shows them)."""


Command = Move | StartStop | Skip | ShowAnswer | SaveImage | OpenFolder | Quit | Zoom | WatchSearch

#: Tk keysym -> command ("Shift-" + keysym: with Shift held). Letters come in both cases so
#: Caps Lock does not stop the game.
KEYMAP: dict[str, Command] = {
    "Up": Move(Direction.N), "w": Move(Direction.N), "W": Move(Direction.N),
    "Right": Move(Direction.E), "d": Move(Direction.E), "D": Move(Direction.E),
    "Down": Move(Direction.S), "s": Move(Direction.S), "S": Move(Direction.S),
    "Left": Move(Direction.W), "a": Move(Direction.W), "A": Move(Direction.W),
    "Shift-Up": Move(Direction.N, run=True), "Shift-Right": Move(Direction.E, run=True),
    "Shift-Down": Move(Direction.S, run=True), "Shift-Left": Move(Direction.W, run=True),
    "Return": StartStop(), "KP_Enter": StartStop(),
    "space": Skip(),
    "i": ShowAnswer(), "I": ShowAnswer(),
    "p": SaveImage(), "P": SaveImage(),
    "o": OpenFolder(), "O": OpenFolder(),
    "Escape": Quit(),
    "plus": Zoom(1), "equal": Zoom(1), "KP_Add": Zoom(1),
    "minus": Zoom(-1), "KP_Subtract": Zoom(-1),
    "z": Zoom(0), "Z": Zoom(0),
    "f": WatchSearch(), "F": WatchSearch(),
}

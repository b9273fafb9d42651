"""The block classes meiro paints with, and their colours: one table for every picture,
every front end and the search replay.

A block class is a small number that says what a block shows: a path, a wall, the
start, the goal, the answer, a search's closed, frontier and current blocks, the
player's trail, the space outside the maze, the player. PNG and GIF pictures store
these numbers as their palette indices (:mod:`meiro.render.palette`), the window and
terminal games paint grids of them (:mod:`meiro.game.model`, :mod:`meiro.ui`), and the
search replay's numba kernel writes them (:mod:`meiro.solvers.replay_events`): numba
freezes these values into that kernel, so this module is one of the kernel sources
(:mod:`meiro.kernels.freshness`).

The colours are the Tk game's from the seed article: walls ``gray25``, paths white,
start red, goal blue, the answer ``palevioletred``, a search's current block
``yellow``, its frontier ``cornflowerblue`` and closed blocks ``gray60``, the trail
``tan1``, the player ``springgreen``.

Examples
--------
>>> COLOR_NAMES[WALL], NAMES[COLOR_NAMES[WALL]]
('gray25', (64, 64, 64))
>>> len(set(CLASSES)) == len(CLASSES) == len(COLOR_NAMES)
True
"""

from __future__ import annotations

RGB = tuple[int, int, int]

#: Block classes. The first seven are the picture formats' palette, in that order.
PATH, WALL, START, GOAL, ANSWER, CLOSED, FRONTIER, CURRENT, TRAIL, OUTSIDE, PLAYER = range(11)
CLASSES = (PATH, WALL, START, GOAL, ANSWER, CLOSED, FRONTIER, CURRENT, TRAIL, OUTSIDE, PLAYER)

#: Colour names accepted besides ``#rrggbb``: Tk's (X11's) names for every colour the game
#: draws, and a few more.
NAMES: dict[str, RGB] = {
    "gray25": (64, 64, 64), "grey25": (64, 64, 64), "white": (255, 255, 255),
    "black": (0, 0, 0), "red": (255, 0, 0), "blue": (0, 0, 255), "green": (0, 128, 0),
    "palevioletred": (219, 112, 147), "lightskyblue": (135, 206, 250),
    "gold": (255, 215, 0), "orange": (255, 165, 0), "gray": (128, 128, 128),
    "grey": (128, 128, 128), "lightgray": (211, 211, 211), "navy": (0, 0, 128),
    "tan1": (255, 165, 79), "springgreen": (0, 255, 127), "yellow": (255, 255, 0),
    "gray80": (204, 204, 204), "cornflowerblue": (100, 149, 237), "gray60": (153, 153, 153),
}

#: The colour (a name in :data:`NAMES`) of each block class.
COLOR_NAMES: dict[int, str] = {
    PATH: "white", WALL: "gray25", START: "red", GOAL: "blue", ANSWER: "palevioletred",
    CLOSED: "gray60", FRONTIER: "cornflowerblue", CURRENT: "yellow", TRAIL: "tan1",
    OUTSIDE: "gray80", PLAYER: "springgreen",
}


def rgb(block_class: int) -> RGB:
    """The default colour of a block class.

    Examples
    --------
    >>> rgb(START), rgb(FRONTIER)
    ((255, 0, 0), (100, 149, 237))
    """
    return NAMES[COLOR_NAMES[block_class]]

"""Turning the game's paint grid into pixels with NumPy and Pillow (no window needed).

:class:`View` maps window pixels to maze blocks (scale, scroll, zoom) and
renders any pixel rectangle of the view, so a front end can repaint just the
blocks that changed; :func:`maze_image` renders a whole maze for saving.
Every pixel's colour depends only on its own position, so a repainted
rectangle always matches a full redraw exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ..paint import (ANSWER, CLASSES, CLOSED, COLOR_NAMES, CURRENT, FRONTIER, GOAL,  # noqa: F401
                     NAMES, OUTSIDE, PATH, START, TRAIL, WALL, rgb)
from ..paint import PLAYER as _PLAYER_CLASS
from ..game.viewport import Viewport

if TYPE_CHECKING:
    from PIL.Image import Image

    from ..maze import Maze

#: A pixel rectangle ``(x0, y0, x1, y1)``.
Rect = tuple[int, int, int, int]

#: The Tk colour names the window uses and their RGB values (from the one table, meiro.paint).
COLORS = {name: NAMES[name] for name in (*COLOR_NAMES.values(), "black")}
#: RGB of each block class, indexed by class.
PALETTE = np.array([rgb(c) for c in range(len(CLASSES))], np.uint8)
#: The player's colour.
PLAYER = rgb(_PLAYER_CLASS)

#: Smallest on-screen size of the start, goal and player markers, in pixels.
MARKER_MIN = 5
#: A maze whose blocks would be smaller than this to fit the window whole...
FIT_MIN_PX = 6.0
#: ... is played at this many pixels a block instead, the view following the player
#: (zoom out for an overview): a player and walls one can see.
MIN_PLAYING_PX = 10.0
MAX_PX = 64.0
#: Width in pixels of each of the two rings (dark inside, light outside) that mark the player on
#: a big maze and the goal on blocks too small to see: one or the other contrasts with every
#: colour of the board (white paths, tan1 trail, gray25 walls), at any zoom.
RING_PX = 3
#: Blocks drawn smaller than this (the whole-maze view of a big maze) ...
GOAL_RING_BELOW_PX = FIT_MIN_PX
#: ... show the goal at least this many pixels wide, ringed.
GOAL_MIN_PX = 12
#: The colours of the rings.
RING_DARK, RING_LIGHT = np.array(NAMES["black"], np.uint8), np.array(NAMES["white"], np.uint8)


class View:
    """Which blocks a ``width x height``-pixel window shows, and at what scale.

    ``px`` is the size of a block in pixels (fractional when the maze is scaled
    to fit); ``left``/``top`` are the block coordinates at the window's
    top-left corner (negative when the maze is centred with a margin).

    Examples
    --------
    >>> v = View(31, 31, 620, 620)
    >>> v.px, v.block_at(10, 10)
    (20.0, (0, 0))
    >>> v.block_rect(1, 2)
    (40, 20, 60, 40)
    """

    def __init__(self, rows: int, cols: int, width: int, height: int,
                 frame: Viewport | None = None) -> None:
        self.rows, self.cols = rows, cols
        self.width, self.height = max(1, width), max(1, height)
        #: which blocks are shown and the zoom, in blocks (the game session's viewport)
        self.frame = frame if frame is not None else Viewport(rows, cols)
        self.frame.lens = self
        self._layout()

    # -- scale and position -------------------------------------------------------------
    @property
    def fit_px(self) -> float:
        """Block size at which the whole maze fits the window."""
        return min(self.width / self.cols, self.height / self.rows)

    def _default_px(self) -> float:
        # fit the window, unless blocks would be too small to tell walls from paths
        return self.fit_px if self.fit_px >= FIT_MIN_PX else MIN_PLAYING_PX

    def px_at(self, zoom: int) -> float:
        """Block size in pixels at zoom level ``zoom`` (0: the default, each step twice)."""
        return max(self.fit_px, min(MAX_PX, self._default_px() * 2.0 ** zoom))

    @property
    def px(self) -> float:
        """The size of a block in pixels now."""
        return self.px_at(self.frame.zoom)

    @property
    def zoom(self) -> int:
        return self.frame.zoom

    @property
    def left(self) -> float:
        return self.frame.corner[1]

    @property
    def top(self) -> float:
        return self.frame.corner[0]

    # the Lens of the viewport: what a zoom level shows
    def span(self, zoom: int) -> tuple[float, float]:
        px = self.px_at(zoom)
        return self.height / px, self.width / px

    def zooms(self) -> tuple[int, int]:
        return (math.floor(math.log2(self.fit_px / self._default_px())),
                math.ceil(math.log2(MAX_PX / self._default_px())))

    def whole(self) -> int:
        return self.zooms()[0]

    @property
    def big(self) -> bool:
        """Whether the maze is too big to be shown whole at the playing size: then the player
        has a halo, at every zoom (a 10-pixel dot is lost in a long trail).

        Examples
        --------
        >>> View(601, 601, 800, 800).big, View(41, 41, 800, 800).big
        (True, False)
        """
        return self.fit_px < MIN_PLAYING_PX

    @property
    def goal_ringed(self) -> bool:
        """Whether blocks are drawn too small to see (the whole-maze view of a big maze): then
        the goal is drawn at least :data:`GOAL_MIN_PX` wide, ringed."""
        return self.px < GOAL_RING_BELOW_PX

    def _layout(self, focus: tuple[int, int] | None = None) -> None:
        self.frame.resize(*self.span(self.frame.zoom), focus)

    def resize(self, width: int, height: int, focus: tuple[int, int] | None = None) -> None:
        self.width, self.height = max(1, width), max(1, height)
        self._layout(focus)

    def set_zoom(self, step: int, focus: tuple[int, int] | None = None) -> bool:
        """Zoom in (+1), out (-1) or back to the default (0); True if the scale changed."""
        old = self.px
        if step == 0:
            self.frame.zoom = 0
            self._layout(focus)
        else:
            self.frame.set_zoom(step, focus)
        return self.px != old

    def show_all(self) -> None:
        """Scale the whole maze into the window (the overview used while digging)."""
        self.frame.set_zoom(0)

    @property
    def scrolls(self) -> bool:
        """Whether the maze is larger than the window (then the view follows the player)."""
        return self.frame.scrolls

    def follow(self, pos: tuple[int, int], margin: float = 0.25) -> bool:
        """Scroll so that ``pos`` stays away from the edges; True if the view moved."""
        return self.frame.follow(pos, margin)

    # -- pixels <-> blocks -------------------------------------------------------------------
    def block_at(self, x: int, y: int) -> tuple[int, int]:
        """The block under pixel ``(x, y)`` (sampled at the pixel's centre)."""
        return (math.floor(self.top + (y + 0.5) / self.px),
                math.floor(self.left + (x + 0.5) / self.px))

    def block_rect(self, row: int, col: int, clip: bool = True) -> tuple[int, int, int, int]:
        """Pixel rectangle ``(x0, y0, x1, y1)`` that block ``(row, col)`` covers."""
        x0 = math.floor((col - self.left) * self.px)
        y0 = math.floor((row - self.top) * self.px)
        x1 = math.ceil((col + 1 - self.left) * self.px)
        y1 = math.ceil((row + 1 - self.top) * self.px)
        if clip:
            x0, y0 = max(0, x0), max(0, y0)
            x1, y1 = min(self.width, x1), min(self.height, y1)
        return x0, y0, x1, y1

    def marker_rect(self, row: int, col: int, least: float = MARKER_MIN) -> tuple[int, int, int, int]:
        """Where a marker (start, goal, player) on ``(row, col)`` is drawn, unclipped: the
        block, or a square of ``least`` pixels around its centre if the block is smaller."""
        size = max(self.px, least)
        cx = (col + 0.5 - self.left) * self.px
        cy = (row + 0.5 - self.top) * self.px
        return (math.floor(cx - size / 2), math.floor(cy - size / 2),
                math.ceil(cx + size / 2), math.ceil(cy + size / 2))

    def dirty_rect(self, flat: np.ndarray) -> tuple[int, int, int, int] | None:
        """The pixel rectangle covering the blocks ``flat`` (flat indices), markers included."""
        if flat.size == 0:
            return None
        rows, cols = np.divmod(flat, self.cols)
        # as far as a marker on a changed block reaches: the player's halo, the ringed goal
        # (its square moved inside the window at an edge)
        pad = max(self.px, GOAL_MIN_PX) + 2 * RING_PX + 1
        x0 = math.floor((cols.min() - self.left) * self.px - pad)
        y0 = math.floor((rows.min() - self.top) * self.px - pad)
        x1 = math.ceil((cols.max() + 1 - self.left) * self.px + pad)
        y1 = math.ceil((rows.max() + 1 - self.top) * self.px + pad)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(self.width, x1), min(self.height, y1)
        return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None

    # -- rendering ---------------------------------------------------------------------
    def render(self, paint: NDArray[np.uint8], rect: Rect | None = None,
               markers: Sequence[tuple[int, int]] = (), player: tuple[int, int] | None = None,
               digging: tuple[int, int] | None = None,
               goal: tuple[int, int] | None = None) -> NDArray[np.uint8]:
        """RGB pixels ``(y1-y0, x1-x0, 3)`` of the view rectangle ``rect`` (default: all).

        ``markers`` are ``(row, col)`` blocks (start, goal) drawn at least
        :data:`MARKER_MIN` pixels wide so they stay visible on scaled-down
        mazes; ``goal``, where blocks are too small to see (:attr:`goal_ringed`),
        at least :data:`GOAL_MIN_PX` wide in a dark and a light ring;
        ``player`` is drawn as a springgreen circle on top, ringed the same way
        on a big maze (:attr:`big`); ``digging``, the block being dug, as a
        yellow square at least as large (the article's first figure).
        """
        x0, y0, x1, y1 = rect or (0, 0, self.width, self.height)
        cols = np.floor(self.left + (np.arange(x0, x1) + 0.5) / self.px).astype(np.int64)
        rows = np.floor(self.top + (np.arange(y0, y1) + 0.5) / self.px).astype(np.int64)
        col_ok = (cols >= 0) & (cols < self.cols)
        row_ok = (rows >= 0) & (rows < self.rows)
        index = paint[np.clip(rows, 0, self.rows - 1)[:, None], np.clip(cols, 0, self.cols - 1)[None, :]]
        index = np.where(row_ok[:, None] & col_ok[None, :], index, OUTSIDE)
        out: NDArray[np.uint8] = PALETTE[index]
        if self.px < MARKER_MIN:
            for row, col in markers:
                self._fill(out, (x0, y0), self.marker_rect(row, col), PALETTE[paint[row, col]])
        if goal is not None and self.goal_ringed:
            self._draw_goal(out, (x0, y0), goal, PALETTE[paint[goal]])
        if digging is not None:
            self._fill(out, (x0, y0), self.marker_rect(*digging), PALETTE[CURRENT])
        if player is not None:
            self._draw_player(out, (x0, y0), player)
        return out

    @staticmethod
    def _fill(out: NDArray[np.uint8], origin: tuple[int, int], rect: Rect,
              color: NDArray[np.uint8]) -> None:
        ox, oy = origin
        a, b = max(0, rect[0] - ox), max(0, rect[1] - oy)
        c, d = min(out.shape[1], rect[2] - ox), min(out.shape[0], rect[3] - oy)
        if a < c and b < d:
            out[b:d, a:c] = color

    def goal_rect(self, row: int, col: int) -> tuple[int, int, int, int]:
        """Where the ringed goal on ``(row, col)`` is drawn (rings included) while blocks are too
        small to see: a square of at least :data:`GOAL_MIN_PX` pixels on the block, moved
        inside the view where an edge would cut it (the corner goal, the default, sits at one;
        there the window's edge cuts the rings instead).

        Examples
        --------
        >>> v = View(601, 601, 500, 500)
        >>> v.show_all()                             # the whole maze: blocks under a pixel
        >>> v.goal_ringed, v.goal_rect(599, 599)     # the corner goal: its square inside the window
        (True, (481, 481, 506, 506))
        """
        x0, y0, x1, y1 = self.marker_rect(row, col, least=GOAL_MIN_PX)
        dx = max(0, -x0) or min(0, self.width - x1)
        dy = max(0, -y0) or min(0, self.height - y1)
        grow = 2 * RING_PX
        return x0 + dx - grow, y0 + dy - grow, x1 + dx + grow, y1 + dy + grow

    def _draw_goal(self, out: NDArray[np.uint8], origin: tuple[int, int], goal: tuple[int, int],
                   color: NDArray[np.uint8]) -> None:
        """The goal as a square of at least :data:`GOAL_MIN_PX` pixels in a dark ring, then a
        light one outside it (square, like the goal)."""
        x0, y0, x1, y1 = self.goal_rect(*goal)
        for inset, ring in ((0, RING_LIGHT), (RING_PX, RING_DARK), (2 * RING_PX, color)):
            self._fill(out, origin, (x0 + inset, y0 + inset, x1 - inset, y1 - inset), ring)

    def _draw_player(self, out: NDArray[np.uint8], origin: tuple[int, int],
                     player: tuple[int, int]) -> None:
        x0, y0, x1, y1 = self.marker_rect(*player)
        ox, oy = origin
        # a circle inscribed in the marker square, evaluated at pixel centres; on a big maze
        # ringed dark, then light (a halo, the same width at any zoom)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        radius = (x1 - x0) / 2
        reach = 2 * RING_PX if self.big else 0
        a, b = max(0, x0 - reach - ox), max(0, y0 - reach - oy)
        c, d = min(out.shape[1], x1 + reach - ox), min(out.shape[0], y1 + reach - oy)
        if a >= c or b >= d:
            return
        ys = np.arange(b, d)[:, None] + oy + 0.5
        xs = np.arange(a, c)[None, :] + ox + 0.5
        distance2 = (xs - cx) ** 2 + (ys - cy) ** 2
        patch = out[b:d, a:c]
        if reach:
            patch[distance2 <= (radius + 2 * RING_PX) ** 2 + 0.25] = RING_LIGHT
            patch[distance2 <= (radius + RING_PX) ** 2 + 0.25] = RING_DARK
        patch[distance2 <= radius ** 2 + 0.25] = PLAYER


def block_scale(rows: int, cols: int, target: int = 1000) -> int:
    """Pixels per block for a saved image about ``target`` pixels wide (at least 1).

    Examples
    --------
    >>> block_scale(31, 31), block_scale(2001, 2001)
    (32, 1)
    """
    return max(1, target // max(rows, cols))


def maze_image(maze: Maze, scale: int | None = None) -> Image:
    """The maze as a Pillow RGB image: walls gray25, paths white, start red, goal blue.

    Rendered from the grid itself (not a screenshot), ``scale`` pixels per block.

    Examples
    --------
    >>> import meiro
    >>> im = maze_image(meiro.generate(3, 3, seed=1), scale=2)
    >>> im.size, im.getpixel((0, 0)), im.getpixel((2, 2))
    ((14, 14), (64, 64, 64), (255, 0, 0))
    """
    from PIL import Image

    scale = scale or block_scale(*maze.shape)
    paint = np.where(maze.grid, WALL, PATH).astype(np.uint8)
    paint[maze.start] = START
    paint[maze.goal] = GOAL
    pixels = PALETTE[paint].repeat(scale, axis=0).repeat(scale, axis=1)
    return Image.fromarray(pixels, "RGB")


def goal_arrow(view: View, goal: tuple[int, int],
               size: int = 18) -> tuple[float, float, float, float, float, float] | None:
    """The corners of a triangle just inside the view's edge, pointing from the view's centre
    towards ``goal``; None while the goal block is in view.

    Examples
    --------
    >>> v = View(601, 601, 400, 400)              # 10 pixels a block: the start's corner in view
    >>> tip = goal_arrow(v, (599, 599))[:2]       # the goal far down and right: the arrow's tip
    >>> tip[0] > 360 and tip[1] > 360
    True
    >>> goal_arrow(v, (301, 301)) is None         # the middle of the maze is in view
    True
    """
    x0, y0, x1, y1 = view.block_rect(*goal, clip=False)
    gx, gy = (x0 + x1) / 2, (y0 + y1) / 2
    if 0 <= gx < view.width and 0 <= gy < view.height:
        return None
    cx, cy = view.width / 2, view.height / 2
    dx, dy = gx - cx, gy - cy
    # scale the direction to touch the border inset by the arrow's size
    reach = min((cx - size) / abs(dx) if dx else math.inf, (cy - size) / abs(dy) if dy else math.inf)
    tx, ty = cx + dx * reach, cy + dy * reach
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm  # along the arrow; (-uy, ux) across it
    bx, by = tx - ux * size, ty - uy * size
    half = size * 0.6
    return (tx, ty, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half)

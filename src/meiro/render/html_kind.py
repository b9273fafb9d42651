"""A theta, hex, triangle or weave maze as one web page that plays in any browser, offline.

The page of a :class:`~meiro.kinds.maze.GraphMaze` is the square page's frame
(``html_page.html``) with its own scripts: ``html_kind_game.js`` (the rules of
:class:`meiro.game.kind_play.KindRound`: which neighbour a key means, the
counters, the stopwatch from the first step) and ``html_kind_view.js`` (the walls
drawn from the geometry — segments, and arcs around the hub for theta — the
player as a dot on its cell, a tap or click on a neighbouring cell to step
there). The keys of each kind come from :data:`meiro.game.kind_play.CONTROLS` and
are shown on the page in Japanese or English.

A page holds up to :data:`MAX_KIND_CELLS` cells: the whole maze is drawn
fitted to the window.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..game.kind_play import PLACES, controls, shortest_path
from ..kinds import KINDS
from ..kinds.maze import GraphMaze
from ..paint import rgb
from ..text.messages import MESSAGES
from .. import paint
from .page_data import page
from .palette import Palette

#: The most cells a page of a non-square kind holds: its data is some 150 bytes a cell, and its
#: walls are drawn again whole on every resize.
MAX_KIND_CELLS = 100_000
#: Mazes of up to this many cells carry the generator's log, and the page replays the digging
#: (it draws the walls still standing every frame).
DIG_CELLS = 20_000
#: The message keys the page uses.
TEXT_KEYS = ("time", "moves", "steps", "fewest", "count", "step_count", "seed", "answer", "again",
             "gave_up", "best", "new_best", "not_recorded", "hours", "minutes", "seconds", "digging",
             "dig_paused")
#: The page's own texts: what the restart key is, per language.
PAGE_TEXTS = {"ja": {"more_keys": "i: 解答  r: やり直し  + - 0: 拡大 / 縮小 / 全体"},
              "en": {"more_keys": "i: answer  r: again  + - 0: zoom in / out / whole maze"}}


def _flat(values: Any) -> list[float]:
    """Numbers for the page: NumPy floats as Python's (their JSON is exact)."""
    flat: list[float] = np.asarray(values, dtype=np.float64).ravel().tolist()
    return flat


def _dig_order(maze: GraphMaze) -> NDArray[np.int32] | None:
    """The edges in the order the generator opened them: the maze's own log, else its recipe's
    maze made again with the log kept (when that is this maze); None when neither is known."""
    if maze.carve_order is not None:
        return maze.carve_order
    recipe = maze.recipe
    if recipe is None:
        return None
    from ..kinds.making import make

    again = make(recipe, record=True)
    return again.carve_order if again == maze else None


def render_kind_html(maze: GraphMaze, *, lang: str | None = None, title: str | None = None,
                     palette: Palette | None = None, dig: bool = True) -> str:
    """The page of a theta, hex, triangle or weave ``maze``: a game in one HTML file.

    With ``dig``, a maze of up to :data:`DIG_CELLS` cells whose digging is known (its log,
    or its recipe) is dug before the eyes first, as on the square grid's page (Space
    skips, → digs one passage at a time, Enter goes on).

    Raises
    ------
    MazeError
        A kind the page cannot show (3D), a maze of more than :data:`MAX_KIND_CELLS`
        cells, an unknown language, or a goal the start does not reach.

    Examples
    --------
    >>> import meiro
    >>> page = render_kind_html(meiro.generate(4, grid="theta", seed=1), lang="en")
    >>> page.startswith("<!DOCTYPE html>"), "class KindGame" in page, '"kind": "theta"' in page
    (True, True, True)
    """
    keys = controls(maze.kind)
    if maze.cells > MAX_KIND_CELLS:
        raise MazeError(f"a web page holds a {maze.kind} maze of up to {MAX_KIND_CELLS:,} cells; "
                        f"this one has {maze.cells:,}")
    if lang not in (None, "ja", "en"):
        raise MazeError(f"lang must be 'ja' or 'en', got {lang!r}")
    palette = palette or Palette()
    g = maze.geometry
    if g.cells and int(g.degree().max()) > 9:  # (no kind the page plays has so many)
        raise MazeError("a web page plays mazes whose cells have at most 9 neighbours")
    answer = shortest_path(maze)
    walls = g.walls[~maze.passages]
    walls = walls[np.isfinite(walls).all(axis=1)]
    drawn = np.concatenate([walls, g.border])
    xs = np.concatenate([drawn[:, 0], drawn[:, 2], g.centres[:, 0]])
    ys = np.concatenate([drawn[:, 1], drawn[:, 3], g.centres[:, 1]])
    box = [float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max())]
    if g.kind == "theta":  # the rim's arcs bulge past their ends: the hub's circle bounds them
        hx, hy = g.hub
        radius = float(g.border[:, 4].max()) if len(g.border) else 0.0
        box = [hx - radius, hy - radius, hx + radius, hy + radius]
    size = "x".join(str(v) for v in maze.size)
    data: dict[str, Any] = {
        "kind": maze.kind, "kind_title": KINDS[maze.kind].title, "size": size,
        # the centres as the rules see them (kind_play.PLACES decimals); each cell's number of
        # neighbours, a digit, rather than the offsets' long numbers
        "cells": g.cells, "centres": _flat(np.round(g.centres[:, :2], PLACES)),
        "degrees": "".join(map(str, np.diff(g.offsets).tolist())), "targets": np.asarray(g.targets).tolist(),
        "open": "".join("1" if p else "0" for p in maze.passages[g.slot_edges].tolist()),
        # the walls are only drawn: a ten-thousandth of a cell is finer than any screen
        "walls": _flat(np.round(drawn, 4)), "border": len(g.border), "box": box, "hub": [float(g.hub[0]), float(g.hub[1])],
        "crossings": np.asarray(g.extra.get("crossings", np.zeros((0, 2)))).astype(int).tolist(),
        "start": maze.start, "goal": maze.goal, "answer": answer.tolist(), "fewest": len(answer) - 1,
        "algorithm": maze.algorithm, "seed": maze.seed, "lang": lang,
        "record": f"meiro:{maze.kind}:{maze.algorithm}:{size}:{maze.seed}:{maze.start}:{maze.goal}",
        "keys": {key: list(headings) for key, headings in keys.keys.items()}, "radial": keys.radial,
        "colors": {"wall": palette.wall, "path": palette.path, "start": palette.start,
                   "goal": palette.goal, "answer": palette.answer, "player": rgb(paint.PLAYER),
                   "trail": rgb(paint.TRAIL)},
        "dig": None,
        "texts": {language: {**{key: MESSAGES[language][key] for key in TEXT_KEYS},
                             **PAGE_TEXTS[language], "page_keys": keys.help[language]}
                  for language in ("ja", "en")},
    }
    order = _dig_order(maze) if dig and maze.cells <= DIG_CELLS else None
    if order is not None:
        every = np.round(g.walls, 4)
        every[~np.isfinite(every).all(axis=1)] = [0, 0, 0, 0, -1]  # no wall to take away (a tunnel)
        data["dig"] = {"order": np.asarray(order).tolist(), "walls": _flat(every)}
    if title is None:
        title = f"meiro {maze.kind} {size}" + (f" seed {maze.seed}" if maze.seed is not None else "")
    return page(title, "html_kind_game.js", "html_kind_view.js", data)

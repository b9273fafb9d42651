"""A maze as one web page that plays in any browser, offline: ``meiro render m.json -o m.html``.

The page is a single file (no network, no install): the maze packed eight
blocks to a byte, the game's rules in a small script (``html_game.js``, the
same rules as :class:`meiro.game.GameModel`, run under Node.js by the tests and
compared with it move for move), and a canvas that draws the maze at one pixel
a block, scaled, from tiles (``html_view.js``, in ``html_page.html``). Smaller mazes also carry the
generator's log and A*'s and BFS's expansions, so the page replays the digging
and the searches as the window game does.

Keys: arrows, WASD or hjkl move (Shift: on to the next junction; a swipe or the
arrow buttons on a touch screen); Space, → and Enter drive the digging replay;
f watches the searches; i shows the answer; r starts again; + - z zoom. The
stopwatch starts at the first step; the browser keeps the best time and moves
of each maze. The page speaks the reader's language (Japanese or English,
switchable) unless ``lang`` fixes it.

The format's limit (:func:`check_page`): 2000x2000 cells, 4000 a side, what a
browser's canvas handles comfortably. Its memory (:func:`html_needs`) is
measured in :mod:`meiro.io.costs`.
"""

from __future__ import annotations

import base64

import numpy as np

from typing import TYPE_CHECKING

from ..errors import MazeError
from .. import paint
from ..io.costs import GRID_BYTES, Needs, check_output
from ..text.messages import MESSAGES
from ..paint import rgb
from ..kinds.maze import GraphMaze
from ..maze import Maze
from .page_data import page
from .palette import Palette

if TYPE_CHECKING:
    from ..solvers import Solution

#: The largest grid a page holds: 4001 x 4001 blocks (2000 x 2000 cells) in all, and 8001
#: blocks a side (a browser's canvas stops at 32767 pixels a side). Beyond that the page
#: and the browser's canvas grow past what browsers handle comfortably.
MAX_BLOCKS, MAX_SIDE = 4001 * 4001, 8001
#: Mazes of up to this many blocks carry their carving log, and the page replays the
#: digging before the game; they also carry A*'s and BFS's expansions, which the page
#: replays side by side (f), as the window game does. 2 or 4 bytes a block each: about
#: 2 MB at the most.
DIG_REPLAY_BLOCKS = 250_000
#: A web page's writer: bytes a block, and with the replays of small mazes.
HTML_BYTES, HTML_REPLAY_BYTES = 2, 40


def check_page(shape: tuple[int, int]) -> None:
    """Refuse a grid too large for a page, before any work.

    Examples
    --------
    >>> check_page((8001, 8001))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a web page holds up to 2000x2000 cells (4000 a side); this maze is 4000x4000
    """
    if shape[0] * shape[1] > MAX_BLOCKS or max(shape) > MAX_SIDE:
        raise MazeError(f"a web page holds up to 2000x2000 cells (4000 a side); this maze is "
                        f"{(shape[1] - 1) // 2}x{(shape[0] - 1) // 2}")


def html_needs(fmt: str, shape: tuple[int, int], **_: object) -> Needs:
    """The page's cost and limit (:data:`~meiro.io.formats.Format.needs`): the replays of a
    small maze make it dearer a block.

    >>> html_needs("html", (3, 5)).memory
    615
    """
    check_page(shape)
    blocks = shape[0] * shape[1]
    per_block = HTML_REPLAY_BYTES if blocks <= DIG_REPLAY_BLOCKS else HTML_BYTES
    size = 5.0 if blocks <= DIG_REPLAY_BLOCKS else 0.2
    return Needs(fmt, blocks * (per_block + GRID_BYTES), int(blocks * size))


def html_file(maze: Maze | GraphMaze, solution: Solution | None = None, *, palette: Palette | None = None,
              lang: str | None = None, **_: object) -> bytes:
    """The ``.html`` file of :func:`meiro.render.render_file`: the page to play ``maze`` in
    (``solution`` is not drawn: its answer button finds the way), UTF-8."""
    return render_html(maze, palette=palette, lang=lang).encode("utf-8")

#: The player and trail colours of the window game (springgreen, tan1).
PLAYER, TRAIL = rgb(paint.PLAYER), rgb(paint.TRAIL)
#: The search replay's colours in the window game: yellow, cornflowerblue, gray60.
SEARCH_COLORS = {"current": rgb(paint.CURRENT), "frontier": rgb(paint.FRONTIER), "closed": rgb(paint.CLOSED)}
#: The message keys the page uses.
TEXT_KEYS = ("time", "moves", "steps", "fewest", "count", "step_count", "seed", "answer", "again",
             "page_keys", "digging", "dig_paused", "gave_up", "best", "new_best", "not_recorded",
             "hours", "minutes", "seconds", "search", "search_title", "expanded", "search_found", "paused",
             "page_search_keys", "unavailable")


def _titles(algorithm: str | None) -> dict[str, str] | None:
    """The generator's shown name by language, or None (a hand-made maze, an unknown name)."""
    from ..registry import GENERATORS

    if algorithm is None or algorithm not in GENERATORS.names():
        return None
    entry = GENERATORS.get(algorithm)
    return {lang: entry.title(lang) for lang in ("ja", "en")}


def render_html(maze: Maze | GraphMaze, *, lang: str | None = None, title: str | None = None,
                palette: Palette | None = None, dig: bool = True) -> str:
    """The page of ``maze``: a playable game in one self-contained HTML file.

    Parameters
    ----------
    maze : Maze or GraphMaze
        A square maze, or a theta, hex, triangle or weave one (its page is
        :func:`meiro.render.html_kind.render_kind_html`'s).
    lang : {"ja", "en"}, optional
        The page's language; by default the reader's browser decides.
    title : str, optional
        The page title (default: the maze's size and seed).
    palette : Palette, optional
        Wall, path, start, goal and answer colours.
    dig : bool
        Replay the digging before the game, as the window game does (Space skips it), on
        mazes of up to :data:`DIG_REPLAY_BLOCKS` blocks.

    Examples
    --------
    >>> import meiro
    >>> page = render_html(meiro.generate(4, 3, seed=2), lang="en")
    >>> page.startswith("<!DOCTYPE html>"), "class MazeGame" in page, '"fewest": ' in page
    (True, True, True)
    """
    if isinstance(maze, GraphMaze):
        from .html_kind import render_kind_html

        return render_kind_html(maze, lang=lang, title=title, palette=palette, dig=dig)
    maze.check()
    check_output(".html", maze.shape)  # the page's limits (check_page) and the memory
    if lang not in (None, "ja", "en"):
        raise MazeError(f"lang must be 'ja' or 'en', got {lang!r}")
    from ..solvers import solve

    palette = palette or Palette()
    rows, cols = maze.shape
    shortest = solve(maze, "bfs")  # the fewest moves, and the BFS replay's expansions
    data = {
        "rows": rows, "cols": cols, "width": maze.width, "height": maze.height,
        "walls": base64.b64encode(np.packbits(maze.grid.ravel()).tobytes()).decode("ascii"),
        "start": list(maze.start), "goal": list(maze.goal), "fewest": shortest.length,
        "algorithm": maze.algorithm, "seed": maze.seed, "lang": lang,
        # the generator's name as a player reads it, in either language (穴掘り法, not dig)
        "algorithm_titles": _titles(maze.algorithm),
        "record": f"meiro:{maze.algorithm}:{maze.width}x{maze.height}:{maze.seed}:"
                  f"{maze.start}:{maze.goal}",
        "colors": {"wall": palette.wall, "path": palette.path, "start": palette.start,
                   "goal": palette.goal, "answer": palette.answer, "player": PLAYER,
                   "trail": TRAIL, **SEARCH_COLORS},
        "texts": {language: {key: MESSAGES[language][key] for key in TEXT_KEYS}
                  for language in ("ja", "en")},
        "dig": None,
        "search": None,
    }
    if maze.grid.size <= DIG_REPLAY_BLOCKS:
        from ..solvers import search_stride

        each = 2 if maze.grid.size < 2**16 else 4

        def packed(order: np.ndarray) -> str:
            return base64.b64encode(order.astype(f"<u{each}").tobytes()).decode("ascii")

        if dig:
            data["dig"] = {"bytes": each, "order": packed(maze.carve_order)}
        # the expansions of A* and BFS, for the search replay (f)
        data["search"] = {"bytes": each, "stride": search_stride(maze), **{
            method: packed(explored[:, 0].astype(np.int64) * cols + explored[:, 1])
            for method, explored in (("astar", solve(maze, "astar").explored),
                                     ("bfs", shortest.explored))}}
    if title is None:
        title = f"meiro {maze.width}x{maze.height}" + (f" seed {maze.seed}" if maze.seed is not None else "")
    return page(title, "html_game.js", "html_view.js", data)

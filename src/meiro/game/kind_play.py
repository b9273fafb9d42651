"""Playing a maze of another grid kind (:class:`~meiro.kinds.maze.GraphMaze`), free of any UI.

On the square grid the game moves block by block (:class:`meiro.game.round.Round`);
on a theta, hex, triangle or weave maze the player stands on a cell and steps to
an open neighbour. Which neighbour a key means is worked out from the geometry,
the same way in every front end (the web page gets the table below as data):

* a key names one or more *headings*, in degrees clockwise from north;
* the cell's neighbours are seen at the angle of their centre from the player's
  (on a theta maze, turned so that 0 is straight out from the hub: ↑ outward,
  ↓ inward, → clockwise round the ring, ← anticlockwise; the centre cell keeps
  the page's directions);
* the key steps to the **open** neighbour nearest a heading within
  :data:`TOLERANCE` degrees (ties: the first in the kind's cyclic order), trying
  the headings in turn. So on a theta maze ↑ takes the outward passage nearest
  straight out, and q / e the outward ones to either side.

A tap or click on a neighbouring cell steps there (:meth:`KindRound.move_to`).

Examples
--------
>>> import meiro
>>> now = [0.0]
>>> game = KindRound(meiro.generate(2, grid="theta", seed=3), clock=lambda: now[0])
>>> game.phase, game.player, game.min_moves
(<Phase.PLAYING: 'playing'>, 0, 7)
>>> for cell in game.answer_path[1:].tolist():
...     now[0] += 1.0
...     _ = game.press(game.key_to(cell))
>>> game.phase, game.moves, game.stopwatch.elapsed
(<Phase.CLEARED: 'cleared'>, 7, 6.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..kinds.geometry import Geometry
from ..kinds.maze import GraphMaze
from .clock import Stopwatch
from .records import Records
from .round import Phase

#: how far (degrees) a neighbour may lie from a key's heading and still be the key's
TOLERANCE = 50.0
#: the most cells the game window draws: its canvas redraws every wall on a resize
MAX_WINDOW_CELLS = 40_000
#: decimals of the centres the rules see: the web page carries them so, and its rules and these
#: must see the same numbers to break the same ties
PLACES = 6
#: a theta cell this close to the hub is the centre: its keys keep the page's directions
_CENTRE = 0.25


@dataclass(frozen=True)
class Controls:
    """How a kind is played from the keyboard.

    ``keys`` maps a key, as a web page's ``KeyboardEvent.key`` names it (letters in
    lower case), to the headings it tries; ``radial`` turns the headings so that 0
    points away from the hub (theta); ``help`` is the line of keys shown to the
    player, per language.
    """

    keys: dict[str, tuple[float, ...]]
    radial: bool
    help: dict[str, str]


def _arrows(up: tuple[float, ...], right: tuple[float, ...], down: tuple[float, ...],
            left: tuple[float, ...]) -> dict[str, tuple[float, ...]]:
    keys: dict[str, tuple[float, ...]] = {}
    for names, headings in ((("ArrowUp", "w", "k"), up), (("ArrowRight", "d", "l"), right),
                            (("ArrowDown", "s", "j"), down), (("ArrowLeft", "a", "h"), left)):
        keys.update(dict.fromkeys(names, headings))
    return keys


_SQUARE = Controls(_arrows((0,), (90,), (180,), (270,)), False, {
    "ja": "矢印 / WASD / hjkl: 移動  クリック / タップ: 隣のマスへ",
    "en": "arrows / WASD / hjkl: move  click / tap: to a neighbouring cell"})

#: every kind the game plays, and its keys
CONTROLS: dict[str, Controls] = {
    "theta": Controls({**_arrows((0,), (90,), (180,), (270,)), "e": (45,), "q": (315,), "c": (135,),
                       "z": (225,)}, True, {
        "ja": "↑: 外へ  ↓: 内へ  → ←: 輪に沿って (右回り / 左回り)  Q / E: 外の左 / 右  "
              "Z / C: 内の左 / 右  WASD も  クリック / タップ: 隣のマスへ",
        "en": "↑: outward  ↓: inward  → ←: round the ring (clockwise / anticlockwise)  "
              "Q / E: outward left / right  Z / C: inward left / right  also WASD  "
              "click / tap: to a neighbouring cell"}),
    "hex": Controls({"w": (0,), "e": (60,), "d": (120,), "s": (180,), "a": (240,), "q": (300,),
                     "ArrowUp": (0,), "ArrowDown": (180,)}, False, {
        "ja": "W: 上  E: 右上  D: 右下  S: 下  A: 左下  Q: 左上  (↑↓ も)  クリック / タップ: 隣のマスへ",
        "en": "W: north  E: north-east  D: south-east  S: south  A: south-west  Q: north-west  "
              "(also ↑ ↓)  click / tap: to a neighbouring cell"}),
    "triangle": Controls({**_arrows((0, 180), (90,), (180, 0), (270,))}, False, {
        "ja": "← →: 左右  ↑ / ↓: 底辺の向こうへ (上か下)  WASD も  クリック / タップ: 隣のマスへ",
        "en": "← →: left / right  ↑ or ↓: across the flat side (up or down)  also WASD  "
              "click / tap: to a neighbouring cell"}),
    "weave": Controls(_SQUARE.keys, False, {
        "ja": "矢印 / WASD / hjkl: 移動 (立体交差は下をくぐる)  クリック / タップ: 隣のマスへ",
        "en": "arrows / WASD / hjkl: move (straight on under a crossing)  click / tap: to a neighbouring cell"}),
}
#: the kinds besides the square that the game plays
PLAYABLE = tuple(CONTROLS)


def controls(kind: str) -> Controls:
    """The keys of ``kind``; a :class:`~meiro.MazeError` naming the kinds that are played.

    >>> controls("3d")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 3d maze cannot be played here; the game plays square, theta, hex, triangle and weave mazes
    """
    if kind not in CONTROLS:
        raise MazeError(f"a {kind} maze cannot be played here; the game plays square, "
                        f"{', '.join(PLAYABLE[:-1])} and {PLAYABLE[-1]} mazes")
    return CONTROLS[kind]


def bearings(geometry: Geometry, cell: int, radial: bool) -> NDArray[np.float64]:
    """The angle (degrees clockwise from north, y down) of each neighbour of ``cell``, in its
    cyclic order; with ``radial``, measured from straight out from the hub (not at the centre).

    >>> from meiro.kinds import geometry_of
    >>> bearings(geometry_of("hex", (3, 3)), 4, False).round().tolist()
    [0.0, 60.0, 120.0, 180.0, 240.0, 300.0]
    """
    near: NDArray[np.float64] = np.round(
        geometry.centres[np.concatenate([[cell], geometry.neighbours(cell)]), :2], PLACES)
    here, there = near[0], near[1:]
    d = there - here
    angles = np.degrees(np.arctan2(d[:, 0], -d[:, 1]))
    if radial:
        out = here - np.asarray(geometry.hub, dtype=np.float64)
        if math.hypot(out[0], out[1]) > _CENTRE:
            angles = angles - math.degrees(math.atan2(out[0], -out[1]))
    bearing: NDArray[np.float64] = np.mod(angles, 360.0)
    return bearing


def step_for(maze: GraphMaze, cell: int, headings: tuple[float, ...], radial: bool) -> int:
    """The cell ``headings`` lead to from ``cell`` (the rule in the module docs), or -1."""
    g = maze.geometry
    lo, hi = int(g.offsets[cell]), int(g.offsets[cell + 1])
    if lo == hi:
        return -1
    open_ = maze.passages[g.slot_edges[lo:hi]]
    angles = bearings(g, cell, radial)
    for heading in headings:
        # to a thousandth of a degree, so that the ties of a symmetric geometry stay ties
        # (and are the web page's ties too)
        off = np.floor(np.abs((angles - heading + 180.0) % 360.0 - 180.0) * 1000 + 0.5)
        off[~open_] = np.inf
        best = int(np.argmin(off))  # the first of equals: the kind's cyclic order
        if off[best] <= TOLERANCE * 1000:
            return int(g.targets[lo + best])
    return -1


def shortest_path(maze: GraphMaze, start: int | None = None) -> NDArray[np.int32]:
    """A shortest way from ``start`` (default the maze's) to the goal, as cell ids.

    A breadth-first search from the goal in plain Python: the game's layer keeps off
    the compiled kernels, and a maze the game plays is small (a web page holds at
    most 100,000 cells).

    >>> import meiro
    >>> shortest_path(meiro.generate(3, 2, grid="hex", seed=1)).tolist()
    [0, 3, 1, 5]
    """
    from collections import deque

    g = maze.geometry
    begin = maze.start if start is None else start
    slot_open = maze.passages[g.slot_edges]
    offsets, targets, opened = g.offsets.tolist(), g.targets.tolist(), slot_open.tolist()
    dist = [-1] * g.cells
    dist[maze.goal] = 0
    queue = deque([maze.goal])
    while queue and dist[begin] < 0:
        cell = queue.popleft()
        for k in range(offsets[cell], offsets[cell + 1]):
            nxt = targets[k]
            if opened[k] and dist[nxt] < 0:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    if dist[begin] < 0:
        raise MazeError("the goal cannot be reached from the start")
    path = [begin]
    cell = begin
    while cell != maze.goal:  # down the distances, the first open neighbour in cyclic order
        lo, hi = int(g.offsets[cell]), int(g.offsets[cell + 1])
        for k in range(lo, hi):
            if opened[k] and 0 <= dist[targets[k]] == dist[cell] - 1:
                cell = targets[k]
                break
        path.append(cell)
    return np.asarray(path, dtype=np.int32)


class KindRound:
    """One maze of a grid kind on the board: the player, the counters, the stopwatch, the answer.

    The stopwatch starts at the first step, as on the web page. A move counts the
    first time a cell is entered (the game's 移動回数); :attr:`steps` counts every step.

    Parameters
    ----------
    maze : GraphMaze
        A maze of a kind in :data:`CONTROLS` (a 3D maze is refused: no flat view).
    clock : callable returning seconds
    on_clear : callable, optional
        Called with the round when the player reaches the goal.

    Raises
    ------
    MazeError
        A kind the game does not play.
    """

    def __init__(self, maze: GraphMaze, clock: Callable[[], float] = time.monotonic,
                 on_clear: Callable[[KindRound], object] | None = None) -> None:
        if not isinstance(maze, GraphMaze):
            raise TypeError(f"maze must be a meiro.kinds.maze.GraphMaze, got {type(maze).__name__}")
        self.controls = controls(maze.kind)
        self.maze = maze
        self.clock = clock
        self.on_clear = on_clear
        self.stopwatch = Stopwatch(clock)
        self.answer_path = shortest_path(maze)
        self.min_moves = len(self.answer_path) - 1
        self.reset()

    def reset(self) -> None:
        """Back to the start: counters, trail and stopwatch cleared."""
        self.player = self.maze.start
        self.visited: NDArray[np.bool_] = np.zeros(self.maze.cells, bool)
        self.visited[self.player] = True
        self.moves = self.steps = 0
        self.stopwatch.reset()
        self.answer_used = False
        self.cleared = self.player == self.maze.goal  # a one-cell maze
        self.phase = Phase.CLEARED if self.cleared else Phase.PLAYING

    # -- commands ----------------------------------------------------------------------------
    def press(self, key: str) -> bool:
        """A key (a web page's name for it: ``"ArrowUp"``, ``"q"``...); True if the player moved.
        Any other key, or a key with no open way, does nothing."""
        if not isinstance(key, str):
            return False
        headings = self.controls.keys.get(key if len(key) != 1 else key.lower())
        if headings is None or self.phase is not Phase.PLAYING:
            return False
        return self.move_to(step_for(self.maze, self.player, headings, self.controls.radial))

    def move_slot(self, slot: int) -> bool:
        """Step to the neighbour in ``slot`` of the player's cyclic order, if that way is open."""
        g = self.maze.geometry
        lo, hi = int(g.offsets[self.player]), int(g.offsets[self.player + 1])
        if not 0 <= slot < hi - lo:
            return False
        return self.move_to(int(g.targets[lo + slot]))

    def move_to(self, cell: int) -> bool:
        """Step to ``cell`` if it is an open neighbour of the player's (a tap or click)."""
        if self.phase is not Phase.PLAYING or not 0 <= cell < self.maze.cells:
            return False
        if cell not in self.maze.open_neighbours(self.player):
            return False
        if self.steps == 0:
            self.stopwatch.start()
        self.player = cell
        self.steps += 1
        if not self.visited[cell]:
            self.visited[cell] = True
            self.moves += 1
        if cell == self.maze.goal:
            self.cleared = True
            self.phase = Phase.CLEARED
            self.stopwatch.stop()
            if self.on_clear is not None:
                self.on_clear(self)
        return True

    def show_answer(self) -> bool:
        """Give up: the answer is shown and the game is over (False if it already was)."""
        if self.phase is not Phase.PLAYING:
            return False
        self.answer_used = True
        self.phase = Phase.ANSWER
        self.stopwatch.stop()
        return True

    # -- state out -------------------------------------------------------------------------------
    def record_key(self) -> str | None:
        """The records' name of the maze (its recipe's key, the kind in it), or None for a maze
        not named by how it was made."""
        recipe = self.maze.recipe
        return None if recipe is None or recipe.seed is None else recipe.key()

    def note_clear(self, records: Records | None) -> str:
        """After a clear: put it in ``records`` and say what came of it, in words for
        :func:`~meiro.text.messages.text` (a message key, an error, or '')."""
        key = self.record_key()
        if records is None or key is None or not self.cleared:
            return ""
        return records.note_clear(key, self.stopwatch.elapsed, self.moves) or ""

    def key_to(self, cell: int) -> str | None:
        """A key that steps from the player's cell to ``cell``, or None (then only a tap does)."""
        for key, headings in self.controls.keys.items():
            if step_for(self.maze, self.player, headings, self.controls.radial) == cell:
                return key
        return None

    def cell_at(self, x: float, y: float) -> int:
        """The cell whose centre is nearest the drawing's point ``(x, y)`` (a tap's cell)."""
        d = self.maze.geometry.centres[:, :2] - np.array([x, y])
        return int(np.argmin(np.einsum("ij,ij->i", d, d)))

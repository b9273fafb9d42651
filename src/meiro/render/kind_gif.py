"""Animated GIFs of the other grid kinds: the digging replay and a search replay, cells filled.

As on a square maze (:mod:`meiro.render.gif`), a frame replays a prefix of a
log: the digging's ``maze.carve_order`` (edge numbers, in the order the generator
opened them; a maze loaded without it is made again from its recipe) or a
search's ``explored`` cells. The digging shows the cells not reached yet in the
wall colour, the ones reached in the path colour and the newest in the
frontier's, and the walls still standing; a search shows the cells it has
closed, its frontier (the cells an open passage leads to from a closed one),
then the path. The last frame, held, is the finished maze, or the search with
the path's cells in the answer colour.

A frame is drawn as a PNG is (:mod:`meiro.render.kind_raster`), on the same
canvas, so the GIF's limits are judged on the same block grid
(:func:`~meiro.render.kind_drawing.block_shape`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..io.costs import check_output
from ..kinds.maze import GraphMaze
from ..paint import ANSWER, CLOSED, FRONTIER, GOAL, PATH, START, WALL
from .kind_drawing import block_shape, check_cells_path, check_graph_maze, drawing_of, wall_pieces
from .kind_raster import Canvas, WallPixels, canvas_for, cell_map, draw_marks, draw_walls, fill, palette_image
from .palette import Palette
from .replay import frame_counts

if TYPE_CHECKING:
    from PIL import Image


def digging_log(maze: GraphMaze) -> NDArray[np.int64]:
    """The edges in the order they were opened: ``maze.carve_order``, or its recipe's again.

    Raises
    ------
    MazeError
        A maze with neither a log nor a recipe that makes it again.
    """
    order = maze.carve_order
    if order is None:
        recipe = maze.recipe
        if recipe is None:
            raise MazeError("the digging replay needs the order the maze was dug in: this maze has "
                            "no recipe to make it again (a GIF with --solve replays a search instead)")
        from ..kinds.making import make

        again = make(recipe, record=True)
        if not np.array_equal(again.passages, maze.passages) or again.carve_order is None:
            raise MazeError("this maze is not the one its recipe makes (edited?): the digging cannot be replayed")
        order = again.carve_order
    return np.asarray(order, dtype=np.int64)


def check_search(maze: GraphMaze, solution: Any) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """A search's ``(explored, path)`` cell numbers from ``solution`` (anything with ``.explored``
    and ``.path``, cell numbers of ``maze``), checked."""
    if not (hasattr(solution, "explored") and hasattr(solution, "path")):
        raise TypeError(f"needs a solution with .explored and .path, got {type(solution).__name__}")
    g = maze.geometry
    explored = np.asarray(solution.explored)
    if explored.ndim != 1 or not (explored.dtype.kind in "iu" or explored.size == 0):
        raise MazeError(f"the solution's search is not of this {maze.kind} maze's cells: solve this maze")
    explored = explored.astype(np.int64)
    if explored.size and (explored.min() < 0 or explored.max() >= g.cells):
        raise MazeError("the solution's search lies outside this maze: solve this maze, not another")
    return explored, check_cells_path(g, solution.path)


class _Frames:
    """What every frame of one GIF shares: the canvas, each pixel's cell and each wall's pixels."""

    def __init__(self, maze: GraphMaze, canvas: Canvas) -> None:
        self.maze, self.canvas = maze, canvas
        self.cells = cell_map(maze.geometry, canvas)
        # a weave's inset walls depend on the passages around each cell: drawn afresh each frame
        self.walls = None if maze.kind == "weave" else WallPixels(maze.geometry, canvas)

    def frame(self, classes: NDArray[np.uint8], passages: NDArray[np.bool_]) -> NDArray[np.uint8]:
        """The cells in ``classes``' colours and the walls ``passages`` leaves closed."""
        g = self.maze.geometry
        image = fill(self.cells, classes, g, passages)
        if self.walls is not None:
            self.walls.draw(image, passages)
        else:
            segments, arcs = wall_pieces(g, passages)
            draw_walls(image, self.canvas, segments, arcs, g.hub)
        return image


def forced_groups(maze: GraphMaze) -> NDArray[np.int64]:
    """Each cell's group of cells joined by forced passages (a weave's crossings), as the
    smallest cell number in it; a cell alone is its own group."""
    g = maze.geometry
    label = np.arange(g.cells)
    pairs = g.edges[g.forced].astype(np.int64)
    while len(pairs):
        low = np.minimum(label[pairs[:, 0]], label[pairs[:, 1]])
        if (label[pairs[:, 0]] == low).all() and (label[pairs[:, 1]] == low).all():
            break
        np.minimum.at(label, pairs[:, 0], low)
        np.minimum.at(label, pairs[:, 1], low)
        label = label[label]  # follow the labels' own labels: a chain shortens by half each time
    return label


def dig_log(maze: GraphMaze, order: NDArray[np.int64]) -> NDArray[np.int64]:
    """The digging log a replay shows: ``order`` less the forced passages, which every maze
    of its geometry has open from the start (the generator carves around them)."""
    forced = np.zeros(maze.geometry.edge_count, bool)
    forced[maze.geometry.forced] = True
    return order[~forced[order]]


def dig_frames(maze: GraphMaze, canvas: Canvas, counts: NDArray[np.int64],
               order: NDArray[np.int64]) -> Iterator[NDArray[np.uint8]]:
    """Frames of the digging after each prefix ``order[:count]`` of :func:`dig_log` (then the
    finished maze). A group of cells joined by forced passages is reached all at once."""
    g = maze.geometry
    frames = _Frames(maze, canvas)
    group = forced_groups(maze)
    passages = np.zeros(g.edge_count, bool)
    passages[g.forced] = True
    reached = np.zeros(g.cells, bool)  # by group: reached[group[cell]]
    origin = (maze.generation or {}).get("origin", maze.start)
    reached[group[origin if isinstance(origin, int) and 0 <= origin < g.cells else maze.start]] = True
    shown = 0
    for count in counts:
        step = order[shown:int(count)]
        new = np.zeros(g.cells, bool)
        new[group[g.edges[step].ravel()]] = True
        passages[step] = True
        shown = int(count)
        classes = np.where(reached[group], PATH, WALL).astype(np.uint8)
        classes[new[group]] = FRONTIER
        reached |= new
        yield frames.frame(classes, passages)
    classes = np.full(g.cells, PATH, np.uint8)
    classes[maze.start], classes[maze.goal] = START, GOAL
    image = frames.frame(classes, maze.passages)
    draw_marks(image, canvas, drawing_of(maze), ends=False)  # the stairs
    yield image


def search_frames(maze: GraphMaze, canvas: Canvas, counts: NDArray[np.int64], explored: NDArray[np.int64],
                  path: NDArray[np.int64]) -> Iterator[NDArray[np.uint8]]:
    """Frames of a search after each prefix of ``explored``, then the path's."""
    g = maze.geometry
    frames = _Frames(maze, canvas)
    a, b = g.edges[maze.passages, 0], g.edges[maze.passages, 1]
    closed = np.zeros(g.cells, bool)
    marks = drawing_of(maze)
    classes = np.full(g.cells, PATH, np.uint8)
    for count in counts:
        closed[explored[:int(count)]] = True
        classes = np.full(g.cells, PATH, np.uint8)
        frontier = np.zeros(g.cells, bool)
        frontier[b[closed[a] & ~closed[b]]] = True
        frontier[a[closed[b] & ~closed[a]]] = True
        classes[closed] = CLOSED
        classes[frontier] = FRONTIER
        classes[maze.start], classes[maze.goal] = START, GOAL
        image = frames.frame(classes, maze.passages)
        draw_marks(image, canvas, marks, ends=False)
        yield image
    classes[path] = ANSWER
    classes[maze.start], classes[maze.goal] = START, GOAL
    image = frames.frame(classes, maze.passages)
    draw_marks(image, canvas, marks, ends=False)
    yield image


def _encode(frames: Iterator[NDArray[np.uint8]], count: int, palette: Palette, frame_ms: int,
            hold_ms: int) -> bytes:
    from .animation import encode_gif as encode_frames

    images: Iterator[Image.Image] = (palette_image(f, palette) for f in frames)
    return encode_frames(images, count, frame_ms, hold_ms)


def _canvas(maze: GraphMaze, block: int | None, max_frames: int, solution: bool) -> Canvas:
    needs = check_output(".gif", block_shape(maze.geometry), block=block, frames=max_frames, solution=solution)
    if needs.block is None:  # not reached: a GIF's needs always carry its block size
        raise AssertionError("check_output gave a GIF no block size")
    return canvas_for(maze.geometry, needs.block)


def render_graph_dig_gif(maze: GraphMaze, *, block: int | None = None, palette: Palette | None = None,
                         max_frames: int = 120, frame_ms: int = 50, hold_ms: int = 2000) -> bytes:
    """Animate how the generator dug a maze of a grid kind other than the square.

    ``block`` is pixels a half unit (default: the picture's longest side near 640
    pixels); at most ``max_frames`` frames, the last (the finished maze) held.

    Examples
    --------
    >>> import io, meiro
    >>> from PIL import Image
    >>> gif = Image.open(io.BytesIO(render_graph_dig_gif(meiro.generate(3, grid="theta", seed=1),
    ...                                                  block=3, max_frames=6)))
    >>> gif.n_frames, gif.size
    (6, (51, 51))
    """
    maze = check_graph_maze(maze)
    canvas = _canvas(maze, block, max_frames, False)
    order = dig_log(maze, digging_log(maze))
    counts = frame_counts(len(order), max_frames)
    frames = dig_frames(maze, canvas, counts, order)
    return _encode(frames, len(counts) + 1, palette or Palette(), frame_ms, hold_ms)


def render_graph_search_gif(maze: GraphMaze, solution: Any, *, block: int | None = None,
                            palette: Palette | None = None, max_frames: int = 120, frame_ms: int = 50,
                            hold_ms: int = 2000) -> bytes:
    """Animate a search of a maze of a grid kind other than the square: ``solution.explored``
    (cells in the order the search expanded them), then ``solution.path``."""
    maze = check_graph_maze(maze)
    explored, path = check_search(maze, solution)
    canvas = _canvas(maze, block, max_frames, True)
    counts = frame_counts(len(explored), max_frames)
    frames = search_frames(maze, canvas, counts, explored, path)
    return _encode(frames, len(counts) + 1, palette or Palette(), frame_ms, hold_ms)


__all__ = ["check_search", "dig_frames", "dig_log", "digging_log", "forced_groups", "render_graph_dig_gif", "render_graph_search_gif",
           "search_frames"]


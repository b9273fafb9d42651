"""PNG pictures of mazes, and reading them back.

Every block is a ``block x block`` square of one colour, so the picture is
exactly ``block * grid`` pixels and :func:`read_png` recovers the grid, the
start and the goal from the pixels alone. A ``meiro`` text chunk also keeps the
block size, the colours and the generation recipe, so a PNG written by meiro
reads back into the very same maze (seed and algorithm included).

Draws with Pillow (a dependency of meiro), imported when a picture is first made, so
``import meiro`` does not import Pillow.

The format's limit: at most :data:`MAX_PIXELS` (64 million) pixels, beneath
Pillow's own safety limit for reading pictures back (about 89 million); a large
maze is drawn with smaller blocks (:func:`fitted_block`). Its cost
(:func:`png_needs`) is measured in :mod:`meiro.io.costs`.
"""

from __future__ import annotations

import io
import struct
import json
import math
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError, whole
from ..io.costs import GRID_BYTES, Needs, check_output
from ..io.files import parse_json, png_size
from ..kinds.maze import GraphMaze
from ..maze import Maze, Position
from ..paint import ANSWER, GOAL, PATH, START, WALL
from ..recipe import recipe_from, shown
from .palette import Palette, classes

if TYPE_CHECKING:
    from PIL import Image

    from ..solvers import Solution

#: Text chunk key holding meiro's metadata.
CHUNK = "meiro"

#: Pictures larger than this many pixels are refused (Pillow's own safety limit is ~89M).
MAX_PIXELS = 64_000_000


def largest_block(shape: tuple[int, int]) -> int:
    """The largest block size, in pixels, that keeps a picture of ``shape`` blocks within
    ``MAX_PIXELS`` (0 if even one pixel per block is too many).

    Examples
    --------
    >>> largest_block((31, 31)), largest_block((4001, 4001)), largest_block((9001, 9001))
    (258, 1, 0)
    """
    return math.isqrt(MAX_PIXELS // (shape[0] * shape[1]))


def fitted_block(shape: tuple[int, int], preferred: int = 16) -> int:
    """``preferred`` pixels per block, or fewer if the picture would be too large (at least 1).

    Examples
    --------
    >>> fitted_block((31, 31)), fitted_block((2001, 2001)), fitted_block((4001, 4001))
    (16, 3, 1)
    """
    return max(1, min(preferred, largest_block(shape)))


def check_block(block: object, shape: tuple[int, int]) -> int:
    """Validate a block size in pixels for a grid of ``shape`` blocks.

    Examples
    --------
    >>> check_block(8, (31, 31))
    8
    >>> check_block(64, (201, 201))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: a 12864x12864-pixel picture is too large; use a block size of at most 39
    """
    side = whole(block, "block size", 1, 256, what="a whole number of pixels", error=MazeError)
    pixels = shape[0] * shape[1] * side ** 2
    if pixels > MAX_PIXELS:
        fit = largest_block(shape)
        if fit == 0:
            raise MazeError(f"a {shape[1]}x{shape[0]}-block maze is too large for a picture of at most "
                            f"{MAX_PIXELS // 1_000_000} million pixels; choose a smaller size")
        raise MazeError(f"a {shape[1] * side}x{shape[0] * side}-pixel picture is too large; "
                        f"use a block size of at most {fit}")
    return side


def png_needs(fmt: str, shape: tuple[int, int], *, block: int | None, rgb: bool, **_: object) -> Needs:
    """The PNG's cost and limit (:data:`~meiro.io.formats.Format.needs`): the block size
    checked (default :func:`fitted_block`), the memory measured in :mod:`meiro.io.costs`.

    >>> png_needs("png", (41, 41), block=None, rgb=False).block
    16
    """
    block = check_block(block or fitted_block(shape), shape)
    blocks, pixels = shape[0] * shape[1], shape[0] * shape[1] * block ** 2
    per_block = 10 * block ** 2 + 1 if rgb else 3.3 * block ** 2 + block + 2
    return Needs(fmt, int(blocks * (per_block + GRID_BYTES)), pixels // 10, block=block)


def png_advice(needs: Needs, have: int, shape: tuple[int, int]) -> str:
    """What would fit in the memory instead: smaller blocks, while they can be."""
    if (needs.block or 1) > 1:
        return "use a smaller block size (--block) or a smaller maze"
    return "choose a smaller maze"


def png_file(maze: Maze | GraphMaze, solution: Solution | None = None, *, block: int | None = None,
             palette: Palette | None = None, **_: object) -> bytes:
    """The ``.png`` file of :func:`meiro.render.render_file`: ``solution``'s path drawn over
    the maze, ``block`` pixels a block (default 16, or fewer for a large maze; a maze of
    another grid kind: :mod:`meiro.render.kind_raster`)."""
    if isinstance(maze, GraphMaze):
        from .kind_drawing import solution_cells
        from .kind_raster import render_graph_png

        return render_graph_png(maze, solution_cells(solution), block=block, palette=palette)
    path = solution.path if solution is not None else None
    return render_png(maze, path, block=block or fitted_block(maze.grid.shape), palette=palette)


def _pillow() -> None:
    """Import Pillow on first use (``import meiro`` does not), or say in one line that it is missing."""
    try:
        import PIL.Image
        import PIL.PngImagePlugin  # noqa: F401
    except ImportError:  # pragma: no cover - Pillow is one of meiro's own dependencies
        raise MazeError("PNG and GIF need Pillow, which meiro depends on: pip install pillow") from None


def indexed_image(cls: NDArray[np.uint8], block: int, palette: Palette) -> Image.Image:
    """A Pillow palette ('P') image drawing block classes ``cls`` at ``block`` pixels each.

    Examples
    --------
    >>> import meiro
    >>> image = indexed_image(classes(meiro.generate(2, 1, seed=0)), 4, Palette())
    >>> image.mode, image.size, image.getpixel((0, 0)), image.getpixel((4, 4))   # a wall, the start
    ('P', (20, 12), 1, 2)
    """
    _pillow()
    from PIL import Image

    pixels = np.repeat(np.repeat(cls, block, axis=0), block, axis=1)
    image = Image.frombytes("P", (pixels.shape[1], pixels.shape[0]), np.ascontiguousarray(pixels).tobytes())
    image.putpalette(palette.table().ravel().tolist())
    return image


def render_png(maze: Maze | GraphMaze, path: ArrayLike | None = None, *, block: int = 16,
               palette: Palette | None = None) -> bytes:
    """Draw ``maze`` as a PNG and return its bytes.

    A maze of another grid kind (a :class:`~meiro.kinds.maze.GraphMaze`) is drawn by
    :func:`meiro.render.kind_raster.render_graph_png`, ``block`` pixels a half unit.

    Parameters
    ----------
    maze : Maze or GraphMaze
    path : array_like of (row, col), optional
        A solution to overlay (e.g. ``meiro.solve(m).path``), drawn in ``palette.answer``
        (of a GraphMaze: its cell numbers).
    block : int
        Side of one block in pixels; the picture is ``block * grid.shape``.
    palette : Palette, optional
        Colours (default: the Tk game's).

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(5, 4, seed=2)
    >>> data = render_png(m, block=4)
    >>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    >>> read_png(data) == m
    True
    """
    if isinstance(maze, GraphMaze):
        from .kind_raster import render_graph_png

        return render_graph_png(maze, path, block=block, palette=palette)
    _pillow()
    from PIL import PngImagePlugin

    palette = palette or Palette()
    block = check_block(block, maze.grid.shape)
    check_output(".png", maze.grid.shape, block=block)
    image = indexed_image(classes(maze, path), block, palette)
    info = PngImagePlugin.PngInfo()
    generation = maze.generation or {}
    meta = {"block": block, "start": list(maze.start), "goal": list(maze.goal),
            "algorithm": generation.get("algorithm"), "seed": generation.get("seed"),
            "origin": generation.get("origin"),
            **({"goal_rule": generation["goal_rule"]} if "goal_rule" in generation else {}),
            "colors": {name: list(getattr(palette, name)) for name in ("path", "wall", "start", "goal", "answer")}}
    info.add_text(CHUNK, json.dumps(meta))
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info, optimize=False)
    return out.getvalue()


def _block_size(packed: np.ndarray) -> int:
    """The largest block size consistent with every colour change in the picture."""
    height, width = packed.shape
    changes_x = np.flatnonzero(np.any(packed[:, 1:] != packed[:, :-1], axis=0)) + 1
    changes_y = np.flatnonzero(np.any(packed[1:] != packed[:-1], axis=1)) + 1
    return int(np.gcd.reduce(np.concatenate(([width, height], changes_x, changes_y)).astype(np.int64)))


def _metadata(image: Image.Image) -> dict[str, Any]:
    raw = getattr(image, "text", {}).get(CHUNK)
    if raw is None:
        return {}
    try:
        meta = parse_json(raw)
    except MazeError:
        return {}
    return meta if isinstance(meta, dict) else {}


def _decoded(data: bytes) -> Image.Image:
    """Pillow's decoded image of PNG ``data``, or one MazeError; Pillow's refusal of text chunks
    past its cap on their memory is left a ValueError, for :func:`read_png` to read the
    pixels without them."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            # Pillow's own size warning: the check above is meiro's, and stricter
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if image.format != "PNG":
                raise MazeError(f"not a PNG image (it is {image.format})")
            if image.width * image.height > MAX_PIXELS:
                raise MazeError(f"the image is too large ({image.width}x{image.height} pixels)")
            image.load()
    except MazeError:
        raise
    except Image.DecompressionBombError:  # a picture of another kind claiming a vast size
        raise MazeError("not a PNG image (a picture of another kind, and too large)") from None
    except ValueError as exc:
        if "MAX_TEXT_MEMORY" in str(exc):
            raise
        reason = "cannot identify image file" if "cannot identify" in str(exc) else shown(str(exc))[1:-1]
        raise MazeError(f"not a PNG image ({reason})") from None
    except Exception as exc:  # Pillow raises many types for broken files
        reason = "cannot identify image file" if "cannot identify" in str(exc) else shown(str(exc))[1:-1]
        raise MazeError(f"not a PNG image ({reason})") from None
    return image


def _without_text(data: bytes) -> bytes:
    """PNG ``data`` without its text chunks (``tEXt``, ``zTXt``, ``iTXt``), the rest as it is."""
    out, at = [data[:8]], 8
    while at + 8 <= len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        end = at + 12 + length
        if data[at + 4:at + 8] not in (b"tEXt", b"zTXt", b"iTXt"):
            out.append(data[at:end])
        at = end
    return b"".join(out)


def read_png(data: bytes) -> Maze:
    """Read a maze picture drawn by :func:`render_png` (or any picture of square blocks).

    Without meiro's metadata the block size is found from the colour changes
    and each block is matched to the nearest default colour (dark = wall,
    light = path, red = start, blue = goal).

    Raises
    ------
    MazeError
        If the data is not an image, or the image is not a grid of square
        one-colour blocks with a closed wall border.

    Examples
    --------
    >>> read_png(b"GIF89a")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: not a PNG image (cannot identify image file)
    """
    _pillow()

    size = png_size(data)
    # judged from the header, before Pillow decodes (or warns about) anything
    if size is not None and size[0] * size[1] > MAX_PIXELS:  # read now: it can be changed
        raise MazeError(f"the image is too large ({size[0]}x{size[1]} pixels; meiro reads "
                        f"pictures of at most {MAX_PIXELS:,} pixels)")
    try:
        image = _decoded(data)
    except MazeError:
        raise
    except ValueError:  # (only Pillow's cap on text chunks reaches here: see _decoded)
        # text chunks past Pillow's cap on their memory: the pixels are read without them
        image = _decoded(_without_text(data))
    meta = _metadata(image)
    if meta.get("grid", "square") != "square":
        raise MazeError(f"a picture of a {shown(meta['grid'])[1:-1]} maze is not read back: "
                        "load the maze's .json file instead")
    # one 32-bit int per pixel (R | G << 8 | B << 16), without a copy per channel
    rgbx = np.ascontiguousarray(np.asarray(image.convert("RGBA")))
    packed = rgbx.view("<u4")[..., 0] & np.uint32(0xFFFFFF)
    del rgbx
    said = meta.get("block")
    claimed = said if isinstance(said, int) and not isinstance(said, bool) and said >= 1 else None
    try:
        return _maze_at(packed, claimed or _block_size(packed), meta)
    except MazeError as exc:
        # the pixels are the maze: a block size the chunk claims that does not read as one
        # gives way to the block size the pixels show
        found = _block_size(packed)
        if claimed is None or found == claimed:
            raise
        try:
            return _maze_at(packed, found, meta)
        except MazeError as second:
            raise MazeError(f"{second} (nor is it one at the {shown(said)}-pixel blocks its meiro "
                            f"chunk claims: {exc})") from None


def _maze_at(packed: NDArray[np.uint32], block: int, meta: dict[str, Any]) -> Maze:
    """The maze a picture of ``block``-pixel blocks draws, else one MazeError saying why not."""
    cls = _nearest_class(_blocks(packed, block), meta.get("colors"))
    grid = cls == WALL
    start = _single(cls, START, "start")
    goal = _single(cls, GOAL, "goal")
    start = start if start is not None else _meta_position(meta, "start")
    goal = goal if goal is not None else _meta_position(meta, "goal")
    return Maze(grid, start, goal, generation=_recipe(meta, grid.shape))


def _blocks(packed: NDArray[np.uint32], block: int) -> NDArray[np.uint32]:
    """Each block's colour, for a picture of ``block``-pixel blocks; else why it is none."""
    height, width = packed.shape
    rows, cols = height // block, width // block
    if (width % block or height % block or rows % 2 == 0 or cols % 2 == 0 or rows < 3
            or cols < 3):
        raise MazeError(f"a {width}x{height}-pixel image is not a maze picture: it does not split "
                        f"into an odd number (at least 3) of square {block}-pixel blocks each way")
    tiles = packed.reshape(rows, block, cols, block)
    colors = tiles[:, 0, :, 0]
    uniform = (tiles == colors[:, None, :, None]).all(axis=(1, 3))
    if not uniform.all():
        r, c = (int(v) for v in np.argwhere(~uniform)[0])
        raise MazeError(f"block (row {r}, col {c}) of the image is not one colour at {block}-pixel "
                        "blocks; not a maze picture")
    out: NDArray[np.uint32] = colors
    return out


def _recipe(meta: dict[str, Any], shape: tuple[int, int]) -> dict[str, Any] | None:
    """The generation recipe the metadata keeps, if it is a sound one.

    The pixels are the maze; a recipe that does not check out (a seed out of
    range, an origin off the grid) is left out rather than trusted.
    """
    if not (isinstance(meta.get("algorithm"), str) and isinstance(meta.get("seed"), int)):
        return None
    saved = {key: meta.get(key) for key in ("algorithm", "seed", "origin", "goal_rule")}
    try:
        return recipe_from(saved, shape)
    except MazeError:
        return None


def _nearest_class(packed: NDArray[np.uint32], saved: object) -> NDArray[np.uint8]:
    """Block classes of block colours packed as ``R | G << 8 | B << 16``, by nearest palette colour."""
    palette = Palette()
    if isinstance(saved, dict):
        try:
            palette = Palette.with_colors(**{k: tuple(v) for k, v in saved.items()})
        except (MazeError, TypeError, ValueError, OverflowError):  # colours the file got wrong
            palette = Palette()
    table = palette.table()[:ANSWER + 1].astype(np.int32)
    # classify each distinct colour once (a picture has a handful), then map back
    distinct, inverse = np.unique(packed.ravel(), return_inverse=True)
    rgb = np.stack([distinct & 255, (distinct >> 8) & 255, distinct >> 16], axis=1).astype(np.int32)
    distance = ((rgb[:, None, :] - table[None]) ** 2).sum(axis=2)
    nearest = distance.argmin(axis=1).astype(np.uint8)
    far = np.flatnonzero(distance.min(axis=1) > 3 * 80 ** 2)
    if len(far):
        r, c = (int(v) for v in np.argwhere(packed == distinct[far[0]])[0])
        raise MazeError(f"block (row {r}, col {c}) has colour {tuple(int(v) for v in rgb[far[0]])}, "
                        "which is none of the maze colours; not a maze picture")
    nearest[nearest == ANSWER] = PATH
    classified: NDArray[np.uint8] = nearest[inverse].reshape(packed.shape)
    return classified


def _single(cls: NDArray[np.uint8], value: int, name: str) -> Position | None:
    where = np.argwhere(cls == value)
    if len(where) > 1:
        raise MazeError(f"the image marks {len(where)} blocks as the {name}; a maze has one")
    return (int(where[0][0]), int(where[0][1])) if len(where) else None


def _meta_position(meta: dict[str, Any], key: str) -> Position | None:
    value = meta.get(key)
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return value[0], value[1]
    return None


__all__ = ["CHUNK", "MAX_PIXELS", "check_block", "fitted_block", "indexed_image", "largest_block",
           "png_advice", "png_file", "png_needs", "read_png", "render_png"]

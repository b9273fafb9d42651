"""The file formats meiro writes and reads, each declared once: :data:`FORMATS`.

A format is *declared* at the end of this module, as data: its name, its file
suffixes, whether it is maze data (read back by :func:`meiro.load`) or a picture
(drawn by :mod:`meiro.render`), the functions that write and read it, named by
``"module:function"`` and imported the first time they are asked for (as
:mod:`meiro.registry` does for algorithms), and what it costs to write: the
memory and size a block for maze data, or the module function that works out a
picture's cost and checks its limits (:mod:`meiro.io.costs`). So naming the
formats (``meiro --help``) imports nothing, and this package never imports the
render layer: a picture's module is loaded when one is drawn.

:func:`meiro.save`, :func:`meiro.load`, :func:`meiro.render.render_file`, the
output checks and the command line's ``--format`` choices and help all read this
table; ``meiro.io.DATA_FORMATS`` and ``PICTURE_FORMATS`` are its names.
How to add a format: CONTRIBUTING.md.

Examples
--------
>>> FORMATS.names()
['json', 'txt', 'npz', 'npy', 'csv', 'png', 'svg', 'gif', 'pdf', 'html']
>>> FORMATS.names("picture")
['png', 'svg', 'gif', 'pdf', 'html']
>>> FORMATS.by_suffix(".PNG").name, FORMATS.get("json").readable
('png', True)
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any, Literal, NamedTuple
from collections.abc import Callable, Iterator

from ..errors import MazeError

#: What a format holds: maze data (read back) or a picture (drawn, perhaps read back too).
Kind = Literal["data", "picture"]
#: A function by its place, ``"package.module:function"`` (imported on first use), or itself.
Named = str | Callable[..., Any]


def resolve(named: Named) -> Callable[..., Any]:
    """The function ``named`` names, its module imported now if it was not.

    Examples
    --------
    >>> resolve("math:sqrt")(9.0), resolve(len)("abc")
    (3.0, 3)
    """
    if not isinstance(named, str):
        return named
    module, _, attribute = named.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), attribute)
    return found


class Format(NamedTuple):
    """One file format: how it is named, written, read and costed.

    (A named tuple rather than a dataclass: ``meiro --help`` reads this table, and the
    dataclasses module would load ``inspect`` and its kin for it.)

    ``encode`` writes a maze: ``encode(maze) -> bytes`` for maze data; a picture's takes
    the drawing options too, ``encode(maze, solution=None, *, block, palette, style,
    max_frames, lang) -> bytes`` (each reads the ones it has), and checks its own
    limits before it draws. ``decode`` (``None``: not read back) reads the file's
    bytes (``binary``) or its UTF-8 text back into a maze. ``needs`` works out what
    writing the format takes, ``needs(format, shape, **options) -> Needs``, and refuses
    what the format cannot hold (:func:`meiro.io.costs.output_needs`); the default
    charges :attr:`memory` and :attr:`size` bytes a block. ``advice`` says, for the
    out-of-memory message, what would fit instead (default: a smaller maze, or a
    cheaper data format).

    Examples
    --------
    >>> png = FORMATS.get("png")
    >>> png.kind, png.suffixes, png.binary, png.readable
    ('picture', ('.png',), True, True)
    >>> FORMATS.get("gif").readable
    False
    """

    name: str
    kind: Kind
    #: file suffixes, lower case with the dot; the first is the one written
    suffixes: tuple[str, ...]
    encode: Named
    decode: Named | None = None
    #: read as bytes (else as UTF-8 text)
    binary: bool = False
    #: the file in a message: "a 30x20-cell {noun} needs ..."
    noun: str = ""
    #: the format in help texts ("animated GIF", "a playable web page")
    title: str = ""
    #: what the file is, for ``meiro render --help`` ("a printable page with its answer key")
    detail: str = ""
    #: maze data: peak bytes a block of the writer (beyond the grid), bytes a block of the file
    memory: float = 0.0
    size: float = 0.0
    needs: Named = "meiro.io.costs:per_block_needs"
    advice: Named = "meiro.io.costs:smaller_maze"
    #: bytes of memory loading takes per byte of the file (None: :data:`meiro.io.files.LOAD_COST`)
    load_cost: int | None = None

    @property
    def readable(self) -> bool:
        """Whether :func:`meiro.load` reads the format back."""
        return self.decode is not None

    @property
    def label(self) -> str:
        """The file in a message (``"JSON file"``, ``"web page"``)."""
        return self.noun or f"{self.name.upper()} file"

    def encoder(self) -> Callable[..., bytes]:
        """The function that writes the format (its module imported now if it was not)."""
        return resolve(self.encode)

    def decoder(self) -> Callable[..., Any]:
        """The function that reads the format back; :class:`MazeError` if it is not read."""
        if self.decode is None:
            raise MazeError(f"cannot load a {self.suffixes[0]} file: meiro reads mazes from "
                            f"{FORMATS.suffix_list(readable=True, last='and')} files")
        return resolve(self.decode)


class Formats:
    """The name -> :class:`Format` table, in the order of declaration (data first).

    Examples
    --------
    >>> table = Formats()
    >>> table.declare(Format("up", "data", (".up",), encode=lambda maze: b"UP"))
    >>> table.names(), table.by_suffix(".UP").name
    (['up'], 'up')
    >>> table.declare(Format("up2", "data", (".up",), encode="x:y"))
    Traceback (most recent call last):
    ...
    ValueError: the suffix '.up' is declared twice
    """

    def __init__(self) -> None:
        self._items: dict[str, Format] = {}
        self._suffixes: dict[str, str] = {}

    def declare(self, fmt: Format) -> None:
        """Add ``fmt``: its name and its suffixes must be new."""
        if fmt.name in self._items:
            raise ValueError(f"the format {fmt.name!r} is declared twice")
        if not fmt.suffixes or any(s != s.lower() or not s.startswith(".") for s in fmt.suffixes):
            raise ValueError(f"{fmt.name}: suffixes are lower case and start with a dot, "
                             f"got {fmt.suffixes!r}")
        for suffix in fmt.suffixes:
            if suffix in self._suffixes:
                raise ValueError(f"the suffix {suffix!r} is declared twice")
        self._items[fmt.name] = fmt
        self._suffixes.update(dict.fromkeys(fmt.suffixes, fmt.name))

    def remove(self, name: str) -> Format:
        """Take the format ``name`` out again (a format added for a while, as in a test)."""
        fmt = self._items.pop(name)
        for suffix in fmt.suffixes:
            del self._suffixes[suffix]
        return fmt

    def get(self, name: str) -> Format:
        """The format called ``name``; :class:`MazeError` listing the names otherwise."""
        if not isinstance(name, str):
            raise TypeError(f"a format is a name such as 'json', got {type(name).__name__}")
        try:
            return self._items[name]
        except KeyError:
            raise MazeError(f"unknown format {name!r}; choose one of: {', '.join(self.names())}") from None

    def by_suffix(self, suffix: str) -> Format | None:
        """The format a file suffix (``".png"``, any case) names, or ``None``."""
        name = self._suffixes.get(suffix.lower())
        return None if name is None else self._items[name]

    def of_path(self, path: str | os.PathLike[str]) -> Format | None:
        """The format ``path``'s suffix names, or ``None``.

        >>> FORMATS.of_path("out/maze.Json").name, FORMATS.of_path("maze") is None
        ('json', True)
        """
        return self.by_suffix(Path(os.fspath(path)).suffix)

    def names(self, kind: Kind | None = None) -> list[str]:
        """The formats' names (those of one ``kind``), in order."""
        return [f.name for f in self if kind is None or f.kind == kind]

    def suffixes(self, *kinds: Kind, readable: bool = False, names: list[str] | None = None) -> list[str]:
        """The suffixes of the formats (of ``kinds``, in that order; of ``names``, in theirs;
        only those :func:`meiro.load` reads if ``readable``).

        >>> FORMATS.suffixes(readable=True)
        ['.json', '.txt', '.npz', '.npy', '.csv', '.png']
        """
        if names is not None:
            chosen = [self._items[name] for name in names if name in self._items]
        else:
            chosen = [f for kind in (kinds or (None,)) for f in self if kind is None or f.kind == kind]
        return [s for f in chosen if f.readable or not readable for s in f.suffixes]

    def suffix_list(self, *kinds: Kind, readable: bool = False, last: str = "or",
                    names: list[str] | None = None) -> str:
        """:meth:`suffixes` for a sentence: ``.png, .svg or .gif``.

        >>> FORMATS.suffix_list(readable=True, last="and")
        '.json, .txt, .npz, .npy, .csv and .png'
        >>> FORMATS.suffix_list("picture", "data")
        '.png, .svg, .gif, .pdf, .html, .json, .txt, .npz, .npy or .csv'
        """
        return _listed(self.suffixes(*kinds, readable=readable, names=names), last)

    def title_list(self, kind: Kind) -> str:
        """The titles of the formats of ``kind`` for a sentence, as help texts show them.

        >>> FORMATS.title_list("picture")
        'PNG, SVG, animated GIF, PDF or a playable web page'
        """
        return _listed([f.title or f.name.upper() for f in self if f.kind == kind], "or")

    def __iter__(self) -> Iterator[Format]:
        return iter(list(self._items.values()))

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __len__(self) -> int:
        return len(self._items)


def _listed(words: list[str], last: str) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


#: Every format meiro writes or reads, in the order the help and the messages list them.
FORMATS = Formats()
#: The format of a file whose name does not tell (:func:`meiro.load`).
DEFAULT = "json"

# -- the catalogue: one declaration a format ---------------------------------------------------
# Maze data: the writer's peak memory and the file's size, bytes a block, measured in
# meiro.io.costs's table (rounded up); pictures: their module's cost function and limits.

_IO, _RENDER = "meiro.io.", "meiro.render."

FORMATS.declare(Format(
    "json", "data", (".json",), encode=_IO + "codecs:json_bytes", decode=_IO + "codecs:from_json",
    memory=14, size=1.0))
FORMATS.declare(Format(
    "txt", "data", (".txt",), encode=_IO + "codecs:text_bytes", decode="meiro.text.maze_text:parse_text",
    memory=7, size=2.0, load_cost=12))  # text makes a 4-byte code a character
FORMATS.declare(Format(
    "npz", "data", (".npz",), encode=_IO + "interop:to_npz", decode=_IO + "interop:from_npz",
    binary=True, memory=2, size=0.11))
FORMATS.declare(Format(
    "npy", "data", (".npy",), encode=_IO + "interop:to_npy", decode=_IO + "interop:from_npy",
    binary=True, memory=3, size=1.0))
FORMATS.declare(Format(
    "csv", "data", (".csv",), encode=_IO + "codecs:csv_bytes", decode=_IO + "interop:from_csv",
    memory=11, size=2.0, load_cost=16))  # CSV's rows are Python lists while read
FORMATS.declare(Format(
    "png", "picture", (".png",), encode=_RENDER + "png:png_file", decode=_RENDER + "png:read_png",
    binary=True, noun="PNG", title="PNG", needs=_RENDER + "png:png_needs",
    advice=_RENDER + "png:png_advice"))
FORMATS.declare(Format(
    "svg", "picture", (".svg",), encode=_RENDER + "svg:svg_file", noun="SVG", title="SVG",
    needs=_RENDER + "svg:svg_needs"))
FORMATS.declare(Format(
    "gif", "picture", (".gif",), encode=_RENDER + "gif:gif_file", noun="GIF", title="animated GIF",
    detail="the digging replay, or the search replay with --solve",
    needs=_RENDER + "gif:gif_needs", advice=_RENDER + "gif:gif_advice"))
FORMATS.declare(Format(
    "pdf", "picture", (".pdf",), encode=_RENDER + "pdf:pdf_file", noun="PDF", title="PDF",
    detail="a printable page with its answer key", needs=_RENDER + "pdf:pdf_needs"))
FORMATS.declare(Format(
    "html", "picture", (".html",), encode=_RENDER + "html:html_file", noun="web page",
    title="a playable web page",
    detail="one self-contained page to play the maze in any browser, offline",
    needs=_RENDER + "html:html_needs"))

__all__ = ["DEFAULT", "FORMATS", "Format", "Formats", "Kind", "resolve"]

"""``meiro render``: draw a saved maze in a picture format of :data:`meiro.io.formats.FORMATS`.

The formats' names, suffixes and help here are the table's: a format declared there is
drawn, checked and listed by ``meiro render`` and ``meiro generate`` with no change here.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from .. import load, solve
from ..errors import MazeError
from ..io.codecs import format_of
from ..io.formats import FORMATS
from ..registry import SOLVERS
from ..io.writing import OutputSet

if TYPE_CHECKING:
    from .args import Subparsers


def block_size(text: str) -> int:
    """argparse type for ``--block``: pixels per block, 1 to 256."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"block size must be a whole number, got {text!r}") from None
    if not 1 <= value <= 256:
        raise argparse.ArgumentTypeError(f"block size must be from 1 to 256 pixels, got {value}")
    return value


def frame_cap(text: str) -> int:
    """argparse type for ``--frames``: 2 to 10000."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"frames must be a whole number, got {text!r}") from None
    if not 2 <= value <= 10_000:
        raise argparse.ArgumentTypeError(f"frames must be from 2 to 10000, got {value}")
    return value


def add_picture_options(p: argparse.ArgumentParser) -> None:
    """The drawing options shared by ``render`` and ``generate``."""
    g = p.add_argument_group(f"pictures and pages ({FORMATS.suffix_list('picture', last='and')})")
    g.add_argument("--block", type=block_size, default=None, metavar="PIXELS",
                   help="PNG/GIF block size in pixels (default 16 for PNG, fewer for mazes too large for that; fitted to ~640 pixels for GIF)")
    g.add_argument("--frames", type=frame_cap, default=120, metavar="N",
                   help="GIF: at most N frames, the last one held (default 120)")
    g.add_argument("--svg-style", default="auto", choices=("auto", "thin", "block"),
                   help="SVG look: thin walls between cells (puzzle-book style) or blocks (default auto)")
    g.add_argument("--lang", default=None, choices=("ja", "en"),
                   help="language of a .html page (default: the reader's browser decides)")
    for name, default in (("wall", "gray25"), ("path", "white"), ("start", "red"), ("goal", "blue"),
                          ("answer", "palevioletred")):
        g.add_argument(f"--{name}-color", default=None, metavar="COLOR",
                       help=f"colour of the {name} (#rrggbb, r,g,b or a name; default {default})")


def add_format_option(p: argparse.ArgumentParser, formats: Sequence[str]) -> None:
    """``--format``: the format of ``-o`` files whose names do not tell it (``/dev/stdout``, a FIFO)."""
    p.add_argument("--format", default=None, choices=tuple(formats), metavar="FORMAT",
                   help=f"format of every -o file ({', '.join(formats)}); needed where the name does "
                        "not end in one, e.g. -o /dev/stdout")


def is_picture(fmt: str) -> bool:
    """Whether the format ``fmt`` (``"png"``, ``"json"``, ...) is a picture to draw, not maze data."""
    return FORMATS.get(fmt).kind == "picture"


def planned_outputs(args: argparse.Namespace, outputs: OutputSet,
                    formats: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """Check every ``-o`` of ``args`` before any work: its format (one of ``formats``, by
    default the pictures) and its place.

    Returns ``(target, format)`` pairs; each target is added to ``outputs``.
    """
    chosen = FORMATS.names("picture") if formats is None else formats
    plan = [(target, format_of(target, args.format, chosen)) for target in args.output]
    for target, _fmt in plan:
        outputs.add(target)
    return plan


def check_pictures(plan: list[tuple[str, str]], args: argparse.Namespace, shape: tuple[int, int]) -> None:
    """Refuse, before any work, an output of ``plan`` too large to write for ``shape`` blocks."""
    for _target, fmt in plan:
        check_picture(fmt, args, shape)  # maze data too: it is built whole in memory


def check_picture(target: str, args: argparse.Namespace, shape: tuple[int, int]) -> None:
    """Refuse, before any work, an output ``target`` (a picture or maze data, by its name or
    format) that could not be written for ``shape`` blocks with the options in ``args``:
    too large for its format or for the memory (:func:`meiro.render.check_output`)."""
    from ..render import check_output

    check_output(target, shape, block=getattr(args, "block", None), frames=getattr(args, "frames", 120),
                 solution=bool(getattr(args, "solve", None)), style=getattr(args, "svg_style", "auto"))


def picture_bytes(maze: Any, fmt: str, args: argparse.Namespace, solution: Any = None) -> bytes:
    """Draw ``maze`` (a :class:`~meiro.Maze` or a grid kind's :class:`~meiro.kinds.maze.GraphMaze`)
    as a ``fmt`` picture with the options in ``args``, with its ``solution`` (of either) if given."""
    from ..render import render_file
    from ..render.palette import Palette

    palette = Palette.with_colors(**{name: getattr(args, f"{name}_color", None)
                                     for name in ("wall", "path", "start", "goal", "answer")})
    # render_file picks the renderer by a file name's extension; the format is ours already
    return render_file(maze, f"maze{FORMATS.get(fmt).suffixes[0]}", solution, block=args.block,
                       palette=palette, style=args.svg_style, max_frames=args.frames, lang=args.lang)


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro render`` and its options to the command's subparsers."""
    pictures = [fmt for fmt in FORMATS if fmt.kind == "picture"]
    drawn = [fmt.suffixes[0] + (f" ({fmt.detail})" if fmt.detail else "") for fmt in pictures]
    p = subparsers.add_parser(
        "render", help=f"draw a maze file as {FORMATS.title_list('picture')}",
        description=f"Draw a maze file ({', '.join(FORMATS.suffixes(readable=True))}) "
                    "as a picture. The format follows the output's extension: "
                    f"{', '.join(drawn[:-1])} or {drawn[-1]}.")
    p.add_argument("file", help="the maze file")
    p.add_argument("-o", "--output", required=True, action="append", metavar="FILE",
                   help=f"picture to write ({', '.join(fmt.suffixes[0] for fmt in pictures)}); "
                        "repeat for several")
    p.add_argument("--solve", default=None, choices=SOLVERS.choices(), metavar="METHOD",
                   help=f"overlay the solution / animate the search of: {', '.join(SOLVERS.names())}")
    add_format_option(p, FORMATS.names("picture"))
    add_picture_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Draw the maze file into every ``-o`` picture (all of them, or none); the exit status."""
    for target in args.output:
        named = FORMATS.of_path(target)
        if named is not None and named.kind == "data":
            raise MazeError(f"cannot draw {target!r}: the output must be a picture "
                            f"({', '.join(FORMATS.names('picture'))}); use 'meiro generate -o' for "
                            "maze data")
    with OutputSet() as outputs:
        plan = planned_outputs(args, outputs)
        maze = load(args.file)
        from ..render import picture_shape

        for _target, fmt in plan:  # a maze of another grid kind is costed by its drawing
            check_picture(fmt, args, picture_shape(maze, fmt))
        solution = solve(maze, args.solve) if args.solve else None
        for target, fmt in plan:
            outputs.write(target, picture_bytes(maze, fmt, args, solution))
    return 0

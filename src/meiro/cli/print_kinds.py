"""``--grid`` on ``meiro sheet`` and ``meiro book``: the options and checks the two share.

A size on the printing commands is ``WxH`` for the square grid (as always),
``R`` (rings) for theta, ``WxH`` for hex, triangle and weave and ``WxHxL`` for 3D;
everything about a kind's maze is checked before anything is made or written.
"""

from __future__ import annotations

import argparse

from ..errors import MazeError
from ..render.kind_booklet import printable_kinds
from ..sizes import parse_kind_size

#: The kinds a mask cuts to a shape (a theta, weave or 3D geometry refuses one).
SHAPED_KINDS = ("hex", "triangle")
#: The kinds a character's shape (``--shape-text``) cuts in one piece: on triangles its thin
#: strokes fall apart, as a triangle has one neighbour up or down, not both.
LETTERED_KINDS = ("hex",)


def kind_size_arg(text: str) -> tuple[int, ...]:
    """argparse type for a printing command's ``--size``: ``R``, ``WxH`` or ``WxHxL``.

    Examples
    --------
    >>> kind_size_arg("12"), kind_size_arg("5x4"), kind_size_arg("4x4x3")
    ((12, 12), (5, 4), (4, 4, 3))
    """
    try:
        return parse_kind_size(text)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_grid_option(parser: argparse.ArgumentParser) -> None:
    """``--grid KIND``: the square grid or one of the kinds that print."""
    parser.add_argument("--grid", default="square", choices=("square", *printable_kinds()), metavar="KIND",
                        help="the maze's grid kind: square (default), theta (round: --size R rings), hex, "
                             "triangle, weave (--size WxH) or 3d (--size WxHxL)")


def square_size(size: tuple[int, ...]) -> tuple[int, int]:
    """A square maze's ``(width, height)``; a three-number size is refused."""
    if len(size) != 2:
        raise MazeError(f"a square maze's size is WIDTHxHEIGHT in cells (e.g. 15x15), got "
                        f"{'x'.join(map(str, size))}; a size of three numbers is for --grid 3d")
    return size[0], size[1]


def check_kind_options(kind: str, algorithm: str | None, goal: str | None, shaped: bool,
                       lettered: bool = False) -> None:
    """Refuse, with one line, what a ``kind`` maze cannot be: a generator that works on the square
    grid only, a goal rule it lacks, a shape (``shaped``) on a kind no mask cuts, or a
    character's shape (``lettered``) on a kind whose cells it would break into pieces."""
    from ..recipe import Recipe
    from ..registry import GENERATORS

    if shaped and kind not in SHAPED_KINDS:
        raise MazeError(f"--shape and --shape-text carve square, {' and '.join(SHAPED_KINDS)} mazes only; "
                        f"leave them out with --grid {kind}")
    if lettered and kind not in LETTERED_KINDS:
        raise MazeError(f"--shape-text carves square and {' and '.join(LETTERED_KINDS)} mazes only (a "
                        f"character's strokes fall apart into pieces of {kind} cells); use --shape")
    if algorithm is not None and kind not in GENERATORS.get(algorithm).kinds:
        raise MazeError(f"{algorithm} does not make {kind} mazes; with --grid {kind} use one of: "
                        f"{', '.join(GENERATORS.for_kind(kind))}")
    Recipe(1, 1, algorithm or "dig", 0, goal or "corner", grid=kind)

"""argparse, made to report errors as one line and to parse meiro's value types."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, NoReturn
from collections.abc import Callable

from ..errors import MazeError
from ..goal_rules import GOALS
from ..recipe import check_seed
from ..registry import GENERATORS
from ..sizes import parse_kind_size, parse_size

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from ..recipe import Recipe

    #: what each command's ``add_parser`` is given: the ``meiro`` parser's subcommands
    Subparsers = argparse._SubParsersAction["Parser"]


class ArgumentError(Exception):
    """A command-line mistake; ``command`` names the subcommand for the help hint."""

    def __init__(self, message: str, command: str = "") -> None:
        super().__init__(message)
        self.command = command


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing usage and exiting,
    and whose help, when it cannot be written (a full disk), says so."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.split()[-1] if " " in self.prog else ""
        raise ArgumentError(message, command)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse's own drops write errors: the help would vanish with exit status 0
        if message:
            (file or sys.stdout).write(message)


def cells(text: str) -> tuple[int, int]:
    """argparse type for ``--size WxH`` in cells."""
    try:
        return parse_size(text)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def blocks(text: str) -> tuple[int, int]:
    """argparse type for ``--blocks WxH`` in odd block sides; returns cells."""
    try:
        return parse_size(text, blocks=True)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seed(text: str) -> int:
    """argparse type for ``--seed``: a whole number from 0 to 2**64-1."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, got {text!r}") from None
    try:
        return check_seed(value)  # (the range every seed has)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def share(text: str) -> float:
    """argparse type for a share from 0 to 1 (``--braid``)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 1, got {text!r}")
    return value


def add_size_options(parser: argparse.ArgumentParser, default: str = "15x15") -> None:
    """``--size`` (cells) and ``--blocks`` (odd block sides), mutually exclusive."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--size", type=cells, default=None, metavar="WxH",
                       help=f"size in cells, e.g. 15x15 (a 31x31-block grid); default {default}")
    group.add_argument("--blocks", type=blocks, default=None, metavar="WxH",
                       help="size as odd block sides, as the original articles count (31x31 = 15x15 cells)")
    parser.set_defaults(default_size=parse_size(default))


def chosen_size(args: argparse.Namespace) -> tuple[int, int]:
    """The size in cells from ``--size``, ``--blocks`` or the default (of a square maze: with
    ``--grid``, a size of three numbers is refused here)."""
    size: tuple[int, ...] = args.size or args.blocks or args.default_size  # (each a cells() pair)
    if len(size) != 2:
        from ..kinds import check_size

        check_size("square", size)  # raises: a square maze's size is two numbers
    return size[0], size[1]


def kind_size_type(text: str) -> tuple[int, ...]:
    """argparse type for ``--size`` with ``--grid``: ``R``, ``WxH`` or ``WxHxL``
    (:func:`meiro.sizes.parse_kind_size`; the kind checks which it takes)."""
    try:
        return parse_kind_size(text)
    except MazeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: ``--size``'s default on a kind whose size is not ``WxH`` (every other: ``15x15``)
KIND_DEFAULT_SIZES = {"theta": (10,), "3d": (8, 8, 3)}


def add_grid_options(parser: argparse.ArgumentParser, default: str = "15x15") -> None:
    """``--grid KIND`` and a ``--size`` that takes every kind's form, with ``--blocks`` for the
    square grid (:func:`grid_size` reads them)."""
    from ..kinds import KINDS

    parser.add_argument("--grid", default="square", choices=tuple(KINDS), metavar="KIND",
                        help=f"grid kind: {', '.join(KINDS)} (default square; meiro list describes them)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--size", type=kind_size_type, default=None, metavar="SIZE",
                       help=f"size in cells: WxH (e.g. 15x15, a 31x31-block grid; default {default}), "
                            "R rings for --grid theta (default 10), WxHxL for --grid 3d (default 8x8x3)")
    group.add_argument("--blocks", type=blocks, default=None, metavar="WxH",
                       help="square grid: size as odd block sides, as the original articles count "
                            "(31x31 = 15x15 cells)")
    parser.set_defaults(default_size=parse_size(default))


def grid_size(args: argparse.Namespace) -> tuple[int, ...]:
    """The size of the options :func:`add_grid_options` added: the square grid's ``(width, height)``
    (:func:`chosen_size`), another kind's as :func:`meiro.kinds.check_size` gives it.
    A size the kind does not take is a :class:`~meiro.MazeError`: one line, exit 2."""
    if args.grid == "square":
        return chosen_size(args)
    from ..kinds import check_size

    if args.blocks is not None:
        raise MazeError(f"--blocks counts the square grid's blocks; give a {args.grid} maze's size "
                        "with --size")
    return check_size(args.grid, args.size or KIND_DEFAULT_SIZES.get(args.grid, args.default_size))


def kind_recipe_of_args(args: argparse.Namespace, size: tuple[int, ...], **changes: Any) -> Recipe:
    """:func:`recipe_of_args` for a maze of ``size`` on the kind ``--grid`` names."""
    if args.grid == "square":
        return recipe_of_args(args, size[0], size[1], **changes)
    return recipe_of_args(args, size[0], size[1] if len(size) > 1 else size[0], grid=args.grid,
                          layers=size[2] if len(size) > 2 else 1, **changes)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` to ``high``.

    Examples
    --------
    >>> whole_number(1, 9)("4")
    4
    >>> whole_number(1, 9)("10")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 9, got '10'
    """
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, got {text!r}")
        return value
    return parse


#: The recipe options' help, which a command may word for itself (``meiro book``'s seed is the book's).
RECIPE_HELP = {
    "seed": "same seed, same maze (default: a fresh one)",
    "algorithm": f"generator: {', '.join(GENERATORS.names())} (default dig = 穴掘り法)",
    "goal": "corner (bottom-right), farthest (from the start), diameter (longest path)",
    "braid": "remove this share (0-1) of the dead ends, making loops (default 0)",
    "mask": "carve only inside a shape (square, hex and triangle grids): a text picture ('.' inside, "
            "'#' outside) or a "
            "black-and-white PNG (light inside), one character or pixel per cell; "
            "sets the size unless --size/--blocks is given",
}


def add_recipe_options(parser: argparse.ArgumentParser, *, with_braid: bool = True, with_mask: bool = False,
                       defaults: bool = True, **wording: str) -> None:
    """The options of a maze's :class:`~meiro.recipe.Recipe`, the same in every command:
    ``--seed``, ``--algorithm``/``-a``, ``--goal``, and ``--braid`` and ``--mask`` where the
    command takes them (:func:`recipe_of_args` makes the recipe).

    ``defaults`` False leaves the algorithm and the goal None when not given (a command that
    chooses them itself); ``wording`` words an option's help for the command.
    """
    words = {**RECIPE_HELP, **wording}
    group = parser.add_argument_group("how the maze is made")
    group.add_argument("--seed", type=seed, default=None, help=words["seed"])
    group.add_argument("--algorithm", "-a", default="dig" if defaults else None,
                       choices=GENERATORS.choices(), metavar="NAME", help=words["algorithm"])
    group.add_argument("--goal", default="corner" if defaults else None, choices=GOALS, help=words["goal"])
    if with_braid:
        group.add_argument("--braid", type=share, default=0.0, metavar="P", help=words["braid"])
    if with_mask:
        group.add_argument("--mask", default=None, metavar="FILE", help=words["mask"])


def recipe_of_args(args: argparse.Namespace, width: int, height: int, **changes: Any) -> Recipe:
    """The :class:`~meiro.recipe.Recipe` of the options :func:`add_recipe_options` added, for a
    maze of ``width x height`` cells; ``changes`` replace what the options say (``mask=``,
    ``seed=``). A value the recipe refuses is a :class:`~meiro.MazeError`: one line, exit 2.
    """
    from ..recipe import Recipe

    given: dict[str, Any] = {"algorithm": args.algorithm or "dig", "seed": args.seed,
                             "goal": args.goal or "corner", "braid": getattr(args, "braid", 0.0)}
    given.update(changes)
    return Recipe(width, height, given.pop("algorithm"), given.pop("seed"), given.pop("goal"), **given)

"""The ``meiro`` command line: ``main(argv) -> exit status``.

Each command is one module with ``add_parser(subparsers)`` and
``run(args) -> int``; :data:`COMMANDS` lists them. Every user error becomes
one line on stderr and exit status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys

from .._version import __version__
from ..errors import MazeError
from . import (animate_cmd, dataset_cmd, generate_cmd, list_cmd, play_cmd, render_cmd, sheet_cmd,
               solve_cmd, stats_cmd)
from .args import ArgumentError, Parser

COMMANDS = (generate_cmd, solve_cmd, play_cmd, render_cmd, sheet_cmd, animate_cmd, stats_cmd, dataset_cmd,
            list_cmd)


def build_parser() -> argparse.ArgumentParser:
    """The parser for every ``meiro`` command."""
    parser = Parser(prog="meiro", description="迷路 meiro: generate, solve, render and play mazes.")
    parser.add_argument("--version", action="version", version=f"meiro {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


def _fail(message: str) -> int:
    print(f"meiro: error: {message}", file=sys.stderr)
    return 2


def _attach_negative_values(argv: list[str]) -> list[str]:
    """Turn ``--size -3x5`` into ``--size=-3x5``.

    argparse reads a value that starts with ``-`` as an option and reports
    "expected one argument"; attached, the value reaches the option's own
    check, which says what is wrong with it.
    """
    out: list[str] = []
    for arg in argv:
        if (out and out[-1].startswith("--") and "=" not in out[-1] and len(arg) > 1
                and arg[0] == "-" and (arg[1].isdigit() or arg[1] == ".")):
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run ``meiro`` with ``argv`` (default ``sys.argv[1:]``) and return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(_attach_negative_values(sys.argv[1:] if argv is None else list(argv)))
        if args.command is None:
            parser.print_help()
            return 2
        return args.run(args)
    except ArgumentError as exc:
        return _fail(f"{exc} (see 'meiro {exc.command} --help')" if exc.command else str(exc))
    except MazeError as exc:
        return _fail(str(exc))
    except MemoryError:
        return _fail("not enough memory for this maze; choose a smaller size")
    except UnicodeEncodeError:
        return _fail("this terminal cannot show these characters; use --style hash "
                     "or set PYTHONIOENCODING=utf-8")
    except BrokenPipeError:
        # the reader (e.g. `head`) went away: stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())

"""The ``meiro`` command line: ``main(argv) -> exit status``; :func:`run` is the program.

Each command is one module with ``add_parser(subparsers)`` and
``run(args) -> int``; :data:`COMMANDS` lists them. Every user error becomes
one line on stderr and exit status 2 — never a traceback. Output that cannot
be written (a full disk, a closed stdout) is such an error too; Ctrl-C ends
with status 130, and a termination signal (SIGTERM, SIGHUP, ...) ends the
program by that signal, after clean-up, saying nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from .. import signals
from .._version import __version__
from ..errors import MazeError
from . import (animate_cmd, book_cmd, dataset_cmd, generate_cmd, list_cmd, play_cmd, render_cmd, sheet_cmd,
               solve_cmd, stats_cmd)
from .args import ArgumentError, Parser
from .output import flush_stdout, output_failed, prepare_streams, silence_stdout

COMMANDS = (generate_cmd, solve_cmd, play_cmd, render_cmd, sheet_cmd, book_cmd, animate_cmd, stats_cmd, dataset_cmd,
            list_cmd)


def build_parser() -> argparse.ArgumentParser:
    """The parser for every ``meiro`` command."""
    parser = Parser(prog="meiro", description="迷路 meiro: generate, solve, render and play mazes.")
    parser.add_argument("--version", action="version", version=f"meiro {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


def _say(text: str) -> None:
    """Write one line to stderr; a stderr that cannot take it is not worth a second error."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def _fail(message: str) -> int:
    _say(f"meiro: error: {message}")
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


def _dispatch(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(_attach_negative_values(sys.argv[1:] if argv is None else list(argv)))
    except SystemExit as exc:  # --help or --version, printed: argparse's way to stop
        return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        parser.print_help()
        return 2
    return args.run(args)


def main(argv: list[str] | None = None) -> int:
    """Run ``meiro`` with ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    Everything is written and flushed before it returns. A termination signal
    turned into :class:`meiro.signals.Terminated` (see :func:`run`) passes
    through, after the command's own clean-up.
    """
    try:
        status = _dispatch(argv)
        flush_stdout()  # a full disk or a closed stdout surfaces here, not at exit
        return status
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
        silence_stdout()
        return 0
    except OSError as exc:
        return _fail(output_failed(exc))
    except KeyboardInterrupt:
        _say("")
        return 130


def run() -> None:
    """The program: streams and signals set up, then :func:`main`, then exit with its status.

    A termination signal (SIGTERM, SIGHUP, ...) raises
    :class:`meiro.signals.Terminated` wherever the command is, so its
    clean-up runs (temporary files, worker processes); then the program ends
    by that same signal, as a shell expects of a killed program.
    """
    prepare_streams()
    signals.install()
    try:
        status = main()
    except signals.Terminated as exc:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        signals.end_by(exc.signum)
    sys.exit(status)

"""The ``meiro`` command line: ``main(argv) -> exit status``; :func:`run` is the program.

Each command is one module with ``add_parser(subparsers)`` and
``run(args) -> int``; :data:`COMMANDS` lists them with their one-line help, and
only the module of the command being run is imported (``meiro --help`` and
``meiro list`` load no kernel and no numba). Every user error becomes
one line on stderr and exit status 2 — never a traceback. Output that cannot
be written (a full disk, a closed stdout) is such an error too; Ctrl-C ends
with status 130, and a termination signal (SIGTERM, SIGHUP, ...) ends the
program by that signal, after clean-up, saying nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
import types
import warnings
from collections.abc import Collection
from typing import TextIO

from ..io import signals
from ..io.formats import FORMATS
from .._version import __version__
from ..errors import MazeError, MeiroWarning
from .args import ArgumentError, Parser
from .output import flush_stdout, output_failed, prepare_streams, silence_stdout

#: command -> (its module in this package, its line in ``meiro --help``), in that order.
#: The line is the module's own ``help=`` (a test checks that they agree).
COMMANDS: dict[str, tuple[str, str]] = {
    "generate": ("generate_cmd", "generate a maze and print it"),
    "solve": ("solve_cmd", "solve a saved maze and print the path"),
    "play": ("play_cmd", "play a maze in a window (or the terminal with --terminal)"),
    "render": ("render_cmd", f"draw a maze file as {FORMATS.title_list('picture')}"),
    "sheet": ("sheet_cmd", "print-ready PDF of several mazes with answer keys"),
    "book": ("book_cmd", "a maze booklet to print: cover, mazes easy to hard, answers (PDF)"),
    "animate": ("animate_cmd", "watch a maze being dug (and solved) in the terminal"),
    "stats": ("stats_cmd", "dead ends, junctions, solution and corridor figures of mazes"),
    "suite": ("suite_cmd", "write a fixed held-out set of mazes to evaluate agents on"),
    "dataset": ("dataset_cmd", "many mazes (and solutions): an .npz file, or Parquet shards for the Hub"),
    "verify": ("verify_cmd", "check answers to maze text tasks (exit 0 right, 1 wrong, 2 bad input)"),
    "list": ("list_cmd", "list the generators, solvers and grid kinds"),
}


def command_module(name: str) -> types.ModuleType:
    """The module of command ``name`` (imported now if it was not)."""
    return importlib.import_module(f"{__name__}.{COMMANDS[name][0]}")


def build_parser(commands: Collection[str | None] | None = None) -> argparse.ArgumentParser:
    """The parser for every ``meiro`` command, or, with ``commands``, for those (each other
    command is a bare entry that knows only its help line, so its module is not imported).
    """
    parser = Parser(prog="meiro", description="迷路 meiro: generate, solve, render and play mazes.")
    parser.add_argument("--version", action="version", version=f"meiro {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (_, line) in COMMANDS.items():
        if commands is None or name in commands:
            command_module(name).add_parser(subparsers)
        else:
            subparsers.add_parser(name, help=line)
    return parser


def _command_in(argv: list[str]) -> str | None:
    """The command ``argv`` runs: its first word that is not an option (``meiro`` itself takes
    no option with a value)."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


def _say(text: str) -> None:
    """Write one line to stderr; a stderr that cannot take it is not worth a second error."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def _fail(message: str) -> int:
    _say(f"meiro: error: {message}")
    return 2


def _show_notes_in_one_line() -> None:
    """Show meiro's own warnings as the program's other messages, ``meiro: note: ...`` on one
    line; any other warning as Python shows it. Filters (``-W``) still decide which are shown."""
    python_shows = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        if issubclass(category, MeiroWarning):
            _say(f"meiro: note: {message}")
        else:
            python_shows(message, category, filename, lineno, file, line)

    warnings.showwarning = show


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
    argv = _attach_negative_values(sys.argv[1:] if argv is None else list(argv))
    parser = build_parser(commands={_command_in(argv)})
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help or --version, printed: argparse's way to stop
        return exc.code if isinstance(exc.code, int) else 0
    if args.command is None:
        parser.print_help()
        return 2
    status: int = args.run(args)
    return status


def main(argv: list[str] | None = None) -> int:
    """Run ``meiro`` with ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    Everything is written and flushed before it returns. A termination signal
    turned into :class:`meiro.io.signals.Terminated` (see :func:`run`) passes
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
    :class:`meiro.io.signals.Terminated` wherever the command is, so its
    clean-up runs (temporary files, worker processes); then the program ends
    by that same signal, as a shell expects of a killed program.
    """
    prepare_streams()
    signals.install()
    _show_notes_in_one_line()
    try:
        status = main()
        signals.raise_if_pending()  # a signal whose exception was lost still ends the program by it
    except signals.Terminated as exc:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        signals.end_by(exc.signum)
    except Exception:
        # after a termination signal or Ctrl-C, what breaks broke because of it: its exception
        # raised inside numba's compiler is lost there, leaving the compiler half-way ("no
        # compiled object yet"). The program ends as that signal ends it, without a traceback.
        signum = signals.pending()
        if signum is None:
            raise
        if signum == signal.SIGINT:
            _say("")
            sys.exit(130)
        signals.end_by(signum)
    sys.exit(status)

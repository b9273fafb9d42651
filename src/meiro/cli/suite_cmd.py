"""``meiro suite``: write a held-out evaluation suite (:mod:`meiro.curriculum.suites`)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..curriculum.suites import INDEX, SUITES, suite_sizes, write_suite
from .args import whole_number

if TYPE_CHECKING:
    from .args import Subparsers


def _sizes(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"sizes are whole numbers of blocks separated by commas, "
                                         f"got {text!r}") from None


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro suite`` and its options to the command's subparsers."""
    sizes = ", ".join(f"{s.blocks} ({s.count} mazes)" for s in SUITES["perfect-maze"])
    p = subparsers.add_parser(
        "suite", help="write a fixed held-out set of mazes to evaluate agents on",
        description="Write a held-out evaluation suite into a new folder: one Parquet dataset folder a "
                    "size (with its card) and suite.json, which lists every file's SHA-256 and each "
                    "size's content SHA-256. The same bytes on every run, so papers can cite them. "
                    f"perfect-maze: perfect dig mazes, start top-left, goal the farthest cell; blocks wide: "
                    f"{sizes}.")
    p.add_argument("suite", choices=tuple(SUITES), help="the suite (perfect-maze)")
    p.add_argument("-o", "--output", required=True, metavar="FOLDER",
                   help="the folder (or fsspec URL) to write it into; new or empty")
    p.add_argument("--sizes", type=_sizes, default=None, metavar="B,B,...",
                   help="only these sizes, in blocks wide (default: all); each size's files are the same")
    p.add_argument("--jobs", "-j", type=whole_number(1, 256), default=1,
                   help="threads to share the work (default 1; the files are the same)")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the suite; print each size's content SHA-256; the exit status."""
    suite_sizes(args.suite, args.sizes)  # a wrong size: one line before anything is made
    say = (lambda line: None) if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    index = write_suite(args.suite, args.output, sizes=args.sizes, jobs=args.jobs, log=say)
    if not args.quiet:
        for entry in index["sizes"]:
            print(f"{entry['blocks']:>4} blocks  {entry['count']:>5} mazes  content sha256 {entry['content_sha256']}")
        print(f"index: {args.output.rstrip('/')}/{INDEX}")
    return 0


__all__ = ["add_parser", "run"]

"""``meiro verify``: check answers to text tasks (:func:`meiro.text.tasks.verify_answer`).

Exit status 0 when every answer is right, 1 when one is wrong, 2 for bad input
(a file that cannot be read, a row without its prompt).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..errors import MazeError
from ..text.tasks import TEXT_FORMATS

if TYPE_CHECKING:
    from .args import Subparsers

#: Largest JSONL file read, in bytes.
MAX_BYTES = 2**31


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro verify`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "verify", help="check answers to maze text tasks (exit 0 right, 1 wrong, 2 bad input)",
        description="Check answers to text tasks. FILE.jsonl: rows of 'meiro dataset --format jsonl', "
                    "each checked against the answer in its --field (default 'answer'; a model's output "
                    "added to each row, say 'output'); prints how many are right. Or a maze file "
                    "(meiro generate -o maze.json) and ANSWER, the text to check ('-' reads it from "
                    "standard input), in --text-format (default: any). Any shortest path is right; "
                    "--any-path accepts any path from start to goal. Exit status 0 when every answer "
                    "is right, 1 when one is wrong, 2 for bad input.")
    p.add_argument("file", help="rows (.jsonl) or a maze file")
    p.add_argument("answer", nargs="?", default=None, help="for a maze file: the answer ('-': standard input)")
    p.add_argument("--field", default="answer", help="the rows' field that holds the answer (default answer)")
    p.add_argument("--text-format", choices=TEXT_FORMATS, default=None,
                   help="the answers' format (default: the rows'; for a maze file, any)")
    p.add_argument("--any-path", action="store_true", help="accept any path, not only a shortest one")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing; the exit status tells")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check the answers; the exit status."""
    from ..text.tasks import verify_answer

    if args.file.lower().endswith(".jsonl"):
        if args.answer is not None:
            raise MazeError("a .jsonl file's rows hold their answers (--field): give no ANSWER")
        rows = _rows(args.file)
        wrong = [i for i, row in enumerate(rows, 1)
                 if not verify_answer(row, row.get(args.field), text_format=args.text_format,
                                      shortest=not args.any_path)]
        if not args.quiet:
            where = f" (wrong: line {', '.join(map(str, wrong[:10]))}{', ...' if len(wrong) > 10 else ''})"
            print(f"{len(rows) - len(wrong)} of {len(rows)} answers right{where if wrong else ''}")
        return 1 if wrong else 0
    from ..io.saving import load
    from ..maze import Maze

    if args.answer is None:
        raise MazeError("give the ANSWER to check after the maze file ('-' reads it from standard input)")
    maze = load(args.file)
    if not isinstance(maze, Maze):
        raise MazeError("text tasks are for square mazes only: this file holds another grid kind")
    text = sys.stdin.read() if args.answer == "-" else args.answer
    right = verify_answer(maze, text, text_format=args.text_format, shortest=not args.any_path)
    if not args.quiet:
        print("right" if right else "wrong")
    return 0 if right else 1


def _rows(path: str) -> list[dict[str, Any]]:
    """The JSON objects of a JSONL file (a MazeError that names the line for anything else)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise MazeError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise MazeError(f"{path} is larger than {MAX_BYTES:,} bytes")
    rows = []
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise MazeError(f"{path}, line {number}: not a JSON object") from None
        if not isinstance(row, dict) or "prompt" not in row or "text_format" not in row:
            raise MazeError(f"{path}, line {number}: a row needs its prompt and text_format")
        rows.append(row)
    if not rows:
        raise MazeError(f"{path} holds no rows")
    return rows

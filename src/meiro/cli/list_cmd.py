"""``meiro list``: the algorithm table, straight from the registries."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..goal_rules import GOALS, goal_title
from ..registry import GENERATORS, SOLVERS
from ..text.columns import display_width

if TYPE_CHECKING:
    from ..registry import Registry
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro list`` to the command's subparsers."""
    p = subparsers.add_parser("list", help="list the generators and solvers",
                              description="List every registered generator and solver.")
    p.add_argument("--lang", default="en", choices=("en", "ja"),
                   help="ja: add each one's Japanese name (as the Japanese game shows it)")
    p.set_defaults(run=run)


def table(registry: Registry, flag: str, lang: str = "en") -> list[str]:
    """Rows ``name  aliases  flag  summary`` for one registry (``ja``: the Japanese name after
    the name)."""
    rows = [(a.name, a.title(lang) if lang != "en" else "", ", ".join(a.aliases) or "-",
             flag if a.exact else "", a.summary) for a in registry]
    widths = [max(display_width(r[i]) for r in rows) for i in range(4)]
    return ["  " + "  ".join(_pad(v, w) for v, w in zip(r[:4], widths) if w) + "  " + r[4]
            for r in rows]


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def run(args: argparse.Namespace) -> int:
    """Print the table of generators and solvers; the exit status."""
    lang = getattr(args, "lang", "en")
    print("generators (--algorithm):")
    print("\n".join(table(GENERATORS, "perfect", lang)))
    print("solvers (--method / --solve):")
    print("\n".join(table(SOLVERS, "shortest", lang)))
    if lang == "ja":
        print("goals (--goal):")
        print("\n".join(f"  {_pad(g, 9)}  {goal_title(g, 'ja')}" for g in GOALS))
    return 0

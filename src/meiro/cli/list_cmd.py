"""``meiro list``: the algorithm table, straight from the registries."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..goal_rules import GOALS, goal_title
from ..kinds import KINDS
from ..registry import GENERATORS, SOLVERS
from ..text.columns import display_width

if TYPE_CHECKING:
    from ..registry import Registry
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro list`` to the command's subparsers."""
    p = subparsers.add_parser("list", help="list the generators, solvers and grid kinds",
                              description="List every registered generator (with the grid kinds it makes), "
                                          "solver and grid kind.")
    p.add_argument("--lang", default="en", choices=("en", "ja"),
                   help="ja: add each one's Japanese name (as the Japanese game shows it)")
    p.set_defaults(run=run)


def table(registry: Registry, flag: str, lang: str = "en", kinds: bool = False) -> list[str]:
    """Rows ``name  aliases  flag  summary`` for one registry (``ja``: the Japanese name after
    the name; ``kinds``: the grid kinds each makes, before the summary)."""
    rows = [(a.name, a.title(lang) if lang != "en" else "", ", ".join(a.aliases) or "-",
             flag if a.exact else "", kinds_of(a.kinds) if kinds else "", a.summary) for a in registry]
    widths = [max(display_width(r[i]) for r in rows) for i in range(5)]
    return ["  " + "  ".join(_pad(v, w) for v, w in zip(r[:5], widths) if w) + "  " + r[5]
            for r in rows]


def kinds_of(names: tuple[str, ...]) -> str:
    """A generator's grid kinds for the table: ``every kind``, or their names.

    >>> kinds_of(("square",)), kinds_of(tuple(KINDS))
    ('square only', 'every kind')
    """
    if set(KINDS) <= set(names):
        return "every kind"
    return ", ".join(names) + (" only" if len(names) == 1 else "")


def kind_rows(lang: str = "en") -> list[str]:
    """Rows ``name  --size form  summary`` of the grid kinds (``ja``: their Japanese names too)."""
    rows = [(k.name, k.title if lang != "en" else "", f"--size {k.size_form}", k.summary)
            for k in KINDS.values()]
    widths = [max(display_width(r[i]) for r in rows) for i in range(3)]
    return ["  " + "  ".join(_pad(v, w) for v, w in zip(r[:3], widths) if w) + "  " + r[3] for r in rows]


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def run(args: argparse.Namespace) -> int:
    """Print the tables of generators, solvers and grid kinds; the exit status."""
    lang = getattr(args, "lang", "en")
    print("generators (--algorithm):")
    print("\n".join(table(GENERATORS, "perfect", lang, kinds=True)))
    print("solvers (--method / --solve):")
    print("\n".join(table(SOLVERS, "shortest", lang)))
    print("grid kinds (--grid):")
    print("\n".join(kind_rows(lang)))
    if lang == "ja":
        print("goals (--goal):")
        print("\n".join(f"  {_pad(g, 9)}  {goal_title(g, 'ja')}" for g in GOALS))
    return 0

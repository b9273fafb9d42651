"""``meiro list``: the algorithm table, straight from the registries."""

from __future__ import annotations

from ..registry import GENERATORS, SOLVERS


def add_parser(subparsers) -> None:
    """Add ``meiro list`` to the command's subparsers."""
    p = subparsers.add_parser("list", help="list the generators and solvers",
                              description="List every registered generator and solver.")
    p.set_defaults(run=run)


def table(registry, flag: str) -> list[str]:
    """Rows ``name  aliases  flag  summary`` for one registry."""
    rows = [(a.name, ", ".join(a.aliases) or "-", flag if a.exact else "", a.summary) for a in registry]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    return [f"  {n:<{widths[0]}}  {al:<{widths[1]}}  {fl:<{widths[2]}}  {s}" for n, al, fl, s in rows]


def run(args) -> int:
    """Print the table of generators and solvers; the exit status."""
    print("generators (--algorithm):")
    print("\n".join(table(GENERATORS, "perfect")))
    print("solvers (--method / --solve):")
    print("\n".join(table(SOLVERS, "shortest")))
    return 0

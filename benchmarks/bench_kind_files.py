"""Writing and reading a grid kind's JSON file, beside the square maze's file of as many cells.

Usage::

    python benchmarks/bench_kind_files.py [--cells 40000] [--kind hex] [--repeat 3]

Prints, in one run, after the machine's load: the time per cell to write
(:func:`meiro.io.graph_json.to_json`) and to read back (:func:`meiro.io.codecs.from_json`)
the file of a ``--kind`` maze of about ``--cells`` cells, the same for the square maze of
as many cells, and the ratios kind / square; then the nesting check that reading runs first
(:func:`meiro.io.files._check_depth`) against the bracket-by-bracket scan it replaces for a
file whose strings hold no escape, and their ratio. Each figure is the best of ``--repeat``
runs.
"""

from __future__ import annotations

import argparse
import math
import os

from timing import best_of

import meiro
from meiro.io import codecs, files, graph_json


def scan_bracket_by_bracket(text: str) -> None:
    """The nesting check as it was before the at-once path: one regex match a bracket."""
    depth = 0
    for match in files._NESTING.finditer(text):
        char = text[match.start()]
        if char in "[{":
            depth += 1
            if depth > files.MAX_DEPTH:
                raise meiro.MazeError("too deep")
        elif char != '"':
            depth -= 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=40_000)
    parser.add_argument("--kind", default="hex", choices=["theta", "hex", "triangle", "weave"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    side = max(2, math.isqrt(args.cells))
    if args.kind == "theta":
        rings = next(r for r in range(1, 4096) if meiro.kinds.geometry_of("theta", (r,)).cells >= args.cells)
        maze = meiro.generate(rings, grid="theta", seed=1)
    else:
        maze = meiro.generate(side, side, grid=args.kind, seed=1)
    square = meiro.generate(side, side, seed=1)
    if hasattr(os, "getloadavg"):
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    kind_text, square_text = graph_json.to_json(maze), codecs.to_json(square)
    rows = []
    for name, m, text, write in ((args.kind, maze, kind_text, graph_json.to_json),
                                 ("square", square, square_text, codecs.to_json)):
        cells = m.cells if name != "square" else side * side
        w = best_of(args.repeat, lambda m=m, write=write: write(m)) / cells
        r = best_of(args.repeat, lambda text=text: codecs.from_json(text)) / cells
        rows.append((name, cells, len(text) / cells, w, r))
        print(f"{name:>8}: {cells:,} cells, {len(text) / cells:.0f} bytes a cell; write {w * 1e6:.2f} us a cell, "
              f"read {r * 1e6:.2f} us a cell")
    print(f"ratio {args.kind} / square a cell: write {rows[0][3] / rows[1][3]:.1f}x, read {rows[0][4] / rows[1][4]:.1f}x")
    at_once = best_of(args.repeat, lambda: files._check_depth(kind_text))
    scan = best_of(args.repeat, lambda: scan_bracket_by_bracket(kind_text))
    print(f"nesting check of the {args.kind} file: at once {at_once * 1e3:.1f} ms, bracket by bracket "
          f"{scan * 1e3:.1f} ms: {scan / at_once:.0f}x")


if __name__ == "__main__":
    main()

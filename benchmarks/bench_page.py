"""How the web page (``meiro render -o maze.html``) does on a huge maze, in headless Chromium.

Usage::

    python benchmarks/bench_page.py [--cells 1000] [--moves 300]

Needs Chromium (Debian's ``chromium``) and ``websocket-client`` (the test extra).
For a 15x15 maze and a ``cells x cells`` one it prints the page's size, the time to
write it, the time to open it (until its script is running), and the time a move
takes inside the page (the key's handler: the rule, the trail, the redraw of the
view; the DevTools round trip is not counted), the mean of ``--moves`` moves along
the answer, with the ratio of the big maze's to the small one's: the view draws
what is on screen only, so a move costs the same whatever the maze's size.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))  # the DevTools page driver the tests use

import meiro  # noqa: E402
from meiro.render.html import render_html  # noqa: E402

KEYS = {(-1, 0): "ArrowUp", (0, 1): "ArrowRight", (1, 0): "ArrowDown", (0, -1): "ArrowLeft"}

#: Presses the keys one after the other inside the page; the milliseconds they took in all
#: (browsers round performance.now() to 0.1 ms, too coarse for one move).
TIME_MOVES = """
((keys) => {
  const t0 = performance.now();
  for (const key of keys) document.dispatchEvent(new KeyboardEvent("keydown", {key: key}));
  return performance.now() - t0;
})(%s)
"""


def measure(cells: int, moves: int, folder: Path) -> dict:
    from browser import Page

    maze = meiro.generate(cells, cells, seed=1)
    t0 = time.perf_counter()
    page_text = render_html(maze, lang="en")
    written = time.perf_counter() - t0
    target = folder / f"maze{cells}.html"
    target.write_text(page_text, encoding="utf-8")
    t0 = time.perf_counter()
    page = Page(target.as_uri(), width=1000, height=800)
    opened = time.perf_counter() - t0
    try:
        page.press(" ")  # skip the digging replay, if the page has one
        page.wait_for("!meiro.digging()")
        path = meiro.solve(maze).path[:moves + 1]
        keys = [KEYS[(int(b[0] - a[0]), int(b[1] - a[1]))] for a, b in zip(path[:-1], path[1:])]
        total = page.evaluate(TIME_MOVES % json.dumps(keys))
        assert page.evaluate("meiro.game.steps") == len(keys)
    finally:
        page.close()
    return {"bytes": len(page_text.encode("utf-8")), "written": written, "opened": opened,
            "move": total / len(keys), "moves": len(keys)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    from browser import CHROMIUM

    if CHROMIUM is None:
        sys.exit("bench_page: needs Chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        small = measure(15, args.moves, Path(tmp))
        big = measure(args.cells, args.moves, Path(tmp))
    for name, r in (("15x15", small), (f"{args.cells}x{args.cells}", big)):
        print(f"{name:>11}: page {r['bytes'] / 1e6:6.2f} MB, written in {r['written'] * 1e3:6.1f} ms, "
              f"opened in {r['opened']:.2f} s, a move {r['move']:.3f} ms (mean of {r['moves']})")
    print(f"a move on {args.cells}x{args.cells} / on 15x15: {big['move'] / max(small['move'], 1e-6):.2f}")


if __name__ == "__main__":
    main()

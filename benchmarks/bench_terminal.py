"""How smooth `meiro play --terminal` is on a huge maze.

Usage::

    python benchmarks/bench_terminal.py [--cells 1000] [--moves 400]

Prints, for a 15x15 maze and a ``cells x cells`` one:

* per zoom (the + / - keys): the time of a move and of a whole-view repaint;

* front-end time per move: model update plus the terminal front end's drawing
  into a recording screen (everything but curses' own output), median of
  ``--moves`` moves along the answer, and the characters written per move;
* keys to screen: ``--moves`` keys typed at once into the real game in a
  pseudo-terminal (needs pexpect and pyte, the test extra) until the counter
  on screen shows them all, i.e. the end-to-end rate including curses output.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import meiro  # noqa: E402
from meiro.game import GameModel, Skip  # noqa: E402
from meiro.ui.terminal_app import TerminalGame, command_for, curses_keys  # noqa: E402

KEYS = {(-1, 0): "k", (0, 1): "l", (1, 0): "j", (0, -1): "h"}


class RecordingScreen:
    """The part of a curses window the game uses, counting the characters written."""

    def __init__(self, lines=40, columns=100):
        self.size = (lines, columns)
        self.written = 0

    def getmaxyx(self):
        return self.size

    def addstr(self, y, x, s, attr=0):
        self.written += len(s)

    def erase(self, *args):
        pass

    move = clrtoeol = refresh = clear = erase


def keys_along(path, count):
    steps = path[1:count + 1] - path[:count]
    return "".join(KEYS[(int(dr), int(dc))] for dr, dc in steps)


def playing(maze, zoom_out=0):
    """The terminal front end on a recording screen, the digging skipped, zoomed out
    ``zoom_out`` times ("-": a column per block, then the half-block map)."""
    model = GameModel(lang="en")
    model.start_maze(maze)
    model.handle(Skip())
    screen = RecordingScreen()
    game = TerminalGame(screen, model, color=False, utf8=True)
    game.draw()
    for _ in range(zoom_out):
        game.on_key(ord("-"))
        game.draw()
    return game, screen


def front_end_per_move(maze, moves, zoom_out=0):
    game, screen = playing(maze, zoom_out)
    keys, codes = curses_keys(), keys_along(meiro.solve(maze).path, moves)
    times, chars = [], []
    for key in codes:
        screen.written = 0
        t0 = time.perf_counter()
        game.on_key(ord(key))
        game.draw()
        times.append(time.perf_counter() - t0)
        chars.append(screen.written)
    assert command_for(ord(codes[0]), keys) is not None
    return statistics.median(times), statistics.median(chars)


def full_repaint(maze, zoom_out, repeats=20):
    """Best time of a whole-view repaint (what a jump of the view or a resize costs)."""
    game, _ = playing(maze, zoom_out)
    best = float("inf")
    for _ in range(repeats):
        game._full = True
        t0 = time.perf_counter()
        game.draw()
        best = min(best, time.perf_counter() - t0)
    return best


def keys_to_screen(cells, seed, moves):
    import pexpect
    import pyte

    maze = meiro.generate(cells, cells, seed=seed)
    keys = keys_along(meiro.solve(maze).path, moves)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "XDG_DATA_HOME": "/nonexistent-meiro-bench"}
    child = pexpect.spawn(sys.executable, ["-m", "meiro", "play", "--terminal", "--size",
                                           f"{cells}x{cells}", "--seed", str(seed), "--lang", "en"],
                          env=env, dimensions=(40, 100), timeout=120)
    screen = pyte.Screen(100, 40)
    stream = pyte.ByteStream(screen)

    def pump_until(text):
        while text not in screen.display[0]:
            stream.feed(child.read_nonblocking(1 << 16, timeout=60))

    pump_until("Seed")
    child.send(" ")
    pump_until("Fewest")
    t0 = time.perf_counter()
    child.send(keys)
    pump_until(f"Steps {moves} ")
    elapsed = time.perf_counter() - t0
    child.send("q")
    child.expect(pexpect.EOF)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    small = meiro.generate(15, 15, seed=args.seed)
    big = meiro.generate(args.cells, args.cells, seed=args.seed)
    small_moves = min(args.moves, len(meiro.solve(small).path) - 1)
    t_small, c_small = front_end_per_move(small, small_moves)
    t_big, c_big = front_end_per_move(big, args.moves)
    print(f"front end per move, 15x15:     {t_small * 1e3:6.3f} ms, {c_small:.0f} chars")
    print(f"front end per move, {args.cells}x{args.cells}: {t_big * 1e3:6.3f} ms, {c_big:.0f} chars "
          f"(ratio {t_big / t_small:.2f})")
    for name, zoom_out in (("wide", 0), ("narrow", 1), ("map", 2)):
        t_move, _ = front_end_per_move(big, args.moves, zoom_out)
        t_full = full_repaint(big, zoom_out)
        print(f"zoom {name:6s} {args.cells}x{args.cells}: a move {t_move * 1e3:6.3f} ms, "
              f"a full 40x100 repaint {t_full * 1e3:5.2f} ms")
    try:
        elapsed = keys_to_screen(args.cells, args.seed, args.moves)
    except ImportError:
        print("keys to screen: skipped (pip install pexpect pyte)")
        return
    print(f"keys to screen, {args.cells}x{args.cells}: {args.moves} keys in {elapsed:.2f} s "
          f"({elapsed / args.moves * 1e3:.2f} ms a key, including a full redraw at each jump "
          f"of the view)")


if __name__ == "__main__":
    main()

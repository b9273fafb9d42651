"""How soon a player can play: time from ``meiro play`` to the first move, cold and warm.

Usage::

    python benchmarks/bench_first_play.py [--sizes 20x20 300x300] [--no-window] [--no-terminal]

For each front end (the window under a private Xvfb display, the terminal game in a
pseudo-terminal of 80x24) and maze size, ``meiro play --size WxH`` is started as a fresh
process with an empty numba cache (*cold*: a fresh install), then again with the cache that
run filled (*warm*). The time measured runs from the launch to the first move: the maze
dug (Space skips the replay) and an arrow key answered. The window's row also gives when it
appeared and the longest time any callback held its event loop.

The reference row times what the game used to do before its window answered: compile the
game's kernels (``prepare_kernels``) in a fresh process, cold and warm. Ratios are of
figures measured in this run, so they hold on another machine while the seconds are this one's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import private_display

SRC = Path(__file__).resolve().parent.parent / "src"

WINDOW = r"""
import gc, json, sys, time
t0, size = float(sys.argv[1]), sys.argv[2]
import tkinter as tk
seen = {}
original = tk.Misc.mainloop

def watched(root, n=0):
    from meiro.ui.tk_app import MazeApp
    from meiro.game import Phase
    app = next(o for o in gc.get_objects() if isinstance(o, MazeApp))
    gaps, last = [0.0], [time.monotonic()]

    def beat():
        now = time.monotonic()
        gaps[0] = max(gaps[0], now - last[0] - 0.02)
        last[0] = now
        root.after(20, beat)

    def key(name):
        root.event_generate("<KeyPress>", keysym=name, when="tail")

    def step():
        now = time.monotonic() - t0
        if "window" not in seen and root.winfo_viewable():
            seen["window"] = now
        if "window" in seen and "played" not in seen and app.model.maze is not None:
            if app.model.phase is Phase.DIGGING:
                key("space")
            elif app.model.moves == 0:
                key("Right"); key("Down")
            else:
                seen["played"] = now
        if "played" in seen and app.session.warmup is None:
            seen["ready"] = now
            seen["gap"] = gaps[0]
            app.close()
            return
        root.after(20, step)

    root.after(20, beat)
    root.after(5, step)
    original(root, n)

tk.Misc.mainloop = watched
from meiro.cli import main
try:
    main(["play", "--size", size, "--seed", "5", "--lang", "en"])
finally:
    print(json.dumps(seen))
"""


def _env(cache: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "MEIRO_JIT"}
    env.update(PYTHONPATH=str(SRC), NUMBA_CACHE_DIR=str(cache), **more)
    return env


def window(size: str, cache: Path, display: str, home: Path) -> dict[str, float]:
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-c", WINDOW, str(t0), size], capture_output=True, text=True,
                          env=_env(cache, DISPLAY=display, HOME=str(home)), cwd=home, timeout=1800)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    seen: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def terminal(size: str, cache: Path, home: Path) -> dict[str, float]:
    import re

    import pexpect
    import pyte

    t0 = time.monotonic()
    child = pexpect.spawn(sys.executable, ["-m", "meiro", "play", "-t", "--size", size, "--seed", "5",
                                           "--lang", "en"], cwd=str(home), dimensions=(24, 80),
                          env=_env(cache, TERM="xterm-256color", LANG="C.UTF-8", HOME=str(home)))
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    def until(pattern: str) -> float:
        while not any(re.search(pattern, line) for line in screen.display):
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.02))
            except pexpect.TIMEOUT:
                pass
        return time.monotonic() - t0

    seen = {"screen": until(r"Time|Digging")}
    until(r"Digging")
    child.send(" ")
    until(r"Fewest moves")
    child.send("\x1bOC\x1bOB")
    seen["played"] = until(r"Moves [1-9]")
    while _warming(child.pid):  # the compiled kernels made: the cache is full for the warm run
        try:
            stream.feed(child.read_nonblocking(65536, timeout=0.2))
        except pexpect.TIMEOUT:
            pass
    child.send("q")
    child.expect(pexpect.EOF, timeout=60)
    return seen


def _warming(pid: int) -> bool:
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid and b"meiro.game.prepare" in command:
            return True
    return False


def reference(cache: Path) -> float:
    code = "from meiro.game.prepare import prepare_kernels; prepare_kernels()"
    t0 = time.monotonic()
    subprocess.run([sys.executable, "-c", code], env=_env(cache, MEIRO_JIT="1"), check=True)
    return time.monotonic() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["20x20", "300x300"])
    parser.add_argument("--no-window", action="store_true")
    parser.add_argument("--no-terminal", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        cache = home / "ref-cache"
        ref = {"cold": reference(cache), "warm": reference(cache)}
        print(f"{'reference: prepare_kernels (what the window waited for)':58} cold {ref['cold']:6.2f} s"
              f"  warm {ref['warm']:6.2f} s")
        server = None if args.no_window else private_display()
        try:
            for size in args.sizes:
                runs: list[tuple[str, object]] = []
                if server is not None:
                    runs.append(("window", lambda s, c: window(s, c, server[1], home)))
                if not args.no_terminal:
                    runs.append(("terminal 80x24", lambda s, c: terminal(s, c, home)))
                for name, run in runs:
                    cache = home / f"cache-{name[:4]}-{size}"
                    cold = run(size, cache)  # type: ignore[operator]
                    warm = run(size, cache)  # type: ignore[operator]
                    extra = ""
                    if "window" in cold:
                        extra = (f"  (window shown cold {cold['window']:.2f} s, warm {warm['window']:.2f} s;"
                                 f" longest callback cold {cold['gap']:.2f} s)")
                    print(f"{name + ' ' + size + ': first move':58} cold {cold['played']:6.2f} s"
                          f"  warm {warm['played']:6.2f} s  cold/reference-cold "
                          f"{cold['played'] / ref['cold']:.2f}{extra}")
        finally:
            if server is not None:
                server[0].terminate()
                server[0].wait()


if __name__ == "__main__":
    main()

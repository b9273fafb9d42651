"""How smooth `meiro play` is on a huge maze: redraw per move, digging animation, memory.

Usage::

    python benchmarks/bench_game.py [--cells 1000] [--canvas 1000]

Runs the real Tk window (on $DISPLAY, or on a private Xvfb when DISPLAY is unset
and Xvfb is installed) with a 1000x1000-cell maze (2001x2001 blocks) and prints:

* the time from a key press to the finished repaint of one move (model update,
  render of the changed pixels, copy into the PhotoImage, Tk idle tasks);
* the wall time of the whole digging animation, frame count and mean frame time;
* the "watch the search" window (key f): the time to open it (both searches
  recorded, their replay events computed), the wall time of the whole A* and
  BFS replay, and the mean and longest frame;
* the peak resident memory of the process.

Targets: a move redraws in < 20 ms, the digging animation finishes in < 10 s,
the search replay finishes in < 10 s with no frame over 50 ms, memory stays < 1 GB.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import meiro
from meiro.game import KEYMAP, GameModel, Phase
from timing import private_display

STEP_KEYS = {(-1, 0): "Up", (0, 1): "Right", (1, 0): "Down", (0, -1): "Left"}


def start_display() -> subprocess.Popen | None:
    if os.environ.get("DISPLAY"):
        return None
    started = private_display("1920x1200x24")
    if started is None:
        sys.exit("no DISPLAY and no Xvfb: run under a display or install xvfb")
    server, os.environ["DISPLAY"] = started
    return server


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cells", type=int, default=1000)
    parser.add_argument("--canvas", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=400)
    args = parser.parse_args()
    server = start_display()
    try:
        run(args)
    finally:
        if server is not None:
            server.terminate()
            server.wait()


def run(args) -> None:
    import tkinter as tk

    from meiro.ui.tk_app import MazeApp

    meiro.solve(meiro.generate(5, 5, seed=1))  # compile the kernels outside the timings
    n = args.cells
    t0 = time.perf_counter()
    maze = meiro.generate(n, n, algorithm="dig", seed=1)
    t_gen = time.perf_counter() - t0
    model = GameModel(lang="en")
    t0 = time.perf_counter()
    model.start_maze(maze)  # replay log + A* answer
    t_prepare = time.perf_counter() - t0
    root = tk.Tk()
    app = MazeApp(root, model, canvas_size=args.canvas)
    root.update()

    # digging: the real after() loop, until the maze is playable
    frames = 0
    frame_times = []
    t0 = time.perf_counter()
    original = app._frame

    def counted():
        nonlocal frames
        start = time.perf_counter()
        original()
        frame_times.append(time.perf_counter() - start)
        frames += 1

    app._frame = counted
    app._anim_job and root.after_cancel(app._anim_job)
    app._anim_job = None
    app._schedule()
    while model.phase is Phase.DIGGING:
        root.update()
    t_dig = time.perf_counter() - t0

    # moves: key press -> repaint done, walking the answer
    path = meiro.solve(maze).path
    move_times = []
    for a, b in zip(path[:args.moves], path[1:args.moves + 1]):
        key = STEP_KEYS[(int(b[0] - a[0]), int(b[1] - a[1]))]
        start = time.perf_counter()
        app.dispatch(KEYMAP[key])
        root.update_idletasks()
        move_times.append(time.perf_counter() - start)
    assert model.player == tuple(path[min(args.moves, len(path) - 1)])
    search = watch_search(root, app)
    root.destroy()

    blocks = maze.shape[0] * maze.shape[1]
    move_times.sort()
    print(f"maze: {n}x{n} cells = {maze.shape[1]}x{maze.shape[0]} blocks ({blocks:,} blocks), "
          f"canvas {args.canvas}x{args.canvas} px, view {app.view.px:.1f} px/block")
    print(f"generate: {t_gen:.2f} s; carving log + A* answer: {t_prepare:.2f} s")
    print(f"digging animation: {t_dig:.2f} s wall ({frames} frames, mean frame "
          f"{1000 * statistics.mean(frame_times):.1f} ms, {model.dig_total // max(frames, 1):,} "
          f"blocks per frame)   target < 10 s")
    print(f"move redraw over {len(move_times)} moves: median {1000 * statistics.median(move_times):.2f} ms, "
          f"p95 {1000 * move_times[int(0.95 * len(move_times))]:.2f} ms, "
          f"max {1000 * move_times[-1]:.2f} ms (includes view scrolls)   target < 20 ms")
    print(f"search window: opened in {search['open']:.2f} s; A* {search['astar']:,} and BFS "
          f"{search['bfs']:,} expansions replayed in {search['wall']:.2f} s wall ({search['frames']} "
          f"frames, {search['bfs'] // search['frames']:,} positions a frame, mean {search['mean']:.1f} ms, "
          f"max {search['max']:.1f} ms, peak RSS then {search['rss']:.0f} MiB); "
          f"reopened, Space to the end: {search['skip']:.1f} ms   "
          f"target < 10 s, frames < 50 ms")
    print(f"peak memory (RSS): {peak_rss_mib():.0f} MiB   target < 1024 MiB")


def watch_search(root, app) -> dict:
    """Press f and let both searches replay to the end through the window's own frame loop."""
    t0 = time.perf_counter()
    app.dispatch(KEYMAP["f"])
    search = app._search_window
    root.update()
    t_open = time.perf_counter() - t0
    frame_times = []
    original = search._frame

    def counted():
        start = time.perf_counter()
        original()
        root.update_idletasks()  # the repaint is part of the frame
        frame_times.append(time.perf_counter() - start)

    search._frame = counted
    search._job and search.top.after_cancel(search._job)
    search.watch.begin()
    search._job = search.top.after(1, search._frame)
    t0 = time.perf_counter()
    while not search.done:
        root.update()
    wall = time.perf_counter() - t0
    astar, bfs = search.replays
    totals = {"astar": astar.total, "bfs": bfs.total, "rss": peak_rss_mib()}
    del search._frame  # drop the timing wrapper, so the window can be freed when replaced
    search = astar = bfs = None
    # Space at the very start: both whole searches in one repaint
    app.dispatch(KEYMAP["f"])
    root.update()
    start = time.perf_counter()
    app._search_window.finish()
    root.update_idletasks()
    skip = time.perf_counter() - start
    return {"skip": 1000 * skip, "open": t_open, "wall": wall, "frames": len(frame_times),
            "mean": 1000 * statistics.mean(frame_times), "max": 1000 * max(frame_times), **totals}


if __name__ == "__main__":
    main()

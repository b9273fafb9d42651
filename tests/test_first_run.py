"""The first run never freezes: the game is on screen and a small maze playable at once, on the
plain-Python kernels, while the compiled ones are made in another process and switched to.

The screen tests start ``meiro play`` with an empty numba cache (a fresh install): the window
under Xvfb, the terminal game in a pseudo-terminal. Their bounds are generous (a loaded machine
is slow); what they insist on is the order of events: the maze is played *before* the compiled
kernels are ready, and they do get ready, by themselves.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import meiro
from meiro.game import GameModel, GameSession, StartStop
from meiro.game.prepare import KernelWarmup, needs_compiled

SRC = str(Path(meiro.__file__).resolve().parent.parent)


class FakeWarmup:
    """A warm-up the test finishes by hand."""

    def __init__(self):
        self.started, self.failed, self._ready, self.stopped = True, "", False, False

    @property
    def ready(self):
        return self._ready

    def poll(self):
        return self._ready

    def stop(self):
        self.stopped = True


def test_a_big_maze_waits_for_the_compiled_kernels_and_starts_by_itself():
    now = [0.0]
    session = GameSession(GameModel(clock=lambda: now[0], lang="en"))
    session.warmup = warmup = FakeWarmup()
    session.type_size("9")
    assert session.command(StartStop()) and session.model.maze is not None  # small: at once
    session.command(StartStop())  # back to the entry
    session.type_size("101")  # 50 x 50 cells: too big for the Python kernels
    assert needs_compiled(50 * 50)
    assert session.command(StartStop())
    assert session.waiting and session.model.maze.shape == (9, 9)  # the old maze stays
    assert session.info.startswith("Preparing")
    assert not session.poll() and session.waiting
    warmup._ready = True
    assert session.poll()
    assert session.model.maze.shape == (101, 101) and session.info == "" and session.warmup is None
    assert not session.poll()  # nothing more to do


def test_a_failed_warmup_lets_big_mazes_run_on_the_python_kernels():
    session = GameSession(GameModel(lang="en"))
    session.warmup = warmup = FakeWarmup()
    warmup.failed = "ModuleNotFoundError: No module named 'numba'"
    session.type_size("71")
    session.command(StartStop())
    assert not session.waiting and session.model.maze.shape == (71, 71)


def test_the_notice_goes_by_itself_once_ready_but_news_stays():
    session = GameSession(GameModel(lang="ja"))
    session.warmup = warmup = FakeWarmup()
    session.notice = session.t("preparing")
    session.say("保存しました", ok=True)
    warmup._ready = True
    assert session.poll() and session.notice == ""
    assert session.info == "保存しました"


def test_a_warmup_in_a_compiled_process_is_ready_at_once():
    from meiro.kernels.jit import mode

    if mode() != "numba":
        pytest.skip("needs compiled kernels in this process")
    warmup = KernelWarmup("dig", "corner")
    assert warmup.ready and warmup.poll()
    warmup.start()
    assert not warmup.started  # nothing to start


SWITCH = r"""
import json, sys
from meiro.kernels import jit
from meiro.kernels.small_jobs import prefer_python
prefer_python()
import meiro
from meiro.game.prepare import KernelWarmup
before = meiro.generate(12, 9, seed=3, goal="farthest")
path = meiro.solve(before, "astar").path.tolist()
warmup = KernelWarmup("dig", "farthest")
warmup.start()
python_while_warming = jit.mode()
import time
end = time.monotonic() + 600
while not warmup.poll() and not warmup.failed and time.monotonic() < end:
    time.sleep(0.05)
after = meiro.generate(12, 9, seed=3, goal="farthest")
import meiro.generators.dig as dig
print(json.dumps({"while": python_while_warming, "mode": jit.mode(), "failed": warmup.failed,
                  "same": bool(after == before), "path": meiro.solve(after, "astar").path.tolist() == path,
                  "compiled": sorted({type(v).__name__ for v in vars(dig).values()
                                      if type(v).__name__.endswith("Dispatcher")})}))
"""


@pytest.mark.slow
def test_a_warmup_before_any_kernel_was_made_leaves_every_kernel_compiled(tmp_path):
    code = ("from meiro.kernels.small_jobs import prefer_python; prefer_python()\n"
            "import time\nfrom meiro.game.prepare import KernelWarmup\n"
            "w = KernelWarmup('dig', 'corner'); w.start()\n"
            "while not w.poll() and not w.failed: time.sleep(0.05)\n"
            "import meiro, meiro.generators.dig as d; meiro.generate(40, 40)\n"
            "print(type(d._dig_kernel).__name__, repr(w.failed))")
    env = {**os.environ, "PYTHONPATH": SRC, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("MEIRO_JIT", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["CPUDispatcher", "''"]


@pytest.mark.slow
def test_the_python_kernels_give_way_to_compiled_ones_that_make_the_same_mazes(tmp_path):
    env = {**os.environ, "PYTHONPATH": SRC, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("MEIRO_JIT", None)
    done = subprocess.run([sys.executable, "-c", SWITCH], env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report == {"while": "python", "mode": "numba", "failed": "", "same": True, "path": True,
                      "compiled": ["CPUDispatcher"]}
    assert any((tmp_path / "cache").rglob("*.nbi"))  # the other process filled the cache


# -- the screen ---------------------------------------------------------------------------------

WINDOW = r"""
import gc, json, sys, time
t0 = float(sys.argv[1])
import tkinter as tk
seen = {}
original = tk.Misc.mainloop

def watched(root, n=0):
    from meiro.ui.tk_app import MazeApp
    app = next(o for o in gc.get_objects() if isinstance(o, MazeApp))
    gaps = [0.0]
    last = [time.monotonic()]

    def beat():  # the longest wait between two 20 ms timers: how long a callback held the loop
        now = time.monotonic()
        gaps[0] = max(gaps[0], now - last[0] - 0.02)
        last[0] = now
        root.after(20, beat)

    def key(name):
        root.event_generate("<KeyPress>", keysym=name, when="tail")

    def step():
        now = time.monotonic() - float(t0)
        if "window" not in seen and root.winfo_viewable():
            seen["window"] = now
            seen["notice"] = app.vars["info"].get()
            key("space")  # skip the digging
        elif "window" in seen and "played" not in seen:
            if app.model.moves == 0:
                key("Right"); key("Down")
            else:
                seen["played"] = now
                seen["ready_then"] = app.session.warmup is None
                seen["moves"] = app.model.moves
        elif "played" in seen and app.session.warmup is None:
            seen["ready"] = now
            seen["notice_after"] = app.vars["info"].get()
            seen["gap"] = gaps[0]
            from meiro.kernels import jit
            seen["mode"] = jit.mode()
            app.close()
            return
        if now > 600:
            app.close()
            return
        root.after(50, step)

    root.after(20, beat)
    root.after(10, step)
    original(root, n)

tk.Misc.mainloop = watched
from meiro.cli import main
try:
    main(["play", "--size", "8x8", "--seed", "5", "--lang", "en"])
finally:
    print(json.dumps(seen))
"""


def fresh_env(tmp_path, **more):
    env = {k: v for k, v in os.environ.items() if k != "MEIRO_JIT"}
    env.update(PYTHONPATH=SRC, NUMBA_CACHE_DIR=str(tmp_path / "cache"), HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path / "data"), **more)
    return env


@pytest.mark.slow
def test_the_window_opens_and_plays_at_once_on_a_fresh_install(display, tmp_path):
    pytest.importorskip("tkinter")
    t0 = time.monotonic()
    done = subprocess.run([sys.executable, "-c", WINDOW, str(t0)], env=fresh_env(tmp_path, DISPLAY=display),
                          capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    # on screen, and the 8x8 maze played, before the compiled kernels were ready (a cold cache
    # takes 15-20 s to compile; the Python kernels need none of it)
    assert seen["window"] < 10, seen  # ~1 s on an idle machine
    assert seen["notice"].startswith("Getting the compiled parts"), seen
    assert seen["moves"] >= 1 and not seen["ready_then"], seen
    assert seen["played"] - seen["window"] < 10, seen  # ~0.1 s
    # then the kernels switched by themselves and the notice went
    assert seen["mode"] == "numba" and seen["notice_after"] == "", seen
    assert seen["gap"] < 2.0, seen  # no callback held the window for long (~0.1 s idle machine)


def warming(pid):
    """Whether process ``pid`` has a child filling numba's cache."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and b"meiro.game.prepare" in command:
            return True
    return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_terminal_game_opens_and_plays_at_once_on_a_fresh_install(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    pyte = pytest.importorskip("pyte")
    env = fresh_env(tmp_path, TERM="xterm-256color", LANG="C.UTF-8")
    t0 = time.monotonic()
    child = pexpect.spawn(sys.executable, ["-m", "meiro", "play", "-t", "--size", "8x8", "--seed", "5",
                                           "--lang", "en"], env=env, cwd=str(tmp_path),
                          dimensions=(24, 80), timeout=20)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    def shown(text, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                pass
            if any(text in line for line in screen.display):
                return time.monotonic() - t0
        raise AssertionError(f"never showed {text!r}:\n" + "\n".join(screen.display))

    try:
        first = shown("Digging...", 30)  # the game, already digging the maze given
        # the cache-filling process, started by a thread as the game opened (it may still be
        # between fork and exec when the first screen arrives, on a busy machine)
        end = time.monotonic() + 10
        while not warming(child.pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert warming(child.pid)
        child.send(" ")  # skip the digging
        shown("Fewest moves", 30)
        child.send("\x1bOC")
        child.send("\x1bOB")
        played = shown("Moves 1", 30)
        assert first < 10 and played - first < 10
        assert warming(child.pid)  # played while the compiled kernels were still being made
        end = time.monotonic() + 600
        while warming(child.pid):  # they get ready by themselves
            assert time.monotonic() < end, "\n".join(screen.display)
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                pass
        assert any((tmp_path / "cache").rglob("*.nbi"))
        child.send("q")
        child.expect(pexpect.EOF, timeout=30)
    finally:
        child.close(force=True)

"""Commands stopped by a signal at any moment: no traceback, no part file, no process left behind.

Each case starts a command in its own session, sends it a termination signal
after a delay (from inside ``import meiro`` to the middle of the writing) and
then checks what a user would: how it ended, what it printed, what it left.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import meiro

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads the process table from /proc")

COMMANDS = {
    "generate": ["generate", "--size", "600x600", "-q", "-o", "a.json", "-o", "b.svg", "-o", "c.npz"],
    "dataset": ["dataset", "-n", "20000", "--size", "12x12", "--solve", "bfs", "-j", "2", "-o", "d.npz"],
    "render": ["render", "m.json", "-o", "out.gif", "-o", "out.png", "-o", "out.svg"],
    "stats": ["stats", "--algorithm", "wilson", "--size", "30x30", "--count", "300"],
    "solve": ["solve", "m.json", "--method", "tremaux"],
}
#: what each command writes when it finishes
OUTPUTS = {"generate": ["a.json", "b.svg", "c.npz"], "dataset": ["d.npz"],
           "render": ["out.gif", "out.png", "out.svg"], "stats": [], "solve": []}
SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]


def _cases():
    """Every command with every signal, each at its own moment from start-up to the writing."""
    draw = random.Random(20261201)  # the same moments on every run
    return [(command, signum, round(draw.uniform(0.05, 2.0), 2))
            for command in sorted(COMMANDS) for signum in SIGNALS]


def session_members(session: int) -> list[int]:
    """Processes whose session id is ``session`` (they were started by the command)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            members.append(int(entry.name))
    return members


@pytest.mark.parametrize("command, signum, delay", _cases())
def test_a_signal_at_any_moment_leaves_nothing_behind(tmp_path, command, signum, delay):
    meiro.save(meiro.generate(300, 300, seed=3), tmp_path / "m.json")
    before = set(tmp_path.iterdir())
    proc = subprocess.Popen([sys.executable, "-m", "meiro", *COMMANDS[command]], cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        time.sleep(delay)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
        deadline = time.monotonic() + 10
        while session_members(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        left_running = session_members(proc.pid)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if proc.poll() is None:
            proc.wait()
    ended = {0, -signum, 128 + signum} | ({130} if signum == signal.SIGINT else set())
    assert proc.returncode in ended, (proc.returncode, err)
    assert "Traceback" not in err and err.count("\n") <= 1, err
    assert not left_running, f"still running after the command ended: {left_running}"
    after = set(tmp_path.iterdir())
    assert [p.name for p in after if p.name.endswith(".part")] == []
    # all outputs or none: a signal after the last rename ends a command whose work is done
    written = sorted(p.name for p in after - before)
    assert written in ([], OUTPUTS[command]), written
    if proc.returncode == 0:
        assert written == OUTPUTS[command]

"""`meiro animate` turns on a Windows console's escape sequences first (the platform faked here)."""

import io

import pytest

from meiro.cli.console import ENABLE_VIRTUAL_TERMINAL_PROCESSING, enable_escapes


class Console:
    def __init__(self, mode, accepts=True, handle_error=None):
        self.mode, self.accepts, self.handle_error, self.set_to = mode, accepts, handle_error, None

    def handle(self, fd):
        if self.handle_error:
            raise self.handle_error
        return 40 + fd

    def get_mode(self, handle):
        assert handle == 41
        return self.mode

    def set_mode(self, handle, mode):
        self.set_to = mode
        return self.accepts


class Stdout(io.StringIO):
    def fileno(self):
        return 1


def test_a_windows_console_gets_virtual_terminal_mode_added_to_what_it_had():
    console = Console(0x0003)
    assert enable_escapes(Stdout(), platform="win32", console=console)
    assert console.set_to == 0x0003 | ENABLE_VIRTUAL_TERMINAL_PROCESSING


def test_a_console_already_in_that_mode_is_left_alone():
    console = Console(0x0007)
    assert enable_escapes(Stdout(), platform="win32", console=console) and console.set_to is None


@pytest.mark.parametrize("console", [Console(None), Console(3, accepts=False),
                                     Console(3, handle_error=OSError("not a console"))])
def test_no_console_or_an_old_one_means_no_escapes(console):
    assert not enable_escapes(Stdout(), platform="win32", console=console)


def test_other_systems_need_nothing():
    assert enable_escapes(io.StringIO(), platform="darwin", console=None)


def test_animate_prints_the_maze_when_the_console_cannot_draw(monkeypatch, capsys):
    from meiro.cli import animate_cmd, main

    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    monkeypatch.setattr(animate_cmd, "enable_escapes", lambda stream: False)
    assert main(["animate", "--size", "4x3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out and out.splitlines()[-1].startswith("4x3 dig seed 2")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_slow_first_run_says_it_is_preparing_and_wipes_the_notice():
    import time

    from meiro.cli.output import notice_if_slow

    slow = Terminal()
    with notice_if_slow("preparing…", after=0.05, stream=slow):
        time.sleep(0.5)
    assert slow.getvalue() == "preparing…\r\x1b[K"
    fast = Terminal()
    with notice_if_slow("preparing…", after=5, stream=fast):
        pass
    assert fast.getvalue() == ""


def _run_in_terminal(args, answer: bytes | None, env=None):
    """``meiro ARGS`` in a pseudo-terminal that answers the cursor-position question with
    ``answer`` (None: no answer); everything it printed, and the exit status."""
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    environment = {key: value for key, value in os.environ.items() if key != "MEIRO_AMBIGUOUS"}
    environment.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", **(env or {})})
    child = pexpect.spawn(sys.executable, ["-m", "meiro", *args], env=environment, timeout=60,
                          dimensions=(40, 120))
    out = b""
    asked = False
    while True:
        try:
            out += child.read_nonblocking(65536, timeout=5)
        except pexpect.EOF:
            break
        except pexpect.TIMEOUT:
            break
        if not asked and b"\x1b[6n" in out:
            asked = True
            if answer is not None:
                child.send(answer)
    child.close()
    return out.decode("utf-8"), child.exitstatus, asked


@pytest.mark.skipif(__import__("os").name != "posix", reason="a pseudo-terminal")
def test_block_rows_line_up_where_the_square_is_one_column_wide():
    import unicodedata

    import meiro

    out, status, asked = _run_in_terminal(["generate", "--size", "6x4", "--seed", "2", "--style", "block"],
                                          b"\x1b[1;2R")  # ■ took one column
    assert status == 0 and asked
    maze = meiro.generate(6, 4, seed=2)
    rows = [line for line in out.split("\x1b[K")[-1].replace("\r", "").split("\n") if line.startswith("■")]
    assert len(rows) == maze.shape[0]

    def columns(line):  # as such a terminal draws it: ■ ◎ △ one column, the rest as Unicode says
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)

    # every block two columns wide: all rows equally long, the walls doubled
    assert {columns(row) for row in rows} == {2 * maze.shape[1]}
    assert rows[0] == "■■" * maze.shape[1]


@pytest.mark.skipif(__import__("os").name != "posix", reason="a pseudo-terminal")
@pytest.mark.parametrize("answer, env", [(b"\x1b[1;3R", None),             # ■ took two columns
                                         (None, {"MEIRO_AMBIGUOUS": "wide"})])
def test_block_rows_stay_the_article_s_where_the_square_is_two_columns_wide(answer, env):
    import meiro

    out, status, _ = _run_in_terminal(["generate", "--size", "6x4", "--seed", "2", "--style", "block"],
                                      answer, env)
    assert status == 0
    expected = meiro.render_text(meiro.generate(6, 4, seed=2), style="block").splitlines()
    maze_text = out.split("\x1b[K")[-1]  # after the test square, which the terminal then wiped
    shown = [line for line in maze_text.replace("\r", "").split("\n") if line.startswith("■")]
    assert shown == expected


def test_a_file_always_gets_the_article_s_block_characters(tmp_path):
    import subprocess
    import sys

    import meiro

    out = subprocess.run([sys.executable, "-m", "meiro", "generate", "--size", "6x4", "--seed", "2",
                          "--style", "block"], capture_output=True, text=True, timeout=60,
                         env={**__import__("os").environ, "MEIRO_AMBIGUOUS": "narrow"})
    assert out.stdout.splitlines() == meiro.render_text(meiro.generate(6, 4, seed=2), style="block").splitlines()

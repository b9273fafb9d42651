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

"""Writing output files: special files, links, modes, signals, several files at once, save by name."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import meiro
from meiro.errors import MazeError
from meiro.io.writing import OutputSet, check_target, write_atomic

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, /dev and signals as on POSIX")


def meiro_cli(*args, cwd, **kwargs):
    return subprocess.run([sys.executable, "-m", "meiro", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120, **kwargs)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# ---------------------------------------------------------------- special files


@posix_only
def test_dev_null_stays_a_device(tmp_path):
    out = meiro_cli("generate", "-q", "-o", "/dev/null", "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@posix_only
def test_a_name_that_tells_no_format_is_refused_in_one_line(tmp_path):
    out = meiro_cli("generate", "-q", "-o", "/dev/null", cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "--format" in out.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@posix_only
def test_dev_stdout_reaches_stdout(tmp_path):
    out = meiro_cli("generate", "--size", "3x2", "--seed", "1", "-q", "-o", "/dev/stdout", "--format", "txt",
                    cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == meiro.render_text(meiro.generate(3, 2, seed=1)) + "\n"


@posix_only
def test_dev_stdout_appended_to_a_file_keeps_what_was_there(tmp_path):
    log = tmp_path / "log.txt"
    log.write_text("earlier line\n")
    with open(log, "a") as stdout:
        out = subprocess.run([sys.executable, "-m", "meiro", "generate", "--size", "2x1", "-q",
                              "-o", "/dev/stdout", "--format", "json"], stdout=stdout,
                             stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    text = log.read_text()
    assert text.startswith("earlier line\n{") and '"format": "meiro-maze"' in text
    assert leftovers(tmp_path) == []


@posix_only
def test_fifo_is_written_through_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    out = meiro_cli("generate", "--size", "4x3", "--seed", "2", "-q", "-o", fifo, "--format", "json",
                    cwd=tmp_path)
    reader.join(30)
    assert out.returncode == 0, out.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert meiro.io.from_json(received[0].decode()) == meiro.generate(4, 3, seed=2)
    assert leftovers(tmp_path) == []


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(MazeError, match="it is a folder"):
        write_atomic(tmp_path, b"x")


def test_a_missing_folder_is_refused_before_anything_is_made(tmp_path):
    with pytest.raises(MazeError, match="no such folder"):
        check_target(tmp_path / "missing" / "m.json")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- links and modes


@posix_only
def test_symlink_is_followed_and_stays_a_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    meiro.save(meiro.generate(3, 3, seed=5), link)
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert meiro.load(real) == meiro.generate(3, 3, seed=5)
    assert leftovers(tmp_path) == []


@posix_only
def test_symlink_into_another_folder_is_replaced_there(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    link = tmp_path / "a" / "m.txt"
    link.symlink_to(tmp_path / "b" / "m.txt")  # dangling: the shell's > would make the target
    write_atomic(link, "hello")
    assert link.is_symlink() and (tmp_path / "b" / "m.txt").read_text() == "hello"


@posix_only
def test_existing_file_keeps_its_permission_bits(tmp_path):
    target = tmp_path / "m.json"
    target.write_text("old")
    target.chmod(0o640)
    meiro.save(meiro.generate(2, 2, seed=1), target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert meiro.load(target) == meiro.generate(2, 2, seed=1)


@posix_only
def test_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640


@posix_only
def test_writing_never_sets_the_process_umask(tmp_path, monkeypatch):
    # setting the umask, even to put it back, changes it for every other thread meanwhile
    def refuse(mask):
        raise AssertionError(f"os.umask({mask:o}) called while writing")

    monkeypatch.setattr(os, "umask", refuse)
    write_atomic(tmp_path / "new.txt", "x")
    meiro.save(meiro.generate(2, 2, seed=1), tmp_path / "m.json")
    assert (tmp_path / "new.txt").read_text() == "x" and sorted(os.listdir(tmp_path)) == ["m.json", "new.txt"]


@posix_only
def test_hard_link_keeps_the_old_content_by_design(tmp_path):
    first = tmp_path / "first.txt"
    first.write_text("old")
    os.link(first, tmp_path / "second.txt")
    write_atomic(first, "new")
    assert first.read_text() == "new" and (tmp_path / "second.txt").read_text() == "old"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write read-only files")
def test_read_only_file_is_refused(tmp_path):
    target = tmp_path / "m.json"
    target.write_text("keep")
    target.chmod(0o444)
    with pytest.raises(MazeError, match="read-only"):
        write_atomic(target, "new")
    assert target.read_text() == "keep"


# ---------------------------------------------------------------- several files: all or none


def test_a_bad_later_target_leaves_the_earlier_unwritten(tmp_path):
    out = meiro_cli("generate", "-q", "-o", "a.json", "-o", "missing/b.png", cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@posix_only
def test_a_failing_later_write_removes_what_was_staged(tmp_path):
    out = meiro_cli("generate", "-q", "-o", "a.txt", "-o", "/dev/full", "--format", "txt", cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "No space left" in out.stderr or "space" in out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_output_set_rolls_back_on_any_error(tmp_path):
    (tmp_path / "a.txt").write_text("first")
    with pytest.raises(ZeroDivisionError):
        with OutputSet() as out:
            out.write(tmp_path / "a.txt", "changed")
            out.write(tmp_path / "b.txt", "new")
            1 / 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]
    assert (tmp_path / "a.txt").read_text() == "first"


# ---------------------------------------------------------------- signals


@posix_only
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_library_write_interrupted_by_a_signal_cleans_up_and_dies_by_it(tmp_path, signum):
    script = textwrap.dedent(f"""
        import os, signal
        from meiro.io.writing import OutputSet
        with OutputSet() as out:
            out.write("a.json", b"x" * 1000)
            os.kill(os.getpid(), {int(signum)})
            out.write("b.json", b"never")
    """)
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == -signum, out.stderr
    assert "Traceback" not in out.stderr
    assert list(tmp_path.iterdir()) == []


@posix_only
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_cli_killed_while_writing_leaves_no_part_file(tmp_path, signum):
    # the JSON is staged first; the SVG of a 1000x1000 maze then takes seconds to draw
    proc = subprocess.Popen([sys.executable, "-m", "meiro", "generate", "--size", "1000x1000", "-q",
                             "-o", "a.json", "-o", "b.svg"], cwd=tmp_path, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 100
        while not leftovers(tmp_path) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert leftovers(tmp_path), "the first file was never staged"
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode in (-signum, 128 + signum), err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- meiro.save by name


def test_save_png_is_a_png_that_loads_back(tmp_path):
    m = meiro.generate(6, 5, seed=3, goal="farthest")
    meiro.save(m, tmp_path / "m.png")
    assert (tmp_path / "m.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert np.array_equal(meiro.load(tmp_path / "m.png").grid, m.grid)


@pytest.mark.parametrize("suffix, magic", [(".gif", b"GIF89a"), (".svg", b"<?xml"), (".pdf", b"%PDF-"),
                                           (".html", b"<!DOCTYPE html>")])
def test_save_draws_the_picture_its_name_says(tmp_path, suffix, magic):
    meiro.save(meiro.generate(4, 4, seed=1), tmp_path / f"m{suffix}")
    assert (tmp_path / f"m{suffix}").read_bytes().startswith(magic)


@pytest.mark.parametrize("name", ["m.bmp", "maze", "m.json.bak"])
def test_save_refuses_a_name_that_tells_no_format(tmp_path, name):
    with pytest.raises(MazeError, match="cannot tell the format"):
        meiro.save(meiro.generate(2, 2, seed=1), tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_save_takes_a_format_for_any_name(tmp_path):
    m = meiro.generate(3, 2, seed=8)
    meiro.save(m, tmp_path / "maze", format="json")
    assert meiro.io.from_json((tmp_path / "maze").read_text()) == m


def test_save_refuses_a_format_that_contradicts_the_name(tmp_path):
    with pytest.raises(MazeError, match=r"ends in \.txt"):
        meiro.save(meiro.generate(2, 2, seed=1), tmp_path / "m.txt", format="json")


@pytest.mark.parametrize("bad", [3, None, b"\xff"])
def test_save_wrong_types_are_type_errors(tmp_path, bad):
    with pytest.raises(TypeError):
        meiro.save(meiro.generate(2, 2, seed=1), bad)
    with pytest.raises(TypeError):
        meiro.save("not a maze", tmp_path / "m.json")


# ---------------------------------------------------------------- dataset and sheet


@posix_only
def test_dataset_and_sheet_write_through_dev_stdout(tmp_path):
    import io

    # (the time limit allows for compiling the batch kernels from scratch on a busy machine)
    out = subprocess.run([sys.executable, "-m", "meiro", "dataset", "-n", "4", "--size", "3x3", "--seed", "2",
                          "-o", "/dev/stdout"], cwd=tmp_path, capture_output=True, timeout=400)
    assert out.returncode == 0, out.stderr
    data = np.load(io.BytesIO(out.stdout))  # the closing line went to stderr, not into the archive
    assert data["grids"].shape == (4, 7, 7) and b"wrote 4 mazes" in out.stderr
    sheet = subprocess.run([sys.executable, "-m", "meiro", "sheet", "--count", "1", "-o", "/dev/stdout"],
                           cwd=tmp_path, capture_output=True, timeout=400)
    assert sheet.returncode == 0 and sheet.stdout.startswith(b"%PDF-")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["dataset", "-n", "3", "-o", "missing/d.npz"],
                                  ["sheet", "--count", "1", "-o", "missing/s.pdf"],
                                  ["dataset", "-n", "3", "-o", "d.txt"]])
def test_dataset_and_sheet_refuse_a_bad_place_in_one_line(tmp_path, argv):
    out = meiro_cli(*argv, cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert list(tmp_path.iterdir()) == []


@posix_only
def test_a_termination_signal_whose_exception_was_lost_still_stops_the_write(tmp_path):
    # a signal handled inside a weakref callback: Python prints "Exception ignored" and goes on;
    # the write must not then put its file in place, and a command must not end as a success
    script = textwrap.dedent("""
        import os, signal, weakref
        from meiro.io import signals
        from meiro.io.writing import write_atomic
        signals.install()
        class Thing: pass
        thing = Thing()
        ref = weakref.ref(thing, lambda _: os.kill(os.getpid(), signal.SIGTERM))
        del thing
        try:
            write_atomic("x.json", "data")
        except signals.Terminated as exc:
            print("stopped by", exc.signum)
    """)
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    # the lost exception is not reported (the program is ending by the signal anyway)
    assert "Exception ignored" not in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert out.stdout.strip() == f"stopped by {int(signal.SIGTERM)}"
    assert list(tmp_path.iterdir()) == []


@posix_only
def test_exceptions_python_cannot_raise_are_reported_until_a_termination_signal_comes(tmp_path):
    script = textwrap.dedent("""
        import os, signal
        from meiro.io import signals
        signals.install()
        class Broken:
            def __del__(self):
                raise ValueError("a finalizer's own failure")
        class Signalling:
            def __del__(self):
                os.kill(os.getpid(), signal.SIGTERM)   # Terminated is raised in here: lost
                raise ValueError("what the signal broke")
        Broken()
        Signalling()
        Broken()
        try:
            signals.raise_if_pending()
        except signals.Terminated as exc:
            signals.end_by(exc.signum)
    """)
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == -signal.SIGTERM  # ended by the signal
    assert out.stderr.count("Exception ignored") == 1 and "a finalizer's own failure" in out.stderr
    assert "what the signal broke" not in out.stderr and "Terminated" not in out.stderr

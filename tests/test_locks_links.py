"""One writer per dataset folder; links and special files where meiro keeps its own state.

Two ``meiro dataset`` runs on one folder (the second refuses, the first's files
intact), stale locks, shards and cards replaced by links or FIFOs, part files a
killed run left, ``memory://`` outputs, the browser page's private folder, the
game's records (moved aside, never lost or written through), fonts and masks
that are FIFOs or devices. Anything that hung on the old code runs in a child
process with a timeout.
"""

import hashlib
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import textwrap
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from meiro.errors import MazeError
from meiro.game.records import Records
from meiro.io import files, locks
from meiro.io.files import open_regular, read_regular
from meiro.io.writing import write_atomic

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX: FIFOs, links and flock")

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _meiro(*args, cwd, timeout=120, env=None):
    proc = subprocess.run([sys.executable, "-m", "meiro", *map(str, args)], cwd=cwd, env=env or _env(),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def _one_line_error(code, err, *fragments):
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("meiro: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], err


def _sums(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def _dead_pid():
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


# --- the lock -------------------------------------------------------------------------------

def test_a_second_lock_on_a_folder_refuses_naming_the_holder(tmp_path):
    with locks.folder_lock(tmp_path):
        holder = json.loads((tmp_path / locks.LOCK_NAME).read_text())
        assert holder["pid"] == os.getpid() and holder["host"] == socket.gethostname()
        with pytest.raises(MazeError, match=rf"is being written by another meiro run \(pid {os.getpid()} on "):
            with locks.folder_lock(tmp_path):
                pytest.fail("two holders")
        assert (tmp_path / locks.LOCK_NAME).exists()  # the refusal took nothing of the holder's
    assert not (tmp_path / locks.LOCK_NAME).exists()


def test_a_dead_runs_lock_is_taken_over_and_logged(tmp_path):
    pid = _dead_pid()
    (tmp_path / locks.LOCK_NAME).write_text(json.dumps({"pid": pid, "host": socket.gethostname(),
                                                        "since": "2026-01-01 00:00:00"}))
    said = []
    with locks.folder_lock(tmp_path, said.append):
        assert json.loads((tmp_path / locks.LOCK_NAME).read_text())["pid"] == os.getpid()
    assert said == [f"{tmp_path}: took over the lock of a run that is no longer running "
                    f"(pid {pid} on {socket.gethostname()}, since 2026-01-01 00:00:00)"]
    assert not (tmp_path / locks.LOCK_NAME).exists()


def test_a_lock_of_another_host_is_refused_saying_how_to_clear_it(tmp_path):
    (tmp_path / locks.LOCK_NAME).write_text(json.dumps({"pid": 1, "host": "elsewhere-" + socket.gethostname()}))
    with pytest.raises(MazeError, match=r"pid 1 on elsewhere-.*; if that run has ended, remove .*\.meiro\.lock"):
        with locks.folder_lock(tmp_path):
            pass
    # a live process of this host, named in a lock its flock no longer holds (another filesystem's
    # locks, a reused pid): refused too, never taken from a running process
    (tmp_path / locks.LOCK_NAME).write_text(json.dumps({"pid": os.getppid(), "host": socket.gethostname()}))
    with pytest.raises(MazeError, match="wait for it to end"):
        with locks.folder_lock(tmp_path):
            pass


def test_a_link_or_fifo_as_the_lock_file_is_refused(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    (tmp_path / "d").mkdir()
    os.symlink(outside, tmp_path / "d" / locks.LOCK_NAME)
    with pytest.raises(MazeError, match=r"lock file \.meiro\.lock is a symbolic link"):
        with locks.folder_lock(tmp_path / "d"):
            pass
    assert outside.read_text() == "mine"
    (tmp_path / "e").mkdir()
    os.mkfifo(tmp_path / "e" / locks.LOCK_NAME)
    with pytest.raises(MazeError, match="not a regular file"):
        with locks.folder_lock(tmp_path / "e"):
            pass


def test_build_dataset_refuses_a_held_folder_and_touches_nothing(tmp_path):
    pytest.importorskip("pyarrow")
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    spec = DatasetSpec(30, 4, 4, seed=1, shard_draws=10)
    build_dataset(spec, tmp_path / "d")
    before = _sums(tmp_path / "d")
    with locks.folder_lock(tmp_path / "d"):
        for resume in (False, True):
            with pytest.raises(MazeError, match="is being written by another meiro run"):
                build_dataset(spec, tmp_path / "d", resume=resume)
    assert _sums(tmp_path / "d") == before and not (tmp_path / "d" / locks.LOCK_NAME).exists()


FIRST_WRITER = textwrap.dedent("""
    import os, sys, time
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    folder, go = sys.argv[1], sys.argv[2]
    def wait(n):  # the first shard is written: hold the run until the test says go
        while not os.path.exists(go):
            time.sleep(0.05)
    build_dataset(DatasetSpec(40, 5, 5, seed=4, shard_draws=10), folder, progress=wait)
""")


@pytest.mark.slow
def test_two_writers_on_one_folder_the_second_refuses_and_the_first_is_intact(tmp_path):
    pytest.importorskip("pyarrow")
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    folder, go = tmp_path / "d", tmp_path / "go"
    first = subprocess.Popen([sys.executable, "-c", FIRST_WRITER, str(folder), str(go)], env=_env())
    try:
        deadline = time.monotonic() + 120
        while not (folder / "data" / "shard-00000.parquet").exists():
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        shard = folder / "data" / "shard-00000.parquet"
        written = shard.read_bytes()
        base = ("dataset", "-n", 40, "--size", "5x5", "--seed", 4, "--shard-draws", 10, "-o", folder)
        for extra in ((), ("--resume",)):
            code, _, err = _meiro(*base, *extra, cwd=tmp_path)
            _one_line_error(code, err, "is being written by another meiro run", f"pid {first.pid} on ")
        # a second writer ended by SIGTERM as it starts takes nothing of the first's
        second = subprocess.Popen([sys.executable, "-m", "meiro", *map(str, base), "--resume"], env=_env(),
                                  stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.5)
        second.send_signal(signal.SIGTERM)
        second.wait(60)
        assert shard.read_bytes() == written and first.poll() is None
        go.touch()
        assert first.wait(120) == 0
    finally:
        go.touch()
        first.kill()
    build_dataset(DatasetSpec(40, 5, 5, seed=4, shard_draws=10), tmp_path / "fresh")
    assert _sums(folder) == _sums(tmp_path / "fresh")


# --- links, special files and part files in a dataset folder ---------------------------------

def _dataset(tmp_path, name="d"):
    pytest.importorskip("pyarrow")
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    spec = DatasetSpec(30, 4, 4, seed=2, shard_draws=10)
    build_dataset(spec, tmp_path / name)
    return spec, tmp_path / name


def _resume(spec, folder, **kw):
    from meiro.dataset.build import build_dataset

    return build_dataset(spec, folder, resume=True, **kw)


@pytest.mark.parametrize("name", ["data/shard-00001.parquet", "README.md"])
def test_a_shard_or_card_replaced_by_a_link_out_of_the_folder_is_refused_not_overwritten(tmp_path, name):
    spec, folder = _dataset(tmp_path)
    outside = tmp_path / "precious.txt"
    outside.write_text("not a shard")
    (folder / name).unlink()
    os.symlink(outside, folder / name)
    with pytest.raises(MazeError, match=rf"{name} is a symbolic link, not a file meiro wrote: refusing to resume"):
        _resume(spec, folder)
    assert outside.read_text() == "not a shard" and os.path.islink(folder / name)


def test_a_shard_linked_to_dev_null_is_refused_not_recorded_complete(tmp_path):
    spec, folder = _dataset(tmp_path)
    (folder / "data" / "shard-00000.parquet").unlink()
    os.symlink("/dev/null", folder / "data" / "shard-00000.parquet")
    with pytest.raises(MazeError, match="symbolic link"):
        _resume(spec, folder)


def test_a_data_folder_replaced_by_a_link_is_refused(tmp_path):
    spec, folder = _dataset(tmp_path)
    os.rename(folder / "data", tmp_path / "elsewhere")
    os.symlink(tmp_path / "elsewhere", folder / "data")
    before = _sums(tmp_path / "elsewhere")
    with pytest.raises(MazeError, match="d/data is a symbolic link"):
        _resume(spec, folder)
    assert _sums(tmp_path / "elsewhere") == before


RESUME_FIFO = textwrap.dedent("""
    import sys
    from meiro.cli import main
    sys.exit(main(["dataset", "-n", "30", "--size", "4x4", "--seed", "2", "--shard-draws", "10",
                   "-o", sys.argv[1], *sys.argv[2:]]))
""")


@pytest.mark.parametrize("resume", [False, True])
def test_a_fifo_as_a_shard_is_one_line_at_once(tmp_path, resume):
    spec, folder = _dataset(tmp_path)
    if not resume:  # a folder holding only a FIFO where the first shard goes
        folder = tmp_path / "fresh"
        (folder / "data").mkdir(parents=True)
    else:
        (folder / "data" / "shard-00000.parquet").unlink()
    os.mkfifo(folder / "data" / "shard-00000.parquet")
    proc = subprocess.run([sys.executable, "-c", RESUME_FIFO, str(folder), *(["--resume"] if resume else [])],
                          env=_env(), capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    if resume:
        _one_line_error(proc.returncode, proc.stderr, "shard-00000.parquet is a FIFO (named pipe), not a file "
                                                      "meiro wrote")
    else:
        _one_line_error(proc.returncode, proc.stderr, "is not empty")
    assert stat.S_ISFIFO(os.lstat(folder / "data" / "shard-00000.parquet").st_mode)


def test_resume_tidies_the_part_files_a_killed_run_left(tmp_path):
    spec, folder = _dataset(tmp_path)
    before = _sums(folder)
    part = folder / "data" / ".shard-00002.parquet.0a1b2c3d.part"
    part.write_bytes(b"half a shard")
    (folder / ".README.md.deadbeef.part").write_bytes(b"half a card")
    said = []
    _resume(spec, folder, log=said.append)
    assert _sums(folder) == before
    assert said == [f"{folder}: removed 2 unfinished part files a stopped run left"]


def test_a_link_planted_while_running_is_not_written_through(tmp_path):
    pytest.importorskip("pyarrow")
    from meiro.dataset.folder import Folder

    outside = tmp_path / "precious.txt"
    outside.write_text("mine")
    folder = Folder(tmp_path / "d")
    folder.prepare()
    os.symlink(outside, tmp_path / "d" / "data" / "shard-00000.parquet")
    with pytest.raises(MazeError, match="is a symbolic link, not written through"):
        folder.write("data/shard-00000.parquet", b"shard")
    with pytest.raises(MazeError, match="is a symbolic link, not followed"):
        folder.read("data/shard-00000.parquet")
    assert outside.read_text() == "mine"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["README.md", "data/shard-00000.parquet", "data/shard-00002.parquet",
                                           "data/.shard-00001.parquet.12345678.part", "data/x.bin"]),
                          st.sampled_from(["link-out", "link-in", "link-null", "fifo", "bytes", "remove"])),
                min_size=1, max_size=4, unique_by=lambda t: t[0]))
def test_fuzz_resume_over_links_and_fifos_refuses_or_finishes_touching_nothing_outside(tmp_path_factory, changes):
    tmp_path = tmp_path_factory.mktemp("fuzz")
    spec, folder = _dataset(tmp_path)
    outside = tmp_path / "precious.txt"
    outside.write_text("mine")
    odd = False
    for name, how in changes:
        path = folder / name
        if os.path.lexists(path):
            path.unlink()
        if how == "link-out":
            os.symlink(outside, path)
        elif how == "link-in":
            os.symlink(folder / "data" / "shard-00001.parquet", path)
        elif how == "link-null":
            os.symlink("/dev/null", path)
        elif how == "fifo":
            os.mkfifo(path)
        elif how == "bytes":
            path.write_bytes(b"tampered")
        odd |= how not in ("bytes", "remove")
    try:
        _resume(spec, folder)
    except MazeError as exc:
        assert odd or "dataset card" in str(exc), exc  # a link or FIFO, or the card itself spoilt
        assert "\n" not in str(exc)
    else:
        assert not odd
    assert outside.read_text() == "mine"
    assert not (folder / locks.LOCK_NAME).exists()


def test_memory_urls_are_refused_for_meiro_dataset_on_the_command_line(tmp_path):
    code, _, err = _meiro("dataset", "-n", 5, "--size", "4x4", "-o", "memory://meiro/d", cwd=tmp_path)
    _one_line_error(code, err, "memory://meiro/d: a memory:// folder is gone when meiro ends")


# --- the browser page -------------------------------------------------------------------------

def test_the_browser_page_is_private_and_no_planted_link_is_followed(tmp_path, monkeypatch):
    import tempfile
    import webbrowser
    from urllib.parse import urlparse
    from urllib.request import url2pathname

    from meiro.cli import main

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":99")
    victim = tmp_path / "victim.txt"
    victim.write_text("another user's file")
    # the old predictable name, planted as a link by another user
    os.symlink(victim, tmp_path / "meiro-dig-5x4-3-corner.html")
    opened = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    assert main(["play", "--browser", "--size", "5x4", "--seed", "3"]) == 0
    page = url2pathname(urlparse(opened[0]).path)
    assert victim.read_text() == "another user's file"
    assert os.path.dirname(page) != str(tmp_path) and os.path.basename(page) == "meiro-dig-5x4-3-corner.html"
    assert stat.S_IMODE(os.stat(page).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(page)).st_mode) == 0o700


# --- the game's records -----------------------------------------------------------------------

@pytest.mark.parametrize("content", ['{"k": {"time": 1.0, "moves": 2},', "x" * (16 * 2**20 + 1)])
def test_an_unreadable_or_oversized_records_file_is_moved_aside_not_overwritten(tmp_path, content):
    path = tmp_path / "records.json"
    path.write_text(content)
    said = []
    records = Records(path, log=said.append)
    (aside,) = tmp_path.glob("records.json.bad-*")
    assert aside.read_text() == content and not path.exists()
    assert len(said) == 1 and f"kept as {aside.name}" in said[0] and "\n" not in said[0]
    assert records.update("k", 3.0, 10) == (True, True)
    assert aside.read_text() == content and json.loads(path.read_text()) == {"k": {"time": 3.0, "moves": 10}}
    path.write_text("{")  # damaged again the same second: a second name, the first kept
    Records(path, log=said.append)
    assert len(list(tmp_path.glob("records.json.bad-*"))) == 2


def test_a_records_file_that_is_a_link_or_fifo_is_not_written_through(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text('{"k": {"time": 1.0, "moves": 1}}')
    path = tmp_path / "records.json"
    os.symlink(target, path)
    records = Records(path, log=pytest.fail)
    assert records.best("k") is None
    note = records.note_clear("k", 0.5, 1)
    assert note is not None and "symbolic link, not written through" in note
    assert target.read_text() == '{"k": {"time": 1.0, "moves": 1}}' and os.path.islink(path)
    path.unlink()
    os.mkfifo(path)
    started = time.monotonic()
    note = Records(path, log=pytest.fail).note_clear("k", 0.5, 1)  # wrote into the FIFO (waited) before
    assert note is not None and "FIFO" in note and time.monotonic() - started < 30


# --- fonts, masks and the regular-file opener ------------------------------------------------

@pytest.mark.parametrize("how", ["--font", "MEIRO_FONT"])
@pytest.mark.parametrize("special", ["fifo", "/dev/null"])
def test_a_font_that_is_a_fifo_or_device_is_one_line_at_once(tmp_path, how, special):
    font = str(tmp_path / "font.ttf")
    if special == "fifo":
        os.mkfifo(font)
    else:
        font = special
    env = _env()
    args = ["book", "-n", 1, "--size", "4x4", "--lang", "ja", "-o", tmp_path / "b.pdf"]
    if how == "--font":
        args += ["--font", font]
    else:
        env["MEIRO_FONT"] = font
    code, _, err = _meiro(*args, cwd=tmp_path, env=env, timeout=120)
    kind = "FIFO (named pipe)" if special == "fifo" else "character device"
    _one_line_error(code, err, f"cannot read the font {font}: it is a {kind}, not a regular file")
    assert not (tmp_path / "b.pdf").exists()


def test_a_mask_fifo_nobody_writes_into_is_given_up(tmp_path, monkeypatch):
    from meiro.generators.masking import load_mask

    monkeypatch.setattr(files, "FIFO_WAIT", 0.2)
    os.mkfifo(tmp_path / "mask.txt")
    with pytest.raises(MazeError, match=r"mask.txt: it is a FIFO \(named pipe\) that nothing was written into "
                                        r"for 0.2 s"):
        load_mask(tmp_path / "mask.txt")


def test_open_regular_refuses_every_special_file_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "file").write_bytes(b"abc")
    os.symlink(tmp_path / "file", tmp_path / "link")
    for path, words in ((tmp_path / "fifo", "a FIFO (named pipe)"), ("/dev/null", "a character device"),
                        (tmp_path, "a folder")):
        with pytest.raises(MazeError, match=rf"it is {words.replace('(', '.').replace(')', '.')}, not a regular"):
            open_regular(path)
    assert read_regular(tmp_path / "link") == b"abc"  # an input may be a link
    with pytest.raises(MazeError, match="symbolic link, not followed"):
        read_regular(tmp_path / "link", links=False)
    with pytest.raises(MazeError, match="no such file"):
        read_regular(tmp_path / "none")
    with pytest.raises(MazeError, match="larger than"):
        read_regular(tmp_path / "file", limit=2)


def test_write_atomic_without_follow_refuses_links_and_special_files(tmp_path):
    (tmp_path / "target").write_text("mine")
    os.symlink(tmp_path / "target", tmp_path / "link")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(MazeError, match="symbolic link, not written through"):
        write_atomic(tmp_path / "link", b"x", follow=False)
    with pytest.raises(MazeError, match="FIFO"):
        write_atomic(tmp_path / "fifo", b"x", follow=False)
    assert (tmp_path / "target").read_text() == "mine"
    write_atomic(tmp_path / "new", b"x", follow=False)
    assert (tmp_path / "new").read_bytes() == b"x"


def test_an_fsspec_folder_is_locked_too(tmp_path):
    fsspec = pytest.importorskip("fsspec")
    pytest.importorskip("pyarrow")
    from meiro.dataset.folder import Folder

    url = f"memory://meiro-lock-{os.getpid()}/d"
    fs = fsspec.filesystem("memory")
    try:
        with Folder(url).locked():
            with pytest.raises(MazeError, match=rf"{url} is being written by another meiro run \(pid {os.getpid()}"):
                with Folder(url).locked():
                    pass
        assert not fs.exists(f"/meiro-lock-{os.getpid()}/d/{locks.LOCK_NAME}")
        fs.pipe(f"/meiro-lock-{os.getpid()}/d/{locks.LOCK_NAME}",
                json.dumps({"pid": _dead_pid(), "host": socket.gethostname()}).encode())
        said = []
        with Folder(url).locked(said.append):
            pass
        assert len(said) == 1 and "took over the lock" in said[0]
    finally:
        fs.rm(f"/meiro-lock-{os.getpid()}", recursive=True)


def test_records_are_never_written_past_what_can_be_read_back(tmp_path, monkeypatch):
    from meiro.game import records as module

    path = tmp_path / "records.json"
    records = Records(path, log=pytest.fail)
    records.update("a", 1.0, 1)
    before = path.read_bytes()
    monkeypatch.setattr(module, "LIMIT", len(before) + 10)
    note = records.note_clear("a much longer key than the first one", 1.0, 1)
    assert note is not None and "the records would pass" in note and path.read_bytes() == before

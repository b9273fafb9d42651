"""The program as a process: worker processes, signals, closed or full streams, start-up.

Each test runs meiro in a child process (in its own session, so that all it
starts can be found and, whatever happens, killed) and checks what a user
would see: the exit status, stderr, the files and the processes left behind.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import meiro

ROOT = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux")
needs_proc = pytest.mark.skipif(not LINUX, reason="finds a session's processes through Linux's /proc")
needs_posix = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and file descriptors")

#: A dataset that takes far longer than the tests wait (each is stopped within seconds); with
#: loops and A* it is made by worker processes (the compiled batch uses threads: see below).
LONG_DATASET = ["dataset", "-n", "500000", "--size", "10x10", "--braid", "0.5", "--solve", "astar",
                "-j", "2", "-o", "big.npz"]
LONG_BATCH = ("import meiro; meiro.generate_batch(500000, 10, 10, seed=1, braid=0.5, solver='astar', "
              "jobs=2)")
#: A compiled batch (threads in one process) that takes far longer than the tests wait.
LONG_THREADED = ["dataset", "-n", "3000000", "--size", "10x10", "--solve", "bfs", "-j", "2",
                 "-o", "big.npz"]
#: Generous limits for the machine to act; reaching one is a failure, never a timing measure.
PATIENCE = 120


def env(**extra) -> dict:
    return {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **extra}


def start(args: list[str], cwd: Path, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *args], cwd=cwd, start_new_session=True, env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def session(sid: int) -> list[tuple[int, str]]:
    """The living processes of session ``sid`` and their command lines (zombies are dead already:
    an orphan's is reaped by init, which in a container may never do it)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append((int(entry), command))
    return found


def wait_for(condition, what: str, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if process is not None and process.poll() is not None:
            pytest.fail(f"the program ended ({process.returncode}) before {what}: {process.stderr.read()}")
        if time.monotonic() > deadline:
            pytest.fail(f"still waiting, after {PATIENCE} s, for {what}")
        time.sleep(0.05)


def workers(sid: int) -> list[int]:
    return [pid for pid, command in session(sid) if "spawn_main" in command]


def kill_session(process: subprocess.Popen) -> None:
    """Leave nothing behind, whatever the test found."""
    for pid, _ in session(process.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.kill()
    process.communicate()


# --- worker processes end with their parent --------------------------------------------------


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signalled_dataset_command_ends_its_workers_and_leaves_no_file(tmp_path, signum):
    process = start(["-m", "meiro", *LONG_DATASET], tmp_path)
    try:
        wait_for(lambda: len(workers(process.pid)) == 2, "two workers", process)
        os.kill(process.pid, signum)  # the parent only, as `kill PID` does
        _, stderr = process.communicate(timeout=PATIENCE)
        wait_for(lambda: not session(process.pid), "the workers and the resource tracker to end")
        assert process.returncode == -signum  # ended by the signal itself, as a shell expects
        assert "Traceback" not in stderr and len(stderr.strip().splitlines()) <= 1, stderr
        assert not list(tmp_path.iterdir())  # no dataset, no .part file
    finally:
        kill_session(process)


@needs_proc
def test_ctrl_c_on_a_dataset_command_is_status_130_and_ends_its_workers(tmp_path):
    process = start(["-m", "meiro", *LONG_DATASET], tmp_path)
    try:
        wait_for(lambda: len(workers(process.pid)) == 2, "two workers", process)
        os.killpg(process.pid, signal.SIGINT)  # the terminal's Ctrl-C reaches the whole group
        _, stderr = process.communicate(timeout=PATIENCE)
        wait_for(lambda: not session(process.pid), "the workers to end")
        assert process.returncode == 130
        assert stderr.strip() == "", stderr  # no traceback from the parent or any worker
        assert not list(tmp_path.iterdir())
    finally:
        kill_session(process)


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL])
def test_the_workers_of_a_library_caller_end_with_it(tmp_path, signum):
    # SIGTERM: generate_batch ends its workers before the process ends by the signal;
    # SIGKILL: nothing runs in the parent, so each worker notices the parent is gone
    process = start(["-c", LONG_BATCH], tmp_path)
    try:
        wait_for(lambda: len(workers(process.pid)) == 2, "two workers", process)
        os.kill(process.pid, signum)
        process.communicate(timeout=PATIENCE)
        assert process.returncode == -signum
        wait_for(lambda: not session(process.pid), "the workers and the resource tracker to end")
    finally:
        kill_session(process)


@needs_proc
def test_a_worker_killed_from_outside_is_one_error_line(tmp_path):
    process = start(["-m", "meiro", *LONG_DATASET], tmp_path)
    try:
        wait_for(lambda: len(workers(process.pid)) == 2, "two workers", process)
        os.kill(workers(process.pid)[0], signal.SIGKILL)  # as the out-of-memory killer would
        _, stderr = process.communicate(timeout=PATIENCE)
        wait_for(lambda: not session(process.pid), "the other worker to end")
        assert process.returncode == 2
        assert stderr.startswith("meiro: error: a worker process ended abruptly"), stderr
        assert len(stderr.strip().splitlines()) == 1
        assert not list(tmp_path.iterdir())
    finally:
        kill_session(process)


# --- a compiled batch's threads stop with their process ---------------------------------------


def threads(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_threaded_dataset_stops_at_once_and_leaves_no_file(tmp_path, signum):
    process = start(["-m", "meiro", *LONG_THREADED], tmp_path)
    try:
        wait_for(lambda: threads(process.pid) >= 3, "the batch's threads", process)
        time.sleep(0.3)  # well inside the work (minutes of it)
        os.kill(process.pid, signum)
        _, stderr = process.communicate(timeout=PATIENCE)
        assert process.returncode == (130 if signum == signal.SIGINT else -signum)
        assert "Traceback" not in stderr and len(stderr.strip().splitlines()) <= 1, stderr
        assert not list(tmp_path.iterdir())
    finally:
        kill_session(process)


# --- output that cannot be written -----------------------------------------------------------


def meiro_run(*args, cwd, preexec_fn=None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meiro", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=PATIENCE, env=kwargs.pop("env", env()),
                          preexec_fn=preexec_fn, **kwargs)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a disk that is always full)")
@pytest.mark.parametrize("args", [("generate", "--size", "4x4"), ("generate", "--size", "300x300"),
                                  ("--help",), ("--version",), ("list",)])
def test_a_full_disk_on_stdout_is_one_line_and_status_2(tmp_path, args):
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "meiro", *args], cwd=tmp_path, stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=PATIENCE, env=env())
    assert out.returncode == 2, out.stderr
    assert out.stderr == "meiro: error: cannot write the output: No space left on device\n"


def close_stdout():
    os.close(1)


def close_stdout_and_stderr():
    os.close(1)
    os.close(2)


@needs_posix
def test_a_closed_stdout_is_one_line_and_status_2(tmp_path):
    out = meiro_run("generate", "--size", "4x4", cwd=tmp_path, preexec_fn=close_stdout)
    assert out.returncode == 2
    assert out.stderr == "meiro: error: cannot write the output: standard output is closed\n"


@needs_posix
def test_with_stdout_and_stderr_closed_the_status_still_says_it(tmp_path):
    out = meiro_run("generate", "--size", "4x4", cwd=tmp_path, preexec_fn=close_stdout_and_stderr)
    assert out.returncode == 2


@needs_posix
def test_a_closed_stdout_is_no_error_when_nothing_is_printed(tmp_path):
    # descriptor 1 is held by a stand-in, so the file being written does not get its number
    out = meiro_run("generate", "--size", "4x4", "--seed", "3", "--quiet", "-o", "m.json", cwd=tmp_path,
                    preexec_fn=close_stdout)
    assert out.returncode == 0, out.stderr
    assert meiro.load(tmp_path / "m.json").grid.tolist() == meiro.generate(4, 4, seed=3).grid.tolist()


# --- a terminal that cannot show every character ---------------------------------------------

ASCII = {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0"}


@pytest.mark.parametrize("args", [("--help",), ("generate", "--help"), ("list",), ()])
def test_help_and_lists_print_in_an_ascii_terminal(tmp_path, args):
    out = meiro_run(*args, cwd=tmp_path, env=env(**ASCII))
    assert out.returncode == (2 if not args else 0), out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout.count("\n") > 5 and out.stdout.isascii()
    if args in ((), ("--help",)):
        assert "\\u8ff7\\u8def meiro" in out.stdout  # 迷路, written so that nothing is lost


def test_a_block_maze_in_an_ascii_terminal_is_a_hint_not_escapes(tmp_path):
    out = meiro_run("generate", "--size", "4x4", "--style", "block", cwd=tmp_path, env=env(**ASCII))
    assert out.returncode == 2
    assert "--style hash" in out.stderr and len(out.stderr.splitlines()) == 1
    assert "\\u" not in out.stdout


# --- Ctrl-C while the program loads ----------------------------------------------------------


def interrupting_numba(folder: Path) -> Path:
    """A stand-in numba whose import is interrupted by a real Ctrl-C (SIGINT): the moment
    that otherwise only a quick finger hits, as numba first loads."""
    package = folder / "numba"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("import os, signal, time\n"
                                         "os.kill(os.getpid(), signal.SIGINT)\n"
                                         "time.sleep(60)\n")
    return folder


def console_script() -> tuple[str, str]:
    """The module and function pyproject.toml names for the ``meiro`` console script."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.scripts]", 1)[1]
    match = re.search(r'^meiro\s*=\s*"([\w.]+):(\w+)"', section, re.MULTILINE)
    return match.group(1), match.group(2)


@pytest.mark.parametrize("how", ["python -m meiro", "console script"])
def test_ctrl_c_while_meiro_loads_is_status_130_without_a_traceback(tmp_path, how):
    fake = interrupting_numba(tmp_path / "fake")
    if how == "console script":
        module, function = console_script()  # what pip's generated `meiro` script runs
        command = ["-c", f"import sys; from {module} import {function}; sys.exit({function}())",
                   "generate", "--size", "3x3"]
    else:  # (meiro list loads no numba: generate is the command that does)
        command = ["-m", "meiro", "generate", "--size", "3x3"]
    path = os.pathsep.join([str(fake), str(Path(meiro.__file__).parent.parent)])
    # MEIRO_JIT=1: a job this small would run its kernels as plain Python, loading no numba
    out = subprocess.run([sys.executable, *command], cwd=tmp_path, capture_output=True, text=True,
                         timeout=PATIENCE, env=env(PYTHONPATH=path, MEIRO_JIT="1"))
    assert out.returncode == 130, out.stderr
    assert out.stderr.strip() == "", out.stderr


@pytest.mark.parametrize("user_value", [None, "3"])
def test_a_command_starts_no_linear_algebra_and_uses_small_pages(tmp_path, user_value):
    # No command multiplies matrices: OpenBLAS gets one thread (no spinning workers) unless the
    # user chose, and numba's first kernel does not import SciPy to look for BLAS
    module, function = console_script()
    probe = ("import atexit, os, sys\n"
             "def report():\n"
             "    print('numba target:', 'numba.np.arraymath' in sys.modules)\n"
             "    print('scipy:', sys.modules.get('scipy', 'not imported'))\n"
             "    print('threads:', os.environ.get('OPENBLAS_NUM_THREADS'))\n"
             "    print('huge pages:', os.environ.get('NUMPY_MADVISE_HUGEPAGE'))\n"
             "atexit.register(report)\n"
             f"from {module} import {function}\n"
             f"{function}()\n")
    extra = {} if user_value is None else {"OPENBLAS_NUM_THREADS": user_value}
    base = {k: v for k, v in env(MEIRO_JIT="1").items() if k not in ("OPENBLAS_NUM_THREADS", "NUMPY_MADVISE_HUGEPAGE")}
    out = subprocess.run([sys.executable, "-c", probe, "dataset", "-q", "-n", "3", "--size", "4x4",
                          "-o", "m.npz"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=PATIENCE, env={**base, **extra})
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m.npz").is_file()
    lines = out.stdout.splitlines()
    assert "numba target: True" in lines  # (a kernel ran compiled: the check below means something)
    assert "scipy: None" in lines
    assert f"threads: {user_value or 1}" in lines
    assert "huge pages: 0" in lines  # (NumPy's big arrays: see _meiro_entry._small_pages)


# --- a read-only installation ----------------------------------------------------------------


def read_only_copy(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("__pycache__"))
    make_read_only(dest)


def make_read_only(folder: Path) -> None:
    for path in [*folder.rglob("*"), folder]:
        path.chmod(path.stat().st_mode & ~0o222)


def writable_again(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir():
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


def without_write_override():
    """Run as root without the powers that ignore file modes (as a plain user would be).

    Root writes into read-only folders anyway; dropping CAP_DAC_OVERRIDE,
    CAP_DAC_READ_SEARCH and CAP_FOWNER from the bounding set before exec
    makes the child's root obey them, while it can still read Python where
    root alone may (e.g. under /root).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def read_only_preexec():
    if os.name != "posix":
        pytest.skip("file modes as POSIX has them")
    if os.getuid() != 0:
        return None
    if not LINUX:
        pytest.skip("running as root, and root ignores file modes outside Linux's capabilities")
    probe = subprocess.run([sys.executable, "-c", "pass"], preexec_fn=without_write_override,
                           capture_output=True)
    if probe.returncode != 0:
        pytest.skip("running as root, and this system does not let root drop CAP_DAC_OVERRIDE "
                    "(needs CAP_SETPCAP), so read-only folders would not stop it")
    return without_write_override


@pytest.fixture
def read_only_install(tmp_path):
    """meiro copied into a read-only folder, with a read-only home; its temp folder writable."""
    preexec = read_only_preexec()
    site, home, temp = tmp_path / "site", tmp_path / "home", tmp_path / "tmp"
    read_only_copy(Path(meiro.__file__).parent, site / "meiro")
    home.mkdir()
    make_read_only(home)
    temp.mkdir()
    environment = {k: v for k, v in env().items() if not k.startswith(("NUMBA_", "XDG_"))}
    environment.update(HOME=str(home), TMPDIR=str(temp), PYTHONPATH=str(site))
    yield environment, preexec, temp
    writable_again(tmp_path)


MAKE_ONE = "import meiro; print(meiro.__file__); print(meiro.generate(5, 4, seed=2).grid.shape)"


def test_a_read_only_installation_works_and_caches_in_the_temp_folder(read_only_install):
    environment, preexec, temp = read_only_install
    for _ in range(2):  # the second run loads what the first compiled
        out = subprocess.run([sys.executable, "-c", MAKE_ONE], env=environment, preexec_fn=preexec,
                             capture_output=True, text=True, timeout=PATIENCE)
        assert out.returncode == 0, out.stderr[-2000:]
        assert out.stdout.split("\n")[:2] == [environment["PYTHONPATH"] + "/meiro/__init__.py",
                                              "(9, 11)"]
        assert out.stderr == ""
    cache = [p for p in temp.iterdir() if p.name.startswith("meiro-numba-")]
    assert len(cache) == 1 and any(cache[0].rglob("*.nbi")), list(temp.iterdir())
    assert not cache[0].stat().st_mode & 0o077  # private: nobody else may plant compiled code


def test_a_read_only_installation_without_a_safe_cache_folder_says_so_once(read_only_install):
    environment, preexec, temp = read_only_install
    # the shared name already taken, by a folder anyone could write to: not to be trusted
    taken = temp / f"meiro-numba-{os.getuid()}"
    taken.mkdir()
    taken.chmod(0o777)
    # the library warns (a NumbaCacheWarning: tests/test_numba_cache.py); the program shows it as
    # one line of its own (MEIRO_JIT=1: compiled kernels even for a maze this small)
    program = "from meiro.cli import run; run()"
    out = subprocess.run([sys.executable, "-c", program, "generate", "--size", "5x4", "--seed", "2"],
                         env={**environment, "MEIRO_JIT": "1"}, preexec_fn=preexec, capture_output=True,
                         text=True, timeout=PATIENCE)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.count("\n") == 9  # the maze, as text
    assert out.stderr.splitlines() == ["meiro: note: no writable folder for numba's cache (set NUMBA_CACHE_DIR "
                                       "to keep compiled kernels); they are compiled again in each run"]
    assert not list(taken.iterdir())
    assert sorted(p.name for p in temp.iterdir()) == [taken.name]  # the run's own folder is gone

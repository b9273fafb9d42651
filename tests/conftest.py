"""Fixtures shared by the window tests."""

import gc
import os
import shutil
import subprocess

import pytest

#: whether a Tk interpreter was made since the last collection (see tk_freed_on_this_thread)
_tk_made = [False]

try:
    import tkinter
except ImportError:  # no Tk here: nothing to free
    tkinter = None
else:
    _tk_init = tkinter.Tk.__init__

    def _noting_tk_init(self, *args, **kwargs):
        _tk_made[0] = True
        _tk_init(self, *args, **kwargs)

    tkinter.Tk.__init__ = _noting_tk_init


@pytest.fixture(autouse=True)
def tk_freed_on_this_thread():
    """After a test that made a Tk window, collect its garbage on the main thread.

    A window's objects hold one another (its callbacks), so they wait for a garbage
    collection. Run on another thread (a Dask cluster's event loop, a thread pool of a
    later test), it deletes the Tcl interpreter there, and Tcl aborts the whole test
    process ("Fatal Python error: Aborted" while "Garbage-collecting").
    """
    yield
    if _tk_made[0]:
        _tk_made[0] = False
        gc.collect()


@pytest.fixture(scope="session")
def display():
    """A private Xvfb display, one for the whole run of a test process (skipped without Xvfb).

    One for the session, not one a module: Tk keeps its connection to every display it has
    opened until the process ends, even after the last window on it is destroyed, so a test
    module that stopped "its" server would leave the next module's Tk reading from a closed
    connection -- an X I/O error that ends the test process.
    """
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24",
                               # -noreset: no server reset when the last window closes, which
                               # a window opening at that moment could meet half-way
                               "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        if not number:
            pytest.skip("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)

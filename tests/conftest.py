"""Fixtures shared by the window tests."""

import os
import shutil
import subprocess

import pytest


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

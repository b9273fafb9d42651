"""Requests meiro cannot honour are one line and exit 2, never silently ignored or printed wrong:
an empty --shape-text, right-to-left titles, odd fsspec URLs, an address that is no Dask
scheduler."""

import socket
import threading
import time

import pytest

from meiro.cli import main
from meiro.errors import MazeError

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.startswith("meiro: error: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_shape_text_is_refused(tmp_path, capsys, text):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "en", "--count", "2", "--shape-text", text, "-o", str(target)]) == 2
    assert "a text shape needs a character" in one_line(capsys)
    assert not target.exists()


@pytest.mark.parametrize("command", ["sheet", "book"])
@pytest.mark.parametrize("title", ["מבוך", "متاهة", "Maze \u202eabc"])
def test_right_to_left_titles_are_refused(tmp_path, capsys, command, title):
    target = tmp_path / "out.pdf"
    argv = [command, "--lang", "en", "--count", "2", "--title", title, "-o", str(target)]
    import os

    if os.path.isfile(DEJAVU):  # a font that has the letters: the refusal is the writer's, not the font's
        argv += ["--font", DEJAVU]
    assert main(argv) == 2
    assert "cannot set right-to-left scripts" in one_line(capsys)
    assert not target.exists()


@pytest.mark.parametrize("url", ["tar://x.parquet::memory://nothing.tar", "reference://",
                                 "reference://a::memory://none.json", "zip://d::memory://no.zip",
                                 "nosuchprotocol://d", "simplecache::nosuchprotocol://d"])
def test_odd_fsspec_urls_are_one_line(tmp_path, capsys, url):
    pytest.importorskip("fsspec")
    pytest.importorskip("pyarrow")
    status = main(["dataset", "-n", "2", "--size", "3x3", "-o", url])
    assert status == 2
    one_line(capsys)


def test_odd_fsspec_urls_are_a_maze_error_in_the_library():
    pytest.importorskip("fsspec")
    from meiro.dataset.folder import Folder

    for url in ("tar://x::memory://nothing.tar", "reference://"):
        try:
            folder = Folder(url)
            folder.files()
            folder.prepare()
            folder.write("README.md", "x")
        except MazeError as exc:
            assert "\n" not in str(exc)


class NotDask:
    """A TCP server on the loopback that answers every connection with an HTTP reply."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        deadline = time.monotonic() + 60  # stops by itself
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            with conn:
                try:
                    conn.settimeout(1)
                    conn.recv(4096)
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello" * 4)
                except OSError:
                    pass

    def close(self):
        self.stop.set()
        self.thread.join(5)
        self.server.close()


def test_an_address_that_is_no_dask_scheduler_is_said_within_the_timeout():
    pytest.importorskip("distributed")
    from meiro.dataset.cluster import connect

    server = NotDask()
    try:
        began = time.monotonic()
        with pytest.raises(MazeError, match="did not answer as a Dask scheduler") as caught:
            connect(f"tcp://127.0.0.1:{server.port}", timeout=3)
        assert time.monotonic() - began < 30
        assert "\n" not in str(caught.value)
    finally:
        server.close()

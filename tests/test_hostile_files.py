"""Hostile input files: whatever a file holds, reading it is one MazeError (one CLI line), bounded.

Deep nesting, giant numbers, endless special files, zip and PNG bombs, and
fuzzed shapes of every format, through ``meiro.load``, ``--mask``, the
records file and a few ``meiro`` commands. CLI runs that read without end on
the old code get a memory limit and a timeout, so a regression cannot hurt the
machine.
"""

import io
import json
import os
import struct
import subprocess
import sys
import threading
import warnings
import zipfile
import zlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import meiro
from meiro.io.files import read_bytes
from meiro.game.records import Records
from meiro.generators.masking import load_mask
from meiro.io.interop import from_npy, from_npz, to_npy, to_npz
from meiro.render.png import read_png, render_png

#: Address space a CLI run may take: enough for meiro, far less than an endless read.
CLI_MEMORY = 2 * 2**30


def _limit_memory():  # runs in the child, before meiro starts
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CLI_MEMORY, CLI_MEMORY))


def _meiro(*args, cwd, **popen):
    """Start ``meiro ARGS`` with a memory limit; the caller waits (with a timeout)."""
    if sys.platform == "win32":  # pragma: no cover - rlimits are POSIX
        pytest.skip("memory limits need the resource module")
    return subprocess.Popen([sys.executable, "-m", "meiro", *map(str, args)], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_limit_memory, **popen)


def _run(*args, cwd, input=None):
    proc = _meiro(*args, cwd=cwd, stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL)
    try:
        out, err = proc.communicate(input, timeout=180)
    finally:
        proc.kill()
    return proc.returncode, out, err


def _one_line_error(code, err, *fragments):
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("meiro: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], err


def _doc(**fields) -> dict:
    doc = json.loads(meiro.io.to_json(meiro.generate(3, 2, seed=1)))
    doc.update(fields)
    return doc


def _json_text(**raw) -> str:
    """A maze file whose fields ``raw`` are spliced in as JSON text, as written."""
    text = meiro.io.to_json(meiro.generate(3, 2, seed=1))
    for key, value in raw.items():
        doc = json.loads(text)
        doc[key] = "@@"
        text = json.dumps(doc).replace('"@@"', value)
    return text


# --- deep nesting and giant numbers ---------------------------------------------------------

DEEP = {
    "lists": "[" * 100_000,
    "objects": '{"a":' * 100_000,
    "closed lists": "[" * 5000 + "]" * 5000,
    "in a field": _json_text(start="[" * 5000 + "1" + "]" * 5000),
    "mixed": '{"a": [' * 50_000,
}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_deeply_nested_json_is_one_maze_error(tmp_path, text):
    path = tmp_path / "deep.json"
    path.write_text(text)
    with pytest.raises(meiro.MazeError, match="nested more than 32 deep"):
        meiro.load(path)


def test_brackets_inside_strings_are_not_nesting():
    doc = _doc(algorithm="[{" * 50)  # a name no one uses, in a file only two deep
    assert meiro.io.from_json(json.dumps(doc)).generation["algorithm"] == "[{" * 50


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 20_000 + "[]" * 40,           # an unterminated string full of escaped quotes
    "[]" * 40 + '"' + '\\"' * 20_000 + "\\",
])
def test_the_depth_scan_takes_each_quote_once(text):
    from meiro.io.files import _NESTING

    # an unterminated string is one match to the end, not a new attempt at every quote in it
    # (which made the scan quadratic: minutes for a 100-kB file)
    strings = [m.group() for m in _NESTING.finditer(text) if m.group().startswith('"')]
    assert len(strings) == 1
    with pytest.raises(meiro.MazeError, match="not valid JSON"):
        meiro.io.from_json(text)


@pytest.mark.parametrize("field,expected", [
    ("start", '"start" must be a [row, col] pair of integers, got [<a 5000-digit number>, 1]'),
    ("seed", '"seed" must be an integer from 0 to 2**64-1 or null, got <a 5000-digit number>'),
    ("version", "unsupported maze file version <a 5000-digit number>"),
])
def test_a_5000_digit_integer_says_which_field(tmp_path, field, expected):
    digits = "7" * 5000
    value = f"[{digits}, 1]" if field == "start" else digits
    path = tmp_path / "big.json"
    path.write_text(_json_text(**{field: value}))
    with pytest.raises(meiro.MazeError) as caught:
        meiro.load(path)
    assert str(caught.value).startswith(f"{path}: {expected}")


def test_a_long_value_is_shown_short(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(_doc(start="x" * 10**6, version="v" * 10**6)))
    with pytest.raises(meiro.MazeError) as caught:
        meiro.load(path)
    assert len(str(caught.value)) < 200


def test_npz_meta_and_png_metadata_are_parsed_as_safely(tmp_path):
    m = meiro.generate(3, 2, seed=1)
    out = io.BytesIO()
    np.savez(out, grid=m.grid, start=np.array(m.start), goal=np.array(m.goal),
             meta=np.array('{"algorithm": "dig", "seed": ' + "9" * 5000 + "}"))
    with pytest.raises(meiro.MazeError, match="5000-digit"):
        from_npz(out.getvalue())
    out = io.BytesIO()
    np.savez(out, grid=m.grid, start=np.array(m.start), goal=np.array(m.goal), meta=np.array("[" * 100_000))
    with pytest.raises(meiro.MazeError, match=r'"meta": .*nested'):
        from_npz(out.getvalue())
    # a PNG's metadata is a hint: a hostile one is left out, the pixels still make the maze
    from PIL import Image, PngImagePlugin

    for meta in ("[" * 100_000, '{"algorithm": "dig", "seed": ' + "9" * 5000 + "}",
                 '{"algorithm": "dig", "seed": -4}', '{"colors": {"wall": [1e999, 0, 0]}}'):
        info = PngImagePlugin.PngInfo()
        info.add_text("meiro", meta)
        picture = io.BytesIO()
        Image.open(io.BytesIO(render_png(m))).save(picture, format="PNG", pnginfo=info)
        back = read_png(picture.getvalue())
        assert back == m and back.generation is None


@pytest.mark.parametrize("content", [
    "[" * 100_000,
    '{"k": {"time": ' + "9" * 5000 + ', "moves": 3}}',
    '{"k": {"time": NaN, "moves": 3}}',
    '{"k": {"time": -1, "moves": 3}}',
    '{"k": {"time": 1.5, "moves": true}}',
])
def test_a_hostile_records_file_counts_as_no_records(tmp_path, content):
    path = tmp_path / "records.json"
    path.write_text(content)
    records = Records(path)
    assert records.best("k") is None
    assert records.update("k", 3.0, 10) == (True, True)


def test_a_fifo_in_place_of_the_records_file_is_not_read(tmp_path):
    path = _fifo(tmp_path, "records.json")
    stop = threading.Event()
    # a writer that answers only if the game opens the FIFO (which would otherwise wait for ever)
    thread = _write_to_fifo(path, [b'{"k": {"time": 1.0, "moves": 1}}'], stop)
    try:
        assert Records(path).best("k") is None
    finally:
        stop.set()
        thread.join(10)


# --- endless and special files ------------------------------------------------------------

def test_reading_stops_at_the_limit():
    with pytest.raises(meiro.MazeError, match=r"^/dev/zero is larger than the largest maze this "
                                              r"machine could hold \(1 MiB\); refusing it$"):
        read_bytes("/dev/zero", limit=2**20)


def test_a_regular_file_over_the_limit_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    with open(path, "wb") as out:
        out.truncate(2**30)  # sparse: a gigabyte that takes no disk
    monkeypatch.setattr("meiro.io.files._read_bounded", None)  # reading at all would fail loudly
    with pytest.raises(meiro.MazeError, match="is larger than the largest maze"):
        read_bytes(path, limit=2**20)


def test_the_limit_follows_the_memory_rule(monkeypatch):
    from meiro.io import files

    monkeypatch.setattr(files, "available_memory", lambda: 6 * 2**30)
    assert files.read_limit() == 2**30                      # 6 GiB / (4 + 2 bytes)
    monkeypatch.setattr(files, "available_memory", lambda: 2**20)
    assert files.read_limit() == 64 * 2**20                 # small files are never refused
    monkeypatch.setattr(files, "available_memory", lambda: 2**50)
    assert files.read_limit() == files.MAX_READ
    monkeypatch.setattr(files, "available_memory", lambda: None)
    assert files.read_limit() == files.MAX_READ


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_cli_refuses_dev_zero_in_one_line(tmp_path):
    code, out, err = _run("solve", "/dev/zero", cwd=tmp_path)
    _one_line_error(code, err, "/dev/zero is larger than the largest maze this machine could hold",
                    "refusing it")


def _fifo(tmp_path, name):
    if not hasattr(os, "mkfifo"):  # pragma: no cover - POSIX only
        pytest.skip("no FIFOs here")
    path = tmp_path / name
    os.mkfifo(path)
    return path


def _write_to_fifo(path, chunks, stop):
    """Write ``chunks`` into the FIFO once a reader opens it, until done, the reader leaves or ``stop``."""
    def writer():
        while not stop.is_set():
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError:  # no reader yet
                stop.wait(0.05)
        else:
            return
        os.set_blocking(fd, True)
        try:
            for chunk in chunks:
                if stop.is_set():
                    break
                os.write(fd, chunk)
        except OSError:  # the reader went away
            pass
        finally:
            os.close(fd)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    return thread


def _endless(chunk=b" " * 2**20):
    while True:
        yield chunk


def test_cli_refuses_an_endless_fifo_in_one_line(tmp_path):
    path = _fifo(tmp_path, "endless.json")
    stop = threading.Event()
    proc = _meiro("stats", path, cwd=tmp_path, stdin=subprocess.DEVNULL)
    thread = _write_to_fifo(path, _endless(), stop)
    try:
        out, err = proc.communicate(timeout=180)
    finally:
        stop.set()
        proc.kill()
        thread.join(10)
    _one_line_error(proc.returncode, err, "endless.json is larger than the largest maze")


def test_a_maze_and_a_mask_are_read_from_fifos(tmp_path):
    m = meiro.generate(5, 4, seed=3)
    stop = threading.Event()
    path = _fifo(tmp_path, "maze.json")
    thread = _write_to_fifo(path, [meiro.io.to_json(m).encode()], stop)
    try:
        assert meiro.load(path) == m
    finally:
        stop.set()
        thread.join(10)
    mask = _fifo(tmp_path, "mask.txt")
    stop = threading.Event()
    thread = _write_to_fifo(mask, [b"..#\n...\n"], stop)
    try:
        assert load_mask(mask).tolist() == [[True, True, False], [True, True, True]]
    finally:
        stop.set()
        thread.join(10)


def test_cli_reads_a_maze_from_dev_stdin(tmp_path):
    m = meiro.generate(4, 3, seed=2)
    code, out, err = _run("solve", "/dev/stdin", cwd=tmp_path, input=meiro.io.to_json(m))
    assert code == 0 and err == "" and "S" in out


def test_cli_deep_and_long_json_are_one_line(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 100_000)
    code, _, err = _run("solve", "deep.json", cwd=tmp_path)
    _one_line_error(code, err, "deep.json: not a meiro file: lists and objects nested more than 32 deep")
    (tmp_path / "seed.json").write_text(_json_text(seed="1" * 5000))
    code, _, err = _run("stats", "seed.json", cwd=tmp_path)
    _one_line_error(code, err, '"seed" must be an integer', "<a 5000-digit number>")


# --- zip and array bombs ------------------------------------------------------------------

def _npy_header(shape, dtype="|b1") -> bytes:
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": dtype, "fortran_order": False, "shape": shape})
    return out.getvalue()


def _zip_bomb(side=14143) -> bytes:
    """An .npz whose grid is ~200 MB of zeros, deflated to a few hundred kilobytes (made in pieces)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("grid.npy", "w", force_zip64=True) as member:
            member.write(_npy_header((side, side)))
            row = bytes(side) * 1000
            for start in range(0, side, 1000):
                member.write(row[:side * min(1000, side - start)])
        for name, pair in (("start", (1, 1)), ("goal", (1, 3))):
            archive.writestr(f"{name}.npy", to_npy_pair(pair))
    return out.getvalue()


def to_npy_pair(pair) -> bytes:
    out = io.BytesIO()
    np.save(out, np.array(pair, np.int64))
    return out.getvalue()


@pytest.fixture
def small_machine(monkeypatch):
    """A machine with 600 MiB available: it reads at most 100 MiB from a file."""
    from meiro.io import files

    monkeypatch.setattr(files, "available_memory", lambda: 600 * 2**20)
    return files.read_limit()


def test_a_zip_bomb_is_refused_before_inflating(tmp_path, small_machine):
    assert small_machine == 100 * 2**20
    data = _zip_bomb()
    assert len(data) < 2**20
    path = tmp_path / "bomb.npz"
    path.write_bytes(data)
    with pytest.raises(meiro.MazeError, match=r'"grid" array: it would inflate to 191 MiB, more than '
                                              r"the largest maze this machine could hold \(100 MiB\)"):
        meiro.load(path)


def test_a_zip_member_that_lies_about_its_size_is_refused(small_machine):
    grid = io.BytesIO()
    np.save(grid, np.zeros((2001, 2001), bool))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("grid.npy", grid.getvalue())
        for name, pair in (("start", (1, 1)), ("goal", (1, 3))):
            archive.writestr(f"{name}.npy", to_npy_pair(pair))
    lying = _declare_size(out.getvalue(), "grid.npy", 1000)
    assert zipfile.ZipFile(io.BytesIO(lying)).getinfo("grid.npy").file_size == 1000
    # inflating stops at the declared size, where the checksum no longer matches
    with pytest.raises(meiro.MazeError, match="not an NPZ archive"):
        from_npz(lying)


def _declare_size(data: bytes, name: str, size: int) -> bytes:
    """The archive with ``name``'s uncompressed size, in the central directory, set to ``size``."""
    patched = bytearray(data)
    offset = 0
    while (offset := patched.find(b"PK\x01\x02", offset)) >= 0:  # a central directory record
        length = struct.unpack("<H", patched[offset + 28:offset + 30])[0]
        if patched[offset + 46:offset + 46 + length] == name.encode():
            patched[offset + 24:offset + 28] = struct.pack("<I", size)
        offset += 4
    return bytes(patched)


@pytest.mark.parametrize("make,message", [
    (lambda: _npy_header((100_000, 100_000)) + bytes(64), "header claims 9537 MiB"),
    (lambda: _npy_header((5, 7)) + bytes(10), "its header claims 35 bytes of data, the file holds 10"),
    (lambda: _npy_header((5, 7), "|O"), "holds Python objects"),
    (lambda: b"\x93NUMPY\x01\x00\x10\x00{'descr': (((((" + b" " * 10, "not a NumPy .npy array"),
])
def test_an_npy_header_is_checked_before_allocating(make, message, small_machine):
    with pytest.raises(meiro.MazeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_npy(make())


def test_bzip2_and_lzma_members_are_refused():
    m = meiro.generate(3, 2, seed=1)
    for method in (zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA):
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", method) as archive:
            with zipfile.ZipFile(io.BytesIO(to_npz(m))) as source:
                for info in source.infolist():
                    archive.writestr(info.filename, source.read(info.filename))
        with pytest.raises(meiro.MazeError, match="stored or deflated"):
            from_npz(out.getvalue())


# --- PNG bombs and big masks --------------------------------------------------------------

def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png_bomb(width=100_000, height=100_000) -> bytes:
    """A PNG whose header claims ``width x height`` grey pixels, with one row of data."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(bytes(width + 1))) + _chunk(b"IEND", b""))


def test_a_png_bomb_is_refused_by_its_header(tmp_path):
    path = tmp_path / "bomb.png"
    path.write_bytes(_png_bomb())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(meiro.MazeError, match=r"too large \(100000x100000 pixels"):
            meiro.load(path)
        # refused by the memory rule (or, on a machine of 100 GB, by Pillow's limit)
        with pytest.raises(meiro.MazeError, match=r"bomb.png' is 100000x100000 pixels"):
            load_mask(path)


def test_cli_png_bomb_mask_is_one_line(tmp_path):
    (tmp_path / "bomb.png").write_bytes(_png_bomb())
    code, _, err = _run("generate", "--mask", "bomb.png", cwd=tmp_path)
    _one_line_error(code, err, "100000x100000 pixels")


@pytest.fixture(scope="module")
def big_mask(tmp_path_factory):
    """A real 9500 x 9500 mask: more pixels than Pillow's warning threshold, well within memory."""
    from PIL import Image

    path = tmp_path_factory.mktemp("mask") / "big.png"
    Image.fromarray(np.full((9500, 9500), 255, np.uint8)).save(path, compress_level=1)
    return path


def test_a_big_real_mask_loads_without_pillows_warning(big_mask):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cells = load_mask(big_mask)
    assert cells.shape == (9500, 9500) and cells.all()


def test_cli_big_mask_gives_meiros_line_only(big_mask, tmp_path):
    code, _, err = _run("generate", "--mask", big_mask, "--size", "5x5", cwd=tmp_path)
    _one_line_error(code, err, "the mask is 9500x9500 cells but the maze is 5x5")


# --- fuzzed shapes ------------------------------------------------------------------------

def _good_files() -> dict:
    m = meiro.generate(3, 2, seed=1, goal="farthest")
    return {".json": meiro.io.to_json(m).encode(), ".txt": meiro.render_text(m).encode(),
            ".npz": to_npz(m), ".npy": to_npy(m), ".csv": meiro.io.interop.to_csv(m).encode(),
            ".png": render_png(m)}


GOOD = _good_files()


def _load_is_a_maze_or_one_line(path):
    try:
        return meiro.load(path)
    except meiro.MazeError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 500, message
        return None


def _nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


json_texts = st.recursive(
    st.sampled_from(["null", "true", "1", "-1", "1.5", "1e999", "NaN", '"x"', '""', '"#"',
                     "9" * 4301, "-" + "9" * 50, '"' + "#" * 300 + '"']),
    lambda inner: (st.lists(inner, max_size=3).map(lambda items: "[" + ",".join(items) + "]")
                   | st.dictionaries(st.sampled_from(['"a"', '"format"', '"grid"']), inner, max_size=2)
                   .map(lambda d: "{" + ",".join(f"{k}:{v}" for k, v in d.items()) + "}")),
    max_leaves=4,
) | st.integers(30, 3000).map(_nested)


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["format", "version", "width", "height", "start", "goal", "algorithm",
                            "seed", "origin", "braid", "mask", "grid", "meiro"]),
       value=json_texts)
def test_any_value_at_any_json_key_is_a_maze_or_one_line(tmp_path, key, value):
    path = tmp_path / "m.json"
    path.write_text(_json_text(**{key: value}))
    _load_is_a_maze_or_one_line(path)


@settings(max_examples=200, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(suffix=st.sampled_from(sorted(GOOD)), data=st.data())
def test_damaged_files_of_every_format_are_a_maze_or_one_line(tmp_path, suffix, data):
    good = GOOD[suffix]
    kind = data.draw(st.sampled_from(["truncated", "flipped", "garbage", "empty"]))
    if kind == "truncated":
        content = good[:data.draw(st.integers(0, len(good)))]
    elif kind == "flipped":
        content = bytearray(good)
        for _ in range(data.draw(st.integers(1, 4))):
            content[data.draw(st.integers(0, len(good) - 1))] = data.draw(st.integers(0, 255))
        content = bytes(content)
    elif kind == "garbage":
        content = data.draw(st.binary(max_size=300))
    else:
        content = b""
    path = tmp_path / f"m{suffix}"
    path.write_bytes(content)
    _load_is_a_maze_or_one_line(path)


@settings(max_examples=60, deadline=None, database=None)
@given(grid=st.sampled_from([np.ones((3, 3), bool), np.zeros((2, 2, 2), np.uint8), np.array("x"),
                             np.array(5), np.ones((3, 3), np.complex64), np.full((3, 3), 2, np.int64)]),
       start=st.sampled_from([np.array([1, 1]), np.array([1.5, 1]), np.array("ab"), np.array([[1, 1]]),
                              np.array([2**63 - 1, 1])]),
       meta=st.sampled_from([None, np.array("{}"), np.array("[1]"), np.array(5), np.array(["a", "b"]),
                             np.array('{"algorithm": "dig", "seed": 1, "origin": "x"}')]))
def test_any_array_in_an_npz_is_a_maze_or_one_line(grid, start, meta):
    arrays = {"grid": grid, "start": start, "goal": np.array([1, 1])}
    if meta is not None:
        arrays["meta"] = meta
    out = io.BytesIO()
    np.savez(out, **arrays)
    try:
        from_npz(out.getvalue())
    except meiro.MazeError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 500

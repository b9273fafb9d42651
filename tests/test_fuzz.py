"""Whatever the input, the library raises MazeError (or succeeds) — never anything else."""

import json
import os
import stat

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

import meiro

TEXT_CHARS = st.sampled_from(list("# SG.\n\r\t■　◎△・xX0"))


@settings(max_examples=300, deadline=None)
@given(st.text(TEXT_CHARS, max_size=120))
def test_parse_text_never_crashes(text):
    try:
        m = meiro.parse_text(text)
    except meiro.MazeError:
        return
    # anything that parses is a valid maze that solves or says why not
    assert m.grid.shape[0] % 2 == 1 and m.grid.shape[1] % 2 == 1
    try:
        sol = meiro.solve(m, "bfs")
        assert sol.length == meiro.solve(m, "astar").length
    except meiro.NoPathError:
        pass


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["format", "version", "grid", "start", "goal", "seed", "algorithm",
                            "origin", "width"]),
       value=json_values)
def test_loading_mutated_files_never_crashes(tmp_path, key, value):
    doc = json.loads(meiro.io.to_json(meiro.generate(4, 3, seed=1)))
    doc[key] = value
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        m = meiro.load(path)
    except meiro.MazeError:
        return
    assert np.array_equal(meiro.replay_carving(m.shape, m.carve_order), m.grid)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["generate", "solve", "list", "--size", "--blocks", "--seed",
                                 "--algorithm", "--goal", "--style", "--solve", "-q", "3x3",
                                 "0x0", "-1", "31x31", "dig", "nope", "farthest", "block",
                                 "astar", "x", "--method", "bfs"]), max_size=7))
def test_cli_returns_a_status_for_any_arguments(argv):
    import contextlib
    import io

    from meiro.cli import main

    out, err_buffer = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err_buffer):
        status = main(argv)
    assert status in (0, 2)
    err = err_buffer.getvalue()
    assert "Traceback" not in err
    if status == 2 and argv and argv[0] in ("generate", "solve", "list"):
        assert err.count("\n") == 1 and err.startswith("meiro: error: ")


#: Malformed maze files of every shape the readers meet: (name, bytes).
HOSTILE = {
    "nested.json": b"[" * 100_000,
    "nested-objects.json": b'{"a":' * 100_000,
    "bigint.json": (b'{"format": "meiro-maze", "version": 1, "grid": ["###", "# #", "###"], "start": ['
                    + b"9" * 5000 + b", 1]}"),
    "bigseed.json": meiro.io.to_json(meiro.generate(2, 2, seed=1)).replace(
        '"seed": 1', '"seed": ' + "7" * 5000).encode(),
    "empty.json": b"",
    "binary.json": bytes(range(256)),
    "garbage.npz": b"PK\x03\x04" + b"\x00" * 60,
    "garbage.npy": b"\x93NUMPY\x01\x00" + b"\xff" * 40,
    "garbage.png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 40,
    "garbage.csv": b"1,0,\n\xff\xfe",
    "garbage.txt": "迷路■◎\x00\n#".encode(),
}
HOSTILE_FILES = tuple(HOSTILE)


# Every command but play (it opens a game), with tokens that are right, wrong or nonsense
# for it, in any order: the CLI answers with a status, 0 or 2, never a traceback, and a
# refused command leaves no file behind.
#: command -> (the arguments it needs, one of which starts each draw; the tokens drawn after)
COMMAND_TOKENS = {
    "generate": ([[], ["-o", "m2.json"], ["-o", "m.png"], ["-o", "m.svg"], ["-o", "m.txt"],
                  ["-o", "link.json"], ["-o", "/dev/null"], ["-o", "noext"], ["-o", "sub/x.json"],
                  ["-o", "/dev/full", "--format", "txt"]],
                 ["--size", "3x4", "--blocks", "7x7", "--seed", "5", "--algorithm", "kruskal", "eller",
                  "--goal", "diameter", "--braid", "0.5", "2", "--mask", "-o", "m.pdf", "--solve",
                  "bfs", "--block", "0", "3", "--start", "1,1", "9,9", "--stream", "--format", "json",
                  "png", "csv", "html", "-o", "/dev/null", "link.json", "m.json", "/dev/full"]),
    "solve": ([[name] for name in ("m.json", "bad.json", "missing.json") + HOSTILE_FILES],
              ["--method", "wall-left", "tremaux", "nope", "--style", "block", "--quiet"]),
    "render": ([["m.json", "-o", name] for name in ("out.png", "out.gif", "out.pdf", "out.svg",
                                                    "out.bmp", "link.json", "/dev/null")]
               + [[name, "-o", "out.png"] for name in ("bad.json",) + HOSTILE_FILES],
               ["--solve", "astar", "--block", "2", "-4", "--frames", "3", "0", "--svg-style", "thin",
                "--wall-color", "red", "#12345", "notacolour", "-o", "out.html", "--lang", "ja", "fr"]),
    "sheet": ([["-o", "s.pdf"], ["-o", "s.png"], []],
              ["--size", "4x4", "--count", "2", "0", "--per-page", "1", "40", "--paper", "letter",
               "--no-answers", "--title", "", "迷路", "--seed", "3"]),
    "animate": ([["--size", "3x3"], []],
                ["--speed", "1000000", "0", "--solve", "bfs", "--look", "hash", "compact", "--seed", "2",
                 "--size", "2x2"]),
    "stats": ([["m.json"], ["bad.json"], []] + [[name] for name in HOSTILE_FILES],
              ["--algorithm", "wilson", "--size", "4x4", "--count", "3", "0", "--braid", "1", "-1",
               "--json", "--seed", "x"]),
    "dataset": ([["-o", "d.npz"], ["-o", "d.txt"], []],
                ["--count", "3", "0", "-1", "--size", "3x3", "--solve", "bfs", "--jobs", "1", "0",
                 "--braid", "0.2", "-o"]),
    "list": ([[]], ["--json", "generators", "x"]),
}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(sorted(COMMAND_TOKENS)), data=st.data())
def test_every_command_returns_a_status_for_any_arguments(tmp_path, monkeypatch, command, data):
    import contextlib
    import io

    from meiro.cli import main

    needed, tokens = COMMAND_TOKENS[command]
    argv = [command, *data.draw(st.sampled_from(needed)),
            *data.draw(st.lists(st.sampled_from(tokens), max_size=6))]
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    monkeypatch.chdir(work)
    meiro.save(meiro.generate(3, 3, seed=1), work / "m.json")
    (work / "bad.json").write_text('{"format": "meiro-maze", "version": 1, "grid": ["#"]}')
    for name, data in HOSTILE.items():
        (work / name).write_bytes(data)
    if not (work / "link.json").is_symlink():
        (work / "link.json").symlink_to("linked.json")  # dangling until a command writes through it
    before = set(work.iterdir())
    out, err_buffer = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err_buffer):
        status = main(argv)
    err = err_buffer.getvalue()
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err and "Traceback" not in out.getvalue()
    after = set(work.iterdir())
    if status == 2:
        assert err.startswith("meiro: error: ") and err.count("\n") == 1, (argv, err)
        assert after == before, (argv, after - before)   # nothing half-written
    leftovers = [p.name for p in after if p.name.startswith(".") or p.suffix in (".tmp", ".part")]
    assert not leftovers, leftovers
    for path in after - before:
        if path.suffix == ".json":
            meiro.load(path)   # whatever was written reads back
    assert (work / "link.json").is_symlink()  # written through, never replaced
    for device in ("/dev/null", "/dev/full"):
        assert not os.path.exists(device) or stat.S_ISCHR(os.stat(device).st_mode)


# Damaged fonts: bytes flipped in any table of a real font, or the file cut short. Reading,
# measuring and embedding a subset either work or end in one MazeError naming the file.
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _font_tables(data):
    import struct

    count = struct.unpack(">H", data[4:6])[0]
    return [struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])[2:] for i in range(count)]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_font_is_used_or_refused_in_one_line(tmp_path, data):
    import pytest

    from meiro.render.pdf_font import PdfFont
    from meiro.text import fonts

    if not os.path.isfile(DEJAVU):
        pytest.skip("DejaVu Sans is not installed (fonts-dejavu-core)")
    with open(DEJAVU, "rb") as handle:
        font = bytearray(handle.read())
    if data.draw(st.booleans(), label="cut short"):
        font = font[:data.draw(st.integers(0, len(font) - 1), label="length")]
    else:
        offset, length = data.draw(st.sampled_from(_font_tables(font)), label="table")
        for _ in range(data.draw(st.integers(1, 8), label="flips")):
            at = offset + data.draw(st.integers(0, max(0, length - 1)))
            font[at] = data.draw(st.integers(0, 255))
    path = tmp_path / "damaged.ttf"
    path.write_bytes(bytes(font))
    for cached in (fonts._families, fonts.character_map, fonts.opened_face):
        cached.cache_clear()
    try:
        embedded = PdfFont(fonts.find_font("Maze", explicit=str(path)))
        embedded.width("Maze", 10)
        embedded.encode("Maze")
        embedded.objects(1)
    except meiro.MazeError as exc:
        assert "damaged.ttf" in str(exc) and "\n" not in str(exc)


# Tampered cards: any field of a dataset card's record, or of one shard's entry, set to any
# JSON value. Resuming either refuses in one line, touching nothing, or finishes with the
# byte counts of the files themselves.
CARD_FIELDS = ["status", "rows", "drawn", "recipe", "shards", "meiro"]
SHARD_FIELDS = ["file", "rows", "first", "draws", "bytes", "sha256"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from([("card", k) for k in CARD_FIELDS] + [("shard", k) for k in SHARD_FIELDS]),
       value=json_values | st.integers() | st.floats(allow_nan=False))
def test_a_tampered_card_is_resumed_or_refused_in_one_line(tmp_path_factory, field, value):
    import pytest

    pytest.importorskip("pyarrow")
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    spec = DatasetSpec(6, 3, 3, seed=2, shard_draws=3)
    folder = tmp_path_factory.mktemp("card") / "d"
    build_dataset(spec, folder)
    card = folder / "README.md"
    lines = card.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("meiro: "))
    record = json.loads(lines[at][len("meiro: "):])
    (record if field[0] == "card" else record["shards"][0])[field[1]] = value
    lines[at] = "meiro: " + json.dumps(record)
    card.write_text("\n".join(lines), encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (folder / "data").iterdir()}
    try:
        result = build_dataset(spec, folder, resume=True)
    except meiro.MazeError as exc:
        assert "\n" not in str(exc)
        assert {p.name: p.read_bytes() for p in (folder / "data").iterdir()} == before
        return
    assert [s["bytes"] for s in result.shards] == [(folder / s["file"]).stat().st_size for s in result.shards]

"""A dataset card is checked against its schema before anything in it is used, and nothing is
copied from it: a tampered card is one line (CLI: exit 2), never a TypeError, and the byte
counts of a resumed dataset are the files' own."""

import json
import os

import pytest

pytest.importorskip("pyarrow")

from meiro.cli import main
from meiro.dataset.build import build_dataset
from meiro.dataset.card import MAX_CARD, read_record
from meiro.dataset.spec import DatasetSpec
from meiro.errors import MazeError

SPEC = DatasetSpec(12, 4, 4, seed=5, shard_draws=4)


def tamper(card, change) -> None:
    """Rewrite the card's ``meiro:`` record through ``change(record)``."""
    lines = card.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("meiro: "):
            record = json.loads(line[len("meiro: "):])
            change(record)
            lines[i] = "meiro: " + json.dumps(record)
    card.write_text("\n".join(lines), encoding="utf-8")


def shard(record, **fields):
    record["shards"][1].update(fields)


@pytest.mark.parametrize("change,message", [
    (lambda r: shard(r, bytes="many"), r"shards\[1\]\.bytes is 'many', not a whole number"),
    (lambda r: shard(r, rows=[2]), r"shards\[1\]\.rows is \[2\], not a whole number"),
    (lambda r: shard(r, rows=True), r"shards\[1\]\.rows is True"),
    (lambda r: shard(r, file=["data/shard-00001.parquet"]), r"shards\[1\]\.file is not a shard's name"),
    (lambda r: shard(r, file="../../outside.parquet"), r"shards\[1\]\.file is not a shard's name"),
    (lambda r: shard(r, sha256=None), r"shards\[1\]\.sha256 is not a SHA-256"),
    (lambda r: shard(r, first=-4), r"shards\[1\]\.first is -4, not from 0"),
    (lambda r: shard(r, draws=10**400), r"shards\[1\]\.draws is <a 401-digit number>"),
    (lambda r: r["shards"].append(r["shards"][0]), "listed twice"),
    (lambda r: r.update(shards={"a": 1}), "shards is not a list"),
    (lambda r: r["shards"].__setitem__(0, "x"), r"shards\[0\] is not an object"),
    (lambda r: r.update(status=1), "status is neither"),
    (lambda r: r.update(drawn=1.5), "drawn is 1.5"),
])
def test_a_tampered_field_is_one_line(tmp_path, change, message):
    folder = tmp_path / "d"
    build_dataset(SPEC, folder)
    before = {p: p.read_bytes() for p in (folder / "data").iterdir()}
    tamper(folder / "README.md", change)
    with pytest.raises(MazeError, match=message) as caught:
        build_dataset(SPEC, folder, resume=True)
    assert "\n" not in str(caught.value)
    assert {p: p.read_bytes() for p in (folder / "data").iterdir()} == before  # nothing touched


def test_the_command_line_says_so_in_one_line(tmp_path, capsys):
    folder = tmp_path / "d"
    argv = ["dataset", "-n", "12", "--size", "4x4", "--seed", "5", "--shard-draws", "4", "-o", str(folder)]
    assert main(argv) == 0
    tamper(folder / "README.md", lambda r: shard(r, bytes={"x": 1}))
    capsys.readouterr()
    assert main([*argv, "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meiro: error: ") and err.count("\n") == 1 and "shards[1].bytes" in err


def test_byte_counts_are_measured_never_copied(tmp_path):
    folder = tmp_path / "d"
    build_dataset(SPEC, folder)
    tamper(folder / "README.md", lambda r: shard(r, bytes=123456789))
    result = build_dataset(SPEC, folder, resume=True)
    sizes = {s["file"]: s["bytes"] for s in result.shards}
    assert sizes == {f"data/{p.name}": p.stat().st_size for p in (folder / "data").iterdir()}
    card = read_record((folder / "README.md").read_text(encoding="utf-8"))
    assert [s["bytes"] for s in card["shards"]] == [sizes[s["file"]] for s in card["shards"]]
    assert "123456789" not in (folder / "README.md").read_text(encoding="utf-8")


def test_a_card_over_its_cap_is_refused_unread(tmp_path):
    folder = tmp_path / "d"
    build_dataset(SPEC, folder)
    with open(folder / "README.md", "r+b") as handle:
        handle.truncate(MAX_CARD + 1)  # sparse: nothing is written, and nothing should be read
    with pytest.raises(MazeError, match="larger than"):
        build_dataset(SPEC, folder, resume=True)
    assert os.path.getsize(folder / "README.md") == MAX_CARD + 1

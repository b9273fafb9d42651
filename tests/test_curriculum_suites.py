"""Held-out suites (meiro.curriculum.suites, ``meiro suite``): the same bytes every run."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("yaml")

import meiro
from meiro.curriculum import suites
from meiro.errors import MazeError

ROOT = Path(__file__).resolve().parent.parent
#: the content SHA-256 of each size of perfect-maze: what README gives papers to cite
CONTENT = {
    21: "9840226b6d89b9b23a26215edc5fc423290f3dc2a0162c97630fc6fdaaa278cf",
    51: "144cbae0524114338718583bd8f553801fd9be53a9f9d1c08b9da53dc3a23088",
    101: "d1d9f84e9459597b0cb097b9920b9f6f9913c37d7f5ec1afa1ba65d2125df1dd",
    201: "000d8bc2e733328e1b7c91a69612b5e367ba9c95ad7a4c2006c3e5ab9e4bf9e0",
    401: "b47dc5be622ca23f75ba02ffb54189596b957d301be9b25fcbacfb0e87a4f55c",
}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _suite(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meiro", "suite", "perfect-maze", "-o", str(folder), *argv],
                          capture_output=True, text=True, timeout=600)


def test_two_runs_write_the_same_bytes_and_the_cited_content(tmp_path):
    one = _suite(tmp_path / "a", "--sizes", "21,51")
    two = _suite(tmp_path / "b", "--sizes", "51,21", "-j", "2", "-q")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert sorted(a) == ["21/README.md", "21/data/shard-00000.parquet", "51/README.md",
                         "51/data/shard-00000.parquet", "suite.json"]
    assert a == b and two.stdout == ""
    index = json.loads(a["suite.json"])
    for entry in index["sizes"]:
        assert entry["content_sha256"] == CONTENT[entry["blocks"]]
        assert f"content sha256 {CONTENT[entry['blocks']]}" in one.stdout
        for name, digest in entry["files"].items():
            assert hashlib.sha256(a[name]).hexdigest() == digest


def test_a_size_loads_as_the_perfect_mazes_of_its_recipe(tmp_path):
    suites.write_suite("perfect-maze", tmp_path / "s", sizes=[21])
    mazes = suites.load_suite(tmp_path / "s", 21)
    assert len(mazes) == 1000 and len({m.grid.tobytes() for m in mazes}) == 1000
    for m in mazes[:50]:
        assert m.shape == (21, 21) and m.start == (1, 1)
        assert int((~m.grid).sum()) == 2 * 100 - 1  # a perfect maze: 100 cells, 99 passages
        lengths = meiro.solve(m, "bfs").length
        assert lengths == max(meiro.solve(m.edited(goal=(r, c)), "bfs").length
                              for r in range(1, 21, 2) for c in range(1, 21, 2))  # the farthest cell
    assert suites.content_sha256(np.stack([m.grid for m in mazes]), [m.start for m in mazes],
                                 [m.goal for m in mazes]) == CONTENT[21]


def test_a_changed_file_is_caught_on_loading(tmp_path):
    suites.write_suite("perfect-maze", tmp_path / "s", sizes=[21])
    index = json.loads((tmp_path / "s" / "suite.json").read_text())
    index["sizes"][0]["content_sha256"] = "0" * 64
    (tmp_path / "s" / "suite.json").write_text(json.dumps(index))
    with pytest.raises(MazeError, match="are not the suite's"):
        suites.load_suite(tmp_path / "s", 21)
    with pytest.raises(MazeError, match="has no size 51"):
        suites.load_suite(tmp_path / "s", 51)
    with pytest.raises(MazeError, match="is not a suite"):
        suites.load_suite(tmp_path, 21)


@pytest.mark.slow
def test_every_size_is_the_cited_one(tmp_path):
    index = suites.write_suite("perfect-maze", tmp_path / "all", jobs=2)
    assert {e["blocks"]: e["content_sha256"] for e in index["sizes"]} == CONTENT
    assert [e["count"] for e in index["sizes"]] == [1000, 1000, 100, 100, 100]


def test_readme_cites_the_suites_content_digests():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Curricula and held-out suites"):]
    for blocks, digest in CONTENT.items():
        assert re.search(rf"\|\s*{blocks}\s*\|.*`{digest}`", section), blocks


@pytest.mark.parametrize("argv, message", [
    (["--sizes", "31"], "has no size 31"),
    (["--sizes", "x"], "sizes are whole numbers"),
    (["--sizes", ","], "at least one size"),
])
def test_bad_input_is_one_line_and_exit_2_with_nothing_written(tmp_path, argv, message):
    out = _suite(tmp_path / "s", *argv)
    assert out.returncode == 2 and message in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "s").exists()


def test_a_folder_with_files_is_refused(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "keep.txt").write_text("mine")
    out = _suite(tmp_path / "s", "--sizes", "21")
    assert out.returncode == 2 and "already holds files" in out.stderr
    assert [p.name for p in (tmp_path / "s").iterdir()] == ["keep.txt"]
    with pytest.raises(MazeError, match="unknown suite"):
        suites.write_suite("maze-hard", tmp_path / "t")


def test_a_suite_cut_short_leaves_no_file(tmp_path, monkeypatch):
    calls = []
    real = suites.collect_batch

    def second_size_fails(spec, jobs=1):
        calls.append(spec.width)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(spec, jobs=jobs)

    monkeypatch.setattr(suites, "collect_batch", second_size_fails)
    with pytest.raises(KeyboardInterrupt):
        suites.write_suite("perfect-maze", tmp_path / "s", sizes=[21, 51])
    assert calls == [10, 25] and not [p for p in (tmp_path / "s").rglob("*") if p.is_file()]

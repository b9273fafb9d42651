"""Every algorithm and goal rule has a Japanese name, shown by `meiro list --lang ja` and the game."""

import subprocess
import sys
import unicodedata

import meiro
from meiro.goals import GOALS, goal_title


def test_every_generator_solver_and_goal_has_its_own_japanese_name():
    for registry in (meiro.GENERATORS, meiro.SOLVERS):
        titles = [a.title("ja") for a in registry]
        assert len(set(titles)) == len(titles)  # no two share a name
        for a, title in zip(registry, titles):
            assert title != a.name and any(unicodedata.east_asian_width(c) == "W" for c in title), a.name
            assert a.title("en") == a.name
    assert [goal_title(g, "ja") for g in GOALS] == ["右下の角", "いちばん遠いマス", "最長経路"]
    assert meiro.GENERATORS.get("anahori").title("ja") == "穴掘り法"


def test_meiro_list_in_japanese_lines_up_its_columns():
    out = subprocess.run([sys.executable, "-m", "meiro", "list", "--lang", "ja"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = [line for line in out.stdout.splitlines() if line.startswith("  ")]
    assert any("穴掘り法" in r for r in rows) and any("幅優先探索" in r for r in rows)
    assert any("いちばん遠いマス" in r for r in rows)

    def column_of(row, text):  # terminal columns before ``text``
        before = row[:row.index(text)]
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in before)

    generators = [r for r in rows if any(a.title("ja") in r for a in meiro.GENERATORS)][:18]
    flags = {column_of(r, "perfect") for r in generators}
    assert len(flags) == 1, flags  # the "perfect" column starts at one place on every row

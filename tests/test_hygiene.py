"""Nothing a test, a doctest or a run writes lands in the checkout or stays behind."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_doctests_and_tests_leave_nothing_in_the_temporary_folder(tmp_path):
    temp = tmp_path / "temp"
    temp.mkdir()
    modules = ["src/meiro/io/codecs.py", "src/meiro/io/files.py", "src/meiro/io/writing.py", "src/meiro/game/records.py",
               "src/meiro/generators/masking.py", "tests/test_io.py"]
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *modules],
                         cwd=ROOT, env={**os.environ, "TMPDIR": str(temp)}, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout[-2000:]
    left = sorted(str(p.relative_to(temp)) for p in temp.rglob("*"))
    # pytest's own per-user folder may stay, empty, for its next run
    assert all(name.startswith("pytest-of-") for name in left) and len(left) <= 1, left


def test_no_generated_pictures_are_in_the_repository():
    tracked = subprocess.run(["git", "ls-files", "maze_image", "*.png", "*.gif"], cwd=ROOT,
                             capture_output=True, text=True)
    if tracked.returncode != 0:  # not a git checkout (an sdist): nothing to check
        return
    assert [name for name in tracked.stdout.split() if not name.startswith("tests/golden/")] == []


def test_ruff_finds_nothing():
    # the rules are pyproject.toml's [tool.ruff.lint]: pyflakes, syntax and statement errors,
    # and a name compared with itself
    pytest.importorskip("ruff")
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "src", "tests", "benchmarks",
                          "examples"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:]

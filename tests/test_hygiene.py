"""Nothing a test, a doctest or a run writes lands in the checkout or stays behind."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow  # a second pytest run of six modules
def test_doctests_and_tests_leave_nothing_in_the_temporary_folder(tmp_path):
    temp = tmp_path / "temp"
    temp.mkdir()
    modules = ["src/meiro/io/codecs.py", "src/meiro/io/files.py", "src/meiro/io/writing.py", "src/meiro/game/records.py",
               "src/meiro/generators/masking.py", "tests/test_io.py"]
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *modules],
                         cwd=ROOT, env={**os.environ, "TMPDIR": str(temp)}, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout[-2000:]
    left = sorted(str(p.relative_to(temp)) for p in temp.rglob("*"))
    # pytest's own per-user folder may stay, empty, for its next run
    assert all(name.startswith("pytest-of-") for name in left) and len(left) <= 1, left


def _pictures_outside_git() -> list[str]:
    """The pictures in the tree, found by walking it (a copy without git: an sdist, an export)."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        # hidden folders (.git, .venv, tool caches) and build output are not the project's files
        subfolders[:] = [s for s in subfolders if not s.startswith(".") and s not in (
            "__pycache__", "build", "dist") and not s.endswith(".egg-info")]
        here = Path(folder).relative_to(ROOT).as_posix()
        found += [f"{here}/{name}".removeprefix("./") for name in files
                  if name == "maze_image" or name.endswith((".png", ".gif"))]
    return found


def test_no_generated_pictures_are_in_the_repository():
    try:
        tracked = subprocess.run(["git", "ls-files", "maze_image", "*.png", "*.gif"], cwd=ROOT,
                                 capture_output=True, text=True)
    except FileNotFoundError:  # no git on this machine
        tracked = None
    # in a git checkout the tracked files; in a copy without git (or no git at all), every file there
    names = (tracked.stdout.split() if tracked is not None and tracked.returncode == 0
             else _pictures_outside_git())
    assert [name for name in names if not name.startswith("tests/golden/")] == []


def test_pictures_are_found_without_git_too(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "tests" / "golden").mkdir(parents=True)
    (tmp_path / "tests" / "golden" / "kept.png").write_bytes(b"")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "ignored.png").write_bytes(b"")
    (tmp_path / "maze.gif").write_bytes(b"")
    assert sorted(_pictures_outside_git()) == ["maze.gif", "tests/golden/kept.png"]


def test_ruff_finds_nothing():
    # the rules are pyproject.toml's [tool.ruff.lint]; ruff is in the test extra: imported, not skipped
    from ruff.__main__ import find_ruff_bin

    out = subprocess.run([find_ruff_bin(), "check", "--no-cache", "src", "tests", "benchmarks", "examples"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:]

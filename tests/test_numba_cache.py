"""numba's cached kernels follow every kernel source: an edit to a helper in another file
is never run stale (see meiro.kernels.freshness)."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import meiro
from meiro import kernels
from meiro.errors import NumbaCacheWarning
from meiro.kernels import freshness

PACKAGE = Path(meiro.__file__).resolve().parent


def test_every_cached_kernel_of_meiro_is_stamped_with_the_sources_key():
    cached = []
    for info in pkgutil.walk_packages([str(PACKAGE)], "meiro."):
        if info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        for value in vars(module).values():
            cache = getattr(value, "_cache", None) if hasattr(value, "py_func") else None
            if cache is not None and type(cache).__name__ != "NullCache" \
                    and value.py_func.__module__ == info.name:  # @njit(cache=True), defined here
                cached.append(value)
    assert len(cached) > 30  # every generator's and solver's kernels, at least
    stale = [f"{k.py_func.__module__}.{k.py_func.__name__}" for k in cached if not freshness.uses_sources_key(k)]
    assert stale == []


def test_the_key_changes_with_any_kernel_source_and_the_version(tmp_path):
    package = tmp_path / "pkg"
    (package / "kernels").mkdir(parents=True)
    (package / "kernels" / "rng.py").write_text("STEP = 1\n")
    (package / "batch.py").write_text("from numba import njit\n")
    (package / "text.py").write_text("WIDTH = 80\n")
    before = freshness.sources_key(package, "1.0")
    assert [p.name for p in freshness.kernel_sources(package)] == ["batch.py", "rng.py"]
    (package / "text.py").write_text("WIDTH = 100\n")  # no kernel reads it: no recompiling
    assert freshness.sources_key(package, "1.0") == before
    (package / "kernels" / "rng.py").write_text("STEP = 2\n")
    edited = freshness.sources_key(package, "1.0")
    assert edited != before
    assert freshness.sources_key(package, "1.1") != edited
    (package / "batch.py").write_text("from numba import njit  # kernels here too\n")
    assert freshness.sources_key(package, "1.0") != edited


HELPER = """\
from numba import njit

@njit(inline="always")
def step():
    return {value}
"""

KERNEL = """\
from numba import njit
from .helper import step

@njit(cache=True)
def run():
    return step() * 10
"""

RUN = """\
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from meiro.kernels.freshness import install
if {keyed}:
    install(Path({root!r}) / "tiny")
from tiny.kernel import run
print(run(), run.stats.cache_hits and 1 or 0, run.stats.cache_misses and 1 or 0)
"""


def _run(root: Path, keyed: bool = True) -> tuple[int, int, int]:
    out = subprocess.run([sys.executable, "-c", RUN.format(root=str(root), keyed=keyed)],
                         capture_output=True, text=True, check=True)
    value, hit, missed = map(int, out.stdout.split())
    return value, hit, missed


@pytest.mark.slow
def test_an_edited_inlined_helper_in_another_file_is_recompiled(tmp_path):
    tiny = tmp_path / "tiny"
    tiny.mkdir()
    (tiny / "__init__.py").write_text("")
    (tiny / "helper.py").write_text(HELPER.format(value=1))
    (tiny / "kernel.py").write_text(KERNEL)
    assert _run(tmp_path) == (10, 0, 1)  # compiled and saved
    assert _run(tmp_path) == (10, 1, 0)  # loaded from the cache: the cache is in use
    (tiny / "helper.py").write_text(HELPER.format(value=2))  # kernel.py itself is unchanged
    assert _run(tmp_path)[0] == 20
    assert _run(tmp_path) == (20, 1, 0)


@pytest.mark.parametrize("system", ["linux", "macos", "windows"])
def test_the_user_cache_folder_is_platformdirs_and_where_it_always_was(monkeypatch, tmp_path, system):
    import platformdirs

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    if system == "linux":
        from platformdirs.unix import Unix as Dirs

        expected = [tmp_path / "home" / ".cache" / "meiro" / "numba", tmp_path / "xdg" / "meiro" / "numba"]
    elif system == "macos":
        from platformdirs.macos import MacOS as Dirs

        expected = [tmp_path / "home" / "Library" / "Caches" / "meiro" / "numba"] * 2
    else:
        import platformdirs.windows
        from platformdirs.windows import Windows as Dirs

        # %LOCALAPPDATA%, as Windows answers it
        monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda name: str(tmp_path / "Local"))
        expected = [tmp_path / "Local" / "meiro" / "numba"] * 2
    monkeypatch.setattr(platformdirs, "PlatformDirs", Dirs)
    assert kernels._user_cache() == str(expected[0])
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    # (platformdirs 4.4 and later read $XDG_CACHE_HOME on macOS too, as they are asked to there)
    assert kernels._user_cache() in (str(expected[1]), str(tmp_path / "xdg" / "meiro" / "numba"))


def test_without_a_usable_cache_folder_the_library_warns_and_prints_nothing(monkeypatch, capsys):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(kernels, "_writable", lambda folder: False)  # a read-only installation,
    monkeypatch.setattr(kernels, "_user_cache", lambda: None)  # no home folder,
    monkeypatch.setattr(kernels, "_shared_temp", lambda: None)  # no safe shared temporary folder
    with pytest.warns(NumbaCacheWarning, match="set NUMBA_CACHE_DIR to keep compiled kernels"):
        folder = kernels.numba_cache_folder()
    assert folder is not None and os.path.isdir(folder)  # a private one, removed at exit
    assert capsys.readouterr() == ("", "")

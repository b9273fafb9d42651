"""numba's cached kernels follow every kernel source: an edit to a helper in another file
is never run stale (see meiro.kernels.freshness)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import meiro
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

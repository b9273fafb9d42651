"""Test-wide settings: nothing a test or a doctest writes stays behind; slow checks run in CI.

Doctests and tests that call :mod:`tempfile` directly (``mkdtemp()``) get
their temporary folders inside the test's own ``tmp_path``, which pytest
removes (see ``tmp_path_retention_policy`` in pyproject.toml).

A test marked ``slow`` (a minute or more of a machine's time: a second
compile of every kernel, a benchmark's whole run) runs in CI, where ``CI`` is
set, and wherever ``-m`` chooses the tests (``-m slow`` for those alone,
``-m "slow or not slow"`` for all); elsewhere it is skipped with that reason,
so that the whole suite stays a few minutes' run on a developer's machine.
"""

import importlib.util
import os
import tempfile

import pytest

# meiro.rl.sb3 needs stable-baselines3, an optional extra: its doctests run only where it is installed
collect_ignore = [] if importlib.util.find_spec("stable_baselines3") else ["src/meiro/rl/sb3.py"]


def pytest_collection_modifyitems(config, items):
    if os.environ.get("CI") or config.getoption("markexpr"):
        return
    later = pytest.mark.skip(reason="slow: runs in CI (CI=true), or here with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(later)


@pytest.fixture(autouse=True)
def _temporary_files_in_tmp_path(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    yield

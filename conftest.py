"""Test-wide settings: nothing a test or a doctest writes stays behind.

Doctests and tests that call :mod:`tempfile` directly (``mkdtemp()``) get
their temporary folders inside the test's own ``tmp_path``, which pytest
removes (see ``tmp_path_retention_policy`` in pyproject.toml).
"""

import tempfile

import pytest


@pytest.fixture(autouse=True)
def _temporary_files_in_tmp_path(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    yield

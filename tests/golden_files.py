"""Golden files: small mazes in every text format, kept in tests/golden/.

Run ``MEIRO_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` to rewrite them after
an intended change, then review the diff.
"""

import os
from pathlib import Path

import meiro

FOLDER = Path(__file__).parent / "golden"
UPDATE = os.environ.get("MEIRO_UPDATE_GOLDEN") == "1"


def small_maze():
    """The maze every golden file draws: 4x3 cells, seed 4, goal farthest."""
    return meiro.generate(4, 3, seed=4, goal="farthest")


def check(name: str, text: str) -> None:
    path = FOLDER / name
    if UPDATE:
        path.write_text(text, encoding="utf-8", newline="")
    assert path.exists(), f"missing golden file {path}; run with MEIRO_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"

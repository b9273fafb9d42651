"""Golden files, kept in tests/golden/: small mazes in every text format, one maze
per generator (tests/golden/generators/) and one search per solver
(tests/golden/solvers/).

They pin what a seed gives. A change that alters any of them changes the maze
some user's seed makes, so it must be deliberate: re-make them with

    MEIRO_UPDATE_GOLDEN=1 python -m pytest -q -p no:randomly tests/test_golden.py

review the diff, and say in CHANGELOG.md which seeds' mazes changed and why.
A new generator or solver gets its file the same way.
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
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
    assert path.exists(), f"missing golden file {path}; run with MEIRO_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def blocks(points) -> str:
    """``(row, col)`` pairs as ``r,c`` words, twelve to a line."""
    words = [f"{int(r)},{int(c)}" for r, c in points]
    return "\n".join(" ".join(words[i:i + 12]) for i in range(0, len(words), 12))


def generator_record(name: str) -> str:
    """What ``name`` makes of one seed: the maze, its ends and its carving log."""
    m = meiro.generate(8, 5, algorithm=name, seed=2024, goal="farthest")
    cols = m.shape[1]
    order = [divmod(int(flat), cols) for flat in m.carve_order]
    return (f"# meiro.generate(8, 5, algorithm={name!r}, seed=2024, goal='farthest')\n"
            f"{meiro.render_text(m, style='plain')}\n"
            f"start {m.start[0]},{m.start[1]} goal {m.goal[0]},{m.goal[1]}\n"
            f"carve order ({len(order)} blocks):\n{blocks(order)}\n")


def solver_record(name: str) -> str:
    """What ``name`` does on one maze with loops: the blocks in the order it explored them,
    and the path it found."""
    m = meiro.generate(8, 5, seed=2024, goal="farthest", braid=0.5)
    solution = meiro.solve(m, name)
    return (f"# meiro.solve(meiro.generate(8, 5, seed=2024, goal='farthest', braid=0.5), {name!r})\n"
            f"{meiro.render_text(m, style='plain', path=solution.path)}\n"
            f"explored ({len(solution.explored)} blocks):\n{blocks(solution.explored)}\n"
            f"path ({solution.length} steps):\n{blocks(solution.path)}\n")

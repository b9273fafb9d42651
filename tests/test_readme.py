"""The README's set-up commands are the ones CI runs, in both languages."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commands(readme: str) -> list[str]:
    text = (ROOT / readme).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.startswith("pip install ")]


def test_both_readmes_give_the_same_two_commands():
    english = commands("README.md")
    assert len(english) == 2
    assert english == commands("README.ja.md")
    assert "meiro generate" in english[0] and "pytest" in english[1]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "grep -m1 -E '^pip install -e .*pytest' README.md" in ci
    assert [c for c in commands("README.md") if "pytest" in c] == [commands("README.md")[1]]


def test_readme_lists_every_registered_algorithm():
    import meiro

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in meiro.GENERATORS.names() + meiro.SOLVERS.names():
        base = "growing-tree" if name.startswith("growing-tree-") else name  # one row, three variants
        assert f"`{base}`" in text, f"README.md does not mention the algorithm {name!r}"

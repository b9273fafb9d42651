"""The formats' table (meiro.io.formats.FORMATS) against what meiro really does with files."""

import argparse
import ast
import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meiro
from meiro.io import codecs
from meiro.io.costs import Needs, check_output, output_format, output_needs
from meiro.io.formats import FORMATS, Format, resolve

MAZE = meiro.generate(6, 4, seed=5, goal="farthest")


@pytest.mark.parametrize("fmt", list(FORMATS), ids=FORMATS.names())
def test_every_format_is_saved_by_its_declaration_and_read_back_if_it_says_so(tmp_path, fmt):
    path = tmp_path / f"maze{fmt.suffixes[0]}"
    meiro.save(MAZE, path)
    data = path.read_bytes()
    assert data == fmt.encoder()(MAZE) and len(data) > 0
    if fmt.kind == "picture":  # as render_file draws it, by default
        assert data == meiro.render.render_file(MAZE, path)
    if fmt.readable:
        loaded = meiro.load(path)
        assert np.array_equal(loaded.grid, MAZE.grid)
        if fmt.name not in ("npy", "csv"):  # the bare 1/0 grids keep no ends
            assert loaded == MAZE
    else:
        with pytest.raises(meiro.MazeError, match=rf"cannot load a \{fmt.suffixes[0]} file: meiro reads "
                                                  rf"mazes from .*\.json"):
            meiro.load(path)


@pytest.mark.parametrize("fmt", list(FORMATS), ids=FORMATS.names())
def test_every_declared_function_exists_and_every_format_is_costed(fmt):
    for named in (fmt.encode, fmt.decode, fmt.needs, fmt.advice):
        if named is not None:
            assert callable(resolve(named)), named
    needs = output_needs(fmt.name, MAZE.shape)
    assert isinstance(needs, Needs) and needs.format == fmt.name and needs.memory > 0
    if fmt.kind == "data":  # maze data is costed by its declared figures alone
        assert fmt.memory > 0 and fmt.size > 0
    assert check_output(f"maze{fmt.suffixes[0]}", MAZE.shape) == needs


def test_every_suffix_names_exactly_one_format():
    suffixes = [s for fmt in FORMATS for s in fmt.suffixes]
    assert len(suffixes) == len(set(suffixes))
    for fmt in FORMATS:
        for suffix in fmt.suffixes:
            assert FORMATS.by_suffix(suffix.upper()) is fmt
            assert codecs.format_of(f"dir/maze{suffix}") == fmt.name
            assert output_format(f"maze{suffix.upper()}") == output_format(suffix) == fmt.name
    assert codecs.DATA_FORMATS == tuple(FORMATS.names("data")) == meiro.io.DATA_FORMATS
    assert codecs.PICTURE_FORMATS == tuple(FORMATS.names("picture")) == meiro.io.PICTURE_FORMATS
    assert tuple(FORMATS.suffixes("picture")) == meiro.render.IMAGE_SUFFIXES
    assert FORMATS.by_suffix(".bmp") is None


def _command_parser(command: str) -> argparse.ArgumentParser:
    from meiro import cli

    parser = cli.build_parser([command])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = sub.choices[command]
    return found


def test_the_readme_names_every_format():
    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    missing = [suffix for suffix in FORMATS.suffixes() if f"`{suffix}`" not in text]
    assert missing == [], f"README.md does not mention {missing}"


def _format_choices(command: str) -> list[str]:
    action = next(a for a in _command_parser(command)._actions if a.dest == "format")
    return list(action.choices)


def test_the_commands_choices_and_help_are_the_tables():
    from meiro import cli

    assert _format_choices("generate") == FORMATS.names()
    assert _format_choices("render") == FORMATS.names("picture")
    for command, suffixes in (("generate", FORMATS.suffixes()), ("render", FORMATS.suffixes()),
                              ("solve", FORMATS.suffixes(readable=True))):
        shown = io.StringIO()
        _command_parser(command).print_help(shown)
        assert all(suffix in shown.getvalue() for suffix in suffixes), command
    assert all(fmt.title in cli.COMMANDS["render"][1] for fmt in FORMATS if fmt.kind == "picture")


def test_the_cli_refuses_a_format_by_the_tables_words(tmp_path, capsys):
    from meiro.cli import main

    meiro.save(MAZE, tmp_path / "m.json")
    assert main(["render", str(tmp_path / "m.json"), "-o", str(tmp_path / "m.csv")]) == 2
    assert "the output must be a picture (png, svg, gif, pdf, html)" in capsys.readouterr().err


@pytest.fixture
def declared():
    """Formats a test declares, taken out of the table again afterwards."""
    names = []

    def declare(fmt):
        FORMATS.declare(fmt)
        names.append(fmt.name)

    yield declare
    for name in names:
        FORMATS.remove(name)


def _upper(maze):
    """A toy format: the text picture with '@' for walls."""
    return meiro.render_text(maze).replace("#", "@").encode("ascii") + b"\n"


def test_a_new_data_format_is_one_declaration(tmp_path, declared, capsys):
    declared(Format("upper", "data", (".up",), encode=_upper,
                    decode=lambda text: meiro.parse_text(text.replace("@", "#")), memory=4, size=2.0))
    path = tmp_path / "maze.up"
    meiro.save(MAZE, path)  # chosen by its suffix, costed, written
    assert path.read_bytes() == _upper(MAZE)
    assert meiro.load(path) == MAZE
    assert "upper" in meiro.io.DATA_FORMATS and codecs.encode(MAZE, "upper") == _upper(MAZE)
    assert output_needs("maze.up", (7, 9)).memory == 7 * 9 * 5
    # and the command line takes it: a choice of --format, and an -o by its suffix
    assert "upper" in _format_choices("generate")
    from meiro.cli import main

    assert main(["generate", "--size", "6x4", "--seed", "5", "--goal", "farthest", "-q",
                 "-o", str(tmp_path / "cli.up"), "--format", "upper"]) == 0
    assert (tmp_path / "cli.up").read_bytes() == _upper(MAZE)
    # declared twice: refused
    with pytest.raises(ValueError, match="declared twice"):
        FORMATS.declare(Format("other", "data", (".up",), encode=_upper))


def test_a_new_picture_format_is_one_declaration(tmp_path, declared):
    def ascii_art(maze, solution=None, **options):
        return meiro.render_text(maze, path=None if solution is None else solution.path).encode()

    declared(Format("ascii", "picture", (".asc", ".ascii"), encode=ascii_art, title="ASCII art"))
    assert meiro.render.render_file(MAZE, "x.ASCII") == ascii_art(MAZE)
    solution = meiro.solve(MAZE)
    assert meiro.render.render_file(MAZE, "x.asc", solution) == ascii_art(MAZE, solution)
    meiro.save(MAZE, tmp_path / "maze.asc")
    assert (tmp_path / "maze.asc").read_bytes() == ascii_art(MAZE)
    with pytest.raises(meiro.MazeError, match=r"cannot load a \.asc file"):
        meiro.load(tmp_path / "maze.asc")
    assert "ascii" in _format_choices("render") and "ASCII art" in FORMATS.title_list("picture")


def test_the_table_loads_nothing_but_itself_and_the_io_package_never_imports_render():
    code = ("import sys, meiro.io.formats, meiro.io.saving, meiro.io.costs; "
            "print(sorted(m for m in sys.modules if m.startswith(('meiro.render', 'PIL'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    code = "import sys, meiro.io.formats; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_module_but_the_table_lists_formats():
    """A tuple, list, set or dict of two or more formats' names or suffixes anywhere else in
    meiro is a second list of formats, which a new format would miss."""
    words = set(FORMATS.names()) | set(FORMATS.suffixes())
    root = Path(meiro.__file__).parent
    lists = []
    for path in sorted(root.rglob("*.py")):
        if path == root / "io" / "formats.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            items = (node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set))
                     else node.keys if isinstance(node, ast.Dict) else [])
            named = [item.value for item in items
                     if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in words]
            if len(named) >= 2:
                lists.append(f"{path.relative_to(root)}:{node.lineno}: {named}")
    assert lists == []


def test_the_game_saves_every_picture_format_but_its_own_png_as_render_file_draws_it(tmp_path):
    from meiro.ui.pictures import save_picture

    for fmt in FORMATS:
        if fmt.kind != "picture":
            continue
        path = tmp_path / f"maze{fmt.suffixes[0]}"
        save_picture(MAZE, path)
        drawn = meiro.render.render_file(MAZE, path)
        if fmt.name == "png":  # the game's look, at the game's block size
            assert path.read_bytes().startswith(b"\x89PNG") and path.read_bytes() != drawn
        else:
            assert path.read_bytes() == drawn

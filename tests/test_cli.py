"""The command line, run as a real subprocess (what a user sees)."""

import json
import os
import subprocess
import sys

import pytest

import meiro


def meiro_cli(*args, cwd=None):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "meiro", *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=cwd, env=env, timeout=120)


def test_generate_prints_the_maze():
    out = meiro_cli("generate", "--size", "15x15", "--seed", "4", "--algorithm", "dig",
                    "--goal", "farthest", "--style", "hash")
    assert out.returncode == 0, out.stderr
    expected = meiro.render_text(meiro.generate(15, 15, seed=4, goal="farthest"))
    assert out.stdout == expected + "\n"
    assert out.stderr == ""


def test_blocks_option_takes_the_seeds_odd_sides():
    by_blocks = meiro_cli("generate", "--blocks", "31x21", "--seed", "1")
    by_cells = meiro_cli("generate", "--size", "15x10", "--seed", "1")
    assert by_blocks.returncode == 0 and by_blocks.stdout == by_cells.stdout
    assert len(by_blocks.stdout.splitlines()) == 21


def test_generate_solve_and_save_then_solve_the_file(tmp_path):
    out = meiro_cli("generate", "--size", "12x8", "--seed", "7", "--solve", "astar",
                    "--style", "block", "-o", str(tmp_path / "m.json"))
    assert out.returncode == 0, out.stderr
    assert "・" in out.stdout
    saved = meiro.load(tmp_path / "m.json")
    assert saved == meiro.generate(12, 8, seed=7)
    solved = meiro_cli("solve", str(tmp_path / "m.json"), "--method", "bfs")
    assert solved.returncode == 0, solved.stderr
    length = meiro.solve(saved).length
    assert solved.stdout.splitlines()[-1].startswith(f"path length: {length} steps")
    assert len(solved.stdout.splitlines()) == 17 + 1


def test_list_prints_the_registry():
    out = meiro_cli("list")
    assert out.returncode == 0
    for name in meiro.GENERATORS.names() + meiro.SOLVERS.names():
        assert f"  {name} " in out.stdout


def test_help_and_version():
    assert meiro_cli("--help").returncode == 0
    version = meiro_cli("--version")
    assert version.returncode == 0 and meiro.__version__ in version.stdout


@pytest.mark.parametrize("args,message", [
    ((), None),
    (("generate", "--size", "0x5"), "width must be at least 1 cell, got 0"),
    (("generate", "--size", "-3x5"), "size must look like WIDTHxHEIGHT"),
    (("generate", "--size", "axb"), "size must look like WIDTHxHEIGHT"),
    (("generate", "--blocks", "30x31"), "must be an odd number of blocks"),
    (("generate", "--blocks", "1x1"), "must be an odd number of blocks >= 3"),
    (("generate", "--size", "3x3", "--blocks", "7x7"), "not allowed with argument"),
    (("generate", "--algorithm", "nope"), "invalid choice: 'nope' (choose from 'dig'"),
    (("generate", "--goal", "middle"), "invalid choice: 'middle' (choose from 'corner', 'farthest', 'diameter')"),
    (("generate", "--style", "fancy"), "invalid choice: 'fancy'"),
    (("generate", "--seed", "x"), "seed must be a whole number"),
    (("generate", "--seed", "-1"), "seed must be between 0 and 2**64-1"),
    (("generate", "--size", "100000x100000"), "needs about"),
    (("generate", "--frobnicate"), "unrecognized arguments: --frobnicate"),
    (("solve", "does-not-exist.json"), "cannot read does-not-exist.json: no such file"),
    (("solve",), "the following arguments are required: file"),
    (("bogus",), "invalid choice: 'bogus'"),
])
def test_bad_input_gets_one_line_and_status_2(args, message):
    out = meiro_cli(*args)
    assert out.returncode == 2
    if message is None:  # no command: help on stdout
        assert "generate" in out.stdout
        return
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith("meiro: error: ") and message in lines[0]
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("content,message", [
    ("{oops", "not valid JSON"),
    (json.dumps({"format": "meiro-maze", "version": 1, "grid": ["###", "# #", "###"],
                 "start": [1, 1], "goal": [1, 2]}), "goal (1, 2) is on a wall block"),
    ("", "not valid JSON"),
])
def test_malformed_files_get_one_line_and_status_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    out = meiro_cli("solve", str(path))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and message in out.stderr


def test_folder_and_unreachable_goal(tmp_path):
    out = meiro_cli("solve", str(tmp_path))
    assert out.returncode == 2 and "it is a folder" in out.stderr
    (tmp_path / "cut.txt").write_text("#######\n#S# G #\n#######\n", encoding="utf-8")
    out = meiro_cli("solve", str(tmp_path / "cut.txt"))
    assert out.returncode == 2 and "cannot be reached" in out.stderr


def test_output_to_missing_folder_writes_nothing(tmp_path):
    out = meiro_cli("generate", "--seed", "1", "-o", str(tmp_path / "missing" / "m.json"))
    assert out.returncode == 2 and "cannot write" in out.stderr
    assert out.stdout == ""  # nothing printed when the save failed
    assert list(tmp_path.iterdir()) == []


def test_broken_pipe_is_quiet():
    cmd = f'"{sys.executable}" -m meiro generate --size 300x300 --seed 1 | head -n 1'
    out = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=120)
    assert out.stdout.startswith("# # #")
    assert "Traceback" not in out.stderr and "Error" not in out.stderr


@pytest.mark.parametrize("args,message", [
    (("--size", "5000x5000"), "too large for a picture"),
    (("--size", "200x200", "--block", "64"), "use a block size of at most 19"),
])
def test_a_png_too_large_is_refused_before_the_maze_is_made(tmp_path, args, message):
    out = meiro_cli("generate", *args, "-o", str(tmp_path / "big.png"))
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "big.png").exists()


def test_a_large_maze_gets_smaller_blocks_in_its_png(tmp_path, monkeypatch):
    import meiro.render.png as png
    from PIL import Image

    monkeypatch.setattr(png, "MAX_PIXELS", 100_000)
    maze = meiro.generate(40, 30, seed=2)  # 81 x 61 blocks: 16 pixels would make 1.26 M pixels
    target = tmp_path / "m.png"
    target.write_bytes(meiro.render.render_file(maze, target))
    with Image.open(target) as image:
        assert image.size == (81 * 4, 61 * 4)  # isqrt(100000 // (81 * 61)) = 4

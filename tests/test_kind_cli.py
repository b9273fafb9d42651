"""``--grid KIND`` on the command line: the files it writes, judged from the file alone, and every
combination that makes no sense refused in one line with exit status 2 and nothing written."""

import json
import os
import subprocess
import sys

import pytest

import meiro
from meiro.analysis.stats import maze_stats
from meiro.cli import main
from test_kind_files import judge_spanning_tree, tree_path

#: a small size of each kind, as --size takes it
SIZES = {"theta": "4", "hex": "6x5", "triangle": "7x4", "weave": "7x7", "3d": "3x3x3"}


def meiro_cli(*args, cwd=None):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "meiro", *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=cwd, env=env, timeout=180)


def takes_graph_mazes(call):
    """Whether a library call accepts a grid kind's maze (solving, statistics and pictures of one
    come with their own parts of the library)."""
    try:
        call(meiro.generate(3, 3, grid="hex", seed=1))
    except (TypeError, AttributeError, meiro.MazeError):
        return False
    return True


def _picture(maze):
    from meiro.render import render_file

    render_file(maze, "m.svg")


SOLVES = takes_graph_mazes(lambda m: meiro.solve(m, "bfs"))
STATS = takes_graph_mazes(lambda m: maze_stats(m))
DRAWS = takes_graph_mazes(_picture)
needs_solve = pytest.mark.skipif(not SOLVES, reason="meiro.solve does not take a GraphMaze yet")
needs_stats = pytest.mark.skipif(not STATS, reason="maze_stats does not take a GraphMaze yet")
needs_draw = pytest.mark.skipif(not DRAWS, reason="the renderers do not take a GraphMaze yet")


def run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("kind", list(SIZES))
def test_every_graph_generator_writes_a_perfect_maze_of_every_kind(tmp_path, capsys, kind):
    for algorithm in meiro.GENERATORS.for_kind(kind):
        path = tmp_path / f"{kind}-{algorithm}.json"
        status, out, err = run(capsys, "generate", "--grid", kind, "--size", SIZES[kind], "-a", algorithm,
                               "--seed", "11", "-o", str(path))
        assert status == 0, err
        if kind == "weave":  # drawn as text, crossings as bridges
            assert out == meiro.render_text(meiro.load(path)) + "\n"
        else:
            assert out.startswith(f"{kind} maze ") and "text picture is for square and weave mazes" in out
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["kind"] == kind and doc["generation"]["algorithm"] == algorithm
        judge_spanning_tree(doc)
        assert meiro.load(path) == meiro.generate(meiro.load(path).recipe)


@needs_solve
@pytest.mark.parametrize("kind", list(SIZES))
def test_generate_with_solve_stores_the_trees_path(tmp_path, capsys, kind):
    for algorithm in meiro.GENERATORS.for_kind(kind):
        path = tmp_path / "m.json"
        status, out, err = run(capsys, "generate", "--grid", kind, "--size", SIZES[kind], "-a", algorithm,
                               "--seed", "5", "--goal", "diameter", "--solve", "bfs", "-o", str(path), "-q")
        assert status == 0 and out == "", err
        doc = json.loads(path.read_text(encoding="utf-8"))
        judge_spanning_tree(doc)
        assert doc["solution"] == tree_path(doc)


def test_generate_a_kind_as_a_subprocess(tmp_path):
    out = meiro_cli("generate", "--grid", "3d", "--size", "3x2x2", "--seed", "3", "-o", str(tmp_path / "m.json"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "3d maze 3x2x2 (12 cells), dig seed 3: start cell 0, goal cell 11"
    doc = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    judge_spanning_tree(doc)
    assert all(len(c) == 3 for c in doc["cells"])


BAD = [
    (("generate", "--grid", "theta", "--size", "3x4"), "a theta maze's size is one number"),
    (("generate", "--grid", "theta", "--size", "0"), "size must be at least 1 (rings of a theta maze"),
    (("generate", "--grid", "hex", "-a", "binary-tree"), "not hex ones; on hex, use one of: dig"),
    (("generate", "--grid", "3d", "--size", "5x5"), "a 3d maze's size is three numbers"),
    (("generate", "--grid", "theta", "--mask", "shape.txt"), "--mask cuts square, hex, triangle mazes, not theta"),
    (("generate", "--grid", "hex", "--mask", "shape.txt", "--size", "3x2"), "the mask is 2x2 cells but the maze is 3x2"),
    (("generate", "--grid", "hex", "--blocks", "9x9"), "--blocks counts the square grid's blocks"),
    (("generate", "--grid", "theta", "--size", "3", "-o", "OUT.csv"), "a theta maze is saved as .json"),
    (("generate", "--grid", "hex", "--size", "100000x100000"), "a maze may have at most"),
    (("generate", "--size", "3x4x5"), "a square maze's size is two numbers"),
    (("generate", "--grid", "weave", "-a", "eller", "--stream"), "it cannot take --grid weave"),
    (("generate", "--grid", "round"), "invalid choice: 'round'"),
    (("generate", "--grid", "3d", "--size", "3x3x0"), "layers must be at least 1"),
    (("stats", "--grid", "triangle", "-a", "sidewinder"), "not triangle ones; on triangle, use one of: dig"),
    (("stats", "--grid", "theta", "--size", "2x9"), "a theta maze's size is one number"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a[1:]) for a, _ in BAD])
def test_a_combination_that_makes_no_sense_is_one_line_and_exit_2(tmp_path, args, message):
    (tmp_path / "shape.txt").write_text("..\n..\n", encoding="utf-8")
    target = tmp_path / "m.json"
    argv = [a.replace("OUT", str(tmp_path / "m")) for a in args]
    if "-o" not in argv and argv[0] == "generate":
        argv += ["-o", str(target)]
    out = meiro_cli(*argv, cwd=tmp_path)
    assert out.returncode == 2
    assert out.stderr.startswith("meiro: error: ") and out.stderr.count("\n") == 1, out.stderr
    assert message in out.stderr
    assert out.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shape.txt"]  # nothing written


@pytest.mark.parametrize("kind", ["hex", "triangle"])
def test_a_mask_cuts_a_kinds_maze_and_its_file_keeps_the_cut(tmp_path, capsys, kind):
    (tmp_path / "shape.txt").write_text("..##..\n......\n.#..#.\n......\n", encoding="utf-8")
    path = tmp_path / "m.json"
    status, _, err = run(capsys, "generate", "--grid", kind, "--mask", str(tmp_path / "shape.txt"), "--seed", "2",
                         "-o", str(path))
    assert status == 0, err
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["size"] == [6, 4] and len(doc["cells"]) == 24 - 4 and doc["mask"][0] == "..##.."
    judge_spanning_tree(doc)
    assert meiro.load(path) == meiro.generate(6, 4, grid=kind, seed=2, mask=doc["mask"])


def test_list_shows_the_kinds_and_which_generators_make_them():
    out = meiro_cli("list")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    kinds = lines[lines.index("grid kinds (--grid):") + 1:]
    assert [line.split()[0] for line in kinds] == list(meiro.kinds.KINDS)
    assert any(line.split()[0] == "3d" and "--size WxHxL" in line for line in kinds)
    for entry in meiro.GENERATORS:
        row = next(line for line in lines if line.startswith(f"  {entry.name} "))
        every = set(entry.kinds) >= set(meiro.kinds.KINDS)
        assert ("every kind" in row) == every and ("square only" in row) == (entry.kinds == ("square",))


def test_the_square_grid_is_unchanged_by_grid_and_size(capsys):
    status, out, _ = run(capsys, "generate", "--grid", "square", "--size", "5", "--seed", "2")
    assert status == 0 and out == meiro.render_text(meiro.generate(5, 5, seed=2)) + "\n"


@needs_solve
def test_solve_a_kinds_file(tmp_path, capsys):
    path = tmp_path / "m.json"
    meiro.save(meiro.generate(5, grid="theta", seed=8, goal="farthest"), path)
    status, out, err = run(capsys, "solve", str(path), "--method", "bfs")
    assert status == 0, err
    doc = json.loads(path.read_text(encoding="utf-8"))
    path_cells = tree_path(doc)
    assert out.splitlines()[-1] == f"path length: {len(path_cells) - 1} steps (bfs)"


@needs_stats
def test_stats_of_generated_kinds_and_of_a_file(tmp_path, capsys):
    status, out, err = run(capsys, "stats", "--grid", "hex", "--size", "6x6", "--seed", "1", "-n", "3", "--json")
    assert status == 0, err
    figures = json.loads(out)
    assert (figures["grid"], figures["size"], figures["count"], figures["cells"]) == ("hex", "6x6", 3, 36)
    path = tmp_path / "m.json"
    meiro.save(meiro.generate(6, 6, grid="hex", seed=1), path)
    status, out, err = run(capsys, "stats", str(path), "--json")
    assert status == 0 and json.loads(out)["cells"] == 36, err


@needs_draw
def test_render_a_kinds_file(tmp_path, capsys):
    path = tmp_path / "m.json"
    meiro.save(meiro.generate(4, grid="theta", seed=8), path)
    status, _, err = run(capsys, "render", str(path), "-o", str(tmp_path / "m.svg"))
    assert status == 0, err
    assert (tmp_path / "m.svg").read_text(encoding="utf-8").lstrip().startswith("<")

"""The zoo's command-line options: generate --braid/--mask, every --algorithm, meiro stats."""

import json

import numpy as np
import pytest

import meiro
from meiro.cli import main
from meiro.analysis.stats import maze_stats


@pytest.mark.parametrize("name", meiro.GENERATORS.choices())
def test_every_algorithm_name_on_the_command_line(name, capsys):
    assert main(["generate", "--algorithm", name, "--size", "6x4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 9


def test_generate_with_mask_takes_the_size_from_the_picture(tmp_path, capsys):
    picture = tmp_path / "shape.txt"
    picture.write_text("#....#\n......\n.#..#.\n......\n#....#\n")
    out_file = tmp_path / "maze.json"
    assert main(["generate", "--mask", str(picture), "--braid", "0.5", "--seed", "2",
                 "-a", "wall", "-o", str(out_file)]) == 0
    maze = meiro.load(out_file)
    assert (maze.width, maze.height) == (6, 5)
    assert maze.grid[1, 1] and maze.grid[1, 11]  # the masked-out corners stay wall
    assert maze == meiro.generate(6, 5, algorithm="wall", seed=2, braid=0.5, mask=str(picture))


@pytest.mark.parametrize("argv,message", [
    (["generate", "--braid", "1.5"], "--braid: must be a number from 0 to 1"),
    (["generate", "--braid", "x"], "--braid: must be a number from 0 to 1"),
    (["generate", "--mask", "/no/such/mask.png"], "does not exist"),
    (["stats", "--count", "0"], "--count/-n: must be a whole number"),
    (["stats", "/no/such/maze.json"], "cannot read"),
])
def test_bad_options_exit_2_with_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_mask_size_mismatch(tmp_path, capsys):
    picture = tmp_path / "shape.txt"
    picture.write_text("...\n...\n")
    assert main(["generate", "--mask", str(picture), "--size", "4x4"]) == 2
    assert "the mask is 3x2 cells but the maze is 4x4" in capsys.readouterr().err


def test_stats_of_a_file_as_json(tmp_path, capsys):
    m = meiro.generate(20, 12, seed=5, algorithm="kruskal", goal="farthest")
    path = tmp_path / "m.json"
    meiro.save(m, path)
    assert main(["stats", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    expected = maze_stats(m)
    assert doc["cells"] == 240 and doc["dead_ends"] == expected.dead_ends
    assert doc["solution_length"] == expected.solution_length
    assert sum(doc["degree_counts"]) == 240


def test_stats_of_generated_mazes_is_the_mean(capsys):
    assert main(["stats", "-a", "binary-tree", "--size", "15x10", "-n", "3", "--seed", "7",
                 "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    figures = [maze_stats(meiro.generate(15, 10, algorithm="binary-tree", seed=s)) for s in (7, 8, 9)]
    assert doc["count"] == 3 and doc["seed"] == 7
    assert doc["dead_ends"] == pytest.approx(np.mean([f.dead_ends for f in figures]))
    assert doc["longest_path"] == pytest.approx(np.mean([f.longest_path for f in figures]))


def test_stats_table(capsys):
    assert main(["stats", "--size", "10x10", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("algorithm dig, width 10, height 10, seed 1, count 1")
    assert "dead-end share" in out and "turns along the solution" in out


class CountingSink:
    """A stdout that keeps nothing but the number of lines written."""

    lines = 0

    def write(self, text):
        self.lines += text.count("\n")
        return len(text)

    def flush(self):
        pass


@pytest.mark.parametrize("size, style", [("7x4", "hash"), ("1x1", "plain"), ("9x1", "block"),
                                         ("1x6", "hash")])
def test_stream_prints_the_same_eller_maze_row_by_row(capsys, size, style):
    from meiro.cli import main

    assert main(["generate", "-a", "eller", "--size", size, "--seed", "5", "--style", style]) == 0
    whole = capsys.readouterr().out
    assert main(["generate", "-a", "eller", "--size", size, "--seed", "5", "--style", style,
                 "--stream"]) == 0
    assert capsys.readouterr().out == whole


def test_stream_holds_one_row_however_tall_the_maze():
    import contextlib
    import tracemalloc

    from meiro.cli import main

    sink = CountingSink()
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(sink):
            assert main(["generate", "-a", "eller", "--size", "20x50000", "--seed", "1", "--stream"]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sink.lines == 2 * 50000 + 1
    # the text alone is 4 MB and the grid 4 MB: a stream holds a row or two of each
    assert peak < 1_000_000, peak


@pytest.mark.parametrize("extra, refused", [
    (["-a", "dig"], "--algorithm"), (["-a", "eller", "--goal", "farthest"], "--goal"),
    (["-a", "eller", "--braid", "0.5"], "--braid"), (["-a", "eller", "--solve", "bfs"], "--solve"),
    (["-a", "eller", "-o", "x.json"], "-o"), (["-a", "eller", "-q"], "--quiet"),
])
def test_stream_refuses_what_it_cannot_do(tmp_path, monkeypatch, capsys, extra, refused):
    from meiro.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--size", "4x4", "--stream", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meiro: error: --stream") and refused in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())

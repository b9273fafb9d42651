"""Text tasks: prompts and answers in every format, the verifier (fuzzed), JSONL rows, meiro verify."""

import io
import json
import sys

import numpy as np
import pytest

import meiro
from meiro.cli import main
from meiro.errors import MazeError
from meiro.text.tasks import (TEXT_FORMATS, MazeCurriculum, MazeTask, maze_of_prompt, text_task,
                              verify_answer)
from support import block_distances


def _mazes():
    return [meiro.generate(w, h, a, seed=s, braid=b) for w, h, a, s, b in (
        (1, 1, "dig", 1, 0.0), (2, 7, "kruskal", 2, 0.0), (9, 6, "dig", 3, 0.0), (8, 8, "prim", 4, 1.0))]


@pytest.mark.parametrize("text_format", TEXT_FORMATS)
def test_each_format_answers_and_verifies_against_the_maze_and_the_row(text_format):
    for maze in _mazes():
        prompt, answer = text_task(maze, text_format)
        assert maze_of_prompt(prompt, text_format) == maze
        row = {"text_format": text_format, "prompt": prompt}
        assert verify_answer(row, answer) and verify_answer(maze, answer, text_format=text_format)
        assert verify_answer(maze, answer)  # any format, for a maze alone
        others = [f for f in TEXT_FORMATS if f != text_format]
        assert not any(verify_answer(row, text_task(maze, f)[1]) for f in others if f != "coords"
                       or text_format != "aotp")


def test_moves_count_the_pictures_characters_and_aotp_cells():
    maze = meiro.generate(5, 4, seed=8)
    steps = len(meiro.solve(maze, "bfs").path) - 1
    assert len(text_task(maze, "moves")[1]) == steps
    assert text_task(maze, "aotp")[1].count("(") == steps // 2 + 1
    assert text_task(maze, "coords")[1].count("(") == steps + 1


def test_any_shortest_path_of_a_braided_maze_is_right_and_a_longer_one_only_when_asked():
    maze = meiro.generate(6, 6, seed=11, braid=1.0)
    to_goal = block_distances(maze.grid, maze.goal)
    # every shortest path: from the start, any step that gets one closer to the goal
    found = set()
    for pick in range(40):
        rng, here, moves = np.random.default_rng(pick), maze.start, []
        while here != maze.goal:
            options = [(k, (here[0] + dr, here[1] + dc)) for k, (dr, dc) in
                       {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}.items()
                       if to_goal[here[0] + dr, here[1] + dc] == to_goal[here] - 1]
            k, here = options[rng.integers(len(options))]
            moves.append(k)
        found.add("".join(moves))
    assert len(found) > 1
    assert all(verify_answer(maze, m, text_format="moves") for m in found)
    answer = text_task(maze, "moves")[1]
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[answer[-1]]
    assert not verify_answer(maze, answer + back + answer[-1], text_format="moves")
    assert verify_answer(maze, answer + back + answer[-1], text_format="moves", shortest=False)


def test_a_changed_move_or_mark_is_wrong():
    maze = meiro.generate(7, 7, seed=2)
    answer = text_task(maze, "moves")[1]
    for i in range(len(answer)):
        for letter in "UDLR".replace(answer[i], ""):
            assert not verify_answer(maze, answer[:i] + letter + answer[i + 1:], text_format="moves")
    assert not verify_answer(maze, answer[:-1], text_format="moves")
    picture = text_task(maze, "ascii")[1]
    marks = [i for i, c in enumerate(picture) if c == "o"]
    spaces = [i for i, c in enumerate(picture) if c == " "]
    assert not verify_answer(maze, picture[:marks[3]] + " " + picture[marks[3] + 1:], text_format="ascii")
    assert not verify_answer(maze, picture[:spaces[0]] + "o" + picture[spaces[0] + 1:], text_format="ascii")
    assert verify_answer(maze, "```\n" + picture + "\n```", text_format="ascii")  # a fenced answer
    assert verify_answer(maze, "The path:\n" + picture + "\nDone.", text_format="ascii")
    assert not verify_answer(maze, picture + "\n" + picture[:-1], text_format="ascii")


def test_junk_is_wrong_and_never_raises():
    rng = np.random.default_rng(5)
    maze = meiro.generate(4, 4, seed=6)
    answers = {f: text_task(maze, f)[1] for f in TEXT_FORMATS}
    alphabet = list("UDLR()#oSG ,;[]<>\n0123456789") + ["<PATH_END>", "\x00", "é", "(99999999999,1)"]
    junk = [None, 7, b"RR", ["R"], "", " ", "\n" * 50, "U" * 10_000_000, "(-1,1)", "(1,1) (1,2", "x" * 5]
    for _ in range(300):
        junk.append("".join(rng.choice(alphabet, rng.integers(1, 40))))
        f = TEXT_FORMATS[rng.integers(4)]
        a = list(answers[f])
        for _ in range(rng.integers(1, 4)):  # a few characters changed, dropped or added
            i = int(rng.integers(len(a)))
            a[i:i + 1] = [] if rng.random() < 0.3 else [str(rng.choice(alphabet)), *a[i:i + 1]][:rng.integers(1, 3)]
        junk.append("".join(a))
    for text in junk:
        for f in (*TEXT_FORMATS, None):
            assert verify_answer(maze, text, text_format=f) in (True, False)
    assert not any(verify_answer(maze, text) for text in junk[:11])


def test_bad_rows_and_formats_are_maze_errors():
    maze = meiro.generate(3, 3, seed=1)
    with pytest.raises(MazeError, match="unknown text format"):
        text_task(maze, "png")
    with pytest.raises(MazeError, match="needs its prompt"):
        verify_answer({"answer": "R"}, "R")
    with pytest.raises(MazeError, match="no maze picture"):
        verify_answer({"prompt": "hello", "text_format": "moves"}, "R")
    with pytest.raises(MazeError, match="square mazes"):
        text_task(meiro.generate(3, 3, grid="hex", seed=1), "moves")


def test_the_task_set_places_goals_in_the_distance_band_and_scores():
    task = MazeTask(size=10, min_distance=20, max_distance=25, seed=4, count=6, text_format="ascii")
    for entry in task:
        assert 20 <= entry["metadata"]["distance"] <= 25
        assert task.score_answer(entry["answer"], entry) == 1.0
        assert task.score_answer(entry["answer"].replace("o", " ", 1), entry) == 0.0
    assert task[3] == MazeTask(size=10, min_distance=20, max_distance=25, seed=4, count=6,
                               text_format="ascii")[3]
    curriculum = MazeCurriculum()
    assert not curriculum.decrement_attr_level("size")
    while curriculum.increment_attr_level("distance"):
        pass
    assert curriculum.generate_configuration()["min_distance"] == 80


class _Done:
    def __init__(self, returncode, out):
        self.returncode, self.stdout, self.stderr = returncode, out.out, out.err


def _cli(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    return _Done(status, capsys.readouterr())


def test_jsonl_rows_verify_and_meiro_verify_tells_by_its_exit_status(tmp_path, capsys, monkeypatch):
    out = tmp_path / "t.jsonl"
    done = _cli(capsys, "dataset", "-n", "30", "--size", "5x4", "--seed", "2", "--text-format", "coords",
                "--min-length", "6", "-o", str(out), "-q")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 30 and all(r["solution_length"] >= 6 and verify_answer(r, r["answer"]) for r in rows)
    assert _cli(capsys, "verify", str(out)).stdout.strip() == "30 of 30 answers right"
    rows[4]["output"] = rows[4]["answer"][:-6]
    wrong = tmp_path / "w.jsonl"
    wrong.write_text("\n".join(json.dumps(r) for r in rows))
    done = _cli(capsys, "verify", str(wrong), "--field", "output")
    assert done.returncode == 1 and done.stdout.startswith("0 of 30")
    maze = tmp_path / "m.json"
    assert _cli(capsys, "generate", "--size", "4x4", "--seed", "3", "-o", str(maze)).returncode == 0
    moves = text_task(meiro.load(maze), "moves")[1]
    assert _cli(capsys, "verify", str(maze), moves).returncode == 0
    assert _cli(capsys, "verify", str(maze), "-", stdin=moves + "L", monkeypatch=monkeypatch).returncode == 1
    for argv in (("verify", str(tmp_path / "none.jsonl")), ("verify", str(maze))):
        done = _cli(capsys, *argv)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_a_kind_without_a_picture_is_refused_with_nothing_written(tmp_path, capsys):
    done = _cli(capsys, "dataset", "-n", "5", "--grid", "hex", "--size", "4x4", "-o", str(tmp_path / "h.jsonl"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    done = _cli(capsys, "dataset", "-n", "5", "--grid", "hex", "--size", "4x4", "--with", "prompt",
                "-o", str(tmp_path / "h"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_text_tasks_refuse_splits_which_only_parquet_shards_hold(tmp_path, capsys):
    done = _cli(capsys, "dataset", "-n", "5", "--size", "4x4", "--split", "train=0.5,test=0.5",
                "--with", "prompt,answer", "-o", str(tmp_path / "t.jsonl"))
    assert done.returncode == 2 and "--split" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_parquet_shards_carry_the_text_columns(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    from meiro.dataset.build import build_dataset
    from meiro.dataset.spec import DatasetSpec

    spec = DatasetSpec(20, 5, 5, seed=1, extras=("prompt", "answer"), text_format="aotp", shard_draws=8)
    build_dataset(spec, tmp_path / "d")
    rows = pq.read_table(tmp_path / "d" / "data").to_pylist()
    assert len(rows) == 20 and all(verify_answer(r, r["answer"]) for r in rows)
    assert "text_format" not in DatasetSpec(20, 5, 5).recipe() and spec.recipe()["text_format"] == "aotp"
    assert "--with prompt,answer --text-format aotp" in (tmp_path / "d" / "README.md").read_text()

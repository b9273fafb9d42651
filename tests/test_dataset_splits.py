"""Datasets a model can be trusted on: splits by puzzle, symmetry dedupe, exclusions, trainable
columns and the goal at an exact path length. Puzzles are compared here by an independent key
(every rotation and reflection made with NumPy's own flips), not by meiro's canonical form."""

import re
from pathlib import Path

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import meiro  # noqa: E402
from meiro.analysis.symmetry import apply_symmetry, canonical_forms  # noqa: E402
from meiro.cli import main  # noqa: E402
from meiro.dataset import DatasetSpec, build_dataset  # noqa: E402
from meiro.dataset.card import read_record  # noqa: E402
from meiro.dataset.puzzles import FingerprintSet, first_new  # noqa: E402
from meiro.dataset.shards import MOVES  # noqa: E402
from meiro.errors import MazeError  # noqa: E402
from meiro.io.maze_dataset import to_tokens  # noqa: E402

README = Path(__file__).resolve().parent.parent / "README.md"


def _rows(folder, pattern="*.parquet"):
    files = sorted((Path(folder) / "data").glob(pattern))
    return pa.concat_tables([pq.read_table(p) for p in files]).to_pylist() if files else []


def _puzzle_key(grid, start, goal):
    """The smallest of the maze's images under the square's 8 symmetries (or a rectangle's 4),
    each made by moving a marked copy of the grid: independent of meiro.analysis.symmetry."""
    grid = np.asarray(grid, np.uint8)
    marked = grid.copy()
    marked[tuple(start)] = 2
    marked[tuple(goal)] = 3
    images = []
    for k in range(4):
        for flip in (False, True):
            image = np.rot90(marked, k)
            image = np.fliplr(image) if flip else image
            if image.shape == marked.shape:
                images.append(image.tobytes())
    return min(images)


def _keys(rows):
    return [_puzzle_key(r["grid"], r["start"], r["goal"]) for r in rows]


def test_splits_share_no_puzzle_and_load_as_splits(tmp_path):
    out = tmp_path / "d"
    assert main(["dataset", "-n", "300", "--size", "4x4", "--seed", "1", "-q", "--split",
                 "train=0.8,validation=0.1,test=0.1", "-o", str(out)]) == 0
    keys = {name: set(_keys(_rows(out, f"{name}-*.parquet"))) for name in ("train", "validation", "test")}
    assert all(keys.values())
    assert not keys["train"] & keys["validation"] and not keys["train"] & keys["test"] \
        and not keys["validation"] & keys["test"]
    record = read_record((out / "README.md").read_text())
    assert record["rows"] == 300 and {s["split"] for s in record["shards"]} == {"train", "validation", "test"}
    # the same puzzle lands in the same split for another seed (and a rotated copy would too)
    other = tmp_path / "e"
    assert main(["dataset", "-n", "300", "--size", "4x4", "--seed", "2", "-q", "--split",
                 "train=0.8,validation=0.1,test=0.1", "-o", str(other)]) == 0
    again = {name: set(_keys(_rows(other, f"{name}-*.parquet"))) for name in keys}
    for name in keys:
        for elsewhere in keys:
            if elsewhere != name:
                assert not keys[name] & again[elsewhere]
    assert keys["train"] & again["train"]  # 4 x 4 mazes repeat across seeds: the check bites
    datasets = pytest.importorskip("datasets")
    loaded = datasets.load_dataset(str(out))
    assert sorted(loaded) == ["test", "train", "validation"]
    assert sum(len(loaded[s]) for s in loaded) == 300
    assert len(loaded["train"]) == sum(s["rows"] for s in record["shards"] if s["split"] == "train")


def test_exclude_and_symmetry_dedupe_give_the_count_with_no_puzzle_twice(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    # the dig method's 4 x 4 mazes are 161 puzzles: 60 rows leave about a hundred new ones
    assert main(["dataset", "-n", "60", "--size", "4x4", "--seed", "1", "-q", "-o", str(a)]) == 0
    assert main(["dataset", "-n", "50", "--size", "4x4", "--seed", "2", "-q", "--dedupe", "symmetry",
                 "--exclude", str(a), "-o", str(b)]) == 0
    first, second = _keys(_rows(a)), _keys(_rows(b))
    assert len(second) == 50 and len(set(second)) == 50
    assert not set(first) & set(second)
    # without them the second seed repeats puzzles of the first (what the options remove)
    plain = tmp_path / "c"
    assert main(["dataset", "-n", "50", "--size", "4x4", "--seed", "2", "-q", "-o", str(plain)]) == 0
    assert set(first) & set(_keys(_rows(plain)))


def test_bad_splits_and_exclusions_are_one_line_and_write_nothing(tmp_path, capsys):
    for args in (["--split", "train=0.8,test=0.3"], ["--split", "train=1"], ["--split", "train=a"],
                 ["--exclude", str(tmp_path)], ["--exclude", str(tmp_path / "none")],
                 ["--path-length", "5-2"], ["--path-length", "16"]):
        status = main(["dataset", "-n", "10", "--size", "4x4", "-q", *args, "-o", str(tmp_path / "out")])
        err = capsys.readouterr().err
        assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)
        assert not (tmp_path / "out").exists()
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "README.md").write_text("# not a card\n")
    assert main(["dataset", "-n", "10", "--size", "4x4", "-q", "--exclude", str(tmp_path / "x"),
                 "-o", str(tmp_path / "out")]) == 2
    assert "not a meiro dataset" in capsys.readouterr().err and not (tmp_path / "out").exists()


def test_solution_mask_loads_as_one_array_and_is_the_bfs_path(tmp_path):
    out = tmp_path / "d"
    build_dataset(DatasetSpec(40, 6, 5, seed=3, extras=("solution_mask", "solution_padded", "moves")), out)
    datasets = pytest.importorskip("datasets")
    data = datasets.load_dataset("parquet", data_files=str(out / "data" / "*.parquet"))["train"]
    rows = data.with_format("numpy")[:]
    masks, padded, moves = rows["solution_mask"], rows["solution_padded"], rows["moves"]
    assert masks.shape == (40, 11, 13) and masks.dtype == bool
    assert padded.shape == (40, 30, 2) and moves.shape == (40, 29)
    for k in range(40):
        maze = meiro.Maze(rows["grid"][k], start=tuple(rows["start"][k]), goal=tuple(rows["goal"][k]))
        path = meiro.solve(maze, "bfs").path
        expected = np.zeros_like(masks[k])
        expected[tuple(np.array(path).T)] = True
        assert (masks[k] == expected).all()
        n = int(rows["solution_length"][k])
        cells = np.array(path[::2]) // 2
        assert (padded[k, :n + 1] == cells).all() and (padded[k, n + 1:] == -1).all()
        steps = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
        walked = np.cumsum([(0, 0)] + [steps[MOVES[m]] for m in moves[k, :n]], axis=0) + cells[0]
        assert (walked == cells).all() and (moves[k, n:] == -1).all()


def test_path_length_puts_the_goal_that_far_without_drawing_again(tmp_path):
    out = tmp_path / "d"
    result = build_dataset(DatasetSpec(60, 12, 12, seed=5, path_length=(40, 44)), out)
    assert result.rows == 60 and result.drawn == 60
    rows = _rows(out)
    assert all(40 <= r["solution_length"] <= 44 for r in rows)
    for r in rows[:10]:  # the maze is its seed's; only the goal moved
        m = meiro.generate(12, 12, seed=r["seed"])
        assert (np.array(r["grid"]) == m.grid).all() and tuple(r["start"]) == m.start
        solved = meiro.solve(meiro.Maze(m.grid, start=m.start, goal=tuple(r["goal"])))
        assert solved.length == 2 * r["solution_length"]
    # a single length, on the npz path too
    assert main(["dataset", "-n", "20", "--size", "8x8", "--seed", "1", "-q", "--path-length", "20",
                 "--solve", "bfs", "-o", str(tmp_path / "m.npz")]) == 0
    with np.load(tmp_path / "m.npz") as f:
        assert (f["lengths"] == 40).all()  # block steps in the .npz, as MazeBatch holds them


def test_canonical_form_is_the_same_for_every_image_and_apply_symmetry_moves_everything():
    from meiro.dataset.pixels import pixels

    for w, h in ((5, 5), (6, 4)):
        b = meiro.generate_batch(6, w, h, seed=4, goal="farthest", solver="bfs")
        prints, _ = canonical_forms(b.grids, b.starts, b.goals)
        for t in range(8 if w == h else 4):
            for k in range(len(b)):
                maze = b.maze(k)
                path = np.array(meiro.solve(maze).path)
                cells = path[::2] // 2
                pics = pixels(b.grids[k:k + 1], b.starts[k:k + 1], b.goals[k:k + 1], b.paths[k:k + 1])
                out = apply_symmetry(t, maze.grid, maze.start, maze.goal, solution=cells,
                                     solution_mask=b.paths[k], pixels=pics[1][0], tokens=True)
                again, _ = canonical_forms(out["grid"][None], out["start"][None], out["goal"][None])
                assert (again[0] == prints[k]).all()
                moved = meiro.Maze(out["grid"], start=tuple(out["start"]), goal=tuple(out["goal"]))
                solved = np.array(meiro.solve(moved).path)
                assert (solved[::2] // 2 == out["solution"]).all()
                mask = np.zeros(moved.grid.shape, bool)
                mask[tuple(solved.T)] = True
                assert (mask == out["solution_mask"]).all()
                redrawn = pixels(out["grid"][None], out["start"][None], out["goal"][None], mask[None])
                assert (redrawn[1][0] == out["pixels"]).all()
                assert out["tokens"] == to_tokens(moved, solved)
        # different puzzles, different prints
        assert len({tuple(p) for p in prints.tolist()}) == len({_puzzle_key(g, s, e) for g, s, e in
                                                                  zip(b.grids, b.starts, b.goals)})
    with pytest.raises(MazeError, match="symmetry must be"):
        apply_symmetry(4, np.ones((5, 7), bool), (1, 1), (3, 5))


def test_fingerprint_set_answers_as_a_python_set():
    rng = np.random.default_rng(1)
    seen, reference = FingerprintSet(), set()
    for _ in range(30):
        prints = rng.integers(0, 40, (rng.integers(0, 50), 2)).astype(np.uint64)
        expect = []
        for i, p in enumerate(map(tuple, prints.tolist())):
            if p not in reference:
                reference.add(p)
                expect.append(i)
        assert first_new(prints, seen).tolist() == expect
    assert len(seen) == len(reference)
    probe = rng.integers(0, 45, (200, 2)).astype(np.uint64)
    assert seen.contains(probe).tolist() == [tuple(p) in reference for p in probe.tolist()]


def _readme_dataset_commands():
    text = README.read_text(encoding="utf-8")
    return sorted({m.group(0).split("#")[0].strip() for m in re.finditer(r"^meiro dataset [^\n]*", text, re.M)})


@pytest.mark.slow
@pytest.mark.parametrize("command", _readme_dataset_commands())
def test_every_readme_dataset_example_finishes(command, tmp_path):
    args = command.split()[1:]
    if "--scheduler" in args:
        pytest.importorskip("distributed")
        args[args.index("--scheduler") + 1] = "local"
    for flag in ("-n", "--count"):
        if flag in args:
            args[args.index(flag) + 1] = str(min(int(args[args.index(flag) + 1]), 50))
    where = args.index("-o") + 1
    args[where] = str(tmp_path / Path(args[where].split("://")[-1]).name)
    if "--exclude" in args:  # an earlier example's folder: make one to exclude
        place = args.index("--exclude") + 1
        size = args[args.index("--size") + 1]
        assert main(["dataset", "-n", "20", "--size", size, "-q", "-o", str(tmp_path / "earlier")]) == 0
        args[place] = str(tmp_path / "earlier")
    assert main([*args, "-q"]) == 0, command


def test_a_split_dataset_resumes_to_the_same_files(tmp_path):
    spec = DatasetSpec(120, 5, 5, seed=1, shard_draws=50, splits=(("train", 0.5), ("test", 0.5)),
                       dedupe="symmetry")
    build_dataset(spec, tmp_path / "d")
    files = {p.name: p.read_bytes() for p in (tmp_path / "d" / "data").iterdir()}
    shards = len(files) // 2
    assert shards >= 2 and sorted(files) == [f"{s}-{k:05d}.parquet" for s in ("test", "train") for k in range(shards)]
    (tmp_path / "d" / "data" / "test-00001.parquet").unlink()
    lines = []
    build_dataset(spec, tmp_path / "d", resume=True, log=lines.append)
    assert {p.name: p.read_bytes() for p in (tmp_path / "d" / "data").iterdir()} == files
    with pytest.raises(MazeError, match="add up to 1"):
        DatasetSpec(10, 5, 5, splits=(("train", 0.5), ("test", 0.6)))
    with pytest.raises(MazeError, match="square mazes only"):
        DatasetSpec(10, 5, 5, kind="hex", splits=(("train", 0.5), ("test", 0.5)))

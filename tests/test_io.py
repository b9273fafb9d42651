import json

import numpy as np
import pytest

import meiro


def test_save_load_round_trip_keeps_everything(tmp_path):
    m = meiro.generate(17, 11, seed=42, goal="diameter")
    path = tmp_path / "maze.json"
    meiro.save(m, path)
    back = meiro.load(path)
    assert back == m
    assert back.seed == 42 and back.algorithm == "dig"
    # the digging replays from the saved recipe, not from a flood fill
    assert np.array_equal(back.carve_order, m.carve_order)


def test_json_format_is_documented_shape(tmp_path):
    m = meiro.generate(3, 2, seed=1)
    meiro.save(m, tmp_path / "m.json")
    doc = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert doc["format"] == "meiro-maze" and doc["version"] == 1
    assert doc["meiro"] == meiro.__version__
    assert doc["width"] == 3 and doc["height"] == 2
    assert doc["grid"][0] == "#######" and len(doc["grid"]) == 5
    assert doc["start"] == [1, 1] and doc["seed"] == 1 and doc["algorithm"] == "dig"


def test_text_files_round_trip(tmp_path):
    m = meiro.generate(8, 8, seed=3, goal="farthest")
    meiro.save(m, tmp_path / "m.txt")
    assert meiro.load(tmp_path / "m.txt") == m


def test_hand_made_maze_saves_with_null_provenance(tmp_path):
    m = meiro.parse_text("#####\n#S  #\n### #\n#G  #\n#####")
    meiro.save(m, tmp_path / "m.json")
    doc = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert doc["seed"] is None and doc["algorithm"] is None
    assert meiro.load(tmp_path / "m.json") == m


def _doc(**changes):
    m = meiro.generate(3, 3, seed=5)
    doc = json.loads(meiro.io.to_json(m))
    doc.update(changes)
    return doc


@pytest.mark.parametrize("doc,message", [
    ("{not json", "not valid JSON: .* at line 1, column 2"),
    ("[1, 2]", "not a meiro maze file"),
    (_doc(format="other"), "not a meiro maze file"),
    (_doc(version=9), "unsupported maze file version 9"),
    (_doc(grid=[]), '"grid" must be a non-empty list of strings'),
    (_doc(grid=["#####", "#   #", "####"]), "grid row 2 has 4 blocks but row 0 has 5"),
    (_doc(grid=["#####", "# x #", "#####"]), r"grid row 1, column 2: unknown character 'x'"),
    (_doc(grid=["#####", "#    ", "#####"], start=[1, 1], goal=[1, 3]), "border must be closed"),
    (_doc(grid=["####", "#  #", "####"]), "grid width must be odd"),
    (_doc(start=[0, 0]), r"start \(0, 0\) is on a wall block"),
    (_doc(goal=[99, 1]), r"goal \(99, 1\) is outside"),
    (_doc(goal="far"), '"goal" must be a \\[row, col\\] pair'),
    (_doc(seed=-5), '"seed" must be an integer'),
    (_doc(algorithm=7), '"algorithm" must be a name'),
])
def test_load_rejects_malformed_files_with_a_clear_message(tmp_path, doc, message):
    path = tmp_path / "bad.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    with pytest.raises(meiro.MazeError, match=message) as info:
        meiro.load(path)
    assert str(info.value).startswith(f"{path}: ")


def test_load_missing_folder_and_binary_files(tmp_path):
    with pytest.raises(meiro.MazeError, match="no such file"):
        meiro.load(tmp_path / "nope.json")
    with pytest.raises(meiro.MazeError, match="it is a folder"):
        meiro.load(tmp_path)
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(meiro.MazeError, match="not UTF-8"):
        meiro.load(tmp_path / "bin.json")


def test_unknown_algorithm_in_a_file_still_loads_and_replays(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(_doc(algorithm="from-the-future")), encoding="utf-8")
    m = meiro.load(path)
    assert np.array_equal(meiro.replay_carving(m.shape, m.carve_order), m.grid)


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path, monkeypatch):
    m = meiro.generate(5, 5, seed=1)
    target = tmp_path / "m.json"
    meiro.save(m, target)
    before = target.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("meiro.io.files.os.replace", boom)
    with pytest.raises(meiro.MazeError, match=r"cannot write .*No space left on device"):
        meiro.save(meiro.generate(6, 6, seed=2), target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_save_into_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(meiro.MazeError, match="cannot write"):
        meiro.save(meiro.generate(2, 2, seed=1), tmp_path / "no" / "such" / "m.json")


@pytest.mark.parametrize("suffix", [".json", ".npz"])
def test_braided_and_masked_mazes_keep_their_recipe(tmp_path, suffix):
    m = meiro.generate(7, 5, seed=3, braid=0.4, mask="#......\n.......\n...#...\n.......\n......#")
    meiro.save(m, tmp_path / f"m{suffix}")
    back = meiro.load(tmp_path / f"m{suffix}")
    assert back == m
    assert back.generation["braid"] == 0.4 and back.generation["mask"][0] == "#......"
    # the real digging log, not the flood fallback: it starts at the generator's origin
    assert np.array_equal(back.carve_order, m.carve_order)


@pytest.mark.parametrize("changes,message", [
    (dict(braid=1.5), '"braid" must be a number from 0 to 1'),
    (dict(braid="lots"), '"braid" must be a number'),
    (dict(mask=["..."]), '"mask" must be 3 strings of 3'),
    (dict(mask=["...", ".x.", "..."]), '"mask" must be'),
])
def test_bad_recipes_are_rejected(tmp_path, changes, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_doc(**changes)), encoding="utf-8")
    with pytest.raises(meiro.MazeError, match=message):
        meiro.load(path)


@pytest.mark.parametrize("fmt", ["json", "txt", "npz", "npy", "csv"])
def test_encode_gives_bytes_in_every_data_format(fmt, tmp_path):
    # encode() promises bytes; CSV came back as text before
    from meiro.io.codecs import encode

    m = meiro.generate(4, 3, seed=5)
    data = encode(m, fmt)
    assert isinstance(data, bytes)
    (tmp_path / f"m.{fmt}").write_bytes(data)
    assert np.array_equal(meiro.load(tmp_path / f"m.{fmt}").grid, m.grid)

"""NPZ, .npy and CSV int grids: round trips through meiro.save/load, and malformed files."""

import io
import zipfile

import numpy as np
import pytest

import meiro
from meiro.io.interop import from_csv, from_int_grid, from_npy, from_npz


@pytest.mark.parametrize("suffix", [".json", ".txt", ".npz", ".npy", ".csv"])
@pytest.mark.parametrize("width,height,seed", [(1, 1, 0), (5, 1, 1), (13, 8, 2)])
def test_save_and_load_round_trip(tmp_path, suffix, width, height, seed):
    m = meiro.generate(width, height, seed=seed, goal="farthest")
    target = tmp_path / f"maze{suffix}"
    meiro.save(m, target)
    back = meiro.load(target)
    assert np.array_equal(back.grid, m.grid)
    if suffix in (".json", ".txt", ".npz"):
        assert back == m  # these keep start and goal
    if suffix in (".json", ".npz"):
        assert back.seed == seed and back.algorithm == "dig"
        assert np.array_equal(back.carve_order, m.carve_order)  # the digging can be replayed


def test_npy_is_the_mazelib_int_grid(tmp_path):
    m = meiro.generate(6, 4, seed=3)
    meiro.save(m, tmp_path / "m.npy")
    grid = np.load(tmp_path / "m.npy", allow_pickle=False)
    assert grid.dtype == np.uint8 and set(np.unique(grid)) == {0, 1}
    assert np.array_equal(grid == 1, m.grid)


def test_mazelib_entrance_and_exit_become_start_and_goal():
    m = meiro.generate(5, 5, seed=8)
    grid = m.grid.astype(np.int8)
    grid[0, 3] = 0   # entrance in the top border
    grid[9, 10] = 0  # exit in the right border
    back = from_int_grid(grid)
    assert back.start == (1, 3) and back.goal == (9, 9)
    assert back.grid[0, 3] and back.grid[9, 10]  # the border is closed again
    assert meiro.solve(back).length > 0


def test_loaded_imperfect_maze_is_still_solvable():
    rows = ["1111111", "1000001", "1010101", "1000001", "1111111"]  # loops and a room
    back = from_csv("\n".join(",".join(r) for r in rows))
    assert meiro.solve(back).length == 6


def _npz(**arrays) -> bytes:
    out = io.BytesIO()
    np.savez(out, **arrays)
    return out.getvalue()


@pytest.mark.parametrize("data,message", [
    (b"", "not an NPZ archive"),
    (b"PK\x03\x04broken", "not an NPZ archive"),
    (lambda: _npz(grid=np.ones((3, 3), bool)), "no start, goal array"),
    (lambda: _npz(grid=np.ones((3, 3), bool), start=np.array([1.5, 1]), goal=np.array([1, 1])),
     '"start" must be a pair of integers'),
    (lambda: _npz(grid=np.array([[1, 2], [3, 4]]), start=np.array([1, 1]), goal=np.array([1, 1])),
     "grid must hold booleans or 0/1"),
    (lambda: _npz(grid=np.array([None, 1], dtype=object), start=np.array([1, 1]),
                  goal=np.array([1, 1])), "cannot read the archive"),
])
def test_malformed_npz_is_rejected(data, message):
    with pytest.raises(meiro.MazeError, match=message):
        from_npz(data() if callable(data) else data)


def test_npz_never_unpickles():
    # an archive whose only member is a pickle: loading must refuse, not run it
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("grid.npy", b"\x80\x04K\x01.")
    with pytest.raises(meiro.MazeError):
        from_npz(out.getvalue())


@pytest.mark.parametrize("text,message", [
    ("", "holds no grid"),
    ("1,1,1\n1,0\n1,1,1", "line 2 has 2 values"),
    ("1,1,1\n1,2,1\n1,1,1", "line 2, value 2: '2' is not 0 or 1"),
    ("1,1,1,1\n1,0,0,1\n1,1,1,1", "width must be odd"),
    ("0,0,1\n1,0,0\n1,0,1", "the border has 4 openings"),
    ("1,1,1\n1,1,1\n1,1,1", "no open block"),
])
def test_malformed_csv_is_rejected(text, message):
    with pytest.raises(meiro.MazeError, match=message):
        from_csv(text)


@pytest.mark.parametrize("make,message", [
    (lambda: b"\x80\x04K\x01.", "not a NumPy .npy array"),
    (lambda: _npy(np.zeros((3, 3, 3))), "two-dimensional"),
    (lambda: _npy(np.full((3, 3), 0.5)), "only 0 (path) and 1 (wall)"),
    (lambda: _npy(np.array([[1, None]], dtype=object)), "not a NumPy .npy array"),
])
def test_malformed_npy_is_rejected(make, message):
    with pytest.raises(meiro.MazeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_npy(make())


def _npy(array) -> bytes:
    out = io.BytesIO()
    np.save(out, array, allow_pickle=True)
    return out.getvalue()


def test_cli_reports_bad_files_in_one_line(tmp_path, capsys):
    from meiro.cli import main

    bad = tmp_path / "bad.csv"
    bad.write_text("1,1\n")
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.csv" in err and "Traceback" not in err

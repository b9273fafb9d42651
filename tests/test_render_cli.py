"""``meiro render`` and pictures from ``meiro generate -o``, through main() and as a process."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meiro
from meiro.cli import main

SRC = str(Path(__file__).resolve().parents[1] / "src")


def test_import_meiro_loads_no_gui_or_imaging_library():
    code = ("import sys, meiro; meiro.generate(3, 3, seed=1); "
            "print(sorted(m for m in ('PIL', 'tkinter', 'curses', 'meiro.render') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"PYTHONPATH": SRC, "PATH": ""}, timeout=60)
    assert result.stdout.strip() == "[]", result.stderr


def test_generate_writes_every_format_at_once(tmp_path):
    names = [tmp_path / f"m.{ext}" for ext in ("json", "png", "svg", "gif", "pdf", "npz", "csv")]
    argv = ["generate", "--size", "9x7", "--seed", "5", "--goal", "farthest", "-q", "--solve", "astar"]
    for name in names:
        argv += ["-o", str(name)]
    assert main(argv) == 0
    m = meiro.generate(9, 7, seed=5, goal="farthest")
    for name in names:
        assert name.stat().st_size > 0
        assert name.stat().st_mode & 0o044, f"{name.name} is not readable by others"
    for name in names:
        if name.suffix in (".json", ".png", ".npz", ".csv"):
            assert np.array_equal(meiro.load(name).grid, m.grid), name.suffix
    assert names[1].read_bytes()[:4] == b"\x89PNG" and names[3].read_bytes()[:6] == b"GIF89a"
    assert names[4].read_bytes()[:5] == b"%PDF-" and b"<polyline" in names[2].read_bytes()


def test_render_draws_a_saved_maze_with_options(tmp_path):
    PIL = pytest.importorskip("PIL.Image")
    m = meiro.generate(6, 4, seed=2)
    meiro.save(m, tmp_path / "m.json")
    out = tmp_path / "m.png"
    assert main(["render", str(tmp_path / "m.json"), "-o", str(out), "--block", "3",
                 "--wall-color", "#102030", "--solve", "bfs"]) == 0
    rgb = np.asarray(PIL.open(out).convert("RGB"))
    assert rgb.shape == (9 * 3, 13 * 3, 3) and tuple(rgb[0, 0]) == (16, 32, 48)
    assert meiro.load(out) == m
    gif = tmp_path / "search.gif"
    assert main(["render", str(out), "-o", str(gif), "--solve", "astar", "--frames", "5"]) == 0
    assert PIL.open(gif).n_frames == 5


@pytest.mark.parametrize("argv,message", [
    (["-o", "out.bmp"], "out.bmp' from its name: end it in .png, .svg, .gif, .pdf or .html"),
    (["-o", "out.png", "--block", "0"], "block size must be from 1 to 256"),
    (["-o", "out.png", "--wall-color", "mauve"], "unknown colour 'mauve'"),
    (["-o", "out.svg", "--svg-style", "wavy"], "invalid choice"),
])
def test_render_rejects_bad_options_in_one_line(tmp_path, capsys, argv, message):
    meiro.save(meiro.generate(3, 3, seed=1), tmp_path / "m.json")
    args = ["render", str(tmp_path / "m.json")] + [str(tmp_path / a) if a.startswith("out.") else a
                                                   for a in argv]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not list(tmp_path.glob("out.*"))


def test_render_reports_missing_and_non_maze_files(tmp_path, capsys):
    assert main(["render", str(tmp_path / "nope.json"), "-o", str(tmp_path / "x.png")]) == 2
    assert "no such file" in capsys.readouterr().err
    (tmp_path / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\nbroken")
    assert main(["render", str(tmp_path / "photo.png"), "-o", str(tmp_path / "x.svg")]) == 2
    assert "not a PNG image" in capsys.readouterr().err
    assert main(["solve", str(tmp_path / "x.gif")]) == 2
    assert "cannot load a .gif file" in capsys.readouterr().err


def test_render_as_a_real_process(tmp_path):
    meiro.save(meiro.generate(5, 5, seed=3), tmp_path / "m.json")
    result = subprocess.run([sys.executable, "-m", "meiro", "render", str(tmp_path / "m.json"),
                             "-o", str(tmp_path / "m.svg")], capture_output=True, text=True,
                            env={"PYTHONPATH": SRC, "PATH": ""}, timeout=60)
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
    assert (tmp_path / "m.svg").read_text().startswith("<?xml")

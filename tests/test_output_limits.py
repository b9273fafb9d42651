"""Every output's limits (meiro.io.costs and each format's module): refused up front, before the maze is made, in
one line with the figure; sizes just under each limit accepted."""

import argparse
import io
import os
import subprocess
import sys

import pytest

import meiro
from meiro.io import costs
from meiro.io.costs import check_output, output_needs
from meiro.io.formats import FORMATS
from meiro.sizes import SMALL_ENOUGH


def meiro_cli(*args, cwd, code=None):
    """Run the command line; ``code`` (Python run first) can stand in for the machine's memory.
    The timeout only guards against a size that is drawn instead of refused (minutes)."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    if code is None:
        command = [sys.executable, "-m", "meiro", *args]
    else:
        command = [sys.executable, "-c", f"{code}\nfrom meiro.cli import main\n"
                   f"raise SystemExit(main({list(args)!r}))"]
    return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", cwd=cwd,
                          env=env, timeout=60)


def assert_refused(out, *figures):
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("meiro: error: "), out.stderr
    for figure in figures:
        assert figure in lines[0]


@pytest.mark.parametrize("args,figures", [
    # 36 s and 8.8 GB before: 121 frames of 36 million pixels
    (("generate", "--size", "3000x3000", "-o", "out.gif"),
     ("3000x3000-cell GIF of 120 frames is 4.3 billion pixels", "at most 59 frames")),
    # GIF stores a side in 16 bits (Pillow raised OverflowError after making the frames)
    (("generate", "--size", "32769x1", "-o", "out.gif"),
     ("65539x3 pixels", "at most 65535 pixels a side")),
    # 124 s before, and unreadable on paper
    (("generate", "--size", "3000x3000", "-o", "out.pdf"),
     ("3000x3000-cell maze is too big to print", "200 cells a side")),
    # 27 s before, and minutes to open in a browser
    (("generate", "--size", "3000x3000", "-o", "out.svg"),
     ("3000x3000-cell SVG would take minutes to open", "1000x1000 cells")),
    # minutes of drawing: 1000 pages of the largest legible mazes
    (("sheet", "--size", "200x200", "--count", "1000", "-o", "out.pdf"),
     ("321,602,000 blocks", "at most 49 mazes")),
    (("sheet", "--size", "201x20", "-o", "out.pdf"), ("201x20-cell maze is too big to print",)),
    (("play", "--browser", "--size", "3000x3000"), ("2000x2000 cells", "3000x3000")),
])
def test_an_output_too_large_is_refused_before_the_maze_is_made(tmp_path, args, figures):
    out = meiro_cli(*args, cwd=tmp_path)
    assert_refused(out, *figures)
    assert not list(tmp_path.iterdir())


def test_animate_refuses_a_maze_larger_than_the_terminal_before_making_it(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    # 60000x60000 cells would take 30 GiB to make before the terminal was measured
    child = pexpect.spawn(sys.executable, ["-m", "meiro", "animate", "--size", "60000x60000"],
                          env={**os.environ, "TERM": "xterm", "PYTHONIOENCODING": "utf-8"},
                          cwd=str(tmp_path), dimensions=(24, 80), encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    out = child.before.strip()
    assert child.exitstatus == 2 and len(out.splitlines()) == 1, out
    assert "needs a terminal of at least 120001 columns and 120003 lines, this one is 80x24" in out


def test_render_refuses_a_pdf_of_a_maze_file_too_big_to_print(tmp_path):
    meiro.save(meiro.generate(300, 300, seed=1), tmp_path / "big.json")
    out = meiro_cli("render", "big.json", "-o", "big.pdf", cwd=tmp_path)
    assert_refused(out, "300x300-cell maze is too big to print")
    assert not (tmp_path / "big.pdf").exists()


@pytest.mark.parametrize("size,target,figures", [
    ("2000x2000", "out.json", ("2000x2000-cell JSON file needs about 229.0 MiB", "128.0 MiB available",
                               ".npz")),
    ("2000x2000", "out.csv", ("2000x2000-cell CSV file needs about 183.2 MiB",)),
    ("1000x1000", "out.gif", ("1000x1000-cell GIF needs about 569.0 MiB", "at most 15 frames")),
    ("2000x2000", "out.gif", ("2000x2000-cell GIF needs about 2.2 GiB", "choose a smaller maze")),
])
def test_an_output_larger_than_the_memory_is_refused_before_the_maze_is_made(tmp_path, size, target,
                                                                             figures):
    # the machine's memory stands at 128 MiB for this run
    code = "import meiro.io.costs as costs\ncosts.available_memory = lambda: 2**27"
    out = meiro_cli("generate", "--size", size, "-q", "-o", target, cwd=tmp_path, code=code)
    assert_refused(out, *figures)
    assert not list(tmp_path.iterdir())


def test_the_advised_number_of_frames_fits():
    with pytest.raises(meiro.MazeError, match="at most 15 frames"):
        check_output("gif", (2001, 2001), available=2**27)
    check_output("gif", (2001, 2001), frames=15, available=2**27)
    with pytest.raises(meiro.MazeError, match="needs about"):
        check_output("gif", (2001, 2001), frames=16, available=2**27)


def test_gif_limits():
    assert output_needs("gif", (6001, 6001), frames=59).frames == 59  # 2.12 billion pixels
    with pytest.raises(meiro.MazeError, match="at most 59 frames"):
        output_needs("gif", (6001, 6001), frames=60)
    assert output_needs("gif", (3, 65535)).block == 1
    with pytest.raises(meiro.MazeError, match="65537x3 pixels; a GIF is at most 65535 pixels a side"):
        output_needs("gif", (3, 65537))
    assert output_needs("gif", (3, 32767), block=2).block == 2
    with pytest.raises(meiro.MazeError, match="65538x6 pixels"):
        output_needs("gif", (3, 32769), block=2)
    # a tiny maze's log is short: fewer frames than asked for
    assert output_needs("gif", (3, 5), frames=120).frames == 4
    with pytest.raises(meiro.MazeError, match="too large"):
        output_needs("gif", (2001, 2001), block=5)  # one frame over 64 million pixels
    with pytest.raises(meiro.MazeError, match="max_frames must be a whole number of at least 2"):
        output_needs("gif", (41, 41), frames=1)
    with pytest.raises(TypeError, match="max_frames must be a whole number, got float"):
        output_needs("gif", (41, 41), frames=2.5)


def test_png_svg_html_limits():
    assert output_needs("png", (7999, 7999)).block == 1
    with pytest.raises(meiro.MazeError, match="at most 64 million pixels"):
        output_needs("png", (8001, 8001))
    assert output_needs("svg", (2001, 2001)).memory > 0
    for shape in ((2001, 2003), (3, 1_400_001)):
        with pytest.raises(meiro.MazeError, match="an SVG holds up to 1000x1000 cells"):
            output_needs("svg", shape)
    with pytest.raises(meiro.MazeError, match="unknown SVG style"):
        output_needs("svg", (41, 41), style="thick")
    assert output_needs("html", (4001, 4001)).memory > 0
    with pytest.raises(meiro.MazeError, match="a web page holds up to 2000x2000 cells"):
        output_needs("html", (4003, 4003))


def test_pdf_limits():
    assert output_needs("pdf", (401, 401)).size > 0
    with pytest.raises(meiro.MazeError, match="too big to print legibly"):
        output_needs("pdf", (403, 3))
    assert output_needs("pdf", (401, 401), count=49).format == "pdf"
    with pytest.raises(meiro.MazeError, match="use at most 49 mazes"):
        output_needs("pdf", (401, 401), count=50)
    assert output_needs("pdf", (401, 401), count=99, answers=False).format == "pdf"
    with pytest.raises(meiro.MazeError, match="use at most 99 mazes"):
        output_needs("pdf", (401, 401), count=100, answers=False)
    with pytest.raises(meiro.MazeError, match="mazes per page must be a whole number from 1 to 30"):
        output_needs("pdf", (41, 41), per_page=31)


@pytest.mark.parametrize("target,shape,options", [
    ("maze.png", (4001, 4001), {}),
    ("maze.png", (201, 201), {"block": 39, "rgb": True}),
    ("maze.gif", (2001, 2001), {}),
    ("maze.gif", (2001, 2001), {"solution": True, "frames": 30}),
    ("maze.svg", (2001, 2001), {"style": "thin"}),
    ("maze.svg", (2001, 2001), {}),
    ("maze.pdf", (401, 401), {"count": 49}),
    *[(f"maze.{fmt}", (6001, 6001), {}) for fmt in FORMATS.names("data")],
])
def test_each_output_fits_exactly_the_memory_it_needs(target, shape, options):
    needs = output_needs(target, shape, **options)
    assert needs.memory >= SMALL_ENOUGH  # else the system is not asked
    assert check_output(target, shape, available=needs.memory, **options) == needs
    with pytest.raises(meiro.MazeError, match=r"needs about [\d.]+ [MG]iB of memory; this machine has "):
        check_output(target, shape, available=needs.memory - 1, **options)


def test_a_small_output_or_an_unknown_memory_is_never_refused(monkeypatch):
    assert check_output("maze.html", (4001, 4001), available=1).memory < SMALL_ENOUGH
    monkeypatch.setattr(costs, "available_memory", lambda: None)
    assert check_output("maze.json", (6001, 6001)).format == "json"


def test_the_output_is_named_by_file_suffix_or_format():
    assert [output_needs(t, (41, 41)).format for t in ("a/b.PNG", ".svg", "npz")] == ["png", "svg", "npz"]
    with pytest.raises(meiro.MazeError, match=r"cannot tell the format of 'maze\.bmp'"):
        output_needs("maze.bmp", (41, 41))
    with pytest.raises(TypeError, match="shape must be a pair"):
        output_needs("maze.png", (41.0, 41))
    with pytest.raises(TypeError, match="an output is a file name"):
        output_needs(3, (41, 41))


def test_the_cli_check_takes_the_drawing_options(monkeypatch):
    from meiro.cli.render_cmd import check_picture

    monkeypatch.setattr(costs, "available_memory", lambda: 2**50)
    args = argparse.Namespace(block=None, frames=59, solve=None, svg_style="auto")
    check_picture("maze.gif", args, (6001, 6001))
    args.frames = 60
    with pytest.raises(meiro.MazeError, match="at most 59 frames"):
        check_picture("maze.gif", args, (6001, 6001))
    args.block = 2
    with pytest.raises(meiro.MazeError, match="too large"):
        check_picture("maze.png", args, (6001, 6001))


def test_library_renderers_refuse_before_drawing():
    from meiro.render import render_file
    from meiro.render.pdf import render_sheet

    long = meiro.generate(32769, 1, seed=1)
    with pytest.raises(meiro.MazeError, match="at most 65535 pixels a side"):
        render_file(long, "long.gif", max_frames=10)  # was OverflowError, from inside Pillow
    big = meiro.generate(300, 300, seed=1)
    with pytest.raises(meiro.MazeError, match="too big to print legibly"):
        render_file(big, "big.pdf")
    large = meiro.generate(200, 200, seed=1)
    with pytest.raises(meiro.MazeError, match="use at most 49 mazes"):
        render_sheet([large] * 50)


def test_sizes_just_under_the_gif_side_and_the_pdf_side_are_drawn(tmp_path):
    from PIL import Image

    from meiro.render import render_file

    gif = render_file(meiro.generate(32767, 1, seed=1), "long.gif", max_frames=3)
    with Image.open(io.BytesIO(gif)) as image:
        assert image.size == (65535, 3) and image.n_frames == 3
    out = meiro_cli("generate", "--size", "200x200", "--seed", "1", "-q", "-o", "m.pdf", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF-1.4")


def _traced_peak(write) -> int:
    import tracemalloc

    tracemalloc.start()
    try:
        write()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("target,cells,options", [
    *[(fmt, 400, {}) for fmt in FORMATS.names("data")],
    ("svg", 150, {"style": "thin"}), ("svg", 150, {"style": "block"}), ("pdf", 150, {}),
    ("html", 400, {}),
])
def test_the_estimate_covers_what_the_writer_takes(target, cells, options):
    from meiro.io.codecs import encode
    from meiro.render import render_file

    maze = meiro.generate(cells, cells, seed=3)
    if target in FORMATS.names("data"):
        peak = _traced_peak(lambda: encode(maze, target))
    else:
        peak = _traced_peak(lambda: render_file(maze, f"maze.{target}", **options))
    assert output_needs(target, maze.shape, **options).memory >= peak


@pytest.mark.skipif(not os.path.exists("/proc/self/clear_refs"), reason="needs Linux's peak-memory reset")
def test_the_gif_estimate_covers_its_real_peak_with_pillow():
    # Pillow's image memory is not traced by tracemalloc: read the process's peak resident size
    code = """
import json, meiro
from meiro.render import render_file
def status(key):
    for line in open('/proc/self/status'):
        if line.startswith(key):
            return int(line.split()[1]) * 1024
maze = meiro.generate(500, 500, seed=1)
render_file(meiro.generate(3, 3, seed=1), 'warm.gif')  # Pillow's imports are not the writer's
before = status('VmRSS')
open('/proc/self/clear_refs', 'w').write('5')
render_file(maze, 'maze.gif')
print(status('VmHWM') - before)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    peak = int(out.stdout)
    needs = output_needs("gif", (1001, 1001))
    assert needs.frames == 120 and needs.memory >= peak
    assert peak > 120 * 1001 * 1001 * 0.9  # Pillow keeps every frame: the estimate is not loose

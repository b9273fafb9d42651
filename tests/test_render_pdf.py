"""PDF puzzle sheets: page counts, that poppler opens them, reproducibility, the sheet command."""

import math
import re
import shutil
import subprocess
import zlib

import numpy as np
import pytest

import meiro
from meiro.cli import main
from meiro.render.booklet import sheet_seeds
from meiro.render.pdf import render_sheet

PDFTOPPM = shutil.which("pdftoppm")


def page_count(pdf: bytes) -> int:
    return int(re.search(rb"/Type /Pages /Kids \[[^\]]*\] /Count (\d+)", pdf).group(1))


def contents(pdf: bytes) -> list[str]:
    streams = re.findall(rb"/FlateDecode >>\nstream\n(.*?)\nendstream", pdf, re.S)
    return [zlib.decompress(s).decode("latin-1") for s in streams]


def mazes(count, size=(10, 10)):
    return [meiro.generate(*size, seed=s, goal="farthest") for s in sheet_seeds(1, count)]


@pytest.mark.parametrize("count,per_page,answers,pages", [
    (1, None, True, 2), (6, None, True, 2), (7, 6, True, 4), (7, 6, False, 2), (5, 2, True, 6)])
def test_page_count(count, per_page, answers, pages):
    pdf = render_sheet(mazes(count), per_page=per_page, answers=answers)
    assert page_count(pdf) == pages == len(contents(pdf))
    assert pdf.count(b"/Type /Page ") == pages


def test_every_maze_is_numbered_and_answer_pages_hold_the_paths():
    pdf = render_sheet(mazes(4), per_page=4, title="Class 3")
    maze_page, answer_page = contents(pdf)
    for number in range(1, 5):
        assert f"({number}.) Tj" in maze_page and f"({number}.) Tj" in answer_page
    assert "(Class 3) Tj" in maze_page and "(Class 3 - answers) Tj" in answer_page
    # the answer key strokes one polyline per maze in the answer colour, the puzzle page none
    answer_rgb = "0.86 0.44 0.58 RG"
    assert maze_page.count(answer_rgb) == 0 and answer_page.count(answer_rgb) == 4


def test_the_sheet_is_reproducible_byte_for_byte():
    assert render_sheet(mazes(3)) == render_sheet(mazes(3))


@pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("paper,size", [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_poppler_opens_every_page_and_draws_on_it(tmp_path, paper, size):
    target = tmp_path / "sheet.pdf"
    target.write_bytes(render_sheet(mazes(3, (15, 12)), paper=paper, per_page=2))
    result = subprocess.run([PDFTOPPM, "-r", "18", "-gray", str(target), str(tmp_path / "p")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stderr, result.stderr
    pages = sorted(tmp_path.glob("p-*.pgm"))
    assert len(pages) == 4
    from PIL import Image

    for page in pages:
        img = np.asarray(Image.open(page))
        assert img.shape[::-1] == (math.ceil(size[0] / 4), math.ceil(size[1] / 4))
        assert (img < 128).mean() > 0.01  # mazes were drawn, not a blank page


def test_sheet_command(tmp_path):
    target = tmp_path / "mazes.pdf"
    assert main(["sheet", "--count", "6", "--size", "20x20", "--algorithm", "dig", "--seed", "1",
                 "-o", str(target)]) == 0
    pdf = target.read_bytes()
    assert page_count(pdf) == 2
    first = contents(pdf)[0]
    for seed in sheet_seeds(1, 6):
        assert f"seed {seed})" in first  # each maze's own seed is printed under it
    again = tmp_path / "again.pdf"
    main(["sheet", "--count", "6", "--size", "20x20", "--seed", "1", "-o", str(again)])
    assert again.read_bytes() == pdf


@pytest.mark.parametrize("argv,message", [
    (["--count", "0"], "must be from 1 to 1000"),
    (["-o", "x.png"], "name the output *.pdf"),
    (["--size", "300x10"], "too big to print"),
    (["--algorithm", "nope"], "invalid choice"),
])
def test_sheet_command_rejects_bad_input(tmp_path, capsys, argv, message):
    args = ["sheet", "-o", str(tmp_path / "s.pdf"), *argv]
    assert main(args) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "s.pdf").exists()


def test_hand_made_maze_without_a_path_still_prints():
    grid = np.ones((5, 5), bool)
    grid[1, 1] = grid[3, 3] = False
    pdf = render_sheet([meiro.Maze(grid)])
    assert page_count(pdf) == 2 and r"\(no path\)" in contents(pdf)[1]


@pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("value", ["WWWWWWWW", "iiiiiiiiiiiiiiii", "Maze 12 - seed 345"])
def test_labels_end_and_centre_where_they_are_placed(tmp_path, value):
    # set in real Helvetica widths: narrow or wide letters no longer push a right-aligned
    # label over what is beside it (an average width is off by 40 to 70 points for the
    # first two). The tolerance allows for a viewer drawing Helvetica with a look-alike font.
    from PIL import Image

    from meiro.render.pdf import PdfCanvas

    pdf = PdfCanvas(300, 100)
    pdf.new_page()
    pdf.text(250, 40, value, size=20, align="right")
    pdf.text(150, 80, value, size=20, align="center")
    target = tmp_path / "labels.pdf"
    target.write_bytes(pdf.tobytes())
    subprocess.run([PDFTOPPM, "-r", "288", "-gray", str(target), str(tmp_path / "p")],
                   check=True, capture_output=True, timeout=60)
    ink = np.asarray(Image.open(next(tmp_path.glob("p-*.pgm")))) < 128
    scale = 288 / 72  # pixels per point

    def columns(top, bottom):
        cols = np.flatnonzero(ink[int(top * scale):int(bottom * scale)].any(axis=0)) / scale
        return cols.min(), cols.max()

    left, right = columns(20, 45)
    assert abs(right - 250) < 5
    left, right = columns(60, 85)
    assert abs((left + right) / 2 - 150) < 5


def test_drawing_before_a_page_is_begun_says_so():
    # a canvas holds no page until new_page(): drawing before it is refused with a clear error
    # (it used to fail inside the operator list, as a NoneType attribute error)
    from meiro.render.pdf import PdfCanvas

    pdf = PdfCanvas(100, 50)
    with pytest.raises(RuntimeError, match="new_page"):
        pdf.line(0, 0, 10, 10)
    pdf.new_page()
    pdf.line(0, 0, 10, 10)
    assert b"%%EOF" in pdf.tobytes()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler")
@pytest.mark.parametrize("paper,size", [("b5", (515.91, 728.5)), ("6x9in", (432, 648))])
def test_sheet_on_b5_and_trim_sizes_has_a_name_line(tmp_path, paper, size):
    target = tmp_path / "sheet.pdf"
    assert main(["sheet", "--paper", paper, "--lang", "en", "--count", "2", "--seed", "3", "--size", "10x10",
                 "-o", str(target)]) == 0
    assert f"/MediaBox [0 0 {size[0]:g} {size[1]:g}]".encode() in target.read_bytes()
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(target), "-"], capture_output=True,
                          text=True).stdout
    assert "Name" in text

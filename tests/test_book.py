"""Printed booklets and Japanese sheets: the drawing compared with the maze (rasterized by
poppler), the text given back by pdftotext, the embedded font, qpdf's check, and bad input."""

import json
import os
import shutil
import subprocess

import numpy as np
import pytest

import meiro
from meiro.text import fonts
from meiro.render.booklet import BookMaze, grade_maze, plan_book
from meiro.cli import main
from meiro.io.codecs import from_json
from meiro.errors import MazeError
from meiro.generators.shapes import SHAPES, connect, shape_mask
from meiro.render.book import (PAPERS, book_pages, book_texts, check_legible, content_box, drawn_walls,
                               largest_legible, maze_frame, render_book, slots)
from meiro.render.palette import Palette

PDFTOPPM, PDFTOTEXT, QPDF, PDFFONTS = (shutil.which(t) for t in ("pdftoppm", "pdftotext", "qpdf", "pdffonts"))
needs_poppler = pytest.mark.skipif(PDFTOPPM is None or PDFTOTEXT is None,
                                   reason="poppler-utils (pdftoppm, pdftotext) is not installed")


def japanese_font():
    try:
        return fonts.find_font("めいろ スタート ゴール こたえ 迷")
    except MazeError:
        return None


needs_japanese_font = pytest.mark.skipif(japanese_font() is None,
                                         reason="no Japanese font installed (fonts-noto-cjk)")


def pdf_font(text="めいろ"):
    from meiro.render.pdf_font import PdfFont

    return PdfFont(fonts.find_font(text))


def pdftotext(path, page=None) -> str:
    """The text of a page (or all), in drawing order, with each run of spaces as one: poppler
    infers the spaces from the gaps between glyphs and writes any space, U+3000 too, as ' '."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    text = subprocess.run([PDFTOTEXT, *pages, "-raw", str(path), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def spaced(text: str) -> str:
    return " ".join(text.split())


def rasterize(path, page, dpi, tmp_path) -> np.ndarray:
    from PIL import Image

    prefix = tmp_path / f"page{page}"
    subprocess.run([PDFTOPPM, "-r", str(dpi), "-f", str(page), "-l", str(page), str(path), str(prefix)],
                   check=True, capture_output=True, timeout=60)
    (picture,) = tmp_path.glob(f"page{page}-*.ppm")
    return np.asarray(Image.open(picture).convert("RGB")).astype(int)


# --- the drawing is the maze ----------------------------------------------------------------


def sample(img, x_pt, y_pt, dpi):
    """The 5 x 5 pixels around a point given in points."""
    x, y = round(x_pt * dpi / 72), round(y_pt * dpi / 72)
    return img[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3)


def is_ink(pixels):  # a black wall line crosses here
    return bool((pixels.max(axis=1) < 110).any())


def is_white(pixels):
    return bool((pixels.min(axis=1) > 235).all())


def is_shaded(pixels):  # the light grey outside a shape: neither ink nor paper
    return bool(((pixels.min(axis=1) > 190) & (pixels.max(axis=1) < 235)).all())


ANSWER = Palette().answer


def is_answer(pixels, colour=ANSWER):
    return bool((np.abs(pixels - np.array(colour)).max(axis=1) < 30).any())


def check_walls(img, maze, frame, dpi):
    """Every wall slot beside a cell of the maze is inked exactly when the grid has a wall
    there, and a slot between two cells outside a shape is blank."""
    left, top, unit = frame
    grid = maze.grid
    cells = ~grid[1::2, 1::2]
    checked = 0
    for r in range(grid.shape[0]):
        for c in range(grid.shape[1]):
            if (r + c) % 2 == 0:
                continue  # a cell or a post
            if r % 2 == 0:
                sides = [cells[k, c // 2] for k in (r // 2 - 1, r // 2) if 0 <= k < cells.shape[0]]
            else:
                sides = [cells[r // 2, k] for k in (c // 2 - 1, c // 2) if 0 <= k < cells.shape[1]]
            pixels = sample(img, left + c * unit, top + r * unit, dpi)
            if any(sides):
                assert is_ink(pixels) == bool(grid[r, c]), (r, c)
            elif len(sides) == 2:  # between two cells outside the shape: shaded grey, no wall
                assert is_shaded(pixels), (r, c)
            else:  # on the rectangle's edge beside a cell outside the shape: no wall
                assert not is_ink(pixels), (r, c)
            checked += 1
    return checked


@needs_poppler
@pytest.mark.parametrize("shape,keys", [(None, None), ("heart", None), (None, 6), ("heart", 9)])
def test_walls_drawn_are_the_walls_of_the_grid_and_the_answer_is_the_solvers_path(tmp_path, shape, keys):
    mask_for = (lambda w, h: shape_mask(shape, w, h)) if shape else None
    book = plan_book(2, seed=5, size=(14, 12), mask_for=mask_for)
    target = tmp_path / "book.pdf"
    target.write_bytes(render_book(book, lang="en", per_page=1, paper="a4", keys_per_page=keys))
    dpi = 100 if keys is None else 150
    # pages: 1 cover, 2-3 mazes, 4 blank (the answers start on a right-hand page), then the
    # answers full size (5-6) or as small keys on page 5
    for number, entry in enumerate(book):
        maze = entry.maze
        puzzle_page = 2 + number
        answer_page, key_slot = (5 + number, slots("a4", 1, 5 + number)[0]) if keys is None \
            else (5, slots("a4", keys, 5)[number])
        frame = maze_frame(maze.grid.shape, slots("a4", 1, puzzle_page)[0])
        img = rasterize(target, puzzle_page, dpi, tmp_path)
        assert check_walls(img, maze, frame, dpi) > 300
        left, top, unit = frame
        assert not any(is_answer(sample(img, left + c * unit, top + r * unit, dpi))
                       for r in range(1, maze.grid.shape[0], 2) for c in range(1, maze.grid.shape[1], 2))
        # the start and goal marks, in their colours, on their cells
        palette = Palette()
        assert is_answer(sample(img, left + maze.start[1] * unit, top + maze.start[0] * unit, dpi),
                         palette.start)
        assert is_answer(sample(img, left + maze.goal[1] * unit, top + maze.goal[0] * unit, dpi),
                         palette.goal)

        frame = maze_frame(maze.grid.shape, key_slot)
        img = rasterize(target, answer_page, dpi, tmp_path)
        assert check_walls(img, maze, frame, dpi) > 100
        left, top, unit = frame
        on_path = {tuple(p) for p in meiro.solve(maze).path.tolist()}
        ends = {maze.start, maze.goal}
        for r in range(1, maze.grid.shape[0] - 1):
            for c in range(1, maze.grid.shape[1] - 1):
                if maze.grid[r, c] or (r, c) in ends:
                    continue  # a wall, or a block under the start or goal mark
                painted = is_answer(sample(img, left + c * unit, top + r * unit, dpi))
                assert painted == ((r, c) in on_path), (r, c)


def test_walls_between_cells_outside_a_shape_are_left_out():
    maze = meiro.generate(12, 12, seed=2, goal="farthest", mask=shape_mask("star", 12, 12))
    horizontal, vertical = drawn_walls(maze.grid)
    full_h, full_v = drawn_walls(meiro.generate(12, 12, seed=2).grid)
    drawn = sum(b - a for _, a, b in horizontal + vertical)
    assert 0 < drawn < sum(b - a for _, a, b in full_h + full_v)


# --- text, font and file -------------------------------------------------------------------


@needs_poppler
@needs_japanese_font
def test_japanese_sheet_text_comes_back_exactly_from_an_embedded_subset(tmp_path):
    title = "めいろ あそび　迷路ＡＢＣ１２３"
    target = tmp_path / "sheet.pdf"
    assert main(["sheet", "--title", title, "--lang", "ja", "--count", "2", "--seed", "4",
                 "-o", str(target)]) == 0
    text = pdftotext(target)
    for words in (spaced(title), "スタート", "ゴール", "こたえ", "1 / 2 ページ", "2 / 2 ページ", "シード"):
        assert words in text
    assert "?" not in text
    listing = subprocess.run([PDFFONTS, str(target)], capture_output=True, text=True, check=True).stdout
    embedded = [line for line in listing.splitlines() if "Identity-H" in line]
    assert len(embedded) == 1 and embedded[0].split()[-5:-2] == ["yes", "yes", "yes"]  # emb sub uni
    assert "+" in embedded[0].split()[0]  # a subset's tagged name
    assert target.stat().st_size < 200_000  # a subset, not the 19 MB collection


@needs_poppler
@needs_japanese_font
def test_japanese_book_prints_its_words_and_grades_easy_to_hard(tmp_path):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "ja", "--count", "6", "--per-page", "2", "--seed", "3",
                 "--title", "なつやすみ めいろ", "-o", str(target)]) == 0
    cover = pdftotext(target, 1)
    for words in ("なつやすみ めいろ", "なまえ", "ひづけ", "がつ", "にち", "6 もん", "かんたん → むずかしい",
                  "こたえは 5 ページから"):
        assert words in cover
    assert "シード" not in cover and "meiro" not in cover
    book = plan_book(6, 3)
    ranks = [("easy", "medium", "hard").index(b.grade) for b in book]
    assert ranks == sorted(ranks) and len(set(ranks)) > 1
    grade_words = {"easy": "かんたん", "medium": "ふつう", "hard": "むずかしい"}
    printed = []
    for page in (2, 3, 4):
        text = pdftotext(target, page)
        assert f"{page} ページ" in text and "スタート" in text and "ゴール" in text
        assert "すすもう" in text and "シード" not in text and "dig" not in text and "kruskal" not in text
        printed += [w for line in text.splitlines() for w in line.split() if w in grade_words.values()]
    assert printed == [grade_words[b.grade] for b in book]
    answers = pdftotext(target, 5)
    assert "こたえ" in answers and "シード" in answers  # how to remake a maze: small, with its answer


@needs_japanese_font
def test_book_is_reproducible_byte_for_byte_and_qpdf_finds_no_error(tmp_path):
    book = plan_book(4, seed=9, mask_for=lambda w, h: shape_mask("circle", w, h))
    first = render_book(book, lang="ja", per_page=2, seed=9, font=pdf_font(book_texts("ja", "めいろ", 9)))
    again = render_book(plan_book(4, seed=9, mask_for=lambda w, h: shape_mask("circle", w, h)),
                        lang="ja", per_page=2, seed=9, font=pdf_font(book_texts("ja", "めいろ", 9)))
    assert first == again
    if QPDF is None:
        pytest.skip("qpdf is not installed")
    target = tmp_path / "book.pdf"
    target.write_bytes(first)
    result = subprocess.run([QPDF, "--check", str(target)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No syntax or stream encoding errors" in result.stdout


@needs_poppler
def test_a_truetype_font_is_embedded_too(tmp_path):
    dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    try:
        fonts.open_font(dejavu)
    except MazeError:
        pytest.skip("DejaVu Sans is not installed")
    target = tmp_path / "sheet.pdf"
    assert main(["sheet", "--title", "Café déjà vu Ωμέγα", "--lang", "en", "--font", dejavu,
                 "--count", "1", "--seed", "1", "-o", str(target)]) == 0
    assert "Café déjà vu Ωμέγα" in pdftotext(target)


def test_english_needs_no_font_file(tmp_path, monkeypatch):
    no_fonts(monkeypatch)
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "en", "--count", "2", "--seed", "1", "-o", str(target)]) == 0
    assert b"/FontFile" not in target.read_bytes() and b"/Helvetica" in target.read_bytes()


def no_fonts(monkeypatch):
    monkeypatch.setattr(fonts, "_fontconfig", lambda text: [])
    monkeypatch.setattr(fonts, "KNOWN_FONTS", ())
    monkeypatch.delenv(fonts.FONT_ENV, raising=False)


def test_without_a_japanese_font_one_line_says_how_to_get_one(tmp_path, monkeypatch, capsys):
    no_fonts(monkeypatch)
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "ja", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fonts-noto-cjk" in err and "--font" in err
    assert not target.exists()


# --- bad input: one line, exit status 2, no file ---------------------------------------------


@pytest.mark.parametrize("argv,message", [
    (["--title", "めいろ\U0001F600"], "U+1F600"),
    (["--title", "迷路" * 80], "too long"),
    (["--size", "100x100"], "at most 68x45 cells"),
    (["--size", "70x40", "--per-page", "1"], "at most 68x96 cells"),
    (["--per-page", "13"], "from 1 to 12"),
    (["--font", "/no/such/font.ttf"], "cannot read the font"),
    (["--shape-text", "\U0010FFFD"], "U+10FFFD"),
    (["--paper", "a3"], "unknown paper 'a3'"),
    (["--paper", "3x4in"], "too small to print mazes on"),
    (["--bleed", "2in"], "too large"),
    (["--shape-text", "迷", "--size", "12x12"], "recognisable as a maze from"),
    (["--shape-text", "迷", "--per-page", "12"], "needs more cells a side"),
    (["--difficulty", "extreme"], "invalid choice"),
])
@needs_japanese_font
def test_book_refuses_bad_input(tmp_path, capsys, argv, message):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "ja", "--count", "2", "-o", str(target), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not target.exists()


@pytest.mark.parametrize("where", ["missing/book.pdf", "a-file/book.pdf", "locked/book.pdf"])
def test_unwritable_output_is_one_line_and_no_file(tmp_path, capsys, where):
    (tmp_path / "a-file").write_text("not a folder")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if where.startswith("locked") and os.access(locked, os.W_OK):
            pytest.skip("running as root: a read-only folder is writable")
        target = tmp_path / where
        assert main(["book", "--lang", "en", "--count", "1", "-o", str(target)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("meiro: error:")
        assert not target.exists() and list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


def test_legibility_limit_names_the_largest_size():
    most_w, most_h = largest_legible("b5", 2)
    check_legible(most_w, most_h, "b5", 2)
    with pytest.raises(MazeError, match=f"at most {most_w}x{most_h} cells"):
        check_legible(most_w + 1, most_h, "b5", 2)


# --- pages and shapes -------------------------------------------------------------------------


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_two_sided_margins_mirror_and_answers_start_on_a_right_hand_page(paper):
    odd, even = content_box(paper, 3), content_box(paper, 4)
    width = PAPERS[paper][0]
    assert odd.x > even.x and odd.w == even.w
    assert abs(odd.x - (width - even.x - even.w)) < 1e-9  # mirror images of each other
    for count, per_page, pages in ((1, 1, 3), (2, 1, 5), (3, 2, 5), (4, 2, 5), (13, 1, 17)):
        pdf = render_book(plan_book(count, seed=1), lang="en", per_page=per_page, paper=paper)
        assert pdf.count(b"/Type /Page ") == pages
        layout = book_pages(count, per_page, 6)
        assert layout.pages == pages and layout.answer_pages[0] % 2 == 1
        assert layout.answer_pages[0] > layout.maze_pages[-1] and pages - layout.answer_pages[0] < 3


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("size", [(10, 10), (23, 17)])
def test_shapes_are_one_piece_with_start_and_goal_inside(shape, size):
    mask = shape_mask(shape, *size)
    assert (connect(mask) == mask).all()  # already one piece
    assert 0.3 < mask.mean() < 0.95
    maze = meiro.generate(*size, seed=1, goal="farthest", mask=mask)
    cells = ~maze.grid[1::2, 1::2]
    assert (cells == mask).all()  # every cell of the shape is in the maze, and no other
    for r, c in (maze.start, maze.goal):
        assert mask[r // 2, c // 2]
    assert len(meiro.solve(maze).path) > 1


@needs_japanese_font
def test_a_character_shape_keeps_all_its_strokes():
    mask = shape_mask("text", 30, 30, text="迷")
    assert (connect(mask) == mask).all() and 0.15 < mask.mean() < 0.8
    maze = meiro.generate(30, 30, seed=1, mask=mask)
    assert (~maze.grid[1::2, 1::2] == mask).all()


def test_pieces_are_joined_by_the_fewest_cells():
    cells = np.zeros((5, 7), bool)
    cells[0, 0] = cells[4, 6] = True
    joined = connect(cells)
    assert joined.sum() == 2 + 9  # a shortest four-way path between opposite corners


def test_grading_is_one_function_and_orders_the_book():
    maze = meiro.generate(10, 10, seed=1, goal="farthest")
    entry = grade_maze(maze)
    assert isinstance(entry, BookMaze) and 0 <= entry.difficulty <= 1
    assert entry.grade in ("easy", "medium", "hard")

    from meiro.analysis.effort import effort, print_difficulty, print_grade

    assert entry.effort == effort(maze) and entry.difficulty == print_difficulty(effort(maze))
    assert entry.grade == print_grade(entry.difficulty)
    hard = plan_book(3, seed=2, level="hard")
    assert [b.grade for b in hard] == ["hard"] * 3
    medium = plan_book(3, seed=2, level="medium", algorithm="dig")
    assert [b.grade for b in medium] == ["medium"] * 3
    assert all(b.maze.algorithm == "dig" for b in medium)
    with pytest.raises(MazeError, match="do not come out hard"):
        plan_book(3, seed=2, level="hard", size=(6, 6))


@pytest.mark.parametrize("argv,pages", [
    (["--paper", "b5", "--per-page", "4", "--count", "8"], 1 + 2 + 1 + 2),
    (["--paper", "b5", "--per-page", "4", "--count", "8", "--full-answers"], 1 + 2 + 1 + 2),
    (["--paper", "6x9in", "--count", "30"], 1 + 15 + 5),
    (["--count", "30", "--keys-per-page", "9"], 1 + 15 + 4),
    (["--paper", "letter", "--per-page", "1", "--count", "3", "--no-answers"], 1 + 3),
    (["--shape", "heart", "--count", "3", "--per-page", "3"], 1 + 1 + 1),
    (["--shape-text", "M", "--size", "20x20", "--count", "2"], 1 + 1 + 1),
])
def test_book_command_pages(tmp_path, argv, pages):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "en", "--seed", "2", "-o", str(target), *argv]) == 0
    data = target.read_bytes()
    assert data.count(b"/Type /Page ") == pages
    again = tmp_path / "again.pdf"
    assert main(["book", "--lang", "en", "--seed", "2", "-o", str(again), *argv]) == 0
    assert again.read_bytes() == data


# --- each kind of font program, from fonts made here (no system font needed) -----------------


def build_font(path, outlines: str):
    """A tiny font whose あ and い are filled boxes: TrueType (``glyf``) or name-keyed CFF."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    boxes = {".notdef": (50, 0, 450, 700), "a": (100, 0, 900, 700), "i": (100, 0, 500, 700)}
    fb = FontBuilder(1000, isTTF=outlines == "ttf")
    fb.setupGlyphOrder(list(boxes))
    fb.setupCharacterMap({ord("あ"): "a", ord("い"): "i"})
    drawn = {}
    for name, (x0, y0, x1, y1) in boxes.items():
        pen = T2CharStringPen(1000, None) if outlines == "cff" else TTGlyphPen(None)
        pen.moveTo((x0, y0))
        pen.lineTo((x0, y1))
        pen.lineTo((x1, y1))
        pen.lineTo((x1, y0))
        pen.closePath()
        drawn[name] = pen.getCharString() if outlines == "cff" else pen.glyph()
    if outlines == "cff":
        fb.setupCFF("BoxTest-Regular", {"FullName": "Box Test"}, drawn, {})
    else:
        fb.setupGlyf(drawn)
    fb.setupHorizontalMetrics({name: (1000, box[0]) for name, box in boxes.items()})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Box Test", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))
    return path


@needs_poppler
@pytest.mark.parametrize("outlines,kind,listed", [("ttf", "ttf", "CID TrueType"), ("cff", "cff", "CID Type 0")])
def test_each_kind_of_font_program_is_embedded_drawn_and_read_back(tmp_path, outlines, kind, listed):
    from meiro.render.pdf import PdfCanvas
    from meiro.render.pdf_font import PdfFont

    font = PdfFont(build_font(tmp_path / f"box.{'otf' if outlines == 'cff' else 'ttf'}", outlines))
    assert font.kind == kind
    pdf = PdfCanvas(200, 100, font=font)
    pdf.new_page()
    pdf.text(20, 60, "あいあ", size=40)  # boxes 32, 16 and 32 points wide, 40 apart
    target = tmp_path / "boxes.pdf"
    target.write_bytes(pdf.tobytes())
    assert pdftotext(target).strip() == "あいあ"
    listing = subprocess.run([PDFFONTS, str(target)], capture_output=True, text=True, check=True).stdout
    assert listed in listing
    img = rasterize(target, 1, 72, tmp_path)
    row = img[45].max(axis=1) < 128  # a line through the boxes, 15 points above the baseline
    inked = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(int), [0]))))
    starts, ends = inked[::2], inked[1::2]
    assert len(starts) == 3
    assert np.allclose(starts, [24, 64, 104], atol=2) and np.allclose(ends - starts, [32, 16, 32], atol=2)
    if QPDF is not None:
        assert subprocess.run([QPDF, "--check", str(target)], capture_output=True).returncode == 0


def test_a_character_the_font_lacks_is_named(tmp_path):
    from meiro.render.pdf_font import PdfFont

    font = PdfFont(build_font(tmp_path / "box.ttf", "ttf"))
    with pytest.raises(MazeError, match=r"cannot draw 'う' \(U\+3046\)"):
        font.encode("あう")
    with pytest.raises(MazeError, match=r"box.ttf cannot draw 'z' \(U\+007A\)"):
        fonts.find_font("あz", explicit=tmp_path / "box.ttf")


# --- believable grades, the manifest, print-shop sizes ------------------------------------------


def _judged_effort(saved):
    """An independent judge of a person's effort, from the saved maze alone: the route's cells
    plus every wrong branch at least three cells deep (its depth), in plain Python."""
    maze = from_json(json.dumps(saved))
    grid = maze.grid.tolist()
    start, goal = maze.start, maze.goal

    def steps(cell):
        r, c = cell
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if not grid[r + dr][c + dc]:
                yield r + 2 * dr, c + 2 * dc

    seen = {start: None}
    todo = [start]
    while todo:
        cell = todo.pop()
        for nxt in steps(cell):
            if nxt not in seen:
                seen[nxt] = cell
                todo.append(nxt)
    route = [goal]
    while route[-1] != start:
        route.append(seen[route[-1]])
    on_route = set(route)
    total = len(route) - 1
    owned = set(on_route)
    for cell in route:
        for first in steps(cell):
            if first in owned:
                continue
            depth, frontier = 0, [first]
            owned.add(first)
            while frontier:  # one wrong branch, level by level
                depth += 1
                frontier = [n for f in frontier for n in steps(f) if n not in owned and not owned.add(n)]
            if depth >= 3:
                total += depth
    return total


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_manifest_sizes_grades_and_effort_never_step_back(tmp_path, seed):
    target, listing = tmp_path / "book.pdf", tmp_path / "book.json"
    assert main(["book", "--lang", "en", "--count", "30", "--seed", str(seed), "--manifest", str(listing),
                 "-o", str(target)]) == 0
    data = json.loads(listing.read_text("utf-8"))
    mazes = data["mazes"]
    assert [m["number"] for m in mazes] == list(range(1, 31))
    sides = [(m["maze"]["width"], m["maze"]["height"]) for m in mazes]
    ranks = [("easy", "medium", "hard").index(m["grade"]) for m in mazes]
    assert sides == sorted(sides) and ranks == sorted(ranks) and set(ranks) == {0, 1, 2}
    assert ranks.count(0) > ranks.count(1) > ranks.count(2)  # a gentle ramp: many easy wins first
    judged = [_judged_effort(m["maze"]) for m in mazes]
    by_grade = [[e for e, r in zip(judged, ranks) if r == g] for g in range(3)]
    assert max(by_grade[0]) < min(by_grade[1]) and max(by_grade[1]) < min(by_grade[2])
    assert [m["effort"] for m in mazes] == judged
    # the maze itself, as meiro.save writes it, remade from its recipe
    first = from_json(json.dumps(mazes[0]["maze"]))
    recipe = mazes[0]["recipe"]
    assert first == meiro.generate(recipe["width"], recipe["height"], algorithm=recipe["algorithm"],
                                   seed=recipe["seed"], goal=recipe["goal"])
    assert mazes[0]["page"] == 2 and mazes[-1]["page"] == 16 and mazes[-1]["answer_page"] - 16 <= 5


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="needs qpdf")
def test_trim_size_and_bleed_set_the_boxes(tmp_path):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "en", "--count", "3", "--seed", "1", "--paper", "8.5x11in",
                 "--bleed", "0.125in", "-o", str(target)]) == 0
    data = target.read_bytes()
    assert b"/MediaBox [0 0 630 810]" in data and b"/TrimBox [9 9 621 801]" in data
    assert b"/BleedBox [0 0 630 810]" in data
    assert subprocess.run(["qpdf", "--check", str(target)], capture_output=True).returncode == 0


@needs_japanese_font
def test_a_character_is_carved_at_a_size_it_reads_at():
    from meiro.generators.shapes import _text_topology, legible_text_side

    side = legible_text_side("迷")
    assert 16 <= side <= 40
    reference = _text_topology("迷", 64, None)
    assert _text_topology("迷", side, None)[:2] == reference[:2]
    assert _text_topology("迷", 10, None) != reference  # at 10 cells 迷 is a blot
    book = plan_book(3, seed=1, mask_for=lambda w, h: shape_mask("text", w, h, text="迷"), smallest=side)
    assert all(min(b.maze.width, b.maze.height) >= side for b in book)


def test_pairs_put_an_easier_and_a_harder_maze_on_each_page(tmp_path):
    target, listing = tmp_path / "book.pdf", tmp_path / "book.json"
    assert main(["book", "--lang", "en", "--count", "8", "--seed", "2", "--pairs", "--manifest", str(listing),
                 "-o", str(target)]) == 0
    mazes = json.loads(listing.read_text("utf-8"))["mazes"]
    pages = [mazes[i:i + 2] for i in range(0, 8, 2)]
    assert all(a["page"] == b["page"] and a["effort"] < b["effort"] for a, b in pages)
    assert len({a["page"] for a, _ in pages}) == 4


@needs_poppler
def test_english_question_pages_say_what_to_do_and_no_programmer_words(tmp_path):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "en", "--count", "4", "--seed", "6", "-o", str(target)]) == 0
    for page in (2, 3):
        text = pdftotext(target, page)
        assert "Find the way from start to goal" in text and "start" in text and "goal" in text
        assert "seed" not in text and "dig" not in text and "kruskal" not in text
    cover = pdftotext(target, 1)
    assert "meiro" not in cover and "easy to hard" in cover and "The answers start on page 5" in cover
    assert "seed" in pdftotext(target, 5)  # small, on the answer keys


# --- an age band: grades and sizes a parent picks a book by ----------------------------------------


def _book_manifest(tmp_path, name, *argv):
    target, listing = tmp_path / f"{name}.pdf", tmp_path / f"{name}.json"
    assert main(["book", "--lang", "en", "--count", "12", "--seed", "3", "--manifest", str(listing),
                 "-o", str(target), *argv]) == 0
    return json.loads(listing.read_text("utf-8")), target


def test_ages_change_the_grades_and_sizes_printed(tmp_path):
    books = {ages: _book_manifest(tmp_path, ages.replace("+", "up"), "--ages", ages)[0]
             for ages in ("4-6", "10+")}
    default, _ = _book_manifest(tmp_path, "default")
    grades = {ages: [m["grade"] for m in data["mazes"]] for ages, data in books.items()}
    sides = {ages: [m["maze"]["width"] for m in data["mazes"]] for ages, data in books.items()}
    assert books["4-6"]["ages"] == "4-6" and default["ages"] is None
    # 4 to 6: mostly easy, no hard, small; 10 and up: mostly hard, larger than the default book
    assert "hard" not in grades["4-6"] and grades["4-6"].count("easy") > grades["4-6"].count("medium")
    assert max(sides["4-6"]) <= 12 and min(sides["4-6"]) == 5
    assert grades["10+"].count("hard") > grades["10+"].count("medium") > grades["10+"].count("easy") >= 1
    assert max(sides["10+"]) > max(m["maze"]["width"] for m in default["mazes"])
    for ages in books:  # a band's book still never steps back
        ranks = [("easy", "medium", "hard").index(g) for g in grades[ages]]
        assert ranks == sorted(ranks) and sides[ages] == sorted(sides[ages])


@needs_poppler
def test_the_cover_names_the_ages(tmp_path):
    _, target = _book_manifest(tmp_path, "young", "--ages", "6-8")
    assert "for ages 6 to 8" in pdftotext(target, 1)


@pytest.mark.parametrize("argv,message", [
    (["--ages", "3-5"], "invalid choice: '3-5'"),
    (["--ages", "10+", "--ramp", "steep"], "not allowed with argument"),
])
def test_bad_ages_are_one_line_and_no_file(tmp_path, capsys, argv, message):
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", "en", "--count", "2", "-o", str(target), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not target.exists()


def _word_boxes(path, page):
    """Each word pdftotext finds on a page, with its box (left, top, right, bottom) in points."""
    import re

    html = subprocess.run([PDFTOTEXT, "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                          capture_output=True, text=True, check=True, timeout=60).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [(m[5], tuple(float(v) for v in m.groups()[:4])) for m in re.finditer(pattern, html)]


@needs_poppler
@pytest.mark.parametrize("lang,per_page", [("en", 2), ("en", 12), ("ja", 2)])
def test_no_words_on_a_childs_page_touch(tmp_path, lang, per_page):
    if lang == "ja" and japanese_font() is None:
        pytest.skip("no Japanese font installed (fonts-noto-cjk)")
    target = tmp_path / "book.pdf"
    assert main(["book", "--lang", lang, "--count", "12", "--seed", "1", "--per-page", str(per_page),
                 "-o", str(target)]) == 0
    for page in (2,) if per_page == 12 else (2, 5):  # mazes with their start at the top, and a goal inside
        boxes = _word_boxes(target, page)
        assert len(boxes) > 6
        for i, (a, (l1, t1, r1, b1)) in enumerate(boxes):
            for b, (l2, t2, r2, b2) in boxes[i + 1:]:
                # one above the other: at least a point of paper between them
                crowded = min(r1, r2) - max(l1, l2) > 0.5 and min(b1, b2) - max(t1, t2) > -1.0
                assert not crowded, f"{a!r} and {b!r} touch on page {page}"


def test_ages_set_the_mix_of_a_grid_kinds_book(tmp_path):
    data, _ = _book_manifest(tmp_path, "theta", "--grid", "theta", "--ages", "4-6")
    grades = [m["grade"] for m in data["mazes"]]
    assert "hard" not in grades and grades.count("easy") > grades.count("medium") > 0

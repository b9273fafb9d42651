"""Printed sheets and booklets of the grid kinds (``--grid theta/hex/triangle/weave/3d``): the files
pass qpdf's check and render with poppler, the drawn walls are the maze's walls, the answer is
the maze's one path (found here by a breadth-first search of our own), the Japanese font is
embedded, and bad combinations are one line, exit status 2, no file."""

import shutil
import subprocess
from collections import deque

import numpy as np
import pytest

import meiro
from meiro.cli import main
from meiro.errors import MazeError
from meiro.render.book import MIN_CELL, kind_box, render_book, slots
from meiro.render.kind_booklet import plan_kind_book
from meiro.render.palette import Palette
from meiro.render.pdf_kinds import draw_kind_maze, kind_frame
from meiro.text import fonts

PDFTOPPM, QPDF, PDFFONTS = (shutil.which(t) for t in ("pdftoppm", "qpdf", "pdffonts"))
needs_poppler = pytest.mark.skipif(PDFTOPPM is None or PDFFONTS is None,
                                   reason="poppler-utils (pdftoppm, pdffonts) is not installed")
needs_qpdf = pytest.mark.skipif(QPDF is None, reason="qpdf is not installed")


def japanese_font():
    try:
        return fonts.find_font("めいろ スタート ゴール こたえ 円形 六角形 のぼる")
    except MazeError:
        return None


needs_japanese_font = pytest.mark.skipif(japanese_font() is None,
                                         reason="no Japanese font installed (fonts-noto-cjk)")
ANSWER = np.array(Palette().answer)
DPI = 150


def bfs_path(maze):
    """The start-to-goal path through the open passages, by a plain breadth-first search."""
    around = {c: [] for c in range(maze.cells)}
    for (a, b), is_open in zip(maze.geometry.edges.tolist(), maze.passages.tolist()):
        if is_open:
            around[a].append(b)
            around[b].append(a)
    before = {maze.start: None}
    queue = deque([maze.start])
    while queue:
        cell = queue.popleft()
        for nxt in around[cell]:
            if nxt not in before:
                before[nxt] = cell
                queue.append(nxt)
    path, cell = [], maze.goal
    while cell is not None:
        path.append(cell)
        cell = before[cell]
    return path[::-1]


def rasterize(path, page, tmp_path):
    from PIL import Image

    prefix = tmp_path / f"p{page}"
    subprocess.run([PDFTOPPM, "-r", str(DPI), "-f", str(page), "-l", str(page), str(path), str(prefix)],
                   check=True, capture_output=True, timeout=120)
    (picture,) = tmp_path.glob(f"p{page}-*.ppm")
    return np.asarray(Image.open(picture).convert("RGB")).astype(int)


def window(img, point, half=2):
    x, y = round(point[0] * DPI / 72), round(point[1] * DPI / 72)
    return img[y - half:y + half + 1, x - half:x + half + 1].reshape(-1, 3)


def is_answer(pixels):
    # (red start mark blended with white is at least 36 away from it in red)
    return bool((np.abs(pixels - ANSWER).max(axis=1) < 25).any())


def frames(book, paper, per_page, page):
    """Each maze's frame on ``page`` of a booklet, as render_book lays it out."""
    return [kind_frame(e.maze.geometry, *(lambda b: (b.x, b.y, b.w, b.h))(kind_box(slot)))
            for e, slot in zip(book, slots(paper, per_page, page))]


# --- the drawing is the maze ------------------------------------------------------------------


@needs_poppler
@pytest.mark.parametrize("kind,keys", [("theta", None), ("hex", None), ("triangle", None), ("theta", 6),
                                       ("hex", 6)])
def test_walls_where_passages_are_closed_and_the_answer_on_the_answer_page_only(tmp_path, kind, keys):
    book = plan_kind_book(kind, 2, seed=11)
    target = tmp_path / "book.pdf"
    target.write_bytes(render_book(book, lang="en", per_page=2, paper="a4", keys_per_page=keys))
    question, answer = rasterize(target, 2, tmp_path), rasterize(target, 3, tmp_path)  # cover, mazes, answers
    # (the binding margin is on the left of odd pages, on the right of even ones); the answers
    # full size or as small keys
    answer_frames = frames(book, "a4", keys or 2, 3)
    for entry, frame, answer_frame in zip(book, frames(book, "a4", 2, 2), answer_frames):
        maze, g = entry.maze, entry.maze.geometry
        # every inner wall's middle: ink exactly when the pair is closed
        inked = []
        for middle, is_open in zip(g.wall_middles.tolist(), maze.passages.tolist()):
            pixels = window(question, frame.at(*middle[:2]), half=1)
            inked.append(bool((pixels.max(axis=1) < 150).any()))
            if is_open:
                assert bool((pixels.min(axis=1) > 200).all()), (kind, middle)
        assert inked == [not p for p in maze.passages.tolist()]
        # the answer colour on every cell of the path on the answer page, nowhere on the question
        path = bfs_path(maze)
        on_path = set(path)
        for cell in range(maze.cells):
            centre, on_answer = frame.at(*g.centres[cell, :2]), answer_frame.at(*g.centres[cell, :2])
            if cell in (maze.start, maze.goal):
                continue  # under the start and goal marks
            assert is_answer(window(answer, on_answer, half=1)) == (cell in on_path), (kind, cell)
            assert not is_answer(window(question, centre, half=1))
        # legible: neighbouring centres across a wall at least MIN_CELL apart on paper
        a, b = g.edges[:, 0], g.edges[:, 1]
        steps = np.hypot(*(g.centres[a, :2] - g.centres[b, :2]).T)
        assert steps.min() * frame.unit >= MIN_CELL - 1e-6


def test_answer_path_is_the_one_path_of_the_tree():
    from meiro.render.pdf_kinds import answer_path

    for kind, size in [("theta", (7,)), ("hex", (9, 6)), ("triangle", (12, 6)), ("weave", (9, 9)),
                       ("3d", (4, 4, 3))]:
        for seed in range(3):
            maze = (meiro.generate(size[0], grid=kind, seed=seed, goal="farthest") if kind == "theta" else
                    meiro.generate(size[0], size[1], grid=kind, seed=seed, goal="farthest",
                                   layers=size[2] if kind == "3d" else 1))
            assert answer_path(maze).tolist() == bfs_path(maze)


def test_a_maze_without_a_way_to_its_goal_has_no_answer():
    from meiro.render.pdf_kinds import answer_path

    maze = meiro.generate(6, 6, grid="hex", seed=2)
    cut = maze.passages.copy()
    goal_edges = np.flatnonzero((maze.geometry.edges == maze.goal).any(axis=1))
    cut[goal_edges] = False
    assert answer_path(maze.edited(cut)) is None


# --- booklets and sheets from the command line ----------------------------------------------


@needs_poppler
@needs_qpdf
@needs_japanese_font
@pytest.mark.parametrize("kind", ["theta", "hex"])
def test_book_passes_qpdf_renders_and_embeds_the_japanese_font(tmp_path, kind):
    target = tmp_path / "book.pdf"
    assert main(["book", "--grid", kind, "--lang", "ja", "--count", "4", "--seed", "5",
                 "-o", str(target)]) == 0
    check = subprocess.run([QPDF, "--check", str(target)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    listed = subprocess.run([PDFFONTS, str(target)], capture_output=True, text=True, check=True,
                            timeout=60).stdout.splitlines()
    embedded = [line for line in listed[2:] if "CID" in line]
    assert embedded and all(line.split()[-5] == "yes" for line in embedded)  # the "emb" column
    subprocess.run([PDFTOPPM, "-r", "30", "-png", str(target), str(tmp_path / "page")], check=True,
                   capture_output=True, timeout=120)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 5  # cover, 2 maze pages, 1 blank, 1 page of answer keys
    text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True).stdout
    assert "こたえ" in text and "かんたん" in text and {"theta": "円形", "hex": "六角形"}[kind] in text
    assert "こたえは 5 ページから" in text  # the cover says where the answers are
    # the paths on the answer page only
    question, answer = rasterize(target, 2, tmp_path), rasterize(target, 5, tmp_path)
    assert is_answer(answer.reshape(-1, 3))
    assert not is_answer(question.reshape(-1, 3)[::7])


@needs_qpdf
@pytest.mark.parametrize("kind,size", [("triangle", "16x8"), ("weave", "9x9"), ("3d", "4x4x3"),
                                       ("theta", "6"), ("hex", "8x8")])
def test_sheet_of_every_kind_passes_qpdf(tmp_path, kind, size):
    target = tmp_path / "sheet.pdf"
    assert main(["sheet", "--grid", kind, "--size", size, "--lang", "en", "--count", "3", "--seed", "2",
                 "-o", str(target)]) == 0
    check = subprocess.run([QPDF, "--check", str(target)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    data = target.read_bytes()
    assert data.count(b"/Type /Page ") == 2
    again = tmp_path / "again.pdf"
    assert main(["sheet", "--grid", kind, "--size", size, "--lang", "en", "--count", "3", "--seed", "2",
                 "-o", str(again)]) == 0
    assert again.read_bytes() == data  # same seed, same bytes


def test_theta_arcs_are_curves_not_polylines():
    from meiro.render.pdf import PdfCanvas

    pdf = PdfCanvas(400, 400)
    pdf.new_page()
    maze = meiro.generate(5, grid="theta", seed=1)
    draw_kind_maze(pdf, maze, kind_frame(maze.geometry, 10, 10, 380, 380), Palette())
    ops = "\n".join(pdf.ops)
    arcs = int((~maze.passages & (maze.geometry.walls[:, 4] > 0)).sum()) + len(maze.geometry.border)
    assert ops.count(" c") >= arcs > 0


@pytest.mark.parametrize("paper,per_page", [("b5", 4), ("a5", 2)])
def test_a_grown_booklet_stays_legible_on_small_paper(paper, per_page):
    from meiro.render.book import kind_fits
    from meiro.kinds import geometry_of

    book = plan_kind_book("theta", 6, seed=3, fits=lambda s: kind_fits(geometry_of("theta", s), paper, per_page))
    assert all(kind_fits(e.maze.geometry, paper, per_page) for e in book)
    assert [e.grade for e in book] == sorted((e.grade for e in book), key=["easy", "medium", "hard"].index)


# --- bad input: one line, exit status 2, nothing written -----------------------------------


@pytest.mark.parametrize("argv,message", [
    (["book", "--grid", "hex", "-a", "eller"], "eller does not make hex mazes"),
    (["book", "--grid", "theta", "-a", "eller"], "does not make theta mazes"),
    (["book", "--grid", "theta", "--size", "3x4"], "one number, its rings"),
    (["book", "--grid", "theta", "--size", "40"], "too large to stay legible"),
    (["book", "--grid", "theta", "--shape", "heart"], "carve square, hex and triangle mazes only"),
    (["book", "--grid", "triangle", "--shape-text", "迷"], "use --shape"),
    (["book", "--size", "4x4x3"], "three numbers is for --grid 3d"),
    (["book", "--grid", "round"], "invalid choice"),
    (["sheet", "--grid", "theta", "--size", "3x4"], "one number, its rings"),
    (["sheet", "--grid", "3d", "--size", "5x5"], "three numbers"),
    (["sheet", "--grid", "hex", "--blocks", "21x21"], "--blocks counts a square maze's blocks"),
    (["sheet", "--grid", "theta", "--size", "150"], "too big to print legibly"),
    (["sheet", "--grid", "weave", "-a", "sidewinder"], "does not make weave mazes"),
])
def test_bad_combinations_are_one_line_and_no_file(tmp_path, capsys, argv, message):
    target = tmp_path / "out.pdf"
    assert main([*argv, "--lang", "en", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    assert not target.exists()


@needs_qpdf
@pytest.mark.parametrize("size", ["1x1", "1x1x1"])
def test_a_one_cell_maze_prints(tmp_path, size):
    target = tmp_path / "book.pdf"
    grid = "3d" if size.count("x") == 2 else "hex"
    assert main(["book", "--grid", grid, "--size", size, "--count", "1", "--lang", "en", "--seed", "1",
                 "-o", str(target)]) == 0
    assert subprocess.run([QPDF, "--check", str(target)], capture_output=True, timeout=60).returncode == 0


@needs_poppler
def test_a_hex_booklet_cut_to_a_heart_draws_the_heart_in_the_middle_of_its_slot(tmp_path):
    from meiro.generators.shapes import shape_mask

    book = plan_kind_book("hex", 2, seed=4, mask_for=lambda w, h: shape_mask("heart", w, h))
    assert all(e.maze.cells < e.maze.size[0] * e.maze.size[1] for e in book)  # cut to the shape
    target = tmp_path / "book.pdf"
    target.write_bytes(render_book(book, lang="en", per_page=2, paper="a4"))
    page = rasterize(target, 2, tmp_path)
    for entry, frame, slot in zip(book, frames(book, "a4", 2, 2), slots("a4", 2, 2)):
        g = entry.maze.geometry
        xs = [frame.at(*c)[0] for c in g.centres[:, :2]]
        ys = [frame.at(*c)[1] for c in g.centres[:, :2]]
        box = kind_box(slot)
        assert box.x <= min(xs) and max(xs) <= box.x + box.w and box.y <= min(ys) and max(ys) <= box.y + box.h
        # centred across the slot: as much room on the left of the drawing as on its right
        ink = np.flatnonzero((page[round(box.y * DPI / 72):round((box.y + box.h) * DPI / 72)].min(axis=2)
                              < 100).any(axis=0)) * 72 / DPI
        inside = ink[(ink > box.x - 1) & (ink < box.x + box.w + 1)]
        assert abs((inside.min() - box.x) - (box.x + box.w - inside.max())) < 0.06 * box.w


def _draw_alone(maze, tmp_path, path=None):
    """``maze`` alone on an A4 page (its frame and the page rasterized)."""
    from meiro.render.pdf import PdfCanvas

    pdf = PdfCanvas(595.28, 841.89)
    pdf.new_page()
    frame = kind_frame(maze.geometry, 40, 60, 515, 700)
    draw_kind_maze(pdf, maze, frame, Palette(), path)
    target = tmp_path / "alone.pdf"
    target.write_bytes(pdf.tobytes())
    return frame, rasterize(target, 1, tmp_path)


@needs_poppler
def test_a_weave_answer_goes_under_its_bridges_and_over_them(tmp_path):
    for seed in range(20):  # a maze whose answer takes a tunnel
        maze = meiro.generate(10, 10, grid="weave", seed=seed, goal="farthest")
        path = bfs_path(maze)
        steps = list(zip(path, path[1:]))
        crossings = {int(c): int(o) for c, o in maze.geometry.extra["crossings"]}
        # a tunnel's two ends (under a crossing the path does not also go over)
        under = [(a, b) for a, b in steps if abs(a - b) in (2, 20) and (a + b) // 2 not in path]
        over = [c for c in path[1:-1] if c in crossings]
        if under and over:
            break
    frame, img = _draw_alone(maze, tmp_path, path)
    for a, b in under:
        middle = (a + b) // 2  # the crossing cell the tunnel runs under
        x, y = maze.geometry.centres[middle]
        assert not is_answer(window(img, frame.at(x, y), half=1))  # hidden under the bridge
        for end in (a, b):
            assert is_answer(window(img, frame.at(*maze.geometry.centres[end]), half=1))
    for cell in over:  # the path over a bridge is seen on it
        assert is_answer(window(img, frame.at(*maze.geometry.centres[cell]), half=1))


@needs_poppler
def test_3d_stairs_are_marked_where_they_are_open(tmp_path):
    from meiro.render.pdf_kinds import STAIRS

    maze = meiro.generate(4, 4, grid="3d", layers=3, seed=7)
    g = maze.geometry
    frame, img = _draw_alone(maze, tmp_path)

    def marked(cell, dx):
        x, y, z = g.centres[cell]
        pixels = window(img, frame.at(x + dx, y, z), half=1)
        return bool((np.abs(pixels - np.array(STAIRS)).max(axis=1) < 30).any())

    per = 16
    for lower in range(per * 2):
        upper = lower + per
        is_open = bool(maze.passages[g.edge_between(lower, upper)])
        assert marked(lower, -0.22) == is_open and marked(upper, 0.22) == is_open, (lower, upper)


@needs_poppler
def test_a_round_maze_opens_its_rim_at_its_goal_only(tmp_path):
    maze = meiro.generate(5, grid="theta", seed=3)  # the goal on the rim, below the centre
    g = maze.geometry
    frame, img = _draw_alone(maze, tmp_path)
    hx, hy = g.hub
    for (x0, y0, x1, y1, r), owner in zip(g.border.tolist(), g.border_cells.tolist()):
        # the arc's middle: halfway round between its ends, on the rim
        mid = np.arctan2(y0 - hy, x0 - hx) + (np.arctan2(y1 - hy, x1 - hx) - np.arctan2(y0 - hy, x0 - hx)) % (2 * np.pi) / 2
        pixels = window(img, frame.at(hx + r * np.cos(mid), hy + r * np.sin(mid)), half=1)
        assert bool((pixels.max(axis=1) < 150).any()) == (owner != maze.goal), owner


def test_render_file_prints_a_grid_kind_maze_and_refuses_one_too_big():
    from meiro.render import render_file

    data = render_file(meiro.generate(5, grid="theta", seed=1), "m.pdf")
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page ") == 2  # the maze, its answer
    with pytest.raises(MazeError, match="too big to print legibly"):
        render_file(meiro.generate(120, grid="theta", seed=1), "m.pdf")

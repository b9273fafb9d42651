"""``meiro animate`` in a pseudo-terminal: in-place redraw, the final picture, a clean exit."""

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import meiro

pexpect = pytest.importorskip("pexpect")

SRC = str(Path(__file__).resolve().parents[1] / "src")
CSI = re.compile(r"\x1b\[(\??)(\d*(?:;\d+)*)([A-Za-z])")


def spawn(args, lines=40, columns=100, **env):
    # (■ two columns wide unless a test says otherwise: this Terminal does not answer ESC [6n)
    environment = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": SRC, "TERM": "xterm",
                   "PYTHONIOENCODING": "utf-8", "MEIRO_AMBIGUOUS": "wide", **env}
    if "NUMBA_CACHE_DIR" in os.environ:
        environment["NUMBA_CACHE_DIR"] = os.environ["NUMBA_CACHE_DIR"]
    return pexpect.spawn(sys.executable, ["-m", "meiro", "animate", *args], env=environment,
                         dimensions=(lines, columns), encoding="utf-8", timeout=60)


class Terminal:
    """Just enough of a VT100 to replay what animate writes: text, CR, LF and cursor moves."""

    def __init__(self):
        self.cells = {}
        self.row = self.col = 0
        self.cursor_visible = True
        self.attributes = "0"

    def feed(self, text: str) -> None:
        pos = 0
        while pos < len(text):
            match = CSI.match(text, pos)
            if match:
                private, params, final = match.groups()
                n = int(params) if params.isdigit() else 1
                if private and params == "25":
                    self.cursor_visible = final == "h"
                elif final == "A":
                    self.row -= n
                elif final == "B":
                    self.row += n
                elif final == "G":
                    self.col = n - 1
                elif final == "m":
                    self.attributes = params or "0"
                elif final == "K":  # erase to the line's end (the first run's "preparing..." notice)
                    for key in [k for k in self.cells if k[0] == self.row and k[1] >= self.col]:
                        del self.cells[key]
                else:
                    raise AssertionError(f"unexpected escape {match.group()!r}")
                assert self.row >= 0, "the cursor left the drawing upwards"
                pos = match.end()
                continue
            ch = text[pos]
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row += 1
            else:
                self.cells[self.row, self.col] = ch
                self.col += 1
            pos += 1

    def line(self, row: int, step: int = 1) -> str:
        width = max(c for r, c in self.cells if r == row) + 1
        return "".join(self.cells.get((row, c), " ") for c in range(0, width, step))


def run_to_end(child) -> str:
    child.expect(pexpect.EOF)
    child.close()
    return child.before


def test_dig_redraws_in_place_and_ends_on_the_maze():
    m = meiro.generate(9, 6, seed=4, goal="farthest")
    out = run_to_end(spawn(["--size", "9x6", "--seed", "4", "--speed", "3000"]))
    rows = m.grid.shape[0]
    # the drawing scrolls down exactly once: rows-1 line feeds, one to leave it, one after the
    # legend, one after the status
    assert out.count("\n") == rows + 2
    assert re.search(r"\x1b\[\d+A", out), "no cursor-up moves: the maze was reprinted, not redrawn"
    screen = Terminal()
    screen.feed(out)
    expected = meiro.render_text(m, style="block").splitlines()
    assert [screen.line(r, step=2) for r in range(rows)] == expected
    assert screen.line(rows).startswith("■wall  ◎start  △goal")
    assert screen.line(rows + 1).startswith(f"9x6 dig seed 4: {len(m.carve_order)} blocks dug")
    assert screen.cursor_visible and screen.attributes == "0"


def test_solve_animates_the_search_and_draws_the_path():
    m = meiro.generate(8, 5, seed=2, goal="farthest")
    solution = meiro.solve(m, "astar")
    out = run_to_end(spawn(["--size", "8x5", "--seed", "2", "--speed", "5000", "--solve", "astar"]))
    screen = Terminal()
    screen.feed(out)
    drawn = [screen.line(r, step=2) for r in range(m.grid.shape[0])]
    for r, c in solution.path[1:-1]:
        assert drawn[r][c] == "●"
    assert drawn[m.start[0]][m.start[1]] == "◎" and drawn[m.goal[0]][m.goal[1]] == "△"
    assert f"path {solution.length} steps" in out


def test_default_size_fits_the_terminal_and_narrow_ascii_terminals_get_the_hash_look():
    out = run_to_end(spawn(["--seed", "1", "--speed", "100000"], lines=24, columns=80))
    assert "19x10 dig seed 1" in out
    out = run_to_end(spawn(["--size", "10x5", "--seed", "1", "--speed", "100000"], columns=30,
                           PYTHONIOENCODING="ascii"))
    screen = Terminal()
    screen.feed(out)
    assert screen.line(0) == "#" * 21  # the compact look: one column per block
    assert "■" not in out


def test_no_color_and_too_small_terminals():
    out = run_to_end(spawn(["--size", "6x4", "--seed", "1", "--speed", "100000"], NO_COLOR="1"))
    assert not re.search(r"\x1b\[(?!0m)[\d;]*m", out), "colour codes despite NO_COLOR"
    child = spawn(["--size", "60x60", "--seed", "1"], lines=24, columns=80)
    out = run_to_end(child)
    assert child.exitstatus == 2 and "choose a smaller --size" in out and "Traceback" not in out


def test_ctrl_c_leaves_the_terminal_clean():
    child = spawn(["--size", "20x20", "--seed", "4", "--speed", "20"], lines=50)
    child.expect("■")
    time.sleep(0.5)
    child.sendintr()
    out = child.before + child.after + run_to_end(child)
    assert child.exitstatus == 130
    assert "^C" not in out, "the interrupt was echoed into the drawing"
    assert not re.findall(r"\x1b(?!\[\??[\d;]*[A-Za-z])", out), "a cut escape sequence"
    screen = Terminal()
    screen.feed(out)
    assert screen.cursor_visible and screen.attributes == "0"
    assert screen.row >= 41, "the prompt would land inside the maze"


def test_piped_output_is_plain_text():
    m = meiro.generate(7, 4, seed=3, goal="farthest")
    result = subprocess.run([sys.executable, "-m", "meiro", "animate", "--size", "7x4", "--seed", "3"],
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": SRC},
                            timeout=60)
    assert result.returncode == 0 and "\x1b" not in result.stdout
    assert result.stdout.splitlines()[:-1] == meiro.render_text(m).splitlines()


def test_shrinking_the_terminal_stops_cleanly():
    child = spawn(["--size", "20x20", "--seed", "4", "--speed", "20"], lines=50)
    child.expect("■")
    child.setwinsize(20, 60)
    out = child.before + child.after + run_to_end(child)
    assert child.exitstatus == 2 and "the terminal became too small" in out
    screen = Terminal()
    screen.feed(out[:out.index("meiro: error")])
    assert screen.cursor_visible and screen.attributes == "0"


def test_the_legend_and_closing_line_speak_japanese():
    m = meiro.generate(6, 4, seed=3, goal="farthest")  # animate's default goal
    solution = meiro.solve(m, "bfs")
    out = run_to_end(spawn(["--size", "6x4", "--seed", "3", "--speed", "5000", "--solve", "bfs",
                            "--lang", "ja"]))
    screen = Terminal()
    screen.feed(out)
    rows = m.grid.shape[0]
    assert screen.line(rows).startswith("■壁  ◎スタート  △ゴール  ・調べた  ○調べる候補  ●答えの道")
    assert screen.line(rows + 1).startswith(
        f"6x4 穴掘り法 シード 3: {len(m.carve_order)}ブロックを掘りました。幅優先探索: "
        f"{solution.expanded}か所を調べ、道のりは{solution.length}歩")


def test_at_80x24_where_a_square_is_one_column_the_walls_are_solid_and_all_fits():
    m = meiro.generate(19, 10, seed=1, goal="farthest")
    out = run_to_end(spawn(["--seed", "1", "--speed", "100000"], lines=24, columns=80,
                           MEIRO_AMBIGUOUS="narrow"))
    rows = m.grid.shape[0]
    # the final frame, the legend and the closing line, and the cursor's line: 24 lines, so the
    # top wall stays on screen
    assert out.count("\n") == rows + 2 and rows + 3 <= 24
    screen = Terminal()
    screen.feed(out)
    top, bottom = screen.line(0), screen.line(rows - 1)
    assert top == bottom == "■" * (2 * m.grid.shape[1])  # ■■ a block: no "■ ■ ■" gaps
    assert screen.line(rows).startswith("■■wall  ◎ start  △ goal")
    # ◎ and △ are there from the first frame, before any block was redrawn in place
    first = out[:re.search(r"\x1b\[\d+A", out).start()]
    assert "◎" in first and "△" in first

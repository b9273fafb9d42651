"""``meiro play --terminal`` for real, in a pseudo-terminal read back through a terminal emulator (pyte)."""

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.game import KEYMAP, Direction, Move, Quit, ShowAnswer, Skip, StartStop

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")
curses = pytest.importorskip("curses")

SRC = str(Path(__file__).resolve().parents[1] / "src")
HEADER = 2
STEP_KEYS = {  # arrows as xterm sends them in keypad mode, WASD, hjkl
    (-1, 0): ["\x1bOA", "w", "k"], (1, 0): ["\x1bOB", "s", "j"],
    (0, -1): ["\x1bOD", "a", "h"], (0, 1): ["\x1bOC", "d", "l"],
}


class Screen(pyte.Screen):
    """pyte's screen plus REP (CSI n b: repeat the last character), which ncurses uses on xterm."""

    last = " "

    def draw(self, data: str) -> None:
        super().draw(data)
        if data:
            self.last = data[-1]

    def repeat_last(self, count=1, *rest, **kw) -> None:
        self.draw(self.last * max(1, count))


class Stream(pyte.ByteStream):
    csi = {**pyte.ByteStream.csi, "b": "repeat_last"}


class Game:
    """The game in a pseudo-terminal, its output fed to an emulated screen."""

    def __init__(self, tmp_path, args, lines=30, columns=90, shell_after=None, ignore_hangup=False, **env):
        # compiled kernels from the start (MEIRO_JIT=1), as a player's warm numba cache gives: these
        # tests time the game's answers to keys, which a first run's warm-up (tests/test_first_run.py)
        # would slow on a busy machine
        environment = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": SRC,
                       "TERM": "xterm-256color", "LANG": "C.UTF-8", "XDG_DATA_HOME": str(tmp_path),
                       "HOME": str(tmp_path), "MEIRO_JIT": "1", **env}
        if "NUMBA_CACHE_DIR" in os.environ:
            environment["NUMBA_CACHE_DIR"] = os.environ["NUMBA_CACHE_DIR"]
        command = [sys.executable, "-m", "meiro", "play", "--terminal", *args]
        if shell_after:  # run a command in the same terminal after the game (to read its modes)
            # the shell traps (rather than ignores) SIGINT, so the game still gets Ctrl-C
            script = "trap true INT; " + " ".join(command) + "; echo status=$?; " + shell_after
            program, argv = "/bin/sh", ["-c", script]
        else:
            program, argv = command[0], command[1:]
        self.child = pexpect.spawn(program, argv, env=environment, cwd=str(tmp_path),
                                   dimensions=(lines, columns), timeout=20,
                                   preexec_fn=(lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
                                   if ignore_hangup else None)
        self.screen = Screen(columns, lines)
        self.stream = Stream(self.screen)
        self.raw = b""

    def pump(self, seconds=0.05) -> bool:
        """Feed what the program wrote within ``seconds``; False once it has exited."""
        end = time.monotonic() + seconds
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=max(0.0, end - time.monotonic()))
            except pexpect.TIMEOUT:
                return True
            except pexpect.EOF:
                return False
            self.raw += data
            self.stream.feed(data)

    def wait_for(self, predicate, timeout=15.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            alive = self.pump()
            if predicate():
                return
            if not alive:
                break
        raise AssertionError("never happened; the screen was:\n" + "\n".join(self.screen.display))

    def wait_text(self, text, timeout=15.0):
        self.wait_for(lambda: any(text in line for line in self.screen.display), timeout)

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def header(self) -> str:
        return self.screen.display[0]

    def finish(self, timeout=60.0) -> int:
        end = time.monotonic() + timeout
        while self.pump(0.2):
            if time.monotonic() > end:  # a game that never ends fails its test, never hangs the suite
                self.child.close(force=True)
                raise AssertionError("the game never ended; the screen was:\n" + "\n".join(self.screen.display))
        self.child.close()
        return self.child.exitstatus

    def finish_in_shell(self) -> int:
        """Run to the end under ``shell_after="stty -a"``: the game's exit status, after
        checking that it left the terminal in its normal (cooked, echoing) modes."""
        self.finish()
        after = self.raw[self.raw.rindex(b"status="):].decode()
        assert re.search(r"(?<!-)icanon", after) and re.search(r"(?<!-)\becho\b", after), after
        assert b"Traceback" not in self.raw
        return int(re.match(r"status=(\d+)", after).group(1))

    def block(self, y: int, x: int):
        """The two cells of the block drawn at screen line ``y``, block column ``x``."""
        return self.screen.buffer[y][2 * x], self.screen.buffer[y][2 * x + 1]


def maze_origin(game, maze):
    """(line, block column) where the maze's first block is drawn, when it fits the terminal."""
    return HEADER, (game.screen.columns // 2 - maze.shape[1]) // 2


def find_player(game):
    for y, line in enumerate(game.screen.display[HEADER:], start=HEADER):
        x = line.find("@")
        if x >= 0:
            return y, x
    return None


def counters(game):
    found = dict(re.findall(r"(Moves|Steps|Fewest moves) (\d+)", game.header()))
    return {name: int(value) for name, value in found.items()}


def ready(game, args, **kw):
    """Start a plain (NO_COLOR) English game and skip the digging."""
    game = Game(game, ["--lang", "en", *args], NO_COLOR="1", **kw)
    game.wait_text("Digging")
    game.send(" ")
    game.wait_text("Fewest moves")
    return game


def keys_for(path, start=0, family=None):
    keys = []
    for i, (a, b) in enumerate(zip(path[start:-1], path[start + 1:])):
        options = STEP_KEYS[(int(b[0] - a[0]), int(b[1] - a[1]))]
        keys.append(options[i % 3 if family is None else family])
    return keys


def test_the_maze_is_drawn_and_the_keys_move_the_player(tmp_path):
    maze = meiro.generate(8, 6, seed=7, algorithm="dig", goal="corner")
    path = meiro.solve(maze).path
    game = ready(tmp_path, ["--size", "8x6", "--seed", "7", "--algorithm", "dig", "--goal", "corner"])
    assert counters(game) == {"Moves": 0, "Steps": 0, "Fewest moves": len(path) - 1}
    top, left = maze_origin(game, maze)
    drawn = [game.screen.display[top + r][2 * left:2 * (left + maze.shape[1])]
             for r in range(maze.shape[0])]
    for r, c in zip(*maze.grid.nonzero()):
        assert drawn[r][2 * c:2 * c + 2] == "██"
    assert drawn[maze.goal[0]][2 * maze.goal[1]] == "G"
    assert find_player(game) == (top + maze.start[0], 2 * (left + maze.start[1]))
    # every key family: arrows, WASD, hjkl; then one step back and forth (the seed's move count)
    for family in range(3):
        game.send(keys_for(path[:2], family=family)[0])
        game.wait_for(lambda: counters(game)["Steps"] == 1 + 2 * family)
        assert find_player(game) == (top + path[1][0], 2 * (left + path[1][1]))
        assert counters(game)["Moves"] == 1
        game.send(keys_for(path[1::-1], family=family)[0])
        game.wait_for(lambda: counters(game)["Steps"] == 2 + 2 * family)
    assert counters(game)["Moves"] == 1, "a block entered again counted as a new move"
    r, c = path[1]
    assert game.screen.display[top + r][2 * (left + c)] == ".", "no trail where the player walked"
    game.send("q")
    assert game.finish() == 0


def test_p_saves_the_picture_and_o_says_where(tmp_path):
    from PIL import Image

    maze = meiro.generate(8, 6, seed=7)
    game = ready(tmp_path, ["--size", "8x6", "--seed", "7"], columns=120)
    game.send("p")
    game.wait_text("Saved:")
    saved = sorted((tmp_path / "maze_image").glob("*_17x13.png"))
    assert len(saved) == 1
    with Image.open(saved[0]) as image:
        pixels = np.asarray(image.convert("RGB"))
    scale = pixels.shape[0] // maze.shape[0]
    assert pixels.shape == (maze.shape[0] * scale, maze.shape[1] * scale, 3)
    walls = (pixels[scale // 2::scale, scale // 2::scale] == (64, 64, 64)).all(axis=2)  # gray25
    assert np.array_equal(walls, maze.grid)
    game.send("o")
    game.wait_text("Pictures are saved in")
    game.send("q")
    assert game.finish() == 0


def expanded_counts(game):
    return [int(n) for n in re.findall(r"(?:A\*|BFS): (\d+) expanded", game.header())]


def test_f_watches_the_search_pauses_steps_and_goes_back_to_the_game(tmp_path):
    maze = meiro.generate(8, 6, seed=7)
    path = meiro.solve(maze).path
    game = ready(tmp_path, ["--size", "8x6", "--seed", "7"], columns=120)
    game.send("d" if path[1][1] > path[0][1] else "s")  # one step into the maze: playing
    game.wait_for(lambda: counters(game).get("Steps") == 1)
    game.send("f")
    game.wait_for(lambda: len(expanded_counts(game)) == 2)
    game.send("\r")  # pause
    game.wait_text("Paused")
    paused = expanded_counts(game)
    game.pump(0.3)
    assert expanded_counts(game) == paused, "the search ran on while paused"
    game.send("\x1bOC")  # the right arrow: one expansion more in each search
    game.wait_for(lambda: expanded_counts(game) != paused)
    astar = meiro.solve(maze, "astar")
    bfs = meiro.solve(maze, "bfs")
    assert expanded_counts(game) == [min(paused[0] + 1, len(astar.explored)),
                                     min(paused[1] + 1, len(bfs.explored))]
    game.send(" ")  # to the end
    game.wait_for(lambda: expanded_counts(game) == [len(astar.explored), len(bfs.explored)])
    # side by side: 120 columns hold 60 blocks, two panels of 29 with the 17-block maze
    # centred in each (6 blocks in); closed blocks are dots without colour (NO_COLOR)
    lines = game.screen.display[HEADER:HEADER + maze.shape[0]]
    for left, solution in ((12, astar), (72, bfs)):
        drawn = [line[left:left + 2 * maze.shape[1]] for line in lines]
        route = {tuple(p) for p in solution.path.tolist()}  # the search's end: the route, traced back
        for r, c in solution.explored.tolist():
            expected = {tuple(maze.start): "S", tuple(maze.goal): "G"}.get((r, c), "o" if (r, c) in route else ".")
            assert drawn[r][2 * c] == expected, (r, c, drawn[r])
        assert f"{'A*' if solution is astar else 'BFS'}: {len(solution.explored)} expanded, found: " \
               f"{solution.length} steps" in game.header()
        for r, c in zip(*maze.grid.nonzero()):
            assert drawn[r][2 * c:2 * c + 2] == "██"
    game.send("q")  # back to the game, not out of it
    game.wait_text("Fewest moves")
    assert counters(game)["Steps"] == 1
    # the rest of the way: cleared, but after watching the search it is not a record
    rest = keys_for(path, start=1)
    game.send("".join(rest))
    game.wait_text("CLEAR!!")
    game.wait_text("not recorded")
    game.send("q")
    assert game.finish() == 0
    records = tmp_path / "meiro" / "records.json"
    assert not records.exists() or "8x6" not in records.read_text()


def test_walking_the_answer_clears_and_q_restores_the_terminal(tmp_path):
    maze = meiro.generate(8, 6, seed=7)
    path = meiro.solve(maze).path
    game = ready(tmp_path, ["--size", "8x6", "--seed", "7"], shell_after="stty -a")
    game.send("".join(keys_for(path)))  # typed at once: no key may be dropped
    game.wait_text("CLEAR!!")
    assert counters(game) == {"Moves": len(path) - 1, "Steps": len(path) - 1,
                              "Fewest moves": len(path) - 1}
    clock = re.search(r"Time (\S+)", game.header()).group(1)
    game.pump(0.3)
    assert re.search(r"Time (\S+)", game.header()).group(1) == clock, "the clock runs after CLEAR"
    assert (tmp_path / "meiro" / "records.json").exists()
    game.send("q")
    assert game.finish_in_shell() == 0
    raw = game.raw
    assert raw.rfind(b"\x1b[?1049l") > raw.rfind(b"\x1b[?1049h"), "left on the alternate screen"
    assert raw.rfind(b"\x1b[?25h") > raw.rfind(b"\x1b[?25l"), "the cursor stayed hidden"


def test_the_answer_is_animated_in_colour(tmp_path):
    maze = meiro.generate(10, 8, seed=3)
    path = meiro.solve(maze).path
    game = Game(tmp_path, ["--size", "10x8", "--seed", "3", "--lang", "en"])
    game.wait_text("Digging")
    # the digging replay: walls first, then paths appear over several frames
    game.wait_for(lambda: counters(game).get("Fewest moves") == len(path) - 1, timeout=15)
    top, left = maze_origin(game, maze)
    colour = lambda pos, i=0: game.block(top + pos[0], left + pos[1])[i].bg  # noqa: E731
    assert colour(maze.start, 0) == "00ff87"  # the player (springgreen) stands on the start
    assert colour(maze.goal) == "0000ff"
    assert colour((0, 0)) == "444444"  # gray25 wall
    open_block = tuple(int(v) for v in path[len(path) // 2])
    assert colour(open_block) == "ffffff"
    game.send("i")
    game.wait_text("Answer shown.")
    assert {colour(tuple(p)) for p in path[1:-1]} == {"d75f87"}  # palevioletred
    assert colour(maze.start, 0) == "00ff87" and colour(maze.goal) == "0000ff"
    game.send("\x1b")  # Esc quits
    assert game.finish() == 0


def test_without_a_size_the_game_asks_for_one(tmp_path):
    game = Game(tmp_path, ["--lang", "ja", "--seed", "5"], NO_COLOR="1")
    game.wait_text("辺の長さを入力してください。")
    game.send("\r")
    game.wait_text("値を入力してください。")
    game.send("8\r")  # the seed's unit: an odd block side of at least 5
    game.wait_text("無効な値です。")
    game.send("\x7f7\r")
    game.wait_text("迷路を生成中")
    assert "穴掘り法 3x3 シード 5" in game.header()
    game.send(" \r")  # skip the digging, then Enter stops the game
    game.wait_text("中断しました。")
    game.send("\t\x7f4\r")  # Tab: cells instead of blocks; the entry now says 4 cells
    game.wait_for(lambda: "穴掘り法 4x4 シード 5" in game.header())
    game.send("Q")
    assert game.finish() == 0


def test_big_mazes_scroll_with_the_player(tmp_path):
    maze = meiro.generate(60, 60, seed=11)
    path = meiro.solve(maze).path
    lines, columns = 24, 60
    game = ready(tmp_path, ["--size", "60x60", "--seed", "11"], lines=lines, columns=columns)
    steps = min(len(path) - 1, 150)
    game.send("".join(keys_for(path[:steps + 1])))
    game.wait_for(lambda: counters(game).get("Steps") == steps)
    game.pump(0.2)
    found = find_player(game)
    assert found is not None, "the player left the view"
    y, x = found
    r, c = path[steps]
    # every drawn block is the maze's block at the same offset from the player
    for line in range(HEADER, lines):
        for col in range(columns // 2):
            br, bc = r + line - y, c + col - x // 2
            glyph = game.screen.display[line][2 * col:2 * col + 2]
            if 0 <= br < maze.shape[0] and 0 <= bc < maze.shape[1]:
                assert (glyph == "██") == bool(maze.grid[br, bc]), (line, col, glyph)
    # and a resize lays the view out again around the player
    game.child.setwinsize(14, 40)
    game.screen.resize(14, 40)
    game.pump(0.5)
    found = find_player(game)
    assert found is not None and HEADER <= found[0] < 14 and 0 <= found[1] < 40
    assert counters(game)["Steps"] == steps
    game.send("q")
    assert game.finish() == 0


def test_too_small_a_terminal_gets_a_message_then_the_game(tmp_path):
    game = Game(tmp_path, ["--size", "5x5", "--seed", "1", "--lang", "en"], lines=2, columns=30,
                NO_COLOR="1")
    game.wait_text("too small")
    game.child.setwinsize(20, 60)
    game.screen.resize(20, 60)
    game.wait_text("Fewest moves")
    assert find_player(game) is not None
    game.send("q")
    assert game.finish() == 0


def test_random_keys_never_crash(tmp_path):
    rng = random.Random(2024)
    keys = ["\x1bOA", "\x1bOB", "\x1bOC", "\x1bOD", "w", "a", "s", "d", "h", "j", "k", "l", "i",
            " ", "\r", "\t", "\x7f", "p", "o", "f", "+", "-", "z", "x", "0", "5", "7", "9", "é", "\x00"]
    game = Game(tmp_path, ["--size", "12x9", "--seed", "2", "--lang", "ja"])
    game.wait_text("シード 2")
    for _ in range(12):
        game.send("".join(rng.choice(keys) for _ in range(25)))
        game.pump(0.05)
    game.send("q")
    status = game.finish()
    assert status == 0 and b"Traceback" not in game.raw


def test_ctrl_c_leaves_the_terminal_clean(tmp_path):
    game = Game(tmp_path, ["--size", "30x30", "--seed", "1"], shell_after="stty -a")
    game.wait_text("Seed 1")
    game.child.sendintr()
    assert game.finish_in_shell() == 130


@pytest.mark.parametrize("args, shown", [(["--size", "30x30"], "Seed 1"),
                                         (["--grid", "weave", "--size", "10x10"], "weave 10x10")])
def test_a_game_whose_terminal_is_gone_ends_even_when_it_ignores_hang_ups(tmp_path, args, shown):
    # started under nohup (SIGHUP ignored), then its terminal closed: curses reads "no key" at
    # once, forever; the game must notice and end, not spin at full speed
    game = Game(tmp_path, [*args, "--seed", "1", "--lang", "en"], ignore_hangup=True)
    game.wait_text(shown)
    game.child.ptyproc.fileobj.close()  # the terminal window closed
    end = time.monotonic() + 60
    while game.child.isalive() and time.monotonic() < end:
        time.sleep(0.1)
    alive = game.child.isalive()
    game.child.close(force=True)
    assert not alive, "the game kept running with its terminal gone"


def test_not_a_terminal_is_one_clear_error():
    result = subprocess.run([sys.executable, "-m", "meiro", "play", "--terminal", "--size", "5x5"],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": SRC})
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "interactive terminal" in result.stderr


def test_the_key_mapping_covers_the_curses_key_codes():
    from meiro.ui.terminal_keys import command_for, curses_keys

    keys = curses_keys()
    expected = {
        curses.KEY_UP: Move(Direction.N), curses.KEY_DOWN: Move(Direction.S),
        curses.KEY_LEFT: Move(Direction.W), curses.KEY_RIGHT: Move(Direction.E),
        ord("w"): Move(Direction.N), ord("S"): Move(Direction.S), ord("a"): Move(Direction.W),
        ord("d"): Move(Direction.E), ord("k"): Move(Direction.N), ord("j"): Move(Direction.S),
        ord("h"): Move(Direction.W), ord("L"): Move(Direction.E),
        curses.KEY_ENTER: StartStop(), 10: StartStop(), 13: StartStop(), 32: Skip(),
        ord("i"): ShowAnswer(), 27: Quit(), ord("q"): Quit(), ord("Q"): Quit(),
    }
    for code, command in expected.items():
        assert command_for(code, keys) == command, code
    # every command of the model's key table is reachable from some curses key code
    reachable = {command_for(code, keys) for code in [*range(512), *keys]}
    assert set(KEYMAP.values()) <= reachable
    assert command_for(ord("7"), keys) is None and command_for(curses.KEY_F1, keys) is None


class RecordingScreen:
    """The part of a curses window the game uses; remembers what was written where."""

    def __init__(self, lines, columns):
        self.size = (lines, columns)
        self.cells, self.writes = {}, []

    def getmaxyx(self):
        return self.size

    def addstr(self, y, x, s, attr=0):
        self.writes.append((y, x, s))
        for i, ch in enumerate(s):
            self.cells[y, x + i] = ch

    def erase(self):
        self.cells.clear()

    clear = erase

    def move(self, y, x):
        pass

    def clrtoeol(self):
        pass

    def refresh(self):
        pass


def headless(maze, utf8=True, lines=40, columns=100):
    """The terminal front end on a :class:`RecordingScreen`, digging skipped, drawn once."""
    from meiro.game import GameModel
    from meiro.ui.terminal_app import TerminalGame

    model = GameModel(lang="en")
    model.start_maze(maze)
    model.handle(Skip())
    screen = RecordingScreen(lines, columns)
    game = TerminalGame(screen, model, color=False, utf8=utf8)
    game.draw()
    return model, screen, game


def test_a_move_on_a_huge_maze_rewrites_two_blocks_and_the_header():
    maze = meiro.generate(300, 300, seed=5)
    path = meiro.solve(maze).path
    model, screen, game = headless(maze, utf8=False)
    assert screen.cells[HEADER, 0] == "#" and screen.cells[HEADER + 1, 2] == "@"
    jumps = 0
    for step, (a, b) in enumerate(zip(path[:60], path[1:61]), start=1):
        screen.writes.clear()
        game.on_key(ord(keys_for([a, b], family=2)[0]))
        game.draw()
        maze_writes = [w for w in screen.writes if w[0] >= HEADER]
        if len(maze_writes) > 2:
            jumps += 1  # the view jumped to follow the player: a full repaint of the view
            assert len(maze_writes) <= 38 * 50
        else:
            old = "S " if step == 1 else ". "
            assert sorted(w[2] for w in maze_writes) == sorted([old, "@ "])
        assert model.steps == step
    assert jumps <= 3
    # a terminal too small for the header: a message, and the view comes back on enlarging
    screen.size = (2, 12)
    game.on_key(curses.KEY_RESIZE)
    game.draw()
    assert "".join(screen.cells.get((0, x), "") for x in range(12)).startswith("The termina")
    screen.size = (30, 80)
    game.on_key(curses.KEY_RESIZE)
    game.draw()
    assert "@" in {screen.cells.get((y, x)) for y in range(HEADER, 30) for x in range(80)}


def test_a_c_locale_gets_ascii_walls_and_english(tmp_path):
    maze = meiro.generate(5, 4, seed=3)
    game = Game(tmp_path, ["--size", "5x4", "--seed", "3", "--lang", "ja"], LANG="C", LC_ALL="C",
                NO_COLOR="1")
    game.wait_text("Digging")
    game.send(" ")
    game.wait_text("Fewest moves")
    top, left = maze_origin(game, maze)
    assert game.screen.display[top][2 * left:2 * (left + maze.shape[1])] == "##" * maze.shape[1]
    assert not re.search(rb"[\x80-\xff]", game.raw), "non-ASCII bytes sent to an ASCII terminal"
    game.send("q")
    assert game.finish() == 0


KEY_CODES = [curses.KEY_UP, curses.KEY_DOWN, curses.KEY_LEFT, curses.KEY_RIGHT, curses.KEY_ENTER,
             curses.KEY_BACKSPACE, curses.KEY_RESIZE, curses.KEY_F1, 9, 10, 27, 32, 127,
             *map(ord, "wasdhjklWASDHJKLipofz+-=0123456789xX")]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KEY_CODES), st.floats(0, 2),
                          st.tuples(st.integers(1, 30), st.integers(1, 70))), max_size=60))
def test_any_keys_and_sizes_keep_the_screen_sensible(events):
    """Random keys, clock jumps and terminal sizes against the front end (headless)."""
    from meiro.game import GameModel, Phase
    from meiro.ui.terminal_app import TerminalGame, display_width

    now = [0.0]
    model = GameModel(clock=lambda: now[0], lang="ja", unit="cells")
    model.set_entry("4x3")
    screen = RecordingScreen(24, 60)
    game = TerminalGame(screen, model, color=False, utf8=True)
    for code, dt, size in events:
        if code == curses.KEY_RESIZE:
            screen.size = size
        now[0] += dt
        game.on_key(code)
        if not game.running:
            return
        model.tick()
        game.draw()
        lines, columns = screen.size
        # nothing written past the right edge (curses would wrap it onto the next line)
        assert all(0 <= y < lines and x + display_width(s) <= columns for y, x, s in screen.writes)
        screen.writes.clear()
        # (the search view, f, shows the searches instead of the player)
        playing = model.phase in (Phase.PLAYING, Phase.ANSWER) and game.search is None
        if lines >= 3 and columns >= 20 and playing:
            shown = [pos for pos, ch in screen.cells.items() if ch == "@"]
            assert len(shown) == 1, shown  # the player, once, wherever the view is


def assert_view_shows(screen, game, maze):
    """What is on the screen is the part of the maze in view, wall for wall, at any zoom."""
    scale = game.scale
    (r0, c0), (vr, vc), (oy, ox) = game.view.origin, game.view.size, game.view.offset
    halves = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    checked = 0
    for r in range(r0, min(r0 + vr, maze.shape[0])):
        for c in range(c0, min(c0 + vc, maze.shape[1])):
            ch = screen.cells[HEADER + oy + (r - r0) // scale.stacked, scale.columns * (ox + c - c0)]
            partner = r0 + ((r - r0) ^ 1) if scale.stacked == 2 else r
            if scale.stacked == 2 and ch in halves:
                assert halves[ch][(r - r0) % 2] == maze.grid[r, c], (r, c, ch)
            elif ch in "█#":
                assert maze.grid[r, c], (r, c)
            else:  # a path, the trail, the player or the goal: open (or its partner on a map)
                assert ch in " .@G" and not (maze.grid[r, c] and maze.grid[min(partner, maze.shape[0] - 1), c])
            checked += 1
    assert checked >= min(vr, maze.shape[0]) * min(vc, maze.shape[1])


@pytest.mark.parametrize("name", ["wide", "narrow", "map"])
def test_every_zoom_draws_the_maze_and_moves_redraw_only_what_changed(name):
    """At each zoom the screen shows the maze's walls, the player and the goal, and after
    every move the few cells rewritten leave the screen as a full repaint would draw it."""
    from meiro.ui.terminal_app import TerminalGame
    from meiro.ui.terminal_style import SCALES

    scale = next(s for s in SCALES if s.name == name)
    maze = meiro.generate(60, 40, seed=8, goal="farthest")
    path = meiro.solve(maze).path
    model, screen, game = headless(maze)
    for key in "-" * {"wide": 0, "narrow": 1, "map": 2}[name]:
        game.on_key(ord(key))
        game.draw()
    assert game.scale is scale
    for step, (a, b) in enumerate(zip(path[:-1], path[1:]), start=1):
        screen.writes.clear()
        origin = game.view.origin
        game.on_key(ord(keys_for([a, b], family=2)[0]))
        game.draw()
        if game.view.origin == origin and step < len(path) - 1:
            # a move rewrites the cells of the block left and the block entered, no more
            assert len([w for w in screen.writes if w[0] >= HEADER]) <= 2, step
        if step == len(path) - 2:  # one step before the goal (then CLEAR!! covers the maze)
            assert_view_shows(screen, game, maze)
        if step % 7 and step != len(path) - 1:
            continue
        fresh = RecordingScreen(40, 100)
        again = TerminalGame(fresh, model, color=False, utf8=True)
        again.scale = game.scale
        again.draw()
        again.view.origin, again._full = game.view.origin, True  # the same part of a big maze
        again.draw()
        region = {key: v for key, v in fresh.cells.items() if key[0] >= HEADER}
        assert {key: screen.cells.get(key) for key in region} == region, step
    assert model.cleared


def test_zoom_keys_step_through_the_scales_and_z_fits_the_maze():
    from meiro.ui.terminal_app import TerminalGame

    model, screen, game = headless(meiro.generate(30, 12, seed=1), lines=30)   # 25 x 61 blocks
    seen = []
    for key in "--" "-" "++" "+" "z":
        game.on_key(ord(key))
        game.draw()
        seen.append(game.scale.name)
    # 61 blocks across do not fit 100 columns at 2 a block, but do at 1: z picks narrow
    assert seen == ["narrow", "map", "map", "narrow", "wide", "wide", "narrow"]
    assert game.session.info.startswith("View: narrow")
    ascii_game = TerminalGame(RecordingScreen(30, 100), model, color=False, utf8=False)
    for key in "---":
        ascii_game.on_key(ord(key))
    assert ascii_game.scale.name == "narrow", "no half blocks on an ASCII terminal"


def test_the_map_zoom_in_colour_in_a_real_terminal(tmp_path):
    """In colour each character of the map shows two blocks: the upper one's colour in
    front (▀), the lower one's behind."""
    maze = meiro.generate(40, 30, seed=3)
    game = Game(tmp_path, ["--size", "40x30", "--seed", "3", "--lang", "en"], lines=40, columns=100)
    game.wait_text("Digging")
    game.send(" ")
    game.wait_text("Fewest moves")
    game.send("z")
    game.wait_text("View: map")
    left = (100 - maze.shape[1]) // 2
    colours = {}
    for r in range(0, maze.shape[0] - 1, 2):
        for c in range(maze.shape[1]):
            cell = game.screen.buffer[HEADER + r // 2][left + c]
            upper, lower = maze.grid[r, c], maze.grid[r + 1, c]
            if {(r, c), (r + 1, c)} & {tuple(maze.start), tuple(maze.goal)}:
                continue
            if upper != lower:
                assert cell.data == "▀", (r, c)
                colours.setdefault(upper, set()).add(cell.fg)
                colours.setdefault(lower, set()).add(cell.bg)
            else:
                colours.setdefault(upper, set()).add(cell.bg)
    assert len(colours[True]) == 1 and len(colours[False]) == 1
    assert colours[True] != colours[False]
    game.send("q")
    assert game.finish() == 0


def test_shift_with_an_arrow_runs_in_the_terminal(tmp_path):
    from meiro.game import GameModel

    maze = meiro.generate(10, 8, seed=5, goal="corner")
    game = ready(tmp_path, ["--size", "10x8", "--seed", "5", "--goal", "corner"])
    twin = GameModel(lang="en")
    twin.start_maze(maze)
    twin.handle(Skip())
    shifted = {Direction.N: "\x1b[1;2A", Direction.S: "\x1b[1;2B", Direction.E: "\x1b[1;2C",
               Direction.W: "\x1b[1;2D"}   # xterm's Shift+arrows
    top, left = maze_origin(game, maze)
    for direction in (Direction.E, Direction.S, Direction.E, Direction.W, Direction.N, Direction.S):
        twin.handle(Move(direction, run=True))
        game.send(shifted[direction])
        game.wait_for(lambda: counters(game).get("Steps") == twin.steps)
        assert find_player(game) == (top + twin.player[0], 2 * (left + twin.player[1]))
    assert twin.steps > 6, "no run went past one step"
    game.send("q")
    assert game.finish() == 0


def test_the_block_being_dug_is_marked_while_stepping_the_digging(tmp_path):
    maze = meiro.generate(6, 5, seed=2)
    game = Game(tmp_path, ["--lang", "en", "--size", "6x5", "--seed", "2"], NO_COLOR="1")
    game.wait_text("Digging")
    game.send("\x1bOC")  # → pauses the digging, then digs one block a press
    game.wait_text("paused")
    game.send("\x1bOC" * 3)
    top, left = maze_origin(game, maze)

    def marks():
        return [(y - top, x // 2 - left) for y, line in enumerate(game.screen.display)
                for x in range(0, len(line) - 1, 2) if line[x:x + 2] == "* "]

    game.wait_for(lambda: len(marks()) == 1)
    time.sleep(0.3)
    game.pump()
    (row, col), = marks()
    order = maze.carve_order
    dug = [divmod(int(b), maze.shape[1]) for b in order]
    assert (row, col) in dug  # one of the blocks the digging opened: the last one so far
    later = dug[dug.index((row, col)) + 1:]
    assert later and all(game.screen.display[top + r][2 * (left + c):2 * (left + c) + 2] == "██"
                         for r, c in later)  # every block after it in the log is still wall
    game.send(" ")  # skip the rest: the mark goes away
    game.wait_text("Fewest moves")
    game.pump()
    assert not marks()
    game.send("q")
    assert game.finish() == 0


@pytest.mark.parametrize("columns", [80, 120])
def test_the_key_help_keeps_moving_and_quitting_in_sight_and_names_the_generator(tmp_path, columns):
    game = Game(tmp_path, ["--lang", "ja", "--size", "8x6", "--seed", "3", "--algorithm", "stick"],
                columns=columns, NO_COLOR="1")
    game.wait_text("迷路を生成中")
    game.send(" ")
    game.wait_text("q: 終了")
    help_line = game.screen.display[1]
    assert help_line.startswith("矢印 / WASD / hjkl: 移動") and help_line.rstrip().endswith("q: 終了")
    assert "棒倒し法 8x6" in game.header()
    game.send("q")
    assert game.finish() == 0


def test_clear_is_a_bright_banner_over_the_middle_of_the_maze(tmp_path):
    maze = meiro.generate(6, 4, seed=7)
    path = meiro.solve(maze).path
    game = Game(tmp_path, ["--lang", "en", "--size", "6x4", "--seed", "7"])  # in colour
    game.wait_text("Digging")
    game.send(" ")
    game.wait_text("Fewest moves")
    game.send("".join(keys_for(path)))
    game.wait_text("CLEAR!!")
    game.pump(0.3)
    top, left = maze_origin(game, maze)
    (y, line), = [(y, line) for y, line in enumerate(game.screen.display)
                  if "CLEAR!!" in line and y >= HEADER]  # (the message line says it too)
    x = line.index("CLEAR!!")
    # over the maze's middle (its rows top..top+9, its columns 2*left..2*(left+13)), not below it
    assert top <= y < top + maze.shape[0] and 2 * left <= x and x + 7 <= 2 * (left + maze.shape[1])
    for row in (y - 1, y, y + 1):  # three lines of bright yellow, black letters
        char = game.screen.buffer[row][x + 3]
        assert char.bg in ("ffff00", "yellow", "brightyellow"), char
    # black, not bold: a terminal that shows bold as bright would turn it grey on the yellow
    assert game.screen.buffer[y][x].fg == "black" and not game.screen.buffer[y][x].bold
    game.send("q")
    assert game.finish() == 0


def test_the_entry_screen_shows_the_title_once(tmp_path):
    game = Game(tmp_path, ["--lang", "ja", "--seed", "5"], NO_COLOR="1")
    game.wait_text("辺の長さを入力してください。")
    game.pump(0.3)
    assert sum("自動生成迷路" in line for line in game.screen.display) == 1
    game.send("q")
    assert game.finish() == 0


def test_z_on_a_maze_bigger_than_the_map_shows_all_of_it_shrunk():
    maze = meiro.generate(300, 200, seed=5)  # 401 x 601 blocks: far more than 38 x 100 cells
    model, screen, game = headless(maze, lines=40, columns=100)
    game.on_key(ord("z"))
    game.draw()
    assert game.shrink > 1 and game.session.info.startswith("View: whole maze")
    rows, cols = game._shown_shape()
    assert -(-rows // 2) <= 40 - HEADER and cols <= 100  # two blocks a line, one a column
    drawn = {(y, x): ch for (y, x), ch in screen.cells.items() if y >= HEADER}
    marks = [ch for ch in drawn.values() if ch in "@G"]
    assert "@" in marks and "G" in marks  # the player (top left) and the goal (bottom right)
    at = next((y, x) for (y, x), ch in drawn.items() if ch == "@")
    goal = next((y, x) for (y, x), ch in drawn.items() if ch == "G")
    assert goal[0] > at[0] and goal[1] > at[1]
    # a move still moves the player on the overview; + goes back to real blocks
    path = meiro.solve(maze).path
    for a, b in zip(path[:20], path[1:21]):
        game.on_key({(0, 1): curses.KEY_RIGHT, (0, -1): curses.KEY_LEFT, (1, 0): curses.KEY_DOWN,
                     (-1, 0): curses.KEY_UP}[(int(b[0] - a[0]), int(b[1] - a[1]))])
        game.draw()
    assert model.player == tuple(path[20])
    game.on_key(ord("+"))
    game.draw()
    assert game.shrink == 1


def test_a_maze_named_by_a_seed_alone_keeps_no_records(tmp_path):
    """Records name a maze by its algorithm and seed: a hand-made maze whose recipe holds a
    seed but no algorithm is not named by it, so clearing it records nothing (it must not
    share one "None ... seed 5" entry with every other such maze of its size)."""
    from meiro.game import GameModel
    from meiro.game.records import Records
    from meiro.ui.terminal_app import TerminalGame

    grid = meiro.generate(4, 3, seed=1).grid
    maze = meiro.Maze(grid, generation={"seed": 5})
    assert maze.seed == 5 and maze.algorithm is None
    model = GameModel(lang="en")
    model.start_maze(maze)
    model.handle(Skip())
    path = tmp_path / "records.json"
    game = TerminalGame(RecordingScreen(40, 100), model, records=Records(path), color=False)
    game.draw()
    solution = meiro.solve(maze).path
    for a, b in zip(solution[:-1], solution[1:]):
        model.handle(Move(Direction((int(b[0] - a[0]), int(b[1] - a[1])))))
        game.draw()
    assert model.cleared and game.session.record_key() is None
    assert not path.exists()


def row_text(screen, y, columns):
    return "".join(screen.cells.get((y, x), " ") for x in range(columns))


def test_an_arrow_at_the_edge_points_to_a_goal_out_of_sight():
    maze = meiro.generate(60, 40, seed=3)  # the goal far down and right of the first view
    model, screen, game = headless(maze, lines=24, columns=80)
    view = game.view
    assert not view.visible(*maze.goal)
    arrows = [(y, x) for (y, x), ch in screen.cells.items() if ch == "↘"]
    assert len(arrows) == 1
    y, x = arrows[0]
    vr, vc = view.size
    assert y == HEADER + vr - 1 and x == 2 * (vc - 1)  # the view's bottom-right block
    headless_ascii = headless(maze, utf8=False, lines=24, columns=80)[1]
    assert "v>" in "".join(row_text(headless_ascii, HEADER + vr - 1, 80))
    small = headless(meiro.generate(5, 4, seed=1), lines=24, columns=80)[1]
    assert not any(ch in "↖↑↗←→↙↓↘" for ch in small.cells.values())  # the goal in sight: none


def test_at_80_columns_the_seed_and_a_saved_file_s_name_stay_readable(tmp_path):
    maze = meiro.generate(20, 20, seed=12345678901234567890)
    model, screen, game = headless(maze, lines=24, columns=80)
    header = row_text(screen, 0, 80) + row_text(screen, 1, 80)
    assert "Seed 12345678901234567890" in header and "dig 20x20" in header
    game.session.say("Saved: maze_image/20240501_120009_41x41.png", ok=True)
    game.draw()
    line = row_text(screen, 1, 80)
    assert "Saved: maze_image/20240501_120009_41x41.png" in line
    assert "Seed 12345678901234567890" in line  # still there, after the news
    folder = "/home/someone/a/rather/long/folder/of/pictures/for/the/maze/game/maze_image"
    game.session.say(game.session.t("pictures_in", path=folder), ok=True)
    game.draw()
    line = row_text(screen, 1, 80).rstrip()
    assert line.startswith("Pictures are saved in: …") and line.endswith("maze_image")

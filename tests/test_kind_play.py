"""Playing theta, hex, triangle and weave mazes: the UI-free rules (meiro.game.kind_play) and
``meiro play --grid``, judged with a breadth-first search written here."""

from collections import deque

import numpy as np
import pytest

import meiro
from meiro.game.kind_play import CONTROLS, KindRound, controls
from meiro.game.round import Phase

KINDS = [("theta", (5,)), ("hex", (7, 6)), ("triangle", (9, 5)), ("weave", (9, 8))]


def maze_of(kind, size, seed):
    return meiro.generate(*size, grid=kind, seed=seed)


def open_pairs(maze):
    return {tuple(sorted(p)) for p in maze.open_pairs().tolist()}


def bfs_length(maze):
    """The fewest steps from start to goal, over the open pairs alone."""
    nbrs = {}
    for a, b in open_pairs(maze):
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    dist = {maze.start: 0}
    queue = deque([maze.start])
    while queue:
        a = queue.popleft()
        for b in nbrs.get(a, []):
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist[maze.goal]


@pytest.mark.parametrize("kind,size", KINDS)
def test_the_answer_is_a_shortest_way_and_its_keys_clear_the_maze(kind, size):
    now = [0.0]
    cleared = []
    maze = maze_of(kind, size, 4)
    game = KindRound(maze, clock=lambda: now[0], on_clear=cleared.append)
    path = game.answer_path.tolist()
    pairs = open_pairs(maze)
    assert path[0] == maze.start and path[-1] == maze.goal
    assert len(path) - 1 == game.min_moves == bfs_length(maze)
    assert all(tuple(sorted(p)) in pairs for p in zip(path[:-1], path[1:]))
    assert game.stopwatch.elapsed == 0.0
    for cell in path[1:]:
        now[0] += 0.5
        key = game.key_to(cell)
        assert key is not None and game.press(key)
        assert game.player == cell
    assert game.phase is Phase.CLEARED and cleared == [game]
    assert game.moves == game.steps == len(path) - 1
    assert game.stopwatch.elapsed == pytest.approx(0.5 * (len(path) - 2))  # from the first step
    assert not game.press(game.key_to(path[-2]) or "ArrowUp"), "a step after the clear"


@pytest.mark.parametrize("kind,size", KINDS)
def test_every_open_passage_has_a_key_and_no_key_goes_through_a_wall(kind, size):
    for seed in range(3):
        maze = maze_of(kind, size, seed)
        pairs = open_pairs(maze)
        game = KindRound(maze)
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                game.player = x
                assert game.key_to(y) is not None, (seed, x, y)
        for cell in range(maze.cells):
            for key in CONTROLS[kind].keys:
                game.reset()
                game.player = cell
                before = cell
                if game.press(key):
                    assert tuple(sorted((before, game.player))) in pairs


def test_theta_keys_go_out_in_and_round_the_ring():
    maze = maze_of("theta", (4,), 1)
    g = maze.geometry
    hub = np.array(g.hub)
    radius = np.hypot(*(g.centres - hub).T)
    game = KindRound(maze)
    seen = set()
    for a, b in open_pairs(maze):
        for x, y in ((a, b), (b, a)):
            if radius[x] < 0.25:
                continue  # the centre keeps the page's directions
            game.player = x
            key = game.key_to(y)
            if radius[y] > radius[x] + 0.5:
                expected = {"ArrowUp", "e", "q"}
            elif radius[y] < radius[x] - 0.5:
                expected = {"ArrowDown", "z", "c"}
            else:
                # clockwise on the page: the cross product of out and the step is positive (y down)
                out, step = g.centres[x] - hub, g.centres[y] - g.centres[x]
                expected = {"ArrowRight"} if out[0] * step[1] - out[1] * step[0] > 0 else {"ArrowLeft"}
            assert key in expected, (x, y, key)
            seen.add(key)
    assert {"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"} <= seen


def test_hex_keys_are_the_six_directions():
    maze = maze_of("hex", (6, 6), 2)
    g = maze.geometry
    game = KindRound(maze)
    for a, b in open_pairs(maze):
        for x, y in ((a, b), (b, a)):
            game.player = x
            dx, dy = g.centres[y] - g.centres[x]
            side = (0 if abs(dx) < 1e-9 else int(np.sign(dx)), int(np.sign(dy)))
            assert game.key_to(y) == {(0, -1): "w", (1, -1): "e", (1, 1): "d", (0, 1): "s",
                                      (-1, 1): "a", (-1, -1): "q"}[side]


def test_taps_step_only_to_open_neighbours_and_any_key_is_safe():
    maze = maze_of("hex", (5, 5), 3)
    game = KindRound(maze)
    pairs = open_pairs(maze)
    rng = np.random.default_rng(1)
    for _ in range(300):
        cell = int(rng.integers(-3, maze.cells + 3))
        before = game.player
        expected = 0 <= cell < maze.cells and tuple(sorted((before, cell))) in pairs
        assert game.move_to(cell) == expected
        assert game.player == (cell if expected else before)
        game.press(str(rng.choice(["ArrowUp", "x", "", "Q", "Enter", "F1", "é", "  "])))
        game.move_slot(int(rng.integers(-2, 8)))
        if game.phase is Phase.CLEARED:
            game.reset()
    assert game.cell_at(*maze.geometry.centres[7]) == 7


def test_the_answer_ends_the_game():
    game = KindRound(maze_of("triangle", (6, 4), 1))
    assert game.show_answer() and game.phase is Phase.ANSWER and game.answer_used
    assert not game.show_answer() and not game.press("ArrowRight") and game.steps == 0
    game.reset()
    assert game.phase is Phase.PLAYING


def test_a_kind_the_game_cannot_show_is_refused_in_one_line():
    with pytest.raises(meiro.MazeError, match=r"cannot be played.*square, theta, hex, triangle and weave"):
        KindRound(meiro.generate(3, 3, grid="3d", layers=2, seed=1))
    with pytest.raises(TypeError):
        KindRound(meiro.generate(3, 3, seed=1))
    assert controls("hex").keys["q"] == (300,)


@pytest.mark.parametrize("argv,words", [
    (["play", "--grid", "3d", "--size", "3x3"], "the game window plays square, theta, hex, triangle and weave mazes, not 3d ones"),
    (["play", "--terminal", "--grid", "hex"], "the terminal game plays square and weave mazes, not hex"),
    (["play", "--browser", "--grid", "3d"], "the web page plays"),
    (["play", "--browser", "--grid", "theta", "--size", "3x4"], "theta maze's size is one number"),
    (["play", "--browser", "--grid", "hex", "-a", "binary-tree"], "binary-tree makes square and theta mazes only"),
    (["play", "--browser", "--grid", "hex", "--blocks", "9x9"], "--blocks is for square mazes"),
    (["play", "--web", "--grid", "hex", "--size", "1000x1000"], "up to 100,000 cells"),
    (["play", "--grid", "hex", "--size", "300x300"], "up to 40,000 cells"),
])
def test_cli_refuses_what_it_cannot_play_in_one_line(argv, words, capsys, monkeypatch):
    from meiro.cli import main

    monkeypatch.setattr("webbrowser.open", lambda url: pytest.fail("a browser was opened"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_cli_play_web_grid_writes_the_kinds_page_and_opens_it(tmp_path, monkeypatch, capsys):
    from meiro.cli import main
    from support import page_data

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setenv("DISPLAY", ":99")
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda url: opened.append(url) or True)
    assert main(["play", "--web", "--grid", "theta", "--size", "4", "--seed", "5", "--lang", "en"]) == 0
    (page,) = tmp_path.rglob("meiro-theta-*.html")
    assert opened == [page.as_uri()]
    data = page_data(page.read_text(encoding="utf-8"))
    maze = meiro.generate(4, grid="theta", seed=5)
    assert data["kind"] == "theta" and data["cells"] == maze.cells and data["lang"] == "en"
    assert data["fewest"] == bfs_length(maze) and data["start"] == maze.start and data["goal"] == maze.goal

"""Weave mazes as text (meiro.render_text) and played in the terminal (meiro play -t --grid weave),
judged against the maze's open pairs."""

import pytest

import meiro
from meiro.game.kind_play import KindRound


def blocks(maze, cell):
    y, x = divmod(cell, maze.geometry.params["width"])
    return 2 * y + 1, 2 * x + 1


@pytest.mark.parametrize("seed", [1, 3, 8])
def test_weave_text_is_the_square_drawing_with_bridges(seed):
    maze = meiro.generate(8, 6, grid="weave", seed=seed)
    lines = meiro.render_text(maze, style="plain").splitlines()
    w, h = 8, 6
    assert len(lines) == 2 * h + 1 and {len(line) for line in lines} == {2 * w + 1}
    crossings = {int(c): int(o) for c, o in maze.geometry.extra["crossings"].tolist()}
    assert crossings, "no crossing: nothing was tested"
    pairs = {tuple(p) for p in maze.open_pairs().tolist()}
    # every block between side-by-side cells is open exactly when they are joined, or when a
    # tunnel runs through it under a bridge
    under = set()
    for a, b in pairs:
        ra, ca = blocks(maze, a)
        rb, cb = blocks(maze, b)
        if abs(ra - rb) + abs(ca - cb) == 4:  # a tunnel: its middle cell is a crossing
            mid = ((ra + rb) // 2, (ca + cb) // 2)
            assert (mid[0] // 2) * w + mid[1] // 2 in crossings
            under |= {((ra + mid[0]) // 2, (ca + mid[1]) // 2), ((rb + mid[0]) // 2, (cb + mid[1]) // 2)}
    for r in range(2 * h + 1):
        for c in range(2 * w + 1):
            ch = lines[r][c]
            if r % 2 and c % 2:  # a cell
                cell = (r // 2) * w + c // 2
                if cell in crossings:
                    assert ch == "═║"[crossings[cell]]
                else:
                    assert ch in " SG"
            elif r % 2 != c % 2:  # between two cells
                a, b = ((r // 2) * w + (c - 1) // 2, (r // 2) * w + (c + 1) // 2) if r % 2 else (
                    ((r - 1) // 2) * w + c // 2, ((r + 1) // 2) * w + c // 2)
                assert (ch == " ") == ((a, b) in pairs or (r, c) in under), (r, c)
            else:
                assert ch == "#"
    assert lines[blocks(maze, maze.start)[0]][blocks(maze, maze.start)[1]] == "S"


def test_weave_text_marks_the_answer_and_other_kinds_have_none():
    maze = meiro.generate(7, 7, grid="weave", seed=2)
    path = KindRound(maze).answer_path
    text = meiro.render_text(maze, path=path)
    marked = sum(line.count(".") for line in text.splitlines())
    assert marked >= len(path) - 2
    block = meiro.render_text(maze, style="block").splitlines()
    assert len(block) == 15 and all(len(line) == 15 for line in block)
    with pytest.raises(meiro.MazeError, match="square and weave mazes only"):
        meiro.render_text(meiro.generate(4, grid="theta", seed=1))
    with pytest.raises(meiro.MazeError, match="no open passage"):
        meiro.render_text(maze, path=[maze.start, maze.goal])


def test_the_terminal_plays_a_weave_maze_to_clear(tmp_path):
    from test_play_terminal import Game, find_player

    maze = meiro.generate(9, 7, grid="weave", seed=4)
    model = KindRound(maze)
    keys = []
    for cell in model.answer_path[1:].tolist():
        keys.append(model.key_to(cell))
        model.press(keys[-1])
    letters = {"ArrowUp": "w", "ArrowDown": "s", "ArrowLeft": "a", "ArrowRight": "d"}
    game = Game(tmp_path, ["--grid", "weave", "--size", "9x7", "--seed", "4", "--lang", "en"])
    try:
        game.wait_text("Fewest moves")
        assert f"Fewest moves {model.min_moves}" in game.header()
        lines = meiro.render_text(maze).splitlines()
        shown = [line.rstrip() for line in game.screen.display[2:2 + len(lines)]]
        expected = [line.rstrip() for line in lines]
        r, c = blocks(maze, maze.start)
        expected[r] = expected[r][:2 * c] + "@" + expected[r][2 * c + 1:]
        assert shown == expected
        assert any(ch in "═║" for line in shown for ch in line)
        for i, key in enumerate(keys):
            game.send({"ArrowUp": "\x1bOA", "ArrowDown": "\x1bOB", "ArrowRight": "\x1bOC",
                       "ArrowLeft": "\x1bOD"}[key] if i % 2 else letters.get(key, key))
        game.wait_text("CLEAR!! New record!")  # kept in the data folder
        assert f"Moves {model.min_moves} " in game.header()
        assert list(tmp_path.rglob("records.json"))
        y, x = find_player(game)
        assert (y - 2, x // 2) == blocks(maze, maze.goal)
        game.send("q")
        assert game.finish() == 0
    finally:
        game.child.close(force=True)


def test_any_keys_keep_the_terminal_weave_game_sound(tmp_path):
    import random

    from test_play_terminal import Game

    game = Game(tmp_path, ["--grid", "weave", "--size", "8x6", "--seed", "2", "--lang", "ja"],
                lines=12, columns=30)  # smaller than the maze: it scrolls
    try:
        game.wait_text("移動回数")
        rng = random.Random(2)
        keys = ["w", "a", "s", "d", "h", "j", "k", "l", "\x1bOA", "\x1bOB", "\x1bOC", "\x1bOD", "i", "r",
                "x", "\t", " ", "\r", "+", "é", "\x1b[5~", "\x7f", "0"]
        for _ in range(200):
            game.send(rng.choice(keys))
        game.pump(0.5)
        assert any("@" in line for line in game.screen.display[2:])
        game.send("q")
        assert game.finish() == 0
        assert b"Traceback" not in game.raw
    finally:
        game.child.close(force=True)


def test_the_terminal_refuses_the_kinds_it_cannot_draw(capsys):
    from meiro.cli import main

    assert main(["play", "-t", "--grid", "theta"]) == 2
    err = capsys.readouterr().err
    assert "the terminal game plays square and weave mazes, not theta ones" in err and err.count("\n") == 1

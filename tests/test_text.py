import numpy as np
import pytest

import meiro


@pytest.mark.parametrize("style", ["hash", "block"])
def test_one_line_per_block_row(style):
    m = meiro.generate(15, 15, seed=4, goal="farthest")
    lines = meiro.render_text(m, style=style).split("\n")
    assert len(lines) == 31
    assert len({len(line) for line in lines}) == 1


def test_hash_style_is_seed_003s_look():
    m = meiro.generate(15, 15, seed=4)
    lines = meiro.render_text(m).split("\n")
    assert lines[0] == " ".join("#" * 31)  # print(*row) of an all-wall row
    assert lines[1][2] == "S"
    assert lines[-2][-3] == "G"
    assert set("".join(lines)) <= set("# SG")


def test_block_style_is_seed_004s_look():
    m = meiro.generate(10, 10, seed=4)
    lines = meiro.render_text(m, style="block").split("\n")
    assert lines[0] == "■" * 21 and lines[1][1] == "◎" and lines[-2][-2] == "△"
    assert set("".join(lines)) <= set("■\u3000◎△")


@pytest.mark.parametrize("style", ["hash", "block"])
def test_path_overlay_marks_exactly_the_path(style):
    m = meiro.generate(12, 9, seed=2, goal="farthest")
    sol = meiro.solve(m)
    mark = meiro.STYLES[style][4]
    text = meiro.render_text(m, style=style, path=sol.path)
    rows = text.split("\n") if style == "block" else [line[0::2] for line in text.split("\n")]
    marked = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == mark}
    assert marked == {tuple(p) for p in sol.path} - {m.start, m.goal}


@pytest.mark.parametrize("style", ["hash", "block"])
@pytest.mark.parametrize("solved", [False, True])
def test_parse_reads_both_styles_back(style, solved):
    m = meiro.generate(9, 13, seed=6, goal="diameter")
    path = meiro.solve(m).path if solved else None
    back = meiro.parse_text(meiro.render_text(m, style=style, path=path))
    assert back == m


def test_parse_plain_one_char_per_block_text():
    m = meiro.parse_text("#####\n#S  #\n### #\n#G  #\n#####\n")
    assert m.grid.shape == (5, 5) and m.start == (1, 1) and m.goal == (3, 1)
    assert meiro.solve(m, "bfs").length == 6


def test_parse_defaults_start_and_goal_and_accepts_crlf():
    m = meiro.parse_text("# # # # #\r\n#       #\r\n# # # # #\r\n")
    assert m.start == (1, 1) and m.goal == (1, 3)


@pytest.mark.parametrize("text,message", [
    ("", "empty"),
    ("###\n#x#\n###", r"unknown character 'x' at line 2, column 2"),
    ("###\n# #\n##", "line 3 has 2 blocks but line 1 has 3"),
    ("#####\n#S S#\n#####", "a second start at line 2, column 4"),
    ("#####\n#G G#\n#####", "a second goal"),
    ("## ##\n#   #\n#####", "border must be closed"),
    ("####\n#  #\n####", "width must be odd"),
    ("#####\n#S#G#\n#####\n", None),
])
def test_parse_rejects_bad_text(text, message):
    if message is None:  # a valid file whose goal is unreachable still parses
        with pytest.raises(meiro.NoPathError):
            meiro.solve(meiro.parse_text(text))
        return
    with pytest.raises(meiro.MazeError, match=message):
        meiro.parse_text(text)


def test_render_rejects_unknown_style_and_bad_path():
    m = meiro.generate(3, 3, seed=0)
    with pytest.raises(meiro.MazeError, match="unknown style 'fancy'; choose one of: hash, block"):
        meiro.render_text(m, style="fancy")
    with pytest.raises(meiro.MazeError, match="path leaves"):
        meiro.render_text(m, path=np.array([[1, 1], [99, 1]]))


def test_entrance_and_exit_in_the_border_move_inside():
    # the layout mazelib's tostring() writes: S and E cut into the outer wall
    text = "\n".join(["#S#####", "# #   #", "# # # #", "#   # #", "#####E#"])
    m = meiro.parse_text(text)
    assert m.start == (1, 1) and m.goal == (3, 5)
    assert m.grid[0].all() and m.grid[-1].all()  # the border is closed again
    assert meiro.solve(m, "bfs").length == 10


@pytest.mark.parametrize("text,message", [
    ("S####\n#   #\n#####", "start at line 1, column 1 is in the border"),
    ("#####\n# # #\n##E##", "goal at line 3, column 3 is in the border with no open block"),
])
def test_border_marks_without_a_way_in_are_rejected(text, message):
    with pytest.raises(meiro.MazeError, match=message):
        meiro.parse_text(text)

"""Pixels without a window: the view's geometry, partial renders, saved images, records."""

import json

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.game.model import GOAL, PATH, START, WALL
from meiro.game.records import Records, data_dir, record_key
from meiro.ui.raster import COLORS, PALETTE, PLAYER, View, block_scale, maze_image


def paint_of(maze):
    paint = np.where(maze.grid, WALL, PATH).astype(np.uint8)
    paint[maze.start], paint[maze.goal] = START, GOAL
    return paint


@settings(max_examples=40, deadline=None)
@given(cells=st.integers(2, 60), width=st.integers(40, 500), height=st.integers(40, 500),
       zoom=st.integers(-3, 4), data=st.data())
def test_a_repainted_rectangle_matches_the_full_render(cells, width, height, zoom, data):
    maze = meiro.generate(cells, cells, seed=cells)
    view = View(*maze.shape, width, height)
    view.set_zoom(zoom)
    rows, cols = maze.shape
    player = (data.draw(st.integers(0, cells - 1)) * 2 + 1, data.draw(st.integers(0, cells - 1)) * 2 + 1)
    view.follow(player)
    paint = paint_of(maze)
    markers = (maze.start, maze.goal)
    full = view.render(paint, markers=markers, player=player, goal=maze.goal)
    assert full.shape == (view.height, view.width, 3)
    flat = np.array(data.draw(st.lists(st.integers(0, rows * cols - 1), min_size=1, max_size=4)))
    rect = view.dirty_rect(flat)
    if rect is not None:
        x0, y0, x1, y1 = rect
        part = view.render(paint, rect, markers, player, goal=maze.goal)
        assert (part == full[y0:y1, x0:x1]).all()


def test_blocks_map_to_their_pixels_and_back():
    view = View(31, 41, 500, 300)
    for row, col in [(0, 0), (15, 20), (30, 40), (7, 3)]:
        x0, y0, x1, y1 = view.block_rect(row, col)
        assert x0 < x1 and y0 < y1
        assert view.block_at((x0 + x1) // 2, (y0 + y1) // 2) == (row, col)
    assert not view.scrolls and view.px == pytest.approx(300 / 31)


def test_big_mazes_scroll_and_the_view_keeps_the_player_inside():
    view = View(2001, 2001, 800, 600)
    assert view.scrolls and view.px >= 4
    for pos in [(1, 1), (999, 1500), (1999, 1999), (1, 1999)]:
        view.follow(pos)
        x0, y0, x1, y1 = view.block_rect(*pos)
        assert 0 <= x0 < x1 <= 800 and 0 <= y0 < y1 <= 600
    view.show_all()
    assert not view.scrolls and view.px == pytest.approx(600 / 2001)


def test_player_is_a_springgreen_circle_and_markers_survive_scaling_down():
    maze = meiro.generate(300, 300, seed=1)
    view = View(*maze.shape, 300, 300)
    view.show_all()
    out = view.render(paint_of(maze), markers=(maze.start, maze.goal), player=(299, 301))
    for pos, colour in [(maze.start, COLORS["red"]), (maze.goal, COLORS["blue"])]:
        x0, y0, x1, y1 = view.marker_rect(*pos)
        cx, cy = min(max((x0 + x1) // 2, 0), 299), min(max((y0 + y1) // 2, 0), 299)
        assert tuple(out[cy, cx]) == colour
    big = View(11, 11, 220, 220)
    out = big.render(np.full((11, 11), PATH, np.uint8), player=(5, 5))
    x0, y0, x1, y1 = big.block_rect(5, 5)
    assert tuple(out[(y0 + y1) // 2, (x0 + x1) // 2]) == PLAYER
    assert tuple(out[y0, x0]) == COLORS["white"]  # the circle leaves the block's corners


def test_saved_image_is_the_grid_scaled():
    maze = meiro.generate(7, 4, seed=3, goal="farthest")
    scale = block_scale(*maze.shape)
    pixels = np.asarray(maze_image(maze))
    assert pixels.shape == (maze.shape[0] * scale, maze.shape[1] * scale, 3)
    assert (pixels[::scale, ::scale] == PALETTE[paint_of(maze)]).all()


def test_records_keep_the_best_and_survive_a_damaged_file(tmp_path):
    path = tmp_path / "meiro" / "records.json"
    key = record_key("dig", 20, 20, 7, "corner")
    records = Records(path)
    assert records.best(key) is None
    assert records.update(key, 30.0, 50) == (True, True)
    assert records.update(key, 40.0, 45) == (False, True)
    assert records.update(key, 20.0, 60) == (True, False)
    assert json.loads(path.read_text())[key] == {"time": 20.0, "moves": 45}
    path.write_text("{not json")
    assert Records(path).best(key) is None  # a damaged file is no crash
    path.write_text(json.dumps({key: {"time": "x", "moves": 3}}))
    assert Records(path).best(key) is None
    assert not list(path.parent.glob("*.part"))


def test_note_clear_says_what_to_tell_the_player(tmp_path):
    key = record_key("dig", 5, 5, 1, "corner")
    records = Records(tmp_path / "records.json")
    assert records.note_clear(key, 10.0, 12) == "new_best"
    assert records.note_clear(key, 11.0, 12) is None  # neither faster nor fewer
    assert records.note_clear(key, 1.0, 2, helped=True) == "not_recorded"
    assert records.best(key) == {"time": 10.0, "moves": 12}  # a helped clear is not written
    (tmp_path / "records.json").unlink()
    (tmp_path / "records.json").mkdir()  # now the file cannot be written
    note = records.note_clear(key, 5.0, 12)
    assert note is not None and note.startswith("cannot write")


def test_data_folder_per_platform(tmp_path):
    assert data_dir({"XDG_DATA_HOME": str(tmp_path)}, "linux") == tmp_path / "meiro"
    assert data_dir({}, "linux", tmp_path) == tmp_path / ".local" / "share" / "meiro"
    assert data_dir({"APPDATA": str(tmp_path)}, "win32") == tmp_path / "meiro"
    assert data_dir({}, "darwin", tmp_path) == tmp_path / "Library" / "Application Support" / "meiro"


@pytest.mark.parametrize("zoom", [0, 1, -1, -2, "whole"])
def test_what_a_move_changes_stays_inside_its_dirty_rectangle_halo_and_ringed_goal_too(zoom):
    """A front end repaints only the dirty rectangle of the changed blocks: the player's halo
    (a big maze) and the ringed goal (blocks too small to see, moved inside the window at its
    edge) must not reach past it, or a move would leave pieces of the old halo behind."""
    from meiro.game.model import TRAIL

    maze = meiro.generate(150, 150, seed=3)
    view = View(*maze.shape, 420, 300)
    assert view.big
    if zoom == "whole":
        view.show_all()
    else:
        view.set_zoom(zoom)
    path = [tuple(p) for p in meiro.solve(maze).path.tolist()]
    paint = paint_of(maze)
    markers = (maze.start, maze.goal)
    for here, there in [*zip(path[:6], path[1:7]), *zip(path[-6:-1], path[-5:])]:
        view.follow(there)
        before = view.render(paint, markers=markers, player=here, goal=maze.goal)
        after_paint = paint.copy()
        after_paint[here] = TRAIL
        after = view.render(after_paint, markers=markers, player=there, goal=maze.goal)
        changed = np.array([here[0] * maze.shape[1] + here[1], there[0] * maze.shape[1] + there[1]])
        rect = view.dirty_rect(changed)
        outside = np.ones(before.shape[:2], bool)
        if rect is not None:
            x0, y0, x1, y1 = rect
            outside[y0:y1, x0:x1] = False
        assert (before[outside] == after[outside]).all()
        paint = after_paint


def test_the_player_has_a_halo_on_a_big_maze_only_and_the_goal_a_ring_when_blocks_are_tiny():
    from meiro.ui.raster import GOAL_MIN_PX, RING_PX

    black, white = COLORS["black"], COLORS["white"]
    maze = meiro.generate(300, 300, seed=1)
    paint = paint_of(maze)
    for zoom in (0, 2, "whole"):
        view = View(*maze.shape, 500, 500)
        view.show_all() if zoom == "whole" else view.set_zoom(zoom, (1, 1))
        out = view.render(paint, markers=(maze.start, maze.goal), player=(1, 1), goal=maze.goal)
        x0, y0, x1, y1 = view.marker_rect(1, 1)
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        assert tuple(out[int(cy), int(cx)]) == PLAYER
        # right of and below the circle: a dark ring, then a light one, whatever the zoom
        for dx, dy in [(1, 0), (0, 1)]:
            for step, colour in [(1, black), (RING_PX + 1.5, white)]:
                x, y = int(cx + dx * (r + step)), int(cy + dy * (r + step))
                assert tuple(out[y, x]) == colour, (zoom, dx, dy, step)
        if zoom == "whole":  # blocks under a pixel: the goal is a ringed square of 9+ pixels
            gx0, gy0, gx1, gy1 = view.goal_rect(*maze.goal)
            assert gx1 - 2 * RING_PX <= 500 and gy1 - 2 * RING_PX <= 500  # the square in the window
            inner = out[gy0 + 2 * RING_PX:gy1 - 2 * RING_PX, gx0 + 2 * RING_PX:gx1 - 2 * RING_PX]
            assert min(inner.shape[:2]) >= GOAL_MIN_PX and (inner == COLORS["blue"]).all()
            gx, gy = view.marker_rect(*maze.goal)[:2]
            assert tuple(out[gy + 2, gx + 2]) == COLORS["blue"]  # on the goal's own block
            assert (out[gy0 + RING_PX, gx0 + RING_PX:gx1 - RING_PX] == black).all()
            assert (out[gy0, gx0:gx1] == white).all()
        else:  # blocks one can see: the goal is its block, no ring
            assert not view.goal_ringed
    small = View(21, 21, 420, 420)  # a maze that fits: the player as the original game drew it
    assert not small.big
    out = small.render(np.full((21, 21), PATH, np.uint8), player=(5, 5))
    x0, y0, x1, y1 = small.block_rect(5, 5)
    assert tuple(out[(y0 + y1) // 2, x1 + 1]) == COLORS["white"]

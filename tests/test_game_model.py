"""The game's rules, headless: phases, moves, counters, clock, animations, keys."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import meiro
from meiro.game import KEYMAP, Direction, GameModel, Move, Phase, ShowAnswer, Skip, StartStop
from meiro.game.clock import format_elapsed
from meiro.game.entry import parse_entry
from meiro.game.model import ANSWER, GOAL, PATH, START, TRAIL, WALL
from meiro.maze import replay_carving

from support import block_distances

STEP_TO_DIR = {(-1, 0): Direction.N, (0, 1): Direction.E, (1, 0): Direction.S, (0, -1): Direction.W}


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def playing(width=8, height=6, seed=3, goal="corner"):
    clock = FakeClock()
    game = GameModel(clock=clock)
    game.start_maze(meiro.generate(width, height, seed=seed, goal=goal))
    game.handle(Skip())
    assert game.phase is Phase.PLAYING
    return game, clock


def walk(game, path):
    for a, b in zip(path[:-1], path[1:]):
        game.handle(Move(STEP_TO_DIR[(int(b[0] - a[0]), int(b[1] - a[1]))]))


# -- entry -------------------------------------------------------------------------
@pytest.mark.parametrize("text,unit,size", [("31", "blocks", (15, 15)), ("5", "blocks", (2, 2)),
                                            ("21x11", "blocks", (10, 5)), ("15", "cells", (15, 15)),
                                            ("20x2", "cells", (20, 2))])
def test_entry_accepts_block_sides_and_cells(text, unit, size):
    assert parse_entry(text, unit) == size


@pytest.mark.parametrize("text,key", [("", "値を入力してください。"), ("  ", "値を入力してください。"),
                                      ("30", "無効な値です。"), ("3", "無効な値です。"),
                                      ("99999", "無効な値です。"), ("7x8", "無効な値です。")])
def test_entry_refusals_use_the_seed_messages(text, key):
    game = GameModel(clock=FakeClock(), lang="ja")
    game.entry_text = text
    assert game.handle(StartStop())
    assert game.phase is Phase.ENTRY and game.maze is None
    assert game.message == key


def test_entry_only_takes_digits_and_converts_between_units():
    game = GameModel(clock=FakeClock())
    assert game.set_entry("31") and not game.set_entry("31a") and game.entry_text == "31"
    game.set_unit("cells")
    assert game.entry_text == "15" and "2" in game.message
    game.set_unit("blocks")
    assert game.entry_text == "31"


def test_bad_seed_is_refused_with_a_message():
    game = GameModel(clock=FakeClock(), lang="en")
    game.entry_text, game.seed_text = "11", str(2**64)
    game.handle(StartStop())
    assert game.phase is Phase.ENTRY and "seed" in game.message.lower()


def test_enter_starts_exactly_the_generated_maze():
    game = GameModel(clock=FakeClock(), algorithm="dig", goal="farthest")
    game.entry_text, game.seed_text = "21", "7"
    game.handle(StartStop())
    assert game.phase is Phase.DIGGING
    assert game.maze == meiro.generate(10, 10, algorithm="dig", seed=7, goal="farthest")


# -- digging replay ---------------------------------------------------------------------
def test_digging_replays_the_carve_order_with_the_clock():
    clock = FakeClock()
    game = GameModel(clock=clock)
    maze = meiro.generate(15, 15, seed=2)
    game.start_maze(maze)
    changes = game.take_changes()
    assert changes.full and (game.paint == WALL).all()
    seen = []
    while game.phase is Phase.DIGGING:
        clock.now += 0.05
        game.tick()
        blocks = game.take_changes().blocks
        seen.extend(blocks.tolist())
        open_now = game.paint != WALL
        if game.phase is Phase.DIGGING:
            assert (open_now == ~replay_carving(maze.shape, maze.carve_order, game.dig_done)).all()
    # a 15x15 maze takes a few seconds to watch, every block repainted once as it opens
    assert 1.5 < clock.now - 1000.0 < 4.0
    assert set(maze.carve_order.tolist()) <= set(seen)
    assert (game.paint != WALL).sum() == (~maze.grid).sum()
    assert game.paint[maze.start] == START and game.paint[maze.goal] == GOAL
    assert game.elapsed == 0.0 and game.stopwatch.running


def test_big_maze_digs_in_seconds():
    clock = FakeClock()
    game = GameModel(clock=clock)
    game.start_maze(meiro.generate(300, 300, seed=1))
    clock.now += 7.0
    game.tick()
    assert game.phase is Phase.PLAYING


def test_space_skips_digging_and_moves_are_ignored_meanwhile():
    clock = FakeClock()
    game = GameModel(clock=clock)
    game.start_maze(meiro.generate(6, 6, seed=1))
    for direction in (Direction.N, Direction.S, Direction.W):
        assert not game.handle(Move(direction)) and game.player == game.maze.start
    game.handle(Skip())
    assert game.phase is Phase.PLAYING and (game.paint[~game.maze.grid] != WALL).all()


def test_the_right_arrow_steps_the_digging_and_enter_goes_on():
    clock = FakeClock()
    game = GameModel(clock=clock)
    maze = meiro.generate(6, 6, seed=1)
    game.start_maze(maze)
    clock.now += 0.5
    game.tick()
    reached = game.dig_done
    assert 0 < reached < game.dig_total
    order = maze.carve_order
    for k in range(1, 4):  # each press opens the next block of the log, and only that one
        assert game.handle(Move(Direction.E))
        assert game.dig_paused and not game.animating and game.dig_done == reached + k
        assert game.paint.ravel()[order[reached + k - 1]] == PATH
        assert (game.paint.ravel()[order[reached + k:]] == WALL).all()
        assert game.player == maze.start
    clock.now += 100  # paused: time passes, nothing is dug
    assert not game.tick() and game.dig_done == reached + 3
    assert game.handle(StartStop()) and not game.dig_paused and game.phase is Phase.DIGGING
    assert not game.tick() and game.dig_done == reached + 3  # goes on from there, no jump
    clock.now += 0.5
    game.tick()
    assert game.dig_done > reached + 3
    game.handle(StartStop())  # Enter while digging (not paused) still stops the maze
    assert game.phase is Phase.ENTRY


# -- moving and counting ------------------------------------------------------------------
def test_walls_block_and_only_first_entries_count():
    game, _ = playing()
    grid = game.maze.grid
    for d in Direction:  # (1, 1) has walls on two sides at least: N and W are the border
        r, c = 1 + d.value[0], 1 + d.value[1]
        moved = game.handle(Move(d))
        assert moved == (not grid[r, c])
        if moved:
            game.handle(Move(Direction((-d.value[0], -d.value[1]))))
    assert game.player == (1, 1)
    assert game.steps == 2 * sum(not grid[1 + d.value[0], 1 + d.value[1]] for d in Direction)
    assert game.moves == game.steps // 2  # each neighbour entered once, the start never counts
    assert game.paint[1, 1] == START


def test_trail_and_clear_at_the_goal_stop_the_clock():
    game, clock = playing()
    path = meiro.solve(game.maze).path
    clock.now += 12.34
    walk(game, path)
    assert game.player == game.maze.goal and game.cleared and game.phase is Phase.CLEARED
    assert game.moves == game.steps == game.min_moves == len(path) - 1
    assert all(game.paint[tuple(p)] == TRAIL for p in path[1:-1])
    assert game.paint[game.maze.goal] == GOAL
    frozen = game.elapsed
    clock.now += 50
    assert game.elapsed == frozen == pytest.approx(12.34)
    assert game.clock_text == "12.3秒"
    assert not game.handle(Move(Direction.W))  # the game is over


def test_watching_the_search_while_playing_keeps_the_clear_out_of_the_records():
    game, _ = playing()
    path = meiro.solve(game.maze).path
    walk(game, path)
    assert game.cleared and game.clear_counts  # unhelped: a record
    game.start_maze(game.maze)
    assert not game.watch_search()  # still digging: nothing to watch
    game.handle(Skip())
    assert game.watch_search() and game.search_watched
    walk(game, path)
    assert game.cleared and not game.clear_counts
    game.start_maze(game.maze)  # a new game forgets it
    game.handle(Skip())
    walk(game, path)
    assert game.watch_search() and game.clear_counts  # watching after the clear changes nothing


def test_moves_count_matches_distinct_blocks_entered():
    game, _ = playing(10, 10, seed=5)
    rng = np.random.default_rng(0)
    entered = {game.maze.start}
    for _ in range(400):
        before = game.player
        game.handle(Move(list(Direction)[rng.integers(4)]))
        if game.player != before:
            entered.add(game.player)
        if game.phase is not Phase.PLAYING:
            break
    assert game.moves == len(entered) - 1
    assert game.visited.sum() == len(entered)


def test_min_moves_is_the_a_star_length():
    game, _ = playing(12, 9, seed=11, goal="farthest")
    dist = block_distances(game.maze.grid, game.maze.start)
    assert game.min_moves == dist[game.maze.goal]


# -- answer ---------------------------------------------------------------------------------
def test_answer_is_drawn_block_by_block_and_ends_the_game():
    game, clock = playing(10, 10, seed=4)
    game.handle(Move(Direction.E)) or game.handle(Move(Direction.S))
    player, count = game.player, game.moves
    clock.now += 5
    game.handle(ShowAnswer())
    assert game.phase is Phase.ANSWER and not game.stopwatch.running
    assert game.elapsed == pytest.approx(5)
    shown = []
    while not game.answer_done:
        clock.now += 0.02
        game.tick()
        shown.append(game.answer_shown)
    assert shown == sorted(shown) and len(set(shown)) > 5  # gradual
    path = game.answer_path
    assert all(game.paint[tuple(p)] == ANSWER for p in path[1:-1])
    assert game.paint[game.maze.start] == START and game.paint[game.maze.goal] == GOAL
    assert not game.handle(Move(Direction.W)) and game.player == player and game.moves == count
    assert game.entry_enabled


def test_enter_stops_a_running_game_and_restarts_from_the_entry():
    game, clock = playing()
    game.entry_text = "9"
    clock.now += 3
    game.handle(StartStop())
    assert game.phase is Phase.ENTRY and not game.stopwatch.running
    game.handle(StartStop())
    assert game.phase is Phase.DIGGING and game.maze.shape == (9, 9)


# -- clock ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seconds,ja,en", [
    (0, "0.0秒", "0.0 s"), (59.99, "59.9秒", "59.9 s"), (60, "1分 0.0秒", "1 min 0.0 s"),
    (61.25, "1分 1.2秒", "1 min 1.2 s"), (3599.9, "59分 59.9秒", "59 min 59.9 s"),
    (3600, "1時間 0分 0.0秒", "1 h 0 min 0.0 s"), (7384.5, "2時間 3分 4.5秒", "2 h 3 min 4.5 s")])
def test_clock_format_follows_the_seed(seconds, ja, en):
    assert format_elapsed(seconds, "ja") == ja
    assert format_elapsed(seconds, "en") == en


def test_clock_runs_from_maze_ready_with_the_fake_time():
    game, clock = playing()
    assert game.clock_text == "0.0秒"
    clock.now += 75.5
    assert game.clock_text == "1分 15.5秒"


# -- any key, any moment ----------------------------------------------------------------------
KEYS = sorted(KEYMAP)


def check_sane(game: GameModel):
    assert game.phase in Phase
    if game.maze is None:
        assert game.phase is Phase.ENTRY
        return
    grid = game.maze.grid
    assert not grid[game.player]
    assert 0 <= game.dig_done <= game.dig_total
    assert game.moves <= game.steps and game.moves == game.visited.sum() - 1
    assert game.visited[game.maze.start] and game.visited[game.player]
    assert (game.paint[grid] == WALL).all()  # walls are never painted open
    if game.phase in (Phase.PLAYING, Phase.CLEARED, Phase.ANSWER):
        assert game.dig_done == game.dig_total
        assert (game.paint[~grid] != WALL).all()
    assert game.cleared == (game.phase is Phase.CLEARED) or game.phase is Phase.ENTRY
    if game.cleared:
        assert game.player == game.maze.goal
    assert game.elapsed >= 0 and not (game.stopwatch.running and game.phase is not Phase.PLAYING)
    assert game.entry_enabled == (game.phase in (Phase.ENTRY, Phase.CLEARED)
                                  or (game.phase is Phase.ANSWER and game.answer_done))
    game.clock_text, game.message  # always formattable


@settings(max_examples=60, deadline=None)
@given(keys=st.lists(st.tuples(st.sampled_from(KEYS), st.floats(0, 1.5)), max_size=120),
       entry=st.sampled_from(["", "5", "7", "11", "8", "9x5"]), start=st.booleans())
def test_random_keys_in_every_phase_leave_a_sensible_state(keys, entry, start):
    clock = FakeClock()
    game = GameModel(clock=clock, lang="en")
    game.entry_text = entry
    if start:
        game.start_maze(meiro.generate(4, 3, seed=len(keys)))
    for key, wait in keys:
        clock.now += wait
        game.handle(KEYMAP[key])
        game.take_changes()
        check_sane(game)


def test_keys_are_never_dropped_when_typed_fast():
    game, clock = playing(20, 20, seed=9)
    path = meiro.solve(game.maze).path
    for a, b in zip(path[:-1], path[1:]):
        clock.now += 0.05
        game.handle(Move(STEP_TO_DIR[(int(b[0] - a[0]), int(b[1] - a[1]))]))
        assert game.player == (int(b[0]), int(b[1]))
    assert game.cleared


def test_changes_name_only_the_blocks_that_moved():
    game, _ = playing()
    game.take_changes()
    cols = game.maze.shape[1]
    before = game.player
    for d in Direction:
        if game.handle(Move(d)):
            break
    changes = game.take_changes()
    assert not changes.full and changes.status
    assert set(changes.blocks.tolist()) == {before[0] * cols + before[1],
                                            game.player[0] * cols + game.player[1]}
    assert game.take_changes().blocks.size == 0


# -- watching the search ---------------------------------------------------------------
@pytest.mark.parametrize("method", ["astar", "bfs"])
def test_search_replay_colours_follow_the_expansions(method):
    from meiro.game.search_replay import CLOSED, CURRENT, FRONTIER, SearchReplay

    maze = meiro.generate(9, 7, seed=6, goal="farthest")
    replay = SearchReplay(maze, method)
    assert replay.total == replay.expanded == meiro.solve(maze, method).expanded
    dist = block_distances(maze.grid, maze.start)
    for k in range(1, replay.total + 1):
        replay.advance(k)
        pos = tuple(int(v) for v in replay.explored[k - 1])
        if pos not in (maze.start, maze.goal):
            assert replay.paint[pos] == (CURRENT if k < replay.total else CLOSED)
        assert (replay.paint[maze.grid] == WALL).all()
        assert (replay.paint == CURRENT).sum() <= 1
        frontier = replay.frontier
        assert ((replay.paint == FRONTIER) <= frontier).all()
        known = replay.g >= 0  # g is the true distance on a perfect maze
        assert (replay.g[known] == dist[known]).all()
    assert replay.paint[maze.start] == START and replay.paint[maze.goal] == GOAL
    assert replay.f(maze.goal) == replay.g[maze.goal] == dist[maze.goal]


# -- keys and texts ------------------------------------------------------------------------
def test_keymap_covers_the_seed_keys():
    from meiro.game import OpenFolder, Quit, SaveImage

    for keys, d in [(("Up", "w", "W"), Direction.N), (("Down", "s"), Direction.S),
                    (("Left", "a"), Direction.W), (("Right", "d"), Direction.E)]:
        assert all(KEYMAP[k] == Move(d) for k in keys)
    assert KEYMAP["space"] == Skip() and KEYMAP["Return"] == StartStop()
    assert KEYMAP["i"] == ShowAnswer() and KEYMAP["p"] == SaveImage()
    assert KEYMAP["o"] == OpenFolder() and KEYMAP["Escape"] == Quit()
    assert not any(k.isdigit() for k in KEYMAP)  # digits belong to the size entry


def test_both_languages_have_every_message():
    from meiro.text.messages import MESSAGES, default_language

    assert MESSAGES["ja"].keys() == MESSAGES["en"].keys()
    assert MESSAGES["ja"]["entry_empty"] == "値を入力してください。"
    assert MESSAGES["ja"]["entry_invalid"] == "無効な値です。"
    assert default_language({"LC_ALL": "ja_JP.UTF-8"}) == "ja"
    assert default_language({"LANG": "en_GB.UTF-8"}) == "en"


def test_the_library_and_the_model_import_no_gui_toolkit():
    import subprocess
    import sys

    code = ("import sys, meiro, meiro.game, meiro.cli, meiro.game.search_replay; "
            "print(sorted(m for m in ('tkinter', 'PIL', 'curses') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "PYTHONPATH": "src"})
    assert out.stdout.strip() == "[]"


def open_ways(grid, block):
    r, c = block
    return sum(not grid[r + d.value[0], c + d.value[1]] for d in Direction)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), braid=st.sampled_from([0.0, 0.5, 1.0]),
       directions=st.lists(st.sampled_from(list(Direction)), min_size=1, max_size=60))
def test_shift_runs_along_corridors_and_stops_where_the_player_must_choose(seed, braid, directions):
    maze = meiro.generate(9, 7, seed=seed, braid=braid, goal="farthest")
    model = GameModel(lang="en")
    model.start_maze(maze)
    model.handle(Skip())
    for direction in directions:
        before_visited, before = model.visited.copy(), (model.player, model.steps)
        single = GameModel(lang="en")            # the same step, taken alone
        single.start_maze(maze)
        single.handle(Skip())
        single.player, single.visited = model.player, model.visited.copy()
        moved = model.handle(Move(direction, run=True))
        assert moved == single.handle(Move(direction)) or model.cleared
        if not moved:
            assert (model.player, model.steps) == before
            continue
        # it stops at a junction, a dead end or the goal, never inside a corridor
        assert model.cleared or open_ways(maze.grid, model.player) != 2
        # every block it newly passed through (before the stop) is a corridor block
        passed = np.argwhere(model.visited & ~before_visited)
        for block in map(tuple, passed):
            if block != model.player:
                assert open_ways(maze.grid, block) == 2, block
        if model.cleared:
            break


def test_a_one_cell_maze_is_cleared_as_soon_as_it_is_dug():
    model = GameModel(lang="en")
    model.start_maze(meiro.generate(1, 1, seed=3))
    assert not model.cleared
    model.handle(Skip())
    assert model.cleared and model.phase is Phase.CLEARED and model.moves == 0
    assert not model.handle(Move(Direction.E))


def test_the_block_being_dug_is_known_while_digging_and_its_old_block_is_redrawn():
    clock = [0.0]
    model = GameModel(lang="en", clock=lambda: clock[0])
    maze = meiro.generate(6, 5, seed=4)
    model.start_maze(maze)
    assert model.digging_at is None  # nothing dug yet
    order = maze.carve_order
    cols = maze.shape[1]
    for k in range(1, 6):
        model.take_changes()
        model.handle(Move(Direction.E))  # → digs one block at a time
        assert model.digging_at == divmod(int(order[k - 1]), cols)
        changed = set(model.take_changes().blocks.tolist())
        assert int(order[k - 1]) in changed
        if k > 1:
            assert int(order[k - 2]) in changed  # the yellow square left it
    model.handle(Skip())
    assert model.digging_at is None

"""The game session without any UI: records at a round's end, command effects, one viewport."""

from pathlib import Path

import numpy as np
import pytest

import meiro
from meiro.errors import MazeError
from meiro.game import (Direction, GameModel, Move, OpenFolder, Phase, Quit, SaveImage, ShowAnswer,
                        Skip, StartStop, WatchSearch, Zoom)
from meiro.game.entry import EntryError, EntryForm
from meiro.game.records import Records
from meiro.game.round import Round
from meiro.game.session import GameSession
from meiro.game.viewport import Viewport

STEP = {(-1, 0): Direction.N, (0, 1): Direction.E, (1, 0): Direction.S, (0, -1): Direction.W}


class Lens:
    """20 blocks a side at zoom 0, twice as many a step down; z shows 160."""

    def span(self, zoom):
        return 20 * 2.0 ** -zoom, 20 * 2.0 ** -zoom

    def zooms(self):
        return -2, 1

    def whole(self):
        return -3


class Host:
    def __init__(self, tmp_path, confirm=True, save=None, open_error=None):
        self.pictures = tmp_path / "pictures"
        self.calls = []
        self.confirm, self.save, self.open_error = confirm, save, open_error

    def show(self, viewport):
        self.calls.append("show")
        viewport.lens = Lens()

    def confirm_large(self, width, height):
        self.calls.append(("confirm", width, height))
        return self.confirm

    def save_picture(self, maze):
        self.calls.append("save")
        if isinstance(self.save, Exception):
            raise self.save
        return self.save

    def open_pictures(self):
        self.calls.append("open")
        if self.open_error:
            raise self.open_error

    def watch_search(self, maze):
        self.calls.append(("search", maze))

    def quit(self):
        self.calls.append("quit")


def session_for(tmp_path, maze=None, records=True, **host):
    now = [0.0]
    model = GameModel(clock=lambda: now[0], lang="en")
    session = GameSession(model, Records(tmp_path / "records.json") if records else None,
                          Host(tmp_path, **host), dig_overview=True)
    if maze is not None:
        model.start_maze(maze)
    return session, now


def walk(session, path):
    for a, b in zip(path[:-1], path[1:]):
        session.command(Move(STEP[(int(b[0] - a[0]), int(b[1] - a[1]))]))


# -- records -------------------------------------------------------------------------------
def test_the_best_time_is_recorded_once_when_the_round_ends_not_when_drawn(tmp_path):
    maze = meiro.generate(6, 5, seed=3)
    session, now = session_for(tmp_path, maze)
    session.command(Skip())
    now[0] += 4.0
    path = meiro.solve(maze).path
    walk(session, path[:-1])
    assert not session.records.path.exists()  # still playing: nothing written
    walk(session, path[-2:])
    assert session.model.phase is Phase.CLEARED
    assert Records(session.records.path).best(session.record_key()) == {"time": 4.0, "moves": len(path) - 1}
    assert session.info == session.t("new_best") and "Best" in session.best_text()
    session.records.path.unlink()
    session.update_view(), session.best_text(), session.tick()  # drawing and time: no writes
    assert not session.records.path.exists()


def test_a_clear_the_model_reports_is_recorded_whoever_drives_the_model(tmp_path):
    maze = meiro.generate(4, 4, seed=1)
    session, _ = session_for(tmp_path, maze)
    model = session.model
    model.handle(Skip())
    path = meiro.solve(maze).path
    for a, b in zip(path[:-1], path[1:]):
        model.handle(Move(STEP[(int(b[0] - a[0]), int(b[1] - a[1]))]))
    assert session.best() is not None


def test_a_helped_clear_and_a_maze_named_by_nothing_keep_no_records(tmp_path):
    maze = meiro.generate(5, 5, seed=2)
    session, _ = session_for(tmp_path, maze)
    session.command(Skip())
    session.command(WatchSearch())
    walk(session, meiro.solve(maze).path)
    assert session.model.cleared and session.info == session.t("not_recorded")
    assert session.best() is None and not session.records.path.exists()
    handmade = meiro.Maze(maze.grid, generation={"seed": 5})
    session2, _ = session_for(tmp_path, handmade)
    session2.command(Skip())
    walk(session2, meiro.solve(handmade).path)
    assert session2.model.cleared and session2.record_key() is None and session2.info == ""


# -- command effects ----------------------------------------------------------------------------
def test_enter_starts_from_the_form_and_a_new_maze_clears_the_news(tmp_path):
    session, _ = session_for(tmp_path)
    assert session.type_size("7") and not session.type_size("7a")
    session.set_seed("4")
    session.choose("wall", "farthest")
    session.say("old news")
    assert session.command(StartStop())
    assert session.model.maze == meiro.generate(3, 3, algorithm="wall", seed=4, goal="farthest")
    assert session.info == ""
    session.switch_unit()
    assert session.model.entry_unit == "blocks"  # the form is locked while the maze runs
    session.command(StartStop())
    session.switch_unit()
    assert (session.model.entry_unit, session.model.entry_text) == ("cells", "3")


def test_a_huge_maze_is_made_only_if_the_host_agrees(tmp_path):
    session, _ = session_for(tmp_path, confirm=False)
    session.model.set_unit("cells")
    session.type_size("1001x1000")
    assert not session.command(StartStop()) and session.model.maze is None
    assert session.host.calls == [("confirm", 1001, 1000)]


def test_save_open_search_and_quit_go_through_the_host(tmp_path):
    maze = meiro.generate(4, 4, seed=1)
    session, _ = session_for(tmp_path, maze, save="pictures/maze.png")
    host = session.host
    session.command(SaveImage())
    assert session.info == session.t("no_maze") and "save" not in host.calls  # digging
    session.command(WatchSearch())
    assert session.info == session.t("no_maze")
    session.command(Skip())
    session.command(SaveImage())
    assert session.info_ok and "pictures/maze.png" in session.info
    host.save = MazeError("disk full")
    session.command(SaveImage())
    assert not session.info_ok and "disk full" in session.info
    host.save = None  # the player cancelled: nothing to say
    session.say("")
    session.command(SaveImage())
    assert session.info == ""
    session.command(OpenFolder())
    assert session.info_ok and str(host.pictures) in session.info
    host.open_error = FileNotFoundError(2, "No such file or directory")
    session.command(OpenFolder())
    assert not session.info_ok and "No such file" in session.info
    session.command(WatchSearch())
    assert host.calls[-1] == ("search", maze) and session.model.search_watched
    session.command(Quit())
    assert host.calls[-1] == "quit"


def test_without_a_host_the_front_end_commands_do_nothing(tmp_path):
    model = GameModel(lang="en")
    session = GameSession(model)
    model.start_maze(meiro.generate(3, 3, seed=1))
    session.command(Skip())
    for command in (SaveImage(), OpenFolder(), WatchSearch(), Quit()):
        session.command(command)
    assert session.info == "" and session.viewport is None
    session.update_view()
    assert not session.command(Zoom(1)) and session.info == session.t("no_maze")


# -- the viewport -------------------------------------------------------------------------------
def test_one_viewport_a_maze_overview_while_digging_then_the_player(tmp_path):
    maze = meiro.generate(60, 60, seed=4)  # 121 blocks a side
    session, _ = session_for(tmp_path, maze)
    assert session.update_view() and session.host.calls == ["show"]
    view = session.viewport
    assert view.zoom == -3 and not view.scrolls  # the whole maze while it is dug
    assert not session.update_view()
    session.command(Skip())
    assert session.update_view() and view.zoom == 0 and view.span == (20, 20)
    assert view.visible(*session.model.player)
    path = meiro.solve(maze).path
    for step in range(1, 200):
        walk(session, path[step - 1:step + 1])
        session.update_view()
        assert view.visible(*session.model.player), step
    assert session.command(Zoom(-1)) and view.span == (40, 40) and session.update_view()
    assert session.command(Zoom(-5)) and view.zoom == -2  # + and - stop at the lens's levels
    assert not session.command(Zoom(-1))
    assert session.command(Zoom(0)) and view.zoom == -3  # z: the whole maze
    assert session.command(Zoom(1)) and view.zoom == -1  # from z's level, one step up
    session.model.start_maze(meiro.generate(5, 5, seed=1))
    session.update_view()
    assert session.viewport is not view  # a new maze, a new viewport


def test_the_viewport_centres_a_small_grid_and_follows_one_side_at_a_time():
    view = Viewport(11, 101)
    view.resize(20, 30)
    assert view.corner == (-4.5, 35.5) and view.scrolls  # centred on the grid's middle
    view.place((5, 10))
    assert view.corner == (-4.5, 0.0)
    assert not view.follow((5, 10))
    assert view.follow((5, 25)) and view.corner == (-4.5, 10.5)  # only across
    cells = Viewport(11, 101, cells=True)
    cells.resize(20.7, 30.2)  # whole character cells
    assert cells.size == (20, 30) and cells.offset == (0, 0) and cells.origin == (0, 0)
    assert cells.follow((5, 25)) and cells.origin == (0, 10) and float(cells.corner[1]).is_integer()
    rows, cols = np.array([0, 5, 5]), np.array([10, 39, 40])
    assert cells.visible(rows, cols).tolist() == [True, True, False]
    with pytest.raises(ValueError):
        cells.set_zoom(1)


# -- the model's two halves ---------------------------------------------------------------------
def test_the_model_is_an_entry_form_and_a_round():
    model = GameModel(lang="en", algorithm="wall", unit="cells")
    assert isinstance(model.form, EntryForm) and model.round is None
    assert (model.maze, model.player, model.moves, model.phase) == (None, None, 0, Phase.ENTRY)
    model.entry_text = "6x4"
    assert model.form.text == "6x4" and model.asked_size == (6, 4)
    model.handle(StartStop())
    assert isinstance(model.round, Round) and model.maze is model.round.maze
    assert model.maze_goal == "corner"
    model.goal = "farthest"  # the choosers change the next maze, not this one
    assert model.maze_goal == "corner" and model.form.goal == "farthest"
    form = EntryForm()
    form.seed_text = "12a"
    with pytest.raises(EntryError, match="seed_invalid"):
        form.seed()
    with pytest.raises(RuntimeError):
        GameModel().started


def test_show_answer_ends_the_round_without_a_record(tmp_path):
    maze = meiro.generate(5, 4, seed=6)
    session, now = session_for(tmp_path, maze)
    session.command(Skip())
    assert session.command(ShowAnswer()) and session.model.phase is Phase.ANSWER
    session.command(Skip())
    assert session.model.answer_done and session.model.entry_enabled
    assert not Path(session.records.path).exists()


def test_a_maze_of_thousands_of_moves_gets_a_hint_to_run():
    session = GameSession(GameModel(lang="en"))
    session.type_size("61x61")  # blocks: 30x30 cells
    session.command(StartStop())
    fewest = session.model.min_moves
    assert (fewest >= 1000) == session.hint.startswith("A big maze")
    session.command(StartStop())
    session.type_size("9")
    session.command(StartStop())
    assert session.hint == ""  # a small maze: no hint
    session.command(StartStop())
    session.type_size("301")
    session.command(StartStop())
    assert session.hint == f"A big maze: {session.model.min_moves} moves at least. Shift+arrow runs to the next junction"

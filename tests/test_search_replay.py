"""Watching the search, headless: the compiled replay against a plain-Python one, and its pacing."""

import math

import numpy as np
import pytest

import meiro
from meiro.game.model import ANSWER, GOAL, PATH, START, WALL
from meiro.game.search_replay import (CURRENT, SearchReplay, SearchWatch,
                                      search_duration)

from support import block_distances

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))

TEXT_MAZE = """\
###########
#S        #
# ## ### ##
#  #   #  #
## # #    #
#    # # G#
###########
"""  # drawn by hand: rooms and loops, not a lattice (the search steps block by block)


def reference(grid, explored, stride, t, dist):
    """Current, frontier, closed and g after ``t`` expansions, straight from the definitions.

    Frontier: open neighbours of expanded positions not expanded yet (and on a
    lattice the passage to them); closed: expanded positions but the current one
    (all of them after the last step), and passages whose two ends are expanded.
    g: 0 at the start, else the least ``g + step`` over the expanded neighbours.
    """
    expanded = [tuple(int(v) for v in p) for p in explored[:t]]
    done = set(expanded)
    current = expanded[-1] if 0 < t < len(explored) else None
    frontier, closed = set(), done - {current}
    g = {expanded[0]: 0} if expanded else {}
    for p in expanded:
        for dr, dc in STEPS:
            passage = (p[0] + dr, p[1] + dc)
            if grid[passage]:
                continue
            q = (p[0] + stride * dr, p[1] + stride * dc)
            if q not in done:
                frontier.add(q)
            if stride == 2:
                (closed if q in done else frontier).add(passage)
                g[passage] = min(g.get(passage, 1 << 40), int(dist[p]) + 1)
            if q != expanded[0]:
                g[q] = min(g.get(q, 1 << 40), int(dist[p]) + stride)
    return current, frontier, closed, g


def cells(mask):
    return {(int(r), int(c)) for r, c in zip(*mask.nonzero())}


MAZES = {
    "lattice": lambda: meiro.generate(9, 7, seed=6, goal="farthest"),
    "lattice-loops": lambda: meiro.generate(8, 8, seed=3, braid=0.6),
    "prim": lambda: meiro.generate(7, 9, algorithm="prim", seed=2),
    "text": lambda: meiro.parse_text(TEXT_MAZE),
}


@pytest.mark.parametrize("method", ["astar", "bfs"])
@pytest.mark.parametrize("name", sorted(MAZES))
def test_replay_matches_the_plain_python_reference(name, method):
    maze = MAZES[name]()
    replay = SearchReplay(maze, method)
    assert replay.stride == (1 if name == "text" else 2)
    dist = block_distances(maze.grid, maze.start)
    total = replay.total
    checked = sorted({0, 1, 2, 3, total // 3, total // 2, total - 1, total})
    for t in checked:
        replay.advance(t)
        current, frontier, closed, g = reference(maze.grid, replay.explored, replay.stride, t, dist)
        assert replay.current == current
        assert cells(replay.frontier) == frontier
        assert cells(replay.closed) == closed
        assert cells(replay.state == CURRENT) == ({current} if current else set())
        reached = {pos: int(replay.g[pos]) for pos in cells(replay.g >= 0)}
        assert reached == (g or {maze.start: 0})
        # expanded positions carry their true distance (both searches find shortest paths)
        assert all(int(replay.g[tuple(p)]) == dist[tuple(p)] for p in replay.explored[:t])
        paint = replay.paint.copy()
        assert paint[maze.start] == START and paint[maze.goal] == GOAL
        paint[maze.start] = paint[maze.goal] = 0
        expected = np.where(replay.state > 0, replay.state, np.where(maze.grid, WALL, PATH))
        expected[maze.start] = expected[maze.goal] = 0
        if t == total:  # the search's end: the route traced back from the goal, on top
            inside = np.asarray(replay.route)[1:-1]
            expected[inside[:, 0], inside[:, 1]] = ANSWER
        assert (paint == expected).all()


def test_stepping_one_at_a_time_equals_jumping_and_reports_every_change():
    maze = meiro.generate(10, 10, seed=8, braid=0.3)
    one, jump = SearchReplay(maze, "bfs"), SearchReplay(maze, "bfs")
    before = one.paint.copy()
    dirty = set()
    for k in range(1, one.total + 1):
        assert one.advance(k)
        dirty |= set(one.take_dirty().tolist())
    assert not one.advance(one.total) and one.take_dirty().size == 0
    jump.advance(jump.total + 5)
    assert jump.done == jump.total
    assert (one.paint == jump.paint).all() and (one.g == jump.g).all()
    changed = set(np.flatnonzero(one.paint != before).tolist())
    assert changed <= dirty and dirty <= set(np.flatnonzero(~maze.grid.ravel()).tolist())
    assert not one.frontier.any() or one.total < len(np.flatnonzero(~maze.grid[1::2, 1::2]))


def test_search_duration_grows_slowly_with_the_size():
    durations = [search_duration(n) for n in (1, 10, 100, 10_000, 1_000_000, 10**8)]
    assert durations == sorted(durations)
    assert durations[0] >= 0.5 and durations[-1] <= 8.0
    assert 5 <= search_duration(1_000_000) <= 8  # a 1000x1000 maze: seconds, not minutes


def test_watch_paces_both_searches_on_one_clock_and_space_skips():
    now = [0.0]
    maze = meiro.generate(30, 30, seed=5)
    watch = SearchWatch(maze, clock=lambda: now[0])
    astar, bfs = watch.replays
    assert watch.longest == max(astar.total, bfs.total)
    assert watch.tick() == [False, False]
    now[0] = watch.duration * 0.25
    watch.tick()
    quarter = [r.done for r in watch.replays]
    assert 0 < max(quarter) < watch.longest
    # the same pace for both, so the expanded counts compare at every moment
    assert all(r.done == min(r.total, max(quarter)) for r in watch.replays)
    watch.skip()
    assert watch.done and all(r.done == r.total for r in watch.replays)
    assert astar.closed[maze.goal] and not (astar.state == CURRENT).any()


def test_pause_freezes_step_moves_one_expansion_and_resume_carries_on():
    now = [0.0]
    maze = meiro.generate(30, 30, seed=5)
    watch = SearchWatch(maze, clock=lambda: now[0])
    now[0] = watch.duration * 0.3
    watch.tick()
    reached = watch.steps
    watch.pause()
    now[0] = watch.duration * 0.9
    assert watch.tick() == [False, False] and watch.steps == reached
    for k in range(1, 4):
        before = [r.done for r in watch.replays]
        watch.step()
        assert watch.paused and watch.steps == reached + k
        # one more expansion each, and the block being expanded is the one the solver took next
        for replay, done in zip(watch.replays, before):
            assert replay.done == min(replay.total, done + 1)
            if replay.done < replay.total:
                assert replay.current == tuple(int(v) for v in replay.explored[replay.done - 1])
                assert replay.state[replay.current] == CURRENT
    # resuming goes on from the step reached, at the usual pace: no jump to the clock's time
    watch.resume()
    assert watch.tick() == [False, False] and watch.steps == reached + 3
    now[0] += watch.duration * 0.1
    watch.tick()
    assert reached + 3 < watch.steps <= reached + 3 + math.ceil(0.1 * watch.longest) + 1
    watch.toggle()
    assert watch.paused
    watch.toggle()
    assert not watch.paused
    now[0] += watch.duration
    watch.tick()
    assert watch.done
    watch.step()  # stepping past the end changes nothing
    assert all(r.done == r.total for r in watch.replays)


def test_a_big_replay_advances_in_large_slices():
    maze = meiro.generate(200, 200, seed=1)
    replay = SearchReplay(maze, "bfs")
    assert replay.advance(replay.total // 2)
    dirty = replay.take_dirty()
    assert dirty.size >= replay.total // 2
    assert replay.closed.sum() >= replay.total // 2 - 1


def test_the_search_s_end_traces_the_route_back_from_the_goal():
    from meiro.paint import ANSWER

    maze = meiro.generate(9, 7, seed=12, goal="farthest")
    replay = SearchReplay(maze, "astar")
    replay.advance(replay.total - 1)
    replay.take_dirty()
    assert not replay.found and not (replay.paint == ANSWER).any()
    replay.advance(replay.total)
    route = meiro.solve(maze, "astar").path
    assert replay.found and replay.steps == len(route) - 1
    inside = route[1:-1]
    assert (replay.paint[inside[:, 0], inside[:, 1]] == ANSWER).all()
    assert replay.paint[maze.start] != ANSWER and replay.paint[maze.goal] != ANSWER
    dirty = set(replay.take_dirty().tolist())
    assert set((inside[:, 0] * maze.shape[1] + inside[:, 1]).tolist()) <= dirty

"""PLR's level buffer (meiro.curriculum.buffer): priorities, staleness, replacement, seeds."""

from __future__ import annotations

import numpy as np
import pytest

import meiro
from meiro.curriculum import LevelBuffer
from meiro.errors import MazeError

MAZES = [meiro.generate(5, 5, seed=s) for s in range(40)]


def test_rank_priorities_follow_plr():
    buffer = LevelBuffer(4, seed=0, staleness=0.0, temperature=0.5)
    buffer.extend(MAZES[:4], [0.1, 0.9, 0.5, 0.3])
    h = np.array([1 / 4, 1, 1 / 2, 1 / 3]) ** (1 / 0.5)
    assert np.allclose(buffer.probabilities(), h / h.sum())


def test_proportional_priorities_and_staleness_mix():
    buffer = LevelBuffer(3, seed=0, strategy="proportional", staleness=0.5, temperature=1.0)
    buffer.extend(MAZES[:3], [1.0, 3.0, 0.0])
    assert np.allclose(buffer.probabilities(), 0.5 * np.array([0.25, 0.75, 0.0]) + 0.5 / 3)  # none stale yet
    picked = buffer.sample()
    slot = next(i for i, m in enumerate(buffer.mazes) if m is picked)
    stale = np.array([1.0, 1.0, 1.0])
    stale[slot] = 0.0
    assert np.allclose(buffer.probabilities(), 0.5 * np.array([0.25, 0.75, 0.0]) + 0.5 * stale / 2)


def test_sampling_frequencies_match_the_probabilities():
    buffer = LevelBuffer(5, seed=3, staleness=0.0, temperature=1.0)
    buffer.extend(MAZES[:5], [5.0, 4.0, 3.0, 2.0, 1.0])
    expected = buffer.probabilities()
    draws = buffer.sample(20_000)
    counts = np.array([sum(d is m for d in draws) for m in buffer.mazes]) / len(draws)
    assert np.abs(counts - expected).max() < 0.015


def test_a_full_buffer_replaces_its_lowest_score_only_for_a_higher_one():
    buffer = LevelBuffer(3, seed=0)
    assert buffer.extend(MAZES[:3], [2.0, 1.0, 1.0]) is buffer
    assert not buffer.add(MAZES[3], score=0.5) and MAZES[3] not in buffer
    assert buffer.add(MAZES[3], score=1.5)          # the older of the two lowest goes
    assert MAZES[1] not in buffer and MAZES[2] in buffer and MAZES[3] in buffer
    assert buffer.add(MAZES[0], score=-4.0) and len(buffer) == 3  # a maze held: a new score
    assert sorted(buffer.scores.tolist()) == [-4.0, 1.0, 1.5]
    same = meiro.Maze(MAZES[2].grid.copy(), MAZES[2].start, MAZES[2].goal)  # equal maze, another object
    assert same in buffer and buffer.add(same, score=9.0) and max(buffer.scores) == 9.0


def test_the_same_seed_and_calls_give_the_same_levels():
    def run(seed):
        buffer = LevelBuffer(10, seed=seed, replay_prob=0.7, min_fill=0.0)
        picks = []
        for i, m in enumerate(MAZES):
            if buffer.replay_decision():
                level = buffer.sample()
                buffer.add(level, score=float(level.seed % 7))
                picks.append(level.seed)
            else:
                buffer.add(m, score=float(i % 5))
        return picks
    assert run(1) == run(1) and run(1) != run(2)


def test_replay_decision_waits_for_min_fill_then_follows_replay_prob():
    buffer = LevelBuffer(10, seed=0, replay_prob=0.25, min_fill=0.5)
    buffer.extend(MAZES[:4], [1.0] * 4)
    assert not any(buffer.replay_decision() for _ in range(100))
    buffer.add(MAZES[4], score=1.0)
    share = np.mean([buffer.replay_decision() for _ in range(8000)])
    assert abs(share - 0.25) < 0.03
    assert not any(LevelBuffer(3, seed=0, replay_prob=0.0, min_fill=0.0).extend(MAZES[:1], [1.0]).replay_decision()
                   for _ in range(50))


def test_stale_levels_come_back():
    buffer = LevelBuffer(3, seed=0, staleness=1.0)  # staleness alone: the least recently sampled
    buffer.extend(MAZES[:3], [9.0, 0.0, 0.0])
    seen = {id(buffer.sample()) for _ in range(30)}
    assert len(seen) == 3


@pytest.mark.parametrize("make, message", [
    (lambda: LevelBuffer(0, seed=0), "capacity"),
    (lambda: LevelBuffer(3, seed=None), "needs a seed"),
    (lambda: LevelBuffer(3, seed=0, strategy="uniform"), "strategy"),
    (lambda: LevelBuffer(3, seed=0, temperature=0), "temperature"),
    (lambda: LevelBuffer(3, seed=0, temperature=float("inf")), "temperature"),
    (lambda: LevelBuffer(3, seed=0, staleness=1.5), "staleness"),
    (lambda: LevelBuffer(3, seed=0, replay_prob=-0.1), "replay_prob"),
    (lambda: LevelBuffer(3, seed=0, min_fill="half"), "min_fill"),
    (lambda: LevelBuffer(3, seed=0).sample(), "empty"),
    (lambda: LevelBuffer(3, seed=0).add(MAZES[0].grid, score=1.0), "meiro.Maze"),
    (lambda: LevelBuffer(3, seed=0).add(MAZES[0], score="high"), "score"),
    (lambda: LevelBuffer(3, seed=0).add(MAZES[0], score=float("nan")), "finite"),
    (lambda: LevelBuffer(3, seed=0, strategy="proportional").add(MAZES[0], score=-1.0), ">= 0"),
    (lambda: LevelBuffer(3, seed=0).extend(MAZES[:2], [1.0]), "a score for every maze"),
    (lambda: LevelBuffer(3, seed=0).sample(-1), "count"),
])
def test_bad_input_is_one_clear_error(make, message):
    with pytest.raises((MazeError, TypeError), match=message):
        make()


def test_a_refused_maze_leaves_the_buffer_as_it_was():
    buffer = LevelBuffer(2, seed=0).extend(MAZES[:2], [1.0, 2.0])
    before = (buffer.scores.tolist(), [id(m) for m in buffer.mazes], buffer.probabilities().tolist())
    with pytest.raises(MazeError):
        buffer.add(MAZES[5], score=float("inf"))
    assert (buffer.scores.tolist(), [id(m) for m in buffer.mazes], buffer.probabilities().tolist()) == before


def test_sampling_many_at_once_is_sampling_one_after_another():
    def filled():
        return LevelBuffer(40, seed=5, staleness=0.4).extend(MAZES, [float(i % 7) for i in range(40)])
    many, one = filled(), filled()
    assert [id(m) for m in many.sample(300)] == [id(one.sample()) for _ in range(300)]
    assert np.array_equal(many.probabilities(), one.probabilities()) and many.sample(0) == []

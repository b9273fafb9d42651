"""PLR's scored level buffer: replay the mazes an agent learns most from, and the stale ones.

Prioritized Level Replay (Jiang et al., 2021; Robust PLR and ACCEL after it)
keeps the levels with the highest scores (a regret estimate: the positive
value loss, say) and replays them in order of their score, mixed with their
staleness so that a score that was high long ago is looked at again.

Level ``i`` of :class:`LevelBuffer` is sampled with probability

    P(i) = (1 - staleness) * P_S(i) + staleness * P_C(i)

where ``P_S(i) ∝ h(S_i) ** (1 / temperature)``, with ``h`` the inverse of the
level's rank by score (``strategy="rank"``, ties broken by age) or the score
itself (``"proportional"``, scores >= 0), and ``P_C(i) ∝ c - C_i``: episodes
``c`` sampled so far less the count when level ``i`` was last sampled (or
added). :meth:`LevelBuffer.replay_decision` says whether the next episode
replays a level (with ``replay_prob``, once the buffer is ``min_fill`` full) or
tries a new one.

Every draw comes from the buffer's own generator, seeded by ``seed``: the
same calls give the same levels on every machine.

Examples
--------
>>> import meiro
>>> buffer = LevelBuffer(3, seed=0)
>>> for s in range(4):
...     _ = buffer.add(meiro.generate(4, 4, seed=s), score=float(s))
>>> len(buffer), sorted(buffer.scores.tolist())        # the lowest score made room
(3, [1.0, 2.0, 3.0])
>>> buffer.sample().shape
(9, 9)
>>> [m.seed for m in LevelBuffer(3, seed=0).extend(
...     [meiro.generate(4, 4, seed=s) for s in range(3)], [0.0, 5.0, 1.0]).sample(4)]
[1, 1, 0, 1]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, whole
from ..maze import Maze

#: How a level's score becomes its priority.
STRATEGIES = ("rank", "proportional")


def _fraction(value: Any, name: str, low_open: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    number = float(value)
    if not (0.0 < number <= 1.0 if low_open else 0.0 <= number <= 1.0):
        raise MazeError(f"{name} must be {'above 0' if low_open else 'from 0'} to 1, got {value!r}")
    return number


def _key(maze: Maze) -> tuple[Any, ...]:
    return maze.shape, maze.grid.tobytes(), maze.start, maze.goal


class LevelBuffer:
    """A buffer of at most ``capacity`` mazes with scores, sampled as PLR samples (module docs).

    Parameters
    ----------
    capacity : int
        Most mazes held; a new maze then takes the place of the lowest-scored
        one if its score is higher.
    seed : int
        Seeds every draw.
    strategy : {"rank", "proportional"}
        Score prioritisation (PLR's rank is the default; proportional needs scores >= 0).
    temperature : float
        ``beta`` of PLR: lower sharpens the preference for high scores (0.1).
    staleness : float
        ``rho`` of PLR, the share of the staleness term, 0 to 1 (0.3).
    replay_prob : float
        ``p`` of Robust PLR: the chance :meth:`replay_decision` says replay (0.5).
    min_fill : float
        The share of ``capacity`` held before any replay (0.5 here; 0 replays from the first maze).

    Raises
    ------
    MazeError
        For a capacity below 1, an unknown strategy, a temperature that is not
        above 0, or a share outside 0 to 1.
    """

    def __init__(self, capacity: int, *, seed: int, strategy: str = "rank", temperature: float = 0.1,
                 staleness: float = 0.3, replay_prob: float = 0.5, min_fill: float = 0.5) -> None:
        self.capacity = whole(capacity, "capacity", 1, 2**31 - 1)
        if seed is None:
            raise TypeError("LevelBuffer needs a seed (a whole number): a curriculum must be reproducible")
        self.seed = whole(seed, "seed", 0)
        if strategy not in STRATEGIES:
            raise MazeError(f"strategy must be one of {', '.join(STRATEGIES)}, got {strategy!r}")
        self.strategy = strategy
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float, np.integer, np.floating)):
            raise TypeError(f"temperature must be a number, got {type(temperature).__name__}")
        if not (math.isfinite(temperature) and temperature > 0):
            raise MazeError(f"temperature must be a finite number above 0, got {temperature!r}")
        self.temperature = float(temperature)
        self.staleness = _fraction(staleness, "staleness")
        self.replay_prob = _fraction(replay_prob, "replay_prob")
        self.min_fill = _fraction(min_fill, "min_fill")
        self._rng = np.random.default_rng(self.seed)
        self._mazes: list[Maze] = []
        self._slots: dict[tuple[Any, ...], int] = {}
        self._scores = np.zeros(self.capacity, np.float64)
        self._added = np.zeros(self.capacity, np.int64)  # when a slot's maze came (ties in rank: older first)
        self._last = np.zeros(self.capacity, np.int64)  # C_i: the episode count when last sampled or added
        self._episodes = 0  # c: mazes sampled so far
        self._arrivals = 0

    def __len__(self) -> int:
        return len(self._mazes)

    def __contains__(self, maze: object) -> bool:
        return isinstance(maze, Maze) and _key(maze) in self._slots

    def __repr__(self) -> str:
        return (f"LevelBuffer({len(self)}/{self.capacity} mazes, strategy={self.strategy!r}, "
                f"temperature={self.temperature}, staleness={self.staleness}, replay_prob={self.replay_prob})")

    @property
    def mazes(self) -> list[Maze]:
        """The mazes held, in slot order (a new list)."""
        return list(self._mazes)

    @property
    def scores(self) -> NDArray[np.float64]:
        """Their scores, in the same order (a copy)."""
        return self._scores[:len(self)].copy()

    def _score(self, score: Any) -> float:
        if isinstance(score, bool) or not isinstance(score, (int, float, np.integer, np.floating)):
            raise TypeError(f"score must be a number, got {type(score).__name__}")
        value = float(score)
        if not math.isfinite(value):
            raise MazeError(f"score must be a finite number, got {score!r}")
        if self.strategy == "proportional" and value < 0:
            raise MazeError(f"a proportional buffer's scores must be >= 0, got {score!r}")
        return value

    def add(self, maze: Maze, score: float) -> bool:
        """Put ``maze`` in with ``score``, or give a maze already in its new score; whether it is in.

        A full buffer takes a new maze only in place of its lowest-scored one
        (the oldest of equals), and only if the new score is higher.

        Examples
        --------
        >>> import meiro
        >>> buffer = LevelBuffer(1, seed=0)
        >>> m, other = meiro.generate(3, 3, seed=1), meiro.generate(3, 3, seed=2)
        >>> buffer.add(m, score=0.5), buffer.add(other, score=0.1), buffer.add(m, score=0.05)
        (True, False, True)
        >>> buffer.add(other, score=0.2), other in buffer, m in buffer
        (True, True, False)
        >>> buffer.add(m, score=float("nan"))
        Traceback (most recent call last):
        ...
        meiro.errors.MazeError: score must be a finite number, got nan
        """
        if not isinstance(maze, Maze):
            raise TypeError(f"a LevelBuffer holds meiro.Maze objects, got {type(maze).__name__}")
        value = self._score(score)
        key = _key(maze)
        slot = self._slots.get(key)
        if slot is not None:
            self._scores[slot] = value
            return True
        if len(self) < self.capacity:
            slot = len(self._mazes)
            self._mazes.append(maze)
        else:
            held = self._scores[:len(self)]
            lowest = np.flatnonzero(held == held.min())
            slot = int(lowest[np.argmin(self._added[lowest])])
            if value <= held[slot]:
                return False
            del self._slots[_key(self._mazes[slot])]
            self._mazes[slot] = maze
        self._slots[key] = slot
        self._scores[slot] = value
        self._added[slot] = self._arrivals
        self._arrivals += 1
        self._last[slot] = self._episodes
        return True

    def extend(self, mazes: Iterable[Maze], scores: Iterable[float]) -> LevelBuffer:
        """:meth:`add` each maze with its score, in order; returns the buffer."""
        mazes, scores = list(mazes), list(scores)
        if len(mazes) != len(scores):
            raise MazeError(f"extend needs a score for every maze: {len(mazes)} mazes, {len(scores)} scores")
        for maze, score in zip(mazes, scores):
            self.add(maze, score)
        return self

    def probabilities(self) -> NDArray[np.float64]:
        """The chance that :meth:`sample` picks each maze now, in slot order.

        Examples
        --------
        >>> import meiro
        >>> buffer = LevelBuffer(3, seed=0, staleness=0.0, temperature=1.0)
        >>> _ = buffer.extend([meiro.generate(5, 5, seed=s) for s in range(3)], [3.0, 1.0, 2.0])
        >>> [round(float(p), 3) for p in buffer.probabilities()]       # 1/rank: 1, 1/3, 1/2
        [0.545, 0.182, 0.273]
        """
        if len(self) == 0:
            return np.zeros(0, np.float64)
        return self._chances(self._by_score())

    def _by_score(self) -> NDArray[np.float64]:
        """P_S: the score term of :meth:`probabilities` (it changes only with the scores)."""
        n = len(self)
        scores = self._scores[:n]
        if self.strategy == "rank":
            order = np.lexsort((self._added[:n], -scores))  # highest first; the older of equals first
            rank = np.empty(n, np.float64)
            rank[order] = np.arange(1, n + 1)
            weights = np.exp(-np.log(rank) / self.temperature)
        else:
            top = scores.max()
            weights = (scores / top) ** (1.0 / self.temperature) if top > 0 else np.ones(n)
        return _normalised(weights)

    def _chances(self, by_score: NDArray[np.float64]) -> NDArray[np.float64]:
        """P: the score term mixed with the staleness term, P_C."""
        stale = (self._episodes - self._last[:len(self)]).astype(np.float64)
        chances: NDArray[np.float64] = (1.0 - self.staleness) * by_score + self.staleness * _normalised(stale)
        return chances

    @overload
    def sample(self) -> Maze: ...
    @overload
    def sample(self, count: int) -> list[Maze]: ...

    def sample(self, count: int | None = None) -> Maze | list[Maze]:
        """A maze drawn by :meth:`probabilities` (or a list of ``count``, drawn one after another,
        each updating the staleness the next sees).

        Raises
        ------
        MazeError
            If the buffer is empty.
        """
        many = count is not None
        count = 1 if count is None else whole(count, "count", 0)
        if not self._mazes and count:
            raise MazeError("the level buffer is empty: add a maze before sampling")
        by_score = self._by_score() if count else None  # the scores stay: only the staleness moves
        picked = []
        for _ in range(count):
            assert by_score is not None
            cumulative = np.cumsum(self._chances(by_score))
            slot = int(np.searchsorted(cumulative, self._rng.random() * cumulative[-1], side="right"))
            slot = min(slot, len(self) - 1)
            self._episodes += 1
            self._last[slot] = self._episodes
            picked.append(self._mazes[slot])
        return picked if many else picked[0]

    def replay_decision(self) -> bool:
        """Whether the next episode replays a maze from the buffer (True, with ``replay_prob``
        once ``min_fill`` of the capacity is held) or plays a new one (False).

        Examples
        --------
        >>> LevelBuffer(4, seed=0).replay_decision()     # empty: nothing to replay
        False
        """
        if len(self) == 0 or len(self) < self.min_fill * self.capacity:
            return False
        return bool(self._rng.random() < self.replay_prob)


def _normalised(weights: NDArray[np.float64]) -> NDArray[np.float64]:
    total = weights.sum()
    if not total > 0 or not math.isfinite(total):
        return np.full(len(weights), 1.0 / len(weights))
    shares: NDArray[np.float64] = weights / total
    return shares


__all__ = ["STRATEGIES", "LevelBuffer"]

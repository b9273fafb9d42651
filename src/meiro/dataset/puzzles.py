"""Puzzles up to symmetry: splits that never share one, de-duplication and other datasets' mazes left out.

A maze and its rotations and reflections are one puzzle
(:mod:`meiro.analysis.symmetry`): the fingerprint of its canonical form decides

- its **split** (:func:`split_of`): the fingerprint's first 64 bits, read as a
  fraction of 2**64, fall in one split's share. The split depends on the puzzle
  alone, so a puzzle and its images land in one split for any seed, worker count
  or later extension of the dataset;
- whether it is **new** (``dedupe="symmetry"``) and whether it is **excluded**
  (``exclude``: the puzzles of other meiro datasets).

Fingerprints are kept in a :class:`FingerprintSet`: sorted runs of 128-bit values
as two ``uint64`` arrays, 16 bytes a maze, searched with ``numpy.searchsorted``
(not a Python set of big ints, which takes ten times the memory).
"""

from __future__ import annotations

import numpy as np

from ..analysis.symmetry import canonical_forms


class FingerprintSet:
    """A set of 128-bit fingerprints (``(n, 2)`` uint64 rows) in sorted runs (module docs).

    Runs of similar size are merged as they come, so a set of ``n`` holds about
    ``log2(n)`` runs and adding a shard costs its size times that.

    Examples
    --------
    >>> s = FingerprintSet()
    >>> s.add(np.array([[3, 1], [1, 2]], np.uint64))
    >>> s.contains(np.array([[1, 2], [1, 3], [3, 1]], np.uint64)).tolist()
    [True, False, True]
    >>> len(s)
    2
    """

    def __init__(self, prints: np.ndarray | None = None):
        self._runs: list[tuple[np.ndarray, np.ndarray]] = []
        if prints is not None:
            self.add(prints)

    def __len__(self) -> int:
        return sum(len(hi) for hi, _ in self._runs)

    def add(self, prints: np.ndarray) -> None:
        """Add fingerprints (duplicates are kept once)."""
        run = _sorted_run(np.asarray(prints, np.uint64).reshape(-1, 2))
        if not len(run[0]):
            return
        while self._runs and len(self._runs[-1][0]) <= 2 * len(run[0]):
            hi, lo = self._runs.pop()
            run = _sorted_run(np.stack([np.concatenate([hi, run[0]]), np.concatenate([lo, run[1]])], axis=1))
        self._runs.append(run)

    def contains(self, prints: np.ndarray) -> np.ndarray:
        """Which of ``prints`` (``(n, 2)``) are in the set, as a bool array."""
        prints = np.asarray(prints, np.uint64).reshape(-1, 2)
        out = np.zeros(len(prints), bool)
        for hi, lo in self._runs:
            left = np.searchsorted(hi, prints[:, 0], "left")
            right = np.searchsorted(hi, prints[:, 0], "right")
            one = right - left == 1  # the usual case: one value with these first 64 bits
            out[one] |= lo[left[one]] == prints[one, 1]
            for i in np.flatnonzero(right - left > 1):
                out[i] |= bool((lo[left[i]:right[i]] == prints[i, 1]).any())
        return out


def _sorted_run(prints: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    order = np.lexsort((prints[:, 1], prints[:, 0]))
    hi, lo = prints[order, 0], prints[order, 1]
    new = np.ones(len(hi), bool)
    new[1:] = (hi[1:] != hi[:-1]) | (lo[1:] != lo[:-1])
    return np.ascontiguousarray(hi[new]), np.ascontiguousarray(lo[new])


def first_new(prints: np.ndarray, seen: FingerprintSet) -> np.ndarray:
    """Indices of ``prints`` (in order) neither in ``seen`` nor equal to an earlier one; they
    are added to ``seen``."""
    prints = np.ascontiguousarray(prints, np.uint64).reshape(-1, 2)
    if not len(prints):
        return np.zeros(0, np.int64)
    _, first = np.unique(prints.view([("hi", np.uint64), ("lo", np.uint64)]).reshape(-1), return_index=True)
    first.sort()
    keep = first[~seen.contains(prints[first])]
    seen.add(prints[keep])
    out: np.ndarray = keep.astype(np.int64)
    return out


def split_of(prints: np.ndarray, splits: tuple[tuple[str, float], ...]) -> np.ndarray:
    """The split (an index into ``splits``) of each canonical fingerprint (module docs).

    >>> split_of(np.array([[0, 5], [2**63, 5], [2**64 - 1, 5]], np.uint64), (("a", 0.5), ("b", 0.5))).tolist()
    [0, 1, 1]
    """
    cuts = np.cumsum([share for _, share in splits])[:-1]
    # the cuts as 64-bit values: a fraction's bits, exactly as a float holds them
    edges = np.array([min(int(c * 2**64), 2**64 - 1) for c in cuts], np.uint64)
    return np.searchsorted(edges, np.asarray(prints, np.uint64)[:, 0], "right").astype(np.int64)


def puzzle_prints(grids: np.ndarray, starts: np.ndarray, goals: np.ndarray) -> np.ndarray:
    """The canonical fingerprint of each maze (:func:`meiro.analysis.symmetry.canonical_forms`)."""
    prints, _ = canonical_forms(grids, starts, goals)
    return prints

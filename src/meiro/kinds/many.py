"""Many mazes of one grid kind at once, as flat arrays: what :func:`meiro.generate_batch` and a
dataset's shards are made of.

Maze ``i`` made here for ``seeds[i]`` is exactly ``meiro.generate(recipe.replace(seed=seeds[i]))``
(:func:`meiro.kinds.making.make`): the same generator kernel, the same braid pass and goal rule.
Only the per-maze Python around the kernel is left out: the recipe is checked once, the
geometry built once (a weave's crossings depend on each maze's seed, so a weave maze gets its
own), and the generator's graph function looked up once.

The mazes come back as their open passages, each maze's pairs ``[a, b]`` (``a < b``, in edge
order) one after another, with ``offsets`` saying where each maze's begin: the form a Parquet
list column stores without a copy, and the one every kind shares (a weave maze's neighbouring
pairs differ from maze to maze, so its passages cannot be one bit per pair of a shared geometry).

Examples
--------
>>> import meiro
>>> from meiro.recipe import Recipe
>>> made = make_many(Recipe(4, 3, seed=1, grid="hex"), [5, 9])
>>> made.offsets.tolist(), made.pairs.shape               # 12 cells: 11 passages a maze
([0, 11, 22], (22, 2))
>>> m = meiro.generate(4, 3, grid="hex", seed=9)
>>> bool((made.pairs[11:] == m.open_pairs()).all()), (int(made.starts[1]), int(made.goals[1])) == (m.start, m.goal)
(True, True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError
from ..kernels.rng import mix_seed
from ..recipe import Recipe
from ..registry import GENERATORS
from . import geometry_of
from .making import BRAID_STREAM, ends


class ManyMazes(NamedTuple):
    """The mazes :func:`make_many` made: maze ``i``'s open pairs are ``pairs[offsets[i]:offsets[i + 1]]``."""

    offsets: NDArray[np.int64]
    pairs: NDArray[np.int32]
    starts: NDArray[np.int64]
    goals: NDArray[np.int64]
    #: a weave maze's crossings, ``[cell, over]`` rows, one list a maze like the pairs (None for
    #: the other kinds, whose mazes share one geometry)
    crossing_offsets: NDArray[np.int64] | None = None
    crossings: NDArray[np.int32] | None = None


def make_many(recipe: Recipe, seeds: Any) -> ManyMazes:
    """The mazes of a non-square ``recipe`` for each of ``seeds`` (its own seed is not used).

    Raises
    ------
    MazeError
        A square recipe (:func:`meiro.generate_batch` makes those its own way).
    """
    if not isinstance(recipe, Recipe) or recipe.grid == "square":
        raise MazeError("make_many() is for the grid kinds other than the square")
    seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
    function = GENERATORS.get(recipe.algorithm).graph_function()
    weave = recipe.grid == "weave"
    shared = None if weave else geometry_of(recipe.grid, recipe.size)
    count = len(seeds)
    origin = recipe.origin
    offsets = np.zeros(count + 1, np.int64)
    parts: list[NDArray[np.int32]] = []
    crossing_parts: list[NDArray[np.int32]] = []
    starts = np.empty(count, np.int64)
    goals = np.empty(count, np.int64)
    for i, value in enumerate(seeds.tolist()):
        geometry = shared if shared is not None else geometry_of(recipe.grid, recipe.size, value)
        passages = function(geometry, mix_seed(value), origin, False).passages
        if recipe.braid > 0:
            from ..generators.braiding import braid_graph

            passages, _ = braid_graph(geometry, passages, recipe.braid, mix_seed(value, BRAID_STREAM), None)
        starts[i], goals[i] = ends(geometry, passages, origin, recipe.goal)
        open_pairs = geometry.edges[passages]
        parts.append(open_pairs)
        offsets[i + 1] = offsets[i] + len(open_pairs)
        if weave:
            crossing_parts.append(np.asarray(geometry.extra.get("crossings", np.zeros((0, 2))),
                                             dtype=np.int32).reshape(-1, 2))
    pairs = np.concatenate(parts) if parts else np.zeros((0, 2), np.int32)
    if not weave:
        return ManyMazes(offsets, pairs.astype(np.int32, copy=False), starts, goals)
    crossing_offsets = np.zeros(count + 1, np.int64)
    np.cumsum([len(c) for c in crossing_parts], out=crossing_offsets[1:])
    crossings = np.concatenate(crossing_parts) if crossing_parts else np.zeros((0, 2), np.int32)
    return ManyMazes(offsets, pairs.astype(np.int32, copy=False), starts, goals, crossing_offsets, crossings)

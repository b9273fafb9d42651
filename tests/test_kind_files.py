"""A grid kind's maze in a JSON file: written, read back, rebuilt by a program that is not meiro,
and every hostile file refused in one line.

The independent checks here read the file with the json module alone and judge the graph with
a few lines of union-find and BFS, not with meiro's own code.
"""

import copy
import json
import math
import random
from collections import deque

import numpy as np
import pytest

import meiro
from golden_files import check
from meiro.io import graph_json
from meiro.kinds import geometry_of

#: one small maze of each kind: (kind, generate's size arguments, layers)
KINDS = [("theta", (3,), 1), ("hex", (4, 3), 1), ("triangle", (5, 3), 1), ("weave", (6, 6), 1),
         ("3d", (3, 3), 2)]
IDS = [k for k, _, _ in KINDS]


def made(kind, size, layers, seed=4, goal="farthest"):
    return meiro.generate(*size, grid=kind, layers=layers, seed=seed, goal=goal)


# -- an independent reader: plain Python on the parsed JSON -----------------------------------

def tree_path(doc):
    """The one path from start to goal through the open passages (BFS over the file's pairs)."""
    n = len(doc["cells"])
    near = [[] for _ in range(n)]
    for a, b in doc["passages"]:
        near[a].append(b)
        near[b].append(a)
    before = {doc["start"]: None}
    queue = deque([doc["start"]])
    while queue:
        cell = queue.popleft()
        for other in near[cell]:
            if other not in before:
                before[other] = cell
                queue.append(other)
    path, cell = [], doc["goal"]
    while cell is not None:
        path.append(cell)
        cell = before[cell]
    return path[::-1]


def judge_spanning_tree(doc):
    """The passages are neighbouring pairs and form a spanning tree of the cells."""
    n = len(doc["cells"])
    pairs = {tuple(p) for p in doc["neighbours"]}
    assert len(pairs) == len(doc["neighbours"]) == len(doc["wall_middles"])
    assert all(0 <= a < b < n for a, b in pairs)
    assert all((a, b) in pairs or (b, a) in pairs for a, b in doc["passages"])
    parent = list(range(n))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in doc["passages"]:
        ra, rb = root(a), root(b)
        assert ra != rb, "the passages close a loop"
        parent[ra] = rb
    assert len(doc["passages"]) == n - 1, "the passages do not join every cell"


def degrees(doc):
    count = [0] * len(doc["cells"])
    for a, b in doc["neighbours"]:
        count[a] += 1
        count[b] += 1
    return count


# -- round trips ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind,size,layers", KINDS, ids=IDS)
def test_a_kind_round_trips_through_save_and_load(tmp_path, kind, size, layers):
    m = made(kind, size, layers)
    path = tmp_path / "m.json"
    meiro.save(m, path)
    back = meiro.load(path)
    assert isinstance(back, meiro.kinds.maze.GraphMaze)
    assert back == m and back.generation == m.generation
    assert back.geometry is geometry_of(kind, m.size, m.seed)  # rebuilt by the kind's own builder
    assert meiro.generate(back.recipe) == m
    assert graph_json.to_json(back) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind,size,layers", KINDS, ids=IDS)
def test_the_file_alone_rebuilds_the_maze(kind, size, layers):
    m = made(kind, size, layers)
    path = bfs_path(m)
    doc = json.loads(graph_json.to_json(m, path))
    assert doc["kind"] == kind and doc["size"] == list(m.size)
    judge_spanning_tree(doc)
    assert doc["solution"] == tree_path(doc) == path
    assert doc["solution"][0] == doc["start"] and doc["solution"][-1] == doc["goal"]
    dims = 3 if kind == "3d" else 2
    assert all(len(c) == dims and all(math.isfinite(v) for v in c) for c in doc["cells"])
    # each wall middle lies between its two cells (a stair's and a tunnel's on the line joining them)
    for (a, b), middle in zip(doc["neighbours"], doc["wall_middles"]):
        ca, cb = doc["cells"][a], doc["cells"][b]
        gap = math.dist(ca[:2], cb[:2])
        assert math.dist(middle[:2], ca[:2]) <= gap + 1e-6 and math.dist(middle[:2], cb[:2]) <= gap + 1e-6


def bfs_path(m):
    """The tree's path from start to goal, found with a BFS written here (not meiro's solvers)."""
    doc = {"cells": m.geometry.centres.tolist(), "passages": m.open_pairs().tolist(), "start": m.start,
           "goal": m.goal}
    return tree_path(doc)


@pytest.mark.parametrize("kind", ["hex", "triangle", "weave", "3d"])
def test_a_maze_of_one_cell_round_trips(kind):
    m = meiro.generate(1, 1, grid=kind, seed=1)
    assert m.cells == 1
    doc = json.loads(graph_json.to_json(m, [0]))
    assert (doc["neighbours"], doc["passages"], doc["solution"]) == ([], [], [0])
    assert graph_json.from_doc(doc) == m


def test_each_kind_has_the_neighbours_its_shape_gives():
    hexes = json.loads(graph_json.to_json(made("hex", (6, 6), 1)))
    assert max(degrees(hexes)) == 6 and degrees(hexes).count(6) >= 8  # the interior cells
    triangles = json.loads(graph_json.to_json(made("triangle", (6, 4), 1)))
    assert max(degrees(triangles)) == 3
    cube = json.loads(graph_json.to_json(made("3d", (3, 3), 3)))
    assert max(degrees(cube)) == 6
    layer = {i: c[2] for i, c in enumerate(cube["cells"])}
    assert any(layer[a] != layer[b] for a, b in cube["passages"]), "no stairs open"
    weave = json.loads(graph_json.to_json(made("weave", (8, 8), 1)))
    tunnels = [(a, b) for a, b in weave["neighbours"] if b - a in (2, 16)]  # over a crossing cell
    assert tunnels and all(tuple(p) in {tuple(q) for q in weave["passages"]} for p in tunnels)
    assert weave["crossings_seed"] == 4


# -- golden files -----------------------------------------------------------------------------

@pytest.mark.parametrize("kind,size,layers", KINDS, ids=IDS)
def test_golden_json_per_kind(kind, size, layers):
    m = made(kind, size, layers)
    text = graph_json.to_json(m, bfs_path(m)).replace(f'"meiro": "{meiro.__version__}"', '"meiro": "*"')
    check(f"kinds/{kind}.json", text)


# -- files meiro does not build -----------------------------------------------------------------

def hand_made():
    """A maze another program wrote: four cells in a ring, a kind meiro does not know."""
    return {"format": "meiro-maze", "version": 2, "kind": "ring", "start": 0, "goal": 2,
            "cells": [[0.5, 0.5], [1.5, 0.5], [1.5, 1.5], [0.5, 1.5]],
            "neighbours": [[0, 1], [1, 2], [2, 3], [0, 3]],
            "wall_middles": [[1.0, 0.5], [1.5, 1.0], [1.0, 1.5], [0.5, 1.0]],
            "passages": [[1, 0], [1, 2], [3, 2]]}


def test_a_hand_made_graph_loads_and_draws_straight_walls_at_its_wall_middles():
    m = graph_json.from_doc(hand_made())
    assert (m.kind, m.cells, m.size, m.generation) == ("ring", 4, (4,), None)
    assert m.is_perfect() and m.passages.tolist() == [True, False, True, True]  # edge [0, 3] closed
    g = m.geometry
    wall = g.walls[g.edge_between(0, 3)]
    ends = sorted([tuple(wall[:2]), tuple(wall[2:4])])
    assert ends == [(0.0, 1.0), (1.0, 1.0)] and wall[4] == 0  # through (0.5, 1.0), across the line 0-3
    assert g.border.shape == (0, 5)
    again = graph_json.from_doc(json.loads(graph_json.to_json(m)))
    assert again == m


def test_a_graph_named_as_a_kind_but_not_its_own_loads_from_its_arrays_without_a_recipe():
    doc = dict(hand_made(), kind="hex", size=[2, 2])  # four cells, as hex 2x2, but a ring of them
    m = graph_json.from_doc(doc)
    assert m.kind == "hex" and m.geometry.edges.tolist() == [[0, 1], [0, 3], [1, 2], [2, 3]]
    assert graph_json.from_doc(json.loads(graph_json.to_json(m))) == m
    with pytest.raises(meiro.MazeError, match='"neighbours" are not those of a hex maze'):
        graph_json.from_doc(dict(doc, generation={"algorithm": "dig", "seed": 1, "grid": "hex", "size": [2, 2],
                                                  "origin": 0, "goal": "corner"}))


def test_an_edited_weave_keeps_its_crossings_and_one_without_them_has_no_wall_over_a_tunnel():
    m = made("weave", (8, 8), 1)
    edited = m.edited(start=1)  # no longer the recipe's ends: still the seed's crossings
    doc = json.loads(graph_json.to_json(edited))
    assert graph_json.from_doc(doc).geometry is m.geometry
    del doc["crossings_seed"], doc["generation"]
    loose = graph_json.from_doc(doc)
    assert loose == edited and loose.geometry is not m.geometry
    tunnels = [e for e, (a, b) in enumerate(loose.geometry.edges.tolist()) if b - a in (2, 16)]
    assert tunnels and np.isnan(loose.geometry.walls[tunnels]).all()
    assert not np.isnan(loose.geometry.walls).all()


@pytest.mark.parametrize("kind", ["hex", "triangle"])
def test_a_masked_maze_round_trips_and_an_edited_one_keeps_its_cut(kind):
    m = meiro.generate(5, 4, grid=kind, seed=3, mask=".####\n.....\n..#..\n.....", goal="farthest")
    doc = json.loads(graph_json.to_json(m, bfs_path(m)))
    assert (doc["mask"], doc["mask_start"], len(doc["cells"])) == ([".####", ".....", "..#..", "....."], 0, 15)
    judge_spanning_tree(doc)
    back = graph_json.from_doc(doc)
    assert back == m and back.generation == m.generation and meiro.generate(back.recipe) == m
    edited = json.loads(graph_json.to_json(m.edited(m.passages)))  # (new passages: no recipe)
    assert edited["generation"] is None and graph_json.from_doc(edited).geometry is m.geometry


def test_other_data_formats_refuse_a_kind_naming_json(tmp_path):
    m = made("hex", (4, 3), 1)
    for name in ("m.csv", "m.npz", "m.npy", "m.txt"):
        with pytest.raises(meiro.MazeError, match=r"a hex maze is saved as \.json .*square block grid only"):
            meiro.save(m, tmp_path / name)
    assert list(tmp_path.iterdir()) == []


# -- hostile files ----------------------------------------------------------------------------

def good_doc():
    m = made("hex", (4, 3), 1, goal="corner")
    return json.loads(graph_json.to_json(m, bfs_path(m)))


def changed(**fields):
    doc = good_doc()
    for key, value in fields.items():
        if value is KeyError:
            del doc[key]
        else:
            doc[key] = value
    return doc


def edit(change):
    doc = good_doc()
    change(doc)
    return doc


HOSTILE = [
    ("neighbour out of range", edit(lambda d: d["neighbours"].__setitem__(0, [0, 12])), "names a cell"),
    ("negative passage", edit(lambda d: d["passages"].__setitem__(0, [-1, 0])), "names a cell"),
    ("passage between non-neighbours", edit(lambda d: d["passages"].__setitem__(0, [0, 11])),
     "opens cells 0 and 11, which are not neighbours"),
    ("start out of range", changed(start=12), '"start" must be a cell number from 0 to 11'),
    ("goal a bool", changed(goal=True), '"goal" must be a cell number'),
    ("10**8 cells claimed", changed(size=[10000, 10000]), "has 100,000,000 cells"),
    ("rings claimed", changed(kind="theta", size=[10**6]), "cells"),
    ("NaN centre", edit(lambda d: d["cells"].__setitem__(3, [float("nan"), 0.5])), "not a finite number"),
    ("infinite middle", edit(lambda d: d["wall_middles"].__setitem__(0, [float("inf"), 0.5])),
     "not a finite number"),
    ("a centre moved", edit(lambda d: d["cells"].__setitem__(3, [9.0, 9.0])), '"cells" are not the centres'),
    ("pairs reordered", edit(lambda d: d["neighbours"].reverse()), '"neighbours" are not those'),
    ("string ids", edit(lambda d: d["passages"].__setitem__(0, ["0", "1"])), "not of str"),
    ("bool ids", edit(lambda d: d["passages"].__setitem__(0, [True, 1])), "not of bool"),
    ("float ids", edit(lambda d: d["passages"].__setitem__(0, [0.0, 1])), "not of float"),
    ("ragged pairs", edit(lambda d: d["neighbours"].__setitem__(0, [0, 1, 2])), "list of [a, b] pairs"),
    ("passages not a list", changed(passages={"a": 1}), '"passages" must be a list'),
    ("passage twice", edit(lambda d: d["passages"].append(list(d["passages"][0]))), "lists a pair twice"),
    ("too many passages", edit(lambda d: d["passages"].extend(d["neighbours"] * 2)), "at most"),
    ("huge kind", changed(kind="k" * 10**6), '"kind" must be a grid kind'),
    ("huge algorithm", edit(lambda d: d["generation"].__setitem__("algorithm", "a" * 10**6)),
     '"algorithm" must be a name'),
    ("recipe of another size", edit(lambda d: d["generation"].__setitem__("size", [5, 3])),
     '"generation" must name the file'),
    ("square kind", changed(kind="square"), "block grid"),
    ("size of 3d on hex", changed(size=[4, 3, 2]), "size is two numbers"),
    ("no cells", changed(cells=KeyError), "has 12 cells"),
    ("solution through a wall", edit(lambda d: d.__setitem__("solution", [0, 1, 2, 3, 7, 11])),
     "solution"),
    ("solution out of range", edit(lambda d: d.__setitem__("solution", [0, 99])), "numbers from 0 to 11"),
    ("solution of strings", edit(lambda d: d.__setitem__("solution", ["0"])), '"solution" must be a list'),
    ("seed too large", edit(lambda d: d["generation"].__setitem__("seed", 2**64)), '"seed" must be'),
    ("weave seed a string", changed(kind="weave", size=[4, 3], crossings_seed="1"), '"crossings_seed"'),
    ("mask on theta", changed(kind="theta", size=[2], mask=["."]), "not theta ones"),
    ("mask of the wrong size", changed(mask=["...."] * 2, mask_start=0), '"mask" must be 3 strings of 4'),
    ("mask start outside", changed(mask=["#..."] + ["...."] * 2, mask_start=0), '"mask_start" must be'),
    ("mask keeping other cells", changed(mask=["#..."] + ["...."] * 2, mask_start=1),
     "the mask keeps 11 cells"),
    ("mask on a hand-made kind", edit(lambda d: d.update(kind="ring", mask=["."])), '"mask" is for a kind'),
]


@pytest.mark.parametrize("doc,message", [(d, m) for _, d, m in HOSTILE], ids=[n for n, _, _ in HOSTILE])
def test_a_hostile_file_is_refused_in_one_line(tmp_path, doc, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # (NaN and Infinity as Python's json writes them)
    with pytest.raises(meiro.MazeError) as caught:
        meiro.load(path)
    text = str(caught.value)
    assert message in text and "\n" not in text and len(text) < 300, text


def test_a_hand_made_file_refuses_pairs_twice_and_a_cell_with_itself():
    twice = hand_made()
    twice["neighbours"].append([1, 0])
    twice["wall_middles"].append([1.0, 0.5])
    with pytest.raises(meiro.MazeError, match="listed twice"):
        graph_json.from_doc(twice)
    itself = hand_made()
    itself["neighbours"][0] = [1, 1]
    with pytest.raises(meiro.MazeError, match=r"its own neighbour|with itself"):
        graph_json.from_doc(itself)
    misaligned = hand_made()
    misaligned["wall_middles"].pop()
    with pytest.raises(meiro.MazeError, match="one a neighbouring pair"):
        graph_json.from_doc(misaligned)


def test_a_huge_number_in_a_file_is_refused_not_converted(tmp_path):
    text = json.dumps(good_doc()).replace('"start": 0', '"start": ' + "9" * 5000)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(meiro.MazeError, match=r'"start" must be a cell number .*5000-digit'):
        meiro.load(path)


def test_a_doc_is_not_changed_by_reading_it():
    doc = good_doc()
    kept = copy.deepcopy(doc)
    graph_json.from_doc(doc)
    assert doc == kept


def test_random_damage_to_a_file_is_a_maze_or_one_line():
    """Fields and rows of a good file replaced by values of every type: never any other error."""
    rng = random.Random(21)
    values = [None, True, 0, -1, 11, 12, 2**63, 2**64, 1.5, float("nan"), float("inf"), "", "hex", [],
              [0], [0, 1], [[0, 1]], [[0]], [[0, 1, 2]], [["a", "b"]], {}, {"a": 1}, [[0.5, 0.5]],
              [[[0]]], [None], [4, 3], [3], [4, 3, 2], [-1, -1]]
    bases = [good_doc(), hand_made()]
    for _ in range(1500):
        doc = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.randint(1, 3)):
            key = rng.choice([*doc, "crossings_seed", "solution", "generation"])
            held = doc.get(key)
            if isinstance(held, list) and held and rng.random() < 0.5:
                held[rng.randrange(len(held))] = copy.deepcopy(rng.choice(values))
            elif isinstance(held, dict) and held and rng.random() < 0.5:
                held[rng.choice(list(held))] = copy.deepcopy(rng.choice(values))
            else:
                doc[key] = copy.deepcopy(rng.choice(values))
        try:
            graph_json.from_doc(doc)
        except meiro.MazeError as exc:
            assert "\n" not in str(exc)

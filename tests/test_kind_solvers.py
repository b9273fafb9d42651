"""Solving, goals, statistics and difficulty on every grid kind, judged by checks written here.

The references below read only the maze's data (its geometry's cell pairs and
centres, its passages) and use plain Python and NumPy: a breadth-first search,
all-pairs distances on small mazes, degree counts with ``bincount``.
"""

import pickle
from collections import deque

import numpy as np
import pytest

import meiro
from meiro.analysis.difficulty import difficulty
from meiro.analysis.stats import degrees, maze_stats, summarize
from meiro.kinds import KINDS, fixed_goal
from meiro.solvers.graph_solution import GraphSolution

METHODS = meiro.SOLVERS.names()
EXACT = [name for name in METHODS if meiro.SOLVERS.get(name).exact]
FOLLOWERS = ["wall-left", "wall-right"]
KIND_NAMES = [kind for kind in KINDS if kind != "square"]
#: small sizes of each kind: (args to meiro.generate, keyword args)
SIZES = {
    "theta": ((5,), {}),
    "hex": ((7, 6), {}),
    "triangle": ((9, 6), {}),
    "weave": ((8, 8), {}),
    "3d": ((4, 4), {"layers": 3}),
}


def make(kind, seed, **options):
    args, extra = SIZES[kind]
    return meiro.generate(*args, grid=kind, seed=seed, **extra, **options)


def adjacency(m):
    """The open neighbours of each cell, from the maze's pairs and passages alone."""
    near = [[] for _ in range(m.cells)]
    for a, b in m.geometry.edges[m.passages].tolist():
        near[a].append(b)
        near[b].append(a)
    return near


def distances(near, source):
    dist = [-1] * len(near)
    dist[source] = 0
    queue = deque([source])
    while queue:
        i = queue.popleft()
        for j in near[i]:
            if dist[j] < 0:
                dist[j] = dist[i] + 1
                queue.append(j)
    return np.array(dist)


def assert_chain(m, path):
    """``path`` goes from start to goal, each step through an open passage."""
    path = np.asarray(path)
    assert path.dtype == np.int32 and path.ndim == 1
    assert int(path[0]) == m.start and int(path[-1]) == m.goal
    opened = {tuple(pair) for pair in m.geometry.edges[m.passages].tolist()}
    for a, b in zip(path[:-1].tolist(), path[1:].tolist(), strict=True):
        assert (min(a, b), max(a, b)) in opened, f"step {a} -> {b} crosses a wall"


def with_loops(m, share, seed):
    """``m`` with a share of its closed walls opened at random (a maze with loops)."""
    rng = np.random.default_rng(seed)
    passages = m.passages.copy()
    closed = np.flatnonzero(~passages)
    passages[rng.choice(closed, size=int(len(closed) * share), replace=False)] = True
    return m.edited(passages)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("kind", KIND_NAMES)
def test_every_solver_on_perfect_mazes(method, kind):
    for seed in range(3):
        for goal in ("corner", "farthest", "diameter"):
            m = make(kind, seed, goal=goal)
            sol = meiro.solve(m, method)
            assert isinstance(sol, GraphSolution) and sol.method == method
            assert_chain(m, sol.path)
            # a tree has one path, which every solver (wall followers included) must find
            assert sol.length == distances(adjacency(m), m.start)[m.goal]
            explored = sol.explored
            assert explored.dtype == np.int32 and len(explored) == sol.expanded
            assert int(explored[0]) == m.start
            assert len(np.unique(explored)) == len(explored), "a cell expanded twice"
            if method not in ("bidirectional",):
                assert set(sol.path.tolist()) <= set(explored.tolist())
            assert sol.max_frontier >= 1


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("kind", KIND_NAMES)
def test_every_solver_on_mazes_with_loops(method, kind):
    for seed in range(3):
        m = with_loops(make(kind, seed, goal="farthest"), 0.3, seed)
        best = distances(adjacency(m), m.start)[m.goal]
        try:
            sol = meiro.solve(m, method)
        except meiro.NoPathError:
            assert method in FOLLOWERS  # loops may keep a wall follower from the goal
            continue
        assert_chain(m, sol.path)
        if method in EXACT:
            assert sol.length == best
        else:
            assert sol.length >= best


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_exact_solvers_on_open_ground(kind):
    m = make(kind, 1)
    room = m.edited(np.ones(m.geometry.edge_count, bool))
    best = distances(adjacency(room), room.start)[room.goal]
    for method in EXACT:
        assert meiro.solve(room, method).length == best, method
    # A*'s heuristic leads it: it expands fewer cells than breadth-first search
    assert meiro.solve(room, "astar").expanded <= meiro.solve(room, "bfs").expanded


@pytest.mark.skipif(not hasattr(__import__("meiro.generators.braiding", fromlist=["x"]), "braid_graph"),
                    reason="braid on grid kinds is not on this branch")
@pytest.mark.parametrize("kind", KIND_NAMES)
def test_braided_kinds_are_solved(kind):
    for seed in range(2):
        m = make(kind, seed, braid=0.5)
        best = distances(adjacency(m), m.start)[m.goal]
        for method in METHODS:
            try:
                sol = meiro.solve(m, method)
            except meiro.NoPathError:
                assert method in FOLLOWERS
                continue
            assert_chain(m, sol.path)
            assert sol.length == best if method in EXACT else sol.length >= best


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_unreachable_goal(kind):
    m = make(kind, 2)
    passages = m.passages.copy()
    passages[(m.geometry.edges == m.goal).any(axis=1)] = False  # wall the goal in
    if len(m.geometry.forced):  # (a weave's crossings stay: keep the goal off them)
        passages[m.geometry.forced] = True
    shut = m.edited(passages)
    if distances(adjacency(shut), shut.start)[shut.goal] >= 0:
        pytest.skip("the goal is on a crossing")
    for method in METHODS:
        with pytest.raises(meiro.NoPathError):
            meiro.solve(shut, method)


def test_graph_solution_face():
    m = make("hex", 3)
    sol = meiro.solve(m, "astar")
    assert not sol.path.flags.writeable and not sol.explored.flags.writeable
    again = pickle.loads(pickle.dumps(sol))
    assert again.path.tolist() == sol.path.tolist() and again.maze == m
    assert meiro.solve(m, "astar").explored.tolist() == sol.explored.tolist()  # the same seed, the same search
    made = GraphSolution("bfs", sol.path, sol.expanded, sol.max_frontier, m, explored=sol.explored)
    assert made.length == sol.length
    with pytest.raises(meiro.MazeError, match="no open passage"):
        GraphSolution("bfs", [m.start, m.goal], 2, 1, m)
    with pytest.raises(meiro.MazeError, match="unknown method"):
        meiro.solve(m, "teleport")
    with pytest.raises(TypeError):
        meiro.solve("a maze", "bfs")
    assert repr(sol).startswith("GraphSolution(method='astar', kind='hex'")


def test_solvers_declare_their_kinds():
    for method in METHODS:
        assert meiro.SOLVERS.get(method).kinds == tuple(KINDS)
        assert method in meiro.SOLVERS.for_kind("theta")


# --- goals -----------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KIND_NAMES)
def test_goal_rules(kind):
    for seed in range(3):
        far = make(kind, seed, goal="farthest")
        dist = distances(adjacency(far), far.start)
        assert dist[far.goal] == dist.max()
        assert far.goal == int(np.flatnonzero(dist == dist.max())[-1])  # ties to the highest cell
        wide = make(kind, seed, goal="diameter")
        near = adjacency(wide)
        diameter = max(distances(near, cell).max() for cell in range(wide.cells))
        assert distances(near, wide.start)[wide.goal] == diameter
        corner = make(kind, seed)
        assert corner.goal == fixed_goal(kind, corner.size) and corner.start == 0


def test_fixed_goals_sit_where_they_say():
    theta = make("theta", 0)
    g = theta.geometry
    centres, hub = g.centres, g.hub
    rim = np.flatnonzero(np.hypot(centres[:, 0] - hub[0], centres[:, 1] - hub[1])
                         > np.hypot(*(centres[-1] - hub)) - 1e-9)
    assert theta.goal in rim and theta.start == 0  # from the centre to the rim
    below = rim[centres[rim, 1] > hub[1]]
    assert abs(centres[theta.goal, 0] - hub[0]) == pytest.approx(np.abs(centres[below, 0] - hub[0]).min())
    for kind in ("hex", "triangle", "weave"):
        m = make(kind, 0)
        c = m.geometry.centres
        # the bottom-right corner: within a cell of the lowest and of the rightmost centre
        assert c[m.goal, 0] >= c[:, 0].max() - 1 and c[m.goal, 1] >= c[:, 1].max() - 1
        assert c[m.start, 0] <= c[:, 0].min() + 1 and c[m.start, 1] <= c[:, 1].min() + 1
    cube = make("3d", 0)
    c = cube.geometry.centres
    assert c[cube.goal, 2] == c[:, 2].max() and c[cube.start, 2] == 0


# --- statistics ------------------------------------------------------------------------------

def reference_stats(m):
    near = adjacency(m)
    degree = np.bincount(m.geometry.edges[m.passages].ravel(), minlength=m.cells)
    dist = distances(near, m.start)
    length = int(dist[m.goal])
    # the path back from the goal, by distances (unique on a tree)
    path = [m.goal]
    while path[-1] != m.start:
        path.append(next(j for j in near[path[-1]] if dist[j] == dist[path[-1]] - 1))
    path = path[::-1]
    steps = np.diff(m.geometry.centres[path], axis=0)
    cosine = (steps[1:] * steps[:-1]).sum(axis=1) / (np.linalg.norm(steps[1:], axis=1)
                                                      * np.linalg.norm(steps[:-1], axis=1))
    turns = int((cosine < np.cos(np.pi / 4)).sum())
    decisions = int(degree[path[0]] >= 2) + int((degree[path[1:-1]] >= 3).sum()) if len(path) > 1 else 0
    longest = max(distances(near, cell).max() for cell in range(m.cells))
    ends = degree[degree != 2].sum() // 2
    return {"cells": m.cells, "dead_ends": int((degree == 1).sum()),
            "degree_counts": np.bincount(degree, minlength=5).tolist(), "solution_length": length,
            "turns": turns, "decision_points": decisions, "longest_path": int(longest),
            "average_corridor": int(m.passages.sum()) / ends if ends else float(m.passages.sum())}


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_stats_match_independent_counts(kind):
    for seed in range(3):
        m = make(kind, seed)
        s = maze_stats(m)
        want = reference_stats(m)
        got = s.as_dict()
        counts = got["degree_counts"]
        assert len(counts) == max(5, int(np.diff(m.geometry.offsets).max()) + 1)
        assert counts[:len(want["degree_counts"])] == want["degree_counts"]
        assert sum(counts) == m.cells
        for key in ("cells", "dead_ends", "solution_length", "turns", "decision_points", "longest_path"):
            assert got[key] == want[key], key
        assert got["average_corridor"] == pytest.approx(want["average_corridor"])
        assert got["solution_share"] == pytest.approx((want["solution_length"] + 1) / m.cells)
        assert got["dead_end_share"] == pytest.approx(want["dead_ends"] / m.cells)
        assert degrees(m).tolist() == np.bincount(m.geometry.edges[m.passages].ravel(),
                                                  minlength=m.cells).tolist()
        d = difficulty(m)
        assert 0 <= d <= 1


def test_stats_with_loops_and_without_a_path():
    m = with_loops(make("hex", 4), 0.4, 4)
    s = maze_stats(m)
    near = adjacency(m)
    assert s.solution_length == distances(near, m.start)[m.goal]
    # with loops the longest path is the double sweep's: a lower bound of the diameter
    assert 0 < s.longest_path <= max(distances(near, cell).max() for cell in range(m.cells))
    passages = m.passages.copy()
    passages[(m.geometry.edges == m.goal).any(axis=1)] = False
    shut = maze_stats(m.edited(passages))
    assert shut.solution_length is None and shut.turns is None and shut.decision_points is None
    assert np.isnan(difficulty(m.edited(passages)))


def test_summarize_mixes_kinds():
    summary = summarize([maze_stats(make("hex", 0)), maze_stats(meiro.generate(5, 5, seed=0))])
    assert summary["count"] == 2 and len(summary["degree_counts"]) == 7


def test_kind_solving_benchmark_runs_at_a_tiny_size():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_kind_solving.py"
    out = subprocess.run([sys.executable, str(script), "--cells", "300", "--reps", "1", "--methods", "bfs",
                          "astar"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    rows = [line.split() for line in out.stdout.splitlines()[1:]]
    assert {(row[0], row[1]) for row in rows} == {(kind, method) for kind in ("square", "hex", "theta")
                                                  for method in ("bfs", "astar", "maze_stats")}
    for row in rows:
        float(row[-1])  # the ratio to the square grid's is a figure


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_search_replay_on_kinds(kind):
    from meiro.paint import CLOSED, CURRENT, FRONTIER
    from meiro.solvers.replay_events import apply_events, graph_search_events

    m = make(kind, 5, goal="farthest")
    near = adjacency(m)
    dist = distances(near, m.start)
    for method in ("bfs", "astar", "dfs"):
        explored = meiro.solve(m, method).explored
        ev = graph_search_events(m.geometry, m.passages, explored)
        assert len(ev.starts) == len(explored) + 2
        state, paint = np.zeros(m.cells, np.uint8), np.zeros(m.cells, np.uint8)
        g = np.full(m.cells, -1, np.int64)
        half = len(explored) // 2
        apply_events(ev.blocks, ev.colours, ev.g, 0, ev.starts[half + 1], state, paint, g, m.start, m.goal)
        assert state[explored[half - 1]] == CURRENT
        apply_events(ev.blocks, ev.colours, ev.g, ev.starts[half + 1], len(ev.blocks), state, paint, g,
                     m.start, m.goal)
        done = set(explored.tolist())
        assert all(state[c] == CLOSED for c in done)
        edge = {j for i in done for j in near[i]} - done
        assert {int(c) for c in np.flatnonzero(state == FRONTIER)} == edge
        if method == "bfs":  # breadth first: every g the replay shows is the distance from the start
            assert all(g[c] == dist[c] for c in done)
    with pytest.raises(meiro.MazeError):
        graph_search_events(m.geometry, m.passages, [m.cells])


SAME_BOTH_WAYS = """
import json, numpy as np, meiro
from meiro.analysis.stats import maze_stats
from meiro.solvers.replay_events import graph_search_events
out = {}
for kind, args, kw in [("theta", (4,), {}), ("hex", (5, 4), {}), ("triangle", (6, 4), {}),
                       ("weave", (6, 6), {}), ("3d", (3, 3), {"layers": 2})]:
    m = meiro.generate(*args, grid=kind, seed=3, **kw)
    for tag, mm in (("tree", m), ("open", m.edited(np.ones(m.geometry.edge_count, bool)))):
        for method in meiro.SOLVERS.names():
            try:
                s = meiro.solve(mm, method)
                out[f"{kind} {tag} {method}"] = [s.path.tolist(), s.explored.tolist(), s.expanded, s.max_frontier]
            except meiro.NoPathError:
                out[f"{kind} {tag} {method}"] = "no path"
        out[f"{kind} {tag} stats"] = maze_stats(mm).as_dict()
        ev = graph_search_events(mm.geometry, mm.passages, meiro.solve(mm, "astar").explored)
        out[f"{kind} {tag} events"] = [ev.blocks.tolist(), ev.colours.tolist(), ev.g.tolist()]
print(json.dumps(out, sort_keys=True))
"""


def test_graph_kernels_are_the_same_as_plain_python():
    import os
    import subprocess
    import sys

    runs = {}
    for jit in ("0", "1"):
        done = subprocess.run([sys.executable, "-c", SAME_BOTH_WAYS], capture_output=True, text=True,
                              timeout=600, env={**os.environ, "MEIRO_JIT": jit})
        assert done.returncode == 0, done.stderr[-2000:]
        runs[jit] = done.stdout
    assert runs["0"] == runs["1"]


FORM_CASES = [("hex", (13, 9), {}), ("triangle", (11, 8), {}), ("3d", (5, 4), {"layers": 3}),
              ("theta", (6,), {}), ("theta", (1,), {}), ("hex", (1, 1), {}), ("hex", (7, 5), {"mask": "..##...\n.......\n...#...\n.#.....\n......."})]


@pytest.mark.parametrize("method", ["bfs", "astar", "bidirectional", "greedy", "dfs", "tremaux", "wall-left",
                                    "wall-right"])
@pytest.mark.parametrize("case", range(len(FORM_CASES)))
def test_searches_on_compact_forms_are_the_csr_searches(method, case):
    """A search on a geometry's stencil or ring form takes the CSR search's every step."""
    from meiro.kernels.rng import mix_seed
    from meiro.solvers import astar, bfs, bidirectional, dfs, tremaux, wall_follower
    from meiro.solvers.cell_forms import cell_form
    from meiro.solvers.graph_search import run_graph

    kind, size, extra = FORM_CASES[case]
    for seed in range(3):
        m = meiro.generate(*size, grid=kind, seed=seed, **extra)
        g = m.geometry
        assert cell_form(g) is not None
        for maze in (m, with_loops(m, 0.3, seed)):
            if method in ("astar", "greedy"):
                args = (g.centres, (1.0 - 1e-9) / g.reach, mix_seed(seed, stream=1), int(method == "astar"))
                kernels = astar._astar_graph_kernel, astar._astar_form_kernel
            elif method.startswith("wall"):
                args = (1 if method == "wall-left" else -1,)
                kernels = wall_follower._follow_graph_kernel, wall_follower._follow_form_kernel
            else:
                args = {"dfs": (mix_seed(seed, stream=4),), "tremaux": (mix_seed(seed, stream=6),)}.get(method, ())
                module = {"bfs": bfs, "bidirectional": bidirectional, "dfs": dfs, "tremaux": tremaux}[method]
                kernels = getattr(module, f"_{method}_graph_kernel"), getattr(module, f"_{method}_form_kernel")
            csr = run_graph(kernels[0], g, maze.passages, m.start, m.goal, True, *args)
            form = run_graph(kernels[0], g, maze.passages, m.start, m.goal, True, *args, form_kernel=kernels[1])
            assert csr[:3] == form[:3]
            assert csr.explored.tolist() == form.explored.tolist()
            assert (csr.path is None and form.path is None) or csr.path.tolist() == form.path.tolist()


@pytest.mark.parametrize("case", range(len(FORM_CASES)))
def test_dead_end_filling_on_compact_forms_fills_what_the_csr_filling_fills(case):
    """Filling on the form's bytes closes the same cells in the same order as on the CSR, and
    the search after it is the same: explored order, expansions and path."""
    from meiro.solvers import bfs, dead_end_fill
    from meiro.solvers.cell_forms import _open_slots, cell_form

    kind, size, extra = FORM_CASES[case]
    for seed in range(3):
        m = meiro.generate(*size, grid=kind, seed=seed, **extra)
        g = m.geometry
        form = cell_form(g)
        for maze in (m, with_loops(m, 0.3, seed)):
            open_ = np.ascontiguousarray(maze.passages).view(np.uint8).copy()
            slots = np.empty(g.cells, np.uint8)
            _open_slots(g.offsets, g.slot_edges, open_, slots)
            on_csr, on_form = np.empty(g.cells, np.int32), np.empty(g.cells, np.int32)
            filled = dead_end_fill._fill_graph_kernel(g.offsets, g.targets, g.slot_edges, open_, m.start, m.goal,
                                                      on_csr)
            assert dead_end_fill._fill_form_kernel(form, slots, m.start, m.goal, on_form) == filled
            assert on_form[:filled].tolist() == on_csr[:filled].tolist()
            left = np.empty(g.cells, np.uint8)   # the bytes left open are the CSR's open passages
            _open_slots(g.offsets, g.slot_edges, open_, left)
            assert left.tolist() == slots.tolist()
            runs = []
            for kernel, args in ((bfs._bfs_graph_kernel, (g.offsets, g.targets, g.slot_edges, open_)),
                                 (bfs._bfs_form_kernel, (form, slots))):
                parent, order = np.full(g.cells, -1, np.int32), np.empty(g.cells, np.int32)
                found, expanded, frontier = kernel(*args, m.start, m.goal, parent, order)
                runs.append((int(found), int(expanded), int(frontier), order[:expanded].tolist(), parent.tolist()))
            assert runs[0] == runs[1]
            sol = meiro.solve(maze, "dead-end-fill")
            assert sol.length == meiro.solve(maze, "bfs").length and sol.expanded == filled + runs[0][1]


@pytest.mark.parametrize("case", range(len(FORM_CASES)))
def test_statistics_on_compact_forms_are_the_csr_statistics(case):
    from meiro.analysis import graph_stats
    from meiro.solvers.cell_forms import _open_slots, cell_form

    kind, size, extra = FORM_CASES[case]
    for seed in range(3):
        m = meiro.generate(*size, grid=kind, seed=seed, **extra)
        g = m.geometry
        for maze in (m, with_loops(m, 0.3, seed)):
            open_ = np.ascontiguousarray(maze.passages).view(np.uint8)
            slots = np.empty(g.cells, np.uint8)
            _open_slots(g.offsets, g.slot_edges, open_, slots)
            runs = []
            for kernel, args in ((graph_stats._graph_stats_kernel, (g.offsets, g.targets, g.slot_edges, open_)),
                                 (graph_stats._form_stats_kernel, (cell_form(g), slots))):
                counts, out = np.zeros(9, np.int64), np.zeros(len(graph_stats.FIELDS), np.int64)
                kernel(*args, g.centres, m.start, m.goal, graph_stats.TURN_COSINE, counts, out)
                runs.append((counts.tolist(), out.tolist()))
            assert runs[0] == runs[1]
            assert runs[0][1][graph_stats.FIELDS.index("passages")] == int(maze.passages.sum())


def test_weave_has_no_compact_form():
    from meiro.solvers.cell_forms import cell_form, open_slots

    m = make("weave", 1)
    assert cell_form(m.geometry) is None
    slots = open_slots(m.geometry, m.passages)
    g = m.geometry
    for i in range(m.cells):   # the byte's bits are the open slots, from the pairs alone
        lo, hi = g.offsets[i], g.offsets[i + 1]
        assert [bool(slots[i] >> s & 1) for s in range(hi - lo)] == [
            bool(m.passages[e]) for e in g.slot_edges[lo:hi]]


@pytest.mark.parametrize("kind", ["hex", "triangle"])
def test_masked_kinds(kind):
    shape = "..##...\n.......\n...#...\n.#.....\n......."
    for seed in range(2):
        m = meiro.generate(7, 5, grid=kind, seed=seed, mask=shape, goal="diameter")
        best = distances(adjacency(m), m.start)[m.goal]
        for method in METHODS:
            sol = meiro.solve(m, method)
            assert_chain(m, sol.path)
            assert sol.length == best  # still a tree: every solver finds its one path
        want, got = reference_stats(m), maze_stats(m).as_dict()
        for key in ("cells", "dead_ends", "solution_length", "turns", "decision_points", "longest_path"):
            assert got[key] == want[key], key


@pytest.mark.parametrize("method", FOLLOWERS + ["bfs"])
def test_graph_walk_turns_as_the_square_walk_does(method):
    # a square maze redrawn as a one-layer 3D maze (the square grid as a graph): the graph's
    # hands, turning through the clockwise neighbour order, walk the square hands' very walk
    from meiro.kinds import geometry_of
    from meiro.kinds.maze import GraphMaze

    for seed in range(4):
        square = meiro.generate(9, 7, seed=seed)
        g = geometry_of("3d", (9, 7, 1))
        a, b = g.edges[:, 0], g.edges[:, 1]
        ya, xa, yb, xb = a // 9, a % 9, b // 9, b % 9
        passages = ~square.grid[ya + yb + 1, xa + xb + 1]  # the block between two cells
        flat = GraphMaze(g, passages, 0, g.cells - 1)
        cells = [(r // 2) * 9 + c // 2 for r, c in meiro.solve(square, method).explored.tolist()]
        assert meiro.solve(flat, method).explored.tolist() == cells

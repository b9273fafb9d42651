"""The library's doors: what the public functions let through to the compiled kernels.

The kernels trust what they are given (a closed border, ends on open blocks, arrays of
the right size and type) and check nothing as they run, so a wrong argument that slips
through is a write outside an array or a crash, not an exception. Every public function
of the core checks what it hands on: a wrong value is a :class:`meiro.MazeError`, a wrong
type a :class:`TypeError`, each saying what and where.

The walk below calls every public function (and the public methods that feed kernels)
with out-of-range positions, huge and negative numbers, wrong dtypes and shapes,
non-contiguous and read-only arrays. It runs in a child process, so that a crash fails the
test instead of ending pytest.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import json
import math
import pkgutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import meiro

HERE = Path(__file__).resolve().parent

#: the module groups the walk covers, one child process each
GROUPS = {
    "kernels": ["meiro.kernels"],
    "solve": ["meiro.solvers"],
    "generate": ["meiro.generators"],
    "core": ["meiro.maze", "meiro.goals", "meiro.analysis.stats", "meiro.analysis.symmetry", "meiro.text.maze_text",
             "meiro.text.columns"],
    # the front ends' replays: they hand the kernels nothing unchecked (only what the core
    # gives them goes through meiro.solvers.replay_events); for them the walk asks no crash and
    # no wrong argument reaching compiled code, whatever else they raise
    "front_ends": ["meiro.game.search_replay", "meiro.render.replay"],
}
STRICT = {"kernels", "solve", "generate", "core"}

#: plain records: they keep what they are given and hand nothing to a kernel
RECORDS = {"meiro.analysis.stats.MazeStats", "meiro.solvers.replay_events.SearchEvents",
           "meiro.generators.graph_carving.GraphCarving", "meiro.generators.graph_carving.CarvingGraph",
           "meiro.generators.graph_carving.Stencil", "meiro.generators.ring_form.RingForm",
           "meiro.generators.hex_form.HexForm",
           "meiro.solvers.result.SearchResult", "meiro.generators.carving.Carving",
           "meiro.solvers.graph_search.GraphSearch"}


#: modules of a walked package that hand nothing to a kernel: numba's cache locator and the
#: switch a command sets before its job
NOT_WALKED = {"meiro.kernels.freshness", "meiro.kernels.small_jobs"}


def public_callables(group: str) -> dict[str, object]:
    """Every public function and class defined in the group's modules, by qualified name."""
    names = []
    for root in GROUPS[group]:
        module = importlib.import_module(root)
        names.append(root)
        if hasattr(module, "__path__"):
            names += [f"{root}.{info.name}" for info in pkgutil.iter_modules(module.__path__)
                      if f"{root}.{info.name}" not in NOT_WALKED]
    found = {}
    for name in names:
        module = importlib.import_module(name)
        for attr, obj in vars(module).items():
            if attr.startswith("_") or getattr(obj, "__module__", None) != name or not callable(obj):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            if f"{name}.{attr}" not in RECORDS:
                found[f"{name}.{attr}"] = obj
    return found


# -- the calls that work: one per function, from which the wrong ones are made ----------------

def good_calls() -> dict[str, tuple[object, dict]]:
    """``name -> (callable, keyword arguments)`` for a call that must succeed.

    Methods are listed under ``Class.method``; a fresh object is made for each call of a
    method that changes its object.
    """
    from meiro.generators.masking import allowed_blocks
    from meiro.generators.wilson import _wilson_kernel
    from meiro.game.search_replay import SearchReplay, SearchWatch
    from meiro.kernels.rng import mix_seed
    from meiro.solvers.bfs import _bfs_kernel
    from meiro.solvers.replay_events import search_events
    from meiro.solvers.result import SearchGraph
    from meiro.analysis.stats import maze_stats

    m = meiro.generate(6, 6, seed=1)          # 13 x 13 blocks, a lattice
    grid = m.grid
    sol = meiro.solve(m, "bfs")
    order = (sol.explored[:, 0].astype(np.int64) * 13 + sol.explored[:, 1]).astype(np.int32)
    events = search_events(grid.ravel(), 13, order, 2)
    walls = importlib.import_module("meiro.generators.kruskal").wall_codes(6, 6)
    importlib.import_module("meiro.generators.kruskal").shuffled_walls(walls, 6, 6, mix_seed(1))
    state = mix_seed(1)
    cells = np.ones((6, 6), bool)
    start, goal = 1 * 13 + 1, 11 * 13 + 11
    sizes = dict(width=6, height=6, state=state, origin=(1, 1), record=True)
    calls: dict[str, tuple[object, dict]] = {}

    def add(qualname, function=None, /, **kwargs):
        if function is None:  # the function the name names (meiro.solve and meiro.generate are
            module, attr = qualname.rsplit(".", 1)  # functions too: attribute access would not do)
            function = getattr(importlib.import_module(module), attr)
        calls[qualname] = (function, kwargs)

    # meiro.kernels
    add("meiro.kernels.graph.build_graph", grid=grid.ravel(), rows=13, cols=13, step=2)
    add("meiro.kernels.numba_cache_folder")
    add("meiro.kernels.prepare_numba")
    add("meiro.kernels.jit.mode")
    add("meiro.kernels.jit.prefer_python")
    add("meiro.kernels.jit.compile_kernels")
    add("meiro.kernels.jit.switch_to_numba", compiled={})
    add("meiro.kernels.jit.njit", cache=True)
    add("meiro.kernels.jit.parallel_range")
    add("meiro.kernels.rng.mix_seed", seed=4, stream=1)
    add("meiro.kernels.rng.mix_seeds", seed=4, streams=np.arange(3, dtype=np.uint64))
    add("meiro.generators.seeds.derived_seeds", seed=7, count=3, first=2)
    few = meiro.generate_batch(2, 5, 4, seed=1)
    add("meiro.generators.distance_goal.goals_at_distance", grids=few.grids, starts=few.starts, seeds=few.seeds,
        low=3, high=5)
    add("meiro.analysis.symmetry.canonical_forms", grids=few.grids, starts=few.starts, goals=few.goals)
    add("meiro.analysis.symmetry.symmetry_count", rows=9, cols=11)
    add("meiro.analysis.symmetry.move_blocks", t=3, points=few.starts, rows=9, cols=11)
    add("meiro.analysis.symmetry.apply_symmetry", t=1, grid=few.grids[0], start=few.starts[0], goal=few.goals[0],
        solution=np.array([[0, 0], [0, 1]]), solution_mask=few.grids[0], pixels=np.zeros((9, 11, 3), np.uint8),
        tokens=False)
    add("meiro.kernels.rng.mix64", z=np.arange(3, dtype=np.uint64))
    add("meiro.kernels.rng.check_state", state=state)
    hexes = meiro.generate(4, 3, grid="hex", seed=1)
    g = hexes.geometry
    add("meiro.kernels.adjacency.components", n=g.cells, edges=g.edges, open_=hexes.passages)
    add("meiro.kernels.adjacency.group_roots", n=g.cells, pairs=g.edges[:3])
    add("meiro.kernels.adjacency.csr", offsets=g.offsets, targets=g.targets, slot_edges=g.slot_edges,
        edges=g.edge_count)
    add("meiro.kernels.adjacency.distances", offsets=g.offsets, targets=g.targets, slot_edges=g.slot_edges,
        passages=hexes.passages, start=2)
    from meiro.generators.dig import _dig_graph_kernel
    add("meiro.generators.graph_carving.carving_graph", geometry=g)
    add("meiro.generators.graph_carving.stencil", geometry=g)
    add("meiro.generators.ring_form.ring_form", geometry=meiro.generate(3, grid="theta", seed=1).geometry)
    add("meiro.generators.hex_form.hex_form", geometry=g)
    add("meiro.kernels.prefetch.prefetch", array=np.arange(3), index=1)
    add("meiro.kernels.prefetch.register")
    add("meiro.solvers.cell_forms.cell_form", geometry=g)
    add("meiro.solvers.cell_forms.open_slots", geometry=g, passages=np.ones(g.edge_count, bool))
    add("meiro.generators.graph_carving.check_origin", geometry=g, origin=3)
    add("meiro.generators.graph_carving.run_on_graph", kernel=_dig_graph_kernel, geometry=g, state=state,
        origin=3, record=True)
    add("meiro.generators.dig.dig_graph", geometry=g, state=state, origin=3, record=True)
    for name in ("aldous_broder.aldous_broder_graph", "growing_tree.growing_tree_mixed_graph",
                 "growing_tree.growing_tree_newest_graph", "growing_tree.growing_tree_oldest_graph",
                 "growing_tree.growing_tree_random_graph", "hunt_and_kill.hunt_and_kill_graph",
                 "kruskal.kruskal_graph", "prim.prim_graph", "prim_simple.prim_simple_graph", "wilson.wilson_graph"):
        add(f"meiro.generators.{name}", geometry=g, state=state, origin=3, record=True)
    add("meiro.generators.growing_tree.growing_tree_graph", geometry=g, state=state, origin=3, record=True,
        policy="random", newest=0.5)
    add("meiro.generators.origin_shift.origin_shift_graph", geometry=g, state=state, origin=3, record=True,
        steps_per_cell=2)
    rings = meiro.generate(3, grid="theta", seed=1).geometry
    for name in ("binary_tree.binary_tree_graph", "sidewinder.sidewinder_graph"):
        add(f"meiro.generators.{name}", geometry=rings, state=state, origin=3, record=True)
    add("meiro.generators.braiding.braid_graph", geometry=g, passages=hexes.passages, share=0.5, state=state,
        order=np.flatnonzero(hexes.passages))
    # meiro.solve
    solver = dict(grid=grid, source=start, target=goal, step=2, seed=0, record=True)
    for name in ("astar.astar", "bfs.bfs", "bidirectional.bidirectional", "dead_end_fill.dead_end_fill",
                 "dfs.dfs", "greedy.greedy", "tremaux.tremaux", "wall_follower.wall_left",
                 "wall_follower.wall_right"):
        module, function = name.split(".")
        add(f"meiro.solvers.{name}", getattr(importlib.import_module(f"meiro.solvers.{module}"), function),
            **solver)
    add("meiro.solvers.solve", maze=m, method="bfs")
    # meiro.solve on the other grid kinds
    from meiro.solvers.bfs import _bfs_graph_kernel
    from meiro.solvers.graph_solution import GraphSolution

    hexes = meiro.generate(4, 3, grid="hex", seed=1)
    hex_sol = meiro.solve(hexes, "astar")
    graph_solver = dict(geometry=hexes.geometry, passages=np.array(hexes.passages), source=hexes.start,
                        target=hexes.goal, seed=0, record=True)
    for name in ("astar.astar", "bfs.bfs", "bidirectional.bidirectional", "dead_end_fill.dead_end_fill",
                 "dfs.dfs", "greedy.greedy", "tremaux.tremaux", "wall_follower.wall_left",
                 "wall_follower.wall_right"):
        add(f"meiro.solvers.{name}_graph", **graph_solver)
    add("meiro.solvers.graph_search.check_search", geometry=hexes.geometry, passages=np.array(hexes.passages),
        source=hexes.start, target=hexes.goal)
    add("meiro.solvers.graph_search.run_graph", kernel=_bfs_graph_kernel, geometry=hexes.geometry,
        passages=np.array(hexes.passages), source=hexes.start, target=hexes.goal, record=True)
    add("meiro.solvers.graph_solution.GraphSolution", GraphSolution, method="bfs", path=np.array(hex_sol.path),
        expanded=hex_sol.expanded, max_frontier=hex_sol.max_frontier, maze=hexes,
        explored=np.array(hex_sol.explored))
    add("meiro.solvers.graph_solution.check_cells", cells=np.array(hex_sol.path), maze=hexes, name="path",
        chain=True)
    add("meiro.solvers.replay_events.graph_search_events", geometry=hexes.geometry,
        passages=np.array(hexes.passages), order=np.array(hex_sol.explored))
    add("meiro.solvers.search_stride", maze=m)
    add("meiro.solvers.answer.Answer")
    add("meiro.solvers.Solution", method="bfs", path=sol.path,
        expanded=sol.expanded, max_frontier=sol.max_frontier, maze=m, explored=sol.explored)
    add("meiro.solvers.bfs.flood", grid=grid, origin=(1, 1), step=2)
    add("meiro.solvers.replay_events.search_events", search_events, wall=grid.ravel(), cols=13,
        order=order, stride=2)
    add("meiro.solvers.replay_events.apply_events", blocks=events.blocks, colours=events.colours, gs=events.g, lo=0, hi=len(events.blocks),
        state=np.zeros(169, np.uint8), paint=np.zeros(169, np.uint8),
        g=np.full(169, -1, events.g.dtype), start=start, goal=goal)
    add("meiro.solvers.result.block_index", position=(1, 1), rows=13,
        cols=13, name="origin")
    add("meiro.solvers.result.SearchGraph", SearchGraph, grid=grid, step=2)
    add("SearchGraph.run", lambda **kw: SearchGraph(grid, 2).run(**kw), kernel=_bfs_kernel,
        source=start, target=goal, record=True)
    add("SearchGraph.open_node", lambda **kw: SearchGraph(grid, 2).open_node(**kw),
        flat_block=start, name="source")
    add("Algorithm.solver", meiro.SOLVERS.get("astar").function, **solver)    # the registry's guards
    add("Algorithm.generator", meiro.GENERATORS.get("growing-tree").function, **sizes)
    add("Solution.explored", lambda **kw: meiro.solve(kw["maze"], kw["method"]).explored,
        maze=m, method="astar")
    # meiro.generate
    for name in ("aldous_broder", "binary_tree", "dig", "division", "eller", "hunt_and_kill", "kruskal",
                 "prim", "prim_simple", "sidewinder", "stick", "wall", "wilson"):
        add(f"meiro.generators.{name}.{name}", getattr(importlib.import_module(f"meiro.generators.{name}"), name),
            **sizes)
    for policy in ("mixed", "newest", "random", "oldest"):  # the registry's four names
        add(f"meiro.generators.growing_tree.growing_tree_{policy}", **sizes)
    add("meiro.generators.growing_tree.growing_tree", **sizes,
        policy="mixed", newest=0.25)
    add("meiro.generators.origin_shift.origin_shift", **sizes,
        steps_per_cell=2.0)
    add("meiro.generators.generate", width=6, height=6, algorithm="dig", seed=1,
        goal="farthest", start=(3, 3), braid=0.5, mask=cells)
    add("meiro.generators.carve", algorithm="dig", width=6, height=6, seed=1,
        origin=(1, 1), record=True, braid=0.5, region=cells)
    add("meiro.generators.resolve_seed", seed=5)
    add("meiro.generators.eller_stream", width=6, height=6, seed=1)
    add("meiro.generators.compiled.algorithm_code", name="wilson")
    add("meiro.generators.compiled.goal_code", goal="diameter")
    add("meiro.generators.compiled.mazes_kernel", code=3, goal=1, braided=False, solve=True)
    add("meiro.generators.rebuild_carve_order", maze=m)
    add("meiro.generators.flood_order", maze=m)
    add("meiro.generators.options.check_braid", braid=0.5)
    add("meiro.generators.braiding.braid_maze", grid=grid.copy(),
        allowed=allowed_blocks(cells), share=0.5, state=state, order=m.carve_order.copy())
    add("meiro.generators.carving.record_buffer", n_blocks=169,
        length=71)
    add("meiro.generators.carving.check_request", **sizes, memory=2)
    add("meiro.generators.carving.run_on_cells", kernel=_wilson_kernel,
        **sizes)
    add("meiro.generators.carving.run_on_grid",
        kernel=importlib.import_module("meiro.generators.binary_tree")._binary_tree_kernel, **sizes)
    add("meiro.generators.carving.check_number", value=0.5,
        name="share", low=0, high=1, what="a share")
    add("meiro.generators.carving.editable_grid", grid=grid.copy())
    add("meiro.generators.carving.carving_log", order=m.carve_order,
        n_blocks=169)
    add("meiro.generators.eller.eller_rows", width=6, height=6,
        state=state)
    add("meiro.generators.kruskal.wall_slots", rows=13, cols=13)
    add("meiro.generators.kruskal.wall_codes", width=6, height=6)
    add("meiro.generators.kruskal.shuffled_walls", walls=walls.copy(),
        width=6, height=6, state=state)
    add("meiro.generators.kruskal.spanning_tree", walls=walls,
        width=6, height=6, record=True)
    add("meiro.generators.lattice.open_interior", width=6, height=6)
    add("meiro.generators.lattice.flood_log", grid=grid, origin=(1, 1))
    add("meiro.generators.mask_source.parse_mask_text", text="..#\n...")
    from PIL import Image

    Image.fromarray(np.full((6, 6), 255, np.uint8)).save("mask.png")  # in the child's own folder
    add("meiro.generators.mask_source.read_mask_png", path="mask.png")
    add("meiro.generators.mask_source.load_mask", mask=cells)
    add("meiro.generators.masking.allowed_blocks", allowed_blocks, cells=cells)
    add("meiro.generators.masking.check_allowed", allowed=allowed_blocks(cells), shape=(13, 13))
    add("meiro.generators.masking.region_of", cells=cells, start=(1, 1))
    add("meiro.generators.shapes.shape_mask", shape="heart", width=12, height=10)
    add("meiro.generators.shapes.connect", cells=cells)
    add("meiro.generators.shapes.legible_text_side", text="O", least=10, most=14)
    add("meiro.generators.masking.restrict", grid=grid.copy(),
        order=m.carve_order, region=cells, state=state)
    # the core
    add("meiro.maze.check_grid", grid=grid)
    add("meiro.maze.check_cell", position=(1, 1), width=6, height=6, name="origin")
    add("meiro.maze.check_path", path=sol.path, shape=(13, 13))
    add("meiro.maze.Maze", meiro.Maze, grid=grid, start=(1, 1), goal=(11, 11), generation=m.generation,
        carve_order=m.carve_order)
    add("Maze.edited", m.edited, grid=grid.copy(), start=(1, 1), goal=(11, 11))
    add("Maze.carve_order", lambda **kw: meiro.Maze(**kw).carve_order, grid=grid, start=(1, 1),
        goal=(11, 11), generation=m.generation)
    add("meiro.maze.replay_carving", meiro.replay_carving, shape=(13, 13), order=m.carve_order, steps=10)
    add("meiro.goals.farthest_from", grid=grid, origin=(1, 1), step=2)
    add("meiro.goals.place_goal", grid=grid, start=(1, 1), goal="diameter")
    add("meiro.goals.goal_title", goal="farthest", lang="ja")
    add("meiro.text.maze_text.for_narrow_terminal", line="■◎\u3000△■")
    add("meiro.text.columns.display_width", s="移動回数 3回")
    add("meiro.analysis.stats.degrees", maze=m)
    add("meiro.analysis.stats.maze_stats", maze_stats, maze=m)
    add("meiro.analysis.stats.turns_along", path=sol.path)
    add("meiro.analysis.stats.summarize", stats=[maze_stats(m)])
    add("meiro.text.maze_text.render_text", meiro.render_text, maze=m, style="block", path=sol.path)
    add("meiro.text.maze_text.text_lines", maze=m, style="plain", path=sol.path)
    add("meiro.text.maze_text.row_lines", rows=list(grid), start=(1, 1), goal=(11, 11),
        style="hash")
    add("meiro.text.maze_text.parse_text", meiro.parse_text, text=meiro.render_text(m))
    add("meiro.game.search_replay.SearchReplay", SearchReplay, maze=m, method="astar")
    add("SearchReplay.advance", lambda **kw: SearchReplay(m, "bfs").advance(**kw), k=5)
    add("meiro.game.search_replay.search_duration", steps=50)
    add("meiro.game.search_replay.SearchWatch", SearchWatch, maze=m, methods=("astar", "bfs"),
        clock=lambda: 0.0)
    add("meiro.render.replay.frame_counts", total=71, max_frames=10)
    add("meiro.render.replay.check_solution", solution=sol)
    add("meiro.render.replay.dig_frames", maze=m, counts=[5, 10])
    add("meiro.render.replay.search_layers", grid=grid,
        expanded=np.zeros((13, 13), bool), stride=2)
    add("meiro.render.replay.search_frames", maze=m, solution=sol,
        counts=[5, 10])
    return calls


# -- the wrong arguments -------------------------------------------------------------------

class _Weird:
    def __repr__(self):
        return "<an object>"


COMMON_WRONG = [None, "x", "", 1.5, math.nan, math.inf, True, -1, 0, 2**40, 2**64, -(2**63), 10**30,
                (10**7, 3), (-1, 1), (1, 1, 1), (2, 2), ("a", 1), (1.5, 1), [], [[]], {}, _Weird(),
                np.zeros((3, 3)), np.full((3, 3), np.nan), np.array(["a", "b"]), np.ones((2, 3, 3), bool),
                np.ones(5, np.int8), np.array([10**7, 3]), np.array([-1, 1]), np.array(7),
                np.zeros((0, 2), np.int64), np.array([[1, 1], [1, 2]], np.uint64) + np.uint64(2**63),
                np.ones((4, 4), bool), np.array([1 + 2j])]


def wrong_values(good) -> list:
    """Values near ``good`` that are wrong: off by a little or a lot, of another dtype,
    shape or layout."""
    out = []
    if isinstance(good, (bool, np.bool_)):
        return out
    if isinstance(good, (int, np.integer)):
        g = int(good)
        out += [g + 2**40, -g - 1, g + 1, g - 1, float(g), np.int64(g), np.uint64(abs(g)), 2**63]
    elif isinstance(good, float):
        out += [-good - 1, good + 2, math.nan, -math.inf, np.float32(good)]
    elif isinstance(good, tuple) and len(good) == 2 and all(isinstance(v, int) for v in good):
        r, c = good
        out += [(r + 10**6, c), (r, -c - 1), (r + 1, c), (r, c + 1), (r - 2, c), (r, c, 0), (float(r), c),
                (np.int64(r), np.int64(c)), np.array(good), [r, c], (r + 2**63, c), (True, c)]
    elif isinstance(good, np.ndarray):
        a = good
        out += [a.astype(np.float64), a.astype(np.int8), a.astype(np.uint64), a[None], a.ravel(), a[:-1],
                a[::2], a[::-1]]
        if a.ndim == 2:
            out += [a.T.copy(), np.asfortranarray(a), a[:, ::2], a[:, :-1], a[1:-1, 1:-1]]
        read_only = a.copy()
        read_only.flags.writeable = False
        out.append(read_only)
        if a.dtype == np.bool_ and a.size:
            opened = a.copy()
            opened.flat[1] = not opened.flat[1]       # the border, or a neighbour of the first block
            out += [opened, ~a, (a.view(np.uint8) * 255).view(bool)]
        if a.dtype.kind in "iu" and a.size:
            out += [a.astype(np.int64) + 10**6, -a.astype(np.int64) - 1, a.astype(np.int64) * 2**40]
    elif isinstance(good, str):
        out += ["nope", good.upper(), good * 1000, good.encode()]
    elif isinstance(good, list):
        out += [good[:1], good * 3, [None] * len(good), list(reversed(good))]
    return out


ALLOWED = (meiro.MazeError, TypeError)


def _outcome(function, kwargs, strict: bool) -> str | None:
    """None if the call returned (its iterators run too) or raised an allowed error, else
    what went wrong. Not ``strict``: any error but one from compiled code is allowed."""
    try:
        result = function(**kwargs)
        if hasattr(result, "__next__"):
            for _ in itertools.islice(result, 40):
                pass
    except ALLOWED as exc:
        if not str(exc).strip():
            return f"{type(exc).__name__} without a message"
        return None
    except Exception as exc:
        if not strict and not type(exc).__module__.startswith("numba") and not isinstance(
                exc, (SystemError, MemoryError)):
            return None
        return f"{type(exc).__module__}.{type(exc).__name__}: {exc}"[:300]
    return None


def _fresh(kwargs: dict) -> dict:
    # a call may change a writable array it is given: each call gets its own copy
    return {k: v.copy() if isinstance(v, np.ndarray) and v.flags.writeable else v for k, v in kwargs.items()}


def walk(group: str, progress: str) -> list[str]:
    """Call every public function of ``group`` with wrong arguments; the problems found.

    Runs in the child process; before each call its name and arguments are written to
    ``progress``, so that the parent can say which call a crash came from.
    """
    import warnings

    warnings.simplefilter("ignore")   # NumPy's warnings about the odd values are not the point
    calls = good_calls()
    problems = []
    found = public_callables(group)
    missing = sorted(set(found) - set(calls))
    if missing:
        problems.append(f"public functions the walk has no working call for: {missing}")
    prefixes = tuple(GROUPS[group])
    names = sorted(n for n in calls if n.startswith(prefixes)
                   or (n.split(".")[0] in _METHOD_GROUPS.get(group, ())))
    with open(progress, "a", encoding="utf-8") as log:
        for name in names:
            function, good = calls[name]
            log.write(f"{name} (the working call)\n")
            log.flush()
            try:
                result = function(**_fresh(good))
                if hasattr(result, "__next__"):
                    list(itertools.islice(result, 40))
            except Exception as exc:
                problems.append(f"{name}: the working call failed: {type(exc).__name__}: {exc}")
                continue
            for param, value in good.items():
                for wrong in COMMON_WRONG + wrong_values(value):
                    kwargs = _fresh({**good, param: wrong})
                    log.write(f"{name}({param}={_short(wrong)})\n")
                    log.flush()
                    problem = _outcome(function, kwargs, group in STRICT)
                    if problem:
                        problems.append(f"{name}({param}={_short(wrong)}): {problem}")
    return problems


_METHOD_GROUPS = {"solve": ("SearchGraph", "Solution"), "core": ("Maze", "Algorithm"), "front_ends": ("SearchReplay",)}


def _short(value) -> str:
    if isinstance(value, np.ndarray):
        return f"array(shape={value.shape}, dtype={value.dtype}, contiguous={value.flags.c_contiguous}, " \
               f"writeable={value.flags.writeable})"
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."


def test_every_public_function_refuses_wrong_arguments_cleanly(tmp_path):
    progress = tmp_path / "progress.txt"
    # one child walks every group (a child's start, loading the compiled kernels, is most of the time)
    code = (f"import sys, json; sys.path.insert(0, {str(HERE)!r}); import test_library_doors as t; "
            f"print(json.dumps([p for g in t.GROUPS for p in t.walk(g, {str(progress)!r})]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         timeout=900)
    last = progress.read_text(encoding="utf-8").splitlines()[-1:] if progress.exists() else []
    assert out.returncode == 0, (f"the walk ended with status {out.returncode} during {last}:\n"
                                 f"{out.stderr[-3000:]}")
    problems = json.loads(out.stdout.strip().splitlines()[-1])
    assert not problems, "\n".join(problems[:60]) + f"\n({len(problems)} problems)"


# -- the defects the issue names, each in a child process ------------------------------------

def run_child(code: str, tmp_path) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter: a crash is a status, not the end of pytest."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                          timeout=300)


NAMED = [
    ("bfs.flood(m.grid, (10**7, 3))", "origin (10000000, 3) is outside the 13x13-block grid"),
    ("goals.farthest_from(m.grid, (10**6 + 1, 1))", "origin (1000001, 1) is outside"),
    ("goals.farthest_from(m.grid, (2, 1))", "not a cell"),
    ("bfs.bfs(m.grid, 14, 10**9, 2, 0, False)", "target 1000000000 is outside"),
    ("dig.dig(3, 2, 1, (99, 99))", "origin must be a cell"),
    ("graph.build_graph(m.grid.ravel()[:-1], 13, 13, 2)", "flat with 13x13"),
    ("replay_events.apply_events(e.blocks, e.colours, e.g, 0, 10**6, *buffers, 14, 154)", "range of the"),
    ("meiro.replay_carving((31, 31), [10**9])", "outside the grid's 961 blocks"),
    ("meiro.replay_carving((31, 31), [1.5])", "whole numbers"),
    ("meiro.replay_carving((31, 31), [4], steps=-1)", "at least 0"),
    ("meiro.render_text('x')", "expected a meiro.Maze, got str"),
    ("meiro.solve('x')", "needs a meiro.Maze"),
]


def test_the_named_doors_say_what_is_wrong(tmp_path):
    calls = "\n".join(f"""
try:
    {call}
except (meiro.MazeError, TypeError) as exc:
    print(type(exc).__name__, exc, flush=True)
else:
    print("no error", flush=True)""" for call, _ in NAMED)
    code = f"""
import numpy as np, meiro
from meiro import goals
from meiro.generators import dig
from meiro.kernels import graph
from meiro.solvers import bfs, replay_events
m = meiro.generate(6, 6, seed=1)
sol = meiro.solve(m, "bfs")
order = (sol.explored[:, 0] * 13 + sol.explored[:, 1]).astype(np.int32)
e = replay_events.search_events(m.grid.ravel(), 13, order, 2)
buffers = (np.zeros(169, np.uint8), np.zeros(169, np.uint8), np.full(169, -1, e.g.dtype))
{calls}
"""
    out = run_child(code, tmp_path)
    lines = out.stdout.splitlines()
    assert out.returncode == 0, f"ended after {len(lines)} calls, in {NAMED[len(lines)][0]}: {out.stderr[-2000:]}"
    for (call, error), line in zip(NAMED, lines):
        assert error in line, (call, line)


# -- the public API, with arbitrary arguments -----------------------------------------------

def _arrays():
    from hypothesis.extra import numpy as hnp

    dtypes = st.sampled_from([np.bool_, np.int8, np.uint8, np.int32, np.int64, np.uint64, np.float16,
                              np.float64, np.complex64, "U3", "S2", "M8[s]", object])
    return dtypes.flatmap(lambda dtype: hnp.arrays(
        dtype, hnp.array_shapes(min_dims=0, max_dims=3, max_side=5),
        elements=None if dtype is not object else st.integers(-3, 3)))


#: anything a caller might pass: numbers of every size and kind, text, nothing, lists, arrays
ANYTHING = st.one_of(
    st.integers(-10**6, 10**6), st.sampled_from([2**31, 2**63, 2**64, -(2**63), 10**30, True, False]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8), st.none(),
    st.lists(st.integers(-50, 50), max_size=4), st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
    st.lists(st.lists(st.integers(0, 1), max_size=4), max_size=4), _arrays(), st.binary(max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
#: the same, without anything a file name could be (save and load are tried for their types only)
NOT_A_PATH = ANYTHING.filter(lambda v: not isinstance(v, (str, bytes)))


def _api():
    """``name -> (function, working keyword arguments)`` over the package's own namespace."""
    from meiro.analysis import stats

    m = meiro.generate(4, 3, seed=2)
    return {
        "generate": (meiro.generate, dict(width=4, height=3, algorithm="dig", seed=1, goal="corner",
                                          start=None, braid=0.0, mask=None)),
        "solve": (meiro.solve, dict(maze=m, method="astar")),
        "render_text": (meiro.render_text, dict(maze=m, style="hash", path=None)),
        "parse_text": (meiro.parse_text, dict(text="#####\n#S G#\n#####")),
        "replay_carving": (meiro.replay_carving, dict(shape=(7, 9), order=m.carve_order, steps=None)),
        "Maze": (meiro.Maze, dict(grid=m.grid, start=(1, 1), goal=(5, 7), generation=None,
                                  carve_order=None)),
        "Maze.edited": (m.edited, dict(grid=None, start=None, goal=None)),
        "maze_stats": (stats.maze_stats, dict(maze=m)),
        "degrees": (stats.degrees, dict(maze=m)),
        "turns_along": (stats.turns_along, dict(path=meiro.solve(m).path)),
        "summarize": (stats.summarize, dict(stats=[stats.maze_stats(m)])),
        "GENERATORS.get": (meiro.GENERATORS.get, dict(name="dig")),
        "SOLVERS.get": (meiro.SOLVERS.get, dict(name="bfs")),
    }


@settings(max_examples=400, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def fuzz_public_api(data):
    """Any one argument of a public function replaced by anything: only MazeError or TypeError."""
    api = _api()
    name = data.draw(st.sampled_from(sorted(api)), label="function")
    function, kwargs = api[name]
    param = data.draw(st.sampled_from(sorted(kwargs)), label="argument")
    value = data.draw(ANYTHING, label="value")
    try:
        result = function(**{**kwargs, param: value})
        if hasattr(result, "__next__"):
            list(itertools.islice(result, 40))
    except (meiro.MazeError, TypeError) as exc:
        assert str(exc).strip(), f"{name}: {type(exc).__name__} without a message"


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def fuzz_argument_types(data):
    """save and load with an argument of a wrong type: a TypeError or a MazeError before
    anything is written; generate_batch with one: only those errors (or, for a value that
    stands for a valid one, such as a one-element array, mazes)."""
    m = meiro.generate(3, 3, seed=1)
    case = data.draw(st.sampled_from(["save maze", "save path", "load", "batch"]), label="case")
    value = data.draw(NOT_A_PATH, label="value")
    if case != "batch":
        with pytest.raises((meiro.MazeError, TypeError)):
            if case == "save maze":
                meiro.save(value, "maze.json")
            elif case == "save path":
                meiro.save(m, value)
            else:
                meiro.load(value)
        return
    param = data.draw(st.sampled_from(["count", "width", "height", "algorithm", "seed", "goal", "braid",
                                       "solver", "jobs"]), label="parameter")
    if param in ("count", "width", "height", "jobs") and isinstance(value, int):
        value = float(value) + 0.5                               # a whole number could be many mazes
    if param == "solver" and isinstance(value, np.ndarray):
        value = value.tolist()  # an array's truth value is batch.py's own (`if solver`), reported there
    try:
        meiro.generate_batch(**{"count": 2, "width": 3, "height": 3, param: value})
    except (meiro.MazeError, TypeError) as exc:
        assert str(exc).strip()


@pytest.mark.parametrize("fuzz", ["fuzz_public_api", "fuzz_argument_types"])
def test_the_public_api_raises_only_maze_errors_and_type_errors(fuzz, tmp_path):
    code = f"import sys; sys.path.insert(0, {str(HERE)!r}); import test_library_doors as t; t.{fuzz}()"
    out = run_child(code, tmp_path)
    assert out.returncode == 0, out.stderr[-4000:]
    written = [p.name for p in tmp_path.iterdir() if p.name != ".hypothesis"]  # hypothesis's own cache
    assert not written, f"the fuzz wrote {written}"


# -- a maze cannot change under its logs ----------------------------------------------------

def test_a_maze_refuses_to_be_edited_and_its_copy_is_the_way():
    m = meiro.generate(8, 6, seed=3)
    explored = meiro.solve(m, "bfs").explored
    with pytest.raises(ValueError, match="read-only"):
        m.grid[1, 2] = False
    with pytest.raises(ValueError):
        m.grid.flags.writeable = True
    for attr in ("grid", "start", "goal", "generation"):
        with pytest.raises(AttributeError, match="read-only"):
            setattr(m, attr, getattr(m, attr))
    with pytest.raises(ValueError, match="read-only"):
        m.carve_order[0] = 0
    with pytest.raises(ValueError, match="read-only"):
        explored[0, 0] = 0
    m.generation["seed"] = 99                       # a copy: the maze keeps its own
    assert m.seed == 3
    grid = m.grid.copy()
    grid[1, 2] = False
    assert not m.grid[1, 2] or m.grid[1, 2] != grid[1, 2]
    edited = m.edited(grid)
    assert edited.grid[1, 2] == grid[1, 2] and m == meiro.generate(8, 6, seed=3)


def test_a_maze_keeps_its_own_copy_of_the_grid_it_is_given():
    grid = meiro.generate(5, 5, seed=1).grid.copy()
    m = meiro.Maze(grid)
    grid[1, 2] = not grid[1, 2]                      # the caller's array stays theirs, writable
    assert grid.flags.writeable and m.grid[1, 2] != grid[1, 2]
    assert not m.grid.flags.writeable
    other = meiro.Maze(m.grid, (1, 1), (1, 1))       # another maze of the same read-only grid shares it
    assert np.shares_memory(other.grid, m.grid)


def test_a_pickled_maze_and_solution_come_back_read_only():
    import pickle

    m = meiro.generate(6, 5, seed=4, goal="farthest")
    sol = meiro.solve(m, "dfs")
    back, back_sol = pickle.loads(pickle.dumps((m, sol)))
    assert back == m and back.seed == 4 and not back.grid.flags.writeable
    assert not back_sol.path.flags.writeable and np.array_equal(back_sol.path, sol.path)
    assert np.array_equal(back_sol.explored, sol.explored)
    assert np.array_equal(meiro.replay_carving(back.shape, back.carve_order), back.grid)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), algorithm=st.sampled_from(meiro.GENERATORS.names()),
       edits=st.lists(st.tuples(st.integers(1, 11), st.integers(1, 13)), max_size=6),
       method=st.sampled_from(meiro.SOLVERS.names()))
def test_logs_always_replay_the_grid_they_belong_to(seed, algorithm, edits, method):
    m = meiro.generate(7, 6, algorithm=algorithm, seed=seed)
    order = m.carve_order                               # read first, then "edit"
    sol = meiro.solve(m, "bfs")
    grid = m.grid.copy()
    for r, c in edits:
        if (r + c) % 2:                                  # a wall slot between two cells
            grid[r, c] = False
    edited = m.edited(grid)
    for maze in (m, edited):
        assert np.array_equal(meiro.replay_carving(maze.shape, maze.carve_order), maze.grid)
    assert np.array_equal(meiro.replay_carving(m.shape, order), m.grid)
    assert len(sol.explored) == sol.expanded
    try:
        again = meiro.solve(edited, method)
    except meiro.NoPathError:                            # a wall follower circling a new loop
        assert method in ("wall-left", "wall-right")     # (an edit only opens walls: a path stays)
        return
    assert len(again.explored) == again.expanded
    assert not edited.grid[again.explored[:, 0], again.explored[:, 1]].any()


# ---------------------------------------------------------------- the replays' doors


def _replay_calls():
    from meiro.game.search_replay import SearchReplay, SearchWatch
    from meiro.render.replay import dig_frames, search_frames

    m = meiro.generate(5, 5, seed=1)
    other = meiro.solve(meiro.generate(9, 9, seed=2))
    return [
        (lambda: list(dig_frames(3, [1])), TypeError),
        (lambda: list(dig_frames(m, [1.5])), TypeError),
        (lambda: list(dig_frames(m, [10**9])), meiro.MazeError),
        (lambda: list(search_frames(m, "x", [1])), TypeError),
        (lambda: list(search_frames(m, other, [1])), meiro.MazeError),
        (lambda: SearchReplay(m).advance(1.5), TypeError),
        (lambda: SearchWatch(m, methods=()), meiro.MazeError),
        (lambda: SearchWatch(m, methods="bfs"), TypeError),
    ]


@pytest.mark.parametrize("case", range(8))
def test_the_replays_refuse_wrong_arguments_clearly(case):
    call, error = _replay_calls()[case]
    with pytest.raises(error):
        call()

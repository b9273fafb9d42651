"""Batches and datasets of the other grid kinds (hex, theta, triangle, weave, 3D).

Every maze is judged here with plain Python: a union-find says the passages are a
spanning tree of the cells, a breadth-first search written here gives the solution
and the figures, and Kirchhoff's theorem (a determinant of the graph's Laplacian)
counts the spanning trees the uniform generators must draw evenly.
"""

import hashlib
import json
from collections import Counter, deque

import numpy as np
import pytest

pytest.importorskip("pyarrow")

import meiro
from meiro.batch import GraphBatch, generate_batch
from meiro.cli import main
from meiro.dataset.build import build_dataset, collect_batch
from meiro.dataset.spec import DatasetSpec, Filters
from meiro.errors import MazeError
from meiro.recipe import Recipe
from meiro.registry import GENERATORS
from support import chi_square_sf

KINDS = [("hex", (5, 4), {}), ("theta", (4, 4), {}), ("triangle", (6, 3), {}), ("weave", (6, 6), {}),
         ("3d", (3, 3), {"layers": 2})]


def _spanning_tree(cells, pairs):
    """Whether ``pairs`` join ``cells`` cells into one tree (union-find)."""
    parent = list(range(cells))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in pairs:
        ra, rb = root(int(a)), root(int(b))
        if ra == rb:
            return False
        parent[ra] = rb
    return len(pairs) == cells - 1


def _distances(cells, pairs, source):
    around = [[] for _ in range(cells)]
    for a, b in pairs:
        around[int(a)].append(int(b))
        around[int(b)].append(int(a))
    dist = [-1] * cells
    dist[source] = 0
    queue = deque([source])
    while queue:
        c = queue.popleft()
        for d in around[c]:
            if dist[d] < 0:
                dist[d] = dist[c] + 1
                queue.append(d)
    return dist, around


def _sums(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((folder / "data").iterdir())}


# --- batches ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, size, extra", KINDS, ids=[k for k, _, _ in KINDS])
def test_a_batch_holds_each_seed_maze_as_a_spanning_tree_with_its_solution(kind, size, extra):
    batch = generate_batch(40, *size, seed=11, grid=kind, goal="farthest", solver="bfs", **extra)
    assert isinstance(batch, GraphBatch) and len(batch) == 40
    assert list(batch.seeds) == list(meiro.batch.batch_seeds(11, 40))        # the square batches' seeds
    recipe = Recipe(*size, grid=kind, goal="farthest", **extra)
    for i in (0, 17, 39):
        maze = meiro.generate(recipe.replace(seed=int(batch.seeds[i])))
        assert np.array_equal(batch.open_pairs(i), maze.open_pairs())
        assert (int(batch.starts[i]), int(batch.goals[i])) == (maze.start, maze.goal)
        neighbours = {tuple(p) for p in maze.geometry.edges.tolist()}
        pairs = batch.open_pairs(i).tolist()
        assert all(tuple(p) in neighbours for p in pairs)
        assert _spanning_tree(batch.cells, pairs)
        dist, _ = _distances(batch.cells, pairs, maze.start)
        assert dist[maze.goal] == max(dist)                                        # farthest
        path = batch.paths[batch.path_offsets[i]:batch.path_offsets[i + 1]].tolist()
        assert path[0] == maze.start and path[-1] == maze.goal and len(path) == dist[maze.goal] + 1
        assert all(tuple(sorted(step)) in {tuple(p) for p in pairs} for step in zip(path, path[1:]))
        assert batch.lengths[i] == dist[maze.goal]
    if kind == "weave":
        assert batch.crossings is not None and len(batch.crossings) > 0


def test_a_batch_is_the_same_from_worker_processes(tmp_path):
    one = generate_batch(700, 6, 5, seed=3, grid="hex", solver="bfs")
    two = generate_batch(700, 6, 5, seed=3, grid="hex", solver="bfs", jobs=2)
    for name in ("offsets", "pairs", "starts", "goals", "seeds", "paths", "lengths"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    later = generate_batch(100, 6, 5, seed=3, grid="hex", first=600)            # a part of it alone
    assert np.array_equal(later.pairs, one.pairs[one.offsets[600]:])


def test_a_batch_refuses_what_makes_no_sense():
    with pytest.raises(MazeError, match="one number, its rings"):
        generate_batch(3, 3, 4, grid="theta")
    with pytest.raises(MazeError, match="not hex ones"):
        generate_batch(3, 4, 4, grid="hex", algorithm="binary-tree")
    with pytest.raises(MazeError, match="start in the kind's first cell"):
        generate_batch(3, Recipe(4, 4, grid="hex", start=3))
    with pytest.raises(MazeError, match="unknown grid kind"):
        generate_batch(3, 4, 4, grid="round")


def test_the_figures_are_those_a_plain_search_finds():
    from meiro.analysis.kind_batch_stats import kind_batch_stats

    batch = generate_batch(30, 5, 5, seed=8, grid="hex", goal="diameter")
    stats = kind_batch_stats(batch.cells, batch.offsets, batch.pairs, batch.starts, batch.goals)
    for i in range(len(batch)):
        pairs = batch.open_pairs(i).tolist()
        dist, around = _distances(batch.cells, pairs, int(batch.starts[i]))
        longest = max(max(_distances(batch.cells, pairs, c)[0]) for c in range(batch.cells))
        assert stats.solution_length[i] == dist[int(batch.goals[i])] == longest    # diameter's ends
        assert stats.longest_path[i] == longest
        assert stats.dead_ends[i] == sum(len(a) == 1 for a in around)
        assert 0 <= stats.difficulty[i] <= 1


@pytest.mark.parametrize("kind, size", [("hex", (7, 6)), ("theta", (5, 5)), ("triangle", (8, 5))])
def test_the_figures_are_meiro_analysis_figures_on_each_maze(kind, size):
    from meiro.analysis.difficulty import difficulty
    from meiro.analysis.kind_batch_stats import kind_batch_stats
    from meiro.analysis.stats import maze_stats

    batch = generate_batch(12, *size, seed=5, grid=kind, goal="farthest")
    try:
        maze_stats(batch.maze(0))
    except TypeError:
        pytest.skip("meiro.analysis takes no maze of a grid kind here yet")
    stats = kind_batch_stats(batch.cells, batch.offsets, batch.pairs, batch.starts, batch.goals)
    for i in range(len(batch)):
        maze = batch.maze(i)
        one = maze_stats(maze)
        for name in ("dead_ends", "solution_length", "decision_points", "longest_path"):
            assert getattr(one, name) == getattr(stats, name)[i], name
        assert difficulty(maze) == pytest.approx(stats.difficulty[i])


# --- datasets --------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, size", [("hex", "5x4"), ("theta", "3"), ("triangle", "6x3"), ("weave", "6x5"),
                                        ("3d", "3x3x2")])
def test_dataset_rows_rebuild_from_the_geometry_file_alone(tmp_path, kind, size):
    import pandas

    out = tmp_path / "d"
    assert main(["dataset", "--grid", kind, "--size", size, "-n", "60", "--seed", "5", "-o", str(out),
                 "--goal", "farthest", "--shard-draws", "25", "-q"]) == 0
    geometry = json.loads((out / "geometry.json").read_text())
    cells = len(geometry["cells"])
    dims = 3 if kind == "3d" else 2
    assert geometry["kind"] == kind and all(len(c) == dims and all(np.isfinite(c)) for c in geometry["cells"])
    neighbours = {tuple(p) for p in geometry["neighbours"]}
    rows = pandas.read_parquet(out / "data")
    assert len(rows) == 60 and list(rows["index"]) == list(range(60))
    for _, row in rows.iterrows():
        pairs = [tuple(int(v) for v in p) for p in row["passages"]]
        here = set(neighbours)
        if kind == "weave":  # the card's rule: under each crossing a tunnel joins the cells across it
            width = geometry["size"][0]
            assert len(row["crossings"]) > 0
            for cell, over in row["crossings"]:
                step = width if over == 0 else 1  # the tunnel runs at right angles to the passage over
                here -= {(cell - step, cell), (cell, cell + step)}
                here.add((cell - step, cell + step))
                assert (cell - step, cell + step) in pairs  # a crossing is always a real crossing
        assert all(p in here for p in pairs)
        assert _spanning_tree(cells, pairs)
        dist, _ = _distances(cells, pairs, int(row["start"]))
        assert row["solution_length"] == dist[int(row["goal"])] == max(dist)
        solution = [int(c) for c in row["solution"]]
        assert solution[0] == row["start"] and solution[-1] == row["goal"]
        assert all(tuple(sorted(s)) in set(pairs) for s in zip(solution, solution[1:]))
        maze = meiro.generate(Recipe.from_dict({"grid": kind, "size": geometry["size"], "algorithm": "dig",
                                                "seed": int(row["seed"]), "goal": "farthest"}))
        assert sorted(pairs) == sorted(map(tuple, maze.open_pairs().tolist()))
    card = (out / "README.md").read_text()
    assert f"--grid {kind}" in card and "geometry.json" in card


def test_hugging_face_datasets_reads_the_rows_with_their_types(tmp_path):
    datasets = pytest.importorskip("datasets")

    out = tmp_path / "d"
    build_dataset(DatasetSpec(50, 4, 3, seed=2, kind="hex"), out)
    data = datasets.load_dataset("parquet", data_files=str(out / "data" / "*.parquet"), split="train")
    assert len(data) == 50
    features = data.features
    assert features["passages"] == datasets.List(datasets.List(datasets.Value("int32"), length=2))
    assert features["solution"] == datasets.List(datasets.Value("int32"))
    row = data[7]
    assert row["kind"] == "hex" and row["size"] == [4, 3] and len(row["passages"]) == 11


@pytest.mark.parametrize("jobs", [2, 3])
def test_shards_are_byte_identical_for_any_number_of_jobs(tmp_path, jobs):
    spec = DatasetSpec(400, 5, 5, seed=9, kind="hex", shard_draws=90, dedupe=True,
                       filters=Filters(min_length=12))
    one = build_dataset(spec, tmp_path / "one")
    assert one.drawn > one.rows == 400                                          # the filter took some out
    build_dataset(spec, tmp_path / "many", jobs=jobs)
    assert _sums(tmp_path / "one") == _sums(tmp_path / "many")
    for name in ("README.md", "geometry.json"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "many" / name).read_bytes()


def test_shards_on_a_dask_cluster_are_those_of_one_process(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    from meiro.dataset.cluster import build_on_cluster

    spec = DatasetSpec(300, 3, 3, seed=4, kind="theta", shard_draws=70, filters=Filters(min_length=4))
    build_dataset(spec, tmp_path / "alone")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        build_on_cluster(spec, tmp_path / "cluster", client)
    assert _sums(tmp_path / "alone") == _sums(tmp_path / "cluster")
    for name in ("README.md", "geometry.json"):
        assert (tmp_path / "alone" / name).read_bytes() == (tmp_path / "cluster" / name).read_bytes()


def test_filters_and_dedupe_work_on_a_kind():
    spec = DatasetSpec(80, 4, 4, seed=1, kind="hex", dedupe=True, filters=Filters(min_length=8, dead_end_ends=True))
    batch, drawn = collect_batch(spec)
    assert isinstance(batch, GraphBatch) and len(batch) == 80 and drawn > 80
    assert (batch.lengths >= 8).all()
    keys = set()
    for i in range(len(batch)):
        pairs = batch.open_pairs(i).tolist()
        _, around = _distances(batch.cells, pairs, 0)
        assert len(around[int(batch.starts[i])]) == 1 and len(around[int(batch.goals[i])]) == 1
        keys.add((tuple(map(tuple, pairs)), int(batch.starts[i]), int(batch.goals[i])))
    assert len(keys) == 80


def test_an_npz_of_a_kind_holds_the_batch(tmp_path):
    out = tmp_path / "m.npz"
    assert main(["dataset", "--grid", "hex", "--size", "4x3", "-n", "20", "--seed", "3", "--solve", "bfs",
                 "-o", str(out), "-q"]) == 0
    data = np.load(out)
    batch = generate_batch(20, 4, 3, seed=3, grid="hex", solver="bfs")
    assert str(data["grid"]) == "hex" and np.array_equal(data["pairs"], batch.pairs)
    assert np.array_equal(data["paths"], batch.paths)


@pytest.mark.parametrize("argv, message", [
    (["--grid", "hex", "--with", "pixels"], "--with pixels is for square mazes only"),
    (["--grid", "theta", "--with", "tokens,connection_list"], "--with tokens, --with connection_list is for square"),
    (["--grid", "theta", "--size", "3x4"], "one number, its rings"),
    (["--grid", "3d", "--size", "3x3"], "three numbers"),
    (["--grid", "hex", "--size", "3x3x2"], "two numbers"),
    (["--size", "4x4x2"], "a square maze's size is two numbers"),
    (["--size", "4x4", "--blocks", "9x9"], "--size or --blocks, not both"),
    (["--size", "4x-4"], "size must look like"),
    (["--grid", "hex", "-a", "binary-tree"], "not hex ones"),
    (["--grid", "prism"], "invalid choice: 'prism'"),
    (["--grid", "hex", "--braid", "0.5", "--solve", "dfs", "--format", "npz"], "breadth-first solution"),
])
def test_bad_options_are_one_line_and_exit_2_with_nothing_written(tmp_path, capsys, argv, message):
    out = tmp_path / ("m.npz" if "npz" in argv else "d")
    size = [] if "--size" in argv else ["--size", "4x4"]
    assert main(["dataset", "-n", "5", *size, *argv, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1
    assert not out.exists() or not any(out.iterdir())


# --- uniformity --------------------------------------------------------------------------------

def _tree_count(cells, neighbours):
    """Kirchhoff's theorem: the spanning trees are any cofactor of the graph's Laplacian."""
    laplacian = np.zeros((cells, cells))
    for a, b in neighbours:
        laplacian[a, b] -= 1
        laplacian[b, a] -= 1
        laplacian[a, a] += 1
        laplacian[b, b] += 1
    return round(np.linalg.det(laplacian[1:, 1:]))


def _uniformity(tmp_path, kind, size, algorithm, per_tree):
    """The χ² test's p-value that the dataset's trees are drawn evenly, and how many trees there are."""
    import pyarrow.parquet as pq

    out = tmp_path / f"{kind}-{algorithm}"
    geometry = meiro.kinds.geometry_of(kind, tuple(int(v) for v in size.split("x")))
    cells, trees = geometry.cells, _tree_count(geometry.cells, geometry.edges.tolist())
    rows = per_tree * trees
    assert main(["dataset", "--grid", kind, "--size", size, "-a", algorithm, "-n", str(rows), "--seed", "21",
                 "-o", str(out), "-q"]) == 0
    neighbours = [tuple(p) for p in json.loads((out / "geometry.json").read_text())["neighbours"]]
    assert _tree_count(cells, neighbours) == trees
    seen = Counter()
    for passages in pq.read_table(out / "data", columns=["passages"]).column("passages").to_pylist():
        pairs = tuple(tuple(p) for p in passages)
        assert _spanning_tree(cells, pairs) and set(pairs) <= set(neighbours)
        seen[pairs] += 1
    assert len(seen) <= trees
    expected = rows / trees
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values()) + (trees - len(seen)) * expected
    return chi_square_sf(chi2, trees - 1), trees, len(seen)


UNIFORM_CASES = [("hex", "3x2"), ("triangle", "6x2"), ("theta", "1")]


@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("kind, size", UNIFORM_CASES)
def test_wilson_and_aldous_broder_draw_every_spanning_tree_evenly(tmp_path, kind, size, algorithm):
    if kind not in GENERATORS.get(algorithm).kinds:
        pytest.skip(f"{algorithm} has no graph kernel here yet: it cannot make {kind} mazes")
    p, trees, seen = _uniformity(tmp_path, kind, size, algorithm, per_tree=40)
    assert seen == trees, f"{trees - seen} of {trees} spanning trees never drawn"
    assert p > 1e-4, f"χ² p = {p:.2g}: {algorithm} on {kind} {size} is not uniform"


def test_the_uniformity_check_tells_a_biased_generator(tmp_path):
    # dig (a depth-first search) favours long corridors: the same check must reject it
    p, trees, _ = _uniformity(tmp_path, "hex", "3x2", "dig", per_tree=40)
    assert trees == 55 and p < 1e-6


def test_the_kind_batch_benchmark_prints_every_kind_at_a_tiny_size():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_kind_batch.py"
    out = subprocess.run([sys.executable, str(script), "--count", "40", "--size", "4", "--repeat", "1"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    rows = {line.split()[0]: line.split() for line in out.stdout.splitlines()[2:]}
    assert set(rows) == {"square", "hex", "triangle", "theta", "weave"}, out.stdout
    assert rows["square"][-2:] == ["1.00", "1.00"] and all(float(v) > 0 for r in rows.values() for v in r[1:])

"""Every generator that works on a graph, on every grid kind: perfect mazes, judged by checks written here.

Nothing here trusts meiro's own graph code to judge a maze: the spanning-tree
check is a union-find in plain Python, the neighbour check measures the cells'
centres, the dead ends are counted with NumPy, and the uniformity test counts
the spanning trees with Kirchhoff's matrix-tree theorem.
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import meiro
from meiro.errors import MazeError
from meiro.kernels.rng import mix_seed
from meiro.kinds import KINDS, geometry_of
from meiro.kinds.making import make
from meiro.recipe import Recipe
from golden_files import check
from support import chi_square_sf

#: a small size of each kind, as ``meiro.generate`` takes it
SIZES = {"theta": (4,), "hex": (7, 6), "triangle": (8, 5), "weave": (9, 8), "3d": (4, 3, 3)}
KIND_NAMES = [kind for kind in KINDS if kind != "square"]
GRAPH_GENERATORS = meiro.GENERATORS.for_kind("hex")
GRID_BOUND = [a.name for a in meiro.GENERATORS if a.kinds == ("square",)]


def generate(kind, size=None, **options):
    size = size or SIZES[kind]
    if kind == "3d":
        return meiro.generate(size[0], size[1], grid=kind, layers=size[2], **options)
    if kind == "theta":
        return meiro.generate(size[0], grid=kind, **options)
    return meiro.generate(size[0], size[1], grid=kind, **options)


def spanning_tree(cells, pairs) -> bool:
    """Whether ``pairs`` join ``cells`` cells into one tree: a union-find in plain Python."""
    parent = list(range(cells))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if len(pairs) != cells - 1:
        return False
    for a, b in pairs:
        ra, rb = root(int(a)), root(int(b))
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def connected(cells, pairs) -> bool:
    parent = list(range(cells))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in pairs:
        parent[root(int(a))] = root(int(b))
    return len({root(i) for i in range(cells)}) == 1


def neighbouring(maze, pairs) -> np.ndarray:
    """Whether each pair of cells lies side by side, by the centres alone."""
    centres = maze.geometry.centres
    a, b = centres[pairs[:, 0]], centres[pairs[:, 1]]
    gap = np.linalg.norm(a - b, axis=1)
    if maze.kind in ("hex", "triangle", "3d"):
        # one unit apart: side by side on a layer, or straight up or down the stairs
        return np.isclose(gap, 1.0)
    if maze.kind == "theta":
        # a ring's width is 1.5 units: a neighbour on the same ring or the next one in or out
        radius = np.linalg.norm(centres - centres[0], axis=1)
        rings = np.abs(radius[pairs[:, 0]] - radius[pairs[:, 1]])
        return (gap <= 1.5 + 1e-9) & (rings <= 1.5 + 1e-9)
    # weave: one unit apart, or two units straight across a crossing cell
    crossing = {tuple(centres[cell]) for cell, _ in maze.geometry.extra["crossings"]}
    middles = [tuple(m) for m in (a + b) / 2]
    return np.isclose(gap, 1.0) | (np.isclose(gap, 2.0) & np.array([m in crossing for m in middles]))


def merged_groups(cells, pairs) -> np.ndarray:
    """Each cell's group when ``pairs`` join cells (numbered by first appearance): plain Python."""
    parent = list(range(cells))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in pairs:
        parent[root(int(a))] = root(int(b))
    return np.unique([root(i) for i in range(cells)], return_inverse=True)[1]


def dead_ends(cells, pairs) -> int:
    return int((np.bincount(np.asarray(pairs).ravel(), minlength=cells) == 1).sum())


@pytest.mark.parametrize("algorithm", GRAPH_GENERATORS)
@pytest.mark.parametrize("kind", KIND_NAMES)
def test_each_graph_generator_makes_a_perfect_maze_of_neighbours_on_each_kind(kind, algorithm):
    for seed in (0, 1, 2**64 - 1):
        m = generate(kind, algorithm=algorithm, seed=seed)
        pairs = m.open_pairs()
        assert spanning_tree(m.cells, pairs), (kind, algorithm, seed)
        assert neighbouring(m, pairs).all()
    again = generate(kind, algorithm=algorithm, seed=2**64 - 1)
    assert again == m and np.array_equal(again.passages, m.passages)
    others = {generate(kind, algorithm=algorithm, seed=seed).passages.tobytes() for seed in range(5, 9)}
    if kind == "theta" and algorithm == "growing-tree-oldest":
        # breadth-first from the centre, every cell is claimed by the cell inside it: one maze
        assert len(others | {m.passages.tobytes()}) == 1
    else:
        assert len(others | {m.passages.tobytes()}) > 1


@pytest.mark.parametrize("algorithm", GRAPH_GENERATORS)
def test_every_origin_and_a_one_cell_maze(algorithm):
    for kind, size in (("hex", (1, 1)), ("triangle", (1, 1)), ("theta", (1,)), ("3d", (1, 1, 1))):
        m = generate(kind, size, algorithm=algorithm, seed=3)
        assert spanning_tree(m.cells, m.open_pairs())
    g = geometry_of("hex", (4, 3))
    for start in range(g.cells):
        m = make(Recipe(4, 3, algorithm=algorithm, seed=7, grid="hex", start=start), record=True)
        assert spanning_tree(m.cells, m.open_pairs())
        # recording the log never changes the maze
        assert np.array_equal(m.passages, make(Recipe(4, 3, algorithm=algorithm, seed=7, grid="hex",
                                                      start=start)).passages)
        # the log opens every passage once
        assert sorted(m.carve_order.tolist()) == np.flatnonzero(m.passages).tolist()


@pytest.mark.parametrize("algorithm", GRAPH_GENERATORS)
def test_the_log_grows_one_tree_from_the_start(algorithm):
    if algorithm in ("kruskal",):
        pytest.skip("Kruskal's forest grows everywhere at once")
    m = make(Recipe(6, 5, algorithm=algorithm, seed=4, grid="hex", start=13), record=True)
    reached = {13}
    for a, b in m.geometry.edges[m.carve_order]:
        assert int(a) in reached or int(b) in reached
        reached |= {int(a), int(b)}
    assert len(reached) == m.cells


def test_the_shapes_of_the_kinds_hold_in_their_mazes():
    # interior hex cells have six neighbours, triangles three
    hexes = generate("hex", (7, 6), seed=1)
    degree = np.bincount(hexes.geometry.edges.ravel(), minlength=hexes.cells)
    assert degree.max() == 6 and (degree == 6).sum() >= (7 - 2) * (6 - 2)
    triangles = generate("triangle", (8, 5), seed=1)
    degree = np.bincount(triangles.geometry.edges.ravel(), minlength=triangles.cells)
    assert degree.max() == 3 and (degree == 3).sum() >= (8 - 2) * (5 - 2)
    # a 3D maze has passages between its layers, whatever the generator
    for algorithm in GRAPH_GENERATORS:
        layered = generate("3d", (4, 4, 3), algorithm=algorithm, seed=2)
        z = layered.geometry.centres[:, 2]
        pairs = layered.open_pairs()
        assert (z[pairs[:, 0]] != z[pairs[:, 1]]).any(), algorithm
        # weave: every crossing is open over and under, in every maze
        woven = generate("weave", (10, 10), algorithm=algorithm, seed=2)
        centres = woven.geometry.centres
        crossings = woven.geometry.extra["crossings"]
        assert len(crossings) > 0
        open_pairs = {tuple(sorted(map(int, p))) for p in woven.open_pairs()}
        width = 10
        for cell, over in crossings:
            cell = int(cell)
            through = (cell - 1, cell + 1) if over == 0 else (cell - width, cell + width)
            tunnel = (cell - width, cell + width) if over == 0 else (cell - 1, cell + 1)
            assert {tuple(sorted((through[0], cell))), tuple(sorted((cell, through[1]))), tunnel} <= open_pairs
            assert np.isclose(np.linalg.norm(centres[tunnel[0]] - centres[tunnel[1]]), 2.0)


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_braid_removes_the_dead_ends(kind):
    ends = {"perfect": 0, "half": 0}
    for algorithm in ("dig", "kruskal", "wilson"):
        perfect = generate(kind, algorithm=algorithm, seed=6)
        braided = generate(kind, algorithm=algorithm, seed=6, braid=1.0)
        half = generate(kind, algorithm=algorithm, seed=6, braid=0.5)
        cells = perfect.cells
        # a cell with one neighbour in all (a triangle maze's corners) cannot be cured
        alone = dead_ends(cells, perfect.geometry.edges)
        before = dead_ends(cells, perfect.open_pairs())
        assert before > alone
        assert dead_ends(cells, braided.open_pairs()) == alone
        assert alone <= dead_ends(cells, half.open_pairs()) <= before
        ends["perfect"] += before
        ends["half"] += dead_ends(cells, half.open_pairs())
        for maze in (braided, half):
            # braiding only opens walls: the perfect maze is still inside it
            assert (maze.passages >= perfect.passages).all() and connected(cells, maze.open_pairs())
            assert neighbouring(maze, maze.open_pairs()).all()
        assert generate(kind, algorithm=algorithm, seed=6, braid=0.5) == half
    assert ends["half"] < ends["perfect"]


def test_braid_graph_keeps_its_input_and_extends_the_log():
    from meiro.generators.braiding import braid_graph

    m = make(Recipe(6, 6, seed=3, grid="hex"), record=True)
    passages = m.passages.copy()
    braided, order = braid_graph(m.geometry, passages, 1.0, mix_seed(3, stream=3), m.carve_order)
    assert np.array_equal(passages, m.passages)
    added = np.flatnonzero(braided & ~m.passages)
    assert order[:len(m.carve_order)].tolist() == m.carve_order.tolist()
    assert sorted(order[len(m.carve_order):].tolist()) == added.tolist()
    assert braid_graph(m.geometry, passages, 0.0, 1, None)[0].tolist() == passages.tolist()
    for bad in (passages[:-1], passages.astype(int) * 2):
        with pytest.raises(MazeError):
            braid_graph(m.geometry, bad, 1.0, 1, None)
    with pytest.raises(MazeError):
        braid_graph(m.geometry, passages, 1.5, 1, None)
    with pytest.raises(MazeError):
        braid_graph(m.geometry, passages, 1.0, 1, [m.geometry.edge_count])


@pytest.mark.parametrize("algorithm", GRID_BOUND)
def test_grid_bound_generators_are_refused_on_other_kinds_naming_theirs(algorithm):
    entry = meiro.GENERATORS.get(algorithm)
    for kind in KIND_NAMES:
        if kind in entry.kinds:
            continue
        with pytest.raises(MazeError) as refused:
            generate(kind, algorithm=algorithm, seed=1)
        message = str(refused.value)
        assert "\n" not in message and "square" in message and kind in message


@pytest.mark.parametrize("algorithm", ["binary-tree", "sidewinder"])
def test_the_polar_binary_tree_and_sidewinder_make_theta_mazes_only(algorithm):
    assert meiro.GENERATORS.get(algorithm).kinds == ("square", "theta")
    mazes = set()
    for seed in (0, 1, 2**64 - 1):
        for rings in (1, 2, 7):
            m = generate("theta", (rings,), algorithm=algorithm, seed=seed)
            pairs = m.open_pairs()
            assert spanning_tree(m.cells, pairs) and neighbouring(m, pairs).all()
            assert generate("theta", (rings,), algorithm=algorithm, seed=seed) == m
            mazes.add((rings, m.passages.tobytes()))
        # the polar forms' bias: from every cell the way to the centre never steps outward
        radius = np.linalg.norm(m.geometry.centres - m.geometry.centres[0], axis=1)
        parent = {0: None}
        frontier = [0]
        neighbours = {i: [] for i in range(m.cells)}
        for a, b in pairs:
            neighbours[int(a)].append(int(b))
            neighbours[int(b)].append(int(a))
        while frontier:
            cell = frontier.pop()
            for other in neighbours[cell]:
                if other not in parent:
                    parent[other] = cell
                    frontier.append(other)
        assert all(radius[parent[c]] <= radius[c] + 1e-9 for c in range(1, m.cells))
    assert len(mazes) > 3
    for kind in ("hex", "triangle", "weave", "3d"):
        with pytest.raises(MazeError, match="makes square and theta mazes only"):
            generate(kind, algorithm=algorithm, seed=1)


def test_the_registry_lists_the_kinds_of_each_generator():
    assert set(GRAPH_GENERATORS) == {
        "dig", "kruskal", "prim", "prim-simple", "wilson", "aldous-broder", "hunt-and-kill", "growing-tree",
        "growing-tree-newest", "growing-tree-random", "growing-tree-oldest", "origin-shift"}
    for name in GRAPH_GENERATORS:
        assert meiro.GENERATORS.get(name).kinds == tuple(KINDS)
    for kind in KIND_NAMES:
        assert set(meiro.GENERATORS.for_kind(kind)) >= set(GRAPH_GENERATORS)


def test_the_growing_tree_policies_and_origin_shift_settings():
    from meiro.generators.growing_tree import growing_tree_graph
    from meiro.generators.origin_shift import origin_shift_graph

    g = geometry_of("theta", (5,))
    mazes = [growing_tree_graph(g, mix_seed(1), policy=p).passages for p in ("newest", "random", "oldest")]
    assert all(spanning_tree(g.cells, g.edges[m]) for m in mazes)
    assert len({m.tobytes() for m in mazes}) == 3
    with pytest.raises(MazeError):
        growing_tree_graph(g, mix_seed(1), policy="widest")
    start = origin_shift_graph(g, mix_seed(1), steps_per_cell=0).passages
    # the first tree is breadth-first from cell 0: every cell one step nearer to it than its children
    assert spanning_tree(g.cells, g.edges[start])
    assert not np.array_equal(start, origin_shift_graph(g, mix_seed(1)).passages)


# -- uniformity: Wilson and Aldous-Broder draw every spanning tree equally often ----------------

def tree_count(cells, pairs) -> int:
    """Kirchhoff: the spanning trees of a graph are any cofactor of its Laplacian."""
    laplacian = np.zeros((cells, cells))
    for a, b in pairs:
        laplacian[a, b] -= 1
        laplacian[b, a] -= 1
        laplacian[a, a] += 1
        laplacian[b, b] += 1
    return round(np.linalg.det(laplacian[1:, 1:]))


def uniformity(algorithm, geometry, per_tree, contracted=False):
    """The p-value of a chi-square test that ``algorithm`` draws each spanning tree equally often."""
    function = meiro.GENERATORS.get(algorithm).graph_function()
    forced = geometry.forced
    if contracted:
        # a weave's trees all hold its crossings: count those of the graph with each crossing's cells merged
        merged = merged_groups(geometry.cells, geometry.edges[forced])
        keep = np.ones(geometry.edge_count, bool)
        keep[forced] = False
        pairs = merged[geometry.edges[keep]]
        pairs = pairs[pairs[:, 0] != pairs[:, 1]]
        trees = tree_count(int(merged.max()) + 1, pairs)
    else:
        trees = tree_count(geometry.cells, geometry.edges)
    samples = per_tree * trees
    counts: dict[bytes, int] = {}
    for seed in range(samples):
        passages = function(geometry, mix_seed(seed, 11), seed % geometry.cells).passages
        key = passages.tobytes()
        counts[key] = counts.get(key, 0) + 1
    for key in counts:
        passages = np.frombuffer(key, bool)
        assert spanning_tree(geometry.cells, geometry.edges[passages]) and passages[forced].all()
    assert len(counts) <= trees
    observed = np.array(list(counts.values()) + [0] * (trees - len(counts)), float)
    statistic = float(((observed - per_tree) ** 2 / per_tree).sum())
    return chi_square_sf(statistic, trees - 1), len(counts), trees


@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("kind, size", [("hex", (3, 2)), ("triangle", (5, 3)), ("theta", (1,))])
def test_wilson_and_aldous_broder_are_uniform_on_small_kinds(algorithm, kind, size):
    p, seen, trees = uniformity(algorithm, geometry_of(kind, size), 25)
    assert seen == trees      # every spanning tree turns up
    assert p > 1e-3, (p, trees)


@pytest.mark.slow
@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("kind, size", [("hex", (3, 3)), ("triangle", (5, 4))])
def test_wilson_and_aldous_broder_are_uniform_on_larger_kinds(algorithm, kind, size):
    p, seen, trees = uniformity(algorithm, geometry_of(kind, size), 20)
    assert p > 1e-3, (p, trees)


@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
def test_wilson_and_aldous_broder_are_uniform_on_a_weave(algorithm):
    """A weave has too many spanning trees to count each one's draws; instead, each passage
    must be open as often as in a uniform spanning tree of the graph with the crossings' cells
    merged: the effective resistance between its ends (Kirchhoff), with the crossings always open."""
    geometry = geometry_of("weave", (3, 7), seed=2)
    forced = geometry.forced
    merged = merged_groups(geometry.cells, geometry.edges[forced])
    ends = merged[geometry.edges]
    nodes = int(merged.max()) + 1
    laplacian = np.zeros((nodes, nodes))
    free = np.ones(geometry.edge_count, bool)
    free[forced] = False
    free &= ends[:, 0] != ends[:, 1]
    for a, b in ends[free]:
        laplacian[a, b] -= 1
        laplacian[b, a] -= 1
        laplacian[a, a] += 1
        laplacian[b, b] += 1
    inverse = np.linalg.pinv(laplacian)
    a, b = ends[:, 0], ends[:, 1]
    expected = np.where(free, inverse[a, a] + inverse[b, b] - 2 * inverse[a, b], 0.0)
    expected[forced] = 1.0
    assert np.isclose(expected[free].sum(), nodes - 1)  # a tree of the merged graph has nodes - 1 edges
    function = meiro.GENERATORS.get(algorithm).graph_function()
    samples = 6000
    counts = np.zeros(geometry.edge_count)
    for seed in range(samples):
        counts += function(geometry, mix_seed(seed, 12), seed % geometry.cells).passages
    assert (counts[forced] == samples).all() and (counts[~free & ~np.isin(np.arange(len(free)), forced)] == 0).all()
    spread = np.sqrt(samples * expected * (1 - expected))
    z = np.abs(counts - samples * expected)[free] / np.maximum(spread[free], 1e-9)
    assert z.max() < 4.5, (z.max(), int(np.argmax(z)))


# -- golden mazes: what a seed makes on each kind ------------------------------------------------

def pairs_text(pairs) -> str:
    words = [f"{int(a)}-{int(b)}" for a, b in pairs]
    return "\n".join(" ".join(words[i:i + 12]) for i in range(0, len(words), 12))


def kind_record(kind: str) -> str:
    """What each graph generator makes of one seed on a small maze of ``kind``: passages, ends, log."""
    size = {"theta": (3, 3), "hex": (5, 4), "triangle": (6, 4), "weave": (6, 6), "3d": (3, 3)}[kind]
    layers = 2 if kind == "3d" else 1
    out = []
    for algorithm in meiro.GENERATORS.for_kind(kind):
        recipe = Recipe(size[0], size[1], algorithm=algorithm, seed=2024, goal="farthest", grid=kind,
                        layers=layers)
        m = make(recipe, record=True)
        out.append(f"# {kind} {'x'.join(map(str, m.size))} {algorithm} seed 2024 goal farthest\n"
                   f"start {m.start} goal {m.goal}\n"
                   f"passages ({len(m.open_pairs())}):\n{pairs_text(m.open_pairs())}\n"
                   f"carve order ({len(m.carve_order)} edges):\n"
                   f"{pairs_text(m.geometry.edges[m.carve_order])}\n")
    braided = make(Recipe(size[0], size[1], seed=2024, grid=kind, layers=layers, braid=0.5))
    out.append(f"# {kind} dig seed 2024 braid 0.5\npassages ({len(braided.open_pairs())}):\n"
               f"{pairs_text(braided.open_pairs())}\n")
    return "\n".join(out)


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_each_kind_makes_its_pinned_mazes(kind):
    check(f"kinds/{kind}.txt", kind_record(kind))


def test_plain_python_kernels_make_the_same_mazes():
    """The CLI runs small jobs' kernels as Python: they must make what the compiled ones make."""
    script = (
        "import json, meiro\n"
        "from meiro.kinds.making import make\n"
        "from meiro.recipe import Recipe\n"
        "out = {}\n"
        "for kind in ('theta', 'hex', 'triangle', 'weave', '3d'):\n"
        "    for algorithm in meiro.GENERATORS.for_kind(kind):\n"
        "        m = make(Recipe(4, 4 if kind == 'theta' else 3, algorithm=algorithm, seed=9, grid=kind,\n"
        "                        layers=2 if kind == '3d' else 1,\n"
        "                        braid=0.5), record=True)\n"
        "        out[kind + algorithm] = [m.passages.tolist(), m.carve_order.tolist()]\n"
        "print(json.dumps(out))\n")
    runs = []
    for jit in ("0", "1"):
        env = dict(os.environ, MEIRO_JIT=jit)
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                              check=True, timeout=600)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("algorithm", GRAPH_GENERATORS)
def test_cells_in_two_pieces_are_refused_not_walked_forever(algorithm):
    from meiro.kinds.geometry import from_edges

    apart = from_edges("demo", {"width": 3}, [[0.5, 0.5], [1.5, 0.5], [2.5, 0.5]], [[0, 1]],
                       lambda: (np.zeros((1, 5)), np.zeros((1, 2)), np.zeros((0, 5))))
    with pytest.raises(MazeError, match="one piece"):
        meiro.GENERATORS.get(algorithm).graph_function()(apart, mix_seed(1))


@pytest.mark.parametrize("kind, size", [("hex", (7, 5)), ("hex", (1, 1)), ("triangle", (9, 4)),
                                        ("triangle", (2, 3)), ("3d", (4, 3, 3)), ("theta", (5,))])
def test_dig_on_a_stencil_makes_the_same_maze_as_on_the_csr_graph(kind, size):
    from meiro.generators.dig import _dig_graph_kernel, dig_graph
    from meiro.generators.graph_carving import run_on_graph, stencil

    geometry = geometry_of(kind, size)
    form = stencil(geometry)
    assert form is not None
    for cell in range(geometry.cells):  # the stencil names each cell's neighbours in CSR order
        p = form.pattern[cell]
        assert [cell + int(d) for d in form.table[p, :form.degree[p]]] == geometry.neighbours(cell).tolist()
    for seed in range(8):
        origin = (7 * seed) % geometry.cells
        fast = dig_graph(geometry, mix_seed(seed), origin)
        plain = run_on_graph(_dig_graph_kernel, geometry, mix_seed(seed), origin, False)
        assert np.array_equal(fast.passages, plain.passages)


@pytest.mark.parametrize("size", [(7, 5), (6, 4), (1, 1), (1, 6), (6, 1), (2, 2), (9, 2)])
def test_dig_on_a_hex_mazes_padded_layout_makes_the_same_maze_as_on_the_csr_graph(size):
    from meiro.generators.dig import _dig_graph_kernel, dig_graph
    from meiro.generators.graph_carving import run_on_graph
    from meiro.generators.hex_form import _padded_index, hex_form

    width, height = size
    geometry = geometry_of("hex", size)
    form = hex_form(geometry)
    assert form is not None and form.stride % 2 == 0 and form.stride >= width + 2
    # the hex kind's neighbours written out here on their own (row r, column c, odd columns
    # half a cell lower; clockwise from north), and the padded steps that reach them
    for cell in range(geometry.cells):
        r, c = divmod(cell, width)
        odd = c % 2
        near = [(r - 1, c), (r + odd - 1, c + 1), (r + odd, c + 1), (r + 1, c), (r + odd, c - 1), (r + odd - 1, c - 1)]
        inside = [(rr, cc) for rr, cc in near if 0 <= rr < height and 0 <= cc < width]
        assert [rr * width + cc for rr, cc in inside] == geometry.neighbours(cell).tolist()
        i = _padded_index(form, cell)
        assert [i + int(step) for step in form.step[i & 1]] == [(rr + 1) * form.stride + cc + 1 for rr, cc in near]
    for seed in range(8):
        for origin in {0, geometry.cells - 1, (7 * seed) % geometry.cells}:
            fast = dig_graph(geometry, mix_seed(seed), origin)
            plain = run_on_graph(_dig_graph_kernel, geometry, mix_seed(seed), origin, False)
            assert np.array_equal(fast.passages, plain.passages)


def test_a_shaped_hex_maze_digs_its_own_cells_after_the_whole_one():
    """A shape's geometry is the whole one's cells numbered anew: nothing the whole geometry
    keeps for the generators (its carving graph, stencil, padded layout) may carry over."""
    from meiro.generators.dig import _dig_graph_kernel, dig_graph
    from meiro.generators.graph_carving import run_on_graph, stencil
    from meiro.generators.hex_form import hex_form

    whole = geometry_of("hex", (7, 6))
    for generator in ("dig", "kruskal"):
        meiro.GENERATORS.get(generator).graph_function()(whole, mix_seed(1))  # (keeps its tables)
    part = whole.restricted(whole.centres[:, 0] < 5)
    assert hex_form(part) is None and stencil(part) is not None
    for seed in range(4):
        fast = dig_graph(part, mix_seed(seed), 2)
        plain = run_on_graph(_dig_graph_kernel, part, mix_seed(seed), 2, False)
        assert np.array_equal(fast.passages, plain.passages)
        for generator in ("dig", "kruskal"):
            passages = meiro.GENERATORS.get(generator).graph_function()(part, mix_seed(seed)).passages
            assert spanning_tree(part.cells, part.edges[passages])


@pytest.mark.parametrize("rings", [1, 2, 3, 6, 13, 60])
def test_dig_on_a_theta_mazes_rings_makes_the_same_maze_as_on_the_csr_graph(rings):
    from meiro.generators.dig import _dig_graph_kernel, dig_graph
    from meiro.generators.graph_carving import run_on_graph
    from meiro.generators.ring_form import ring_form

    geometry = geometry_of("theta", (rings,))
    form = ring_form(geometry)
    assert form is not None
    # the ring form's arithmetic, written out here on its own: ring k, position p
    ring = np.repeat(np.arange(rings + 1), form.size)
    for cell in range(geometry.cells):
        k = ring[cell]
        p = cell - form.first[k]
        m = form.size[k]
        near = [int(form.first[k + 1] + p * form.fan[k] + c) for c in range(form.fan[k])]
        if k:
            near += [int(form.first[k] + (p + 1) % m), int(form.first[k - 1] + p // form.fan[k - 1]),
                     int(form.first[k] + (p - 1) % m)]
        t = int(form.turn[cell])
        assert [near[(s - t) % len(near)] for s in range(len(near))] == geometry.neighbours(cell).tolist()
    for seed in range(8):
        for origin in {0, geometry.cells - 1, (7 * seed) % geometry.cells}:
            fast = dig_graph(geometry, mix_seed(seed), origin)
            plain = run_on_graph(_dig_graph_kernel, geometry, mix_seed(seed), origin, False)
            assert np.array_equal(fast.passages, plain.passages)


@pytest.mark.parametrize("kind, size", [("hex", (7, 5)), ("hex", (2, 2)), ("triangle", (9, 4)),
                                        ("3d", (4, 3, 3)), ("theta", (6,)), ("weave", (9, 9))])
def test_kruskal_on_a_lattice_makes_the_same_maze_as_on_the_csr_graph(kind, size):
    from meiro.generators.graph_carving import run_on_graph
    from meiro.generators.kruskal import _kruskal_graph_kernel, _kruskal_tables, _lattice_codes, kruskal_graph

    geometry = geometry_of(kind, size, seed=1)
    keys, low, faces = _kruskal_tables(geometry)
    lattice = _lattice_codes(geometry, keys, low)
    # hex, triangle and 3D cells differ from their neighbours by a few numbers; theta's and a
    # weave's (crossings contracted) do not
    assert (lattice is not None) == (kind in ("hex", "triangle", "3d"))
    if lattice is not None:
        deltas, codes = lattice[:2]
        pairs = {(int(c >> 3), int(c >> 3) + int(deltas[c & 7])) for c in codes}
        assert pairs == {tuple(e) for e in geometry.edges.tolist()}
    for seed in range(6):
        fast = kruskal_graph(geometry, mix_seed(seed))
        plain = run_on_graph(_kruskal_graph_kernel, geometry, mix_seed(seed), 0, False, keys, low, faces)
        assert np.array_equal(fast.passages, plain.passages)


def test_only_a_whole_theta_geometry_has_a_ring_form():
    from meiro.generators.ring_form import ring_form

    assert ring_form(geometry_of("hex", (5, 5))) is None
    assert ring_form(geometry_of("weave", (8, 8), seed=1)) is None
    with pytest.raises(TypeError, match="Geometry"):
        ring_form("theta")


def test_kinds_without_a_stencil_dig_on_their_graph():
    from meiro.generators.graph_carving import stencil

    assert stencil(geometry_of("weave", (8, 8), seed=1)) is None      # crossings contracted
    assert stencil(geometry_of("theta", (40,))) is None               # every ring its own pattern

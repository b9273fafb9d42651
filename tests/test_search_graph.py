"""The one-byte-per-node search graph, and every solver on grids of any shape.

The graph is checked against its definition written with plain NumPy; the
solvers are checked against a plain-Python BFS on random block grids (nodes =
blocks) and random lattice grids with closed cells and open slots (nodes =
cells), reachable or not.
"""

import numpy as np
from hypothesis import given, settings, strategies as st

import meiro
from meiro.kernels.graph import build_graph
from meiro.solvers import search_stride
from support import assert_valid_path, block_distances

METHODS = meiro.SOLVERS.names()
FOLLOWERS = ("wall-left", "wall-right")


def random_grid(seed: int, height: int, width: int, lattice: bool) -> np.ndarray:
    rng = np.random.default_rng(seed)
    grid = rng.random((2 * height + 1, 2 * width + 1)) < rng.uniform(0.05, 0.6)
    grid[0] = grid[-1] = True
    grid[:, 0] = grid[:, -1] = True
    if lattice:
        grid[::2, ::2] = True
    return grid


def reference_graph(grid: np.ndarray, step: int) -> np.ndarray:
    """The graph by its definition: bit 0 east, bit 1 south, bit 2 open, padding all round."""
    open_ = ~grid
    if step == 1:
        nodes = open_.astype(np.uint8) << 2
        nodes[:, :-1] |= (open_[:, :-1] & open_[:, 1:]).astype(np.uint8)
        nodes[:-1] |= (open_[:-1] & open_[1:]).astype(np.uint8) << 1
        nodes[0] = nodes[-1] = 0
        nodes[:, 0] = nodes[:, -1] = 0
        return nodes.ravel()
    cells = open_[1::2, 1::2]
    nodes = cells.astype(np.uint8) << 2
    nodes[:, :-1] |= (cells[:, :-1] & open_[1::2, 2:-1:2] & cells[:, 1:]).astype(np.uint8)
    nodes[:-1] |= (cells[:-1] & open_[2:-1:2, 1::2] & cells[1:]).astype(np.uint8) << 1
    return np.pad(nodes, 1).ravel()


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 12), st.integers(1, 12), st.booleans())
def test_graph_follows_its_definition(seed, height, width, open_border):
    grid = random_grid(seed, height, width, lattice=False)
    if open_border:  # a lattice graph never has a passage out, even through an open border
        grid[1::2, -1] = grid[-1, 1::2] = False
    for step in (1, 2):
        if step == 1 and open_border:
            continue  # a block graph needs the closed border that every maze has
        graph, graph_width = build_graph(grid.ravel(), *grid.shape, step)
        assert graph_width == (grid.shape[1] if step == 1 else width + 2)
        assert np.array_equal(graph, reference_graph(grid, step))


def check_solver(m: meiro.Maze, method: str) -> None:
    shortest = int(block_distances(m.grid, m.start)[m.goal])
    try:
        sol = meiro.solve(m, method)
    except meiro.NoPathError:
        assert shortest < 0 or method in FOLLOWERS
        return
    assert shortest >= 0
    assert_valid_path(m.grid, sol.path, m.start, m.goal)
    if meiro.SOLVERS.get(method).exact:
        assert sol.length == shortest
    else:
        assert sol.length >= shortest
    explored = sol.explored
    assert explored.shape == (sol.expanded, 2) and tuple(explored[0]) == m.start
    if method != "bidirectional":  # it may close the path on the goal without expanding it
        assert (explored == m.goal).all(axis=1).any()
    assert len({tuple(p) for p in explored}) == len(explored)
    assert not m.grid[explored[:, 0], explored[:, 1]].any()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 9), st.integers(1, 9), st.booleans())
def test_every_solver_on_random_grids(seed, height, width, lattice):
    grid = random_grid(seed, height, width, lattice)
    grid[1, 1] = False  # one open cell at least, so that every example has ends to search between
    rng = np.random.default_rng(seed + 1)
    # on a lattice the ends are cells, so that the solvers step cell to cell
    ends = ~grid
    if lattice:
        ends[::2] = ends[:, ::2] = False
    candidates = np.argwhere(ends)
    picks = rng.integers(len(candidates), size=2)
    start, goal = (tuple(int(v) for v in candidates[k]) for k in picks)
    m = meiro.Maze(grid, start, goal)
    if lattice:
        assert search_stride(m) == 2
    for method in METHODS:
        check_solver(m, method)

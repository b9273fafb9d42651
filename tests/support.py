"""Reference checks written independently of meiro's kernels (plain Python/NumPy)."""

import math
from collections import deque

import numpy as np

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def block_distances(grid: np.ndarray, source: tuple[int, int]) -> np.ndarray:
    """Path distance in blocks from ``source`` to every open block (-1 = unreachable)."""
    dist = np.full(grid.shape, -1, dtype=np.int64)
    dist[source] = 0
    queue = deque([source])
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            q = (r + dr, c + dc)
            if not grid[q] and dist[q] < 0:
                dist[q] = dist[r, c] + 1
                queue.append(q)
    return dist


def assert_perfect(grid: np.ndarray, width: int, height: int) -> None:
    """The grid is a spanning tree of the width x height cells in block form."""
    assert grid.dtype == np.bool_
    assert grid.shape == (2 * height + 1, 2 * width + 1)
    assert grid[0].all() and grid[-1].all() and grid[:, 0].all() and grid[:, -1].all(), "border open"
    assert grid[::2, ::2].all(), "an even/even corner block is open"
    assert not grid[1::2, 1::2].any(), "a cell was left undug"
    passages = int((~grid[1::2, 2::2]).sum() + (~grid[2::2, 1::2]).sum())
    assert passages == width * height - 1, f"{passages} passages for {width * height} cells"
    dist = block_distances(grid, (1, 1))
    assert (dist[1::2, 1::2] >= 0).all(), "not every cell is reachable"


def assert_valid_path(grid: np.ndarray, path, start, goal) -> None:
    """``path`` walks from start to goal through open blocks, one block per step."""
    path = np.asarray(path)
    assert path.ndim == 2 and path.shape[1] == 2
    assert tuple(path[0]) == tuple(start) and tuple(path[-1]) == tuple(goal)
    assert not grid[path[:, 0], path[:, 1]].any(), "path crosses a wall"
    steps = np.abs(np.diff(path, axis=0)).sum(axis=1)
    assert (steps == 1).all(), "path jumps or stands still"


def page_data(page: str) -> dict:
    """The data a web page made by ``meiro.render.html`` carries (its JSON script)."""
    import json
    import re

    found = re.search(r'<script id="meiro-data" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def walls_of(data: dict) -> np.ndarray:
    """The block grid packed in a page's data."""
    import base64

    bits = np.unpackbits(np.frombuffer(base64.b64decode(data["walls"]), np.uint8))
    return bits[:data["rows"] * data["cols"]].reshape(data["rows"], data["cols"]).astype(bool)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a χ² variable with ``df`` degrees of freedom: the p-value of a χ² test.

    The regularized upper incomplete gamma function Q(df/2, statistic/2), by its series below
    ``a + 1`` and Lentz's continued fraction above (Numerical Recipes, 6.2), so that the tests
    need no SciPy; it agrees with ``scipy.stats.chi2.sf`` to about 1e-12.
    """
    a, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - front * total)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return front * h

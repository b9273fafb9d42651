"""What a solver hands back, before it becomes a :class:`~meiro.Solution`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..errors import MazeError, flag, whole
from ..kernels.graph import (CODE_MASK, OPEN, _fill_path, _fold_grid, _node_blocks, _one_or_two,
                             _trace_moves)
from ..kernels.index import Int
from ..maze import _as_position, check_grid


class SearchResult(NamedTuple):
    """Raw search output.

    ``found`` is the goal's flat block index or -1; ``explored`` is None unless
    recorded, else flat block indices in expansion order; ``path`` is the
    ``(k, 2)`` block path, None when the goal was not found.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 4, seed=1)
    >>> r = meiro.SOLVERS.get("bfs").function(m.grid, 1 * 9 + 1, 7 * 9 + 7, 2, 0, True)
    >>> r.found, r.expanded, r.max_frontier
    (70, 16, 3)
    >>> r.explored.tolist()
    [10, 28, 30, 46, 12, 48, 14, 66, 16, 32, 64, 34, 52, 50, 68, 70]
    >>> r.path[0].tolist(), r.path[-1].tolist(), len(r.path)
    ([1, 1], [7, 7], 21)
    """

    found: int
    expanded: int
    max_frontier: int
    explored: np.ndarray | None
    path: np.ndarray | None = None


class SearchGraph:
    """A maze's grid folded into the one-byte-per-node graph, with the index conversions.

    ``grid`` must be a maze's block grid (see :func:`meiro.maze.check_grid`);
    ``step`` 2 searches cell to cell, 1 block by block. The ends a search is
    run between are checked to be open nodes, so a search kernel never steps
    off the graph.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, seed=1)
    >>> g = SearchGraph(m.grid, 2)
    >>> g.width, g.graph.size, g._node(1 * 7 + 1)
    (5, 20, 6)
    >>> from meiro.solvers.bfs import _bfs_kernel
    >>> g.run(_bfs_kernel, 1 * 7 + 1, 2 * 7 + 1, False)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: target 15 is block (2, 1), not a cell (searching cell to cell)
    """

    graph: NDArray[np.uint8]
    width: int
    rows: int
    cols: int
    step: int

    def __init__(self, grid: np.ndarray, step: int):
        grid = check_grid(grid)
        if not _one_or_two(step):
            raise MazeError(f"step must be 1 (block to block) or 2 (cell to cell), got {step!r}")
        self.rows, self.cols = grid.shape
        self.step = step
        self.graph, self.width = _fold_grid(grid.ravel().view(np.uint8), self.rows, self.cols, step)

    @classmethod
    def _of_cells(cls, grid: np.ndarray, cells: np.ndarray) -> SearchGraph:
        """A lattice maze's graph taken from its generator's compact cells, which already
        are a padded search graph (:mod:`meiro.kernels.cells`); both from the same carving."""
        g = cls.__new__(cls)
        g.rows, g.cols = grid.shape
        g.step = 2
        g.graph, g.width = cells, (g.cols - 1) // 2 + 2
        return g

    def reset(self) -> None:
        """Forget a finished search (clear the codes) so that another can run."""
        np.bitwise_and(self.graph, ~np.uint8(CODE_MASK), out=self.graph)

    def _node(self, flat_block: int) -> int:
        """The node at a flat block index (which must be a node's block)."""
        if flat_block < 0:
            return -1
        r, c = divmod(flat_block, self.cols)
        if self.step == 2:
            return (r // 2 + 1) * self.width + c // 2 + 1
        return flat_block

    def open_node(self, flat_block: int, name: str = "source") -> int:
        """The node at a flat block index, checked to be an open node of this graph.

        Raises
        ------
        MazeError
            If the block is outside the grid, a wall, or (cell to cell) not a cell.
        TypeError
            If ``flat_block`` is not a whole number.

        Examples
        --------
        >>> import meiro
        >>> g = SearchGraph(meiro.generate(3, 2, seed=1).grid, 2)
        >>> g.open_node(1 * 7 + 1)
        6
        >>> g.open_node(1 * 7 + 2, "goal")
        Traceback (most recent call last):
        ...
        meiro.errors.MazeError: goal 9 is block (1, 2), not a cell (searching cell to cell)
        """
        flat = whole(flat_block, name, what="a flat block index (a whole number)")
        if not 0 <= flat < self.rows * self.cols:
            raise MazeError(f"{name} {flat} is outside the {self.rows}x{self.cols}-block grid")
        r, c = divmod(flat, self.cols)
        if self.step == 2 and not (r % 2 == 1 and c % 2 == 1):
            raise MazeError(f"{name} {flat} is block ({r}, {c}), not a cell (searching cell to cell)")
        node = self._node(flat)
        if not self.graph[node] & OPEN:
            raise MazeError(f"{name} {flat} is block ({r}, {c}), a wall")
        return node

    def _order_buffer(self, record: bool) -> NDArray[np.int64]:
        """An exploration buffer; only the pages a search writes are touched."""
        return np.empty(self.graph.size if record else 0, np.int64)

    def run(self, kernel: Callable[..., tuple[Int, int, int]], source: int, target: int, record: bool,
            *args: object) -> SearchResult:
        """Run a search ``kernel`` from flat block ``source`` to ``target`` and package it.

        The kernel is called as ``kernel(graph, width, source_node, target_node,
        *args, order)`` and returns ``found_node, expanded, max_frontier``, with
        the nodes it expanded written to ``order`` when that is not empty. Both
        ends are checked (:meth:`open_node`); ``kernel`` and ``args`` are the caller's.
        """
        source, target = self.open_node(source, "source"), self.open_node(target, "target")
        order = self._order_buffer(flag(record, "record"))
        found, expanded, frontier = kernel(self.graph, self.width, source, target, *args, order)
        return self._result(found, expanded, frontier, order[:expanded] if record else None)

    def _flat_blocks(self, nodes: NDArray[np.integer[Any]]) -> NDArray[np.int64]:
        """Flat block indices of node indices."""
        blocks = _node_blocks(nodes, self.width, self.step)
        flat: NDArray[np.int64] = blocks[:, 0] * self.cols + blocks[:, 1]
        return flat

    def _result(self, found: Int, expanded: int, max_frontier: int,
                explored_nodes: NDArray[np.integer[Any]] | None) -> SearchResult:
        """Package a finished search: trace the path and convert indices to blocks.

        ``found`` must be a node the search reached (or -1): the trace follows its codes.
        """
        explored = None if explored_nodes is None else self._flat_blocks(explored_nodes)
        if found < 0:
            return SearchResult(-1, expanded, max_frontier, explored)
        # a buffer as long as the graph, of which only the path's length is ever touched
        moves = np.empty(self.graph.size, np.uint8)
        n_moves = _trace_moves(self.graph, self.width, found, moves)
        dtype = np.int32 if self.rows * self.cols < 2**31 else np.int64
        path = np.empty((n_moves * self.step + 1, 2), dtype)
        row, col = _node_blocks(np.array([found]), self.width, self.step)[0]
        _fill_path(moves, n_moves, row, col, self.step, path)
        flat = int(row) * self.cols + int(col)
        return SearchResult(flat, expanded, max_frontier, explored, path)



def block_index(position: Any, rows: int, cols: int, name: str = "position") -> int:
    """The flat index of block ``position = (row, col)`` inside a ``rows x cols`` grid.

    Examples
    --------
    >>> block_index((1, 2), 3, 5)
    7
    >>> block_index((1, 5), 3, 5, "origin")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: origin (1, 5) is outside the 3x5-block grid
    """
    r, c = _as_position(position, name)
    rows, cols = whole(rows, "rows"), whole(cols, "cols")
    if not (0 <= r < rows and 0 <= c < cols):
        raise MazeError(f"{name} ({r}, {c}) is outside the {rows}x{cols}-block grid")
    return r * cols + c

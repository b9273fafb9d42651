"""What a solver hands back, before it becomes a :class:`~meiro.Solution`."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..kernels.graph import CODE_MASK, build_graph, fill_path, node_blocks, trace_moves


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
    (70, 9, 2)
    >>> r.explored.tolist()
    [10, 28, 30, 32, 34, 16, 52, 14, 70]
    >>> r.path[0].tolist(), r.path[-1].tolist(), len(r.path)
    ([1, 1], [7, 7], 13)
    """

    found: int
    expanded: int
    max_frontier: int
    explored: np.ndarray | None
    path: np.ndarray | None = None


class SearchGraph:
    """A maze folded into the one-byte-per-node graph, with the index conversions.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(3, 2, seed=1)
    >>> g = SearchGraph(m.grid, 2)
    >>> g.width, g.graph.size, g.node(1 * 7 + 1)
    (5, 20, 6)
    """

    def __init__(self, grid: np.ndarray, step: int, cells: np.ndarray | None = None):
        self.rows, self.cols = grid.shape
        self.step = step
        if cells is not None and step == 2:
            # a generator's compact cells already are a padded search graph
            self.graph, self.width = cells, (self.cols - 1) // 2 + 2
        else:
            self.graph, self.width = build_graph(grid.ravel(), self.rows, self.cols, step)

    def reset(self) -> None:
        """Forget a finished search (clear the codes) so that another can run."""
        np.bitwise_and(self.graph, ~np.uint8(CODE_MASK), out=self.graph)

    def node(self, flat_block: int) -> int:
        """The node at a flat block index (which must be a node's block)."""
        if flat_block < 0:
            return -1
        r, c = divmod(flat_block, self.cols)
        if self.step == 2:
            return (r // 2 + 1) * self.width + c // 2 + 1
        return flat_block

    def order_buffer(self, record: bool) -> np.ndarray:
        """An exploration buffer; only the pages a search writes are touched."""
        return np.empty(self.graph.size if record else 0, np.int64)

    def run(self, kernel, source: int, target: int, record: bool, *args) -> SearchResult:
        """Run a search ``kernel`` from flat block ``source`` to ``target`` and package it.

        The kernel is called as ``kernel(graph, width, source_node, target_node,
        *args, order)`` and returns ``found_node, expanded, max_frontier``, with
        the nodes it expanded written to ``order`` when that is not empty.
        """
        order = self.order_buffer(record)
        found, expanded, frontier = kernel(self.graph, self.width, self.node(source),
                                           self.node(target), *args, order)
        return self.result(found, expanded, frontier, order[:expanded] if record else None)

    def flat_blocks(self, nodes: np.ndarray) -> np.ndarray:
        """Flat block indices of node indices."""
        blocks = node_blocks(nodes, self.width, self.step)
        return blocks[:, 0] * self.cols + blocks[:, 1]

    def result(self, found: int, expanded: int, max_frontier: int,
               explored_nodes: np.ndarray | None) -> SearchResult:
        """Package a finished search: trace the path and convert indices to blocks."""
        explored = None if explored_nodes is None else self.flat_blocks(explored_nodes)
        if found < 0:
            return SearchResult(-1, expanded, max_frontier, explored)
        # a buffer as long as the graph, of which only the path's length is ever touched
        moves = np.empty(self.graph.size, np.uint8)
        n_moves = trace_moves(self.graph, self.width, found, moves)
        dtype = np.int32 if self.rows * self.cols < 2**31 else np.int64
        path = np.empty((n_moves * self.step + 1, 2), dtype)
        row, col = node_blocks(np.array([found]), self.width, self.step)[0]
        fill_path(moves, n_moves, row, col, self.step, path)
        flat = int(row) * self.cols + int(col)
        return SearchResult(flat, expanded, max_frontier, explored, path)

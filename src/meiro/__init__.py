"""meiro (迷路): fast, reproducible mazes — generate, solve, render and play.

>>> import meiro
>>> m = meiro.generate(15, 15, algorithm="dig", seed=4, goal="farthest")
>>> m.grid.shape
(31, 31)
>>> sol = meiro.solve(m, method="astar")
>>> tuple(sol.path[0]) == m.start and tuple(sol.path[-1]) == m.goal
True
>>> len(meiro.render_text(m, style="hash", path=sol.path).splitlines())
31
"""

try:
    from ._version import __version__
    from .errors import MazeError, NoPathError
    from .generate import generate
    from .goals import GOALS
    from .saving import load, save
    from .maze import Maze, replay_carving
    from .registry import GENERATORS, SOLVERS
    from .solve import Solution, solve
    from .text import STYLES, parse_text, render_text
except KeyboardInterrupt:
    # Ctrl-C while `python -m meiro` loads (these imports take most of a second) ends as the
    # command does on Ctrl-C, without a traceback; a program importing meiro gets the exception
    import sys as _sys

    if _sys.argv[:1] == ["-m"] and "meiro" in _sys.orig_argv:
        if _sys.stderr is not None:
            _sys.stderr.write("\n")
        raise SystemExit(130) from None
    raise



def __getattr__(name: str):
    # the batch maker compiles every generator into one kernel: loaded when first asked for
    if name in ("MazeBatch", "generate_batch"):
        from . import batch

        return getattr(batch, name)
    raise AttributeError(f"module 'meiro' has no attribute {name!r}")


__all__ = [
    "GENERATORS", "GOALS", "Maze", "MazeBatch", "MazeError", "NoPathError", "SOLVERS", "STYLES",
    "Solution", "__version__", "generate", "generate_batch", "load", "parse_text", "render_text",
    "replay_carving", "save", "solve",
]

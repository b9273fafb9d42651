"""Getting the compiled parts ready without making a player wait for them.

The first time meiro runs on a machine, numba compiles the kernels a game uses
(generating with a log, A*, the search replay): 15-20 seconds, in which a
window that compiled them itself would answer nothing. So a game starts with
its kernels as plain Python (:mod:`meiro.kernels.small_jobs`), fast enough for
a maze of up to :data:`~meiro.kernels.small_jobs.PYTHON_UP_TO` cells, and a
:class:`KernelWarmup` gets the compiled ones ready behind it:

1. a separate process runs :func:`prepare_kernels`, which compiles the game's
   kernels into numba's cache (on a later run it only finds them there); being
   another process, it never holds the window's interpreter lock;
2. meanwhile a thread of the game loads numba and makes a compiled twin of
   every kernel (:func:`meiro.kernels.small_jobs.compiled_later`);
3. once both are done, the front end, between two frames, calls :meth:`KernelWarmup.poll`,
   which puts the twins in place of the Python kernels (a few milliseconds);
4. the thread then loads the cached machine code (calling the kernels once on
   a tiny maze), and the warm-up is :attr:`~KernelWarmup.ready`: a maze of any size
   can be made.

A front end only ever calls :meth:`KernelWarmup.start`, :meth:`KernelWarmup.poll` and
:meth:`KernelWarmup.stop`, none of which waits.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable

from ..generators import generate
from ..kernels.small_jobs import PYTHON_UP_TO, compiled_later, python_now, use_compiled
from ..maze import Maze
from ..recipe import Recipe
from ..solvers import solve


def prepare_kernels(algorithm: str | Recipe = "dig", goal: str = "corner") -> None:
    """Compile (or load) what a game with ``algorithm`` and ``goal`` runs, on a 3 x 3 maze.

    ``algorithm`` may be the game's :class:`~meiro.recipe.Recipe` instead (its
    algorithm, goal rule and braid are what run).

    Examples
    --------
    >>> prepare_kernels("wall", "farthest")
    >>> prepare_kernels(Recipe(20, 20, "prim", goal="diameter"))
    """
    from .search_replay import SearchReplay

    if isinstance(algorithm, Recipe):  # the same passes on a tiny maze: no mask, the seed 0
        recipe = Recipe(3, 3, algorithm.algorithm, 0, algorithm.goal, braid=algorithm.braid)
    else:
        recipe = Recipe(3, 3, algorithm, 0, goal)
    maze = generate(recipe)
    assert isinstance(maze, Maze)  # (a square recipe)
    _ = maze.carve_order  # the digging replay's log
    solve(maze, "astar")  # the answer
    replay = SearchReplay(maze, "astar")  # the f window
    replay.advance(replay.total)
    for rule in ("corner", "farthest"):  # the goal rules a player picks most
        generate(Recipe(3, 3, recipe.algorithm, 0, rule))


def needs_compiled(cells: int) -> bool:
    """Whether a maze of ``cells`` cells is too big for the Python kernels (wait for the warm-up).

    Examples
    --------
    >>> needs_compiled(20 * 20), needs_compiled(300 * 300)
    (False, True)
    """
    return cells > PYTHON_UP_TO


def _cache_filler(algorithm: str, goal: str) -> list[str]:
    """The command of the process that fills numba's cache."""
    return [sys.executable, "-m", "meiro.game.prepare", algorithm, goal]


class KernelWarmup:
    """Compiled kernels made ready off the front end's thread (see the module's text).

    ``launch`` starts the cache-filling process (``subprocess.Popen``'s signature);
    tests replace it.

    Examples
    --------
    >>> warmup = KernelWarmup("dig", "corner")
    >>> warmup.ready or not warmup.started
    True
    """

    def __init__(self, algorithm: str = "dig", goal: str = "corner", *,
                 launch: Callable[..., subprocess.Popen[bytes]] = subprocess.Popen) -> None:
        self.algorithm, self.goal = algorithm, goal
        self.launch = launch
        self.started = False
        self.failed = ""  # why the compiled kernels could not be had (the Python ones go on)
        self.cache_error = ""  # why the cache-filling process failed, if it did
        self._process: subprocess.Popen[bytes] | None = None
        self._twins: dict[int, object] | None = None
        self._switched = threading.Event()
        self._ready = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        if not python_now():  # compiled already (a test, MEIRO_JIT=1, a big first maze)
            self._ready.set()

    @property
    def ready(self) -> bool:
        """Whether compiled kernels run now (mazes of any size)."""
        return self._ready.is_set()

    def start(self) -> None:
        """Begin (once); returns at once."""
        if self.started or self.ready:
            return
        self.started = True
        self._thread = threading.Thread(target=self._work, name="meiro-kernels", daemon=True)
        self._thread.start()

    def poll(self) -> bool:
        """For the front end's thread, between frames: switch to the compiled kernels once they
        can be; whether :attr:`ready` (cheap)."""
        if self._twins is not None and not self._switched.is_set():
            use_compiled(self._twins)
            self._twins = None
            self._switched.set()
        return self.ready

    def stop(self) -> None:
        """The game ends: end the cache-filling process if it still runs (what it cached stays)."""
        self._stopped.set()
        self._switched.set()
        process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                process.kill()

    def _work(self) -> None:
        try:
            env = {**os.environ, "MEIRO_JIT": "1"}
            self._process = self.launch(_cache_filler(self.algorithm, self.goal), env=env,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
            twins = compiled_later()  # (numba loads here while the other process compiles)
            _, err = self._process.communicate()
            if self._stopped.is_set():
                return
            if self._process.returncode != 0:  # the kernels then compile here, on first use
                lines = (err or b"").decode(errors="replace").strip().splitlines()
                self.cache_error = lines[-1] if lines else f"exit status {self._process.returncode}"
            self._twins = twins
            self._switched.wait()
            if self._stopped.is_set():
                return
            prepare_kernels(self.algorithm, self.goal)  # load the cached machine code
        except Exception as exc:  # the Python kernels go on; say why
            self.failed = f"{type(exc).__name__}: {exc}"
            if self._switched.is_set() and not self._stopped.is_set():
                self._ready.set()
            return
        self._ready.set()


def _main(argv: list[str]) -> int:
    """``python -m meiro.game.prepare ALGORITHM GOAL``: fill numba's cache, quietly, at low priority."""
    if hasattr(os, "nice"):
        try:
            os.nice(10)  # the game's window comes first
        except OSError:
            pass
    prepare_kernels(*argv[:2])
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))

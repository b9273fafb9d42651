"""``meiro animate``: dig a maze in the terminal, in place, then optionally solve it.

Replays ``maze.carve_order`` (and a solver's ``explored`` log with
``--solve``) at ``--speed`` blocks per second, drawing only the blocks that
change. Piped or redirected output gets the finished maze as plain text, with
no escapes and no waiting. Ctrl-C stops the animation and leaves the cursor
visible and the colours reset; so does making the terminal too small for the
maze while it is drawn (with a one-line message and exit status 2).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sys
import time
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Iterable

from .. import generate, solve
from ..errors import MazeError
from ..registry import GENERATORS, SOLVERS
from ..text.maze_text import display_width, text_lines
from .args import add_size_options, chosen_size, seed
from ..text.messages import default_language
from ..render.ansi import legend
from .console import enable_escapes
from .output import load_algorithms, notice_if_slow, print_lines

if TYPE_CHECKING:
    import numpy as np

    from ..maze import Maze
    from ..render.ansi import Look
    from ..solvers import Solution
    from .args import Subparsers

#: Blocks (or expanded positions) per second by default: a 20x20 maze has
#: 799 open blocks, so it is dug in about ten seconds.
DEFAULT_SPEED = 80.0
#: Redraws per second at most.
FPS = 30


def _speed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed must be a number of blocks per second, got {text!r}") from None
    if not 0.1 <= value <= 1e7:
        raise argparse.ArgumentTypeError(f"speed must be between 0.1 and 10000000, got {text}")
    return value


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro animate`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "animate", help="watch a maze being dug (and solved) in the terminal",
        description="Dig a maze in the terminal, redrawing in place, then optionally animate a "
                    "solver's search. The default size fits the terminal (up to 20x20).")
    add_size_options(p, default="20x20")
    p.add_argument("--seed", type=seed, default=None, help="same seed, same maze (default: a fresh one)")
    p.add_argument("--algorithm", "-a", default="dig", choices=GENERATORS.choices(), metavar="NAME",
                   help=f"generator: {', '.join(GENERATORS.names())} (default dig)")
    p.add_argument("--goal", default="farthest", choices=("corner", "farthest", "diameter"),
                   help="where the goal goes (default farthest, as in the NumPy article)")
    p.add_argument("--speed", type=_speed, default=DEFAULT_SPEED, metavar="BLOCKS_PER_SECOND",
                   help=f"animation speed (default {DEFAULT_SPEED:g}: a 20x20 maze in about 10 s)")
    p.add_argument("--solve", default=None, choices=SOLVERS.choices(), metavar="METHOD",
                   help=f"then animate the search of: {', '.join(SOLVERS.names())}")
    p.add_argument("--lang", default=None, choices=("ja", "en"),
                   help="language of the legend and the closing line (default: from the locale)")
    p.add_argument("--look", default="auto", choices=("auto", "block", "hash", "compact"),
                   help="characters: block (■, the NumPy article), hash (#, the ASCII-printer article), compact (# one column); "
                        "default: the best that fits")
    p.set_defaults(run=run)


def _terminal() -> tuple[int, int, bool, bool]:
    """(columns, lines, utf8, colour) of stdout."""
    size = shutil.get_terminal_size((80, 24))
    encoding = (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "")
    color = (not os.environ.get("NO_COLOR")) and os.environ.get("TERM", "") != "dumb"
    return size.columns, size.lines, encoding == "utf8", color


def run(args: argparse.Namespace) -> int:
    """Dig a maze in place in the terminal, then animate the search if asked; the exit status."""
    from ..render.ansi import fitting_cells, pick_look

    # a console that cannot interpret escape sequences (an old Windows) gets the printed maze
    interactive = sys.stdout.isatty() and enable_escapes(sys.stdout)
    columns, lines, utf8, color = _terminal()
    if args.size or args.blocks or not interactive:
        width, height = chosen_size(args)
    else:
        width, height = fitting_cells(columns, lines, chosen_size(args))
    # the terminal is the limit of an animation: a maze that does not fit it is refused
    # before it is made (piped output is printed line by line, so any size goes there)
    look = pick_look((2 * height + 1, 2 * width + 1), columns, lines, utf8, args.look) if interactive else None
    if look is not None and look.name == "block":
        from ..render.ansi import NARROW_BLOCK
        from .console import ambiguous_is_narrow

        if ambiguous_is_narrow():  # ■ one column wide: ■■ a block, solid walls (as --style block)
            look = NARROW_BLOCK
    load_algorithms(GENERATORS.get(args.algorithm), SOLVERS.get(args.solve) if args.solve else None,
                    cells=width * height)
    with notice_if_slow():
        maze = generate(width, height, algorithm=args.algorithm, seed=args.seed, goal=args.goal)
        solution = solve(maze, args.solve) if args.solve else None
    lang = args.lang or default_language()
    status = summary(maze, solution, lang)
    if look is None:  # not interactive: the finished maze as text
        style = {"auto": "hash", "compact": "plain"}.get(args.look, args.look)
        print_lines(text_lines(maze, style=style, path=solution.path if solution is not None else None))
        print(status)
        return 0
    # under the maze: what the marks mean, and the closing line, in the lines the maze left
    # (two at least: pick_look keeps them); a closing line too long for one line is cut into
    # two at its clause, and then the legend goes first, so that the top wall stays on screen
    status_lines = _fit_status(status, columns)
    room = lines - maze.grid.shape[0] - 1  # (the last line holds the cursor, then the prompt)
    plain = legend(look, False, lang, search=solution is not None)
    if display_width(plain) < columns and len(status_lines) < room:
        status_lines.insert(0, legend(look, color, lang, search=solution is not None))
    status = "\n".join(status_lines)
    _animate(maze, solution, look, color, args.speed, status)
    return 0


def _fit_status(status: str, columns: int) -> list[str]:
    """The closing line as lines that fit ``columns``: cut after its clause ("。" or "; ") if long.

    Examples
    --------
    >>> _fit_status("20x20 dig seed 5: 799 blocks dug; astar expanded 300 positions, path 80 steps", 50)
    ['20x20 dig seed 5: 799 blocks dug;', 'astar expanded 300 positions, path 80 steps']
    """
    if display_width(status) < columns:
        return [status]
    for mark, keep in (("。", "。"), ("; ", ";")):
        head, sep, tail = status.partition(mark)
        if sep:
            return [head + keep, tail]
    return [status]


def summary(maze: Maze, solution: Solution | None, lang: str = "en") -> str:
    """The closing line: the maze, how many blocks were dug, and the search, in ``lang``.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.generate(4, 3, seed=2)
    >>> summary(m, None)
    '4x3 dig seed 2: 23 blocks dug'
    >>> summary(m, meiro.solve(m, "bfs"), "ja")
    '4x3 穴掘り法 シード 2: 23ブロックを掘りました。幅優先探索: 12か所を調べ、道のりは18歩'
    """
    if maze.algorithm is None:  # (what meiro animate digs is always a generator's maze)
        raise MazeError("the closing line tells of a generated maze, not a hand-made one")
    dug = len(maze.carve_order)
    algorithm = GENERATORS.get(maze.algorithm).title(lang)
    if lang == "ja":
        text = f"{maze.width}x{maze.height} {algorithm} シード {maze.seed}: {dug}ブロックを掘りました"
        if solution is not None:
            text += (f"。{SOLVERS.get(solution.method).title(lang)}: {solution.expanded}か所を調べ、"
                     f"道のりは{solution.length}歩")
        return text
    text = f"{maze.width}x{maze.height} {algorithm} seed {maze.seed}: {dug} block{'s' * (dug != 1)} dug"
    if solution is not None:
        text += (f"; {solution.method} expanded {solution.expanded} positions, "
                 f"path {solution.length} steps")
    return text


class _Interrupts:
    """Defers Ctrl-C to the gaps between frames and turns off the terminal's echo.

    A KeyboardInterrupt raised in the middle of a write would leave half an
    escape sequence on the screen, and echoed keys (``^C`` included) would land
    inside the drawing; so while animating, SIGINT only sets a flag that the
    frame loop checks, echo is off, and both are restored afterwards.
    """

    def __init__(self) -> None:
        self.hit = False
        self._handler: Callable[[int, FrameType | None], Any] | int | signal.Handlers | None = None
        #: termios, stdin's descriptor and its settings before, to put back
        self._termios: tuple[ModuleType, int, list[Any]] | None = None

    def __enter__(self) -> _Interrupts:
        self._handler = signal.signal(signal.SIGINT, self._note)
        try:
            import termios

            fd = sys.stdin.fileno()
            saved = termios.tcgetattr(fd)
            quiet = list(saved)
            # no echo; and NOFLSH, so that Ctrl-C does not make the terminal driver drop
            # output already queued, which could cut an escape sequence in half
            quiet[3] = (quiet[3] & ~termios.ECHO) | termios.NOFLSH
            termios.tcsetattr(fd, termios.TCSANOW, quiet)
            self._termios = (termios, fd, saved)
        except (ImportError, OSError, ValueError, AttributeError):
            self._termios = None  # stdin is not a terminal (or no termios): nothing to silence
        return self

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.hit = True

    def check(self) -> None:
        if self.hit:
            raise KeyboardInterrupt

    def sleep(self, seconds: float) -> None:
        """Sleep, waking early (and raising KeyboardInterrupt) on Ctrl-C."""
        end = time.monotonic() + seconds
        while True:
            self.check()
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, 0.05))

    def __exit__(self, *exc: object) -> None:
        signal.signal(signal.SIGINT, self._handler)
        if self._termios is not None:
            termios, fd, saved = self._termios
            termios.tcsetattr(fd, termios.TCSANOW, saved)


def _with_ends(maze: Maze, frames: Iterable[np.ndarray]) -> Iterable[np.ndarray]:
    """The digging's frames with ◎ and △ (start and goal) on them from the first."""
    from ..paint import GOAL, START

    for cls in frames:
        cls[maze.start], cls[maze.goal] = START, GOAL
        yield cls


def _animate(maze: Maze, solution: Solution | None, look: Look, color: bool, speed: float,
             status: str) -> None:
    from ..render.ansi import HIDE_CURSOR, SHOW_CURSOR, Screen
    from ..render.palette import classes
    from ..render.replay import dig_frames, frame_counts, search_frames

    screen = Screen(look, color)
    out = sys.stdout
    rows, cols = maze.grid.shape

    def check_size() -> None:
        # a terminal made smaller mid-animation reflows the drawing, and relative
        # cursor moves would then scribble over it: stop cleanly instead
        size = shutil.get_terminal_size((80, 24))
        if size.columns < cols * look.columns or size.lines < rows + 2:
            raise MazeError(f"the terminal became too small ({size.columns}x{size.lines}) for the "
                            f"maze; it needs {cols * look.columns}x{rows + 2}")

    def play(frames: Iterable[np.ndarray], entries: int, n_frames: int) -> None:
        # one frame per 1/FPS s (fewer for short logs); sleep until each frame's due
        # time, so a slow terminal drops smoothness, never total speed
        begin = time.monotonic()
        for i, cls in enumerate(frames, 1):
            interrupts.check()
            check_size()
            out.write(screen.draw(cls))
            out.flush()
            interrupts.sleep(begin + i * (entries / speed) / n_frames - time.monotonic())

    with _Interrupts() as interrupts:
        try:
            out.write(HIDE_CURSOR)
            entries = len(maze.carve_order)
            n_frames = max(1, min(entries, round(entries / speed * FPS)))
            play(_with_ends(maze, dig_frames(maze, frame_counts(entries, n_frames + 1))), entries, n_frames)
            out.write(screen.draw(classes(maze)))
            if solution is not None:
                entries = solution.expanded
                n_frames = max(1, min(entries, round(entries / speed * FPS)))
                play(search_frames(maze, solution, frame_counts(entries, n_frames + 1)), entries, n_frames)
            out.write(screen.leave() + status + "\n")
        finally:
            # Ctrl-C (or any error) must leave the terminal usable
            out.write(screen.leave() + SHOW_CURSOR)
            out.flush()

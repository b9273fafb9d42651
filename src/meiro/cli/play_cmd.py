"""``meiro play``: the maze game in a window (the seed article's Tk game), with
``--terminal`` in the terminal, or with ``--browser`` as a web page in the browser."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING
from collections.abc import Callable

from ..kinds import KINDS
from .args import add_recipe_options, blocks, cells, recipe_of_args

if TYPE_CHECKING:
    from ..game import GameModel
    from ..kinds.maze import GraphMaze
    from .args import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Add ``meiro play`` and its options to the command's subparsers."""
    p = subparsers.add_parser(
        "play", help="play a maze in a window (or the terminal with --terminal)",
        description="Play the maze game: watch the maze being dug, then walk from the red start "
                    "to the blue goal. With --size or --blocks the game starts at once; without, "
                    "it opens on the size entry. Keys: arrows/WASD move, Space skips the digging, "
                    "the right arrow digs one block at a time (Enter goes on), i shows the answer, "
                    "Enter stops/starts, p saves a PNG, o opens the picture folder, +/- zoom, "
                    "f watches A* and BFS search (Enter pauses, the right arrow steps), Esc quits. "
                    "With --terminal the same game runs in the terminal (curses; also over SSH): "
                    "hjkl move too, q quits, Tab switches the size entry between blocks and cells, "
                    "p saves into maze_image/. With --browser the maze becomes one web page "
                    "(as 'meiro render -o maze.html' writes) opened in the web browser. "
                    "With --grid the maze is round (theta), hexagonal, triangular or woven: the "
                    "web page and the window play those, the terminal plays weave; the keys of "
                    "each kind are shown beside the maze, and a click on a neighbouring cell "
                    "steps there.")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--size", type=cells, default=None, metavar="WxH",
                      help="start at once with a maze of this many cells, e.g. 20x20")
    size.add_argument("--blocks", type=blocks, default=None, metavar="WxH",
                      help="the same in odd block sides, as the original Tk game counts (41x41 = 20x20 cells)")
    add_recipe_options(p, with_braid=False)
    p.add_argument("--grid", default="square", choices=tuple(KINDS), metavar="KIND",
                   help="the shape of the maze: " + ", ".join(KINDS) + " (default square); "
                        "--size R for theta (its rings), WxH for the others")
    p.add_argument("--lang", default=None, choices=("ja", "en"),
                   help="language of the window (default: Japanese on a Japanese locale, else English)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--terminal", "-t", action="store_true",
                       help="play in this terminal (curses) instead of a window; also works over SSH. "
                            "Keys as in the window, plus hjkl to move and q to quit")
    where.add_argument("--browser", "--web", "-b", action="store_true",
                       help="play in the web browser: the maze (default 20x20 cells) is written as "
                            "one page into the temporary folder and opened")
    p.set_defaults(run=run)


def build_model(args: argparse.Namespace, clock: Callable[[], float] | None = None, *,
                wait_big: bool = False) -> GameModel:
    """The game model for ``args``: a maze already digging when a size was given (``wait_big``:
    not a maze too big for the Python kernels; the entry holds its size, for the front end to
    start once the compiled ones are ready)."""
    import time

    from .. import generate
    from ..game import GameModel, default_language
    from ..game.entry import format_entry
    from ..maze import Maze

    size = args.size or args.blocks
    recipe = recipe_of_args(args, *(size or (20, 20)))  # (the entry's own size when none is given)
    model = GameModel(clock=clock or time.monotonic, lang=args.lang or default_language(),
                      algorithm=recipe.algorithm, goal=recipe.goal, unit="cells" if args.size else "blocks")
    if args.seed is not None:
        model.seed_text = str(args.seed)
    if size:
        width, height = size
        if wait_big:
            from ..game.prepare import needs_compiled

            if needs_compiled(width * height):
                model.entry_text = format_entry(width, height, model.entry_unit)
                return model
        maze = generate(recipe)
        assert isinstance(maze, Maze)  # (a square recipe)
        model.start_maze(maze)
        model.entry_text = format_entry(width, height, model.entry_unit)
    return model


def run(args: argparse.Namespace) -> int:
    """Play in a window (or in the terminal with ``--terminal``) until the player quits; the exit status."""
    from ..errors import MazeError

    if args.grid != "square":
        return run_kind(args)
    if args.terminal:
        return run_terminal(args)
    if args.browser:
        return run_browser(args)
    model = _small_first(args)
    try:
        from ..game.records import Records
        from ..ui.tk_app import run_game
    except ImportError as exc:  # Python built without Tk
        raise MazeError(f"the game window needs tkinter ({exc}); install your system's "
                        "python3-tk package") from None
    run_game(model, Records(), start=_waits(args, model))
    return 0


def _small_first(args: argparse.Namespace) -> GameModel:
    """The model, its kernels plain Python: the game is on screen at once, a small maze playable;
    the front end gets the compiled ones ready behind it (a big maze given waits for them)."""
    from ..kernels.small_jobs import prefer_python

    prefer_python()
    return build_model(args, wait_big=True)


def _waits(args: argparse.Namespace, model: GameModel) -> bool:
    """Whether a maze was asked for on the command line but waits for the compiled kernels."""
    return bool(args.size or args.blocks) and model.round is None


def run_terminal(args: argparse.Namespace) -> int:
    """``meiro play --terminal``: the same game drawn with curses."""
    import sys

    from ..errors import MazeError

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise MazeError("'meiro play --terminal' needs an interactive terminal "
                        "(stdin and stdout must not be redirected)")
    model = _small_first(args)
    from ..game.records import Records
    from ..ui.terminal_app import run_terminal_game

    run_terminal_game(model, Records(), start=_waits(args, model))
    return 0


#: the kinds each front end plays besides the square
WINDOW_KINDS, TERMINAL_KINDS, PAGE_KINDS = ("theta", "hex", "triangle", "weave"), ("weave",), (
    "theta", "hex", "triangle", "weave")


def kind_maze(args: argparse.Namespace) -> GraphMaze:
    """The maze ``meiro play --grid KIND`` plays: ``--size`` (default 10 rings or 15x15), the
    recipe's options; refused in one line when the front end asked for does not play the kind."""
    from .. import generate
    from ..errors import MazeError
    from ..kinds import _cell_count
    from ..kinds.maze import GraphMaze
    from ..render.html_kind import MAX_KIND_CELLS as MAX_PAGE_CELLS
    from ..game.kind_play import MAX_WINDOW_CELLS

    where, kinds = (("the web page", PAGE_KINDS) if args.browser else
                    ("the terminal game", TERMINAL_KINDS) if args.terminal else ("the game window", WINDOW_KINDS))
    if args.grid not in kinds:
        names = ("square", *kinds)
        raise MazeError(f"{where} plays {', '.join(names[:-1])} and {names[-1]} mazes, not {args.grid} ones")
    if args.blocks:
        raise MazeError(f"--blocks is for square mazes; give a {args.grid} maze's size with --size")
    width, height = args.size or ((10, 10) if args.grid == "theta" else (15, 15))
    recipe = recipe_of_args(args, width, height, grid=args.grid)
    most = MAX_PAGE_CELLS if args.browser else MAX_WINDOW_CELLS
    cells = _cell_count(recipe.grid, recipe.size)
    if cells > most:  # before making it
        raise MazeError(f"{where} plays a {args.grid} maze of up to {most:,} cells; this one would have "
                        f"{cells:,}")
    maze = generate(recipe)
    assert isinstance(maze, GraphMaze)  # (a recipe of another kind)
    return maze


def run_kind(args: argparse.Namespace) -> int:
    """``meiro play --grid KIND``: a theta, hex, triangle or weave maze in the front end asked for."""
    from ..errors import MazeError

    maze = kind_maze(args)
    if args.browser:
        from ..render.html_kind import render_kind_html

        recipe = maze.recipe
        name = "x".join(map(str, maze.size))
        open_page(f"meiro-{maze.kind}-{maze.algorithm}-{name}-{maze.seed}-"
                  f"{recipe.goal if recipe else 'corner'}.html", render_kind_html(maze, lang=args.lang))
        return 0
    from ..game import default_language

    lang = args.lang or default_language()
    if args.terminal:
        import sys

        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise MazeError("'meiro play --terminal' needs an interactive terminal "
                            "(stdin and stdout must not be redirected)")
        from ..game.records import Records
        from ..ui.terminal_kind import run_terminal_weave

        run_terminal_weave(maze, lang, Records())
        return 0
    try:
        from ..ui.tk_kind import run_kind_window
    except ImportError as exc:  # Python built without Tk
        raise MazeError(f"the game window needs tkinter ({exc}); install your system's "
                        "python3-tk package") from None
    from ..game.records import Records

    run_kind_window(maze, lang, Records())
    return 0


def open_page(name: str, page: str) -> None:
    """Write ``page`` as ``name`` into a private temporary folder and open it in the web browser.

    The folder is new (``mkdtemp``: mode 0700, a name nobody can guess) and the page is
    made there with mode 0600, exclusively: nothing another user planted in the shared
    temporary folder (a link, a file of the same name) is followed or replaced. The folder
    stays, for the browser reads the page after meiro has ended.
    """
    import os
    import sys
    import tempfile
    import webbrowser
    from pathlib import Path

    from ..errors import MazeError

    try:
        folder = tempfile.mkdtemp(prefix="meiro-page-")
        target = Path(folder) / name
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(target, flags, 0o600), "wb") as out:
            out.write(page.encode("utf-8"))
    except OSError as exc:
        raise MazeError(f"cannot write the page into the temporary folder: {exc.strerror or exc}") from None
    # a Linux machine without a screen would hand the page to a text browser (lynx, w3m),
    # which runs no script: say where the page is instead
    headless = (sys.platform.startswith("linux") and not os.environ.get("DISPLAY")
                and not os.environ.get("WAYLAND_DISPLAY"))
    if headless or not webbrowser.open(target.as_uri()):
        raise MazeError(f"no web browser could be opened; the page is {target}")


def run_browser(args: argparse.Namespace) -> int:
    """``meiro play --browser``: write the maze's page and open it in the web browser."""
    from .. import generate
    from ..render import check_output
    from ..render.html import render_html

    width, height = args.size or args.blocks or (20, 20)
    check_output(".html", (2 * height + 1, 2 * width + 1))  # the page's limits, before the maze
    maze = generate(recipe_of_args(args, width, height))
    # the page is named after its maze (in a folder of its own: open_page)
    recipe = maze.recipe
    assert recipe is not None  # (a generated maze has its recipe)
    open_page(f"meiro-{recipe.algorithm}-{width}x{height}-{recipe.seed}-{recipe.goal}.html",
              render_html(maze, lang=args.lang))
    return 0

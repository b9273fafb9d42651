"""The layering rules of the design: the library core stays light and silent."""

import ast
import subprocess
import sys
from pathlib import Path

import meiro


def test_import_meiro_pulls_in_no_ui_or_imaging():
    code = ("import sys, meiro; bad = sorted(m for m in ('tkinter', 'curses', 'PIL', '_curses', 'gymnasium') "
            "if m in sys.modules); print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_library_prints_nothing():
    code = ("import meiro; m = meiro.generate(20, 20, seed=1, goal='farthest'); "
            "s = meiro.solve(m, 'bfs'); s.explored; m.carve_order; meiro.render_text(m)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "" and out.stderr == ""


# --- the import drawing -------------------------------------------------------------------
#
# Layers, lowest first. A module may import modules of its own layer or of a lower one, and
# no chain of imports may come back to where it started. Every import counts: at the top of
# a module or inside a function (a deferred import is still a dependency). Imports inside
# ``if TYPE_CHECKING:`` blocks count too. Layers name packages (a pattern ending in ``.*``
# names a package and everything in it); a module named on its own is in that layer instead.

LAYERS = [
    ("base", ["meiro._version", "meiro.errors"]),
    ("kernels", ["meiro.kernels.*"]),
    ("core", ["meiro.sizes", "meiro.recipe", "meiro.maze", "meiro.paint", "meiro.registry", "meiro.goals",
              "meiro.goal_rules", "meiro.text.*", "meiro.io.*", "meiro.generators.*", "meiro.solvers.*", "meiro.kinds.*",
              "meiro.analysis.*"]),
    ("render and game", ["meiro.render.*", "meiro.game.*"]),
    ("ui, env and batch", ["meiro.ui.*", "meiro.rl.*", "meiro.batch", "meiro.dataset.*", "meiro.curriculum.*"]),
    ("the package's names", ["meiro"]),
    ("cli", ["meiro.cli.*", "meiro.__main__"]),
]

#: The kernels are the core's own: nothing above the core calls them directly, but for
#: modules that compile their own loops around them.
KERNELS_FOR = ("kernels", "core")
COMPILED_ABOVE_CORE = {"meiro.rl.vector_env", "meiro.rl.vector_kernels", "meiro.rl.rule"}  # every env's step is one compiled call
#: The kernels' runtime switch a command sets before its job (plain Python for a small one).
RUNTIME = {"meiro.kernels.small_jobs"}

#: Imports that break the rules in modules their owners are rewriting; each is to go there.
KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()
#: A curriculum mutates a stack of mazes in one compiled call too.
COMPILED_ABOVE_CORE.add("meiro.curriculum.mutation")


def _layer_of(module: str) -> int:
    """The layer of the most particular pattern that names ``module`` (``meiro.io.*`` names the
    package meiro.io and everything in it; ``meiro.io.saving`` names that module alone)."""
    named = [(len(pattern), number) for number, (_, patterns) in enumerate(LAYERS) for pattern in patterns
             if module == pattern or (pattern.endswith(".*") and (module + ".").startswith(pattern[:-1]))]
    if not named:
        raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")
    return max(named)[1]


def _modules() -> dict[str, tuple[Path, bool]]:
    root = Path(meiro.__file__).parent
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


def import_graph() -> dict[str, set[str]]:
    """module -> the meiro modules it imports (``from meiro.x import name`` names meiro.x,
    or meiro.x.name when that is a module)."""
    modules = _modules()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, (path, package) in modules.items():
        here = module if package else module.rpartition(".")[0]
        imported = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(known(alias.name) for alias in node.names if alias.name.startswith("meiro"))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[:len(here.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                if base == "meiro" or base.startswith("meiro."):
                    for alias in node.names:
                        full = f"{base}.{alias.name}"
                        imported.add(full if full in modules else known(base))
        imported.discard(None)
        imported.discard(module)
        graph[module] = imported
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def _checked_graph() -> dict[str, set[str]]:
    graph = import_graph()
    for module, other in KNOWN_EXCEPTIONS:
        assert other in graph[module], f"{module} no longer imports {other}: drop the exception"
        graph[module].discard(other)
    return graph


def test_every_module_has_a_layer_and_no_import_goes_up():
    wrong = []
    for module, imported in sorted(_checked_graph().items()):
        here = _layer_of(module)
        for other in sorted(imported):
            there = _layer_of(other)
            if there > here:
                wrong.append(f"{module} ({LAYERS[here][0]}) imports {other} ({LAYERS[there][0]})")
            elif (LAYERS[there][0] == "kernels" and LAYERS[here][0] not in KERNELS_FOR
                  and module not in COMPILED_ABOVE_CORE and other not in RUNTIME):
                wrong.append(f"{module} ({LAYERS[here][0]}) calls the kernels' {other} directly")
    assert wrong == []


def test_no_import_cycle_between_modules():
    assert _cycles(_checked_graph()) == []


def test_the_checks_see_an_upward_import_and_a_cycle():
    graph = import_graph()
    assert "meiro.maze" in graph["meiro.text.maze_text"] and "meiro.kernels.rng" in graph["meiro.generators.dig"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _layer_of("meiro.ui.tk_app") > _layer_of("meiro.game.model") > _layer_of("meiro.maze")


# --- start-up: the names are known without the kernels ------------------------------------

_LOADED = """\
import runpy, sys
sys.argv = ["meiro", *sys.argv[1:]]
try:
    runpy.run_module("meiro", run_name="__main__")
except SystemExit:
    pass
print("LOADED:" + ",".join(sorted(m for m in ("numba", "meiro.generators.dig", "meiro.solvers.astar", "meiro.batch",
                                  "meiro.cli.generate_cmd", "meiro.cli.dataset_cmd")
                      if m in sys.modules)), file=sys.stderr)
"""


def _loaded_by(*argv: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", _LOADED, *argv], capture_output=True, text=True,
                         timeout=120)
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("LOADED:"), out.stderr
    return [name for name in last[len("LOADED:"):].split(",") if name]


def test_help_and_list_import_no_numba_and_no_kernel():
    assert _loaded_by("--help") == []
    assert _loaded_by("list") == []
    assert _loaded_by("list", "--lang", "ja") == []


def test_a_command_loads_its_own_module_and_its_generator_only():
    loaded = _loaded_by("generate", "--size", "4x3", "--seed", "1")  # small: kernels as Python
    assert loaded == ["meiro.cli.generate_cmd", "meiro.generators.dig"]
    loaded = _loaded_by("generate", "--size", "40x40", "--seed", "1", "--quiet")
    assert loaded == ["meiro.cli.generate_cmd", "meiro.generators.dig", "numba"]


def test_import_meiro_loads_no_kernel_and_the_api_still_works():
    code = ("import sys, meiro; before = 'numba' in sys.modules; m = meiro.generate(4, 3, seed=1); "
            "b = meiro.generate_batch(2, 4, 3, seed=1); "
            "print(before, 'numba' in sys.modules, b.grids.shape == (2, 7, 9), meiro.solve(m).length > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "True", "True"]


def test_each_commands_help_line_is_its_modules():
    import argparse

    from meiro import cli

    parser = cli.build_parser()  # every command's own parser
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    lines = {choice.dest: choice.help for choice in actions[0]._choices_actions}
    assert lines == {name: line for name, (_, line) in cli.COMMANDS.items()}
    assert list(actions[0].choices) == list(cli.COMMANDS)


# --- one palette --------------------------------------------------------------------------

def test_one_table_of_block_classes_and_colours():
    from meiro import paint
    from meiro.game import model
    from meiro.render import palette
    from meiro.solvers import replay_events
    from meiro.ui import raster, terminal_style

    for name in ("PATH", "WALL", "START", "GOAL", "ANSWER", "TRAIL"):
        assert getattr(model, name) == getattr(paint, name), name
    for name in ("PATH", "WALL", "START", "GOAL", "ANSWER", "CLOSED", "FRONTIER"):
        assert getattr(palette, name) == getattr(paint, name), name
    for name in ("CURRENT", "FRONTIER", "CLOSED"):
        assert getattr(replay_events, name) == getattr(raster, name) == getattr(paint, name), name
    assert terminal_style.PLAYER == paint.PLAYER and terminal_style.BLANK not in paint.CLASSES
    # the pictures' palette and the window's colours are the same table's
    assert [tuple(c) for c in palette.Palette().table()] == [paint.rgb(c) for c in range(7)]
    assert [tuple(c) for c in raster.PALETTE] == [paint.rgb(c) for c in paint.CLASSES]
    # no module but meiro.paint spells out a block class's number
    root = Path(meiro.__file__).parent
    spelt = [str(path.relative_to(root)) for path in root.rglob("*.py") if path.name != "paint.py"
             and any(word in path.read_text(encoding="utf-8") for word in (
                 "WALL, PATH, TRAIL", "CURRENT, FRONTIER, CLOSED = ", "PATH, WALL, START, GOAL, ANSWER, CLOSED"))]
    assert spelt == []


def test_a_maze_read_from_a_file_remakes_its_carving_log_with_no_generator_loaded_first():
    m = meiro.generate(5, 4, seed=9, algorithm="kruskal")
    code = ("import sys, meiro.io; m = meiro.io.from_json(sys.stdin.read()); "
            "print('meiro.generate' in sys.modules, m.carve_order.tolist())")
    out = subprocess.run([sys.executable, "-c", code], input=meiro.io.to_json(m), capture_output=True,
                         text=True, check=True)
    loaded_before, order = out.stdout.split(" ", 1)
    assert order.strip() == str(m.carve_order.tolist())

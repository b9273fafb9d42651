"""The layering rules of the design: the library core stays light and silent."""

import subprocess
import sys


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

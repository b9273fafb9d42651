"""Whatever the input, the library raises MazeError (or succeeds) — never anything else."""

import json

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

import meiro

TEXT_CHARS = st.sampled_from(list("# SG.\n\r\t■　◎△・xX0"))


@settings(max_examples=300, deadline=None)
@given(st.text(TEXT_CHARS, max_size=120))
def test_parse_text_never_crashes(text):
    try:
        m = meiro.parse_text(text)
    except meiro.MazeError:
        return
    # anything that parses is a valid maze that solves or says why not
    assert m.grid.shape[0] % 2 == 1 and m.grid.shape[1] % 2 == 1
    try:
        sol = meiro.solve(m, "bfs")
        assert sol.length == meiro.solve(m, "astar").length
    except meiro.NoPathError:
        pass


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["format", "version", "grid", "start", "goal", "seed", "algorithm",
                            "origin", "width"]),
       value=json_values)
def test_loading_mutated_files_never_crashes(tmp_path, key, value):
    doc = json.loads(meiro.io.to_json(meiro.generate(4, 3, seed=1)))
    doc[key] = value
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        m = meiro.load(path)
    except meiro.MazeError:
        return
    assert np.array_equal(meiro.replay_carving(m.shape, m.carve_order), m.grid)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["generate", "solve", "list", "--size", "--blocks", "--seed",
                                 "--algorithm", "--goal", "--style", "--solve", "-q", "3x3",
                                 "0x0", "-1", "31x31", "dig", "nope", "farthest", "block",
                                 "astar", "x", "--method", "bfs"]), max_size=7))
def test_cli_returns_a_status_for_any_arguments(argv):
    import contextlib
    import io

    from meiro.cli import main

    out, err_buffer = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err_buffer):
        status = main(argv)
    assert status in (0, 2)
    err = err_buffer.getvalue()
    assert "Traceback" not in err
    if status == 2 and argv and argv[0] in ("generate", "solve", "list"):
        assert err.count("\n") == 1 and err.startswith("meiro: error: ")

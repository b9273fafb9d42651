"""Memory checks see ``ulimit -v``/``-d`` (RLIMIT_AS, RLIMIT_DATA) as the read cap does, and an
absurd size is one MazeError before anything of its size is allocated, never a MemoryError."""

import subprocess
import sys
import textwrap

import pytest

import meiro
from meiro.io.maze_dataset import from_tokens, to_tokens

#: Address space the child processes below may take: room for meiro, not for the mazes asked.
LIMIT = 1536 * 2**20


def run_limited(code: str) -> subprocess.CompletedProcess:
    """``code`` run by a child Python under ``ulimit -v`` of :data:`LIMIT`."""
    if sys.platform == "win32":  # pragma: no cover - rlimits are POSIX
        pytest.skip("memory limits need the resource module")
    prelude = f"import resource\nresource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT}))\n"
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120)


def test_available_memory_is_bounded_by_the_address_space_limit():
    out = run_limited("""
        from meiro.sizes import available_memory
        print(available_memory())
    """)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) <= 1536 * 2**20


def test_token_text_naming_a_far_cell_is_refused_under_a_limit():
    # 20000 x 20000 cells (some 3.6 GB) fit this machine's memory, not the child's 1.5 GiB
    out = run_limited("""
        import meiro
        from meiro.io.maze_dataset import from_tokens, to_tokens
        text = to_tokens(meiro.generate(2, 2, seed=1)).replace("<TARGET_START> (1,1)", "<TARGET_START> (19999,19999)")
        try:
            from_tokens(text)
        except meiro.MazeError as exc:
            print("refused:", exc)
    """)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("refused: a 20000x20000-cell maze needs about"), out.stdout


@pytest.mark.parametrize("code", [
    "MazeEnv(width=12000, height=12000)",
    "MazeEnv().set_options(width=12000, height=12000)",
    "MazeEnv(view=20000)",
    "MazeVectorEnv(8, width=3000, height=3000)",
])
def test_environments_too_big_for_the_limit_are_refused_in_one_line(code):
    pytest.importorskip("gymnasium")
    out = run_limited(f"""
        import meiro
        from meiro.rl.env import MazeEnv
        from meiro.rl.vector_env import MazeVectorEnv
        try:
            {code}
        except meiro.MazeError as exc:
            print("refused:", exc)
    """)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("refused: ") and "of memory but only" in out.stdout, out.stdout


@pytest.mark.parametrize("kwargs", [dict(view=10**9), dict(width=10**6, height=10**6),
                                    dict(width=10**9, height=3, obs_mode="onehot")])
def test_absurd_environments_are_a_maze_error_not_a_memory_error(kwargs):
    pytest.importorskip("gymnasium")
    from meiro.rl.env import MazeEnv

    with pytest.raises(meiro.MazeError, match="of memory but only"):
        MazeEnv(**kwargs)
    env = MazeEnv(width=4, height=4)
    with pytest.raises(meiro.MazeError, match="of memory but only"):
        env.set_options(width=10**6, height=10**6)
    assert (env.width, env.height) == (4, 4)  # a refused option changes nothing


def test_a_refused_vector_size_changes_nothing():
    pytest.importorskip("gymnasium")
    from meiro.rl.vector_env import MazeVectorEnv

    envs = MazeVectorEnv(10_000, width=3, height=3)  # one env of 3000 x 3000 cells fits; 10,000 do not
    with pytest.raises(meiro.MazeError, match="10000 environments of 3000x3000-cell mazes need about"):
        envs.set_options(width=3000, height=3000)
    assert (envs.width, envs.height, envs._template.width) == (3, 3, 3)


def test_dataset_pictures_too_big_for_the_limit_are_refused_before_any_folder(tmp_path):
    pytest.importorskip("pyarrow")
    out = run_limited(f"""
        from meiro.cli import main
        print(main(["dataset", "-n", "2", "--size", "300x300", "--with", "pixels", "--block", "32",
                    "-o", {str(tmp_path / "d")!r}]))
    """)
    assert out.stdout.strip() == "2", out.stdout + out.stderr
    assert out.stderr.startswith("meiro: error: the pictures of 300x300 mazes at --block 32 need about")
    assert out.stderr.count("\n") == 1 and not (tmp_path / "d").exists()


@pytest.mark.parametrize("cell", ["(" + "9" * 5000 + ",0)", "(0," + "7" * 4301 + ")", "(1234567890123,1)"],
                         ids=["5000-digit-row", "4301-digit-column", "13-digit-row"])
def test_coordinates_of_thousands_of_digits_are_one_line(cell):
    text = to_tokens(meiro.generate(2, 2, seed=1)).replace("<ORIGIN_START> (0,0)", f"<ORIGIN_START> {cell}")
    with pytest.raises(meiro.MazeError, match="far outside any maze") as caught:
        from_tokens(text)
    assert "\n" not in str(caught.value)


def test_a_token_text_over_the_read_cap_is_refused_before_splitting(monkeypatch):
    from meiro.io import maze_dataset

    monkeypatch.setattr(maze_dataset, "read_limit", lambda: 1000)
    with pytest.raises(meiro.MazeError, match="the token text is 1,001 characters"):
        from_tokens(" " * 1001)

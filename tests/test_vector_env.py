"""The native vector environment: the same trajectories as SyncVectorEnv over MazeEnv, make_vec, bad input."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import meiro  # noqa: E402
from meiro.rl import env as env_module  # noqa: E402
from meiro.rl.env import ACTIONS, MazeEnv  # noqa: E402
from meiro.rl.vector_env import MazeVectorEnv  # noqa: E402
from meiro.rl.vector_kernels import _AGENT, _GOAL, _OPEN, _WALL  # noqa: E402


def python_vector(n, **options):
    return gymnasium.vector.SyncVectorEnv([lambda: MazeEnv(**options)] * n)


def assert_same(native, python, where):
    """The native step's results equal SyncVectorEnv's (tuples of positions read as rows)."""
    for name, a, b in zip(("obs", "rewards", "terminated", "truncated"), native[:-1], python[:-1]):
        assert a.dtype == b.dtype and np.array_equal(a, b), f"{name} differ at {where}"
    ours, theirs = native[-1], python[-1]
    assert set(ours) == set(theirs), where
    for key in ("position", "goal"):
        rows = np.array([tuple(v) for v in theirs[key]], dtype=np.int64)
        assert np.array_equal(ours[key], rows), f"{key} differ at {where}"
    for key in ("steps", "shortest", "seed"):
        assert np.array_equal(ours[key], theirs[key]), f"{key} differ at {where}"
    for key in ours:
        if key.startswith("_"):
            assert np.array_equal(ours[key], theirs[key]), f"{key} differ at {where}"


_DISTANCES = {}  # (seed, algorithm, shape, goal) -> distances


def distances_to_goal(maze):
    """Blocks from each open block to the goal (breadth first), -1 for walls."""
    dist = np.full(maze.grid.shape, -1, np.int64)
    dist[maze.goal] = 0
    frontier = [maze.goal]
    while frontier:
        nxt = []
        for r, c in frontier:
            for dr, dc in ACTIONS:
                if not maze.grid[r + dr, c + dc] and dist[r + dr, c + dc] < 0:
                    dist[r + dr, c + dc] = dist[r, c] + 1
                    nxt.append((r + dr, c + dc))
        frontier = nxt
    return dist


def some_actions(python, rng, cache=_DISTANCES):
    """Random actions, but often the step towards the goal, so that episodes also end there."""
    actions = rng.integers(0, 4, python.num_envs)
    for i, env in enumerate(python.envs):
        if rng.random() < 0.6:
            maze = env.unwrapped.maze
            key = (maze.seed, maze.algorithm, maze.grid.shape, maze.goal)
            if key not in cache:
                cache[key] = distances_to_goal(maze)
            dist, (r, c) = cache[key], env.unwrapped.position
            for a, (dr, dc) in enumerate(ACTIONS):
                if 0 <= dist[r + dr, c + dc] < dist[r, c]:
                    actions[i] = a
    return actions


CASES = [
    # n, options: tiny mazes with few steps, so episodes both terminate and truncate often
    (5, dict(width=2, height=2, max_steps=6)),
    (4, dict(width=3, height=2, algorithm="kruskal", view=1, max_steps=9)),
    (3, dict(width=4, height=3, algorithm="wilson", view=2, braid=0.5, goal="farthest", max_steps=15)),
    (6, dict(width=5, height=5, algorithm="prim", step_reward=-0.5, goal_reward=3.0, max_steps=40)),
    (4, dict(width=6, height=4, view=3, max_steps=30)),
    (3, dict(width=3, height=5, algorithm="kruskal", view=6, max_steps=20)),  # beyond the maze
    (3, dict(width=3, height=3, view=1, obs_mode="onehot", max_steps=12)),
    (2, dict(width=4, height=2, braid=1.0, obs_mode="onehot", max_steps=10)),
]


@pytest.mark.parametrize("n, options", CASES)
def test_the_same_trajectories_as_sync_vector_env_through_auto_resets(n, options):
    native, python = MazeVectorEnv(n, **options), python_vector(n, **options)
    assert native.metadata["autoreset_mode"] == python.metadata["autoreset_mode"]
    assert native.observation_space == python.observation_space
    assert native.action_space == python.action_space
    rng = np.random.default_rng(n)
    ends = {"terminated": 0, "truncated": 0}
    for seed in (0, 123):
        assert_same(native.reset(seed=seed), python.reset(seed=seed), f"reset({seed})")
        for t in range(120):
            actions = some_actions(python, rng)
            ours, theirs = native.step(actions), python.step(actions)
            assert_same(ours, theirs, f"seed {seed} step {t}")
            ends["terminated"] += int(ours[2].sum())
            ends["truncated"] += int(ours[3].sum())
        # a reset without a seed goes on with each env's own random generator
        assert_same(native.reset(), python.reset(), f"reset() after seed {seed}")
        for t in range(10):
            actions = rng.integers(0, 4, n)
            assert_same(native.step(actions), python.step(actions), f"unseeded step {t}")
    assert ends["terminated"] > 0 and ends["truncated"] > 0  # the auto-resets were exercised


@pytest.mark.parametrize("goal", ["corner", "farthest", "diameter"])
def test_every_generator_and_goal_rule_gives_the_single_envs_mazes(goal):
    for algorithm in (g.name for g in meiro.GENERATORS):
        options = dict(width=5, height=4, algorithm=algorithm, goal=goal, braid=0.3, max_steps=3)
        native, python = MazeVectorEnv(2, **options), python_vector(2, **options)
        assert_same(native.reset(seed=8), python.reset(seed=8), f"{algorithm} reset")
        for t in range(8):  # through two auto-resets
            actions = np.array([t % 4, (t + 1) % 4])
            assert_same(native.step(actions), python.step(actions), f"{algorithm} step {t}")


def test_env_i_depends_only_on_seed_plus_i():
    wide, narrow = MazeVectorEnv(4, width=4, height=4, view=1), MazeVectorEnv(2, width=4, height=4, view=1)
    wide_obs, wide_info = wide.reset(seed=10)
    narrow_obs, narrow_info = narrow.reset(seed=12)
    assert np.array_equal(wide_obs[2:], narrow_obs)
    assert np.array_equal(wide_info["seed"][2:], narrow_info["seed"])
    # and each seed is the one a single MazeEnv reset with seed + i draws
    single = MazeEnv(4, 4)
    single.reset(seed=11)
    assert wide_info["seed"][1] == single.maze.seed


def test_a_list_of_seeds_seeds_each_env():
    native, python = MazeVectorEnv(3, width=3, height=3), python_vector(3, width=3, height=3)
    ours, theirs = native.reset(seed=[5, 7, 9]), python.reset(seed=[5, 7, 9])
    assert_same(ours, theirs, "reset([5, 7, 9])")


def test_the_full_observation_is_the_maze_grid_with_the_agent_and_goal():
    envs = MazeVectorEnv(2, width=6, height=4, goal="farthest")
    obs, info = envs.reset(seed=3)
    for i in range(2):
        maze = meiro.generate(6, 4, seed=int(info["seed"][i]), goal="farthest")
        expected = np.where(maze.grid, _WALL, _OPEN)
        expected[maze.goal], expected[maze.start] = _GOAL, _AGENT
        assert np.array_equal(obs[i], expected)
        assert info["shortest"][i] == meiro.solve(maze).length


def test_the_markers_agree_with_meiro_env():
    assert (_OPEN, _WALL, _AGENT, _GOAL) == (env_module.OPEN, env_module.WALL, env_module.AGENT,
                                             env_module.GOAL)


def test_copies_by_default_and_writes_in_place_with_copy_false():
    copying = MazeVectorEnv(2, width=3, height=3)
    first, _ = copying.reset(seed=1)
    second = copying.step(np.array([1, 2]))[0]
    assert first is not second
    in_place = MazeVectorEnv(2, width=3, height=3, copy=False)
    first, _ = in_place.reset(seed=1)
    assert in_place.step(np.array([1, 2]))[0] is first


def test_make_vec_gives_the_native_env_and_sync_the_python_one():
    native = gymnasium.make_vec("meiro/Maze-v0", num_envs=3, width=4, height=3, view=2)
    assert isinstance(native.unwrapped, MazeVectorEnv) and native.num_envs == 3
    obs, _ = native.reset(seed=2)
    assert obs.shape == (3, 5, 5)
    python = gymnasium.make_vec("meiro/Maze-v0", num_envs=3, vectorization_mode="sync", width=4,
                                height=3, view=2)
    assert isinstance(python, gymnasium.vector.SyncVectorEnv)
    assert np.array_equal(python.reset(seed=2)[0], obs)


def test_made_by_id_without_importing_the_module_first():
    import subprocess
    import sys

    code = ("import gymnasium; e = gymnasium.make_vec('meiro.rl.env:meiro/Maze-v0', num_envs=2, width=3, "
            "height=3); print(type(e.unwrapped).__name__, e.reset(seed=0)[0].shape)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["MazeVectorEnv", "(2,", "7,", "7)"]


@pytest.mark.parametrize("num_envs", [0, -3, 2.0, "4", True, None])
def test_a_bad_num_envs_is_refused_by_name(num_envs):
    with pytest.raises(meiro.MazeError, match="num_envs"):
        MazeVectorEnv(num_envs, width=3, height=3)


def test_bad_options_are_checked_as_for_maze_env():
    with pytest.raises(meiro.MazeError, match="view"):
        MazeVectorEnv(2, width=3, height=3, view=0)
    with pytest.raises(meiro.MazeError, match="max_steps"):
        MazeVectorEnv(2, width=3, height=3, max_steps=0)
    with pytest.raises(meiro.MazeError, match="width"):
        MazeVectorEnv(2, width=0, height=3)


@pytest.mark.parametrize("actions, message", [
    (np.array([0, 1]), r"shape \(3,\)"),
    (np.zeros((3, 1), np.int64), r"shape \(3,\)"),
    (np.array([0.0, 1.0, 2.0]), "dtype float64"),
    (np.array([True, False, True]), "dtype bool"),
    (np.array([0, 4, 1]), r"actions\[1\]"),
    (np.array([0, 1, -1]), r"actions\[2\]"),
    (np.array([0, 1, 2**40], np.uint64), r"actions\[2\]"),
    (np.array([0, 255, 1], np.uint8), r"actions\[1\]"),
    (3, r"shape \(3,\)"),
    ("abc", r"shape \(3,\)"),
])
def test_bad_actions_are_refused_by_name_and_change_nothing(actions, message):
    envs = MazeVectorEnv(3, width=3, height=3, view=1)
    before = envs.reset(seed=4)
    with pytest.raises(meiro.MazeError, match=message):
        envs.step(actions)
    after = envs.step(np.array([0, 0, 0]))  # still steps from where it was
    assert np.array_equal(after[-1]["steps"], [1, 1, 1])
    assert before[0].shape == after[0].shape


def test_step_before_reset_and_unsupported_reset_arguments():
    envs = MazeVectorEnv(2, width=3, height=3)
    with pytest.raises(meiro.MazeError, match="reset"):
        envs.step(np.array([0, 0]))
    with pytest.raises(meiro.MazeError, match="seed"):
        envs.reset(seed=[1])
    with pytest.raises(meiro.MazeError, match="seed"):
        envs.reset(seed=-1)
    with pytest.raises(TypeError, match="seed"):
        envs.reset(seed="1")
    with pytest.raises(meiro.MazeError, match=r"unknown reset option 'maze'.*'mazes'"):
        envs.reset(options={"maze": None})


@pytest.mark.parametrize("algorithm, braid", [("dig", 0.0), ("kruskal", 0.7), ("wilson", 0.3)])
def test_shortest_is_the_length_meiro_solve_finds(algorithm, braid):
    envs = MazeVectorEnv(24, width=9, height=7, algorithm=algorithm, braid=braid, goal="farthest")
    _, info = envs.reset(seed=99)
    for seed, shortest in zip(info["seed"], info["shortest"]):
        maze = meiro.generate(9, 7, algorithm=algorithm, seed=int(seed), goal="farthest", braid=braid)
        assert shortest == meiro.solve(maze).length


@pytest.mark.parametrize("num_envs", [10**12, 2**62])
def test_more_envs_than_memory_allows_is_a_maze_error(num_envs):
    with pytest.raises(meiro.MazeError, match="num_envs"):
        MazeVectorEnv(num_envs, width=15, height=15)


@pytest.mark.parametrize("view", [None, 2])
def test_stepping_in_place_allocates_no_arrays(view):
    import tracemalloc

    # mazes too big for a random walk of 500 steps to reach the goal: no resets, only steps
    envs = MazeVectorEnv(8192, width=25, height=25, view=view, copy=False, max_steps=10**6)
    envs.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, (300, 8192))
    for a in actions[:10]:  # warm up: compile or load the kernels
        envs.step(a)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        for a in actions:
            ended = envs.step(a)[2].any()
            assert not ended
        grown = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    # a few Python objects come and go (the call's arguments); an array of one byte per env
    # would be 8192 bytes
    assert grown < 4000, grown


def test_a_pickled_env_goes_on_the_same_way():
    import pickle

    envs = MazeVectorEnv(3, width=4, height=4, view=1, max_steps=5)
    envs.reset(seed=1)
    twin = pickle.loads(pickle.dumps(envs))
    for actions in np.random.default_rng(2).integers(0, 4, (12, 3)):
        ours, theirs = envs.step(actions), twin.step(actions)
        assert all(np.array_equal(a, b) for a, b in zip(ours[:4], theirs[:4]))
        assert all(np.array_equal(ours[4][key], theirs[4][key]) for key in ours[4])


def _small_env():
    return MazeEnv(width=4, height=3, view=2)


def test_async_vector_env_in_spawned_processes_walks_the_same_trajectories():
    # the Python-level vector envs RL users plug in: MazeEnv must pickle and build in a spawned process
    import gymnasium

    asynchronous = gymnasium.vector.AsyncVectorEnv([_small_env] * 2, context="spawn")
    native = MazeVectorEnv(2, 4, 3, view=2)
    try:
        first, _ = asynchronous.reset(seed=5)
        mine, _ = native.reset(seed=5)
        assert np.array_equal(first, mine)
        rng = np.random.default_rng(0)
        for _ in range(60):
            actions = rng.integers(0, 4, 2)
            theirs, ours = asynchronous.step(actions), native.step(actions)
            for a, b in zip(theirs[:4], ours[:4]):
                assert np.array_equal(a, b)
    finally:
        asynchronous.close()
        native.close()


def test_a_pickled_maze_env_goes_on_where_it_was():
    import pickle

    env = _small_env()
    env.reset(seed=1)
    env.step(1)
    copy = pickle.loads(pickle.dumps(env))
    for action in (2, 1, 0, 3, 2):
        a, b = env.step(action), copy.step(action)
        assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]


def test_more_episodes_than_seeds_drawn_ahead_go_on_with_the_same_mazes():
    from meiro.rl.vector_env import SEEDS_AHEAD

    # every episode one step long: each env asks for new seeds twice in 300 steps
    options = dict(width=3, height=2, view=1, max_steps=1)
    native, python = MazeVectorEnv(3, **options), python_vector(3, **options)
    assert_same(native.reset(seed=4), python.reset(seed=4), "reset")
    rng = np.random.default_rng(1)
    seeds = set()
    for t in range(2 * SEEDS_AHEAD + 40):
        actions = rng.integers(0, 4, 3)
        ours = native.step(actions)
        assert_same(ours, python.step(actions), f"step {t}")
        seeds.update(int(s) for s in ours[-1]["seed"])
    assert len(seeds) > 3 * SEEDS_AHEAD


def test_one_hot_observations_are_the_grid_s_channels():
    grid = MazeVectorEnv(3, width=4, height=4, view=2)
    onehot = MazeVectorEnv(3, width=4, height=4, view=2, obs_mode="onehot")
    assert onehot.single_observation_space.shape == (4, 5, 5)
    a, _ = grid.reset(seed=3)
    b, _ = onehot.reset(seed=3)
    for t in range(30):
        assert b.dtype == np.uint8 and np.array_equal(b, (a[:, None] == np.arange(4)[:, None, None]))
        actions = np.full(3, t % 4)
        a, b = grid.step(actions)[0], onehot.step(actions)[0]
    with pytest.raises(meiro.MazeError, match="obs_mode"):
        MazeVectorEnv(2, obs_mode="rgb")


def test_set_options_through_call_changes_the_coming_mazes_as_in_sync_vector_env():
    options = dict(width=4, height=3, view=2, max_steps=8)
    native, python = MazeVectorEnv(3, **options), python_vector(3, **options)
    assert_same(native.reset(seed=2), python.reset(seed=2), "reset")
    rng = np.random.default_rng(5)
    for t, change in enumerate([None] * 10 + [dict(algorithm="kruskal", braid=0.5)] + [None] * 20
                               + [dict(goal="farthest", max_steps=5, step_reward=-0.1)] + [None] * 20):
        if change:
            assert native.call("set_options", **change) == python.call("set_options", **change)
        actions = rng.integers(0, 4, 3)
        assert_same(native.step(actions), python.step(actions), f"step {t}")
    assert native.get_attr("algorithm") == python.get_attr("algorithm") == ("kruskal",) * 3
    assert native.call("max_steps") == python.call("max_steps") == (5, 5, 5)


def test_a_new_size_needs_a_reset_and_bad_options_change_nothing():
    envs = MazeVectorEnv(2, width=3, height=3, view=1)
    envs.reset(seed=0)
    with pytest.raises(meiro.MazeError, match="unknown option 'view'"):
        envs.set_options(view=3)
    with pytest.raises(meiro.MazeError, match="braid"):
        envs.set_options(algorithm="wilson", braid=2)
    assert envs.algorithm == "dig" and envs.braid == 0.0  # the good option was not taken either
    with pytest.raises(meiro.MazeError, match="same"):
        envs.set_attr("braid", [0.1, 0.2])
    envs.set_attr("height", [5, 5])
    with pytest.raises(meiro.MazeError, match="reset"):
        envs.step(np.zeros(2, np.int64))
    _, info = envs.reset()
    assert info["goal"].tolist() == [[9, 5], [9, 5]]  # the corner of 3 x 5 cells
    with pytest.raises(meiro.MazeError, match="no per-env attribute"):
        envs.get_attr("_base")
    full = MazeVectorEnv(2, width=3, height=3)
    full.set_options(width=6)
    assert full.reset(seed=1)[0].shape == (2, 7, 13) == full.observation_space.shape


def test_ten_thousand_steps_with_resets_allocate_nothing_that_stays():
    import tracemalloc

    envs = MazeVectorEnv(256, width=5, height=5, view=2, copy=False, max_steps=20)
    envs.reset(seed=0)
    actions = np.random.default_rng(0).integers(0, 4, (10_000, 256))
    for a in actions[:200]:  # warm up: compile or load the kernels, draw seeds once
        envs.step(a)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ended = 0
        for a in actions:
            ended += int(envs.step(a)[3].sum())
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert ended > 256 * 3 * 64  # every env asked Python for seeds more than twice
    assert after - before < 4000, after - before

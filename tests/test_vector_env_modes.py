"""The vector env's auto-reset modes, chosen mazes, heading mode, threads and render, each
against SyncVectorEnv over MazeEnv in the same mode, step for step, infos included."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import meiro  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402
from meiro.rl.env import ACTIONS, FORWARD, TURN_LEFT, TURN_RIGHT, MazeEnv  # noqa: E402
from meiro.rl.vector_env import MazeVectorEnv  # noqa: E402

MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]


def sync(n, mode, **options):
    return gymnasium.vector.SyncVectorEnv([lambda: MazeEnv(**options)] * n, autoreset_mode=mode)


def same_obs(a, b):
    if isinstance(b, dict):
        return isinstance(a, dict) and set(a) == set(b) and all(same_obs(a[k], b[k]) for k in b)
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


def same_infos(ours, theirs, where):
    """Equal where SyncVectorEnv has a value (its ``_key`` masks), and the same masks."""
    assert set(ours) == set(theirs), (where, sorted(set(ours) ^ set(theirs)))
    for key, value in theirs.items():
        if key.startswith("_"):
            assert np.array_equal(ours[key], value), f"{key} differ at {where}"
        elif isinstance(value, dict):
            same_infos(ours[key], value, f"{where}, {key}")
        else:
            for i in np.flatnonzero(theirs[f"_{key}"]):
                if key == "final_obs":
                    assert same_obs(ours[key][i], value[i]), f"final_obs[{i}] differs at {where}"
                else:
                    assert np.array_equal(np.asarray(ours[key][i]), np.asarray(value[i])), \
                        f"{key}[{i}] differs at {where}"


def assert_same(ours, theirs, where):
    assert same_obs(ours[0], theirs[0]), f"obs differ at {where}"
    for name, a, b in zip(("rewards", "terminated", "truncated"), ours[1:-1], theirs[1:-1]):
        assert a.dtype == b.dtype and np.array_equal(a, b), f"{name} differ at {where}"
    same_infos(ours[-1], theirs[-1], where)


_DISTANCES: dict = {}


def distances_to_goal(maze, cache=_DISTANCES):
    """Blocks from each open block to the goal (breadth first), -1 for walls."""
    key = (maze.grid.tobytes(), maze.grid.shape, maze.goal)
    if key not in cache:
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
        cache[key] = dist
    return cache[key]


def towards_goal(python, rng, heading):
    """Random actions, but often a step towards the goal, so that episodes also end there."""
    actions = rng.integers(0, 3 if heading else 4, python.num_envs)
    for i, env in enumerate(python.envs):
        env = env.unwrapped
        if rng.random() < 0.6:
            dist, (r, c) = distances_to_goal(env.maze), env.position
            for a, (dr, dc) in enumerate(ACTIONS):
                if 0 <= dist[r + dr, c + dc] < dist[r, c]:
                    actions[i] = a if not heading else FORWARD if a == env.heading else TURN_RIGHT
    return actions


CASES = [
    dict(width=2, height=2, max_steps=5),
    dict(width=3, height=2, algorithm="kruskal", view=1, max_steps=7, obs_mode="onehot"),
    dict(width=3, height=3, view=2, max_steps=9, compass=True),
    dict(width=3, height=2, view=2, max_steps=12, action_mode="heading"),
    dict(width=2, height=3, view=1, max_steps=10, action_mode="heading", compass=True, obs_mode="onehot"),
    dict(width=3, height=3, braid=0.5, max_steps=14, obs_mode="onehot"),
]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("options", CASES, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_each_mode_walks_sync_vector_env_s_trajectories_through_many_resets(mode, options):
    n = 6
    native, python = MazeVectorEnv(n, autoreset_mode=mode, **options), sync(n, mode, **options)
    assert native.metadata["autoreset_mode"] == python.metadata["autoreset_mode"] == mode
    assert native.observation_space == python.observation_space
    assert native.action_space == python.action_space
    heading = options.get("action_mode") == "heading"
    rng = np.random.default_rng(len(options))
    assert_same(native.reset(seed=3), python.reset(seed=3), "reset")
    ends, goals = 0, 0
    for t in range(300):
        actions = towards_goal(python, rng, heading) if t % 3 else rng.integers(0, 3 if heading else 4, n)
        ours, theirs = native.step(actions), python.step(actions)
        assert_same(ours, theirs, f"step {t}")
        ended = ours[2] | ours[3]
        ends, goals = ends + int(ended.sum()), goals + int(ours[2].sum())
        if mode == AutoresetMode.DISABLED and ended.any():
            if t % 2:  # the ended envs on new mazes
                assert_same(native.reset(options={"reset_mask": ended}),
                            python.reset(options={"reset_mask": ended.copy()}), f"masked reset {t}")
            else:  # on chosen mazes, one env at a time (SyncVectorEnv gives every env the same options)
                for i in np.flatnonzero(ended):
                    maze = meiro.generate(options["width"], options["height"], seed=t * 100 + int(i),
                                          algorithm="prim")
                    one = np.arange(n) == i
                    assert_same(native.reset(options={"reset_mask": one, "mazes": [maze]}),
                                python.reset(options={"reset_mask": one, "maze": maze}), f"chosen {t}")
    assert ends > 100 and goals > 0  # (thousands of resets over all cases and modes)


def test_thousands_of_same_step_resets_through_the_seed_queue():
    options = dict(width=2, height=2, view=1, max_steps=2)
    native = MazeVectorEnv(8, autoreset_mode="SameStep", **options)
    python = sync(8, AutoresetMode.SAME_STEP, **options)
    assert_same(native.reset(seed=9), python.reset(seed=9), "reset")
    rng, ends = np.random.default_rng(0), 0
    for t in range(400):
        actions = rng.integers(0, 4, 8)
        ours = native.step(actions)
        assert_same(ours, python.step(actions), f"step {t}")
        ends += int((ours[2] | ours[3]).sum())
    assert ends > 1500


def test_same_step_gives_the_next_maze_on_the_done_step():
    envs = MazeVectorEnv(2, width=2, height=2, max_steps=1, autoreset_mode=AutoresetMode.SAME_STEP, view=1)
    obs, info = envs.reset(seed=0)
    obs2, rewards, terminated, truncated, info2 = envs.step(np.array([0, 0]))
    assert truncated.all() and info2["steps"].tolist() == [0, 0]       # the new episodes' first infos
    assert info2["final_info"]["steps"].tolist() == [1, 1] and info2["_final_obs"].all()
    assert info2["final_obs"][0].shape == (3, 3) and (info2["seed"] != info["seed"]).all()


def test_chosen_mazes_are_played_by_maze_env_and_the_vector_env_alike():
    mazes = [meiro.generate(5, 4, seed=s, algorithm="wilson", goal="farthest") for s in (1, 2, 3)]
    envs = MazeVectorEnv(3, width=5, height=4, view=2, max_steps=30)
    obs, info = envs.reset(seed=0, options={"mazes": mazes})
    singles = [MazeEnv(5, 4, view=2, max_steps=30) for _ in mazes]
    for i, (env, maze) in enumerate(zip(singles, mazes)):
        one, one_info = env.reset(seed=i, options={"maze": maze})
        assert env.maze is maze and np.array_equal(obs[i], one)
        assert info["seed"][i] == maze.seed and tuple(info["goal"][i]) == maze.goal
        assert info["shortest"][i] == one_info["shortest"] == meiro.solve(maze).length
    rng, done = np.random.default_rng(1), [False] * 3
    for t in range(40):  # the same walks, then (NEXT_STEP) each env's own next maze
        actions = rng.integers(0, 4, 3)
        ours = envs.step(actions)
        for i, env in enumerate(singles):
            if done[i]:
                mine, _ = env.reset()
                done[i] = False
            else:
                mine, _, terminated, truncated, _ = env.step(int(actions[i]))
                done[i] = terminated or truncated
            assert np.array_equal(ours[0][i], mine), (t, i)
    # a maze of another size, or not a maze: one error, the envs as they were
    before = envs.step(np.zeros(3, np.int64))[0]
    for bad, message in (([mazes[0], meiro.generate(4, 4, seed=1), None], r"mazes'\]\[1\].*5x4.*4x4"),
                         ([mazes[0]], "one maze per env"), ("abc", "list of Maze"),
                         ([mazes[0], 3, None], r"\[1\].*got int")):
        state = (envs._pos.copy(), envs._base.copy(), envs._seed.copy())
        with pytest.raises(meiro.MazeError, match=message):
            envs.reset(options={"mazes": bad})
        assert all(np.array_equal(a, b) for a, b in zip(state, (envs._pos, envs._base, envs._seed)))
    assert before.shape == (3, 5, 5)
    with pytest.raises(meiro.MazeError, match="Maze of 5x4 cells, got one of 4x4"):
        singles[0].reset(options={"maze": meiro.generate(4, 4, seed=1)})


def test_a_reset_mask_resets_only_the_masked_envs_with_or_without_mazes():
    envs = MazeVectorEnv(4, width=4, height=4, view=1, autoreset_mode="Disabled")
    obs, info = envs.reset(seed=5)
    envs.step(np.array([1, 2, 1, 2]))
    moved = envs._pos.copy()
    maze = meiro.generate(4, 4, seed=77)
    mask = np.array([False, True, False, True])
    obs, info = envs.reset(options={"reset_mask": mask, "mazes": [None, maze]})
    assert info["_seed"].tolist() == mask.tolist() and info["seed"][3] == 77 and info["seed"][0] == 0
    assert np.array_equal(envs._pos[[0, 2]], moved[[0, 2]]) and envs._steps.tolist() == [1, 0, 1, 0]
    # set_options still changes the mazes drawn
    envs.set_options(algorithm="kruskal")
    envs.reset(options={"reset_mask": np.array([True, False, False, False])})
    assert envs.algorithm == "kruskal"


@pytest.mark.parametrize("mask, message", [
    ([True, False, True], "numpy array"),
    (np.array([True, False]), r"shape \(3,\)"),
    (np.array([[True, False, True]]), r"shape \(3,\)"),
    (np.array([1, 0, 1]), "dtype bool"),
    (np.zeros(3, bool), "at least one"),
])
def test_a_bad_reset_mask_is_one_error_and_changes_nothing(mask, message):
    envs = MazeVectorEnv(3, width=3, height=3, view=1, autoreset_mode="Disabled")
    envs.reset(seed=1)
    envs.step(np.array([1, 2, 1]))
    state = (envs._pos.copy(), envs._steps.copy(), envs._seed.copy())
    with pytest.raises(meiro.MazeError, match=message):
        envs.reset(options={"reset_mask": mask})
    assert all(np.array_equal(a, b) for a, b in zip(state, (envs._pos, envs._steps, envs._seed)))


def test_disabled_refuses_to_step_an_ended_env_until_it_is_reset():
    envs = MazeVectorEnv(2, width=2, height=2, max_steps=1, autoreset_mode=AutoresetMode.DISABLED)
    envs.reset(seed=0)
    envs.step(np.array([0, 0]))
    with pytest.raises(meiro.MazeError, match=r"env 0's episode has ended.*reset_mask"):
        envs.step(np.array([0, 0]))
    envs.reset(options={"reset_mask": np.array([True, True])})
    assert envs.step(np.array([0, 0]))[-1]["steps"].tolist() == [1, 1]


def test_make_vec_passes_the_new_keywords_on():
    envs = gymnasium.make_vec("meiro/Maze-v0", num_envs=4, width=3, height=3, view=2,
                              autoreset_mode=AutoresetMode.SAME_STEP, action_mode="heading", threads=2)
    native = envs.unwrapped
    assert isinstance(native, MazeVectorEnv)
    assert (native.autoreset_mode, native.action_mode, native.threads) == (AutoresetMode.SAME_STEP, "heading", 2)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.single_action_space == gymnasium.spaces.Discrete(3)


@pytest.mark.parametrize("kwargs, message", [
    (dict(autoreset_mode="sometimes"), "unknown autoreset_mode"),
    (dict(action_mode="teleport", view=2), "unknown action_mode"),
    (dict(action_mode="heading"), "needs a view"),
    (dict(threads=0), "threads"), (dict(threads=5), "at most num_envs=4"), (dict(threads=1.5), "threads"),
    (dict(compass="yes"), "compass"), (dict(render_mode="human"), "render_mode"),
    (dict(render_envs=5, render_mode="rgb_array"), "render_envs"),
])
def test_bad_keywords_are_one_clear_error(kwargs, message):
    with pytest.raises(meiro.MazeError, match=message):
        MazeVectorEnv(4, width=3, height=3, **kwargs)


def test_heading_mode_turns_and_walks_ahead_with_the_view_turning():
    env = MazeEnv(5, 5, view=2, action_mode="heading", compass=True)
    obs, info = env.reset(seed=4)
    assert env.action_space.n == 3 and info["heading"] == 1  # east
    grid, rng = env.maze.grid, np.random.default_rng(0)
    for _ in range(200):
        view, (r, c), h = obs["view"], info["position"], info["heading"]
        # ahead of the agent is the top row's middle, its right the middle row's right
        ahead, right = ACTIONS[h], ACTIONS[(h + 1) % 4]
        assert view[1, 2] == (1 if grid[r + ahead[0], c + ahead[1]] else (3 if (r + ahead[0], c + ahead[1]) == env.maze.goal else 0))
        assert bool(view[2, 3] == 1) == bool(grid[r + right[0], c + right[1]])
        goal = np.array(env.maze.goal) - (r, c)
        want = np.array([goal @ ahead, goal @ right], float)
        if want.any():
            assert np.allclose(obs["compass"], want / np.hypot(*want), atol=1e-6)
        action = int(rng.integers(3))
        obs, reward, terminated, truncated, info = env.step(action)
        if action == FORWARD:
            moved = not grid[r + ahead[0], c + ahead[1]]
            assert info["position"] == ((r + ahead[0], c + ahead[1]) if moved else (r, c))
        else:
            assert info["position"] == (r, c)
            assert info["heading"] == (h + (3 if action == TURN_LEFT else 1)) % 4
        if terminated or truncated:
            break
    with pytest.raises(meiro.MazeError, match="turn left"):
        env.step(3)


def test_threads_walk_the_trajectories_of_one_thread():
    options = dict(width=4, height=3, view=2, max_steps=9, autoreset_mode="SameStep",
                   action_mode="heading", compass=True)
    one, many = MazeVectorEnv(7, **options), MazeVectorEnv(7, threads=3, **options)
    assert_same(many.reset(seed=2), one.reset(seed=2), "reset")
    rng = np.random.default_rng(3)
    for t in range(300):
        actions = rng.integers(0, 3, 7)
        assert_same(many.step(actions), one.step(actions), f"step {t}")
    import pickle

    twin = pickle.loads(pickle.dumps(many))  # a copy steps on as the original does
    actions = rng.integers(0, 3, 7)
    assert_same(twin.step(actions), many.step(actions), "pickled")
    many.close()


def test_render_draws_env_0_as_maze_env_does_or_several_side_by_side():
    envs = MazeVectorEnv(3, width=4, height=3, render_mode="rgb_array", view=1)
    maze = meiro.generate(4, 3, seed=6)
    envs.reset(seed=0, options={"mazes": [maze, None, None]})
    envs.step(np.array([1, 1, 1]))
    single = MazeEnv(4, 3, render_mode="rgb_array", view=1)
    single.reset(options={"maze": maze})
    single.step(1)
    assert np.array_equal(envs.render(), single.render())
    tiled = MazeVectorEnv(3, width=4, height=3, render_mode="rgb_array", render_envs=3)
    tiled.reset(seed=0)
    assert tiled.render().shape == (2 * 56 + 8, 2 * 72 + 8, 3)
    assert MazeVectorEnv(2, width=3, height=3).render() is None

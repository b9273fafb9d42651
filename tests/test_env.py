"""The Gymnasium environment: the API contract, reproducibility, walls, rewards, rendering."""

import numpy as np
import pytest

import meiro

gymnasium = pytest.importorskip("gymnasium")

from meiro.rl.env import ACTIONS, AGENT, GOAL, OPEN, WALL, MazeEnv  # noqa: E402

MOVES = {step: action for action, step in enumerate(ACTIONS)}


def actions_along(path):
    return [MOVES[(int(b[0] - a[0]), int(b[1] - a[1]))] for a, b in zip(path[:-1], path[1:])]


def test_passes_gymnasiums_own_environment_checker():
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("meiro/Maze-v0", width=5, height=4, render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


def test_made_by_id_without_importing_the_module_first():
    env = gymnasium.make("meiro.rl.env:meiro/Maze-v0", width=6, height=3, algorithm="kruskal")
    obs, info = env.reset(seed=1)
    assert obs.shape == (7, 13) and info["shortest"] > 0


def test_the_observation_is_the_maze_grid_with_the_agent_and_goal():
    env = MazeEnv(width=7, height=5, algorithm="wilson", goal="farthest")
    obs, info = env.reset(seed=3)
    maze = env.maze
    assert maze.algorithm == "wilson" and env.observation_space.contains(obs)
    expected = np.where(maze.grid, WALL, OPEN)
    expected[maze.goal], expected[maze.start] = GOAL, AGENT
    assert np.array_equal(obs, expected)
    assert info["position"] == maze.start and info["goal"] == maze.goal
    assert info["shortest"] == meiro.solve(maze).length


def test_same_seed_same_mazes_in_the_same_order():
    first, second = MazeEnv(9, 9), MazeEnv(9, 9)
    mazes = []
    for env in (first, second):
        env.reset(seed=11)
        grids = [env.maze.grid.copy()]
        env.reset()
        grids.append(env.maze.grid.copy())
        mazes.append(grids)
    assert all(np.array_equal(a, b) for a, b in zip(*mazes))
    assert not np.array_equal(mazes[0][0], mazes[0][1])  # a new maze each episode
    # the maze's own seed rebuilds it with meiro.generate
    assert np.array_equal(meiro.generate(9, 9, seed=first.maze.seed).grid, first.maze.grid)


def test_the_shortest_walk_reaches_the_goal_and_ends_the_episode():
    env = MazeEnv(10, 8, braid=0.4)
    _, info = env.reset(seed=5)
    actions = actions_along(meiro.solve(env.maze).path)
    total = 0.0
    for i, action in enumerate(actions):
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        assert terminated == (i == len(actions) - 1) and not truncated
    assert info["position"] == env.maze.goal and info["steps"] == info["shortest"]
    assert obs[env.maze.goal] == AGENT
    assert total == pytest.approx(1.0 - 0.01 * (len(actions) - 1))


def test_walls_stop_the_agent_and_time_runs_out():
    env = MazeEnv(4, 4, max_steps=5)
    env.reset(seed=2)
    start = env.maze.start
    blocked = [a for a, (dr, dc) in enumerate(ACTIONS) if env.maze.grid[start[0] + dr, start[1] + dc]]
    assert blocked  # the start is in a corner: at least the border blocks two ways
    for k in range(5):
        obs, reward, terminated, truncated, info = env.step(blocked[0])
        assert info["position"] == start and reward == -0.01 and not terminated
        assert truncated == (k == 4)


def test_a_given_maze_can_be_walked():
    maze = meiro.generate(6, 6, seed=8, algorithm="prim")
    env = MazeEnv(6, 6)
    obs, info = env.reset(options={"maze": maze})
    assert env.maze is maze and info["seed"] == 8
    with pytest.raises(meiro.MazeError, match="Maze of 6x6"):
        env.reset(options={"maze": meiro.generate(5, 6, seed=8)})


def test_rendering_as_text_and_as_pixels():
    env = MazeEnv(5, 3, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    lines = text.splitlines()
    assert len(lines) == 7 and all(len(line) == 11 for line in lines)
    assert lines[env.maze.start[0]][env.maze.start[1]] == "@" and text.count("G") == 1
    pixels = MazeEnv(5, 3, render_mode="rgb_array")
    pixels.reset(seed=4)
    frame = pixels.render()
    assert frame.shape == (7 * 8, 11 * 8, 3) and frame.dtype == np.uint8
    r, c = pixels.maze.start
    assert tuple(frame[r * 8 + 4, c * 8 + 4]) == (0, 255, 127)


@pytest.mark.parametrize("kwargs,message", [
    (dict(width=0, height=3), "width"),
    (dict(algorithm="maze-o-matic"), "unknown"),
    (dict(goal="middle"), "unknown goal"),
    (dict(braid=2), "braid"),
    (dict(render_mode="human"), "render mode"),
    (dict(max_steps=0), "max_steps"),
    (dict(view=0), "view"), (dict(view=1.5), "view"), (dict(view=True), "view"),
])
def test_bad_arguments_are_one_clear_error(kwargs, message):
    with pytest.raises(meiro.MazeError, match=message):
        MazeEnv(**kwargs)


def test_bad_actions_and_a_step_before_reset_are_clear_errors():
    env = MazeEnv(3, 3)
    with pytest.raises(meiro.MazeError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    with pytest.raises(meiro.MazeError, match="action must be"):
        env.step(4)


def test_passes_the_checker_with_a_partial_view():
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("meiro/Maze-v0", width=5, height=4, view=2, render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("view", [1, 3, 20])
def test_a_partial_view_is_the_window_around_the_agent(view):
    env = MazeEnv(width=9, height=6, view=view, render_mode="ansi")
    obs, info = env.reset(seed=5)
    maze = env.maze
    full = np.where(maze.grid, WALL, OPEN)
    full[maze.goal] = GOAL
    rng = np.random.default_rng(view)
    seen_goal = False
    for _ in range(300):
        assert obs.shape == (2 * view + 1, 2 * view + 1) and env.observation_space.contains(obs)
        r, c = info["position"]
        for i, j in np.ndindex(obs.shape):   # block (r + i - view, c + j - view), wall off the grid
            rr, cc = r + i - view, c + j - view
            inside = 0 <= rr < full.shape[0] and 0 <= cc < full.shape[1]
            want = AGENT if (i, j) == (view, view) else full[rr, cc] if inside else WALL
            assert obs[i, j] == want, (i, j)
        seen_goal |= bool((obs == GOAL).any())
        obs, _, terminated, truncated, info = env.step(int(rng.integers(4)))
        if terminated or truncated:
            break
    assert env.render().count("@") == 1          # the text shows the whole maze
    if view == 20:
        assert seen_goal, "a view wider than the maze shows the goal"


def test_a_recipe_gives_the_maze_options_at_once():
    from meiro.recipe import Recipe

    env = MazeEnv(recipe=Recipe(5, 4, "prim", seed=3, goal="farthest", braid=0.25), max_steps=50)
    assert (env.width, env.height, env.algorithm, env.goal, env.braid) == (5, 4, "prim", "farthest", 0.25)
    obs, info = env.reset(seed=2)
    assert env.maze.recipe == env.recipe.replace(seed=info["seed"])        # each episode's own seed
    assert env.maze == meiro.generate(5, 4, "prim", info["seed"], "farthest", braid=0.25)
    env.set_options(recipe=Recipe(3, 3))
    assert env.maze_shape == (7, 7) and env.braid == 0.0 and env.max_steps == 50
    with pytest.raises(meiro.MazeError, match="not both"):
        env.set_options(recipe=Recipe(3, 3), width=4)
    with pytest.raises(meiro.MazeError, match="not both"):
        MazeEnv(width=4, recipe=Recipe(3, 3))
    with pytest.raises(meiro.MazeError, match="no mask"):
        env.set_options(recipe=Recipe(3, 3, start=(3, 3)))
    assert env.maze_shape == (7, 7)                                          # a refused option changes nothing


@pytest.mark.parametrize("kind", ["hex", "theta", "triangle", "weave"])
def test_the_environment_plays_square_mazes_only(kind):
    from meiro.recipe import Recipe

    with pytest.raises(meiro.MazeError, match=f"square mazes only.*not {kind} ones"):
        MazeEnv(recipe=Recipe(4, 4, grid=kind))
    env = MazeEnv(width=3, height=3)
    with pytest.raises(meiro.MazeError, match="square mazes only"):
        env.set_options(recipe=Recipe(4, 4, grid=kind))
    assert env.maze_shape == (7, 7)

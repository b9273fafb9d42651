"""The compiled kernels of :class:`meiro.rl.vector_env.MazeVectorEnv`: a step of every env,
the start of an episode (a maze made in compiled code), observations and one-hot channels.

A module of its own so that numba's cache of them (which follows this module's
source, :mod:`meiro.kernels.freshness`) outlives edits of the class around them.
Every kernel that Python calls is compiled with ``nogil=True``. With ``threads``
above one, the vector env steps disjoint slices of the envs at once on numba's
own threads (:func:`_step_slices`, a parallel loop over the slices): handing a
step of a few hundred microseconds to a Python thread pool costs a thread's
wake-up and the GIL's hand-over on each step, which ate the whole gain of a
second core; numba's threads wait for work without the GIL.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..generators.compiled import _make_maze
from ..kernels.graph import _trace_moves
from ..kernels.jit import njit, parallel_range
from ..solvers.bfs import _bfs_kernel
from .rule import walk

# the values of meiro.rl.env's OPEN, WALL, AGENT, GOAL (tests check they agree), spelt out here:
# numba freezes them into this module's kernels, whose cache follows this module's source
# (meiro.kernels.freshness), not meiro.rl.env's
_OPEN, _WALL, _AGENT, _GOAL = 0, 1, 2, 3

prange = parallel_range()


@njit(cache=True, nogil=True)
def _first_bad_action(actions: NDArray[np.int64], high: int) -> int:
    """The index of the first action outside 0..``high``, or -1 (checked before anything moves)."""
    for i in range(actions.shape[0]):
        if actions[i] < 0 or actions[i] > high:
            return i
    return -1


# the block steps of actions 0..3 (north, east, south, west), as meiro.rl.env.ACTIONS
_D_ROW = (-1, 0, 1, 0)
_D_COL = (0, 1, 0, -1)
# the auto-reset modes, as the kernels know them
_NEXT_STEP, _SAME_STEP, _DISABLED = 0, 1, 2
# heading mode's actions (as meiro.rl.env's TURN_LEFT, TURN_RIGHT, FORWARD) and first heading
_TURN_LEFT, _FORWARD, _START_HEADING = 0, 2, 1


@njit(inline="always")
def _copy_window(flat: NDArray[np.uint8], src: int, cols: int, out: NDArray[np.uint8], dst: int,
                 side: int) -> None:
    """Copy the ``side x side`` blocks from ``flat[src]`` (rows ``cols`` apart) to ``out[dst]``."""
    for _ in range(side):
        for x in range(side):
            out[dst + x] = flat[src + x]
        src += cols
        dst += side


@njit(inline="always")
def _copy_turned(flat: NDArray[np.uint8], centre: int, cols: int, out: NDArray[np.uint8], dst: int,
                 side: int, heading: int) -> None:
    """Copy the ``side x side`` window around ``flat[centre]`` turned so that ``heading`` is up:
    row ``y``, column ``x`` of the window is ``y - k`` blocks behind and ``x - k`` to the right
    (``k = side // 2``), as :func:`numpy.rot90` by ``heading`` turns the compass-up window."""
    if heading == 0:
        sy, sx = cols, 1
    elif heading == 1:
        sy, sx = -1, cols
    elif heading == 2:
        sy, sx = -cols, -1
    else:
        sy, sx = 1, -cols
    k = side // 2
    row = centre - k * sy - k * sx
    for _ in range(side):
        src = row
        for x in range(side):
            out[dst + x] = flat[src]
            src += sx
        row += sy
        dst += side


@njit(inline="always")
def _observe(i: int, base: NDArray[np.uint8], pos: NDArray[np.int64], goal_pos: NDArray[np.int64],
             heading: NDArray[np.int64], view: int, turn: bool, obs: NDArray[np.uint8],
             compass: NDArray[np.float32]) -> None:
    """Write env ``i``'s whole observation (and its compass, if ``compass`` has rows)."""
    r, c = pos[i, 0], pos[i, 1]
    if view < 0:
        obs[i] = base[i]
        obs[i, r, c] = _AGENT
    else:
        side = 2 * view + 1
        cols = base.shape[2]
        size = base.shape[1] * cols
        flat = base.reshape(base.shape[0] * size)
        out = obs.reshape(obs.shape[0] * side * side)
        h = heading[i] if turn else 0
        _copy_turned(flat, i * size + (r + view) * cols + c + view, cols, out, i * side * side, side, h)
        obs[i, view, view] = _AGENT
    if compass.shape[0] > 0:
        _point(i, pos, goal_pos, heading[i] if turn else 0, compass)


@njit(inline="always")
def _point(i: int, pos: NDArray[np.int64], goal_pos: NDArray[np.int64], h: int,
           compass: NDArray[np.float32]) -> None:
    """Env ``i``'s compass: :func:`meiro.rl.env.compass_of`, the same arithmetic."""
    dr, dc = goal_pos[i, 0] - pos[i, 0], goal_pos[i, 1] - pos[i, 1]
    if h == 0:
        ahead, right = -dr, dc
    elif h == 1:
        ahead, right = dc, dr
    elif h == 2:
        ahead, right = dr, -dc
    else:
        ahead, right = -dc, -dr
    if dr == 0 and dc == 0:
        compass[i, 0], compass[i, 1] = 0.0, 0.0
    else:
        length = np.sqrt(np.float64(dr * dr + dc * dc))
        compass[i, 0], compass[i, 1] = ahead / length, right / length


@njit(inline="always")
def _start_episode(i: int, code: int, width: int, height: int, seed: int, threshold: int,
                   allowed: NDArray[np.bool_], goal: int, grid: NDArray[np.bool_], base: NDArray[np.uint8],
                   view: int, turn: bool, obs: NDArray[np.uint8], compass: NDArray[np.float32],
                   pos: NDArray[np.int64], start: NDArray[np.int64], goal_pos: NDArray[np.int64],
                   heading: NDArray[np.int64], steps: NDArray[np.int64], shortest: NDArray[np.int64],
                   seeds: NDArray[np.int64], moves: NDArray[np.uint8]) -> None:
    """Env ``i`` on the maze of ``seed`` (:func:`meiro.generators.compiled._make_maze`): its
    padded grid in ``base[i]``, its first observation in ``obs[i]``, its infos."""
    graph, padded, s, e = _make_maze(code, grid, width, height, seed, threshold, allowed, goal)
    pad = view if view > 0 else 0
    rows, cols = grid.shape
    r, c = 2 * (s // padded) - 1, 2 * (s % padded) - 1
    gr, gc = 2 * (e // padded) - 1, 2 * (e % padded) - 1
    for y in range(rows):
        for x in range(cols):
            base[i, pad + y, pad + x] = grid[y, x]  # True (wall) -> 1, False (open) -> 0
    base[i, pad + gr, pad + gc] = _GOAL
    pos[i, 0], pos[i, 1] = r, c
    start[i, 0], start[i, 1] = r, c
    goal_pos[i, 0], goal_pos[i, 1] = gr, gc
    heading[i] = _START_HEADING
    steps[i] = 0
    # the same length as meiro.solve(maze).length (every shortest path has it), without a Solution
    _bfs_kernel(graph, padded, s, e, np.empty(0, np.int64))
    shortest[i] = 2 * _trace_moves(graph, padded, e, moves)
    seeds[i] = seed
    _observe(i, base, pos, goal_pos, heading, view, turn, obs, compass)


@njit(cache=True, nogil=True)
def _start_episodes(which: NDArray[np.integer[Any]], queue: NDArray[np.int64], queued: NDArray[np.int64],
                    code: int, width: int, height: int, threshold: int, allowed: NDArray[np.bool_],
                    goal: int, grid: NDArray[np.bool_], base: NDArray[np.uint8], view: int, turn: bool,
                    obs: NDArray[np.uint8], compass: NDArray[np.float32], pos: NDArray[np.int64],
                    start: NDArray[np.int64], goal_pos: NDArray[np.int64], heading: NDArray[np.int64],
                    steps: NDArray[np.int64], shortest: NDArray[np.int64], seeds: NDArray[np.int64],
                    moves: NDArray[np.uint8]) -> None:
    """Start envs ``which`` each on the next maze seed of its queue (which must hold one)."""
    for i in which:
        seed = queue[i, queued[i]]
        queued[i] += 1
        _start_episode(i, code, width, height, seed, threshold, allowed, goal, grid, base, view, turn,
                       obs, compass, pos, start, goal_pos, heading, steps, shortest, seeds, moves)


@njit(cache=True, nogil=True)
def _observe_envs(which: NDArray[np.integer[Any]], base: NDArray[np.uint8], pos: NDArray[np.int64],
                  goal_pos: NDArray[np.int64], heading: NDArray[np.int64], view: int, turn: bool,
                  obs: NDArray[np.uint8], compass: NDArray[np.float32]) -> None:
    """Write the observations of envs ``which`` whole (after a chosen maze is put in)."""
    for i in which:
        _observe(i, base, pos, goal_pos, heading, view, turn, obs, compass)


@njit(cache=True, nogil=True)
def _step_envs(lo: int, hi: int, mode: int, turn: bool, base: NDArray[np.uint8], pos: NDArray[np.int64],
               start: NDArray[np.int64], goal_pos: NDArray[np.int64], heading: NDArray[np.int64],
               steps: NDArray[np.int64], pending: NDArray[np.bool_], resetting: NDArray[np.bool_],
               actions: NDArray[np.int64], max_steps: int, step_reward: float, goal_reward: float,
               view: int, obs: NDArray[np.uint8], compass: NDArray[np.float32], rewards: NDArray[np.float64],
               terminated: NDArray[np.bool_], truncated: NDArray[np.bool_], ended: NDArray[np.bool_],
               final_obs: NDArray[np.uint8], final_compass: NDArray[np.float32], final: NDArray[np.int64],
               queue: NDArray[np.int64], queued: NDArray[np.int64], code: int, width: int, height: int,
               threshold: int, allowed: NDArray[np.bool_], goal: int, grid: NDArray[np.bool_],
               shortest: NDArray[np.int64], seeds: NDArray[np.int64], moves: NDArray[np.uint8]) -> int:
    """Step envs ``lo`` to ``hi - 1`` once; returns how many wait for new maze seeds (marked
    in ``resetting``). Envs of disjoint ranges share no array row and no scratch (``grid``,
    ``moves`` are the caller's for this range), so ranges can run on threads at once.

    ``base`` is each maze's block grid (open, wall, goal) padded by ``view``
    blocks of wall, so that every window lies inside it; ``view < 0`` means
    the full grid, whose observation is kept up to date by rewriting only the
    two blocks that change. Flat offsets and selects instead of branches keep
    the loop short: the actions are random, so branches on them mispredict.
    ``turn``: heading mode (actions turn left, turn right, forward; the window turns).

    ``mode`` is the auto-reset mode. NEXT_STEP: an env whose episode ended on
    the last step (``pending``) starts its next maze on this one (reward 0, not
    ended). SAME_STEP: an env whose episode ends on this step keeps its last
    observation in ``final_obs`` (``final_compass``) and its infos in ``final``
    (rows: position, goal, steps, shortest, seed, heading; ``ended`` marks it),
    then starts its next maze at once. DISABLED: the caller resets. A new maze
    comes from the next seed of the env's row of ``queue`` (``queued[i]`` of
    them used); an env whose row is used up is left for the caller, who draws
    more seeds and calls :func:`_start_episodes`.
    """
    pad = view if view > 0 else 0
    cols = base.shape[2]
    size = base.shape[1] * cols
    flat = base.reshape(base.shape[0] * size)
    side = obs.shape[2]
    osize = obs.shape[1] * side
    out = obs.reshape(obs.shape[0] * osize)
    points = compass.shape[0] > 0
    waiting = 0
    for i in range(lo, hi):
        resetting[i] = False
        if pending[i]:  # the step after an episode ends only resets (Gymnasium's NEXT_STEP)
            rewards[i] = 0.0
            terminated[i] = False
            truncated[i] = False
            pending[i] = False
            if queued[i] < queue.shape[1]:
                seed = queue[i, queued[i]]
                queued[i] += 1
                _start_episode(i, code, width, height, seed, threshold, allowed, goal, grid, base, view,
                               turn, obs, compass, pos, start, goal_pos, heading, steps, shortest, seeds,
                               moves)
            else:
                resetting[i] = True
                waiting += 1
            continue
        a = actions[i]
        r0, c0 = pos[i, 0], pos[i, 1]
        h = 0
        if turn:
            h = heading[i]
            if a != _FORWARD:  # a turn: a step on the spot
                h = (h + 3) % 4 if a == _TURN_LEFT else (h + 1) % 4
                heading[i] = h
            r1, c1 = r0 + _D_ROW[h], c0 + _D_COL[h]
            blocked = (a != _FORWARD) | (flat[i * size + (r1 + pad) * cols + c1 + pad] == 1)
        else:
            r1, c1 = r0 + _D_ROW[a], c0 + _D_COL[a]
            # the border is wall, so the agent never leaves the grid
            blocked = flat[i * size + (r1 + pad) * cols + c1 + pad] == 1
        r, c, steps[i], done, cut, rewards[i] = walk(blocked, r0, c0, r1, c1, steps[i], goal_pos[i, 0],
                                                     goal_pos[i, 1], max_steps, step_reward, goal_reward)
        pos[i, 0], pos[i, 1] = r, c
        terminated[i] = done
        truncated[i] = cut
        if view < 0:
            out[i * osize + r0 * side + c0] = flat[i * size + r0 * cols + c0]
            out[i * osize + r * side + c] = 2
        elif turn:
            centre = i * size + (r + pad) * cols + c + pad
            if side == 3:  # (a constant side unrolls the copy, as below)
                _copy_turned(flat, centre, cols, out, i * osize, 3, h)
            elif side == 5:
                _copy_turned(flat, centre, cols, out, i * osize, 5, h)
            elif side == 7:
                _copy_turned(flat, centre, cols, out, i * osize, 7, h)
            else:
                _copy_turned(flat, centre, cols, out, i * osize, side, h)
            out[i * osize + view * side + view] = 2
        else:  # the padded grid's (r, c) is the window's top-left corner
            src, dst = i * size + r * cols + c, i * osize
            # a constant side lets the compiler unroll the copy: twice as fast for small views
            if side == 3:
                _copy_window(flat, src, cols, out, dst, 3)
            elif side == 5:
                _copy_window(flat, src, cols, out, dst, 5)
            elif side == 7:
                _copy_window(flat, src, cols, out, dst, 7)
            elif side == 9:
                _copy_window(flat, src, cols, out, dst, 9)
            else:
                _copy_window(flat, src, cols, out, dst, side)
            out[i * osize + view * side + view] = 2
        if points:
            _point(i, pos, goal_pos, h, compass)
        if mode == _SAME_STEP:
            ended[i] = done | cut
            if done | cut:  # keep what the episode ended with, then start the next one now
                final_obs[i] = obs[i]
                if points:
                    final_compass[i] = compass[i]
                final[0, i], final[1, i] = r, c
                final[2, i], final[3, i] = goal_pos[i, 0], goal_pos[i, 1]
                final[4, i], final[5, i], final[6, i] = steps[i], shortest[i], seeds[i]
                final[7, i] = heading[i]
                if queued[i] < queue.shape[1]:
                    seed = queue[i, queued[i]]
                    queued[i] += 1
                    _start_episode(i, code, width, height, seed, threshold, allowed, goal, grid, base, view,
                                   turn, obs, compass, pos, start, goal_pos, heading, steps, shortest, seeds,
                                   moves)
                else:
                    resetting[i] = True
                    waiting += 1
        else:
            pending[i] = done | cut
    return waiting


@njit(cache=True, nogil=True, parallel=True)
def _step_slices(bounds: NDArray[np.int64], mode: int, turn: bool, base: NDArray[np.uint8],
                 pos: NDArray[np.int64], start: NDArray[np.int64], goal_pos: NDArray[np.int64],
                 heading: NDArray[np.int64], steps: NDArray[np.int64], pending: NDArray[np.bool_],
                 resetting: NDArray[np.bool_], actions: NDArray[np.int64], max_steps: int,
                 step_reward: float, goal_reward: float, view: int, obs: NDArray[np.uint8],
                 compass: NDArray[np.float32], rewards: NDArray[np.float64], terminated: NDArray[np.bool_],
                 truncated: NDArray[np.bool_], ended: NDArray[np.bool_], final_obs: NDArray[np.uint8],
                 final_compass: NDArray[np.float32], final: NDArray[np.int64], queue: NDArray[np.int64],
                 queued: NDArray[np.int64], code: int, width: int, height: int, threshold: int,
                 allowed: NDArray[np.bool_], goal: int, grids: NDArray[np.bool_],
                 shortest: NDArray[np.int64], seeds: NDArray[np.int64], moves: NDArray[np.uint8]) -> int:
    """:func:`_step_envs` on each slice ``[bounds[t], bounds[t + 1])``, the slices at once,
    slice ``t`` with scratch ``grids[t]`` and ``moves[t]``; how many envs wait for seeds.

    The slices share no row of any array, so the result is the same as stepping them
    one after another (which is what Python mode does).
    """
    parts = len(bounds) - 1
    waiting = np.zeros(parts, np.int64)
    for t in prange(parts):
        waiting[t] = _step_envs(bounds[t], bounds[t + 1], mode, turn, base, pos, start, goal_pos, heading,
                                steps, pending, resetting, actions, max_steps, step_reward, goal_reward,
                                view, obs, compass, rewards, terminated, truncated, ended, final_obs,
                                final_compass, final, queue, queued, code, width, height, threshold,
                                allowed, goal, grids[t], shortest, seeds, moves[t])
    return int(waiting.sum())


@njit(cache=True, nogil=True)
def _one_hot(obs: NDArray[np.uint8], out: NDArray[np.uint8]) -> None:
    """``out[i, v]`` = 1 where ``obs[i]`` is ``v`` (0 - 3), else 0: channel-first one-hot."""
    for i in range(obs.shape[0]):
        for v in range(4):
            for y in range(obs.shape[1]):
                for x in range(obs.shape[2]):
                    out[i, v, y, x] = obs[i, y, x] == v


@njit(cache=True, nogil=True)
def _one_hot_moved(obs: NDArray[np.uint8], out: NDArray[np.uint8], before: NDArray[np.int64],
                   after: NDArray[np.int64], fresh: NDArray[np.bool_]) -> None:
    """:func:`_one_hot` for full-grid observations after a step: only the two blocks an
    agent left and entered change, except in the envs on a ``fresh`` maze."""
    for i in range(obs.shape[0]):
        if fresh[i]:
            _one_hot(obs[i:i + 1], out[i:i + 1])
            continue
        for r, c in ((before[i, 0], before[i, 1]), (after[i, 0], after[i, 1])):
            for v in range(4):
                out[i, v, r, c] = obs[i, r, c] == v

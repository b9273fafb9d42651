// The rules of the maze game on a web page (meiro render -o maze.html), free of the page:
// the same rules as meiro.game.GameModel, so that tests can run this file under Node.js
// and compare it move for move with the Python model.
"use strict";

// Walls packed eight blocks to a byte, first block in the highest bit (numpy.packbits).
function decodeWalls(base64, count) {
  const bytes = atob(base64);
  const wall = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    wall[i] = (bytes.charCodeAt(i >> 3) >> (7 - (i & 7))) & 1;
  }
  return wall;
}

// The carving log: flat block indices, 2 or 4 bytes each, little-endian (as the page's
// writer packs them and as every browser's typed arrays read them).
function decodeOrder(base64, bytesEach) {
  const bytes = atob(base64);
  const raw = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) raw[i] = bytes.charCodeAt(i);
  return bytesEach === 2 ? new Uint16Array(raw.buffer) : new Uint32Array(raw.buffer);
}

// Seconds the digging replay takes, as in the window game: ~2.5 s for 15x15 cells.
function digDuration(blocks) {
  return Math.min(6.5, 2.5 + Math.log10(Math.max(blocks, 450) / 450));
}

// north, east, south, west as (d_row, d_col)
const STEPS = [[-1, 0], [0, 1], [1, 0], [0, -1]];

class MazeGame {
  // wall: Uint8Array of rows * cols blocks (1 = wall, the border closed); start, goal: flat indices
  constructor(wall, rows, cols, start, goal) {
    this.wall = wall;
    this.rows = rows;
    this.cols = cols;
    this.start = start;
    this.goal = goal;
    this.answer = null;  // the shortest path, found on first use
    this.reset();
  }

  reset() {
    this.player = this.start;
    this.visited = new Uint8Array(this.wall.length);
    this.visited[this.start] = 1;
    this.moves = 0;        // blocks entered for the first time (the original game's count)
    this.steps = 0;        // every step
    this.cleared = false;
    this.answered = false; // the answer was shown: the game is over, and not a record
    this.helped = false;   // the search was watched while playing: a clear is not a record
    this.startedAt = null; // the stopwatch starts at the first step
    this.stoppedAt = null;
    if (this.start === this.goal) {  // a 1x1 maze: the start is the goal
      this.cleared = true;
      this.startedAt = this.stoppedAt = 0;
    }
  }

  get over() {
    return this.cleared || this.answered;
  }

  // One step (dr, dc in -1..1); the block left, or -1 if the step was not taken.
  move(dr, dc, now) {
    if (this.over) return -1;
    const next = this.player + dr * this.cols + dc;
    if (this.wall[next]) return -1;  // the closed border keeps every step on the grid
    const left = this.player;
    this.player = next;
    this.steps += 1;
    if (this.startedAt === null) this.startedAt = now;
    if (!this.visited[next]) {
      this.visited[next] = 1;
      this.moves += 1;
    }
    if (next === this.goal) {
      this.cleared = true;
      this.stoppedAt = now;
    }
    return left;
  }

  // Step (dr, dc), then follow the corridor until a junction, a dead end or the goal: what a
  // swipe (or Shift with an arrow) does. The blocks left behind, in order.
  run(dr, dc, now) {
    const left = [];
    let from = this.move(dr, dc, now);
    while (from >= 0) {
      left.push(from);
      if (this.over) break;
      const at = (step) => this.player + step[0] * this.cols + step[1];
      const ways = STEPS.filter((step) => !this.wall[at(step)]);
      if (ways.length !== 2) break;  // a junction or a dead end: the player decides
      const onward = ways.find((step) => at(step) !== from);
      from = this.move(onward[0], onward[1], now);
    }
    return left;
  }

  elapsed(now) {
    if (this.startedAt === null) return 0;
    return ((this.stoppedAt === null ? now : this.stoppedAt) - this.startedAt) / 1000;
  }

  // f: the searches show the way, so a clear after watching them while playing is no record
  watchSearch() {
    if (!this.over) this.helped = true;
  }

  get clearCounts() {
    return this.cleared && !this.helped;
  }

  giveUp(now) {
    if (this.over) return false;
    this.answered = true;
    if (this.startedAt !== null) this.stoppedAt = now;
    return true;
  }

  // A shortest path from start to goal (breadth-first), as flat block indices.
  shortestPath() {
    if (this.answer !== null) return this.answer;
    const n = this.wall.length;
    const cols = this.cols;
    const previous = new Int32Array(n).fill(-1);
    const queue = new Int32Array(n);
    const steps = [-cols, 1, cols, -1];
    let head = 0;
    let tail = 0;
    queue[tail++] = this.start;
    previous[this.start] = this.start;
    while (head < tail && previous[this.goal] < 0) {
      const p = queue[head++];
      for (const d of steps) {
        const q = p + d;
        if (!this.wall[q] && previous[q] < 0) {
          previous[q] = p;
          queue[tail++] = q;
        }
      }
    }
    const path = [];
    if (previous[this.goal] >= 0) {
      for (let p = this.goal; p !== this.start; p = previous[p]) path.push(p);
      path.push(this.start);
      path.reverse();
    }
    this.answer = Int32Array.from(path);
    return this.answer;
  }
}

// A search replay's colours: meiro.paint's block classes (tests/test_render_html.py checks them).
const CURRENT = 7, FRONTIER = 6, CLOSED = 5;

// Every colour (and g) change of replaying the expansions `order` (flat block indices) of a
// search with `stride` blocks a step: the same events, in the same order, as
// meiro.solvers.replay_events.search_events. Step t's events are starts[t] .. starts[t + 1].
function searchEvents(wall, cols, order, stride) {
  const n = order.length;
  const off = [-cols, 1, cols, -1];
  const g = new Int32Array(wall.length).fill(-1);
  const expanded = new Uint8Array(wall.length);
  const seen = new Uint8Array(wall.length);
  const blocks = [], colours = [], gs = [];
  const starts = new Int32Array(n + 2);
  const emit = (block, colour, value) => { blocks.push(block); colours.push(colour); gs.push(value); };
  if (n > 0) g[order[0]] = 0;
  for (let t = 1; t <= n; t++) {
    starts[t] = blocks.length;
    if (t > 1) emit(order[t - 2], CLOSED, -1);
    const p = order[t - 1];
    expanded[p] = 1;
    seen[p] = 1;
    emit(p, CURRENT, g[p]);
    for (let d = 0; d < 4; d++) {
      const s = p + off[d];
      if (wall[s]) continue;
      const q = p + stride * off[d];
      if (stride > 1) {  // the passage block between p and q
        const nearer = g[s] < 0 || g[p] + 1 < g[s];
        if (nearer) g[s] = g[p] + 1;
        if (expanded[q] || nearer || !seen[s]) {
          emit(s, expanded[q] ? CLOSED : FRONTIER, nearer ? g[s] : -1);
          seen[s] = 1;
        }
      }
      if (expanded[q]) continue;
      const better = g[q] < 0 || g[p] + stride < g[q];
      if (better || !seen[q]) {
        if (better) g[q] = g[p] + stride;
        emit(q, FRONTIER, g[q]);
        seen[q] = 1;
      }
    }
  }
  if (n > 0) emit(order[n - 1], CLOSED, -1);
  starts[n + 1] = blocks.length;
  return { blocks: Int32Array.from(blocks), colours: Uint8Array.from(colours),
           g: Int32Array.from(gs), starts: starts };
}

// Seconds a replay of `steps` expansions takes, as in the window game.
function searchDuration(steps) {
  return Math.max(0.5, Math.min(steps / 5, 8.0, 4.0 + 0.75 * Math.log10(Math.max(steps, 100) / 100)));
}

if (typeof module !== "undefined") {
  module.exports = { MazeGame, decodeWalls, decodeOrder, digDuration, formatElapsed, searchEvents,
                     searchDuration, CURRENT, FRONTIER, CLOSED };
}

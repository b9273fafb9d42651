// The rules of the maze game for a theta, hex, triangle or weave maze on a web page, free of
// the page: the rules of meiro.game.kind_play.KindRound (which neighbour a key means, the
// counters, the stopwatch from the first step), so that a test can hold the two equal.
"use strict";

// how far (degrees) a neighbour may lie from a key's heading and still be the key's
const TOLERANCE = 50;
// a theta cell this close to the hub is the centre: its keys keep the page's directions
const CENTRE = 0.25;

class KindGame {
  // data: the page's meiro-data (centres, degrees, targets, open, keys, radial, hub, start, goal)
  constructor(data) {
    this.centres = data.centres;
    // where each cell's neighbours start in targets, from each cell's number of them
    this.offsets = new Int32Array(data.cells + 1);
    for (let i = 0; i < data.cells; i++) this.offsets[i + 1] = this.offsets[i] + (data.degrees.charCodeAt(i) - 48);
    this.targets = data.targets;
    this.open = data.open;  // one "0"/"1" per slot of the CSR adjacency
    this.keys = data.keys;
    this.radial = data.radial;
    this.hub = data.hub;
    this.start = data.start;
    this.goal = data.goal;
    this.cells = data.cells;
    this.reset();
  }

  reset() {
    this.player = this.start;
    this.visited = new Uint8Array(this.cells);
    this.visited[this.start] = 1;
    this.moves = 0;        // cells entered for the first time
    this.steps = 0;        // every step
    this.cleared = this.start === this.goal;
    this.answered = false; // the answer was shown: the game is over, and not a record
    this.startedAt = null; // the stopwatch starts at the first step
    this.stoppedAt = null;
    if (this.cleared) this.startedAt = this.stoppedAt = 0;
  }

  get over() {
    return this.cleared || this.answered;
  }

  // each neighbour's angle from `cell`, degrees clockwise from north (y down); on a theta
  // maze measured from straight out from the hub, except at the centre
  bearings(cell) {
    const c = this.centres, x = c[2 * cell], y = c[2 * cell + 1];
    let turn = 0;
    if (this.radial) {
      const ox = x - this.hub[0], oy = y - this.hub[1];
      if (Math.hypot(ox, oy) > CENTRE) turn = Math.atan2(ox, -oy) * 180 / Math.PI;
    }
    const out = [];
    for (let k = this.offsets[cell]; k < this.offsets[cell + 1]; k++) {
      const t = this.targets[k];
      const a = Math.atan2(c[2 * t] - x, -(c[2 * t + 1] - y)) * 180 / Math.PI - turn;
      out.push(((a % 360) + 360) % 360);
    }
    return out;
  }

  // the open neighbour nearest one of `headings` in turn, within TOLERANCE; -1 for none
  stepFor(cell, headings) {
    const lo = this.offsets[cell], angles = this.bearings(cell);
    for (const heading of headings) {
      let best = -1, bestOff = Infinity;
      angles.forEach((a, i) => {
        if (this.open[lo + i] !== "1") return;
        // to a thousandth of a degree, so that the ties of a symmetric geometry stay ties
        const off = Math.floor(Math.abs((((a - heading + 180) % 360) + 360) % 360 - 180) * 1000 + 0.5);
        if (off < bestOff) { best = i; bestOff = off; }
      });
      if (best >= 0 && bestOff <= TOLERANCE * 1000) return this.targets[lo + best];
    }
    return -1;
  }

  isOpenNeighbour(a, b) {
    for (let k = this.offsets[a]; k < this.offsets[a + 1]; k++) {
      if (this.targets[k] === b) return this.open[k] === "1";
    }
    return false;
  }

  // a key (KeyboardEvent.key, letters in lower case): the cell left, or -1 if no step was taken
  press(key, now) {
    const headings = this.keys[key];
    if (!headings || this.over) return -1;
    return this.moveTo(this.stepFor(this.player, headings), now);
  }

  // step to `cell` if it is an open neighbour (a tap); the cell left, or -1
  moveTo(cell, now) {
    if (this.over || !(cell >= 0 && cell < this.cells) || !this.isOpenNeighbour(this.player, cell)) return -1;
    const left = this.player;
    if (this.startedAt === null) this.startedAt = now;
    this.player = cell;
    this.steps += 1;
    if (!this.visited[cell]) {
      this.visited[cell] = 1;
      this.moves += 1;
    }
    if (cell === this.goal) {
      this.cleared = true;
      this.stoppedAt = now;
    }
    return left;
  }

  elapsed(now) {
    if (this.startedAt === null) return 0;
    return ((this.stoppedAt === null ? now : this.stoppedAt) - this.startedAt) / 1000;
  }

  giveUp(now) {
    if (this.over) return false;
    this.answered = true;
    if (this.startedAt !== null) this.stoppedAt = now;
    return true;
  }

  // the neighbour of the player's nearest the drawing's point (x, y), or -1 if none is near
  neighbourAt(x, y, reach) {
    const c = this.centres;
    let best = -1, bestD = Infinity;
    for (let k = this.offsets[this.player]; k < this.offsets[this.player + 1]; k++) {
      const t = this.targets[k];
      const d = Math.hypot(c[2 * t] - x, c[2 * t + 1] - y);
      if (d < bestD) { best = t; bestD = d; }
    }
    return bestD <= reach ? best : -1;
  }
}

if (typeof module !== "undefined") {
  module.exports = { KindGame, formatElapsed, TOLERANCE };
}

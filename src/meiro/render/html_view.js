// The web page's view of the game: drawing, keys, digging and search replays, zoom.
// The rules are html_game.js's (MazeGame); the data is the page's meiro-data script.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("meiro-data").textContent);
  const rows = data.rows, cols = data.cols;
  const game = new MazeGame(decodeWalls(data.walls, rows * cols), rows, cols,
                            data.start[0] * cols + data.start[1], data.goal[0] * cols + data.goal[1]);
  const colors = data.colors;
  const kit = pageKit(data, game);
  const { t, say, noteClear, bestText } = kit;

  const canvas = document.getElementById("maze");
  const context = canvas.getContext("2d");

  // The maze at one pixel a block, in tiles of TILE x TILE blocks drawn scaled into the
  // visible canvas. Tiles, because a browser copies a whole canvas that changed before it
  // draws it: a step then copies one small tile, not the whole maze (a move on a 1000x1000
  // maze went from 6 ms to the cost of a small one).
  const TILE = 128;
  const tiles = [];
  for (let y = 0; y < rows; y += TILE) {
    for (let x = 0; x < cols; x += TILE) {
      const tile = document.createElement("canvas");
      tile.width = Math.min(TILE, cols - x);
      tile.height = Math.min(TILE, rows - y);
      tiles.push({ x: x, y: y, canvas: tile, context: tile.getContext("2d") });
    }
  }
  const tilesAcross = Math.ceil(cols / TILE);
  const tileOf = (r, c) => tiles[Math.floor(r / TILE) * tilesAcross + Math.floor(c / TILE)];

  // blocks x0..x0+w, y0..y0+h into `target` at its origin: all wall while digging (the log
  // then opens the blocks), else the dug maze
  function paintMaze(target, dug, x0 = 0, y0 = 0, w = cols, h = rows) {
    const image = target.createImageData(w, h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y0 + y) * cols + x0 + x;
        const c = game.wall[i] || !dug ? colors.wall
          : i === game.start ? colors.start : i === game.goal ? colors.goal : colors.path;
        image.data.set([c[0], c[1], c[2], 255], 4 * (y * w + x));
      }
    }
    target.putImageData(image, 0, 0);
  }
  const paintMap = (dug) => tiles.forEach(
    (tile) => paintMaze(tile.context, dug, tile.x, tile.y, tile.canvas.width, tile.canvas.height));

  // The digging replay: the generator's log, opened block by block at the window game's
  // pace; as in the window, Space skips it, → pauses it and digs one block, Enter goes on.
  let digging = null;  // {order, done, duration, began, paused} while digging
  function dig() {
    const order = decodeOrder(data.dig.order, data.dig.bytes);
    digging = { order: order, done: 0, duration: 1000 * digDuration(order.length),
                began: performance.now(), paused: false };
    paintMap(false);
    say(t("digging"));
    requestAnimationFrame(digFrame);
  }

  function digTo(k) {
    const d = digging;
    for (; d.done < Math.min(k, d.order.length); d.done++) paintBlock(d.order[d.done], colors.path);
    if (d.done === d.order.length) {
      digging = null;
      paintMap(true);
      say(stateMessage());
    }
    draw();
  }

  function digFrame(now) {
    if (!digging || digging.paused) return;
    const d = digging;
    digTo(Math.max(d.done, Math.ceil(d.order.length * (now - d.began) / d.duration)));
    if (digging) requestAnimationFrame(digFrame);
  }

  function digKey(key) {
    const d = digging;
    if (key === " ") digTo(d.order.length);
    else if (key === "ArrowRight" || key === "d" || key === "l") {
      d.paused = true;
      say(t("dig_paused"));
      digTo(d.done + 1);
    } else if (key === "Enter" && d.paused) {  // on from the block reached, at the same pace
      d.paused = false;
      d.began = performance.now() - d.duration * d.done / d.order.length;
      say(t("digging"));
      requestAnimationFrame(digFrame);
    } else return false;
    return true;
  }

  function paintBlock(flat, color) {
    const r = Math.floor(flat / cols), c = flat % cols, tile = tileOf(r, c);
    tile.context.fillStyle = rgb(color);
    tile.context.fillRect(c - tile.x, r - tile.y, 1, 1);
  }

  // Zoom: pixels a block. Until a zoom key is pressed the page picks it (and again on every
  // resize): the whole maze if it fits at 6 pixels a block or more, else 6 and the view
  // follows the player. z fits the whole maze (and keeps fitting it); + and - step.
  let block = 0;
  let sizing = "auto";
  const LEVELS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48];
  function fitBlock() {
    return Math.min(canvas.clientWidth / cols, canvas.clientHeight / rows);
  }
  function defaultBlock() {
    return Math.max(6, Math.min(32, Math.floor(fitBlock()) || 0));
  }
  function zoom(step) {
    sizing = step === 0 ? "fit" : "fixed";
    if (step === 0) {
      block = fitBlock();
    } else {
      const bigger = LEVELS.filter((b) => b > block + 1e-9);
      const smaller = LEVELS.filter((b) => b < block - 1e-9);
      if (step > 0 && bigger.length) block = bigger[0];
      if (step < 0) block = smaller.length ? smaller[smaller.length - 1] : Math.min(block, fitBlock());
    }
    draw();
  }

  // The view: centred when the maze fits (across; down, near the top: a tall phone screen
  // keeps no blank band above the maze), else around the player, kept on the maze.
  function cameraOn(size, mazeSize, at, top) {
    if (mazeSize <= size) return top ? -Math.min(8, (size - mazeSize) / 2) : (mazeSize - size) / 2;
    return Math.min(Math.max(0, at - size / 2), mazeSize - size);
  }

  // the canvas at the screen's pixel ratio, cleared; its size in CSS pixels
  function clearCanvas() {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth, height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.imageSmoothingEnabled = false;
    context.fillStyle = "#ccc";
    context.fillRect(0, 0, width, height);
    return [width, height];
  }

  function draw() {
    if (watch) return drawSearch();
    const [width, height] = clearCanvas();
    if (sizing === "auto") block = defaultBlock();
    else if (sizing === "fit") block = fitBlock();
    const pr = Math.floor(game.player / cols), pc = game.player % cols;
    const x0 = cameraOn(width, cols * block, (pc + 0.5) * block);
    const y0 = cameraOn(height, rows * block, (pr + 0.5) * block, true);
    // only the part of the maze in view, tile by tile: a move costs the same on any maze
    const sx = Math.max(0, Math.floor(x0 / block)), sy = Math.max(0, Math.floor(y0 / block));
    const ex = Math.min(cols, sx + Math.ceil(width / block) + 2);
    const ey = Math.min(rows, sy + Math.ceil(height / block) + 2);
    for (const tile of tiles) {
      const ax = Math.max(sx, tile.x), ay = Math.max(sy, tile.y);
      const bx = Math.min(ex, tile.x + tile.canvas.width), by = Math.min(ey, tile.y + tile.canvas.height);
      if (ax >= bx || ay >= by) continue;
      context.drawImage(tile.canvas, ax - tile.x, ay - tile.y, bx - ax, by - ay,
                        ax * block - x0, ay * block - y0, (bx - ax) * block, (by - ay) * block);
    }
    if (digging) {
      // the block being dug: a yellow square, as in the article's first figure
      if (digging.done > 0) {
        const at = digging.order[digging.done - 1], side = Math.max(block, 6);
        context.fillStyle = "yellow";
        context.fillRect((at % cols + 0.5) * block - side / 2 - x0,
                         (Math.floor(at / cols) + 0.5) * block - side / 2 - y0, side, side);
      }
      return showCounters();
    }
    context.fillStyle = rgb(colors.player);
    context.beginPath();
    context.arc(pc * block + block / 2 - x0, pr * block + block / 2 - y0,
                Math.max(block * 0.4, 3), 0, 2 * Math.PI);
    context.fill();
    if (block < 8) {  // a small player needs an outline to be seen
      context.lineWidth = 1;
      context.strokeStyle = "black";
      context.stroke();
    }
    if (game.cleared) clearBanner(context, width, height);
    showCounters();
  }

  function showCounters() {
    document.getElementById("counters").textContent = kit.counters(performance.now(),
      `${(data.algorithm_titles && data.algorithm_titles[kit.lang]) || data.algorithm || "-"} ` +
      `${data.width}x${data.height} ${t("seed")} ${data.seed ?? "-"}`);
  }

  // what the message line says when nothing has just happened
  function stateMessage() {
    return watch ? t("page_search_keys") : digging ? t(digging.paused ? "dig_paused" : "digging")
      : game.cleared ? `CLEAR!!  ${game.clearCounts ? bestText() : t("not_recorded")}`
      : game.answered ? t("gave_up") : bestText();
  }

  function relabel() {
    kit.label(canvas, t("page_keys"));
    document.getElementById("search").textContent = t("search");
    say(stateMessage());
    draw();
  }

  const MOVES = {
    ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
    w: [-1, 0], s: [1, 0], a: [0, -1], d: [0, 1], k: [-1, 0], j: [1, 0], h: [0, -1], l: [0, 1],
  };
  let animation = null;

  // one step, or with run along the corridor to the next junction
  function step(dr, dc, run) {
    if (digging) return;
    const now = performance.now();
    const left = run ? game.run(dr, dc, now) : [game.move(dr, dc, now)];
    for (const block of left) {
      if (block >= 0 && block !== game.start) paintBlock(block, colors.trail);
    }
    if (game.cleared) {
      say(`CLEAR!!  ${!game.clearCounts ? t("not_recorded") : noteClear() ? t("new_best") : bestText()}`);
    }
    draw();
  }

  function showAnswer() {
    if (digging || !game.giveUp(performance.now())) return;
    const path = game.shortestPath();
    say(t("gave_up"));
    const began = performance.now();
    const duration = Math.min(3000, Math.max(300, 10 * path.length));
    let shown = 1;
    animation = function frame(now) {
      const upTo = Math.min(path.length - 1, Math.ceil(path.length * (now - began) / duration));
      for (; shown < upTo; shown++) paintBlock(path[shown], colors.answer);
      draw();
      if (shown < path.length - 1 && animation === frame) requestAnimationFrame(frame);
    };
    requestAnimationFrame(animation);
  }

  // f: A* and BFS replayed side by side at one pace, as the window game's search window does
  let watch = null;
  let replays = null;  // made on first use: the decoded expansions and their events
  function openSearch() {
    if (digging) return;
    if (!data.search) return say(t("unavailable"));
    game.watchSearch();
    if (!replays) {
      replays = [["A*", "astar"], ["BFS", "bfs"]].map(([name, method]) => {
        const order = decodeOrder(data.search[method], data.search.bytes);
        const map = document.createElement("canvas");
        map.width = cols;
        map.height = rows;
        return { name: name, events: searchEvents(game.wall, cols, order, data.search.stride),
                 total: order.length, map: map, done: 0, found: null, g: new Int32Array(rows * cols) };
      });
    }
    for (const replay of replays) {  // each replay starts again from the dug maze
      paintMaze(replay.map.getContext("2d"), true);
      replay.done = 0;
      replay.found = null;  // the route's steps, once the search reaches the goal
      replay.g.fill(-1);
      replay.g[game.start] = 0;
    }
    const longest = Math.max(...replays.map((r) => r.total));
    watch = { steps: 0, longest: longest, duration: 1000 * searchDuration(longest), paused: false,
              began: performance.now() };
    say(t("page_search_keys"));
    requestAnimationFrame(tick);
  }

  function closeSearch() {
    watch = null;
    relabel();
  }

  function advance(steps) {
    watch.steps = steps;
    const palette = { [CURRENT]: colors.current, [FRONTIER]: colors.frontier, [CLOSED]: colors.closed };
    for (const replay of replays) {
      const k = Math.min(steps, replay.total);
      if (k <= replay.done) continue;
      const ev = replay.events, paint = replay.map.getContext("2d");
      for (let i = ev.starts[replay.done + 1]; i < ev.starts[k + 1]; i++) {
        const b = ev.blocks[i];
        if (ev.g[i] >= 0) replay.g[b] = ev.g[i];
        if (b === game.start || b === game.goal) continue;
        paint.fillStyle = rgb(palette[ev.colours[i]]);
        paint.fillRect(b % cols, Math.floor(b / cols), 1, 1);
      }
      replay.done = k;
      if (k >= replay.total && replay.found === null) {  // the goal found: the route, traced back
        const route = game.shortestPath();
        paint.fillStyle = rgb(colors.answer);
        for (const b of route) {
          if (b !== game.start && b !== game.goal) paint.fillRect(b % cols, Math.floor(b / cols), 1, 1);
        }
        replay.found = route.length > 0 ? route.length - 1 : null;
      }
    }
    draw();
  }

  function tick(now) {
    if (!watch || watch.paused) return;
    const progress = Math.min(1, Math.max(0, (now - watch.began) / watch.duration));
    advance(Math.max(watch.steps, Math.ceil(watch.longest * progress)));
    if (watch && watch.steps < watch.longest) requestAnimationFrame(tick);
  }

  function searchKey(key) {
    if (key === "Escape" || key === "f" || key === "q") closeSearch();
    else if (key === "Enter") {
      watch.paused = !watch.paused;
      if (!watch.paused) {  // carry on from the step reached, at the same pace
        watch.began = performance.now() - watch.duration * watch.steps / Math.max(watch.longest, 1);
        requestAnimationFrame(tick);
      }
      say(watch.paused ? `${t("paused")}  ${t("page_search_keys")}` : t("page_search_keys"));
    } else if (key === "ArrowRight" || key === "d" || key === "l") {
      watch.paused = true;
      say(`${t("paused")}  ${t("page_search_keys")}`);
      advance(Math.min(watch.steps + 1, watch.longest));
    } else if (key === " ") advance(watch.longest);
    else return false;
    return true;
  }

  // g and f (= g + the Manhattan distance to the goal) in every reached node of a small maze,
  // as the article's figures and the window game's search window write them
  const LABEL_PX = 22;
  function writeCosts(replay, x, y, b) {
    const stride = data.search.stride, gr = data.goal[0], gc = data.goal[1];
    context.font = `${Math.max(7, Math.floor(b / 3))}px sans-serif`;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillStyle = "black";
    for (let r = stride - 1; r < rows; r += stride) {
      for (let c = stride - 1; c < cols; c += stride) {
        const g = replay.g[r * cols + c];
        if (g < 0) continue;
        const f = g + Math.abs(r - gr) + Math.abs(c - gc);
        context.fillText(`${g} ${f}`, x + (c + 0.5) * b, y + (r + 0.5) * b);
      }
    }
  }

  // the two replays side by side, or one above the other, whichever shows larger blocks
  function drawSearch() {
    const [width, height] = clearCanvas();
    const gap = 8;
    const across = Math.min((width - gap) / 2 / cols, height / rows);
    const above = Math.min(width / cols, (height - gap) / 2 / rows);
    const b = Math.max(across, above);
    replays.forEach((replay, k) => {
      const x = across >= above ? k * (cols * b + gap) : 0;
      const y = across >= above ? 0 : k * (rows * b + gap);
      context.drawImage(replay.map, x, y, cols * b, rows * b);
      if (b >= LABEL_PX) writeCosts(replay, x, y, b);
      context.font = "bold 14px sans-serif";  // which search is which
      context.textAlign = "left";
      context.textBaseline = "top";
      const label = `${replay.name} ${replay.done}`;
      context.fillStyle = "rgba(255,255,255,0.85)";
      context.fillRect(x + 4, y + 4, context.measureText(label).width + 8, 20);
      context.fillStyle = "black";
      context.fillText(label, x + 8, y + 7);
    });
    document.getElementById("counters").textContent = replays
      .map((r) => r.found === null ? t("expanded", { name: r.name, n: r.done })
        : t("search_found", { name: r.name, n: r.done, steps: r.found })).join("   ");
  }

  function again() {
    animation = digging = null;
    game.reset();
    paintMap(true);
    relabel();
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (watch) {
      if (searchKey(key)) event.preventDefault();
      return;
    }
    if (digging && digKey(key)) {
      event.preventDefault();
      return;
    }
    if (MOVES[key]) step(...MOVES[key], event.shiftKey);
    else if (key === "i") showAnswer();
    else if (key === "f") openSearch();
    else if (key === "r") again();
    else if (key === "+" || key === "=") zoom(1);
    else if (key === "-") zoom(-1);
    else if (key === "z") zoom(0);
    else return;
    event.preventDefault();  // arrows would scroll the page
  });
  kit.buttons(canvas, {
    answer: showAnswer,
    again: again,
    search: () => { if (watch) closeSearch(); else openSearch(); },
    language: () => { kit.switchLanguage(); relabel(); },
  });
  // touch: a swipe runs along the corridor in its direction
  let touch = null;
  canvas.addEventListener("touchstart", (event) => {
    touch = [event.touches[0].clientX, event.touches[0].clientY];
  }, { passive: true });
  canvas.addEventListener("touchend", (event) => {
    if (!touch) return;
    const dx = event.changedTouches[0].clientX - touch[0];
    const dy = event.changedTouches[0].clientY - touch[1];
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 16) return;  // a tap, not a swipe
    if (Math.abs(dx) > Math.abs(dy)) step(0, Math.sign(dx), true);
    else step(Math.sign(dy), 0, true);
  });
  // the arrow pad: a tap is one step (in the search view: one expansion, as →)
  const pad = document.getElementById("pad");
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) pad.hidden = false;
  document.addEventListener("touchstart", () => { pad.hidden = false; }, { passive: true });
  for (const button of pad.querySelectorAll("button")) {
    button.addEventListener("click", () => {
      const [dr, dc] = button.dataset.step.split(",").map(Number);
      if (watch) searchKey(dc > 0 ? "ArrowRight" : "");
      else if (digging) digKey(dc > 0 ? "ArrowRight" : "");
      else step(dr, dc, false);
    });
  }
  window.addEventListener("resize", draw);
  setInterval(() => { if (!watch && game.startedAt !== null && game.stoppedAt === null) showCounters(); }, 100);

  // for scripts and tests: the game's state, and where the maze's first block is drawn
  // (CSS pixels of the page) and how large a block is
  window.meiro = {
    game: game,
    digging: () => digging && { done: digging.done, total: digging.order.length, paused: digging.paused,
                                at: digging.done > 0 ? digging.order[digging.done - 1] : -1 },
    search: () => replays && replays.map((r) => ({ name: r.name, done: r.done, found: r.found,
                                                   g: Array.from(r.g) })),
    view: () => {
      const box = canvas.getBoundingClientRect();
      const pr = Math.floor(game.player / cols), pc = game.player % cols;
      return { block: block,
               left: box.left - cameraOn(box.width, cols * block, (pc + 0.5) * block),
               top: box.top - cameraOn(box.height, rows * block, (pr + 0.5) * block, true) };
    },
  };
  paintMap(true);
  relabel();
  if (data.dig) dig();
  canvas.focus();
})();

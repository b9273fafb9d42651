// The web page's view of a theta, hex, triangle or weave maze: the walls drawn from the
// geometry, the player as a dot, keys and taps. The rules are html_kind_game.js's (KindGame).
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("meiro-data").textContent);
  const game = new KindGame(data);
  const colors = data.colors;
  const C = data.centres;
  const kit = pageKit(data, game);
  const { t, say, noteClear, bestText } = kit;
  const canvas = document.getElementById("maze");
  const context = canvas.getContext("2d");
  let digging = null;  // the digging replay, while it runs
  const errors = [];  // for tests: anything thrown while the page runs
  window.addEventListener("error", (event) => errors.push(String(event.message)));

  // The drawing's units to CSS pixels: the whole maze fitted into the canvas, with a margin;
  // zoomed in (+ and -, 0 for the whole maze again), a view that follows the player, moving
  // on only when the player nears its edge (the walls are drawn again then, not at each step).
  const box = data.box;
  const LEVELS = [1, 1.5, 2, 3, 4, 6, 8, 12, 16];
  let level = 0;
  let scale = 1, left = 0, top = 0;
  let camera = null;  // the drawing's point at the middle of the view, when zoomed in
  function fit(width, height) {
    const margin = 0.6;
    const w = box[2] - box[0] + 2 * margin, h = box[3] - box[1] + 2 * margin;
    const whole = Math.max(0.01, Math.min(width / w, height / h));
    scale = whole * LEVELS[level];
    if (level === 0) {
      camera = null;
      left = (width - (box[2] - box[0]) * scale) / 2 - box[0] * scale;
      top = (height - (box[3] - box[1]) * scale) / 2 - box[1] * scale;
      return;
    }
    const x = C[2 * game.player], y = C[2 * game.player + 1];
    const halfW = width / 2 / scale, halfH = height / 2 / scale;
    if (!camera || Math.abs(x - camera[0]) > 0.6 * halfW || Math.abs(y - camera[1]) > 0.6 * halfH) {
      camera = [x, y];
    }
    // kept over the maze where it is larger than the view, else centred on it
    const keep = (at, half, lo, hi) => (hi - lo <= 2 * half ? (lo + hi) / 2
      : Math.min(Math.max(at, lo - margin + half), hi + margin - half));
    camera = [keep(camera[0], halfW, box[0], box[2]), keep(camera[1], halfH, box[1], box[3])];
    left = width / 2 - camera[0] * scale;
    top = height / 2 - camera[1] * scale;
  }
  function zoom(step) {
    level = step === 0 ? 0 : Math.min(LEVELS.length - 1, Math.max(0, level + step));
    camera = null;
    draw();
  }
  const px = (x) => left + x * scale, py = (y) => top + y * scale;

  // the walls (and the outline) once per size, into a canvas of their own; a step then only
  // draws the dots
  const walls = document.createElement("canvas");
  let wallsSize = "";
  function drawWalls(width, height, ratio) {
    const key = `${width}x${height}x${ratio}x${scale}x${left}x${top}x${digging ? digging.done : -1}`;
    if (key === wallsSize) return;
    wallsSize = key;
    walls.width = Math.round(width * ratio);
    walls.height = Math.round(height * ratio);
    const g = walls.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = rgb(colors.path);
    g.fillRect(0, 0, width, height);
    // the weave's crossings: the passage over a crossing is drawn shaded, its sides as rails
    for (const [cell, over] of data.crossings) {
      const x = C[2 * cell], y = C[2 * cell + 1];
      g.fillStyle = "rgba(0,0,0,0.12)";
      g.fillRect(px(x - 0.5), py(y - 0.5), scale, scale);
      g.strokeStyle = rgb(colors.wall);
      g.lineWidth = Math.max(1, scale / 14);
      g.beginPath();
      if (over === 0) {  // over east-west: rails along the north and south sides, the tunnel under
        g.moveTo(px(x - 0.5), py(y - 0.5)); g.lineTo(px(x + 0.5), py(y - 0.5));
        g.moveTo(px(x - 0.5), py(y + 0.5)); g.lineTo(px(x + 0.5), py(y + 0.5));
      } else {
        g.moveTo(px(x - 0.5), py(y - 0.5)); g.lineTo(px(x - 0.5), py(y + 0.5));
        g.moveTo(px(x + 0.5), py(y - 0.5)); g.lineTo(px(x + 0.5), py(y + 0.5));
      }
      g.stroke();
    }
    g.strokeStyle = rgb(colors.wall);
    g.lineWidth = Math.max(1, Math.min(6, scale / 8));
    g.lineCap = "round";
    g.beginPath();
    // while digging: the outline (the walls' last rows) and every wall not yet dug through
    const w = digging ? digging.walls : data.walls, hx = data.hub[0], hy = data.hub[1];
    const outline = digging ? data.walls.slice(data.walls.length - 5 * data.border) : [];
    for (let i = 0; i < w.length + outline.length; i += 5) {
      const v = i < w.length ? w : outline, j = i < w.length ? i : i - w.length;
      if (digging && v === w && digging.opened[j / 5]) continue;
      const x0 = v[j], y0 = v[j + 1], x1 = v[j + 2], y1 = v[j + 3], r = v[j + 4];
      if (r < 0) continue;  // a tunnel: no wall
      if (r > 0) {  // an arc around the hub, clockwise on the page from (x0, y0) to (x1, y1)
        const a0 = Math.atan2(y0 - hy, x0 - hx), a1 = Math.atan2(y1 - hy, x1 - hx);
        g.moveTo(px(x0), py(y0));
        g.arc(px(hx), py(hy), r * scale, a0, a1 === a0 ? a0 + 2 * Math.PI : a1, false);
      } else {
        g.moveTo(px(x0), py(y0));
        g.lineTo(px(x1), py(y1));
      }
    }
    g.stroke();
  }

  function dot(cell, radius, color, outline) {
    context.beginPath();
    context.arc(px(C[2 * cell]), py(C[2 * cell + 1]), Math.max(radius * scale, 2.5), 0, 2 * Math.PI);
    context.fillStyle = rgb(color);
    context.fill();
    if (outline) {
      context.lineWidth = 1;
      context.strokeStyle = "black";
      context.stroke();
    }
  }

  let answerShown = 0;  // cells of the answer drawn so far (it is drawn one cell at a time)
  function draw() {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth, height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    fit(width, height);
    drawWalls(width, height, ratio);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(walls, 0, 0);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (digging) return showCounters();
    for (let cell = 0; cell < game.cells; cell++) {
      if (game.visited[cell] && cell !== game.start) dot(cell, 0.2, colors.trail, false);
    }
    for (let i = 1; i < Math.min(answerShown, data.answer.length - 1); i++) {
      dot(data.answer[i], 0.25, colors.answer, false);
    }
    dot(game.start, 0.33, colors.start, false);
    dot(game.goal, 0.33, colors.goal, false);
    dot(game.player, 0.3, colors.player, true);
    if (game.cleared) clearBanner(context, width, height);
    showCounters();
  }

  function showCounters() {
    const name = kit.lang === "ja" ? data.kind_title : data.kind;
    document.getElementById("counters").textContent = kit.counters(performance.now(),
      `${name} ${data.algorithm || "-"} ${data.size} ${t("seed")} ${data.seed ?? "-"}`);
  }

  function stateMessage() {
    return digging ? t(digging.paused ? "dig_paused" : "digging")
      : game.cleared ? `CLEAR!!  ${bestText()}` : game.answered ? t("gave_up") : bestText();
  }

  function relabel() {
    kit.label(canvas, `${t("page_keys")}  ${t("more_keys")}`);
    document.getElementById("search").hidden = true;  // no search replay for these kinds
    say(stateMessage());
    draw();
  }

  function stepped(left) {
    if (left < 0) return;
    if (game.cleared) say(`CLEAR!!  ${noteClear() ? t("new_best") : bestText()}`);
    draw();
  }

  let animation = null;
  function showAnswer() {
    if (digging || !game.giveUp(performance.now())) return;
    say(t("gave_up"));
    const began = performance.now(), n = data.answer.length;
    const duration = Math.min(3000, Math.max(300, 10 * n));
    answerShown = 1;
    animation = function frame(now) {
      answerShown = Math.max(answerShown, Math.min(n, Math.ceil(n * (now - began) / duration)));
      draw();
      if (answerShown < n && animation === frame) requestAnimationFrame(frame);
    };
    requestAnimationFrame(animation);
  }

  function again() {
    if (digging) return;
    animation = null;
    answerShown = 0;
    game.reset();
    relabel();
  }

  // The digging replay: the generator's log, one passage after another at the square page's
  // pace; Space skips it, → pauses it and digs one passage, Enter goes on.
  function dig() {
    const order = data.dig.order;
    digging = { order: order, walls: data.dig.walls, opened: new Uint8Array(data.dig.walls.length / 5),
                done: 0, paused: false, began: performance.now(),
                duration: 1000 * Math.min(6.5, 2.5 + Math.log10(Math.max(order.length, 450) / 450)) };
    say(t("digging"));
    requestAnimationFrame(digFrame);
  }
  function digTo(k) {
    const d = digging;
    for (; d.done < Math.min(k, d.order.length); d.done++) d.opened[d.order[d.done]] = 1;
    if (d.done === d.order.length) {
      digging = null;
      wallsSize = "";
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
    else if (key === "ArrowRight") {
      d.paused = true;
      say(t("dig_paused"));
      digTo(d.done + 1);
    } else if (key === "Enter" && d.paused) {
      d.paused = false;
      d.began = performance.now() - d.duration * d.done / d.order.length;
      say(t("digging"));
      requestAnimationFrame(digFrame);
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (digging) {
      digKey(key);
      event.preventDefault();
      return;
    }
    if (data.keys[key]) stepped(game.press(key, performance.now()));
    else if (key === "i") showAnswer();
    else if (key === "r") again();
    else if (key === "+" || key === "=") zoom(1);
    else if (key === "-") zoom(-1);
    else if (key === "0") zoom(0);
    else return;
    event.preventDefault();  // arrows would scroll the page
  });
  // a tap or click on a neighbouring cell steps there
  canvas.addEventListener("pointerdown", (event) => {
    if (digging) return;
    const box = canvas.getBoundingClientRect();
    const x = (event.clientX - box.left - left) / scale, y = (event.clientY - box.top - top) / scale;
    const cell = game.neighbourAt(x, y, 1.0);
    if (cell >= 0) stepped(game.moveTo(cell, performance.now()));
    canvas.focus();
  });
  // zoom buttons, for screens without + and - keys
  for (const [label, step] of [["+", 1], ["−", -1]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.setAttribute("aria-label", step > 0 ? "zoom in" : "zoom out");
    button.addEventListener("click", () => { zoom(step); canvas.focus(); });
    document.getElementById("tools").insertBefore(button, document.getElementById("keys"));
  }
  kit.buttons(canvas, { answer: showAnswer, again: again,
                        language: () => { kit.switchLanguage(); relabel(); } });
  window.addEventListener("resize", draw);
  // the header's text wraps differently once its font is in: the canvas changes size then too
  if (window.ResizeObserver) new ResizeObserver(() => draw()).observe(canvas);
  setInterval(() => { if (game.startedAt !== null && game.stoppedAt === null) showCounters(); }, 100);

  // for scripts and tests: the game, and where a point of the drawing is on the page (CSS pixels)
  window.meiro = {
    game: game,
    errors: errors,
    digging: () => digging && { done: digging.done, total: digging.order.length, paused: digging.paused },
    answerShown: () => answerShown,
    at: (cell) => {
      const b = canvas.getBoundingClientRect();
      return [b.left + px(C[2 * cell]), b.top + py(C[2 * cell + 1])];
    },
    view: () => ({ scale: scale, level: level, left: left + canvas.getBoundingClientRect().left,
                   top: top + canvas.getBoundingClientRect().top }),
  };
  relabel();
  if (data.dig) dig();
  canvas.focus();
})();

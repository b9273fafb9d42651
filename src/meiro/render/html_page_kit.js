// What the square maze's page and the other kinds' page share, free of how either draws:
// the stopwatch's text, the CLEAR!! banner, the page's language and words, the message line,
// the buttons and the best records. The page puts it before its game's rules (html_game.js, html_kind_game.js).
"use strict";

// "3.2秒" / "2 min 5.0 s": tenths cut, not rounded, like the window game's stopwatch.
function formatElapsed(seconds, texts) {
  const tenths = Math.floor(Math.max(0, seconds) * 10 + 1e-6);
  const hours = Math.floor(tenths / 36000);
  const minutes = Math.floor((tenths % 36000) / 600);
  const rest = tenths % 600;
  const s = `${Math.floor(rest / 10)}.${rest % 10}`;
  const fill = (template) => template.replace("{h}", hours).replace("{m}", minutes).replace("{s}", s);
  if (hours) return fill(texts.hours);
  if (minutes) return fill(texts.minutes);
  return fill(texts.seconds);
}

// a colour of the page's palette ([r, g, b]) as the canvas takes it
const rgb = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;

// CLEAR!! across the middle of a canvas `width` x `height` CSS pixels, yellow outlined in black
function clearBanner(context, width, height) {
  context.font = `bold ${Math.max(24, Math.min(width, height) / 8)}px sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.lineWidth = 4;
  context.strokeStyle = "black";
  context.strokeText("CLEAR!!", width / 2, height / 2);
  context.fillStyle = "yellow";
  context.fillText("CLEAR!!", width / 2, height / 2);
}

// The page's words and records for `data` (the meiro-data script) and `game` (its rules):
// kit.lang ("ja" or "en", switched by the language button), kit.t(key, values), kit.say(text),
// kit.counters(now, last), kit.label(canvas, keys), kit.buttons(canvas, actions), and
// the best record kept by the browser: kit.best(), kit.noteClear(), kit.bestText().
function pageKit(data, game) {
  const kit = {
    lang: data.lang || ((navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en"),

    t(key, values) {
      let s = data.texts[kit.lang][key];
      for (const [name, value] of Object.entries(values || {})) s = s.replace(`{${name}}`, value);
      return s;
    },
    elapsed(seconds) {
      return formatElapsed(seconds, data.texts[kit.lang]);
    },
    say(text) {
      document.getElementById("message").textContent = text;
    },

    // the counters line: time, moves, steps, fewest, then `last` (the maze's name)
    counters(now, last) {
      const t = kit.t;
      return [
        `${t("time")} ${kit.elapsed(game.elapsed(now))}`,
        `${t("moves")} ${t("count", { n: game.moves })}`,
        `${t("steps")} ${t("step_count", { n: game.steps })}`,
        `${t("fewest")} ${t("count", { n: data.fewest })}`,
        last,
      ].join("   ");
    },

    // the buttons' and the page's labels in kit.lang (the language button names the other one)
    label(canvas, keys) {
      document.documentElement.lang = kit.lang;
      document.getElementById("answer").textContent = kit.t("answer");
      document.getElementById("again").textContent = kit.t("again");
      document.getElementById("language").textContent = kit.lang === "ja" ? "English" : "日本語";
      document.getElementById("keys").textContent = keys;
      // screen readers: what the canvas is and which keys it takes
      canvas.setAttribute("aria-label", `${document.title}. ${kit.t("page_keys")}`);
    },
    // each button (by id) runs its action, then gives the keys back to the maze
    buttons(canvas, actions) {
      for (const [id, action] of Object.entries(actions)) {
        document.getElementById(id).addEventListener("click", () => { action(); canvas.focus(); });
      }
    },
    switchLanguage() {
      kit.lang = kit.lang === "ja" ? "en" : "ja";
    },

    // Best records per maze, kept by the browser (nothing leaves the page).
    best() {
      try {
        return JSON.parse(localStorage.getItem(data.record) || "null");
      } catch (error) {
        return null;
      }
    },
    // a clear: keep it if it beats the best; whether it did
    noteClear() {
      const time = game.elapsed(performance.now());
      const old = kit.best();
      const better = !old || time < old.time || (time === old.time && game.moves < old.moves);
      if (better) {
        try {
          localStorage.setItem(data.record, JSON.stringify({ time: time, moves: game.moves }));
        } catch (error) { /* private browsing: no records, the game goes on */ }
      }
      return better;
    },
    bestText() {
      const b = kit.best();
      return b ? kit.t("best", { time: kit.elapsed(b.time), moves: kit.t("count", { n: b.moves }) }) : "";
    },
  };
  return kit;
}

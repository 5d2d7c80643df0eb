// A tiny local model for an exported replay page (ReplayWidget.to_html): the same viewer,
// no kernel. Every position of every line was computed in Python and saved in the page; this
// model only picks the one asked for. Comments can be read here, not written, and no other
// move can be tried (that needs Python, which checks every move).

import { fill } from "../lib/strings.js";

/**
 * @param {{game: number, games: {tables: object[], notes: object[], moves: object[], info: object,
 *          deal: string, evals?: any[], summary?: object[],
 *          lines?: Record<string, {tables: object[], notes: object[], deal: string}>}[]}} data
 */
export function standaloneModel(data) {
  const handlers = new Map();
  const state = {
    perspective: null,
    review: { running: false, done: 0, total: 0 },
    legal: [],
    summary: [],
    lang: data.lang || "en",
    strings: data.strings || {},
  };
  const words = (key, values) => fill(state.strings[key] || key, values);
  let game = Math.min(data.game || 0, data.games.length - 1);
  let cursorLine = []; // the line the cursor is in (it stays in it when stepping back above its start)
  let statusId = 0;

  const emit = (names) => {
    for (const n of names) for (const cb of [...(handlers.get(`change:${n}`) || [])]) cb();
  };
  const say = (text, kind = "info") => {
    statusId += 1;
    state.status = { text, kind, id: statusId };
  };
  const start = (line) => line.reduce((s, [b]) => s + b - 1, 0);
  const positions = (g, line) => (line.length ? g.lines[JSON.stringify(line)] : null);
  /** Ply `ply` of `line`: the line's own position, or its parent's above its start. */
  const show = (line, ply) => {
    const g = data.games[game];
    const own = positions(g, line);
    if (line.length && !own) return say(words("replay.page.no-line"), "error");
    const n = line.length ? start(line) + own.tables.length : g.tables.length - 1;
    const p = Math.max(0, Math.min(n, ply));
    let at = line;
    while (at.length && p <= start(at)) at = at.slice(0, -1);
    const pos = positions(g, at);
    const k = at.length ? p - start(at) - 1 : p;
    cursorLine = line;
    state.table = at.length ? pos.tables[k] : g.tables[k];
    state.annotation = at.length ? pos.notes[k] : g.notes[k];
    state.ply = p;
    state.length = n;
    state.line = at;
    state.line_ahead = line.length > at.length ? line : [];
    state.moves = g.moves;
    state.evals = g.evals || [];
    state.summary = g.summary || [];
    state.info = g.info;
    const a = state.annotation;
    let text = p
      ? words(at.length ? "replay.page.move-side" : "replay.page.move", { ply: p, length: n, text: a.text })
      : (line.length ? own : g).deal; // worded in Python, as the widget says it
    // a side line's move: the expert's chances after it, worded in Python, as the widget says them
    if (p && at.length) text += (pos.chances && pos.chances[k]) || "";
    // the last move of the game as recorded: how it ended, as the widget says it too
    if (p && !at.length && p === n && state.table.result && g.info.result) text += ` ${g.info.result}`;
    say(text);
  };
  show([], 0);

  return {
    get: (name) => state[name],
    set: (name, value) => {
      state[name] = value;
    },
    save_changes: () => {},
    on: (name, cb) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(cb);
    },
    off: (name, cb) => {
      if (handlers.has(name)) handlers.get(name).delete(cb);
    },
    send: (msg) => {
      // answer asynchronously, like a kernel would
      queueMicrotask(() => {
        if (msg.type === "seek") show(cursorLine, msg.ply);
        else if (msg.type === "goto") show(msg.line, msg.ply);
        else if (msg.type === "line" && msg.action === "exit" && cursorLine.length)
          show(cursorLine.slice(0, -1), Math.min(state.ply, start(cursorLine)));
        else if (msg.type === "game" && data.games[msg.game]) {
          game = msg.game;
          show([], 0);
        } else say(words("replay.page.copy"), "error");
        emit(["table", "annotation", "ply", "length", "line", "line_ahead", "moves", "evals", "summary", "info", "status"]);
      });
    },
  };
}

// The replay viewer, put together from its parts: the header (header.js), the table pane
// (board.js) with the transport and the side-line buttons (controls.js) and the evaluation
// graph (graph.js), the move list (movelist.js), the comment editor (note.js) and the puzzles
// slot (puzzles.js). It talks to a model with get/on/off/send only, so the same code runs in
// a notebook (anywidget's model) and in an exported page (a tiny local model, standalone.js).
import { el } from "../lib/cards.js";
import { watchConnection } from "../lib/connection.js";
import { announce, renderLive, renderStatus, setStatus } from "../lib/status.js";
import { setLang, t, useStrings } from "../lib/strings.js";
import { board } from "./board.js";
import { controls } from "./controls.js";
import { evalGraph } from "./graph.js";
import { header } from "./header.js";
import { MoveList } from "./movelist.js";
import { noteEditor } from "./note.js";
import {
  annotateMessage,
  cancelReviewMessage,
  gameMessage,
  gotoMessage,
  lineMessage,
  perspectiveMessage,
  puzzlesMessage,
  reviewMessage,
  seekMessage,
  tryMoveMessage,
} from "./protocol.js";
import { puzzlesSlot } from "./puzzles.js";
import { keepNotebookShortcutsOut } from "../lib/keys.js";

const TRAITS = [
  "table", "moves", "length", "ply", "annotation", "info", "status", "review", "perspective",
  "legal", "line", "line_ahead", "evals", "summary",
];

const isField = (t) =>
  t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "button"));

/** Why no move may be tried at the cursor ("" when one may): words only, the rules are Python's. */
function blockedReason(table, legal, info, seat) {
  if (info && info.in_play) return t(null, "replay.blocked.inplay");
  if (info && info.editable === false) return t(null, "replay.blocked.copy");
  if (table.result) return t(null, "replay.blocked.over");
  if (!legal.length && seat !== null && seat !== undefined)
    return info && info.you === seat
      ? t(null, "replay.blocked.seat-you")
      : t(null, "replay.blocked.seat", { name: table.seats[seat].name });
  if (!legal.length) return t(null, "replay.blocked.none");
  return "";
}

/** Draw a replay into `host`; returns the cleanup function. `widgets`: anywidget's host (getWidget). */
export function mountReplay(model, host, widgets = null) {
  const root = el("div", "sw-root swr-root");
  keepNotebookShortcutsOut(root);
  root.tabIndex = 0;
  root.setAttribute("role", "region");
  useStrings(model); // every label below is Python's, in the widget's language
  setLang(root, model);
  root.setAttribute("aria-label", t(model, "replay.label"));
  host.append(root);

  const seq = () => {
    const t = model.get("table");
    return t && typeof t.seq === "number" ? t.seq : 0;
  };
  const connection = watchConnection(model, host, root); // a kernel gone: said, and nothing sent
  const send = (msg) => connection.send(msg);
  const editable = () => {
    const info = model.get("info");
    return !info || info.editable !== false;
  };
  const live = renderLive(); // never redrawn: what a screen reader reads out
  const statusLine = renderStatus(model.get("status"));
  const say = (text, kind = "info", words = text) => {
    setStatus(statusLine, text, kind);
    announce(live, words);
  };

  // ------------------------------------------------------------------ the parts
  const head = header({
    game: (index) => {
      stop();
      note.flush();
      send(gameMessage(index, seq()));
    },
    perspective: (seat) => send(perspectiveMessage(seat, seq())),
    review: () => {
      note.flush();
      send(reviewMessage(seq()));
    },
    cancel: () => send(cancelReviewMessage(seq())),
    puzzles: () => send(puzzlesMessage(seq())),
  });
  const main = el("div", "swr-main");
  const stage = el("div", "swr-stage");
  const boardSlot = el("div", "swr-board-slot");
  const table = board(boardSlot, {
    move: (move) => {
      stop();
      note.flush();
      // until Python answers, the line keeps its words, dimmed (as on the playing table)
      statusLine.classList.add("sw-status-pending");
      send(tryMoveMessage(move, seq()));
    },
    say,
    // "your cards" only when the mover is the table's player: seen from above it may be either
    first: () => {
      const shown = model.get("table");
      const you = (model.get("info") || {}).you;
      if (!shown || !shown.seats || you === shown.to_move) return t(null, "select.first");
      return t(null, "select.first.named", { name: shown.seats[shown.to_move].name });
    },
    // the other player's piles: whose cards may be played is named the same way
    theirs: (name) => {
      const shown = model.get("table");
      const you = (model.get("info") || {}).you;
      if (!shown || !shown.seats || you === shown.to_move) return t(null, "select.theirs", { name });
      return t(null, "select.theirs.named", { name, mover: shown.seats[shown.to_move].name });
    },
  });
  const transport = controls({
    transport: {
      start: () => go(0),
      back: () => go(here() - 1),
      forward: () => go(here() + 1),
      end: () => go(model.get("length") || 0),
      play: () => (playing ? stop() : start()),
    },
    seek: (ply) => go(ply),
    line: (action) => {
      stop();
      note.flush();
      send(lineMessage(action, seq()));
    },
    // Delete line asks before it deletes: the status says how to go on, then what it said
    asking: (yes) => (yes ? say(t(null, "replay.line.delete.asked")) : drawStatus()),
    onSpeed: () => {
      if (playing) {
        clearTimeout(timer);
        timer = setTimeout(tick, transport.speedMs());
      }
    },
  });
  const graph = evalGraph((ply) => {
    stop();
    note.flush();
    send(gotoMessage([], ply, seq()));
  });
  stage.append(boardSlot, transport.box, transport.lineBar, graph.box);
  const panel = el("aside", "swr-panel");
  const moveList = new MoveList((line, ply) => {
    stop();
    note.flush();
    send(gotoMessage(line, ply, seq()));
  });
  const note = noteEditor((ply, fields) => send(annotateMessage(ply, fields, seq(), model.get("line") || [])));
  panel.append(moveList.box, note.box);
  main.append(stage, panel);
  const puzzles = puzzlesSlot({ model, host: widgets, open: (index) => send(puzzlesMessage(seq(), index)) });
  root.append(head.box, main, puzzles.box, live);

  // ------------------------------------------------------------------ navigation
  let playing = false;
  let timer = null;
  let pending = null; // {ply, at}: a seek sent and not yet shown
  let movesKey = "";

  const here = () => {
    const ply = model.get("ply") || 0;
    if (pending && pending.ply !== ply && performance.now() - pending.at < 1500) return pending.ply;
    return ply;
  };
  function request(ply) {
    const n = model.get("length") || 0;
    const target = Math.max(0, Math.min(n, ply));
    note.flush();
    if (target === here()) return;
    pending = { ply: target, at: performance.now() };
    send(seekMessage(target, seq()));
  }
  function go(ply) {
    stop();
    request(ply);
  }
  function start() {
    if (here() >= (model.get("length") || 0)) return;
    playing = true;
    drawControls();
    tick();
  }
  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (playing) {
      playing = false;
      drawControls();
    }
  }
  function tick() {
    if (!playing) return;
    const n = model.get("length") || 0;
    const ply = model.get("ply") || 0;
    if (ply >= n) {
      stop();
      return;
    }
    if (!pending || pending.ply === ply || performance.now() - pending.at > 3000) request(ply + 1);
    timer = setTimeout(tick, transport.speedMs());
  }

  const keyActions = {
    ArrowLeft: () => go(here() - 1),
    ArrowRight: () => go(here() + 1),
    Home: () => go(0),
    End: () => go(model.get("length") || 0),
    " ": () => (playing ? stop() : start()),
    u: () => inSideLine() && send(lineMessage("exit", seq())),
    p: () => editable() && inSideLine() && send(lineMessage("promote", seq())),
    Delete: () => editable() && inSideLine() && transport.deleteLine(),
  };
  root.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (isField(e.target)) {
      // the slider's and the pickers' own keys: JupyterLab's notebook would take them away
      if (/^(Arrow|Home$|End$|Page)/.test(e.key)) e.stopPropagation();
      return;
    }
    const f = keyActions[e.key.length === 1 ? e.key.toLowerCase() : e.key]; // U and P, as the titles say, or u and p
    if (!f || (e.key === " " && e.target.tagName === "BUTTON")) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key !== " ") stop(); // any other key stops the playing; Space toggles it (play or pause)
    f();
  });
  // a click on the table (not on a control) gives the keyboard to the replay: the arrows,
  // Home, End and Space step it, as before one could try moves; a keyboard user who tabs
  // into the table gets the playing table's keys (arrows between the piles, Enter to pick)
  let byPointer = false;
  boardSlot.addEventListener("pointerdown", () => {
    byPointer = true;
    root.focus({ preventScroll: true });
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Tab") byPointer = false;
  }, true);
  boardSlot.addEventListener("keydown", (e) => {
    const f = keyActions[e.key];
    if (!byPointer || !f || (e.key.length === 1 && e.key !== " ") || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation(); // before the table's own keys (interaction.js, on this same pane)
    // the card clicked took the focus, and the step redraws it away: the replay keeps the
    // keyboard, so that the next arrow steps again (it went to the page, or the notebook)
    root.focus({ preventScroll: true });
    if (e.key !== " ") stop();
    f();
  }, true);

  // ------------------------------------------------------------------ drawing
  function drawTable() {
    const t = model.get("table");
    if (!t || !t.seats) return;
    const legal = model.get("legal") || [];
    const info = model.get("info") || {};
    table.draw(t, legal, blockedReason(t, legal, info, model.get("perspective")), statusLine, playing, info.tallest_side || 0, info.news_room || "");
    root.dataset.playerToMove = String(t.to_move);
    root.dataset.gameOver = t.result && t.ply === (model.get("length") || 0) ? "true" : "false";
  }
  // the cursor is in a side line: the position's own, or the one Forward steps into
  const inSideLine = () => (model.get("line") || []).length > 0 || (model.get("line_ahead") || []).length > 0;
  function drawControls() {
    const n = model.get("length") || 0;
    const ply = model.get("ply") || 0;
    const line = model.get("line") || [];
    root.dataset.ply = String(ply);
    root.dataset.length = String(n);
    root.dataset.line = JSON.stringify(line);
    root.classList.toggle("swr-playing", playing);
    root.classList.toggle("swr-in-line", line.length > 0);
    transport.update({ ply, length: n, playing, line, ahead: model.get("line_ahead") || [], editable: editable() });
  }
  function drawMoves() {
    const moves = model.get("moves") || [];
    const info = model.get("info") || {};
    const seat = model.get("perspective");
    const n = model.get("length") || 0;
    const line = model.get("line") || [];
    const key = JSON.stringify([moves, info.names, n, seat]);
    if (key !== movesKey) {
      movesKey = key;
      const shownLength = seat === null || seat === undefined ? moves.length : n;
      moveList.render(moves, info.names || [], shownLength, seat);
    }
    moveList.highlight(line, model.get("ply") || 0);
  }
  function drawNote() {
    const a = model.get("annotation") || { ply: 0, comment: "", mark: "", text: "" };
    const info = model.get("info") || {};
    note.update(a, info.names || [], editable(), model.get("line") || []);
  }
  function drawHeader() {
    const info = model.get("info") || {};
    head.update(info, model.get("perspective"), model.get("review") || {}, model.get("summary") || []);
    root.classList.toggle("swr-readonly", info.editable === false);
  }
  function drawGraph() {
    const line = model.get("line") || [];
    const main = model.get("moves") || [];
    const seat = model.get("perspective");
    const fromAbove = seat === null || seat === undefined;
    const length = fromAbove ? main.length : model.get("length") || 0;
    const ply = line.length ? line[0][0] - 1 : model.get("ply") || 0;
    graph.update(model.get("evals") || [], length, ply, line.length > 0, (model.get("info") || {}).names || ["", ""]);
  }
  let spoken = null;
  const drawStatus = () => {
    const s = model.get("status");
    if (!s) return;
    setStatus(statusLine, s.text || "", s.kind || "info");
    if (s.id !== spoken) {
      spoken = s.id;
      announce(live, s.words || s.text);
    }
  };

  const jobs = new Set();
  let queued = false;
  const ALL = {
    table: drawTable, controls: drawControls, moves: drawMoves, note: drawNote, header: drawHeader,
    graph: drawGraph, status: drawStatus,
  };
  const WHAT = {
    table: ["table", "controls"],
    legal: ["table"],
    ply: ["controls", "moves", "graph"],
    length: ["controls", "moves"],
    line: ["controls", "moves", "graph", "note"],
    line_ahead: ["controls"],
    moves: ["moves", "graph"],
    annotation: ["note"],
    info: ["header", "moves", "note", "table"],
    status: ["status"],
    review: ["header"],
    summary: ["header"],
    evals: ["graph"],
    perspective: ["header", "moves", "graph"],
  };
  const ORDER = ["header", "table", "controls", "moves", "note", "graph", "status"];
  const schedule = (trait) => () => {
    for (const j of WHAT[trait]) jobs.add(j);
    if (trait === "ply" && pending && pending.ply === model.get("ply")) pending = null;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const todo = ORDER.filter((j) => jobs.has(j));
      jobs.clear();
      useStrings(model);
      for (const j of todo) ALL[j]();
    });
  };
  const handlers = TRAITS.map((t) => [t, schedule(t)]);
  for (const [t, h] of handlers) model.on(`change:${t}`, h);
  for (const j of ORDER) ALL[j]();

  return () => {
    stop();
    connection.stop();
    note.flush();
    table.destroy();
    moveList.destroy();
    puzzles.destroy();
    for (const [t, h] of handlers) model.off(`change:${t}`, h);
  };
}

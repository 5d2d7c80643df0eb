// The replay viewer: the table (drawn by renderTable), transport controls, slider, move
// list, comment box and mark picker. It talks to a model with get/on/off/send only, so the
// same code runs in a notebook (anywidget's model) and in an exported page (a tiny local
// model, standalone.js).
import { animateLast, snapshot } from "../lib/animate.js";
import { el } from "../lib/cards.js";
import { renderTable } from "../lib/layout.js";
import { announce, renderLive, renderStatus, setStatus } from "../lib/status.js";
import { MoveList } from "./movelist.js";
import {
  MARK_WORDS,
  MARKS,
  SPEEDS,
  annotateMessage,
  gameMessage,
  markKind,
  perspectiveMessage,
  reviewMessage,
  seekMessage,
} from "./protocol.js";

const TRAITS = ["table", "moves", "length", "ply", "annotation", "info", "status", "review", "perspective"];
const TYPING = 500; // ms of quiet before a comment being typed is sent

const ICONS = {
  start: "M6 5h2v14H6zM20 5v14L9 12z",
  back: "M19 5v14L8 12zM6 5h2v14H6z",
  play: "M7 5v14l12-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  forward: "M5 5v14l11-7zM16 5h2v14h-2z",
  end: "M4 5v14l11-7zM16 5h2v14h-2z",
};
const LABELS = {
  start: "To the deal (Home)",
  back: "Back one move (Left arrow)",
  play: "Play (Space)",
  forward: "Forward one move (Right arrow)",
  end: "To the last move (End)",
};

function icon(path) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(ns, "path");
  p.setAttribute("d", path);
  svg.append(p);
  return svg;
}

function iconButton(action) {
  const b = el("button", `swr-btn swr-btn-${action}`);
  b.type = "button";
  b.dataset.action = action;
  b.title = LABELS[action];
  b.setAttribute("aria-label", LABELS[action].replace(/ \(.*\)$/, ""));
  b.append(icon(ICONS[action]));
  return b;
}

const isField = (t) =>
  t && (t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && t.type !== "button"));

/** Draw a replay into `el`; returns the cleanup function. */
export function mountReplay(model, host) {
  const root = el("div", "sw-root swr-root");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.tabIndex = 0;
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "game replay");
  host.append(root);

  // ------------------------------------------------------------------ header
  const header = el("header", "swr-header");
  const title = el("div", "swr-title");
  const players = el("h3", "swr-players");
  const result = el("div", "swr-result");
  title.append(players, result);
  const tools = el("div", "swr-tools");
  const gamePick = el("select", "swr-games");
  gamePick.setAttribute("aria-label", "game of the match");
  gamePick.dataset.control = "game";
  const seats = el("div", "swr-seats");
  seats.setAttribute("role", "group");
  seats.setAttribute("aria-label", "seen from");
  const reviewBtn = el("button", "swr-btn-text swr-review");
  reviewBtn.type = "button";
  reviewBtn.dataset.action = "expert-review";
  reviewBtn.textContent = "Review with the expert";
  reviewBtn.title = "The expert bot goes through the game and marks the moves it would not have played";
  const progress = el("div", "swr-progress");
  const bar = el("progress", "");
  bar.max = 1;
  bar.value = 0;
  bar.setAttribute("aria-label", "review progress");
  const barText = el("span", "swr-progress-text");
  progress.append(bar, barText);
  tools.append(gamePick, seats, reviewBtn, progress);
  header.append(title, tools);

  // ------------------------------------------------------------------ stage: board + controls
  const main = el("div", "swr-main");
  const stage = el("div", "swr-stage");
  const boardSlot = el("div", "swr-board-slot");
  const statusLine = renderStatus(model.get("status"));
  const controls = el("div", "swr-controls");
  const buttons = {};
  const transport = el("div", "swr-transport");
  for (const a of ["start", "back", "play", "forward", "end"]) {
    buttons[a] = iconButton(a);
    transport.append(buttons[a]);
  }
  buttons.play.classList.add("swr-btn-main");
  const speed = el("select", "swr-speed");
  speed.setAttribute("aria-label", "playing speed");
  speed.title = "Playing speed";
  SPEEDS.forEach((s, i) => {
    const o = el("option", "", s.label);
    o.value = String(i);
    speed.append(o);
  });
  speed.value = "1";
  const slider = el("input", "swr-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.dataset.slider = "";
  slider.setAttribute("aria-label", "position in the game");
  const counter = el("span", "swr-counter");
  counter.setAttribute("aria-hidden", "true");
  controls.append(transport, speed, slider, counter);
  stage.append(boardSlot, controls);

  // ------------------------------------------------------------------ panel: moves + note
  const panel = el("aside", "swr-panel");
  const moveList = new MoveList((ply) => go(ply));
  const note = el("section", "swr-note");
  note.setAttribute("aria-label", "annotation of the move shown");
  const noteHead = el("div", "swr-note-head");
  const noteTitle = el("div", "swr-note-title");
  const noteText = el("div", "swr-note-text");
  noteHead.append(noteTitle, noteText);
  const marks = el("div", "swr-marks");
  marks.dataset.annotation = "mark";
  marks.setAttribute("role", "group");
  marks.setAttribute("aria-label", "mark");
  const markButtons = new Map();
  for (const m of MARKS) {
    const b = el("button", `swr-markbtn swr-mark-${markKind(m)}`, m);
    b.type = "button";
    b.dataset.mark = m;
    b.title = MARK_WORDS[m];
    b.setAttribute("aria-label", `${m} ${MARK_WORDS[m]}`);
    b.setAttribute("aria-pressed", "false");
    markButtons.set(m, b);
    marks.append(b);
  }
  const comment = el("textarea", "swr-comment");
  comment.dataset.annotation = "comment";
  comment.rows = 4;
  comment.maxLength = 2000;
  comment.setAttribute("aria-label", "comment on this move");
  const readOnlyComment = el("div", "swr-comment-read");
  const saved = el("div", "swr-saved");
  saved.setAttribute("aria-hidden", "true");
  note.append(noteHead, marks, comment, readOnlyComment, saved);
  panel.append(moveList.box, note);
  main.append(stage, panel);
  const live = renderLive(); // never redrawn: what a screen reader reads out
  root.append(header, main, live);

  // ------------------------------------------------------------------ state of the view
  let drawn = null; // {table, piles}
  let playing = false;
  let timer = null;
  let pending = null; // {ply, at}: a seek sent and not yet shown
  let noteFor = -1; // the ply the comment box is about
  let typed = null; // {ply, text} typed and not yet sent
  let typeTimer = null;
  let movesKey = "";

  const seq = () => {
    const t = model.get("table");
    return t && typeof t.seq === "number" ? t.seq : 0;
  };
  const send = (msg) => model.send(msg);
  const editable = () => {
    const info = model.get("info");
    return !info || info.editable !== false;
  };

  // ------------------------------------------------------------------ navigation
  const here = () => {
    const ply = model.get("ply") || 0;
    if (pending && pending.ply !== ply && performance.now() - pending.at < 1500) return pending.ply;
    return ply;
  };
  function request(ply) {
    const n = model.get("length") || 0;
    const target = Math.max(0, Math.min(n, ply));
    flushComment();
    if (target === here()) return;
    pending = { ply: target, at: performance.now() };
    send(seekMessage(target, seq()));
  }
  function go(ply) {
    stop();
    request(ply);
  }
  const actions = {
    start: () => go(0),
    back: () => go(here() - 1),
    forward: () => go(here() + 1),
    end: () => go(model.get("length") || 0),
    play: () => (playing ? stop() : start()),
  };
  for (const [a, f] of Object.entries(actions)) buttons[a].addEventListener("click", f);

  function start() {
    const n = model.get("length") || 0;
    if (here() >= n) return;
    playing = true;
    updateControls();
    tick();
  }
  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (playing) {
      playing = false;
      updateControls();
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
    timer = setTimeout(tick, SPEEDS[Number(speed.value)].ms);
  }
  speed.addEventListener("change", () => {
    if (playing) {
      clearTimeout(timer);
      timer = setTimeout(tick, SPEEDS[Number(speed.value)].ms);
    }
  });
  slider.addEventListener("input", () => go(Number(slider.value)));

  root.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (isField(e.target)) {
      // the slider's and the pickers' own keys: JupyterLab's notebook would take them away
      if (/^(Arrow|Home$|End$|Page)/.test(e.key)) e.stopPropagation();
      return;
    }
    const key = e.key;
    const f =
      key === "ArrowLeft" ? actions.back
      : key === "ArrowRight" ? actions.forward
      : key === "Home" ? actions.start
      : key === "End" ? actions.end
      : key === " " && e.target.tagName !== "BUTTON" ? actions.play
      : null;
    if (!f) return;
    e.preventDefault();
    e.stopPropagation();
    f();
  });
  // a click on the table (not on a control) gives the keyboard to the replay
  boardSlot.addEventListener("mousedown", () => root.focus({ preventScroll: true }));

  // ------------------------------------------------------------------ annotations
  function sendComment(ply, text) {
    send(annotateMessage(ply, { comment: text }, seq()));
    saved.textContent = "saved";
    saved.classList.add("swr-saved-on");
    setTimeout(() => saved.classList.remove("swr-saved-on"), 900);
  }
  function flushComment() {
    if (typeTimer) clearTimeout(typeTimer);
    typeTimer = null;
    if (typed) {
      const t = typed;
      typed = null;
      sendComment(t.ply, t.text);
    }
  }
  comment.addEventListener("input", () => {
    if (noteFor < 1) return;
    typed = { ply: noteFor, text: comment.value };
    if (typeTimer) clearTimeout(typeTimer);
    typeTimer = setTimeout(flushComment, TYPING);
  });
  comment.addEventListener("blur", flushComment);
  comment.addEventListener("keydown", (e) => {
    if (e.key === "Escape") comment.blur();
    e.stopPropagation(); // typing never steps the replay
  });
  marks.addEventListener("click", (e) => {
    const b = e.target.closest("[data-mark]");
    if (!b || b.disabled || noteFor < 1) return;
    flushComment();
    const on = b.getAttribute("aria-pressed") === "true";
    send(annotateMessage(noteFor, { mark: on ? "" : b.dataset.mark }, seq()));
  });

  // ------------------------------------------------------------------ header actions
  gamePick.addEventListener("change", () => {
    stop();
    flushComment();
    send(gameMessage(Number(gamePick.value), seq()));
  });
  seats.addEventListener("click", (e) => {
    const b = e.target.closest("[data-perspective]");
    if (!b) return;
    const v = b.dataset.perspective;
    send(perspectiveMessage(v === "" ? null : Number(v), seq()));
  });
  reviewBtn.addEventListener("click", () => {
    flushComment();
    send(reviewMessage(seq()));
  });

  // ------------------------------------------------------------------ drawing
  function drawTable() {
    const table = model.get("table");
    if (!table || !table.seats) return;
    const before = drawn ? snapshot(drawn.piles) : new Map();
    const next = renderTable(table);
    next.news.append(statusLine);
    boardSlot.replaceChildren(next.board);
    if (drawn && table.ply === drawn.table.ply + 1 && table.bottom === drawn.table.bottom) {
      animateLast(before, table, next.piles, playing ? 220 : 260);
    }
    drawn = { table, piles: next.piles };
    root.dataset.playerToMove = String(table.to_move);
    root.dataset.gameOver = table.result && table.ply === (model.get("length") || 0) ? "true" : "false";
  }

  function updateControls() {
    const n = model.get("length") || 0;
    const ply = model.get("ply") || 0;
    root.dataset.ply = String(ply);
    root.dataset.length = String(n);
    buttons.start.disabled = ply <= 0;
    buttons.back.disabled = ply <= 0;
    buttons.forward.disabled = ply >= n;
    buttons.end.disabled = ply >= n;
    buttons.play.disabled = !playing && ply >= n;
    buttons.play.replaceChildren(icon(playing ? ICONS.pause : ICONS.play));
    buttons.play.title = playing ? "Pause (Space)" : LABELS.play;
    buttons.play.setAttribute("aria-label", playing ? "Pause" : "Play");
    buttons.play.setAttribute("aria-pressed", playing ? "true" : "false");
    root.classList.toggle("swr-playing", playing);
    slider.max = String(n);
    slider.value = String(ply);
    slider.disabled = n === 0;
    slider.setAttribute("aria-valuetext", ply ? `move ${ply} of ${n}` : `the deal, ${n} moves`);
    slider.style.setProperty("--swr-fill", n ? `${(100 * ply) / n}%` : "0%");
    counter.textContent = `${ply} / ${n}`;
  }

  function drawMoves() {
    const moves = model.get("moves") || [];
    const info = model.get("info") || {};
    const seat = model.get("perspective");
    const n = model.get("length") || 0;
    const key = JSON.stringify([moves, info.names, n, seat]);
    if (key !== movesKey) {
      movesKey = key;
      moveList.render(moves, info.names || [], n, seat);
    }
    moveList.highlight(model.get("ply") || 0);
  }

  function drawNote() {
    const a = model.get("annotation") || { ply: 0, comment: "", mark: "", text: "" };
    const info = model.get("info") || {};
    const names = info.names || [];
    const canEdit = editable();
    if (a.ply !== noteFor) {
      flushComment();
      noteFor = a.ply;
      comment.value = a.comment || "";
    } else if (document.activeElement !== comment && !typed) {
      comment.value = a.comment || "";
    }
    noteTitle.replaceChildren();
    if (a.ply) {
      noteTitle.append(el("span", "swr-note-ply", `Move ${a.ply}`));
      noteTitle.append(el("span", "swr-note-who", names[a.player] || ""));
      noteTitle.append(el("code", "swr-note-move", a.move));
      if (a.mark) noteTitle.append(el("span", `swr-mark swr-mark-${markKind(a.mark)}`, a.mark));
    } else {
      noteTitle.append(el("span", "swr-note-ply", "The deal"));
    }
    noteText.textContent = a.ply ? a.text : "Step forward, pick a move in the list, or drag the slider.";
    for (const [m, b] of markButtons) {
      const on = a.mark === m;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("swr-on", on);
      b.disabled = !canEdit || a.ply < 1;
    }
    marks.hidden = !canEdit;
    comment.hidden = !canEdit;
    comment.disabled = a.ply < 1;
    if (a.ply < 1) comment.value = "";
    comment.placeholder = a.ply ? "Write a comment on this move…" : "Step to a move to write a comment on it.";
    // read-only text: the whole note in an exported page, the opening comment at the deal
    readOnlyComment.hidden = canEdit && !(a.ply < 1 && a.comment);
    readOnlyComment.textContent = a.comment || "No comment on this move.";
    readOnlyComment.classList.toggle("swr-empty", !a.comment);
    if (canEdit) {
      comment.dataset.annotation = "comment";
      delete readOnlyComment.dataset.annotation;
    } else {
      readOnlyComment.dataset.annotation = "comment";
      delete comment.dataset.annotation;
    }
  }

  function drawHeader() {
    const info = model.get("info") || {};
    const names = info.names || ["", ""];
    players.replaceChildren(
      el("span", "swr-name swr-p0", names[0]),
      el("span", "swr-vs", "v"),
      el("span", "swr-name swr-p1", names[1]),
    );
    const meta = [info.event, info.date].filter(Boolean).join(" · ");
    result.textContent = meta ? `${info.result} · ${meta}` : info.result || "";
    const games = info.games || [];
    gamePick.hidden = games.length < 2;
    if (gamePick.options.length !== games.length || [...gamePick.options].some((o, i) => o.textContent !== games[i].label)) {
      gamePick.replaceChildren(
        ...games.map((g, i) => {
          const o = el("option", "", g.label);
          o.value = String(i);
          return o;
        }),
      );
    }
    gamePick.value = String(info.game || 0);
    const seat = model.get("perspective");
    seats.hidden = info.editable === false;
    seats.replaceChildren(
      ...[
        ["", "Above", "both hands face up"],
        ["0", names[0], `from ${names[0]}'s seat`],
        ["1", names[1], `from ${names[1]}'s seat`],
      ].map(([v, label, words]) => {
        const b = el("button", "swr-seat", label);
        b.type = "button";
        b.dataset.perspective = v;
        b.title = `See the table ${words}`;
        const on = (seat === null || seat === undefined ? "" : String(seat)) === v;
        b.setAttribute("aria-pressed", on ? "true" : "false");
        return b;
      }),
    );
    const review = model.get("review") || {};
    reviewBtn.hidden = !info.review;
    reviewBtn.disabled = !!review.running;
    progress.hidden = !review.running;
    bar.max = Math.max(1, review.total || 1);
    bar.value = review.done || 0;
    barText.textContent = review.running ? `${review.done || 0} / ${review.total || 0}` : "";
    root.classList.toggle("swr-readonly", info.editable === false);
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
  const ALL = { table: drawTable, controls: updateControls, moves: drawMoves, note: drawNote, header: drawHeader, status: drawStatus };
  const WHAT = {
    table: ["table", "controls"],
    ply: ["controls", "moves"],
    length: ["controls", "moves"],
    moves: ["moves"],
    annotation: ["note"],
    info: ["header", "moves", "note"],
    status: ["status"],
    review: ["header"],
    perspective: ["header", "moves"],
  };
  const ORDER = ["header", "table", "controls", "moves", "note", "status"];
  const schedule = (trait) => () => {
    for (const j of WHAT[trait]) jobs.add(j);
    if (trait === "ply" && pending && pending.ply === model.get("ply")) pending = null;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const todo = ORDER.filter((j) => jobs.has(j));
      jobs.clear();
      for (const j of todo) ALL[j]();
    });
  };
  const handlers = TRAITS.map((t) => [t, schedule(t)]);
  for (const [t, h] of handlers) model.on(`change:${t}`, h);
  for (const j of ORDER) ALL[j]();

  return () => {
    stop();
    flushComment();
    for (const [t, h] of handlers) model.off(`change:${t}`, h);
  };
}

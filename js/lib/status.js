// The scoreboard, the buttons and the status line around a table.
import { ACTIONS } from "./protocol.js";
import { el } from "./cards.js";
import { t } from "./strings.js";

/**
 * Scoreboard and buttons; `onAction(name)` is called on a click. "Show my hand" (reveal) is
 * drawn only while it can act (a covered table of two players at one screen); with
 * `keepReveal` (such a table, uncovered) its room is kept, unseen, so that the buttons do not
 * wrap differently and move the whole table each time the cover goes on or off.
 */
export function renderHeader(score, actions, onAction, model = null, keepReveal = false) {
  const head = el("header", "sw-header");
  const board = el("div", "sw-score");
  board.setAttribute("aria-label", t(model, "score.label"));
  if (score && score.names) {
    score.names.forEach((name, i) => {
      const s = el("span", `sw-player-score${score.match_winner === i ? " sw-champion" : ""}`);
      s.append(el("span", "sw-score-name", name), el("b", "sw-score-num", String(score.scores[i])));
      // the "–" goes with the first score: a line the score wraps at ends with it
      if (i === 0) s.append(el("span", "sw-score-sep", "–"));
      board.append(s);
    });
    board.append(el("span", "sw-score-meta", t(model, "score.meta", { target: score.target, game: score.game })));
  }
  const buttons = el("div", "sw-buttons");
  for (const name of ACTIONS) {
    const room = name === "reveal" && !(actions && actions.reveal);
    if (room && !keepReveal) continue;
    const b = el("button", `sw-button sw-btn-${name}${room ? " sw-button-room" : ""}`, t(model, `action.${name}`));
    if (room) b.setAttribute("aria-hidden", "true");
    b.type = "button";
    b.dataset.action = name;
    b.disabled = !(actions && actions[name]);
    b.addEventListener("click", () => onAction(name));
    buttons.append(b);
  }
  head.append(board, buttons);
  return head;
}

/**
 * The status line: `data-status`, what the player is told now. It is redrawn with the table,
 * so it is not itself a live region (a screen reader misses a region inserted with its
 * words): `renderLive` makes the one that speaks.
 */
export function renderStatus(status) {
  const line = el("div", `sw-status sw-status-${(status && status.kind) || "info"}`);
  line.dataset.status = "";
  line.textContent = (status && status.text) || "";
  return line;
}

/**
 * The screen-reader live region (`data-live`, aria-live="polite"): made once per view and
 * never redrawn, so every `announce` is read out. Visually hidden.
 */
export function renderLive() {
  const live = el("div", "sw-live");
  live.dataset.live = "";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  return live;
}

/** Say `words` in the live region (the same words twice are still read twice). */
export function announce(live, words) {
  if (!live || !words) return;
  // a trailing no-break space makes a repeat a change, so it is read again
  live.textContent = live.textContent === words ? `${words}\u00a0` : words;
}

/** Change the status line's words in place (for what the browser itself says). */
export function setStatus(line, text, kind = "info") {
  line.className = `sw-status sw-status-${kind}`;
  line.textContent = text;
}

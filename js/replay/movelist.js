// The move list: moves in RULES.md notation, grouped by turn and player, marks shown,
// the current ply highlighted and kept in view (scrolling the list only, never the page).
import { cardWords, el } from "../lib/cards.js";
import { t } from "../lib/strings.js";
import { markKind, markWord } from "./protocol.js";
import { focusedIn } from "../lib/keys.js";

const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

/** "H:7s>S4" as text, with the card coloured by its suit (the text stays the notation). */
function notation(move) {
  const span = el("span", "swr-san");
  const m = /^([^:]+:)(..)(>.+)$/.exec(move);
  if (!m) {
    span.textContent = move;
    return span;
  }
  const card = el("span", `swr-san-card ${"hd".includes(m[2][1]) ? "swr-red" : "swr-black"}`, m[2]);
  card.title = m[2][0] === "T" ? `10${SUIT_SYMBOLS[m[2][1]]}` : m[2][0] + SUIT_SYMBOLS[m[2][1]];
  span.append(m[1], card, m[3]);
  return span;
}

/** A move's name for a screen reader, in words first: "move 11, Bo: four of spades on side
 * stack 1; H:4s>S1" (the notation alone was read out letter by letter). */
function moveWords(m, names) {
  const p = /^([^:]+):(..)>(.+)$/.exec(m.move);
  if (!p) return t(null, "replay.move", { ply: m.ply, move: m.move });
  const values = {
    ply: m.ply,
    name: names[m.player] || t(null, "replay.player", { number: m.player + 1 }),
    card: cardWords(p[2]),
    pile: t(null, `pile.${p[3]}`),
    source: t(null, `pile.${p[1]}`),
  };
  const key = p[1] === "H" ? "replay.move.words" : p[1] === "P" ? "replay.move.words.payoff" : "replay.move.words.side";
  // the notation last: the name holds the text the button shows (WCAG's label in name, for
  // voice control), after the words a listener wants first (not in parentheses, which
  // checkers of that rule, axe among them, read past)
  const said = `${t(null, key, values)}; ${m.move}`;
  return m.line ? t(null, "replay.move.in-line", { move: said }) : said;
}

/** The key of a node of the move tree: its line and its ply. */
export const nodeKey = (line, ply) => `${JSON.stringify(line || [])}:${ply}`;

export class MoveList {
  /** @param {(line: number[][], ply: number) => void} onPick */
  constructor(onPick) {
    this.box = el("div", "swr-movelist");
    this.box.setAttribute("role", "navigation");
    this.box.setAttribute("aria-label", t(null, "replay.moves"));
    this.list = el("ol", "swr-turns");
    this.box.append(this.list);
    this.items = new Map();
    this.current = null;
    this.observer = null; // watches the list's size to keep the move shown in view (see reveal)
    this.box.addEventListener("click", (e) => {
      const b = e.target.closest("[data-ply]");
      if (b && this.box.contains(b)) onPick(b.dataset.line ? JSON.parse(b.dataset.line) : [], Number(b.dataset.ply));
    });
    // ↑ and ↓ go through the list's moves as they are listed, side lines included, without
    // stepping (← and → step the replay along its line); Enter or Space steps to the one
    // focused, as a click does: the keyboard's way into a side line
    this.box.addEventListener("keydown", (e) => {
      if ((e.key !== "ArrowUp" && e.key !== "ArrowDown") || e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = [...this.box.querySelectorAll(".swr-move")];
      const at = moves.indexOf(e.target);
      if (at < 0) return;
      e.preventDefault();
      e.stopPropagation();
      const next = moves[at + (e.key === "ArrowDown" ? 1 : -1)];
      if (!next) return;
      next.focus({ preventScroll: true });
      this.scrollTo(next); // the list only, never the page
    });
  }

  /** One move's button (a main-line or a side-line move). */
  button(m, names) {
    const b = el("button", m.line ? "swr-move swr-move-side" : "swr-move");
    b.type = "button";
    b.tabIndex = -1; // one Tab stop for the whole list: the move shown (see highlight)
    b.dataset.ply = String(m.ply);
    if (m.line) b.dataset.line = JSON.stringify(m.line);
    b.append(notation(m.move));
    let label = moveWords(m, names);
    if (m.mark) {
      const mk = el("span", `swr-mark swr-mark-${markKind(m.mark)}`, m.mark);
      mk.title = markWord(m.mark);
      b.append(mk);
      label += t(null, "replay.move.marked", { mark: markWord(m.mark) || m.mark });
    }
    if (m.comment) {
      const c = el("span", "swr-has-comment");
      c.setAttribute("aria-hidden", "true");
      c.title = t(null, "replay.move.has-comment");
      b.append(c);
      label += t(null, "replay.move.commented");
    }
    b.setAttribute("aria-label", label);
    this.items.set(nodeKey(m.line, m.ply), b);
    return b;
  }

  /** The side lines that replace a move: one block each, nested the same way. */
  lines(lines, names) {
    const box = el("div", "swr-lines");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t(null, `replay.lines.${lines.length === 1 ? "one" : "other"}`, { count: lines.length }));
    for (const side of lines) {
      if (!side.length) continue;
      const line = el("div", `swr-line swr-p${side[0].player}`);
      line.dataset.line = JSON.stringify(side[0].line);
      let player = -1;
      for (const m of side) {
        if (m.player !== player) {
          player = m.player;
          // the turn's label and its first move wrap together ("11. Ada" ended a row alone)
          const start = el("span", "swr-line-start");
          start.append(el("span", `swr-line-who swr-p${m.player}`, `${m.turn}. ${names[m.player] || ""}`));
          start.append(this.button(m, names));
          line.append(start);
        } else {
          line.append(this.button(m, names));
        }
        if (m.lines) line.append(this.lines(m.lines, names));
      }
      box.append(line);
    }
    return box;
  }

  /**
   * @param {import("./protocol.js").MoveEntry[]} moves  the main line (from above, with its
   *   side lines nested), or the cursor's line up to the cursor (from a seat)
   * @param {string[]} names
   * @param {number} length  moves in the cursor's line (more than `moves.length` from a seat)
   * @param {number | null} seat
   */
  render(moves, names, length, seat) {
    this.items.clear();
    this.current = null;
    const out = [];
    let li = null;
    let row = null;
    let turn = -1;
    let side = false;
    for (const m of moves) {
      const inLine = !!m.line;
      if (m.turn !== turn || inLine !== side) {
        turn = m.turn;
        side = inLine;
        li = el("li", `swr-turn swr-p${m.player}${inLine ? " swr-turn-side" : ""}`);
        li.dataset.turn = String(m.turn);
        const head = el("div", "swr-turn-head");
        head.append(el("span", "swr-turn-no", String(m.turn)), el("span", "swr-who", names[m.player] || t(null, "replay.player", { number: m.player + 1 })));
        row = el("div", "swr-turn-moves");
        // a turn of the line the cursor is on (from a seat) says so in words of the widget's
        // language, at the head of its moves: in the name column it widened that column
        if (inLine) row.append(el("span", "swr-turn-side-label", t(null, "replay.note.side")));
        li.append(head, row);
        out.push(li);
      }
      if (!row) {
        row = el("div", "swr-turn-moves");
        li.append(row);
      }
      row.append(this.button(m, names));
      if (m.lines && m.lines.length) {
        // the side lines get a row of their own across the turn (CSS), and the turn's next
        // moves, if any, a new row in the moves column: in the name column the block widened it
        li.append(this.lines(m.lines, names));
        row = null;
      }
    }
    if (length > moves.length) {
      const more = length - moves.length;
      out.push(el("li", "swr-hidden-moves", t(null, `replay.more.${more === 1 ? "one" : "other"}`, { count: more })));
    }
    if (!length && !moves.length) out.push(el("li", "swr-hidden-moves", t(null, "replay.no-moves")));
    this.list.replaceChildren(...out);
  }

  /** Highlight the move that led to ply `ply` of `line` and scroll the list (only the list) to it. */
  highlight(line, ply) {
    const active = focusedIn(this.box);
    const hadFocus = !!active && this.box.contains(active) && active.classList.contains("swr-move");
    for (const item of this.items.values()) item.tabIndex = -1;
    if (this.current) {
      this.current.classList.remove("swr-current");
      this.current.removeAttribute("aria-current");
    }
    const b = this.items.get(nodeKey(line, ply)) || null;
    this.current = b;
    // the list is reached with Tab at the move shown (at the deal, at the first move);
    // the arrow keys step the replay from there, and the focus follows the move shown
    const stop = b || this.items.values().next().value || null;
    if (stop) {
      stop.tabIndex = 0;
      if (hadFocus && stop !== active) stop.focus({ preventScroll: true });
    }
    if (!b) {
      if (ply === 0) this.box.scrollTop = 0;
      return;
    }
    b.classList.add("swr-current");
    b.setAttribute("aria-current", "step");
    this.reveal();
  }

  /**
   * Scroll the list (only the list, never the page) so that the current move is in view. A
   * list with no height yet (drawn before it was in the page, as a notebook's output is, or
   * in a hidden output) is scrolled once it is laid out, and a list the page later narrows
   * or widens (a panel resized, a phone turned) is scrolled again: a ResizeObserver watches
   * the list's box for both.
   */
  reveal() {
    const b = this.current;
    if (!b) return;
    this.watchSize();
    this.scrollTo(b);
  }

  /** Scroll the list (only the list) so that move button `b` is in view. */
  scrollTo(b) {
    const box = this.box.getBoundingClientRect();
    if (!box.height) return;
    const r = b.getBoundingClientRect();
    const pad = 28;
    // from a seat the list stops at the move shown, with a line saying how many moves are to
    // come: keep that line in view under the move too (it was cut at the list's bottom)
    const tail = this.list.querySelector(":scope > .swr-hidden-moves");
    const tailBottom = tail ? tail.getBoundingClientRect().bottom : r.bottom;
    const bottom = tailBottom - r.top <= box.height - 2 * pad ? Math.max(r.bottom, tailBottom) : r.bottom;
    if (r.top < box.top + pad) this.box.scrollTop -= box.top + pad - r.top;
    else if (bottom > box.bottom - pad) this.box.scrollTop += bottom - (box.bottom - pad);
  }

  watchSize() {
    if (this.observer || typeof ResizeObserver === "undefined") return;
    let last = "";
    this.observer = new ResizeObserver(() => {
      const { width, height } = this.box.getBoundingClientRect();
      const size = `${Math.round(width)}x${Math.round(height)}`;
      if (size === last) return;
      last = size;
      if (height) this.reveal();
    });
    this.observer.observe(this.box);
  }

  stopWatching() {
    if (this.observer) this.observer.disconnect();
    this.observer = null;
  }

  /** Stop watching the list's size (the view is torn down). */
  destroy() {
    this.stopWatching();
  }
}

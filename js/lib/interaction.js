// Playing on a drawn table: select a card, see where it may go, put it there.
// Mouse, drag and drop, and keyboard all go through `activate(element)`.
// No rule lives here: the legal moves come from Python, and a move to a pile that is not
// lit is still sent, so that Python answers with the engine's reason.

import { cardDisplay, cardWords } from "./cards.js";
import { splitMove } from "./protocol.js";
import { t } from "./strings.js";

const OWN_SOURCES = ["P", "S1", "S2", "S3", "S4"];

/** ["C1", "S2"] -> "center stack 1 or side stack 2" (in the widget's language) */
function pilesInWords(model, keys) {
  const words = keys.map((k) => t(model, `pile.${k}`));
  if (words.length < 2) return words.join("");
  return t(model, "list.or", { items: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

export class Interaction {
  /**
   * @param {HTMLElement} host  the widget root (keyboard and pointer events are caught here)
   * @param {{send: (source: string, card: string, target: string) => void,
   *          say: (text: string, kind?: string, words?: string) => void, first?: () => string}} io
   *        `say`'s `words`: the same with cards named in words, for screen readers; `first`:
   *        what to say when a pile is clicked before a card ("Pick one of your cards first")
   */
  constructor(host, io) {
    this.host = host;
    this.io = io;
    this.selected = null; // {source, card, nth}: nth tells two equal hand cards apart
    this.focusKey = null;
    this.stopKey = null; // the pile or card that is the table's Tab stop (see rememberFocus)
    this.seq = -1;
    this.moves = new Map(); // "H:7h" -> Set of targets
    this.blocked = "";
    this.touch = false; // the last pick was a tap: the status says how to cancel without Escape
    this.onPointer = (e) => {
      this.touch = e.pointerType === "touch";
    };
    this.onClick = (e) => this.click(e);
    this.onKey = (e) => this.key(e);
    this.onDragStart = (e) => this.dragStart(e);
    this.onDragOver = (e) => {
      if (this.selected && e.target.closest && e.target.closest("[data-pile]")) e.preventDefault();
    };
    this.onDrop = (e) => this.drop(e);
    // a drag let go off every pile puts the card back, as Escape does (a drop on a pile,
    // even a refused one, was answered already)
    this.onDragEnd = (e) => {
      if (this.selected && e.dataTransfer && e.dataTransfer.dropEffect === "none") this.cancel();
    };
    host.addEventListener("pointerdown", this.onPointer);
    host.addEventListener("click", this.onClick);
    host.addEventListener("keydown", this.onKey);
    host.addEventListener("dragstart", this.onDragStart);
    host.addEventListener("dragover", this.onDragOver);
    host.addEventListener("drop", this.onDrop);
    host.addEventListener("dragend", this.onDragEnd);
  }

  destroy() {
    const h = this.host;
    h.removeEventListener("pointerdown", this.onPointer);
    h.removeEventListener("click", this.onClick);
    h.removeEventListener("keydown", this.onKey);
    h.removeEventListener("dragstart", this.onDragStart);
    h.removeEventListener("dragover", this.onDragOver);
    h.removeEventListener("drop", this.onDrop);
    h.removeEventListener("dragend", this.onDragEnd);
  }

  /**
   * Decorate a freshly drawn board.
   * @param {{board: HTMLElement, piles: Map<string, HTMLElement>}} drawn
   * @param {import("./protocol.js").TableView} table
   * @param {string[]} legal
   * @param {{hint?: string, blocked?: string}} extra  blocked: why nothing may be played now ("" if it may)
   */
  update(drawn, table, legal, extra = {}) {
    this.drawn = drawn;
    this.table = table;
    this.blocked = extra.blocked || "";
    this.moves = new Map();
    for (const m of legal) {
      const p = splitMove(m);
      if (!p) continue;
      const key = `${p.source}:${p.card}`;
      if (!this.moves.has(key)) this.moves.set(key, new Set());
      this.moves.get(key).add(p.target);
    }
    if (table.seq !== this.seq) {
      this.seq = table.seq;
      this.selected = null;
    }
    const { piles } = drawn;
    // sources: the bottom player's hand cards, pay-off top and side-stack tops
    const hand = piles.get("H");
    if (hand) for (const c of hand.querySelectorAll(".sw-face")) this.markSource(c, "H", c.dataset.card);
    for (const key of OWN_SOURCES) {
      const p = piles.get(key);
      const cards = p ? p.querySelectorAll(".sw-face") : [];
      const top = cards[cards.length - 1];
      if (top) this.markSource(top, key, top.dataset.card);
    }
    // every pile and every hand card can take the keyboard focus (the arrows move it); one of
    // them is in the Tab order (restoreFocus), and the buttons stay in it as buttons are
    for (const c of this.focusables()) if (!c.dataset.action) c.tabIndex = -1;
    if (extra.hint) this.markHint(extra.hint);
    if (this.selected && !this.sourceElement(this.selected)) this.selected = null;
    this.paintSelection();
    this.restoreFocus();
  }

  markSource(card, source, code) {
    card.dataset.source = source;
    const toggle = this.toggleOf(card); // a card you can pick up: pressed while selected
    toggle.setAttribute("role", "button");
    toggle.setAttribute("aria-pressed", "false");
    const playable = this.moves.has(`${source}:${code}`);
    card.classList.toggle("sw-playable", playable);
    card.draggable = !this.blocked;
  }

  markHint(move) {
    const p = splitMove(move);
    if (!p) return;
    const src = this.sourceElement({ source: p.source, card: p.card });
    const tgt = this.drawn.piles.get(p.target);
    if (src) src.classList.add("sw-hint");
    if (tgt) tgt.classList.add("sw-hint-target");
  }

  /** Elements the arrow keys move between, in reading order: piles, buttons and the cards of
   * the hand being played (the bottom one, or the mover's own wherever it is drawn). */
  focusables() {
    const hand = this.drawn && this.drawn.piles.get("H");
    return [...this.host.querySelectorAll("[data-pile], .sw-face, [data-action]")].filter(
      (x) => !x.disabled && (!x.matches(".sw-face") || x.closest("[data-pile]") === hand),
    );
  }

  /** The name the moves use for a pile element: its `data-pile`, unless the drawn board names
   * it otherwise (a replay seen from above, the player at the top to move: their piles are
   * played as H, P, S1..S4 while the page keeps saying where they sit). */
  pileName(el) {
    const named = this.drawn && this.drawn.names && this.drawn.names.get(el);
    return named || el.dataset.pile;
  }

  /** The focused element, also where the widget lives in a shadow root (marimo draws it there). */
  activeElement() {
    const root = this.host.getRootNode();
    return (root && root.activeElement) || document.activeElement;
  }

  /** Call before the board is replaced: remembers whether the keyboard focus was on it. */
  beforeRender() {
    const active = this.activeElement();
    this.wantFocus = this.host.contains(active) && active !== this.host;
  }

  /**
   * The toggle button that shows as pressed while `card` (a source) is held: a hand card is
   * its own; a pile's top card is picked up from the pile, which is what the keyboard
   * focuses (the arrows go from pile to pile), so the pile is the button, named with its top
   * card, and the card in it stays a picture (no button inside a button).
   */
  toggleOf(card) {
    return (card.dataset.source !== "H" && card.closest("[data-pile]")) || card;
  }

  /** Which of the hand's cards equal to `card` it is (0 for the first): two 4♣ play the
   * same move, but the one picked up is the one shown and heard as picked up. */
  nthOf(card) {
    if (card.dataset.source !== "H") return 0;
    const hand = this.drawn && this.drawn.piles.get("H");
    const same = hand ? [...hand.querySelectorAll(`.sw-face[data-card="${card.dataset.card}"]`)] : [];
    return Math.max(0, same.indexOf(card));
  }

  sourceElement(sel) {
    const { piles } = this.drawn;
    if (sel.source === "H") {
      const hand = piles.get("H");
      const same = hand ? hand.querySelectorAll(`.sw-face[data-card="${sel.card}"]`) : [];
      return same[sel.nth || 0] || same[0] || null;
    }
    const p = piles.get(sel.source);
    const cards = p ? p.querySelectorAll(".sw-face") : [];
    const top = cards[cards.length - 1];
    return top && top.dataset.card === sel.card ? top : null;
  }

  paintSelection() {
    for (const e of this.host.querySelectorAll(".sw-selected")) {
      e.classList.remove("sw-selected");
      const toggle = this.toggleOf(e);
      if (toggle.hasAttribute("aria-pressed")) toggle.setAttribute("aria-pressed", "false");
    }
    for (const e of this.host.querySelectorAll(".sw-target")) e.classList.remove("sw-target");
    this.host.classList.toggle("sw-selecting", !!this.selected);
    if (!this.selected) return;
    const src = this.sourceElement(this.selected);
    if (src) {
      src.classList.add("sw-selected");
      this.toggleOf(src).setAttribute("aria-pressed", "true");
    }
    const targets = this.moves.get(`${this.selected.source}:${this.selected.card}`) || new Set();
    for (const t of targets) {
      const p = this.drawn.piles.get(t);
      if (p) p.classList.add("sw-target");
    }
  }

  select(source, card, nth = 0) {
    this.selected = { source, card, nth };
    this.paintSelection();
    const targets = [...(this.moves.get(`${source}:${card}`) || [])];
    const m = this.io.model || null;
    const shown = cardDisplay(card);
    const named = cardWords(card, m);
    const said = (key, values) => {
      const text = t(m, this.touch ? `${key}.touch` : key, values);
      return text.charAt(0).toUpperCase() + text.slice(1);
    };
    if (targets.length)
      this.io.say(
        said("select.text", { card: shown, piles: targets.join(", ") }),
        "info",
        said("select.words", { card: named, piles: pilesInWords(m, targets) }),
      );
    else
      this.io.say(said("select.none.text", { card: shown }), "info", said("select.none.words", { card: named }));
  }

  cancel() {
    if (!this.selected) return;
    this.selected = null;
    this.paintSelection();
    this.io.say(t(this.io.model || null, "select.cancelled"), "info");
  }

  place(target) {
    const sel = this.selected;
    if (!sel) return;
    this.selected = null;
    this.paintSelection();
    this.io.send(sel.source, sel.card, target);
  }

  /** The one action behind a click, Enter or Space, and a drop. */
  activate(target, asDrop = false) {
    if (!this.drawn) return;
    const action = target.closest("[data-action]");
    if (action) return; // buttons handle themselves
    let card = target.closest("[data-source]");
    const pileEl = target.closest("[data-pile]");
    if (!pileEl) return;
    const pile = this.pileName(pileEl);
    let buried = null; // a card under a side stack's top, clicked: only the top plays
    if (!card && OWN_SOURCES.includes(pile)) {
      const tops = pileEl.querySelectorAll("[data-source]");
      card = tops[tops.length - 1] || null; // a pile stands for its top card
      const face = target.closest(".sw-face");
      if (card && face && face !== card && pileEl.contains(face)) buried = face;
    }
    if (this.blocked) {
      this.io.say(this.blocked, "error");
      return;
    }
    if (this.selected) {
      const targets = this.moves.get(`${this.selected.source}:${this.selected.card}`) || new Set();
      if (targets.has(pile) || asDrop) return this.place(pile);
      // (with a card held, a click anywhere on a pile is about that pile, buried cards and all)
      if (card) {
        const same =
          card.dataset.source === this.selected.source &&
          card.dataset.card === this.selected.card &&
          this.nthOf(card) === (this.selected.nth || 0);
        if (same) return this.cancel();
        if (this.moves.has(`${card.dataset.source}:${card.dataset.card}`))
          return this.select(card.dataset.source, card.dataset.card, this.nthOf(card));
      }
      return this.place(pile); // not lit: Python explains why not
    }
    if (buried) return this.sayBuried(buried, card);
    if (card) return this.select(card.dataset.source, card.dataset.card, this.nthOf(card));
    const m = this.io.model || null;
    if (pile === "H" || OWN_SOURCES.includes(pile)) this.io.say(t(m, "select.empty"), "info");
    else if (pile.startsWith("O-")) {
      const name = this.ownerName(pileEl);
      this.io.say(this.io.theirs ? this.io.theirs(name) : t(m, "select.theirs", { name }), "info");
    }
    else this.io.say(this.io.first ? this.io.first() : t(m, "select.first"), "info");
  }

  /** A card under the top of a side stack was clicked: nothing is picked up, and the status
   * says which card is the one that plays (a click elsewhere on the stack picks that one). */
  sayBuried(face, top) {
    const m = this.io.model || null;
    const said = (show) =>
      t(m, "select.buried", { card: show(face.dataset.card, m), top: show(top.dataset.card, m) });
    this.io.say(said(cardDisplay), "info", said(cardWords));
  }

  /** The name of the player whose seat holds `pileEl` (for "Those are Bo's cards"). */
  ownerName(pileEl) {
    const seat = pileEl.closest("[data-seat]");
    const seats = (this.table && this.table.seats) || [];
    const owner = seat ? seats[Number(seat.dataset.seat)] : null;
    return owner ? owner.name : "";
  }

  click(e) {
    if (!(e.target instanceof Element) || e.target.closest("[data-action]")) return;
    const t = e.target.closest("[data-pile], .sw-face");
    if (!t) return;
    this.rememberFocus(t.closest("[data-source]") || t.closest("[data-pile]"));
    this.activate(e.target);
  }

  dragStart(e) {
    const card = e.target instanceof Element && e.target.closest("[data-source]");
    if (!card || this.blocked) {
      e.preventDefault();
      return;
    }
    this.selected = null;
    this.select(card.dataset.source, card.dataset.card, this.nthOf(card));
    if (e.dataTransfer) {
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", `${card.dataset.source}:${card.dataset.card}`);
    }
  }

  drop(e) {
    const pileEl = e.target instanceof Element && e.target.closest("[data-pile]");
    if (!pileEl || !this.selected) return;
    e.preventDefault();
    this.activate(pileEl, true);
  }

  key(e) {
    const k = e.key;
    const t = e.target instanceof Element ? e.target : null;
    if (!t || t.closest("[data-action]") && (k === "Enter" || k === " ")) return; // a button's own press
    this.touch = false;
    if (k === "Escape") {
      this.cancel();
    } else if (k === "Enter" || k === " ") {
      if (!t.closest("[data-pile]")) return;
      this.rememberFocus(t);
      this.activate(t);
    } else if (k.startsWith("Arrow")) {
      this.moveFocus(t, k);
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /**
   * Move the keyboard focus to the nearest pile, card or button in the arrow's direction, by
   * what is seen: a pile is where its cards are (its caption left out). Up and Down go to the
   * row above or below (the nearest element there decides which row that is) and, in it, to
   * what overlaps this one sideways, else to what is nearest sideways. Left and Right stay in
   * this row (what overlaps it up and down) and never wrap to another one: at the row's end
   * the focus stays. A hand of cards is reached card by card, not as a whole.
   */
  moveFocus(from, key) {
    const items = this.focusables().filter((x) => x.getClientRects().length);
    if (!items.length) return;
    if (from === this.host) {
      // the focus waits on the table while the other player moves (see the table's draw): an
      // arrow leaves it waiting; once it may play, an arrow goes to its Tab stop, its own pile
      if (!this.blocked) this.focusStop();
      return;
    }
    if (!items.includes(from)) {
      this.rememberFocus(items[0]);
      this.focusEl(items[0]);
      return;
    }
    // a pile that holds focusable cards (a hand) is entered by its first card
    const inner = items.filter((x) => x !== from && from.contains(x));
    if (inner.length && key === "ArrowRight") {
      this.rememberFocus(inner[0]);
      this.focusEl(inner[0]);
      return;
    }
    const seen = (x) => {
      const body = x.matches("[data-pile]") && x.querySelector(":scope > :not(.sw-caption)");
      return (body || x).getBoundingClientRect();
    };
    const r = seen(from);
    const cx = (q) => q.left + q.width / 2;
    const cy = (q) => q.top + q.height / 2;
    const overlap = (a0, a1, b0, b1) => Math.min(a1, b1) - Math.max(a0, b0);
    const apart = (a0, a1, b0, b1) => Math.max(0, b0 - a1, a0 - b1); // 0 if they overlap
    const candidates = [];
    for (const x of items) {
      if (x === from || x.contains(from) || from.contains(x)) continue;
      if (items.some((y) => y !== x && x.contains(y))) continue; // a hand with cards: its cards
      candidates.push({ x, q: seen(x) });
    }
    let next = null;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const sign = key === "ArrowRight" ? 1 : -1;
      let best = Infinity;
      for (const { x, q } of candidates) {
        if (overlap(r.top, r.bottom, q.top, q.bottom) <= 0) continue; // another row
        const dx = (cx(q) - cx(r)) * sign;
        if (dx <= 1) continue;
        const score = dx + Math.abs(cy(q) - cy(r)) * 0.01;
        if (score < best) {
          best = score;
          next = x;
        }
      }
    } else if (key === "ArrowUp" || key === "ArrowDown") {
      const up = key === "ArrowUp";
      // wholly on that side of this element (a little slack for a lifted card or a ring)
      const gap = (q) => (up ? r.top - q.bottom : q.top - r.bottom);
      const ahead = candidates.filter(({ q }) => gap(q) >= -4 && (up ? cy(q) < r.top : cy(q) > r.bottom));
      if (ahead.length) {
        const nearest = ahead.reduce((a, b) => (gap(b.q) < gap(a.q) ? b : a));
        const band = nearest.q;
        const row = ahead.filter(({ q }) => overlap(band.top, band.bottom, q.top, q.bottom) > 0);
        let best = Infinity;
        for (const { x, q } of row) {
          const score = apart(r.left, r.right, q.left, q.right) * 1000 + Math.abs(cx(q) - cx(r));
          if (score < best) {
            best = score;
            next = x;
          }
        }
      }
    }
    if (next) {
      this.rememberFocus(next);
      this.focusEl(next);
    }
  }

  /** What the focus is remembered by, across redraws: a pile (or a hand card) as drawn, by
   * its `data-pile`, not by the name moves give it, which a replay seen from above gives the
   * top seat's piles while that player moves (their S1 was the bottom seat's S1 once the turn
   * passed, and the focus jumped there). */
  focusKeyOf(x) {
    if (x.dataset.action) return `action:${x.dataset.action}`;
    const p = x.closest("[data-pile]");
    if (x.dataset.source === "H") return `${p ? p.dataset.pile : "H"}:${x.dataset.card}:${this.nthOf(x)}`;
    return p ? `pile:${p.dataset.pile}` : null;
  }

  rememberFocus(x) {
    if (!x) return;
    this.focusKey = this.focusKeyOf(x);
    // the table's one Tab stop: the last pile or card visited (a button is a Tab stop of its own)
    if (!x.dataset.action) this.stopKey = this.focusKey;
  }

  focusEl(x) {
    if (!x.dataset.action) {
      for (const e of this.host.querySelectorAll("[tabindex='0']")) if (e !== x && !e.dataset.action) e.tabIndex = -1;
      x.tabIndex = 0;
    }
    x.focus({ preventScroll: false });
  }

  /** The pile or card that is the table's Tab stop: the one last visited, else the hand. */
  stopElement() {
    const items = this.focusables();
    const find = (key) => (key && items.find((x) => this.focusKeyOf(x) === key)) || null;
    const target = find(this.focusKey);
    // after an arrow onto a button the table keeps its Tab stop, where the focus left it
    const stop = target && !target.dataset.action ? target : find(this.stopKey);
    return stop || this.drawn.piles.get("H")?.querySelector(".sw-face") || this.drawn.piles.get("H") || null;
  }

  /** Give the focus back to the table's Tab stop (after it waited elsewhere, see the table). */
  focusStop() {
    const x = this.drawn && this.stopElement();
    if (!x) return;
    x.tabIndex = 0;
    x.focus({ preventScroll: true });
  }

  restoreFocus() {
    const items = this.focusables();
    let target = null;
    if (this.focusKey) target = items.find((x) => this.focusKeyOf(x) === this.focusKey) || null;
    const entry = this.stopElement();
    if (entry) entry.tabIndex = 0;
    // the focus waiting on the table itself (the other player moving) stays there: the
    // table drawn again is not a reason to take it to a pile (see the table's draw)
    const active = this.activeElement();
    const hadFocus = (this.host.contains(active) && active !== this.host) || this.wantFocus;
    if (target && hadFocus && !target.dataset.action) target.focus({ preventScroll: true });
  }
}

// The table drawing: any TableView payload -> DOM, with no interaction at all.
// A replay or a lesson widget draws its positions with `renderTable` too (both hands face
// up when the payload carries both), and adds its own controls around it.

import { cardBack, cardFace, cardWords, el, emptySlot, markNew, rankShow } from "./cards.js";
import { screenPile, splitMove } from "./protocol.js";
import { englishLabel, t } from "./strings.js";

const FAN_ROWS = 10; // the cards of one column of a side stack's fan (9 steps: styles.css)

// A label Python sent (it owns every word, plurals included), else the English fallback.
function told(labels, key, fallback) {
  return labels && typeof labels[key] === "string" ? labels[key] : fallback();
}

function pile(key, cls, label) {
  const p = el("div", `sw-pile ${cls}`);
  p.dataset.pile = key;
  p.setAttribute("aria-label", label);
  p.setAttribute("role", "group");
  return p;
}

/** An unseen pile as tall as a side stack whose fan takes `steps` steps, and as wide as
 * `columns` more columns of such a fan (none: zero-wide). */
function room(steps, columns = 0) {
  const ghost = el("div", "sw-pile sw-room");
  ghost.setAttribute("aria-hidden", "true");
  const fan = el("div", "sw-fan");
  fan.style.setProperty("--sw-steps", String(steps)); // styles.css sizes a fan by its steps alone
  fan.style.setProperty("--sw-cols", String(columns + 1));
  ghost.append(fan, caption("S"));
  return ghost;
}

/** How many columns a side stack of `n` cards fans in (see sidePile). */
function fanColumns(n) {
  return Math.max(Math.ceil(n / FAN_ROWS), 1);
}

/**
 * A pile's caption ("S1") and its count of cards. `drawn`: drawn by CSS
 * (`[data-glyph]::before`), not text, as a card's corner is (cards.js): a pay-off pile or a
 * side stack you can pick a card up from is a button (interaction.js), and as text the caption
 * would be that button's visible label, which its name would have to repeat (WCAG 2.5.3,
 * label in name): "S1" is not in "your side stack 1: ...".
 */
function caption(text, drawn = false) {
  const c = el("div", "sw-caption", drawn ? undefined : text);
  if (drawn) c.dataset.glyph = text;
  c.setAttribute("aria-hidden", "true");
  return c;
}

function count(n, drawn = false) {
  const c = el("span", "sw-count", drawn ? undefined : String(n));
  if (drawn) c.dataset.glyph = String(n);
  c.setAttribute("aria-hidden", "true");
  return c;
}

function payoffPile(seat, key, owner) {
  const label = told(seat.labels, "payoff", () =>
    englishLabel("payoff", { owner, n: seat.payoff_count, top: seat.payoff_top && cardWords(seat.payoff_top) }));
  const p = pile(key, "sw-payoff", label);
  const stack = el("div", "sw-stack");
  if (seat.payoff_count > 1) stack.append(el("div", "sw-under"));
  stack.append(seat.payoff_top ? cardFace(seat.payoff_top) : emptySlot(""));
  stack.append(count(seat.payoff_count, true));
  p.append(stack, caption(t(null, "caption.payoff"), true));
  return p;
}

/**
 * A side stack fans its cards down, each covered card showing its index. A column fans at
 * most FAN_ROWS cards (styles.css tightens its steps as it grows, down to the height of an
 * index), so that the table keeps within a laptop screen; a taller stack goes on in a
 * second column (a third...) laid over the first one's right side, which leaves the first
 * column's indexes in view. The newest cards fill the last column, the top card last.
 */
function sidePile(cards, key, name, owner, told_) {
  const label = told_ || englishLabel("side", { owner, number: name.slice(1), cards: cards.map((c) => cardWords(c)) });
  const p = pile(key, "sw-side", label);
  const fan = el("div", "sw-fan");
  const n = cards.length;
  const cols = fanColumns(n);
  const rows = Math.ceil(n / cols);
  const first = n - rows * (cols - 1); // the oldest column holds what the others leave
  fan.style.setProperty("--sw-steps", String(Math.max(rows - 1, 0)));
  fan.style.setProperty("--sw-cols", String(cols));
  if (!n) fan.append(emptySlot(""));
  cards.forEach((c, i) => {
    const card = cardFace(c);
    const col = i < first ? 0 : 1 + Math.floor((i - first) / rows);
    card.style.setProperty("--i", String(i < first ? i : (i - first) % rows));
    if (col) card.style.setProperty("--j", String(col));
    fan.append(card);
  });
  p.append(fan, caption(t(null, "caption.side", { number: name.slice(1) }), true));
  return p;
}

const HAND_SIZE = 5;

function handPile(seat, key, owner, drawn = null) {
  const shown = Array.isArray(seat.hand);
  const n = shown ? seat.hand.length : seat.hand_count;
  const label = told(seat.labels, "hand", () =>
    englishLabel("hand", { owner, n, cards: shown ? seat.hand.map((c) => cardWords(c)) : null }));
  const p = pile(key, `sw-hand ${shown ? "sw-hand-up" : "sw-hand-down"}`, label);
  const row = el("div", "sw-hand-cards");
  if (!shown) {
    // unseen room for the cards a full hand holds: a face-down hand keeps one width as it
    // shrinks, or a hand of four fits beside the side stacks where five did not and the rows
    // below jump up, then down again at the next draw
    for (let i = Math.max(n, 1); i < HAND_SIZE; i++) {
      const room = el("div", "sw-card sw-hand-room");
      room.setAttribute("aria-hidden", "true");
      row.append(room);
    }
  }
  if (!n) row.append(emptySlot(""));
  // the cards just drawn are marked, unless the whole hand is: a turn that kept some
  // cards shows which are new (the draw lesson is about them)
  const fresh = shown && Array.isArray(drawn) && drawn.length < n ? new Set(drawn) : new Set();
  if (shown)
    seat.hand.forEach((c, i) => {
      const card = cardFace(c);
      if (fresh.has(i)) markNew(card, t(null, "card.new", { card: cardWords(c) }));
      row.append(card);
    });
  else for (let i = 0; i < n; i++) row.append(cardBack());
  if (!shown) row.append(count(n));
  p.append(row, caption(t(null, "caption.hand")));
  return p;
}

function seatRow(table, player, atBottom, piles, tallestSide = 0) {
  const seat = table.seats[player];
  const prefix = atBottom ? "" : "O-";
  const owner = `${seat.name}'s`;
  const toMove = table.to_move === player && !table.result;
  const section = el("section", `sw-seat ${atBottom ? "sw-seat-bottom" : "sw-seat-top"}${toMove ? " sw-to-move" : ""}`);
  section.dataset.seat = String(player);
  const name = el("div", "sw-seat-name");
  name.append(el("span", "sw-name", seat.name));
  if (toMove) name.append(el("span", "sw-turn-chip", t(null, "badge.to-move")));
  const row = el("div", "sw-seat-row");
  const payoff = payoffPile(seat, `${prefix}P`, owner);
  const sides = el("div", "sw-sides");
  seat.sides.forEach((cards, i) => {
    const key = `${prefix}S${i + 1}`;
    const p = sidePile(cards, key, `S${i + 1}`, owner, seat.labels && seat.labels.sides && seat.labels.sides[i]);
    piles.set(key, p);
    sides.append(p);
  });
  if (tallestSide) {
    // the side stacks keep room for the tallest fan a side stack of the game makes (a fan is
    // tallest at FAN_ROWS cards, before it takes a second column), so that what lies below
    // stays put as the position changes: an unseen pile of that height beside them; and for
    // the columns a taller fan adds, less those the seat's widest fan has now, or a fan
    // widening would push the hand onto a row of its own
    const now = Math.max(1, ...seat.sides.map((cards) => fanColumns(cards.length)));
    sides.append(room(Math.min(tallestSide, FAN_ROWS) - 1, Math.max(0, fanColumns(tallestSide) - now)));
  }
  const hand = handPile(seat, `${prefix}H`, owner, atBottom ? table.drawn : null);
  piles.set(`${prefix}P`, payoff);
  piles.set(`${prefix}H`, hand);
  row.append(payoff, sides, hand);
  section.append(name, row);
  return section;
}

function centerPile(center, i) {
  const key = `C${i + 1}`;
  const label = center.label; // Python's words: "center stack 1: empty, needs an ace"
  const p = pile(key, "sw-center", label);
  const stack = el("div", "sw-stack");
  if (center.size > 1) stack.append(el("div", "sw-under"));
  if (center.top) {
    const card = cardFace(center.top);
    // a card that counts as another rank (a King) says which, as Python sent it
    if (center.shows && center.shows !== rankShow(center.top)) {
      const as = el("span", "sw-as", `= ${center.shows}`);
      as.setAttribute("aria-hidden", "true");
      card.append(as);
    }
    stack.append(card);
  } else {
    stack.append(emptySlot(center.needs)); // what it takes, as Python says: "A"
  }
  p.append(stack);
  const cap = caption("");
  const needs = el("span", "sw-needs");
  needs.append(el("span", "", t(null, "badge.needs", { rank: center.needs })));
  // unseen in the same cell: the badge is as wide for every rank, so the row beside it (the
  // news) keeps its width, and its lines, as the center stacks grow
  for (const rank of ["10", "Q"]) needs.append(el("span", "sw-needs-room", t(null, "badge.needs", { rank })));
  cap.append(el("span", "", `${t(null, "caption.center", { number: i + 1 })} `), needs);
  p.append(cap);
  return p;
}

function middleRow(table, piles) {
  const mid = el("section", "sw-middle");
  const stockLabel = table.stock_label || englishLabel("stock", { n: table.stock });
  const stock = pile("stock", "sw-stock", stockLabel);
  const stack = el("div", "sw-stack");
  stack.append(table.stock ? cardBack() : emptySlot(""), count(table.stock));
  stock.append(stack, caption(t(null, "caption.stock")));
  piles.set("stock", stock);
  const centers = el("div", "sw-centers");
  table.centers.forEach((c, i) => {
    const p = centerPile(c, i);
    piles.set(`C${i + 1}`, p);
    centers.append(p);
  });
  const news = el("div", "sw-news");
  mid.append(stock, centers, news);
  return mid;
}

/** Mark the last move: its target pile (and the card now on top there), its source pile. */
function markLast(table, piles) {
  const last = table.last;
  const parts = last && splitMove(last.move);
  if (!parts) return;
  const src = piles.get(screenPile(parts.source, last.player, table.bottom));
  const tgt = piles.get(screenPile(parts.target, last.player, table.bottom));
  if (src) src.classList.add("sw-last-source");
  if (tgt) {
    tgt.classList.add("sw-last-target");
    const cards = tgt.querySelectorAll(".sw-face");
    const top = cards[cards.length - 1];
    if (top && top.dataset.card === parts.card) top.classList.add("sw-last");
  }
}

/**
 * Draw a table. Returns the board element, a map from data-pile keys to pile elements,
 * and the `.sw-news` slot in the middle row (where a widget puts its status line).
 * @param {import("./protocol.js").TableView} table
 * @param {{showLast?: boolean, tallestSide?: number}} [opts]  tallestSide: the most cards a side stack holds in the game (room is kept for it)
 */
export function renderTable(table, opts = {}) {
  const piles = new Map();
  const board = el("div", "sw-board");
  const bottom = table.bottom;
  const middle = middleRow(table, piles);
  const tallest = opts.tallestSide || 0;
  board.append(seatRow(table, 1 - bottom, false, piles, tallest), middle, seatRow(table, bottom, true, piles, tallest));
  if (opts.showLast !== false) markLast(table, piles);
  return { board, piles, news: middle.querySelector(".sw-news") };
}


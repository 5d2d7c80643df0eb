// Drawing cards: a face-up card with its corners and a big pip, a card back, an empty slot.
// A face-down card carries neither data-card nor its name anywhere (API.md).

import { t } from "./strings.js";

const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

/** "7h" -> "seven of hearts" ("siete de corazones": the words Python sent, strings.js) */
export function cardWords(code, model = null) {
  return t(model, "card", { rank: t(model, `rank.${code[0]}`), suit: t(model, `suit.${code[1]}`) });
}

/** "Th" -> "10" */
export function rankShow(code) {
  return code[0] === "T" ? "10" : code[0];
}

/** "Th" -> "10♥" */
export function cardDisplay(code) {
  return rankShow(code) + SUIT_SYMBOLS[code[1]];
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A glyph drawn by CSS (`[data-glyph]::before`), not text: a card's name is its aria-label
 * in words ("seven of hearts"), and its corner "7♥" is a picture of that name. As text, the
 * corner would be the card's visible label, which a card you can press must repeat in its
 * name (WCAG 2.5.3, label in name): "7" is not in "seven of hearts".
 */
function glyph(cls, text) {
  const g = el("span", cls);
  g.dataset.glyph = text;
  return g;
}

/**
 * Mark a hand card as just drawn (Python's `drawn`): a dot drawn by CSS, and its name and
 * tooltip say so ("three of hearts, just drawn"), until the next move.
 */
export function markNew(card, name) {
  card.classList.add("sw-new");
  card.setAttribute("aria-label", name);
  card.title = name;
  const dot = el("span", "sw-new-tag");
  dot.setAttribute("aria-hidden", "true");
  card.append(dot);
}

/** A face-up card: `<div class="sw-card sw-face sw-red" data-card="7h" aria-label="seven of hearts">`. */
export function cardFace(code) {
  const red = code[1] === "h" || code[1] === "d";
  const card = el("div", `sw-card sw-face ${red ? "sw-red" : "sw-black"}`);
  card.dataset.card = code;
  card.setAttribute("aria-label", cardWords(code));
  card.setAttribute("role", "img");
  const corner = () => {
    const c = el("span", "sw-corner");
    c.append(glyph("sw-rank", rankShow(code)), glyph("sw-suit", SUIT_SYMBOLS[code[1]]));
    c.setAttribute("aria-hidden", "true");
    return c;
  };
  const tl = corner();
  tl.classList.add("sw-tl");
  const br = corner();
  br.classList.add("sw-br");
  const court = "KQJ".includes(code[0]);
  const pip = glyph("sw-pip", court ? code[0] : SUIT_SYMBOLS[code[1]]);
  pip.setAttribute("aria-hidden", "true");
  if (court) {
    pip.classList.add("sw-court");
    pip.append(glyph("sw-court-suit", SUIT_SYMBOLS[code[1]]));
  }
  card.append(tl, pip, br);
  return card;
}

/** A face-down card: nothing about which card it is. */
export function cardBack() {
  const card = el("div", "sw-card sw-back");
  card.setAttribute("aria-hidden", "true");
  return card;
}

/** An empty pile's outline, with an optional hint inside ("A", "empty"). */
export function emptySlot(text = "") {
  const slot = el("div", "sw-card sw-slot", text);
  slot.setAttribute("aria-hidden", "true");
  return slot;
}

export { el };

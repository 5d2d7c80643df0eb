// Small motions: the card of the last move flies from its source pile; drawn cards slide in.
import { screenPile, splitMove } from "./protocol.js";

const reduced = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Where every pile is now, to animate from after a redraw. */
export function snapshot(piles) {
  const rects = new Map();
  if (piles) for (const [key, p] of piles) rects.set(key, p.getBoundingClientRect());
  return rects;
}

/** Fly the last move's card from where its source pile was. */
export function animateLast(before, table, piles, duration = 260) {
  const last = table.last;
  const parts = last && splitMove(last.move);
  if (!parts || reduced() || !before.size) return;
  const from = before.get(screenPile(parts.source, last.player, table.bottom));
  const tgt = piles.get(screenPile(parts.target, last.player, table.bottom));
  const card = tgt && tgt.querySelector(".sw-last");
  if (!from || !card || typeof card.animate !== "function") return;
  const to = card.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) + Math.abs(dy) < 2) return;
  card.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(1.04)`, zIndex: 50 }, { transform: "none", zIndex: 50 }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

/** Mark the bottom hand's cards at `positions` (the table's `drawn`, from Python) as just drawn. */
function markDrawn(positions, handPile) {
  if (!positions || !positions.length || !handPile || reduced()) return;
  const cards = handPile.querySelectorAll(".sw-face");
  for (const i of positions) {
    if (!cards[i]) continue;
    cards[i].classList.add("sw-drawn");
    cards[i].style.setProperty("--sw-delay", `${i * 60}ms`);
  }
}

/**
 * After a redraw from table `shown` to `table` with a move in between: slide the card just
 * played (`before` is the snapshot of the old piles) and mark the cards Python says the
 * bottom player just drew. A redraw with no move in it (a hint, Show my hand lifting a
 * cover) plays nothing again.
 */
export function animateChange(shown, table, before, piles) {
  if (!shown || table.seq === shown.seq || table.ply === shown.ply) return;
  animateLast(before, table, piles);
  markDrawn(table.drawn, piles.get("H"));
}

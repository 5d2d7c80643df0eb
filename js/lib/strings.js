// Every word the front ends show by themselves comes from Python: each widget syncs a
// `strings` dict (spite_widget/widgets/strings.py) in its `lang`. `t(model, "key", values)`
// reads a label from it and fills in its {fields}. The English labels below are only a
// fallback for a widget that sends none (an older kernel, the exported replay page).

/** English labels, the same as Python's (spite_widget/widgets/strings.py in English). */
export const DEFAULTS = {
  "action.reveal": "Show my hand",
  "action.hint": "Hint",
  "action.undo": "Undo",
  "action.next-game": "Next game",
  "action.new-match": "New match",
  "action.review": "Review game",
  "action.review.title": "Step through this game move by move, and comment on it",
  "review.heading": "Replay",
  "review.note": "Run {call} in a cell to step through this game.",
  "caption.payoff": "Pay-off",
  "caption.hand": "Hand",
  "caption.stock": "Stock",
  "caption.center": "C{number}",
  "caption.side": "S{number}",
  "badge.needs": "needs {rank}",
  "badge.to-move": "to move",
  "card.new": "{card}, just drawn",
  "table.label": "card table",
  "connection.lost": "Not connected to Python: the kernel restarted or stopped. Run this cell again to go on.",
  "score.label": "score",
  "score.meta": "first to {target} · game {game}",
  "card": "{rank} of {suit}",
  "pile.P": "your pay-off pile",
  "pile.H": "your hand",
  "pile.C1": "center stack 1",
  "pile.C2": "center stack 2",
  "pile.C3": "center stack 3",
  "pile.S1": "side stack 1",
  "pile.S2": "side stack 2",
  "pile.S3": "side stack 3",
  "pile.S4": "side stack 4",
  "list.or": "{items} or {last}",
  "select.text": "{card} selected: put it on {piles} (lit), or Escape to cancel.",
  "select.words": "The {card} selected: it can go on {piles}. Escape cancels.",
  "select.none.text": "{card} selected, but it has no legal place right now. Pick a pile to hear why, or Escape.",
  "select.none.words": "The {card} selected, but it has no legal place right now. Pick a pile to hear why, or press Escape.",
  "select.text.touch": "{card} selected: put it on {piles} (lit), or tap it again to cancel.",
  "select.words.touch": "The {card} selected: it can go on {piles}. Tap it again to cancel.",
  "select.none.text.touch": "{card} selected, but it has no legal place right now. Tap a pile to hear why, or tap the card again.",
  "select.none.words.touch": "The {card} selected, but it has no legal place right now. Tap a pile to hear why, or tap the card again to cancel.",
  "select.cancelled": "Selection cancelled.",
  "select.empty": "There is no card here to play.",
  "select.first": "Pick one of your cards first, then the pile to put it on.",
  "select.first.named": "Pick one of {name}'s cards first, then the pile to put it on.",
  "select.buried": "Only the top card of a side stack can be played: the {card} lies under the {top}.",
  "select.theirs": "Those are {name}'s cards: you play only from your own pay-off pile, side stacks and hand.",
  "select.theirs.named": "Those are {name}'s cards: pick one of {mover}'s, who is to move.",
  "blocked.busy": "Wait: {name} is playing.",
  "blocked.reveal": "Show your hand first: press Show my hand.",
  "blocked.over": "This game is over: press Next game (or New match).",
  "blocked.not-your-turn": "It is not your turn.",
  "lesson.label": "lesson",
  "lesson.buttons": "lesson buttons",
  "lesson.kicker": "Lesson {number} of {count}",
  "lesson.rule": "The rule",
  "lesson.rule-marker": " Rule (",
  "lesson.goal": "Your goal",
  "lesson.goal-reached": "Goal reached",
  "lesson.hint": "Hint",
  "lesson.solution": "Solution",
  "lesson.next-step": "Next step ({step}/{steps})",
  "lesson.undo": "Undo",
  "lesson.reset": "Reset",
  "lesson.next-lesson": "Next lesson →",
  "lesson.last-lesson": "Last lesson",
  "lesson.next-title": "Next: {title}",
  "lesson.well-done": "Well done: goal reached!",
  "lesson.on-to": "On to the next lesson: {title}.",
  "lesson.last": "That was the last lesson: you know every rule. Time for a real game!",
  "lesson.not-this-time": "Not this time",
  "lesson.not-reached": "The goal was not reached. Undo your last move or reset to try again.",
  "lesson.blocked.done-next": "Goal reached! Press Next lesson, or Reset to play it again.",
  "lesson.blocked.done": "Goal reached! Press Reset to play it again.",
  "lesson.blocked.failed": "This attempt is over: press Undo or Reset to try again.",
  "lesson.blocked.nothing": "Nothing can be played now.",
  "rank.A": "ace",
  "rank.2": "two",
  "rank.3": "three",
  "rank.4": "four",
  "rank.5": "five",
  "rank.6": "six",
  "rank.7": "seven",
  "rank.8": "eight",
  "rank.9": "nine",
  "rank.T": "ten",
  "rank.J": "jack",
  "rank.Q": "queen",
  "rank.K": "king",
  "suit.c": "clubs",
  "suit.d": "diamonds",
  "suit.h": "hearts",
  "suit.s": "spades"
};

let active = null; // the strings of the widget drawing now (drawing is synchronous)

/** Draw with `model`'s strings until the next call (cards.js and layout.js read them). */
export function useStrings(model) {
  active = model && typeof model.get === "function" ? model.get("strings") : null;
}

/** Fill "{name}" fields of `text` from `values`. */
export function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

/**
 * The label `key` in the widget's language (`model`: an anywidget model, or null for the
 * widget drawing now), its {fields} filled from `values`.
 */
export function t(model, key, values) {
  const dict = model && typeof model.get === "function" ? model.get("strings") : active;
  const text = (dict && typeof dict[key] === "string" && dict[key]) || DEFAULTS[key] || key;
  return fill(text, values);
}

/** Put the widget's language on its root, so screen readers pronounce it (`lang="es"`). */
export function setLang(root, model) {
  const lang = model.get("lang");
  if (typeof lang === "string" && /^[a-z]{2}$/.test(lang)) root.setAttribute("lang", lang);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * A pile's accessible name in English, for a table view that carries none of Python's
 * (`labels`, `stock_label`: the replay's views so far). Every other view is named by Python.
 */
export function englishLabel(kind, v) {
  if (kind === "payoff")
    return v.top ? `${v.owner} pay-off pile: ${plural(v.n, "card")}, top ${v.top}` : `${v.owner} pay-off pile: empty`;
  if (kind === "side")
    return v.cards.length
      ? `${v.owner} side stack ${v.number}: ${v.cards.join(", ")}; top ${v.cards[v.cards.length - 1]}`
      : `${v.owner} side stack ${v.number}: empty`;
  if (kind === "hand")
    return v.cards ? `${v.owner} hand: ${v.cards.length ? v.cards.join(", ") : "empty"}` : `${v.owner} hand: ${plural(v.n, "card")}, face down`;
  return `stock: ${plural(v.n, "card")}, face down`;
}

// The one message shape between Python and the browser (mirrors spite_widget/widgets/protocol.py).
//
// Browser -> Python: custom messages sent with model.send(...):
//   {type: "move", move: "H:7s>S4", seq}       a card put on a pile (Python checks it)
//   {type: "reveal" | "hint" | "undo" | "next-game" | "new-match", seq}   a button
//   ("reveal" is "Show my hand": two players at one screen, the next one has the screen;
//   "new-match" adds own_words: true when the status line shows the browser's own words,
//   not Python's "press New match again", which then asks again)
//   {type: "review", seq, inline}   "Review game" (js/table/review.js); inline: false when the
//   page cannot show the replay below the table (no widget manager): Python says how else
// `seq` is the `seq` of the table the player was looking at; Python ignores (and says so)
// a message for an older table, so a double click can never play twice.
//
// Python -> browser: synced traits (the names are the trait names):
//   table   TableView (below)            legal   string[]: the bottom player's legal moves
//   status  {text, kind, id}             score   {names, scores, target, game, match_over, match_winner}
//   actions {reveal, hint, undo, "next-game", "new-match"}: booleans (reveal: only while a
//           table of two players at one screen is covered, its bottom hand not sent)
//   hint    string: the suggested move ("" for none)          busy    boolean

/**
 * @typedef {{name: string, hand: string[] | null, hand_count: number,
 *            payoff_top: string | null, payoff_count: number, sides: string[][]}} SeatView
 * @typedef {{top: string | null, size: number, shows: string, needs: string, label: string}} CenterView
 *   label: the stack's accessible name, in Python's words
 * @typedef {{move: string, player: number, text: string, words: string}} LastMove
 * @typedef {{v: number, seq: number, ply: number, bottom: number, to_move: number,
 *            seats: SeatView[], centers: CenterView[], stock: number,
 *            last: LastMove | null, drawn: number[],
 *            result: {winner: number | null, points: number, reason: string} | null}} TableView
 *   drawn: positions in the bottom hand of the cards its player drew with the last move
 * @typedef {{text: string, kind: "info" | "turn" | "error" | "over" | "hint", id: number, words?: string, quiet?: boolean}} Status
 *   words: the same for screen readers; quiet: shown, not read aloud (a move inside the bot's turn)
 * @typedef {{type: "move", move: string, seq: number}} MoveMessage
 * @typedef {{type: "reveal" | "hint" | "undo" | "next-game" | "new-match", seq: number}} ActionMessage
 */

export const ACTIONS = ["reveal", "hint", "undo", "next-game", "new-match"];

/** @returns {MoveMessage} */
export function moveMessage(source, card, target, seq) {
  return { type: "move", move: `${source}:${card}>${target}`, seq };
}

/** @returns {ActionMessage} */
export function actionMessage(type, seq) {
  return { type, seq };
}

/** Split a move string into its parts (notation only: no rule lives here). */
export function splitMove(text) {
  const m = /^([^:]+):([^>]+)>(.+)$/.exec(text || "");
  return m ? { source: m[1], card: m[2], target: m[3] } : null;
}

/** The pile key on screen for a pile of `player`, seen from `bottom` ("S1" or "O-S1"). */
export function screenPile(pile, player, bottom) {
  if (pile.startsWith("C") || pile === "stock") return pile;
  return player === bottom ? pile : `O-${pile}`;
}

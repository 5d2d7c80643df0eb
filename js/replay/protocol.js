// The replay widget's messages (mirrors spite_widget/widgets/replay/protocol.py).
//
// Browser -> Python (custom messages, the same {type, seq} shape as the table's):
//   {type: "seek", ply, seq}                       show the position after move `ply`
//   {type: "annotate", ply, comment?, mark?, seq}   "" clears
//   {type: "perspective", perspective: null|0|1, seq}
//   {type: "game", game, seq}                       a match record's game picker (0-based)
//   {type: "review", seq, cancel?: true}            run (or cancel) the expert's review
//   {type: "move", move, seq}                       try a move at the cursor (a side line)
//   {type: "goto", line, ply, seq}                  show ply `ply` of side line `line`
//   {type: "line", action: "exit"|"promote"|"delete", seq}   the cursor's side line
//   {type: "puzzles", seq, index?}                  open the reviewed game's puzzles (index: the next)
//   {type: "resend", seq}                           a patch did not fit this page's table or list: send both whole
// Python -> browser (synced traits): table (TableView), moves (MoveEntry[]), length, ply,
//   annotation {ply, move, player, text, comment, mark}, info {names, result, game, games,
//   event, date, editable, review}, status {text, kind, id}, review {running, done, total},
//   perspective (null | 0 | 1), legal (string[]: the moves the table lets one try),
//   line (the position's side line, [[move, variation], ...]), evals ([p0, p1] | null after
//   each main-line move), summary (per player: name, accuracy, percent (as shown), counts), puzzles_ref and
//   puzzles_label (the LessonWidget opened below), moves_patch {at, delete, insert, length, id} (a change to
//   `moves` sent instead of the whole list: see applyListPatch), evals_patch (the same for `evals`).
import { t } from "../lib/strings.js";

/**
 * @typedef {{ply: number, move: string, player: number, turn: number, mark?: string, comment?: boolean}} MoveEntry
 * @typedef {{ply: number, move: string, player: number | null, text: string, comment: string, mark: string}} Annotation
 */

export const MARKS = ["!!", "!", "!?", "?!", "?", "??"];
/** A mark's name in the widget's language ("inaccuracy" for ?!): Python's `replay.mark.<mark>`. */
export function markWord(mark) {
  return MARKS.includes(mark) ? t(null, `replay.mark.${mark}`) : "";
}
/** "good", "bad" or "odd": the colour family of a mark. */
export function markKind(mark) {
  if (mark === "!!" || mark === "!") return "good";
  if (mark === "?" || mark === "??") return "bad";
  return "odd";
}

export const SPEEDS = [
  { label: "0.5×", ms: 1600 },
  { label: "1×", ms: 800 },
  { label: "2×", ms: 400 },
  { label: "4×", ms: 200 },
];

export const seekMessage = (ply, seq) => ({ type: "seek", ply, seq });
export const annotateMessage = (ply, fields, seq, line = []) => ({ type: "annotate", ply, ...fields, line, seq });
export const perspectiveMessage = (perspective, seq) => ({ type: "perspective", perspective, seq });
export const gameMessage = (game, seq) => ({ type: "game", game, seq });
export const reviewMessage = (seq) => ({ type: "review", seq });
export const cancelReviewMessage = (seq) => ({ type: "review", cancel: true, seq });
export const tryMoveMessage = (move, seq) => ({ type: "move", move, seq });
export const gotoMessage = (line, ply, seq) => ({ type: "goto", line, ply, seq });
export const lineMessage = (action, seq) => ({ type: "line", action, seq });
export const resendMessage = (seq) => ({ type: "resend", seq });
export const puzzlesMessage = (seq, index) => (index === undefined ? { type: "puzzles", seq } : { type: "puzzles", index, seq });

/**
 * A list after its patch ({at, delete, insert, length, id}: Python's change to `moves` in a
 * `moves_patch`, or to the graph's `evals` in an `evals_patch`, sent instead of the whole
 * list), or null when the patch does not fit the list (a list already patched, or out of
 * step: then nothing is changed).
 * @template T
 * @param {T[]} moves
 * @param {{at: number, delete: number, insert: T[], length: number} | null} patch
 * @returns {T[] | null}
 */
export function applyListPatch(moves, patch) {
  if (!patch || !Array.isArray(patch.insert) || !Array.isArray(moves)) return null;
  const before = patch.length - patch.insert.length + patch.delete;
  if (moves.length !== before || patch.at + patch.delete > moves.length) {
    console.warn("spite-widget: a list patch that does not fit the list was ignored", patch);
    return null;
  }
  const next = moves.slice(0, patch.at).concat(patch.insert, moves.slice(patch.at + patch.delete));
  return next;
}

/**
 * The table after a `table_patch` ({base, set: [[path, value], ...]}: Python's change to `table`,
 * sent instead of the whole table), or null when the patch is not for this table (its `base`
 * is not the table's `seq`: then nothing is changed).
 * @param {object} table
 * @param {{base: number, set: Array<[Array<string | number>, unknown]>} | null} patch
 * @returns {object | null}
 */
export function applyTablePatch(table, patch) {
  if (!patch || !Array.isArray(patch.set) || !table || table.seq !== patch.base) {
    if (patch && table) console.warn("spite-widget: a table patch for another table was ignored", patch);
    return null;
  }
  const next = structuredClone(table);
  for (const [path, value] of patch.set) {
    if (!Array.isArray(path) || !path.length) return null;
    let at = next;
    for (const key of path.slice(0, -1)) at = at[key];
    at[path[path.length - 1]] = value;
  }
  return next;
}

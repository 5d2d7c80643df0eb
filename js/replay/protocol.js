// The replay widget's messages (mirrors spite_widget/widgets/replay_protocol.py).
//
// Browser -> Python (custom messages, the same {type, seq} shape as the table's):
//   {type: "seek", ply, seq}                       show the position after move `ply`
//   {type: "annotate", ply, comment?, mark?, seq}   "" clears
//   {type: "perspective", perspective: null|0|1, seq}
//   {type: "game", game, seq}                       a match record's game picker (0-based)
//   {type: "review", seq}                           run the expert's review
// Python -> browser (synced traits): table (TableView), moves (MoveEntry[]), length, ply,
//   annotation {ply, move, player, text, comment, mark}, info {names, result, game, games,
//   event, date, editable, review}, status {text, kind, id}, review {running, done, total},
//   perspective (null | 0 | 1), moves_patch {at, delete, insert, length, id} (a change to
//   `moves` sent instead of the whole list: see applyMovesPatch).

/**
 * @typedef {{ply: number, move: string, player: number, turn: number, mark?: string, comment?: boolean}} MoveEntry
 * @typedef {{ply: number, move: string, player: number | null, text: string, comment: string, mark: string}} Annotation
 */

export const MARKS = ["!!", "!", "!?", "?!", "?", "??"];
export const MARK_WORDS = {
  "!!": "brilliant",
  "!": "good",
  "!?": "interesting",
  "?!": "dubious",
  "?": "mistake",
  "??": "blunder",
};
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
export const annotateMessage = (ply, fields, seq) => ({ type: "annotate", ply, ...fields, seq });
export const perspectiveMessage = (perspective, seq) => ({ type: "perspective", perspective, seq });
export const gameMessage = (game, seq) => ({ type: "game", game, seq });
export const reviewMessage = (seq) => ({ type: "review", seq });

/**
 * The move list after a `moves_patch` ({at, delete, insert, length, id}: Python's change to
 * `moves`, sent instead of the whole list), or null when the patch does not fit `moves` (a
 * list already patched, or out of step: then nothing is changed).
 * @param {MoveEntry[]} moves
 * @param {{at: number, delete: number, insert: MoveEntry[], length: number} | null} patch
 * @returns {MoveEntry[] | null}
 */
export function applyMovesPatch(moves, patch) {
  if (!patch || !Array.isArray(patch.insert) || !Array.isArray(moves)) return null;
  const before = patch.length - patch.insert.length + patch.delete;
  if (moves.length !== before || patch.at + patch.delete > moves.length) {
    console.warn("spite-widget: a move-list patch that does not fit the list was ignored", patch);
    return null;
  }
  const next = moves.slice(0, patch.at).concat(patch.insert, moves.slice(patch.at + patch.delete));
  return next;
}

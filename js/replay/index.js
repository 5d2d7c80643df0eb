// The replay widget (ReplayWidget): step through a recorded game, comment on its moves.
// `mountStandalone` runs the same viewer in an exported HTML page, without a kernel.
import "../lib/styles.css";
import "./replay.css";
import { applyMovesPatch, applyTablePatch } from "./protocol.js";
import { standaloneModel } from "./standalone.js";
import { mountReplay } from "./view.js";

/**
 * Once per model (however many views): Python sends a step's change to the move list as a
 * `moves_patch`, not the whole list; splice the model's own `moves` with it, so that every
 * view, and any view drawn later, sees the whole list.
 */
function initialize({ model }) {
  const onPatch = () => {
    const moves = applyMovesPatch(model.get("moves"), model.get("moves_patch"));
    if (moves) model.set("moves", moves);
  };
  // the same for the table: a step sends the piles that changed, not every pile's name
  const onTablePatch = () => {
    const table = applyTablePatch(model.get("table"), model.get("table_patch"));
    if (table) model.set("table", table);
  };
  model.on("change:moves_patch", onPatch);
  model.on("change:table_patch", onTablePatch);
  return () => {
    model.off("change:moves_patch", onPatch);
    model.off("change:table_patch", onTablePatch);
  };
}

/** Draw the replay; drawn again when Python sends the labels in another language (`w.lang = "pt"`). */
function render({ model, el, host }) {
  let cleanup = mountReplay(model, el, host);
  const again = () => {
    cleanup();
    el.replaceChildren();
    cleanup = mountReplay(model, el, host);
  };
  model.on("change:strings", again);
  return () => {
    model.off("change:strings", again);
    cleanup();
  };
}

/** Draw the replay saved in an exported page (see ReplayWidget.to_html). */
export function mountStandalone(el, data) {
  return mountReplay(standaloneModel(data), el);
}

export default { initialize, render };

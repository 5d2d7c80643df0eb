// The replay widget (ReplayWidget): step through a recorded game, comment on its moves.
// `mountStandalone` runs the same viewer in an exported HTML page, without a kernel.
import "../lib/styles.css";
import "./replay.css";
import { applyMovesPatch } from "./protocol.js";
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
  model.on("change:moves_patch", onPatch);
  return () => model.off("change:moves_patch", onPatch);
}

function render({ model, el, host }) {
  return mountReplay(model, el, host);
}

/** Draw the replay saved in an exported page (see ReplayWidget.to_html). */
export function mountStandalone(el, data) {
  return mountReplay(standaloneModel(data), el);
}

export default { initialize, render };

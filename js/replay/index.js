// The replay widget (ReplayWidget): step through a recorded game, comment on its moves.
// `mountStandalone` runs the same viewer in an exported HTML page, without a kernel.
import "../lib/styles.css";
import "./replay.css";
import { applyListPatch, applyTablePatch, resendMessage } from "./protocol.js";
import { standaloneModel } from "./standalone.js";
import { mountReplay } from "./view.js";

/**
 * Once per model (however many views): Python sends a step's change to the move list as a
 * `moves_patch`, not the whole list; splice the model's own `moves` with it, so that every
 * view, and any view drawn later, sees the whole list.
 */
function initialize({ model }) {
  // a patch that does not fit what this page holds (marimo gives a reloaded page the value
  // first sent, not the patched one): ask Python for the whole table and move list
  const resend = () => {
    const table = model.get("table");
    model.send(resendMessage(table && Number.isInteger(table.seq) ? table.seq : 0));
  };
  const listPatch = (name) => () => {
    const patch = model.get(`${name}_patch`);
    const list = applyListPatch(model.get(name), patch);
    if (list) model.set(name, list);
    else if (patch && Array.isArray(patch.insert)) resend();
  };
  const onPatch = listPatch("moves");
  // the graph's points the same way: from a seat, a step adds or drops one
  const onEvalsPatch = listPatch("evals");
  // the same for the table: a step sends the piles that changed, not every pile's name
  const onTablePatch = () => {
    const patch = model.get("table_patch");
    const table = applyTablePatch(model.get("table"), patch);
    if (table) model.set("table", table);
    else if (patch && Array.isArray(patch.set)) resend();
  };
  model.on("change:moves_patch", onPatch);
  model.on("change:evals_patch", onEvalsPatch);
  model.on("change:table_patch", onTablePatch);
  return () => {
    model.off("change:moves_patch", onPatch);
    model.off("change:evals_patch", onEvalsPatch);
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

// The replay widget (ReplayWidget): step through a recorded game, comment on its moves.
// `mountStandalone` runs the same viewer in an exported HTML page, without a kernel.
import "./lib/styles.css";
import "./lib/replay/replay.css";
import { standaloneModel } from "./lib/replay/standalone.js";
import { mountReplay } from "./lib/replay/view.js";

function render({ model, el }) {
  return mountReplay(model, el);
}

/** Draw the replay saved in an exported page (see ReplayWidget.to_html). */
export function mountStandalone(el, data) {
  return mountReplay(standaloneModel(data), el);
}

export default { render };

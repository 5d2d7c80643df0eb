// The play widget's "review" button (data-action="review"): shown at the end of a game,
// it asks Python for a ReplayWidget of that game; Python answers by setting the table's
// `review_ref` trait to "anywidget:<model id>", and the replay is drawn below the table
// with anywidget's `host.getWidget` (the replay's own module and styles, its own model).
// A page without a widget manager (no `host.getWidget`: a bare page, a front end other
// than Jupyter's) says so in its request (`inline: false`); Python then sets `review_ref`
// to "cell" and the table shows a note, in its own styles, saying how to open the replay
// from a cell, until Python clears it with the next table.

import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";

/**
 * @param {{model: any, el: HTMLElement, host?: any, send: (msg: object) => void}} opts
 * @returns {{decorate: (root: HTMLElement, table: any, busy: boolean) => void, destroy: () => void}}
 */
export function reviewButton({ model, el: host, host: widgets, send }) {
  const inline = !!widgets && typeof widgets.getWidget === "function";
  const slot = el("div", "sw-review-slot");
  host.append(slot);
  let shown = "";
  let controller = null;
  // which game it is: after Next game this replay stays under the table of the next one
  const heading = () => model.get("review_label") || t(model, "review.heading");

  async function showReview() {
    const ref = model.get("review_ref") || "";
    if (ref === shown) return;
    shown = ref;
    if (controller) controller.abort();
    controller = null;
    slot.replaceChildren();
    if (!ref.startsWith("anywidget:") || !inline) return;
    controller = new AbortController();
    const label = el("h3", "sw-review-label", heading());
    const box = el("div", "sw-review-box");
    slot.append(label, box);
    const child = await widgets.getWidget(ref);
    await child.render({ el: box, signal: controller.signal });
  }
  const onRef = () => {
    showReview().catch((e) => console.warn("spite-widget: could not show the review", e));
  };
  model.on("change:review_ref", onRef);
  onRef();
  // the heading is said again when the table's language changes (Python sets it anew)
  const onLabel = () => {
    const label = slot.querySelector(".sw-review-label");
    if (label) label.textContent = heading();
  };
  model.on("change:review_label", onLabel);

  return {
    decorate(root, table, busy) {
      const bar = root.querySelector(".sw-buttons");
      if (!bar || !table) return;
      if (model.get("review_ref") === "cell") {
        // below the board, inside the table's root: its colours and its dark theme
        const note = el("p", "sw-review-note");
        note.dataset.reviewNote = "";
        // the code to run as code, wherever the language puts it in the sentence
        const call = model.get("review_call") || "w.review()";
        const [before, ...after] = t(model, "review.note").split("{call}");
        note.append(before);
        if (after.length) note.append(el("code", "", call), after.join(call));
        root.append(note);
      }
      const b = el("button", "sw-button sw-btn-review", t(model, "action.review"));
      b.type = "button";
      b.dataset.action = "review";
      b.title = t(model, "action.review.title");
      b.disabled = !table.result || busy;
      b.addEventListener("click", () => send({ type: "review", seq: table.seq, inline }));
      bar.append(b);
    },
    destroy() {
      model.off("change:review_ref", onRef);
      model.off("change:review_label", onLabel);
      if (controller) controller.abort();
    },
  };
}

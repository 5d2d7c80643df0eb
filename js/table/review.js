// The play widget's "review" button (data-action="review"): shown at the end of a game,
// it asks Python for a ReplayWidget of that game; Python answers by setting the table's
// `review_ref` trait to "anywidget:<model id>", and the replay is drawn below the table
// with anywidget's `host.getWidget` (the replay's own module and styles, its own model).

import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";

/**
 * @param {{model: any, el: HTMLElement, host?: any, send: (msg: object) => void}} opts
 * @returns {{decorate: (root: HTMLElement, table: any, busy: boolean) => void, destroy: () => void}}
 */
export function reviewButton({ model, el: host, host: widgets, send }) {
  const slot = el("div", "sw-review-slot");
  host.append(slot);
  let shown = "";
  let controller = null;

  async function showReview() {
    const ref = model.get("review_ref") || "";
    if (ref === shown) return;
    shown = ref;
    if (controller) controller.abort();
    controller = null;
    slot.replaceChildren();
    if (!ref) return;
    if (!widgets || typeof widgets.getWidget !== "function") {
      slot.append(el("div", "sw-review-note", t(model, "review.note")));
      return;
    }
    controller = new AbortController();
    // which game it is: after Next game this replay stays under the table of the next one
    const label = el("h3", "sw-review-label", model.get("review_label") || t(model, "review.heading"));
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

  return {
    decorate(root, table, busy) {
      const bar = root.querySelector(".sw-buttons");
      if (!bar || !table) return;
      const b = el("button", "sw-button sw-btn-review", t(model, "action.review"));
      b.type = "button";
      b.dataset.action = "review";
      b.title = t(model, "action.review.title");
      b.disabled = !table.result || busy;
      b.addEventListener("click", () => send({ type: "review", seq: table.seq }));
      bar.append(b);
    },
    destroy() {
      model.off("change:review_ref", onRef);
      if (controller) controller.abort();
    },
  };
}

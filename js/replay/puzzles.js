// The puzzles of a reviewed game, below the replay: Python opens a LessonWidget and sets
// `puzzles_ref` to "anywidget:<model id>"; it is drawn here with anywidget's
// `host.getWidget` (its own module, styles and model), as the table draws a replay.
import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";

/**
 * @param {{model: any, host?: any, open: (index: number) => void}} opts  open: ask for puzzle `index`
 * @returns {{box: HTMLElement, destroy: () => void}}
 */
export function puzzlesSlot({ model, host, open }) {
  const box = el("div", "swr-puzzles");
  let shown = "";
  let controller = null;
  async function show() {
    const ref = model.get("puzzles_ref") || "";
    if (ref === shown) return;
    shown = ref;
    if (controller) controller.abort();
    controller = null;
    box.replaceChildren();
    if (!ref) return;
    const label = el("div", "swr-puzzles-head");
    label.append(el("h3", "swr-puzzles-label", model.get("puzzles_label") || t(model, "replay.puzzles.heading")));
    const at = model.get("puzzles_at") || {};
    if (typeof at.index === "number" && at.index + 1 < at.count) {
      const next = el("button", "swr-btn-text swr-puzzles-next", t(model, "replay.puzzles.next"));
      next.type = "button";
      next.dataset.action = "next-puzzle";
      next.addEventListener("click", () => open(at.index + 1));
      label.append(next);
    }
    if (!host || typeof host.getWidget !== "function") {
      box.append(label, el("div", "swr-puzzles-note", t(model, "replay.puzzles.note")));
      return;
    }
    controller = new AbortController();
    const inner = el("div", "swr-puzzles-box");
    box.append(label, inner);
    const child = await host.getWidget(ref);
    await child.render({ el: inner, signal: controller.signal });
  }
  const onRef = () => show().catch((e) => console.warn("spite-widget: could not show the puzzles", e));
  model.on("change:puzzles_ref", onRef);
  onRef();
  return {
    box,
    destroy() {
      model.off("change:puzzles_ref", onRef);
      if (controller) controller.abort();
    },
  };
}

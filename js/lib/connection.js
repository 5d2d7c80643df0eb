// The kernel's connection, as ipywidgets tells it. When the kernel restarts (or stops) the
// widget manager sets every model's `comm_live` to false, and the model triggers
// "comm_live_update" (it is set true only as a model is made, so the event means the link is
// gone; anywidget's view does not get ipywidgets' `jupyter-widgets-disconnected` class, which
// is still read where a host sets it). Such a table looked playable ("Greedy bot is playing…"
// for ever, a card picked up and nothing after) and every click threw "Cannot send" into the
// page: it says what happened instead, greys itself and stops sending. Elsewhere (marimo, an
// exported page) nothing changes. A notebook reopened with its widgets' saved state and not
// run is not told apart: its models never had a link, and their sends are dropped silently.
import { el } from "./cards.js";
import { t } from "./strings.js";

const OFFLINE_CLASS = "jupyter-widgets-disconnected";

/**
 * Watch `host` (the view's element) for a lost connection; `root` gets `sw-offline` and a
 * note at its top saying so (role="alert": read out once). Returns `send(message)`, which
 * sends while connected and, when a send fails all the same, marks the view lost, and
 * `stop()`, for the view's clean-up.
 */
export function watchConnection(model, host, root) {
  const note = el("div", "sw-offline-note");
  note.dataset.offline = "";
  note.hidden = true;
  root.prepend(note);
  let gone = false; // the link went (comm_live_update), or a send failed all the same
  const lost = () => gone || !!(host && host.classList && host.classList.contains(OFFLINE_CLASS));
  const show = () => {
    const now = lost();
    root.classList.toggle("sw-offline", now);
    if (now && note.hidden) {
      note.textContent = t(model, "connection.lost");
      note.setAttribute("role", "alert");
    }
    note.hidden = !now;
  };
  const onChange = () => {
    gone = true;
    show();
  };
  model.on("comm_live_update", onChange);
  show();
  return {
    send(message) {
      if (lost()) {
        show();
        return false;
      }
      try {
        model.send(message);
        return true;
      } catch (error) {
        gone = true; // "Cannot send": the kernel went before the page heard of it
        show();
        return false;
      }
    },
    stop() {
      model.off("comm_live_update", onChange);
    },
  };
}

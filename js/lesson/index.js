// The lesson widget (LessonWidget): a lesson's text beside the real table, played with the
// same clicks, drag and drop and keys as the card-table widget (js/lib/interaction.js).
// No rule lives here: the legal moves, the verdicts and the goal all come from Python.
import "../lib/styles.css";
import "./lesson.css";
import { animateChange, snapshot } from "../lib/animate.js";
import { watchConnection } from "../lib/connection.js";
import { Interaction } from "../lib/interaction.js";
import { renderTable } from "../lib/layout.js";
import { actionMessage, moveMessage } from "../lib/protocol.js";
import { markTable, redrawOn } from "../lib/redraw.js";
import { announce, renderLive, renderStatus, setStatus } from "../lib/status.js";
import { setLang, t, useStrings } from "../lib/strings.js";
import { fillStatus, renderBanner, renderControls, renderPage } from "./page.js";
import { focusedIn, keepNotebookShortcutsOut } from "../lib/keys.js";

const TRAITS = ["page", "table", "legal", "status", "progress", "actions", "steps", "hint", "strings", "lang"];

function blockedReason(model, progress, page, legal) {
  if (progress === "done") return t(model, page.next_title ? "lesson.blocked.done-next" : "lesson.blocked.done");
  if (progress === "failed") return t(model, "lesson.blocked.failed");
  if (!legal.length) return t(model, "lesson.blocked.nothing");
  return "";
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "swl-root";
  keepNotebookShortcutsOut(root);
  const layout = document.createElement("div");
  layout.className = "swl-layout";
  // the play column is a table root (.sw-root): the table's sizes follow its width, and the
  // buttons get the table's look
  const play = document.createElement("div");
  play.className = "sw-root swl-play";
  let aside = null;
  const live = renderLive(); // never redrawn: what a screen reader reads out
  root.append(layout, live);
  el.append(root);

  let drawn = null;
  let shown = null; // the table drawn last
  let shownPage = ""; // the page drawn last, as JSON
  let statusLine = null;
  let banner = null; // the cheer, kept while the outcome stays the same (so it pops only once)
  let bannerShown = "";
  let spoken = null; // the id of the last status read out

  // what the browser itself says (a selection, a click while nothing can be played); once the
  // lesson is done or failed, its refusals keep the colour of that outcome rather than an error's
  // `words`: the same with cards named in words, for the live region
  const say = (text, kind = "info", words = text) => {
    const progress = model.get("progress");
    if (kind === "error" && (progress === "done" || progress === "failed")) kind = progress;
    if (statusLine) setStatus(statusLine, text, kind);
    announce(live, words);
  };
  const connection = watchConnection(model, el, root); // a kernel gone: said, and nothing sent
  const interaction = new Interaction(root, {
    send: (source, card, target) => {
      // until Python answers, the line keeps its words, dimmed (as on the playing table)
      if (statusLine) statusLine.classList.add("sw-status-pending");
      connection.send(moveMessage(source, card, target, model.get("table").seq));
    },
    say,
    model,
  });
  const onAction = (name) => connection.send(actionMessage(name, model.get("table").seq));

  const draw = () => {
    const table = model.get("table");
    const page = model.get("page");
    if (!table || !table.seats || !page || !page.id) return;
    const legal = model.get("legal") || [];
    const progress = model.get("progress") || "playing";
    setLang(root, model);
    useStrings(model);
    const pageKey = JSON.stringify([page, progress, model.get("lang")]);
    if (pageKey !== shownPage) {
      const next = renderPage(page, progress, model);
      if (aside) aside.replaceWith(next);
      aside = next;
      shownPage = pageKey;
    }
    interaction.beforeRender();
    const active = focusedIn(root);
    const focusedAction = active && root.contains(active) && active.dataset ? active.dataset.action : undefined;
    const before = snapshot(drawn && drawn.piles);
    const next = renderTable(table);
    const status = model.get("status");
    statusLine = renderStatus(status);
    fillStatus(statusLine, (status && status.text) || "", model);
    statusLine.dataset.statusId = String((status && status.id) || 0);
    next.news.append(statusLine);
    if (status && status.id !== spoken) {
      spoken = status.id;
      announce(live, status.words || status.text);
    }
    const bannerKey = `${page.id}:${progress}:${model.get("lang")}`;
    if (bannerKey !== bannerShown) {
      banner = renderBanner(progress, page, model);
      bannerShown = bannerKey;
    }
    const controls = renderControls(model.get("actions"), progress, model.get("steps"), page, onAction, model);
    play.replaceChildren(...(banner ? [banner] : []), controls, next.board);
    if (!layout.contains(aside)) layout.replaceChildren(aside, play);
    root.dataset.lesson = page.id;
    root.dataset.lessonStatus = progress;
    markTable(root, table);
    interaction.update(next, table, legal, { hint: model.get("hint"), blocked: blockedReason(model, progress, page, legal) });
    animateChange(shown, table, before, next.piles);
    if (focusedAction) {
      const again = controls.querySelector(`[data-action="${focusedAction}"]`);
      const target = again && !again.disabled ? again : controls.querySelector(".swl-primary:not(:disabled)");
      if (target) target.focus({ preventScroll: true });
      // a button greyed by its own press (Undo with nothing left to take back) and nothing
      // to press next: the focus goes back to the table, not on to Hint, which a second
      // Enter or Space would set off (as on the playing table)
      else interaction.focusStop();
    }
    drawn = next;
    shown = table;
  };

  const stop = redrawOn(model, TRAITS, draw);
  return () => {
    stop();
    connection.stop();
    interaction.destroy();
  };
}

export default { render };

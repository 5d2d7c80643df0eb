// The transport under the table: to the deal, back, play/pause, forward, to the end, the
// playing speed, the slider and the counter; and, in a side line, leave / promote / delete.
import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";
import { SPEEDS } from "./protocol.js";

export const ICONS = {
  start: "M6 5h2v14H6zM20 5v14L9 12z",
  back: "M19 5v14L8 12zM6 5h2v14H6z",
  play: "M7 5v14l12-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  forward: "M5 5v14l11-7zM16 5h2v14h-2z",
  end: "M4 5v14l11-7zM16 5h2v14h-2z",
};
// Every label is Python's (widgets/replay/strings.py): "replay.<action>" and its ".title".
const LINE_ACTIONS = ["exit", "promote", "delete"];

export function icon(path) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const p = document.createElementNS(ns, "path");
  p.setAttribute("d", path);
  svg.append(p);
  return svg;
}

function iconButton(action) {
  const b = el("button", `swr-btn swr-btn-${action}`);
  b.type = "button";
  b.dataset.action = action;
  b.title = t(null, `replay.${action}.title`);
  b.setAttribute("aria-label", t(null, `replay.${action}`));
  b.append(icon(ICONS[action]));
  return b;
}

/**
 * @param {{transport: Record<string, () => void>, seek: (ply: number) => void,
 *          line: (action: string) => void, onSpeed: () => void}} on
 */
export function controls(on) {
  const box = el("div", "swr-controls");
  const buttons = {};
  const transport = el("div", "swr-transport");
  for (const a of ["start", "back", "play", "forward", "end"]) {
    buttons[a] = iconButton(a);
    buttons[a].addEventListener("click", () => on.transport[a]());
    transport.append(buttons[a]);
  }
  buttons.play.classList.add("swr-btn-main");
  const speed = el("select", "swr-speed");
  speed.setAttribute("aria-label", t(null, "replay.speed"));
  speed.title = t(null, "replay.speed.title");
  SPEEDS.forEach((s, i) => {
    const o = el("option", "", s.label);
    o.value = String(i);
    speed.append(o);
  });
  speed.value = "1";
  speed.addEventListener("change", on.onSpeed);
  const slider = el("input", "swr-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.dataset.slider = "";
  slider.setAttribute("aria-label", t(null, "replay.slider"));
  slider.addEventListener("input", () => on.seek(Number(slider.value)));
  const counter = el("span", "swr-counter");
  counter.setAttribute("aria-hidden", "true");
  const lineBar = el("div", "swr-linebar");
  lineBar.setAttribute("role", "group");
  lineBar.setAttribute("aria-label", t(null, "replay.linebar"));
  const lineLabel = el("span", "swr-linebar-label", t(null, "replay.linebar.label"));
  lineBar.append(lineLabel);
  for (const action of LINE_ACTIONS) {
    const b = el("button", `swr-btn-text swr-line-${action}`, t(null, `replay.line.${action}`));
    b.type = "button";
    b.dataset.lineAction = action;
    b.title = t(null, `replay.line.${action}.title`);
    b.addEventListener("click", () => (action === "delete" ? deleteLine() : on.line(action)));
    lineBar.append(b);
  }
  // Deleting a side line throws away its moves, comments and marks, and nothing brings
  // them back: a first press (click or the Delete key) asks, a second one deletes, and
  // anything else in between (another step, another line, 5 s) keeps the line.
  const deleteButton = lineBar.querySelector("[data-line-action='delete']");
  let asked = null; // {line, timer} while the delete button waits for its second press
  const disarm = () => {
    if (!asked) return;
    clearTimeout(asked.timer);
    asked = null;
    if (on.asking) on.asking(false);
    deleteButton.textContent = t(null, "replay.line.delete");
    deleteButton.title = t(null, "replay.line.delete.title");
    delete deleteButton.dataset.asking;
  };
  let shownLine = "";
  /** A press of Delete line: the first asks, the second (at the same place) deletes. */
  function deleteLine() {
    const again = asked && asked.line === shownLine;
    disarm();
    if (again) {
      on.line("delete");
      return;
    }
    asked = { line: shownLine, timer: setTimeout(disarm, 5000) };
    deleteButton.textContent = t(null, "replay.line.delete.confirm");
    deleteButton.title = t(null, "replay.line.delete.confirm.title");
    deleteButton.dataset.asking = "true";
    if (on.asking) on.asking(true);
  }
  box.append(transport, speed, slider, counter);

  return {
    box,
    lineBar,
    speedMs: () => SPEEDS[Number(speed.value)].ms,
    deleteLine,
    /** @param {{ply: number, length: number, playing: boolean, line: number[][], ahead?: number[][], editable: boolean}} s */
    update({ ply, length: n, playing, line, ahead = [], editable }) {
      buttons.start.disabled = ply <= 0;
      buttons.back.disabled = ply <= 0;
      buttons.forward.disabled = ply >= n;
      buttons.end.disabled = ply >= n;
      buttons.play.disabled = !playing && ply >= n;
      buttons.play.replaceChildren(icon(playing ? ICONS.pause : ICONS.play));
      buttons.play.title = t(null, playing ? "replay.pause.title" : "replay.play.title");
      buttons.play.setAttribute("aria-label", t(null, playing ? "replay.pause" : "replay.play"));
      buttons.play.setAttribute("aria-pressed", playing ? "true" : "false");
      slider.max = String(n);
      slider.value = String(ply);
      slider.disabled = n === 0;
      slider.setAttribute("aria-valuetext", t(null, ply ? "replay.slider.at" : "replay.slider.deal", { ply, length: n }));
      slider.style.setProperty("--swr-fill", n ? `${(100 * ply) / n}%` : "0%");
      counter.textContent = `${ply} / ${n}`;
      counter.style.setProperty("--swr-digits", String(String(n).length));
      // stepped back above a side line's start, the cursor is still in it: Forward steps into
      // it, the counter counts its moves and the buttons act on it, so the bar says so
      const inLine = line.length > 0 || ahead.length > 0;
      const where = JSON.stringify([line, ahead, ply]);
      if (where !== shownLine) disarm();
      shownLine = where;
      const chain = (l) => l.map(([b, v]) => t(null, "replay.linebar.step", { move: b, line: v })).join(" › ");
      lineBar.hidden = !inLine;
      lineBar.dataset.ahead = ahead.length ? "true" : "false";
      lineLabel.textContent = ahead.length
        ? t(null, "replay.linebar.ahead", { where: chain(ahead) })
        : inLine
          ? t(null, "replay.linebar.at", { where: chain(line) })
          : "";
      for (const b of lineBar.querySelectorAll("[data-line-action]")) {
        b.disabled = !inLine || (!editable && b.dataset.lineAction !== "exit");
        if (!editable && b.dataset.lineAction !== "exit") b.hidden = true;
      }
    },
  };
}

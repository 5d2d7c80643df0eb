// The comment editor beside the move list: the move shown, its mark (six buttons) and its
// comment (sent after a pause in typing, on blur, and before any step).
import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";
import { MARKS, markKind, markWord } from "./protocol.js";
import { focusedIn } from "../lib/keys.js";

const TYPING = 500; // ms of quiet before a comment being typed is sent
const TALLEST = 320; // px: a comment box grows to its text up to this, then scrolls

/** @param {(ply: number, fields: {comment?: string, mark?: string}) => void} annotate */
export function noteEditor(annotate) {
  const box = el("section", "swr-note");
  box.setAttribute("aria-label", t(null, "replay.note"));
  const head = el("div", "swr-note-head");
  const title = el("div", "swr-note-title");
  const text = el("div", "swr-note-text");
  head.append(title, text);
  const marks = el("div", "swr-marks");
  marks.dataset.annotation = "mark";
  marks.setAttribute("role", "group");
  marks.setAttribute("aria-label", t(null, "replay.note.marks"));
  const markButtons = new Map();
  for (const m of MARKS) {
    const b = el("button", `swr-markbtn swr-mark-${markKind(m)}`, m);
    b.type = "button";
    b.dataset.mark = m;
    b.title = markWord(m);
    b.setAttribute("aria-label", `${m} ${markWord(m)}`);
    b.setAttribute("aria-pressed", "false");
    markButtons.set(m, b);
    marks.append(b);
  }
  const comment = el("textarea", "swr-comment");
  comment.dataset.annotation = "comment";
  comment.rows = 4;
  comment.maxLength = 2000;
  comment.setAttribute("aria-label", t(null, "replay.note.comment"));
  const readOnly = el("div", "swr-comment-read");
  const saved = el("div", "swr-saved");
  saved.setAttribute("aria-hidden", "true");
  box.append(head, marks, comment, readOnly, saved);

  /** The box as tall as its text (a review's words after the reader's were cut off at four
   * rows, with the panel empty below), up to TALLEST. */
  function fit() {
    if (comment.hidden || !comment.isConnected) return;
    comment.style.height = "auto";
    const tall = comment.scrollHeight + comment.offsetHeight - comment.clientHeight;
    comment.style.height = comment.scrollHeight > 0 ? `${Math.min(tall, TALLEST)}px` : "";
  }

  let noteFor = -1; // the ply the comment box is about
  let noteKey = ""; // and its line
  let typed = null; // {ply, text} typed and not yet sent
  let typeTimer = null;

  function sendComment(ply, value) {
    annotate(ply, { comment: value });
    saved.textContent = t(null, "replay.note.saved");
    saved.classList.add("swr-saved-on");
    setTimeout(() => saved.classList.remove("swr-saved-on"), 900);
  }
  function flush() {
    if (typeTimer) clearTimeout(typeTimer);
    typeTimer = null;
    if (typed) {
      const t = typed;
      typed = null;
      sendComment(t.ply, t.text);
    }
  }
  comment.addEventListener("input", () => {
    fit();
    if (noteFor < 1) return;
    typed = { ply: noteFor, text: comment.value };
    if (typeTimer) clearTimeout(typeTimer);
    typeTimer = setTimeout(flush, TYPING);
  });
  comment.addEventListener("blur", flush);
  comment.addEventListener("keydown", (e) => {
    if (e.key === "Escape") comment.blur();
    e.stopPropagation(); // typing never steps the replay
  });
  marks.addEventListener("click", (e) => {
    const b = e.target.closest("[data-mark]");
    if (!b || b.disabled || noteFor < 1) return;
    flush();
    const on = b.getAttribute("aria-pressed") === "true";
    annotate(noteFor, { mark: on ? "" : b.dataset.mark });
  });

  return {
    box,
    flush,
    /**
     * @param {import("./protocol.js").Annotation} a
     * @param {string[]} names
     * @param {boolean} canEdit
     * @param {number[][]} line  the line the position shown belongs to
     */
    update(a, names, canEdit, line) {
      const key = JSON.stringify([line, a.ply]);
      if (key !== noteKey) {
        flush();
        noteFor = a.ply;
        noteKey = key;
        comment.value = a.comment || "";
      } else if (focusedIn(comment) !== comment && !typed) {
        comment.value = a.comment || "";
      }
      title.replaceChildren();
      if (a.ply) {
        title.append(el("span", "swr-note-ply", t(null, "replay.note.move", { ply: a.ply, turn: a.turn })));
        if (line.length) title.append(el("span", "swr-note-line", t(null, "replay.note.side")));
        title.append(el("span", "swr-note-who", names[a.player] || ""));
        title.append(el("code", "swr-note-move", a.move));
        if (a.mark) title.append(el("span", `swr-mark swr-mark-${markKind(a.mark)}`, a.mark));
      } else {
        title.append(el("span", "swr-note-ply", t(null, "replay.note.deal")));
      }
      text.textContent = a.ply ? a.text : t(null, "replay.note.step");
      for (const [m, b] of markButtons) {
        const on = a.mark === m;
        b.setAttribute("aria-pressed", on ? "true" : "false");
        b.classList.toggle("swr-on", on);
        b.disabled = !canEdit || a.ply < 1;
      }
      marks.hidden = !canEdit;
      comment.hidden = !canEdit;
      comment.disabled = a.ply < 1;
      if (a.ply < 1) comment.value = "";
      comment.placeholder = t(null, a.ply ? "replay.note.write" : "replay.note.write-deal");
      // read-only text: the whole note in an exported page, the opening comment at the deal
      readOnly.hidden = canEdit && !(a.ply < 1 && a.comment);
      readOnly.textContent = a.comment || t(null, "replay.note.none");
      readOnly.classList.toggle("swr-empty", !a.comment);
      if (canEdit) {
        comment.dataset.annotation = "comment";
        delete readOnly.dataset.annotation;
      } else {
        readOnly.dataset.annotation = "comment";
        delete comment.dataset.annotation;
      }
      if (comment.isConnected) fit();
      else requestAnimationFrame(fit); // drawn for the first time: laid out next frame
    },
  };
}

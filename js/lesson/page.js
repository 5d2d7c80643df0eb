// The lesson around the table: its text (plain-text blocks from Python, built with
// textContent only: no HTML is ever injected), the goal, the buttons and the cheer.
import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";

/** Button labels, by `data-action`. */
const LESSON_ACTIONS = ["hint", "solution", "undo", "reset", "next-lesson"];

function spanOf(span) {
  const tag = { strong: "strong", em: "em", code: "code" }[span.style] || "span";
  return el(tag, "", span.text);
}

function paragraph(tag, cls, spans) {
  const p = el(tag, cls);
  for (const s of spans || []) p.append(spanOf(s));
  return p;
}

/**
 * The lesson text: title, place in the course, paragraphs, quoted rules and the goal.
 * @param {{id: string, title: string, number: number, count: number, goal: string,
 *          text: {kind: string, parts: {text: string, style: string}[][]}[]}} page
 * @param {string} progress  "playing" | "done" | "failed"
 */
export function renderPage(page, progress, model = null) {
  const aside = el("aside", "swl-text");
  aside.setAttribute("aria-label", t(model, "lesson.label"));
  if (page.number) aside.append(el("div", "swl-kicker", t(model, "lesson.kicker", { number: page.number, count: page.count })));
  const title = el("h3", "swl-title", page.title);
  title.dataset.lessonTitle = "";
  aside.append(title);
  const body = el("div", "swl-body");
  for (const block of page.text || []) {
    if (block.kind === "quote") {
      const q = el("blockquote", "swl-rule");
      q.append(el("span", "swl-rule-label", t(model, "lesson.rule")));
      for (const part of block.parts) q.append(paragraph("p", "", part));
      body.append(q);
    } else if (block.kind === "list") {
      const ul = el("ul", "");
      for (const part of block.parts) ul.append(paragraph("li", "", part));
      body.append(ul);
    } else {
      for (const part of block.parts) body.append(paragraph("p", "", part));
    }
  }
  aside.append(body, renderGoal(page.goal, progress, model));
  return aside;
}

/** The goal box: a target while playing, a tick once reached. */
function renderGoal(goal, progress, model) {
  const box = el("div", `swl-goal swl-goal-${progress}`);
  box.dataset.goal = progress;
  const mark = el("span", "swl-goal-mark", progress === "done" ? "\u2713" : progress === "failed" ? "!" : "\u2691");
  mark.setAttribute("aria-hidden", "true");
  const words = el("div", "swl-goal-words");
  const label = t(model, progress === "done" ? "lesson.goal-reached" : "lesson.goal");
  words.append(el("span", "swl-goal-label", label), el("span", "swl-goal-text", goal));
  box.append(mark, words);
  return box;
}

function label(name, steps, page, model) {
  if (name === "hint") return t(model, "lesson.hint");
  if (name === "solution")
    return steps && steps[0] > 0 && steps[0] < steps[1]
      ? t(model, "lesson.next-step", { step: steps[0] + 1, steps: steps[1] })
      : t(model, "lesson.solution");
  if (name === "undo") return t(model, "lesson.undo");
  if (name === "reset") return t(model, "lesson.reset");
  return t(model, page && page.next_title ? "lesson.next-lesson" : "lesson.last-lesson");
}

/**
 * The buttons: `onAction(name)` is called on a click. The button the learner most likely
 * wants next is marked `swl-primary` (Next lesson once done, Reset once failed).
 */
export function renderControls(actions, progress, steps, page, onAction, model = null) {
  const bar = el("div", "swl-controls sw-buttons");
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", t(model, "lesson.buttons"));
  const primary = progress === "done" ? "next-lesson" : progress === "failed" ? "reset" : "";
  for (const name of LESSON_ACTIONS) {
    // a lesson outside the course (a puzzle, your own) has no next lesson to offer
    if (name === "next-lesson" && page && !page.number) continue;
    const b = el("button", `sw-button swl-btn-${name}${name === primary ? " swl-primary" : ""}`, label(name, steps, page, model));
    b.type = "button";
    b.dataset.action = name;
    b.disabled = !(actions && actions[name]);
    if (name === "next-lesson" && page && page.next_title) b.title = t(model, "lesson.next-title", { title: page.next_title });
    b.addEventListener("click", () => onAction(name));
    bar.append(b);
  }
  return bar;
}

/**
 * The cheer (goal reached) or the commiseration (the attempt ended without it); null while playing.
 * @param {string} progress
 * @param {{goal: string, next_title: string | null}} page
 */
export function renderBanner(progress, page, model = null) {
  if (progress !== "done" && progress !== "failed") return null;
  const done = progress === "done";
  const banner = el("div", `swl-banner swl-banner-${progress}`);
  banner.dataset.banner = progress;
  banner.setAttribute("role", "alert");
  const badge = el("span", "swl-badge", done ? "\u2713" : "\u21ba");
  badge.setAttribute("aria-hidden", "true");
  const words = el("div", "swl-banner-words");
  if (done) {
    words.append(
      el("strong", "swl-banner-title", t(model, "lesson.well-done")),
      // a lesson outside the course (a puzzle, your own) is not the course's last
      el("span", "swl-banner-text", page.next_title ? t(model, "lesson.on-to", { title: page.next_title }) : page.number ? t(model, "lesson.last") : ""),
    );
    const burst = el("span", "swl-confetti");
    burst.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 14; i++) {
      const bit = el("i", "");
      bit.style.setProperty("--k", String(i));
      burst.append(bit);
    }
    banner.append(burst);
  } else {
    words.append(
      el("strong", "swl-banner-title", t(model, "lesson.not-this-time")),
      el("span", "swl-banner-text", t(model, "lesson.not-reached")),
    );
  }
  banner.prepend(badge, words);
  return banner;
}

/**
 * The status line's words: the verdict, then the rule it quotes (if any) on its own line, and
 * any further lines (what the position offers, after a hint) smaller below.
 * Plain text only (textContent), like everything else here.
 */
export function fillStatus(line, text, model = null) {
  const [first, ...more] = text.split("\n");
  const at = first.indexOf(t(model, "lesson.rule-marker"));
  const parts = [document.createTextNode(at < 0 ? first : first.slice(0, at))];
  if (at >= 0) parts.push(el("span", "swl-status-rule", first.slice(at + 1)));
  for (const extra of more) if (extra.trim()) parts.push(el("span", "swl-status-more", extra));
  line.replaceChildren(...parts);
}

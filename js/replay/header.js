// The replay's header: who played and how it ended, a match's game picker, the seat the
// table is seen from, and the expert's review (button, progress bar, Cancel, the summary
// per player) with the Puzzles button that opens the reviewed game's puzzles.
import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";

/**
 * @param {{game: (index: number) => void, perspective: (seat: number | null) => void,
 *          review: () => void, cancel: () => void, puzzles: () => void}} on
 */
export function header(on) {
  const box = el("header", "swr-header");
  const title = el("div", "swr-title");
  const players = el("h3", "swr-players");
  const result = el("div", "swr-result");
  title.append(players, result);
  const tools = el("div", "swr-tools");
  const gamePick = el("select", "swr-games");
  gamePick.setAttribute("aria-label", t(null, "replay.games"));
  gamePick.dataset.control = "game";
  gamePick.addEventListener("change", () => on.game(Number(gamePick.value)));
  const seats = el("div", "swr-seats");
  seats.setAttribute("role", "group");
  seats.setAttribute("aria-label", t(null, "replay.seats"));
  seats.addEventListener("click", (e) => {
    const b = e.target.closest("[data-perspective]");
    if (b) on.perspective(b.dataset.perspective === "" ? null : Number(b.dataset.perspective));
  });
  const reviewBtn = el("button", "swr-btn-text swr-review");
  reviewBtn.type = "button";
  reviewBtn.dataset.action = "expert-review";
  reviewBtn.textContent = t(null, "replay.review");
  reviewBtn.title = t(null, "replay.review.title");
  reviewBtn.addEventListener("click", on.review);
  const puzzlesBtn = el("button", "swr-btn-text swr-puzzles-btn");
  puzzlesBtn.type = "button";
  puzzlesBtn.dataset.action = "puzzles";
  puzzlesBtn.textContent = t(null, "replay.puzzles");
  puzzlesBtn.title = t(null, "replay.puzzles.title");
  puzzlesBtn.addEventListener("click", on.puzzles);
  const progress = el("div", "swr-progress");
  const bar = el("progress", "");
  bar.max = 1;
  bar.value = 0;
  bar.setAttribute("aria-label", t(null, "replay.progress"));
  const barText = el("span", "swr-progress-text");
  const cancel = el("button", "swr-btn-text swr-cancel", t(null, "replay.cancel"));
  cancel.type = "button";
  cancel.dataset.action = "cancel-review";
  cancel.addEventListener("click", on.cancel);
  progress.append(bar, barText, cancel);
  tools.append(gamePick, seats, reviewBtn, puzzlesBtn, progress);
  const summary = el("div", "swr-summary");
  summary.setAttribute("aria-label", t(null, "replay.summary"));
  box.append(title, tools, summary);

  return {
    box,
    /** @param {any} info @param {number | null} seat @param {any} review @param {any[]} sums */
    update(info, seat, review, sums) {
      const names = info.names || ["", ""];
      players.replaceChildren(
        el("span", "swr-name swr-p0", names[0]),
        el("span", "swr-vs", t(null, "replay.vs")),
        el("span", "swr-name swr-p1", names[1]),
      );
      const meta = [info.event, info.date].filter(Boolean).join(" · ");
      result.textContent = meta ? `${info.result} · ${meta}` : info.result || "";
      const games = info.games || [];
      gamePick.hidden = games.length < 2;
      if (gamePick.options.length !== games.length || [...gamePick.options].some((o, i) => o.textContent !== games[i].label)) {
        gamePick.replaceChildren(
          ...games.map((g, i) => {
            const o = el("option", "", g.label);
            o.value = String(i);
            return o;
          }),
        );
      }
      gamePick.value = String(info.game || 0);
      // what had the keyboard focus: a button rebuilt or greyed here would drop it to the page
      const focused = box.getRootNode().activeElement;
      seats.hidden = info.editable === false;
      const wanted = [
        ["", t(null, "replay.seat.above"), t(null, "replay.seat.above.title")],
        ...[0, 1].map((p) => [
          String(p),
          names[p],
          info.you === p ? t(null, "replay.seat.title-you") : t(null, "replay.seat.title", { name: names[p] }),
        ]),
      ];
      const same =
        seats.children.length === wanted.length &&
        wanted.every(([v, label, words], i) => {
          const b = seats.children[i];
          return b.dataset.perspective === v && b.textContent === label && b.title === words;
        });
      if (!same) {
        // (built again only when a name or a word changed: a seat pressed keeps the focus)
        seats.replaceChildren(
          ...wanted.map(([v, label, words]) => {
            const b = el("button", "swr-seat", label);
            b.type = "button";
            b.dataset.perspective = v;
            b.title = words;
            return b;
          }),
        );
        const again = focused && focused.dataset && focused.dataset.perspective !== undefined
          ? seats.querySelector(`[data-perspective="${focused.dataset.perspective}"]`)
          : null;
        if (again && focused && !focused.isConnected) again.focus({ preventScroll: true });
      }
      const shown = seat === null || seat === undefined ? "" : String(seat);
      for (const b of seats.children) b.setAttribute("aria-pressed", b.dataset.perspective === shown ? "true" : "false");
      reviewBtn.hidden = !info.review;
      reviewBtn.disabled = !!review.running;
      puzzlesBtn.hidden = !info.review || !sums.length;
      puzzlesBtn.disabled = !!review.running;
      progress.hidden = !review.running;
      // Review pressed by keyboard greys itself: the focus goes on to Cancel, the one thing to
      // press while the expert works; once it is done, back to Review (or Puzzles)
      if (focused === reviewBtn && reviewBtn.disabled && !progress.hidden) cancel.focus({ preventScroll: true });
      else if (focused === cancel && progress.hidden) {
        const next = [reviewBtn, puzzlesBtn].find((b) => !b.hidden && !b.disabled);
        const root = box.closest(".swr-root");
        if (next) next.focus({ preventScroll: true });
        else if (root) root.focus({ preventScroll: true });
      }
      bar.max = Math.max(1, review.total || 1);
      bar.value = review.done || 0;
      barText.textContent = review.running ? `${review.done || 0} / ${review.total || 0}` : "";
      summary.hidden = !sums.length;
      summary.replaceChildren(
        ...sums.map((p, i) => {
          const row = el("div", `swr-summary-row swr-p${i}`);
          row.dataset.player = String(i);
          const acc = typeof p.percent === "number" ? `${p.percent}%` : "–"; // Python rounds (shown_accuracy)
          row.append(
            el("span", "swr-summary-name", p.name),
            el("span", "swr-summary-acc", t(null, "replay.summary.accuracy", { accuracy: acc })),
            el("span", "swr-mark-odd swr-summary-count", `${p.inaccuracies} ?!`),
            el("span", "swr-mark-bad swr-summary-count", `${p.mistakes} ?`),
            el("span", "swr-mark-bad swr-summary-count", `${p.blunders} ??`),
          );
          row.setAttribute(
            "aria-label",
            t(null, "replay.summary.row", { ...p, accuracy: acc }),
          );
          return row;
        }),
      );
    },
  };
}

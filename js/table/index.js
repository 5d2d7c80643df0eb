// The card-table widget (SpiteWidget): draws the synced table and reports clicks to Python.
import "../lib/styles.css";
import { animateChange, snapshot } from "../lib/animate.js";
import { cardDisplay } from "../lib/cards.js";
import { Interaction } from "../lib/interaction.js";
import { watchConnection } from "../lib/connection.js";
import { renderTable } from "../lib/layout.js";
import { actionMessage, moveMessage } from "../lib/protocol.js";
import { markTable, redrawOn } from "../lib/redraw.js";
import { reviewButton } from "./review.js";
import { announce, renderHeader, renderLive, renderStatus, setStatus } from "../lib/status.js";
import { setLang, t, useStrings } from "../lib/strings.js";
import { keepNotebookShortcutsOut } from "../lib/keys.js";

// review_ref: a note below the board when the page cannot show the replay (review.js)
const TRAITS = ["table", "legal", "status", "score", "actions", "hint", "busy", "strings", "lang", "review_ref", "review_call"];

function blockedReason(model, table, legal, busy, actions) {
  if (busy) return t(model, "blocked.busy", { name: table.seats[1 - table.bottom].name });
  if (actions && actions.reveal) return t(model, "blocked.reveal");
  if (table.result) return t(model, "blocked.over");
  if (!legal.length) return t(model, "blocked.not-your-turn");
  return "";
}

/**
 * Unseen lines in the status line's grid cell (styles.css: .sw-news), so that its row is as
 * tall as the tallest of them and the piles below it stay put while the words change (a
 * card picked up, Escape, a hint): room for as many lines as a usual hint takes at the
 * cell's width (an empty line, sized by styles.css), Python's line now (the browser's own
 * words replace it until Python speaks again), and the two longest lines the browser says.
 */
function statusRoom(model, python) {
  const card = cardDisplay("Th");
  const lines = [
    "",
    python || "",
    t(model, "select.text", { card, piles: "C1, C2, C3, S1, S2, S3, S4" }),
    t(model, "select.none.text", { card }),
  ];
  return lines.map((text, i) => {
    const room = document.createElement("div");
    room.className = `sw-status sw-status-room${i ? "" : " sw-status-lines"}`;
    room.setAttribute("aria-hidden", "true");
    room.textContent = text;
    return room;
  });
}

function render({ model, el, host }) {
  const root = document.createElement("div");
  root.className = "sw-root";
  // named; while the other player moves it can hold the focus (see draw), never in the Tab
  // order, and only then (a click on the felt would otherwise give it the focus)
  root.setAttribute("role", "region");
  root.style.outline = "none";
  keepNotebookShortcutsOut(root);
  const view = document.createElement("div"); // redrawn on every change
  view.className = "sw-view";
  const live = renderLive(); // never redrawn: what a screen reader reads out
  root.append(view, live);
  el.append(root);
  let drawn = null;
  let shown = null; // the table drawn last
  let statusLine = null;
  let spoken = null; // the id of the last status read out

  // `words`: the same with cards named in words, for the live region
  let ownWords = false; // the status line shows the browser's words, not Python's (see onAction)
  const say = (text, kind = "info", words = text) => {
    ownWords = true;
    if (statusLine) setStatus(statusLine, text, kind);
    announce(live, words);
  };
  const connection = watchConnection(model, el, root); // a kernel gone: said, and nothing sent
  const send = (message) => connection.send(message);
  const interaction = new Interaction(root, {
    send: (source, card, target) => {
      const table = model.get("table");
      // until Python answers (the next draw), the line keeps its words, dimmed: no "…"
      // blinking in their place for a moment
      if (statusLine) statusLine.classList.add("sw-status-pending");
      send(moveMessage(source, card, target, table.seq));
    },
    say,
    model,
  });
  const onAction = (name) => {
    // after Show my hand the keyboard focus goes on to the hand it shows
    if (name === "reveal") interaction.focusKey = "pile:H";
    const message = actionMessage(name, model.get("table").seq);
    // Python's "press New match again" replaced by the browser's own words (a card picked up,
    // "Selection cancelled."): the press asks again, it does not give the game up
    if (name === "new-match" && ownWords) message.own_words = true;
    send(message);
  };
  const review = reviewButton({ model, el, host, send });

  let room = { game: undefined, tallest: 0 }; // the most cards a side stack has held this game
  let atOneScreen = false; // two players at one screen: "Show my hand" has been offered
  let covered = false; // the table was covered at the last draw (two players at one screen)
  const draw = () => {
    const table = model.get("table");
    if (!table || !table.seats) return;
    const legal = model.get("legal") || [];
    const busy = !!model.get("busy");
    const actions = model.get("actions") || {};
    setLang(root, model);
    useStrings(model);
    root.setAttribute("aria-label", t(model, "table.label"));
    const parked = interaction.activeElement() === root; // the focus waited for the other player
    interaction.beforeRender();
    // a button pressed by keyboard keeps the focus through the redraw that rebuilds it (the
    // board does not take it back to a pile visited before), but Show my hand hands it on
    // to the hand it shows
    const active = interaction.activeElement();
    const focusedAction =
      active && root.contains(active) && active.tagName === "BUTTON" && active.dataset ? active.dataset.action : undefined;
    if (focusedAction && focusedAction !== "reveal") interaction.wantFocus = false;
    // while the other player moves, the board is drawn again with each of their moves: the
    // focus waits on the table itself, one element, rather than on a new pile each time (a
    // screen reader reads each newly focused pile out) or on a button the turn disables
    // (Next game, then the bot begins: it fell to the page); it comes back when the turn does
    // (a new game the bot begins is drawn once before it is busy: its turn already)
    const theirTurn = busy || (!table.result && table.to_move !== table.bottom && !actions.reveal);
    const park = theirTurn && (interaction.wantFocus || !!focusedAction || parked);
    if (park) interaction.wantFocus = false;
    // at one screen, a turn that ends covers the table: the focus goes on to Show my hand,
    // what the next player presses first
    const coverNow = !!actions.reveal && !covered && interaction.wantFocus;
    covered = !!actions.reveal;
    if (coverNow) interaction.wantFocus = false;
    const before = snapshot(drawn && drawn.piles);
    // the side stacks' room only grows within a game, so that a stack played down does not
    // pull the rows below it up (and a card about to be clicked away from the pointer)
    const game = (model.get("score") || {}).game;
    if (game !== room.game || table.ply === 0) room = { game, tallest: 0 };
    const here = table.seats.flatMap((s) => (s.sides || []).map((side) => side.length));
    room.tallest = Math.max(room.tallest, ...here);
    const next = renderTable(table, { tallestSide: room.tallest });
    const status = model.get("status") || {};
    statusLine = renderStatus(status);
    ownWords = false;
    next.news.append(statusLine, ...statusRoom(model, status.text));
    atOneScreen = atOneScreen || !!actions.reveal;
    view.replaceChildren(renderHeader(model.get("score"), actions, onAction, model, atOneScreen), next.board);
    review.decorate(view, table, busy);
    if (status.id !== spoken) {
      spoken = status.id;
      // a move inside the bot's turn is shown, not read: the turn's summary reads every card
      if (!status.quiet) announce(live, status.words || status.text);
    }
    markTable(root, table);
    root.dataset.busy = busy ? "true" : "false";
    root.classList.toggle("sw-busy", busy);
    root.classList.toggle("sw-covered", !!actions.reveal);
    interaction.update(next, table, legal, { hint: model.get("hint"), blocked: blockedReason(model, table, legal, busy, actions) });
    if (park) {
      if (!parked) {
        root.tabIndex = -1;
        root.focus({ preventScroll: true });
      }
    } else if (parked) {
      interaction.focusStop();
      root.removeAttribute("tabindex");
    } else if (coverNow) {
      const reveal = root.querySelector('.sw-buttons button[data-action="reveal"]');
      if (reveal) reveal.focus({ preventScroll: true });
    } else if (focusedAction) {
      const again = root.querySelector(`.sw-buttons button[data-action="${focusedAction}"]`);
      const now = interaction.activeElement();
      if (again && !again.disabled) again.focus({ preventScroll: true });
      // the button turned grey by its own press (Undo with nothing left to take back): the
      // focus goes back to the table, where the move was, not on to another button that a
      // second press of Enter or Space would set off
      else if (!now || !root.contains(now)) interaction.focusStop();
    }
    animateChange(shown, table, before, next.piles);
    drawn = next;
    shown = table;
  };

  const stop = redrawOn(model, TRAITS, draw);
  return () => {
    stop();
    connection.stop();
    interaction.destroy();
    review.destroy();
  };
}

export default { render };

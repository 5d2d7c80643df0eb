// The table pane: the position at the cursor (renderTable) on which the user may try a move
// by click, drag, keyboard or touch exactly as on the playing table (js/lib/interaction.js),
// with the legal moves Python sent; Python checks and plays every move. Seen from above,
// the player to move may sit at the top: the interaction then plays their piles under the
// mover's own names (H, P, S1..S4), so that a move is always sent in those names, while every
// element keeps the data-pile of where it sits on the screen (O-H at the top, as API.md says).
import { animateLast, snapshot } from "../lib/animate.js";
import { Interaction } from "../lib/interaction.js";
import { renderTable } from "../lib/layout.js";

const OWN = ["H", "P", "S1", "S2", "S3", "S4"];

/** The top seat plays: its piles under the mover's names, the bottom seat's under O- names
 * (the map the interaction looks piles up in, and the names it reads off each element). */
function swapSeats(drawn) {
  const piles = new Map(drawn.piles);
  const names = new Map();
  for (const key of OWN) {
    const mine = drawn.piles.get(`O-${key}`);
    const theirs = drawn.piles.get(key);
    if (mine) {
      names.set(mine, key);
      piles.set(key, mine);
    }
    if (theirs) {
      names.set(theirs, `O-${key}`);
      piles.set(`O-${key}`, theirs);
    }
  }
  return { ...drawn, piles, names };
}

/**
 * @param {HTMLElement} slot
 * @param {{move: (move: string) => void, say: (text: string, kind?: string, words?: string) => void, first?: () => string, theirs?: (name: string) => string}} io  first: what to say when a pile is clicked before a card; theirs: when the other player's pile is
 */
export function board(slot, io) {
  let drawn = null; // {table, piles}: the board drawn last, its piles by their drawn names
  const interaction = new Interaction(slot, {
    send: (source, card, target) => io.move(`${source}:${card}>${target}`),
    say: io.say,
    first: io.first,
    theirs: io.theirs,
  });

  return {
    /**
     * @param {any} table  the TableView at the cursor
     * @param {string[]} legal
     * @param {string} blocked  why no move may be tried here ("" if one may)
     * @param {HTMLElement} statusLine  drawn in the table's news row
     * @param {boolean} playing
     * @param {number} [tallestSide]  the most cards a side stack holds in the game (room kept for it)
     * @param {string} [newsRoom]  the longest status line of the game (room kept for it, unseen)
     */
    draw(table, legal, blocked, statusLine, playing, tallestSide = 0, newsRoom = "") {
      interaction.beforeRender();
      const before = drawn ? snapshot(drawn.piles) : new Map();
      const next = renderTable(table, { tallestSide });
      next.news.append(statusLine);
      if (newsRoom) {
        // an unseen copy of the longest line in the same cell: the row is as tall as that
        // from the deal on, so a longer line at the end does not push the controls down
        const room = document.createElement("div");
        room.className = "sw-status swr-news-room";
        room.setAttribute("aria-hidden", "true");
        room.textContent = newsRoom;
        next.news.append(room);
      }
      slot.replaceChildren(next.board);
      if (drawn && table.ply === drawn.table.ply + 1 && table.bottom === drawn.table.bottom) {
        animateLast(before, table, next.piles, playing ? 220 : 260);
      }
      drawn = { table, piles: next.piles };
      const moverOnTop = !blocked && table.to_move !== table.bottom;
      interaction.update(moverOnTop ? swapSeats(next) : next, table, legal, { blocked });
    },
    destroy() {
      interaction.destroy();
    },
  };
}

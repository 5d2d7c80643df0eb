// What the table's and the lesson's entry modules do alike around a redraw of the table.

/**
 * Draw now, then once per microtask however many of `traits` changed together (Python sends
 * one update as several trait changes). Returns the function that stops listening.
 */
export function redrawOn(model, traits, draw) {
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
  for (const t of traits) model.on(`change:${t}`, schedule);
  draw();
  return () => {
    for (const t of traits) model.off(`change:${t}`, schedule);
  };
}

/** The table's state on its root element (`data-player-to-move`, `data-game-over`, `data-seq`). */
export function markTable(root, table) {
  root.dataset.playerToMove = String(table.to_move);
  root.dataset.gameOver = table.result ? "true" : "false";
  root.dataset.seq = String(table.seq);
}

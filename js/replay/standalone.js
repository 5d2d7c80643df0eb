// A tiny local model for an exported replay page (ReplayWidget.to_html): the same viewer,
// no kernel. Every position was computed in Python and saved in the page; this model only
// picks the one asked for. Comments can be read here, not written.

/**
 * @param {{game: number, games: {tables: object[], notes: object[], moves: object[], info: object}[]}} data
 */
export function standaloneModel(data) {
  const handlers = new Map();
  const state = { perspective: null, review: { running: false, done: 0, total: 0 } };
  let game = Math.min(data.game || 0, data.games.length - 1);
  let statusId = 0;

  const emit = (names) => {
    for (const n of names) for (const cb of [...(handlers.get(`change:${n}`) || [])]) cb();
  };
  const say = (text, kind = "info") => {
    statusId += 1;
    state.status = { text, kind, id: statusId };
  };
  const show = (ply) => {
    const g = data.games[game];
    const n = g.tables.length - 1;
    const p = Math.max(0, Math.min(n, ply));
    state.table = g.tables[p];
    state.annotation = g.notes[p];
    state.ply = p;
    state.length = n;
    state.moves = g.moves;
    state.info = g.info;
    const a = g.notes[p];
    say(p ? `Move ${p} of ${n}: ${a.text}.` : `The deal. ${n} moves to go through.`);
  };
  show(0);

  return {
    get: (name) => state[name],
    set: (name, value) => {
      state[name] = value;
    },
    save_changes: () => {},
    on: (name, cb) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(cb);
    },
    off: (name, cb) => {
      if (handlers.has(name)) handlers.get(name).delete(cb);
    },
    send: (msg) => {
      // answer asynchronously, like a kernel would
      queueMicrotask(() => {
        if (msg.type === "seek") show(msg.ply);
        else if (msg.type === "game" && data.games[msg.game]) {
          game = msg.game;
          show(0);
        } else say("This is a saved copy of the replay: open the record in a notebook to change it.", "error");
        emit(["table", "annotation", "ply", "length", "moves", "info", "status"]);
      });
    },
  };
}

"""How much the table sends per move, and how fast a click comes back as a redrawn table.

    python benchmarks/widget.py            # both parts (the browser part needs Chromium)
    python benchmarks/widget.py --no-browser
    python benchmarks/widget.py --quick    # 2 games and 3 clicks: figures only (run by the tests)

1. Bytes per move, in Python: the widget's own comm messages (the `update` of the synced
   traits), over whole games played through the front-end message path.
2. In a real JupyterLab in headless Chromium (the browser tests' fixtures): the time from
   a click on a lit pile to the table redrawn with the move (DOM updated, then the next
   frame), next to a bare anywidget round trip (a click sends a message, Python bumps a
   trait, the button redraws) measured in the same page; and the WebSocket frames the
   page received per move.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from spite_widget import Move  # noqa: E402
from spite_widget.widgets.table import SpiteWidget  # noqa: E402


def bytes_per_move(games: int = 5) -> dict[str, float]:
    per_move: list[int] = []
    per_message: list[int] = []
    per_click: list[float] = []
    rng = random.Random(1)
    for seed in range(games):
        w = SpiteWidget(opponent="random", seed=seed, opponent_delay=0)
        sent: list[int] = []
        w._send = lambda msg, buffers=None, sent=sent: sent.append(len(json.dumps(msg, ensure_ascii=False)))
        while not w.game.is_over:
            before_ply, before_n = w.game.ply, len(sent)
            moves = w.legal
            center = [m for m in moves if Move.parse(m).to_center]
            move = rng.choice(center) if center and rng.random() < 0.85 else rng.choice(moves)
            t0 = time.process_time()  # CPU time: the figure holds on a busy machine too
            w._handle_custom_msg({"type": "move", "move": move, "seq": w.table["seq"]}, [])
            per_click.append((time.process_time() - t0) / max(w.game.ply - before_ply, 1))
            plies = w.game.ply - before_ply
            new = sent[before_n:]
            per_message += new
            per_move.append(round(sum(new) / max(plies, 1)))
        w.close()
    return {
        "moves": len(per_move),
        "mean": statistics.mean(per_move),
        "p95": sorted(per_move)[int(0.95 * len(per_move))],
        "max": max(per_move),
        "max_message": max(per_message),
        "ms_per_move": statistics.median(per_click) * 1000,
        "ms_per_move_p90": sorted(per_click)[int(0.9 * (len(per_click) - 1))] * 1000,
    }


from conftest import QUICK_DECK_SOURCE as QUICK_DECK  # noqa: E402  (the browser tests' short deal)

ECHO = '''
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const b = document.createElement("button");
      b.className = "echo";
      b.dataset.n = String(model.get("n"));
      b.textContent = "echo " + b.dataset.n;
      b.onclick = () => model.send({ type: "ping" });
      model.on("change:n", () => { b.dataset.n = String(model.get("n")); b.textContent = "echo " + b.dataset.n; });
      el.append(b);
    }
    export default { render };
    """
    n = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda w, content, buffers: setattr(self, "n", self.n + 1))

echo = Echo()
echo
'''

TABLE = (
    QUICK_DECK
    + "from spite_widget import Game, SpiteWidget\n"
    + "w = SpiteWidget(game=Game.new(deck=quick_deck(), seed=5, players=('You', 'Bot')), opponent='random', "
    + "opponent_delay=0)\nw"
)

TIME_TABLE_MOVES = """async (n) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const root = document.querySelector(".sw-root");
  const out = [];
  for (let i = 0; i < n; i++) {
    root.querySelector("[data-pile='P'] .sw-face").click();
    const target = root.querySelector("[data-pile].sw-target");
    const seq = +root.dataset.seq;
    const updated = new Promise((res) => {
      const mo = new MutationObserver(() => {
        if (+root.dataset.seq > seq) { mo.disconnect(); res(performance.now()); }
      });
      mo.observe(root, { attributes: true });
    });
    const t0 = performance.now();
    target.click();
    const t1 = await updated;
    await frame();
    out.push([t1 - t0, performance.now() - t0]);
  }
  return out;
}"""

TIME_ECHO = """async (n) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const b = document.querySelector("button.echo");
  const out = [];
  for (let i = 0; i < n; i++) {
    const old = b.dataset.n;
    const updated = new Promise((res) => {
      const mo = new MutationObserver(() => {
        if (b.dataset.n !== old) { mo.disconnect(); res(performance.now()); }
      });
      mo.observe(b, { attributes: true });
    });
    const t0 = performance.now();
    b.click();
    const t1 = await updated;
    await frame();
    out.push([t1 - t0, performance.now() - t0]);
  }
  return out;
}"""


def browser_latency(moves: int = 16) -> dict[str, Any]:
    from conftest import CHROMIUM_FLAGS, Lab, Notebook, chromium_path  # the browser tests' fixtures
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise SystemExit("Chromium is not installed: run with --no-browser, or apt-get install chromium")
    lab = Lab(Path(tempfile.mkdtemp(prefix="spite-bench-")))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1300, "height": 1100})
            frames: list[int] = []
            counting = [False]

            def on_ws(ws: Any) -> None:
                def got(payload: str | bytes) -> None:
                    text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
                    # the widget's state updates (busy/idle status frames also name comm_msg as parent)
                    if counting[0] and '"method"' in text and '"update"' in text:
                        frames.append(len(payload))

                ws.on("framereceived", got)

            page.on("websocket", on_ws)
            nb = Notebook(lab, page)
            nb.open("bench.ipynb", [ECHO, TABLE])
            page.locator(".sw-root").wait_for()
            page.locator("button.echo").wait_for()
            page.evaluate(TIME_ECHO, 3)  # warm up
            echo = page.evaluate(TIME_ECHO, moves)
            counting[0] = True
            table = page.evaluate(TIME_TABLE_MOVES, moves)
            counting[0] = False
            browser.close()
    finally:
        lab.stop()
    return {"table": table, "echo": echo, "frames": frames}


def summary(times: list[list[float]], i: int) -> str:
    xs = sorted(t[i] for t in times)
    return f"median {statistics.median(xs):6.1f} ms   p90 {xs[int(0.9 * (len(xs) - 1))]:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-browser", action="store_true", help="only the bytes per move")
    parser.add_argument("--quick", action="store_true", help="2 games and 3 clicks: figures only")
    args = parser.parse_args()
    games = 2 if args.quick else 5
    b = bytes_per_move(games)
    print(f"bytes synced per move (Python side, {b['moves']} moves of {games} games against the random bot):")
    print(
        f"  mean {b['mean']:.0f} B   p95 {b['p95']} B   max {b['max']} B   largest message {b['max_message']} B"
    )
    print(f"  under 4 KB: {'yes' if b['max'] < 4096 else 'NO'}")
    print(
        "Python CPU time per move (a click's message handled, the computer's reply included, per ply): "
        f"median {b['ms_per_move']:.2f} ms   p90 {b['ms_per_move_p90']:.2f} ms"
    )
    if args.no_browser:
        return
    r = browser_latency(3 if args.quick else 16)
    n = len(r["table"])
    print(f"\nclick to redraw in JupyterLab + headless Chromium ({n} moves each, same page):")
    print(f"  table move, DOM updated:     {summary(r['table'], 0)}")
    print(f"  table move, next frame:      {summary(r['table'], 1)}")
    print(f"  bare anywidget, DOM updated: {summary(r['echo'], 0)}")
    print(f"  bare anywidget, next frame:  {summary(r['echo'], 1)}")
    if r["frames"]:
        print(
            f"  WebSocket comm frames received per table move: {len(r['frames']) / n:.1f}, "
            f"mean {statistics.mean(r['frames']):.0f} B (Jupyter message headers included)"
        )


if __name__ == "__main__":
    main()

"""Replay timings and traffic: how fast the widget answers a step or a jump, how many bytes
one step sends, and how big an exported page is.

    python benchmarks/replay.py
    python benchmarks/replay.py --quick    # fewer jumps: figures only (run by the tests)

Python only (no browser): the widget's own comm messages are counted by replacing its
`_send` (what would go over the comm), as benchmarks/widget.py does for the table.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from spite_widget.engine.replay import Replay
from spite_widget.widgets.replay import ReplayWidget

SAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sample_game.json"


def _ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1e3:.3f} ms, max {max(samples) * 1e3:.3f} ms"


def navigator(r: Replay, jumps: int = 2000) -> dict[str, str]:
    rng = random.Random(0)
    steps, seeks = [], []
    r.start()
    for _ in range(len(r)):
        t = time.perf_counter()
        r.forward()
        steps.append(time.perf_counter() - t)
    for n in rng.choices(range(len(r) + 1), k=jumps):
        t = time.perf_counter()
        r.seek(n)
        seeks.append(time.perf_counter() - t)
    return {"Replay.forward": _ms(steps), "Replay.seek (random)": _ms(seeks)}


def widget(w: ReplayWidget, jumps: int = 300) -> dict[str, Any]:
    """Steps forward through the game and back again (one move each), random jumps, a mark."""
    sent: list[int] = []
    w._send = lambda msg, buffers=None: sent.append(len(json.dumps(msg, ensure_ascii=False)))  # type: ignore[method-assign]
    steps, per_step = [], []
    w.start()
    for ply in [*range(1, w.length + 1), *range(w.length - 1, -1, -1)]:
        sent.clear()
        t = time.perf_counter()
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        steps.append(time.perf_counter() - t)
        per_step.append(sum(sent))
    rng = random.Random(1)
    jumped = []
    for n in rng.choices(range(w.length + 1), k=jumps):
        t = time.perf_counter()
        w._handle_custom_msg({"type": "seek", "ply": n, "seq": w.table["seq"]}, [])
        jumped.append(time.perf_counter() - t)
    sent.clear()
    w._handle_custom_msg({"type": "annotate", "ply": 5, "mark": "?!", "seq": w.table["seq"]}, [])
    annotate = sum(sent)
    return {
        "step message -> traits set": _ms(steps),
        "jump message -> traits set": _ms(jumped),
        "bytes per step (forward and back)": f"median {statistics.median(per_step):.0f}, max {max(per_step)}"
        + f" (every step under 2 KB: {'yes' if max(per_step) < 2048 else 'NO'})",
        "bytes for a mark (move list patched)": annotate,
    }


def side_lines(w: ReplayWidget) -> dict[str, Any]:
    """Issue 13's actions on side lines: bytes each sends (goal: at most 4 KB) and its time."""
    sent: list[int] = []
    w._send = lambda msg, buffers=None: sent.append(len(json.dumps(msg, ensure_ascii=False)))  # type: ignore[method-assign]
    out: dict[str, Any] = {}

    def act(name: str, msg: dict[str, Any]) -> None:
        sent.clear()
        t = time.perf_counter()
        w._handle_custom_msg({**msg, "seq": w.table["seq"]}, [])
        took = (time.perf_counter() - t) * 1e3
        size = sum(sent)
        if name not in out or size > out[name][0]:
            out[name] = (size, took)

    w.seek(60)
    nxt = str(w.replay.moves[60])
    act("try a move (a new side line)", {"type": "move", "move": next(m for m in w.legal if m != nxt)})
    for _ in range(8):
        act("a move that extends the line", {"type": "move", "move": w.legal[0]})
    act("mark a move in the line", {"type": "annotate", "ply": 63, "mark": "?!", "line": w.line})
    for ply in range(62, 60, -1):
        act("step in the line", {"type": "seek", "ply": ply})
    act("leave the line", {"type": "line", "action": "exit"})
    act("enter the line (a click in the list)", {"type": "goto", "line": [[61, 1]], "ply": 61})
    act("promote the line", {"type": "line", "action": "promote"})
    return {
        k: f"{size} bytes in {ms:.2f} ms{'' if size <= 4096 else ' (OVER 4 KB)'}"
        for k, (size, ms) in out.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer jumps: figures only")
    args = parser.parse_args()
    jumps = 30 if args.quick else 2000
    r = Replay(SAMPLE)
    print(f"sample game: {len(r)} moves")
    for k, v in navigator(r, jumps).items():
        print(f"  {k:<36} {v}")
    for seat in (None, 0):
        w = ReplayWidget(SAMPLE, perspective=seat)
        print(f"ReplayWidget, seen {'from above' if seat is None else 'from seat 0'}:")
        for k, v in widget(w, jumps // 7 + 1).items():
            print(f"  {k:<36} {v}")
    print("ReplayWidget, side lines seen from above (the most one action sent):")
    for k, v in side_lines(ReplayWidget(SAMPLE)).items():
        print(f"  {k:<36} {v}")
    t = time.perf_counter()
    page = ReplayWidget(SAMPLE).to_html()
    print(f"to_html: {len(page.encode()) / 1024:.0f} KB in {(time.perf_counter() - t) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()

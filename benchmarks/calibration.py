"""Is the expert's chance of winning calibrated? Predicted against observed, per decile.

Plays games between the expert and other bots (seat-swapped pairs), takes every plan the
expert made (its chance of winning at the end of the line it chose), and compares, in each
decile of the predicted chance, the mean prediction with how often that player then won.
Target (issue 11): within 5 percentage points in every decile holding at least 200 positions,
over at least 20,000 positions.

    python benchmarks/calibration.py [--games 120] [--save examples/calibration.json]
    python benchmarks/calibration.py --quick     # a few games: figures only, no verdict
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import astuple
from pathlib import Path

from spite_widget.bots.calibration import WIN, decile_table, play_logged

PAIRS = (("expert", "greedy"), ("expert", "expert"), ("expert", "baseline"), ("expert", "planner"))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=120, help="games per pairing (default 120)")
    parser.add_argument("--seed", type=int, default=1000, help="not the seeds the model was fitted on")
    parser.add_argument("--quick", action="store_true", help="2 games per pairing, figures only")
    parser.add_argument("--save", type=Path, help="write the decile table as JSON (for the notebook)")
    parser.add_argument(
        "--data", type=Path, help="also keep the positions (.npz) for scripts/fit_eval_model.py"
    )
    args = parser.parse_args()
    games = 2 if args.quick else args.games
    positions = []
    t0 = time.perf_counter()
    for k, pair in enumerate(PAIRS):
        positions.extend(play_logged(pair, games, seed=args.seed + k))
        print(f"{pair[0]} v {pair[1]}: {games} games, {time.perf_counter() - t0:.0f} s so far", flush=True)
    seconds = time.perf_counter() - t0
    rows = decile_table(positions)
    won = sum(1 for q in positions if q.outcome == WIN) / max(1, len(positions))
    print(f"{len(positions)} positions from {games * len(PAIRS)} games ({seconds:.0f} s); won {won:.1%}")
    print(f"{'decile':<10}{'positions':>10}{'predicted':>11}{'observed':>10}{'gap':>8}")
    worst = 0.0
    for lo, pred, obs, n in rows:
        if n == 0:
            print(f"{lo:.1f}-{lo + 0.1:.1f}{n:>13}")
            continue
        gap = obs - pred
        if n >= 200:
            worst = max(worst, abs(gap))
        flag = "" if n >= 200 else "  (fewer than 200)"
        print(f"{lo:.1f}-{lo + 0.1:.1f}{n:>13}{pred:>11.3f}{obs:>10.3f}{100 * gap:>+7.1f}{flag}")
    if not args.quick:
        print(f"largest gap in a decile of >= 200 positions: {100 * worst:.1f} points (target <= 5)")
    if args.data is not None:
        import numpy as np

        raw = np.array([[float(v) for v in astuple(q.leaf)][:10] for q in positions])
        np.savez_compressed(args.data, x=raw, y=np.array([q.outcome for q in positions]))
    if args.save is not None:
        data = {
            "positions": len(positions),
            "games": games * len(PAIRS),
            "deciles": [{"low": lo, "predicted": p, "observed": o, "count": n} for lo, p, o, n in rows if n],
        }
        args.save.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

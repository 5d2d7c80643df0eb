"""Fit the recalibration of the expert's chances (`spite_widget/bots/eval_recalibration.json`).

The logistic model (`eval_model.json`, fitted by `fit_eval_model.py`) gives raw chances; a
monotone map per moment corrects them (see `spite_widget.bots.model.Recalibration`):

- "line": where a line of the turn ends. Fitted on every plan the expert made in bot games
  (`--line-from plans`, the default), or on every mid-turn eval a review stored (the end of
  the best line that starts with the move, or a new plan after five fresh cards: `review`),
  or on both. One map serves both, and they disagree: a review's mid-turn evals are about 6
  points more hopeful for the mover than the plans (the reviewing expert does not know how
  the opponent plays: it keeps even odds that they plan whole turns, where the playing
  expert learns them), so the map follows the plans (issue 11's table) by default.
- "between": between turns (`evaluate` with the opponent to move), fitted on every eval a
  review stored after a turn-ending discard.

Every eval is taken as is from the code that tells it (`annotate_with_bot` on finished games,
the expert's own plans) inside `raw_chances()`, and labelled with how the game then ended for
that player. Each map is two piecewise-linear curves, one for the chance of winning and one
for the share of losing in the rest, fitted by isotonic regression (pool adjacent violators)
over quantile bins of the raw chance. The seeds (default 5000) are not the benchmark's (1000).

    python scripts/fit_recalibration.py --games 40 --plan-games 70 --data recal.npz
    python scripts/fit_recalibration.py --fit-only --data recal.npz
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from spite_widget.bots.calibration import BETWEEN, FRESH, LINE, LOSE, WIN, play_logged, play_reviewed
from spite_widget.bots.model import RECALIBRATION_FILE, Knots, Recalibration, raw_chances

PAIRS = (("expert", "greedy"), ("expert", "expert"), ("expert", "baseline"), ("expert", "planner"))
SOURCES = (LINE, FRESH, BETWEEN, "plan")
"""Where each kept eval came from (its code in the data file is its index here)."""
BINS = 20


def collect(games: int, plan_games: int, seed: int) -> np.ndarray:
    """Rows of (raw win, raw lose, outcome, source, the mover is the expert, pairing)."""
    rows: list[tuple[float, float, int, int, int, int]] = []
    with raw_chances():
        for k, pair in enumerate(PAIRS):
            t0 = time.perf_counter()
            if games:
                for q in play_reviewed(pair, games, seed=seed + k):
                    expert = int(q.bot == "expert")
                    rows.append((q.predicted, q.lose, q.outcome, SOURCES.index(q.moment), expert, k))
            if plan_games:
                for p in play_logged(pair, plan_games, seed=seed + 50 + k):
                    rows.append((p.predicted, p.lose, p.outcome, SOURCES.index("plan"), 1, k))
            print(
                f"{pair[0]} v {pair[1]}: {len(rows)} evals so far, {time.perf_counter() - t0:.0f} s",
                flush=True,
            )
    return np.array(rows, dtype=float)


def isotonic(x: np.ndarray, y: np.ndarray, bins: int = BINS) -> Knots:
    """A rising piecewise-linear map from (0, 0) to (1, 1) through the binned outcomes.

    The raw values are cut at their quantiles; each bin gives (mean raw, observed rate) and
    its size, pool adjacent violators makes the rates rise, and the ends are pinned (a raw
    certainty stays one).
    """
    order = np.argsort(x, kind="stable")
    xs, ys = x[order], y[order]
    blocks: list[list[float]] = []  # [sum x, sum y, count]
    for part_x, part_y in zip(np.array_split(xs, bins), np.array_split(ys, bins), strict=True):
        if len(part_x):
            blocks.append([float(part_x.sum()), float(part_y.sum()), float(len(part_x))])
    pooled: list[list[float]] = []
    for b in blocks:
        pooled.append(b)
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] >= pooled[-1][1] / pooled[-1][2]:
            top = pooled.pop()
            for i in range(3):
                pooled[-1][i] += top[i]
    knots: list[tuple[float, float]] = [(0.0, 0.0)]
    for sx, sy, n in pooled:
        px, py = round(sx / n, 4), round(sy / n, 4)
        if 0.0 < px < 1.0 and px > knots[-1][0]:
            knots.append((px, max(py, knots[-1][1])))
    knots.append((1.0, max(1.0, knots[-1][1])))
    return tuple(knots)


def fit_map(rows: np.ndarray) -> Recalibration:
    """The win curve on every row, the lose-share curve on the rows not won."""
    win, lose, outcome = rows[:, 0], rows[:, 1], rows[:, 2].astype(int)
    win_map = isotonic(win, (outcome == WIN).astype(float))
    rest = 1.0 - win
    share = np.where(rest > 1e-12, lose / np.maximum(rest, 1e-12), 0.0)
    not_won = outcome != WIN
    share_map = isotonic(share[not_won], (outcome[not_won] == LOSE).astype(float))
    return Recalibration(win_map, share_map)


def report(name: str, rows: np.ndarray, fix: Recalibration) -> None:
    """Mean raw, mean recalibrated and observed chances of winning and losing."""
    from spite_widget.bots.model import Chances

    won = float(np.mean(rows[:, 2] == WIN))
    lost = float(np.mean(rows[:, 2] == LOSE))
    after = [fix(Chances(w, lo, max(0.0, 1.0 - w - lo))) for w, lo in rows[:, :2]]
    print(
        f"{name:<8}{len(rows):>7} evals: win raw {rows[:, 0].mean():.3f} -> "
        f"{np.mean([c.win for c in after]):.3f} (observed {won:.3f}); lose raw {rows[:, 1].mean():.3f} -> "
        f"{np.mean([c.lose for c in after]):.3f} (observed {lost:.3f})"
    )


def dumps(data: dict[str, object]) -> str:
    """The file's JSON, one curve a line (readable in a diff)."""
    text = json.dumps({k: v for k, v in data.items() if k != "maps"}, indent=1)[:-2]
    maps = data["maps"]
    assert isinstance(maps, dict)
    lines = []
    for name, curves in maps.items():
        inner = ",\n".join(f'   "{c}": {json.dumps(knots)}' for c, knots in curves.items())
        lines.append(f'  "{name}": {{\n{inner}\n  }}')
    return text + ',\n "maps": {\n' + ",\n".join(lines) + "\n }\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40, help="reviewed games per pairing (default 40)")
    parser.add_argument("--plan-games", type=int, default=70, help="games per pairing for plans (default 70)")
    parser.add_argument("--seed", type=int, default=5000, help="not the benchmark's seeds (1000)")
    parser.add_argument("--data", type=Path, help="an .npz file to keep the raw evals in")
    parser.add_argument("--fit-only", action="store_true", help="fit on --data without playing")
    parser.add_argument(
        "--line-from",
        choices=("plans", "review", "both"),
        default="plans",
        help="what the line map is fitted on",
    )
    parser.add_argument("--out", type=Path, default=RECALIBRATION_FILE)
    args = parser.parse_args()
    command = f"--games {args.games} --plan-games {args.plan_games} --seed {args.seed}"
    if args.fit_only:
        kept = np.load(args.data)
        rows, command = kept["rows"], str(kept["command"])
    else:
        rows = collect(args.games, args.plan_games, args.seed)
        if args.data is not None:
            np.savez_compressed(args.data, rows=rows, command=np.array(command))
    source = rows[:, 3].astype(int)
    between = rows[source == SOURCES.index(BETWEEN)]
    line_sources = {"plans": ("plan",), "review": (LINE, FRESH), "both": (LINE, FRESH, "plan")}
    line = rows[np.isin(source, [SOURCES.index(s) for s in line_sources[args.line_from]])]
    maps = {"line": fit_map(line), "between": fit_map(between)}
    for name, part in (("line", line), ("between", between)):
        report(name, part, maps[name])
    review_line = rows[np.isin(source, [SOURCES.index(LINE), SOURCES.index(FRESH)])]
    report("mid-turn", review_line, maps["line"])
    data = {
        "fitted_on": {
            "evals": {name: int(np.sum(source == i)) for i, name in enumerate(SOURCES)},
            "command": f"python scripts/fit_recalibration.py {command} --line-from {args.line_from}",
        },
        "maps": {name: m.to_json() for name, m in maps.items()},
    }
    args.out.write_text(dumps(data), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

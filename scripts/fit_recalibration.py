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
  review stored after a turn-ending discard (`--keep-between`: the shipped one is kept).
- "review": what a review stores after a move within a turn (the end of the best line
  after it), fitted on those evals when there are reviewed games (`LINE`), so that the
  line map can follow the plans and a review's graph still says what then happened.
- "choice": the map the expert's own choices weigh chances with (the pay check, the
  look-ahead's judge). It is never refitted here, only carried over from the shipped file,
  so that a refit changes what is told and not the moves (see `EvalModel.choice_map`). The
  games played to collect the evals are therefore the expert's real play.

Every eval is taken as is from the code that tells it (`annotate_with_bot` on finished games,
the expert's own plans) inside `raw_chances()`, and labelled with how the game then ended for
that player. Each map is two piecewise-linear curves, one for the chance of winning and one
for the share of losing in the rest, fitted by isotonic regression (pool adjacent violators)
over quantile bins of the raw chance. The seeds (default 5000) are not the benchmark's (1000).

    python scripts/fit_recalibration.py --games 40 --plan-games 70 --data recal.npz
    python scripts/fit_recalibration.py --fit-only --data recal.npz [--data more.npz ...]
    python scripts/fit_recalibration.py --games 0 --plan-games 300   # the line map only
    python scripts/fit_recalibration.py --fit-only --review-only --data r1.npz [--data r2.npz ...]
        # the review map only, on kept reviewed games; the other maps as shipped
    python scripts/fit_recalibration.py --games 0 --plan-games 200 --seed 950 --keep-only --data held.npz
        # the benchmark's own deals kept raw, to judge maps on: benchmarks/calibration.py --raw held.npz
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from spite_widget.bots.calibration import (
    BETWEEN,
    FRESH,
    KEPT_SOURCES,
    LINE,
    LOSE,
    WIN,
    play_logged,
    play_reviewed,
)
from spite_widget.bots.model import RECALIBRATION_FILE, Knots, Recalibration, raw_chances

PAIRS = (("expert", "greedy"), ("expert", "expert"), ("expert", "baseline"), ("expert", "planner"))


def collect(games: int, plan_games: int, seed: int) -> np.ndarray:
    """Rows of (raw win, raw lose, outcome, source, the mover is the expert, pairing, game).

    The game (its number within its pairing and source) lets `benchmarks/calibration.py
    --raw` resample whole games for each decile's interval; files written before it have
    the first six columns only."""
    rows: list[tuple[float, float, int, int, int, int, int]] = []
    with raw_chances():
        for k, pair in enumerate(PAIRS):
            t0 = time.perf_counter()
            if games:
                for q in play_reviewed(pair, games, seed=seed + k):
                    expert = int(q.bot == "expert")
                    rows.append(
                        (q.predicted, q.lose, q.outcome, KEPT_SOURCES.index(q.moment), expert, k, q.game)
                    )
            if plan_games:
                for p in play_logged(pair, plan_games, seed=seed + 50 + k):
                    rows.append((p.predicted, p.lose, p.outcome, KEPT_SOURCES.index("plan"), 1, k, p.game))
            print(
                f"{pair[0]} v {pair[1]}: {len(rows)} evals so far, {time.perf_counter() - t0:.0f} s",
                flush=True,
            )
    return np.array(rows, dtype=float)


GRID = (0.002, 0.01, 0.03, 0.06, *(k / 20 for k in range(2, 19)), 0.94, 0.97, 0.99, 0.998)
"""Where a fitted curve is sampled into the shipped knots (dense near the ends)."""


def platt(x: np.ndarray, y: np.ndarray) -> Knots:
    """A rising map from (0, 0) to (1, 1): logit(calibrated) = a + b * logit(raw), b > 0.

    Two numbers per curve, fitted by maximum likelihood (Newton's method). Positions of one
    game share its outcome, so a few hundred games are a few hundred samples, not tens of
    thousands: a finer map (isotonic, 20 bins) was tried and followed the noise (8-10 points
    off in a decile of held-out games against 6.5-8.7 for this one); the smooth curve also
    keeps a review's losses (differences of chances) on one even scale.
    """
    p = np.clip(x, 1e-4, 1 - 1e-4)
    z = np.log(p / (1 - p))
    a, b = 0.0, 1.0
    for _ in range(50):
        q = 1 / (1 + np.exp(-(a + b * z)))
        v = q * (1 - q)
        grad = np.array([np.sum(y - q), np.sum((y - q) * z)])
        hess = np.array([[np.sum(v), np.sum(v * z)], [np.sum(v * z), np.sum(v * z * z)]]) + 1e-9 * np.eye(2)
        step = np.linalg.solve(hess, grad)
        a, b = a + step[0], b + step[1]
        if np.abs(step).max() < 1e-10:
            break
    if b <= 0:
        raise ValueError(f"the fitted curve does not rise (slope {b:.3f}): too few positions?")
    xs = np.array(GRID)
    ys = 1 / (1 + np.exp(-(a + b * np.log(xs / (1 - xs)))))
    print(f"  logit(calibrated) = {a:+.3f} + {b:.3f} * logit(raw)")
    return (
        (0.0, 0.0),
        *((round(float(u), 4), round(float(v), 4)) for u, v in zip(xs, ys, strict=True)),
        (1.0, 1.0),
    )


def fit_map(rows: np.ndarray) -> Recalibration:
    """The win curve on every row, the lose-share curve on the rows not won."""
    win, lose, outcome = rows[:, 0], rows[:, 1], rows[:, 2].astype(int)
    win_map = platt(win, (outcome == WIN).astype(float))
    rest = 1.0 - win
    share = np.where(rest > 1e-12, lose / np.maximum(rest, 1e-12), 0.0)
    not_won = outcome != WIN
    share_map = platt(share[not_won], (outcome[not_won] == LOSE).astype(float))
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
    parser.add_argument(
        "--games",
        type=int,
        default=40,
        help="reviewed games per pairing (default 40; 0: refit the line map on plans only and keep "
        "the shipped between map, whose reviews cost about 8 s a game)",
    )
    parser.add_argument("--plan-games", type=int, default=70, help="games per pairing for plans (default 70)")
    parser.add_argument("--seed", type=int, default=5000, help="not the benchmark's seeds (1000)")
    parser.add_argument(
        "--data",
        type=Path,
        action="append",
        help="an .npz file to keep the raw evals in (with --fit-only: to read, and may be given again)",
    )
    parser.add_argument("--fit-only", action="store_true", help="fit on --data without playing")
    parser.add_argument(
        "--keep-only",
        action="store_true",
        help="play and keep the evals in --data, fit nothing (held-out samples for "
        "benchmarks/calibration.py --raw; the shipped maps are left as they are)",
    )
    parser.add_argument(
        "--line-from",
        choices=("plans", "review", "both"),
        default="plans",
        help="what the line map is fitted on",
    )
    parser.add_argument(
        "--keep-between", action="store_true", help="keep the shipped between map (refit the others)"
    )
    parser.add_argument(
        "--review-only",
        action="store_true",
        help="refit the review map only, on the reviewed games' mid-turn evals; the shipped line, "
        "between and choice maps are kept as they are (nothing that is told elsewhere moves)",
    )
    parser.add_argument("--out", type=Path, default=RECALIBRATION_FILE)
    args = parser.parse_args()
    command = f"--games {args.games} --plan-games {args.plan_games} --seed {args.seed}"
    if args.keep_only and (args.fit_only or not args.data):
        parser.error("--keep-only plays and keeps: it needs --data and no --fit-only")
    if args.fit_only:
        if not args.data:
            raise SystemExit("--fit-only needs --data")
        kept = [np.load(path) for path in args.data]
        rows = np.concatenate([k["rows"][:, :6] for k in kept])  # older files have no game column
        command = " + ".join(str(k["command"]) for k in kept)
    else:
        rows = collect(args.games, args.plan_games, args.seed)
        if args.data:
            if len(args.data) > 1:
                raise SystemExit("one --data file to write the evals in")
            np.savez_compressed(args.data[0], rows=rows, command=np.array(command))
        if args.keep_only:
            print(f"kept {len(rows)} evals in {args.data[0]}")
            return
    source = rows[:, 3].astype(int)
    between = rows[source == KEPT_SOURCES.index(BETWEEN)]
    line_sources = {"plans": ("plan",), "review": (LINE, FRESH), "both": (LINE, FRESH, "plan")}
    line = rows[np.isin(source, [KEPT_SOURCES.index(s) for s in line_sources[args.line_from]])]
    kept_from: str | None = None  # where the between map came from, when it is the shipped one
    shipped = json.loads(RECALIBRATION_FILE.read_text(encoding="utf-8"))
    shipped_maps = shipped["maps"]
    # the expert's choices keep weighing chances as they did (see `EvalModel.choice_map`):
    # refitting what is told must not change the moves its strength was measured with
    choice = Recalibration.from_json(shipped_maps.get("choice", shipped_maps["line"]))
    choice_from = shipped["fitted_on"].get("choice_kept_from", shipped["fitted_on"]["command"])
    if args.review_only:
        mid_turn = rows[source == KEPT_SOURCES.index(LINE)]
        if not len(mid_turn):
            raise SystemExit("--review-only needs reviewed games (--games > 0, or --data that holds them)")
        review = fit_map(mid_turn)
        report("review", mid_turn, review)
        kept_on: dict[str, object] = dict(shipped["fitted_on"])
        kept_on["review_fitted_from"] = {
            "command": f"python scripts/fit_recalibration.py {command} --review-only",
            "evals": len(mid_turn),
        }
        kept_on.pop("review_kept_from", None)
        kept_maps = {name: shipped_maps[name] for name in ("line", "between") if name in shipped_maps}
        refit: dict[str, object] = {
            "fitted_on": kept_on,
            "maps": {**kept_maps, "review": review.to_json(), "choice": choice.to_json()},
        }
        args.out.write_text(dumps(refit), encoding="utf-8")
        print(f"wrote {args.out} (the review map refitted; line, between and choice as shipped)")
        return
    if len(between) and not args.keep_between:
        maps = {"line": fit_map(line), "between": fit_map(between)}
    else:
        if args.line_from != "plans" and not len(between):
            raise SystemExit("--line-from review or both needs reviewed games (--games > 0)")
        maps = {"line": fit_map(line), "between": Recalibration.from_json(shipped_maps["between"])}
        kept_from = shipped["fitted_on"].get("between_kept_from", shipped["fitted_on"]["command"])
        print(
            "between: the shipped map kept"
            if len(between)
            else "between: no reviewed games, the shipped map kept"
        )
    review_from: str | None = None  # where the review map came from, when it is the shipped one
    mid_turn = rows[source == KEPT_SOURCES.index(LINE)]
    if len(mid_turn):
        maps["review"] = fit_map(mid_turn)
    elif "review" in shipped_maps:
        maps["review"] = Recalibration.from_json(shipped_maps["review"])
        review_from = shipped["fitted_on"].get("review_kept_from", shipped["fitted_on"]["command"])
        print("review: no reviewed games, the shipped map kept")
    for name, part in (("line", line), ("between", between), ("review", mid_turn)):
        if len(part):
            report(name, part, maps[name])
    review_line = rows[np.isin(source, [KEPT_SOURCES.index(LINE), KEPT_SOURCES.index(FRESH)])]
    if len(review_line):
        report("mid-turn", review_line, maps["line"])
    fitted_on: dict[str, object] = {
        "evals": {name: int(np.sum(source == i)) for i, name in enumerate(KEPT_SOURCES)},
        "command": f"python scripts/fit_recalibration.py {command} --line-from {args.line_from}",
    }
    if kept_from is not None:
        fitted_on["between_kept_from"] = kept_from
    if review_from is not None:
        fitted_on["review_kept_from"] = review_from
    fitted_on["choice_kept_from"] = choice_from
    maps["choice"] = choice
    data = {
        "fitted_on": fitted_on,
        "maps": {name: m.to_json() for name, m in maps.items()},
    }
    args.out.write_text(dumps(data), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

"""Is the expert's chance of winning calibrated? Predicted against observed, per decile.

Two sets of positions, from games between the expert and other bots (seat-swapped pairs):

1. Every plan the expert made: its chance of winning at the end of the line it chose.
2. Every eval a review stores (`annotate_with_bot`, run as is on each finished game): after
   every move, the mover's chance from the mover's own view, mid-turn from the end of the
   best line that starts with the move, between turns from `evaluate`. Shown per moment too.

In each decile of the predicted chance it compares the mean prediction with how often that
player then won. Target (issue 11): within 5 percentage points in every decile holding at
least 200 positions, over at least 20,000 positions.

It also prints the zigzag of a review's evaluation graph (issue 13): the mean change of
player 0's stored chance over player 0's own turns and over player 1's turns (each turn from
the eval after one turn-ending discard to the eval after the next). A calibrated forecaster
is a martingale: both should be near 0; a bias that favours the player who just moved shows
as a rise over their own turns and a fall over the opponent's.

    python benchmarks/calibration.py [--games 120] [--review-games 40] [--workers 2] [--save examples/calibration.json]
    python benchmarks/calibration.py --quick     # a few games: figures only, no verdict
    python benchmarks/calibration.py --review-games 0 --recalibration FILE   # a refitted map, before shipping it
    python benchmarks/calibration.py --raw a.npz [--raw b.npz ...] [--recalibration FILE]
    python benchmarks/calibration.py --raw reviewed.npz --review-raw [--recalibration FILE]

`--raw` plays nothing: it reads the plans' raw chances that `scripts/fit_recalibration.py
--data` kept and puts them through the line map, which tells exactly what the expert told in
play (the line map moves no move, see `EvalModel.choice_map`), so one sample played once can
be judged through any map, and several samples pooled. `fit_recalibration.py --games 0
--plan-games 200 --seed 950` plays the plans of this benchmark's own deals (seeds 1000+).
With `--review-raw` it judges the review's evals kept the same way (`fit_recalibration.py
--games 40 --plan-games 0 --seed 1000 --keep-only` reviews this benchmark's own reviewed games),
each through the map a review tells it with, so a refitted review map can be judged on held-out
games played once; the zigzag needs the turns, so it is printed only when the games are played.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Final

from spite_widget.bots.calibration import (
    BETWEEN,
    FRESH,
    KEPT_SOURCES,
    LINE,
    WIN,
    Position,
    Stored,
    decile_table,
    play_logged,
    play_reviewed,
    zigzag,
)
from spite_widget.bots.model import Chances, EvalModel, Use, default_model, load_recalibration

PAIRS = (("expert", "greedy"), ("expert", "expert"), ("expert", "baseline"), ("expert", "planner"))
TARGET = 0.05
"""The largest gap allowed in a decile of at least 200 positions (issue 11)."""


@dataclass(frozen=True, slots=True)
class Told:
    """A plan's chance of winning as told in play, from a saved raw chance (`--raw`)."""

    predicted: float
    outcome: int


Sample = Position | Stored | Told
GameKey = tuple[int, ...]
"""Which game a position came from (pairing and game, and the file with `--raw`)."""


def spread(positions: Sequence[Sample], games: Sequence[GameKey] | None, rounds: int = 400) -> list[float]:
    """Per decile, half the width of the 95% interval of its gap (observed - predicted) when
    whole games are resampled (bootstrap). Positions of one game share its outcome, so this
    is how far a decile's gap moves from one sample of games to another: a gap inside it is
    as likely noise as miscalibration. Not a number for each when the games are unknown."""
    if games is None:
        return [math.nan] * 10
    cells: dict[GameKey, list[list[float]]] = {}
    for q, key in zip(positions, games, strict=True):
        d = 9 if q.predicted >= 1.0 else int(q.predicted * 10)
        agg = cells.setdefault(key, [[0.0, 0.0, 0.0] for _ in range(10)])[d]
        agg[0] += 1
        agg[1] += q.predicted
        agg[2] += q.outcome == WIN
    keys = list(cells)
    rng = random.Random(0)
    gaps: list[list[float]] = [[] for _ in range(10)]
    for _ in range(rounds):
        total = [[0.0, 0.0, 0.0] for _ in range(10)]
        for _k in keys:
            for d, (n, pred, won) in enumerate(cells[keys[rng.randrange(len(keys))]]):
                if n:
                    t = total[d]
                    t[0] += n
                    t[1] += pred
                    t[2] += won
        for d, (n, pred, won) in enumerate(total):
            if n:
                gaps[d].append((won - pred) / n)
    out = []
    for g in gaps:
        g.sort()
        out.append(
            (g[int(0.975 * (len(g) - 1))] - g[int(0.025 * (len(g) - 1))]) / 2 if len(g) > 1 else math.nan
        )
    return out


def print_table(
    title: str, positions: Sequence[Sample], verdict: bool, games: Sequence[GameKey] | None
) -> float:
    """Print the decile table and return the largest gap in a decile of >= 200 positions."""
    rows = decile_table(positions)
    noise = spread(positions, games)
    won = sum(1 for q in positions if q.outcome == WIN) / max(1, len(positions))
    counted_games = f"{len(set(games))} games" if games is not None else "games not told apart (no intervals)"
    print(f"\n{title}: {len(positions)} positions from {counted_games}, won {won:.1%}")
    print(f"{'decile':<10}{'positions':>10}{'predicted':>11}{'observed':>10}{'gap':>8}{'+-95%':>8}")
    worst = 0.0
    outside = counted = 0
    for (lo, pred, obs, n), half in zip(rows, noise, strict=True):
        if n == 0:
            print(f"{lo:.1f}-{lo + 0.1:.1f}{n:>13}")
            continue
        gap = obs - pred
        if n >= 200:
            worst = max(worst, abs(gap))
            counted += 1
            outside += abs(gap) > half  # never when `half` is not a number
        flag = "" if n >= 200 else "  (fewer than 200)"
        print(
            f"{lo:.1f}-{lo + 0.1:.1f}{n:>13}{pred:>11.3f}{obs:>10.3f}{100 * gap:>+7.1f}"
            f"{'-' if math.isnan(half) else f'{100 * half:.1f}':>8}{flag}"
        )
    if verdict:
        met = "met" if worst <= TARGET and len(positions) >= 20_000 else "NOT met"
        beyond = f"{outside} of {counted}" if games is not None else "not known (games not told apart)"
        print(
            f"largest gap in a decile of >= 200 positions: {100 * worst:.1f} points "
            f"(target <= 5 over >= 20,000 positions: {met}); "
            f"gaps beyond their games' 95% interval: {beyond}"
        )
    return worst


def table_rows(qs: Sequence[Sample]) -> list[dict[str, float]]:
    """A decile table as the notebook reads it (`--save`)."""
    return [{"low": lo, "predicted": p, "observed": o, "count": n} for lo, p, o, n in decile_table(qs) if n]


TOLD_THROUGH: Final[dict[str, Use]] = {"plan": "line", LINE: "review", FRESH: "line", BETWEEN: "between"}
"""The map each kind of kept eval is told through, in play and in a review: a plan where its
line ends; a review's eval after a move within a turn (the best line after it), after five
fresh cards (a new plan: `evaluate`) and after a turn-ending discard (`evaluate` between turns)."""


def told_from_raw(
    paths: Sequence[Path], model: EvalModel, sources: Sequence[str] = ("plan",)
) -> tuple[list[Told], list[str], list[GameKey] | None]:
    """The evals of these `sources` kept in `paths` (`fit_recalibration.py --data`), their raw
    chances told through `model`'s map for each (`TOLD_THROUGH`), the source of each, and each
    one's game (None when a file does not say)."""
    import numpy as np

    told: list[Told] = []
    kinds: list[str] = []
    games: list[GameKey] | None = []
    for f, path in enumerate(paths):
        try:
            rows = np.load(path)["rows"]
        except (OSError, KeyError, ValueError) as e:
            raise SystemExit(f"--raw {path}: not a file fit_recalibration.py --data wrote ({e})") from e
        if rows.ndim != 2 or rows.shape[1] < 6:
            raise SystemExit(f"--raw {path}: rows of at least 6 columns expected, not {rows.shape}")
        kept = rows[np.isin(rows[:, 3], [KEPT_SOURCES.index(name) for name in sources])]
        for win, lose, outcome, source in kept[:, :4]:
            kind = KEPT_SOURCES[int(source)]
            raw = Chances(float(win), float(lose), max(0.0, 1.0 - win - lose))
            told.append(Told(model.recalibrated(raw, TOLD_THROUGH[kind]).win, int(outcome)))
            kinds.append(kind)
        if rows.shape[1] < 7:
            games = None
        elif games is not None:
            games.extend((f, int(k), int(g)) for k, g in kept[:, 5:7])
    return told, kinds, games


def moment_line(name: str, stored: Sequence[Stored | Told]) -> str:
    """Mean predicted against observed for one moment, and its worst decile gap."""
    if not stored:
        return f"  {name:<8} no positions"
    pred = sum(q.predicted for q in stored) / len(stored)
    won = sum(1 for q in stored if q.outcome == WIN) / len(stored)
    gaps = [abs(o - p) for _lo, p, o, n in decile_table(stored) if n >= 200]
    worst = f"{100 * max(gaps):.1f}" if gaps else "-"
    return (
        f"  {name:<8}{len(stored):>7} positions: predicted {pred:.3f}, won {won:.3f} "
        f"({100 * (won - pred):+.1f}); worst decile of >= 200: {worst} points"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=120, help="games per pairing (default 120)")
    parser.add_argument(
        "--review-games", type=int, default=40, help="games per pairing reviewed whole (default 40)"
    )
    parser.add_argument("--seed", type=int, default=1000, help="not the seeds the model was fitted on")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes, one pairing each (default 1; up to 4 help)"
    )
    parser.add_argument("--quick", action="store_true", help="2 games per pairing (1 reviewed), figures only")
    parser.add_argument("--save", type=Path, help="write the decile tables as JSON (for the notebook)")
    parser.add_argument(
        "--data", type=Path, help="also keep the positions (.npz) for scripts/fit_eval_model.py"
    )
    parser.add_argument(
        "--raw",
        type=Path,
        action="append",
        metavar="FILE",
        help="play nothing: judge the plans' raw chances kept by scripts/fit_recalibration.py --data "
        "FILE through the line map (given again: the samples pooled)",
    )
    parser.add_argument(
        "--review-raw",
        action="store_true",
        help="with --raw: also judge the review's evals kept in FILE (fit_recalibration.py --games N), "
        "each through the map a review tells it with, the mid-turn ones on their own too",
    )
    parser.add_argument(
        "--recalibration",
        type=Path,
        metavar="FILE",
        help="judge the maps in FILE (as scripts/fit_recalibration.py --out writes them) instead of "
        "the shipped ones, on the plans only (needs --review-games 0); a choice map in it changes the moves",
    )
    args = parser.parse_args()
    if args.recalibration is not None and args.review_games and not args.quick and not args.raw:
        parser.error("--recalibration judges the plans only: add --review-games 0")
    model = default_model()
    if args.recalibration is not None:  # the maps it has in place of the shipped ones
        model = model.with_maps(load_recalibration(args.recalibration))
    command = " ".join(["python benchmarks/calibration.py", *sys.argv[1:]])  # what --save records
    if args.raw:
        moments = (LINE, FRESH, BETWEEN)
        every, kinds, every_key = told_from_raw(
            args.raw, model, ("plan", *moments) if args.review_raw else ("plan",)
        )

        def of(names: Sequence[str]) -> tuple[list[Told], list[GameKey] | None]:
            """The kept evals of these kinds, and their games."""
            picked = [i for i, kind in enumerate(kinds) if kind in names]
            return [every[i] for i in picked], None if every_key is None else [every_key[i] for i in picked]

        files = " + ".join(str(p) for p in args.raw)
        told, keys = of(("plan",))
        if told or not args.review_raw:
            print_table(f"The expert's plans kept in {files}", told, True, keys)
        if args.review_raw:
            said, said_keys = of(moments)
            print_table(f"A review's evals kept in {files}", said, True, said_keys)
            for name in moments:
                of_moment, moment_keys = of((name,))
                print(moment_line(name, of_moment))
                if name == LINE and of_moment:
                    print_table(f"  ... after a move within a turn ({name})", of_moment, True, moment_keys)
        if args.save is not None:
            data = {
                "command": command,
                "positions": len(told),
                "games": len(set(keys)) if keys is not None else None,
                "deciles": table_rows(told),
            }
            args.save.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return
    games = 2 if args.quick else args.games
    reviewed_games = 0 if args.recalibration is not None else 1 if args.quick else args.review_games
    positions: list[Position] = []
    plan_games: list[tuple[int, int]] = []  # (pairing, game) of each position
    t0 = time.perf_counter()
    seeds = [args.seed + k for k in range(len(PAIRS))]
    # one pairing per process: the same deals and seats as one process plays, in order
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        if games:
            parts = pool.map(play_logged, PAIRS, [games] * len(PAIRS), seeds, [model] * len(PAIRS))
            for k, (pair, part) in enumerate(zip(PAIRS, parts, strict=True)):
                positions.extend(part)
                plan_games.extend((k, q.game) for q in part)
                print(
                    f"{pair[0]} v {pair[1]}: {games} games, {time.perf_counter() - t0:.0f} s so far",
                    flush=True,
                )
        seconds = time.perf_counter() - t0
    print(f"plans: {games * len(PAIRS)} games ({seconds:.0f} s)")
    if games:
        print_table("The expert's plans (the end of its chosen line)", positions, not args.quick, plan_games)
    stored: list[Stored] = []
    review_games: list[tuple[int, int]] = []
    t1 = time.perf_counter()
    if reviewed_games:
        with ProcessPoolExecutor(max(1, args.workers)) as pool:
            reviews = pool.map(play_reviewed, PAIRS, [reviewed_games] * len(PAIRS), seeds)
            for k, (pair, reviewed) in enumerate(zip(PAIRS, reviews, strict=True)):
                stored.extend(reviewed)
                review_games.extend((k, q.game) for q in reviewed)
                print(
                    f"reviewed {pair[0]} v {pair[1]}: {reviewed_games} games, "
                    f"{time.perf_counter() - t1:.0f} s so far",
                    flush=True,
                )
    if stored:
        print_table(
            "A review's stored evals (after every move, the mover's view)",
            stored,
            not args.quick,
            review_games,
        )
        for name in (LINE, FRESH, BETWEEN):
            print(moment_line(name, [q for q in stored if q.moment == name]))
        own, their, swing, turns = zigzag(stored)
        print(
            f"zigzag over {turns} turns: player 0's chance moves {100 * own:+.1f} points over "
            f"player 0's turns, {100 * their:+.1f} over player 1's (both ~0 if unbiased); "
            f"mean absolute change per turn {100 * swing:.1f} points"
        )
    if args.data is not None:
        import numpy as np

        raw = np.array([[float(v) for v in astuple(q.leaf)][:10] for q in positions])
        np.savez_compressed(args.data, x=raw, y=np.array([q.outcome for q in positions]))
    if args.save is not None:
        # what was measured, and how: a table that was not measured is left out
        measured: dict[str, object] = {"command": command}
        if games:
            measured.update(positions=len(positions), games=games * len(PAIRS), deciles=table_rows(positions))
        if stored:
            own, their, swing, turns = zigzag(stored)
            measured["review"] = {
                "positions": len(stored),
                "games": reviewed_games * len(PAIRS),
                "deciles": table_rows(stored),
                "zigzag": {"p0_turns": own, "p1_turns": their, "mean_abs": swing, "turns": turns},
            }
        args.save.write_text(json.dumps(measured, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

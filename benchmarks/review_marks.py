"""How often a review marks the expert's own moves, and greedy's. Prints figures only.

    python benchmarks/review_marks.py                 # 12 games of each kind, 100 moves each
    python benchmarks/review_marks.py --quick         # 1 game of each kind, 30 moves (run by the tests)
    python benchmarks/review_marks.py --recalibration benchmarks/maps/fitted-before-lookahead.json

A review must never call a move that loses nothing a mistake. The expert's own moves lose
nothing by its own judgement, so the share of them a review marks is its noise: two experts
that sample other worlds (the players seeded 1 and 2, the reviewer 0) disagree on close
lines. Greedy's moves in games against the expert show what the marks are for. The
thresholds are `spite_widget.bots.review.MISTAKE_MARKS`; `--recalibration FILE` reviews
with a refitted map (what a review tells in chances, as `benchmarks/calibration.py` judges it).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from spite_widget import Game
from spite_widget.bots import get_bot
from spite_widget.bots.expert import ExpertBot
from spite_widget.bots.model import default_model, load_recalibration
from spite_widget.bots.review import LOSS_KEY, MISTAKE_MARKS, annotate_with_bot


def played(kind: str, seed: int, plies: int) -> tuple[Game, tuple[str, str]]:
    """A game of `plies` moves at most: expert self-play, or the expert against greedy
    (greedy moves first in even deals)."""
    if kind == "self":
        names = ("expert", "expert")
        bots = [get_bot("expert", seed=1), get_bot("expert", seed=2)]
    else:
        names = ("expert", "greedy") if seed % 2 else ("greedy", "expert")
        bots = [get_bot(n, seed=1 if n == "expert" else seed) for n in names]
    seats = (f"{names[0]} (A)", f"{names[1]} (B)")  # a game's two players need two names
    g = Game.new(seed=seed, players=seats)
    while not g.is_over and g.ply < plies:
        g.play(bots[g.current_player].choose(g.view(g.current_player)))
    return g, names


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=12, help="games of each kind (default 12)")
    parser.add_argument("--plies", type=int, default=100, help="moves played per game (default 100)")
    parser.add_argument("--seed", type=int, default=100, help="first deal (default 100)")
    parser.add_argument("--quick", action="store_true", help="1 game of each kind, 30 moves")
    parser.add_argument("--recalibration", type=Path, metavar="FILE", help="review with FILE's maps")
    args = parser.parse_args()
    games, plies = (1, 30) if args.quick else (args.games, args.plies)
    model = default_model()
    if args.recalibration is not None:
        model = model.with_maps(load_recalibration(args.recalibration))
    thresholds = sorted(t for t, _mark in MISTAKE_MARKS)
    marks = {t: m for t, m in MISTAKE_MARKS}
    t0 = time.perf_counter()
    print(
        f"{'games':<22}{'mover':<8}{'moves':>7}"
        + "".join(f"{marks[t] + ' or worse':>13}" for t in thresholds)
    )
    for kind, seed0 in (("self", args.seed), ("greedy", args.seed + 100)):
        losses: dict[str, list[float]] = {}
        for seed in range(seed0, seed0 + games):
            g, names = played(kind, seed, plies)
            reviewed = annotate_with_bot(g.to_record(), ExpertBot(0, model=model))
            for number, entry in enumerate(reviewed["moves"], start=1):
                losses.setdefault(names[g.mover(number)], []).append(float(entry.get(LOSS_KEY, 0.0)))
        title = "expert self-play" if kind == "self" else "expert v greedy"
        for mover, ls in sorted(losses.items()):
            cells = "".join(
                f"{sum(x >= t for x in ls):>5} ({100 * sum(x >= t for x in ls) / len(ls):4.1f}%)"
                for t in thresholds
            )
            print(f"{title + f' ({games})':<22}{mover:<8}{len(ls):>7}{cells}")
    print(
        f"thresholds (win minus lose given away): {', '.join(f'{m} {t:g}' for t, m in reversed(MISTAKE_MARKS))}"
    )
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()

"""Engine throughput: random self-play, record replays and undo. Prints figures only.

    python benchmarks/engine.py            # about 10 seconds on one core
    python benchmarks/engine.py --games 50 # quicker, noisier
    python benchmarks/engine.py --quick    # 5 games, one run: figures only (run by the tests)

Self-play is `legal_moves()` then `play()` of a random legal move, whole games, fixed
seeds, one process. Two kinds of play are timed: uniform random moves (games end when the
stock runs out, about 60 moves) and center-biased random moves (a center move when there
is one, 9 times in 10: stacks complete, the stock is reshuffled and games are won, about
400 moves). The target for uniform self-play is at least 100,000 moves per second.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from spite_widget import Game, Move


def uniform(moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def center_biased(moves: list[Move], rng: random.Random) -> Move:
    center = [m for m in moves if m.to_center]
    return rng.choice(center if center and rng.random() < 0.9 else moves)


def self_play(
    seeds: range, choose: Callable[[list[Move], random.Random], Move]
) -> tuple[float, int, list[Game]]:
    """Play a whole game per seed; return the seconds taken, the moves played and the games."""
    games = []
    moves = 0
    start = time.perf_counter()
    for seed in seeds:
        g = Game.new(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(choose(g.legal_moves(), rng))
        moves += g.ply
        games.append(g)
    return time.perf_counter() - start, moves, games


def replay(records: list[dict[str, Any]]) -> float:
    start = time.perf_counter()
    for rec in records:
        Game.from_record(rec)
    return time.perf_counter() - start


def undo_all(games: list[Game]) -> tuple[float, int]:
    copies = [g.copy() for g in games]
    undone = sum(g.ply for g in copies)
    start = time.perf_counter()
    for g in copies:
        while g.ply:
            g.undo()
    return time.perf_counter() - start, undone


def best_of(repeats: int, run: Callable[[], tuple[float, int]]) -> tuple[float, int]:
    """The fastest of `repeats` runs (the least disturbed by a shared machine)."""
    return min((run() for _ in range(repeats)), key=lambda r: r[0] / max(r[1], 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per kind of play (default 300)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each timing; the best is shown")
    parser.add_argument(
        "--quick", action="store_true", help="5 games, one run: figures only (run by the tests)"
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.repeats = 5, 1
    seeds = range(args.games)
    print(
        f"spite-widget engine benchmark: {args.games} games per kind, best of {args.repeats}, "
        f"Python {platform.python_version()} on one core"
    )

    rows = []
    kept: dict[str, list[Game]] = {}
    for name, choose in (("uniform random", uniform), ("center-biased", center_biased)):
        results = [self_play(seeds, choose) for _ in range(args.repeats)]
        seconds, moves, games = min(results, key=lambda r: r[0])
        kept[name] = games
        rows.append(
            (
                f"self-play, {name}",
                moves / seconds,
                "moves/s",
                f"{moves / len(games):.0f} moves a game, {len(games) / seconds:,.0f} games/s",
            )
        )

    for name, games in kept.items():
        records = [g.to_record() for g in games]
        moves = sum(len(r["moves"]) for r in records)
        seconds = min(replay(records) for _ in range(args.repeats))
        rows.append(
            (
                f"replay (from_record), {name}",
                len(records) / seconds,
                "records/s",
                f"{moves / seconds:,.0f} moves/s, checked",
            )
        )

    seconds, undone = best_of(args.repeats, lambda: undo_all(kept["center-biased"]))
    rows.append(("undo, center-biased games", undone / seconds, "undos/s", "back to the deal"))

    width = max(len(r[0]) for r in rows)
    for label, rate, unit, note in rows:
        print(f"  {label:<{width}}  {rate:>11,.0f} {unit:<10} ({note})")


if __name__ == "__main__":
    main()

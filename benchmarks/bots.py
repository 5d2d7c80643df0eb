"""How long the expert takes (per decision and per whole turn), and whether it plays its
visible pay-off card when it can.

A turn's first decision plans the whole turn; later decisions mostly replay the plan, so
the time per turn is what a player waits for (targets: median <= 50 ms, 99th percentile
<= 300 ms). "Pay-off card playable" counts the turns that start with the visible pay-off
card reachable without drawing an unseen card (an exact search), and how often the bot
then played it that turn (target >= 95%); "last card playable" is a win it could see
(target: never missed). Run on the machine that matters:

    python benchmarks/bots.py [--games 20] [--opponent greedy] [--bot expert]
    python benchmarks/bots.py --quick      # 3 games: figures only (run by the tests)
"""

from __future__ import annotations

import argparse
import statistics
import time

from spite_widget import Game
from spite_widget.bots import BOT_NAMES, EXTRA_BOTS, get_bot
from spite_widget.bots.calibration import payoff_reachable


def measure(
    games: int, opponent: str, name: str = "expert"
) -> tuple[list[float], list[float], list[int], tuple[int, int, int, int], tuple[int, int, int]]:
    """Seconds per decision and per turn, positions searched per plan, the pay-off counts
    (playable turns, played in them, playable last cards, won with them), and the expert's
    look-ahead (plans in which it compared lines, those in which it changed the choice)."""
    decisions: list[float] = []
    turns: list[float] = []
    nodes: list[int] = []
    chances = [0, 0, 0, 0]
    looked = [0, 0, 0]
    for seed in range(games):
        g = Game.new(seed=seed)
        seat = seed % 2
        bot = get_bot(name, seed=seed)
        other = get_bot(opponent, seed=seed + 1000)
        turn = 0.0
        start_count: int | None = None
        while not g.is_over:
            p = g.current_player
            view = g.view(p)
            if p == seat:
                if start_count is None:  # the first decision of a turn
                    start_count = view.payoff_counts[p] if payoff_reachable(view) else -1
                t0 = time.perf_counter()
                move = bot.choose(view)
                dt = time.perf_counter() - t0
                decisions.append(dt)
                turn += dt
                plan = getattr(bot, "last_plan", None)
                if plan is not None and dt > 0.0005:
                    nodes.append(plan.nodes)
                g.play(move)
                if move.ends_turn or g.is_over:
                    turns.append(turn)
                    turn = 0.0
                    if start_count is not None and start_count > 0:
                        paid = g.is_over or g.view(p).payoff_counts[p] < start_count
                        chances[0] += 1
                        chances[1] += paid
                        if start_count == 1:
                            chances[2] += 1
                            chances[3] += g.winner == p
                    start_count = None
            else:
                g.play(other.choose(view))
        counts = getattr(bot, "reply_counts", None)
        if counts is not None:
            looked[0] += counts[0]
            looked[1] += counts[1]
            looked[2] += counts[2]
    return (
        decisions,
        turns,
        nodes,
        (chances[0], chances[1], chances[2], chances[3]),
        (looked[0], looked[1], looked[2]),
    )


def _row(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    p99 = ms[int(0.99 * (len(ms) - 1))]
    return f"{name:<18}{len(ms):>8}{statistics.median(ms):>10.2f}{p90:>10.2f}{p99:>10.2f}{ms[-1]:>10.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--opponent", default="expert", choices=(*BOT_NAMES, *EXTRA_BOTS))
    parser.add_argument("--bot", default="expert", choices=(*BOT_NAMES, *EXTRA_BOTS))
    parser.add_argument("--quick", action="store_true", help="3 games: print the figures, judge nothing")
    args = parser.parse_args()
    games = 3 if args.quick else args.games
    decisions, turns, nodes, (can, did, last, won), looked = measure(games, args.opponent, args.bot)
    print(f"{args.bot} v {args.opponent}, {games} games, one process")
    print(f"{'':<18}{'count':>8}{'median':>10}{'p90':>10}{'p99':>10}{'max':>10}   (milliseconds)")
    print(_row("per decision", decisions))
    print(_row("per whole turn", turns))
    if nodes:
        print(f"positions searched per plan: median {statistics.median(nodes):.0f}, max {max(nodes)}")
    share = f"{did / can:.1%}" if can else "-"
    print(f"pay-off card playable without drawing at the start of {can} turns: played in {did} ({share})")
    print(f"last pay-off card playable in {last} turns: won in {won}")
    if looked[0]:
        print(
            f"look-ahead over the reply: lines compared in {looked[0]} plans of {len(turns)} turns, "
            f"the scores' choice changed in {looked[1]} ({looked[1] / looked[0]:.0%}), "
            f"{looked[2] / looked[0]:.1f} sampled worlds per comparison"
        )


if __name__ == "__main__":
    main()

"""How long the expert takes: per decision (each `choose` call) and per whole turn.

A turn's first decision plans the whole turn; later decisions mostly replay the plan, so
the time per turn is what a player waits for. Run on the machine that matters:

    python benchmarks/bots.py [--games 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from spite_widget import Game
from spite_widget.bots import get_bot


def measure(games: int, opponent: str) -> tuple[list[float], list[float], list[int]]:
    """Seconds per expert decision, seconds per expert turn, and positions searched per plan."""
    decisions: list[float] = []
    turns: list[float] = []
    nodes: list[int] = []
    for seed in range(games):
        g = Game.new(seed=seed)
        expert_seat = seed % 2
        expert = get_bot("expert", seed=seed)
        other = get_bot(opponent, seed=seed)
        turn = 0.0
        while not g.is_over:
            p = g.current_player
            view = g.view(p)
            if p == expert_seat:
                t0 = time.perf_counter()
                move = expert.choose(view)
                dt = time.perf_counter() - t0
                decisions.append(dt)
                turn += dt
                plan = getattr(expert, "last_plan", None)
                if plan is not None and dt > 0.0005:
                    nodes.append(plan.nodes)
                if move.ends_turn:
                    turns.append(turn)
                    turn = 0.0
            else:
                move = other.choose(view)
            g.play(move)
    return decisions, turns, nodes


def _row(name: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return f"{name:<18}{len(ms):>8}{statistics.median(ms):>10.2f}{p90:>10.2f}{ms[-1]:>10.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--opponent", default="expert", choices=("random", "greedy", "expert"))
    args = parser.parse_args()
    decisions, turns, nodes = measure(args.games, args.opponent)
    print(f"expert v {args.opponent}, {args.games} games, one process")
    print(f"{'':<18}{'count':>8}{'median':>10}{'p90':>10}{'max':>10}   (milliseconds)")
    print(_row("per decision", decisions))
    print(_row("per whole turn", turns))
    if nodes:
        print(f"positions searched per plan: median {statistics.median(nodes):.0f}, max {max(nodes)}")


if __name__ == "__main__":
    main()

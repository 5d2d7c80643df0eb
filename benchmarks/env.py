"""Environment throughput beside the engine's, and a long run of a random agent. Prints figures.

    python benchmarks/env.py                 # 10,000 games with the wrapped env; about 2 minutes
    python benchmarks/env.py --games 1000    # quicker

One process, one core. Figures:
- engine: uniform random self-play, `legal_moves()` then `play()` (moves per second);
- raw_env / env(): a random agent that reads `last()` (the observation array and the
  action mask) at every step and picks a legal action from the mask (steps per second);
  env() has PettingZoo's wrappers (illegal-move check, bounds check, order check);
- the long run: `--games` whole games on env() with that agent (every other game it prefers
  center actions, so stacks complete, the stock is reshuffled and games are won), counting
  any error, any step with an empty mask for the agent to move, and the outcomes.
Times are CPU seconds of this process (`time.process_time`), so other work on a shared
machine slows the figures less than wall time would; the target is 20,000 env steps/s.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections import Counter
from typing import Any

from spite_widget import Game
from spite_widget.env import env, raw_env


def engine_moves(games: int) -> tuple[int, float]:
    start = time.process_time()
    moves = 0
    for seed in range(games):
        g = Game.new(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
        moves += g.ply
    return moves, time.process_time() - start


def agent_games(
    e: Any, games: int, first_seed: int = 0, center_bias: bool = False
) -> tuple[int, float, Counter[str], int]:
    """Play `games` games with a masked random agent; (steps, seconds, outcomes, problems).

    `center_bias`: every other game, the agent picks a center action 9 times in 10 when it
    has one, so stacks complete, the stock is reshuffled and games are won."""
    rng = random.Random(first_seed)
    steps = problems = 0
    outcomes: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            if not len(legal):
                problems += 1
                break
            if center_bias and seed % 2 and rng.random() < 0.9:
                center = [a for a in legal.tolist() if a < 15 or (a - 15) % 7 < 3]
                legal = center or legal
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        game = e.unwrapped.game
        if not game.is_over:
            problems += 1
        outcomes["draw" if game.winner is None else f"won by player_{game.winner}"] += 1
    return steps, time.process_time() - start, outcomes, problems


def best(runs: list[tuple[int, float]]) -> float:
    return max(n / s for n, s in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games of the long run (default 10,000)")
    parser.add_argument("--speed-games", type=int, default=200, help="games per speed timing (default 200)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each timing; the best is shown")
    parser.add_argument(
        "--quick", action="store_true", help="a few games, one run: figures only (run by the tests)"
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.speed_games, args.repeats = 20, 5, 1
    print(
        f"spite-widget environment benchmark: Python {platform.python_version()} on one core, "
        f"best of {args.repeats} x {args.speed_games} games, CPU time"
    )
    engine = best([engine_moves(args.speed_games) for _ in range(args.repeats)])
    print(f"  engine self-play (legal_moves + play)      {engine:>9,.0f} moves/s")
    for name, make in (("raw_env", raw_env), ("env() (wrapped)", env)):
        runs = []
        for _ in range(args.repeats):
            steps, secs, _, problems = agent_games(make(), args.speed_games)
            assert problems == 0
            runs.append((steps, secs))
        rate = best(runs)
        print(
            f"  {name + ', obs + mask every step':<41}  {rate:>9,.0f} steps/s  "
            f"({rate / engine:.0%} of the engine; target 20,000)"
        )
    wall = time.perf_counter()
    errors = 0
    try:
        steps, secs, outcomes, problems = agent_games(
            env(), args.games, first_seed=1_000_000, center_bias=True
        )
    except Exception as e:  # the figure to print is whether anything went wrong
        errors = 1
        print(f"  long run stopped by {type(e).__name__}: {e}")
        raise
    shown = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    print(
        f"  random agent with the mask, env():  {args.games:,} games (half center-first), {steps:,} steps, "
        f"{errors} errors, {problems} problems, {steps / secs:,.0f} steps/s "
        f"({time.perf_counter() - wall:.0f} s wall); {shown}"
    )


if __name__ == "__main__":
    main()

"""The expert's review of a whole game: seconds for a game of about 200 moves. Prints figures only.

    python benchmarks/review.py            # three games of 200+ moves
    python benchmarks/review.py --quick    # one game (run by the tests)

Issue 13's goal: a full review, with both players' chances stored after every move, takes at
most 30 s for a 200-move game, so the replay's Review button can run it behind a progress bar.
The games are greedy against expert from fixed seeds, the first ones that reach 200 moves;
cancelling is measured too (from `cancel.set()` to `ReviewCancelled`).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from spite_widget import Game
from spite_widget.bots import get_bot
from spite_widget.bots.review import ReviewCancelled, annotate_with_bot, review_summary


def long_games(count: int, plies: int = 200) -> list[Game]:
    """The first `count` greedy-v-expert games from seed 0 on that last at least `plies` moves."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        g = Game.new(seed=seed, players=("Greedy", "Expert"))
        bots = [get_bot("greedy", seed=seed), get_bot("expert", seed=seed)]
        while not g.is_over:
            g.play(bots[g.current_player].choose(g.view(g.current_player)))
        if g.ply >= plies:
            out.append(g)
        seed += 1
    return out


def cancel_latency(game: Game) -> float:
    """Seconds from `cancel.set()`, 20 moves into a review, to `ReviewCancelled`."""
    stop = threading.Event()
    when = [0.0]

    def progress(done: int, total: int) -> None:
        if done == 20:
            when[0] = time.perf_counter()
            stop.set()

    try:
        annotate_with_bot(game, progress=progress, cancel=stop)
    except ReviewCancelled:
        return time.perf_counter() - when[0]
    raise AssertionError("the review was not cancelled")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games of 200+ moves to review")
    parser.add_argument("--quick", action="store_true", help="one game: figures only (run by the tests)")
    args = parser.parse_args()
    games = long_games(1 if args.quick else args.games)
    seconds: list[float] = []
    for g in games:
        start, cpu = time.perf_counter(), time.process_time()
        reviewed = annotate_with_bot(g)
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        seconds.append(took)
        summary = review_summary(reviewed)
        print(
            f"review of a {g.ply}-move game: {took:.1f} s ({1000 * took / g.ply:.0f} ms per move),"
            f" {cpu:.1f} s of CPU (wall time grows when other processes share the cores)"
        )
        print("  " + summary.describe().replace("\n", "\n  "))
    if len(seconds) > 1:
        print(f"seconds per review: median {statistics.median(seconds):.1f}, max {max(seconds):.1f}")
    print(f"cancel: ReviewCancelled {1000 * cancel_latency(games[0]):.0f} ms after cancel.set()")


if __name__ == "__main__":
    main()

"""The expert's review of a whole game: seconds for a game of about 200 moves. Prints figures only.

    python benchmarks/review.py            # three games of 200+ moves
    python benchmarks/review.py --quick    # one game (run by the tests)

Issue 13's goal: a full review, with both players' chances stored after every move, takes at
most 30 s for a 200-move game, so the replay's Review button can run it behind a progress bar.
The games are examples/sample_game.json (155 moves, two people) and greedy against expert
from fixed seeds, the first ones that reach 200 moves (greedy piles its side stacks high,
the expert's hardest positions); cancelling is measured too (`cancel.set()` to `ReviewCancelled`).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from pathlib import Path

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


def cancel_latency(game: Game, share: float, per_move: float) -> float:
    """Seconds from `cancel.set()`, from another thread half a move's rating (`per_move`,
    seconds) after a `share` of the review's moves are rated, to `ReviewCancelled` (the move
    being rated is finished first). The moment is told by the review's progress, not by a
    clock alone: on shared cores a delay timed on an earlier review could outlast this one."""
    stop, reached = threading.Event(), threading.Event()
    raised: list[float] = []

    def progress(done: int, total: int) -> None:
        if done >= share * total:
            reached.set()

    def run() -> None:
        try:
            annotate_with_bot(game, progress=progress, cancel=stop)
        except ReviewCancelled:
            raised.append(time.perf_counter())
        finally:
            reached.set()

    worker = threading.Thread(target=run)
    worker.start()
    reached.wait()
    time.sleep(per_move / 2)  # in the middle of rating the next move, as a person's press is
    asked = time.perf_counter()
    stop.set()
    worker.join()
    if not raised:
        raise AssertionError("the review finished before it was cancelled")
    return raised[0] - asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games of 200+ moves to review")
    parser.add_argument("--quick", action="store_true", help="one game: figures only (run by the tests)")
    args = parser.parse_args()
    sample = Game.load(Path(__file__).resolve().parents[1] / "examples" / "sample_game.json")
    games = [sample, *long_games(1 if args.quick else args.games)]
    seconds: list[float] = []
    for g in games:
        ticks: list[float] = []
        start, cpu = time.perf_counter(), time.process_time()
        reviewed = annotate_with_bot(g, progress=lambda _done, _total, t=ticks: t.append(time.perf_counter()))
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        slowest = max(b - a for a, b in zip([start, *ticks], ticks, strict=False))
        seconds.append(took)
        summary = review_summary(reviewed)
        print(
            f"review of a {g.ply}-move game: {took:.1f} s ({1000 * took / g.ply:.0f} ms per move),"
            f" {cpu:.1f} s of CPU (wall time grows when other processes share the cores);"
            f" slowest move {slowest:.2f} s"
        )
        print("  " + summary.describe().replace("\n", "\n  "))
    if len(seconds) > 2:
        long = seconds[1:]
        print(f"200+ moves, seconds per review: median {statistics.median(long):.1f}, max {max(long):.1f}")
    # cancelled a fifth, half and four fifths of the way through the last review
    per_move = seconds[-1] / games[-1].ply
    waits = [cancel_latency(games[-1], share, per_move) for share in (0.2, 0.5, 0.8)]
    print(f"cancel: ReviewCancelled {', '.join(f'{1000 * w:.0f}' for w in waits)} ms after cancel.set()")


if __name__ == "__main__":
    main()

"""Lesson feedback: how long a move in a lesson takes, the goal search included. Prints figures only.

    python benchmarks/lessons.py            # 20 random attempts per lesson
    python benchmarks/lessons.py --tries 5  # quicker

Every move a learner makes is answered after a search for a line to the goal (to say at
once when a move leads nowhere, and to aim the hint). Random learners play each lesson
until it is done or failed; the time of each `LessonSession.play` is measured. The goal is
an answer well under 100 ms, so a click feels immediate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spite_widget.teach import LessonSession, lessons


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=20, help="random attempts per lesson")
    parser.add_argument(
        "--quick", action="store_true", help="2 attempts per lesson: figures only (run by the tests)"
    )
    args = parser.parse_args()
    if args.quick:
        args.tries = 2
    rng = random.Random(1)
    times: list[float] = []
    worst = (0.0, "")
    for lesson in lessons():
        for _ in range(args.tries):
            session = LessonSession(lesson)
            while session.status == "playing":
                move = rng.choice(session.game.legal_moves())
                start = time.perf_counter()
                session.play(move)
                took = time.perf_counter() - start
                times.append(took)
                if took > worst[0]:
                    worst = (took, f"{lesson.id}: {' '.join(str(m) for m in session.moves)}")
    print(f"lessons: {len(lessons())}, moves played: {len(times)}")
    print(
        f"per move: median {1000 * statistics.median(times):.2f} ms, mean {1000 * statistics.mean(times):.2f} ms"
    )
    print(f"slowest: {1000 * worst[0]:.1f} ms ({worst[1]})")


if __name__ == "__main__":
    main()

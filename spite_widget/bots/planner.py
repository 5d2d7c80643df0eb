"""A level between greedy and expert: plans its whole turn for its own pile.

It searches every sequence of moves in its turn like the expert (so it finds the pay-off
card behind a King and a side-stack card), scoring the end of each line on the old
hand-tuned scores with the opponent's threat weighed at nothing: it does not block on
purpose. It keeps the expert's look-ahead, though: where its best lines score close, it plays
them on against the opponent's reply in sampled worlds and reads its chances there with the
model, which does count what the opponent can play, so now and then it picks a line that
leaves them less. A learner who beats greedy meets a player who sees further, without the
expert's defence.
"""

from __future__ import annotations

from .expert import ExpertBot
from .plan import Weights


class PlannerBot(ExpertBot):
    """The expert's turn search, with the opponent's next play weighed at nothing in its scores."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, weights=Weights(opp_threat=0.0, opp_endgame=0.0), model=False)

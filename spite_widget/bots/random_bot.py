"""The weakest level: a uniformly random legal move."""

from __future__ import annotations

from ..engine.moves import Move
from ..engine.state import PlayerView
from .base import Bot, require_turn


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        moves = require_turn(view)
        move = self.rng.choice(moves)
        self._why = f"{move}: picked at random from {len(moves)} legal moves"
        return move

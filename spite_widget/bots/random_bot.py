"""The weakest level: a uniformly random legal move."""

from __future__ import annotations

from ..engine.i18n import ngettext
from ..engine.moves import Move
from ..engine.state import PlayerView
from .base import Bot, require_turn


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        moves = require_turn(view)
        move = self.rng.choice(moves)
        count = len(moves)
        self._why = lambda: ngettext(
            "{move}: picked at random from {count} legal move",
            "{move}: picked at random from {count} legal moves",
            count,
        ).format(move=move, count=count)
        return move

"""The weakest level: a uniformly random legal move."""

from __future__ import annotations

from ..engine.i18n import ngettext
from ..engine.moves import Move
from ..engine.narrate import describe_move
from ..engine.state import PlayerView
from .base import Bot, require_turn


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        moves = require_turn(view)
        move = self.rng.choice(moves)
        count, sizes = len(moves), view.center_sizes()
        self._why = lambda: ngettext(  # in words, as the other levels explain: not the notation
            "{move}: picked at random from {count} legal move",
            "{move}: picked at random from {count} legal moves",
            count,
        ).format(move=describe_move(move, sizes), count=count)
        return move

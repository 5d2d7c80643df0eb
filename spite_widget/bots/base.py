"""The bot interface."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from ..engine.moves import Move
from ..engine.state import PlayerView


class Bot(ABC):
    """A computer player: given one player's view, choose that player's next move."""

    name: str = "bot"
    """The level's name, as in BOT_NAMES."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._why: str | Callable[[], str] = ""
        """Why the last move: a line, or what builds it (words are built in the language in
        force when `explain()` asks, never in the search loops)."""

    @abstractmethod
    def choose(self, view: PlayerView) -> Move:
        """A legal move for `view.player`, whose turn it must be."""

    def explain(self) -> str:
        """One line: why the last chosen move was chosen, in the language in force."""
        return self._why() if callable(self._why) else self._why

    def __repr__(self) -> str:
        return f"get_bot({self.name!r}, seed={self.seed!r})"


def require_turn(view: PlayerView) -> list[Move]:
    """The legal moves of the view, or a clear error when the bot has nothing to decide."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"a bot is given a PlayerView, not {type(view).__name__}")
    moves = view.legal_moves()
    if not moves:
        raise ValueError("the bot was asked to move, but it is not its turn or the game is over")
    return moves

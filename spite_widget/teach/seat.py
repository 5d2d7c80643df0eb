"""What the player to move can see, whatever the caller handed us.

Explanations speak to the player to move, so they are built from that player's share of
the table only (a `PlayerView`), even when given a whole `Game` or `GameState`: advice must
never lean on a hidden card.
"""

from __future__ import annotations

from typing import TypeAlias

from ..engine.game import Game
from ..engine.names import shown_names
from ..engine.state import GameState, PlayerView

Position: TypeAlias = Game | GameState | PlayerView
"""Anything the teaching functions accept."""


def seat_of(position: Position) -> PlayerView:
    """The view of the player to move (a PlayerView is taken as it is)."""
    if isinstance(position, Game):
        state = position.state
        return state.view(state.current_player)
    if isinstance(position, GameState):
        return position.view(position.current_player)
    if isinstance(position, PlayerView):
        return position
    raise TypeError(f"expected a Game, GameState or PlayerView, not {type(position).__name__}")


def names_of(position: Position) -> tuple[str, str]:
    """The players' names when the position knows them."""
    # in the language in force, as a table shows them: "Jugador 0", "Bot voraz"
    return shown_names(position.players if isinstance(position, Game) else ("Player 0", "Player 1"))

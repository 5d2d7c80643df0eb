"""Frozen snapshots of a position: the whole table (`GameState`) and one player's share
of it (`PlayerView`).

A `PlayerView` is built from a `GameState` for one player and holds nothing that player
could not see at the table; it is the only thing that goes to a bot or to the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card
from .i18n import _, ngettext
from .moves import InvalidMoveError, Move
from .rules import Rules, legal_moves, why_illegal
from .whole import seat

Pile = tuple[Card, ...]
Reason = Literal["payoff-emptied", "stock-exhausted"]


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: who won (None for a draw), the points, and why."""

    winner: int | None
    points: int
    reason: Reason

    def to_dict(self) -> dict[str, Any]:
        """The `result` object of a record."""
        return {"winner": self.winner, "points": self.points, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: object) -> Result:
        if not isinstance(data, dict) or set(data) != {"winner", "points", "reason"}:
            raise ValueError(
                f'a result must be {{"winner": ..., "points": ..., "reason": ...}}, not {data!r}'
            )
        winner, points, reason = data["winner"], data["points"], data["reason"]
        if winner is not None and (type(winner) is not int or winner not in (0, 1)):
            raise ValueError(f"result winner must be 0, 1 or null, not {winner!r}")
        if type(points) is not int or points < 0:
            raise ValueError(f"result points must be a whole number >= 0, not {points!r}")
        if reason not in ("payoff-emptied", "stock-exhausted"):
            raise ValueError(f"result reason must be payoff-emptied or stock-exhausted, not {reason!r}")
        return cls(winner, points, reason)

    def describe(self, players: tuple[str, str] = ("Player 0", "Player 1")) -> str:
        """One sentence for a status line."""
        if self.winner is None:
            return _("Draw: the stock ran out, nobody scores.")
        n = self.points
        if players[self.winner] == "You":  # a lesson or a table speaking to its player
            return ngettext(
                "You emptied your pay-off pile and win {n} point.",
                "You emptied your pay-off pile and win {n} points.",
                n,
            ).format(n=n)
        return ngettext(
            "{name} emptied the pay-off pile and wins {n} point.",
            "{name} emptied the pay-off pile and wins {n} points.",
            n,
        ).format(name=players[self.winner], n=n)


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole table at one moment; every pile is a tuple, bottom to top."""

    payoffs: tuple[Pile, Pile]
    """Each player's pay-off pile; only the last card is face up."""
    hands: tuple[Pile, Pile]
    """Each player's hand, in the order the cards were drawn."""
    sides: tuple[tuple[Pile, ...], tuple[Pile, ...]]
    """Each player's 4 side stacks."""
    centers: tuple[Pile, Pile, Pile]
    """The 3 center stacks C1..C3."""
    stock: Pile
    """The stock; the next card drawn is the last one."""
    current_player: int
    """0 or 1: who is to move. After a game ends: who made the last move, except when the
    stock ran out as the turn passed, where it is the player who was drawing."""
    ply: int
    """How many moves have been played."""
    result: Result | None
    """None while the game goes on."""
    rules: Rules = field(default_factory=Rules)
    """The rule options in force."""

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move; [] once the game is over."""
        return self.view(self.current_player).legal_moves()

    def why_illegal(self, move: Move | str) -> str | None:
        """None if `move` is legal for the player to move, else why not in plain words."""
        return self.view(self.current_player).why_illegal(move)

    def view(self, player: int) -> PlayerView:
        """What `player` may see of this table, and nothing more."""
        player = seat(player)  # True == 1, but it is no player; numpy's 1 is one
        return PlayerView(
            player=player,
            current_player=self.current_player,
            ply=self.ply,
            hand=self.hands[player],
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            payoff_tops=tuple(p[-1] if p else None for p in self.payoffs),  # type: ignore[arg-type]
            payoff_counts=(len(self.payoffs[0]), len(self.payoffs[1])),
            sides=self.sides,
            centers=self.centers,
            stock_count=len(self.stock),
            result=self.result,
            rules=self.rules,
        )

    def to_text(self) -> str:
        """The position as one line of text; `GameState.from_text` reads it back exactly."""
        from .position import to_text

        return to_text(self)

    @classmethod
    def from_text(cls, text: str) -> GameState:
        """Read a position written by `to_text`; ValueError names the field that is wrong."""
        from .position import from_text

        return from_text(text)

    def __repr__(self) -> str:
        return f"GameState.from_text({self.to_text()!r})"

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_svg(self, names: tuple[str, str] | None = None) -> str:
        """The table as a picture (`render.table_svg`), the seats under `names` if given:
        a game or a replay shows its players' names, not "Player 0"."""
        from ..render import table_svg  # lazy, and the engine's one upward import (see pyproject)

        return table_svg(self, names=names)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's share of the table: own hand, every face-up card, counts of the rest."""

    player: int
    """Whose view this is (0 or 1)."""
    current_player: int
    """Who is to move."""
    ply: int
    """How many moves have been played."""
    hand: Pile
    """This player's own hand."""
    hand_sizes: tuple[int, int]
    """How many cards each player holds (the other hand's cards are never here)."""
    payoff_tops: tuple[Card | None, Card | None]
    """Each player's face-up pay-off card (None once a pile is empty)."""
    payoff_counts: tuple[int, int]
    """How many cards each pay-off pile holds."""
    sides: tuple[tuple[Pile, ...], tuple[Pile, ...]]
    """Both players' side stacks, fanned: every card is public."""
    centers: tuple[Pile, Pile, Pile]
    """The center stacks."""
    stock_count: int
    """How many cards are in the stock (never their order)."""
    result: Result | None
    """None while the game goes on."""
    rules: Rules = field(default_factory=Rules)
    """The rule options in force."""

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def is_my_turn(self) -> bool:
        return self.result is None and self.current_player == self.player

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def side_tops(self, player: int | None = None) -> list[Card | None]:
        """The playable top card of each side stack of `player` (default: this view's)."""
        who = self.player if player is None else player
        return [s[-1] if s else None for s in self.sides[who]]

    def center_sizes(self) -> list[int]:
        return [len(c) for c in self.centers]

    def legal_moves(self) -> list[Move]:
        """This player's legal moves when it is their turn (they need nothing hidden)."""
        if not self.is_my_turn:
            return []
        return legal_moves(
            self.hand,
            self.payoff_tops[self.player],
            self.side_tops(),
            self.center_sizes(),
            self.rules.kings_start_stacks,
        )

    def why_illegal(self, move: Move | str) -> str | None:
        """None if this player may make `move` now, else why not in plain words."""
        if self.result is not None:
            return _("the game is over")
        if self.current_player != self.player:
            return _("it is not your turn")
        if not isinstance(move, Move):
            try:
                move = Move.parse(move)
            except InvalidMoveError as e:
                return str(e)
        other = 1 - self.player
        return why_illegal(
            move,
            self.hand,
            self.payoff_tops[self.player],
            self.side_tops(),
            self.center_sizes(),
            self.rules.kings_start_stacks,
            theirs=lambda: (self.payoff_tops[other], self.side_tops(other)),
        )

    def to_text(self) -> str:
        """What this player sees, as compact text for agents: hands, tops, needs, legal moves."""
        from .textview import view_text

        return view_text(self)

    def _repr_svg_(self) -> str:
        from ..render import table_svg

        return table_svg(self)

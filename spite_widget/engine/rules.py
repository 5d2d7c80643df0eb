"""The rules of RULES.md as pure functions over piles: no game object, no I/O.

The engine, the bots (which see only a `PlayerView`) and the teaching text all ask the
same two questions here: which moves are legal, and why a given move is not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import KING, RANK_OF, STACK_COMPLETE, Card, a_rank, the_card
from .i18n import _, ngettext
from .moves import HAND_MOVES, PAYOFF_MOVES, SIDE_MOVES, Move

HAND_SIZE: Final = 5
PAYOFF_SIZE: Final = 20
SIDE_STACKS: Final = 4
CENTER_STACKS: Final = 3


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options a game is played under (RULES.md names them)."""

    kings_start_stacks: bool = False
    """May a King start an empty center stack (counting as an Ace)?"""

    def __post_init__(self) -> None:
        # checked here, not only in from_dict: a game saves its rules as given, and 1 for
        # True would make a record that load() refuses
        if not isinstance(self.kings_start_stacks, bool):
            raise ValueError(f"kings_start_stacks must be true or false, not {self.kings_start_stacks!r}")

    def to_dict(self) -> dict[str, bool]:
        return {"kings_start_stacks": self.kings_start_stacks}

    @classmethod
    def from_dict(cls, rules: Rules | dict[str, Any] | None) -> Rules:
        """Accept a Rules, a dict as in a record, or None; refuse unknown options."""
        if rules is None:
            return cls()
        if isinstance(rules, Rules):
            return rules
        if not isinstance(rules, dict):
            raise ValueError(f"rules must be a dict such as {{'kings_start_stacks': False}}, not {rules!r}")
        unknown = set(rules) - {"kings_start_stacks"}
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(map(str, unknown)))}")
        return cls(kings_start_stacks=rules.get("kings_start_stacks", False))


def fits(card: str, stack_size: int, kings_start_stacks: bool = False) -> bool:
    """Can `card` go on a center stack holding `stack_size` cards?"""
    rank = RANK_OF[card]
    if rank == KING:
        return stack_size > 0 or kings_start_stacks
    return rank == stack_size + 1


def counts_as(card: str, stack_size: int) -> int:
    """The rank a card counts as once played on a stack of `stack_size` (a King is wild)."""
    return stack_size + 1 if RANK_OF[card] == KING else RANK_OF[card]


def legal_moves(
    hand: Sequence[Card],
    payoff_top: Card | None,
    side_tops: Sequence[Card | None],
    center_sizes: Sequence[int],
    kings_start_stacks: bool = False,
) -> list[Move]:
    """Every legal move of the player to move, each move string once.

    Order: pay-off moves, then side-stack moves, then hand moves (centers before sides),
    so the order is deterministic for a given position.
    """
    # centers by the rank they need; a complete stack is removed at once so never 12 here
    by_need: dict[int, list[int]] = {}
    king_targets = []
    for i, size in enumerate(center_sizes):
        by_need.setdefault(size + 1, []).append(i)
        if size or kings_start_stacks:
            king_targets.append(i)
    out: list[Move] = []
    append = out.append
    if payoff_top is not None:
        pm = PAYOFF_MOVES[payoff_top]
        for i in king_targets if RANK_OF[payoff_top] == KING else by_need.get(RANK_OF[payoff_top], ()):
            append(pm[i])
    for s, top in enumerate(side_tops):
        if top is not None:
            sm = SIDE_MOVES[s][top]
            for i in king_targets if RANK_OF[top] == KING else by_need.get(RANK_OF[top], ()):
                append(sm[i])
    for card in dict.fromkeys(hand):
        hm = HAND_MOVES[card]
        for i in king_targets if RANK_OF[card] == KING else by_need.get(RANK_OF[card], ()):
            append(hm[i])
        out += hm[3:]
    return out


def why_illegal(
    move: Move,
    hand: Sequence[Card],
    payoff_top: Card | None,
    side_tops: Sequence[Card | None],
    center_sizes: Sequence[int],
    kings_start_stacks: bool = False,
    theirs: Callable[[], tuple[Card | None, Sequence[Card | None]]] | None = None,
) -> str | None:
    """None if `move` is legal for the player to move, else the reason in plain words.

    `theirs`: gives the other player's pay-off top and side-stack tops (asked only when the
    card is not on top of one's own pile), so that a card taken from their pile is refused as
    theirs ("the 4♦ is on your opponent's S1"), not as one missing from one's own pile."""
    card = move.card
    src = move.source
    if src == "H":
        if card not in hand:
            return _("there is no {card} ({code}) in your hand").format(card=card.words, code=card)
    elif src == "P":
        if payoff_top != card:
            their = _their_card(move, theirs)
            if their is not None:
                return their
            if payoff_top is None:
                return _("your pay-off pile is empty")
            return _("your pay-off card is {the_card} ({code}), not the {played}").format(
                the_card=the_card(payoff_top), code=payoff_top, played=card
            )
    else:
        s = move.source_index
        top = side_tops[s]
        if top != card:
            their = _their_card(move, theirs)
            if their is not None:
                return their
            if top is None:
                return _("side stack {stack} is empty").format(stack=src)
            return _(
                "the top of side stack {stack} is {the_card} ({code}), not the {played}: "
                "only the top card of a side stack can be played"
            ).format(stack=src, the_card=the_card(top), code=top, played=card)
    if move.target[0] == "S":
        return None  # a hand card to a side stack: always allowed, ends the turn
    return why_not_on_center(card, move.target, center_sizes[move.target_index], kings_start_stacks)


def _their_card(
    move: Move, theirs: Callable[[], tuple[Card | None, Sequence[Card | None]]] | None
) -> str | None:
    """Why `move` may not take its card from the other player's pile of that name, when the
    card is on top there (the caller found it is not on top of the mover's own)."""
    if theirs is None:
        return None
    payoff_top, side_tops = theirs()
    if move.card != (payoff_top if move.source == "P" else side_tops[move.source_index]):
        return None
    pile = _("pay-off pile") if move.source == "P" else move.source
    return _("the {card} is on your opponent's {pile}: you play only from your own piles").format(
        card=move.card.display, pile=pile
    )


def why_not_on_center(card: Card, target: str, size: int, kings_start_stacks: bool) -> str | None:
    """None if `card` may go on center stack `target` holding `size` cards, else why not."""
    if RANK_OF[card] == KING:
        if size == 0 and not kings_start_stacks:
            return _(
                "a King cannot start an empty center stack: {stack} is empty and needs an Ace "
                "(a King only stands for the rank a non-empty stack needs next)"
            ).format(stack=target)
        return None
    need = size + 1
    if RANK_OF[card] == need:
        return None
    if size == 0:
        what = _("{stack} is empty, so it needs an Ace").format(stack=target)
    else:
        what = ngettext(
            "it needs {a_rank} ({stack} holds {n} card)", "it needs {a_rank} ({stack} holds {n} cards)", size
        ).format(a_rank=a_rank(need), stack=target, n=size)
    return _("{a_rank} cannot go on {stack}: {why}").format(
        a_rank=a_rank(RANK_OF[card]), stack=target, why=what
    )


def is_complete(stack_size: int) -> bool:
    """A center stack holding `stack_size` cards is complete: it goes back into the stock."""
    return stack_size >= STACK_COMPLETE


def completes(stack_size: int) -> bool:
    """Does one more card complete a center stack now holding `stack_size` cards?

    The one place the engine, the narration, the bots and the teaching ask this.
    """
    return stack_size + 1 >= STACK_COMPLETE


SIZE_AFTER: Final[tuple[int, ...]] = tuple(0 if completes(s) else s + 1 for s in range(STACK_COMPLETE))
"""A center stack's size after one more card, by its size now (0: the card completed it and
it went back into the stock): `completes` as a table, for searches that keep stacks as sizes."""

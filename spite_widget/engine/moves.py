"""Moves in the notation of RULES.md: `SOURCE:CARD>TARGET`, e.g. `P:Ah>C1`, `H:7s>S4`.

Every possible move (1,144 of them) is built once and interned, so parsing is a dict
lookup and the engine hands out the same objects again and again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .cards import ALL_CARDS, RANKS, SUITS, Card
from .i18n import _

SOURCES: Final = ("P", "H", "S1", "S2", "S3", "S4")
TARGETS: Final = ("C1", "C2", "C3", "S1", "S2", "S3", "S4")
CENTERS: Final = ("C1", "C2", "C3")
SIDES: Final = ("S1", "S2", "S3", "S4")


class InvalidMoveError(ValueError):
    """A string that is not a move in the notation at all (as opposed to an illegal one)."""


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """One move: a card going from a source pile to a target pile.

    A `Move` equals its notation string too: `Move.parse("P:Ah>C1") == "P:Ah>C1"`.
    """

    source: str
    """`P` (own pay-off top), `H` (hand) or `S1`..`S4` (own side stack)."""
    card: Card
    """The card moved; a King is written as the King, not the rank it stands for."""
    target: str
    """`C1`..`C3` (center stacks) or `S1`..`S4` (own side stacks, only from the hand)."""
    _text: str = field(init=False, repr=False)
    _src: int = field(init=False, repr=False)
    """0 pay-off, 1 hand, 2..5 side stacks S1..S4 (for the engine's hot path)."""
    _tgt: int = field(init=False, repr=False)
    """0..2 center stacks C1..C3, 3..6 side stacks S1..S4."""

    def __new__(cls, source: str, card: str, target: str) -> Move:
        key = f"{source}:{card}>{target}"
        found = _MOVES.get(key)
        if found is not None:
            return found
        if _BUILDING:
            return object.__new__(cls)
        raise InvalidMoveError(_why_not_a_move(source, card, target))

    def __init__(self, source: str, card: str, target: str) -> None:
        if not _BUILDING:
            return  # interned: already initialised
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "card", Card(card))
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "_text", f"{source}:{card}>{target}")
        object.__setattr__(self, "_src", SOURCES.index(source))
        object.__setattr__(self, "_tgt", TARGETS.index(target))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation; InvalidMoveError says what is wrong with it."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):  # (a list is not even a key of the cache below)
            raise InvalidMoveError(f"a move is a string such as 'H:7s>S4', not {text!r}")
        found = _MOVES.get(text)
        if found is not None:
            return found
        head, colon, rest = text.partition(":")
        card, arrow, target = rest.partition(">")
        if not colon or not arrow:
            raise InvalidMoveError(
                _("{text} is not a move: write SOURCE:CARD>TARGET, such as 'P:Ah>C1' or 'H:7s>S4'").format(
                    text=repr(text)
                )
            )
        raise InvalidMoveError(
            _("{text} is not a move: {why}").format(text=repr(text), why=_why_not_a_move(head, card, target))
        )

    @property
    def ends_turn(self) -> bool:
        """A hand card going to a side stack ends the turn."""
        return self.target[0] == "S"

    @property
    def to_center(self) -> bool:
        return self.target[0] == "C"

    @property
    def target_index(self) -> int:
        """0-based index of the target center stack or side stack."""
        return int(self.target[1]) - 1

    @property
    def source_index(self) -> int:
        """0-based index of the source side stack (-1 for the pay-off pile or the hand)."""
        return int(self.source[1]) - 1 if self.source[0] == "S" else -1

    @classmethod
    def parse_human(cls, text: str) -> Move:
        """Read a move as a person types it, with cards as the screen shows them.

        Accepts `H:10h>C1`, `H:10\u2665>C1`, `h:qs>c1` and spaces around the pieces, so a
        beginner is not refused for writing what the card shows. Records and the engine keep
        the strict two-character notation of `parse` (a ten is `T`).
        """
        if not isinstance(text, str):
            return cls.parse(text)
        found = _MOVES.get(text)
        if found is not None:
            return found
        head, colon, rest = "".join(text.split()).partition(":")
        card, arrow, target = rest.partition(">")
        if not colon or not arrow:
            return cls.parse(text)  # the strict error: what a move looks like
        typed, card = card, _human_card(card)
        found = _MOVES.get(f"{head.upper()}:{card}>{target.upper()}")
        if found is not None:
            return found
        shown = card if card in _CARD_TEXTS else typed
        raise InvalidMoveError(
            _("{text} is not a move: {why}").format(
                text=repr(text), why=_why_not_a_move(head.upper(), shown, target.upper())
            )
        )

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._text == other._text
        if isinstance(other, str):
            return self._text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.parse, (self._text,))


_SUIT_SYMBOLS: Final = {"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"}
_SUIT_SYMBOLS.update({"\u2667": "c", "\u2662": "d", "\u2661": "h", "\u2664": "s"})


_CARD_TEXTS: Final = frozenset(ALL_CARDS)


def _human_card(card: str) -> str:
    """`10h`, `10\u2665`, `th`, `QS` -> the two-character form (anything else is left as typed)."""
    if len(card) < 2:
        return card
    rank, suit = card[:-1], card[-1]
    rank = "T" if rank == "10" else rank.upper()
    suit = _SUIT_SYMBOLS.get(suit, suit.lower())
    return rank + suit


def _why_not_a_move(source: str, card: str, target: str) -> str:
    if source not in SOURCES:
        return _("the source must be P (pay-off), H (hand) or S1..S4 (side stack), not {source}").format(
            source=repr(source)
        )
    if isinstance(card, str) and len(card) == 3 and card.startswith("10") and card[2] in SUITS:
        return _("{card} is not a card in the notation: a ten is written T, such as 'Th' or 'Ts'").format(
            card=repr(card)
        )
    if not (isinstance(card, str) and len(card) == 2 and card[0] in RANKS and card[1] in SUITS):
        return _("{card} is not a card: write rank then suit, such as 'Ah' or 'Ts' (a ten is T)").format(
            card=repr(card)
        )
    if target not in TARGETS:
        return _("the target must be C1..C3 (center stack) or S1..S4 (side stack), not {target}").format(
            target=repr(target)
        )
    if source == "P":
        return _("the pay-off card can only go to a center stack (C1..C3)")
    return _("a side-stack card can only go to a center stack: nothing moves between side stacks")


_MOVES: dict[str, Move] = {}
_BUILDING = True
HAND_MOVES: Final[dict[str, tuple[Move, ...]]] = {}
"""For each card: the 7 moves from the hand, to C1..C3 then S1..S4."""
PAYOFF_MOVES: Final[dict[str, tuple[Move, ...]]] = {}
"""For each card: the 3 moves from the pay-off pile, to C1..C3."""
SIDE_MOVES: Final[tuple[dict[str, tuple[Move, ...]], ...]] = ({}, {}, {}, {})
"""For each side stack, for each card: the 3 moves to C1..C3."""

for _c in ALL_CARDS:
    _hand = tuple(Move("H", _c, t) for t in TARGETS)
    _pay = tuple(Move("P", _c, t) for t in CENTERS)
    HAND_MOVES[_c] = _hand
    PAYOFF_MOVES[_c] = _pay
    for _m in _hand + _pay:
        _MOVES[_m._text] = _m
    for _i, _s in enumerate(SIDES):
        _side = tuple(Move(_s, _c, t) for t in CENTERS)
        SIDE_MOVES[_i][_c] = _side
        for _m in _side:
            _MOVES[_m._text] = _m
_BUILDING = False

ALL_MOVES: Final[tuple[Move, ...]] = tuple(_MOVES.values())

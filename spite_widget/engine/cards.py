"""Cards: two standard packs, no jokers. A card is its two-character notation.

`Card` is a `str` subclass so that a card *is* its notation: it compares equal to
`"Ah"`, hashes like it, serialises to JSON as it, and costs nothing to pass around in
the engine's hot path. Every card is interned: `Card("Ah") is Card("Ah")`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from .i18n import N_, NP_, _, get_language, pgettext

RANKS: Final = "A23456789TJQK"
SUITS: Final = "cdhs"
KING: Final = 13
QUEEN: Final = 12
STACK_COMPLETE: Final = 12
"""A center stack holding this many cards is complete (its top counts as a Queen)."""

RANK_WORDS: Final = (
    "",
    NP_("rank", "ace"),
    NP_("rank", "two"),
    NP_("rank", "three"),
    NP_("rank", "four"),
    NP_("rank", "five"),
    NP_("rank", "six"),
    NP_("rank", "seven"),
    NP_("rank", "eight"),
    NP_("rank", "nine"),
    NP_("rank", "ten"),
    NP_("rank", "jack"),
    NP_("rank", "queen"),
    NP_("rank", "king"),
)
SUIT_WORDS: Final = {
    "c": NP_("suit", "clubs"),
    "d": NP_("suit", "diamonds"),
    "h": NP_("suit", "hearts"),
    "s": NP_("suit", "spades"),
}
SUIT_SYMBOLS: Final = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RANK_SHOW: Final = {r: ("10" if r == "T" else r) for r in RANKS}


FEMININE_ARTICLES: Final[dict[str, tuple[str, str]]] = {
    # Spanish: la jota, la reina (GLOSSARY.md); every other rank is masculine (el as, el siete)
    "el": ("la", "JQ"),
    "El": ("La", "JQ"),
    "del": ("de la", "JQ"),
    "al": ("a la", "JQ"),
    "un": ("una", "JQ"),
    "Un": ("Una", "JQ"),
    # Portuguese: a dama; the valete and every other rank are masculine (o ás, o valete)
    "o": ("a", "Q"),
    "O": ("A", "Q"),
    "do": ("da", "Q"),
    "no": ("na", "Q"),
    "ao": ("à", "Q"),
    "um": ("uma", "Q"),
    "pelo": ("pela", "Q"),
}
"""A translation writes `{card:el}` or `{card:o}` (the masculine article) before a card symbol,
and the symbol puts the article its rank takes: "la Q♣", "a Q♣", "el 7♥"."""


def with_article(text: str, rank: str, spec: str) -> str:
    """`text` (a card of rank `rank`) formatted by `spec`: an article of FEMININE_ARTICLES
    agreed to the rank, or a plain format spec."""
    if spec in FEMININE_ARTICLES:
        feminine, ranks = FEMININE_ARTICLES[spec]
        return f"{feminine if rank in ranks else spec} {text}"
    return format(text, spec)


class CardSymbol(str):
    """A card as shown (`Q♣`) that knows its rank, so a catalog can give it its article."""

    __slots__ = ("_rank",)
    _rank: str

    def __new__(cls, text: str, rank: str) -> CardSymbol:
        symbol = super().__new__(cls, text)
        symbol._rank = rank
        return symbol

    def __format__(self, spec: str) -> str:
        return with_article(str(self), self._rank, spec)

    def __str__(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[type[CardSymbol], tuple[str, str]]:
        return (CardSymbol, (str.__str__(self), self._rank))


class Card(str):
    """One playing card, written rank then suit: `Ah`, `Ts`, `Kd`."""

    __slots__ = ()

    def __new__(cls, text: str) -> Card:
        try:
            return _CARDS[text]
        except (KeyError, TypeError):
            raise ValueError(_card_error(text)) from None

    @property
    def rank(self) -> int:
        """1 for an Ace up to 13 for a King."""
        return RANK_OF[self]

    @property
    def suit(self) -> str:
        """One of `c d h s`; suits never matter for play."""
        return self[1]

    @property
    def is_king(self) -> bool:
        """Kings are wild on center stacks."""
        return self[0] == "K"

    @property
    def is_red(self) -> bool:
        return self[1] in "dh"

    @property
    def words(self) -> str:
        """The card in plain words, for screen readers and teaching: "seven of hearts"."""
        return card_words(self)

    @property
    def display(self) -> str:
        """The card as shown on a table: `10♠`."""
        return _SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Card({str.__repr__(self)})"

    def __format__(self, spec: str) -> str:
        """`{played:el}` in a catalog: the code with the article its rank takes ("la Qc")."""
        return with_article(str(self), self[0], spec)

    def __str__(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (str.__str__(self),))


def _card_error(text: object) -> str:
    if not isinstance(text, str):
        return f"a card is a two-character string such as 'Ah', not {text!r}"
    if len(text) == 3 and text.startswith("10") and text[2] in SUITS:
        return f"{text!r} is not a card: a ten is written T, so {'T' + text[2]!r}"
    if len(text) != 2:
        return f"{text!r} is not a card: a card is written rank then suit, such as 'Ah' or 'Ts'"
    if text[0] not in RANKS:
        return f"{text!r} is not a card: the rank must be one of {' '.join(RANKS)}"
    return f"{text!r} is not a card: the suit must be one of c d h s"


_CARDS: dict[str, Card] = {}
RANK_OF: Final[dict[str, int]] = {}
for _r, _rank_char in enumerate(RANKS, start=1):
    for _suit in SUITS:
        _card = str.__new__(Card, _rank_char + _suit)
        _CARDS[_rank_char + _suit] = _card
        RANK_OF[_rank_char + _suit] = _r

_SYMBOLS: Final = {c: CardSymbol(RANK_SHOW[c[0]] + SUIT_SYMBOLS[c[1]], c[0]) for c in _CARDS}

ALL_CARDS: Final[tuple[Card, ...]] = tuple(_CARDS.values())
"""The 52 distinct cards, Ace of clubs first."""


def rank_word(rank: int) -> str:
    """The rank's name in words, in the language in force: 7 -> "seven" ("siete", "sete")."""
    return pgettext("rank", RANK_WORDS[rank]) if rank else ""


def suit_word(suit: str) -> str:
    """The suit's name in words, in the language in force: "h" -> "hearts" ("corazones", "copas")."""
    return pgettext("suit", SUIT_WORDS[suit])


def card_words(card: str) -> str:
    """A card in words, in the language in force: "seven of hearts", "siete de corazones"."""
    rank, suit = RANK_OF[card], card[1]
    if get_language() == "en":
        return f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"
    return _("{rank} of {suit}").format(rank=rank_word(rank), suit=suit_word(suit))


_THE_CARD: Final = (
    "",
    N_("the ace of {suit}"),
    N_("the two of {suit}"),
    N_("the three of {suit}"),
    N_("the four of {suit}"),
    N_("the five of {suit}"),
    N_("the six of {suit}"),
    N_("the seven of {suit}"),
    N_("the eight of {suit}"),
    N_("the nine of {suit}"),
    N_("the ten of {suit}"),
    N_("the jack of {suit}"),
    N_("the queen of {suit}"),
    N_("the king of {suit}"),
)


def the_card(card: str) -> str:
    """A card with its article, which depends on the rank in Spanish and Portuguese:
    "the queen of spades", "la reina de picas", "a dama de espadas"."""
    return _(_THE_CARD[RANK_OF[card]]).format(suit=suit_word(card[1]))


_RANK_LABELS: Final = (
    "",
    N_("Ace"),
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    N_("Jack"),
    N_("Queen"),
    N_("King"),
)
_A_RANK: Final = (
    "",
    N_("an Ace"),
    N_("a 2"),
    N_("a 3"),
    N_("a 4"),
    N_("a 5"),
    N_("a 6"),
    N_("a 7"),
    N_("an 8"),
    N_("a 9"),
    N_("a 10"),
    N_("a Jack"),
    N_("a Queen"),
    N_("a King"),
)


_THE_RANK: Final = (
    "",
    N_("the Ace"),
    N_("the 2"),
    N_("the 3"),
    N_("the 4"),
    N_("the 5"),
    N_("the 6"),
    N_("the 7"),
    N_("the 8"),
    N_("the 9"),
    N_("the 10"),
    N_("the Jack"),
    N_("the Queen"),
    N_("the King"),
)


def the_rank(rank: int) -> str:
    """The rank with its definite article: "the Queen" ("la Reina", "a dama")."""
    return _(_THE_RANK[rank])


def rank_label(rank: int) -> str:
    """The rank as a player says it in a sentence: 1 -> "Ace", 9 -> "9", 11 -> "Jack"."""
    label = _RANK_LABELS[rank]
    return label if label.isdigit() or not label else _(label)


def a_rank(rank: int) -> str:
    """The rank with its article: "an Ace", "a 9", "an 8" ("un As", "una Reina", "um ás")."""
    return _(_A_RANK[rank])


def rank_name(rank: int) -> str:
    """The rank as written on a card: 10 -> "10", 11 -> "J"."""
    return RANK_SHOW[RANKS[rank - 1]]


def two_packs() -> list[Card]:
    """The 104 cards of two packs, in a fixed order."""
    return list(ALL_CARDS) * 2


def check_two_packs(cards: Iterable[str]) -> list[Card]:
    """Parse `cards` and check they are exactly two packs; raise ValueError naming what is off."""
    parsed = [Card(c) for c in cards]
    counts = Counter(parsed)
    problems = []
    for card in ALL_CARDS:
        n = counts.get(card, 0)
        if n != 2:
            problems.append(f"{card} appears {n} time{'s' if n != 1 else ''}")
    if problems or len(parsed) != 104:
        shown = ", ".join(problems[:5]) + (" ..." if len(problems) > 5 else "")
        raise ValueError(
            f"a deck must be exactly two packs (104 cards, each card twice); got {len(parsed)} cards: {shown}"
        )
    return parsed

"""Moves told in words, for status lines, screen readers and teaching.

Pure: works from the position before the move (a GameState or PlayerView), no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

from .cards import KING, RANK_OF, SUIT_SYMBOLS, a_rank, card_words, the_card
from .i18n import N_, _, pgettext
from .moves import Move
from .rules import completes, counts_as

PILE_WORDS = {
    "P": N_("pay-off pile"),
    "H": N_("hand"),
    "S1": N_("side stack 1"),
    "S2": N_("side stack 2"),
    "S3": N_("side stack 3"),
    "S4": N_("side stack 4"),
    "C1": N_("center stack 1"),
    "C2": N_("center stack 2"),
    "C3": N_("center stack 3"),
}
"""The piles' names in English; `pile_words` gives them in the language in force."""


_AS_THE = (
    "",
    N_(" as the ace"),
    N_(" as the 2"),
    N_(" as the 3"),
    N_(" as the 4"),
    N_(" as the 5"),
    N_(" as the 6"),
    N_(" as the 7"),
    N_(" as the 8"),
    N_(" as the 9"),
    N_(" as the 10"),
    N_(" as the jack"),
    N_(" as the queen"),
    N_(" as the king"),
)
"""What a King stands for, said in words (the article depends on the rank in es and pt)."""


def pile_words(pile: str) -> str:
    """A pile's name in words, in the language in force: "S2" -> "side stack 2"."""
    return _(PILE_WORDS[pile])


def _say(who: str, you: str, other: str, bare: str, **values: str) -> str:
    """Pick the sentence for "You", for a named player or for no subject, and fill it in.

    Spanish and Portuguese conjugate the verb for "you", so each is its own message.
    """
    if who == "You":
        return _(you).format(**values)
    if who:
        return _(other).format(who=who, **values)
    return _(bare).format(**values)


_JUDGED: ContextVar[str] = ContextVar("judged", default="You")


@contextmanager
def judging(who: str) -> Iterator[None]:
    """Whose move a bot's words judge inside the block: "You" (the default) speaks to the
    mover ("gives up 6% of your chances"); a name speaks of them ("... of Greedy bot's
    chances"), as a review of a table's game does of the bot's moves, read by "You"."""
    token = _JUDGED.set(who)
    try:
        yield
    finally:
        _JUDGED.reset(token)


def to_the_mover(you: str, other: str, **values: str) -> str:
    """`you`, spoken to the mover, or `other` with the mover's name as `who` (see `judging`)."""
    who = _JUDGED.get()
    return _say(who, you, other, you, **values)


def describe_move(move: Move | str, center_sizes: list[int] | tuple[int, ...], who: str = "") -> str:
    """A short sentence for a move: "Bot played K♠ as a 7 on C2".

    `center_sizes` are the center stacks' sizes before the move (so a King's rank can be
    told); `who` is the player's name ("You" speaks to the player), or "" for a fragment.
    """
    m = move if isinstance(move, Move) else Move.parse(move)
    card = m.card
    if m.target[0] == "S":
        return _say(
            who,
            N_("You put {card} on {stack} and ended the turn"),
            N_("{who} put {card} on {stack} and ended the turn"),
            N_("put {card} on {stack} and ended the turn"),
            card=card.display,
            stack=m.target,
        )
    size = center_sizes[m.target_index]
    source = ""
    if m.source == "P":
        source = _(" from the pay-off pile")
    elif m.source != "H":
        source = _(" from {stack}").format(stack=m.source)
    as_rank = ""
    if RANK_OF[card] == KING:
        as_rank = _(" as {a_rank}").format(a_rank=a_rank(counts_as(card, size)))
    done = _(" (completing it)") if completes(size) else ""
    return _say(
        who,
        N_("You played {card}{source}{as_rank} on {stack}{done}"),
        N_("{who} played {card}{source}{as_rank} on {stack}{done}"),
        N_("played {card}{source}{as_rank} on {stack}{done}"),
        card=card.display,
        source=source,
        as_rank=as_rank,
        stack=m.target,
        done=done,
    )


def describe_move_words(move: Move | str, center_sizes: list[int] | tuple[int, ...], who: str = "") -> str:
    """The same in full words for screen readers: "Bot played the king of spades on center stack 2"."""
    m = move if isinstance(move, Move) else Move.parse(move)
    card = the_card(m.card)
    if m.target[0] == "S":
        return _say(
            who,
            N_("You put {card} on {stack}, ending the turn"),
            N_("{who} put {card} on {stack}, ending the turn"),
            N_("put {card} on {stack}, ending the turn"),
            card=card,
            stack=pile_words(m.target),
        )
    size = center_sizes[m.target_index]
    as_rank = ""
    if RANK_OF[m.card] == KING:
        as_rank = _(_AS_THE[counts_as(m.card, size)])
    src = ""
    if m.source == "P":
        src = _(" from the pay-off pile")
    elif m.source != "H":
        src = pgettext("pile in words", " from {stack}").format(stack=pile_words(m.source))
    # as the text on the screen says it, last (a listener was not told the stack was cleared)
    done = _(" (completing it)") if completes(size) else ""
    return (
        _say(
            who,
            N_("You played {card}{source}{as_rank} on {stack}"),
            N_("{who} played {card}{source}{as_rank} on {stack}"),
            N_("played {card}{source}{as_rank} on {stack}"),
            card=card,
            source=src,
            as_rank=as_rank,
            stack=pile_words(m.target),
        )
        + done
    )


_SUIT_OF_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_CARD_SYMBOL = re.compile("(10|[A2-9JQK])([" + "".join(_SUIT_OF_SYMBOL) + "])")


def symbols_in_words(text: str, *, articles: bool = False) -> str:
    """`text` with every card shown as a symbol named in words, for a screen reader, which
    reads "2♣" as "2 black club suit": "Play 2♣ on C1" -> "Play two of clubs on C1". The
    article a translation puts before a symbol ("la Q♣") stays, so no card word carries one.

    `articles`: give a card its article where the sentence has none, as a speaker would say
    it ("termina el turno con la reina de diamantes", not "con reina de diamantes"; "do"
    for "de o" in Portuguese), except after a word that already stands for it ("su", "la",
    "carta de pago ...": the card then names the card just said)."""

    def words(m: re.Match[str]) -> str:
        rank = "T" if m[1] == "10" else m[1]
        return card_words(rank + _SUIT_OF_SYMBOL[m[2]])

    def spoken(m: re.Match[str]) -> str:
        card = ("T" if m["rank"] == "10" else m["rank"]) + _SUIT_OF_SYMBOL[m["suit"]]
        if m["prep"]:  # "de K♦": "del rey de diamantes", or "de la reina ..."
            said = the_card(card)
            article, rest = said.split(" ", 1)
            joined = _CONTRACTIONS.get((m["prep"].lower(), article))
            if joined is None:
                return f"{m['prep']}{m['space']}{said}"
            return f"{joined.capitalize() if m['prep'][0].isupper() else joined} {rest}"
        before = _WORD_BEFORE.search(text, 0, m.start())
        word = before[1].lower() if before and not before[2] else ""  # after a card: none
        return card_words(card) if word in _NO_ARTICLE_AFTER else the_card(card)

    return _CARD_AFTER.sub(spoken, text) if articles else _CARD_SYMBOL.sub(words, text)


_WORD_BEFORE: Final = re.compile(r"(\w[\w-]*)([" + "".join(_SUIT_OF_SYMBOL) + r"]?)\W*$")
"""The last word before a card, and the suit after it when that word is a card ("A♦, 2♥")."""
_NO_ARTICLE_AFTER: Final = frozenset(
    # words that already determine the card: articles, possessives, and the pay-off card the
    # card is named after ("their pay-off card 8♥", "su carta de pago 8♥")
    [
        "the",
        "a",
        "an",
        "its",
        "their",
        "your",
        "his",
        "her",
        "my",
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "su",
        "sus",
        "tu",
        "tus",
        "mi",
        "mis",
        "del",
        "al",
        "o",
        "os",
        "as",
        "um",
        "uma",
        "seu",
        "sua",
        "seus",
        "suas",
        "teu",
        "tua",
        "meu",
        "minha",
        "do",
        "da",
        "dos",
        "das",
        "no",
        "na",
        "nos",
        "nas",
        "ao",
        "à",
        "pelo",
        "pela",
        "card",
        "cards",
        "carta",
        "cartas",
        "pago",
        "pagamento",
        "pay-off",
    ]
)
_CONTRACTIONS: Final = {
    ("de", "el"): "del",
    ("de", "o"): "do",
    ("de", "a"): "da",
    ("em", "o"): "no",
    ("em", "a"): "na",
    ("por", "o"): "pelo",
    ("por", "a"): "pela",
}
"""A preposition and the card's article that a speaker says as one word (not "a" + "el":
"a" is an article too, after which a card takes none)."""
_CARD_AFTER: Final = re.compile(
    r"(?:\b(?P<prep>(?i:" + "|".join(sorted({p for p, _a in _CONTRACTIONS})) + r"))(?P<space>\s+))?"
    r"(?P<rank>10|[A2-9JQK])(?P<suit>[" + "".join(_SUIT_OF_SYMBOL) + "])"
)
"""A card symbol, with the preposition before it that may join its article ("de K♦")."""

"""Moves told in words, from the position before the move."""

from __future__ import annotations

import pytest

from spite_widget.engine.i18n import language
from spite_widget.engine.moves import ALL_MOVES, Move
from spite_widget.engine.narrate import describe_move, describe_move_words, symbols_in_words


@pytest.mark.parametrize(
    ("move", "sizes", "who", "short", "words"),
    [
        (
            "H:7s>S4",
            (0, 0, 0),
            "Ada",
            "Ada put 7♠ on S4 and ended the turn",
            "Ada put the seven of spades on side stack 4, ending the turn",
        ),
        (
            "P:Ah>C1",
            (0, 0, 0),
            "",
            "played A♥ from the pay-off pile on C1",
            "played the ace of hearts from the pay-off pile on center stack 1",
        ),
        (
            "S2:9c>C3",
            (0, 0, 8),
            "Bo",
            "Bo played 9♣ from S2 on C3",
            "Bo played the nine of clubs from side stack 2 on center stack 3",
        ),
        (
            "H:Kd>C2",
            (0, 10, 0),
            "Bo",
            "Bo played K♦ as a Jack on C2",
            "Bo played the king of diamonds as the jack on center stack 2",
        ),
        (
            "H:Kd>C2",
            (0, 7, 0),
            "",
            "played K♦ as an 8 on C2",
            "played the king of diamonds as the 8 on center stack 2",
        ),
        (
            "H:Kd>C1",
            (0, 0, 0),
            "",
            "played K♦ as an Ace on C1",
            "played the king of diamonds as the ace on center stack 1",
        ),
        (
            "P:Kh>C3",
            (0, 0, 11),
            "Ada",
            "Ada played K♥ from the pay-off pile as a Queen on C3 (completing it)",
            "Ada played the king of hearts from the pay-off pile as the queen on center stack 3 (completing it)",
        ),
        ("H:Th>C1", (9, 0, 0), "", "played 10♥ on C1", "played the ten of hearts on center stack 1"),
    ],
)
def test_describe_move(move, sizes, who, short, words):
    assert describe_move(move, sizes, who) == short
    assert describe_move_words(Move.parse(move), list(sizes), who) == words


def test_every_move_can_be_told_and_names_its_card():
    for m in ALL_MOVES:
        sizes = [4, 0, 11]
        short, words = describe_move(m, sizes), describe_move_words(m, sizes)
        assert m.card.display in short and m.card.words in words
        assert ("ended the turn" in short) == m.ends_turn == ("ending the turn" in words)
        assert "_" not in short + words


def test_symbols_in_words_names_every_card_shown_as_a_symbol() -> None:
    """What a lesson's live region reads: "10♠" is "ten of spades", the rest of the sentence
    (pile codes, numbers) is left as it is, and an article a translation put before a
    symbol is not doubled."""
    assert symbols_in_words("You played 10♠ from S2 on C1, then A♥ and K♣.") == (
        "You played ten of spades from S2 on C1, then ace of hearts and king of clubs."
    )
    assert symbols_in_words("12 cards, no symbol: C3 needs a 4.") == "12 cards, no symbol: C3 needs a 4."
    with language("es"):
        assert symbols_in_words("la Q♦ sobre el 7♥") == "la reina de diamantes sobre el siete de corazones"
    with language("pt"):
        assert symbols_in_words("a Q♠ e o J♣") == "a dama de espadas e o valete de paus"

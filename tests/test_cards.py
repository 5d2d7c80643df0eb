"""Cards: notation, interning, words and display, the two-pack check."""

from __future__ import annotations

import pickle

import pytest

from spite_widget import Card
from spite_widget.engine.cards import ALL_CARDS, check_two_packs, two_packs


def test_there_are_52_distinct_cards_and_two_packs_make_104():
    assert len(ALL_CARDS) == 52 == len(set(ALL_CARDS))
    deck = two_packs()
    assert len(deck) == 104
    assert all(deck.count(c) == 2 for c in ALL_CARDS)


def test_a_card_is_its_notation_and_is_interned():
    ah = Card("Ah")
    assert ah == "Ah" and hash(ah) == hash("Ah")
    assert Card("Ah") is ah
    assert str(ah) == "Ah" and type(str(ah)) is str
    assert (ah.rank, ah.suit) == (1, "h")
    assert Card("Ts").rank == 10 and Card("Kd").rank == 13 and Card("Qc").rank == 12


def test_every_card_repr_evaluates_back_to_the_same_card():
    for card in ALL_CARDS:
        assert eval(repr(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_kings_are_the_only_wild_cards():
    assert [c for c in ALL_CARDS if c.is_king] == ["Kc", "Kd", "Kh", "Ks"]


@pytest.mark.parametrize(
    ("text", "words", "display"),
    [
        ("Ah", "ace of hearts", "A\u2665"),
        ("Ts", "ten of spades", "10\u2660"),
        ("7c", "seven of clubs", "7\u2663"),
        ("Qd", "queen of diamonds", "Q\u2666"),
        ("Kd", "king of diamonds", "K\u2666"),
        ("Js", "jack of spades", "J\u2660"),
    ],
)
def test_words_and_display(text, words, display):
    assert Card(text).words == words
    assert Card(text).display == display


def test_every_card_has_distinct_words_and_display():
    assert len({c.words for c in ALL_CARDS}) == 52
    assert len({c.display for c in ALL_CARDS}) == 52


def test_red_cards():
    assert Card("Ah").is_red and Card("9d").is_red
    assert not Card("Ks").is_red and not Card("2c").is_red


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("10s", "a ten is written T, so .Ts."),
        ("A", "rank then suit"),
        ("", "rank then suit"),
        ("1h", "rank must be one of"),
        ("ah", "rank must be one of"),
        ("Ax", "suit must be one of c d h s"),
        ("AH", "suit must be one of c d h s"),
    ],
)
def test_a_malformed_card_is_refused_saying_why(text, says):
    with pytest.raises(ValueError, match=says) as info:
        Card(text)
    assert repr(text) in str(info.value)


def test_a_non_string_is_not_a_card():
    with pytest.raises(ValueError, match="two-character string"):
        Card(14)  # type: ignore[arg-type]


def test_check_two_packs_accepts_exactly_two_packs_in_any_order():
    deck = list(reversed(two_packs()))
    assert check_two_packs(deck) == deck
    assert all(type(c) is Card for c in check_two_packs(map(str, deck)))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d[:-1], "got 103 cards"),
        (lambda d: [*d, "Ah"], "got 105 cards"),
        (lambda d: [*d[:-1], d[0]], "appears 3 times"),
    ],
)
def test_check_two_packs_names_what_is_off(change, says):
    with pytest.raises(ValueError, match=says):
        check_two_packs(change(two_packs()))


@pytest.mark.parametrize(
    ("card", "spec", "says"),
    [
        ("Qc", "el", "la Q♣"),
        ("Jh", "del", "de la J♥"),
        ("7h", "el", "el 7♥"),
        ("Ks", "El", "El K♠"),
        ("Qc", "o", "a Q♣"),
        ("Qd", "no", "na Q♦"),
        ("Jh", "o", "o J♥"),  # o valete
        ("Ad", "um", "um A♦"),
    ],
)
def test_a_card_symbol_takes_the_article_of_its_rank(card: str, spec: str, says: str) -> None:
    """Catalogs write `{card:el}` / `{card:o}`: "la Q♣", "a Q♣", never "el Q♣"."""
    assert format(Card(card).display, spec) == says
    assert format(Card(card), spec) == says.replace(Card(card).display, card)  # the code form
    assert f"{Card(card).display}" == Card(card).display  # no spec: the symbol alone
    assert format(Card(card).display, ">4") == Card(card).display.rjust(4)  # other specs as for a str


def test_a_card_symbol_is_still_a_plain_string() -> None:
    import json

    q = Card("Qc").display
    assert q == "Q♣" and json.dumps(q) == '"Q\\u2663"' and type(str(q)) is str
    assert format(pickle.loads(pickle.dumps(q)), "el") == "la Q♣"


def test_a_ten_written_10_is_told_how_to_write_it() -> None:
    with pytest.raises(ValueError, match="a ten is written T, so 'Th'"):
        Card("10h")

"""What Spanish and Portuguese readers stumbled on (session s39's review): two articles in a
row in the spoken turn, the stock's name for a side stack, one refusal in two wordings, a
puzzle's moves said otherwise than the status line says them."""

from __future__ import annotations

from typing import Any

import pytest

from spite_widget import Move
from spite_widget.engine.i18n import language
from spite_widget.teach.puzzles import _words
from spite_widget.widgets.protocol import unreadable_drop
from spite_widget.widgets.table.summary import TurnMove, summarize_turn

TURN = [
    TurnMove(Move.parse("H:3c>C3"), (0, 0, 2)),
    TurnMove(Move.parse("P:4s>C3"), (0, 0, 3)),
    TurnMove(Move.parse("H:5d>S1"), (0, 0, 6)),
]
FIRST = [TurnMove(Move.parse("P:Ah>C1"), (1, 0, 0)), TurnMove(Move.parse("P:2h>C1"), (2, 0, 0))]


@pytest.mark.parametrize("person", [False, True])
def test_a_pay_off_card_is_named_once_in_spanish(person: bool) -> None:
    with language("es"):
        text, words = summarize_turn(TURN, "Ana", 12, person=person)
        first = summarize_turn(FIRST, "Ana", 12, person=person)[1]
    assert "el cuatro de picas de su pila de pago en la pila central 3" in words, words
    assert "4♠ de su pila de pago en C3" in text, text
    assert first.startswith("Ana jugó el as de corazones y el dos de corazones de su pila de pago en"), first
    for said in (words, first):
        assert "de pago el" not in said and "de pago la" not in said, said


@pytest.mark.parametrize("person", [False, True])
def test_a_pay_off_card_is_named_once_in_portuguese(person: bool) -> None:
    with language("pt"):
        text, words = summarize_turn(TURN, "Ana", 12, person=person)
        first = summarize_turn(FIRST, "Ana", 12, person=person)[1]
    assert "o quatro de espadas da própria pilha de pagamento na pilha central 3" in words, words
    assert "4♠ da própria pilha de pagamento em C3" in text, text
    assert "pôs o cinco de ouros na pilha lateral 1" in words, words  # as the last-move line says it
    assert first.startswith("Ana jogou o ás de copas e o dois de copas da própria pilha de pagamento"), first
    for said in (words, first):
        assert "pagamento o " not in said and "colocou" not in said, said


def test_a_side_stack_is_not_the_stock_in_portuguese() -> None:
    with language("pt"):
        found = unreadable_drop("S1:5c>S2")
    assert found is not None
    assert "pilha lateral para outra" in found[1] and "reserva" not in found[1], found


def test_spanish_refuses_in_one_wording() -> None:
    with language("es"):
        said = [unreadable_drop("S1:5c>S2"), unreadable_drop("P:5c>S2"), unreadable_drop("H:5c>P")]
    assert all(s is not None and s[1].startswith("No se puede:") for s in said), said


@pytest.mark.parametrize(
    ("lang", "side", "hand"),
    [("es", "7♥ de S2 en C1", "7♥ en S1"), ("pt", "7♥ de S2 em C1", "7♥ em S1")],
)
def test_a_puzzle_says_a_move_as_the_status_line_does(lang: str, side: str, hand: str) -> None:
    with language(lang):
        assert _words(Move.parse("S2:7h>C1")) == side
        assert _words(Move.parse("H:7h>S1")) == hand


def test_an_empty_hand_face_down_is_empty() -> None:
    """The opponent's emptied hand read "0 cartas boca abajo" beside your own "vacía"."""
    from spite_widget.widgets.protocol import seat_labels

    seat: dict[str, Any] = {
        "name": "Bo",
        "payoff_count": 3,
        "payoff_top": "7h",
        "sides": [[], [], [], []],
        "hand": None,
        "hand_count": 0,
    }
    assert seat_labels(seat)["hand"] == "Bo's hand: empty"
    assert seat_labels(seat, you=True)["hand"] == "your hand: empty"
    with language("es"):
        assert seat_labels(seat)["hand"] == "mano de Bo: vacía"
    assert seat_labels({**seat, "hand_count": 1})["hand"] == "Bo's hand: 1 card, face down"


@pytest.mark.parametrize(
    ("lang", "you", "bot"),
    [("en", "You: ", "Greedy bot: "), ("es", "Tú: ", "Bot voraz: "), ("pt", "Você: ", "Bot guloso: ")],
)
def test_a_review_summary_names_players_as_the_table_does(lang: str, you: str, bot: str) -> None:
    from spite_widget import Game, annotate_with_bot, review_summary
    from spite_widget.bots import get_bot

    g, greedy = Game.new(seed=3, players=("You", "Greedy bot")), get_bot("greedy", seed=3)
    for _ in range(12):
        g.play(greedy.choose(g.view(g.current_player)))
    reviewed = annotate_with_bot(g.to_record())
    with language(lang):
        lines = review_summary(reviewed).describe().splitlines()
    assert lines[0].startswith(you) and lines[1].startswith(bot), lines


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "center stack 3: 11 cards, top jack of hearts; needs a Queen"),
        ("es", "pila central 3: 11 cartas, arriba jota de corazones; necesita una Reina"),
        ("pt", "pilha central 3: 11 cartas, em cima valete de copas; precisa de uma dama"),
    ],
)
def test_a_center_stack_says_what_it_needs_with_its_article(lang: str, label: str) -> None:
    """ "necesita Reina" / "precisa de dama", where the status line says "necesita una Jota"."""
    from spite_widget.widgets.protocol import center_view

    pile = ("Ah", "2c", "3d", "4s", "5h", "6h", "7h", "8h", "9h", "Th", "Jh")
    assert center_view(pile, 2, lang)["label"] == label


@pytest.mark.parametrize(
    ("lang", "text", "heard"),
    [
        (
            "en",
            "plays 10♣ on 9♠, then A♦",
            "plays the ten of clubs on the nine of spades, then the ace of diamonds",
        ),
        ("en", "their pay-off card 8♥ next turn", "their pay-off card eight of hearts next turn"),
        (
            "es",
            "termina el turno con Q♥ sobre Q♦",
            "termina el turno con la reina de corazones sobre la reina de diamantes",
        ),
        (
            "es",
            "juega 3♠ después de K♦; la J♣ tapa el 2♦",
            "juega el tres de picas después del rey de diamantes; la jota de tréboles tapa el dos de diamantes",
        ),
        ("es", "su carta de pago 8♥", "su carta de pago ocho de corazones"),
        (
            "pt",
            "encerra a vez com Q♦ depois de K♦ em C1",
            "encerra a vez com a dama de ouros depois do rei de ouros em C1",
        ),
        (
            "pt",
            "a carta de pagamento dele, 8♥, na próxima vez",
            "a carta de pagamento dele, o oito de copas, na próxima vez",
        ),
    ],
)
def test_cards_read_out_with_the_articles_a_speaker_gives_them(lang: str, text: str, heard: str) -> None:
    from spite_widget.engine.narrate import symbols_in_words

    with language(lang):
        assert symbols_in_words(text, articles=True) == heard
        assert "de el " not in symbols_in_words(text, articles=True)


@pytest.mark.parametrize(
    ("lang", "expert"),
    [("en", "The expert plays the "), ("es", "El experto juega el "), ("pt", "O especialista joga o ")],
)
def test_the_hint_read_out_says_who_plays_and_gives_cards_their_articles(lang: str, expert: str) -> None:
    """Spoken, the hint said "Juega as de diamantes en C1": an order with no article."""
    from spite_widget.widgets.table import SpiteWidget
    from tests.widgets.conftest import FrontEnd

    w = SpiteWidget(opponent="greedy", seed=4, opponent_delay=0, lang=lang)
    FrontEnd(w).press("hint")
    assert expert in w.status["words"], w.status["words"]

"""What the table and the replay say (issue 16): the computer's whole turn summed up, hints
in sentences, "You play first", and the label over a replay left under the next game."""

from __future__ import annotations

import re

from spite_widget import Game, Move
from spite_widget.bots import get_bot
from spite_widget.engine.i18n import language
from spite_widget.widgets.replay import ReplayWidget
from spite_widget.widgets.table import SpiteWidget
from spite_widget.widgets.table.summary import TurnMove, summarize_turn

from .conftest import FrontEnd


def computer_turns(seed: int, turns: int = 40) -> list[tuple[list[Move], dict[str, str]]]:
    """Play `turns` turns of ours (a hand card on a side stack, nothing else) against the
    greedy bot; each computer turn's moves with the status line and words said after it."""
    w = SpiteWidget(opponent="greedy", seed=seed, opponent_delay=0)
    out = []
    for _ in range(turns):
        if w.game.is_over:
            break
        ply = w.game.ply
        w.play(next(m for m in w.game.legal_moves() if m.target.startswith("S")))
        out.append((list(w.game.moves[ply + 1 :]), dict(w.status)))
    return out


def in_order(text: str, parts: list[str]) -> bool:
    """Each of `parts` found in `text`, each after the one before."""
    at = 0
    for part in parts:
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


def test_the_status_says_the_computers_whole_turn() -> None:
    long_turns = [
        (moves, status) for seed in range(4) for moves, status in computer_turns(seed) if len(moves) >= 3
    ]
    assert len(long_turns) >= 3
    for moves, status in long_turns:
        text, words = status["text"], status["words"]
        assert text.startswith("Greedy bot played"), text
        # every card of the turn, in the order played, in words; in symbols too unless the
        # turn is told in short (then its pay-off cards and the card that ended it)
        told = [m.card.display for m in moves]
        if f"played {sum(m.to_center for m in moves)} cards to the center stacks" in text:
            told = [m.card.display for m in moves if m.source == "P"] + told[-1:]
        assert in_order(text, told), (text, moves)
        assert in_order(words, [m.card.words for m in moves]), (words, moves)
        paid = sum(1 for m in moves if m.source == "P")
        tally = f"{paid} pay-off card{'s' if paid != 1 else ''} played" if paid else "no pay-off card played"
        assert tally in text and tally in words
        assert text.endswith("Your turn: you have 20 pay-off cards to go."), text


def test_a_turn_summed_up() -> None:
    turn = [
        TurnMove(Move.parse("H:3c>C3"), (0, 0, 2)),
        TurnMove(Move.parse("H:Kd>C3"), (0, 0, 3)),
        TurnMove(Move.parse("P:5s>C3"), (0, 0, 4), drew=False),
        TurnMove(Move.parse("S2:6h>C3"), (0, 0, 5), drew=True),
        TurnMove(Move.parse("H:5d>S1"), (0, 0, 6)),
    ]
    text, words = summarize_turn(turn, "Expert bot", 12)
    assert text == (
        "Expert bot played 3♣ and K♦ (as a 4) on C3, its pay-off card 5♠ on C3, played 6♥ from S2 "
        "on C3, drew 5 new cards and put 5♦ on S1: 1 pay-off card played, 12 left"
    )
    assert words.startswith(
        "Expert bot played the three of clubs and the king of diamonds as the 4 on center stack 3"
    )
    assert words.endswith("put the five of diamonds on side stack 1: 1 pay-off card played, 12 left")
    text, _ = summarize_turn([TurnMove(Move.parse("P:Ah>C1"), (0, 0, 0))], "Bo", 0)
    assert text == "Bo played its pay-off card A♥ on C1: 1 pay-off card played, none left"
    # Spanish and Portuguese put the article a pile takes in words ("en la pila lateral 1")
    with language("es"):
        text, words = summarize_turn(turn, "Bo", 12)
    assert "puso el cinco de diamantes en la pila lateral 1" in words and "de la pila lateral 2" in words, (
        words
    )
    assert "puso 5♦ en S1" in text and "de S2 en C3" in text, text
    with language("pt"):
        text, words = summarize_turn(turn, "Bo", 12)
    assert "na pilha lateral 1" in words and "da pilha lateral 2" in words, words
    assert "em S1" in text, text


LONG_TURN = "S2:Th>C2 H:7c>C3 H:Jh>C1 P:Qs>C1 S1:Ac>C1 H:2c>C1 P:3d>C1 H:5c>C2 H:6c>C3 H:7d>C1 H:Qc>S1"


def test_a_persons_turn_is_summed_up_with_their_pay_off_cards() -> None:
    turn = [
        TurnMove(Move.parse("H:3c>C3"), (0, 0, 2)),
        TurnMove(Move.parse("P:4s>C3"), (0, 0, 3)),
        TurnMove(Move.parse("H:5d>S1"), (0, 0, 4)),
    ]
    text, words = summarize_turn(turn, "Ada", 12, person=True)
    assert (
        text
        == "Ada played 3♣ on C3, their pay-off card 4♠ on C3 and put 5♦ on S1: 1 pay-off card played, 12 left"
    )
    assert "their pay-off card the four of spades" in words
    text, _ = summarize_turn(turn[1:2], "Ada", 11, person=True)
    assert text.startswith("Ada played their pay-off card 4♠ on C3"), text
    # a long turn told in short, still with "their"; shorter yet, the pay-off cards only counted
    long_turn = [TurnMove(Move.parse(m), (3, 3, 3)) for m in LONG_TURN.split()]
    text, _ = summarize_turn(long_turn, "Ada", 6, person=True)
    assert text == (
        "Ada played 10 cards to the center stacks (their pay-off cards: Q♠, 3♦) and put Q♣ on S1: "
        "2 pay-off cards played, 6 left"
    )
    text, _ = summarize_turn(long_turn, "Ada", 6, person=True, short_enough=100)
    assert text == "Ada played 10 cards to the center stacks and put Q♣ on S1: 2 pay-off cards played, 6 left"
    with language("es"):
        text, _ = summarize_turn(turn, "Ada", 12, person=True)
    assert "4♠ de su pila de pago en C3" in text, text
    with language("pt"):
        text, _ = summarize_turn(long_turn, "Ada", 6, person=True)
    # "suas" read as the reader's own beside "Sua vez": the player's own cards are "próprias"
    assert "(as próprias cartas de pagamento: Q♠, 3♦)" in text and "suas cartas" not in text, text


def test_a_long_turn_is_told_in_short_so_the_status_line_keeps_its_room() -> None:
    """A turn of cards from several piles to several center stacks between pay-off cards took
    up to 630 characters card by card: the status line grew and the piles below it moved."""
    turn = [
        TurnMove(Move.parse("S2:Th>C2"), (11, 9, 6)),
        TurnMove(Move.parse("H:7c>C3"), (11, 10, 6)),
        TurnMove(Move.parse("H:Jh>C1"), (10, 10, 7)),
        TurnMove(Move.parse("P:Qs>C1"), (11, 10, 7)),
        TurnMove(Move.parse("S1:Ac>C1"), (0, 10, 7)),
        TurnMove(Move.parse("H:2c>C1"), (1, 10, 7)),
        TurnMove(Move.parse("P:3d>C1"), (2, 10, 7), drew=True),
        TurnMove(Move.parse("P:Kd>C2"), (3, 10, 7)),
        TurnMove(Move.parse("H:Qh>C2"), (3, 11, 7)),
        TurnMove(Move.parse("S3:As>C2"), (3, 0, 7)),
        TurnMove(Move.parse("P:Kc>C2"), (3, 1, 7)),
        TurnMove(Move.parse("S4:3s>C2"), (3, 2, 7)),
        TurnMove(Move.parse("H:Qc>S1"), (3, 3, 7)),
    ]
    text, words = summarize_turn(turn, "Expert bot", 6)
    assert text == (
        "Expert bot played 12 cards to the center stacks (its pay-off cards: Q♠, 3♦, K♦, K♣), "
        "drew 5 new cards and put Q♣ on S1: 4 pay-off cards played, 6 left"
    )
    # a screen reader is still told every card, in order
    assert in_order(words, [m.move.card.words for m in turn]), words
    assert len(words) > 400
    with language("es"):
        text, _ = summarize_turn(turn, "Bo", 6)
    assert text.startswith("Bo jugó 12 cartas a las pilas centrales (sus cartas de pago: Q♠, 3♦"), text
    with language("pt"):
        text, _ = summarize_turn(turn, "Bo", 6)
    assert text.startswith(
        "Bo jogou 12 cartas nas pilhas centrais (as próprias cartas de pagamento: Q♠, 3♦"
    ), text


def test_a_hint_is_said_in_sentences() -> None:
    w = SpiteWidget(opponent="random", seed=3, opponent_delay=0)
    # the greedy bot explains in fragments too ("ends the turn with ..."), and needs no model
    w.session._hint_bot = get_bot("greedy", seed=3)
    front = FrontEnd(w)
    ended = 0
    for _ in range(30):
        front.press("hint")
        text = front.status
        assert re.match(
            r"Hint \((from your hand|your pay-off card|from side stack [1-4])\): the expert ", text
        ), text
        sentences = text.split(": ", 1)[1].split(". ")
        assert sentences[0][:1].islower(), text  # the line goes on after the colon
        assert all(s[:1].isupper() or s[:1].isdigit() for s in sentences[1:]), text
        assert ". ends" not in text and ". plays" not in text
        ended += "): the expert ends the turn" in text
        w.play(w.hint)
        if w.game.is_over:
            break
        if w.game.current_player != 0:
            w.wait()
    assert ended  # a hint that ends the turn was said


def test_the_deal_says_you_play_first() -> None:
    you = ReplayWidget(Game.new(seed=1, players=("You", "Expert bot")).to_record())
    assert you.status["text"].startswith("The deal: you play first.")  # the replay's wording since ea0f31c
    ada = ReplayWidget(Game.new(seed=1, players=("Ada", "Bo")).to_record())
    assert ada.status["text"].startswith("The deal: Ada plays first.")


def test_a_review_left_under_the_next_game_says_which_game_it_is() -> None:
    game = Game.new(seed=2, players=("You", "Greedy bot"))
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[-1])
    w = SpiteWidget(game=game, opponent="greedy", opponent_delay=0)
    front = FrontEnd(w)
    front.send({"type": "review", "seq": front.seq})
    assert w.review_ref.startswith("anywidget:")
    outcome = game.outcome
    assert outcome is not None
    who = "a draw" if outcome.winner is None else f"{game.players[outcome.winner]} won {outcome.points} point"
    assert w.review_label.startswith("Replay of game 1: " + who), w.review_label
    front.press("next-game")
    w.wait()
    assert len(w.match.games) == 2 and w.review_label.startswith("Replay of game 1")


def test_a_hint_says_its_move_once() -> None:
    """A player saw "Hint: A♦ (your pay-off card) on C1. Plays the pay-off A♦ to C1: ...":
    the expert's line starts with the move, so the hint shows only the line."""
    w = SpiteWidget(opponent="greedy", seed=1, opponent_delay=0)
    front = FrontEnd(w)
    front.press("hint")
    assert w.hint == "P:Ad>C1"
    assert front.status.startswith(
        "Hint (your pay-off card): the expert plays the pay-off A♦ to C1: 19 pay-off cards left"
    )
    assert front.status.count("A♦") == 1
    # screen readers still hear the move in words first
    assert w.status["words"].startswith(
        "Hint: the ace of diamonds (your pay-off card) on center stack 1. The expert plays the pay-off ace of"
    )


def test_a_hint_followed_is_explained_from_where_the_game_now_stands() -> None:
    """A reviewer followed the hints of one turn: the second hint still said "Plays 4♣ to C2
    so the pay-off 5♦ can follow" after 4♣ was on C2 (the plan told from its start)."""
    card = re.compile(r"(?:10|[A2-9JQK])[♣♦♥♠]")
    w = SpiteWidget(opponent="greedy", seed=9, opponent_delay=0)
    front = FrontEnd(w)
    checked = 0
    while not w.game.is_over and checked < 60:
        front.press("hint")
        move = Move.parse(w.hint)
        why = front.status.split(": ", 1)[1]  # after "Hint (from your hand): "
        named = card.findall(why)
        assert named and named[0] == move.card.display, (front.status, str(move))
        assert front.status.count(move.card.display) == why.count(move.card.display)
        checked += 1
        w.play(w.hint)
        if w.game.current_player != 0:
            w.wait()
    assert checked >= 40


def test_each_pile_a_run_of_cards_came_from_is_said_once_after_its_cards() -> None:
    """ "K♦ (as an 8), 9♣, 10♥ and J♣ from S2 on C1" read as four cards from S2 (only the J♣
    was); "5♦ from S3 and 6♥ from S3" said S3 twice."""
    turn = [
        TurnMove(Move.parse("H:Kd>C1"), (7, 0, 0)),
        TurnMove(Move.parse("H:9c>C1"), (8, 0, 0)),
        TurnMove(Move.parse("H:Th>C1"), (9, 0, 0)),
        TurnMove(Move.parse("S2:Jc>C1"), (10, 0, 0)),
        TurnMove(Move.parse("S3:5d>C2"), (0, 4, 0)),
        TurnMove(Move.parse("S3:6h>C2"), (0, 5, 0)),
        TurnMove(Move.parse("H:5s>S1"), (0, 6, 0)),
    ]
    text, words = summarize_turn(turn, "Bo", 12)
    assert text == (
        "Bo played K♦ (as an 8), 9♣ and 10♥ from the hand and J♣ from S2 on C1, played 5♦ and 6♥ "
        "from S3 on C2 and put 5♠ on S1: no pay-off card played, 12 left"
    )
    assert (
        "the ten of hearts from the hand and the jack of clubs from side stack 2 on center stack 1" in words
    )
    with language("es"):
        text, _ = summarize_turn(turn, "Bo", 12)
    assert "9♣ y 10♥ de la mano y J♣ de S2 en C1" in text and "5♦ y 6♥ de S3 en C2" in text, text
    with language("pt"):
        text, _ = summarize_turn(turn, "Bo", 12)
    assert "da mão" in text, text

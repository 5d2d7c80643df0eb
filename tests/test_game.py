"""The Game object: play, errors that leave the game untouched, undo, copy, views, annotations."""

from __future__ import annotations

import dataclasses

import pytest
from decks import deal, ladder, random_game

from spite_widget import Card, Game, GameState, IllegalMoveError, Move, NotAMoveError, PlayerView
from spite_widget.engine.game import Played


def snapshot(g: Game) -> tuple[object, ...]:
    return (g.state, g.to_record(), g.legal_moves(), g.current_player, g.ply, g.moves, g.result)


def test_play_takes_a_move_or_its_string_and_says_what_it_did():
    g = Game.new(deck=deal(hands=(["Ah", "2h"], [])))
    first = g.play("H:Ah>C1")
    second = g.play(Move.parse("H:2h>C1"))
    assert g.moves == ("H:Ah>C1", "H:2h>C1") and g.last_move == "H:2h>C1" and g.ply == 2
    assert first == Played(Move.parse("H:Ah>C1"), 0, None, 0, (), False, None)
    assert second.move == "H:2h>C1" and not second.drawn and not second.turn_passed
    assert repr(first) == "<Played H:Ah>C1 by player 0>"
    with pytest.raises(AttributeError):
        first.player = 1  # type: ignore[misc]


def test_played_tells_the_cards_drawn_when_the_turn_passes():
    g = Game.new(deck=deal(hands=(["3c"], []), draws=["9h", "Td"]))
    before = g.state.hands[1]
    played = g.play("H:3c>S1")
    assert played.turn_passed and played.drawer == 1 and played.player == 0
    assert len(before) == 5 and played.drawn == ()  # a full hand draws nothing
    g.play("H:" + g.state.hands[1][0] + ">S1")
    # player 0 had 4 cards: draws one, the next card of the stock (9h)
    last = g.state.hands[0][-1]
    assert last == "9h"
    assert repr(g.play("H:9h>S2")).endswith("turn passed, player 1 drew 1 card>")


def test_played_tells_the_stack_completed_and_the_refill_of_an_emptied_hand():
    g = Game.new(deck=deal(payoffs=(ladder("h", "7"), []), hands=(ladder("s", "Q", "8"), [])))
    for card in ladder("h", "7"):
        g.play(f"P:{card}>C1")
    for card in ladder("s", "J", "8"):
        assert g.play(f"H:{card}>C1").completed is None
    stock = len(g.state.stock)
    done = g.play("H:Qs>C1")  # the twelfth card, and the last card of the hand
    assert done.completed == "C1" and done.drawer == 0 and len(done.drawn) == 5
    assert done.drawn == g.state.hands[0] and len(g.state.stock) == stock + 12 - 5
    assert "completed C1" in repr(done) and "player 0 drew 5 cards" in repr(done)


def test_played_tells_the_result_only_on_the_move_that_ends_the_game():
    won = random_game(1)  # won by player 1
    g = Game(won.deck, first_player=won.first_player)
    results = [g.play(m, stock=won.stock_after(n)).result for n, m in enumerate(won.moves, start=1)]
    assert results[:-1] == [None] * (len(results) - 1)
    assert results[-1] == won.outcome and results[-1].winner == 1


@pytest.mark.parametrize(
    ("move", "player", "says"),
    [
        ("H:Kc>C2", None, "a King cannot start an empty center stack"),
        ("H:5c>C1", None, "it needs a 4"),
        ("H:Ah>C1", 1, "it is not your turn: Ada is to move"),
        ("H:9d>C2", None, "there is no nine of diamonds (9d) in your hand"),
        ("P:7s>C2", None, "your pay-off card is the"),
        ("S3:4c>C1", None, "side stack S3 is empty"),
    ],
)
def test_an_illegal_move_says_why_in_words_and_changes_nothing(move, player, says):
    g = Game.new(deck=deal(hands=(["Ah", "2h", "3h", "Kc", "5c"], [])), players=("Ada", "Bo"))
    g.play("H:Ah>C1")
    g.play("H:2h>C1")
    g.play("H:3h>C1")
    before = snapshot(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play(move, player=player)
    assert says in str(info.value)
    assert "Traceback" not in str(info.value) and "_" not in str(info.value).replace("-", "")
    assert snapshot(g) == before
    g.play("H:Kc>C1")  # and the game plays on normally afterwards
    g.play("H:5c>C1")


def test_a_string_that_is_not_a_move_raises_not_a_move_error_and_changes_nothing():
    g = Game.new(seed=1)
    before = snapshot(g)
    for text in ["H:Ah-C1", "Z:Ah>C1", "H:Ah>C9", "", "S1:Ah>S2"]:
        with pytest.raises(NotAMoveError, match="is not a move"):
            g.play(text)
    with pytest.raises(NotAMoveError):
        g.play(None)  # type: ignore[arg-type]
    assert snapshot(g) == before


def test_why_illegal_and_is_legal_agree_with_legal_moves():
    g = Game.new(deck=deal(hands=(["Ah", "Kc"], [])))
    legal = set(g.legal_moves())
    for text in ["H:Ah>C1", "H:Ah>S4", "H:Kc>C1", "H:Kc>S2", "P:Ah>C1", "S1:Ah>C1"]:
        assert g.is_legal(text) == (text in legal)
        assert (g.why_illegal(text) is None) == (text in legal)
        assert (g.state.why_illegal(text) is None) == (text in legal)
    assert g.why_illegal("H:Ah>C1", player=1).startswith("it is not your turn")
    assert "is not a move" in (g.why_illegal("nonsense") or "")


def test_game_state_is_frozen_and_a_snapshot():
    g = Game.new(deck=deal(hands=(["Ah"], [])))
    s = g.state
    assert isinstance(s, GameState)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.ply = 3  # type: ignore[misc]
    g.play("H:Ah>C1")
    assert s.centers == ((), (), ()) and g.state.centers[0] == ("Ah",)
    assert s != g.state and s.ply == 0


def test_undo_takes_back_a_move_exactly():
    g = Game.new(deck=deal(hands=(["Ah", "2h", "3h", "4h", "5h"], [])))
    history = [snapshot(g)]
    for m in ["H:Ah>C1", "H:2h>C1", "H:3h>C1", "H:4h>C1", "H:5h>C1"]:
        g.play(m)
        history.append(snapshot(g))
    # the last move emptied the hand: a refill of 5 was drawn; one more ends the turn
    g.play(f"H:{g.state.hands[0][2]}>S3")
    history.append(snapshot(g))
    while g.ply:
        history.pop()
        g.undo()
        assert snapshot(g) == history[-1]
    with pytest.raises(IllegalMoveError, match="there is no move to take back"):
        g.undo()


def test_undo_of_a_completing_move_restores_the_stock_and_the_generator():
    g = Game.new(seed=11, deck=deal(payoffs=(ladder("h", "Q"), [])))
    for _ in range(11):
        g.play(f"P:{g.state.payoffs[0][-1]}>C1")
    before = snapshot(g)
    g.play("P:Qh>C1")
    after = snapshot(g)
    assert g.undo() == "P:Qh>C1"
    assert snapshot(g) == before
    g.play("P:Qh>C1")  # the same reshuffle again: the generator was put back too
    assert snapshot(g) == after


def test_undo_of_a_winning_move_and_of_a_drawn_game():
    g = Game.new(deck=deal(payoffs=(ladder("s", "Q") + ladder("c", "8"), [])))
    for _ in range(20):
        g.play(f"P:{g.state.payoffs[0][-1]}>C1")
    assert g.winner == 0 and g.points == 20
    g.undo()
    assert not g.is_over and g.result is None and len(g.state.payoffs[0]) == 1


def test_copy_is_independent():
    g = Game.new(seed=4, deck=deal(payoffs=(ladder("h", "Q"), []), hands=(["Ah"], [])))
    g.meta["x-note"] = {"a": [1]}
    g.play("H:Ah>C2")
    g.annotate(1, comment="first")
    c = g.copy()
    assert snapshot(c) == snapshot(g) and c.annotation(1) == {"comment": "first"}
    for _ in range(12):  # completes a stack on the copy: a reshuffle with the copied generator
        c.play(f"P:{c.state.payoffs[0][-1]}>C1")
    c.annotate(1, mark="!")
    c.meta["x-note"]["a"].append(2)
    assert g.ply == 1 and g.state.centers == ((), ("Ah",), ()) and len(g.state.stock) == 54
    at_one = g.state
    assert g.annotation(1) == {"comment": "first"} and g.meta == {"x-note": {"a": [1]}}
    # the original, played the same way, makes the same reshuffle (same generator state)
    for _ in range(12):
        g.play(f"P:{g.state.payoffs[0][-1]}>C1")
    assert g.state.stock == c.state.stock
    # undo on the copy does not disturb the original (they shared history entries)
    while c.ply > 1:
        c.undo()
    assert c.state == at_one
    assert len(g.state.stock) == 66 and g.ply == 13
    while g.ply > 1:
        g.undo()
    assert g.state == at_one


def test_views_hide_what_the_player_cannot_see():
    g = Game.new(deck=deal(payoffs=(["9h"], ["8s"]), hands=(["Ah"], [])))
    g.play("H:Ah>C1")
    g.play(f"H:{g.state.hands[0][0]}>S2")
    s = g.state
    v = g.view(1)
    assert isinstance(v, PlayerView)
    assert (v.player, v.opponent, v.current_player, v.ply) == (1, 0, 1, 2)
    assert v.hand == s.hands[1] and v.hand_sizes == (3, 5)
    assert v.payoff_tops == ("9h", "8s") and v.payoff_counts == (20, 20)
    assert v.sides == s.sides and v.centers == s.centers and v.stock_count == 54
    assert v.is_my_turn and not g.view(0).is_my_turn
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert not names & {"hands", "payoffs", "stock"}
    assert v.legal_moves() == g.legal_moves() and g.view(0).legal_moves() == []
    assert g.view(0).why_illegal("H:Ah>C2") == "it is not your turn"
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        g.view(2)


def test_annotate_sets_and_clears_comments_and_marks():
    g = Game.new(deck=deal(hands=(["Ah"], [])))
    g.play("H:Ah>C1")
    g.annotate(1, comment="good start", mark="!")
    assert g.annotation(1) == {"comment": "good start", "mark": "!"}
    g.annotate(1, mark="")
    assert g.annotation(1) == {"comment": "good start"}
    g.annotate(1, comment="")
    assert g.annotation(1) == {} and "comment" not in g.to_record()["moves"][0]
    for bad in [0, 2, "1"]:
        with pytest.raises(ValueError, match="there is no move"):
            g.annotate(bad, comment="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a mark must be one of"):
        g.annotate(1, mark="!!!")
    g.annotate(1, comment="kept")
    g.undo()  # taking a move back drops its annotation
    g.play("H:Ah>C1")
    assert g.annotation(1) == {}


def test_game_arguments_are_checked():
    with pytest.raises(ValueError, match="first_player must be 0 or 1"):
        Game.new(seed=1, first_player=2)
    with pytest.raises(ValueError, match="first_player must be 0 or 1"):
        Game.new(seed=1, first_player=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="first_player must be 0 or 1"):
        Game.new(seed=1, first_player=1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players must be two names"):
        Game.new(seed=1, players=("solo",))
    with pytest.raises(ValueError, match="players must be two names"):
        Game.new(seed=1, players="AB")  # a string is not two names, though it has two letters
    assert Game.new(seed=1, players=None).players == ("Player 0", "Player 1")  # None: the default
    with pytest.raises(ValueError, match="unknown rule option"):
        Game.new(seed=1, rules={"jokers": True})


def test_repr_tells_who_is_to_move_or_how_it_ended():
    g = Game.new(seed=1, players=("Ada", "Bo"))
    assert repr(g) == "<Game 'Ada' v 'Bo', ply 0: Ada to move>"
    g = Game.new(deck=deal(payoffs=(ladder("s", "Q") + ladder("c", "8"), [])), players=("Ada", "Bo"))
    for _ in range(20):
        g.play(f"P:{g.state.payoffs[0][-1]}>C1")
    assert repr(g) == "<Game 'Ada' v 'Bo', ply 20: Ada emptied the pay-off pile and wins 20 points.>"


def test_a_game_built_from_plain_strings_plays_like_one_built_from_cards():
    deck = [str(c) for c in deal(payoffs=(["Ah"], []), hands=(["2h"], []))]
    assert all(type(c) is str for c in deck)
    g = Game(deck)
    assert all(type(c) is Card for c in g.deck) and type(g.state.payoffs[0][-1]) is Card
    assert "P:Ah>C1" in g.legal_moves()
    g.play("P:Ah>C1")  # the pay-off top is found by identity: it must be the interned card
    g.play("H:2h>C1")
    assert g.state.centers[0] == ("Ah", "2h")
    with pytest.raises(ValueError, match="is not a card"):
        Game([*deck[:-1], "1h"])


def test_why_illegal_answers_a_malformed_string_the_same_everywhere() -> None:
    """Game, GameState and PlayerView all answer a non-move with the parser's words, not an exception."""
    g = Game.new(seed=1)
    answers = {
        g.why_illegal("H:Zz>C1"),
        g.state.why_illegal("H:Zz>C1"),
        g.view(g.current_player).why_illegal("H:Zz>C1"),
    }
    assert len(answers) == 1
    (answer,) = answers
    assert answer is not None and "'Zz' is not a card" in answer


def test_opponent_left_is_the_centers_the_other_player_left() -> None:
    """What the expert judges the opponent's hand from, mid-turn too (`Game.opponent_left`):
    the center sizes at the start of the turn, None while the other player has not played."""
    from spite_widget.bots import get_bot

    g, bot = Game.new(seed=4), get_bot("greedy", seed=4)
    assert g.opponent_left() is None  # the deal
    while g.current_player == 0:
        g.play(bot.choose(g.view(0)))
        assert g.current_player == 1 or g.opponent_left() is None
    for _ in range(200):
        start = tuple(len(c) for c in g.state.centers)
        player = g.current_player
        while not g.is_over and g.current_player == player:
            assert g.opponent_left() == start
            g.play(bot.choose(g.view(player)))
        if g.is_over:
            break

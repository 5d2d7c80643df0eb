"""Every rule of RULES.md, each forced with a hand-made deck (see decks.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from decks import deal, end_turns, ladder

from spite_widget import Game, IllegalMoveError, InvalidMoveError, Move, NotAMoveError
from spite_widget.engine.cards import ALL_CARDS, Card
from spite_widget.engine.rules import Rules, completes, counts_as, fits, is_complete, legal_moves, why_illegal


def play(g: Game, *moves: str) -> None:
    for m in moves:
        g.play(m)


def assert_refused(g: Game, move: str, says: str, player: int | None = None) -> str:
    """`move` raises IllegalMoveError mentioning `says`, and the game is left exactly as it was."""
    state, record, legal = g.state, g.to_record(), g.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        g.play(move, player=player)
    message = str(info.value)
    assert says in message
    assert g.state == state
    assert g.to_record() == record
    assert g.legal_moves() == legal
    return message


def moves_set(g: Game) -> set[str]:
    moves = [str(m) for m in g.legal_moves()]
    assert len(moves) == len(set(moves)), "each move string once"
    return set(moves)


def sides(*cards: str) -> set[str]:
    return {f"H:{c}>S{i}" for c in cards for i in range(1, 5)}


# ---------------------------------------------------------------- the pure rule functions
def test_fits_builds_up_from_the_ace():
    for size in range(12):
        for card in ALL_CARDS:
            if card.is_king:
                assert fits(card, size) is (size > 0)
                assert fits(card, size, kings_start_stacks=True)
            else:
                assert fits(card, size) is (card.rank == size + 1)


def test_a_king_counts_as_the_rank_the_stack_needs():
    assert counts_as(Card("Kh"), 0) == 1  # only with kings_start_stacks: an Ace
    assert counts_as(Card("Kh"), 9) == 10
    assert counts_as(Card("Kh"), 10) == 11  # on a Ten: a Jack (not a Queen, see RULES.md)
    assert counts_as(Card("Kh"), 11) == 12  # on a Jack: a Queen, completing the stack
    assert counts_as(Card("7d"), 6) == 7


def test_pure_legal_moves_in_a_hand_checked_position():
    # hand 7c 7c Kd 3h; pay-off 4s; S1 top 3c, S3 top Ks; centers hold 2, 0 and 3 cards
    moves = legal_moves(
        [Card("7c"), Card("Kd"), Card("7c"), Card("3h")],
        Card("4s"),
        [Card("3c"), None, Card("Ks"), None],
        [2, 0, 3],
    )
    assert [str(m) for m in moves] == [
        "P:4s>C3",
        "S1:3c>C1",
        "S3:Ks>C1",
        "S3:Ks>C3",
        *[f"H:7c>S{i}" for i in range(1, 5)],
        "H:Kd>C1",
        "H:Kd>C3",
        *[f"H:Kd>S{i}" for i in range(1, 5)],
        "H:3h>C1",
        *[f"H:3h>S{i}" for i in range(1, 5)],
    ]
    with_kings = legal_moves([Card("Kd")], None, [None] * 4, [0, 5, 0], kings_start_stacks=True)
    assert {str(m) for m in with_kings} == {"H:Kd>C1", "H:Kd>C2", "H:Kd>C3"} | sides("Kd")


def test_pure_why_illegal_names_the_rule():
    hand = [Card("5h"), Card("Kc")]
    tops = [Card("9c"), None, None, None]

    def why(move: str, sizes=(3, 0, 11), ks=False):
        return why_illegal(Move.parse(move), hand, Card("2d"), tops, list(sizes), ks)

    assert why("H:5h>C1") == "a 5 cannot go on C1: it needs a 4 (C1 holds 3 cards)"
    assert why("H:5h>C2") == "a 5 cannot go on C2: C2 is empty, so it needs an Ace"
    assert why("P:2d>C2", sizes=(3, 1, 0)) is None
    assert why("P:2d>C3") == "a 2 cannot go on C3: it needs a Queen (C3 holds 11 cards)"
    assert why("P:2d>C1", sizes=(1, 0, 0)) is None
    assert why("H:Kc>C2").startswith("a King cannot start an empty center stack")
    assert why("H:Kc>C2", ks=True) is None
    assert why("H:Kc>C3") is None
    assert why("H:Ac>C2") == "there is no ace of clubs (Ac) in your hand"
    assert why("P:3d>C1") == "your pay-off card is the two of diamonds (2d), not the 3d"
    assert why("S2:9c>C1") == "side stack S2 is empty"
    assert why("S1:8c>C1").startswith("the top of side stack S1 is the nine of clubs (9c)")
    assert "only the top card of a side stack can be played" in why("S1:8c>C1")
    assert why("H:5h>S3") is None
    assert why_illegal(Move.parse("P:Ah>C1"), hand, None, tops, [0, 0, 0]) == "your pay-off pile is empty"


def test_rules_options_are_checked():
    assert Rules.from_dict(None) == Rules() == Rules.from_dict({})
    assert Rules.from_dict({"kings_start_stacks": True}).kings_start_stacks
    with pytest.raises(ValueError, match="unknown rule option"):
        Rules.from_dict({"kings_start": True})
    with pytest.raises(ValueError, match="must be true or false"):
        Rules.from_dict({"kings_start_stacks": 1})


# ---------------------------------------------------------------- the layout
def test_the_deal_follows_the_record_layout():
    deck = deal(payoffs=(["9h", "Ah"], ["Kc"]), hands=(["2c", "3c"], ["4d"]), draws=["7s", "8s"])
    g = Game.new(deck=deck)
    s = g.state
    assert s.payoffs == (tuple(deck[0:20]), tuple(deck[20:40]))
    assert s.hands == (tuple(deck[40:45]), tuple(deck[45:50]))
    assert s.stock == tuple(deck[50:]) and len(s.stock) == 54
    assert s.sides == (((),) * 4, ((),) * 4) and s.centers == ((), (), ())
    assert (s.current_player, s.ply, s.result) == (0, 0, None)
    assert s.payoffs[0][-1] == deck[19] == "9h" and s.payoffs[0][-2] == "Ah"
    assert s.payoffs[1][-1] == deck[39] == "Kc"
    assert s.hands[0][:2] == ("2c", "3c") and s.hands[1][0] == "4d"
    assert s.stock[-1] == deck[-1] == "7s" and s.stock[-2] == "8s"  # the first card drawn is the last
    assert g.deck == tuple(deck)


def test_new_game_shuffles_two_packs_with_the_seed():
    a, b, c = Game.new(seed=7), Game.new(seed=7), Game.new(seed=8)
    assert a.deck == b.deck != c.deck
    assert Counter(a.deck) == Counter({card: 2 for card in ALL_CARDS})
    assert Game.new(seed=1, first_player=1).current_player == 1


def test_a_deck_that_is_not_two_packs_is_refused():
    deck = deal()
    with pytest.raises(ValueError, match="exactly two packs"):
        Game.new(deck=deck[:-1])
    with pytest.raises(ValueError, match="is not a card"):
        Game.new(deck=[*deck[:-1], "Zz"])


# ---------------------------------------------------------------- center stacks
def test_a_center_stack_builds_up_from_the_ace_regardless_of_suit():
    g = Game.new(deck=deal(hands=(["3d", "Ah", "4s", "2c", "5h"], [])))
    assert_refused(g, "H:2c>C1", "a 2 cannot go on C1: C1 is empty, so it needs an Ace")
    assert_refused(g, "H:3d>C2", "needs an Ace")
    play(g, "H:Ah>C1", "H:2c>C1")
    assert_refused(g, "H:4s>C1", "it needs a 3")
    play(g, "H:3d>C1", "H:4s>C1")
    assert g.state.centers[0] == ("Ah", "2c", "3d", "4s")
    assert "H:5h>C1" in moves_set(g) and "H:5h>C2" not in moves_set(g)


def test_a_king_on_a_stack_counts_as_the_rank_it_needs():
    g = Game.new(deck=deal(hands=(["Ah", "Kc", "3h", "Kd", "5c"], [])))
    play(g, "H:Ah>C1")
    assert {"H:Kc>C1", "H:Kd>C1"} <= moves_set(g)
    assert not {"H:Kc>C2", "H:Kc>C3"} & moves_set(g)
    play(g, "H:Kc>C1")  # counts as a 2
    assert "H:3h>C1" in moves_set(g)
    assert_refused(g, "H:5c>C1", "it needs a 3")
    play(g, "H:3h>C1", "H:Kd>C1")  # the second King counts as a 4
    assert "H:5c>C1" in moves_set(g)
    play(g, "H:5c>C1")
    assert g.state.centers[0] == ("Ah", "Kc", "3h", "Kd", "5c")


def test_a_king_cannot_start_an_empty_stack_by_default():
    g = Game.new(deck=deal(hands=(["Kc", "2h", "Qc", "Qc", "Js"], [])))
    assert moves_set(g) == sides("Kc", "2h", "Qc", "Js")
    message = assert_refused(g, "H:Kc>C2", "a King cannot start an empty center stack")
    assert "C2 is empty and needs an Ace" in message


def test_with_kings_start_stacks_a_king_starts_a_stack_as_an_ace():
    g = Game.new(deck=deal(hands=(["Kc", "2h", "3h"], [])), rules={"kings_start_stacks": True})
    assert {"H:Kc>C1", "H:Kc>C2", "H:Kc>C3"} <= moves_set(g)
    play(g, "H:Kc>C2")
    assert "H:2h>C2" in moves_set(g) and "H:3h>C2" not in moves_set(g)
    play(g, "H:2h>C2", "H:3h>C2")
    assert g.state.centers[1] == ("Kc", "2h", "3h")


def _stack_to(g: Game, n: int, target: str = "C1") -> None:
    for _ in range(n):
        g.play(f"P:{g.state.payoffs[g.current_player][-1]}>{target}")


def test_a_king_on_a_ten_counts_as_a_jack():
    g = Game.new(deck=deal(payoffs=(ladder("h", "T"), []), hands=(["Kc", "Js", "Qs"], [])))
    _stack_to(g, 10)
    assert len(g.state.centers[0]) == 10
    play(g, "H:Kc>C1")
    assert "H:Qs>C1" in moves_set(g)  # the stack now needs a Queen: the King was a Jack
    assert_refused(g, "H:Js>C1", "a Jack cannot go on C1: it needs a Queen (C1 holds 11 cards)")


@pytest.mark.parametrize("last", ["Kc", "Qs"])
def test_a_king_or_queen_on_a_jack_completes_the_stack_which_goes_to_the_stock(last):
    g = Game.new(seed=3, deck=deal(payoffs=(ladder("h", "J"), []), hands=([last, "5c"], [])))
    _stack_to(g, 11)
    before = g.state
    play(g, f"H:{last}>C1")
    after = g.state
    assert after.centers == ((), (), ())
    completed = (*before.centers[0], last)
    assert len(completed) == 12
    assert Counter(after.stock) == Counter(before.stock) + Counter(completed)
    assert len(after.stock) == 54 + 12
    assert after.stock != before.stock + completed  # shuffled, not just laid on top
    assert after.current_player == 0 and after.hands[0] == before.hands[0][1:]  # the turn goes on
    assert g.to_record()["moves"][-1] == {"move": f"H:{last}>C1", "stock": list(after.stock)}
    assert "H:5c>C1" not in moves_set(g)  # the emptied stack needs an Ace again


def test_the_reshuffle_follows_the_seed():
    deck = deal(payoffs=(ladder("h", "Q"), []))

    def stock_after(seed: int) -> tuple[Card, ...]:
        g = Game.new(seed=seed, deck=deck)
        _stack_to(g, 12)
        return g.state.stock

    assert stock_after(1) == stock_after(1) != stock_after(2)


# ---------------------------------------------------------------- a turn
def test_hand_to_side_ends_the_turn_and_the_other_player_has_drawn():
    g = Game.new(deck=deal(hands=(["3h", "4h", "5h", "6h", "7h"], []), draws=["8c", "9c", "Tc", "Jc"]))
    play(g, "H:4h>S2")
    s = g.state
    assert s.current_player == 1 and s.ply == 1
    assert s.sides[0] == ((), ("4h",), (), ())
    assert s.hands[0] == ("3h", "5h", "6h", "7h")
    assert len(s.hands[1]) == 5 and len(s.stock) == 54  # player 1 held 5: nothing to draw
    p1_hand = s.hands[1]
    play(g, f"H:{p1_hand[0]}>S4")
    s = g.state
    assert s.current_player == 0
    assert s.hands[0] == ("3h", "5h", "6h", "7h", "8c")  # player 0 drew one, the top of the stock
    assert s.hands[1] == p1_hand[1:] and s.sides[1][3] == (p1_hand[0],)
    assert len(s.stock) == 53
    play(g, "H:5h>S2")  # any side stack, no depth limit
    assert g.state.sides[0][1] == ("4h", "5h")
    assert g.state.hands[1] == (*p1_hand[1:], "9c")


def test_a_player_who_played_several_cards_draws_back_up_to_five():
    g = Game.new(deck=deal(hands=(["Ah", "2h", "3h", "9s", "Ts"], []), draws=["4c", "5c", "6c", "7c", "8c"]))
    play(g, "H:Ah>C1", "H:2h>C1", "H:3h>C1", "H:9s>S1")
    assert g.state.hands[0] == ("Ts",)
    play(g, f"H:{g.state.hands[1][0]}>S1")
    assert g.state.hands[0] == ("Ts", "4c", "5c", "6c", "7c")
    assert len(g.state.stock) == 50


def test_an_emptied_hand_is_refilled_at_once_and_the_turn_goes_on():
    g = Game.new(
        deck=deal(hands=(["Ah", "2d", "3s", "4c", "5h"], []), draws=["6c", "7d", "8h", "9s", "Tc", "Jc"])
    )
    play(g, "H:Ah>C1", "H:2d>C1", "H:3s>C1", "H:4c>C1")
    assert g.state.hands[0] == ("5h",) and len(g.state.stock) == 54
    play(g, "H:5h>C1")
    s = g.state
    assert s.current_player == 0 and s.result is None
    assert s.hands[0] == ("6c", "7d", "8h", "9s", "Tc")
    assert len(s.stock) == 49 and s.stock[-1] == "Jc"
    play(g, "H:6c>C1", "H:7d>C1")  # and the player goes on
    assert len(g.state.centers[0]) == 7


def test_the_only_moves_are_the_four_kinds():
    g = Game.new(deck=deal(payoffs=(["Ah"], []), hands=(["Ad", "3c"], [])))
    play(g, "H:3c>S1", f"H:{g.state.hands[1][0]}>S1")
    # now player 0 has a side stack (3c), a pay-off Ah and a hand; nothing else can move
    for text in ["S1:3c>S2", "P:Ah>S1", "C1:Ah>C2", "H:Ad>P", "pass", "draw", "H:Ad>O-S1"]:
        state = g.state
        with pytest.raises(NotAMoveError) as info:
            g.play(text)
        assert isinstance(info.value, IllegalMoveError) and isinstance(info.value, InvalidMoveError)
        assert g.state == state
    assert all(m.source in ("P", "H", "S1") for m in g.legal_moves())
    assert all(m.target.startswith("C") for m in g.legal_moves() if m.source != "H")


def test_only_the_top_of_a_side_stack_plays():
    g = Game.new(deck=deal(hands=(["Ah", "Ad", "2s", "5c", "6c"], []), draws=["2h"]))
    play(g, "H:2s>S1", f"H:{g.state.hands[1][0]}>S1", "H:Ad>S1", f"H:{g.state.hands[1][0]}>S1")
    assert g.state.sides[0][0] == ("2s", "Ad") and g.current_player == 0
    assert "S1:Ad>C1" in moves_set(g) and "S1:2s>C1" not in moves_set(g)
    play(g, "H:Ah>C1")
    assert_refused(g, "S1:2s>C1", "only the top card of a side stack can be played")
    play(g, "H:2h>C1")
    play(g, "S1:Ad>C2")
    assert "S1:2s>C2" in moves_set(g)
    play(g, "S1:2s>C2")
    assert g.state.sides[0][0] == () and g.state.centers[1] == ("Ad", "2s")
    assert_refused(g, "S1:2s>C3", "side stack S1 is empty")


def test_legal_moves_give_equal_hand_cards_once_and_each_stack_its_own_move():
    g = Game.new(deck=deal(hands=(["Ah", "Qc", "Ah", "Qc", "Jd"], [])))
    assert moves_set(g) == {"H:Ah>C1", "H:Ah>C2", "H:Ah>C3"} | sides("Ah", "Qc", "Jd")
    assert len(g.legal_moves()) == 3 + 12


def test_legal_moves_in_hand_checked_positions():
    g = Game.new(
        deck=deal(payoffs=(["3d"], ["2s"]), hands=(["Ah", "Ah", "2c", "Kd", "5s"], ["As", "7h"])),
    )
    assert moves_set(g) == {"H:Ah>C1", "H:Ah>C2", "H:Ah>C3"} | sides("Ah", "2c", "Kd", "5s")
    play(g, "H:Ah>C1")
    assert moves_set(g) == {"H:Ah>C2", "H:Ah>C3", "H:2c>C1", "H:Kd>C1"} | sides("Ah", "2c", "Kd", "5s")
    play(g, "H:2c>C1")
    assert moves_set(g) == {"P:3d>C1", "H:Ah>C2", "H:Ah>C3", "H:Kd>C1"} | sides("Ah", "Kd", "5s")
    play(g, "P:3d>C1", "H:5s>S3")
    # player 1: pay-off 2s, hand As 7h + filler Queens; C1 holds 3 cards
    p1 = g.state.hands[1]
    assert set(p1[2:]) <= {"Qc", "Qd", "Qh", "Qs"}
    assert moves_set(g) == {"H:As>C2", "H:As>C3"} | sides(*p1)
    play(g, "H:As>C3")
    assert "P:2s>C3" in moves_set(g) and "P:2s>C1" not in moves_set(g)
    play(g, "P:2s>C3", "H:7h>S2")
    # player 0 again: side S3 = 5s, hand Ah Kd + 3 drawn; C1 needs a 4, C2 empty, C3 needs a 3
    s = g.state
    payoff_top = s.payoffs[0][-1]
    expected = {"H:Ah>C2"} | {"H:Kd>C1", "H:Kd>C3"} | sides(*s.hands[0])
    expected |= {f"H:{c}>C{i + 1}" for c in s.hands[0] for i, n in enumerate((3, 0, 2)) if c.rank == n + 1}
    expected |= {f"P:{payoff_top}>C{i + 1}" for i, n in enumerate((3, 0, 2)) if payoff_top.rank == n + 1}
    assert moves_set(g) == expected


# ---------------------------------------------------------------- end of a game
def test_the_last_pay_off_card_wins_with_the_other_piles_cards_as_points():
    spades, clubs = ladder("s", "Q"), ladder("d", "8")
    g = Game.new(deck=deal(payoffs=(spades + clubs, ["Ac"])), first_player=1)
    play(g, "P:Ac>C1", f"H:{g.state.hands[1][0]}>S1")
    for i in range(19):
        g.play(f"P:{g.state.payoffs[0][-1]}>C2")
        assert not g.is_over, i
    assert len(g.state.payoffs[0]) == 1
    g.play("P:8d>C2")
    assert g.is_over and g.winner == 0 and g.points == 19
    assert g.result == {"winner": 0, "points": 19, "reason": "payoff-emptied"}
    assert g.state.result is not None and g.state.current_player == 0
    assert g.legal_moves() == [] and g.state.legal_moves() == []
    assert_refused(g, "H:Qc>S1", "the game is over")
    assert_refused(g, "P:9d>C2", "the game is over")
    assert g.undo() == "P:8d>C2" and not g.is_over and g.points == 0


def test_a_stock_that_runs_out_at_a_draw_ends_the_game_as_a_draw():
    g = Game.new(deck=deal(hands=(["Ah", "Ad"], [])))
    end_turns(g, lambda g: g.current_player == 0 and len(g.state.stock) == 3, keep={"Ah", "Ad"})
    assert g.state.hands[0][:2] == ("Ah", "Ad") and len(g.state.hands[0]) == 5
    play(g, "H:Ah>C1", "H:Ad>C2")
    play(g, f"H:{g.state.hands[0][0]}>S1")  # player 0 keeps 2 cards; player 1 draws one
    assert len(g.state.stock) == 2 and len(g.state.hands[0]) == 2 and not g.is_over
    last_two = g.state.stock
    p0_hand = g.state.hands[0]
    play(g, f"H:{g.state.hands[1][0]}>S1")  # player 0 needs 3, finds 2: draws 2, then the draw
    s = g.state
    assert g.is_over and g.winner is None and g.points == 0
    assert g.result == {"winner": None, "points": 0, "reason": "stock-exhausted"}
    assert s.hands[0] == (*p0_hand, last_two[1], last_two[0]) and s.stock == ()
    assert s.current_player == 0  # the turn had passed: player 0 was drawing when the stock ran out
    assert g.legal_moves() == []
    assert_refused(g, "H:Ah>S1", "the game is over")


def test_an_emptied_hand_with_an_empty_stock_ends_the_game_as_a_draw():
    g = Game.new(deck=deal(hands=([], ["Ah", "2h", "3h", "4h"]), last_draws=["Kc"]))
    keep = {"Ah", "2h", "3h", "4h"}
    end_turns(g, lambda g: g.current_player == 1 and not g.state.stock, keep=keep)
    assert g.state.hands[1] == ("Ah", "2h", "3h", "4h", "Kc")  # player 1 drew the very last card
    assert not g.is_over
    play(g, "H:Ah>C1", "H:2h>C1", "H:3h>C1", "H:4h>C1")
    assert not g.is_over
    play(g, "H:Kc>C1")  # the King counts as a 5; the hand is empty and there is nothing to draw
    assert g.result == {"winner": None, "points": 0, "reason": "stock-exhausted"}
    assert g.state.hands[1] == () and g.state.centers[0][-1] == "Kc"


def test_drawing_the_last_card_then_playing_on_and_a_completed_stack_refills_the_stock():
    g = Game.new(seed=5, deck=deal(payoffs=([], ladder("h", "J")), hands=([], ["Qs"])))
    end_turns(g, lambda g: g.current_player == 1 and not g.state.stock, keep={"Qs"})
    assert not g.is_over and len(g.state.hands[1]) == 5 and "Qs" in g.state.hands[1]
    for _ in range(11):
        g.play(f"P:{g.state.payoffs[1][-1]}>C2")
    assert not g.is_over and g.state.stock == ()
    play(g, "H:Qs>C2")
    assert len(g.state.stock) == 12 and g.state.centers[1] == ()
    assert len(g.state.hands[1]) == 4
    play(g, f"H:{g.state.hands[1][0]}>S1")  # player 0 draws from the refilled stock
    assert not g.is_over and g.current_player == 0
    assert len(g.state.hands[0]) == 5 and len(g.state.stock) == 11


def test_a_stack_is_complete_at_twelve_cards_and_one_function_says_so():
    assert [n for n in range(14) if is_complete(n)] == [12, 13]
    assert [n for n in range(13) if completes(n)] == [11, 12]
    g = Game.new(deck=deal(payoffs=(ladder("h", "J"), []), hands=(["Qs"], [])))
    for card in ladder("h", "J"):
        assert not g.completes(f"P:{card}>C1")
        g.play(f"P:{card}>C1")
    assert g.completes("H:Qs>C1") and not g.completes("H:Qs>S1")
    assert g.play("H:Qs>C1").completed == "C1" and g.state.centers[0] == ()


@pytest.mark.parametrize("value", [1, 0, "yes", None, 1.0])
def test_rules_are_checked_when_made_so_a_game_saves_only_what_it_can_read(value: object) -> None:
    """`Rules(kings_start_stacks=1)` played a game that saved `"kings_start_stacks": 1`, which
    `Game.load` then refused ("must be true or false"): only from_dict checked the type."""
    with pytest.raises(ValueError, match="kings_start_stacks must be true or false"):
        Rules(kings_start_stacks=value)  # type: ignore[arg-type]
    assert Rules(kings_start_stacks=True).kings_start_stacks is True

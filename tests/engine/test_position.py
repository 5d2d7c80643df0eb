"""Positions as one line of text (exact round trip) and games played on from any position."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spite_widget import Card, Game, GameState, IllegalMoveError, Replay
from spite_widget.engine import records
from spite_widget.engine.cards import ALL_CARDS
from spite_widget.engine.position import deal_unseen, unseen_cards


def played(seed: int, plies: int, center_bias: float = 0.9, ks: bool = False) -> Game:
    rng = random.Random(seed)
    g = Game.new(seed=seed, rules={"kings_start_stacks": ks})
    while not g.is_over and g.ply < plies:
        moves = g.legal_moves()
        center = [m for m in moves if m.to_center]
        g.play(rng.choice(center) if center and rng.random() < center_bias else rng.choice(moves))
    return g


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 500), st.sampled_from([0.0, 0.9, 1.0]), st.booleans())
def test_the_text_of_any_position_reads_back_exactly(seed, plies, bias, ks):
    state = played(seed, plies, bias, ks).state
    text = state.to_text()
    assert "\n" not in text and GameState.from_text(text) == state
    assert eval(repr(state)) == state  # the repr is code that gives the state back


def test_the_text_names_every_pile_and_the_result():
    g = played(1, 10_000)  # played to its end
    text = g.state.to_text()
    assert text.startswith("spite p0:") and " to:" in text and f" ply:{g.ply} " in text
    r = g.outcome
    assert r is not None
    assert text.endswith("result:draw" if r.winner is None else f"result:won-{r.winner}-{r.points}")
    assert Game.new(seed=2).state.to_text().split(" ")[3] == "c:-,-,-"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace("spite ", "chess "), "starts with 'spite'"),
        (lambda t: t.replace(" to:0", " to:2"), "to must be 0 or 1"),
        (lambda t: t.replace(" ply:0", " ply:x"), "ply must be a whole number"),
        (lambda t: t.replace(" rules:-", ""), "lacks rules"),
        (lambda t: t.replace(" rules:-", " rules:- rules:k"), "given twice"),
        (lambda t: t.replace("c:-,-,-", "c:-,-"), "center stack must list 3 piles"),
        (lambda t: t.replace("c:-,-,-", "c:2h,-,-"), "two packs"),
        (lambda t: t.replace("result:-", "result:won-3-1"), "result must be"),
        (lambda t: t.replace("stock:", "stock:Zz"), "the stock: 'Zz' is not a card"),
        (lambda t: t.replace("stock:", "stock:A"), "not a run of two-character cards"),
    ],
)
def test_a_bad_position_text_is_refused_saying_what_is_wrong(change, says):
    text = Game.new(seed=3).state.to_text()
    with pytest.raises(ValueError, match=says):
        GameState.from_text(change(text))


def test_a_wrongly_built_center_stack_is_refused():
    g = Game.new(seed=3)
    text = g.state.to_text()
    hand = g.state.hands[0]
    five = next(c for c in hand if c[0] != "A")
    moved = text.replace(f"/{''.join(hand)}/", f"/{''.join(c for c in hand if c is not five)}/", 1)
    with pytest.raises(ValueError, match="C1 is not built from the Ace up"):
        GameState.from_text(moved.replace("c:-,-,-", f"c:{five},-,-"))


def test_a_game_from_a_state_plays_on_exactly_like_the_original():
    whole = played(5, 10_000)
    cut = 40
    part = Game.from_record({**whole.to_record(), "moves": whole.to_record()["moves"][:cut], "result": None})
    g = Game.from_state(GameState.from_text(part.state.to_text()), seed=1)
    assert g.state == part.state and g.ply == cut and g.start == part.state
    for n in range(cut + 1, whole.ply + 1):
        g.play(whole.moves[n - 1], stock=whole.stock_after(n))
    assert g.state == whole.state and g.result == whole.result
    assert g.mover(whole.ply) == whole.mover(whole.ply)
    g.annotate(cut + 1, comment="the puzzle starts here")
    with pytest.raises(ValueError, match="there is no move"):
        g.annotate(cut, comment="before the position")
    while g.ply > cut:
        g.undo()
    assert g.state == part.state
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        g.undo()
    for write in (Game.to_record, records.write_game, Replay):
        with pytest.raises(ValueError, match="started from a position"):
            write(g)


def test_a_game_from_a_view_deals_the_unseen_cards_consistently_with_the_view():
    g = played(6, 30)
    me = g.current_player
    view = g.view(me)
    a = Game.from_state(view, seed=1)
    assert a.view(me) == view and a.state == Game.from_state(view, seed=1).state
    b = Game.from_state(view, seed=2)
    assert b.view(me) == view and b.state != a.state  # another guess at the unseen cards
    other = 1 - me

    def unseen(s: GameState) -> Counter[Card]:
        return Counter([*s.hands[other], *s.payoffs[0][:-1], *s.payoffs[1][:-1], *s.stock])

    assert unseen(a.state) == unseen(g.state) == unseen(b.state)
    assert a.legal_moves() == g.legal_moves()
    a.play(a.legal_moves()[0])  # and it plays on


def test_a_view_or_state_that_does_not_fit_two_packs_is_refused():
    view = played(7, 10).view(0)
    with pytest.raises(ValueError, match="does not fit two packs"):
        Game.from_state(dataclasses.replace(view, stock_count=view.stock_count + 1))
    state = played(7, 10).state
    with pytest.raises(ValueError, match="two packs"):
        Game.from_state(dataclasses.replace(state, stock=state.stock[1:]))
    with pytest.raises(TypeError):
        Game.from_state("spite ...")  # type: ignore[arg-type]


def test_a_guessed_other_hand_is_dealt_as_given_and_a_wrong_guess_is_refused():
    g = played(6, 30)
    me = g.current_player
    other = 1 - me
    view = g.view(me)
    hidden = unseen_cards(view)
    assert Counter(hidden) == Counter(
        [*g.state.hands[other], *g.state.payoffs[0][:-1], *g.state.payoffs[1][:-1], *g.state.stock]
    )
    guess = tuple(g.state.hands[other])
    state = deal_unseen(view, 3, guess)
    assert state.hands[other] == guess and Game.from_state(state, 3).view(me) == view
    assert Counter(
        [*state.hands[other], *state.payoffs[0][:-1], *state.payoffs[1][:-1], *state.stock]
    ) == Counter(hidden)
    # without a guess the same seed deals as `Game.from_state(view, seed)` does
    assert deal_unseen(view, 3) == Game.from_state(view, 3).state
    n = view.hand_sizes[other]
    with pytest.raises(ValueError, match="other hand holds"):
        deal_unseen(view, 3, guess[:-1])  # one card short
    seen = next(c for c in ALL_CARDS if c not in hidden)  # both copies on view
    with pytest.raises(ValueError, match="other hand holds"):
        deal_unseen(view, 3, (*guess[:-1], seen) if n else (seen,))


def test_a_result_that_the_table_contradicts_is_refused():
    """`result:draw` with 54 cards in the stock, or a win scored 99 when the other pay-off pile
    holds 20, read back as they said; a pay-off pile emptied with no result, too."""
    deal = Game.new(seed=3).state.to_text()
    with pytest.raises(ValueError, match="a draw comes when the stock runs dry, and the stock holds 54"):
        GameState.from_text(deal.replace("result:-", "result:draw"))
    won = next(
        g for g in (played(s, 10_000) for s in range(20)) if g.outcome and g.outcome.winner is not None
    )
    r = won.outcome
    assert r is not None and r.winner is not None
    text = won.state.to_text()
    assert GameState.from_text(text) == won.state
    with pytest.raises(ValueError, match=f"won 99 points, but .* pay-off pile: {r.points}"):
        GameState.from_text(text.replace(f"result:won-{r.winner}-{r.points}", f"result:won-{r.winner}-99"))
    with pytest.raises(ValueError, match=f"player {r.winner}'s pay-off pile is empty, so the game is over"):
        GameState.from_text(text.replace(f"result:won-{r.winner}-{r.points}", "result:-"))

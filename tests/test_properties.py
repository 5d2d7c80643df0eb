"""Properties of random games (seeded random play), checked at every move.

Each property plays a few whole games chosen by hypothesis: the seed deals and drives the
play, `center_bias` decides how often a center move is preferred (high: stacks complete,
reshuffles happen and games are won; zero: the stock runs out), and the rule option varies.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator

from decks import random_move
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spite_widget import Game, GameState, IllegalMoveError, PlayerView
from spite_widget.engine.cards import ALL_CARDS, Card
from spite_widget.engine.moves import ALL_MOVES

TWO_PACKS = Counter({c: 2 for c in ALL_CARDS})

games = st.tuples(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.9, 0.0, 0.5, 0.97, 1.0]),
    st.booleans(),
)
few = settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def walk(params: tuple[int, float, bool], max_plies: int | None = None) -> Iterator[Game]:
    """The game at the deal and after every move of one seeded random game."""
    seed, bias, ks = params
    rng = random.Random(seed)
    g = Game.new(seed=seed, first_player=seed % 2, rules={"kings_start_stacks": ks})
    yield g
    while not g.is_over and (max_plies is None or g.ply < max_plies):
        g.play(random_move(g, rng, bias))
        yield g


def every_card(s: GameState) -> Counter[Card]:
    piles = [*s.payoffs, *s.hands, *s.sides[0], *s.sides[1], *s.centers, s.stock]
    return Counter(c for pile in piles for c in pile)


@given(games)
@few
def test_all_104_cards_are_always_somewhere(params):
    for g in walk(params):
        s = g.state
        assert every_card(s) == TWO_PACKS
        assert all(len(c) < 12 for c in s.centers)
        assert len(s.payoffs[0]) <= 20 and len(s.payoffs[1]) <= 20
        assert all(len(h) <= 5 for h in s.hands)
        if not g.is_over:
            assert len(s.hands[s.current_player]) > 0 and g.legal_moves(), "a player can always move"
    assert g.is_over


@given(games)
@settings(max_examples=6, deadline=None, derandomize=True)
def test_legal_moves_are_exactly_the_moves_the_rules_allow_and_illegal_ones_change_nothing(params):
    for g in walk(params):
        legal = g.legal_moves()
        assert len(legal) == len(set(legal))
        before = g.state
        if g.ply % 10 == 0 or g.is_over:  # the whole notation, against the legality test
            assert {m for m in ALL_MOVES if g.why_illegal(m) is None} == set(legal)
        rng = random.Random(g.ply)
        for m in rng.sample(ALL_MOVES, 12):
            if m in legal:
                continue
            try:
                g.play(m)
            except IllegalMoveError as e:
                assert str(e)
            else:
                raise AssertionError(f"{m} was played though not legal")
        assert g.state == before  # refused moves changed nothing
        for m in legal:  # every legal move applies, and undo takes it back exactly
            g.play(m)
            assert g.ply == before.ply + 1
            g.undo()
            assert g.state == before


@given(games)
@few
def test_undo_restores_every_position_back_to_the_deal(params):
    states = []
    records = []
    for g in walk(params):
        states.append(g.state)
        records.append(g.to_record() if g.ply % 25 == 0 else None)
    end = g.state
    moves = g.moves
    while g.ply:
        g.undo()
        assert g.state == states[g.ply]
        if records[g.ply] is not None:
            assert g.to_record() == records[g.ply]
    # and replaying the same moves gives the same game again (the generator came back too)
    for m in moves:
        g.play(m)
    assert g.state == end


@given(games, st.floats(0, 1))
@few
def test_a_copy_is_independent(params, where):
    seed = params[0]
    full = list(g.state for g in walk(params))
    stop = int(where * (len(full) - 1))
    *_, g = walk(params, max_plies=stop)
    assert g.state == full[stop]
    c = g.copy()
    rng = random.Random(seed + 1)
    while not c.is_over:
        c.play(random_move(c, rng, 0.9))
    while c.ply:
        c.undo()
    assert g.state == full[stop]  # nothing the copy did reached the original
    assert c.state == full[0]


@given(games)
@settings(max_examples=4, deadline=None, derandomize=True)
def test_records_round_trip_at_every_point(params):
    for g in walk(params, max_plies=250):
        rec = g.to_record()
        again = Game.from_record(rec)
        assert again.to_record() == rec
        assert again.state == g.state


def _cards_in(value: object) -> Counter[Card]:
    if isinstance(value, Card):
        return Counter([value])
    if isinstance(value, (tuple, list)):
        out: Counter[Card] = Counter()
        for v in value:
            out += _cards_in(v)
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _cards_in([getattr(value, f.name) for f in dataclasses.fields(value)])
    return Counter()


@given(games)
@few
def test_a_player_view_holds_only_what_that_player_may_see(params):
    for g in walk(params):
        s = g.state
        for p in (0, 1):
            v = g.view(p)
            may_see = Counter(s.hands[p])
            may_see += Counter(pile[-1] for pile in s.payoffs if pile)
            may_see += Counter(c for side in (*s.sides[0], *s.sides[1]) for c in side)
            may_see += Counter(c for center in s.centers for c in center)
            assert _cards_in(v) == may_see
            assert v.hand == s.hands[p] and v.hand_sizes == (len(s.hands[0]), len(s.hands[1]))
            assert v.stock_count == len(s.stock) and v.payoff_counts == (len(s.payoffs[0]), len(s.payoffs[1]))
            assert not any(isinstance(getattr(v, f.name), (Game, GameState)) for f in dataclasses.fields(v))
            if p == s.current_player and not g.is_over:
                assert v.legal_moves() == g.legal_moves()
                assert all(v.why_illegal(m) is None for m in v.legal_moves())
            else:
                assert v.legal_moves() == []
            assert isinstance(v, PlayerView)

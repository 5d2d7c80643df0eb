"""The bots: legal moves only, deterministic, blind to hidden cards, and right where it is obvious."""

from __future__ import annotations

import random

import pytest
from bot_helpers import after, build_deck, make_view, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from spite_widget import Game, Move, PlayerView
from spite_widget.bots import BOT_NAMES, get_bot
from spite_widget.bots.expert import ExpertBot

LEVELS = ("greedy", "expert")


def play_turn(bot_name: str, view: PlayerView, reveal: str | None = None, limit: int = 12) -> list[Move]:
    """Let a bot play from `view` until it plays its pay-off card or ends the turn."""
    bot = get_bot(bot_name, seed=1)
    played: list[Move] = []
    for _ in range(limit):
        move = bot.choose(view)
        assert move in view.legal_moves()
        played.append(move)
        if move.ends_turn or move.source == "P":
            return played
        view = after(view, move)
    return played


# ---------------------------------------------------------------------- legal moves only
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_play_whole_games_with_legal_moves_only(name: str) -> None:
    games = 4 if name == "expert" else 12
    for seed in range(games):
        g = Game.new(seed=seed)
        bots = [get_bot(name, seed=seed), get_bot("random" if seed % 2 else name, seed=seed + 100)]
        while not g.is_over:
            p = g.current_player
            move = bots[p].choose(g.view(p))
            assert move in g.legal_moves(), (seed, g.ply, move)
            g.play(move)
        assert g.result is not None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 200), bot_seed=st.integers(0, 1000))
def test_every_bot_chooses_a_legal_move_in_random_positions(seed: int, plies: int, bot_seed: int) -> None:
    g = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if g.is_over:
            return
        g.play(rng.choice(g.legal_moves()))
    if g.is_over:
        return
    view = g.view(g.current_player)
    before = view
    for name in BOT_NAMES:
        bot = get_bot(name, seed=bot_seed)
        move = bot.choose(view)
        assert move in g.legal_moves()
        line = bot.explain()
        assert line and "\n" not in line
    assert view == before  # the view is a frozen snapshot; choosing must not change it


# ---------------------------------------------------------------------- determinism
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_are_deterministic_given_their_seed(name: str) -> None:
    def moves(seed: int) -> list[str]:
        g = Game.new(seed=11)
        bots = [get_bot(name, seed=seed), get_bot("greedy", seed=0)]
        out = []
        while not g.is_over and g.ply < 120:
            p = g.current_player
            m = bots[p].choose(g.view(p))
            out.append(str(m))
            g.play(m)
        return out

    assert moves(3) == moves(3)
    if name == "random":
        assert moves(3) != moves(4)


def test_expert_plans_the_same_from_the_same_view_whatever_came_before() -> None:
    """A hint asked for twice, or by a fresh bot, gives the same answer (until the bot has
    watched the opponent play a turn: then it knows them better, see test_opponent_model)."""
    g = Game.new(seed=5)
    for _ in range(30):
        g.play(get_bot("greedy", seed=0).choose(g.view(g.current_player)))
    view = g.view(g.current_player)
    warm = ExpertBot(seed=2)
    warm.choose(make_view(hand=["4c", "5d", "6s", "Tc", "Jd"], payoff="7h", centers=(3, 9, 0)))
    assert warm.choose(view) == ExpertBot(seed=2).choose(view)


# ---------------------------------------------------------------------- hidden information
def _reachable(root: object) -> list[object]:
    """Every object reachable from `root` through data (not through classes or modules)."""
    import gc
    import types

    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType)
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_bot_and_its_view_hold_no_path_to_the_game(name: str) -> None:
    from spite_widget import GameState

    g = Game.new(seed=8)
    for _ in range(25):
        g.play(get_bot("greedy", seed=1).choose(g.view(g.current_player)))
    p = g.current_player
    view = g.view(p)
    bot = get_bot(name, seed=1)
    bot.choose(view)
    secret = [g._stock, g._hands[1 - p], g._payoffs[0], g._payoffs[1], g]  # the engine's own piles
    for root in (view, bot):
        found = _reachable(root)
        assert not any(isinstance(o, (Game, GameState)) for o in found)
        ids = {id(o) for o in found}
        assert not any(id(s) in ids for s in secret)
    assert set(view.hand) <= set(g.state.hands[p])
    assert not hasattr(view, "stock") and not hasattr(view, "hands") and not hasattr(view, "payoffs")


@pytest.mark.parametrize("name", LEVELS)
def test_bots_refuse_anything_but_a_view(name: str) -> None:
    g = Game.new(seed=1)
    with pytest.raises(TypeError, match="PlayerView"):
        get_bot(name).choose(g)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PlayerView"):
        get_bot(name).choose(g.state)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_what_a_bot_cannot_see_does_not_change_its_move(name: str) -> None:
    """Two deals alike in everything player 0 sees, unlike in the other hand, stock and piles."""
    seen = dict(payoff_tops=(["6d"], ["9s"]), hands=(["3c", "4h", "5s", "Kd", "Tc"], []))
    g1 = new_game(build_deck(**seen, filler_seed=1))  # type: ignore[arg-type]
    g2 = new_game(build_deck(**seen, filler_seed=2))  # type: ignore[arg-type]
    assert g1.state.hands[1] != g2.state.hands[1] and g1.state.stock != g2.state.stock
    assert g1.view(0) == g2.view(0)
    b1, b2 = get_bot(name, seed=4), get_bot(name, seed=4)
    while g1.view(0) == g2.view(0) and g1.current_player == 0:
        m1, m2 = b1.choose(g1.view(0)), b2.choose(g2.view(0))
        assert m1 == m2 and b1.explain() == b2.explain()
        g1.play(m1)
        g2.play(m2)
    assert g1.ply > 0


# ---------------------------------------------------------------------- obvious right moves
@pytest.mark.parametrize("name", LEVELS)
def test_the_pay_off_card_playable_now_is_played(name: str) -> None:
    g = new_game(build_deck(payoff_tops=(["Ah"], ["Qs"]), hands=(["7c", "8d", "9h", "Tc", "Jd"], [])))
    assert get_bot(name, seed=0).choose(g.view(0)) == "P:Ah>C1"
    view = make_view(hand=["9c", "9d", "Jh", "3s", "Qc"], payoff="6d", centers=(5, 2, 0))
    bot = get_bot(name, seed=0)
    assert bot.choose(view) == "P:6d>C1"
    assert "6♦" in bot.explain()


@pytest.mark.parametrize("name", LEVELS)
def test_a_king_completes_the_stack_that_frees_the_pay_off_ace(name: str) -> None:
    # no center is empty, so the Ace waits until a King completes C1 (holding 11 cards)
    view = make_view(hand=["Kc", "9d", "9h", "6s", "3c"], payoff="Ah", centers=(11, 4, 7))
    assert play_turn(name, view) == ["H:Kc>C1", "P:Ah>C1"]
    # the same with the King on top of a side stack
    view = make_view(
        hand=["9d", "9h", "6s", "3c", "Tc"], payoff="As", centers=(4, 11, 7), sides=(["9c", "Kh"], [], [], [])
    )
    assert play_turn(name, view) == ["S1:Kh>C2", "P:As>C2"]


@pytest.mark.parametrize("name", LEVELS)
def test_a_chain_of_hand_cards_unlocks_the_pay_off_card(name: str) -> None:
    view = make_view(hand=["4c", "5d", "6s", "Tc", "Jd"], payoff="7h", centers=(3, 9, 0))
    played = play_turn(name, view)
    assert played[-1] == "P:7h>C1"
    assert {"H:4c>C1", "H:5d>C1", "H:6s>C1"} <= set(map(str, played))


@pytest.mark.parametrize("name", LEVELS)
def test_a_chain_through_a_side_stack_unlocks_the_pay_off_card(name: str) -> None:
    view = make_view(
        hand=["6h", "Qc", "Jd", "2c", "2d"],
        payoff="9s",
        centers=(5, 0, 10),
        sides=(["8c", "7d"], [], [], []),
        opp_payoff="4s",
    )
    played = play_turn(name, view)
    assert played[-1] == "P:9s>C1"
    chain = [str(m) for m in played if m.target == "C1"]
    assert chain == ["H:6h>C1", "S1:7d>C1", "S1:8c>C1", "P:9s>C1"]


def test_the_expert_plans_a_turn_that_one_move_lookahead_misses() -> None:
    # the 7 lies under a 9 on S1: only after 9♦ goes onto C2 can 5, 6, 7 carry C1 to the 8
    view = make_view(
        hand=["5h", "6s", "Qc", "Jd", "2c"], payoff="8d", centers=(4, 8, 1), sides=(["7c", "9d"], [], [], [])
    )
    played = play_turn("expert", view)
    assert played[-1] == "P:8d>C1"
    assert "S1:9d>C2" in played and "S1:7c>C1" in played
    assert play_turn("greedy", view)[-1].ends_turn  # greedy cannot see it


def test_the_expert_explains_its_plan_in_one_line() -> None:
    bot = get_bot("expert", seed=0)
    bot.choose(make_view(hand=["4c", "5d", "6s", "Tc", "Jd"], payoff="7h", centers=(3, 9, 0)))
    line = bot.explain()
    assert "7♥" in line and "pay-off" in line and "\n" not in line


def test_the_expert_does_not_open_the_way_for_the_opponents_pay_off_card() -> None:
    # playing 9♣ would leave C1 at 9, and the opponent's pay-off 10♠ would follow at once
    view = make_view(hand=["9c", "Qh", "Qd", "Jc", "Js"], payoff="3d", centers=(8, 6, 6), opp_payoff="Ts")
    bot = get_bot("expert", seed=0)
    move = bot.choose(view)
    assert move.ends_turn


def test_the_expert_replans_when_the_position_is_not_the_one_it_expected() -> None:
    bot = get_bot("expert", seed=0)
    chain = make_view(hand=["4c", "5d", "6s", "Tc", "Jd"], payoff="7h", centers=(3, 9, 0))
    assert bot.choose(chain) in chain.legal_moves()  # the plan for this turn is now cached
    other = make_view(hand=["9c", "9d", "Jh", "3s", "Qc"], payoff="6d", centers=(5, 2, 0))
    assert bot.choose(other) == "P:6d>C1"

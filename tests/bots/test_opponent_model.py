"""How the expert judges its opponent: what the opponent kept, how it plays, and the clock.

All of it from public cards: the opponent's pay-off top, side stacks, the centers it left
and how its pay-off pile shrank.
"""

from __future__ import annotations

import random

import pytest
from bot_helpers import after, make_view

from spite_widget import Game, Move, PlayerView
from spite_widget.bots import get_bot
from spite_widget.bots.expert import ExpertBot, Forecast, turn_style
from spite_widget.bots.plan import TurnSearch, Weights
from spite_widget.engine.cards import Card


def forecast(
    centers: list[int], top: str = "7s", count: int = 10, planner: float = 0.5, plain: float = 0.2
) -> Forecast:
    return Forecast(planner, plain, count, Card(top), centers, [0, 0, 0, 1])


# ---------------------------------------------------------------------- what a turn shows
def test_a_turn_without_center_cards_says_none() -> None:
    assert turn_style(forecast((3, 0, 9)), (3, 0, 9), 10, False) == "none"


def test_a_shrunk_pay_off_pile_says_paid() -> None:
    assert turn_style(forecast((3, 0, 9)), (7, 0, 9), 9, False) == "paid"


def test_cards_towards_the_pay_off_card_on_the_nearest_center_are_plain() -> None:
    # pay-off 7: C1 at 3 is nearest (needs 4, 5, 6); two cards bring it to 5
    assert turn_style(forecast((3, 0, 9)), (5, 0, 9), 10, False) == "plain"


def test_cards_on_a_center_away_from_the_pay_off_card_are_not_plain() -> None:
    # C3 at 9 needs Ten, Jack, Queen, then Ace to six before a 7 fits: not the nearest
    assert turn_style(forecast((3, 0, 9)), (3, 0, 10), 10, False) == "other"
    # playing past the pay-off card's rank on the nearest center is not plain either
    assert turn_style(forecast((3, 0, 9)), (8, 0, 9), 10, False) == "other"


def test_a_completed_center_counts_the_cards_through_the_restart() -> None:
    # pay-off 2: C3 at 10 is nearest (Jack, Queen, Ace); Jack and Queen complete it
    assert turn_style(forecast((5, 6, 10), top="2c"), (5, 6, 0), 10, False) == "plain"


# ---------------------------------------------------------------------- learning the opponent
def _learn_from(centers_now: tuple[int, int, int], odds: float) -> float:
    """The bot's odds after watching one opponent turn that left the centers at `centers_now`."""
    bot = ExpertBot(seed=0)
    bot.planner_odds = odds
    view = make_view(hand=["2c", "3c", "4c", "5c", "6c"], payoff="Qh", centers=centers_now, opp_payoff="7s")
    bot._forecast = Forecast(0.5, 0.2, view.payoff_counts[1], Card("7s"), (3, 0, 9), [0, 0, 0, 0])
    bot._learn(view)
    return bot.planner_odds


def test_a_card_played_away_from_the_pay_off_card_shows_a_planner() -> None:
    assert _learn_from((3, 0, 10), 0.1) > 0.6


def test_quiet_turns_lean_slowly_towards_a_one_step_player() -> None:
    odds = _learn_from((3, 0, 9), 0.5)
    assert 0.35 < odds < 0.5


def test_a_turn_that_did_not_end_as_the_bot_chose_teaches_nothing() -> None:
    bot = ExpertBot(seed=0)
    bot._forecast = Forecast(0.5, 0.2, 10, Card("7s"), (3, 0, 9), [0, 0, 0, 1])  # a discard on S4
    view = make_view(hand=["2c", "3c", "4c", "5c", "6c"], payoff="Qh", centers=(3, 0, 10), opp_payoff="7s")
    bot._learn(view)  # S4 is empty in this view: the hint's discard was not played
    assert bot.planner_odds == Weights().planner_odds


def _odds_after_a_game(opponent: str, seed: int) -> float:
    game = Game.new(seed=seed)
    expert = ExpertBot(seed=seed)
    other = get_bot(opponent, seed=seed + 1)
    while not game.is_over and game.ply < 400:
        p = game.current_player
        bot = expert if p == 0 else other
        game.play(bot.choose(game.view(p)), player=p)
    return expert.planner_odds


def test_the_expert_learns_that_greedy_plays_one_step_at_a_time() -> None:
    odds = [_odds_after_a_game("greedy", seed) for seed in range(3)]
    assert max(odds) < 0.2


def test_the_expert_knows_a_planning_opponent_from_greedy() -> None:
    planner = [_odds_after_a_game("expert", seed) for seed in range(3)]
    greedy = [_odds_after_a_game("greedy", seed) for seed in range(3)]
    assert sum(planner) / 3 > 2 * sum(greedy) / 3


# ---------------------------------------------------------------------- what the opponent kept
def test_kept_cards_that_could_have_paid_are_unlikely() -> None:
    # The opponent needs a 6 on C1 (at 5) for its pay-off 7. It left C1 at 5, so its four
    # kept cards hold no 6 (nor a King): only its one fresh card can bring the threat.
    view = make_view(hand=["Jc", "Jd", "Qc", "Qd", "2h"], payoff="Tc", centers=(5, 0, 0), opp_payoff="7s")
    knowing = TurnSearch(view, Weights(), random.Random(1), opp_centers=(5, 0, 0))
    naive = TurnSearch(view, Weights(kept_tries=1), random.Random(1), opp_centers=(5, 0, 0))
    assert knowing.threat_parts((5, 0, 0))[0] < 0.5 * naive.threat_parts((5, 0, 0))[0]


def test_a_one_step_player_is_less_of_a_threat_on_a_long_climb() -> None:
    # four cards to climb to the pay-off 7 from C1 at 2: a planner uses Kings anywhere, a
    # one-step player only for the last card
    view = make_view(hand=["Jc", "Jd", "Qc", "Qd", "2h"], payoff="Tc", centers=(2, 0, 0), opp_payoff="7s")
    search = TurnSearch(view, Weights(), random.Random(3))
    planner, plain = search.threat_parts((2, 0, 0))
    assert plain < planner


# ---------------------------------------------------------------------- the clock
@pytest.mark.parametrize(("stock", "cut"), [(40, False), (12, True)])
def test_a_looming_draw_makes_blocking_count_for_less(stock: int, cut: bool) -> None:
    view = make_view(
        hand=["Jc", "Jd", "Qc", "Qd", "2h"],
        payoff="Tc",
        opp_payoff="7s",
        payoff_count=15,
        opp_payoff_count=16,
        stock_count=stock,
    )
    search = TurnSearch(view, Weights(), random.Random(0), planner_odds=1.0)
    assert (search.threat_weight < Weights().opp_threat) == cut


def _threat_weight(opp_left: int, planner_odds: float, mine: int = 10) -> float:
    """How much the opponent's pay-off card weighs in a search, with `opp_left` cards in
    their pile (7♠ on top) and `mine` in ours, against a planner with these odds."""
    view = make_view(
        hand=["Jc", "Jd", "Qc", "Qd", "2h"],
        payoff="Tc",
        payoff_count=mine,
        opp_payoff="7s",
        opp_payoff_count=opp_left,
        stock_count=40,
    )
    return TurnSearch(view, Weights(), random.Random(0), planner_odds=planner_odds).threat_weight


def test_a_one_step_player_far_from_the_end_is_raced_not_blocked() -> None:
    """Blocking a hoarding one-step player mostly runs the stock dry (a draw); a planner, or
    anybody near the end of their pile, is still blocked."""
    assert _threat_weight(15, 0.05) < 0.1 * _threat_weight(15, 0.95)
    # their last card is the game, whoever they are
    assert _threat_weight(1, 0.05) > 10 * Weights().pay


def test_the_opponents_last_pay_off_cards_weigh_the_most() -> None:
    def weight(opp_left: int) -> float:
        return _threat_weight(opp_left, 1.0)

    assert weight(1) > weight(2) > weight(3) > weight(10) >= Weights().opp_threat
    assert weight(1) > 10 * Weights().pay  # their last card is the game


def test_the_expert_keeps_the_center_away_from_the_opponents_last_card() -> None:
    # C1 at 8 and a 9 in hand: playing it leaves C1 at 9, where the opponent's last pay-off
    # card, a Ten, fits (the game)
    view = make_view(
        hand=["9c", "Qh", "Qd", "Jc", "4s"],
        payoff="3d",
        centers=(8, 6, 6),
        opp_payoff="Ts",
        opp_payoff_count=1,
    )
    assert not any(str(m).startswith("H:9c>C") for m in _turn(view))


def _turn(view: PlayerView) -> list[Move]:
    """The expert's moves from `view` until it plays its pay-off card or ends the turn."""
    bot = ExpertBot(seed=0)
    played: list[Move] = []
    for _ in range(10):
        move = bot.choose(view)
        played.append(move)
        if move.ends_turn or move.source == "P":
            break
        view = after(view, move)
    return played


def test_a_one_step_player_far_ahead_is_blocked_more() -> None:
    """Racing a one-step player who leads by many pay-off cards mostly loses: the further
    behind, the more their pay-off card weighs (a draw beats a loss)."""

    def weight(mine: int) -> float:
        return _threat_weight(8, 0.05, mine)

    assert weight(4) == weight(8) < weight(12) < weight(16)


# ---------------------------------------------------------------------- sampling kept cards
def _sample_card_by_card(pool: list[int], king_bias: float, k: int, rng: random.Random) -> list[int]:
    """The kept cards drawn the plain way: one card at a time from the whole list."""
    deck = [r for r in range(1, 14) for _ in range(pool[r])]
    weights = [king_bias if r == 13 else 1.0 for r in deck]
    out: list[int] = []
    for _ in range(min(k, len(deck))):
        i = rng.choices(range(len(deck)), weights=weights)[0]
        out.append(deck.pop(i))
        del weights[i]
    return out


@pytest.mark.parametrize("seed", range(40))
def test_kept_cards_are_drawn_by_rank_exactly_as_card_by_card(seed: int) -> None:
    # the search draws them per rank for speed: the same cards from the same random numbers
    from spite_widget.bots.plan import _weighted_sample

    maker = random.Random(seed)
    pool = [0] + [maker.randrange(0, 9) for _ in range(13)]
    k = maker.randrange(0, 7)
    bias = float(maker.choice([1, 2, 4, 7]))
    weight = [bias if r == 13 else 1.0 for r in range(14)]
    a, b = random.Random(seed), random.Random(seed)
    assert _weighted_sample(pool, weight, k, a) == _sample_card_by_card(pool, bias, k, b)
    assert a.random() == b.random()  # and the generator is left in the same state

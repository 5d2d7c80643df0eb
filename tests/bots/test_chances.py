"""The expert plays for the win: its chances of winning, the race against the block, reviews."""

from __future__ import annotations

import math
import random

import pytest
from bot_helpers import after, build_deck, issue_view, make_view, new_game

from spite_widget import Game, Move, PlayerView
from spite_widget.bots import Chances, evaluate, get_bot
from spite_widget.bots.calibration import DRAW, LOSE, WIN, Position, decile_table
from spite_widget.bots.expert import ExpertBot
from spite_widget.bots.ladder import fit_elo
from spite_widget.bots.model import FEATURES, default_model
from spite_widget.bots.plan import HAND, PAY, TurnSearch, Weights, pays
from spite_widget.bots.review import mark_for


def _turn(bot: ExpertBot, view, limit: int = 12) -> list[str]:  # type: ignore[no-untyped-def]
    """The moves the bot plays until it ends its turn or plays its pay-off card."""
    played: list[str] = []
    for _ in range(limit):
        move = bot.choose(view)
        played.append(str(move))
        if move.ends_turn or move.source == "P":
            return played
        view = after(view, move)
    return played


def test_the_issue_example_plays_the_pay_off_card_after_the_king() -> None:
    """Issue 11: 10♣ on top, K♣ in hand, C3 at 8 cards: K♣ then 10♣ on C3 (not a block on S1)."""
    view = issue_view()
    played = _turn(ExpertBot(seed=0), view)
    assert played[-1] == "P:Tc>C3", played
    assert "H:Kc>C3" in played
    assert "%" in ExpertBot(seed=0).rate(view, Move.parse("H:7h>S1")).why


def test_it_plays_a_directly_playable_pay_off_card() -> None:
    view = make_view(hand=["9c", "Qh", "3d", "Jc", "Js"], payoff="7h", centers=(6, 2, 0))
    assert ExpertBot(seed=1).choose(view) == "P:7h>C1"


def test_it_races_when_the_opponent_is_far_but_blocks_their_last_card() -> None:
    """Playing the 5 onto C1 lets the opponent's 6 follow from their pay-off pile at once.

    With 15 pay-off cards still to go for them the race is worth more: play it. With their
    last card on top, the 6 on C1 is their win: keep it off.
    """

    def view(opp_left: int):  # type: ignore[no-untyped-def]
        return make_view(
            hand=["9c", "9d", "Jh", "Qd", "Td"],
            payoff="5h",
            payoff_count=10,
            centers=(4, 9, 2),
            opp_payoff="6s",
            opp_payoff_count=opp_left,
            stock_count=40,
        )

    assert ExpertBot(seed=0).choose(view(15)) == "P:5h>C1"
    assert ExpertBot(seed=0).choose(view(1)) != "P:5h>C1"


def test_a_review_never_marks_a_move_that_loses_nothing() -> None:
    # two stacks of the same size: 4♣ on either is the same move in all that matters
    view = make_view(hand=["4c", "8d", "Ts", "Jc", "Kd"], payoff="Qh", centers=(3, 3, 0))
    bot = ExpertBot(seed=0)
    a = bot.rate(view, Move.parse("H:4c>C1"))
    b = bot.rate(view, Move.parse("H:4c>C2"))
    assert a.loss == pytest.approx(b.loss, abs=1e-12)
    for rating in (a, b):
        if rating.loss == 0.0:
            assert mark_for(rating.loss) is None and rating.why == ""
    assert mark_for(0.0) is None and mark_for(0.029) is None
    assert mark_for(0.04) == "?!" and mark_for(0.08) == "?" and mark_for(0.2) == "??"


def test_a_missed_pay_off_card_is_told_in_chances() -> None:
    view = make_view(hand=["9c", "Qh", "3d", "Jc", "Js"], payoff="7h", centers=(6, 2, 0))
    rating = ExpertBot(seed=0).rate(view, Move.parse("H:9c>S1"))
    assert rating.best == "P:7h>C1" and rating.loss > 0.05
    assert rating.why.startswith("gives up ") and "of your chances" in rating.why and "7♥" in rating.why
    assert rating.best_chances is not None and rating.played_chances is not None
    assert rating.best_chances.win > rating.played_chances.win


def test_evaluate_gives_chances_from_the_view_only() -> None:
    game = Game.new(seed=4)
    for _ in range(30):
        game.play(get_bot("greedy", seed=1).choose(game.view(game.current_player)))
    for p in (0, 1):
        c = evaluate(game.view(p))
        assert isinstance(c, Chances)
        assert math.isclose(c.win + c.lose + c.draw, 1.0) and min(c.win, c.lose, c.draw) >= 0.0
    # the same view, the same answer
    assert evaluate(game.view(0)) == evaluate(game.view(0))


def test_evaluate_never_depends_on_hidden_cards() -> None:
    """Two deals that differ only in what player 0 cannot see give player 0 the same chances."""
    chosen = {"payoff_tops": (["7h"], ["Qs"]), "hands": (["Ac", "2d", "5s", "9h", "Kc"], [])}
    a = new_game(build_deck(**chosen, filler_seed=1))  # type: ignore[arg-type]
    b = new_game(build_deck(**chosen, filler_seed=2))  # type: ignore[arg-type]
    assert a.view(0) == b.view(0) and a.state != b.state
    assert evaluate(a.view(0)) == evaluate(b.view(0))


def test_a_finished_game_is_certain() -> None:
    game = Game.new(seed=2)
    bots = [get_bot("greedy", seed=0), get_bot("greedy", seed=1)]
    while not game.is_over:
        game.play(bots[game.current_player].choose(game.view(game.current_player)))
    for p in (0, 1):
        c = evaluate(game.view(p))
        if game.winner is None:
            assert c == Chances(0.0, 0.0, 1.0)
        else:
            assert c.win == (1.0 if game.winner == p else 0.0)


def test_the_shipped_model_values_pay_off_progress() -> None:
    """Fewer of my pay-off cards left is better, fewer of theirs is worse: the fit's sign checks."""
    m = default_model()
    assert len(m.win) == len(FEATURES) == len(m.lose)
    # a typical end of turn, then one pay-off card less on either side
    base = dict.fromkeys(FEATURES, 0.0) | {"bias": 1.0, "stock": 0.6, "pace": 0.6}

    def chances(my: int, op: int) -> Chances:
        x = base | {"my_left": my / 20, "opp_left": op / 20, "inv_my_left": 1 / my, "inv_opp_left": 1 / op}
        return m.chances([x[f] for f in FEATURES])

    assert chances(5, 10).win > chances(6, 10).win
    assert chances(10, 5).lose > chances(10, 6).lose


def test_decile_table_counts_and_averages() -> None:
    pos = [Position((), 0.05, LOSE, 0), Position((), 0.15, WIN, 0), Position((), 0.12, DRAW, 1)]
    rows = decile_table(pos)
    assert rows[0][3] == 1 and rows[0][2] == 0.0
    assert rows[1][3] == 2 and rows[1][1] == pytest.approx(0.135) and rows[1][2] == 0.5


def test_elo_orders_bots_by_results() -> None:
    games = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10 + [(1, 2, 0.5)] * 20
    elo = fit_elo(3, games)
    assert elo[0] > elo[1]
    assert elo[1] == pytest.approx(elo[2], abs=10.0)  # all drawn: level, but for the small prior
    assert sum(elo) / 3 == pytest.approx(1500.0)


@pytest.mark.parametrize(("planner_odds", "races"), [(0.05, True), (0.95, False)])
def test_it_races_a_one_step_player_far_from_the_end_but_blocks_a_planner(
    planner_odds: float, races: bool
) -> None:
    """5♣ and 6♦ on C1 bring its pay-off 8♥ one card away, and let the opponent's 7♠ follow.

    With 15 pay-off cards still to go for them, a one-step player (who hoards, so that
    blocking them mostly runs the stock dry) is raced; a player who plans is kept off.
    """
    view = make_view(
        hand=["5c", "6d", "9h", "Qs", "Jd"],
        payoff="8h",
        payoff_count=12,
        centers=(4, 9, 10),
        opp_payoff="7s",
        opp_payoff_count=15,
        stock_count=40,
    )
    bot = ExpertBot(seed=0)
    bot.planner_odds = planner_odds
    played = _turn(bot, view)
    assert ("H:6d>C1" in played) == races, played


def test_the_model_can_still_choose_the_lines_for_comparison() -> None:
    """`choose_by_model` scores lines by the model's chances (measured weaker; kept to rerun it)."""
    view = make_view(hand=["9c", "Qh", "3d", "Jc", "Js"], payoff="7h", centers=(6, 2, 0))
    bot = ExpertBot(seed=1, choose_by_model=True)
    assert bot.choose(view) == "P:7h>C1"
    plan = bot.last_plan
    search = bot._search
    assert plan is not None and plan.chances is not None and search is not None
    # it scores by the chances its choices weigh (the choice map); it tells them by the line map
    assert plan.value == pytest.approx(1000 * search.end_of(plan.steps, "choice")[0].score)
    assert plan.chances == search.end_of(plan.steps)[0]


def _behind_in_a_race() -> PlayerView:
    """From a game v greedy: Q♥ fits C3 now, but completing C3 clears a center for the
    opponent's 2♠ (an Ace starts it): the search's scores would rather block with 2♠ on S2."""
    return make_view(
        hand=["7s", "5h", "7h", "3s", "2s"],
        payoff="Qh",
        payoff_count=3,
        centers=(10, 5, 11),
        sides=(["Tc", "9s", "5c", "4d", "2d", "2c"], ["9d", "7d", "6c", "3h"], ["Th", "8c"], []),
        opp_payoff="2s",
        opp_payoff_count=5,
        opp_sides=(
            ["Ts", "8h", "7d", "3d", "3s", "3h", "Ah", "Ah", "As"],
            ["Qc", "8h", "5d", "4c", "4s"],
            ["9d", "6d", "6h", "Js"],
            ["8d", "Qs", "Qc", "Qs", "Qh", "Js", "Td", "8s", "7h", "5s"],
        ),
        stock_count=21,
    )


def test_the_pay_check_plays_the_pay_off_card_when_the_model_says_the_block_is_worth_less() -> None:
    view = _behind_in_a_race()
    blocking = ExpertBot(seed=0, weights=Weights(pay_check=None))  # the scores alone
    assert blocking.choose(view) == "H:2s>S2"
    checked = ExpertBot(seed=0)
    assert checked.choose(view) == "P:Qh>C3"
    assert checked.last_plan is not None and blocking.last_plan is not None
    assert checked.last_plan.chances is not None and blocking.last_plan.chances is not None
    assert checked.last_plan.chances.score > blocking.last_plan.chances.score
    # a review judges by the same rule: the block gives chances away, the pay-off card none
    block = ExpertBot(seed=0).rate(view, Move.parse("H:2s>S2"))
    assert block.best == "P:Qh>C3" and block.loss > 0.05
    assert "Q♥ could have been played" in block.why
    assert ExpertBot(seed=0).rate(view, Move.parse("P:Qh>C3")).loss == 0.0


def test_the_paying_line_is_searched_apart_and_the_block_kept_when_it_is_worth_more() -> None:
    """9♣ then 10♣ on C1 plays the pay-off card, but leaves C1 at 10 for the opponent's last
    card, J♠: the game. Both the scores and the model keep it off."""
    view = make_view(
        hand=["9c", "3h", "3d", "5c", "4s"],
        payoff="Tc",
        payoff_count=6,
        centers=(8, 6, 6),
        opp_payoff="Js",
        opp_payoff_count=1,
        stock_count=40,
    )
    bot = ExpertBot(seed=0)
    search = TurnSearch(view, bot.weights, random.Random(0), planner_odds=0.5, model=bot.model)
    plan = search.run()
    assert not pays(plan.steps)
    paying = search.paying_line()
    assert paying is not None
    assert paying[1] == ((HAND, 9, 0), (PAY, 0, 0))
    assert search.end_of(paying[1])[0].lose > search.end_of(plan.steps)[0].lose
    assert search.run().steps == plan.steps  # the memo set aside comes back as it was
    assert ExpertBot(seed=0).choose(view) != "H:9c>C1"


def test_the_pay_check_skips_its_search_only_when_no_line_reaches_the_pay_off_card() -> None:
    """After a whole-turn search that met no position where the pay-off card fits, the paying
    line is known to be missing without a second search; everywhere else it is searched."""
    game = Game.new(seed=12)
    bots = [ExpertBot(seed=0), ExpertBot(seed=1)]
    skipped = searched = 0
    while not game.is_over and game.ply < 150:
        view = game.view(game.current_player)
        bot = bots[game.current_player]
        search = TurnSearch(view, bot.weights, random.Random(game.ply), planner_odds=0.5, model=bot.model)
        search.run()
        quick = search.paying_line()
        search.searched = False  # the same question, searched in full
        full = search.paying_line()
        assert quick == full
        if search.pay_seen:
            searched += 1
        else:
            skipped += 1
        game.play(bot.choose(view))
    assert skipped > 0 and searched > 0  # both paths were taken

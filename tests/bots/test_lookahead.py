"""The expert's look-ahead over the opponent's reply (bots/lookahead.py).

Where the turn ends with a discard, the expert plays its few best turn-ending lines on in
worlds dealt from its own view and keeps the one that leaves it the best chances. These
tests pin what a player relies on: it chooses among real lines of the search, it plays
the same way for the same view, a review never marks the move it chose, and a made-up
position that two packs cannot deal is left to the scores.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from bot_helpers import make_view

from spite_widget import Card, Game, Move, PlayerView
from spite_widget.bots.expert import ExpertBot, _to_move, _to_step, compared_lines, evaluate
from spite_widget.bots.greedy import GreedyBot
from spite_widget.bots.lookahead import reply_values
from spite_widget.bots.plan import DISCARD, PAY, Plan, SearchLimit, TurnSearch, Weights, pays
from spite_widget.engine.cards import RANK_OF
from spite_widget.engine.position import unseen_cards

SCORES_ONLY = dataclasses.replace(Weights(), reply_lines=0)


def _turn_starts(seed: int, plies: int = 240) -> list[PlayerView]:
    """The expert's view at the start of each of its turns in a game against greedy."""
    g = Game.new(seed=seed)
    bots = [ExpertBot(seed=seed), GreedyBot(seed=seed)]
    starts: list[PlayerView] = []
    last = -1
    while not g.is_over and g.ply < plies:
        p = g.current_player
        view = g.view(p)
        if p == 0 and last != 0:
            starts.append(view)
        last = p
        g.play(bots[p].choose(view))
    return starts


def _both(view: PlayerView, seed: int = 3) -> tuple[Plan, Plan, TurnSearch]:
    """The expert's plan with and without the look-ahead, and the search both came from."""
    looking = ExpertBot(seed=seed)
    plan = looking.plan(view)
    search = looking._search
    assert search is not None
    return plan, ExpertBot(seed=seed, weights=SCORES_ONLY).plan(view), search


def test_the_look_ahead_overrules_the_scores_only_for_close_lines_that_end_the_turn() -> None:
    changed = 0
    for view in _turn_starts(11):
        plan, scores, search = _both(view)
        assert plan.steps, "a plan for every turn"
        if plan.steps == scores.steps:
            continue
        changed += 1
        # the scores' choice ended the turn without paying, and so does the look-ahead's
        assert scores.steps[-1][0] == DISCARD and not pays(scores.steps)
        assert plan.steps[-1][0] == DISCARD and not pays(plan.steps)
        # within the margin of the best score, and scored as the search scores it
        assert plan.value >= scores.value - Weights().reply_margin
        assert plan.value <= scores.value
        # every move of the chosen line is legal in turn (it draws nothing before its discard)
        world = Game.from_state(view, seed=0)
        for step in plan.steps:
            move = _to_move(world.view(view.player), step)
            assert move is not None and move in world.legal_moves()
            world.play(move)
        # the chances told are those where the chosen line ends
        assert plan.chances == search.end_of(plan.steps)[0]
        # one of the lines compared (what benchmarks/losses.py asks of its hindsight, too)
        compared = compared_lines(ExpertBot(seed=3).ending_lines(view, search, scores), Weights())
        assert scores.steps in compared and plan.steps in compared
        assert 2 <= len(compared) <= Weights().reply_lines
    assert changed >= 3, f"the look-ahead changed only {changed} turns of a whole game"


def test_the_look_ahead_plays_the_same_way_for_the_same_view() -> None:
    for view in _turn_starts(5, plies=120)[:12]:
        assert ExpertBot(seed=9).plan(view).steps == ExpertBot(seed=9).plan(view).steps


def test_a_review_never_marks_the_move_the_look_ahead_chose() -> None:
    rated = 0
    for view in _turn_starts(11):
        plan, scores, _search = _both(view, seed=0)
        if plan.steps == scores.steps:
            continue
        chosen = _to_move(view, plan.steps[0])
        assert chosen is not None
        rating = ExpertBot(seed=0).rate(view, chosen)
        assert rating.loss == 0.0 and rating.why == "", rating
        rated += 1
    assert rated >= 1


def test_other_discards_score_the_plans_own_end_as_the_search_did() -> None:
    for view in _turn_starts(7, plies=160):
        bot = ExpertBot(seed=1, weights=SCORES_ONLY)
        plan = bot.plan(view)
        search = bot._search
        assert search is not None
        if not plan.steps or plan.steps[-1][0] != DISCARD or pays(plan.steps):
            continue
        others = dict((path, value) for value, path in search.other_discards(plan.steps))
        assert plan.steps in others
        assert abs(others[plan.steps] - plan.value) < 1e-6
        # the search kept the best way to end the turn there
        assert max(others.values()) <= plan.value + 1e-6


def test_a_position_two_packs_cannot_deal_is_left_to_the_scores() -> None:
    view = make_view(hand=["5h", "9c", "7h", "8d", "6s"], payoff="Tc", stock_count=30)
    with pytest.raises(ValueError, match="does not fit two packs"):
        Game.from_state(view, seed=0)
    plan = ExpertBot(seed=2).plan(view)
    assert plan.steps[-1][0] == DISCARD
    assert plan.steps == ExpertBot(seed=2, weights=SCORES_ONLY).plan(view).steps


def test_a_budget_that_stops_after_some_worlds_judges_every_line_on_those_worlds_alone() -> None:
    view = next(v for v in _turn_starts(11) if len(v.legal_moves()) > 6)
    bot = ExpertBot(seed=4)
    search = TurnSearch(view, Weights(), bot._turn_rng(view))
    lines = [search.line_after(_to_step(m))[1] for m in view.legal_moves() if m.target.startswith("S")][:3]
    assert len(lines) >= 2
    seeds = [11, 22, 33, 44, 55]
    helper = ExpertBot(seed=0, weights=dataclasses.replace(Weights(), reply_lines=0))

    def judge(v: PlayerView) -> float:
        return evaluate(v, helper).score

    asked: list[int] = []

    def enough(worlds: int) -> bool:
        asked.append(worlds)
        return worlds >= 2

    stopped = reply_values(view, lines, seeds, _to_move, lambda i: GreedyBot(seeds[i]), judge, enough)
    assert asked == [1, 2], "asked after each whole world, and no world dealt once it said enough"
    assert stopped == reply_values(view, lines, seeds[:2], _to_move, lambda i: GreedyBot(seeds[i]), judge)
    every = reply_values(view, lines, seeds, _to_move, lambda i: GreedyBot(seeds[i]), judge, lambda n: False)
    assert every == reply_values(view, lines, seeds, _to_move, lambda i: GreedyBot(seeds[i]), judge)
    assert every != stopped, "five worlds tell the lines apart differently from two"


def test_the_expert_s_budget_deals_at_least_its_minimum_and_at_most_its_samples() -> None:
    for view in _turn_starts(5, plies=120)[:10]:
        tight = dataclasses.replace(Weights(), reply_samples=9, reply_budget=1.0, reply_min_samples=2)
        just_two = dataclasses.replace(Weights(), reply_samples=2, reply_budget=0.0)
        assert (
            ExpertBot(seed=9, weights=tight).plan(view).steps
            == ExpertBot(seed=9, weights=just_two).plan(view).steps
        )
        loose = dataclasses.replace(Weights(), reply_samples=9, reply_budget=1e12)
        all_nine = dataclasses.replace(Weights(), reply_samples=9, reply_budget=0.0)
        assert (
            ExpertBot(seed=9, weights=loose).plan(view).steps
            == ExpertBot(seed=9, weights=all_nine).plan(view).steps
        )


def test_the_expert_counts_the_work_of_its_searches() -> None:
    view = _turn_starts(5, plies=40)[1]
    bot = ExpertBot(seed=3, weights=SCORES_ONLY)
    plan = bot.plan(view)
    assert bot.work == plan.nodes + Weights().search_cost
    evaluate(view, bot)
    assert bot.work > plan.nodes + Weights().search_cost


def test_a_world_cut_by_a_search_limit_counts_for_no_line_and_ends_the_dealing() -> None:
    view = next(v for v in _turn_starts(11) if len(v.legal_moves()) > 6)
    search = TurnSearch(view, Weights(), ExpertBot(seed=4)._turn_rng(view))
    lines = [search.line_after(_to_step(m))[1] for m in view.legal_moves() if m.target.startswith("S")][:3]
    assert len(lines) >= 2
    seeds = [11, 22, 33, 44, 55]
    helper = ExpertBot(seed=0, weights=SCORES_ONLY)

    def judge(v: PlayerView) -> float:
        return evaluate(v, helper).score

    def planner(i: int) -> ExpertBot:
        bot = ExpertBot(seeds[i], weights=SCORES_ONLY, model=False)
        if i == 2:
            bot.work_limit = 0.0  # its first search passes the limit
        return bot

    assert reply_values(view, lines, seeds, _to_move, planner, judge) == reply_values(
        view, lines, seeds[:2], _to_move, planner, judge
    ), "the cut world counts for no line (not even those played before the cut), and no world follows"
    assert reply_values(view, lines, seeds[2:], _to_move, lambda i: planner(i + 2), judge) == [None] * len(
        lines
    )


def test_a_search_past_its_node_limit_raises_and_one_within_it_plays_as_without() -> None:
    view = next(
        v for v in _turn_starts(5, plies=60) if ExpertBot(seed=3, weights=SCORES_ONLY).plan(v).nodes > 20
    )
    plan = ExpertBot(seed=3, weights=SCORES_ONLY, model=False).plan(view)
    tight = ExpertBot(seed=3, weights=SCORES_ONLY, model=False)
    tight.work_limit = 10.0 + Weights().search_cost
    with pytest.raises(SearchLimit):
        tight.plan(view)
    roomy = ExpertBot(seed=3, weights=SCORES_ONLY, model=False)
    roomy.work_limit = plan.nodes + Weights().search_cost
    assert roomy.plan(view) == plan


def test_only_a_one_step_opponent_s_costly_planning_worlds_are_cut() -> None:
    never = dataclasses.replace(Weights(), reply_cut_odds=0.0)
    cut = 0
    for view in _turn_starts(5, plies=60):
        for odds in (0.05, 0.6):
            bots = [ExpertBot(seed=1), ExpertBot(seed=1, weights=never)]
            for bot in bots:
                bot.planner_odds = odds
            plans = [bot.plan(view) for bot in bots]
            if odds >= Weights().reply_cut_odds:
                assert plans[0] == plans[1], "a likely planner's worlds are never cut"
            else:
                assert bots[0].reply_counts[2] <= bots[1].reply_counts[2]
                cut += bots[0].reply_counts[2] < bots[1].reply_counts[2]
    assert cut >= 1, "a turn against a one-step player met a planning world dearer than the budget (ply 58)"


def test_a_world_the_opponent_wins_counts_what_a_loss_is_weighed_at() -> None:
    # the opponent's last pay-off card is an Ace and every center is empty: whatever we
    # discard, their reply plays it and wins, in every world
    view = make_view(
        hand=["5h", "7h", "9h", "Jh", "Qh"],
        payoff="8s",
        opp_payoff="Ac",
        opp_payoff_count=1,
        stock_count=84,  # with the pay-off piles and the other hand, every unseen card
    )
    lines = [[(DISCARD, 5, 0)], [(DISCARD, 7, 1)]]
    seeds = [1, 2, 3]

    def judge(v: PlayerView) -> float:
        raise AssertionError("a finished game is not judged by the model")

    def greedy(i: int) -> GreedyBot:
        return GreedyBot(seeds[i])

    assert reply_values(view, lines, seeds, _to_move, greedy, judge) == [-1.0, -1.0]
    assert reply_values(view, lines, seeds, _to_move, greedy, judge, lost=-3.0) == [-3.0, -3.0]


def test_a_line_that_pays_is_played_to_the_end_of_the_turn_before_the_reply_is_judged() -> None:
    # our pay-off card is an Ace: the line plays it and stops, as a plan stops at the unseen
    # next top; the finisher plays the rest of our turn in each world, then the reply comes
    view = make_view(hand=["5h", "7h", "9h", "Jh", "Qh"], payoff="Ac", stock_count=75)  # every card
    seen: list[PlayerView] = []

    def judge(v: PlayerView) -> float:
        seen.append(v)
        return 0.0

    def greedy(i: int) -> GreedyBot:
        return GreedyBot(i)

    def finisher(i: int) -> ExpertBot:
        return ExpertBot(i, weights=SCORES_ONLY, model=False)

    line = [(PAY, 0, 0)]
    assert reply_values(view, [line], [1, 2, 3], _to_move, greedy, judge, finisher=finisher) == [0.0]
    assert len(seen) == 3
    for v in seen:
        assert v.current_player == 0 and v.payoff_counts[0] <= 9
        assert sum(len(s) for s in v.sides[0]) >= 1, "our turn ended with a discard"
        assert v.ply > view.ply + 2, "the opponent's reply was played"
    seen.clear()
    reply_values(view, [line], [1], _to_move, greedy, judge)
    assert seen[0].ply == view.ply + 1, "without a finisher the world is judged where the line stops"


def test_with_reply_pays_the_look_ahead_also_settles_turns_that_pay() -> None:
    paying = dataclasses.replace(Weights(), reply_pays=True)
    looked = checked = 0
    for view in _turn_starts(11, plies=120):
        bot = ExpertBot(seed=3, weights=paying)
        plan = bot.plan(view)
        search = bot._search
        assert search is not None
        if bot.reply_counts[0] and pays(plan.steps):
            looked += 1
            default = ExpertBot(seed=3)
            if pays(default.plan(view).steps):
                assert default.reply_counts[0] == 0, "off (the default), a plan that pays is never looked at"
                checked += 1
        ends = dict(bot.ending_lines(view, search, ExpertBot(seed=3, weights=SCORES_ONLY).plan(view)))
        if bot.reply_counts[1]:
            assert plan.steps in ends, "the look-ahead chooses among the search's own lines"
    assert looked >= 1 and checked >= 1, "some turn that pays was compared by playing on"


def test_each_world_holds_the_other_hand_it_is_given() -> None:
    view = _turn_starts(11, plies=40)[-1]
    other = view.opponent
    hidden = unseen_cards(view)
    guesses = [tuple(hidden[i : i + view.hand_sizes[other]]) for i in (0, 7, 20)]
    held: list[tuple[Card, ...]] = []

    class Recording(GreedyBot):
        """Greedy, noting the hand it starts its reply with."""

        first = True

        def choose(self, v: PlayerView) -> Move:
            if self.first:
                held.append(v.hand)
                self.first = False
            return super().choose(v)

    def opponent(i: int) -> GreedyBot:
        return Recording(i)

    line = [_to_step(m) for m in view.legal_moves() if m.target.startswith("S")][:1]
    values = reply_values(
        view, [line], [1, 2, 3], _to_move, opponent, lambda v: 0.0, hands=lambda i: guesses[i]
    )
    assert values == [0.0] and len(held) == 3
    for guess, hand in zip(guesses, held, strict=True):
        assert not Counter(guess) - Counter(hand), "the reply starts from the guessed hand (and its draw)"


def test_the_guessed_hand_seldom_holds_cards_that_could_have_paid() -> None:
    # a player who could have played their pay-off card would have: the guess knows it,
    # where a hand dealt at random from the unseen cards does not
    guessed = dealt = tries = 0
    for view in _turn_starts(11, plies=160):
        search = TurnSearch(view, Weights(), random.Random(1))
        if search._kept is None or not search._kept[2]:
            continue  # no condition: their pay-off card was out of reach whatever they held
        _urn, n, _condition, _could, left = search._kept
        rng = random.Random(2)
        unseen = [RANK_OF[c] for c in unseen_cards(view)]
        for _ in range(20):
            ranks = search.kept_cards(rng)
            assert len(ranks) == n
            tries += 1
            guessed += search._could_have_paid(ranks, left)
            dealt += search._could_have_paid(rng.sample(unseen, n), left)
    assert tries >= 100 and dealt >= 10, "turns where a random hand could have paid"
    assert guessed * 5 <= dealt, (guessed, dealt, tries)

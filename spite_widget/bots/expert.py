"""The strongest level: plans the whole turn, then plays the plan one move at a time.

`choose` is called once per move. The bot searches the turn once (see `plan.py`), keeps
the line it found together with the position it expects after each move, and replays it
while the view matches. Any surprise — a new pay-off top, five fresh cards after the hand
was emptied, or a human who took a hint and then played something else — means the next
view differs from the expected one, and the bot plans again from what it now sees.

When the plan ends the turn with a discard, the few best turn-ending lines are compared
by the look-ahead over the opponent's reply (`lookahead.py`) before one is played.
"""

from __future__ import annotations

import dataclasses
import math
import random
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from typing import Final, Literal, NamedTuple

from ..engine.cards import RANK_OF, STACK_COMPLETE, Card
from ..engine.i18n import N_, _, ngettext
from ..engine.moves import Move
from ..engine.narrate import to_the_mover
from ..engine.position import unseen_cards
from ..engine.rules import HAND_SIZE, SIZE_AFTER
from ..engine.state import PlayerView
from .base import Bot, require_turn
from .greedy import GreedyBot
from .lookahead import reply_values
from .model import Chances, EvalModel, Leaf, default_model
from .plan import DISCARD, HAND, PAY, SIDE, WIN, Path, Plan, SearchLimit, Step, TurnSearch, Weights, pays
from .sim import needed_ranks

Expect = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, int, int], int]


def view_key(view: PlayerView) -> Expect:
    """What the plan depends on: ply, hand ranks, own side heights, center sizes, pay-off count."""
    me = view.player
    hand = tuple(sorted(RANK_OF[c] for c in view.hand))
    heights = tuple(len(s) for s in view.sides[me])
    c = view.centers
    return (view.ply, hand, heights, (len(c[0]), len(c[1]), len(c[2])), view.payoff_counts[me])


def _advance(key: Expect, step: Step, hand_rank: int) -> Expect:
    """The key expected after one step of a plan (a deterministic step: no new cards seen)."""
    ply, hand, heights, centers, pay = key
    kind, a, b = step
    if kind in (DISCARD, HAND):
        h = list(hand)
        h.remove(hand_rank)
        hand = tuple(h)
    if kind == SIDE:
        heights = (*heights[:a], heights[a] - 1, *heights[a + 1 :])
    if kind == DISCARD:
        heights = (*heights[:b], heights[b] + 1, *heights[b + 1 :])
    else:
        c = list(centers)
        c[b] = SIZE_AFTER[c[b]]
        centers = (c[0], c[1], c[2])
    if kind == PAY:
        pay -= 1
    return (ply + 1, hand, heights, centers, pay)


@dataclass(frozen=True, slots=True)
class Forecast:
    """What the expert expected of the opponent's next turn when it ended its own."""

    planner: float
    """Their chance to play their pay-off card if they plan whole turns."""
    plain: float
    """... and if they play one step at a time towards their pay-off card."""
    payoff_count: int
    payoff_top: Card | None
    centers: tuple[int, int, int]
    """Center sizes as the turn passed to them."""
    own_sides: list[int]
    """The expert's own side-stack heights after its discard (to know the turn ended as chosen)."""


STYLE_LIKELIHOOD: Final = {"none": (0.7, 0.82), "plain": (0.05, 0.10), "other": (0.18, 0.005)}
"""How often a planning player and a one-step-at-a-time player leave each kind of turn
(planner, plain), among turns without a pay-off card; counted over expert v greedy games.
"other" (cards played to a center away from the pay-off card) all but rules a plain player out."""


def turn_style(
    forecast: Forecast, centers: tuple[int, int, int], payoff_count: int, kings_start_stacks: bool
) -> str:
    """How the opponent used the centers in the turn that just passed, from public cards only.

    "paid": their pay-off pile shrank; "none": no card went to a center; "plain": cards went
    only onto a center nearest their pay-off card, each bringing it closer; "other": anything else.
    """
    top = forecast.payoff_top
    if top is None or payoff_count != forecast.payoff_count:
        return "paid"
    before = forecast.centers
    changed = [i for i in range(3) if centers[i] != before[i]]
    if not changed:
        return "none"
    target = RANK_OF[top]
    dist = [len(needed_ranks(b, target, kings_start_stacks) or ()) for b in before]
    nearest = min(dist)
    for i in changed:
        b, a = before[i], centers[i]
        added = a - b if a > b else STACK_COMPLETE - b + a
        if dist[i] != nearest or added >= dist[i]:
            return "other"
    return "plain"


def _looked_at(path: Path, reply_pays: bool) -> bool:
    """Does `path` stop where the look-ahead may compare it: a discard that does not pay,
    or (with `Weights.reply_pays`) its pay-off card too?"""
    if not path:
        return False
    if reply_pays:
        return path[-1][0] in (DISCARD, PAY)
    return path[-1][0] == DISCARD and not pays(path)


MAX_LOSS = 20.0
"""With the old hand-tuned scores (no model): a won game's value in a rating, in pay-off
cards (a whole pile); other values are clamped to +-MAX_LOSS."""


@dataclass(frozen=True, slots=True)
class MoveRating:
    """How a move compares with the expert's choice in the same position (for annotating games)."""

    played: Move
    """The move that was played."""
    best: Move
    """The expert's choice in this position."""
    played_value: float
    """The value of the best plan for the rest of the turn that starts with `played`: the
    chance of winning minus the chance of losing where that plan ends (-1..1)."""
    best_value: float
    """The same for the expert's best plan. When both lines end the turn among those the
    look-ahead compares, and it gives away less by the look-ahead, both values are the
    look-ahead's instead: win minus lose after the opponent's reply, averaged over its
    sampled worlds."""
    loss: float
    """best_value - played_value, >= 0: the share of the game's chances the move gives away
    (0.12: "gives up 12% of your chances"). In pay-off cards when the bot has no model."""
    why: str
    """One short line saying why `best` is better, or "" when `played` is as good."""
    played_chances: Chances | None = None
    """(win, lose, draw) after the best plan that starts with `played`, as a review stores
    them (`EvalModel.review_map`; None without a model)."""
    best_chances: Chances | None = None
    """... and after the expert's best plan."""


class ExpertBot(Bot):
    """Searches every sequence of moves in its turn and plays the best line."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        weights: Weights | None = None,
        model: EvalModel | Literal[False] | None = None,
        choose_by_model: bool = False,
    ) -> None:
        super().__init__(seed)
        self.weights = weights if weights is not None else Weights()
        """The search's scores and the opponent model's settings."""
        self.model: EvalModel | None = default_model() if model is None else (model or None)
        """Tells the chances of winning where each line ends (False: no chances)."""
        self.choose_by_model = choose_by_model
        """Choose lines by the model's chances instead of the hand-tuned scores (measured
        weaker: kept to rerun the comparison)."""
        self.log: list[tuple[int, int, Leaf]] | None = None
        """When a list, each plan appends (ply, player, the model's inputs at its end): for fitting."""
        self._steps: list[Step] = []
        self._expect: Expect | None = None
        self._last_ply = -2
        self._turn_centers: tuple[int, int, int] | None = None
        self._search: TurnSearch | None = None
        self._forecast: Forecast | None = None
        self.planner_odds = self.weights.planner_odds
        """How likely the opponent plans whole turns rather than playing one step at a time:
        learnt during the game from whether they play their pay-off card when each model
        said they could (starts at `Weights.planner_odds`)."""
        self.last_plan: Plan | None = None
        """The most recent plan (for benchmarks and teaching tools)."""
        self._helper: ExpertBot | None = None
        self.work = 0.0
        """What this bot's turn searches have cost: the positions searched, and
        `Weights.search_cost` more for each search (its sampling). The look-ahead's budget
        counts it, on its opponents in the sampled worlds and on its judge."""
        self.work_limit: float | None = None
        """When set, the most `work` may reach: a search that would pass it raises
        `SearchLimit` (the look-ahead's planning replies, see `Weights.reply_cut_odds`)."""
        self.reply_counts = [0, 0, 0]
        """Plans in which the look-ahead compared lines, those in which it changed the
        scores' choice, and the worlds it dealt in them (for benchmarks)."""

    def choose(self, view: PlayerView) -> Move:
        moves = require_turn(view)
        if view.ply != self._last_ply + 1:  # a new turn: the centers are as the opponent left them
            self._turn_centers = _center_sizes(view)
            self._learn(view)
        self._last_ply = view.ply
        key = view_key(view)
        if not self._steps or key != self._expect:
            self._replan(view)
        if not self._steps:  # nothing searched (cannot happen with a legal move left); stay legal
            self._why = lambda: _("no plan found; plays the first legal move")
            return moves[0]
        step = self._steps.pop(0)
        move = _to_move(view, step)
        if move is None or move not in moves:  # a plan that no longer fits: never play it
            self._replan(view)
            step = self._steps.pop(0)
            move = _to_move(view, step)
            if move is None or move not in moves:
                self._steps = []
                self._why = lambda: _("no plan fits this position; plays the first legal move")
                return moves[0]
        self._expect = _advance(key, step, RANK_OF[move.card])
        if self.last_plan is not None:  # the plan from here on, told from this view
            rest = dataclasses.replace(self.last_plan, steps=(step, *self._steps))
            self._why = partial(describe_plan, view, rest)
        if move.ends_turn and self._search is not None:
            centers = _center_sizes(view)  # a discard leaves them as they are
            planner, plain = self._search.threat_parts(centers)
            opp = view.opponent
            sides = [len(x) for x in view.sides[view.player]]
            sides[move.target_index] += 1
            self._forecast = Forecast(
                planner,
                plain,
                view.payoff_counts[opp],
                view.payoff_tops[opp],
                centers,
                sides,
            )
        return move

    def advise(self, view: PlayerView) -> Move:
        """The move a review of this position measures every other move against (`explain()`
        then says why): the turn searched afresh from `view`, as `rate` searches it, with no
        plan kept from earlier in the turn. A bot with the reviewer's seed (0, as
        `annotate_with_bot` makes it) that only advises never suggests a move its review
        marks: the Hint and the review are one judgement. (`choose` plays on the plan it made
        at the turn's start and learns from the opponent's turns, so it may differ.)"""
        moves = require_turn(view)
        plan = self.plan(view)
        self.last_plan = plan
        move = _to_move(view, plan.steps[0]) if plan.steps else None
        if move is None or move not in moves:  # cannot happen with a legal move left; stay legal
            self._why = lambda: _("no plan found; plays the first legal move")
            return moves[0]
        self._why = partial(describe_plan, view, plan)
        return move

    def _learn(self, view: PlayerView) -> None:
        """Weigh the two opponent models by how the opponent's last turn went (Bayes' rule).

        Two things are seen: whether they played their pay-off card when each model gave
        them a chance, and how they used the centers otherwise (see `turn_style`).
        """
        forecast, self._forecast = self._forecast, None
        if forecast is None or view.ply == 0:
            return
        if [len(x) for x in view.sides[view.player]] != forecast.own_sides:
            return  # the turn did not end as this bot chose (a hint that was not taken)
        opp = view.opponent
        style = turn_style(
            forecast, _center_sizes(view), view.payoff_counts[opp], view.rules.kings_start_stacks
        )
        if style == "paid":
            lo, hi = 0.03, 0.97  # nobody is that sure of a sampled guess
            like_planner = min(hi, max(lo, forecast.planner))
            like_plain = min(hi, max(lo, forecast.plain))
        else:
            like_planner, like_plain = STYLE_LIKELIHOOD[style]
        q = self.planner_odds
        q = q * like_planner / (q * like_planner + (1.0 - q) * like_plain)
        floor = self.weights.planner_floor
        self.planner_odds = min(1.0 - floor, max(floor, q))

    def plan(self, view: PlayerView) -> Plan:
        """Search the turn from `view` without playing it (used by hints and benchmarks)."""
        require_turn(view)
        limit = None
        if self.work_limit is not None:
            limit = int(self.work_limit - self.work - self.weights.search_cost)
            if limit < 0:
                raise SearchLimit
        opp_centers, opp_unplayed = self._opponent(view)
        search = TurnSearch(
            view,
            self.weights,
            self._turn_rng(view),
            opp_centers,
            self.planner_odds,
            self.model,
            self.choose_by_model,
            limit,
            opp_unplayed,
        )
        self._search = search
        plan = self._looked_ahead(view, search, search.run(), count=True)
        self._charge(plan)
        if self.log is not None and plan.leaf is not None:
            self.log.append((view.ply, view.player, plan.leaf))
        return plan

    def _charge(self, plan: Plan) -> None:
        """Count a search's cost in `work`: its positions, and `search_cost` for its sampling."""
        self.work += plan.nodes + self.weights.search_cost

    def _looked_ahead(self, view: PlayerView, search: TurnSearch, plan: Plan, count: bool = False) -> Plan:
        """`plan`, or the line the look-ahead over the opponent's reply prefers among the few
        best that end the turn where the scores are close (see `lookahead.py`)."""
        judged = self._reply_judgement(view, search, plan, count)
        if judged is None:
            return plan
        chosen, value, _values = judged
        if chosen == plan.steps:
            return plan
        chances, leaf = search.end_of(chosen)
        threat = search.threat(search.centers_after(chosen))
        return Plan(chosen, value, threat, plan.nodes, chances if self.model else None, leaf)

    def _reply_judgement(
        self, view: PlayerView, search: TurnSearch, plan: Plan, count: bool = False
    ) -> tuple[Path, float, dict[Path, float]] | None:
        """The line the look-ahead chooses from `view`, its score, and the look-ahead's value
        of each line it compared (win minus `Weights.loss_aversion` times lose after the
        opponent's reply, averaged over the sampled worlds); None
        when it does not look: the turn pays (unless `Weights.reply_pays`) or does not end
        in a discard, or the scores leave one line alone within `Weights.reply_margin`."""
        w = self.weights
        steps = plan.steps
        if (
            w.reply_lines < 2
            or not _looked_at(steps, w.reply_pays)
            or view.payoff_tops[view.opponent] is None
        ):
            return None
        ranked = self.ending_lines(view, search, plan)
        top = compared_lines(ranked, w)
        if len(top) < 2:
            return None
        rng = self._turn_rng(view)
        seeds = [rng.randrange(1 << 30) for _ in range(w.reply_samples)]
        helper = self._reply_helper()
        odds = self.planner_odds
        planners: list[ExpertBot] = []
        start_work = helper.work

        def opponent(i: int) -> Bot:
            # planners and one-step players in the proportion learnt so far, spread so that
            # the first worlds hold that proportion too (the budget may stop after any world)
            if math.floor((i + 1) * odds + 0.5) > math.floor(i * odds + 0.5):
                bot = ExpertBot(seeds[i], weights=helper.weights, model=False)
                if odds < w.reply_cut_odds and i >= w.reply_min_samples and w.reply_budget > 0:
                    bot.work_limit = w.reply_budget  # a reply dearer than the whole budget: cut
                planners.append(bot)
                return bot
            return GreedyBot(seeds[i])

        def finisher(i: int) -> Bot:
            # plays on our turn after a line that pays: scores only, like the planning replies
            bot = ExpertBot(seeds[i], weights=helper.weights, model=False)
            bot.planner_odds = odds
            return bot

        unseen: list[Card] = []  # listed once, when the first world asks

        def hand(i: int) -> list[Card] | None:
            if not unseen:
                unseen.extend(unseen_cards(view))
            return self._guess_hand(view, search, seeds[i], unseen)

        dealt = [0]

        def enough(worlds: int) -> bool:
            # what the judge's searches and the planning replies have cost so far
            dealt[0] = worlds
            if w.reply_budget <= 0 or worlds < w.reply_min_samples:
                return False
            # (not the finishers': see `Weights.reply_pays`)
            return helper.work - start_work + sum(bot.work for bot in planners) >= w.reply_budget

        def judge(v: PlayerView) -> float:
            c = evaluate(v, helper, choosing=True)
            return c.win - w.loss_aversion * c.lose

        values = reply_values(
            view,
            top,
            seeds,
            _to_move,
            opponent,
            judge,
            enough,
            -w.loss_aversion,
            finisher if w.reply_pays else None,
            hand if w.reply_hands else None,
        )
        scored = [(v, -i) for i, v in enumerate(values) if v is not None]
        if not scored:
            return None
        chosen = top[-max(scored)[1]]
        if count:
            self.reply_counts[0] += 1
            self.reply_counts[1] += chosen != steps
            self.reply_counts[2] += dealt[0]
        return chosen, dict(ranked)[chosen], {p: v for p, v in zip(top, values, strict=True) if v is not None}

    def _guess_hand(
        self, view: PlayerView, search: TurnSearch, seed: int, unseen: Sequence[Card]
    ) -> list[Card] | None:
        """The opponent's hand in a sampled world with `Weights.reply_hands`: ranks as the
        threat estimate guesses them (`TurnSearch.kept_cards`), in `unseen` cards (the
        view's, `unseen_cards`) of those ranks; None (a random hand) when the guess cannot fill it."""
        rng = random.Random(seed)
        ranks = search.kept_cards(rng)
        if len(ranks) != view.hand_sizes[view.opponent]:
            return None
        cards = list(unseen)
        rng.shuffle(cards)
        out: list[Card] = []
        for r in ranks:
            card = next(c for c in cards if RANK_OF[c] == r)
            cards.remove(card)
            out.append(card)
        return out

    def ending_lines(self, view: PlayerView, search: TurnSearch, plan: Plan) -> list[tuple[Path, float]]:
        """The ways to end the turn with a discard without paying (with `Weights.reply_pays`,
        the lines that stop at the pay-off card too), with their scores, best first (`plan`'s own line first among equals): the best line after each legal first
        move, and every other discard where `plan` ends. The look-ahead compares the first
        `Weights.reply_lines` of them that score within `Weights.reply_margin` of the best."""
        lines: dict[Path, float] = {plan.steps: plan.value}
        for move in view.legal_moves():
            value, path = search.line_after(_to_step(move))
            if _looked_at(path, self.weights.reply_pays) and value > lines.get(path, -math.inf):
                lines[path] = value
        for value, path in search.other_discards(plan.steps):
            if value > lines.get(path, -math.inf):
                lines[path] = value
        return sorted(lines.items(), key=lambda kv: -kv[1])  # stable: the plan first among equals

    def _reply_helper(self) -> ExpertBot:
        """The lighter expert that plays and judges inside the look-ahead's sampled worlds
        (fewer sampled hands, no look-ahead of its own), with this bot's learnt odds."""
        helper = self._helper
        if helper is None:
            w = self.weights
            n = w.reply_search_samples
            light = dataclasses.replace(
                w, samples=n, fresh_samples=n, kept_tries=min(w.kept_tries, 10), reply_lines=0
            )
            helper = self._helper = ExpertBot(0, weights=light, model=self.model if self.model else False)
        helper.planner_odds = self.planner_odds
        return helper

    def rate(self, view: PlayerView, played: Move) -> MoveRating:
        """Compare `played` with the expert's choice: the loss is what the move gives away.

        Both moves are scored by one search of the turn from `view` (at any point of a turn):
        each by the best line for the rest of the turn that starts with it. Where the scores
        are too close for the expert to choose by them, it plays on in sampled worlds (the
        look-ahead): the move it then picks loses nothing, and a move whose line it compared
        gives away the smaller of the two differences. The bot's own plan for the turn it is
        playing is not touched.
        """
        moves = require_turn(view)
        if played not in moves:
            raise ValueError(f"{played} is not a legal move here: {view.why_illegal(played)}")
        opp_centers, opp_unplayed = self._opponent(view)
        search = TurnSearch(
            view,
            self.weights,
            self._turn_rng(view),
            opp_centers,
            planner_odds=self.planner_odds,
            model=self.model,
            score_by_model=self.choose_by_model,
            opp_unplayed=opp_unplayed,
        )
        plan = search.run()
        scale = self.weights.pay if self.model is None else None
        best_move = _to_move(view, plan.steps[0]) if plan.steps else None
        if best_move is None or best_move not in moves:
            best_move = played
        best_raw, best_path = search.line_after(_to_step(best_move))
        played_raw, played_path = search.line_after(_to_step(played))
        if search.prefers((played_raw, played_path), (best_raw, best_path)):  # a tie, or the choice: no loss
            best_move, best_raw, best_path = played, played_raw, played_path
        if scale is None and not self.choose_by_model:
            # the search chose on its own scores; the model says what each line leaves in chances
            best_value = search.end_of(best_path)[0].score
            played_value = search.end_of(played_path)[0].score
        else:
            best_value = _rating_value(best_raw, scale)
            played_value = _rating_value(played_raw, scale)
        loss = max(0.0, best_value - played_value)
        if loss < 1e-9:
            loss = 0.0
        if loss > 0.0:
            judged = self._reply_judgement(view, search, plan)
            chosen, ahead_values = (plan.steps, {}) if judged is None else (judged[0], judged[2])
            choice = _to_move(view, chosen[0]) if chosen else None
            if choice == played:
                # the look-ahead chose it over the scores' best: the expert's own move loses nothing
                best_move, best_value, best_path = played, played_value, played_path
                loss = 0.0
            elif scale is None and choice is not None:
                # The look-ahead chose another line than the scores' best: the move is measured
                # against the expert's own choice by the scores, so that every move from one
                # position is measured against the same best move (the hint's; a review's side
                # lines stay in order).
                by_choice = not self.choose_by_model and choice != best_move
                if by_choice:
                    best_move, best_path = choice, chosen
                    best_value = search.end_of(chosen)[0].score
                    loss = max(0.0, best_value - played_value)
                if played_path in ahead_values and chosen in ahead_values:
                    # The scores could not tell these lines apart (within `reply_margin`): the
                    # expert settles them by playing on, so what the move gives away is the
                    # look-ahead's word when it says less than the scores (two lookers-ahead
                    # with other sampled worlds differ by about what the scores see).
                    ahead = max(0.0, ahead_values[chosen] - ahead_values[played_path])
                    if ahead < loss:
                        best_move, best_path = choice, chosen
                        best_value, played_value = ahead_values[chosen], ahead_values[played_path]
                        loss = ahead if ahead >= 1e-9 else 0.0
                if by_choice and loss < 1e-9:
                    best_move, best_value, best_path, loss = played, played_value, played_path, 0.0
        why = "" if loss == 0.0 else _why_better(view, search, played, played_path, best_move, best_path)
        if why and scale is None:
            why = to_the_mover(
                N_("gives up {share} of your chances: {why}"),
                N_("gives up {share} of {who}'s chances: {why}"),
                share=percent(loss),
                why=why,
            )
        if scale is not None:
            return MoveRating(played, best_move, played_value, best_value, loss, why)
        chances = (search.end_of(played_path, "review")[0], search.end_of(best_path, "review")[0])
        return MoveRating(played, best_move, played_value, best_value, loss, why, *chances)

    def _opponent(self, view: PlayerView) -> tuple[tuple[int, int, int] | None, bool]:
        """The center sizes the opponent left at the end of their turn, and whether they have
        not played yet: as `opponent_left` told them for this position, or the sizes when this
        bot saw them (None: the view's own, right at a turn's start; mid-turn they would count
        the mover's own cards as the opponent's)."""
        told = _OPPONENT_LEFT.get()
        if told is not None and told[0] == view.ply:
            return told[1], told[1] is None
        return (self._turn_centers if view.ply == self._last_ply else None), False

    def _turn_rng(self, view: PlayerView) -> random.Random:
        """A generator fixed by the bot's seed and the position: the same view, the same plan."""
        text = "|".join(
            [
                str(self.seed),
                str(view.ply),
                ",".join(view.hand),
                ",".join(str(t) for t in view.payoff_tops),
                ";".join(",".join(s) for side in view.sides for s in side),
                ";".join(",".join(c) for c in view.centers),
            ]
        )
        return random.Random(zlib.crc32(text.encode()))

    def _replan(self, view: PlayerView) -> None:
        plan = self.plan(view)
        self.last_plan = plan
        self._steps = list(plan.steps)
        self._why = partial(describe_plan, view, plan)  # put in words only when explain() asks


def compared_lines(ranked: Sequence[tuple[Path, float]], weights: Weights) -> list[Path]:
    """The lines the look-ahead compares among `ExpertBot.ending_lines`' (best first): the
    first `Weights.reply_lines` of them that score within `Weights.reply_margin` of the best."""
    if not ranked:
        return []
    best = ranked[0][1]
    return [path for path, value in ranked[: weights.reply_lines] if value >= best - weights.reply_margin]


_OPPONENT_LEFT: ContextVar[tuple[int, tuple[int, int, int] | None] | None] = ContextVar(
    "opponent_left", default=None
)


@contextmanager
def opponent_left(ply: int, centers: tuple[int, int, int] | None) -> Iterator[None]:
    """Tell `advise` and `rate` inside the block the center sizes the opponent left
    (`Game.opponent_left()`; None: they have not played yet) at the position after `ply`
    moves. A view shows the centers as they are now: mid-turn they hold the mover's own cards,
    and the opponent, judged from what they could then have played, seemed not to hold what
    those cards let them play (a Hint after A♣ to C1 gave "under 5%" to a 3♠ the opponent
    then played in 57% of deals). At the deal nothing is inferred: they have not played."""
    token = _OPPONENT_LEFT.set((ply, centers))
    try:
        yield
    finally:
        _OPPONENT_LEFT.reset(token)


def _center_sizes(view: PlayerView) -> tuple[int, int, int]:
    c = view.centers
    return (len(c[0]), len(c[1]), len(c[2]))


def _rating_value(raw: float, scale: float | None) -> float:
    """A search value as win minus lose chances (scale None: the model's), or in pay-off
    cards on the old scores, where a won game counts MAX_LOSS above anything else."""
    if scale is None:
        return 1.0 if raw >= WIN else max(-1.0, min(1.0, raw / 1000.0))
    if raw >= WIN:
        return MAX_LOSS
    return max(-MAX_LOSS, min(MAX_LOSS, raw / scale))


def percent(share: float) -> str:
    """12% (and "under 1%" rather than a misleading 0%, "over 99%" rather than a 100% that
    is not yet certain)."""
    if 0.995 <= share < 1.0:
        return _("over 99%")
    return f"{share:.0%}" if share >= 0.005 else _("under 1%")


def _to_step(move: Move) -> Step:
    """The abstract step of a concrete move (ranks, side-stack and center indexes)."""
    b = move.target_index
    if move.source == "P":
        return (PAY, 0, b)
    if move.source[0] == "S":
        return (SIDE, move.source_index, b)
    return (HAND if move.to_center else DISCARD, RANK_OF[move.card], b)


def _why_better(
    view: PlayerView,
    search: TurnSearch,
    played: Move,
    played_path: tuple[Step, ...],
    best: Move,
    best_path: tuple[Step, ...],
) -> str:
    """One plain line: what the played move gives away that the expert's move keeps."""
    me = view.player
    top = view.payoff_tops[me]
    expert = _line_words(view, best_path) or str(best)
    if top is not None and pays(best_path) and not pays(played_path):
        lead = _lead_in(view, best_path)
        if lead:
            return _("{card} could have been played after {cards} (the expert plays {move})").format(
                card=top.display, cards=lead, move=expert
            )
        return _("{card} could have been played at once (the expert plays {move})").format(
            card=top.display, move=expert
        )
    if played.ends_turn:
        stack = view.sides[me][played.target_index]
        if stack and RANK_OF[played.card] > RANK_OF[stack[-1]] and stack[-1][0] != "K":
            under = stack[-1]
            if top is not None and _on_the_way(view, under, top):
                return to_the_mover(
                    N_("burying the {card} blocks your pay-off {payoff} (the expert plays {move})"),
                    N_("burying the {card} blocks {who}'s pay-off {payoff} (the expert plays {move})"),
                    card=under.display,
                    payoff=top.display,
                    move=expert,
                )
            return to_the_mover(
                N_("burying the {card} on {pile} costs you that card (the expert plays {move})"),
                N_("burying the {card} on {pile} costs {who} that card (the expert plays {move})"),
                card=under.display,
                pile=played.target,
                move=expert,
            )
        if stack and stack[-1][0] == "K":
            return _("burying the {card} on {pile} wastes a wild King (the expert plays {move})").format(
                card=stack[-1].display, pile=played.target, move=expert
            )
        if played.card[0] == "K":
            return _("discarding the {card} gives up a wild King (the expert plays {move})").format(
                card=played.card.display, move=expert
            )
    opp_top = view.payoff_tops[1 - me]
    if opp_top is not None:
        t_played = search.threat(search.centers_after(played_path))
        t_best = search.threat(search.centers_after(best_path))
        if t_played > t_best + 0.1:
            return _(
                "it leaves the opponent a chance of {chance} (not {other}) to play their pay-off {card} next turn"
                " (the expert plays {move})"
            ).format(card=opp_top.display, chance=f"{t_played:.0%}", other=f"{t_best:.0%}", move=expert)
    if not played.ends_turn and best.ends_turn:
        return to_the_mover(
            N_("the cards played after {played} help the opponent more than you (the expert plays {move})"),
            N_("the cards played after {played} help the opponent more than {who} (the expert plays {move})"),
            played=_line_words(view, (_to_step(played),)) or str(played),
            move=expert,
        )
    if played.ends_turn and not best.ends_turn:
        return _(
            "ending the turn now wastes cards that could go to the center stacks (the expert plays {move})"
        ).format(move=expert)
    return _("a weaker line for the rest of the turn (the expert plays {move})").format(move=expert)


class _Walked(NamedTuple):
    """A line walked from a view: the cards it plays to the centers, as shown ("9♠ from S2")
    with their piles ("C3"), up to the step that ends it (a pay-off card or a discard; None
    when the hand empties), that step's card, and the side stacks as they stand then."""

    played: list[str]
    targets: list[str]
    end: Step | None
    card: Card | None
    sides: list[list[Card]]


def _walk(view: PlayerView, path: Sequence[Step]) -> _Walked:
    """The one walk over a line's steps that its words (a hint's plan, a review's line) read."""
    me = view.player
    hand = list(view.hand)
    sides = [list(s) for s in view.sides[me]]
    played: list[str] = []
    targets: list[str] = []
    for step in path:
        kind, a, b = step
        if kind == PAY:
            return _Walked(played, targets, step, view.payoff_tops[me], sides)
        if kind == SIDE:
            played.append(_from_side(sides[a].pop(), a))
            targets.append(f"C{b + 1}")
            continue
        card = _hand_card(tuple(hand), a) or hand[0]
        if kind == DISCARD:
            return _Walked(played, targets, step, card, sides)
        hand.remove(card)
        played.append(card.display)
        targets.append(f"C{b + 1}")
    return _Walked(played, targets, None, None, sides)


def _line_words(view: PlayerView, path: tuple[Step, ...]) -> str:
    """The expert's line for the rest of the turn, as a review names it: "J♥ from S3 to C1,
    K♣ and K♣ to C2 and 9♣ on S2" (its first move alone, in notation, did not show why)."""
    w = _walk(view, path)
    parts = [_cards_to(w.played, w.targets)] if w.played else []
    if w.end is not None and w.card is not None:
        kind, _a, b = w.end
        if kind == PAY:  # the line stops there: the next pay-off card is not known
            parts.append(_("the pay-off {card} to {pile}").format(card=w.card.display, pile=f"C{b + 1}"))
        else:  # the discard that ends the turn
            parts.append(_("{cards} on {pile}").format(cards=w.card.display, pile=f"S{b + 1}"))
    return _and_list(parts) if parts else ""


def _on_the_way(view: PlayerView, card: Card, payoff: Card) -> bool:
    """Whether `card` is one of the ranks a center stack needs before it takes `payoff` (a
    9 is not on the way to a 3; nothing is on the way to a King, which goes anywhere)."""
    if payoff[0] == "K":
        return False
    rank, target = RANK_OF[card], RANK_OF[payoff]
    return any(len(stack) + 1 <= rank < target for stack in view.centers)


def _lead_in(view: PlayerView, path: tuple[Step, ...]) -> str:
    """The cards a line plays before its pay-off card, in words: "K♣ on C3" or "4♥ and 5♣ on C1"."""
    w = _walk(view, path)
    return _cards_to(w.played, w.targets, on=True)


def _to_move(view: PlayerView, step: Step) -> Move | None:
    """The concrete move for an abstract step in this view (None if it no longer fits)."""
    me = view.player
    kind, a, b = step
    if kind == PAY:
        top = view.payoff_tops[me]
        return Move("P", top, f"C{b + 1}") if top is not None else None
    if kind == SIDE:
        stack = view.sides[me][a]
        return Move(f"S{a + 1}", stack[-1], f"C{b + 1}") if stack else None
    card = _hand_card(view.hand, a)
    if card is None:
        return None
    return Move("H", card, f"C{b + 1}" if kind == HAND else f"S{b + 1}")


def _hand_card(hand: tuple[Card, ...], rank: int) -> Card | None:
    for c in hand:
        if RANK_OF[c] == rank:
            return c
    return None


def describe_plan(view: PlayerView, plan: Plan) -> str:
    """One line for hints and teaching: what the turn's plan does and why, and (with a model)
    the chance of winning it leaves: "...; your chances after it: 63% to win, 9% to lose"."""
    c = plan.chances
    if (
        plan.leaf is None
        and c is not None
        and c.draw >= 0.999
        and plan.steps
        and plan.steps[-1][0] == DISCARD
    ):
        # the discard ends the game: the opponent cannot draw a full hand (RULES.md, stock-out)
        return _(
            "{plan}: the opponent then cannot draw a full hand from the stock, so the game ends as a draw"
        ).format(plan=_describe_steps(view, plan, next_turn=False))
    text = _describe_steps(view, plan)
    if c is None or c.win >= 1.0:
        return text
    return _("{plan}; your chances after it: {win} to win, {lose} to lose").format(
        plan=text, win=percent(c.win), lose=percent(c.lose)
    )


def _describe_steps(view: PlayerView, plan: Plan, next_turn: bool = True) -> str:
    """What the plan does, in words (`next_turn`: with the opponent's chance to follow)."""
    me = view.player
    w = _walk(view, plan.steps)
    kind, _a, b = w.end if w.end is not None else (None, 0, 0)
    if kind == PAY and w.card is not None:
        last = view.payoff_counts[me] <= 1
        card, pile = w.card.display, f"C{b + 1}"
        if w.played:
            return _lead_to_payoff(w.played, w.targets, card, pile, last)
        if last:
            return _("plays the last pay-off card {card} to {pile} and wins").format(card=card, pile=pile)
        left = view.payoff_counts[me] - 1
        return ngettext(
            "plays the pay-off {card} to {pile}: {n} pay-off card left after it",
            "plays the pay-off {card} to {pile}: {n} pay-off cards left after it",
            left,
        ).format(card=card, pile=pile, n=left)
    lead = _cards_to(w.played, w.targets)
    if kind != DISCARD or w.card is None:
        return _("plays {cards} to empty the hand and draw five fresh cards").format(cards=lead)
    stack = w.sides[b]
    pile = f"S{b + 1}"
    if stack:
        text = _("ends the turn with {card} on {under} on {pile}").format(
            card=w.card.display, under=stack[-1].display, pile=pile
        )
    elif sum(1 for side in w.sides if not side) > 1:  # which empty one does not matter
        text = _("ends the turn with {card} on an empty side stack ({pile})").format(
            card=w.card.display, pile=pile
        )
    else:
        text = _("ends the turn with {card} on the empty {pile}").format(card=w.card.display, pile=pile)
    if lead:
        text = _("plays {cards}, then {rest}").format(cards=lead, rest=text)
    opp_top = view.payoff_tops[1 - me]
    if opp_top is not None and next_turn:
        text = _threat(text, opp_top.display, plan.threat)
    return text


def _lead_to_payoff(played: list[str], targets: list[str], card: str, pile: str, last: bool) -> str:
    """The cards a plan plays before its pay-off `card` (shown) goes to `pile`: only those
    on that pile are what lets it follow ("so ... can follow"); the others are told apart,
    and a King, which goes anywhere, is simply played after them."""
    chain = [p for p, t in zip(played, targets, strict=True) if t == pile]
    rest = [(p, t) for p, t in zip(played, targets, strict=True) if t != pile]
    if not chain or card.startswith("K"):
        cards = _cards_to(played, targets)
        if last:
            return _("plays {cards}, then the last pay-off card {card} to {pile} and wins").format(
                cards=cards, card=card, pile=pile
            )
        return _("plays {cards}, then the pay-off {card} to {pile}").format(cards=cards, card=card, pile=pile)
    cards = _cards_to(chain, [pile] * len(chain))
    if last:
        text = _("plays {cards} so the last pay-off card {card} can follow and win").format(
            cards=cards, card=card
        )
    else:
        text = _("plays {cards} so the pay-off {card} can follow").format(cards=cards, card=card)
    if rest:
        others = _cards_to([p for p, _t in rest], [t for _p, t in rest])
        text = _("{plan}; also {cards}").format(plan=text, cards=others)
    return text


def _threat(plan: str, card: str, p: float) -> str:
    """The plan line with the opponent's chance `p` of playing their pay-off `card` next turn."""
    if p < 0.05:
        return _(
            "{plan}; the opponent has under a 5% chance to play their pay-off card {card} next turn"
        ).format(plan=plan, card=card)
    return _(
        "{plan}; the opponent has a chance of {share} to play their pay-off card {card} next turn"
    ).format(plan=plan, card=card, share=f"{p:.0%}")


def _cards_to(played: list[str], targets: list[str], on: bool = False) -> str:
    """ "4♥ and 5♣ to C1" or "4♥ to C1, 9♠ from S2 to C3" (`on`: "4♥ on C1"), in the language in force."""
    if not played:
        return ""
    to = _("{cards} on {pile}") if on else _("{cards} to {pile}")
    if len(set(targets)) == 1:
        return to.format(cards=_and_list(played), pile=targets[0])
    return ", ".join(to.format(cards=p, pile=t) for p, t in zip(played, targets, strict=True))


def _and_list(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C" with the language's "and"."""
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _from_side(card: Card, index: int) -> str:
    """ "9♠ from S2": a card taken off a side stack."""
    return _("{card} from {pile}").format(card=card.display, pile=f"S{index + 1}")


def evaluate(view: PlayerView, bot: ExpertBot | None = None, *, choosing: bool = False) -> Chances:
    """The chances (win, lose, draw) of `view.player` in this position, from that view only.

    On the player's own turn: the model's chances where the expert's best line for the rest
    of the turn ends. Between turns (the opponent to move, for instance right after a turn-ending
    discard): the model's chances for the table as it stands, with the opponent's whole
    hand taken as unknown, through the map fitted for that moment (raw, the player whose view
    it is came out about 11 points too hopeful there, so a review's graph zigzagged at every
    discard: see `model.Recalibration`). A finished game gives certainties. For evals in
    records (RULES.md: `{"p0": ..., "p1": ...}`, from each player's view) and for hints.
    `choosing`: on the player's own turn, the chances as the expert's choices weigh them
    (for the look-ahead's judge; see `model.EvalModel.choice_map`).
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"evaluate needs a PlayerView, not {type(view).__name__}")
    me = view.player
    if view.result is not None:
        if view.result.winner is None:
            return Chances(0.0, 0.0, 1.0)
        return Chances(1.0, 0.0, 0.0) if view.result.winner == me else Chances(0.0, 1.0, 0.0)
    expert = bot if bot is not None else ExpertBot(seed=0)
    model = expert.model if expert.model is not None else default_model()
    if view.is_my_turn:
        search = TurnSearch(
            view,
            expert.weights,
            expert._turn_rng(view),
            planner_odds=expert.planner_odds,
            model=model,
            score_by_model=expert.choose_by_model,
        )
        plan = search.run()
        expert._charge(plan)
        # the plan holds the line's chances and what the model scored where it ends: weigh that
        # as choices are, rather than replaying the line (a won or drawn end is that for both)
        if choosing and plan.leaf is not None:
            return model.leaf_chances(plan.leaf, "choice")
        assert plan.chances is not None  # the search was given a model
        return plan.chances
    sizes = list(view.hand_sizes)
    sizes[view.opponent] = 0  # every card in their hand is unknown: sample all of it
    between = dataclasses.replace(view, hand_sizes=(sizes[0], sizes[1]))
    search = TurnSearch(
        between, expert.weights, expert._turn_rng(view), planner_odds=expert.planner_odds, model=model
    )
    hand = tuple(sorted(RANK_OF[c] for c in view.hand))
    leaf = search.features(
        hand,
        search.heights0,
        search.centers0,
        search.pay_rank > 0,
        view.stock_count,
        HAND_SIZE - len(hand),
        model.discard_fit_mean,
        False,
    )
    return model.leaf_chances(leaf, "between")

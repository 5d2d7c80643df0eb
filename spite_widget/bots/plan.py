"""The expert's turn planner: a search over every sequence of moves within one turn.

The planner works on ranks taken from one `PlayerView`. Inside a turn the only things a
player does not know are the cards that turn up: a new pay-off top after the pay-off card
is played, and five new cards when the hand is emptied. Both are chance events, so a
line of play stops there (a leaf, scored by estimate) and the bot plans again once it
sees the new card. Completing a center stack reshuffles the stock but reveals nothing,
so the search goes on through it.

The search is a depth-first walk with memoisation over the position (hand as sorted
ranks, side-stack heights, center sizes, is the pay-off card still to play). Every
position can also end the turn with a discard; its score weighs pay-off progress, the
chance that the opponent can play their pay-off card onto what we leave (sampled from
the unseen cards: the opponent's pay-off top and side stacks are public), Kings kept,
cards brought out of the side stacks, and how the discard sits on its side stack.

The opponent's chance is sampled with what their last turn showed: the cards they kept
could not have reached their pay-off card on the centers they left (or they would have
played it). It is worked out for two kinds of opponent, one who plans whole turns and one
who plays one step at a time towards the pay-off card, and mixed by the odds the expert
has learnt (see `expert.py`). It weighs more when the opponent is near the end of their
pile, and less when the stock is short for the pay-off cards still to play (a draw looms).
Far from the end of their pile, a one-step player is raced rather than blocked: such a
player hoards, and blocking them mostly runs the stock dry, a draw worth nothing.

These hand-tuned scores rank the lines; the fitted model (`model.py`) then tells the
chances of winning where each ends. Choosing by the model itself was measured weaker.
Where the best lines end the turn with close scores, the expert compares the few best by
playing them on in sampled worlds (`lookahead.py`, `other_discards` and `line_after` here).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Final

from ..engine.cards import KING, RANK_OF, RANKS, STACK_COMPLETE
from ..engine.rules import HAND_SIZE, SIZE_AFTER
from ..engine.rules import fits as card_fits
from ..engine.state import PlayerView
from .model import DRAWN, WON, Chances, EvalModel, Leaf, Use
from .sim import (
    RANKS_UP,
    Ranks,
    cover,
    cover_plainly,
    needed_count,
    needed_ranks,
    ranks,
    side_tops,
    uncover,
    unseen_counts,
)

Step = tuple[int, int, int]
"""(kind, a, b): kind PAY (-, center b), SIDE (stack a, center b), HAND (rank a, center b),
DISCARD (rank a, side stack b)."""
PAY: Final = 0
SIDE: Final = 1
HAND: Final = 2
DISCARD: Final = 3

WIN: Final = 1e9
_PAYING: Final = 1e6
"""The bonus that makes a search find the best line that plays the pay-off card."""
Path = tuple[Step, ...]
Key = tuple[Ranks, tuple[int, ...], tuple[int, int, int], bool]
_REACH_DECAY: Final = (1.0, 0.45, 0.2, 0.08, 0.03)
_NEEDED: Final = {
    ks: tuple(tuple(needed_count(s, t, ks) for t in range(14)) for s in range(STACK_COMPLETE))
    for ks in (False, True)
}
"""`needed_count` by (Kings start stacks, center size, target), looked up in the search's inner loop."""
_FITS: Final = {
    ks: tuple(
        tuple(r > 0 and card_fits(RANKS[r - 1] + "c", s, ks) for s in range(STACK_COMPLETE))
        for r in range(14)
    )
    for ks in (False, True)
}
"""The engine's `fits` by (Kings start stacks, rank r, center size s), for the search's inner loop."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's weights, in hundredths of a pay-off card."""

    pay: float = 100.0
    """One pay-off card played: the only thing that wins."""
    opp_threat: float = 150.0
    """Times the chance that the opponent can play their pay-off card next turn (above `pay`:
    a player who plays one pay-off card often plays the next one too)."""
    opp_threat_plain: float | None = 0.0
    """`opp_threat` against a one-step player (None: the same), mixed by the learnt odds. Far
    from the end of their pile, such a player's pay-off card costs less than the draw that
    blocking them brings: they hoard, so the stock runs dry while both wait (against greedy,
    150 drew 50% of games; 0 with the same endgame weight: 19% drawn, 72% won, 9% lost)."""
    opp_endgame: float = 2000.0
    """Added to `opp_threat` when the opponent holds one pay-off card (half as much for two,
    a quarter for three...): their pay-off card may then be the game."""
    behind: float = 60.0
    """Added to `opp_threat_plain` per pay-off card the opponent is ahead in the race: a
    one-step player far ahead is seldom caught by racing, and a draw beats a loss (against
    greedy, 10, 25, 60 and 100 turned losses into draws; 60 kept the wins). With the
    look-ahead, 100 did worse on the first 1,000 deals of `--seed 1`: 802 won, 56 lost, 142
    drawn, against 818, 48 and 134 with 60."""
    draw_cut: float = 1.0
    """How much of the threat's weight a looming draw takes away against a planning opponent
    (0: none, 1: all): two players who block each other only run the clock down."""
    draw_cut_plain: float = 0.4
    """The same against a one-step player (who does not block, but is slow to finish)."""
    pace_safe: float = 2.5
    """Stock cards per pay-off card still to play (the nearer player's) above which no draw looms."""
    pace_doomed: float = 1.0
    """... and below which a draw is all but certain unless somebody takes risks."""
    planner_odds: float = 0.5
    """How likely the opponent plans its turns (1) rather than plays one step at a time (0),
    before the game shows which (the expert learns it as the game goes on)."""
    planner_floor: float = 0.05
    """The learnt odds never go below this or above 1 minus this: people change their play."""
    reach: float = 35.0
    """Times our chance of reaching our own pay-off card next turn with what we keep
    (below `pay`: a pay-off card in the center beats one within reach)."""
    king_hand: float = 10.0
    """Each King kept in the hand (wild cards win races)."""
    side_played: float = 3.0
    """Each card brought out of a side stack (unburies what lies below)."""
    hand_played: float = 5.0
    """Each hand card played to a center (cycles cards, keeps the stock alive: stacks complete
    and refill the stock). 1 before: against greedy 5 (with `behind` 60) won about 2 points
    more of all games, with fewer draws and fewer losses (2,000 games, seeds 7 and 11)."""
    refill: float = 25.0
    """Emptying the hand: five fresh cards to go on with."""
    run: float = 6.0
    """A discard one below the side top: a descending run comes off in order."""
    same: float = 2.0
    """A discard of the side top's own rank."""
    gap: float = 0.7
    """Per rank between a discard and the lower-than-it side top it does not bury."""
    bury: float = 14.0
    """A discard above the side top: the lower card is buried."""
    bury_soon: float = 1.5
    """More per step the buried card is needed sooner on the centers."""
    bury_king: float = 20.0
    """Burying a King on a side stack."""
    empty: float = 9.0
    """Using up an empty side stack."""
    empty_high: float = 0.7
    """Per rank of a card starting an empty side stack (high cards make good bases)."""
    discard_king: float = 9.0
    """Discarding a King (it stays playable on top, but only until covered)."""
    low_stock: float = 2.0
    """Per card the stock falls short of `stock_floor` when the turn ends: a dry stock is a draw."""
    stock_floor: int = 30
    """Below this many cards in the stock, the draw looms."""
    kept_king_bias: float = 4.0
    """How much likelier a card the opponent kept in hand is a King than any other unseen card."""
    samples: int = 48
    """Sampled opponent hands for the threat estimate."""
    kept_tries: int = 30
    """Draws of the opponent's kept cards before giving up on ones that could not have paid."""
    fresh_samples: int = 48
    """Sampled draws for the chance that new cards bring our pay-off card within reach."""
    reply_lines: int = 4
    """How many of the best turn-ending lines (by these scores) the expert compares by playing
    on: the opponent's reply in sampled worlds, then its own chances (see `lookahead.py`).
    0 or 1: the scores alone choose. Against the frozen baseline the look-ahead lifted the
    expert from about 50% of decided games to about 60%. A fourth line did more than more
    worlds: against greedy, on the same 143 deals, 3 lines in 6 worlds won 108 (26 drawn),
    3 lines in up to 12 worlds (a budget of 800) about as many, 4 lines in up to 10 (the same
    budget) 123 (11 drawn)."""
    loss_aversion: float = 1.0
    """What a lost game weighs against a won one in the look-ahead's judgement (a world the
    opponent wins counts minus this; the model's chances count win minus this times lose).
    1: win minus lose, the expert's currency. Neither way cut the losses against greedy: on
    deals 0-299 of `spite-arena expert greedy --games 300 --workers 1 --seed 1`, 0 lost 18,
    0.5 lost 19, 1 lost 12, 2 lost 22 and 4 lost 18 (4 drew 49, against 43); on deals
    300-599 (`--games 600 --resume` over the first 300's records) 1 lost 18 of 300 too."""
    reply_pays: bool = False
    """Does the look-ahead compare lines that play the pay-off card too? Such a line stops
    at its pay-off card (the next one is unseen); in each sampled world the expert's
    scores-only search then plays the rest of the turn, with the next pay-off card as the
    world deals it, before the opponent's reply. Off: a turn that pays is played as the
    scores and the pay check choose. Against greedy, `spite-arena expert greedy --games
    2000 --workers 2 --seed 1`: 1,555 won, 350 drawn, 95 lost (off: 1,616, 279, 105), at
    31 ms a move against 19 (the first 600 deals, 467, 110 and 23 against 484, 86 and 30,
    promised more than the rest kept). The finisher's searches are not counted in
    `reply_budget`: counted, the budget's fewer worlds settled paying lines by chance, and
    12 of the first 132 deals were lost (off: 4)."""
    reply_hands: bool = False
    """Does the look-ahead deal the opponent's hand in each world as the threat estimate
    guesses it (Kings likelier, no cards that could have reached their pay-off card on the
    centers they left), instead of at random from every unseen card? It did not cut the
    losses against greedy, and neither did the opponent's real hand: on deals 0-299 of
    `spite-arena expert greedy --games 300 --workers 1 --seed 1` (off: 245 won, 43 drawn,
    12 lost) the guess lost 18 (239 won, 43 drawn) and the real hand 17 (247, 36;
    `benchmarks/foresight.py --modes hand`): what decides those games is the stock and
    the pay-off cards nobody sees."""
    reply_samples: int = 10
    """The most sampled worlds per line compared (the same worlds for every line); see
    `reply_budget` for how many are dealt."""
    reply_margin: float = 60.0
    """Only lines scored within this of the best are compared (hundredths of a pay-off card)."""
    reply_search_samples: int = 16
    """`samples` and `fresh_samples` of the searches played inside the sampled worlds."""
    reply_budget: float = 600.0
    """When above 0, `reply_samples` is the most worlds dealt: they are dealt one by one
    (every line played in each), and no more once the turn searches run in them (the judge's
    and the planning replies') have cost this much (see `search_cost`). A cheap reply buys
    more worlds; a long planning reply with refills, or a rich hand to judge, fewer."""
    search_cost: float = 5.0
    """What one turn search costs before it searches a position (its sampled hands and
    draws), in positions searched: about 0.5 ms against 0.1 ms."""
    reply_min_samples: int = 2
    """Worlds dealt whatever the budget."""
    reply_cut_odds: float = 0.5
    """Below these learnt odds of a planning opponent, a sampled world (after the first
    `reply_min_samples`) whose planning reply costs more than the whole `reply_budget` on its
    own is cut off there and not counted, and no more worlds are dealt. Against a one-step
    player a planning world is the rare one in the mix (at 5% odds, one of ten worlds), yet a
    long reply from a rich hand cost more than the nine others together: against greedy the
    slowest turns (up to 2.5 s) were each one such world. 0: never cut."""
    pay_check: float | None = 0.0
    """When the chosen line leaves a reachable pay-off card in place to block the opponent,
    the best line that plays it is searched too, and played unless the model's chances
    (win minus lose) favour the block by more than this (None: no check, the scores decide).
    The hand-tuned scores block more often than the chances say they should: without the
    check the expert left a reachable pay-off card in about 8% of such turns."""


class SearchLimit(Exception):
    """A turn search passed its `node_limit` (the look-ahead then drops the world it was in)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The chosen line for the rest of the turn and what the planner expected of it."""

    steps: Path
    value: float
    threat: float
    """The sampled chance that the opponent can play their pay-off card after the line."""
    nodes: int
    """Positions searched (for benchmarks and curiosity)."""
    chances: Chances | None = None
    """The model's chances at the end of the line (None when searched on the old weights)."""
    leaf: Leaf | None = None
    """What the model scored at the end of the line (None for a won or drawn end): for fitting."""


class TurnSearch:
    """One search from one view; build a new one for each decision."""

    def __init__(
        self,
        view: PlayerView,
        weights: Weights,
        rng: random.Random,
        opp_centers: tuple[int, int, int] | None = None,
        planner_odds: float | None = None,
        model: EvalModel | None = None,
        score_by_model: bool = False,
        node_limit: int | None = None,
        opp_unplayed: bool = False,
    ) -> None:
        me = view.player
        self.node_limit = node_limit
        """The most positions this search may visit (its pay check's too): past it, `SearchLimit`."""
        self.visited = 0
        self.model = model
        """Tells the chances (win, lose, draw) where the chosen line ends: for hints, reviews
        and evals. None: no chances."""
        self.by_model = score_by_model and model is not None
        """Choose lines by the model's win minus lose rather than by the hand-tuned scores.
        Measured weaker (it lost 62-125 to the frozen baseline): the hand-tuned search blocks
        and races better, so it chooses and the model only says the chances."""
        self.pay_bonus = 0.0 if self.by_model else weights.pay
        opp = 1 - me
        self.opp_side_total = sum(len(x) for x in view.sides[opp])
        self.w = weights
        self.ks = view.rules.kings_start_stacks
        self._needed = _NEEDED[self.ks]
        self.stacks: tuple[Ranks, ...] = tuple(ranks(s) for s in view.sides[me])
        self.heights0 = tuple(len(s) for s in self.stacks)
        self.side_total0 = sum(self.heights0)
        self.hand0: Ranks = tuple(sorted(ranks(view.hand)))
        top = view.payoff_tops[me]
        self.pay_rank = RANK_OF[top] if top is not None else 0
        self.pay_count = view.payoff_counts[me]
        self.opp_count = view.payoff_counts[opp]
        self.opp_need = max(0, HAND_SIZE - view.hand_sizes[opp])
        self.stock0 = view.stock_count
        self.base = weights.pay * (self.opp_count - self.pay_count)
        self.planner_odds = weights.planner_odds if planner_odds is None else planner_odds
        # a dry stock ends the game drawn: when it is short for the pay-off cards still to
        # play, two players who block each other only run the clock down, so the opponent's
        # chance counts for less
        pace = view.stock_count / max(1, min(self.pay_count, self.opp_count))
        hi, lo = weights.pace_safe, weights.pace_doomed
        danger = min(1.0, max(0.0, (hi - pace) / (hi - lo))) if hi > lo else 0.0
        q = self.planner_odds
        cut = danger * (q * weights.draw_cut + (1.0 - q) * weights.draw_cut_plain)
        # near the end of their pile, a pay-off card often runs on to the last one: the game
        closing = weights.opp_endgame * 0.5 ** max(0, self.opp_count - 1)
        plain = weights.opp_threat if weights.opp_threat_plain is None else weights.opp_threat_plain
        plain += weights.behind * max(0, self.pay_count - self.opp_count)
        far = q * weights.opp_threat + (1.0 - q) * plain
        self.threat_weight = (far + closing) * (1.0 - cut)
        self.pool = unseen_counts(view)
        pool_total = sum(self.pool[1:])
        self.pool_frac = [c / pool_total if pool_total else 0.0 for c in self.pool]
        self.centers0 = (len(view.centers[0]), len(view.centers[1]), len(view.centers[2]))
        self.opp_centers = opp_centers if opp_centers is not None else self.centers0
        self.opp_unplayed = opp_unplayed
        """The opponent has not played yet (the deal): none of their cards was kept through a
        turn, so nothing is inferred from what they did not play."""
        self.masks, self.plain_masks, self.n_samples = self._opponent_masks(view, rng)
        deck = _listed(self.pool)
        self.n_fresh = weights.fresh_samples
        self.fresh: list[list[int]] = [
            rng.sample(deck, min(HAND_SIZE, len(deck))) for _ in range(self.n_fresh)
        ]
        """Sampled draws of fresh cards (ranks, in the order drawn)."""
        self.fresh_counts: dict[int, list[list[int]]] = {}
        """Rank counts of the first k cards of each sampled draw, by k: built when first asked
        (a search asks about two or three of the six)."""
        self.tops_memo: dict[tuple[int, ...], list[int]] = {}
        """Our side-stack tops by side-stack heights."""
        self.fresh_memo: dict[tuple[Ranks, int, int], int] = {}
        self.missing_memo: dict[tuple[int, Ranks, tuple[int, ...]], list[Ranks]] = {}
        self.memo: dict[Key, tuple[float, Path]] = {}
        self.threat_memo: dict[tuple[int, int, int], float] = {}
        self.fit_memo: dict[tuple[tuple[int, int, int], bool], list[float | None]] = {}
        """`discard_fit` by centers and all-Kings hand, then rank and side top: a search asks
        the same few pairs again and again."""
        self.searched = False
        """Has `run` searched the whole turn? (Every position of the turn is then known.)"""
        self.pay_seen = False
        """Did a search meet a position where the pay-off card can be played?"""

    # ------------------------------------------------------------------ the opponent
    def _opponent_masks(self, view: PlayerView, rng: random.Random) -> tuple[list[int], list[int], int]:
        """Sample the opponent's hands (each as counts per rank) for the threat estimate.

        Which samples reach their pay-off card on a center of each size (planning the turn,
        and playing one step at a time) is worked out when a search first asks about that
        size (`_masks_for`): a search meets about 5 of the 12 sizes. Returns the two lists of
        masks (-1: not worked out yet) and the number of samples.
        """
        opp = 1 - view.player
        top = view.payoff_tops[opp]
        n = self.w.samples
        self._hands: list[list[int]] = []
        self._kept: tuple[_RankUrn, int, bool, dict[tuple[int, ...], bool], list[Ranks]] | None = None
        if top is None:
            return [0] * STACK_COMPLETE, [0] * STACK_COMPLETE, n
        target = RANK_OF[top]
        stacks = tuple(ranks(s) for s in view.sides[opp])
        heights = tuple(len(s) for s in stacks)
        self._opp_piles = (stacks, heights, side_tops(stacks, heights))
        """The opponent's side stacks, their heights and their tops, as `cover` takes them."""
        take = min(HAND_SIZE, sum(self.pool[1:]))
        seqs = [needed_ranks(s, target, self.ks) or () for s in range(STACK_COMPLETE)]
        left = [seqs[s] for s in set(self.opp_centers)]  # the climbs on the centers they left
        kept = 0 if self.opp_unplayed else min(view.hand_sizes[opp], take)
        bias = [self.w.kept_king_bias if r == KING else 1.0 for r in range(14)]
        condition = kept > 0 and not self._could_have_paid([], left)
        could: dict[tuple[int, ...], bool] = {}  # kept cards (sorted) -> could they have paid
        unseen = _listed(self.pool)
        urn = _RankUrn(self.pool, bias)
        self._kept = (urn, kept, condition, could, left)
        for _i in range(n):
            picked = self.kept_cards(rng)
            counts = _rank_counts(picked)
            rest = unseen  # the unseen cards listed by rank, less those kept (`sample` keeps its list)
            if picked:
                rest = unseen[:]
                for r in picked:
                    rest.remove(r)
            for r in rng.sample(rest, take - kept):
                counts[r] += 1
            self._hands.append(counts)
        self._climbs = seqs
        return [-1] * STACK_COMPLETE, [-1] * STACK_COMPLETE, n

    def kept_cards(self, rng: random.Random) -> list[int]:
        """A guess at the ranks of the cards the opponent holds now (kept from their turn), as
        the threat estimate draws them: Kings likelier, and cards that could have reached their
        pay-off card on the centers they left unlikely. Empty when their pay-off pile is."""
        if self._kept is None:
            return []
        urn, kept, condition, could, left = self._kept
        # cards the opponent kept from earlier turns lean to Kings (every good player hoards them)
        picked: list[int] = []
        for _try in range(self.w.kept_tries if condition else 1):
            picked = urn.draw(kept, rng) if kept else []
            if not condition:
                break
            key = tuple(sorted(picked))
            paid = could.get(key)
            if paid is None:
                paid = could[key] = self._could_have_paid(picked, left)
            if not paid:
                break
        return picked

    def _masks_for(self, size: int) -> None:
        """Fill in both masks for one center size from the sampled hands."""
        seq = self._climbs[size]
        stacks, heights, tops = self._opp_piles
        mask = plain = 0
        if len(seq) <= 10:
            ks = self.ks
            for i, counts in enumerate(self._hands):
                if cover(seq, counts, stacks, heights, ks, 1, tops) == 0:
                    mask |= 1 << i
                    if cover_plainly(seq, counts, stacks, heights, tops):
                        plain |= 1 << i
        self.masks[size] = mask
        self.plain_masks[size] = plain

    def _could_have_paid(self, kept: list[int], climbs: list[Ranks]) -> bool:
        """Could these kept cards have reached the pay-off card on the centers the opponent left?

        A player who could have played their pay-off card would have: hands that could
        are unlikely, whoever the opponent is.
        """
        counts = _rank_counts(kept)
        stacks, heights, tops = self._opp_piles
        return any(
            len(seq) <= 10 and cover(seq, counts, stacks, heights, self.ks, 1, tops) == 0 for seq in climbs
        )

    def threat(self, centers: tuple[int, int, int]) -> float:
        """The chance that the opponent can play their pay-off card onto these centers."""
        got = self.threat_memo.get(centers)
        if got is None:
            planner, plain = self.threat_parts(centers)
            q = self.planner_odds
            got = q * planner + (1.0 - q) * plain
            self.threat_memo[centers] = got
        return got

    def threat_parts(self, centers: tuple[int, int, int]) -> tuple[float, float]:
        """The opponent's chance to play their pay-off card onto these centers if they plan
        their turn, and if they play one step at a time."""
        m = self.masks
        for size in centers:
            if m[size] < 0:
                self._masks_for(size)
        pm = self.plain_masks
        n = self.n_samples
        planner = (m[centers[0]] | m[centers[1]] | m[centers[2]]).bit_count() / n
        plain = (pm[centers[0]] | pm[centers[1]] | pm[centers[2]]).bit_count() / n
        return planner, plain

    # ------------------------------------------------------------------ our prospects
    def reach(
        self, target: int, hand: Ranks, heights: tuple[int, ...], centers: tuple[int, int, int], fresh: int
    ) -> float:
        """The chance of reaching a pay-off card of rank `target` with what we hold and `fresh` new cards.

        Our own cards are walked greedily along each center's needed ranks; what they leave
        missing must come from Kings or from the fresh cards, sampled from the unseen ones.
        """
        walks = [(s, self._missing_on(s, hand, heights)) for s in set(centers)]
        return self._reach_by(target, walks, self._known_kings(hand, heights), fresh)

    def _known_kings(self, hand: Ranks, heights: tuple[int, ...]) -> int:
        """Kings we can play without drawing: in hand and on top of our side stacks."""
        kings = hand.count(KING)
        stacks = self.stacks
        for j, h in enumerate(heights):
            if h and stacks[j][h - 1] == KING:
                kings += 1
        return kings

    def _reach_by(
        self, target: int, walks: list[tuple[int, list[Ranks]]], known_kings: int, fresh: int
    ) -> float:
        bits = 0
        full = (1 << self.n_fresh) - 1
        needed = self._needed
        for s, walk in walks:
            missing = walk[needed[s][target]]
            deficit = len(missing) - known_kings
            if deficit <= 0:
                return 1.0
            if deficit > fresh:
                continue
            bits |= self._fresh_mask(missing, known_kings, fresh)
            if bits == full:
                break
        return bits.bit_count() / self.n_fresh

    def _missing_on(self, size: int, hand: Ranks, heights: tuple[int, ...]) -> list[Ranks]:
        """What our hand and side tops cannot supply on a center stack of `size`, for every target.

        The ranks a target needs are the first ones of one walk up from `size` (to a Queen,
        then on from an Ace), and the walk is greedy, so one walk serves all thirteen targets:
        entry k is what the first k ranks leave missing. Kept per position: a search asks the
        same stacks again for every pay-off card its next top may be.
        """
        key = (size, hand, heights)
        got = self.missing_memo.get(key)
        if got is not None:
            return got
        counts = _rank_counts(hand)
        stacks = self.stacks
        hs = list(heights)
        tops = self.tops_memo.get(heights)
        if tops is None:
            tops = self.tops_memo[heights] = side_tops(stacks, hs)
        tops = tops[:]
        out: list[int] = []
        last: Ranks = ()
        got = [last]
        for need in RANKS_UP[size]:
            if counts[need]:
                counts[need] -= 1
            elif need in tops:
                uncover(stacks, hs, tops, tops.index(need))  # the first stack showing it
            else:
                out.append(need)
                last = tuple(out)
            got.append(last)
        self.missing_memo[key] = got
        return got

    def _fresh_mask(self, missing: Ranks, known_kings: int, fresh: int) -> int:
        """Which sampled fresh draws supply the missing ranks (with Kings standing in)."""
        key = (missing, known_kings, fresh)
        got = self.fresh_memo.get(key)
        if got is not None:
            return got
        need: dict[int, int] = {}
        for r in missing:
            need[r] = need.get(r, 0) + 1
        want = len(missing) - known_kings
        mask = 0
        table = self.fresh_counts.get(fresh)
        if table is None:
            table = self.fresh_counts[fresh] = [_rank_counts(draw[:fresh]) for draw in self.fresh]
        for i, counts in enumerate(table):
            got_n = counts[KING]
            for r, n in need.items():
                c = counts[r]
                got_n += c if c < n else n
            if got_n >= want:
                mask |= 1 << i
        self.fresh_memo[key] = mask
        return mask

    def reach_known(
        self, target: int, hand: Ranks, heights: tuple[int, ...], centers: tuple[int, int, int]
    ) -> float:
        """A quick guess of reaching `target` with our own cards only (for unseen pay-off tops)."""
        counts = _rank_counts(hand)
        best = 0.0
        for s in set(centers):
            seq = needed_ranks(s, target, self.ks) or ()
            if len(seq) > 9:
                continue
            miss = cover(seq, counts, self.stacks, heights, self.ks, 4)
            score = _REACH_DECAY[miss] * (0.97 ** len(seq))
            if score > best:
                best = score
        return best

    def next_payoff_chance(
        self, hand: Ranks, heights: tuple[int, ...], centers: tuple[int, int, int], fresh: int
    ) -> float:
        """After our pay-off card is played: the chance that the unseen next one can be reached."""
        walks = [(s, self._missing_on(s, hand, heights)) for s in set(centers)]
        kings = self._known_kings(hand, heights)
        total = 0.0
        for r in range(1, 14):
            f = self.pool_frac[r]
            if f:
                total += f * self._reach_by(r, walks, kings, fresh)
        return total

    # ------------------------------------------------------------------ scoring
    def static(
        self,
        hand: Ranks,
        heights: tuple[int, ...],
        centers: tuple[int, int, int],
        live: bool,
        stock: int,
        fresh: int,
    ) -> float:
        """The part of a turn-ending score that does not depend on the discard."""
        w = self.w
        v = -self.threat_weight * self.threat(centers)
        if stock < w.stock_floor:
            v -= w.low_stock * (w.stock_floor - stock)
        fresh = min(HAND_SIZE, fresh)
        if live:
            v += w.reach * self.reach(self.pay_rank, hand, heights, centers, fresh)
        else:  # our next pay-off card is not seen yet: average over what it may be
            v += w.reach * self.next_payoff_chance(hand, heights, centers, fresh)
        v += w.king_hand * hand.count(KING)
        v += w.side_played * (self.side_total0 - sum(heights))
        v += w.hand_played * (len(self.hand0) - len(hand))
        return v

    def features(
        self,
        hand: Ranks,
        heights: tuple[int, ...],
        centers: tuple[int, int, int],
        live: bool,
        stock: int,
        fresh: int,
        fit: float,
        refill: bool,
    ) -> Leaf:
        """What the model scores where a line of the turn stops (see `model.Leaf`)."""
        fresh = min(HAND_SIZE, fresh)
        run = 0.0
        if live:
            reach = self.reach(self.pay_rank, hand, heights, centers, fresh)
        else:
            reach = self.next_payoff_chance(hand, heights, centers, fresh)
            if self.model is not None and self.model.mixture:
                run = self.next_payoff_chance(hand, heights, centers, 0)
        return Leaf(
            max(1, self.pay_count - (0 if live else 1)),
            max(1, self.opp_count),
            self.threat(centers),
            reach,
            stock,
            hand.count(KING),
            fit,
            refill,
            sum(heights),
            self.opp_side_total,
            run,
        )

    def leaf(
        self,
        hand: Ranks,
        heights: tuple[int, ...],
        centers: tuple[int, int, int],
        live: bool,
        stock: int,
        fresh: int,
        fit: float,
        refill: bool,
    ) -> float:
        """The score where a line stops: the model's win minus lose (x1000), or the old weights."""
        if not self.by_model or self.model is None:
            v = self.static(hand, heights, centers, live, stock, fresh) + fit
            return v + self.w.refill if refill else v
        leaf = self.features(hand, heights, centers, live, stock, fresh, fit, refill)
        return 1000.0 * self.model.leaf_chances(leaf, "choice").score

    def best_discard(
        self, hand: Ranks, heights: tuple[int, ...], centers: tuple[int, int, int]
    ) -> tuple[float, Step]:
        """The best card to end the turn with, and where, scored by its side-stack fit.

        `hand` is sorted (every hand a search meets is), so it holds only Kings when its
        lowest card is one."""
        stacks = self.stacks
        only_kings = hand[0] == KING
        fits = self.fit_memo.get((centers, only_kings))
        if fits is None:  # `discard_fit` by rank and side top (0: empty), filled in as asked
            fits = self.fit_memo[(centers, only_kings)] = [None] * 196
        best = -1e18
        best_step: Step = (DISCARD, hand[0], 0)
        seen_empty = False
        tops: list[int] = []
        targets: list[int] = []
        for j, h in enumerate(heights):
            if h == 0:
                if seen_empty:
                    continue
                seen_empty = True
                tops.append(0)
            else:
                tops.append(stacks[j][h - 1])
            targets.append(j)
        last = -1
        for r in hand:
            if r == last:
                continue
            last = r
            row = 14 * r
            for j, t in zip(targets, tops, strict=True):
                d = fits[row + t]
                if d is None:
                    d = fits[row + t] = self.discard_fit(r, t, centers, only_kings)
                if d > best:
                    best = d
                    best_step = (DISCARD, r, j)
        return best, best_step

    def discard_fit(self, r: int, t: int, centers: tuple[int, int, int], only_kings: bool) -> float:
        """How well a card of rank `r` sits on a side stack topped by rank `t` (0: empty)."""
        w = self.w
        if t == 0:
            d = -w.empty + w.empty_high * min(r, 12)
        elif t == KING:
            d = -w.bury_king
        elif r == KING:
            d = 0.0
        elif r == t - 1:
            d = w.run
        elif r == t:
            d = w.same
        elif r < t:
            d = -w.gap * (t - r - 1)
        else:
            soon = min((t - s - 1) % STACK_COMPLETE for s in centers)
            d = -w.bury - w.bury_soon * max(0, 8 - soon)
            if self.pay_rank and t < self.pay_rank:
                d -= w.bury_soon * 2
        if r == KING and not only_kings:
            d -= w.discard_king
        return d

    def draw_value(self, live: bool) -> float:
        """A drawn game (stock exhausted), relative to where the score counts from."""
        if self.by_model:
            return 0.0
        return -self.base - (0.0 if live else self.w.pay)

    # ------------------------------------------------------------------ the search
    def run(self) -> Plan:
        """Search the whole turn from the view's position."""
        live = self.pay_rank > 0
        value, path = self._search(self.hand0, self.heights0, self.centers0, live, self.stock0)
        self.searched = True
        value, path = self._checked(value, path)
        threat = self.threat(self._centers_after(path))
        chances, leaf = self.end_of(path)
        return Plan(path, value, threat, len(self.memo), chances if self.model else None, leaf)

    def prefers(self, a: tuple[float, Path], b: tuple[float, Path]) -> bool:
        """Is line `a` (its score and steps) at least as good as line `b` for this search?

        By the scores, except where exactly one of them plays the pay-off card and the pay
        check is on: then the model's chances decide (see `Weights.pay_check`).
        """
        margin = self.w.pay_check
        a_pays, b_pays = pays(a[1]), pays(b[1])
        if margin is None or self.model is None or a_pays == b_pays:
            return a[0] >= b[0]
        paying, other = (a, b) if a_pays else (b, a)
        pay = self.end_of(paying[1], "choice")[0].score >= self.end_of(other[1], "choice")[0].score - margin
        return pay if a_pays else not pay

    def _checked(self, value: float, path: Path, first: Step | None = None) -> tuple[float, Path]:
        """The pay check: a line that leaves a reachable pay-off card in place gives way to
        the best line that plays it (starting with `first`, when given) if the chances say so."""
        if self.w.pay_check is None or self.model is None or pays(path):
            return value, path
        paying = self.paying_line(first)
        if paying is not None and self.prefers(paying, (value, path)):
            return paying
        return value, path

    def paying_line(self, first: Step | None = None) -> tuple[float, Path] | None:
        """The best line (and its score) among those that play the pay-off card now (and
        start with `first`, when given), or None when none does. Searched apart on the same
        scores with a bonus for paying: the memo is set aside and restored."""
        if self.pay_rank == 0 or (self.searched and not self.pay_seen):
            return None  # no line of the turn reaches it: searching again would find none
        memo, bonus = self.memo, self.pay_bonus
        self.memo, self.pay_bonus = {}, bonus + _PAYING
        try:
            if first is None:
                v, path = self._search(self.hand0, self.heights0, self.centers0, True, self.stock0)
            else:
                v, path = self._line_after(first)
        finally:
            self.memo, self.pay_bonus = memo, bonus
        if not pays(path):
            return None
        return (v if v >= WIN else v - _PAYING), path  # a line pays at most once: take the bonus back

    def end_of(self, path: Path, use: Use = "line") -> tuple[Chances, Leaf | None]:
        """The chances (and the model's inputs) where `path` stops, replaying it from the root:
        as told ("line"), or as the expert's choices weigh them ("choice").

        A line that plays the pay-off card stops there in a plan (the next top is unseen); it
        is followed on as the search scored it, to the discard or refill that ends it.
        """
        hand = list(self.hand0)
        heights = list(self.heights0)
        c = self.centers0
        live = self.pay_rank > 0
        stock = self.stock0
        fit = 0.0
        refill = False
        steps = list(path)
        i = 0
        while i < len(steps):
            kind, a, b = steps[i]
            i += 1
            if kind == DISCARD:
                if stock < self.opp_need:
                    return DRAWN, None
                h = heights[b]
                t = self.stacks[b][h - 1] if h else 0
                fit = self.discard_fit(a, t, c, all(r == KING for r in hand))
                break  # scored as the search scores it: with the discard still in hand
            c, stock = _after(c, b, stock)
            if kind == PAY:
                if self.pay_count <= 1:
                    return WON, None
                live = False
                if i == len(steps):
                    key = (tuple(sorted(hand)), tuple(heights), c, False, stock)
                    steps.extend(self._search(*key)[1])
            elif kind == SIDE:
                heights[a] -= 1
            else:
                hand.remove(a)
                if not hand:
                    if stock < HAND_SIZE:
                        return DRAWN, None
                    stock -= HAND_SIZE
                    refill = True
        fresh = HAND_SIZE if refill else HAND_SIZE + 1 - len(hand)
        leaf = self.features(tuple(sorted(hand)), tuple(heights), c, live, stock, fresh, fit, refill)
        if self.model is None:
            return DRAWN, leaf
        return self.model.leaf_chances(leaf, use), leaf

    def other_discards(self, path: Path) -> list[tuple[float, Path]]:
        """`path` (a line that ends the turn) with each other way to end it where it does:
        every distinct card of the hand onto every side stack, scored as the search scores them."""
        hand = list(self.hand0)
        heights = list(self.heights0)
        centers = self.centers0
        live = self.pay_rank > 0
        stock = self.stock0
        prefix = path[:-1]
        for kind, a, b in prefix:
            if kind == DISCARD:
                return []
            centers, stock = _after(centers, b, stock)
            if kind == PAY:
                live = False
            elif kind == SIDE:
                heights[a] -= 1
            else:
                hand.remove(a)
        if not hand or stock < self.opp_need:
            return []
        held = tuple(sorted(hand))
        nh = tuple(heights)
        only_kings = all(r == KING for r in held)
        fresh = HAND_SIZE + 1 - len(held)
        lines: list[tuple[float, Path]] = []
        seen_empty = False
        for j, h in enumerate(nh):
            if h == 0:
                if seen_empty:
                    continue  # empty side stacks are interchangeable
                seen_empty = True
            t = self.stacks[j][h - 1] if h else 0
            for r in sorted(set(held)):
                fit = self.discard_fit(r, t, centers, only_kings)
                value = self.leaf(held, nh, centers, live, stock, fresh, fit, False)
                lines.append((value, (*prefix, (DISCARD, r, j))))
        return lines

    def line_after(self, step: Step) -> tuple[float, Path]:
        """The value of the best line for the rest of the turn that starts with `step`.

        Scored exactly as `run` scores its lines (and sharing its memo), so the step `run`
        chooses gets `run`'s value and every other step is compared on the same scale; the
        pay check applies as in `run` (compare two lines with `prefers`).
        """
        value, path = self._line_after(step)
        return self._checked(value, path, step)

    def _line_after(self, step: Step) -> tuple[float, Path]:
        kind, a, b = step
        hand, heights, centers, stock = self.hand0, self.heights0, self.centers0, self.stock0
        live = self.pay_rank > 0
        if kind == DISCARD:
            if stock < self.opp_need:
                return self.draw_value(live), (step,)
            h = heights[b]
            t = self.stacks[b][h - 1] if h else 0
            d = self.discard_fit(a, t, centers, all(r == KING for r in hand))
            fresh = HAND_SIZE + 1 - len(hand)
            return self.leaf(hand, heights, centers, live, stock, fresh, d, False), (step,)
        nc, stock = _after(centers, b, stock)
        if kind == PAY:
            if self.pay_count <= 1:
                return WIN, (step,)
            cont, _p = self._search(hand, heights, nc, False, stock)
            return self.pay_bonus + cont, (step,)
        if kind == SIDE:
            nh = (*heights[:a], heights[a] - 1, *heights[a + 1 :])
            v, p = self._search(hand, nh, nc, live, stock)
            return v, (step, *p)
        k = hand.index(a)
        rest = hand[:k] + hand[k + 1 :]
        if rest:
            v, p = self._search(rest, heights, nc, live, stock)
            return v, (step, *p)
        if stock < HAND_SIZE:
            return self.draw_value(live), (step,)
        return self.leaf(rest, heights, nc, live, stock - HAND_SIZE, HAND_SIZE, 0.0, True), (step,)

    def centers_after(self, path: Path) -> tuple[int, int, int]:
        """The center sizes after playing `path` from the view's position."""
        return self._centers_after(path)

    def _centers_after(self, path: Path) -> tuple[int, int, int]:
        c = list(self.centers0)
        for kind, _a, b in path:
            if kind != DISCARD:
                c[b] = SIZE_AFTER[c[b]]
        return (c[0], c[1], c[2])

    def _search(
        self, hand: Ranks, heights: tuple[int, ...], centers: tuple[int, int, int], live: bool, stock: int
    ) -> tuple[float, Path]:
        key = (hand, heights, centers, live)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.memo[key] = (-1e18, ())  # guards against cycles (there are none: every move plays a card)
        if self.node_limit is not None:
            self.visited += 1
            if self.visited > self.node_limit:
                raise SearchLimit
        ks = self.ks
        best_v = -1e18
        best_p: Path = ()
        if hand:
            if stock < self.opp_need:
                best_v = self.draw_value(live)
                _d, step = self.best_discard(hand, heights, centers)
                best_p = (step,)
            else:
                d, step = self.best_discard(hand, heights, centers)
                fresh = HAND_SIZE + 1 - len(hand)
                best_v = self.leaf(hand, heights, centers, live, stock, fresh, d, False)
                best_p = (step,)

        # one target per distinct center size: equal stacks are interchangeable
        targets = [i for i in range(3) if centers[i] not in centers[:i]]

        fits = _FITS[ks]

        if live:
            for i in targets:
                if fits[self.pay_rank][centers[i]]:
                    self.pay_seen = True
                    nc, ns = _after(centers, i, stock)
                    if self.pay_count <= 1:
                        v = WIN
                    else:
                        cont, _p = self._search(hand, heights, nc, False, ns)
                        v = self.pay_bonus + cont
                    if v > best_v:
                        best_v, best_p = v, ((PAY, 0, i),)
        for j, h in enumerate(heights):
            if not h:
                continue
            r = self.stacks[j][h - 1]
            for i in targets:
                if fits[r][centers[i]]:
                    nc, ns = _after(centers, i, stock)
                    nh = (*heights[:j], h - 1, *heights[j + 1 :])
                    v, p = self._search(hand, nh, nc, live, ns)
                    if v > best_v:
                        best_v, best_p = v, ((SIDE, j, i), *p)
        last = -1
        for k, r in enumerate(hand):
            if r == last:
                continue
            last = r
            rest = hand[:k] + hand[k + 1 :]
            for i in targets:
                if fits[r][centers[i]]:
                    nc, ns = _after(centers, i, stock)
                    if rest:
                        v, p = self._search(rest, heights, nc, live, ns)
                    elif ns < HAND_SIZE:
                        v, p = self.draw_value(live), ()
                    else:
                        v = self.leaf(rest, heights, nc, live, ns - HAND_SIZE, HAND_SIZE, 0.0, True)
                        p = ()
                    if v > best_v:
                        best_v, best_p = v, ((HAND, r, i), *p)
        result = (best_v, best_p)
        self.memo[key] = result
        return result


def _after(centers: tuple[int, int, int], i: int, stock: int) -> tuple[tuple[int, int, int], int]:
    """The center sizes and the stock after a card goes onto center `i`: a stack it completes
    goes back into the stock."""
    n = SIZE_AFTER[centers[i]]
    if n == 0:
        stock += STACK_COMPLETE
    if i == 0:
        return (n, centers[1], centers[2]), stock
    if i == 1:
        return (centers[0], n, centers[2]), stock
    return (centers[0], centers[1], n), stock


def pays(path: Path) -> bool:
    """Does the line play the pay-off card? (At most once: the next top is unseen.)"""
    return any(kind == PAY for kind, _a, _b in path)


def _rank_counts(cards: Iterable[int]) -> list[int]:
    """How many cards of each rank (index 1..13) `cards` holds."""
    counts = [0] * 14
    for r in cards:
        counts[r] += 1
    return counts


def _listed(counts: list[int]) -> list[int]:
    """The cards of these counts per rank (index 1..13), one entry each, listed by rank."""
    return [r for r in range(1, 14) for _ in range(counts[r])]


def _weighted_sample(pool: list[int], weight: list[float], k: int, rng: random.Random) -> list[int]:
    """k ranks drawn without replacement from the unseen cards (`pool`: counts per rank),
    each card with chance proportional to the weight of its rank (see `_RankUrn`)."""
    return _RankUrn(pool, weight).draw(k, rng)


class _RankUrn:
    """The unseen cards as an urn to draw weighted ranks from, set up once per search.

    The same draws, from the same random numbers, as `rng.choices` picking one card at a time
    from the unseen cards listed by rank (one `random()` per card, found among the running
    weights), but worked out per rank: thirteen groups instead of a hundred cards. With
    whole-number weights (a King bias of 4, say) every running sum is a whole number, so taking
    a drawn card's weight off the sums above it gives exactly the sums of the smaller urn
    added up anew, in any order: the draws are exactly those of the card-by-card scan.
    """

    __slots__ = ("counts", "running", "size", "weight")

    def __init__(self, pool: list[int], weight: list[float]) -> None:
        self.counts = pool[:]
        self.weight = weight
        self.running = list(accumulate(pool[r] * weight[r] for r in range(1, 14)))
        self.size = sum(pool[1:])

    def draw(self, k: int, rng: random.Random) -> list[int]:
        """k ranks without replacement; the urn is left as it was."""
        running = self.running
        weight = self.weight
        total = running[-1]
        counts: list[int] | None = None
        out: list[int] = []
        for n in range(min(k, self.size)):
            x = rng.random() * total
            i = bisect_right(running, x)
            if i < 13:
                pick = i + 1
            else:  # x at the very top (rounding) takes the last card left, as `choices` does
                if counts is None:
                    counts = self.counts[:]
                    for r in out:
                        counts[r] -= 1
                pick = max(r for r in range(1, 14) if counts[r])
            out.append(pick)
            if counts is not None:
                counts[pick] -= 1
            if n + 1 < k:
                wp = weight[pick]
                total -= wp
                if running is self.running:
                    running = running[:]
                for j in range(pick - 1, 13):
                    running[j] -= wp
        return out

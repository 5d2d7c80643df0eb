"""The middle level: one move at a time, always towards its own pay-off card.

Greedy looks one move ahead and no further. It is the yardstick the expert is measured
against, and a fair opponent for a beginner: it never misses a pay-off card it can play
now or with one move, but it never plans a sequence, and it does not watch the opponent.
"""

from __future__ import annotations

from ..engine.cards import KING, RANK_OF, STACK_COMPLETE, Card
from ..engine.i18n import _, ngettext
from ..engine.moves import Move
from ..engine.rules import SIZE_AFTER, fits
from ..engine.state import PlayerView
from .base import Bot, require_turn
from .sim import needed_ranks


def payoff_distance(size: int, payoff: int, kings_start_stacks: bool) -> int:
    """How many cards a center stack of `size` needs before the pay-off card fits."""
    need = needed_ranks(size, payoff, kings_start_stacks)
    return len(need) if need is not None else 99


class GreedyBot(Bot):
    """Plays its pay-off card whenever it can, else builds towards it, else discards sensibly."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Move:
        moves = require_turn(view)
        me = view.player
        top = view.payoff_tops[me]
        ks = view.rules.kings_start_stacks
        sizes = view.center_sizes()
        payoff = RANK_OF[top] if top is not None else 0

        # 1. the pay-off card itself
        for m in moves:
            if m.source == "P":
                left = view.payoff_counts[me] - 1
                self._why = lambda m=m, left=left: (
                    _("plays the last pay-off card {card} to {pile} and wins")
                    if left == 0
                    else ngettext(
                        "plays the pay-off {card} to {pile}: {n} pay-off card left after it",
                        "plays the pay-off {card} to {pile}: {n} pay-off cards left after it",
                        left,
                    )
                ).format(card=m.card.display, pile=m.target, n=left)
                return m
        if top is None:  # cannot happen while the game goes on; keep the type checker honest
            return self._discard(view, moves)

        # 2. a move after which the pay-off card fits (non-Kings first, a King only for this)
        center_moves = [m for m in moves if m.to_center]
        for allow_king in (False, True):
            for m in center_moves:
                if (RANK_OF[m.card] == KING) != allow_king:
                    continue
                after = _size_after(sizes[m.target_index])
                if fits(top, after, ks):
                    self._why = lambda m=m, top=top: _(
                        "plays {card} to {pile} so the pay-off {payoff} can follow"
                    ).format(card=m.card.display, pile=m.target, payoff=top.display)
                    return m

        # 3. a non-King card that brings a center stack closer to the pay-off card;
        #    side-stack tops first (that unburies cards), then the hand
        nearest = min(payoff_distance(s, payoff, ks) for s in sizes)
        best: Move | None = None
        best_key: tuple[int, int] | None = None
        for m in center_moves:
            if RANK_OF[m.card] == KING:
                continue
            size = sizes[m.target_index]
            before = payoff_distance(size, payoff, ks)
            after = payoff_distance(_size_after(size), payoff, ks)
            if after < before and before == nearest:
                key = (before, 0 if m.source[0] == "S" else 1)
                if best_key is None or key < best_key:
                    best, best_key = m, key
        if best is not None:
            self._why = lambda m=best, top=top: _(
                "plays {card} to {pile}, one step closer to the pay-off {payoff}"
            ).format(card=m_display(m), pile=m.target, payoff=top.display)
            return best
        return self._discard(view, moves)

    def _discard(self, view: PlayerView, moves: list[Move]) -> Move:
        """End the turn: keep Kings, build descending runs, never bury a card needed soon."""
        me = view.player
        tops = view.side_tops()
        sizes = view.center_sizes()
        top = view.payoff_tops[me]
        payoff = RANK_OF[top] if top is not None else 0
        discards = [m for m in moves if m.ends_turn]
        kings_only = all(RANK_OF[m.card] == KING for m in discards)

        def score(m: Move) -> tuple[int, int]:
            r = RANK_OF[m.card]
            t = tops[m.target_index]
            penalty = 0
            if r == KING and not kings_only:
                penalty += 1000  # keep Kings: they are wild
            if t is None:
                penalty += 30 - 2 * r  # an empty stack is best started with a high card
            else:
                tr = RANK_OF[t]
                if r == tr - 1:
                    penalty += 0  # a descending run: both come off in order
                elif r == tr:
                    penalty += 5
                elif r < tr:
                    penalty += 10 + (tr - r)
                else:
                    # burying a lower card; worst if it is needed soon
                    soon = min(_steps_until_needed(tr, s) for s in sizes)
                    penalty += 60 + max(0, 12 - soon) * 3
                    if tr == KING:
                        penalty += 200
            if payoff > 0 and r < payoff and payoff - r <= 2:
                penalty += 8  # a card just below the pay-off card is worth keeping in hand
            return (penalty, -r)

        choice = min(discards, key=score)
        target = tops[choice.target_index]
        self._why = lambda: _discard_words(choice, target)
        return choice


def _size_after(size: int) -> int:
    """A center stack's size after one more card (a complete stack is cleared)."""
    return SIZE_AFTER[size]


def _steps_until_needed(rank: int, size: int) -> int:
    """How many cards go on a center stack of `size` before a card of `rank` fits it."""
    return (rank - size - 1) % STACK_COMPLETE


def m_display(m: Move) -> str:
    """The card of a move as shown on the table, with where it comes from."""
    card: Card = m.card
    if m.source == "H":
        return card.display
    return _("{card} from {pile}").format(card=card.display, pile=m.source)


def _discard_words(choice: Move, target: Card | None) -> str:
    """ "ends the turn with 9♠ on 7♥ on S2", in the language in force."""
    if target is None:
        return _("ends the turn with {card} on the empty {pile}").format(
            card=choice.card.display, pile=choice.target
        )
    return _("ends the turn with {card} on {under} on {pile}").format(
        card=choice.card.display, under=target.display, pile=choice.target
    )

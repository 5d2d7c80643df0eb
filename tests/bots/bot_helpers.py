"""Positions for bot tests: hand-built decks, and views of chosen positions.

A bot sees only a `PlayerView`, so a scripted situation is simply a view: the real engine
type, filled with the piles the test wants. `build_deck` makes a real 104-card deal when a
test needs a whole `Game` (for hidden-information checks and full games).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from spite_widget import Game, Move, PlayerView
from spite_widget.engine.cards import ALL_CARDS, Card
from spite_widget.engine.rules import Rules


def build_deck(
    payoff_tops: tuple[Sequence[str], Sequence[str]] = ((), ()),
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    stock_top: Sequence[str] = (),
    filler_seed: int = 0,
) -> list[str]:
    """A valid deal: these pay-off cards on top (face-up first), these hands, these next draws.

    The other cards fill the rest in an order fixed by `filler_seed`, so two decks with
    the same chosen cards but different seeds differ only in what no one can see.
    """
    import random

    chosen = [*payoff_tops[0], *payoff_tops[1], *hands[0], *hands[1], *stock_top]
    wanted = Counter(Card(c) for c in chosen)
    if any(n > 2 for n in wanted.values()):
        raise ValueError(f"a card appears more than twice in {chosen}")
    spare = Counter({c: 2 for c in ALL_CARDS}) - wanted
    rest = sorted(spare.elements())
    random.Random(filler_seed).shuffle(rest)
    take = iter(rest)

    def pile(top: Sequence[str], size: int) -> list[str]:
        below = [next(take) for _ in range(size - len(top))]
        return below + list(reversed(top))  # bottom to top: the first given card ends on top

    pay0 = pile(payoff_tops[0], 20)
    pay1 = pile(payoff_tops[1], 20)
    hand0 = list(hands[0]) + [next(take) for _ in range(5 - len(hands[0]))]
    hand1 = list(hands[1]) + [next(take) for _ in range(5 - len(hands[1]))]
    stock: list[str] = list(take)
    stock += [str(c) for c in reversed(stock_top)]  # the first card drawn is the last element
    deck = pay0 + pay1 + hand0 + hand1 + stock
    assert len(deck) == 104
    return deck


def make_view(
    *,
    hand: Sequence[str],
    payoff: str | None,
    centers: Sequence[int] = (0, 0, 0),
    sides: Sequence[Sequence[str]] = ((), (), (), ()),
    opp_payoff: str | None = "Qs",
    opp_sides: Sequence[Sequence[str]] = ((), (), (), ()),
    payoff_count: int = 10,
    opp_payoff_count: int = 10,
    stock_count: int = 30,
    player: int = 0,
) -> PlayerView:
    """The view of the player to move in a chosen position.

    Center stacks are given by size; they are filled with cards of the right ranks (the
    bots only ever look at their sizes and at which cards are out of play).
    """
    rank_chars = "A23456789TJQ"
    suits = "cdhs"
    piles = tuple(
        tuple(Card(rank_chars[i] + suits[(k + i) % 4]) for i in range(n)) for k, n in enumerate(centers)
    )
    me_sides = tuple(tuple(Card(c) for c in s) for s in sides)
    other_sides = tuple(tuple(Card(c) for c in s) for s in opp_sides)
    all_sides = (me_sides, other_sides) if player == 0 else (other_sides, me_sides)
    tops = (Card(payoff) if payoff else None, Card(opp_payoff) if opp_payoff else None)
    counts = (payoff_count, opp_payoff_count)
    if player == 1:
        tops = (tops[1], tops[0])
        counts = (counts[1], counts[0])
    return PlayerView(
        player=player,
        current_player=player,
        ply=40,
        hand=tuple(Card(c) for c in hand),
        hand_sizes=(len(hand), 4) if player == 0 else (4, len(hand)),
        payoff_tops=tops,
        payoff_counts=counts,
        sides=all_sides,
        centers=(piles[0], piles[1], piles[2]),
        stock_count=stock_count,
        result=None,
        rules=Rules(),
    )


def after(view: PlayerView, move: Move | str, next_payoff: str | None = None) -> PlayerView:
    """The view after a move to a center that draws nothing unseen (a test's next position).

    A pay-off play reveals `next_payoff`; a completed center stack is cleared.
    """
    m = move if isinstance(move, Move) else Move.parse(move)
    assert m.to_center, "only moves within the turn"
    me = view.player
    hand = list(view.hand)
    sides = [list(s) for s in view.sides[me]]
    tops = list(view.payoff_tops)
    counts = list(view.payoff_counts)
    if m.source == "H":
        hand.remove(m.card)
    elif m.source == "P":
        tops[me] = Card(next_payoff) if next_payoff else None
        counts[me] -= 1
    else:
        sides[m.source_index].pop()
    centers = [list(c) for c in view.centers]
    centers[m.target_index].append(m.card)
    if len(centers[m.target_index]) == 12:
        centers[m.target_index] = []
    all_sides = list(view.sides)
    all_sides[me] = tuple(tuple(s) for s in sides)
    sizes = list(view.hand_sizes)
    sizes[me] = len(hand)
    return dataclasses.replace(
        view,
        ply=view.ply + 1,
        hand=tuple(hand),
        hand_sizes=(sizes[0], sizes[1]),
        payoff_tops=(tops[0], tops[1]),
        payoff_counts=(counts[0], counts[1]),
        sides=(all_sides[0], all_sides[1]),
        centers=(tuple(centers[0]), tuple(centers[1]), tuple(centers[2])),
    )


def new_game(deck: Sequence[str], first_player: int = 0) -> Game:
    """A game on a hand-built deal."""
    return Game.new(deck=deck, first_player=first_player)


def issue_view() -> PlayerView:
    """Issue 11's position: 10♣ on top, K♣ in hand, C3 at 8 cards: K♣ then 10♣ on C3 plays the
    pay-off card (the old expert put 7♥ on S1 instead, to block the opponent's Q♥)."""
    return make_view(
        hand=["5h", "4c", "7h", "7h", "Kc"],
        payoff="Tc",
        payoff_count=13,
        centers=(1, 0, 8),
        sides=(["7c"], [], [], []),
        opp_payoff="Qh",
        opp_payoff_count=19,
        stock_count=41,
    )

"""Hand-made decks for tests: choose the cards that matter, the rest is filled in.

`deal()` returns a valid two-pack deck (104 cards, each card twice) laid out per RULES.md
(`deck[0:20]` pay-off 0 bottom to top, `deck[20:40]` pay-off 1, `deck[40:45]` hand 0,
`deck[45:50]` hand 1, `deck[50:]` the stock, bottom to top).

Every pile is given in the order its cards come off it, which is how a test reads:
- `payoffs[p]`: the top of player p's pay-off pile, face-up card first;
- `hands[p]`: up to 5 cards of player p's hand (hand order is kept);
- `draws`: the next cards drawn from the stock, first drawn first;
- `last_draws`: the cards at the bottom of the stock, the very last card drawn last.

The filler is chosen so it cannot interfere: Aces, 2s and Kings go to the bottom of the
pay-off piles (then the bottom of the stock), so the hands and the top of the stock hold
only 3s to Queens unless a test puts something else there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence

from spite_widget import Game, Move
from spite_widget.engine.cards import ALL_CARDS, Card

_FILL_FIRST = "AK2"


def deal(
    payoffs: tuple[Sequence[str], Sequence[str]] = ((), ()),
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    draws: Sequence[str] = (),
    last_draws: Sequence[str] = (),
) -> list[Card]:
    """A 104-card deck with these pay-off tops, hands and first draws; the rest filled in."""
    if (
        any(len(p) > 20 for p in payoffs)
        or any(len(h) > 5 for h in hands)
        or len(draws) + len(last_draws) > 54
    ):
        raise ValueError("a pay-off pile holds 20 cards, a hand 5 and the stock 54")
    given = [*payoffs[0], *payoffs[1], *hands[0], *hands[1], *draws, *last_draws]
    chosen = Counter(Card(c) for c in given)
    over = [c for c, n in chosen.items() if n > 2]
    if over:
        raise ValueError(f"each card is in the deck twice only: {over}")
    spare = Counter({c: 2 for c in ALL_CARDS}) - chosen
    filler = sorted(spare.elements(), key=lambda c: (c[0] not in _FILL_FIRST, ALL_CARDS.index(c)))
    take = iter(filler)

    def pile(top_first: Sequence[str], size: int) -> list[Card]:
        fill = [next(take) for _ in range(size - len(top_first))]
        return fill + [Card(c) for c in reversed(top_first)]  # bottom to top

    pay0 = pile(payoffs[0], 20)
    pay1 = pile(payoffs[1], 20)
    bottom = [Card(c) for c in reversed(last_draws)]
    stock = bottom + pile(draws, 54 - len(bottom))  # filled before the hands: drawn last
    hand0 = [Card(c) for c in hands[0]] + [next(take) for _ in range(5 - len(hands[0]))]
    hand1 = [Card(c) for c in hands[1]] + [next(take) for _ in range(5 - len(hands[1]))]
    deck = pay0 + pay1 + hand0 + hand1 + stock
    assert len(deck) == 104 and Counter(deck) == Counter({c: 2 for c in ALL_CARDS})
    return deck


def ladder(suit: str, top: str = "Q", start: str = "A") -> list[str]:
    """Cards of one suit from `start` up to `top` in rank order: ladder("h", "4") = Ah 2h 3h 4h."""
    ranks = "A23456789TJQK"
    return [r + suit for r in ranks[ranks.index(start) : ranks.index(top) + 1]]


def end_turns(game: Game, until: Callable[[Game], bool], keep: Collection[str] = ()) -> None:
    """Each player in turn puts a hand card on side stack S1 (never a card in `keep`)
    until `until(game)` holds; each such turn draws one card for the next player."""
    for _ in range(200):
        if until(game):
            return
        if game.is_over:
            raise AssertionError("the game ended before the position was reached")
        hand = game.state.hands[game.current_player]
        card = next(c for c in hand if c not in keep)
        game.play(f"H:{card}>S1")
    raise AssertionError("the position was never reached")


def random_game(seed: int, plies: int | None = None, center_bias: float = 0.9) -> Game:
    """A game of seeded random play: a center move with probability `center_bias` when
    there is one (so stacks get completed and games get won), else any legal move."""
    rng = random.Random(seed)
    g = Game.new(seed=seed, first_player=seed % 2)
    while not g.is_over and (plies is None or g.ply < plies):
        g.play(random_move(g, rng, center_bias))
    return g


def played_to_the_end(seed: int = 2, players: Sequence[str] | None = None) -> Game:
    """A game played to its end: the first center move whenever there is one, else the last
    legal move (with seed 2, a draw when the stock runs out)."""
    game = Game.new(seed=seed, players=players)
    while not game.is_over:
        moves = game.legal_moves()
        center = [m for m in moves if m.to_center]
        game.play(center[0] if center else moves[-1])
    return game


def random_move(g: Game, rng: random.Random, center_bias: float = 0.9) -> Move:
    moves = g.legal_moves()
    center = [m for m in moves if m.to_center]
    return rng.choice(center if center and rng.random() < center_bias else moves)

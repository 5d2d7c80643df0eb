"""A position as one line of text, and the checks that make a position playable.

The text form (`GameState.to_text()`), fields separated by spaces, piles bottom to top,
each card in its two-character notation and `-` for an empty pile:

    spite p0:<pay-off>/<hand>/<S1>,<S2>,<S3>,<S4> p1:<same> c:<C1>,<C2>,<C3> stock:<stock>
          to:<player to move> ply:<moves played> rules:<- or k> result:<- | won-0-13 | draw>

(on one line). `rules:k` means Kings may start an empty stack. For example the deal of a
game begins `spite p0:9c4dTs...` and ends `to:0 ply:0 rules:- result:-`. Lessons,
puzzles, tests and bug reports paste positions in this form; it round-trips exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import ALL_CARDS, Card
from .rules import Rules, fits, is_complete
from .state import GameState, PlayerView, Result
from .whole import as_seed

TEXT_TAG = "spite"
_FIELDS = ("p0", "p1", "c", "stock", "to", "ply", "rules", "result")


def _pile(cards: Sequence[Card]) -> str:
    return "".join(cards) or "-"


def to_text(state: GameState) -> str:
    """The position as one line of text (see the module's docstring)."""
    players = [
        f"p{p}:{_pile(state.payoffs[p])}/{_pile(state.hands[p])}/{','.join(_pile(s) for s in state.sides[p])}"
        for p in (0, 1)
    ]
    r = state.result
    result = "-" if r is None else "draw" if r.winner is None else f"won-{r.winner}-{r.points}"
    return " ".join(
        [
            TEXT_TAG,
            *players,
            f"c:{','.join(_pile(c) for c in state.centers)}",
            f"stock:{_pile(state.stock)}",
            f"to:{state.current_player}",
            f"ply:{state.ply}",
            f"rules:{'k' if state.rules.kings_start_stacks else '-'}",
            f"result:{result}",
        ]
    )


def _cards(text: str, what: str) -> tuple[Card, ...]:
    if text == "-":
        return ()
    if len(text) % 2:
        raise ValueError(f"{what}: {text!r} is not a run of two-character cards such as 'Ah7c'")
    try:
        return tuple(Card(text[i : i + 2]) for i in range(0, len(text), 2))
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def _piles(text: str, count: int, what: str) -> tuple[tuple[Card, ...], ...]:
    parts = text.split(",")
    if len(parts) != count:
        raise ValueError(f"{what} must list {count} piles separated by commas, not {len(parts)}")
    return tuple(_cards(p, f"{what} {i + 1}") for i, p in enumerate(parts))


def from_text(text: str) -> GameState:
    """Read a position written by `to_text`; ValueError names the field that is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a position is a line of text, not {type(text).__name__}")
    words = text.split()
    if not words or words[0] != TEXT_TAG:
        raise ValueError(f"a position starts with {TEXT_TAG!r}: {text[:40]!r}")
    fields: dict[str, str] = {}
    for word in words[1:]:
        name, colon, value = word.partition(":")
        if not colon or name not in _FIELDS or name in fields:
            raise ValueError(f"{word[:40]!r} is not a field of a position (or is given twice)")
        fields[name] = value
    missing = [f for f in _FIELDS if f not in fields]
    if missing:
        raise ValueError(f"the position lacks {', '.join(missing)}")
    seats = []
    for p in (0, 1):
        parts = fields[f"p{p}"].split("/")
        if len(parts) != 3:
            raise ValueError(f"p{p} must be <pay-off>/<hand>/<side stacks>")
        seats.append(
            (
                _cards(parts[0], f"player {p}'s pay-off pile"),
                _cards(parts[1], f"player {p}'s hand"),
                _piles(parts[2], 4, f"player {p}'s side stack"),
            )
        )
    centers = _piles(fields["c"], 3, "center stack")
    stock = _cards(fields["stock"], "the stock")
    if fields["to"] not in ("0", "1"):
        raise ValueError(f"to must be 0 or 1, not {fields['to']!r}")
    if not (fields["ply"].isascii() and fields["ply"].isdigit()):  # not "²", not "١٢"
        raise ValueError(f"ply must be a whole number, not {fields['ply']!r}")
    if fields["rules"] not in ("-", "k"):
        raise ValueError(f"rules must be - or k (Kings start stacks), not {fields['rules']!r}")
    state = GameState(
        payoffs=(seats[0][0], seats[1][0]),
        hands=(seats[0][1], seats[1][1]),
        sides=(seats[0][2], seats[1][2]),
        centers=(centers[0], centers[1], centers[2]),
        stock=stock,
        current_player=int(fields["to"]),
        ply=int(fields["ply"]),
        result=_result(fields["result"]),
        rules=Rules(kings_start_stacks=fields["rules"] == "k"),
    )
    check_state(state)
    return state


def _result(text: str) -> Result | None:
    if text == "-":
        return None
    if text == "draw":
        return Result(None, 0, "stock-exhausted")
    parts = text.split("-")
    if (
        len(parts) != 3
        or parts[0] != "won"
        or parts[1] not in ("0", "1")
        or not (parts[2].isascii() and parts[2].isdigit())
    ):
        raise ValueError(f"result must be -, draw or won-<player>-<points>, not {text!r}")
    return Result(int(parts[1]), int(parts[2]), "payoff-emptied")


def check_state(state: GameState) -> None:
    """Refuse a position no game can reach the way it is laid out: not two packs, piles
    too big, a center stack built wrongly. ValueError says what is off."""
    cards = [
        c
        for pile in (
            *state.payoffs,
            *state.hands,
            *state.sides[0],
            *state.sides[1],
            *state.centers,
            state.stock,
        )
        for c in pile
    ]
    counts = Counter(cards)
    off = [f"{c} {counts.get(c, 0)} times" for c in ALL_CARDS if counts.get(c, 0) != 2]
    if off or len(cards) != 104:
        raise ValueError(f"a position holds two packs (each card twice); here {', '.join(off[:5])}")
    for p in (0, 1):
        if len(state.payoffs[p]) > 20:
            raise ValueError(f"player {p}'s pay-off pile holds {len(state.payoffs[p])} cards (at most 20)")
        if len(state.hands[p]) > 5:
            raise ValueError(f"player {p}'s hand holds {len(state.hands[p])} cards (at most 5)")
        if len(state.sides[p]) != 4:
            raise ValueError(f"player {p} has {len(state.sides[p])} side stacks, not 4")
    for i, center in enumerate(state.centers):
        if is_complete(len(center)):
            raise ValueError(f"C{i + 1} holds {len(center)} cards: a complete stack goes back to the stock")
        for size, card in enumerate(center):
            if not fits(card, size, state.rules.kings_start_stacks):
                raise ValueError(f"C{i + 1} is not built from the Ace up: {card} cannot lie on {size} cards")
    if state.current_player not in (0, 1) or state.ply < 0:
        raise ValueError("the player to move is 0 or 1 and the ply a whole number >= 0")
    r = state.result
    if r is not None and r.winner is not None:
        if state.payoffs[r.winner]:
            raise ValueError(f"player {r.winner} won, so their pay-off pile must be empty")
        left = len(state.payoffs[1 - r.winner])
        if r.points != left:
            raise ValueError(
                f"player {r.winner} won {r.points} points, but a win scores the cards left in the other "
                f"pay-off pile: {left}"
            )
    if r is not None and r.winner is None and state.stock:
        raise ValueError(
            f"a draw comes when the stock runs dry, and the stock holds {len(state.stock)} cards"
        )
    if r is None:
        emptied = [p for p in (0, 1) if not state.payoffs[p]]
        if emptied:
            raise ValueError(
                f"player {emptied[0]}'s pay-off pile is empty, so the game is over: result:won-{emptied[0]}-"
                f"{len(state.payoffs[1 - emptied[0]])}"
            )


def _seen(view: PlayerView) -> list[Card]:
    """Every card `view` shows its player: the hand, the pay-off tops, the side and center stacks."""
    known: list[Card] = [*view.hand]
    for p in (0, 1):
        top = view.payoff_tops[p]
        if top is not None:
            known.append(top)
        for side in view.sides[p]:
            known += side
    for center in view.centers:
        known += center
    return known


_TWO_PACKS: Counter[Card] = Counter({c: 2 for c in ALL_CARDS})


def _unseen_and_extra(view: PlayerView) -> tuple[list[Card], Counter[Card]]:
    """The cards of two packs `view` does not show, and the cards it shows more often than
    two packs hold (a made-up view)."""
    known = Counter(_seen(view))
    return list((_TWO_PACKS - known).elements()), known - _TWO_PACKS


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards of two packs that `view` does not show its player (a made-up view may show
    more of a card than two packs hold: those are simply not unseen)."""
    return _unseen_and_extra(view)[0]


def deal_unseen(
    view: PlayerView, seed: int | None = None, other_hand: Sequence[Card] | None = None
) -> GameState:
    """A whole table consistent with `view`: the cards the viewer cannot see (the other
    hand, pay-off cards below the tops, the stock) dealt at random from `seed`.

    `other_hand`, when given, is the other player's hand as a guess has it (it must be
    cards the viewer cannot see, as many as that hand holds); the rest is dealt at random.
    """
    me, other = view.player, view.opponent
    unseen, bad = _unseen_and_extra(view)
    below = [max(n - 1, 0) for n in view.payoff_counts]
    need = view.hand_sizes[other] + below[0] + below[1] + view.stock_count
    if bad or len(unseen) != need:
        raise ValueError(
            f"this view does not fit two packs: {len(unseen)} cards unseen, {need} needed "
            "(the other hand, the pay-off cards below the tops, the stock)"
        )
    guess: tuple[Card, ...] | None = None
    if other_hand is not None:
        guess = tuple(Card(c) for c in other_hand)
        if len(guess) != view.hand_sizes[other] or Counter(guess) - Counter(unseen):
            raise ValueError(
                f"the other hand holds {view.hand_sizes[other]} cards the viewer cannot see, "
                f"not {' '.join(c.display for c in guess) or 'none'}"
            )
        unseen = list((Counter(unseen) - Counter(guess)).elements())
    rng = random.Random(as_seed(seed))  # type: ignore[arg-type]  # random judges the rest
    rng.shuffle(unseen)
    take = iter(unseen)
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[me] = view.hand
    hands[other] = guess if guess is not None else tuple(next(take) for _ in range(view.hand_sizes[other]))
    payoffs = []
    for p in (0, 1):
        top = view.payoff_tops[p]
        payoffs.append((*(next(take) for _ in range(below[p])), *((top,) if top is not None else ())))
    stock = tuple(take)
    state = GameState(
        payoffs=(payoffs[0], payoffs[1]),
        hands=(hands[0], hands[1]),
        sides=view.sides,
        centers=view.centers,
        stock=stock,
        current_player=view.current_player,
        ply=view.ply,
        result=view.result,
        rules=view.rules,
    )
    check_state(state)
    return state

"""Public-information helpers shared by the bots: what a player can count and reach.

Everything here works from a `PlayerView` (or plain ranks taken from one), never from a
game: the bots must reason exactly as a player at the table could.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..engine.cards import KING, RANK_OF, STACK_COMPLETE, Card
from ..engine.state import PlayerView

Ranks = tuple[int, ...]

COPIES: Final = 8
"""Each rank appears 8 times in two packs (4 suits x 2)."""


def ranks(cards: Sequence[Card]) -> Ranks:
    """The ranks of a pile, in the same order (suits never matter for play)."""
    return tuple(RANK_OF[c] for c in cards)


RANKS_UP: Final = tuple((*range(s + 1, STACK_COMPLETE + 1), *range(1, s)) for s in range(STACK_COMPLETE))
"""The ranks a center stack of each size takes next, in order: up to a Queen, then on from an
Ace once it is complete. What any target needs is the start of this walk (`needed_count`)."""


def needed_count(size: int, target: int, kings_start_stacks: bool = False) -> int:
    """How many ranks must go on a center stack of `size` before a card of rank `target` fits
    (the first ones of `RANKS_UP[size]`), counted without building them."""
    if target == KING:
        return 0 if size > 0 or kings_start_stacks else 1
    if size < target:
        return target - size - 1
    return STACK_COMPLETE - size + target - 1


def needed_ranks(size: int, target: int, kings_start_stacks: bool = False) -> Ranks | None:
    """Ranks that must go on a center stack of `size` before a card of rank `target` fits.

    A King target fits any non-empty stack. When the stack is already past the target, it
    must be completed first (up to a Queen) and restarted from an Ace. None means the
    target can never fit (a King on an empty stack when Kings may not start stacks is
    handled by asking for an Ace first, so None is not returned today; kept for clarity).
    """
    return RANKS_UP[size][: needed_count(size, target, kings_start_stacks)]


def side_tops(stacks: Sequence[Ranks], heights: Sequence[int]) -> list[int]:
    """The rank on top of each side stack at these heights (0: empty)."""
    return [stacks[j][h - 1] if h else 0 for j, h in enumerate(heights)]


def uncover(stacks: Sequence[Ranks], heights: list[int], tops: list[int], j: int) -> None:
    """Play the top of side stack j: the card below becomes its top."""
    h = heights[j] - 1
    heights[j] = h
    tops[j] = stacks[j][h - 1] if h else 0


def cover(
    seq: Ranks,
    hand_counts: Sequence[int],
    stacks: Sequence[Ranks],
    heights: Sequence[int],
    kings_start_stacks: bool = False,
    limit: int = 99,
    tops_now: Sequence[int] | None = None,
) -> int:
    """How many ranks of `seq` a player could NOT supply, playing greedily in order.

    Each needed rank is taken from the hand if there, else from a side-stack top (which
    uncovers the card below), else a King from the hand or a side top stands in for it.
    Stops counting once `limit` ranks are missing. A cheap, optimistic-but-honest estimate
    of whether a player reaches a card: the search does the exact work for our own turn.
    `tops_now`: `side_tops(stacks, heights)`, when the caller asks about many hands.
    """
    if not seq:
        return 0
    counts = list(hand_counts)
    hs = list(heights)
    tops: list[int] | None = None  # beside hs once a side top is asked for: `in` on four ranks is cheap
    missing = 0
    for need in seq:
        if counts[need]:
            counts[need] -= 1
            continue
        if tops is None:
            tops = side_tops(stacks, hs) if tops_now is None else list(tops_now)
        if need in tops:
            uncover(stacks, hs, tops, tops.index(need))
            continue
        if need != 1 or kings_start_stacks:
            if counts[KING]:
                counts[KING] -= 1
                continue
            if KING in tops:
                uncover(stacks, hs, tops, tops.index(KING))
                continue
        missing += 1
        if missing >= limit:
            return missing
    return missing


def cover_plainly(
    seq: Ranks,
    hand_counts: Sequence[int],
    stacks: Sequence[Ranks],
    heights: Sequence[int],
    tops_now: Sequence[int] | None = None,
) -> bool:
    """Could a plain one-step-at-a-time player supply `seq`? Exact ranks only, side tops first,
    and a King only for the last card (the one that lets the pay-off card fit).

    The way a player who never plans ahead reaches a pay-off card; `cover` is the way a
    planner does. The expert weighs both by what it sees of its opponent. `tops_now` as in `cover`.
    """
    counts = list(hand_counts)
    hs = list(heights)
    tops = side_tops(stacks, hs) if tops_now is None else list(tops_now)
    last = len(seq) - 1
    for i, need in enumerate(seq):
        if need in tops:
            uncover(stacks, hs, tops, tops.index(need))
            continue
        if counts[need]:
            counts[need] -= 1
            continue
        if i == last and need != 1 and (counts[KING] or KING in tops):
            continue
        return False
    return True


def unseen_counts(view: PlayerView) -> list[int]:
    """How many cards of each rank (index 1..13) this player cannot see anywhere.

    They are in the other hand, the stock or under the pay-off tops: the pool an unknown
    card is drawn from.
    """
    counts = [0] + [COPIES] * 13
    seen: list[Card] = list(view.hand)
    for top in view.payoff_tops:
        if top is not None:
            seen.append(top)
    for player_sides in view.sides:
        for stack in player_sides:
            seen.extend(stack)
    for center in view.centers:
        seen.extend(center)
    for c in seen:
        counts[RANK_OF[c]] -= 1
    return counts

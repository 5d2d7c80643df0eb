"""What the player to move can do: the pay-off card first, then the rest.

The search looks only at what that player sees (hand, side stacks, center stacks) and
plays center moves on small copies of those piles with the engine's own `legal_moves`.
It stops where the next card is unknown: once the pay-off card is played (the card below
is face down) and once the hand is emptied (the refill comes from the hidden stock). A hand
emptied while the stock holds fewer than 5 cards ends the game as a draw, so no plan goes
through one (a stack completed on the way refills the stock first).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.cards import KING, RANK_OF, STACK_COMPLETE, Card, a_rank
from ..engine.i18n import _, language, ngettext, or_list
from ..engine.moves import Move
from ..engine.rules import HAND_SIZE, completes, fits, legal_moves
from ..engine.state import PlayerView
from .explain import needs_phrase
from .seat import Position, names_of, seat_of

MAX_DEPTH = 10
"""Longest chain of center moves searched (a hand refill ends a chain anyway)."""
MAX_NODES = 20_000
"""Positions visited at most, so a hint always comes back at once."""


@dataclass(frozen=True, slots=True)
class _Node:
    hand: tuple[Card, ...]
    sides: tuple[tuple[Card, ...], ...]
    sizes: tuple[int, ...]
    stock: int
    """Cards in the stock (a completed stack adds its 12)."""

    @property
    def drawn(self) -> bool:
        """The hand is empty and the stock cannot refill it: the game is a draw here."""
        return not self.hand and self.stock < HAND_SIZE


@dataclass(frozen=True, slots=True)
class Plan:
    """Center moves that make the pay-off card playable, then the pay-off move itself."""

    moves: tuple[Move, ...]
    """The moves before the pay-off card, in order (empty when it plays at once)."""
    payoff: Move | None
    """The pay-off move that ends the plan (None for a plan that only empties the hand)."""
    sizes: tuple[tuple[int, ...], ...]
    """The center stack sizes before each move of `moves` (to tell what a King counts as)."""


def _after(node: _Node, m: Move) -> _Node:
    hand = node.hand
    sides = node.sides
    if m.source == "H":
        i = hand.index(m.card)
        hand = hand[:i] + hand[i + 1 :]
    else:
        s = m.source_index
        sides = (*sides[:s], sides[s][:-1], *sides[s + 1 :])
    t = m.target_index
    done = completes(node.sizes[t])
    sizes = (*node.sizes[:t], 0 if done else node.sizes[t] + 1, *node.sizes[t + 1 :])
    return _Node(hand, sides, sizes, node.stock + (STACK_COMPLETE if done else 0))


def _payoff_moves(top: Card, sizes: Sequence[int], ks: bool) -> list[Move]:
    return [Move("P", top, f"C{i + 1}") for i, n in enumerate(sizes) if fits(top, n, ks)]


def _shortest(view: PlayerView, finish: Callable[[_Node], tuple[Move | None] | None]) -> Plan | None:
    """Breadth-first over center moves of the visible cards until `finish` gives a last move."""
    if not view.is_my_turn:
        return None
    ks = view.rules.kings_start_stacks
    start = _Node(
        tuple(view.hand), tuple(view.sides[view.player]), tuple(view.center_sizes()), view.stock_count
    )
    parent: dict[_Node, tuple[_Node, Move] | None] = {start: None}
    queue = deque([(start, 0)])
    while queue and len(parent) < MAX_NODES:
        node, depth = queue.popleft()
        if node.drawn:
            continue  # the game ended as a draw: nothing after this is played
        last = finish(node)
        if last is not None and (node is not start or last[0] is not None):
            chain: list[tuple[_Node, Move]] = []
            cur = node
            while (link := parent[cur]) is not None:
                chain.append(link)
                cur = link[0]
            chain.reverse()
            return Plan(tuple(m for _, m in chain), last[0], tuple(n.sizes for n, _ in chain))
        if depth >= MAX_DEPTH or not node.hand:
            continue  # an emptied hand is refilled from the hidden stock: stop here
        tops = [s[-1] if s else None for s in node.sides]
        for m in legal_moves(node.hand, None, tops, node.sizes, ks):
            if not m.to_center:
                continue
            nxt = _after(node, m)
            if nxt not in parent:
                parent[nxt] = (node, m)
                queue.append((nxt, depth + 1))
    return None


def find_payoff_plan(view: PlayerView) -> Plan | None:
    """The shortest chain of center moves after which the pay-off card plays, if any."""
    top = view.payoff_tops[view.player]
    if top is None:
        return None
    ks = view.rules.kings_start_stacks

    def payoff_fits(node: _Node) -> tuple[Move | None] | None:
        moves = _payoff_moves(top, node.sizes, ks)
        return (moves[0],) if moves else None

    return _shortest(view, payoff_fits)


def find_emptying_plan(view: PlayerView) -> Plan | None:
    """The shortest chain of center moves that empties the hand and is refilled from the stock."""
    return _shortest(view, lambda node: None if node.hand else (None,))


def _card_words(card: Card, size: int) -> str:
    if RANK_OF[card] == KING:
        return _("{card} (as {a_rank})").format(card=card.display, a_rank=a_rank(size + 1))
    return card.display


def _from(source: str) -> str:
    if source == "H":
        return _("from your hand")
    if source == "P":
        return _("from your pay-off pile")
    return _("from {stack}").format(stack=source)


def _and(items: Sequence[str]) -> str:
    """ "a, b and c" in the language in force."""
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def describe_chain(moves: Sequence[Move], sizes: Sequence[Sequence[int]]) -> str:
    """ "the 4♥ and 5♠ from your hand to C1, then the 6♣ from S2 to C1" (runs grouped)."""
    groups: list[tuple[str, str, list[str], list[bool]]] = []
    for m, before in zip(moves, sizes, strict=True):
        size = before[m.target_index]
        words = _card_words(m.card, size)
        last = groups[-1] if groups else None
        # a completed stack starts again from the Ace: the next card opens a new group
        if last is not None and not last[3][0] and last[0] == m.source and last[1] == m.target:
            last[2].append(words)
            last[3][0] = completes(size)
        else:
            groups.append((m.source, m.target, [words], [completes(size)]))
    parts = []
    for source, target, cards, completed in groups:
        done = _(", completing it") if completed[0] else ""
        parts.append(
            _("the {cards} {source} to {stack}{done}").format(
                cards=_and(cards), source=_from(source), stack=target, done=done
            )
        )
    return _(", then ").join(parts)


def explain_position(
    position: Position, *, names: tuple[str, str] | None = None, lang: str | None = None
) -> str:
    """What the player to move can do now, in a few plain sentences (pay-off card first).

    Given a `PlayerView`, it speaks to that player: on the other's turn it says only whose
    turn it is. `lang` ("en", "es", "pt") overrides the language in force.
    """
    with language(lang):
        return _explain_position(position, names)


def _explain_position(position: Position, names: tuple[str, str] | None) -> str:
    view = seat_of(position)
    names = names or names_of(position)
    if view.result is not None:
        return view.result.describe(names)
    if not view.is_my_turn:
        return _("It is not your turn: {name} is to move.").format(name=names[view.current_player])
    lines = [_payoff_line(view), _centers_line(view)]
    others = [m for m in view.legal_moves() if m.to_center and m.source != "P"]
    if others:
        sizes = view.center_sizes()
        targets: dict[tuple[str, Card], list[str]] = {}
        for m in others:
            targets.setdefault((m.source, m.card), []).append(m.target)
        shown = [
            _("{card} {source} to {stacks}").format(
                card=_card_words(card, min(sizes[int(t[1]) - 1] for t in ts))
                if len(ts) == 1
                else card.display,
                source=_from(source),
                stacks=or_list(ts),
            )
            for (source, card), ts in targets.items()
        ]
        lines.append(_("Cards you can play to the center now: {moves}.").format(moves="; ".join(shown[:8])))
    warning = _blocking_line(view, names)
    if warning is not None:
        lines.append(warning)
    lines.append(_discard_line(view))
    return "\n".join(lines)


def _payoff_line(view: PlayerView) -> str:
    top = view.payoff_tops[view.player]
    if top is None:
        return _("Your pay-off pile is empty.")
    count = view.payoff_counts[view.player]
    plan = find_payoff_plan(view)
    last = " " + _("It is your last one: playing it wins the game.") if count == 1 else ""
    if plan is None:
        empty = find_emptying_plan(view)
        if empty is not None:
            chain = describe_chain(empty.moves, empty.sizes)
            return _(
                "Your pay-off {card} cannot be played yet with the cards you can see. "
                "You can empty your hand by playing {chain}, which draws 5 new cards that may "
                "bring what you need."
            ).format(card=top.display, chain=chain)
        if RANK_OF[top] == KING:
            wanted = _("a center stack with at least one card on it")
        elif RANK_OF[top] > 1:
            below = RANK_OF[top] - 1
            wanted = ngettext(
                "a center stack built up to {a_rank} (holding {n} card, whatever its top card is)",
                "a center stack built up to {a_rank} (holding {n} cards, whatever its top card is)",
                below,
            ).format(a_rank=a_rank(below), n=below)
        else:
            wanted = _("an empty center stack")
        return ngettext(
            "Your pay-off {card} cannot be played this turn with the cards you can see "
            "({n} card left in your pay-off pile): it needs {wanted}.",
            "Your pay-off {card} cannot be played this turn with the cards you can see "
            "({n} cards left in your pay-off pile): it needs {wanted}.",
            count,
        ).format(card=top.display, n=count, wanted=wanted)
    target = plan.payoff.target if plan.payoff is not None else ""
    if not plan.moves:
        return (
            _("You can play your pay-off {card} now, on {stack}.").format(card=top.display, stack=target)
            + last
        )
    sizes = plan.sizes
    return (
        _("You can play your pay-off {card} after playing {chain}; it then goes on {stack}.").format(
            card=top.display, chain=describe_chain(plan.moves, sizes), stack=target
        )
        + last
    )


def reaches_payoff(top: Card | None, sides: Sequence[Sequence[Card]], sizes: Sequence[int], ks: bool) -> bool:
    """Can a player play the pay-off `top` using only their side stacks (all of them in view)?"""
    if top is None:
        return False
    start = (tuple(tuple(s) for s in sides), tuple(sizes))
    seen = {start}
    todo = [start]
    while todo:
        piles, now = todo.pop()
        if any(fits(top, n, ks) for n in now):
            return True
        for i, side in enumerate(piles):
            if not side:
                continue
            for t, n in enumerate(now):
                if fits(side[-1], n, ks):
                    grown = 0 if completes(n) else n + 1
                    nxt = ((*piles[:i], side[:-1], *piles[i + 1 :]), (*now[:t], grown, *now[t + 1 :]))
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
    return False


def _blocking_line(view: PlayerView, names: tuple[str, str]) -> str | None:
    """A warning for center moves that would open the way to the opponent's pay-off card."""
    other = view.opponent
    top = view.payoff_tops[other]
    sides = view.sides[other]
    sizes = view.center_sizes()
    ks = view.rules.kings_start_stacks
    if top is None or reaches_payoff(top, sides, sizes, ks):
        return None
    risky = []
    for m in view.legal_moves():
        if m.to_center and m.source != "P":
            after = list(sizes)
            n = after[m.target_index]
            after[m.target_index] = 0 if completes(n) else n + 1
            said = _("{card} on {stack}").format(card=m.card.display, stack=m.target)
            if reaches_payoff(top, sides, after, ks) and said not in risky:
                risky.append(said)
    if not risky:
        return None
    return _(
        "Careful: {moves} would let {name} play their pay-off {card} "
        "(their pay-off card and side stacks are in view)."
    ).format(moves=or_list(risky[:3]), name=names[other], card=top.display)


def _centers_line(view: PlayerView) -> str:
    parts = [
        needs_phrase(f"C{i + 1}", n, view.rules.kings_start_stacks, king_hint=False)
        for i, n in enumerate(view.center_sizes())
    ]
    return _("Center stacks: {needs}.").format(needs="; ".join(parts))


def _discard_line(view: PlayerView) -> str:
    """How to end the turn, with a discard that buries nothing if there is one."""
    tops = view.side_tops()
    playable = {m.card for m in view.legal_moves() if m.source == "H" and m.to_center}
    keep = [c for c in dict.fromkeys(view.hand) if c not in playable]
    onto = [  # a King on top is never one rank higher: its own rank is never used
        _("{card} on the {top} (S{n})").format(card=card.display, top=top.display, n=i + 1)
        for card in keep
        for i, top in enumerate(tops)
        if top is not None and RANK_OF[top] != KING and RANK_OF[top] == RANK_OF[card] + 1
    ]
    empty = [f"S{i + 1}" for i, top in enumerate(tops) if top is None]
    if onto:
        text = _(
            "To end your turn, put a hand card on one of your side stacks (S1 to S4); "
            "discards that bury nothing: {discards}."
        ).format(discards=", ".join(onto[:3]))
    elif empty and keep:
        text = _(
            "To end your turn, put a hand card on one of your side stacks (S1 to S4); "
            "{stack} is empty, so a card put there buries nothing."
        ).format(stack=empty[0])
    else:
        text = _("To end your turn, put a hand card on one of your side stacks (S1 to S4).")
    if view.stock_count < HAND_SIZE:
        text += " " + ngettext(
            "The stock holds only {n} card: emptying your hand would end the game as a draw, "
            "unless a completed stack refills it first.",
            "The stock holds only {n} cards: emptying your hand would end the game as a draw, "
            "unless a completed stack refills it first.",
            view.stock_count,
        ).format(n=view.stock_count)
    return text

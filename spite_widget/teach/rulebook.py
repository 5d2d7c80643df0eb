"""The rules as the teaching features quote them, word for word from RULES.md.

Explanations and lessons name a `Rule` so that a player is always shown the sentence of
the contract that decides, not a paraphrase of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..engine.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of RULES.md: a short name and the sentence quoted from the contract."""

    id: str
    """A stable key such as `build-up`."""
    title: str
    """A few words naming the rule, for a heading or a status line."""
    quote: str
    """The rule's own words in RULES.md (markdown emphasis removed)."""


def _rule(id: str, title: str, quote: str) -> Rule:
    return Rule(id, title, quote)


RULES: Final[dict[str, Rule]] = {
    r.id: r
    for r in (
        _rule(
            "layout",
            N_("the layout"),
            N_(
                "Each player: a pay-off pile of 20 cards (face down, only its top card face up and "
                "playable), a hand of 5 cards, and 4 side stacks, empty at the start."
            ),
        ),
        _rule(
            "payoff-top",
            N_("only the pay-off top card plays"),
            N_("a pay-off pile of 20 cards (face down, only its top card face up and playable)"),
        ),
        _rule(
            "moves",
            N_("the moves of a turn"),
            N_(
                "The player then makes any number of these moves, in any order: pay-off top card -> a "
                "center stack; top card of one of their own side stacks -> a center stack; a card from "
                "the hand -> a center stack; a card from the hand -> one of their own side stacks."
            ),
        ),
        _rule(
            "draw",
            N_("drawing up to five"),
            N_("At the start of a turn the player draws from the stock until the hand holds 5 cards."),
        ),
        _rule(
            "end-turn",
            N_("a side-stack discard ends the turn"),
            N_("a card from the hand -> one of their own side stacks. This ends the turn."),
        ),
        _rule(
            "turn-passes",
            N_("whose turn it is"),
            N_(
                "The turn passes as part of the move that ends it: right after a hand -> side stack move "
                "the other player is to move and has already drawn"
            ),
        ),
        _rule(
            "no-other-move",
            N_("there is no other move"),
            N_(
                "There is no other move: nothing goes from a side stack to a side stack, nothing onto a "
                "pay-off pile, nothing from a center stack anywhere, and no card may be passed."
            ),
        ),
        _rule(
            "refill",
            N_("an emptied hand is refilled"),
            N_(
                "If the hand becomes empty during a turn (every card went to center stacks), the player "
                "at once draws 5 new cards and goes on playing."
            ),
        ),
        _rule(
            "side-top",
            N_("only the top of a side stack plays"),
            N_(
                "Every card in a side stack is visible to both players (they are fanned), but only the "
                "top card can be played."
            ),
        ),
        _rule(
            "build-up",
            N_("center stacks build up from the Ace"),
            N_(
                "A center stack is built upwards from the Ace regardless of suit: A, 2, 3, ... J, Q. A "
                "stack holding n cards accepts a card of rank n + 1 (the empty stack accepts an Ace)."
            ),
        ),
        _rule(
            "kings-wild",
            N_("Kings are wild"),
            N_(
                "A King may be played on any non-empty center stack and counts as the rank needed there "
                "(a King on a 10 is a Jack; a King on a Jack is a Queen)."
            ),
        ),
        _rule(
            "king-no-start",
            N_("a King cannot start a stack"),
            # the contract goes on to say why ("the rule texts describe..."): a player needs the rule
            N_("By default a King may not start an empty stack."),
        ),
        _rule(
            "kings-start-option",
            N_("the option that lets a King start a stack"),
            N_(
                "The rule option `kings_start_stacks` (default false) allows a King on an empty stack, "
                "where it counts as an Ace."
            ),
        ),
        _rule(
            "complete",
            N_("a completed stack goes back to the stock"),
            N_(
                "A stack is complete when it holds 12 cards (its top counts as a Queen). A complete "
                "stack is removed at once: its 12 cards are added to the stock and the whole stock is "
                "shuffled."
            ),
        ),
        _rule(
            "win",
            N_("winning and scoring"),
            N_(
                "The game ends at once when a player plays the last card of their pay-off pile. That "
                "player wins the game and scores one point for each card left in the other player's "
                "pay-off pile."
            ),
        ),
        _rule(
            "stock-out",
            N_("the stock running out"),
            N_(
                "The stock runs out: whenever a player must draw a card [\u2026] and the stock is empty, "
                "the game ends at once as a draw: no points for anyone."
            ),
        ),
        _rule(
            "match",
            N_("the match to 50"),
            N_(
                "Games are played until a player's total reaches 50 points or more; that player wins the "
                "match. Drawn games score nothing and the match goes on."
            ),
        ),
        _rule(
            "card-notation",
            N_("how a card is written"),
            N_(
                "Card notation: rank `A 2 3 4 5 6 7 8 9 T J Q K` then suit `c d h s` \u2014 `Ah`, `Ts`, "
                "`Kd`. Displays may show `10\u2660`; records and move strings always use the "
                "two-character form."
            ),
        ),
        _rule(
            "king-own-rank",
            N_("a King's own rank is never used"),
            N_(
                "Kings are wild. A King's own rank is never used: on a center stack it stands for the "
                "rank that stack needs next."
            ),
        ),
        _rule(
            "king-on-ten",
            N_("a King on a Ten is a Jack"),
            N_(
                'The store text\'s example says a King played on a Ten "becomes a Queen". That '
                "contradicts the sequence (a Jack follows a Ten) and the completion rule (a Queen or a "
                "King on a Jack completes a stack), so here a King on a Ten counts as a Jack, as the "
                "sequence demands."
            ),
        ),
        _rule(
            "hidden",
            N_("what each player can see"),
            N_(
                "Hidden information: the other player's hand, every pay-off card below the top, and the "
                "order of the stock. Nothing hidden may be shown to, or sent to, a player who could not "
                "see it at the table."
            ),
        ),
        _rule(
            "notation",
            N_("the move notation"),
            N_("A move is written `SOURCE:CARD>TARGET`, with no spaces."),
        ),
    )
}


def cite(rule_id: str) -> str:
    """The rule's quote as a sentence to append to an explanation."""
    rule = RULES[rule_id]
    return _("Rule ({title}): \u201c{quote}\u201d").format(title=_(rule.title), quote=_(rule.quote))

"""Every label the front ends show by themselves, in the language in force.

Python owns every word a player reads: the browser gets this flat dict through each
widget's synced `strings` trait and reads its labels only from there (`js/lib/strings.js`,
`t(model, "key")`). Each label is marked for gettext with a context (`NPC_("button", "Hint")`),
so Babel extracts it and the same English word may be translated apart elsewhere. A label
with `{name}`-like fields is filled in by the front end with values Python sent.
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import RANK_WORDS, SUIT_WORDS
from ..engine.i18n import NPC_, pgettext

_LABELS: Final[dict[str, tuple[str, str]]] = {
    # the table's buttons
    "action.reveal": NPC_("button", "Show my hand"),
    "action.hint": NPC_("button", "Hint"),
    "action.undo": NPC_("button", "Undo"),
    "action.next-game": NPC_("button", "Next game"),
    "action.new-match": NPC_("button", "New match"),
    "action.review": NPC_("button", "Review game"),
    "action.review.title": NPC_("button", "Step through this game move by move, and comment on it"),
    "review.heading": NPC_("heading", "Replay"),
    "review.note": NPC_("note", "Run {call} in a cell to step through this game."),
    # the table's piles: captions under them and short badges
    "caption.payoff": NPC_("caption", "Pay-off"),
    "caption.hand": NPC_("caption", "Hand"),
    "caption.stock": NPC_("caption", "Stock"),
    "caption.center": NPC_("caption", "C{number}"),
    "caption.side": NPC_("caption", "S{number}"),
    "badge.needs": NPC_("badge", "needs {rank}"),
    "badge.to-move": NPC_("badge", "to move"),
    "card.new": NPC_("aria-label", "{card}, just drawn"),
    "table.label": NPC_("aria-label", "card table"),
    # the kernel's connection lost (a restart, a notebook reopened without running it)
    "connection.lost": NPC_(
        "status", "Not connected to Python: the kernel restarted or stopped. Run this cell again to go on."
    ),
    "score.label": NPC_("aria-label", "score"),
    "score.meta": NPC_("score", "first to {target} · game {game}"),
    # a card named in words ("seven of hearts"), for aria-labels
    "card": NPC_("card", "{rank} of {suit}"),
    # piles in words (what the live region says about where a card may go)
    "pile.P": NPC_("pile", "your pay-off pile"),
    "pile.H": NPC_("pile", "your hand"),
    "pile.C1": NPC_("pile", "center stack 1"),
    "pile.C2": NPC_("pile", "center stack 2"),
    "pile.C3": NPC_("pile", "center stack 3"),
    "pile.S1": NPC_("pile", "side stack 1"),
    "pile.S2": NPC_("pile", "side stack 2"),
    "pile.S3": NPC_("pile", "side stack 3"),
    "pile.S4": NPC_("pile", "side stack 4"),
    "list.or": NPC_("list", "{items} or {last}"),
    # what the browser says by itself while a card is picked
    "select.text": NPC_("select", "{card} selected: put it on {piles} (lit), or Escape to cancel."),
    "select.words": NPC_("select", "The {card} selected: it can go on {piles}. Escape cancels."),
    "select.none.text": NPC_(
        "select", "{card} selected, but it has no legal place right now. Pick a pile to hear why, or Escape."
    ),
    "select.none.words": NPC_(
        "select",
        "The {card} selected, but it has no legal place right now. Pick a pile to hear why, or press Escape.",
    ),
    # the same after a tap (a phone has no Escape key: a second tap on the card cancels)
    "select.text.touch": NPC_(
        "select", "{card} selected: put it on {piles} (lit), or tap it again to cancel."
    ),
    "select.words.touch": NPC_(
        "select", "The {card} selected: it can go on {piles}. Tap it again to cancel."
    ),
    "select.none.text.touch": NPC_(
        "select",
        "{card} selected, but it has no legal place right now. Tap a pile to hear why, or tap the card again.",
    ),
    "select.none.words.touch": NPC_(
        "select",
        "The {card} selected, but it has no legal place right now. Tap a pile to hear why, or tap the card "
        "again to cancel.",
    ),
    "select.cancelled": NPC_("select", "Selection cancelled."),
    "select.empty": NPC_("select", "There is no card here to play."),
    "select.first": NPC_("select", "Pick one of your cards first, then the pile to put it on."),
    # a replay: the player to move is named (seen from above, either seat may be the one)
    "select.first.named": NPC_("select", "Pick one of {name}'s cards first, then the pile to put it on."),
    # a click on a card under a side stack's top, or on the other player's piles, with nothing held
    "select.buried": NPC_(
        "select", "Only the top card of a side stack can be played: the {card} lies under the {top}."
    ),
    "select.theirs": NPC_(
        "select", "Those are {name}'s cards: you play only from your own pay-off pile, side stacks and hand."
    ),
    "select.theirs.named": NPC_("select", "Those are {name}'s cards: pick one of {mover}'s, who is to move."),
    # why a click on the table does nothing now
    "blocked.busy": NPC_("blocked", "Wait: {name} is playing."),
    "blocked.reveal": NPC_("blocked", "Show your hand first: press Show my hand."),
    "blocked.over": NPC_("blocked", "This game is over: press Next game (or New match)."),
    "blocked.not-your-turn": NPC_("blocked", "It is not your turn."),
    # the lesson
    "lesson.label": NPC_("aria-label", "lesson"),
    "lesson.buttons": NPC_("aria-label", "lesson buttons"),
    "lesson.kicker": NPC_("lesson", "Lesson {number} of {count}"),
    "lesson.rule": NPC_("lesson", "The rule"),
    "lesson.rule-marker": NPC_("lesson", " Rule ("),
    "lesson.goal": NPC_("lesson", "Your goal"),
    "lesson.goal-reached": NPC_("lesson", "Goal reached"),
    "lesson.hint": NPC_("button", "Hint"),
    "lesson.solution": NPC_("button", "Solution"),
    "lesson.next-step": NPC_("button", "Next step ({step}/{steps})"),
    "lesson.undo": NPC_("button", "Undo"),
    "lesson.reset": NPC_("button", "Reset"),
    "lesson.next-lesson": NPC_("button", "Next lesson →"),
    "lesson.last-lesson": NPC_("button", "Last lesson"),
    "lesson.next-title": NPC_("lesson", "Next: {title}"),
    "lesson.well-done": NPC_("lesson", "Well done: goal reached!"),
    "lesson.on-to": NPC_("lesson", "On to the next lesson: {title}."),
    "lesson.last": NPC_("lesson", "That was the last lesson: you know every rule. Time for a real game!"),
    "lesson.not-this-time": NPC_("lesson", "Not this time"),
    "lesson.not-reached": NPC_(
        "lesson", "The goal was not reached. Undo your last move or reset to try again."
    ),
    "lesson.blocked.done-next": NPC_(
        "blocked", "Goal reached! Press Next lesson, or Reset to play it again."
    ),
    "lesson.blocked.done": NPC_("blocked", "Goal reached! Press Reset to play it again."),
    "lesson.blocked.failed": NPC_("blocked", "This attempt is over: press Undo or Reset to try again."),
    "lesson.blocked.nothing": NPC_("blocked", "Nothing can be played now."),
}
"""key -> (gettext context, English label)."""


def strings() -> dict[str, str]:
    """Every label, in the language in force (a `language(...)` block), by key; the ranks
    ("rank.7") and suits ("suit.h") in words too, for the cards' accessible names."""
    out = {key: pgettext(context, message) for key, (context, message) in _LABELS.items()}
    for i, rank in enumerate("A23456789TJQK", start=1):
        out[f"rank.{rank}"] = pgettext("rank", RANK_WORDS[i])
    for suit, word in SUIT_WORDS.items():
        out[f"suit.{suit}"] = pgettext("suit", word)
    return out


__all__ = ["strings"]

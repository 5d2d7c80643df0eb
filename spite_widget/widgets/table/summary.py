"""The computer's whole turn in one sentence, for the table's status line and live region.

With a short `opponent_delay` the computer's moves go by faster than anyone can read them,
and the status line would show only the last one ("put 5♠ on S1"). `summarize_turn` says the
whole turn: "Expert bot played 3♣ and K♦ (as a 5) on C3, its pay-off card 6♠ on C3 and put
5♠ on S1: 1 pay-off card played, 12 to go". Built from the moves (and the center stacks'
sizes before each), in symbols and in words, from public information only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import KING, RANK_OF, rank_label
from ...engine.moves import Move
from ...engine.narrate import PILE_WORDS
from ...engine.rules import counts_as


@dataclass(frozen=True)
class TurnMove:
    """One move of the turn: the move, the center stacks' sizes before it, and whether the
    hand was refilled (5 new cards) right after it."""

    move: Move
    center_sizes: tuple[int, ...]
    drew: bool = False


def _card(step: TurnMove, words: bool) -> str:
    """ "K♦ (as a 5)" or "the king of diamonds as the five"; "from S2" when it came from a side stack."""
    m = step.move
    text = f"the {m.card.words}" if words else m.card.display
    if m.to_center and RANK_OF[m.card] == KING:
        rank = rank_label(counts_as(m.card, step.center_sizes[m.target_index]))
        text += f" as the {rank.lower()}" if words else f" (as {'an' if rank in ('A', '8') else 'a'} {rank})"
    if m.source[0] == "S":
        text += f" from {PILE_WORDS[m.source] if words else m.source}"
    return text


def _and(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _parts(turn: Sequence[TurnMove], words: bool) -> list[str]:
    """The turn as phrases, in order: runs of cards to one center stack (pay-off cards apart),
    each refill of the hand, and the card that ended the turn."""
    parts: list[str] = []
    run: list[TurnMove] = []

    def flush() -> None:
        if not run:
            return
        first = run[0].move
        where = PILE_WORDS[first.target] if words else first.target
        cards = _and([_card(s, words) for s in run])
        if first.source == "P":
            noun = "card" if len(run) == 1 else "cards"
            parts.append(f"its pay-off {noun} {cards} on {where}")
        else:
            parts.append(f"played {cards} on {where}")
        run.clear()

    for step in turn:
        m = step.move
        if m.to_center:
            if run and (run[0].move.target != m.target or (run[0].move.source == "P") != (m.source == "P")):
                flush()
            run.append(step)
        else:
            flush()
            where = PILE_WORDS[m.target] if words else m.target
            parts.append(f"put {_card(step, words)} on {where}")
        if step.drew:
            flush()
            parts.append("drew 5 new cards")
    flush()
    return parts


def summarize_turn(turn: Sequence[TurnMove], who: str, payoff_left: int) -> tuple[str, str]:
    """The turn of `who` in a sentence, in symbols and in words (no final full stop):
    every card played, in order, then how many pay-off cards were played and how many are left."""
    if not turn:
        return (f"{who} did not move", f"{who} did not move")
    played = sum(1 for s in turn if s.move.source == "P")
    tally = (
        f"{played} pay-off card{'s' if played != 1 else ''} played" if played else "no pay-off card played"
    )
    left = f"{payoff_left} to go" if payoff_left else "none left"
    out = []
    for words in (False, True):
        parts = _parts(turn, words)
        if parts[0].startswith("its "):
            parts[0] = "played " + parts[0]
        out.append(f"{who} {_and(parts)}: {tally}, {left}")
    return out[0], out[1]


__all__ = ["TurnMove", "summarize_turn"]

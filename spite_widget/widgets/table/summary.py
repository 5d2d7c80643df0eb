"""The computer's whole turn in one sentence, for the table's status line and live region.

With a short `opponent_delay` the computer's moves go by faster than anyone can read them,
and the status line would show only the last one ("put 5♠ on S1"). `summarize_turn` says the
whole turn: "Expert bot played 3♣ and K♦ (as a 5) on C3, its pay-off card 6♠ on C3 and put
5♠ on S1: 1 pay-off card played, 12 left". Built from the moves (and the center stacks'
sizes before each), in symbols and in words, from public information only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...engine.cards import KING, RANK_OF, a_rank, the_card
from ...engine.i18n import _, ngettext, pgettext
from ...engine.moves import Move
from ...engine.narrate import _AS_THE, pile_words
from ...engine.rules import counts_as


@dataclass(frozen=True)
class TurnMove:
    """One move of the turn: the move, the center stacks' sizes before it, and whether the
    hand was refilled (5 new cards) right after it."""

    move: Move
    center_sizes: tuple[int, ...]
    drew: bool = False


def _card(step: TurnMove, words: bool, source: bool = True) -> str:
    """ "K♦ (as a 5)" or "the king of diamonds as the five"; "from S2" when it came from a
    side stack (in the language in force) and `source` is wanted."""
    m = step.move
    text = the_card(m.card) if words else m.card.display
    if m.to_center and RANK_OF[m.card] == KING:
        rank = counts_as(m.card, step.center_sizes[m.target_index])
        text += _(_AS_THE[rank]) if words else _(" (as {a_rank})").format(a_rank=a_rank(rank))
    if source and m.source[0] == "S":
        text += _from(m.source, words)
    return text


def _from(source: str, words: bool) -> str:
    """ " from S2" (" from side stack 2" in words), or " from the hand"."""
    if source == "H":
        return _(" from the hand")
    if words:
        return pgettext("a pile in words", " from {pile}").format(pile=pile_words(source))
    return _(" from {pile}").format(pile=source)


def _cards_from(run: Sequence[TurnMove], words: bool) -> str:
    """The cards of a run to one center stack, each pile they came from said once after its
    cards: "5♦ and 6♥ from S3"; "K♦, 9♣ and 10♠ from the hand and J♣ from S2" (without "from
    the hand", the S2 after the last card read as the pile of all four)."""
    groups: list[list[TurnMove]] = []
    for step in run:
        if groups and groups[-1][0].move.source == step.move.source:
            groups[-1].append(step)
        else:
            groups.append([step])
    if len(groups) == 1 and groups[0][0].move.source in ("H", "P"):
        return _and([_card(s, words) for s in run])
    return _and(
        [_and([_card(s, words, source=False) for s in g]) + _from(g[0].move.source, words) for g in groups]
    )


def _on(target: str, words: bool) -> str:
    """ "on C1", or "on center stack 1" in words (where Spanish says "en la pila central 1")."""
    if words:
        return pgettext("a pile in words", "on {pile}").format(pile=pile_words(target))
    return _("on {pile}").format(pile=target)


def _and(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _parts(turn: Sequence[TurnMove], words: bool, person: bool = False) -> list[str]:
    """The turn as phrases, in order: runs of cards to one center stack (pay-off cards apart),
    each refill of the hand, and the card that ended the turn ("their pay-off card" for a
    `person`, "its" for the computer)."""
    parts: list[str] = []
    run: list[TurnMove] = []

    def flush() -> None:
        if not run:
            return
        first = run[0].move
        on = _on(first.target, words)
        cards = _cards_from(run, words)
        if first.source == "P":
            if parts and person:
                its = ngettext(
                    "their pay-off card {cards} {on_pile}", "their pay-off cards {cards} {on_pile}", len(run)
                )
            elif parts:
                its = ngettext(
                    "its pay-off card {cards} {on_pile}", "its pay-off cards {cards} {on_pile}", len(run)
                )
            elif person:  # the first phrase has the verb
                its = ngettext(
                    "played their pay-off card {cards} {on_pile}",
                    "played their pay-off cards {cards} {on_pile}",
                    len(run),
                )
            else:
                its = ngettext(
                    "played its pay-off card {cards} {on_pile}",
                    "played its pay-off cards {cards} {on_pile}",
                    len(run),
                )
            parts.append(its.format(cards=cards, on_pile=on))
        else:
            parts.append(_("played {cards} {on_pile}").format(cards=cards, on_pile=on))
        run.clear()

    for step in turn:
        m = step.move
        if m.to_center:
            if run and (run[0].move.target != m.target or (run[0].move.source == "P") != (m.source == "P")):
                flush()
            run.append(step)
        else:
            flush()
            parts.append(
                _("put {card} {on_pile}").format(card=_card(step, words), on_pile=_on(m.target, words))
            )
        if step.drew:
            flush()
            parts.append(_("drew 5 new cards"))
    flush()
    return parts


SHORT_ENOUGH: Final = 180
"""The longest summary in symbols told card by card. The status line keeps room for about
230 characters (styles.css) and "Your turn: ..." follows the summary; a longer turn (about
one in twenty, most with cards from several piles to several center stacks between pay-off
cards) is told in short, so that it does not make the status line taller and move the piles
below it: how many cards went to the center stacks, the pay-off cards among them, the
refills and the card that ended the turn. The words, for screen readers, tell every card."""


STATUS_ROOM: Final = 210
"""The longest status line, a turn and what follows it, that keeps within the status line's
room at every width in every language (Portuguese's wide words included): at one screen the
turn is told in this less the cover's "Bo's turn: pass the screen to Bo, then press Show my
hand.", which is longer than "Your turn: ..."."""


def _short_parts(turn: Sequence[TurnMove], person: bool = False, named: bool = True) -> list[str]:
    """A long turn in a few phrases: the cards played to the centers counted (the pay-off
    cards `named`), each refill of the hand counted, and the card that ended the turn."""
    centers = [s for s in turn if s.move.to_center]
    payoff = [s.move.card.display for s in centers if s.move.source == "P"]  # no "(as a 4)": short
    parts = []
    if centers:
        played = ngettext(
            "played {n} card to the center stacks", "played {n} cards to the center stacks", len(centers)
        ).format(n=len(centers))
        if payoff and named:
            its = (
                ngettext(" (their pay-off card: {cards})", " (their pay-off cards: {cards})", len(payoff))
                if person
                else ngettext(" (its pay-off card: {cards})", " (its pay-off cards: {cards})", len(payoff))
            )
            played += its.format(cards=", ".join(payoff))
        parts.append(played)
    refills = sum(1 for s in turn if s.drew)
    if refills:
        parts.append(
            _("drew 5 new cards")
            if refills == 1
            else ngettext("drew 5 new cards {n} time", "drew 5 new cards {n} times", refills).format(
                n=refills
            )
        )
    last = turn[-1]
    if not last.move.to_center:
        parts.append(
            _("put {card} {on_pile}").format(card=_card(last, False), on_pile=_on(last.move.target, False))
        )
    return parts


def summarize_turn(
    turn: Sequence[TurnMove],
    who: str,
    payoff_left: int,
    *,
    person: bool = False,
    short_enough: int = SHORT_ENOUGH,
) -> tuple[str, str]:
    """The turn of `who` in a sentence, in symbols and in words (no final full stop):
    every card played, in order, then how many pay-off cards were played and how many are left.

    `person`: a player at the screen ("their pay-off card"), not the computer ("its").
    `short_enough`: the longest sentence told card by card (the status line may have less
    room for it, as under the cover of two players at one screen)."""
    if not turn:
        text = _("{who} did not move").format(who=who)
        return (text, text)
    played = sum(1 for s in turn if s.move.source == "P")
    if played:
        tally = ngettext("{n} pay-off card played", "{n} pay-off cards played", played).format(n=played)
    else:
        tally = _("no pay-off card played")
    left = _("{n} left").format(n=payoff_left) if payoff_left else _("none left")

    def sentence(parts: list[str]) -> str:
        return _("{who} {did}: {tally}, {left}").format(who=who, did=_and(parts), tally=tally, left=left)

    text = sentence(_parts(turn, False, person))
    if len(text) > short_enough:
        text = sentence(_short_parts(turn, person))
    if len(text) > short_enough:  # the pay-off cards are counted in the tally all the same
        text = sentence(_short_parts(turn, person, named=False))
    return text, sentence(_parts(turn, True, person))


__all__ = ["SHORT_ENOUGH", "STATUS_ROOM", "TurnMove", "summarize_turn"]

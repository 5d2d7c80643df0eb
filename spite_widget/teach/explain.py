"""Why a move is legal or not, in plain words, naming the rule of RULES.md that decides.

The verdict always comes from the engine (`PlayerView.why_illegal`); this module only adds
the reasoning a learner needs around it: what a center stack needs, what a King counts as,
what the move sets off (a completed stack, a refill, the end of the turn, a win, a draw).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import KING, RANK_OF, STACK_COMPLETE, Card, a_rank, rank_label
from ..engine.moves import SIDES, SOURCES, TARGETS, InvalidMoveError, Move
from ..engine.rules import HAND_SIZE
from ..engine.state import PlayerView
from .rulebook import RULES, Rule, cite
from .seat import Position, names_of, seat_of

_SOURCE_WORDS = {"P": "your pay-off pile", "H": "your hand"}


@dataclass(frozen=True, slots=True)
class Explanation:
    """A verdict on one move: legal or not, the rule that decides, and the words for it."""

    legal: bool
    """Whether the engine allows the move now."""
    rule: Rule
    """The rule of RULES.md that decides (for a legal move: the one that allows it)."""
    text: str
    """The explanation in plain words, ending with the rule quoted."""


def explain(position: Position, move: Move | str, *, names: tuple[str, str] | None = None) -> str:
    """Plain words: is `move` legal for the player to move, and by which rule.

    A move typed by a person may show its card as on screen (`H:10h>C1`, `H:10\u2665>C1`).
    Given a `PlayerView`, the answer speaks to that player, whoever is to move.
    """
    return explain_move(position, move, names=names).text


def explain_move(
    position: Position, move: Move | str, *, names: tuple[str, str] | None = None
) -> Explanation:
    """The same as `explain`, as an `Explanation` (for widgets and tests)."""
    view = seat_of(position)
    names = names or names_of(position)
    if isinstance(move, Move):
        m = move
    else:
        try:
            m = Move.parse_human(move)
        except InvalidMoveError as e:
            return _not_a_move(str(move), str(e))
    reason = view.why_illegal(m)
    if reason is not None:
        return _illegal(view, m, reason, names)
    return _legal(view, m, names)


def needs_phrase(target: str, size: int, kings_start_stacks: bool = False, *, king_hint: bool = True) -> str:
    """What a center stack needs: "C2 holds 3 cards, so it needs a 4; a King would count as the 4"."""
    if size == 0:
        text = f"{target} is empty, so it needs an Ace"
        if king_hint:
            text += (
                "; a King would count as the Ace (kings_start_stacks is on)"
                if kings_start_stacks
                else "; a King cannot start it"
            )
        return text
    need = rank_label(size + 1)
    text = f"{target} holds {size} card{'s' if size != 1 else ''}, so it needs {a_rank(size + 1)}"
    if king_hint:
        text += f"; a King would count as the {need}"
    return text


def _king_note(size: int, kings_start_stacks: bool) -> str:
    """The King's part of a center stack's need, for after the engine's reason."""
    if size == 0 and not kings_start_stacks:
        return "A King cannot start it either. "
    return f"A King would count as the {rank_label(size + 1)}. "


# ---------------------------------------------------------------------------- illegal


def _not_a_move(text: str, error: str) -> Explanation:
    head, _, rest = "".join(text.split()).upper().partition(":")
    target = rest.partition(">")[2]
    if head in SOURCES and target in TARGETS and "is not a card" in error:
        rule = RULES["card-notation"]  # the pieces are right, the card is not written as one
    elif head == "P" and target in SIDES:
        rule = RULES["moves"]  # the pay-off card goes to a center stack, nowhere else
    elif head in SIDES and target in SIDES:
        rule = RULES["no-other-move"]  # nothing goes from a side stack to a side stack
    else:
        rule = RULES["notation"]
    return Explanation(False, rule, f"Not legal: {error}. {cite(rule.id)}")


def _illegal(view: PlayerView, m: Move, reason: str, names: tuple[str, str]) -> Explanation:
    extra = ""
    if view.result is not None:
        rule = RULES["win"] if view.result.winner is not None else RULES["stock-out"]
        extra = view.result.describe(names) + " "
    elif view.current_player != view.player:
        rule = RULES["turn-passes"]
        extra = f"{names[view.current_player]} is to move. "
    elif m.source == "H" and m.card not in view.hand:
        rule = RULES["moves"]
        extra = "Only a card you hold can be played from the hand. "
    elif m.source == "P" and view.payoff_tops[view.player] != m.card:
        rule = RULES["payoff-top"]
        reason = _card_in_words(reason, m.card)
    elif m.source[0] == "S" and view.side_tops()[m.source_index] != m.card:
        rule = RULES["side-top"]
        reason = _card_in_words(reason, m.card)
    elif RANK_OF[m.card] == KING:
        rule = RULES["king-no-start"]
    else:
        rule = RULES["build-up"]
        size = view.center_sizes()[m.target_index]
        extra = _king_note(size, view.rules.kings_start_stacks)  # the reason already says what it needs
    return Explanation(False, rule, f"Not legal: {reason}. {extra}{cite(rule.id)}")


def _card_in_words(reason: str, card: Card) -> str:
    """ "not the 2s" reads as "twos": name the card in words, as the engine does the other one."""
    return reason.replace(f"not the {card}", f"not the {card.words} ({card})")


# ---------------------------------------------------------------------------- legal


def _from_words(m: Move) -> str:
    if m.source in _SOURCE_WORDS:
        return f"from {_SOURCE_WORDS[m.source]}"
    return f"from the top of side stack {m.source}"


def _legal(view: PlayerView, m: Move, names: tuple[str, str]) -> Explanation:
    card = m.card
    if m.target in SIDES:
        return _legal_discard(view, m, names)
    size = view.center_sizes()[m.target_index]
    ks = view.rules.kings_start_stacks
    if RANK_OF[card] == KING:
        if size == 0:
            rule = RULES["kings-start-option"]
            first = (
                f"Legal: {m.target} is empty and the kings_start_stacks option is on, "
                f"so your {card.display} {_from_words(m)} counts as the Ace."
            )
        else:
            rule = RULES["kings-wild"]
            need = rank_label(size + 1)
            first = (
                f"Legal: Kings are wild. {needs_phrase(m.target, size, ks, king_hint=False)}, "
                f"and your {card.display} {_from_words(m)} counts as the {need}."
            )
    else:
        rule = RULES["build-up"]
        first = (
            f"Legal: {needs_phrase(m.target, size, ks, king_hint=False)}, "
            f"and your {card.display} {_from_words(m)} is that {rank_label(size + 1)}."
        )
    notes = [first]
    if m.source[0] == "S":
        notes.append("It is the top card of that side stack, the only one there that can be played.")
    completes = size + 1 == STACK_COMPLETE
    if completes:
        notes.append(
            f"It completes {m.target}: its 12 cards go back into the stock, which is shuffled. "
            + cite("complete")
        )
    me, other = view.player, view.opponent
    if m.source == "P":
        left = view.payoff_counts[me] - 1
        if left == 0:
            pts = view.payoff_counts[other]
            notes.append(
                f"It is your last pay-off card: you win the game and score {pts} "
                f"point{'s' if pts != 1 else ''}, one for each card left in "
                f"{names[other]}'s pay-off pile. " + cite("win")
            )
            return Explanation(True, rule, " ".join([*notes, cite(rule.id)]))
        notes.append(f"Your pay-off pile then holds {left}: empty it to win.")
    if m.source == "H" and len(view.hand) == 1:
        stock = view.stock_count + (STACK_COMPLETE if completes else 0)
        text = "Your hand is then empty, so you draw 5 new cards at once and go on playing"
        if stock < HAND_SIZE:
            text += (
                f", but the stock holds only {stock} card{'s' if stock != 1 else ''}: you draw "
                f"{stock} and the game ends at once as a draw. " + cite("stock-out")
            )
        else:
            text += ". " + cite("refill")
        notes.append(text)
    return Explanation(True, rule, " ".join([*notes, cite(rule.id)]))


def _legal_discard(view: PlayerView, m: Move, names: tuple[str, str]) -> Explanation:
    card = m.card
    other = view.opponent
    side = view.sides[view.player][m.target_index]
    notes = [
        f"Legal: any card from your hand may go on one of your own side stacks; putting your "
        f"{card.display} on {m.target} ends your turn."
    ]
    if RANK_OF[card] == KING:
        notes.append(
            f"The {card.display} is wild: on a center stack it counts as whatever rank is needed, "
            "so a King kept in your hand is usually worth more than one put away."
        )
    if side:
        top: Card = side[-1]
        if RANK_OF[top] == KING:
            notes.append(
                f"It buries the {top.display}: a King's own rank is never used, so nothing sits "
                "tidily on it, and the wild card stays stuck until this card is played."
            )
        elif RANK_OF[top] == RANK_OF[card] + 1:
            notes.append(
                f"A tidy discard: it sits on the {top.display}, one rank higher, so later the "
                f"{rank_label(RANK_OF[card])} and then the {rank_label(RANK_OF[top])} can be played in order."
            )
        else:
            notes.append(f"It covers the {top.display}, which cannot be played until this card is.")
    else:
        notes.append(f"{m.target} is empty, so nothing is buried.")
    need = HAND_SIZE - view.hand_sizes[other]
    if need > view.stock_count:
        notes.append(
            f"{names[other]} must then draw {need} but the stock holds {view.stock_count}, "
            "so the game ends at once as a draw. " + cite("stock-out")
        )
    elif need:
        notes.append(f"{names[other]} then draws {need} card{'s' if need != 1 else ''} and plays.")
    return Explanation(True, RULES["end-turn"], " ".join([*notes, cite("end-turn")]))


__all__ = ["Explanation", "explain", "explain_move", "needs_phrase"]

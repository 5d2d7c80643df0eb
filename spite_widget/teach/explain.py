"""Why a move is legal or not, in plain words, naming the rule of RULES.md that decides.

The verdict always comes from the engine (`PlayerView.why_illegal`); this module only adds
the reasoning a learner needs around it: what a center stack needs, what a King counts as,
what the move sets off (a completed stack, a refill, the end of the turn, a win, a draw).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import KING, RANK_OF, STACK_COMPLETE, Card, a_rank, rank_label, the_card
from ..engine.i18n import N_, _, language, ngettext, pgettext
from ..engine.moves import SIDES, SOURCES, TARGETS, InvalidMoveError, Move
from ..engine.rules import HAND_SIZE, completes
from ..engine.state import PlayerView
from .rulebook import RULES, Rule, cite
from .seat import Position, names_of, seat_of

_SOURCE_WORDS = {"P": N_("from your pay-off pile"), "H": N_("from your hand")}


@dataclass(frozen=True, slots=True)
class Explanation:
    """A verdict on one move: legal or not, the rule that decides, and the words for it."""

    legal: bool
    """Whether the engine allows the move now."""
    rule: Rule
    """The rule of RULES.md that decides (for a legal move: the one that allows it)."""
    text: str
    """The explanation in plain words, ending with the rule quoted."""


def explain(
    position: Position, move: Move | str, *, names: tuple[str, str] | None = None, lang: str | None = None
) -> str:
    """Plain words: is `move` legal for the player to move, and by which rule.

    A move typed by a person may show its card as on screen (`H:10h>C1`, `H:10\u2665>C1`).
    Given a `PlayerView`, the answer speaks to that player, whoever is to move. `lang`
    ("en", "es", "pt") overrides the language in force.
    """
    return explain_move(position, move, names=names, lang=lang).text


def explain_move(
    position: Position, move: Move | str, *, names: tuple[str, str] | None = None, lang: str | None = None
) -> Explanation:
    """The same as `explain`, as an `Explanation` (for widgets and tests)."""
    with language(lang):
        return _explain_move(position, move, names)


def _explain_move(position: Position, move: Move | str, names: tuple[str, str] | None) -> Explanation:
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
        text = _("{stack} is empty, so it needs an Ace").format(stack=target)
        if king_hint:
            text += (
                _("; a King would count as the Ace (kings_start_stacks is on)")
                if kings_start_stacks
                else _("; a King cannot start it")
            )
        return text
    need = rank_label(size + 1)
    text = ngettext(
        "{stack} holds {n} card, so it needs {a_rank}", "{stack} holds {n} cards, so it needs {a_rank}", size
    ).format(stack=target, n=size, a_rank=a_rank(size + 1))
    if king_hint:
        text += _("; a King would count as the {rank}").format(rank=need)
    return text


def _king_note(size: int, kings_start_stacks: bool) -> str:
    """The King's part of a center stack's need, for after the engine's reason."""
    if size == 0 and not kings_start_stacks:
        return _("A King cannot start it either.") + " "
    return _("A King would count as the {rank}.").format(rank=rank_label(size + 1)) + " "


# ---------------------------------------------------------------------------- illegal


def _not_a_move(text: str, error: str) -> Explanation:
    head, _sep, rest = "".join(text.split()).upper().partition(":")
    target = rest.partition(">")[2]
    if head in SOURCES and target in TARGETS and not _is_a_card(rest.partition(">")[0]):
        rule = RULES["card-notation"]  # the pieces are right, the card is not written as one
    elif head == "P" and target in SIDES:
        rule = RULES["moves"]  # the pay-off card goes to a center stack, nowhere else
    elif head in SIDES and target in SIDES:
        rule = RULES["no-other-move"]  # nothing goes from a side stack to a side stack
    else:
        rule = RULES["notation"]
    return Explanation(False, rule, _("Not legal: {reason}.").format(reason=error) + " " + cite(rule.id))


def _is_a_card(text: str) -> bool:
    """Is `text` a card as a person may type it (`Ah`, `10h`, `A\u2665`)?"""
    try:
        Move.parse_human(f"H:{text}>C1")
    except InvalidMoveError:
        return False
    return True


def _top(view: PlayerView, m: Move, player: int) -> Card | None:
    """The top card of the pile `m` takes from (P or S1..S4), on `player`'s side."""
    return view.payoff_tops[player] if m.source == "P" else view.side_tops(player)[m.source_index]


def _illegal(view: PlayerView, m: Move, reason: str, names: tuple[str, str]) -> Explanation:
    extra = ""
    if view.result is not None:
        rule = RULES["win"] if view.result.winner is not None else RULES["stock-out"]
        extra = view.result.describe(names) + " "
    elif view.current_player != view.player:
        rule = RULES["turn-passes"]
        extra = _("{name} is to move.").format(name=names[view.current_player]) + " "
    elif m.source == "H" and m.card not in view.hand:
        rule = RULES["moves"]
        extra = _("Only a card you hold can be played from the hand.") + " "
    elif (
        m.source != "H" and m.card != _top(view, m, view.player) and m.card == _top(view, m, 1 - view.player)
    ):
        rule = RULES["moves"]  # the other player's card: the moves are from one's own piles
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
    return Explanation(
        False, rule, _("Not legal: {reason}.").format(reason=reason) + f" {extra}{cite(rule.id)}"
    )


def _card_in_words(reason: str, card: Card) -> str:
    """ "not the 2s" reads as "twos": name the card in words, as the engine does the other one."""
    said = pgettext("refused card", "not the {played}").format(played=card)
    named = pgettext("refused card", "not {the_card} ({code})").format(the_card=the_card(card), code=card)
    return reason.replace(said, named)


# ---------------------------------------------------------------------------- legal


def _from_words(m: Move) -> str:
    if m.source in _SOURCE_WORDS:
        return _(_SOURCE_WORDS[m.source])
    return _("from the top of side stack {stack}").format(stack=m.source)


def _legal(view: PlayerView, m: Move, names: tuple[str, str]) -> Explanation:
    card = m.card
    if m.target in SIDES:
        return _legal_discard(view, m, names)
    size = view.center_sizes()[m.target_index]
    ks = view.rules.kings_start_stacks
    if RANK_OF[card] == KING:
        if size == 0:
            rule = RULES["kings-start-option"]
            first = _(
                "Legal: {stack} is empty and this game lets a King start a stack "
                "(the kings_start_stacks option), so your {card} {source} counts as the Ace."
            ).format(stack=m.target, card=card.display, source=_from_words(m))
        else:
            rule = RULES["kings-wild"]
            need = rank_label(size + 1)
            first = _(
                "Legal: Kings are wild. {needs}, and your {card} {source} counts as the {rank}."
            ).format(
                needs=needs_phrase(m.target, size, ks, king_hint=False),
                card=card.display,
                source=_from_words(m),
                rank=need,
            )
    else:
        rule = RULES["build-up"]
        first = _("Legal: {needs}, and your {card} {source} is that {rank}.").format(
            needs=needs_phrase(m.target, size, ks, king_hint=False),
            card=card.display,
            source=_from_words(m),
            rank=rank_label(size + 1),
        )
    notes = [first]
    if m.source[0] == "S":
        notes.append(_("It is the top card of that side stack, the only one there that can be played."))
    completing = completes(size)
    if completing:
        notes.append(
            _("It completes {stack}: its 12 cards go back into the stock, which is shuffled.").format(
                stack=m.target
            )
            + " "
            + cite("complete")
        )
    me, other = view.player, view.opponent
    if m.source == "P":
        left = view.payoff_counts[me] - 1
        if left == 0:
            pts = view.payoff_counts[other]
            notes.append(
                ngettext(
                    "It is your last pay-off card: you win the game and score {n} point, one for each "
                    "card left in {name}'s pay-off pile.",
                    "It is your last pay-off card: you win the game and score {n} points, one for each "
                    "card left in {name}'s pay-off pile.",
                    pts,
                ).format(n=pts, name=names[other])
                + " "
                + cite("win")
            )
            return Explanation(True, rule, " ".join([*notes, cite(rule.id)]))
        notes.append(
            ngettext(
                "Your pay-off pile then holds {n} card: empty it to win.",
                "Your pay-off pile then holds {n} cards: empty it to win.",
                left,
            ).format(n=left)
        )
    if m.source == "H" and len(view.hand) == 1:
        stock = view.stock_count + (STACK_COMPLETE if completing else 0)
        if stock < HAND_SIZE:
            text = (
                ngettext(
                    "Your hand is then empty, so you draw 5 new cards at once and go on playing, but the "
                    "stock holds only {n} card: you draw {n} and the game ends at once as a draw.",
                    "Your hand is then empty, so you draw 5 new cards at once and go on playing, but the "
                    "stock holds only {n} cards: you draw {n} and the game ends at once as a draw.",
                    stock,
                ).format(n=stock)
                + " "
                + cite("stock-out")
            )
        else:
            text = (
                _("Your hand is then empty, so you draw 5 new cards at once and go on playing.")
                + " "
                + cite("refill")
            )
        notes.append(text)
    return Explanation(True, rule, " ".join([*notes, cite(rule.id)]))


def _legal_discard(view: PlayerView, m: Move, names: tuple[str, str]) -> Explanation:
    card = m.card
    other = view.opponent
    side = view.sides[view.player][m.target_index]
    notes = [
        _(
            "Legal: any card from your hand may go on one of your own side stacks; putting your "
            "{card} on {stack} ends your turn."
        ).format(card=card.display, stack=m.target)
    ]
    if RANK_OF[card] == KING:
        notes.append(
            _(
                "The {card} is wild: on a center stack it counts as whatever rank is needed, "
                "so a King kept in your hand is usually worth more than one put away."
            ).format(card=card.display)
        )
    if side:
        top: Card = side[-1]
        if RANK_OF[top] == KING:
            notes.append(
                _(
                    "It buries the {card}: a King's own rank is never used, so nothing sits "
                    "tidily on it, and the wild card stays stuck until this card is played."
                ).format(card=top.display)
            )
        elif RANK_OF[top] == RANK_OF[card] + 1:
            notes.append(
                _(
                    "A tidy discard: it sits on the {top}, one rank higher, so later the "
                    "{rank} and then the {top_rank} can be played in order."
                ).format(top=top.display, rank=rank_label(RANK_OF[card]), top_rank=rank_label(RANK_OF[top]))
            )
        else:
            notes.append(
                _("It covers the {card}, which cannot be played until this card is.").format(card=top.display)
            )
    else:
        notes.append(_("{stack} is empty, so nothing is buried.").format(stack=m.target))
    need = HAND_SIZE - view.hand_sizes[other]
    if need > view.stock_count:
        notes.append(
            ngettext(
                "{name} must then draw {need} but the stock holds {n} card, so the game ends at once as a draw.",
                "{name} must then draw {need} but the stock holds {n} cards, so the game ends at once as a draw.",
                view.stock_count,
            ).format(name=names[other], need=need, n=view.stock_count)
            + " "
            + cite("stock-out")
        )
    elif need:
        notes.append(
            ngettext(
                "{name} then draws {n} card and plays.", "{name} then draws {n} cards and plays.", need
            ).format(name=names[other], n=need)
        )
    return Explanation(True, RULES["end-turn"], " ".join([*notes, cite("end-turn")]))


__all__ = ["Explanation", "explain", "explain_move", "needs_phrase"]

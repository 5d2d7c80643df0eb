"""One player's view as compact text, for agents (language models, scripts) and for logs.

`view_text(view)` (also `PlayerView.to_text()`) writes what that player sees at the table
and nothing more: their own hand, every face-up card, what each center stack needs, the
counts of everything hidden, whose turn it is and the legal moves in the notation of
RULES.md. `read_move(view, answer)` turns an agent's answer back into a legal `Move`, or
raises an error that lists the legal moves, so the agent can be told and asked again.

Example (player 0 to move)::

    Spite & Malice, ply 12. You are player 0. Your turn.
    You: pay-off 7h (14 cards), hand 3c 7d 9s Kh Kh
      side stacks (bottom to top): S1 - | S2 4h 9c | S3 - | S4 Jd
    Opponent: pay-off Qs (18 cards), hand 5 cards (hidden)
      side stacks (bottom to top): S1 Qd | S2 - | S3 - | S4 -
    Center: C1 3 cards (top 3d), needs 4 | C2 empty, needs A | C3 8 cards (top Kc), needs 9
    Stock: 31 cards.
    Legal moves (22): P:7h>C2 S2:9c>C3 H:3c>C1 H:3c>S1 ...

Ranks are written as in card notation (A 2 ... 9 T J Q K). A King is wild on a non-empty
center stack; "needs" already counts a King on top as the rank it stands for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from .cards import RANK_OF, RANKS, STACK_COMPLETE, Card
from .errors import IllegalMoveError, NotAMoveError
from .moves import SOURCES, InvalidMoveError, Move
from .state import Pile, PlayerView

_MOVE_TOKEN: Final = re.compile(r"(?<![\w:>])(?:P|H|S[1-4]):[A2-9TJQK][cdhs]>(?:C[1-3]|S[1-4])(?![\w:>])")
"""A move in the notation, found inside a longer answer: a whole token ("XP:Ac>C1" and
"P:Ac>C12" hold no move, where "P:Ac>C1" was read out of each)."""
_MOVE_SHAPE: Final = re.compile(r"[^\s:>]+:[^\s:>]+>[^\s:>]+")
"""SOURCE:CARD>TARGET with some piece wrong: the strict reader's reason says which."""


def _cards(pile: Sequence[Card]) -> str:
    return " ".join(pile) if pile else "-"


def _sides(stacks: Sequence[Pile]) -> str:
    return " | ".join(f"S{i} {_cards(s)}" for i, s in enumerate(stacks, start=1))


def _center(i: int, stack: Pile) -> str:
    n = len(stack)
    need = RANKS[n] if n < STACK_COMPLETE else "-"
    if not n:
        return f"C{i} empty, needs {need}"
    return f"C{i} {n} card{'s' if n != 1 else ''} (top {stack[-1]}), needs {need}"


def _payoff(top: Card | None, count: int) -> str:
    if top is None:
        return "pay-off empty"
    return f"pay-off {top} ({count} card{'s' if count != 1 else ''})"


def sorted_hand(hand: Sequence[Card]) -> list[Card]:
    """The hand by rank, then suit (c d h s): the order the text view and the environment use."""
    return sorted(hand, key=lambda c: (RANK_OF[c], c[1]))


def _turn(view: PlayerView) -> str:
    result = view.result
    if result is not None:
        if result.winner is None:
            return "Game over: a draw (the stock ran out)."
        who = "You win" if result.winner == view.player else "The opponent wins"
        return f"Game over: {who} {result.points} point{'s' if result.points != 1 else ''}."
    return "Your turn." if view.current_player == view.player else "The opponent's turn."


def view_text(view: PlayerView) -> str:
    """What `view.player` sees, as a few lines of text (see the module docstring)."""
    me, other = view.player, view.opponent
    lines = [
        f"Spite & Malice, ply {view.ply}. You are player {me}. {_turn(view)}",
        f"You: {_payoff(view.payoff_tops[me], view.payoff_counts[me])}, "
        f"hand {_cards(sorted_hand(view.hand))}",
        f"  side stacks (bottom to top): {_sides(view.sides[me])}",
        f"Opponent: {_payoff(view.payoff_tops[other], view.payoff_counts[other])}, "
        f"hand {view.hand_sizes[other]} card{'s' if view.hand_sizes[other] != 1 else ''} (hidden)",
        f"  side stacks (bottom to top): {_sides(view.sides[other])}",
        "Center: " + " | ".join(_center(i, s) for i, s in enumerate(view.centers, start=1)),
        f"Stock: {view.stock_count} card{'s' if view.stock_count != 1 else ''}."
        + (" Kings may start an empty center stack (as an Ace)." if view.rules.kings_start_stacks else ""),
    ]
    if view.is_my_turn:
        moves = sorted(view.legal_moves(), key=_move_order)
        lines.append(f"Legal moves ({len(moves)}): " + " ".join(map(str, moves)))
    return "\n".join(lines)


def read_move(view: PlayerView, answer: Move | str) -> Move:
    """The legal move an agent means by `answer`, or IllegalMoveError listing the legal moves.

    `answer` is a `Move` or text: the move alone (`"H:7s>S4"`) or a longer reply holding
    exactly one move in the notation (`"I play H:7s>S4."`); surrounding spaces, quotes and
    backticks are ignored. Nothing else is guessed.
    """
    if not view.is_my_turn:
        raise IllegalMoveError(
            "the game is over" if view.is_over else f"it is not player {view.player}'s turn"
        )
    legal = view.legal_moves()
    move: Move | None = None
    if isinstance(answer, Move):
        move = answer
    elif isinstance(answer, str):
        text = answer.strip().strip("`'\" ")
        try:
            move = Move.parse(text)
        except InvalidMoveError as strict:
            found = set(_MOVE_TOKEN.findall(answer))
            if not found and _MOVE_SHAPE.fullmatch(text):  # 'H:10s>C1', 'p:ac>c1': say what is off
                raise NotAMoveError(f"{strict}. " + _legal_list(legal)) from None
            if len(found) == 1:
                token = found.pop()
                try:
                    move = Move.parse(token)
                except InvalidMoveError as bad:  # shaped like a move, but none the rules know
                    raise NotAMoveError(f"{bad}. " + _legal_list(legal)) from None
            elif len(found) > 1:
                raise IllegalMoveError(
                    f"the answer names {len(found)} moves ({', '.join(sorted(found))}): give exactly one. "
                    + _legal_list(legal)
                ) from None
    if move is None:
        shown = answer if not isinstance(answer, str) or len(answer) <= 60 else answer[:57] + "..."
        raise IllegalMoveError(
            f"{shown!r} is not a move: write SOURCE:CARD>TARGET, such as 'H:7s>S4'. " + _legal_list(legal)
        )
    if move not in legal:
        why = view.why_illegal(move) or "it is not legal here"
        raise IllegalMoveError(f"{move} is not legal: {why}. " + _legal_list(legal))
    return move


def _move_order(move: Move) -> tuple[int, int, str, str]:
    """Pay-off, side stacks, then the hand; cards by rank then suit; targets in order."""
    return (SOURCES.index(move.source), RANK_OF[move.card], move.card[1], move.target)


def _legal_list(legal: Sequence[Move]) -> str:
    return f"Legal moves ({len(legal)}): " + " ".join(map(str, sorted(legal, key=_move_order)))


__all__ = ["read_move", "sorted_hand", "view_text"]

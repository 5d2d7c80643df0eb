"""Moves told in words, for status lines, screen readers and teaching.

Pure: works from the position before the move (a GameState or PlayerView), no I/O.
"""

from __future__ import annotations

from .cards import KING, RANK_OF, rank_label
from .moves import Move
from .rules import completes, counts_as

PILE_WORDS = {
    "P": "pay-off pile",
    "H": "hand",
    "S1": "side stack 1",
    "S2": "side stack 2",
    "S3": "side stack 3",
    "S4": "side stack 4",
    "C1": "center stack 1",
    "C2": "center stack 2",
    "C3": "center stack 3",
}


def describe_move(move: Move | str, center_sizes: list[int] | tuple[int, ...], who: str = "") -> str:
    """A short sentence for a move: "Bot played K♠ as a 7 on C2".

    `center_sizes` are the center stacks' sizes before the move (so a King's rank can be
    told); `who` is the player's name, or "" for an imperative-free fragment.
    """
    m = move if isinstance(move, Move) else Move.parse(move)
    card = m.card
    subject = f"{who} " if who else ""
    if m.target[0] == "S":
        return f"{subject}put {card.display} on {m.target} and ended the turn".strip()
    size = center_sizes[m.target_index]
    source = {"P": " from the pay-off pile", "H": ""}.get(m.source, f" from {m.source}")
    as_rank = ""
    if RANK_OF[card] == KING:
        as_rank = (
            f" as {'an' if counts_as(card, size) in (1, 8) else 'a'} {rank_label(counts_as(card, size))}"
        )
    done = " (completing it)" if completes(size) else ""
    return f"{subject}played {card.display}{source}{as_rank} on {m.target}{done}".strip()


def describe_move_words(move: Move | str, center_sizes: list[int] | tuple[int, ...], who: str = "") -> str:
    """The same in full words for screen readers: "Bot played the king of spades on center stack 2"."""
    m = move if isinstance(move, Move) else Move.parse(move)
    subject = f"{who} " if who else ""
    card = f"the {m.card.words}"
    if m.target[0] == "S":
        return f"{subject}put {card} on {PILE_WORDS[m.target]}, ending the turn".strip()
    size = center_sizes[m.target_index]
    as_rank = ""
    if RANK_OF[m.card] == KING:
        as_rank = f" as the {rank_label(counts_as(m.card, size)).lower()}"
    src = {"H": "", "P": " from the pay-off pile"}.get(m.source, f" from {PILE_WORDS[m.source]}")
    return f"{subject}played {card}{src}{as_rank} on {PILE_WORDS[m.target]}".strip()

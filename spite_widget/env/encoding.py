"""The fixed action space and the observation array of the environments.

Actions (106, `Discrete(106)`). Suits never matter in this game, so a hand action names a
rank, not a card; the pay-off pile and each side stack have one playable card, so their
actions name only the pile:

    0..2      P -> C1..C3                          (the pay-off top card)
    3..14     S1..S4 -> C1..C3   = 3 + 3*s + c     (s = 0..3 side stack, c = 0..2 center)
    15..105   hand rank r -> target = 15 + 7*(r-1) + t
              (r = 1 Ace .. 13 King; t = 0..2 for C1..C3, 3..6 for S1..S4)

A hand action plays the first hand card of that rank in sorted order: the lowest suit in
the order c d h s (`H` rank 7 with 7h and 7c in hand plays 7c). Both are the same move
in every way that matters. `ACTION_NAMES[i]` writes action i as `H:7>S2`, `P>C1`, `S3>C2`.

Observation (402 small integers, `int8`), from the observing player's side ("own" first,
then the opponent's), holding only what that player sees: never the other hand, the
pay-off cards below the tops or the stock order. `LAYOUT` names the slices:

    hand          0..12     count of each rank A..K in own hand (0..5)
    payoff_top    13..38    own, then opponent's face-up pay-off rank, one-hot 13 each
                            (all zero once a pile is empty)
    payoff_count  39..40    own, opponent's pay-off cards left (0..20)
    hand_count    41..42    own, opponent's cards in hand (0..5)
    center        43..78    per center stack C1..C3, one-hot 12 of its size 0..11 (it needs
                            rank size+1; a King on top counts as the rank it stands for)
    sides         79..398   8 blocks of 40, one per side stack: own S1..S4, then the
                            opponent's S1..S4. In each block (offset within the block):
                              0..12   the top card's rank, one-hot (all zero when empty)
                              13..25  the rank of the card just below the top, one-hot
                              26..38  the count of each rank in the whole stack (0..8)
                              39      the number of cards in the stack
    stock         399       cards in the stock
    to_move       400       1 when this player is to move and the game goes on
    kings_start   401       1 when Kings may start an empty center stack

The action mask (106, `int8`) is 1 for each legal action of the observing player, all
zero when it is not their turn or the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ..engine.cards import RANK_OF, RANKS, Card
from ..engine.moves import ALL_MOVES, CENTERS, HAND_MOVES, PAYOFF_MOVES, SIDE_MOVES, TARGETS, Move
from ..engine.state import Pile, PlayerView

N_ACTIONS: Final = 106
"""The size of the discrete action space."""
_SIDE_BLOCK: Final = 40
"""The observation entries of one side stack."""
_SIDE_BASE: Final = 3
_HAND_BASE: Final = 15

LAYOUT: Final[dict[str, slice]] = {}
"""Name -> slice of the observation array (see the module docstring)."""
_SIZES: Final = (
    ("hand", 13),
    ("payoff_top", 26),
    ("payoff_count", 2),
    ("hand_count", 2),
    ("center", 36),
    ("sides", 320),
    ("stock", 1),
    ("to_move", 1),
    ("kings_start", 1),
)
_at = 0
for _name, _size in _SIZES:
    LAYOUT[_name] = slice(_at, _at + _size)
    _at += _size
OBS_SIZE: Final = _at
"""The length of the observation array (402)."""

_HIGH = np.ones(OBS_SIZE, dtype=np.int8)
_HIGH[LAYOUT["hand"]] = 5
_HIGH[LAYOUT["payoff_count"]] = 20
_HIGH[LAYOUT["hand_count"]] = 5
for _k in range(8):
    _block = LAYOUT["sides"].start + _SIDE_BLOCK * _k
    _HIGH[_block + 26 : _block + 39] = 8
    _HIGH[_block + 39] = 104
_HIGH[LAYOUT["stock"]] = 104
OBS_HIGH: Final[npt.NDArray[np.int8]] = _HIGH
"""The largest value of each observation entry (the lowest is 0 everywhere)."""


def _action_of(move: Move) -> int:
    if move.source == "P":
        return move.target_index
    if move.source[0] == "S":
        return _SIDE_BASE + 3 * move.source_index + move.target_index
    return _HAND_BASE + 7 * (RANK_OF[move.card] - 1) + TARGETS.index(move.target)


ACTION_OF: Final[dict[Move, int]] = {m: _action_of(m) for m in ALL_MOVES}
"""The action of every move in the notation (moves differing only in suit share one)."""
_ACTION_BY_ID: Final = {id(m): a for m, a in ACTION_OF.items()}
"""The same by identity: moves are interned, and `id` is cheaper than a Move's hash."""


def _action_name(action: int) -> str:
    if action < _SIDE_BASE:
        return f"P>{CENTERS[action]}"
    if action < _HAND_BASE:
        s, c = divmod(action - _SIDE_BASE, 3)
        return f"S{s + 1}>{CENTERS[c]}"
    r, t = divmod(action - _HAND_BASE, 7)
    return f"H:{RANKS[r]}>{TARGETS[t]}"


ACTION_NAMES: Final[tuple[str, ...]] = tuple(_action_name(a) for a in range(N_ACTIONS))
"""Each action in words: `P>C1`, `S3>C2`, `H:7>S2` (a hand rank to a pile)."""


def action_to_move(action: int, view: PlayerView) -> Move | None:
    """The move `action` stands for in this view (None when the named card is not there).

    The result is the move the action names, legal or not: check it with the mask or
    `view.why_illegal`.
    """
    me = view.player
    return decode(action, view.hand, view.payoff_tops[me], view.side_tops())


def decode(
    action: int, hand: Sequence[Card], payoff_top: Card | None, side_tops: Sequence[Card | None]
) -> Move | None:
    """`action_to_move` from the piles themselves (the environment's fast path)."""
    if not 0 <= action < N_ACTIONS:
        raise ValueError(f"an action is a whole number from 0 to {N_ACTIONS - 1}, not {action!r}")
    if action < _SIDE_BASE:
        return None if payoff_top is None else PAYOFF_MOVES[payoff_top][action]
    if action < _HAND_BASE:
        s, c = divmod(action - _SIDE_BASE, 3)
        top = side_tops[s]
        return None if top is None else SIDE_MOVES[s][top][c]
    r, t = divmod(action - _HAND_BASE, 7)
    rank = r + 1
    best: Card | None = None
    for card in hand:
        if RANK_OF[card] == rank and (best is None or card[1] < best[1]):
            best = card
    return None if best is None else HAND_MOVES[best][t]


def move_to_action(move: Move | str) -> int:
    """The action that plays `move` (or the same rank of another suit)."""
    return ACTION_OF[move if isinstance(move, Move) else Move.parse(move)]


def mask_of(moves: Sequence[Move]) -> npt.NDArray[np.int8]:
    """The action mask of a list of legal moves."""
    buf = bytearray(N_ACTIONS)
    of = _ACTION_BY_ID
    for m in moves:
        buf[of[id(m)]] = 1
    return np.frombuffer(buf, dtype=np.int8)


_CENTER_BITS: Final = tuple(bytes((m & 1, m >> 1 & 1, m >> 2 & 1)) for m in range(8))
"""Mask bytes for C1..C3 from a 3-bit set of centers."""
_HAND_BITS: Final = tuple(b + b"\x01\x01\x01\x01" for b in _CENTER_BITS)
"""The same followed by the four side stacks (a hand card may always go there)."""
_NONE3: Final = bytes(3)
_NO_HAND: Final = (bytes(7),) * 13


def legal_mask(
    hand: Sequence[Card],
    payoff_top: Card | None,
    side_tops: Sequence[Card | None],
    center_sizes: Sequence[int],
    kings_start: bool,
) -> npt.NDArray[np.int8]:
    """The action mask of the player to move, from their piles (the environment's fast path).

    The same rule as `spite_widget.engine.rules.legal_moves`, by rank: a center stack of
    size n takes rank n+1, and a King when it is non-empty (or Kings may start stacks);
    every hand card may go to every side stack. Tests check it equals `mask_of(legal_moves)`.
    """
    takes = [0] * 14  # rank -> the centers that take it, as bits (C1 = 1, C2 = 2, C3 = 4)
    for c, size in enumerate(center_sizes):
        takes[size + 1] |= 1 << c
        if size or kings_start:
            takes[13] |= 1 << c
    rank_of = RANK_OF
    center_bits = _CENTER_BITS
    parts = [center_bits[takes[rank_of[payoff_top]]] if payoff_top is not None else _NONE3]
    for top in side_tops:
        parts.append(center_bits[takes[rank_of[top]]] if top is not None else _NONE3)
    by_rank = list(_NO_HAND)  # joined bytes, not item by item: far fewer Python steps
    for card in hand:
        rank = rank_of[card]
        by_rank[rank - 1] = _HAND_BITS[takes[rank]]
    buf = bytearray(b"".join(parts + by_rank))
    return np.frombuffer(buf, dtype=np.int8)


def action_mask(view: PlayerView) -> npt.NDArray[np.int8]:
    """1 for each legal action of `view.player` (all zero unless it is their turn)."""
    return mask_of(view.legal_moves())


def observe_view(view: PlayerView) -> npt.NDArray[np.int8]:
    """The observation array of one player's view (see the module docstring)."""
    me, other = view.player, view.opponent
    return encode(
        view.hand,
        view.payoff_tops[me],
        view.payoff_tops[other],
        view.payoff_counts[me],
        view.payoff_counts[other],
        view.hand_sizes[other],
        view.sides[me],
        view.sides[other],
        view.centers,
        view.stock_count,
        view.is_my_turn,
        view.rules.kings_start_stacks,
    )


def _side_block(stack: tuple[Card, ...]) -> bytes:
    """The 40 observation entries of one side stack."""
    block = bytearray(_SIDE_BLOCK)
    block[RANK_OF[stack[-1]] - 1] = 1
    if len(stack) > 1:
        block[12 + RANK_OF[stack[-2]]] = 1
    for card in stack:
        block[25 + RANK_OF[card]] += 1
    block[39] = min(len(stack), 104)
    return bytes(block)


class _BlockCache(dict[tuple[Card, ...], bytes]):
    """Side-stack blocks by content: a stack changes at most once a turn, so most are reused."""

    def __missing__(self, stack: tuple[Card, ...]) -> bytes:
        if len(self) > 50_000:
            self.clear()
        block = self[stack] = _side_block(stack)
        return block


_blocks = _BlockCache()
_ONE_HOT13: Final = tuple(bytes(13) if r == 0 else bytes(r - 1) + b"\x01" + bytes(13 - r) for r in range(14))
"""A rank 1..13 one-hot (index 0: no card)."""
_ONE_HOT12: Final = tuple(bytes(n) + b"\x01" + bytes(11 - n) for n in range(12))
"""A center stack's size 0..11 one-hot."""
_EMPTY_BLOCK: Final = bytes(_SIDE_BLOCK)


def encode(
    hand: Sequence[Card],
    my_top: Card | None,
    their_top: Card | None,
    my_count: int,
    their_count: int,
    their_hand: int,
    my_sides: Sequence[Pile | list[Card]],
    their_sides: Sequence[Pile | list[Card]],
    centers: Sequence[Pile | list[Card]],
    stock: int,
    to_move: bool,
    kings_start: bool,
) -> npt.NDArray[np.int8]:
    """The observation from the piles one player sees: only their own hand is passed in."""
    rank_of = RANK_OF
    counts = bytearray(13)
    for card in hand:
        counts[rank_of[card] - 1] += 1
    blocks = _blocks
    empty = _EMPTY_BLOCK
    parts: list[bytes | bytearray] = [
        counts,
        _ONE_HOT13[rank_of[my_top] if my_top is not None else 0],
        _ONE_HOT13[rank_of[their_top] if their_top is not None else 0],
        bytes((my_count, their_count, len(hand), their_hand)),
        _ONE_HOT12[len(centers[0])],
        _ONE_HOT12[len(centers[1])],
        _ONE_HOT12[len(centers[2])],
    ]
    for stack in my_sides:
        parts.append(blocks[tuple(stack)] if stack else empty)
    for stack in their_sides:
        parts.append(blocks[tuple(stack)] if stack else empty)
    parts.append(bytes((stock if stock < 104 else 104, to_move, kings_start)))
    buf = bytearray(b"".join(parts))
    return np.frombuffer(buf, dtype=np.int8)


__all__ = [
    "ACTION_NAMES",
    "ACTION_OF",
    "LAYOUT",
    "N_ACTIONS",
    "OBS_HIGH",
    "OBS_SIZE",
    "action_mask",
    "action_to_move",
    "decode",
    "encode",
    "legal_mask",
    "mask_of",
    "move_to_action",
    "observe_view",
]

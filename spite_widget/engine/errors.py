"""The engine's small error family; all are `ValueError`s."""

from __future__ import annotations

from .moves import InvalidMoveError


class IllegalMoveError(ValueError):
    """A move the rules do not allow here; the message says which rule, in plain words."""


class NotAMoveError(IllegalMoveError, InvalidMoveError):
    """`Game.play` was given something that is not a move in the notation at all."""


class RecordError(ValueError):
    """A record that does not replay; the message names the move number and the reason."""

    def __init__(
        self,
        reason: str,
        move_number: int | None = None,
        game_number: int | None = None,
        line: tuple[int, ...] = (),
    ) -> None:
        self.reason = reason
        """What is wrong, in plain words."""
        self.move_number = move_number
        """1-based number of the offending move, or None when the fault is not in a move."""
        self.game_number = game_number
        """In a match record: the 1-based number of the offending game."""
        self.line = line
        """Inside a side line of that move: (variation, move, variation, move, ...), 1-based."""
        where = f"game {game_number}: " if game_number is not None else ""
        if move_number is not None:
            steps = "".join(f", variation {v}, move {m}" for v, m in zip(line[::2], line[1::2], strict=True))
            where += f"move {move_number}{steps}: "
        super().__init__(f"{where}{reason}")

"""Whole numbers as a caller passes them: Python's ints and numpy's integers alike.

A researcher's seat, ply or move number often comes out of numpy (`np.int64(3)`); it is a
whole number, while True (== 1) and 0.0 (== 0) are not, whatever `==` says.
"""

from __future__ import annotations

import numbers


def whole(value: object) -> int | None:
    """`value` as an int when it is a whole number (any `numbers.Integral` but a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def whole_or_type_error(value: object, saying: str) -> int:
    """`value` as an int when it is a whole number, else TypeError("<saying>, not <value>")."""
    number = whole(value)
    if number is None:
        raise TypeError(f"{saying}, not {value!r}")
    return number


def seat(value: object, what: str = "player") -> int:
    """`value` as 0 or 1; ValueError naming `what` for anything else (2, True, 0.0, "0")."""
    number = whole(value)
    if number not in (0, 1):
        raise ValueError(f"{what} must be 0 or 1, not {value!r}")
    return number


def as_seed(seed: object) -> object:
    """A seed for `random.Random`: a whole number of any kind as an int (`random` refuses
    numpy's integers), anything else as given (None, text: `random` judges those)."""
    number = whole(seed)
    return seed if number is None else number

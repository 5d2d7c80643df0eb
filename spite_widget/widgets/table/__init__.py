"""The card table: `SpiteWidget` (widget.py) and the sentence that sums up a computer's turn."""

from .widget import SpiteWidget

__all__ = ["SpiteWidget"]

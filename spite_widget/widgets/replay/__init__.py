"""The replay and analysis board: `ReplayWidget` (widget.py) and its messages (protocol.py)."""

from .widget import ReplayWidget, standalone_data

__all__ = ["ReplayWidget", "standalone_data"]

"""The lesson: `LessonWidget` (widget.py) and its messages (protocol.py)."""

from .widget import LessonWidget

__all__ = ["LessonWidget"]

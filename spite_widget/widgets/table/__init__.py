"""The card table: `SpiteWidget` (widget.py) over a `TableSession` (session.py: the match,
the cover, undo, hints, the computer's turn and the status line, with no user interface),
and the sentence that sums up a computer's turn (summary.py).

`SpiteWidget` loads on first use, so `spite_widget.widgets.table.session` imports without
anywidget, ipywidgets or traitlets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .widget import SpiteWidget


def __getattr__(name: str) -> Any:
    if name == "SpiteWidget":
        from .widget import SpiteWidget

        return SpiteWidget
    raise AttributeError(f"module 'spite_widget.widgets.table' has no attribute {name!r}")


__all__ = ["SpiteWidget"]

"""The notebook widgets: the card table (`SpiteWidget`), and the shared message protocol.

Import a widget from its module (or from `spite_widget`, which loads it on first use);
this package imports nothing heavy by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .table import SpiteWidget


def __getattr__(name: str) -> Any:
    if name == "SpiteWidget":
        from .table import SpiteWidget

        return SpiteWidget
    raise AttributeError(f"module 'spite_widget.widgets' has no attribute {name!r}")


__all__ = ["SpiteWidget"]

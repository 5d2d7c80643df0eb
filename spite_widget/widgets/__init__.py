"""The notebook widgets: the card table (`SpiteWidget`), the replay (`ReplayWidget`), the
lesson (`LessonWidget`), and the message protocol they share.

Import a widget from its module (or from `spite_widget`, which loads it on first use);
this package imports nothing heavy by itself.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .lesson import LessonWidget
    from .replay import ReplayWidget
    from .table import SpiteWidget

_MODULES = {"SpiteWidget": ".table", "ReplayWidget": ".replay", "LessonWidget": ".lesson"}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'spite_widget.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(module, __name__), name)


__all__ = ["LessonWidget", "ReplayWidget", "SpiteWidget"]

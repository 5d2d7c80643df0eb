"""spite-widget: Spite & Malice as a Jupyter widget with a real Python engine behind it.

The engine (cards, moves, rules, game, records, match) imports eagerly and needs nothing
beyond the standard library; the widgets, bots, replays and teaching load on first use,
so `import spite_widget` stays cheap in scripts and worker processes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .engine.cards import Card
from .engine.errors import IllegalMoveError, NotAMoveError, RecordError
from .engine.game import Game, Played
from .engine.i18n import LANGUAGES, get_language, language, set_language
from .engine.match import Match
from .engine.moves import InvalidMoveError, Move
from .engine.rules import Rules
from .engine.state import GameState, PlayerView, Result

__version__ = "0.1.0"

_LAZY = {
    "SpiteWidget": "spite_widget.widgets.table",
    "Replay": "spite_widget.engine.replay",
    "ReplayWidget": "spite_widget.widgets.replay",
    "annotate_with_bot": "spite_widget.bots.review",
    "review_summary": "spite_widget.bots.review",
    "ReviewSummary": "spite_widget.bots.review",
    "ReviewCancelled": "spite_widget.bots.review",
    "explain": "spite_widget.teach",
    "explain_position": "spite_widget.teach",
    "lessons": "spite_widget.teach",
    "puzzles": "spite_widget.teach.puzzles",
    "LessonWidget": "spite_widget.widgets.lesson",
}

if TYPE_CHECKING:  # pragma: no cover
    from .bots.review import ReviewCancelled, ReviewSummary, annotate_with_bot, review_summary
    from .engine.replay import Replay
    from .teach import explain, explain_position, lessons
    from .teach.puzzles import puzzles
    from .widgets.lesson import LessonWidget
    from .widgets.replay import ReplayWidget
    from .widgets.table import SpiteWidget


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'spite_widget' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_LAZY))


__all__ = [
    "LANGUAGES",
    "Card",
    "Game",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "LessonWidget",
    "Match",
    "Move",
    "NotAMoveError",
    "Played",
    "PlayerView",
    "RecordError",
    "Replay",
    "ReplayWidget",
    "Result",
    "ReviewCancelled",
    "ReviewSummary",
    "Rules",
    "SpiteWidget",
    "annotate_with_bot",
    "explain",
    "explain_position",
    "get_language",
    "language",
    "lessons",
    "puzzles",
    "review_summary",
    "set_language",
]

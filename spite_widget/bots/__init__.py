"""Computer opponents. A bot sees a `PlayerView` only: never the Game, the other hand or
the stock order. Bots are deterministic given their seed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from .base import Bot
from .model import Chances

if TYPE_CHECKING:
    from ..engine.state import PlayerView

BOT_NAMES: Final = ("random", "greedy", "planner", "expert")
"""The bot levels, weakest first."""

EXTRA_BOTS: Final = ("baseline",)
"""Bots for measuring, not levels offered to players: "baseline" is the expert frozen as it
was before issue 11, so comparisons with it can be rerun."""

_MODULES: Final = {
    "random": ("spite_widget.bots.random_bot", "RandomBot"),
    "greedy": ("spite_widget.bots.greedy", "GreedyBot"),
    "planner": ("spite_widget.bots.planner", "PlannerBot"),
    "expert": ("spite_widget.bots.expert", "ExpertBot"),
    "baseline": ("spite_widget.bots.baseline", "BaselineBot"),
}


def get_bot(name: object, seed: int | None = None) -> Bot:
    """A new bot of level `name` (one of BOT_NAMES or EXTRA_BOTS), seeded for reproducible play;
    or your own bot: a `path.to.module:MyBot` spec, any object with `choose(view)` or a function
    `f(view) -> Move | str`, checked move by move (see `spite_widget.bots.protocol`)."""
    if not isinstance(name, str) or ":" in name:
        from .protocol import as_bot

        return as_bot(name, seed)
    if name not in _MODULES:
        known = ", ".join((*BOT_NAMES, *EXTRA_BOTS))
        raise ValueError(
            f"unknown bot {name!r}: choose one of {known}, or give your own as path.to.module:MyBot"
        )
    module, cls = _MODULES[name]
    bot: Bot = getattr(importlib.import_module(module), cls)(seed=seed)
    return bot


def evaluate(view: PlayerView) -> Chances:
    """The chances (win, lose, draw) of `view.player` from this view only, by the expert's
    evaluation (see `expert.evaluate`): for evals in records and for hints."""
    from .expert import evaluate as expert_evaluate

    return expert_evaluate(view)


__all__ = ["BOT_NAMES", "EXTRA_BOTS", "Bot", "Chances", "evaluate", "get_bot"]

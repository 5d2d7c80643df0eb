"""Players' names as shown in the language in force: the English names that tables and
games give by themselves ("You", "Greedy bot", "Player 1") in Spanish or Portuguese, any
other name as given. A record keeps the English."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from .i18n import NP_, _, pgettext

_BOT_NAME: Final = re.compile(r"^([A-Z][a-z]+) bot$")
_PLAYER_NAME: Final = re.compile(r"^Player ([0-9])$")
_LEVEL_WORDS: Final = {
    "Random": NP_("bot level", "Random"),
    "Greedy": NP_("bot level", "Greedy"),
    "Planner": NP_("bot level", "Planner"),
    "Expert": NP_("bot level", "Expert"),
}
"""The levels' words in a player's name ("Greedy bot": "Bot voraz", "Bot guloso")."""


def shown_name(name: str) -> str:
    """A player's name in the language in force, if it is one of the English names tables
    and games give by themselves ("You", "Random bot", "Player 1"); any other as given. A
    record keeps the English: a table's game reviewed in Spanish shows "Tú" and "Bot voraz"."""
    if name == "You":
        return _("You")
    player = _PLAYER_NAME.match(name)
    if player:
        return _("Player {number}").format(number=player.group(1))
    bot = _BOT_NAME.match(name)
    if bot and bot.group(1) in _LEVEL_WORDS:
        return _("{level} bot").format(level=pgettext("bot level", _LEVEL_WORDS[bot.group(1)]))
    return name


def shown_names(players: Sequence[str]) -> tuple[str, str]:
    """Both players' names as shown (`shown_name`): over the table, in a header."""
    return (shown_name(players[0]), shown_name(players[1]))


def told_names(players: Sequence[str]) -> tuple[str, str]:
    """The names a sentence is given: as shown, but "You" stays "You", which the sentences
    themselves answer with their own second-person words ("you play first", "your chances")."""
    a, b = players[0], players[1]
    return (a if a == "You" else shown_name(a), b if b == "You" else shown_name(b))


__all__ = ["shown_name", "shown_names", "told_names"]

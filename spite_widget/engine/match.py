"""A match: games until a player's total reaches the target (50 by default)."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

from . import records
from .game import Game, check_players
from .rules import Rules
from .whole import as_seed, whole


class Match:
    """Games played until one player's total reaches `target`; the starting player alternates."""

    def __init__(
        self,
        target: int = 50,
        seed: int | None = None,
        *,
        first_player: int = 0,
        rules: Rules | dict[str, Any] | None = None,
        players: Sequence[str] | None = None,
        first_game: Game | None = None,
    ) -> None:
        """`first_game`: a game already set up (a chosen deck, say) to open the match with;
        its rules, players and starting player then stand for the whole match."""
        points = whole(target)
        if points is None or points < 1:
            raise ValueError(f"target must be a whole number of points >= 1, not {target!r}")
        self.target = points
        """Points needed to win the match."""
        self._rng = random.Random(as_seed(seed))  # type: ignore[arg-type]  # random judges the rest
        if first_game is not None:
            if players is not None and check_players(players) != first_game.players:
                raise ValueError(
                    f"players {tuple(players)} differ from the first game's {first_game.players}"
                )
            self._rules = first_game.rules
            self.players: tuple[str, str] = first_game.players
            self.games: list[Game] = [first_game]
        else:
            self._rules = Rules.from_dict(rules)
            self.players = check_players(players)
            self.games = [self._new_game(first_player)]
        """Every game of the match so far, the one in progress last."""
        self.meta: dict[str, Any] = {}
        """Top-level record keys beyond the match itself (`event`, `date`, `comment`, `x-...`)."""

    def _new_game(self, first_player: int) -> Game:
        return Game.new(
            seed=self._rng.randrange(2**63),
            first_player=first_player,
            rules=self._rules,
            players=self.players,
        )

    @property
    def game(self) -> Game:
        """The game in progress (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def scores(self) -> list[int]:
        """Each player's total over the finished games; drawn games score nothing."""
        return records.scores(self.games)

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def winner(self) -> int | None:
        """The player whose total reached the target, or None while the match goes on."""
        scores = self.scores
        for p in (0, 1):
            if scores[p] >= self.target:
                return p
        return None

    def next_game(self) -> Game:
        """Start the next game once the current one is over; the other player starts it."""
        if not self.game.is_over:
            raise ValueError("the current game is not over yet")
        if self.is_over:
            raise ValueError(f"the match is over: {self.players[self.winner or 0]} reached {self.target}")
        self.games.append(self._new_game(1 - self.game.first_player))
        return self.game

    def to_record(self) -> dict[str, Any]:
        """The match record of RULES.md, with the match's own keys."""
        return records.write_match(self)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        """Replay and check every game; RecordError names the game, the move and the reason."""
        return records.read_match(record)

    @classmethod
    def _from_games(cls, games: list[Game], target: int, meta: dict[str, Any]) -> Match:
        """A match of games already checked (the records module's reader builds it)."""
        m = cls.__new__(cls)
        m.target = target
        m._rng = random.Random()
        m._rules = games[0].rules
        m.players = games[0].players
        m.games = games
        m.meta = meta
        return m

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match record as JSON."""
        records.write_json(path, self.to_record())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """Read and check a match record."""
        return cls.from_record(records.read_json(path))

    def __repr__(self) -> str:
        a, b = self.scores
        return (
            f"<Match to {self.target}: {self.players[0]} {a} - {b} {self.players[1]}, "
            f"{len(self.games)} game{'s' if len(self.games) != 1 else ''}>"
        )

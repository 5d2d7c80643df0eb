"""A match: games until a player's total reaches the target (50 by default)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from typing import Any

from .errors import RecordError
from .game import Game
from .records import MATCH_FORMAT, check_header, read_json, write_json
from .rules import Rules

_MATCH_KEYS = ("format", "version", "target", "players", "games", "scores")


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
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError(f"target must be a whole number of points >= 1, not {target!r}")
        self.target = target
        """Points needed to win the match."""
        self._rng = random.Random(seed)
        if first_game is not None:
            if players is not None and tuple(players) != first_game.players:
                raise ValueError(
                    f"players {tuple(players)} differ from the first game's {first_game.players}"
                )
            self._rules = first_game.rules
            self.players: tuple[str, str] = first_game.players
            self.games: list[Game] = [first_game]
        else:
            self._rules = Rules.from_dict(rules)
            names = players if players is not None else ("Player 0", "Player 1")
            self.players = (str(names[0]), str(names[1]))
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
        totals = [0, 0]
        for g in self.games:
            if g.winner is not None:
                totals[g.winner] += g.points
        return totals

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
        """The match record of RULES.md."""
        return {
            "format": MATCH_FORMAT,
            "version": 1,
            "target": self.target,
            "players": list(self.players),
            **json.loads(json.dumps(self.meta)),
            "games": [g.to_record() for g in self.games],
            "scores": self.scores,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        """Replay and check every game; RecordError names the game, the move and the reason."""
        meta = check_header(record, MATCH_FORMAT, _MATCH_KEYS)
        target = record.get("target")
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise RecordError(f"target must be a whole number >= 1, not {target!r}")
        players = record.get("players")
        if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
            raise RecordError("players must be two names")
        records = record.get("games")
        if not isinstance(records, list) or not records:
            raise RecordError("games must be a non-empty list of game records")
        games: list[Game] = []
        for number, rec in enumerate(records, start=1):
            try:
                game = Game.from_record(rec)
            except RecordError as e:
                raise RecordError(e.reason, e.move_number, number) from None
            if list(game.players) != players:
                raise RecordError(f"the players {list(game.players)} differ from the match's", None, number)
            if games:
                if not games[-1].is_over:
                    raise RecordError("the game before this one is not finished", None, number)
                if game.first_player == games[-1].first_player:
                    raise RecordError("the starting player must alternate from game to game", None, number)
                if game.rules != games[0].rules:
                    raise RecordError("every game of a match is played under the same rules", None, number)
            games.append(game)
            totals = [0, 0]
            for g in games[:-1]:
                if g.winner is not None:
                    totals[g.winner] += g.points
            if max(totals) >= target:
                raise RecordError(f"the match was already won ({totals}) before this game", None, number)
        m = cls.__new__(cls)
        m.target = target
        m._rng = random.Random()
        m._rules = games[0].rules
        m.players = (players[0], players[1])
        m.games = games
        m.meta = meta
        if record.get("scores") != m.scores:
            raise RecordError(f"scores say {record.get('scores')!r}, but the games give {m.scores}")
        return m

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match record as JSON."""
        write_json(path, self.to_record())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """Read and check a match record."""
        return cls.from_record(read_json(path))

    def __repr__(self) -> str:
        a, b = self.scores
        return (
            f"<Match to {self.target}: {self.players[0]} {a} - {b} {self.players[1]}, "
            f"{len(self.games)} game{'s' if len(self.games) != 1 else ''}>"
        )

"""Going back through a recorded game: a cursor over its plies, and annotations.

The record is read (and fully checked) once; the cursor is a live `Game` that steps
forward by re-applying the recorded moves (with their recorded reshuffles) and back with
the engine's exact `undo`. Checkpoints every `CHECKPOINT_EVERY` plies make any seek short.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from .game import Game
from .match import Match
from .moves import Move
from .records import MARKS, MATCH_FORMAT, read_json, write_json
from .state import GameState, PlayerView

CHECKPOINT_EVERY = 32

RecordSource = dict[str, Any] | str | os.PathLike[str] | Game | Match


def load_games(source: RecordSource) -> tuple[list[Game], int | None]:
    """Every game in `source` (a game or match record, dict or path; a Game; a Match),
    checked and copied, with the match target (None when the source is a single game)."""
    if isinstance(source, Game):
        return [Game.from_record(source.to_record())], None
    if isinstance(source, Match):
        return Match.from_record(source.to_record()).games, source.target
    if isinstance(source, (str, os.PathLike)):
        source = read_json(source)
    if isinstance(source, dict) and source.get("format") == MATCH_FORMAT:
        match = Match.from_record(source)
        return match.games, match.target
    if isinstance(source, dict):
        return [Game.from_record(source)], None
    raise TypeError(f"a replay needs a record (dict or path), a Game or a Match, not {type(source).__name__}")


class Replay:
    """A cursor over a recorded game: ply 0 is the deal, ply len(replay) the last position."""

    def __init__(self, record_or_game: RecordSource, *, game: int = 0) -> None:
        games, self.match_target = load_games(record_or_game)
        if not 0 <= game < len(games):
            raise ValueError(f"there is no game {game}: the record holds {len(games)}")
        self.games = games
        """Every game of the source (one, unless it was a match)."""
        self._select(game)

    def _select(self, index: int) -> None:
        self.game_index = index
        """Which game of a match record is shown (0-based)."""
        self._full = self.games[index]
        self._moves = self._full.moves
        self._stocks = dict(self._full._stocks)
        cursor = self._full.copy()
        while cursor.ply:
            cursor.undo()
        self._cursor = cursor
        self._checkpoints: dict[int, Game] = {0: cursor.copy()}
        self._listeners: list[Callable[[], None]] = []

    def select_game(self, index: int) -> None:
        """Show game `index` (0-based) of a match record, from its deal."""
        if not 0 <= index < len(self.games):
            raise ValueError(f"there is no game {index}: the record holds {len(self.games)}")
        listeners = self._listeners
        self._select(index)
        self._listeners = listeners

    # ----------------------------------------------------------------- the cursor
    def __len__(self) -> int:
        return len(self._moves)

    @property
    def ply(self) -> int:
        """Where the cursor is: 0 = the deal, n = after the n-th move."""
        return self._cursor.ply

    @property
    def state(self) -> GameState:
        """The exact position at the cursor."""
        return self._cursor.state

    def view(self, player: int) -> PlayerView:
        """What `player` could see at the cursor."""
        return self._cursor.view(player)

    @property
    def game(self) -> Game:
        """The whole game as recorded (annotations included)."""
        return self._full

    @property
    def moves(self) -> tuple[Move, ...]:
        return self._moves

    @property
    def move(self) -> Move | None:
        """The move that led to the position at the cursor (None at the deal)."""
        return self._moves[self.ply - 1] if self.ply else None

    def mover(self, number: int) -> int:
        """Who played move `number` (1-based)."""
        self._check_number(number)
        return self._full._history[number - 1].player

    def forward(self) -> None:
        """One move on; at the end, stays put."""
        self.seek(self.ply + 1)

    def back(self) -> None:
        """One move back; at the deal, stays put."""
        self.seek(self.ply - 1)

    def start(self) -> None:
        self.seek(0)

    def end(self) -> None:
        self.seek(len(self))

    def seek(self, n: int) -> None:
        """Put the cursor after move `n` (clamped to 0..len); never replays from the start."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"a ply is a whole number, not {n!r}")
        n = max(0, min(len(self), n))
        here = self._cursor.ply
        base = max(k for k in self._checkpoints if k <= n)
        if abs(n - here) > n - base:
            self._cursor = self._checkpoints[base].copy()
            here = base
        while here > n:
            self._cursor.undo()
            here -= 1
        while here < n:
            self._cursor._apply(self._moves[here], self._stocks.get(here))
            here += 1
            if here % CHECKPOINT_EVERY == 0 and here not in self._checkpoints:
                self._checkpoints[here] = self._cursor.copy()
        for listener in self._listeners:
            listener()

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call `callback()` whenever the cursor moves or an annotation changes."""
        self._listeners.append(callback)

    # ----------------------------------------------------------------- annotations
    def annotate(self, n: int, comment: str | None = None, mark: str | None = None) -> None:
        """Comment and/or mark move `n` (1-based); "" clears. Marks: !! ! !? ?! ? ??"""
        self._check_number(n)
        self._full.annotate(n, comment=comment, mark=mark)
        for listener in self._listeners:
            listener()

    def annotation(self, n: int) -> dict[str, Any]:
        """The comment and mark on move `n` (1-based), as in the record."""
        self._check_number(n)
        return self._full.annotation(n)

    def _check_number(self, n: int) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(self):
            raise ValueError(f"there is no move {n!r}: this game has {len(self)} moves (1..{len(self)})")

    @property
    def record(self) -> dict[str, Any]:
        """The annotated record (RULES.md format); a match record when loaded from one."""
        if self.match_target is None:
            return self._full.to_record()
        return {
            "format": MATCH_FORMAT,
            "version": 1,
            "target": self.match_target,
            "players": list(self.games[0].players),
            "games": [g.to_record() for g in self.games],
            "scores": _scores(self.games),
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the annotated record as JSON."""
        write_json(path, self.record)

    def __repr__(self) -> str:
        p = self._full.players
        return f"<Replay {p[0]!r} v {p[1]!r}: ply {self.ply} of {len(self)}>"

    def _repr_svg_(self) -> str:
        return self.state._repr_svg_()


def _scores(games: list[Game]) -> list[int]:
    totals = [0, 0]
    for g in games:
        if g.winner is not None:
            totals[g.winner] += g.points
    return totals


__all__ = ["MARKS", "Replay", "load_games"]

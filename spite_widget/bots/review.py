"""Automatic annotation: the expert bot reviews a game the way chess engines do.

For every move it looks at the position the mover saw (their `PlayerView` only, never
the other hand or the stock), asks the expert what it would have played and how much
worse the played move was by its evaluation, and marks the moves that cost the most.
Sits above the bots (it uses one) and the records (it writes one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..engine import records
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.replay import RecordSource
from ..engine.state import PlayerView
from . import get_bot

MISTAKE_MARKS: tuple[tuple[float, str], ...] = ((0.15, "??"), (0.06, "?"), (0.03, "?!"))
"""Loss thresholds and the mark each earns, worst first: the share of the game's chances
(win minus lose) the move gives away next to the expert's best line, as lichess marks
chess moves by the winning chances they give away. Tuned on this game, where one pay-off
card early on moves the chances by about 5-10 points: an unplayed pay-off card is a "?"."""

ANNOTATOR_KEY = "x-annotated-by"


class _Rating(Protocol):
    best: Move
    loss: float
    why: str


class _Rater(Protocol):
    def rate(self, view: PlayerView, played: Move) -> _Rating: ...


def mark_for(loss: float) -> str | None:
    """The mark a move earns for giving away `loss` of its chances by the expert's evaluation."""
    for threshold, mark in MISTAKE_MARKS:
        if loss >= threshold:
            return mark
    return None


def annotate_with_bot(
    record: RecordSource,
    bot: str | _Rater = "expert",
    *,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """An annotated copy of `record` (a game or match record, a path, a Game or a Match).

    Moves the expert finds costly get a mark (?!, ?, ??) and a one-line comment naming
    the better move. The reader's own comments and marks are kept: the expert's words are
    added after a comment that is already there, and a mark already set is left alone.
    `progress(done, total)` is called after every move reviewed.
    """
    rater: _Rater = get_bot(bot, seed=0) if isinstance(bot, str) else bot  # type: ignore[assignment]
    if not callable(getattr(rater, "rate", None)):
        raise TypeError(f"{bot!r} cannot review games: it has no rate(view, move) method")
    loaded = records.load(record)
    games = loaded.games
    total = sum(g.ply for g in games)
    done = 0
    for full in games:
        cursor = Game.from_record({**full.to_record(), "moves": [], "result": None})
        for index, move in enumerate(full.moves):
            player = cursor.current_player
            rating = rater.rate(cursor.view(player), move)
            mark = mark_for(rating.loss)
            if mark is not None:
                _add_review(full, index + 1, mark, rating.why or f"the expert plays {rating.best}")
            cursor.play(move, stock=full.stock_after(index + 1))
            done += 1
            if progress is not None:
                progress(done, total)
        full.meta[ANNOTATOR_KEY] = bot if isinstance(bot, str) else type(bot).__name__
    return loaded.record()  # a match record keeps its own event, date, comment, x-...


def _add_review(game: Game, number: int, mark: str, why: str) -> None:
    note = game.annotation(number)
    comment = note.get("comment")
    text = why if not comment else f"{comment} | expert: {why}"
    game.annotate(number, comment=text, mark=None if "mark" in note else mark)


__all__ = ["MISTAKE_MARKS", "annotate_with_bot", "mark_for"]

"""Learn from your mistakes: the moves of a reviewed game that cost a player the most, as lessons.

`puzzles(record, player=0)` finds the positions where that player gave away the most chances
by the expert's review (`x-loss` of each move, see `spite_widget.bots.review`), and turns each
into a `Puzzle`, a `Lesson` that the `LessonWidget` opens as it is: "find a better move than
7♥ to S1". The position is the player's own view of the table at that moment, completed with
cards dealt at random where they could not see (`Game.from_state`), so a puzzle shows nothing
the player did not know. The goal is met when the learner's move gives away less than an
inaccuracy (`review.INACCURACY`) next to the expert's best; the solution is the expert's move,
and the expert's line for the rest of the turn (up to a draw or its first pay-off card) is
said once the goal is reached.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import get_bot
from ..bots.expert import opponent_left
from ..bots.review import INACCURACY, LOSS_KEY, annotate_with_bot, is_reviewed
from ..engine import records
from ..engine.game import Game
from ..engine.i18n import _, get_language, language
from ..engine.moves import Move
from ..engine.names import shown_name
from ..engine.replay import RecordSource
from ..engine.state import PlayerView
from ..engine.whole import seat, whole
from .lessons import Goal, Lesson, moves_since

COUNT = 5
"""Puzzles given by default: the player's costliest moves."""


@dataclass(frozen=True)
class Puzzle(Lesson):
    """A lesson made from a move of a real game (a `Lesson`: `LessonWidget(puzzle)` opens it)."""

    game_index: int = 0
    """Which game of the record (0 for a single game; a match's game otherwise)."""
    number: int = 0
    """The move of that game (1-based) the puzzle asks to improve on."""
    played: str = ""
    """The move that was played there."""
    loss: float = 0.0
    """The share of the chances it gave away, by the expert's evaluation."""
    best: str = ""
    """The expert's move (the solution)."""
    line: tuple[str, ...] = field(default=())
    """The expert's line for the rest of the turn, starting with `best` (it stops where new
    cards are drawn or after a pay-off card is played: the cards then shown would be guessed,
    as the player could not see them)."""


class _Verdict:
    """Rates the learner's first move from the puzzle's position with the expert (cached)."""

    def __init__(self, view: PlayerView, bot: Any, left: tuple[int, int, int] | None) -> None:
        self.view = view
        self.bot = bot
        self.left = left
        """The centers the opponent left (`Game.opponent_left`; None: they had not played), which
        the view alone cannot tell mid-turn: the learner's moves are judged as the review
        judged the one played."""
        self.losses: dict[Move, float] = {}
        self.reasons: dict[Move, str] = {}
        """What a move gives away, in the expert's words, without the expert's move."""

    def loss(self, move: Move) -> float:
        if move not in self.losses:
            with opponent_left(self.view.ply, self.left):
                rating = self.bot.rate(self.view, move)
            self.losses[move] = max(0.0, float(rating.loss))
            self.reasons[move] = _reason(str(getattr(rating, "why", "")))
        return self.losses[move]

    def first(self, game: Game, start: int) -> Move | None:
        moves = moves_since(game, start)
        return moves[0] if moves else None

    def met(self, game: Game, start: int) -> bool:
        move = self.first(game, start)
        return move is not None and self.loss(move) < INACCURACY

    def failed(self, game: Game, start: int) -> bool:
        move = self.first(game, start)
        return move is not None and self.loss(move) >= INACCURACY

    def why(self, game: Game, start: int) -> str:
        move = self.first(game, start)
        if move is None:
            return _("The turn ended before a move was tried.")
        loss, threshold = _loss_and_threshold(self.loss(move))
        reason = self.reasons.get(move, "")
        if reason:
            return _(
                "{move} gives away {loss} of your chances by the expert's reckoning: {reason}. "
                "A good answer gives away less than {threshold}."
            ).format(move=_words(move), loss=loss, reason=reason, threshold=threshold)
        return _(
            "{move} gives away {loss} of your chances by the expert's reckoning; "
            "a good answer gives away less than {threshold}."
        ).format(move=_words(move), loss=loss, threshold=threshold)


def puzzles(
    record: RecordSource,
    player: int = 0,
    *,
    count: int = COUNT,
    bot: str = "expert",
    lang: str | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    cancel: Any = None,
) -> list[Puzzle]:
    """The positions where `player` gave away the most chances, costliest first, as puzzles.

    `record` is a game or match record (dict or path), a Game or a Match; one that has not
    been reviewed (no game with an `eval` on every move, `is_reviewed`) is reviewed first
    with `annotate_with_bot`. Only
    moves that gave away at least an inaccuracy's share become puzzles, at most `count`.
    `seed` deals the cards the player could not see; `lang` picks the words' language.
    `progress` and `cancel` go to that review (see `annotate_with_bot`: run it in a thread).
    """
    player = seat(player)
    if whole(count) is None or count < 0:
        raise ValueError(f"count must be a whole number >= 0, not {count!r}")
    count = int(count)
    loaded = records.load(record)
    if not any(is_reviewed(g) for g in loaded.games):  # an eval here and there is no review
        reviewed = annotate_with_bot(loaded.record(), bot=bot, progress=progress, cancel=cancel)
        loaded = records.load(reviewed)
    costly: list[tuple[float, int, int]] = []
    for gi, game in enumerate(loaded.games):
        for n in range(1, game.ply + 1):
            loss = game.annotation(n).get(LOSS_KEY, 0.0)
            if game.mover(n) == player and loss >= INACCURACY:
                costly.append((-loss, gi, n))
    costly.sort()
    expert = get_bot(bot, seed=0)
    out: list[Puzzle] = []
    with language(lang):
        for _loss, gi, n in costly:
            if len(out) >= count:
                break
            made = _puzzle(loaded.games[gi], gi, n, player, (expert, bot), seed, len(loaded.games) > 1)
            if made is not None:
                out.append(made)
    return out


def _puzzle(
    record_game: Game, gi: int, number: int, player: int, rater: tuple[Any, str], seed: int, in_match: bool
) -> Puzzle | None:
    """The puzzle of move `number`, or None if the expert no longer finds it costly."""
    expert, name = rater
    cursor = Game.from_record({**record_game.to_record(), "moves": [], "result": None})
    for i, move in enumerate(record_game.moves[: number - 1]):
        cursor.play(move, stock=record_game.stock_after(i + 1))
    view = cursor.view(player)
    played = record_game.moves[number - 1]
    verdict = _Verdict(view, expert, cursor.opponent_left())
    with opponent_left(view.ply, verdict.left):
        rating = expert.rate(view, played)
    loss = max(0.0, float(rating.loss))
    if loss < INACCURACY:
        return None
    verdict.losses[played] = loss
    verdict.reasons[played] = _reason(str(rating.why))
    best: Move = rating.best
    verdict.losses[best] = 0.0
    start = Game.from_state(view, seed=seed, players=record_game.players)
    line = _expert_line(start, best, player, get_bot(name, seed=seed))
    opponent = record_game.players[1 - player]
    where = _("game {g}, move {n}").format(g=gi + 1, n=number) if in_match else _("move {n}").format(n=number)
    text = _(
        "{where} of your game against {name}. You played {move} ({notation}), and by the expert's reckoning "
        "that gave away {loss} of your chances. Find a better move: any move that gives away "
        "less than {threshold} passes."
    ).format(
        where=where[0].upper() + where[1:],
        name=shown_name(opponent),  # "Bot guloso" in Portuguese, as the table names it
        move=_words(played),
        notation=str(played),
        loss=_loss_and_threshold(loss)[0],
        threshold=_percent(INACCURACY),
    )
    return Puzzle(
        id=f"puzzle-{gi + 1}-{number}" if in_match else f"puzzle-{number}",
        title=_("Puzzle: {where}").format(where=where),
        text=text,
        rules=(),
        deck=(),
        setup=(),
        goal=Goal(
            _("Find a better move than {move}.").format(move=_words(played)),
            verdict.met,
            failed=verdict.failed,
            why_failed=verdict.why,
        ),
        hint=_("Look at what each center stack needs and where each of your cards could go."),
        solution=(str(best),),
        seed=seed,
        players=(record_game.players[0], record_game.players[1]),
        learner=player,
        kings_start_stacks=view.rules.kings_start_stacks,
        lang=get_language(),
        position=start.state.to_text(),
        debrief=_("The expert's line: {line}.").format(line=", ".join(_words(Move.parse(m)) for m in line)),
        game_index=gi,
        number=number,
        played=str(played),
        loss=loss,
        best=str(best),
        line=line,
    )


def _expert_line(start: Game, best: Move, player: int, bot: Any) -> tuple[str, ...]:
    """The expert's moves for the rest of the turn from `start`, `best` first, up to a draw or
    a pay-off card played: `start` is the learner's view with the unseen cards dealt at random,
    so the card under a pay-off top, like a drawn one, would be made up."""
    game = start.copy()
    line: list[str] = []
    move = best
    while len(line) < 30:
        done = game.play(move)
        line.append(str(move))
        if done.turn_passed or done.result is not None or done.drawn or move.source == "P":
            break
        move = bot.choose(game.view(player))
    return tuple(line)


def _words(move: Move) -> str:
    """The move in words: "7♥ to S1", "7♥ from S2 to C1", "K♠ from your pay-off pile to C3"."""
    card, pile = move.card.display, move.target
    if move.source == "P":
        return _("{card} from your pay-off pile to {pile}").format(card=card, pile=pile)
    if move.source != "H":
        return _("{card} from {source} to {pile}").format(card=card, source=move.source, pile=pile)
    return _("{card} to {pile}").format(card=card, pile=pile)


def _percent(share: float) -> str:
    return f"{share:.0%}" if share >= 0.005 else "<1%"


def _loss_and_threshold(loss: float) -> tuple[str, str]:
    """A loss and the threshold as percentages, the loss with a decimal when whole numbers
    would make them look alike ("gives away 3.1% ... less than 3%", not "3% ... less than 3%")."""
    shown, threshold = _percent(loss), _percent(INACCURACY)
    if shown == threshold and loss >= INACCURACY:
        digits = 1 if f"{loss * 100:.1f}" != f"{INACCURACY * 100:.1f}" else 2
        shown = f"{loss * 100:.{digits}f}%"
        if get_language() != "en":  # Spanish and Portuguese write a decimal comma
            shown = shown.replace(".", ",")
    return shown, threshold


def _reason(why: str) -> str:
    """The reason in a rating's `why` ("gives up 3% of your chances: it leaves the opponent ... (the
    expert plays 9♦ on S2)"): after the share, before the expert's move ("" without one). A
    reason that lists the expert's line ("5♣ could have been played after A♠ from S2 on C1, K♣
    ...") keeps only what it says of the pay-off card: the line is the puzzle's solution."""
    _share, colon, reason = why.partition(": ")
    if not colon:
        return ""
    lead, expert_plays = _readers(get_language())
    found = lead.fullmatch(reason)
    if found:
        return _("your pay-off card {card} could have been played this turn").format(card=found["card"])
    cut = reason.find(expert_plays)
    return (reason[:cut] if cut >= 0 else reason).strip()


@functools.cache
def _readers(lang: str) -> tuple[re.Pattern[str], str]:
    """In `lang` (in force), the expert's "could have been played after" reason as a pattern,
    and the words that name the expert's own move (" (the expert plays "), both read off the
    catalog's own message, which ends every reason of the expert's with that move."""
    text = _("{card} could have been played after {cards} (the expert plays {move})")
    before_move = text[: text.index("{move}")]
    return _template(text), before_move[before_move.rindex(" (") :]


def _template(text: str) -> re.Pattern[str]:
    """A pattern that reads a message made from `text` back: each {field} a named group."""
    parts = re.split(r"\{(\w+)(?::[^}]*)?\}", text)
    pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(pattern, re.S)


__all__ = ["COUNT", "Puzzle", "puzzles"]

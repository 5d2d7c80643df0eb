"""Automatic annotation: the expert bot reviews a game the way chess engines do.

For every move it looks at the position the mover saw (their `PlayerView` only, never
the other hand or the stock), asks the expert what it would have played and how much
worse the played move was by its evaluation, marks the moves that cost the most, and
stores each player's chance of winning after the move (the `eval` of RULES.md) as the
mover estimates it. A `ReviewSummary` (accuracy and counts of inaccuracies, mistakes and
blunders per player) is read back from a reviewed record by `review_summary`.
Sits above the bots (it uses one) and the records (it writes one).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Protocol

from ..engine import records
from ..engine.game import Game, Played
from ..engine.i18n import LANGUAGES, _, language, ngettext
from ..engine.moves import Move
from ..engine.names import shown_name, told_names
from ..engine.narrate import judging
from ..engine.replay import RecordSource
from ..engine.state import PlayerView
from . import Chances, evaluate, get_bot
from .expert import opponent_left
from .protocol import bot_name, is_spec, load_bot

MISTAKE_MARKS: tuple[tuple[float, str], ...] = ((0.15, "??"), (0.06, "?"), (0.03, "?!"))
"""Loss thresholds and the mark each earns, worst first: the share of the game's chances
(win minus lose) the move gives away next to the expert's best line, as lichess marks
chess moves by the winning chances they give away. Tuned on this game, where one pay-off
card early on moves the chances by about 5-10 points: an unplayed pay-off card is a "?"."""

INACCURACY: Final = MISTAKE_MARKS[-1][0]
"""The smallest loss that counts as an inaccuracy (?!): a puzzle's answer must lose less."""

ANNOTATOR_KEY = "x-annotated-by"
LOSS_KEY: Final = "x-loss"
"""A reviewed move's own key: the share of its chances it gave away (absent: none)."""
AS_PLAYED_KEY: Final = "x-as-played"
"""On a move whose `eval` the analysis board gave as the move was played (a side line's), not a
review: it says nothing of what the move gave away, so a line promoted from such moves leaves
the game unreviewed until the next review, which drops this key."""
REVIEW_KEY: Final = "x-review"
"""What a review wrote into a move's note ({"words": ..., "mark": ... if it set the mark}), so
that a seat can be shown the note without it and the reader's own words are told apart."""

ACCURACY_DECAY: Final = 8.0
"""A move's accuracy is 100 * exp(-ACCURACY_DECAY * loss): 100 for the best move, about 79
for an inaccuracy's 0.03, 62 for a mistake's 0.06, 30 for a blunder's 0.15."""


class ReviewCancelled(Exception):
    """The review was cancelled before it finished; nothing was changed."""


class _Rating(Protocol):
    best: Move
    loss: float
    why: str


class _Rater(Protocol):
    def rate(self, view: PlayerView, played: Move) -> _Rating: ...


class _Flag(Protocol):
    def is_set(self) -> bool: ...


def mark_for(loss: float) -> str | None:
    """The mark a move earns for giving away `loss` of its chances by the expert's evaluation."""
    for threshold, mark in MISTAKE_MARKS:
        if loss >= threshold:
            return mark
    return None


def shown_accuracy(accuracy: float) -> int:
    """A player's accuracy as a whole percent: rounded, but 100 only when no move gave
    anything away (99.7 rounds to 100, and "accuracy 100%" beside a ?! reads as a contradiction)."""
    shown = round(accuracy)
    return min(shown, 99) if accuracy < 100.0 else 100


def move_accuracy(loss: float) -> float:
    """One move's accuracy, 0-100: 100 * exp(-8 * loss), where `loss` is the share of the
    game's chances (win minus lose) it gave away next to the expert's best move."""
    return 100.0 * math.exp(-ACCURACY_DECAY * max(0.0, loss))


def annotate_with_bot(
    record: RecordSource,
    bot: str | _Rater = "expert",
    *,
    progress: Callable[[int, int], None] | None = None,
    cancel: _Flag | None = None,
    lang: str | None = None,
) -> dict[str, Any]:
    """An annotated copy of `record` (a game or match record, a path, a Game or a Match).

    After every move, of the main line and of its side lines, it stores the `eval` of RULES.md: each player's
    chance of winning, estimated from the mover's own view by `spite_widget.bots.evaluate`
    (whatever `bot` rates the moves; a side line's first move is told from the move it
    replaces, see `_Anchor`). Moves the bot finds costly get a mark (?!, ?, ??), a
    one-line comment naming the better move, and `x-loss`, the share of the chances they
    gave away; `review_summary(result)` reads the accuracy and counts back. The reader's own
    comments and marks are kept: the bot's words are added after a comment that is already
    there (once: a second review does not repeat them), and a mark already set is left alone.

    For a widget, run it in a thread: `progress(done, total)` is called after every move
    reviewed, and setting `cancel` (a `threading.Event`, or anything with `is_set()`) stops
    the review before the next move by raising `ReviewCancelled`; the source is never
    changed, so a cancelled review leaves everything as it was.

    The comments it writes are in `lang` (default: the language in force; the sentences
    about chances come from the bot's `rate`). A thread starts in no `language(...)` block,
    so a widget's review thread passes its `lang`.
    """
    with language(lang):
        return _annotate(record, bot, progress, cancel)


def _annotate(
    record: RecordSource, bot: str | _Rater, progress: Callable[[int, int], None] | None, cancel: _Flag | None
) -> dict[str, Any]:
    """`annotate_with_bot` in the language in force."""
    if isinstance(bot, str) and is_spec(bot):
        rater: _Rater = load_bot(bot, seed=0)  # a rater need not choose moves too
    else:
        rater = get_bot(bot, seed=0) if isinstance(bot, str) else bot  # type: ignore[assignment]
    if not callable(getattr(rater, "rate", None)) or getattr(rater, "can_rate", True) is False:
        raise TypeError(f"{bot!r} cannot review games: it has no rate(view, move) method")
    name = bot if isinstance(bot, str) else bot_name(bot)
    loaded = records.load(record)
    games = loaded.games
    total = sum(g.ply + side_line_moves(g) for g in games)
    done = 0

    def judge(
        cursor: Game,
        move: Move,
        stock: Sequence[str] | None,
        note: dict[str, Any],
        anchor: _Anchor | None = None,
    ) -> None:
        """Rate `move` where `cursor` stands, play it there, write its review into `note`, then
        review the side lines that replace it. A side line's first move is told from `anchor`,
        what the move it replaces tells (see `_Anchor`); any other move straight."""
        nonlocal done
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled(f"the review was cancelled after {done} of {total} moves")
        player = cursor.current_player
        # a table's player ("You") is spoken to ("your chances"), anyone else named ("Bo's
        # chances"): a record is read from above, by a coach or the other player too
        with judging(told_names(cursor.players)[player]), opponent_left(cursor.ply, cursor.opponent_left()):
            rating = _checked(name, rater, cursor.view(player), move)
        loss = max(0.0, float(rating.loss))
        lines = note.get("variations", [])
        before = cursor.copy() if lines else None
        done_by = cursor.play(move, stock=stock)
        straight = _chances_after(rating, cursor.view(player), done_by)
        chances = straight if anchor is None else anchor.below(rating, loss)
        earlier = without_review(note)  # a review before, in any language: replaced
        reader = earlier.get("comment", "")
        review_before = _review_in(note)
        # the reader took away the mark a review set (its x-review still says it): no mark, on purpose
        unmarked = review_before is not None and "mark" in review_before and "mark" not in note
        _store(note, player, chances.win, chances.lose, loss)
        mark = mark_for(loss)
        if earlier is not note:  # an earlier review's words and mark go; the reader's stay
            note.pop(REVIEW_KEY, None)
            for key in ("comment", "mark"):
                if key in earlier:
                    note[key] = earlier[key]
                else:
                    note.pop(key, None)
        if mark is not None:
            plays = _("the expert plays {move}") if name == "expert" else _("{name} plays {move}")
            why = rating.why or plays.format(name=name, move=rating.best)
            _add_review(note, mark, why, str(reader), unmarked)
        done += 1
        if progress is not None:
            progress(done, total)
        if before is not None:
            here = anchor if anchor is not None else _Anchor.above(straight, rating, loss)
            for line in lines:  # a side line is reviewed as the game is, with its cards
                at = before.copy()
                for k, entry in enumerate(line):
                    judge(at, Move.parse(entry["move"]), entry.get("stock"), entry, here if k == 0 else None)

    for full in games:
        cursor = _start_of(full)
        for index, move in enumerate(full.moves):
            note = full.annotation(index + 1)
            judge(cursor, move, full.stock_after(index + 1), note)
            full.set_annotation(index + 1, note)
        full.meta[ANNOTATOR_KEY] = bot if isinstance(bot, str) else type(bot).__name__
    return loaded.record()  # a match record keeps its own event, date, comment, x-...


def chances_after(
    before: Game,
    move: Move,
    stock: Sequence[str] | None = None,
    *,
    replacing: tuple[Move, Sequence[str] | None] | None = None,
    bot: str | _Rater = "expert",
) -> Chances:
    """The mover's chances after `move` played from `before` (not changed), as a review tells
    them. For a move judged as it is played (the analysis board), so that it reads as the
    review will read it: a side line's first move, `replacing` another move (and its stock),
    is told from what that move tells (see `_Anchor`), any other move straight. `stock`: the
    record's stock after the move, if it completes a center stack."""
    rater: Any = get_bot(bot, seed=0) if isinstance(bot, str) else bot
    name = bot if isinstance(bot, str) else bot_name(bot)
    player = before.current_player

    def rated(m: Move) -> _Rating:
        with opponent_left(before.ply, before.opponent_left()):  # as the review rates it
            return _checked(name, rater, before.view(player), m)

    def straight(m: Move, m_stock: Sequence[str] | None) -> tuple[_Rating, Chances]:
        rating = rated(m)
        at = before.copy()
        done_by = at.play(m, stock=m_stock)
        return rating, _chances_after(rating, at.view(player), done_by)

    if replacing is None:
        return straight(move, stock)[1]
    other, told = straight(*replacing)
    anchor = _Anchor.above(told, other, max(0.0, float(other.loss)))
    rating = rated(move)
    return anchor.below(rating, max(0.0, float(rating.loss)))


def _checked(name: str, rater: _Rater, view: PlayerView, move: Move) -> _Rating:
    """`rater.rate(view, move)`, or an error naming the rater and the move when it fails or
    answers something that is not a rating (a rater may be anybody's code)."""
    try:
        rating = rater.rate(view, move)
    except Exception as e:
        raise RuntimeError(
            f"{name}.rate() raised {type(e).__name__} at move {view.ply + 1} ({move}): {e}"
        ) from e
    missing = [k for k in ("best", "loss", "why") if not hasattr(rating, k)]
    loss = getattr(rating, "loss", None)
    if (
        missing
        or not isinstance(loss, int | float)
        or isinstance(loss, bool)
        or not math.isfinite(loss)
        or not isinstance(rating.why, str)
        or not isinstance(rating.best, Move)
    ):
        raise TypeError(
            f"{name}.rate() returned {type(rating).__name__} {rating!r} at move {view.ply + 1} ({move}): "
            "a rating has best (a Move), loss (a finite number) and why (a string), as "
            "spite_widget.bots.protocol.Rating"
        )
    if rating.best not in view.legal_moves():  # the review would credit the rater with it
        raise ValueError(
            f"{name}.rate() at move {view.ply + 1} ({move}) preferred {rating.best}, which is not a "
            f"legal move there: {view.why_illegal(rating.best)}"
        )
    return rating


def side_line_moves(game: Game) -> int:
    """How many moves the side lines of `game` hold, nested ones included: a review rates them
    too, and its progress counts them."""
    return sum(_line_moves(game.annotation(n).get("variations", [])) for n in range(1, game.ply + 1))


def _line_moves(lines: list[Any]) -> int:
    """How many moves the side lines `lines` hold, nested ones included."""
    return sum(1 + _line_moves(entry.get("variations", [])) for line in lines for entry in line)


def _start_of(game: Game) -> Game:
    """A game at the deal of `game`, to replay its moves one by one."""
    return Game.from_record({**game.to_record(), "moves": [], "result": None})


def _chances_after(rating: object, view: PlayerView, played: Played) -> Chances:
    """The mover's chances after the move, from `view` (theirs, right after it).

    Within the turn the rating already holds them: the expert's search scored the best line
    that starts with the played move, which is what `evaluate(view)` searches again from
    here (the search is the review's whole cost, so it is not run twice). Once the turn has
    passed, the game is over or the mover drew new cards, and for a rater without chances,
    `evaluate` gives them.
    """
    given = getattr(rating, "played_chances", None)
    if isinstance(given, Chances) and not (played.turn_passed or played.result or played.drawn):
        return given
    return evaluate(view)


def _share(rating: object) -> float:
    """How much of a move's loss (a share of win minus lose) is winning less rather than losing
    more, as the rating's own chances split it (half and half without them)."""
    played, best = getattr(rating, "played_chances", None), getattr(rating, "best_chances", None)
    if isinstance(played, Chances) and isinstance(best, Chances):
        fewer_wins, more_losses = max(0.0, best.win - played.win), max(0.0, played.lose - best.lose)
        if fewer_wins + more_losses > 1e-9:
            return fewer_wins / (fewer_wins + more_losses)
    return 0.5


def _shifted(chances: Chances, win: float, lose: float) -> Chances:
    """`chances` with `win` added to winning and `lose` to losing, kept a valid split."""
    w, lo = chances.win + win, chances.lose + lose
    if w < 0.0:  # what winning cannot give up comes out of the draw
        lo, w = lo - w, 0.0
    if lo < 0.0:
        w, lo = w - lo, 0.0
    w, lo = min(w, 1.0), min(lo, 1.0)
    lo = min(lo, 1.0 - w)
    return Chances(w, lo, max(0.0, 1.0 - w - lo))


@dataclass(frozen=True, slots=True)
class _Anchor:
    """What a side line's first move is told from: the chances after the best move from the
    position, as the move it replaces (the game's move) tells them.

    Told straight, a move's chances come from one of two estimates (the end of the best line
    after it within the turn, or `evaluate` between turns, which cannot tell one discard from
    another), while its loss comes from comparing lines in the same sampled worlds. So a side
    line marked ? could show the very chances of the unmarked game move beside it, or better
    ones (about one side line in three did). The game's move keeps its straight chances (what
    the maps were fitted on); the chances after the best move are those plus its loss, and a
    side line's first move is told from them less its own loss: the game's move and the side
    lines that replace it show chances in the order of their losses.
    """

    best: Chances

    @classmethod
    def above(cls, told: Chances, rating: _Rating, loss: float) -> _Anchor:
        """From the move a side line replaces: its `told` chances and its rating's loss."""
        share = _share(rating)
        return cls(_shifted(told, share * loss, -(1.0 - share) * loss))

    def below(self, rating: _Rating, loss: float) -> Chances:
        """The chances after a side line's first move, which gave `loss` away."""
        share = _share(rating)
        return _shifted(self.best, -share * loss, (1.0 - share) * loss)


def _store(note: dict[str, Any], mover: int, win: float, lose: float, loss: float) -> None:
    """A move's eval (from the mover's chances) and x-loss, in its note, replacing earlier ones."""
    mine, theirs = round(win, 3), round(lose, 3)
    theirs = min(theirs, round(1.0 - mine, 3))
    note["eval"] = {"p0": mine, "p1": theirs} if mover == 0 else {"p0": theirs, "p1": mine}
    note.pop(AS_PLAYED_KEY, None)
    if loss > 0.0:
        note[LOSS_KEY] = round(loss, 4)
    else:
        note.pop(LOSS_KEY, None)


def _add_review(note: dict[str, Any], mark: str, why: str, reader: str, unmarked: bool = False) -> None:
    """The bot's comment after the reader's own (`reader`: the comment without what an earlier
    review wrote, so a second review, in whatever language, says it once), and its mark
    unless one is set or the reader took an earlier review's away (`unmarked`: the note stays
    without one, and its `x-review` keeps saying the mark, so that the next review knows)."""
    note["comment"] = _reviewed_comment(reader, why)
    review: dict[str, str] = {"words": why}
    if unmarked:
        review["mark"] = mark
    elif "mark" not in note:
        note["mark"] = review["mark"] = mark
    note[REVIEW_KEY] = review


def _reviewed_comment(reader: str, why: str) -> str:
    """The reader's comment, then the review's words: "mine | expert: gives up 12% ..."."""
    return _("{comment} | expert: {why}").format(comment=reader, why=why) if reader else why


@cache
def _plays_said() -> tuple[str, ...]:
    """How a review's words name the bot's move, in every language ("the expert plays", " plays")."""
    out = []
    for lang in LANGUAGES:
        with language(lang):
            out.append(_("the expert plays {move}").split("{move}", 1)[0].strip())
            # another bot's review: "greedy plays", "greedy juega"
            out.append(_("{name} plays {move}").split("{name}", 1)[1].split("{move}", 1)[0].rstrip())
    return tuple(out)


def rewritten(note: dict[str, Any], review: object) -> str:
    """The note's comment with the words of the review it holds replaced by those of `review`
    (a new review's `x-review`; anything else: none): the reader's part stays as it is."""
    reader = str(without_review(note).get("comment", ""))
    words = review.get("words") if isinstance(review, dict) else None
    return _reviewed_comment(reader, words) if isinstance(words, str) and words else reader


@cache
def _review_separators() -> tuple[str, ...]:
    """What stands between the reader's comment and the bot's, in every language: " | expert: "."""
    out = []
    for lang in LANGUAGES:
        with language(lang):
            template = _("{comment} | expert: {why}")
        out.append(template.split("{comment}", 1)[1].split("{why}", 1)[0])
    return tuple(out)


def without_review(note: dict[str, Any]) -> dict[str, Any]:
    """A move's note without what a bot's review wrote into it (`_review_in`): its words,
    wherever they stand in the comment (after the reader's, as the review put them, or inside
    text written around them since), with the separator beside them, and the mark it set.
    The note itself when no review wrote into it. From a seat, the other player's move shows
    this: the review judged it from a hand that seat cannot see ("the expert plays H:9d>S2")."""
    review = _review_in(note)
    if review is None:
        return note
    out = {k: v for k, v in note.items() if k != REVIEW_KEY}
    rest = _without_words(str(note.get("comment", "")), review["words"])
    if rest:
        out["comment"] = rest
    else:
        out.pop("comment", None)
    if "mark" in review and note.get("mark") == review["mark"]:
        out.pop("mark", None)
    return out


def _without_words(comment: str, words: str) -> str:
    """`comment` without the review's `words` (the last time they stand in it) and the
    separator before them; as it is when they are not in it."""
    at = comment.rfind(words) if words else -1
    if at < 0:
        return comment
    before, after = comment[:at], comment[at + len(words) :]
    for separator in _review_separators():
        if before.endswith(separator):
            before = before[: -len(separator)]
            break
    return (before + after).strip()


def _names_a_bots_move(text: str) -> bool:
    """Whether `text` names a reviewing bot's move as a review's words do ("the expert plays",
    "greedy plays", in any language): a review's words, not a reader's."""
    return any(said in text for said in _plays_said())


def with_review(
    note: dict[str, Any], comment: str | None, mark: str | None
) -> tuple[str | None, str | None, dict[str, str] | None]:
    """What to store when a reader who sees `without_review(note)` writes `comment` and
    `mark` (None: unchanged; "" clears): the comment and mark to write, and the note's
    `x-review` from then on (None: no review in it). The review's words, hidden from them,
    stay after their own; its mark stays unless they set one, which is theirs from then on
    and shows. From a seat, a comment on the other player's reviewed move wiped the
    expert's words from the record. A record reviewed before `x-review` is read as
    `without_review` reads it, and says it from then on."""
    review = _review_in(note)
    if review is None:
        return comment, mark, None
    seen = without_review(note)
    if comment is not None:
        if review["words"] and str(note.get("comment", "")) != str(seen.get("comment", "")):
            comment = _reviewed_comment(comment, review["words"])  # hidden from them: it stays
        else:  # no longer in the comment (rewritten from above): nothing of the review to keep
            review = {**review, "words": ""}
    if mark is not None:
        if mark == seen.get("mark", "") and "mark" in note:
            mark = None  # not changed by the reader: the hidden mark stays
        else:
            review = {k: v for k, v in review.items() if k != "mark"}
    return comment, mark, review


def _review_in(note: dict[str, Any]) -> dict[str, str] | None:
    """What a review wrote into `note` ({"words": ..., "mark": ... if it set it}), as its
    `x-review` says. A record reviewed before that key tells less: on a move the review marked
    (its `x-loss` earns a mark), the words after the separator, or a whole comment that names a
    bot's move the way a review does ("the expert plays ..."), and the mark if it is the one
    the loss earns (another is the author's: the review kept a mark it found). None: nothing."""
    review = note.get(REVIEW_KEY)
    if isinstance(review, dict) and isinstance(review.get("words"), str):
        return {k: str(v) for k, v in review.items() if k in ("words", "mark")}
    loss = note.get(LOSS_KEY)
    earned = None if isinstance(loss, bool) or not isinstance(loss, int | float) else mark_for(float(loss))
    if earned is None:
        return None
    comment = str(note.get("comment", ""))
    words = comment if _names_a_bots_move(comment) else ""
    for separator in _review_separators():
        if separator in comment:
            words = comment.split(separator, 1)[1]
            break
    found = {"words": words}
    if note.get("mark") == earned:
        found["mark"] = earned
    return found if words or "mark" in found else None


# ---------------------------------------------------------------- the summary


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """How one player played by the review: accuracy and the moves that cost chances."""

    name: str
    moves: int
    """Moves of theirs that were reviewed."""
    accuracy: float | None
    """The mean of `move_accuracy` over those moves, 0-100 (None without a move)."""
    inaccuracies: int
    """Moves that gave away at least 3 points of chances (?!), less than 6."""
    mistakes: int
    """From 6 points (?), less than 15."""
    blunders: int
    """From 15 points (??)."""
    lost: float
    """The chances given away over the whole game, summed (0.4: 40 points)."""


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """The review of a game (or of a match's games together), per player."""

    players: tuple[PlayerReview, PlayerReview]

    def __getitem__(self, player: int) -> PlayerReview:
        return self.players[player]

    def __iter__(self) -> Iterator[PlayerReview]:
        return iter(self.players)

    def describe(self) -> str:
        """One line per player: "Ada: accuracy 91%, 2 inaccuracies, 1 mistake, 0 blunders"
        (in the language in force)."""
        return "\n".join(_line(p) for p in self.players)


def _line(p: PlayerReview) -> str:
    accuracy = (
        _("no move reviewed")
        if p.accuracy is None
        else _("accuracy {percent}%").format(percent=shown_accuracy(p.accuracy))
    )
    counts = [
        ngettext("{n} inaccuracy", "{n} inaccuracies", p.inaccuracies).format(n=p.inaccuracies),
        ngettext("{n} mistake", "{n} mistakes", p.mistakes).format(n=p.mistakes),
        ngettext("{n} blunder", "{n} blunders", p.blunders).format(n=p.blunders),
    ]
    return _("{name}: {accuracy}, {counts}").format(
        name=shown_name(p.name), accuracy=accuracy, counts=", ".join(counts)
    )


def review_summary(record: RecordSource) -> ReviewSummary:
    """Accuracy and counts per player, read back from a reviewed record (a game or a match).

    The games a review judged whole count (`is_reviewed`: an `eval` on every move); a move's
    loss is its `x-loss` (none: it gave nothing away). Counts follow MISTAKE_MARKS on the losses, not the marks, which
    the reader may have set by hand. ValueError if no move of the record was reviewed.
    """
    loaded = records.load(record)
    losses: tuple[list[float], list[float]] = ([], [])
    for game in filter(is_reviewed, loaded.games):
        for player, loss in move_losses(game):
            losses[player].append(loss)
    if not losses[0] and not losses[1]:
        raise ValueError("this record has not been reviewed: run annotate_with_bot on it first")
    names = loaded.games[0].players
    first = _player_review(names[0], losses[0])
    return ReviewSummary((first, _player_review(names[1], losses[1])))


def is_reviewed(game: Game) -> bool:
    """Whether a review judged the whole game: every main-line move carries an `eval`, as
    `annotate_with_bot` leaves it. An eval set by hand here and there (or a side line's, or a
    game played on past its review) is not a review: its accuracy would be over a few moves."""
    return game.ply > 0 and all(_reviewed(game.annotation(n)) for n in range(1, game.ply + 1))


def _reviewed(note: dict[str, Any]) -> bool:
    """A move's note as a review leaves it: an eval, not one given as the move was played."""
    return "eval" in note and not note.get(AS_PLAYED_KEY)


def move_losses(game: Game) -> list[tuple[int, float]]:
    """(mover, loss) of every reviewed main-line move of `game`, in order."""
    out: list[tuple[int, float]] = []
    for number in range(1, game.ply + 1):
        note = game.annotation(number)
        if not _reviewed(note):
            continue
        loss = note.get(LOSS_KEY, 0.0)
        if isinstance(loss, bool) or not isinstance(loss, (int, float)) or loss < 0:
            raise ValueError(f"move {number}: {LOSS_KEY} must be a share of chances >= 0, not {loss!r}")
        out.append((game.mover(number), float(loss)))
    return out


def _player_review(name: str, losses: Sequence[float]) -> PlayerReview:
    def count(low: float, high: float) -> int:
        return sum(1 for x in losses if low <= x < high)

    (blunder, _b), (mistake, _m), (inaccuracy, _i) = MISTAKE_MARKS
    accuracy = sum(move_accuracy(x) for x in losses) / len(losses) if losses else None
    return PlayerReview(
        name=name,
        moves=len(losses),
        accuracy=accuracy,
        inaccuracies=count(inaccuracy, mistake),
        mistakes=count(mistake, blunder),
        blunders=count(blunder, math.inf),
        lost=sum(losses),
    )


__all__ = [
    "AS_PLAYED_KEY",
    "INACCURACY",
    "LOSS_KEY",
    "MISTAKE_MARKS",
    "REVIEW_KEY",
    "PlayerReview",
    "ReviewCancelled",
    "ReviewSummary",
    "annotate_with_bot",
    "is_reviewed",
    "mark_for",
    "move_accuracy",
    "move_losses",
    "review_summary",
    "rewritten",
    "with_review",
    "without_review",
]

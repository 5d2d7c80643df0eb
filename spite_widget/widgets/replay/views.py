"""What the replay shows, as payloads: the table at the cursor, the move tree, the note at the
cursor, the header and the evaluation graph. Shared by the widget and the exported page
(`html.py`), so both draw exactly the same thing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ...bots.expert import percent
from ...bots.review import LOSS_KEY, is_reviewed, review_summary, shown_accuracy, without_review
from ...engine.cards import STACK_COMPLETE
from ...engine.game import Game, Played
from ...engine.i18n import _, ngettext
from ...engine.moves import Move
from ...engine.names import shown_name, shown_names, told_names
from ...engine.replay import Replay
from ...engine.state import GameState, Result
from ..protocol import (
    LastMove,
    TableView,
    last_move,
    table_view,
    you_seat,
)
from .protocol import Annotation, EvalPoint, GameLabel, LineAddress, MoveEntry, PlayerSummary, ReplayInfo

MAX_DEPTH = 32
"""The deepest side line the widget addresses (a line inside a line inside ...)."""


def sizes_before(state_after: list[int], move: Move, completed: str | None) -> list[int]:
    """The center stacks' sizes before `move`, from their sizes after it and the stack it
    completed (`Played.completed`, the engine's word for it)."""
    sizes = list(state_after)
    if move.target.startswith("C"):
        t = int(move.target[1]) - 1
        sizes[t] = STACK_COMPLETE - 1 if completed == move.target else sizes[t] - 1
    return sizes


def last_move_at(r: Replay, names: tuple[str, str]) -> LastMove | None:
    """The move that led to the cursor's position, in symbols and in words."""
    played = r.last_played
    return None if played is None else _told(played, r.state, names)


def _told(played: Played, after: GameState, names: tuple[str, str]) -> LastMove:
    """`played` in symbols and in words, from the position `after` it."""
    sizes = sizes_before([len(c) for c in after.centers], played.move, played.completed)
    return last_move(played.move, played.player, sizes, names[played.player])


def position_text(r: Replay, last: LastMove | None, words: bool = False) -> str:
    """Where the cursor is, in a sentence, with `last` the move that led there (with
    `words`: cards named in words): the status line the replay shows at every step."""
    if r.ply == 0:
        first = told_names(r.game.players)[r.state.current_player]
        sentence = (
            ngettext(
                "The deal: you play first. {count} move to go through.",
                "The deal: you play first. {count} moves to go through.",
                len(r),
            )
            if first == "You"
            else ngettext(
                "The deal: {name} plays first. {count} move to go through.",
                "The deal: {name} plays first. {count} moves to go through.",
                len(r),
            )
        )
        return sentence.format(name=first, count=len(r))
    assert last is not None
    said = last["words" if words else "text"]
    return _move_sentence(r.ply, len(r), said, bool(where(r)), r.state.result, told_names(r.game.players))


def _move_sentence(
    ply: int, length: int, said: str, side_line: bool, result: Result | None, players: tuple[str, str]
) -> str:
    """The sentence "Move 12 of 155: ...", with how the game ended when that move ended it."""
    sentence = (
        _("Move {ply} of {length} (side line): {text}.")
        if side_line
        else _("Move {ply} of {length}: {text}.")
    )
    text = sentence.format(ply=ply, length=length, text=said)
    if result is not None:
        text += " " + result.describe(players)
    return text


def side_line_chances(r: Replay, seat: int | None = None) -> str:
    """ " Ada's chances after it: 63% to win, 20% to lose (in the game after move 42: 55% to
    win)." for a side-line move the expert has judged (its `eval`), set against the game's own
    move there when the review gave it one (from a seat, only a move of that seat's: the
    other's was judged from a hand the seat cannot see); "" elsewhere."""
    if not r.line or r.ply < r.line[0][0]:  # before the branch: the game's own moves
        return ""
    ev = r.annotation(r.ply).get("eval")
    if not isinstance(ev, dict):
        return ""
    mover = r.mover(r.ply)
    me, other = f"p{mover}", f"p{1 - mover}"
    name = told_names(r.game.players)[mover]
    chances = (
        _("Your chances after it: {win} to win, {lose} to lose")
        if name == "You"  # a table's player
        else _("{name}'s chances after it: {win} to win, {lose} to lose")
    )
    text = " " + chances.format(name=name, win=percent(float(ev[me])), lose=percent(float(ev[other])))
    game = r.game
    main = game.annotation(r.ply).get("eval") if r.ply <= game.ply else None
    if seat is not None and r.ply <= game.ply and game.mover(r.ply) != seat:
        main = None
    if isinstance(main, dict):
        text += " " + _("(in the game after move {ply}: {win} to win)").format(
            ply=r.ply, win=percent(float(main[me]))
        )
    return text + "."


def news_room(r: Replay) -> str:
    """The status line at the main line's last move: the longest the replay shows (it adds how
    the game ended), so the news row keeps room for it from the deal on and the controls
    below the table do not move at the end."""
    game, played = r.game, r.final_played
    if played is None:
        return ""
    said = _told(played, game.state, told_names(game.players))["text"]
    return _move_sentence(game.ply, game.ply, said, False, game.outcome, told_names(game.players))


def table_from_above(r: Replay, seq: int, last: LastMove | None = None) -> TableView:
    """The table at the cursor seen from above: both hands face up, player 0 at the bottom
    (`last`: the last move, if the caller has it already)."""
    names = shown_names(r.game.players)
    last = last if last is not None else last_move_at(r, told_names(r.game.players))
    return table_view(
        r.state,
        names=names,
        seq=seq,
        bottom=0,
        last=last,
        show_hands=(True, True),
        you=you_seat(r.game.players),
        labels=True,
    )


def table_from_seat(r: Replay, seat: int, seq: int, last: LastMove | None = None) -> TableView:
    """The table at the cursor as `seat` saw it (a PlayerView: nothing that seat could not see)."""
    names = shown_names(r.game.players)
    last = last if last is not None else last_move_at(r, told_names(r.game.players))
    return table_view(
        r.view(seat), names=names, seq=seq, last=last, you=you_seat(r.game.players), labels=True
    )


def where(r: Replay) -> LineAddress:
    """The line the position at the cursor belongs to (1-based [move, variation] pairs): the
    cursor's line, less the side lines it stepped back above the start of."""
    out: LineAddress = []
    start = 0
    for b, v in r.line:
        start += b - 1
        if r.ply <= start:
            break
        out.append([b, v])
    return out


def ahead(r: Replay) -> LineAddress:
    """The side line the cursor steps into going forward, when it stepped back above that
    line's start (the position shown then belongs to a line above it); [] otherwise."""
    cursor = [[b, v] for b, v in r.line]
    return cursor if len(cursor) > len(where(r)) else []


def seat_note(r: Replay, n: int, seat: int | None) -> dict[str, Any]:
    """Move `n`'s note as `seat` may see it (None: from above, all of it): the other player's
    move without the review's mark and words, judged from a hand that seat cannot see."""
    note = r.annotation(n)
    if seat is None or r.mover(n) == seat:
        return note
    return without_review(note)


def annotation_at(r: Replay, last: LastMove | None = None, seat: int | None = None) -> Annotation:
    """What the comment panel shows at the cursor: the move that led here, its comment and mark
    (at the deal: the record's opening comment; from `seat`, see `seat_note`)."""
    if r.ply == 0:
        return {
            "ply": 0,
            "turn": 0,
            "move": "",
            "player": None,
            "text": _("The deal."),
            "comment": str(r.game.meta.get("comment", "")),
            "mark": "",
        }
    note = seat_note(r, r.ply, seat)
    last = last if last is not None else last_move_at(r, told_names(r.game.players))
    assert last is not None
    return {
        "ply": r.ply,
        "turn": _turns(r.mover, r.ply)[-1],
        "move": last["move"],
        "player": last["player"],
        "text": last["text"],
        "comment": str(note.get("comment", "")),
        "mark": str(note.get("mark", "")),
    }


def _turns(mover: Callable[[int], int], upto: int) -> list[int]:
    """The turn of each of moves 1..upto, as the move list numbers them: a new turn whenever
    the mover changes (`mover`: who made move n)."""
    turns: list[int] = []
    turn, previous = 0, None
    for n in range(1, upto + 1):
        player = mover(n)
        if player != previous:
            turn, previous = turn + 1, player
        turns.append(turn)
    return turns


def _entry(ply: int, move: str, player: int, turn: int, note: dict[str, Any], line: LineAddress) -> MoveEntry:
    entry: MoveEntry = {"ply": ply, "move": move, "player": player, "turn": turn}
    if note.get("mark"):
        entry["mark"] = str(note["mark"])
    if note.get("comment"):
        entry["comment"] = True
    if line:
        entry["line"] = line
    return entry


def _side_line(
    entries: list[dict[str, Any]], start: int, player: int, turn: int, line: LineAddress
) -> list[MoveEntry]:
    """The entries of one side line (its first move is move start + 1, by `player`, in `turn`)."""
    out: list[MoveEntry] = []
    for j, e in enumerate(entries):
        move = Move.parse(e["move"])
        entry = _entry(start + j + 1, e["move"], player, turn, e, line)
        if e.get("variations") and len(line) < MAX_DEPTH:
            entry["lines"] = [
                _side_line(side, start + j, player, turn, [*line, [j + 1, v + 1]])
                for v, side in enumerate(e["variations"])
            ]
        out.append(entry)
        if move.ends_turn:
            player, turn = 1 - player, turn + 1
    return out


def move_tree(game: Game) -> list[MoveEntry]:
    """The main line, every move with its mover, turn and mark, and under each move the side
    lines that replace it (`lines`, nested the same way; their entries carry `line`)."""
    entries: list[MoveEntry] = []
    turns = _turns(game.mover, game.ply)
    for i, move in enumerate(game.moves, start=1):
        player, turn = game.mover(i), turns[i - 1]
        note = game.annotation(i)
        entry = _entry(i, str(move), player, turn, note, [])
        if note.get("variations"):
            entry["lines"] = [
                _side_line(side, i - 1, player, turn, [[i, v + 1]])
                for v, side in enumerate(note["variations"])
            ]
        entries.append(entry)
    return entries


def line_entries(r: Replay, upto: int, seat: int | None = None) -> list[MoveEntry]:
    """The moves of the cursor's line up to move `upto`, each with the line it belongs to and
    no side lines: what a seat may be shown (the moves it has seen played; the other's without
    the review's marks, see `seat_note`)."""
    starts: list[tuple[int, LineAddress]] = []
    start, line = 0, cast(LineAddress, [])
    for b, v in r.line:
        start += b - 1
        line = [*line, [b, v]]
        starts.append((start, line))
    entries: list[MoveEntry] = []
    turns = _turns(r.mover, upto)
    moves = r.moves
    for i in range(1, upto + 1):
        player, turn = r.mover(i), turns[i - 1]
        at: LineAddress = []
        for s, address in starts:
            if i > s:
                at = address
        entries.append(_entry(i, str(moves[i - 1]), player, turn, seat_note(r, i, seat), at))
    return entries


def evals(game: Game, *, seat: int | None = None, upto: int | None = None) -> list[EvalPoint | None]:
    """The main line's chances after every move ([p0, p1] or None where there is none). From a
    seat: only that seat's own moves, the other's as [] (estimated from a hand it cannot see:
    the graph holds the seat's last figure over them, where it leaves a gap for a move that has
    none), and none past `upto`.

    A move the review found costly (its `x-loss`) gets a third figure: p0 - p1 before it, as
    its mover saw the position (after it plus what it gave away). The point before it on the
    graph is an eval after another move, often the opponent's, told from a view with other
    cards in hand: without this, 36 of 89 marked moves in six games showed their mover's
    chances flat or rising. The graph draws the move's fall from this figure.
    """
    out: list[EvalPoint | None] = []
    for i in range(1, game.ply + 1):
        if upto is not None and i > upto:
            break
        note = game.annotation(i)
        ev = note.get("eval")
        if not isinstance(ev, dict):
            out.append(None)
            continue
        if seat is not None and game.mover(i) != seat:
            out.append([])
            continue
        point = [round(float(ev["p0"]), 3), round(float(ev["p1"]), 3)]
        loss = note.get(LOSS_KEY)
        if isinstance(loss, int | float) and not isinstance(loss, bool) and 0.0 < loss <= 2.0:
            margin = point[0] - point[1] + (loss if game.mover(i) == 0 else -loss)
            point.append(round(max(-1.0, min(1.0, margin)), 3))
        out.append(point)
    return out


def game_info(
    r: Replay, *, editable: bool, review: bool, from_above: bool = True, in_play: bool = False
) -> ReplayInfo:
    """The header: names, result, event and date, a match's games, what can be done here
    (`from_above` False: for a seat, which is sent no room for the last move's line, which
    names cards that seat has not seen yet, and is told the result only at the game's end;
    `in_play`: a game still being played, seen from its seat only)."""
    game = r.game
    outcome = game.outcome
    # the seat's move list stops at the cursor ("not known yet from Ada's seat"): so does this
    hidden = not from_above and outcome is not None and (bool(where(r)) or r.state.result is None)
    games: list[GameLabel] = []
    for i, g in enumerate(r.games):
        outcome = g.outcome
        if hidden and i == r.game_index:
            how = "…"
        elif outcome is None:
            how = _("unfinished")
        elif outcome.winner is None:
            how = _("drawn")
        else:
            how = f"{shown_name(g.players[outcome.winner])} +{outcome.points}"
        label = ngettext("Game {number}: {how} ({count} move)", "Game {number}: {how} ({count} moves)", g.ply)
        games.append({"label": label.format(number=i + 1, how=how, count=g.ply)})
    outcome = game.outcome
    result = outcome.describe(told_names(game.players)) if outcome is not None else _("Unfinished game.")
    if hidden:
        result = _("The result is told at the end of the game.")
    return {
        "names": list(shown_names(game.players)),
        "result": result,
        "game": r.game_index,
        "games": games,
        "event": str(game.meta.get("event", "")),
        "date": str(game.meta.get("date", "")),
        "editable": editable,
        "in_play": in_play,
        "you": you_seat(game.players),
        "review": review,
        "tallest_side": r.tallest_side_stack(),
        "news_room": news_room(r) if from_above else "",
    }


def review_rows(game: Game) -> list[PlayerSummary]:
    """Each player's accuracy and counts, read back from a reviewed game ([] before a review)."""
    if not is_reviewed(game):
        return []
    try:
        summary = review_summary(game.to_record())
    except ValueError:
        return []
    return [
        {
            "name": shown_name(p.name),  # "Tú" in Spanish, as the header names the player
            "accuracy": None if p.accuracy is None else round(float(p.accuracy), 1),
            "percent": None if p.accuracy is None else shown_accuracy(p.accuracy),
            "inaccuracies": p.inaccuracies,
            "mistakes": p.mistakes,
            "blunders": p.blunders,
        }
        for p in summary
    ]


__all__ = [
    "annotation_at",
    "evals",
    "game_info",
    "last_move_at",
    "line_entries",
    "move_tree",
    "news_room",
    "position_text",
    "review_rows",
    "seat_note",
    "side_line_chances",
    "sizes_before",
    "table_from_above",
    "table_from_seat",
    "where",
]

"""Messages and payloads of the replay widget (mirrored in `js/replay/protocol.js`).

Same shape as the table's (`protocol.py`): every message from the browser is a JSON
object with a `type` and the `seq` of the position it was sent from.

* **Browser -> Python** (custom messages):
  `{"type": "seek", "ply": 12, "seq": 7}` (a button, the slider, the move list, a key:
  the browser always asks for an absolute ply, so a late message is still meaningful);
  `{"type": "annotate", "ply": 12, "comment": "...", "seq": 7}` and/or `"mark": "?!"`
  (`""` clears); `{"type": "perspective", "perspective": null | 0 | 1, "seq": 7}`;
  `{"type": "game", "game": 2, "seq": 7}` (a match record's game picker, 0-based);
  `{"type": "review", "seq": 7}` (run the expert's review; `"cancel": true` stops it). The
  play widget's "review" button sends the same `{"type": "review", "seq": ...}` to the table.
  Side lines (issue 13): `{"type": "move", "move": "H:Kc>C3", "seq": 7}` plays a move at the
  cursor (the next move steps on, another starts or extends a side line);
  `{"type": "goto", "line": [[12, 2]], "ply": 13, "seq": 7}` shows ply 13 of the side line
  `line` (1-based [move, variation] pairs, as `Replay.line`; [] is the main line);
  `{"type": "line", "action": "exit" | "promote" | "delete", "seq": 7}` acts on the cursor's
  side line; `{"type": "puzzles", "seq": 7}` opens the reviewed game's puzzles (`"index": 1`: the next one).
  `{"type": "resend", "seq": 7}`: a `table_patch` or `moves_patch` did not fit what the
  browser holds (a page reloaded in marimo, which keeps the value first sent): send both whole.
  `parse_replay_message` checks every field and raises `ProtocolError` in plain words.
* **Python -> browser**: synced traits. `table` is a `protocol.TableView` (built from the
  GameState, or from one player's `PlayerView`), `moves` a list of `MoveEntry`, `ply`,
  `length`, `annotation` (`Annotation`), `info` (`ReplayInfo`), `status`
  (`protocol.Status`), `review` (`ReviewProgress`) and `perspective`.
"""

from __future__ import annotations

from typing import Final, Literal, TypedDict

from ...engine.records import MARKS
from ..protocol import ProtocolError, read_message

MAX_COMMENT_CHARS: Final = 2000
"""The longest comment the widget accepts from the browser."""

MAX_REPLAY_MESSAGE_CHARS: Final = MAX_COMMENT_CHARS + 300
"""A message longer than this (as text) is refused before it is read."""

_FIELDS: Final[dict[str, frozenset[str]]] = {
    "seek": frozenset({"type", "seq", "ply"}),
    "annotate": frozenset({"type", "seq", "ply", "comment", "mark", "line"}),
    "perspective": frozenset({"type", "seq", "perspective"}),
    "game": frozenset({"type", "seq", "game"}),
    "review": frozenset({"type", "seq", "cancel"}),
    "move": frozenset({"type", "seq", "move"}),
    "goto": frozenset({"type", "seq", "line", "ply"}),
    "line": frozenset({"type", "seq", "action"}),
    "puzzles": frozenset({"type", "seq", "index"}),
    "resend": frozenset({"type", "seq"}),
}

LINE_ACTIONS: Final = ("exit", "promote", "delete")
"""What the browser may do to the cursor's side line."""

MAX_LINE_DEPTH: Final = 32
"""The deepest side line a message may name."""

LineAddress = list[list[int]]
"""A side line: 1-based [move, variation] pairs from the main line ([] is the main line)."""

EvalPoint = list[float]
"""[p0, p1]: each player's chance of winning after a move (the rest is a draw); a costly
move's has a third figure, p0 - p1 before it as its mover saw it (see `views.evals`)."""

REPLAY_MESSAGE_TYPES: Final = tuple(_FIELDS)
"""Every message type the browser may send to a replay."""


class SeekMessage(TypedDict):
    """Show the position after move `ply` (0 = the deal)."""

    type: Literal["seek"]
    seq: int
    ply: int


class AnnotateMessage(TypedDict, total=False):
    """Set (or with "" clear) the comment and/or the mark of move `ply` (1-based)."""

    type: Literal["annotate"]
    seq: int
    ply: int
    comment: str
    mark: str
    line: LineAddress
    """The line the annotated move is in, as the browser saw it (checked against the cursor's)."""


class PerspectiveMessage(TypedDict):
    """Show the table from above (None) or from one player's seat (0 or 1)."""

    type: Literal["perspective"]
    seq: int
    perspective: int | None


class GameMessage(TypedDict):
    """Show game `game` (0-based) of a match record."""

    type: Literal["game"]
    seq: int
    game: int


class ReviewMessage(TypedDict, total=False):
    """Run the expert's review of the game (or, on the table, open the replay); with
    `cancel`, stop the review that runs."""

    type: Literal["review"]
    seq: int
    cancel: bool


class MoveMessage(TypedDict):
    """Play `move` (RULES.md notation) at the cursor."""

    type: Literal["move"]
    seq: int
    move: str


class GotoMessage(TypedDict):
    """Show ply `ply` of the side line `line` ([] is the main line)."""

    type: Literal["goto"]
    seq: int
    line: LineAddress
    ply: int


class LineMessage(TypedDict):
    """Leave, promote or delete the side line the cursor is in."""

    type: Literal["line"]
    seq: int
    action: Literal["exit", "promote", "delete"]


class PuzzlesMessage(TypedDict, total=False):
    """Open the puzzles of the reviewed game below the replay (puzzle `index`, 0-based, of the
    player whose puzzles are open: the Next button)."""

    type: Literal["puzzles"]
    seq: int
    index: int


class ResendMessage(TypedDict):
    """Send `table` and `moves` whole: a patch did not fit what the browser holds."""

    type: Literal["resend"]
    seq: int


ReplayMessage = (
    SeekMessage
    | AnnotateMessage
    | PerspectiveMessage
    | GameMessage
    | ReviewMessage
    | MoveMessage
    | GotoMessage
    | LineMessage
    | PuzzlesMessage
    | ResendMessage
)


class MoveEntry(TypedDict, total=False):
    """One move of the move list: `{"ply": 12, "move": "H:7s>S4", "player": 0, "turn": 5}`,
    with `mark` and `comment: true` when the move carries them."""

    ply: int
    move: str
    player: int
    turn: int
    """1-based: a turn is the run of moves of one player, ended by a hand -> side stack move."""
    mark: str
    comment: bool
    line: LineAddress
    """The side line the move is in (absent on the main line)."""
    lines: list[list[MoveEntry]]
    """The side lines that replace this move, each a list of entries (nested the same way)."""


class Annotation(TypedDict):
    """What the comment panel shows for the position at the cursor."""

    ply: int
    turn: int
    """The turn that move belongs to, as the move list numbers turns (0 at the deal): the
    panel says both, "Move 40 · turn 24", so the list and the panel are read together."""
    move: str
    """The move that led here ("" at the deal)."""
    player: int | None
    text: str
    """The move in a sentence: "Ada played 7♠ on C2"."""
    comment: str
    """The move's comment (at ply 0: the record's opening comment, read-only)."""
    mark: str


class GameLabel(TypedDict):
    """An entry of a match record's game picker."""

    label: str


class ReplayInfo(TypedDict):
    """The header: who played, how it ended, the games of a match, what the widget can do."""

    names: list[str]
    result: str
    game: int
    games: list[GameLabel]
    event: str
    date: str
    editable: bool
    """False in an exported HTML file, and for a game still being played: comments can be
    read, not written."""
    in_play: bool
    """True for a game still being played (`seat_only`): seen from one seat, no side line."""
    review: bool
    """True when the expert's review can run here."""
    you: int | None
    """The seat of the person who played this game at a table against the computer (its
    record names them "You"): their seat and piles are named "your ...", not "You's ..."."""
    tallest_side: int
    """The most cards a side stack holds in the game's main line: the table keeps room for
    that fan from the deal on, so the controls below it do not move as the replay steps."""
    news_room: str
    """The longest status line of the main line (its last move, with how the game ended):
    the news row keeps room for it, for the same reason. Empty for a seat: the line names
    cards that seat has not seen yet."""


class PlayerSummary(TypedDict):
    """One player's review: accuracy (0-100, None if no move was reviewed) and counts."""

    name: str
    accuracy: float | None
    percent: int | None
    """The accuracy as shown (`review.shown_accuracy`): 100 only when no move gave anything away."""
    inaccuracies: int
    mistakes: int
    blunders: int


class ReviewProgress(TypedDict):
    """The expert's review: running or not, how many moves are done of how many."""

    running: bool
    done: int
    total: int


def _count(value: object) -> int | None:
    """`value` if it is a whole number >= 0 (not a bool), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def parse_replay_message(content: object) -> ReplayMessage:
    """Check a message from the browser field by field; ProtocolError says what is wrong.

    Only the shape is checked here (a ply is a whole number, a mark one of the six, a
    comment text of at most MAX_COMMENT_CHARS); the widget checks it against the game."""
    kind, content, seq = read_message(
        content,
        _FIELDS,
        max_chars=MAX_REPLAY_MESSAGE_CHARS,
        too_long=f"the message is too long (a comment holds at most {MAX_COMMENT_CHARS} characters)",
        seq_is="the number of the position it was sent from",
    )
    if kind == "seek":
        return SeekMessage(type="seek", seq=seq, ply=_ply(content.get("ply"), kind))
    if kind == "annotate":
        msg = AnnotateMessage(type="annotate", seq=seq, ply=_ply(content.get("ply"), kind))
        if "comment" not in content and "mark" not in content:
            raise ProtocolError("an annotate message needs a comment or a mark")
        if "comment" in content:
            comment = content["comment"]
            if not isinstance(comment, str):
                raise ProtocolError(f"a comment must be text, not {type(comment).__name__}")
            if len(comment) > MAX_COMMENT_CHARS:
                raise ProtocolError(
                    f"a comment holds at most {MAX_COMMENT_CHARS} characters, not {len(comment)}"
                )
            msg["comment"] = comment
        if "mark" in content:
            mark = content["mark"]
            if mark != "" and mark not in MARKS:
                shown = repr(mark)[:20]
                raise ProtocolError(f"a mark is one of {' '.join(MARKS)} (or '' for none), not {shown}")
            msg["mark"] = mark
        if "line" in content:
            msg["line"] = _line(content["line"])
        return msg
    if kind == "perspective":
        raw = content.get("perspective", "missing")
        who = _count(raw)
        if raw is not None and who not in (0, 1):
            raise ProtocolError("perspective must be null (from above), 0 or 1")
        return PerspectiveMessage(type="perspective", seq=seq, perspective=who)
    if kind == "game":
        game = _count(content.get("game"))
        if game is None:
            raise ProtocolError("a game message needs game, a 0-based game number")
        return GameMessage(type="game", seq=seq, game=game)
    if kind == "review":
        review = ReviewMessage(type="review", seq=seq)
        if "cancel" in content:
            if content["cancel"] is not True:
                raise ProtocolError("cancel must be true when it is given")
            review["cancel"] = True
        return review
    if kind == "move":
        move = content.get("move")
        if not isinstance(move, str) or not 0 < len(move) <= 16:
            raise ProtocolError('a move message needs move, a move in notation such as "H:7s>S4"')
        return MoveMessage(type="move", seq=seq, move=move)
    if kind == "goto":
        return GotoMessage(
            type="goto", seq=seq, line=_line(content.get("line")), ply=_ply(content.get("ply"), kind)
        )
    if kind == "line":
        action = content.get("action")
        if action not in LINE_ACTIONS:
            raise ProtocolError(f"a line message's action is one of {', '.join(LINE_ACTIONS)}")
        return LineMessage(type="line", seq=seq, action=action)
    if kind == "resend":
        return ResendMessage(type="resend", seq=seq)
    msg_p = PuzzlesMessage(type="puzzles", seq=seq)
    if "index" in content:
        index = _count(content["index"])
        if index is None:
            raise ProtocolError("a puzzle's index is a whole number from 0")
        msg_p["index"] = index
    return msg_p


def _line(value: object) -> LineAddress:
    """A side line's address: a list of [move, variation] pairs of whole numbers >= 1."""
    bad = "line must be a list of [move, variation] pairs of numbers from 1 ([] is the main line)"
    if not isinstance(value, list) or len(value) > MAX_LINE_DEPTH:
        raise ProtocolError(bad)
    out: LineAddress = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ProtocolError(bad)
        b, v = (_count(x) for x in pair)
        if not b or not v:
            raise ProtocolError(bad)
        out.append([b, v])
    return out


def _ply(value: object, kind: str) -> int:
    ply = _count(value)
    if ply is None:
        raise ProtocolError(f"a {kind!r} message needs ply, a whole number of moves (0 = the deal)")
    return ply


def parse_review_request(content: object) -> ReviewMessage:
    """The play widget's "review" button: `{"type": "review", "seq": n}` and nothing else."""
    msg = parse_replay_message(content)
    if msg["type"] != "review" or "cancel" in msg:
        raise ProtocolError("the table only understands a review request here")
    return ReviewMessage(type="review", seq=msg["seq"])


__all__ = [
    "LINE_ACTIONS",
    "MARKS",
    "MAX_COMMENT_CHARS",
    "REPLAY_MESSAGE_TYPES",
    "Annotation",
    "EvalPoint",
    "LineAddress",
    "MoveEntry",
    "PlayerSummary",
    "ReplayInfo",
    "ReplayMessage",
    "ReviewProgress",
    "parse_replay_message",
    "parse_review_request",
]

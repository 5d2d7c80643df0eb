"""`ReplayWidget`: step through a recorded game, try other moves, comment, review, export.

Python holds the record (`w.replay`, a `Replay` cursor); the browser gets, through a few
synced traits, only the table at the cursor (seen from above with both hands face up, or
from one player's seat), the move tree, the legal moves at the cursor, the annotation at the
cursor, the evaluation graph's points and the status line, and sends back absolute requests
("show ply 12 of this line", "play H:Kc>C3 here", "mark move 12 ?!"; `protocol.py`). Every
request is checked here: the front end decides nothing. `w.to_html(path)` writes the same
viewer as one self-contained HTML file (`html.py`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ...bots.review import AS_PLAYED_KEY, LOSS_KEY, REVIEW_KEY, rewritten, with_review
from ...engine.errors import IllegalMoveError, NotAMoveError, RecordError
from ...engine.game import Game
from ...engine.i18n import _, check_language, language, ngettext
from ...engine.moves import InvalidMoveError, Move
from ...engine.names import shown_name, told_names
from ...engine.replay import RecordSource, Replay
from ...engine.state import GameState
from ...engine.whole import whole
from ..base import PythonOwnedWidget, front_end
from ..protocol import LastMove, StatusKind, TableView, as_moves, unreadable_drop, you_seat
from .html import standalone_data, standalone_html
from .protocol import (
    Annotation,
    GotoMessage,
    LineMessage,
    MoveEntry,
    MoveMessage,
    ReplayInfo,
    ReplayMessage,
    ReviewProgress,
    parse_replay_message,
)
from .strings import mark_word, replay_strings
from .views import (
    ahead,
    annotation_at,
    evals,
    game_info,
    last_move_at,
    line_entries,
    move_tree,
    position_text,
    review_rows,
    seat_note,
    side_line_chances,
    table_from_above,
    table_from_seat,
    where,
)

ReviewFunction = Callable[..., dict[str, Any]]


class ReplayWidget(PythonOwnedWidget[StatusKind]):
    """A recorded game, move by move: controls, move list, comments and marks."""

    owner = "replay"

    message_handlers: ClassVar[dict[str, str]] = {
        "seek": "_on_seek",
        "annotate": "_on_annotate",
        "perspective": "_on_perspective",
        "game": "_on_game",
        "review": "_on_review",
        "move": "_on_move",
        "goto": "_on_goto",
        "line": "_on_line",
        "puzzles": "_on_puzzles",
        "resend": "_on_resend",
    }

    _esm = front_end("replay.js")
    _css = front_end("replay.css")

    _patching = ""
    """The trait whose change the browser is getting as its `<name>_patch` right now ("" for none)."""
    _inside = 0
    """How deep the widget is in its own calls (`_speaking`): 0 when `w.replay` is changed from
    outside, a change the status line then says."""

    table = traitlets.Dict().tag(sync=True)
    """protocol.TableView: the table at the cursor (never the stock order nor the pay-off cards below the tops)."""
    moves = traitlets.List(traitlets.Dict()).tag(sync=True)
    """replay_protocol.MoveEntry list: the moves in notation, with turn, player and mark.
    From a player's seat, only the moves up to the cursor (the rest is not known there yet)."""
    table_patch = traitlets.Dict().tag(sync=True)
    """How `table` changed in this update, sent instead of the whole table when that is shorter:
    {"base": the seq of the table it changes, "set": [[path, value], ...]} (a path is a list of
    keys and list indexes); the browser applies it to its copy of `table` (js/replay/index.js).
    A step changes a pile or two, so it no longer resends every pile's spoken name."""
    moves_patch = traitlets.Dict().tag(sync=True)
    """How `moves` changed in this update, sent instead of the list when that is shorter:
    {"at", "delete", "insert", "length", "id"}; the browser splices its copy of `moves`
    (js/replay/index.js). A step seen from a seat adds or drops one entry, a mark changes one, so
    a step stays small however long the game. (`moves` itself is always the whole list in
    Python, and is what a browser that connects later gets.)"""
    evals_patch = traitlets.Dict().tag(sync=True)
    """How `evals` changed in this update, as `moves_patch` says it for `moves`: seen from a
    seat, the graph grows by a point a step, and the whole list was sent with each one (3 KB
    a step late in a long reviewed game)."""
    length = traitlets.Int(0).tag(sync=True)
    """How many moves the game has."""
    ply = traitlets.Int(0).tag(sync=True)
    """The cursor: 0 = the deal, n = after move n. Setting it from Python moves the cursor."""
    annotation = traitlets.Dict().tag(sync=True)
    """replay_protocol.Annotation: the move at the cursor, its comment and its mark."""
    info = traitlets.Dict().tag(sync=True)
    """replay_protocol.ReplayInfo: names, result, the games of a match, what can be done."""
    status = traitlets.Dict().tag(sync=True)
    """protocol.Status: the status line."""
    review = traitlets.Dict().tag(sync=True)
    """replay_protocol.ReviewProgress: the expert's review, while it runs."""
    summary = traitlets.List(traitlets.Dict()).tag(sync=True)
    """protocol.PlayerSummary per player once the review is done (accuracy and counts); []
    before."""
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The legal moves at the cursor of the player the table lets move (from above: the player
    to move; from a seat: that seat, on its turn only; [] when the game is over there)."""
    line = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    """The side line the position shown belongs to (1-based [move, variation] pairs; [] the main line)."""
    line_ahead = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    """The side line Forward steps into, when the cursor stepped back above its start (as
    `w.replay.line` says it; `length` counts its moves, and Leave line, Promote and Delete act
    on it); [] when it is the line shown."""
    evals: traitlets.List[Any] = traitlets.List(allow_none=True).tag(sync=True)
    """The evaluation graph: [p0, p1] (each player's chance of winning) after every main-line
    move, None where the record has no `eval` (from a seat: its own moves, up to the cursor)."""
    puzzles_ref = traitlets.Unicode("").tag(sync=True)
    """"anywidget:<model id>" of the LessonWidget the Puzzles button opened below ("" for none)."""
    puzzles_at = traitlets.Dict().tag(sync=True)
    """Which puzzle is open: {"player", "index", "count"} ({} for none)."""
    puzzles_label = traitlets.Unicode("").tag(sync=True)
    """The heading above the puzzles ("Puzzle 1 of 3 for Ada")."""
    perspective = traitlets.Int(None, allow_none=True).tag(sync=True)
    """None: the table seen from above (both hands). 0 or 1: from that player's seat, hiding
    what that player could not see. Setting it from Python redraws."""

    def __init__(
        self,
        record_or_game: RecordSource,
        perspective: int | None = None,
        *,
        game: int = 0,
        ply: int = 0,
        lang: str | None = None,
        seat_only: bool = False,
        **kwargs: Any,
    ) -> None:
        """`seat_only`: the table is seen from `perspective` and from nowhere else, and no side
        line, review or puzzle opens: for a game still being played, whose hidden cards (the
        other hand, and the stock that a side line would draw from) must not reach the
        browser. `SpiteWidget.review()` sets it until the game is over."""
        perspective = _checked_perspective(perspective)  # numpy's 1 too
        if seat_only and perspective is None:
            raise ValueError("seat_only needs a perspective: the seat (0 or 1) the table is seen from")
        replay = Replay(record_or_game, game=game)  # RecordError before any widget exists
        super().__init__(lang=lang, **kwargs)
        self.seat_only: int | None = perspective if seat_only else None
        """The one seat this replay may be seen from (a game still being played), or None."""
        with language(self.lang):
            self.strings = replay_strings()
        self._game_seq = 0
        self._syncing = False
        self._held: dict[str, tuple[Any, bool]] = {}
        """In a held sync: per patched trait, the value the browser has and whether this
        update sends it as a patch (see `_set_patched`)."""
        self._review_thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._merges = 0  # bumped when the review writes into the game (not through the cursor)
        self._summary_key: tuple[Any, ...] | None = None
        self._summary_rows: list[dict[str, Any]] = []
        self._tree: list[MoveEntry] = []
        self._tree_key: tuple[int, ...] | None = None
        self._evals_cache: list[Any] = []
        self._evals_key: tuple[Any, ...] | None = None
        self._last_cache: LastMove | None = None
        self._last_key: tuple[Any, ...] | None = None
        self._puzzles: list[Any] = []
        self._puzzles_key: tuple[int, ...] | None = None
        self._puzzle_widget: Any = None
        self.errors: list[str] = []
        """Problems met outside any call of yours (the review thread); each is also shown in the status line."""
        self._attach(replay)
        with self._speaking():
            self.perspective = perspective
            replay.seek(ply)  # syncs through the listener
            if self.seat_only is None:
                self._say_position()
            else:
                name = told_names(replay.game.players)[self.seat_only]
                self._say_position(
                    _(
                        "The game is still being played: its moves so far, seen from your seat "
                        "(side lines, the other seat and the expert's review open once it is over). "
                    )
                    if name == "You"  # a table's player
                    else _(
                        "The game is still being played: its moves so far, seen from {name}'s seat "
                        "(side lines, the other seat and the expert's review open once it is over). "
                    ).format(name=name)
                )

    # ------------------------------------------------------------------ public
    @property
    def replay(self) -> Replay:
        """The cursor over the game shown (its moves, states and annotations)."""
        return self._replay

    @property
    def record(self) -> dict[str, Any]:
        """The annotated record (a match record when loaded from one)."""
        with self._speaking():
            return self._replay.record

    @property
    def state(self) -> GameState:
        """The exact position at the cursor (hidden cards included: it stays in Python)."""
        return self._replay.state

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the annotated record as JSON (read it back with ReplayWidget(path))."""
        with self._speaking():
            self._replay.save(path)
            self._say(_("Saved the record to {path}.").format(path=os.fspath(path)), "info")

    def seek(self, n: int) -> None:
        """Show the position after move `n` (clamped to 0..len), and say where it is."""
        with self._speaking():
            self._replay.seek(n)
            self._say_position()

    def forward(self) -> None:
        self.seek(self._replay.ply + 1)

    def back(self) -> None:
        self.seek(self._replay.ply - 1)

    def start(self) -> None:
        self.seek(0)

    def end(self) -> None:
        self.seek(len(self._replay))

    def annotate(self, n: int, comment: str | None = None, mark: str | None = None) -> None:
        """Comment and/or mark move `n` (1-based; "" clears) of the line followed, the one
        `length` counts (`w.replay.line`: stepped back above a side line's start, still that
        side line, as Forward, Promote and Delete line take it); the widget shows it at once.
        From Python it writes the record itself, as from above, whatever seat is shown (the
        review's words in a comment you replace go with it)."""
        with self._speaking():
            self._replay.annotate(n, comment=comment, mark=mark)

    def annotation_of(self, n: int) -> dict[str, Any]:
        """The comment and mark of move `n` (1-based) of the line followed (as `annotate`), as
        in the record."""
        return self._replay.annotation(n)

    def select_game(self, index: int) -> None:
        """Show game `index` (0-based) of a match record, from its deal."""
        with self._speaking():
            self._replay.select_game(index)
            self._game_seq = self._seq + 1
            self._sync()
            self._say_position(
                _("Game {number} of {count}. ").format(number=index + 1, count=len(self._replay.games))
            )

    def load(self, source: RecordSource, *, game: int = 0) -> None:
        """Show another record. If it does not validate, RecordError is raised, the widget
        says why, and the game shown before stays as it was."""
        self._refuse_in_play("load another record into")
        with self._speaking():
            try:
                replay = Replay(source, game=game)
            except (RecordError, OSError, TypeError, ValueError) as e:
                self._say(_("Could not load that record: {error}").format(error=e), "error")
                raise
            self._attach(replay)
            self._game_seq = self._seq + 1
            replay.seek(0)
            self._say_position(_("Loaded. "))

    def play(self, move: Move | str) -> None:
        """Play `move` (e.g. "H:Kc>C3", or as the card shows, "H:K♣>C3") at the cursor, as a
        click on the table would: the next move steps on, the first move of a side line enters
        it, any other legal move starts a side line (or extends the one the cursor ends).
        IllegalMoveError says why not, and nothing changes. Either player's move, whatever
        `perspective` shows: a seat is how the table is seen, and a script is not a person at
        it (a click from a seat plays that seat's moves only)."""
        self._refuse_in_play("play side lines in")
        if isinstance(move, str):
            with suppress(InvalidMoveError):  # if not, the replay says why, as for a click
                move = Move.parse_human(move)
        with self._speaking():
            self._play(move)

    def goto(self, line: Sequence[Sequence[int]], ply: int) -> None:
        """Show ply `ply` of the side line `line` (1-based (move, variation) pairs, as
        `w.replay.line` gives them; () or [] is the main line)."""
        with self._speaking():
            self._replay.goto(line, ply)
            self._say_position()

    def enter_line(self, variation: int) -> None:
        """Play the first move of side line `variation` (1-based) of the next move."""
        self._refuse_in_play("play side lines in")
        with self._speaking():
            self._replay.enter_line(variation)
            self._say_position(_("In a side line. "))

    def exit_line(self) -> None:
        """Leave the side line: back to where it branched off, in the line it hangs on (stepped
        back above the line, the move shown stays)."""
        with self._speaking():
            self._replay.exit_line()
            self._say_position(_("Back from the side line. "))

    def promote(self) -> None:
        """Make the cursor's side line the line it hangs on (the old moves become a side line)."""
        self._refuse_in_play("play side lines in")
        with self._speaking():
            self._replay.promote()
            self._say_position(_("Promoted the side line. "))

    def delete_line(self) -> None:
        """Delete the cursor's side line (and the lines inside it)."""
        self._refuse_in_play("play side lines in")
        with self._speaking():
            self._replay.delete_line()
            self._say_position(_("Deleted the side line. "))

    def to_html(
        self, path: str | os.PathLike[str] | None = None, *, title: str | None = None, lang: str | None = None
    ) -> str:
        """A self-contained HTML page of the replay (seen from above, comments and side lines
        included) that steps through the game in a browser without a kernel; written to
        `path` if given, and returned. In `lang` (default: the widget's), `<html lang>` too."""
        self._refuse_in_play(
            "export", "the page shows every position from above, the other hand and the stock included"
        )
        chosen = self.lang if lang is None else check_language(lang)
        with self._lock:
            record = self._replay.record
            index = self._replay.game_index
        with language(chosen):
            data = standalone_data(record, game=index)
            names = data["games"][index]["info"]["names"]
            page = standalone_html(
                data,
                title
                or _("{first} v {second} — Spite & Malice replay").format(first=names[0], second=names[1]),
            )
        if path is not None:
            Path(path).write_text(page, encoding="utf-8")
        return page

    def review_with_bot(self, bot: str = "expert", *, wait: bool = False) -> None:
        """Run `annotate_with_bot` on the game shown, in a thread (the kernel stays free),
        with a progress bar: it stores the chances after every move (the graph), marks and
        comments the costly moves where you wrote none, and shows each player's accuracy."""
        self._refuse_in_play("review")
        with self._speaking():
            self._start_review(bot)
        if wait:
            self.wait()

    def cancel_review(self) -> None:
        """Stop the review that runs: nothing it found so far is kept."""
        with self._speaking():
            if not self.review.get("running"):
                self._say(_("No review is running."), "error")
                return
            self._cancel.set()
            self._say(_("Cancelling the review…"), "info")

    def wait(self, timeout: float | None = None) -> None:
        """Block until the expert's review has finished (for scripts and tests)."""
        thread = self._review_thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def open_puzzles(self, player: int | None = None, index: int = 0) -> Any:
        """Open, below the replay, puzzle `index` (0-based) of the reviewed game for `player`
        (default: the seat the table is seen from, else a table's player ("You"), else the
        player with the lower accuracy):
        the positions where that player gave up the most, each a lesson ("find a better
        move"), checked by the expert. An unreviewed game is reviewed first. Returns the
        LessonWidget, or None when there is no such puzzle; the one it replaces below the
        replay is closed (make your own `LessonWidget(puzzle)` to keep one)."""
        from ... import puzzles
        from ..lesson import LessonWidget

        self._refuse_in_play("open puzzles from")
        with self._speaking():
            game = self._replay.game
            if player is None:
                you = you_seat(game.players)  # a table's game: its player's own mistakes
                player = self.perspective if self.perspective is not None else you
                player = self._worst_player() if player is None else player
            if whole(player) not in (0, 1):
                raise ValueError(f"player must be 0 or 1 (the seat whose puzzles open), not {player!r}")
            player = int(player)
            if whole(index) is None or index < 0:
                raise ValueError(f"a puzzle is numbered from 0, not {index!r}")
            index = int(index)
            key = (id(self._replay), self._replay.revision, self._merges, player)
            if self._puzzles_key != key:
                self._puzzles = list(puzzles(game.to_record(), player=player))
                self._puzzles_key = key
            found = self._puzzles
            name = told_names(game.players)[player]
            if not found:
                self._say(
                    _("No puzzle for you: none of your moves gave much away.")
                    if name == "You"  # a table's player
                    else _("No puzzle for {name}: no move of theirs gave much away.").format(name=name),
                    "info",
                )
                return None
            name = shown_name(name)
            if index >= len(found):
                self._say(
                    ngettext(
                        "There is no puzzle {number} for {name}: there is {count}.",
                        "There is no puzzle {number} for {name}: there are {count}.",
                        len(found),
                    ).format(number=index + 1, name=name, count=len(found)),
                    "error",
                )
                return None
            old, self._puzzle_widget = self._puzzle_widget, LessonWidget(found[index])
            if old is not None:  # the puzzle it replaces below the replay is shown nowhere now
                old.close()
            self.puzzles_at = {"player": player, "index": index, "count": len(found)}
            self.puzzles_label = self._puzzles_heading()
            self.puzzles_ref = f"anywidget:{self._puzzle_widget.model_id}"
            self._say(_("{heading}, below the replay.").format(heading=self.puzzles_label), "info")
            return self._puzzle_widget

    def close(self) -> None:
        """Close the replay: a review under way stops (it ran on for a minute, closed) and the
        puzzle opened below it closes too."""
        if hasattr(self, "_puzzle_widget"):  # (not a replay whose making failed, dropped)
            with self._speaking():
                self._cancel.set()
                puzzle, self._puzzle_widget = self._puzzle_widget, None
            if puzzle is not None:
                puzzle.close()
        super().close()

    def _refuse_in_play(
        self, what: str, why: str = "side lines would draw from the stock, a review judges the other hand"
    ) -> None:
        """A game still being played (`seat_only`) is only stepped through from its seat."""
        if self.seat_only is not None:
            raise ValueError(
                f"cannot {what} this replay: the game is still being played, so it is seen from "
                f"{self._seat_words(self.seat_only)} only ({why}). Open the review again once the game is over."
            )

    def _seat_words(self, seat: int) -> str:
        """A seat in an English error: "your seat" for a table's player ("You"), "Ada's seat"."""
        name = self._replay.game.players[seat]
        return "your seat" if name == "You" else f"{name}'s seat"

    def _puzzles_heading(self) -> str:
        """The heading above the open puzzle ("Puzzle 1 of 3 for Ada"), in `lang`."""
        at = self.puzzles_at
        if not at:
            return ""
        name = told_names(self._replay.game.players)[at["player"]]
        if name == "You":  # a table's player
            return _("Your puzzle {number} of {count}").format(number=at["index"] + 1, count=at["count"])
        return _("Puzzle {number} of {count} for {name}").format(
            number=at["index"] + 1, count=at["count"], name=name
        )

    def _speak_again(self) -> None:
        """`lang` changed: the labels, the header, the moves in words, the note, the puzzles'
        heading and the status line, said again in the new language."""
        self.strings = replay_strings()
        self.puzzles_label = self._puzzles_heading()
        if self._puzzle_widget is not None:  # the puzzle open below speaks it too
            self._puzzle_widget.lang = self.lang
        self._sync()
        self._say_position()

    def _worst_player(self) -> int:
        summary = self.summary
        if len(summary) == 2 and all(p["accuracy"] is not None for p in summary):
            return 0 if summary[0]["accuracy"] <= summary[1]["accuracy"] else 1
        return 0

    # ------------------------------------------------------------------ front end
    def _parse(self, content: object) -> ReplayMessage:
        return parse_replay_message(content)

    def _dispatch(self, msg: ReplayMessage) -> None:
        """A message from a position not shown yet is refused; the rest go to their handler."""
        if msg["seq"] > self._seq:
            self._say(_("That message names a position this replay has not shown yet."), "error")
            return
        if self.seat_only is not None and msg["type"] not in ("seek", "goto", "resend"):
            self._say(
                _(
                    "The game is still being played: side lines, the other seats and the expert's "
                    "review open once it is over."
                ),
                "error",
            )
            return
        super()._dispatch(msg)

    def _on_resend(self, msg: dict[str, Any]) -> None:
        """The browser's table or move list is not the one the patches were made from (marimo
        gives a reloaded page the value first sent, not the patched one): send them whole."""
        self.send_state(["table", "moves", "evals"])

    def _on_seek(self, msg: dict[str, Any]) -> None:
        ply, n = msg["ply"], len(self._replay)
        if ply > n:
            self._say(
                ngettext(
                    "There is no ply {ply}: this line has {n} move.",
                    "There is no ply {ply}: this line has {n} moves.",
                    n,
                ).format(ply=ply, n=n),
                "error",
            )
            return
        self.seek(ply)

    def _on_perspective(self, msg: dict[str, Any]) -> None:
        self.perspective = msg["perspective"]
        seat = self.perspective
        name = None if seat is None else told_names(self._replay.game.players)[seat]
        if name is None:
            said = _("The table is now seen from above.")
        elif name == "You":  # a table's player, reviewing their game
            said = _("The table is now seen from your seat.")
        else:
            said = _("The table is now seen from {name}'s seat.").format(name=name)
        self._say(said, "info")

    def _on_game(self, msg: dict[str, Any]) -> None:
        index = msg["game"]
        if index >= len(self._replay.games):
            count = len(self._replay.games)
            self._say(
                ngettext(
                    "There is no game {number}: the record holds {count}.",
                    "There is no game {number}: the record holds {count}.",
                    count,
                ).format(number=index + 1, count=count),
                "error",
            )
            return
        self.select_game(index)

    def _on_review(self, msg: dict[str, Any]) -> None:
        if msg.get("cancel"):
            self.cancel_review()
        else:
            self._start_review("expert")

    def _on_move(self, msg: MoveMessage) -> None:
        if msg["seq"] < self._seq:
            self._say(_("That move was made on a table shown before: nothing was played."), "error")
            return
        seat = self.perspective
        if seat is not None and self._replay.state.current_player != seat and not self._over():
            name = told_names(self._replay.game.players)[seat]
            self._say(
                _("From your seat you play your own moves only: see the table from above.")
                if name == "You"  # a table's player
                else _("From {name}'s seat you play {name}'s moves only: see the table from above.").format(
                    name=name
                ),
                "error",
            )
            return
        refused = unreadable_drop(
            msg["move"], told_names(self._replay.game.players)[self._replay.state.current_player]
        )
        if refused is not None:
            self._say(refused[1], "error")
            return
        try:
            self._play(msg["move"])
        except (IllegalMoveError, NotAMoveError) as e:
            self._say(_("Not played: {reason}").format(reason=e), "error")

    def _on_goto(self, msg: GotoMessage) -> None:
        if self.perspective is not None and msg["line"] != where(self._replay)[: len(msg["line"])]:
            self._say(_("From a seat you step along the line shown only: see the table from above."), "error")
            return
        try:
            self._replay.goto(msg["line"], msg["ply"])
        except ValueError as e:
            self._say(_("There is no such position: {error}.").format(error=e), "error")
            return
        self._say_position()

    def _on_line(self, msg: LineMessage) -> None:
        if not self._replay.line:
            self._say(_("The cursor is on the main line: there is no side line to act on."), "error")
            return
        try:
            {"exit": self.exit_line, "promote": self.promote, "delete": self.delete_line}[msg["action"]]()
        except ValueError as e:  # a match's game that must end as it did: the line stays
            self._say(str(e), "error")

    def _on_puzzles(self, msg: dict[str, Any]) -> None:
        at = self.puzzles_at
        if "index" in msg and at:
            self.open_puzzles(at["player"], msg["index"])
        else:
            self.open_puzzles()

    def _on_annotate(self, msg: dict[str, Any]) -> None:
        if msg["seq"] < self._game_seq:
            self._say(_("That comment was written for another game: nothing was changed."), "error")
            return
        if "line" in msg and msg["line"] != [list(p) for p in self._replay.line][: len(msg["line"])]:
            self._say(_("That comment was written in another line: nothing was changed."), "error")
            return
        ply, n = msg["ply"], len(self._replay)
        if not 1 <= ply <= n:
            self._say(
                _("There is no move {ply} to annotate: moves are numbered 1 to {n}.").format(ply=ply, n=n),
                "error",
            )
            return
        comment, mark = msg.get("comment"), msg.get("mark")
        seat = self.perspective
        if seat is not None and self._replay.mover(ply) != seat:
            # written where the review's words and mark are hidden (seat_note): they stay
            comment, mark, review = with_review(self._replay.annotation(ply), comment, mark)
            if review is not None:
                self._replay.set_data(ply, REVIEW_KEY, review)
        self._replay.annotate(ply, comment=comment, mark=mark)
        note = seat_note(self._replay, ply, seat)  # what this seat may see of it, said back
        said, words = [], []
        if "mark" in msg:
            said.append(_("mark {mark}").format(mark=msg["mark"]) if msg["mark"] else _("mark cleared"))
            # a screen reader says "?!" as nothing: the mark by its name ("mark inaccuracy")
            words.append(_("mark {mark}").format(mark=mark_word(msg["mark"])) if msg["mark"] else said[-1])
        if "comment" in msg:
            said.append(_("comment saved") if msg["comment"] else _("comment cleared"))
            words.append(said[-1])
        move = self._replay.moves[ply - 1]
        self._say(
            _("Move {ply} ({move}): {what}.").format(
                ply=ply, move=f"{move}{note.get('mark', '')}", what=", ".join(said)
            ),
            "info",
            _("Move {ply}: {what}.").format(ply=ply, what=", ".join(words)),
        )

    def _play(self, move: Move | str) -> None:
        before = (len(self._replay.line), len(self._replay), _side_lines(self._replay.game))
        r = self._replay
        position = r.position()
        line = r.moves
        # the move of the line a new side line replaces, and its stock
        replaced = (line[r.ply], r.stock_after(r.ply + 1)) if r.ply < len(line) else None
        played = r.play(move)  # IllegalMoveError / NotAMoveError: nothing changed
        after = (len(r.line), len(r), _side_lines(r.game))
        prefix = (
            _("A new side line. ")
            if after[2] > before[2]  # (a move that enters a side line already there is no new one)
            else (_("The line goes on. ") if after[0] == before[0] and after[1] > before[1] else "")
        )
        if r.line and "eval" not in r.annotation(r.ply):
            # a side-line move is judged as it is played (the review judges the game's moves
            # later), from the mover's own view and as the review will tell it (a new side
            # line's first move from the move it replaces), so it can be set against that move
            from ...bots.review import chances_after

            mover = r.mover(r.ply)
            c = chances_after(
                position,
                played.move,
                r.stock_after(r.ply),
                replacing=replaced if replaced is not None and replaced[0] != played.move else None,
            )
            r.set_eval(r.ply, *((c.win, c.lose) if mover == 0 else (c.lose, c.win)))
            r.set_data(r.ply, AS_PLAYED_KEY, True)  # not what a review tells: no loss, no mark
        self._say_position(prefix)

    def _over(self) -> bool:
        return self._replay.state.result is not None

    # ------------------------------------------------------------------ the review
    def _start_review(self, bot: str) -> None:
        from ...bots.review import annotate_with_bot, side_line_moves

        if self.review.get("running"):
            self._say(_("The expert is already reviewing this game."), "error")
            return
        index = self._replay.game_index
        before = self._replay.game.to_record()
        side = side_line_moves(self._replay.game)
        total = len(before["moves"]) + side  # as the review's progress counts them
        self._cancel = threading.Event()
        self.review = dict(ReviewProgress(running=True, done=0, total=total))
        if side:
            said = ngettext(
                "The {bot} is reviewing {count} move, {side} of them in side lines…",
                "The {bot} is reviewing {count} moves, {side} of them in side lines…",
                total,
            )
        else:
            said = ngettext(
                "The {bot} is reviewing the {count} move…", "The {bot} is reviewing the {count} moves…", total
            )
        self._say(said.format(bot=_bot_name(bot), count=total, side=side), "info")
        thread = threading.Thread(
            target=self._run_review,
            args=(annotate_with_bot, before, bot, index, self._cancel),
            daemon=True,
        )
        self._review_thread = thread
        thread.start()

    def _run_review(
        self, fn: ReviewFunction, before: dict[str, Any], bot: str, index: int, cancel: threading.Event
    ) -> None:
        from ...bots.review import ReviewCancelled

        last = [0.0]
        moves = [len(before["moves"])]  # the moves the review rates, side lines' too (its progress says)

        def progress(done: int, total: int) -> None:
            moves[0] = total
            now = time.monotonic()
            if done < total and now - last[0] < 0.1:
                return
            last[0] = now
            with self._speaking():
                self.review = dict(ReviewProgress(running=True, done=int(done), total=int(total)))

        try:
            after = fn(before, bot=bot, progress=progress, cancel=cancel, lang=self.lang)
        except ReviewCancelled:
            with self._speaking():
                self.review = dict(ReviewProgress(running=False, done=0, total=0))
                self._say(_("The review was cancelled: nothing was changed."), "info")
            return
        except Exception as e:
            with self._speaking():
                self.errors.append(f"the review failed: {e!r}")
                self.review = dict(ReviewProgress(running=False, done=0, total=0))
                self._say(_("The review failed, nothing was changed: {error}").format(error=e), "error")
            return
        with self._speaking():
            if self.comm is None:  # closed meanwhile (close() sets `cancel` under this lock)
                return
            if cancel.is_set():  # cancelled after the last move was judged: nothing is kept
                self.review = dict(ReviewProgress(running=False, done=0, total=0))
                self._say(_("The review was cancelled: nothing was changed."), "info")
                return
            added = self._merge_review(before, after, index)
            total = moves[0]
            summary = self._summary()  # as the merge's sync set it (none from a seat before the game's end)
            self.review = dict(ReviewProgress(running=False, done=total, total=total))
            said = "; ".join(f"{p['name']} {p['percent']}%" for p in summary if p["percent"] is not None)
            r = self._replay
            if self.perspective is not None and (r.line or r.ply < len(r.game.moves)):
                # from a seat before the game's end: how many notes it wrote tells of moves to come
                self._say(_("The {bot} reviewed the game.").format(bot=_bot_name(bot)), "info")
                return
            self._say(
                ngettext(
                    "The {bot} reviewed the game: {count} note added.",
                    "The {bot} reviewed the game: {count} notes added.",
                    added,
                ).format(bot=_bot_name(bot), count=added)
                + (_(" Accuracy: {figures}.").format(figures=said) if said else ""),
                "info",
            )

    def _merge_review(self, before: dict[str, Any], after: dict[str, Any], index: int) -> int:
        """Take the bot's chances (`eval`, its loss) for every move, and its marks and comments
        where the user has not changed that move since the review started (what the user
        wrote meanwhile wins; side lines made meanwhile stay, and keep no review)."""
        if self._replay.game_index != index or not isinstance(after, dict):
            return 0
        added = 0
        game = self._replay.game
        now = game.to_record()["moves"]
        for i, (old, new) in enumerate(zip(before["moves"], after.get("moves", []), strict=False)):
            if not isinstance(new, dict) or i >= len(now) or now[i]["move"] != new.get("move"):
                continue
            note = game.annotation(i + 1)
            changed = noted = False
            comment_changed = now[i].get("comment", "") != old.get("comment", "")
            mark_changed = now[i].get("mark", "") != old.get("mark", "")
            if comment_changed:
                # the user's comment stays theirs, with the new review's words after it in
                # place of the old review's (hidden from the other seat, as x-review says)
                text = rewritten(note, new.get(REVIEW_KEY))
            # the review's own figures are the latest review's, a figure it left out included
            # (a move that now gives nothing away has no x-loss), and so is its note of what it
            # wrote
            for key in ("eval", LOSS_KEY, AS_PLAYED_KEY, REVIEW_KEY):
                if key in new and note.get(key) != new[key]:
                    note[key] = new[key]
                    changed = True
                elif key not in new and key in note:
                    del note[key]
                    changed = True
            for key, value in new.items():
                if (
                    key.startswith("x-")
                    and key not in (LOSS_KEY, AS_PLAYED_KEY, REVIEW_KEY)
                    and note.get(key) != value
                ):
                    note[key] = value
                    changed = True
            for key in ("comment", "mark"):
                value = new.get(key, "")
                if (
                    isinstance(value, str)
                    and value != old.get(key, "")
                    and now[i].get(key, "") == old.get(key, "")
                ):
                    if value:
                        note[key] = value
                    else:  # the new review took it away ("" is no mark: the record leaves it out)
                        note.pop(key, None)
                    changed = noted = True
            if comment_changed and text != note.get("comment", ""):
                if text:
                    note["comment"] = text
                else:
                    note.pop("comment", None)
                changed = True
            review = note.get(REVIEW_KEY)
            if (
                isinstance(review, dict)
                and "mark" in review
                and "mark" in note
                and (mark_changed or note["mark"] != review["mark"])
            ):
                # the user's mark, set meanwhile, is not the review's to hide (no mark at all
                # is the user's too: the review's stays in x-review, so the next review knows)
                note[REVIEW_KEY] = {k: v for k, v in review.items() if k != "mark"}
                changed = True
            lines = new.get("variations")
            if (
                lines
                and lines != note.get("variations")
                and now[i].get("variations") == old.get("variations")
            ):
                lined = _lines_noted(old.get("variations", []), lines)  # side lines untouched meanwhile
                note["variations"] = lines
                changed = True
            else:
                lined = 0
            if changed:
                try:
                    game.set_annotation(i + 1, note)
                except ValueError as e:  # said, not dropped without a word
                    self.errors.append(f"move {i + 1}: the review's note was not kept: {e}")
                    continue
            added += noted + lined
        for key, value in after.items():
            if key.startswith("x-") and key not in game.meta:
                game.meta[key] = value
        self._merges += 1
        self._sync()
        return added

    # ------------------------------------------------------------------ drawing
    def _attach(self, replay: Replay) -> None:
        self._replay = replay
        replay.on_change(self._on_replay_change)

    def _on_replay_change(self) -> None:
        """The cursor moved or an annotation changed (from the widget or from `w.replay`: a
        change made on `w.replay` itself is said in the status line too, as the widget's
        own steps are)."""
        outside = self._inside == 0
        with self._speaking():
            self._sync()
            if outside:
                self._say_position()

    @traitlets.observe("ply")
    def _ply_set(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self._replay.ply:
            self.seek(int(change["new"]))

    @traitlets.validate("perspective")
    def _valid_perspective(self, proposal: dict[str, Any]) -> int | None:
        return _checked_perspective(proposal["value"])

    @traitlets.observe("perspective")
    def _perspective_set(self, change: dict[str, Any]) -> None:
        seat = getattr(self, "seat_only", None)
        if seat is not None and change["new"] != seat:  # (a validator does not see None)
            syncing, self._syncing = self._syncing, True
            try:
                self.perspective = seat  # back, before any table is built from there
            finally:
                self._syncing = syncing
            raise ValueError(
                f"the game is still being played: this replay is seen from {self._seat_words(seat)} only "
                "(open the review again once it is over to see it from above)"
            )
        if not self._syncing and hasattr(self, "_replay"):
            with self._speaking():
                self._sync()

    def _sync(self) -> None:
        """Send the table, the legal moves, the move tree, the cursor, the annotation and the
        graph's points in one update (traitlets sends only the traits that changed)."""
        r = self._replay
        self._seq += 1
        self._syncing = True
        try:
            with self.hold_sync():
                self._set_table(dict(self._table()))
                self.legal = self._legal()
                self._set_list("moves", [dict(m) for m in self._move_list()])
                self.length = len(r)
                self.ply = r.ply
                self.line = where(r)
                self.line_ahead = ahead(r)
                self.annotation = dict(self._annotation())
                self.info = dict(self._info())
                self._set_list("evals", self._evals())
                self.summary = self._summary()
                if not self.review:
                    self.review = dict(ReviewProgress(running=False, done=0, total=0))
        finally:
            self._syncing = False

    def _legal(self) -> list[str]:
        """The moves the table lets the user try at the cursor (never another seat's)."""
        r = self._replay
        seat = self.perspective
        mover = r.state.current_player
        if r.state.result is not None or (seat is not None and seat != mover) or self.seat_only is not None:
            return []
        return as_moves(r.view(mover).legal_moves())

    def _set_list(self, name: str, new: list[Any]) -> None:
        """Set the list `name` (`moves`, `evals`), sending only a patch (`<name>_patch`) when
        that is shorter than the list."""
        if new == getattr(self, name):
            return
        old = self._shown(name) or []
        end = min(len(old), len(new))
        at = next((i for i in range(end) if old[i] != new[i]), end)
        tail = 0
        while tail < end - at and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]:
            tail += 1
        insert = new[at : len(new) - tail]
        patch = {
            "at": at,
            "delete": len(old) - tail - at,
            "insert": insert,
            "length": len(new),
            "id": self._seq,
        }
        self._set_patched(name, new, patch)

    def _set_table(self, new: dict[str, Any]) -> None:
        """Set `table`, sending only what changed (`table_patch`) when that is shorter."""
        if new == self.table:
            return
        old = self._shown("table")
        changes: list[list[Any]] = []
        if old and "seq" in old:
            _diff(old, new, [], changes)
        self._set_patched("table", new, {"base": old.get("seq"), "set": changes} if old else None)

    def _shown(self, name: str) -> Any:
        """What the browser has of trait `name`: in a held sync, its value when the hold began
        (a patch made in the hold is sent only at its end, and only the last one)."""
        held = self._held.get(name)
        return getattr(self, name) if held is None else held[0]

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        """ipywidgets' hold, which forgets at its end what the browser had when it began."""
        if self._holding_sync:
            yield
            return
        with super().hold_sync():
            try:
                yield
            finally:
                self._held = {}

    @contextmanager
    def _speaking(self) -> Iterator[None]:
        """The lock and language, and one update for all a call changes: the position and the
        words that say it reach the browser together."""
        with super()._speaking(), self.hold_sync():
            self._inside += 1
            try:
                yield
            finally:
                self._inside -= 1

    def _set_patched(self, name: str, new: Any, patch: dict[str, Any] | None) -> None:
        """Set trait `name` to `new`; the browser gets `<name>_patch` instead when that is shorter.
        In a held sync the first change decides: later ones are patched from the same base, or
        sent whole, so the one update sent at the end is right."""
        held = self._held.get(name)
        if held is not None:
            patched = held[1]
        else:
            patched = patch is not None and len(json.dumps(patch)) < len(json.dumps(new))
            if self._holding_sync:
                self._held[name] = (getattr(self, name), patched)
        if not patched or patch is None:
            setattr(self, name, new)
            return
        setattr(self, f"{name}_patch", patch)
        self._patching = name  # `name` changes in Python, the browser gets the patch
        try:
            setattr(self, name, new)
        finally:
            self._patching = ""

    def _should_send_property(self, key: str, value: Any) -> bool:
        """ipywidgets asks before it sends a trait: not `moves` or `table` while a patch carries it."""
        if key == self._patching:
            return False
        return bool(super()._should_send_property(key, value))

    def _last(self) -> LastMove | None:
        """The move that led to the cursor's position, worked out once per position."""
        r = self._replay
        key = (id(r), r.revision, r.line, r.ply, self.lang)
        if self._last_key != key:
            self._last_cache, self._last_key = last_move_at(r, told_names(r.game.players)), key
        return self._last_cache

    def _table(self) -> TableView:
        seat = self.perspective
        if seat is None:
            return table_from_above(self._replay, self._seq, self._last())
        return table_from_seat(self._replay, seat, self._seq, self._last())

    def _move_list(self) -> list[MoveEntry]:
        """From above: the main line with its side lines nested; from a seat: the moves of the
        cursor's line up to the cursor only (side lines elsewhere hold cards that seat never
        saw). Rebuilt on every change, one pass over the moves; only a change is sent."""
        if self.perspective is None:
            key = (id(self._replay), self._replay.revision, self._merges)
            if self._tree_key != key:
                self._tree, self._tree_key = move_tree(self._replay.game), key
            return self._tree
        return line_entries(self._replay, self._replay.ply, self.perspective)

    def _summary(self) -> list[dict[str, Any]]:
        """The header's accuracy rows: read again whenever the game changed (a promoted or
        deleted line changes its moves); from a seat, told at the end of the game as its
        result is (before, they counted mistakes still to come)."""
        r, seat = self._replay, self.perspective
        if seat is not None and (r.line or r.ply < len(r.game.moves)):
            return []
        key = (id(r), id(r.game), r.revision, self._merges, self.lang)  # names shown in it
        if self._summary_key != key:
            with language(self.lang):
                self._summary_rows = [dict(p) for p in review_rows(r.game)]
            self._summary_key = key
        return self._summary_rows

    def _evals(self) -> list[Any]:
        """The graph's points: computed again only when the notes changed (or, from a seat, the cursor)."""
        r, seat = self._replay, self.perspective
        # from a seat, the main line's points up to the cursor, or up to where its side line
        # leaves the main line (r.ply counts along the side line: the game's later figures
        # went to the seat with it)
        upto = None if seat is None else min(r.ply, r.line[0][0] - 1) if r.line else r.ply
        key = (id(r), r.revision, self._merges, seat, upto)
        if self._evals_key != key:
            points = evals(r.game, seat=seat, upto=upto)
            self._evals_cache = points if any(points) else []  # no figure at all: [] and None are none
            self._evals_key = key
        return self._evals_cache

    def _annotation(self) -> Annotation:
        return annotation_at(self._replay, self._last(), self.perspective)

    def _info(self) -> ReplayInfo:
        in_play = self.seat_only is not None
        return game_info(
            self._replay,
            editable=not in_play,
            review=not in_play,
            from_above=self.perspective is None,
            in_play=in_play,
        )

    def _say_position(self, prefix: str = "") -> None:
        """Say where the cursor is (after `prefix`), in symbols and in words; in a side line,
        with the chances the expert gave its move."""
        chances = side_line_chances(self._replay, self.perspective)
        self._say(
            prefix + self._position_text() + chances,
            "info",
            prefix + self._position_text(words=True) + chances + self._note_words(),
        )

    def _note_words(self) -> str:
        """ " This move is marked inaccuracy and has a comment.": read out with the move shown,
        as the screen shows its mark beside it and its comment below (the move list's names
        say it too, but only there)."""
        r = self._replay
        note = seat_note(r, r.ply, self.perspective) if r.ply else {}
        mark, comment = note.get("mark"), bool(note.get("comment"))
        if mark and comment:
            return " " + _("This move is marked {mark} and has a comment.").format(mark=mark_word(mark))
        if mark:
            return " " + _("This move is marked {mark}.").format(mark=mark_word(mark))
        return " " + _("This move has a comment.") if comment else ""

    def _position_text(self, words: bool = False) -> str:
        """Where the cursor is, in a sentence (with `words`: cards named in words)."""
        return position_text(self._replay, self._last(), words)

    def __repr__(self) -> str:
        return f"<ReplayWidget {self._replay!r}>"


# ---------------------------------------------------------------------- helpers
def _side_lines(game: Game) -> int:
    """How many side lines the game's record holds, nested ones too."""

    def count(entries: list[Any]) -> int:
        return sum(
            len(lines) + sum(count(line) for line in lines)
            for lines in (e.get("variations", []) for e in entries)
        )

    return count([game.annotation(n) for n in range(1, game.ply + 1)])


def _lines_noted(old: list[Any], new: list[Any]) -> int:
    """How many side-line moves (nested ones too) the review gave a comment or mark."""
    count = 0
    for old_line, new_line in zip(old, new, strict=False):
        for a, b in zip(old_line, new_line, strict=False):
            count += any(a.get(k, "") != b.get(k, "") for k in ("comment", "mark"))
            count += _lines_noted(a.get("variations", []), b.get("variations", []))
    return count


def _bot_name(bot: str) -> str:
    """The reviewing bot as the status line names it ("the expert")."""
    return _("expert") if bot == "expert" else bot


def _checked_perspective(value: object) -> int | None:
    """`value` as None (from above), 0 or 1; not True, not 1.0."""
    if value is None:
        return None
    number = whole(value)
    if number not in (0, 1):
        raise ValueError(f"perspective must be None (from above), 0 or 1, not {value!r}")
    return number


__all__ = ["ReplayWidget", "standalone_data", "standalone_html"]


def _diff(old: Any, new: Any, path: list[Any], out: list[list[Any]]) -> None:
    """The [path, value] pairs that turn `old` into `new`: dicts with the same keys and lists of
    the same length are compared item by item, anything else is replaced whole."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        for key in new:
            if old[key] != new[key]:
                _diff(old[key], new[key], [*path, key], out)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                _diff(a, b, [*path, i], out)
    else:
        out.append([path, new])

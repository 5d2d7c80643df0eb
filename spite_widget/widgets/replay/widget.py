"""`ReplayWidget`: step through a recorded game, comment on its moves, save or export it.

Python holds the record (`w.replay`, a `Replay` cursor); the browser gets, through a few
synced traits, only the table at the cursor (seen from above with both hands face up, or
from one player's seat), the move list, the annotation at the cursor and the status line,
and sends back absolute requests ("show ply 12", "mark move 12 ?!"; `replay_protocol.py`).
`w.to_html(path)` writes the same viewer as one self-contained HTML file.
"""

from __future__ import annotations

import base64
import html
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import traitlets

from ...engine.errors import RecordError
from ...engine.replay import RecordSource, Replay
from ...engine.state import GameState
from ..base import PythonOwnedWidget
from ..protocol import LastMove, StatusKind, TableView, last_move, table_view
from .protocol import (
    Annotation,
    GameLabel,
    MoveEntry,
    ReplayInfo,
    ReplayMessage,
    ReviewProgress,
    parse_replay_message,
)

_STATIC = Path(__file__).resolve().parent.parent.parent / "static"

ReviewFunction = Callable[..., dict[str, Any]]


class ReplayWidget(PythonOwnedWidget[StatusKind]):
    """A recorded game, move by move: controls, move list, comments and marks."""

    owner = "replay"

    _esm = _STATIC / "replay.js"
    _css = _STATIC / "replay.css"

    table = traitlets.Dict().tag(sync=True)
    """protocol.TableView: the table at the cursor (never the stock order nor the pay-off cards below the tops)."""
    moves = traitlets.List(traitlets.Dict()).tag(sync=True)
    """replay_protocol.MoveEntry list: the moves in notation, with turn, player and mark.
    From a player's seat, only the moves up to the cursor (the rest is not known there yet)."""
    moves_patch = traitlets.Dict().tag(sync=True)
    """How `moves` changed in this update, sent instead of the list when that is shorter:
    {"at", "delete", "insert", "length", "id"}; the browser splices its copy of `moves`
    (js/replay/index.js). A step seen from a seat adds or drops one entry, a mark changes one, so
    a step stays small however long the game. (`moves` itself is always the whole list in
    Python, and is what a browser that connects later gets.)"""
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
        **kwargs: Any,
    ) -> None:
        _check_perspective(perspective)
        replay = Replay(record_or_game, game=game)  # RecordError before any widget exists
        super().__init__(**kwargs)
        self._game_seq = 0
        self._syncing = False
        self._patching = False
        self._review_thread: threading.Thread | None = None
        self.errors: list[str] = []
        """Problems met outside any call of yours (the review thread); each is also shown in the status line."""
        self._attach(replay)
        with self._lock:
            self.perspective = perspective
            replay.seek(ply)  # syncs through the listener
            self._say_position()

    # ------------------------------------------------------------------ public
    @property
    def replay(self) -> Replay:
        """The cursor over the game shown (its moves, states and annotations)."""
        return self._replay

    @property
    def record(self) -> dict[str, Any]:
        """The annotated record (a match record when loaded from one)."""
        with self._lock:
            return self._replay.record

    @property
    def state(self) -> GameState:
        """The exact position at the cursor (hidden cards included: it stays in Python)."""
        return self._replay.state

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the annotated record as JSON (read it back with ReplayWidget(path))."""
        with self._lock:
            self._replay.save(path)
            self._say(f"Saved the record to {os.fspath(path)}.", "info")

    def seek(self, n: int) -> None:
        """Show the position after move `n` (clamped to 0..len), and say where it is."""
        with self._lock:
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
        """Comment and/or mark move `n` (1-based; "" clears); the widget shows it at once."""
        with self._lock:
            self._replay.annotate(n, comment=comment, mark=mark)

    def annotation_of(self, n: int) -> dict[str, Any]:
        """The comment and mark of move `n` (1-based), as in the record."""
        return self._replay.annotation(n)

    def select_game(self, index: int) -> None:
        """Show game `index` (0-based) of a match record, from its deal."""
        with self._lock:
            self._replay.select_game(index)
            self._game_seq = self._seq + 1
            self._sync()
            self._say_position(f"Game {index + 1} of {len(self._replay.games)}. ")

    def load(self, source: RecordSource, *, game: int = 0) -> None:
        """Show another record. If it does not validate, RecordError is raised, the widget
        says why, and the game shown before stays as it was."""
        with self._lock:
            try:
                replay = Replay(source, game=game)
            except (RecordError, OSError, TypeError, ValueError) as e:
                self._say(f"Could not load that record: {e}", "error")
                raise
            self._attach(replay)
            self._game_seq = self._seq + 1
            replay.seek(0)
            self._say_position("Loaded. ")

    def to_html(self, path: str | os.PathLike[str] | None = None, *, title: str | None = None) -> str:
        """A self-contained HTML page of the replay (seen from above, comments included)
        that steps through the game in a browser without a kernel; written to `path` if
        given, and returned."""
        with self._lock:
            record = self._replay.record
            index = self._replay.game_index
        data = standalone_data(record, game=index)
        names = data["games"][index]["info"]["names"]
        page = standalone_html(data, title or f"{names[0]} v {names[1]} — Spite & Malice replay")
        if path is not None:
            Path(path).write_text(page, encoding="utf-8")
        return page

    def review_with_bot(self, bot: str = "expert", *, wait: bool = False) -> None:
        """Run `annotate_with_bot` on the game shown, in a thread (the kernel stays free),
        with a progress bar; its marks and comments are added where you wrote none."""
        with self._lock:
            self._start_review(bot)
        if wait:
            self.wait()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the expert's review has finished (for scripts and tests)."""
        thread = self._review_thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    # ------------------------------------------------------------------ front end
    def _parse(self, content: object) -> ReplayMessage:
        return parse_replay_message(content)

    def _dispatch(self, msg: ReplayMessage) -> None:
        if msg["seq"] > self._seq:
            self._say("That message names a position this replay has not shown yet.", "error")
            return
        kind = msg["type"]
        n = len(self._replay)
        if kind == "seek":
            ply = msg["ply"]  # type: ignore[typeddict-item]
            if ply > n:
                self._say(f"There is no ply {ply}: this game has {n} moves.", "error")
                return
            self.seek(ply)
        elif kind == "annotate":
            self._front_end_annotate(msg)  # type: ignore[arg-type]
        elif kind == "perspective":
            self.perspective = msg["perspective"]  # type: ignore[typeddict-item]
            seat = self.perspective
            where = "from above" if seat is None else f"from {self._replay.game.players[seat]}'s seat"
            self._say(f"The table is now seen {where}.", "info")
        elif kind == "game":
            index = msg["game"]  # type: ignore[typeddict-item]
            if index >= len(self._replay.games):
                self._say(
                    f"There is no game {index + 1}: the record holds {len(self._replay.games)}.", "error"
                )
                return
            self.select_game(index)
        elif kind == "review":
            self._start_review("expert")

    def _front_end_annotate(self, msg: dict[str, Any]) -> None:
        if msg["seq"] < self._game_seq:
            self._say("That comment was written for another game: nothing was changed.", "error")
            return
        ply, n = msg["ply"], len(self._replay)
        if not 1 <= ply <= n:
            self._say(f"There is no move {ply} to annotate: moves are numbered 1 to {n}.", "error")
            return
        self._replay.annotate(ply, comment=msg.get("comment"), mark=msg.get("mark"))
        note = self._replay.annotation(ply)
        said = []
        if "mark" in msg:
            said.append(f"mark {msg['mark']}" if msg["mark"] else "mark cleared")
        if "comment" in msg:
            said.append("comment saved" if msg["comment"] else "comment cleared")
        move = self._replay.moves[ply - 1]
        self._say(f"Move {ply} ({move}{note.get('mark', '')}): {', '.join(said)}.", "info")

    # ------------------------------------------------------------------ the review
    def _start_review(self, bot: str) -> None:
        from ...bots.review import annotate_with_bot

        if self.review.get("running"):
            self._say("The expert is already reviewing this game.", "error")
            return
        index = self._replay.game_index
        before = self._replay.game.to_record()
        total = len(before["moves"])
        self.review = dict(ReviewProgress(running=True, done=0, total=total))
        self._say(f"The {bot} is reviewing the {total} moves…", "info")
        thread = threading.Thread(
            target=self._run_review, args=(annotate_with_bot, before, bot, index), daemon=True
        )
        self._review_thread = thread
        thread.start()

    def _run_review(self, fn: ReviewFunction, before: dict[str, Any], bot: str, index: int) -> None:
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done < total and now - last[0] < 0.1:
                return
            last[0] = now
            with self._lock:
                self.review = dict(ReviewProgress(running=True, done=int(done), total=int(total)))

        try:
            after = fn(before, bot=bot, progress=progress)
        except Exception as e:
            with self._lock:
                self.errors.append(f"the review failed: {e!r}")
                self.review = dict(ReviewProgress(running=False, done=0, total=0))
                self._say(f"The review failed, nothing was changed: {e}", "error")
            return
        with self._lock:
            added = self._merge_review(before, after, index)
            total = len(before["moves"])
            self.review = dict(ReviewProgress(running=False, done=total, total=total))
            self._say(f"The {bot} reviewed the game: {added} note{'s' if added != 1 else ''} added.", "info")

    def _merge_review(self, before: dict[str, Any], after: dict[str, Any], index: int) -> int:
        """Add the bot's marks and comments where the user has not changed that move since
        the review started (what the user wrote meanwhile wins)."""
        if self._replay.game_index != index or not isinstance(after, dict):
            return 0
        added = 0
        now = self._replay.game.to_record()["moves"]
        for i, (old, new) in enumerate(zip(before["moves"], after.get("moves", []), strict=False)):
            if not isinstance(new, dict) or i >= len(now):
                continue
            changes = {}
            for key in ("comment", "mark"):
                value = new.get(key, "")
                if (
                    isinstance(value, str)
                    and value != old.get(key, "")
                    and now[i].get(key, "") == old.get(key, "")
                ):
                    changes[key] = value
            if changes:
                try:
                    self._replay.game.annotate(i + 1, **changes)
                except ValueError:
                    continue
                added += 1
        self._sync()
        return added

    # ------------------------------------------------------------------ drawing
    def _attach(self, replay: Replay) -> None:
        self._replay = replay
        replay.on_change(self._on_replay_change)

    def _on_replay_change(self) -> None:
        """The cursor moved or an annotation changed (from the widget or from `w.replay`)."""
        with self._lock:
            self._sync()

    @traitlets.observe("ply")
    def _ply_set(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self._replay.ply:
            self.seek(int(change["new"]))

    @traitlets.validate("perspective")
    def _valid_perspective(self, proposal: dict[str, Any]) -> int | None:
        value = proposal["value"]
        _check_perspective(value)
        return value  # type: ignore[no-any-return]

    @traitlets.observe("perspective")
    def _perspective_set(self, change: dict[str, Any]) -> None:
        if not self._syncing and hasattr(self, "_replay"):
            with self._lock:
                self._sync()

    def _sync(self) -> None:
        """Send the table, the move list, the cursor and the annotation in one update."""
        r = self._replay
        self._seq += 1
        self._syncing = True
        try:
            with self.hold_sync():
                self.table = dict(self._table())
                self._set_moves([dict(m) for m in self._move_list()])
                self.length = len(r)
                self.ply = r.ply
                self.annotation = dict(self._annotation())
                self.info = dict(self._info())
                if not self.review:
                    self.review = dict(ReviewProgress(running=False, done=0, total=0))
        finally:
            self._syncing = False

    def _set_moves(self, new: list[dict[str, Any]]) -> None:
        """Set `moves`, sending only a patch (`moves_patch`) when that is shorter than the list."""
        old = self.moves
        if new == old:
            return
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
        if len(json.dumps(patch)) >= len(json.dumps(new)):
            self.moves = new
            return
        self.moves_patch = patch
        self._patching = True  # `moves` changes in Python, the browser gets the patch
        try:
            self.moves = new
        finally:
            self._patching = False

    def _should_send_property(self, key: str, value: Any) -> bool:
        """ipywidgets asks before it sends a trait: not `moves` while a patch carries it."""
        if key == "moves" and self._patching:
            return False
        return bool(super()._should_send_property(key, value))

    def _table(self) -> TableView:
        r = self._replay
        seat = self.perspective
        if seat is None:
            return _table_from_above(r, self._seq)
        names = r.game.players
        return table_view(r.view(seat), names=names, seq=self._seq, last=_last_move(r, names))

    def _move_list(self) -> list[MoveEntry]:
        """The whole list from above; from a seat, the moves up to the cursor only. (Rebuilt
        on every change, one pass over the moves; traitlets sends it only when it changed.)"""
        entries = move_entries(self._replay)
        return entries if self.perspective is None else entries[: self._replay.ply]

    def _annotation(self) -> Annotation:
        return annotation_at(self._replay)

    def _info(self) -> ReplayInfo:
        return game_info(self._replay, editable=True, review=True)

    def _say_position(self, prefix: str = "") -> None:
        """Say where the cursor is (after `prefix`), in symbols and in words."""
        self._say(prefix + self._position_text(), "info", prefix + self._position_text(words=True))

    def _position_text(self, words: bool = False) -> str:
        """Where the cursor is, in a sentence (with `words`: cards named in words)."""
        r = self._replay
        if r.ply == 0:
            first = r.game.players[r.state.current_player]
            verb = "play" if first == "You" else "plays"  # "You play first", "Ada plays first"
            return f"The deal: {first} {verb} first. {len(r)} moves to go through."
        last = _last_move(r, r.game.players)
        assert last is not None
        text = f"Move {r.ply} of {len(r)}: {last['words' if words else 'text']}."
        if r.ply == len(r) and r.game.outcome is not None:
            text += " " + r.game.outcome.describe(r.game.players)
        return text

    def __repr__(self) -> str:
        return f"<ReplayWidget {self._replay!r}>"


# ---------------------------------------------------------------------- helpers
def _check_perspective(value: object) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise ValueError(f"perspective must be None (from above), 0 or 1, not {value!r}")


def _sizes_before(state: GameState, target: str) -> list[int]:
    """The center stacks' sizes before the move that led to `state` (a stack empty after a
    move onto it was completed, so it held 11)."""
    sizes = [len(c) for c in state.centers]
    if target.startswith("C"):
        t = int(target[1]) - 1
        sizes[t] = 11 if sizes[t] == 0 else sizes[t] - 1
    return sizes


def _last_move(r: Replay, names: tuple[str, str]) -> LastMove | None:
    move = r.move
    if move is None:
        return None
    player = r.mover(r.ply)
    return last_move(move, player, _sizes_before(r.state, move.target), names[player])


def _table_from_above(r: Replay, seq: int) -> TableView:
    """The table at the cursor seen from above: both hands face up, player 0 at the bottom."""
    names = r.game.players
    return table_view(
        r.state, names=names, seq=seq, bottom=0, last=_last_move(r, names), show_hands=(True, True)
    )


def annotation_at(r: Replay) -> Annotation:
    """What the comment panel shows at the cursor: the move that led here, its comment and mark
    (at the deal: the record's opening comment)."""
    if r.ply == 0:
        return {
            "ply": 0,
            "move": "",
            "player": None,
            "text": "The deal.",
            "comment": str(r.game.meta.get("comment", "")),
            "mark": "",
        }
    note = r.annotation(r.ply)
    last = _last_move(r, r.game.players)
    assert last is not None
    return {
        "ply": r.ply,
        "move": last["move"],
        "player": last["player"],
        "text": last["text"],
        "comment": str(note.get("comment", "")),
        "mark": str(note.get("mark", "")),
    }


def move_entries(r: Replay) -> list[MoveEntry]:
    """The move list: every move with its mover, its turn number and its mark."""
    entries: list[MoveEntry] = []
    turn = 0
    previous = None
    for i, move in enumerate(r.moves, start=1):
        player = r.mover(i)
        if player != previous:
            turn += 1
            previous = player
        entry: MoveEntry = {"ply": i, "move": str(move), "player": player, "turn": turn}
        note = r.annotation(i)
        if note.get("mark"):
            entry["mark"] = str(note["mark"])
        if note.get("comment"):
            entry["comment"] = True
        entries.append(entry)
    return entries


def game_info(r: Replay, *, editable: bool, review: bool) -> ReplayInfo:
    games: list[GameLabel] = []
    for i, g in enumerate(r.games):
        outcome = g.outcome
        if outcome is None:
            how = "unfinished"
        elif outcome.winner is None:
            how = "drawn"
        else:
            how = f"{g.players[outcome.winner]} +{outcome.points}"
        games.append({"label": f"Game {i + 1}: {how} ({g.ply} moves)"})
    game = r.game
    outcome = game.outcome
    result = outcome.describe(game.players) if outcome is not None else "Unfinished game."
    return {
        "names": list(game.players),
        "result": result,
        "game": r.game_index,
        "games": games,
        "event": str(game.meta.get("event", "")),
        "date": str(game.meta.get("date", "")),
        "editable": editable,
        "review": review,
    }


def standalone_data(record: dict[str, Any], *, game: int = 0) -> dict[str, Any]:
    """Everything the exported page shows, precomputed per ply, seen from above: the table
    payloads (public information only: never the stock order nor the pay-off pile below its
    top), the move lists and the annotations of every game of the record."""
    r = Replay(record)
    games = []
    for index in range(len(r.games)):
        r.select_game(index)
        tables, notes = [], []
        for ply in range(len(r) + 1):
            r.seek(ply)
            tables.append(_table_from_above(r, ply))
            notes.append(annotation_at(r))
        games.append(
            {
                "tables": tables,
                "notes": notes,
                "moves": move_entries(r),
                "info": game_info(r, editable=False, review=False),
            }
        )
    return {"version": 1, "game": game, "games": games}


def standalone_html(data: dict[str, Any], title: str) -> str:
    """One HTML page: the replay bundle and its CSS inlined, the data as JSON, a tiny model."""
    bundle = (_STATIC / "replay.js").read_bytes()
    css = (_STATIC / "replay.css").read_text(encoding="utf-8")
    code = base64.b64encode(bundle).decode("ascii")
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        payload = payload.replace(char, escaped)  # nothing in the data can end or open a tag
    return _PAGE.format(
        title=html.escape(title),
        css=css.replace("</style", "<\\/style"),
        data=payload,
        code=code,
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="spite-widget">
<title>{title}</title>
<style>
body {{ margin: 0; padding: 24px; background: #f4f5f2; }}
@media (prefers-color-scheme: dark) {{ body {{ background: #1b1d1f; }} }}
main {{ max-width: 1000px; margin: 0 auto; }}
{css}
</style>
</head>
<body>
<main id="spite-replay" aria-label="Spite and Malice replay"></main>
<noscript>This replay needs JavaScript.</noscript>
<script type="application/json" id="spite-replay-data">{data}</script>
<script type="module">
const code = "{code}";
const mod = await import("data:text/javascript;charset=utf-8;base64," + code);
const data = JSON.parse(document.getElementById("spite-replay-data").textContent);
mod.mountStandalone(document.getElementById("spite-replay"), data);
</script>
</body>
</html>
"""


__all__ = ["ReplayWidget", "move_entries", "standalone_data", "standalone_html"]

"""Going back through a recorded game: a cursor over its plies, annotations and side lines.

The record is read (and fully checked) once by the records module; the cursor is a live
`Game` that steps forward by playing the recorded moves with their recorded reshuffles
(`Game.play(move, stock=...)`) and back with the engine's exact `undo`. Checkpoints every
`CHECKPOINT_EVERY` plies of the main line make any seek short.

Side lines (RULES.md "Variations"): `play(move)` at the cursor starts one (or extends the
line the cursor is in). A side line is analysis from above: it plays on with the record's
real cards (the stock order, the hidden hands). The main line lives in the `Game`; side
lines live as record entries in the `variations` of the move they replace, so the game's
record always holds everything.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from . import records
from .cards import Card
from .errors import IllegalMoveError, NotAMoveError
from .game import Game, Played
from .i18n import _
from .match import Match
from .moves import InvalidMoveError, Move
from .records import MARKS, MAX_LINE_DEPTH
from .state import GameState, PlayerView
from .whole import whole, whole_or_type_error

CHECKPOINT_EVERY = 32

RecordSource = dict[str, Any] | str | os.PathLike[str] | Game | Match
Key = tuple[int, ...]
"""A move's place in the tree: (i,) is main-line move i (0-based); (b, v, j) is move j of
variation v of main-line move b, and so on down nested side lines."""
Step = tuple[Key, Move, Any]
"""One move of a line: its key, the move, and the stock recorded with it (or None)."""


def _moves(n: int) -> str:
    return "1 move" if n == 1 else f"{n} moves"


def _no_game(index: object, count: int) -> str:
    """Games are counted from 0 here, where the board says "Game 1": say which are there."""
    held = "1 game (index 0)" if count == 1 else f"{count} games (indexes 0..{count - 1})"
    return f"there is no game {index!r}: games are counted from 0, and the record holds {held}"


class Replay:
    """A cursor over a recorded game: ply 0 is the deal, ply len(replay) the last position
    of the line the cursor is in (the main line unless it entered a side line)."""

    def __init__(self, record_or_game: RecordSource, *, game: int = 0) -> None:
        self._loaded = records.load(record_or_game)
        games = self._loaded.games
        if (index := whole(game)) is None or not 0 <= index < len(games):
            raise ValueError(_no_game(game, len(games)))
        game = index
        self.match_target = self._loaded.target
        """The match's target, or None when the source is a single game."""
        self.games = games
        """Every game of the source (one, unless it was a match)."""
        self._listeners: list[Callable[[], None]] = []
        self._seq: list[Step] | None = None
        self.revision = 0
        """Counts the changes to the moves, side lines and notes made through this cursor
        (not its moves along them): a widget redraws its move list only when it changed."""
        self._select(game)

    def _select(self, index: int) -> None:
        self.revision += 1
        self.game_index = index
        """Which game of a match record is shown (0-based)."""
        self._full = self.games[index]
        self._path: list[tuple[int, int]] = []
        cursor = self._full.copy()
        while cursor.ply:
            cursor.undo()
        self._cursor = cursor
        self._applied: list[Key] = []
        self._checkpoints: dict[int, Game] = {0: cursor.copy()}
        self._tallest: tuple[tuple[Move, ...], int] | None = None  # (the main line, cards)
        self._retree()

    def select_game(self, index: int) -> None:
        """Show game `index` (0-based) of a match record, from its deal."""
        if (number := whole(index)) is None or not 0 <= number < len(self.games):
            raise ValueError(_no_game(index, len(self.games)))
        self._select(number)

    # ----------------------------------------------------------------- the tree
    def _line_entries(self, path: list[tuple[int, int]]) -> list[dict[str, Any]]:
        """The record entries of the side line at `path` (copies; [] path: not used)."""
        b, v = path[0]
        line: list[dict[str, Any]] = self._full.annotation(b + 1)["variations"][v]
        for b, v in path[1:]:
            line = line[b]["variations"][v]
        return line

    def _sequence(self) -> list[Step]:
        """The moves of the cursor's line from the deal: (key, move, recorded stock) for each.

        Kept until the line or the tree changes (`_retree`)."""
        if self._seq is None:
            self._seq = self._build_sequence(self._path)
        return self._seq

    def _retree(self) -> None:
        """The cursor's line or the side lines changed: forget what was worked out."""
        self._seq = None
        self._movers: dict[int, int] = {}

    def _build_sequence(self, path: list[tuple[int, int]]) -> list[Step]:
        full = self._full
        if not path:
            return [((i,), m, full.stock_after(i + 1)) for i, m in enumerate(full.moves)]
        b0 = path[0][0]
        seq: list[Step] = [((i,), m, full.stock_after(i + 1)) for i, m in enumerate(full.moves[:b0])]
        key: Key = (b0, path[0][1])
        for depth in range(1, len(path) + 1):
            entries = self._line_entries(path[:depth])
            stop = path[depth][0] if depth < len(path) else len(entries)
            seq += [((*key, j), Move.parse(e["move"]), e.get("stock")) for j, e in enumerate(entries[:stop])]
            if depth < len(path):
                key = (*key, path[depth][0], path[depth][1])
        return seq

    def _branch_ply(self) -> int:
        """The ply a side line starts from (its first move is move branch + 1); 0 on the main line."""
        return sum(b for b, _ in self._path)

    @property
    def line(self) -> tuple[tuple[int, int], ...]:
        """Where the cursor's line hangs, 1-based: () on the main line; ((12, 2),) in the
        second side line of move 12; deeper lines add (move within the line, variation)."""
        return tuple((b + 1, v + 1) for b, v in self._path)

    # ----------------------------------------------------------------- the cursor
    def __len__(self) -> int:
        if not self._path:
            return self._full.ply
        return self._branch_ply() + len(self._line_entries(self._path))

    @property
    def ply(self) -> int:
        """Where the cursor is: 0 = the deal, n = after the n-th move of its line."""
        return self._cursor.ply

    @property
    def state(self) -> GameState:
        """The exact position at the cursor."""
        return self._cursor.state

    def view(self, player: int) -> PlayerView:
        """What `player` could see at the cursor."""
        return self._cursor.view(player)

    def position(self) -> Game:
        """A copy of the game at the cursor, to search or try moves on (the replay is not
        touched)."""
        return self._cursor.copy()

    @property
    def game(self) -> Game:
        """The whole game as recorded, main line (annotations and side lines included)."""
        return self._full

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves of the cursor's line, from the deal."""
        return tuple(m for _, m, _ in self._sequence())

    @property
    def move(self) -> Move | None:
        """The move that led to the position at the cursor (None at the deal)."""
        return self._cursor.last_move

    def stock_after(self, number: int) -> tuple[Card, ...] | None:
        """The stock recorded with move `number` (1-based) of the cursor's line, when that
        move completed a stack (None otherwise)."""
        number = self._check_number(number)
        stock = self._sequence()[number - 1][2]
        return None if stock is None else tuple(Card(c) for c in stock)

    def mover(self, number: int) -> int:
        """Who played move `number` (1-based) of the cursor's line."""
        number = self._check_number(number)
        if not self._path or number <= self._path[0][0]:
            return self._full.mover(number)
        if number <= self.ply:
            return self._cursor.mover(number)
        if number not in self._movers:
            g = self._at(len(self))
            self._movers = {n: g.mover(n) for n in range(1, g.ply + 1)}
        return self._movers[number]

    def tallest_side_stack(self) -> int:
        """The most cards any side stack holds at any position of the game's main line: a
        view can size its table by it, so the table keeps one height as the cursor moves."""
        line = self._full.moves
        if self._tallest is None or self._tallest[0] != line:  # a new game, or the main line changed
            game = self._full.copy()
            tallest = 0
            while True:
                tallest = max([tallest, *(len(s) for seat in game.state.sides for s in seat)])
                if not game.ply:
                    break
                game.undo()
            self._tallest = (line, tallest)
        return self._tallest[1]

    def _at(self, n: int) -> Game:
        """A copy of the game at ply `n` of the cursor's line (the cursor stays put)."""
        here = self.ply
        self._goto(n)
        copy = self._cursor.copy()
        self._goto(here)
        return copy

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
        """Put the cursor after move `n` of its line (clamped to 0..len); never replays from
        the start."""
        n = whole_or_type_error(n, "a ply is a whole number")
        self._goto(max(0, min(len(self), n)))
        self._changed()

    def _goto(self, n: int) -> None:
        seq = self._sequence()
        applied = self._applied
        # a key names its whole path, so one equal key means an equal prefix
        same = min(len(applied), n)
        while same and applied[same - 1] != seq[same - 1][0]:
            same -= 1
        main = n if not self._path else min(n, self._path[0][0])
        base = max(k for k in self._checkpoints if k <= main)
        if (len(applied) - same) + (n - same) > n - base:
            self._cursor = self._checkpoints[base].copy()
            applied[:] = [k for k, _, _ in seq[:base]]
            same = base
        while len(applied) > same:
            self._cursor.undo()
            applied.pop()
        for key, move, stock in seq[same:n]:
            self._cursor.play(move, stock=stock)
            applied.append(key)
            ply = self._cursor.ply
            if len(key) == 1 and ply % CHECKPOINT_EVERY == 0 and ply not in self._checkpoints:
                self._checkpoints[ply] = self._cursor.copy()

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call `callback()` whenever the cursor moves, an annotation or a line changes."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()

    # ----------------------------------------------------------------- side lines
    def variations(self) -> list[Move]:
        """The first move of each side line that may replace the next move of the cursor's
        line (variation 1 first); [] when there is none."""
        return [Move.parse(line[0]["move"]) for line in self._next_note().get("variations", [])]

    def _next_note(self) -> dict[str, Any]:
        """What the next move of the cursor's line carries (its comment, side lines...)."""
        n = self.ply + 1
        return self.annotation(n) if n <= len(self) else {}

    def enter_line(self, variation: int) -> None:
        """Play the first move of side line `variation` (1-based) of the next move: the
        cursor is then in that line."""
        followed = list(self._path)
        self._settle()
        lines = self._next_note().get("variations", [])
        if whole(variation) is None or not 1 <= variation <= len(lines):
            if self._path != followed:  # changes nothing: the side line ahead is still followed
                self._path[:] = followed
                self._retree()
            raise ValueError(f"there is no variation {variation!r} here: the next move has {len(lines)}")
        branch = self.ply - self._branch_ply()
        self._path.append((branch, int(variation) - 1))
        self._retree()
        self._goto(self.ply + 1)
        self._changed()

    def _settle(self) -> None:
        """Stepped back above where its side line branched, the cursor is in the parent line."""
        while self._path and self.ply < self._branch_ply():
            self._path.pop()
            self._retree()

    def exit_line(self) -> None:
        """Leave the side line: from inside it, the cursor goes to where it branched off, in the
        parent line; stepped back above it (the line only ahead), the cursor stays put."""
        if not self._path:
            raise ValueError("the cursor is on the main line")
        branch = self._branch_ply()
        if self.ply > branch:  # stepped back above the line (only ahead), the cursor stays
            self._goto(branch)
        self._path.pop()
        self._retree()
        self._changed()

    def play(self, move: Move | str) -> Played:
        """Play `move` at the cursor. The next move of the line: step forward; the first move
        of one of its side lines: enter it; any other legal move: a new side line (at the end
        of a line: that line goes on). IllegalMoveError says why and changes nothing."""
        if not isinstance(move, Move):
            try:
                move = Move.parse(move)
            except InvalidMoveError as e:
                raise NotAMoveError(str(e)) from None
        reason = self._cursor.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        followed = list(self._path)
        self._settle()
        n = self.ply
        while True:
            if n < len(self):
                if self.moves[n] == move:
                    self._goto(n + 1)
                    self._changed()
                    return self._last_played()
                firsts = self.variations()
                if move in firsts:
                    self.enter_line(firsts.index(move) + 1)
                    return self._last_played()
            if not (self._path and n == self._branch_ply()):
                break
            # the cursor is where its side line branches (the line is only ahead): any other
            # move is weighed against the parent line, whose next move steps on there
            self._path.pop()
            self._retree()
        if n < len(self) and len(self._path) >= MAX_LINE_DEPTH:  # a record could not be read back
            self._path[:] = followed
            self._retree()
            raise ValueError(
                f"side lines nest at most {MAX_LINE_DEPTH} deep in a record: this one would go deeper"
            )
        played = self._cursor.play(move)
        entry: dict[str, Any] = {"move": str(move)}
        stock = self._cursor.stock_after(self._cursor.ply)
        if stock is not None:
            entry["stock"] = list(stock)
        if n == len(self) and not self._path:
            self._full.play(move, stock=stock)
            self.revision += 1
            self._retree()
        elif n == len(self):
            self._edit_line(self._path, lambda line: line.append(entry))
        else:
            branch = n - self._branch_ply()
            self._edit_entry(n + 1, lambda e: e.setdefault("variations", []).append([entry]))
            lines = self._next_note_at(n + 1)
            self._path.append((branch, len(lines) - 1))
            self._retree()
        self._applied = [k for k, _, _ in self._sequence()[: n + 1]]
        self._changed()
        return played

    def _next_note_at(self, number: int) -> list[Any]:
        variations: list[Any] = self.annotation(number).get("variations", [])
        return variations

    @property
    def last_played(self) -> Played | None:
        """What the move that led to the cursor's position did (None at the deal): the stack
        it completed, who drew, whether the turn passed, as `Game.play` said."""
        return None if self.ply == 0 else self._last_played()

    def goto(self, line: Sequence[Sequence[int]], ply: int) -> None:
        """Put the cursor after move `ply` of the side line `line` (1-based (move, variation)
        pairs as `line` gives them; () is the main line). ValueError names a line that is not
        there, and nothing moves."""
        ply = whole_or_type_error(ply, "a ply is a whole number")
        if isinstance(line, str | bytes) or not isinstance(line, Sequence):
            raise TypeError(
                f"a line is a list of (move, variation) pairs, [] for the main line, not {line!r}"
            )
        path: list[tuple[int, int]] = []
        entries: list[dict[str, Any]] | None = None
        for depth, pair in enumerate(line, start=1):
            if (
                isinstance(pair, str | bytes)
                or not isinstance(pair, Sequence)
                or len(pair) != 2
                or not all(whole(x) is not None for x in pair)
            ):
                raise TypeError(f"a line's steps are (move, variation) pairs of whole numbers, not {pair!r}")
            b, v = int(pair[0]), int(pair[1])
            size = self._full.ply if entries is None else len(entries)
            if not 1 <= b <= size:
                raise ValueError(f"there is no move {b} in the line at depth {depth - 1}: it has {size}")
            note = self._full.annotation(b) if entries is None else entries[b - 1]
            lines = note.get("variations", [])
            if not 1 <= v <= len(lines):
                raise ValueError(f"move {b} has no side line {v}: it has {len(lines)}")
            path.append((b - 1, v - 1))
            entries = lines[v - 1]
        self._path = path  # _goto keeps the moves the old and the new line share
        self._retree()
        self._goto(max(0, min(len(self), ply)))
        self._changed()

    def _last_played(self) -> Played:
        """What the move just stepped over did."""
        return _replayed_last(self._cursor)

    @property
    def final_played(self) -> Played | None:
        """What the main line's last move did (None for a game with no move): a view can
        tell the game's end without moving the cursor there."""
        return _replayed_last(self._full) if self._full.ply else None

    def delete_line(self) -> None:
        """Delete the side line the cursor is in (and the lines below it); the cursor goes
        to where it branched off, in the parent line (stepped back above that, it stays)."""
        if not self._path:
            raise ValueError("the cursor is on the main line: there is no side line to delete")
        branch = self._branch_ply()
        shown = min(self.ply, branch)
        self._goto(shown)
        *parent, (_, v) = self._path

        def drop(e: dict[str, Any]) -> None:
            del e["variations"][v]
            if not e["variations"]:
                del e["variations"]

        self._path = parent
        self._retree()
        self._edit_entry(branch + 1, drop)
        self._goto(shown)
        self._changed()

    def promote(self) -> None:
        """Make the side line the cursor is in the line it hangs on (the main line, when it
        hangs on the main line); the line it replaces becomes a side line in its place. In a
        match, ValueError (nothing changed) for a line that would end a game other than the
        last otherwise than it ended: the games after it were played from that end."""
        if not self._path:
            raise ValueError("the cursor is on the main line already")
        ply = self.ply
        *parent, (b, v) = self._path
        branch = self._branch_ply()
        old = self._parent_entries(parent)
        note = old[b]
        lines = note.pop("variations")
        side = lines[v]
        first = dict(side[0])
        # the old move and its tail become a side line; the others stay, in their places
        others = [*lines[:v], old[b:], *lines[v + 1 :]]
        first["variations"] = [*others, *first.get("variations", [])]
        new = [*old[:b], first, *side[1:]]
        if not parent:
            rec = records.write_game(self._full)
            rec["moves"] = new
            game = records.read_game(rec, check_result=False)
            self._check_match_with(game)
            self.games[self.game_index] = game
            self._select(self.game_index)
        else:
            self._goto(min(ply, branch))
            self._path = parent
            self._retree()
            self._edit_line(parent, lambda line: line.__setitem__(slice(None), new))
        self._goto(ply)
        self._changed()

    def _check_match_with(self, game: Game) -> None:
        """In a match, `game` may take the place of a game before the last only if it ends as
        that one did: the games after it were dealt and scored from that end. (A promote keeps
        the players, the rules and who started, so the match record then reads as before; the
        last game may end otherwise, or not yet.) ValueError if not."""
        if self.match_target is None or self.game_index == len(self.games) - 1:
            return
        if game.outcome != self._full.outcome:
            raise ValueError(
                _(
                    "In a match, game {n} must end as it did, since the games after it were played "
                    "from that end: this side line would end it otherwise (or leave it unfinished), "
                    "so it stays a side line."
                ).format(n=self.game_index + 1)
            )

    def _parent_entries(self, parent: list[tuple[int, int]]) -> list[dict[str, Any]]:
        """The entries of the line at `parent` (the main line as record entries when [])."""
        if parent:
            return self._line_entries(parent)
        moves: list[dict[str, Any]] = records.write_game(self._full)["moves"]
        return moves

    def _edit_line(self, path: list[tuple[int, int]], change: Callable[[list[Any]], None]) -> None:
        """Change the side line at `path` in place and store it back on the main-line move."""
        b0 = path[0][0]
        note = self._full.annotation(b0 + 1)
        line = note["variations"][path[0][1]]
        for b, v in path[1:]:
            line = line[b]["variations"][v]
        change(line)
        self._full.set_annotation(b0 + 1, note)
        self.revision += 1
        self._retree()

    def _edit_entry(self, number: int, change: Callable[[dict[str, Any]], None]) -> None:
        """Change what move `number` (1-based) of the cursor's line carries, and store it."""
        key = self._key(number)
        if len(key) == 1:
            note = self._full.annotation(number)
            change(note)
            self._full.set_annotation(number, note)
            self.revision += 1
            self._retree()
            return
        path = [(key[i], key[i + 1]) for i in range(0, len(key) - 1, 2)]
        self._edit_line(path, lambda line: change(line[key[-1]]))

    def _key(self, number: int) -> Key:
        return self._sequence()[self._check_number(number) - 1][0]

    # ----------------------------------------------------------------- annotations
    def annotate(self, n: int, comment: str | None = None, mark: str | None = None) -> None:
        """Comment and/or mark move `n` (1-based) of the cursor's line; "" clears.
        Marks: !! ! !? ?! ? ??"""
        n = self._check_number(n)
        if mark is not None and mark != "" and mark not in MARKS:
            raise ValueError(f"a mark must be one of {' '.join(MARKS)}, not {mark!r}")
        if comment is not None and not isinstance(comment, str):
            raise ValueError(f"a comment must be text, not {comment!r}")

        def change(note: dict[str, Any]) -> None:
            for key, value in (("comment", comment), ("mark", mark)):
                if value == "":
                    note.pop(key, None)
                elif value is not None:
                    note[key] = value

        self._edit_entry(n, change)
        self._changed()

    def set_eval(self, n: int, p0: float, p1: float) -> None:
        """Store move `n`'s (1-based, of the cursor's line) `eval`: each player's chance of
        winning after it (RULES.md; ValueError unless each is in [0, 1] and they sum to at
        most 1). A side line has no review, so whoever judges its moves stores them here."""
        n = self._check_number(n)
        records.check_eval({"p0": p0, "p1": p1})
        mine = round(float(p0), 3)
        value = {"p0": mine, "p1": min(round(float(p1), 3), round(1.0 - mine, 3))}
        self._edit_entry(n, lambda note: note.__setitem__("eval", value))
        self._changed()

    def set_data(self, n: int, key: str, value: object) -> None:
        """Store a writer's own data on move `n` (1-based, of the cursor's line) under `key`,
        an `x-...` key (RULES.md: kept on load and save); None removes it. ValueError for
        another key or data a record cannot carry."""
        n = self._check_number(n)
        if not isinstance(key, str) or not key.startswith("x-"):
            raise ValueError(f"a move's own data goes under an x-... key, not {key!r}")
        data = None if value is None else records.own_data(value)

        def change(note: dict[str, Any]) -> None:
            if data is None:
                note.pop(key, None)
            else:
                note[key] = data

        self._edit_entry(n, change)
        self._changed()

    def annotation(self, n: int) -> dict[str, Any]:
        """What move `n` (1-based) of the cursor's line carries: comment, mark, eval, side
        lines, as in the record."""
        n = self._check_number(n)
        if not self._path or 1 <= n <= self._path[0][0]:
            return self._full.annotation(n)
        key = self._key(n)
        if len(key) == 1:
            return self._full.annotation(n)
        path = [(key[i], key[i + 1]) for i in range(0, len(key) - 1, 2)]
        entry = dict(self._line_entries(path)[key[-1]])
        entry.pop("move")
        entry.pop("stock", None)
        return entry

    def _check_number(self, n: int) -> int:
        """`n` as an int, if the cursor's line has a move `n` (1-based)."""
        m = whole(n)
        if m is None or not 1 <= m <= len(self):
            what = "this game" if not self._path else "this line"
            raise ValueError(f"there is no move {n!r}: {what} has {_moves(len(self))} (1..{len(self)})")
        return m

    @property
    def record(self) -> dict[str, Any]:
        """The annotated record (RULES.md format), side lines included; a match record,
        with the match's own keys, when loaded from one."""
        return self._loaded.record()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the annotated record as JSON."""
        records.write_json(path, self.record)

    def __repr__(self) -> str:
        p = self._full.players
        where = "".join(f", move {b} variation {v}" for b, v in self.line)
        return f"<Replay {p[0]!r} v {p[1]!r}: ply {self.ply} of {len(self)}{where}>"

    def _repr_svg_(self) -> str:
        return self.state.to_svg(names=self.game.players)


def _replayed_last(game: Game) -> Played:
    """What `game`'s last move did, played again on a copy (so `game` keeps its history)."""
    g = game.copy()
    move = g.undo()
    return g.play(move, stock=game.stock_after(game.ply))


__all__ = ["MARKS", "Replay"]

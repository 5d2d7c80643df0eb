"""Game and match records (RULES.md): reading, checking and writing them, in one place.

Like python-chess's `pgn`: a record is plain JSON data; `read_game` replays and checks it
into a `Game`, `write_game` writes a game back, `read_match` / `write_match` do the same
for matches, `match_record` builds a match record from its games and `scores` totals
them. Every reader and writer keeps the writer's own top-level keys (`event`, `date`,
`comment`, `x-...`), of games and of matches. Side lines (`variations`) and evaluations
(`eval`) are checked as strictly as the main line and kept as written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from .cards import Card, check_two_packs
from .errors import RecordError
from .moves import InvalidMoveError, Move
from .state import Result

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .match import Match

RECORD_FORMAT: Final = "spite-malice"
MATCH_FORMAT: Final = "spite-malice-match"
RECORD_VERSION: Final = 1
MARKS: Final = ("!!", "!", "!?", "?!", "?", "??")
"""The annotation marks a move may carry, best to worst."""
META_KEYS: Final = ("event", "date", "comment")
"""Optional top-level text keys of a record (besides the writer's own `x-...` keys)."""
GAME_KEYS: Final = ("format", "version", "rules", "players", "first_player", "deck", "moves", "result")
MATCH_KEYS: Final = ("format", "version", "target", "players", "games", "scores")
NOTE_KEYS: Final = ("comment", "mark", "eval", "variations")
"""What a move entry may carry besides `move` and `stock` (and `x-...` keys)."""
MAX_DATA_DEPTH: Final = 64
"""How deep a writer's own data (an `x-...` key's value) may nest, arrays and objects alike:
far beyond any use, and well inside what the copies a game makes can follow."""
MAX_LINE_DEPTH: Final = 64
"""How deep side lines may nest in a record (a side line in a side line...): far beyond any
analysis, and well inside what the recursive code that reads and draws them can follow."""


# ---------------------------------------------------------------- files
def check_path(path: object) -> None:
    """TypeError unless `path` names a file (str or os.PathLike; bytes as `open` takes them):
    `open` would take a whole number for a file descriptor, use it and close it."""
    if not isinstance(path, str | bytes | os.PathLike):
        raise TypeError(
            f"a record is read from or written to a file path (str or os.PathLike), not {type(path).__name__}"
        )


def write_json(path: str | os.PathLike[str], record: dict[str, Any]) -> None:
    """Write a record as JSON text, one key per line; ValueError, and no file written, for data
    that is not JSON (NaN or infinity in a writer's own `x-` key: Python would write `NaN`)."""
    check_path(path)
    try:
        text = json.dumps(record, indent=1, allow_nan=False)
    except ValueError as e:
        raise ValueError(f"the record holds data that is not JSON: {e}") from None
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n")


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value in a file; RecordError when the file is not JSON."""
    check_path(path)
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f, parse_constant=_no_constant, parse_int=_whole, object_pairs_hook=_no_twice)
    except RecursionError:  # arrays in arrays thousands deep: no record is
        raise RecordError(f"{os.fspath(path)} is nested too deeply to be a record") from None
    except UnicodeDecodeError as e:  # a picture, an archive: no text at all
        raise RecordError(
            f"{os.fspath(path)} is not JSON: not UTF-8 text ({e.reason} at byte {e.start})"
        ) from None
    except _Refused as e:
        raise RecordError(f"{os.fspath(path)} is not a record: {e}") from None
    except ValueError as e:  # JSONDecodeError, and NaN
        raise RecordError(f"{os.fspath(path)} is not JSON: {e}") from None


class _Refused(ValueError):
    """JSON that no record holds (what the hooks below refuse)."""


def _no_constant(token: str) -> Any:
    """Python's reader takes NaN and Infinity, which JSON has not (and no writer here writes)."""
    raise ValueError(f"{token} is not a JSON number")


def _whole(digits: str) -> int:
    """A whole number, or a ValueError that does not send a reader to `sys.set_int_max_str_digits`."""
    try:
        return int(digits)
    except ValueError:
        raise _Refused(f"a number of {len(digits):,} digits is too long to read") from None


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: with a key twice, readers disagree on which counts."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _Refused(f"the key {key!r} appears twice in one object")
        found[key] = value
    return found


def own_data(value: object) -> Any:
    """A copy of a writer's own data (an `x-...` key's value), if it is JSON: ValueError for
    NaN, infinity, a set, bytes, a list that holds itself, or nesting deeper than
    MAX_DATA_DEPTH, which a record could not carry or a game could not copy."""
    try:
        copied = json.loads(json.dumps(value, allow_nan=False))
    except RecursionError:
        raise ValueError(f"nested more than {MAX_DATA_DEPTH} deep") from None
    except (TypeError, ValueError) as e:
        said = str(e)
        if "int_max_str_digits" in said:  # not Python's advice to raise its limit
            said = "a number too long to write (more than 4,300 digits)"
        raise ValueError(said) from None
    check_data_depth(copied)
    return copied


def check_data_depth(data: Any) -> None:
    """ValueError for JSON data nested deeper than MAX_DATA_DEPTH (walked without recursion)."""
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_DATA_DEPTH:
            raise ValueError(f"nested more than {MAX_DATA_DEPTH} deep")
        if isinstance(item, dict):
            todo.extend((x, depth + 1) for x in item.values())
        elif isinstance(item, list):
            todo.extend((x, depth + 1) for x in item)


# ---------------------------------------------------------------- checks
def check_header(record: object, fmt: str, keys: Iterable[str]) -> dict[str, Any]:
    """Check a record's format and version and that every key is known; return the
    writer's own keys (`event`, `date`, `comment`, `x-...`), copied, in their order."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") != fmt:
        raise RecordError(f"format must be {fmt!r}, not {record.get('format')!r}")
    version = record.get("version")
    if type(version) is not int or version != RECORD_VERSION:  # not true, not 1.0
        raise RecordError(f"version must be {RECORD_VERSION}, not {version!r}")
    known = set(keys)
    meta: dict[str, Any] = {}
    for key, value in record.items():
        if key in known:
            continue
        problem = _meta_problem(key, value)
        if problem is not None:
            raise RecordError(problem)
        try:
            meta[key] = own_data(value)
        except ValueError as e:
            raise RecordError(f"{key} must hold JSON data: {e}") from None
    return meta


def _meta_problem(key: object, value: object) -> str | None:
    """Why a reader refuses `key` among a record's own keys (`event`, `date`, `comment`, `x-...`)."""
    if key not in META_KEYS and not str(key).startswith("x-"):
        return f"unknown key {key!r} (a writer's own keys must start with 'x-')"
    if key in META_KEYS and not isinstance(value, str):
        return f"{key} must be text, not {value!r}"
    return None


def checked_meta(meta: Mapping[str, Any], owner: str = "game") -> dict[str, Any]:
    """A game's or a match's `meta` as its record will carry it (a copy): ValueError for what
    the reader would refuse, so that a record saved can always be loaded, and for the
    record's own keys (`players`, `format`...), which `meta` must not overwrite."""
    for key, value in meta.items():
        problem = _meta_problem(key, value)
        if problem is not None:
            raise ValueError(f"{owner}.meta: {problem}; a record's own keys come from the {owner}")
    try:
        return {key: own_data(value) for key, value in meta.items()}
    except ValueError as e:
        raise ValueError(f"{owner}.meta must hold JSON data only: {e}") from None


def check_eval(value: object) -> dict[str, float]:
    """An `eval` of RULES.md: {"p0": x, "p1": y}, each in [0, 1], x + y <= 1; ValueError otherwise."""
    if not isinstance(value, dict) or set(value) != {"p0", "p1"}:
        raise ValueError(f'an eval must be {{"p0": ..., "p1": ...}}, not {value!r}')
    for key in ("p0", "p1"):
        x = value[key]
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 1:
            raise ValueError(f"eval {key} must be a chance between 0 and 1, not {x!r}")
    if value["p0"] + value["p1"] > 1 + 1e-9:
        raise ValueError(
            f"eval p0 + p1 must be at most 1 (the rest is a draw), not {value['p0'] + value['p1']}"
        )
    return {"p0": value["p0"], "p1": value["p1"]}


def check_note(note: dict[str, Any]) -> None:
    """Check a move's comment, mark and eval (not its variations); ValueError says what is wrong."""
    if "comment" in note and not isinstance(note["comment"], str):
        raise ValueError("a comment must be text")
    if "mark" in note and note["mark"] not in MARKS:
        raise ValueError(f"a mark must be one of {' '.join(MARKS)}, not {note['mark']!r}")
    if "eval" in note:
        check_eval(note["eval"])


def check_move_note(note: object, number: int, before: Callable[[], Game]) -> dict[str, Any]:
    """What move `number` carries besides the move (`Game.set_annotation`'s note), checked as
    the reader checks a move entry, side lines and their depth included, and copied: ValueError
    for anything the reader would refuse, so that a game saved can always be loaded.
    `before`: the game at the position before the move, asked for only to play side lines."""
    if not isinstance(note, dict) or "move" in note or "stock" in note:
        raise ValueError("a note is a dict of comment, mark, eval, variations and x-... keys")
    for key in note:
        if key not in NOTE_KEYS and not (isinstance(key, str) and key.startswith("x-")):
            raise ValueError(f"unknown key {key!r} in the note (a writer's own keys must start with 'x-')")
    try:  # first: a note that holds itself would never end the checks below
        copied: dict[str, Any] = json.loads(json.dumps(note, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as e:
        raise ValueError(f"a note must hold JSON data only: {e}") from None
    for key in copied:
        if key.startswith("x-"):
            try:
                check_data_depth(copied[key])  # JSON already: copied just above
            except ValueError as e:
                raise ValueError(f"{key} must hold JSON data: {e}") from None
    check_note(copied)
    depth = _line_depth([copied])
    if depth > MAX_LINE_DEPTH:
        raise ValueError(f"side lines are nested {depth} deep: a record may nest them {MAX_LINE_DEPTH} deep")
    if "variations" in copied:
        try:
            _check_variations(before(), copied["variations"], number)
        except RecordError as e:
            raise ValueError(str(e)) from None
    return copied


def _list_of_str(value: object, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{name} must be a list of strings")
    return value


def _cards(value: object, name: str) -> list[Card]:
    """A list of cards in the notation; ValueError says which one is not a card, and where."""
    cards = []
    for position, text in enumerate(_list_of_str(value, name), start=1):
        try:
            cards.append(Card(text))
        except ValueError as e:
            raise ValueError(f"{name} card {position}: {e}") from None
    return cards


# ---------------------------------------------------------------- games
def read_game(record: object, *, check_result: bool = True) -> Game:
    """Replay and check a game record into a `Game`; RecordError names the move and the reason.

    `check_result=False` takes the result from the replay (for a record being rebuilt,
    such as a replay whose side line became the main line).
    """
    from .game import Game

    meta = check_header(record, RECORD_FORMAT, GAME_KEYS)
    assert isinstance(record, dict)  # check_header refuses anything else
    missing = [k for k in ("rules", "players", "first_player", "deck", "moves") if k not in record]
    if missing:
        raise RecordError(f"missing {', '.join(missing)}")
    if not isinstance(record["rules"], dict):
        # the code's Rules.from_dict(None) means "the defaults"; a record states its rules
        raise RecordError(
            f'rules must be an object such as {{"kings_start_stacks": false}}, not {json.dumps(record["rules"], default=repr)}'
        )
    try:
        deck = check_two_packs(_cards(record["deck"], "deck"))
        game = Game(
            deck,
            first_player=record["first_player"],
            rules=record["rules"],
            players=_list_of_str(record["players"], "players"),
        )
        expected = None if record.get("result") is None else Result.from_dict(record["result"])
    except ValueError as e:
        raise RecordError(str(e)) from None
    game.meta = meta
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    depth = _line_depth(moves)
    if depth > MAX_LINE_DEPTH:
        raise RecordError(f"side lines are nested {depth} deep: a record may nest them {MAX_LINE_DEPTH} deep")
    read_line(game, moves)
    if check_result and game.outcome != expected:
        said = "null" if expected is None else json.dumps(expected.to_dict())
        got = "null (unfinished)" if game.result is None else json.dumps(game.result)
        raise RecordError(f"the record's result is {said}, but the replay gives {got}")
    return game


def _line_depth(moves: list[Any]) -> int:
    """How deep side lines nest in `moves` (0: none), counted without recursion, so that a
    record nested thousands deep gets a RecordError, not a RecursionError."""
    deepest, todo = 0, [(moves, 0)]
    while todo:
        line, depth = todo.pop()
        deepest = max(deepest, depth)
        for entry in line:
            lines = entry.get("variations") if isinstance(entry, dict) else None
            if isinstance(lines, list):
                todo.extend((side, depth + 1) for side in lines if isinstance(side, list))
    return deepest


def read_line(game: Game, entries: Sequence[object]) -> None:
    """Play recorded move entries on `game` in turn, checking each (and its side lines).

    A RecordError names the move's number within `entries`, and below it the side line.
    """
    for number, entry in enumerate(entries, start=1):
        replay_move(game, entry, number)


def replay_move(game: Game, entry: object, number: int | None = None) -> None:
    """Play one recorded move entry ({"move": ..., "stock": ..., ...}) on `game`, checked.

    Its reshuffled `stock` is used (and required) when the move completes a stack; its
    comment, mark, eval and side lines are checked and kept on the game. The public way
    to step through a record without touching a game's insides.
    """
    if not isinstance(entry, dict):
        raise RecordError('each move must be an object such as {"move": "P:Ah>C1"}', number)
    if "move" not in entry:
        raise RecordError('the move object has no "move" key (such as {"move": "P:Ah>C1"})', number)
    for key in entry:
        if key in ("move", "stock", *NOTE_KEYS):
            continue
        if not str(key).startswith("x-"):
            raise RecordError(f"unknown key {key!r} in the move", number)
        try:
            own_data(entry[key])
        except ValueError as e:
            raise RecordError(f"{key} must hold JSON data: {e}", number) from None
    try:
        move = Move.parse(entry["move"])
    except InvalidMoveError as e:
        raise RecordError(str(e), number) from None
    reason = game.why_illegal(move)
    if reason is not None:
        raise RecordError(f"{move} is illegal: {reason}", number)
    try:
        check_note(entry)
    except ValueError as e:
        raise RecordError(str(e), number) from None
    stock: list[Card] | None = None
    if game.completes(move):
        if "stock" not in entry:
            raise RecordError(
                f"{move} completes {move.target}, so the move must carry the reshuffled stock", number
            )
        try:
            stock = _cards(entry["stock"], "stock")
        except ValueError as e:
            raise RecordError(str(e), number) from None
    elif "stock" in entry:
        raise RecordError(f"{move} completes no center stack, so it must not carry a stock", number)
    if "variations" in entry:
        _check_variations(game, entry["variations"], number)
    try:
        game.play(move, stock=stock)
    except RecordError as e:
        raise RecordError(e.reason, number) from None
    note = {k: v for k, v in entry.items() if k not in ("move", "stock")}
    if note:
        game._keep_note(game.ply, note)  # checked above, side lines and all


def _check_variations(game: Game, lines: object, number: int | None) -> None:
    """Each side line replaces the move about to be played: play it on a copy of the game."""
    if not isinstance(lines, list) or not lines:
        raise RecordError("variations must be a non-empty list of side lines (lists of moves)", number)
    for k, line in enumerate(lines, start=1):
        if not isinstance(line, list) or not line:
            raise RecordError(f"variation {k} must be a non-empty list of moves", number)
        try:
            read_line(game.copy(), line)
        except RecordError as e:
            if e.move_number is None:
                raise RecordError(f"variation {k}: {e.reason}", number) from None
            raise RecordError(e.reason, number, None, (k, e.move_number, *e.line)) from None


def write_game(game: Game) -> dict[str, Any]:
    """The game as a record (RULES.md); `read_game` reads it back exactly."""
    if game.start is not None:
        raise ValueError(
            "this game started from a position (Game.from_state), not from a deal, and a "
            "record replays from the deal: keep the position with game.state.to_text()"
        )
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_dict(),
        "players": list(game.players),
        "first_player": game.first_player,
    }
    rec.update(checked_meta(game.meta))
    rec["deck"] = list(game.deck)
    moves = []
    for number, move in enumerate(game.moves, start=1):
        entry: dict[str, Any] = {"move": str(move)}
        stock = game.stock_after(number)
        if stock is not None:
            entry["stock"] = list(stock)
        entry.update(game.annotation(number))
        moves.append(entry)
    rec["moves"] = moves
    rec["result"] = game.result
    return rec


# ---------------------------------------------------------------- matches
def scores(games: Iterable[Game]) -> list[int]:
    """Each player's total over the games; drawn and unfinished games score nothing."""
    totals = [0, 0]
    for g in games:
        if g.winner is not None:
            totals[g.winner] += g.points
    return totals


def match_record(games: Sequence[Game], target: int, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one match-record builder: header, the match's own keys, the games, the scores."""
    if not games:
        raise ValueError("a match record holds at least one game")
    return {
        "format": MATCH_FORMAT,
        "version": RECORD_VERSION,
        "target": target,
        "players": list(games[0].players),
        **checked_meta(meta or {}, "match"),
        "games": [write_game(g) for g in games],
        "scores": scores(games),
    }


def write_match(match: Match) -> dict[str, Any]:
    """The match as a match record; `read_match` reads it back exactly."""
    return match_record(match.games, match.target, match.meta)


def read_match(record: object) -> Match:
    """Replay and check every game of a match record; RecordError names the game, the move
    and the reason."""
    from .match import Match

    meta = check_header(record, MATCH_FORMAT, MATCH_KEYS)
    assert isinstance(record, dict)
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
        said_first = rec.get("first_player") if isinstance(rec, dict) else None
        if games and type(said_first) is int and said_first == games[-1].first_player:  # (not 1.0, not true)
            # before its moves read as the wrong player's
            raise RecordError("the starting player must alternate from game to game", None, number)
        try:
            game = read_game(rec)
        except RecordError as e:
            raise RecordError(e.reason, e.move_number, number, e.line) from None
        if list(game.players) != players:
            raise RecordError(f"the players {list(game.players)} differ from the match's", None, number)
        if games:
            if not games[-1].is_over:
                raise RecordError("the game before this one is not finished", None, number)
            if game.first_player == games[-1].first_player:
                raise RecordError("the starting player must alternate from game to game", None, number)
            if game.rules != games[0].rules:
                raise RecordError("every game of a match is played under the same rules", None, number)
        totals = scores(games)
        if max(totals) >= target:
            raise RecordError(f"the match was already won ({totals}) before this game", None, number)
        games.append(game)
    total = scores(games)
    said = record.get("scores")
    if said != total or not all(isinstance(x, int) and not isinstance(x, bool) for x in said):  # 7.0 == 7
        raise RecordError(f"scores say {record.get('scores')!r}, but the games give {total}")
    return Match._from_games(games, target, meta)


# ---------------------------------------------------------------- any source
@dataclass
class Loaded:
    """What a record source held: its games (checked copies), the match target and the
    match's own keys (None and {} for a single game)."""

    games: list[Game]
    target: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """The source written back: a game record, or a match record with its own keys."""
        if self.target is None:
            return write_game(self.games[0])
        return match_record(self.games, self.target, self.meta)


def load(source: object) -> Loaded:
    """Every game in `source` (a game or match record, dict or path; a Game; a Match),
    checked and copied, with the match's target and own keys."""
    from .game import Game
    from .match import Match

    if isinstance(source, Game):
        return Loaded([read_game(write_game(source))])
    if isinstance(source, Match):
        m = read_match(write_match(source))
        return Loaded(m.games, m.target, m.meta)
    if isinstance(source, (str, os.PathLike)):
        path, source = source, read_json(source)
        if not isinstance(source, dict):  # a file of JSON that is no record: the file is wrong
            raise RecordError(
                f"{os.fspath(path)} holds a JSON {type(source).__name__}, not a record "
                "(an object with a format, as RULES.md says)"
            )
    if isinstance(source, dict) and source.get("format") == MATCH_FORMAT:
        m = read_match(source)
        return Loaded(m.games, m.target, m.meta)
    if isinstance(source, dict):
        return Loaded([read_game(source)])
    raise TypeError(f"a replay needs a record (dict or path), a Game or a Match, not {type(source).__name__}")


__all__ = [
    "MARKS",
    "MATCH_FORMAT",
    "RECORD_FORMAT",
    "Loaded",
    "check_eval",
    "load",
    "match_record",
    "read_game",
    "read_json",
    "read_match",
    "replay_move",
    "scores",
    "write_game",
    "write_json",
    "write_match",
]

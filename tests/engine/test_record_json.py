"""What a record's JSON may hold: no NaN, no key twice, no number too long, a writer's own data
that is JSON and not nested past MAX_DATA_DEPTH; a match whose games must end as they did.

A fuzzing review found each of these accepted (and then unsaveable, or read differently by
another reader) or leaking an error that was not a RecordError.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from spite_widget import Game, GameState, Match, RecordError, Replay, ReplayWidget
from spite_widget.engine.records import MAX_DATA_DEPTH


def five_moves() -> Game:
    g = Game.new(seed=1, players=("Ada", "Bo"))
    for _ in range(5):
        g.play(g.legal_moves()[0])
    return g


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda t: t[:-1] + ', "x-score": NaN}', "is not JSON: NaN is not a JSON number"),
        (lambda t: t[:-1] + ', "x-score": -Infinity}', "is not JSON: -Infinity is not a JSON number"),
        (
            lambda t: t.replace('"first_player": 0', '"first_player": ' + "1" * 5000),
            "5,000 digits is too long",
        ),
        (lambda t: t[:-1] + ', "moves": []}', "is not a record: the key 'moves' appears twice"),
        (
            lambda t: t.replace('{"move": "', '{"comment": "a", "comment": "b", "move": "', 1),
            "'comment' appears twice",
        ),
    ],
)
def test_a_file_no_json_writer_makes_is_refused_as_a_record_error(
    tmp_path: Path, edit: Any, says: str
) -> None:
    """Python's reader takes NaN (then `save` refused the game it loaded), lets the last of two
    `moves` win (a reader keeping the first replays another game), and sent a 5,000-digit number
    to `sys.set_int_max_str_digits` with a bare ValueError."""
    text = json.dumps(five_moves().to_record())
    path = tmp_path / "game.json"
    path.write_text(edit(text), encoding="utf-8")
    for read in (Game.load, Replay, ReplayWidget, Match.load):
        with pytest.raises(RecordError, match=says):
            read(path)


@pytest.mark.parametrize(
    "value",
    [{1, 2}, b"bytes", float("nan"), float("inf"), nested(3000), nested(MAX_DATA_DEPTH + 1)],
    ids=["set", "bytes", "nan", "inf", "3000-deep", "too-deep"],
)
@pytest.mark.parametrize("where", ["top", "move"])
def test_a_writers_own_key_must_hold_json_data(value: Any, where: str) -> None:
    """A record given as a dict leaked TypeError, ValueError or RecursionError; one nested 985
    deep loaded in Game.load and crashed the ReplayWidget copying it."""
    rec = five_moves().to_record()
    (rec if where == "top" else rec["moves"][2])["x-mine"] = value
    with pytest.raises(RecordError, match=r"x-mine must hold JSON data") as refused:
        Game.from_record(rec)
    assert refused.value.move_number == (None if where == "top" else 3)


def test_a_list_holding_itself_is_refused() -> None:
    rec = five_moves().to_record()
    loop: list[Any] = []
    loop.append(loop)
    rec["x-loop"] = loop
    with pytest.raises(RecordError, match="x-loop must hold JSON data: Circular reference"):
        Game.from_record(rec)


def test_own_data_as_deep_as_allowed_is_kept_by_every_reader_and_writer(tmp_path: Path) -> None:
    g = five_moves()
    g.meta["x-deep"] = nested(MAX_DATA_DEPTH)
    g.set_annotation(2, {"x-deep": nested(MAX_DATA_DEPTH)})
    path = tmp_path / "deep.json"
    g.save(path)
    back = Game.load(path)
    assert back.meta["x-deep"] == nested(MAX_DATA_DEPTH)
    w = ReplayWidget(path)
    assert w.record["x-deep"] == nested(MAX_DATA_DEPTH)
    assert w.record["moves"][1]["x-deep"] == nested(MAX_DATA_DEPTH)
    # one level more is refused where it is set, so that what is saved can be loaded
    with pytest.raises(ValueError, match=f"nested more than {MAX_DATA_DEPTH} deep"):
        g.set_annotation(2, {"x-deep": nested(MAX_DATA_DEPTH + 1)})
    g.meta["x-deep"] = nested(MAX_DATA_DEPTH + 1)
    with pytest.raises(ValueError, match=f"nested more than {MAX_DATA_DEPTH} deep"):
        g.save(tmp_path / "deeper.json")
    assert not (tmp_path / "deeper.json").exists()


@pytest.mark.parametrize("kind", [float, bool])
def test_a_match_game_that_starts_with_no_whole_player_is_refused_as_such(kind: type) -> None:
    """`1.0 == 1`: the match reader said "the starting player must alternate" for game 1's
    player written as 1.0 (or true) in game 2, before its own check named the type."""
    m = played_match()
    rec = json.loads(json.dumps(m.to_record()))
    first = kind(rec["games"][0]["first_player"])
    rec["games"][1]["first_player"] = first
    with pytest.raises(RecordError, match=rf"^game 2: first_player must be 0 or 1, not {first!r}"):
        Match.from_record(rec)


def test_position_text_takes_ascii_digits_only() -> None:
    text = Game.new(seed=3).state.to_text()
    for digits in ("\u00b2", "\u0661\u0662"):  # "²", Arabic-Indic 12: read back as ply:12
        with pytest.raises(ValueError, match="ply must be a whole number"):
            GameState.from_text(text.replace(" ply:0", f" ply:{digits}"))
    with pytest.raises(ValueError, match="result must be"):
        GameState.from_text(text.replace("result:-", "result:won-0-\u0661"))


# ---------------------------------------------------------------- promoting in a match
def played_match() -> Match:
    rng = random.Random(4)
    m = Match(target=12, seed=4, players=("Ada", "Bo"))
    while True:
        while not m.game.is_over:  # random play that builds the centers most of the time
            moves = m.game.legal_moves()
            center = [x for x in moves if x.to_center]
            m.game.play(rng.choice(center) if center and rng.random() < 0.9 else rng.choice(moves))
        if m.is_over:
            return m
        m.next_game()


def side_line_before_the_end(r: Replay | ReplayWidget) -> None:
    """A side line of one move that does not end the shown game, at its last move."""
    replay = r.replay if isinstance(r, ReplayWidget) else r
    r.seek(len(replay) - 1)
    last = replay.moves[-1]

    def ends(move: Any) -> bool:
        after = replay.position()
        after.play(move)
        return after.is_over

    r.play(next(m for m in replay.position().legal_moves() if m != last and not ends(m)))
    assert replay.line and not replay.state.result


def test_promoting_a_line_that_changes_how_a_finished_match_game_ended_is_refused() -> None:
    """Promoted, game 1 was left unfinished and the match record saved no longer read back
    ("game 2: the game before this one is not finished")."""
    m = played_match()
    assert len(m.games) >= 2, "the match must hold a game after the first"
    r = Replay(m.to_record(), game=0)
    side_line_before_the_end(r)
    before = (json.dumps(r.record), r.line, r.ply)
    with pytest.raises(ValueError, match="In a match, game 1 must end as it did"):
        r.promote()
    assert (json.dumps(r.record), r.line, r.ply) == before
    Match.from_record(r.record)  # still a match record
    # the last game may end otherwise: nothing was played after it
    last = Replay(m.to_record(), game=len(m.games) - 1)
    side_line_before_the_end(last)
    last.promote()
    assert not last.line and last.game.result is None
    assert Match.from_record(last.record).games[-1].result is None


def test_the_replay_widget_says_why_a_match_game_keeps_its_main_line() -> None:
    m = played_match()
    w = ReplayWidget(m.to_record(), game=0, lang="es")
    side_line_before_the_end(w)
    record = json.dumps(w.record)
    w._handle_custom_msg({"type": "line", "action": "promote", "seq": w.table["seq"]}, [])
    assert w.status["kind"] == "error"
    assert w.status["text"].startswith("En un partido, la partida 1 debe terminar como terminó")
    assert json.dumps(w.record) == record and not w.errors
    with pytest.raises(ValueError, match="la partida 1 debe terminar"):
        w.promote()


def test_a_match_game_before_the_last_keeps_how_it_ended() -> None:
    """The check asked only whether the match still read: a game 1 that ended in a draw
    instead of a win was taken, and the scores changed under the games played after it."""
    m = played_match()
    r = Replay(m.to_record(), game=0)
    ended = r.games[0]
    other = Game.new(seed=99, players=ended.players, first_player=ended.first_player)
    rng = random.Random(99)
    while not other.is_over:
        other.play(rng.choice(other.legal_moves()))
    assert other.outcome != ended.outcome
    with pytest.raises(ValueError, match="In a match, game 1 must end as it did"):
        r._check_match_with(other)
    r._check_match_with(ended)  # the same end: taken
